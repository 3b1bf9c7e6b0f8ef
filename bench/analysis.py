"""Time every analysis command on a large synthetic graph, written straight into a store.

The graph follows the kg RDF layout (one named graph per person's document, entities with
kg:name, direct edges, kg:Affiliation assertion nodes with years; the graph is the provenance) at about
20 triples per person: organisations with labs (kg:partOf), one or two affiliations each,
three-author publications at shared venues, co-authorship and advising among nearby people.

Usage::

    python bench/analysis.py                  # 2,000 people: a quick check
    python bench/analysis.py --people 100000  # about 2M triples

Prints one row per step: loading, the projections, then each command (warm: projections built).

``--cli`` times the commands as people run them instead: each one a fresh ``kg`` process on a
directory store, first right after the store was written (the first analysis to need a
projection builds it and keeps it in the store's analysis cache) and then again, warm (median
of ``--repeat`` runs)::

    python bench/analysis.py --people 50000 --cli   # about 1.1M quads

``--incremental STORE --add DOCS`` times the first analyses after ``kg build`` adds documents to a
store that ``kg build`` made (``bench/generate.py``), for two trees of kg in one run: ``--before``
(a checkout of the code before a change, e.g. ``git archive``) and ``--after`` (default: this
one). Each tree gets its own copy of the store, answers each analysis once (its caches are warm:
a store in use), builds DOCS into it, then answers each command first and again, warm.
Warm STORE's tables first with one analysis (the first full read is the slow part, and the copies
share it)::

    python bench/analysis.py --incremental /tmp/s10k --add /tmp/add-100 --before /tmp/kg-before \
        --person "Aarav Gupta" --other "Camila B. Penholm"
"""
from __future__ import annotations

import argparse
import gc
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KG = "https://w3id.org/kg/ontology#"
ID = "https://w3id.org/kg/id/"
RDF_TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"
RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
XSD_INT = "^^<http://www.w3.org/2001/XMLSchema#integer>"
XSD_BOOL = "^^<http://www.w3.org/2001/XMLSchema#boolean>"
GIVEN = "Ada Ben Cai Dara Eli Fei Gus Hana Ivo Jun Kai Lea Mio Nia Oto Pia Quy Ren Sol Tai Uma Vik Wen Xia Yan Zoe".split()
FAMILY = "Abe Bach Chen Diaz Eze Fox Gao Holm Ito Jain Kim Lund Mora Nair Ortiz Park Qian Rao Sato Tan Udo Vogt Wu Xu".split()


def _lit(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_nquads(people: int, out: Path, seed: int = 0) -> tuple[int, list[str]]:
    """Write the synthetic graph as N-Quads; return (quads, the names of the first people)."""
    rng = random.Random(seed)
    n_unis = max(4, people // 400)
    n_companies = max(4, people // 1000)
    n_venues = 60
    unis = [f"{ID}org/u{i}" for i in range(n_unis)]
    labs = [(f"{ID}org/u{i}-lab{j}", unis[i]) for i in range(n_unis) for j in range(3)]
    companies = [f"{ID}org/c{i}" for i in range(n_companies)]
    venues = [f"{ID}venue/v{i}" for i in range(n_venues)]
    names = []
    count = 0
    with out.open("w", encoding="utf-8") as f:
        def q(s, p, o, g):
            nonlocal count
            count += 1
            f.write(f"{s} {p} {o} {g} .\n")

        # one document describing the organisations and venues
        g = f"<{ID}graph/orgs>"
        doc = f"<{ID}doc/orgs>"
        q(doc, RDF_TYPE, f"<{KG}Document>", g)
        q(doc, f"<{KG}fileName>", _lit("orgs.txt"), g)
        for i, u in enumerate(unis):
            q(f"<{u}>", RDF_TYPE, f"<{KG}University>", g)
            q(f"<{u}>", f"<{KG}name>", _lit(f"University {i}"), g)
        for lab, parent in labs:
            q(f"<{lab}>", RDF_TYPE, f"<{KG}Lab>", g)
            q(f"<{lab}>", f"<{KG}name>", _lit("Lab " + lab.rsplit("/", 1)[1]), g)
            q(f"<{lab}>", f"<{KG}partOf>", f"<{parent}>", g)
        for i, c in enumerate(companies):
            q(f"<{c}>", RDF_TYPE, f"<{KG}Company>", g)
            q(f"<{c}>", f"<{KG}name>", _lit(f"Company {i}"), g)
        for i, v in enumerate(venues):
            q(f"<{v}>", RDF_TYPE, f"<{KG}Venue>", g)
            q(f"<{v}>", f"<{KG}name>", _lit(f"VENUE{i}"), g)

        for i in range(people):
            name = f"{GIVEN[i % len(GIVEN)]} {FAMILY[(i // len(GIVEN)) % len(FAMILY)]} {i}"
            names.append(name)
            me = f"<{ID}person/p{i}>"
            g = f"<{ID}graph/d{i}>"
            doc = f"<{ID}doc/d{i}>"
            file_name = _lit(f"doc-{i:06d}.txt")
            q(doc, RDF_TYPE, f"<{KG}Document>", g)
            q(doc, f"<{KG}graph>", g, g)
            q(doc, f"<{KG}fileName>", file_name, g)
            q(doc, f"<{KG}about>", me, g)
            q(me, RDF_TYPE, f"<{KG}Person>", g)
            q(me, f"<{KG}name>", _lit(name), g)
            stints = [("studiedAt", rng.choice(unis))]
            if rng.random() < 0.6:
                stints.append(("workedAt", rng.choice([l for l, _ in labs[:: max(1, len(labs) // 50)]]
                                                      if rng.random() < 0.2 else [rng.choice(labs)[0]] + companies)))
            start = rng.randint(1990, 2018)
            for k, (predicate, org) in enumerate(stints):
                a = f"<{ID}assertion/d{i}-{k}>"
                q(me, f"<{KG}{predicate}>", f"<{org}>", g)
                q(a, RDF_TYPE, f"<{KG}Affiliation>", g)
                q(a, f"<{RDF}subject>", me, g)
                q(a, f"<{RDF}predicate>", f"<{KG}{predicate}>", g)
                q(a, f"<{RDF}object>", f"<{org}>", g)
                q(a, f"<{KG}startYear>", f'"{start}"{XSD_INT}', g)
                end = start + rng.randint(1, 6)
                if end >= 2025:
                    q(a, f"<{KG}ongoing>", f'"true"{XSD_BOOL}', g)
                else:
                    q(a, f"<{KG}endYear>", f'"{end}"{XSD_INT}', g)
                start = end
            if i % 3 == 0:  # a paper with two nearby people
                pub = f"<{ID}publication/x{i}>"
                q(pub, RDF_TYPE, f"<{KG}Publication>", g)
                q(pub, f"<{KG}name>", _lit(f"Paper {i}"), g)
                q(pub, f"<{KG}year>", f'"{rng.randint(2000, 2024)}"', g)
                q(pub, f"<{KG}publishedIn>", f"<{rng.choice(venues)}>", g)
                for other in {i, max(0, i - rng.randint(1, 60)), max(0, i - rng.randint(1, 60))}:
                    q(f"<{ID}person/p{other}>", f"<{KG}authored>", pub, g)
                    if other != i:
                        q(me, f"<{KG}coauthored>", f"<{ID}person/p{other}>", g)
            if i > 0 and rng.random() < 0.5:
                q(me, f"<{KG}advisedBy>", f"<{ID}person/p{max(0, i - rng.randint(1, 300))}>", g)
    return count, names


def _timed(label: str, fn, table: list) -> object:
    gc.collect()
    started = time.perf_counter()
    result = fn()
    seconds = time.perf_counter() - started
    size = len(result) if hasattr(result, "__len__") else ""
    table.append((label, seconds, size))
    print(f"{label:<42} {seconds:8.2f} s  {size}", file=sys.stderr, flush=True)
    return result


def _cli_steps(a: str, b: str) -> list[tuple[str, list[str]]]:
    return [
        ("kg shared A B", ["shared", a, b]),
        ("kg collaborators A", ["collaborators", a]),
        ("kg collaborators A --depth 3", ["collaborators", a, "--depth", "3"]),
        ("kg path A B", ["path", a, b]),
        ("kg central", ["central"]),
        ("kg central --by pagerank", ["central", "--by", "pagerank"]),
        ("kg central --by betweenness", ["central", "--by", "betweenness"]),
        ("kg communities", ["communities"]),
        ("kg suggest A", ["suggest", a]),
        ("kg timeline A", ["timeline", a]),
        ("kg person A", ["person", a]),
        ("kg members ORG", ["members", "University 0"]),
        ("kg tree A", ["tree", a]),
    ]


def _run_cli(args: list[str], store: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kg", *args, "--store", str(store), "--format", "json"],
                          capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"kg {' '.join(args)} failed: {done.stderr.strip()}")
    return seconds


def cli_main(people: int, seed: int, repeat: int, skip: set[str]) -> int:
    """Time each command as a fresh ``kg`` process on a directory store: first run, then warm."""
    from kg.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        data, folder = Path(tmp) / "graph.nq", Path(tmp) / "kg-data"
        started = time.perf_counter()
        quads, names = write_nquads(people, data, seed)
        with Store.open(folder) as store:
            store.load(data)
        print(f"{people:,} people, {quads:,} quads written to a directory store in "
              f"{time.perf_counter() - started:.1f} s\n")
        a, b = names[len(names) // 2], names[len(names) // 2 + 7]
        print(f"{'command (a fresh kg process each)':<36} {'first':>8} {'warm':>8}")
        print(f"{'-' * 36} {'-' * 8} {'-' * 8}")
        for label, args in _cli_steps(a, b):
            if any(word in label for word in skip):
                continue
            first = _run_cli(args, folder)
            warm = statistics.median(_run_cli(args, folder) for _ in range(repeat))
            print(f"{label:<36} {first:7.2f}s {warm:7.2f}s", flush=True)
    return 0


def _kg(tree: Path, args: list[str], store: Path) -> float:
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "kg", *args, "--store", str(store)], cwd=tree,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"kg {' '.join(args)} ({tree}) failed: {done.stderr.strip()[-2000:]}")
    return time.perf_counter() - started


def incremental_main(store: Path, add: Path, trees: dict[str, Path], person: str, other: str, work: Path,
                     only: set[str] | None = None) -> int:
    """First and warm analyses after adding documents to a built store, per tree of kg."""
    import os
    import shutil

    work.mkdir(parents=True, exist_ok=True)  # --work names a folder that need not exist yet
    lists = work / "people-a.txt", work / "people-b.txt"
    lists[0].write_text(person + "\n", encoding="utf-8")
    lists[1].write_text(other + "\n", encoding="utf-8")
    steps = [("kg collaborators A", ["collaborators", person]),
             ("kg shared A B", ["shared", person, other]),
             ("kg path A B", ["path", person, other]),
             ("kg central", ["central"]),
             ("kg communities", ["communities"]),
             ("kg conflicts --between A B", ["conflicts", "--between", *map(str, lists)])]
    steps = [(label, [*args, "--format", "json"]) for label, args in steps if not only or any(w in label for w in only)]
    rows: dict[str, dict[str, tuple[float, float]]] = {}
    builds = {}
    for name, tree in trees.items():
        copy = work / f"store-{name}"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(store, copy)
        print(f"[{name}] load {os.getloadavg()[0]:.1f}: warming the copy's caches ...", file=sys.stderr, flush=True)
        warm_up = sum(_kg(tree, args, copy) for _, args in steps)  # each analysis once: the store in use
        builds[name] = (warm_up, _kg(tree, ["build", str(add)], copy))
        print(f"[{name}] warm-up {warm_up:.1f} s, build {builds[name][1]:.1f} s", file=sys.stderr, flush=True)
        rows[name] = {}
        for label, args in steps:
            first = _kg(tree, args, copy)
            rows[name][label] = (first, _kg(tree, args, copy))
            print(f"[{name}] {label}: {first:.2f} s first, {rows[name][label][1]:.2f} s warm (load "
                  f"{os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
        shutil.rmtree(copy, ignore_errors=True)
    names = list(trees)
    print(f"store {store}, adding {add}; load average now {open('/proc/loadavg').read().split()[:3]}\n")
    print("| step | " + " | ".join(f"{n} first s | {n} warm s" for n in names) + " |")
    print("| --- |" + " ---: | ---: |" * len(names))
    print("| the analyses once before the build (caches filled) | " + " | ".join(f"{builds[n][0]:.1f} | " for n in names) + " |")
    print("| `kg build` of the added documents | " + " | ".join(f"{builds[n][1]:.1f} | " for n in names) + " |")
    for label, _ in steps:
        print(f"| {label} (each the first analysis of its kind after the build) | "
              + " | ".join(f"{rows[n][label][0]:.2f} | {rows[n][label][1]:.2f}" for n in names) + " |")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=2000, help="people in the graph (default 2000)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--skip", default="", help="comma-separated steps to skip, e.g. betweenness,communities")
    parser.add_argument("--cli", action="store_true", help="time fresh kg processes on a directory store")
    parser.add_argument("--repeat", type=int, default=3, help="warm runs per command with --cli (median)")
    parser.add_argument("--incremental", type=Path, metavar="STORE", help="a store built by kg build (see above)")
    parser.add_argument("--add", type=Path, help="with --incremental: the documents to add")
    parser.add_argument("--before", type=Path, help="with --incremental: a tree of kg before the change")
    parser.add_argument("--after", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="with --incremental: the tree after it (default: this one)")
    parser.add_argument("--person", help="with --incremental: a person's name (A)")
    parser.add_argument("--other", help="with --incremental: another person's name (B)")
    parser.add_argument("--work", type=Path, default=None, help="with --incremental: where the copies go")
    parser.add_argument("--only", default="", help="with --incremental: comma-separated steps to run, e.g. collaborators,central")
    args = parser.parse_args(argv)
    skip = set(filter(None, args.skip.split(",")))
    if args.incremental:
        trees = {"before": args.before, "after": args.after} if args.before else {"after": args.after}
        work = args.work or Path(tempfile.mkdtemp(prefix="kg-incremental-"))
        return incremental_main(args.incremental, args.add, trees, args.person, args.other, work,
                                set(filter(None, args.only.split(","))))
    if args.cli:
        return cli_main(args.people, args.seed, args.repeat, skip)

    from kg import analyze
    from kg.analyze import snapshot
    from kg.store import Store

    table: list[tuple[str, float, object]] = []
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "graph.nq"
        quads, names = _timed("generate N-Quads", lambda: write_nquads(args.people, data, args.seed), table)
        store = Store.open(":memory:")
        _timed("load into the store", lambda: store.load(data), table)
        snap = snapshot(store)
        a, b = names[len(names) // 2], names[len(names) // 2 + 7]
        _timed("snapshot: nodes (entity_labels.rq)", lambda: snap.nodes, table)
        _timed("snapshot: edges (relation_edges.rq)", lambda: snap.edges, table)
        _timed("snapshot: assertions (relation_assertions.rq)", lambda: snap.assertions, table)
        _timed("snapshot: mentions (entity_mentions.rq)", lambda: snap.mentions, table)
        _timed("typed_graph (first: builds)", lambda: analyze.typed_graph(store), table)
        _timed("collaboration_graph (first: builds)", lambda: analyze.collaboration_graph(store), table)
        _timed("bipartite_graph (first: builds)", lambda: analyze.bipartite_graph(store), table)
        _timed("store state check (cache hit)", lambda: [snapshot(store)], table)
        steps = [
            ("kg shared A B", lambda: analyze.shared(store, a, b)),
            ("kg collaborators A", lambda: analyze.collaborators(store, a)),
            ("kg collaborators A --depth 3", lambda: analyze.collaborators(store, a, depth=3)),
            ("kg path A B", lambda: analyze.path(store, a, b)),
            ("kg central (degree)", lambda: analyze.central(store)),
            ("kg central --by pagerank", lambda: analyze.central(store, by="pagerank")),
            ("kg central --by betweenness", lambda: analyze.central(store, by="betweenness")),
            ("kg communities", lambda: analyze.communities(store)),
            ("kg suggest A", lambda: analyze.suggest(store, a)),
            ("kg timeline A", lambda: analyze.timeline(store, a)),
            ("kg person A", lambda: analyze.person(store, a)),
            ("kg members ORG", lambda: analyze.members(store, "University 0")),
            ("kg tree A", lambda: analyze.tree(store, a)),
        ]
        for label, fn in steps:
            if not any(word in label for word in skip):
                _timed(label, fn, table)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        store.close()
    print(f"\n{args.people:,} people, {quads:,} quads; peak memory {peak:,.0f} MB\n")
    print(f"{'step':<46} {'seconds':>8}  rows")
    print(f"{'-' * 46} {'-' * 8}  ----")
    for label, seconds, size in table:
        print(f"{label:<46} {seconds:8.2f}  {size}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
