"""One benchmark run: kg, a plain rdflib in-memory pipeline and raw pyoxigraph on the same data.

Steps (each build in its own process, so that its peak memory is its own):

1. generate ``--docs`` documents (``bench/generate.py``, seed 7);
2. ``kg build`` them into a fresh store: documents/s (overall and extraction alone), quads/s
   written, stage timings, store size on disk, peak memory (the writer and its largest worker);
3. an incremental build: ``--add`` new documents into that store;
4. a plain rdflib pipeline: the same extraction and resolution, triples added to an in-memory
   ``rdflib.Dataset`` one by one (no parallelism, no store);
5. raw pyoxigraph: the kg store's quads (dumped as N-Quads) bulk-loaded into a bare Oxigraph store;
6. the named queries (``bench/store_backends.py``) on kg's store, raw pyoxigraph and, below
   ``--rdflib-query-limit`` quads, rdflib's memory store: median latency;
7. the analysis commands (``kg.analyze``) on kg's store.

Usage::

    python bench/run.py                          # 300 documents: a quick check
    python bench/run.py --docs 10000 --write-results bench/RESULTS.md

Prints a Markdown report (and writes it with ``--write-results``), with the machine description.
The machine is shared; figures are single runs unless marked as medians.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))


def _peak_mb() -> dict:
    self_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {"peak_mb": round(self_kb / 1024), "peak_worker_mb": round(children_kb / 1024)}


def _du(path: Path) -> int:
    return sum(p.stat().st_size for p in Path(path).rglob("*") if p.is_file())


# -- stages run in a child process ------------------------------------------------------------
def stage_build(corpus: str, store_dir: str, workers: int | None) -> dict:
    from kg.pipeline import build
    from kg.store import Store

    started = time.perf_counter()
    with Store.open(store_dir) as store:
        report = build([corpus], store, workers=workers)
        quads = len(store)
    seconds = time.perf_counter() - started
    return {"built": report.built, "errors": len(report.errors), "seconds": seconds, "timings": report.timings,
            "quads": quads, "merges": report.merges, "entities": report.entities, **_peak_mb()}


def stage_rdflib(corpus: str) -> dict:
    """The plain pipeline: kg's extraction and resolution, triples into an rdflib in-memory Dataset."""
    from rdflib import Dataset

    from kg.ingest import iter_paths
    from kg.pipeline import extract_file
    from kg.rdf import document_triples
    from kg.resolve import resolve

    started = time.perf_counter()
    loaded = [extract_file(path) for path in iter_paths([corpus])]
    extracted = time.perf_counter()
    resolution = resolve([extraction for _, extraction in loaded])
    resolved = time.perf_counter()
    dataset = Dataset(default_union=True)
    for document, extraction in loaded:
        graph, triples = document_triples(document, extraction, resolution, key=extraction.document)
        context = dataset.graph(graph)
        for triple in triples:
            context.add(triple)
    seconds = time.perf_counter() - started
    quads = sum(len(g) for g in dataset.graphs())  # len(dataset) would count the union's distinct triples
    return {"built": len(loaded), "seconds": seconds, "quads": quads,
            "timings": {"extract": extracted - started, "resolve": resolved - extracted,
                        "write": time.perf_counter() - resolved}, **_peak_mb()}


def stage_pyoxigraph(nq: str, store_dir: str) -> dict:
    import pyoxigraph as ox

    started = time.perf_counter()
    store = ox.Store(store_dir)
    store.bulk_load(path=nq, format=ox.RdfFormat.N_QUADS)
    store.flush()
    quads = len(store)
    seconds = time.perf_counter() - started
    del store
    return {"seconds": seconds, "quads": quads, "disk_bytes": _du(Path(store_dir)), **_peak_mb()}


STAGES = {"build": stage_build, "rdflib": stage_rdflib, "pyoxigraph": stage_pyoxigraph}


def _child(stage: str, *args) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--stage", stage,
                           "--stage-args", json.dumps(list(args))],
                          capture_output=True, text=True, env=env, cwd=str(ROOT))
    if done.returncode != 0:
        raise RuntimeError(f"stage {stage} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


# -- queries and analysis (in this process) ----------------------------------------------------
def time_queries(nq: Path, work: Path, repeat: int, rdflib_limit: int, quads: int) -> list[dict]:
    import store_backends

    params = store_backends.sample_bindings(nq)
    rows = [store_backends.bench_oxrdflib(nq, params, repeat, work),
            store_backends.bench_pyoxigraph(nq, params, repeat, work)]
    rows[0]["backend"] = "kg (Store: rdflib + oxrdflib over Oxigraph)"
    if quads <= rdflib_limit:
        rows.append(store_backends.bench_rdflib_memory(nq, params, repeat))
    return rows


def time_analysis(store_dir: Path, repeat: int) -> list[tuple[str, float | str]]:
    from kg import analyze
    from kg.store import Store

    out = []
    with Store.open(store_dir) as store:
        names = [r["name"] for r in store.select(
            "SELECT ?name (COUNT(?o) AS ?n) WHERE { ?p a kg:Person ; kg:name ?name ; kg:coauthored ?o } "
            "GROUP BY ?name ORDER BY DESC(?n) ?name LIMIT 2")] if hasattr(store, "select") else []
        if len(names) < 2:
            names = [str(r.name) for r in store.query(
                "SELECT ?name (COUNT(?o) AS ?n) WHERE { ?p a kg:Person ; kg:name ?name ; kg:coauthored ?o } "
                "GROUP BY ?name ORDER BY DESC(?n) ?name LIMIT 2")]
        a, b = names[0], names[1]
        steps = [
            ("typed_graph (cold: builds the projection)", lambda: analyze.typed_graph(store)),
            ("kg shared A B", lambda: analyze.shared(store, a, b)),
            ("kg collaborators A", lambda: analyze.collaborators(store, a)),
            ("kg path A B", lambda: analyze.path(store, a, b)),
            ("kg central", lambda: analyze.central(store)),
            ("kg communities", lambda: analyze.communities(store)),
            ("kg timeline A", lambda: analyze.timeline(store, a)),
            ("kg person A", lambda: analyze.person(store, a)),
        ]
        for label, fn in steps:
            try:
                times = []
                for _ in range(1 if "cold" in label else repeat):
                    started = time.perf_counter()
                    fn()
                    times.append(time.perf_counter() - started)
                out.append((label, statistics.median(times)))
            except Exception as exc:  # another module's failure is reported, not fatal
                out.append((label, f"error: {type(exc).__name__}: {str(exc)[:80]}"))
    return out


# -- the report ---------------------------------------------------------------------------------
def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2 ** 30
    import pyoxigraph
    import rdflib

    load = os.getloadavg()
    return (f"{cpu}, {os.cpu_count()} cores, {memory:.0f} GiB RAM, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, pyoxigraph {pyoxigraph.__version__}, rdflib {rdflib.__version__}; "
            f"load average at the start {load[0]:.1f} (the machine is shared with other engineers' jobs)")


def report(args, results: dict) -> str:
    b, inc, rd, ox = results["build"], results.get("incremental"), results.get("rdflib"), results["pyoxigraph"]
    lines = [f"## Run: {args.docs:,} generated documents ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})", "",
             f"Machine: {results['machine']}", "",
             f"Command: `python bench/run.py --docs {args.docs} --add {args.add}`", "",
             "| pipeline | documents/s (end to end) | extraction docs/s | quads | quads/s written | "
             "build s | store on disk | peak memory |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    t = b["timings"]
    lines.append(f"| kg build ({args.workers or os.cpu_count()} extraction processes, bulk load) | "
                 f"{b['built'] / b['seconds']:,.0f} | {b['built'] / t['extract']:,.0f} | {b['quads']:,} | "
                 f"{b['quads'] / t['write']:,.0f} | {b['seconds']:.1f} | {b['disk_bytes'] / 2**20:,.0f} MB | "
                 f"{b['peak_mb']:,} MB writer + {b['peak_worker_mb']:,} MB per worker |")
    if rd:
        t = rd["timings"]
        lines.append(f"| plain rdflib in memory (1 process) | {rd['built'] / rd['seconds']:,.0f} | "
                     f"{rd['built'] / t['extract']:,.0f} | {rd['quads']:,} | {rd['quads'] / t['write']:,.0f} | "
                     f"{rd['seconds']:.1f} | (none: N-Quads {results['nq_bytes'] / 2**20:,.0f} MB) | "
                     f"{rd['peak_mb']:,} MB |")
    lines.append(f"| raw pyoxigraph bulk_load of kg's quads | | | {ox['quads']:,} | {ox['quads'] / ox['seconds']:,.0f} | "
                 f"{ox['seconds']:.1f} | {ox['disk_bytes'] / 2**20:,.0f} MB | {ox['peak_mb']:,} MB |")
    lines += ["", "kg build stage timings (s): " + ", ".join(f"{k} {v:.1f}" for k, v in b["timings"].items())
              + f"; {b['merges']:,} merges, {b['entities']:,} entities."]
    if inc:
        lines += ["", f"Incremental: adding {inc['built']} new documents to this store took {inc['seconds']:.1f} s "
                  "(" + ", ".join(f"{k} {v:.1f}" for k, v in inc["timings"].items()) + ")."]
    if "queries" not in results:
        return _analysis(args, results, lines)
    q = results["queries"]
    names = [k for k in q[0] if k.endswith(" ms")]
    lines += ["", f"Named queries, median of {args.repeat} runs (ms), on {q[0]['quads']:,} quads:", "",
              "| backend | load s | " + " | ".join(n[:-3] for n in names) + " |",
              "| --- | ---: | " + " | ".join("---:" for _ in names) + " |"]
    for row in q:
        lines.append(f"| {row['backend']} | {row['load s']:.1f} | " + " | ".join(f"{row[n]:.1f}" for n in names) + " |")
    raw = next(r for r in q if r["backend"] == "raw pyoxigraph")
    ratios = ", ".join(f"{n[:-3]} {q[0][n] / raw[n]:.2f}x" for n in names if raw[n] > 0)
    lines += ["", f"kg / raw pyoxigraph: {ratios}."]
    return _analysis(args, results, lines)


def _analysis(args, results: dict, lines: list[str]) -> str:
    if "analysis" not in results:
        return "\n".join(lines) + "\n"
    lines += ["", f"Analysis commands on kg's store (median of {args.repeat}, warm after the first):", "",
              "| command | seconds |", "| --- | ---: |"]
    for label, value in results["analysis"]:
        lines.append(f"| {label} | {value if isinstance(value, str) else f'{value:.3f}'} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--add", type=int, default=100, help="documents added in the incremental build")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--repeat", type=int, default=5, help="runs per query / analysis step (median)")
    parser.add_argument("--rdflib-query-limit", type=int, default=1_500_000,
                        help="skip rdflib's memory store for queries above this many quads")
    parser.add_argument("--work", type=Path, default=None, help="working folder (default: temporary)")
    parser.add_argument("--write-results", type=Path, default=None, help="append the report to this file")
    parser.add_argument("--json", type=Path, default=None, help="also write the raw figures as JSON")
    parser.add_argument("--skip", default="", help="comma-separated steps to skip: rdflib, queries, analysis")
    parser.add_argument("--stage", choices=sorted(STAGES), help=argparse.SUPPRESS)
    parser.add_argument("--stage-args", default="[]", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.stage:
        print(json.dumps(STAGES[args.stage](*json.loads(args.stage_args))))
        return 0

    from generate import write_corpus

    work = args.work or Path(tempfile.mkdtemp(prefix="kg-bench-"))
    corpus, extra, store_dir = work / f"docs-{args.docs}", work / f"add-{args.add}", work / "kg-store"
    if not corpus.exists():
        write_corpus(args.docs, corpus, seed=7)
    if args.add and not extra.exists():
        write_corpus(args.add, extra, seed=8)
    shutil.rmtree(store_dir, ignore_errors=True)
    results: dict = {"machine": machine()}
    log = lambda message: print(message, file=sys.stderr, flush=True)  # noqa: E731

    log(f"kg build of {args.docs} documents ...")
    results["build"] = _child("build", str(corpus), str(store_dir), args.workers)
    results["build"]["disk_bytes"] = _du(store_dir)
    log(f"  {results['build']['seconds']:.1f} s")
    nq = work / "kg.nq"
    from kg.store import Store

    with Store.open(store_dir) as store:
        nq.write_bytes(store.serialize("nquads"))
    results["nq_bytes"] = nq.stat().st_size
    if args.add:
        log(f"incremental build of {args.add} documents ...")
        results["incremental"] = _child("build", str(extra), str(store_dir), args.workers)
    skip = set(filter(None, args.skip.split(",")))
    if "rdflib" not in skip:
        log("plain rdflib pipeline ...")
        results["rdflib"] = _child("rdflib", str(corpus))
    log("raw pyoxigraph bulk load ...")
    shutil.rmtree(work / "raw-ox", ignore_errors=True)
    results["pyoxigraph"] = _child("pyoxigraph", str(nq), str(work / "raw-ox"))
    if "queries" not in skip:
        log("named queries ...")
        qwork = work / "queries"
        shutil.rmtree(qwork, ignore_errors=True)
        qwork.mkdir()
        results["queries"] = time_queries(nq, qwork, args.repeat, args.rdflib_query_limit, results["build"]["quads"])
    if "analysis" not in skip:
        log("analysis commands ...")
        results["analysis"] = time_analysis(store_dir, args.repeat)
    text = report(args, results)
    print(text)
    if args.write_results:
        with open(args.write_results, "a", encoding="utf-8") as handle:
            handle.write("\n" + text)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str))
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
