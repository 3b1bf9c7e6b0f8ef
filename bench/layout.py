"""Compare two graph layouts: build the same corpus with two versions of kg, dump every answer, diff.

Builds ``seeds/`` plus N generated documents (bench/generate.py) once with the code of a git
ref (default: where this branch left ``main``, so that only the layout differs, not the
extraction; exported with ``git archive`` into a temporary folder) and once with this working tree, then dumps from each store, with that store's own code:

- every named query that takes no parameter (build times and assertion-node IRIs left out);
- for ``--sample`` entities (evenly spaced over their sorted IRIs: explaining one takes about a
  second at 500 documents): ``kg.explain.explain``; for as many people: their timeline,
  co-authors, venues, details and academic tree (named queries) and ``kg.analyze``
  timeline/collaborators/person; for as many organisations: ``people_at_org`` and
  ``kg.analyze.members``;
- ``shared_affiliations`` and ``kg.analyze.shared`` for as many pairs of people who share an
  organisation;
- ``kg.analyze.central``, and ``kg.analyze.conflicts`` between the two sides of those pairs;

and reports the differences (none expected), quads per document and the store's size on disk.

Usage::

    python bench/layout.py --docs 500 [--sample 400] [--before REF] [--work /tmp/layout]

The dump runs in a subprocess per side, with ``PYTHONPATH`` set to that side's tree.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
def dump(store_path: str, out: str, sample: int) -> None:
    """Write every answer of the store at ``store_path`` as JSON to ``out`` (runs under one side's code)."""
    import pyoxigraph

    from kg import analyze
    from kg.explain import explain
    from kg.queries import load_query, query_names
    from kg.store import Store

    def plain(value):
        if value is None or isinstance(value, (bool, int, float, str)):
            return value
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        return str(value)

    def table(name, **bindings):
        result = store.query(load_query(name), bindings or None)
        names = [str(v) for v in result.vars]
        rows = [{n: (None if row[i] is None else str(row[i])) for i, n in enumerate(names)
                 if n not in ("assertion", "time", "version", "latest")} for row in result]
        return sorted(json.dumps(r, sort_keys=True) for r in rows)  # row order among equal keys is free

    answers = _TimedAnswers()
    with Store.open(store_path, read_only=True) as store:
        from rdflib import URIRef

        for name in query_names():
            if "Parameters: none" in load_query(name):
                answers[f"query {name}"] = table(name)
        labels = store.select(load_query("entity_labels"))
        entities = sorted({(r["entity"], r["type"].rsplit("#", 1)[-1]) for r in labels})
        label_of = {}
        for r in sorted(labels, key=lambda r: r["label"], reverse=True):
            if r["property"].endswith("#name"):
                label_of[r["entity"]] = r["label"]  # the alphabetically first, as the analyses label a node
        people = _spaced([e for e, t in entities if t == "Person"], sample)
        orgs = _spaced([e for e, t in entities if t in ("University", "Company", "Lab", "Institute")], sample)
        for iri in _spaced(sorted({e for e, _ in entities}), sample):
            answers[f"explain {iri}"] = plain(explain(store, iri))
        for iri in people:
            for name in ("timeline", "coauthors", "venues", "person_details", "academic_tree"):
                answers[f"query {name} {iri}"] = table(name, person=URIRef(iri))
            for name, call in (("timeline", analyze.timeline), ("collaborators", analyze.collaborators),
                               ("person", analyze.person)):
                answers[f"analyze {name} {iri}"] = plain(call(store, iri))
        for iri in orgs:
            answers[f"query people_at_org {iri}"] = table("people_at_org", org=URIRef(iri))
            answers[f"analyze members {iri}"] = plain(analyze.members(store, iri))
        members: dict[str, set] = {}
        for r in store.select(load_query("relation_edges")):
            if r["predicate"].endswith(("#workedAt", "#studiedAt")):
                members.setdefault(r["object"], set()).add(r["subject"])
        pairs = _spaced(sorted({tuple(sorted(p)) for group in members.values() for p in _pairs(sorted(group))}), sample)
        for a, b in pairs:
            answers[f"query shared_affiliations {a} {b}"] = table("shared_affiliations", a=URIRef(a), b=URIRef(b))
            answers[f"analyze shared {a} {b}"] = plain(analyze.shared(store, a, b))
        answers["analyze central"] = plain(analyze.central(store, limit=50))
        # the two lists: the people of the sampled pairs, who share an organisation
        report = analyze.conflicts(store, sorted({label_of[a] for a, _ in pairs if a in label_of}),
                                   sorted({label_of[b] for _, b in pairs if b in label_of}), years=50, now=2026)
        answers["analyze conflicts"] = plain(report.conflicts)
    raw = pyoxigraph.Store.read_only(str(Path(store_path) / "oxigraph"))
    answers["timings"] = {k: round(v, 2) for k, v in sorted(answers.seconds.items())}
    answers["stats"] = {"quads": len(raw), "documents": len(list(raw.quads_for_pattern(
        None, pyoxigraph.NamedNode("https://w3id.org/kg/ontology#graph"), None)))}
    Path(out).write_text(json.dumps(answers, sort_keys=True, indent=0))


class _TimedAnswers(dict):
    """Answers by key; ``seconds`` adds up the time spent between stores by kind ("explain", "query timeline")."""

    def __init__(self):
        super().__init__()
        self.seconds: dict[str, float] = {}
        self._last = time.perf_counter()

    def __setitem__(self, key, value):
        now = time.perf_counter()
        kind = " ".join(key.split()[:2]) if key.startswith(("query", "analyze")) else key.split()[0]
        self.seconds[kind] = self.seconds.get(kind, 0.0) + now - self._last
        self._last = now
        super().__setitem__(key, value)


def _spaced(items: list, count: int) -> list:
    """``count`` items evenly spaced over ``items`` (all of them if there are no more)."""
    step = max(1, len(items) // count) if count else 1
    return items[::step][:count] if count else items


def _pairs(group: list[str]):
    return ((a, b) for i, a in enumerate(group[:8]) for b in group[i + 1:8])


def _size(folder: Path) -> int:
    return sum(f.stat().st_size for f in (folder / "oxigraph").rglob("*") if f.is_file())


def _side(label: str, tree: Path, corpus: list[str], work: Path, sample: int) -> tuple[dict, dict]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    store = work / f"store-{label}"
    shutil.rmtree(store, ignore_errors=True)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "kg", "build", *corpus, "--store", str(store)],
                   cwd=tree, env=env, check=True, stdout=subprocess.DEVNULL)
    built = time.perf_counter() - started
    out = work / f"answers-{label}.json"
    started = time.perf_counter()
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--sample", str(sample), "--dump", str(store), str(out)],
                   cwd=tree, env=env, check=True)
    answers = json.loads(out.read_text())
    stats = answers.pop("stats")
    stats["timings"] = answers.pop("timings")
    stats.update(build_s=round(built, 1), dump_s=round(time.perf_counter() - started, 1), disk_mb=_size(store) / 1e6)
    return answers, stats


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=500, help="generated documents beside seeds/")
    parser.add_argument("--before", default=None,
                        help="the git ref whose layout to compare against (default: git merge-base main HEAD)")
    parser.add_argument("--sample", type=int, default=400,
                        help="entities explained, people, organisations and pairs asked about (0: all)")
    parser.add_argument("--work", default=None, help="scratch folder (default: a temporary one, deleted)")
    parser.add_argument("--dump", nargs=2, metavar=("STORE", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.dump:
        dump(*args.dump, args.sample)
        return 0
    work = Path(args.work or tempfile.mkdtemp(prefix="kg-layout-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        before = work / "before"
        shutil.rmtree(before, ignore_errors=True)
        before.mkdir()
        ref = args.before or subprocess.run(["git", "merge-base", "main", "HEAD"], cwd=ROOT, check=True,
                                            capture_output=True, text=True).stdout.strip()
        archive = subprocess.run(["git", "archive", ref], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(before)], input=archive, check=True)
        corpus_dir = work / "corpus"
        if not corpus_dir.exists():
            subprocess.run([sys.executable, str(HERE / "generate.py"), str(args.docs), "--out", str(corpus_dir)],
                           check=True, stdout=subprocess.DEVNULL)
        corpus = [str(ROOT / "seeds"), str(corpus_dir)]
        old, old_stats = _side("before", before, corpus, work, args.sample)
        new, new_stats = _side("after", ROOT, corpus, work, args.sample)
        differ = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
        for key in differ[:20]:
            print(f"DIFFERS: {key}\n  before: {json.dumps(old.get(key))[:600]}\n  after:  {json.dumps(new.get(key))[:600]}")
        print(f"{len(old)} answers compared, {len(differ)} differ")
        for label, stats in (("before", old_stats), ("after", new_stats)):
            print(f"{label:6}: {stats['quads']:,} quads, {stats['documents']} documents, "
                  f"{stats['quads'] / stats['documents']:.1f} quads/doc, {stats['disk_mb']:.1f} MB on disk, "
                  f"build {stats['build_s']} s, dump {stats['dump_s']} s")
        print("seconds per kind of answer (before -> after):")
        for kind in sorted(old_stats["timings"]):
            print(f"  {kind:32} {old_stats['timings'][kind]:8.2f} -> {new_stats['timings'].get(kind, 0):8.2f}")
        print(f"load average: {open('/proc/loadavg').read().split()[:3]}")
        return 1 if differ else 0
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
