"""The write path against the raw bulk load: ``kg build`` and a bare pyoxigraph load of the same quads.

In one run, for ``--docs`` generated documents (``bench/generate.py``, seed 7):

1. ``kg build`` as the command runs it (``kg.pipeline.build`` into a fresh directory store, the
   store's counts for the closing line, closing the store), once per ``--tree`` (a kg source
   tree: the one under test, and e.g. an export of ``main`` to compare with), each in its own
   process: wall and CPU per stage (extract, resolve, map, write, summary, close), the writer's
   peak RSS and its RSS as each stage starts;
2. the store's quads dumped as N-Quads, then bulk-loaded by raw pyoxigraph (``Store.bulk_load``
   from the file) into a fresh store, in its own process;
3. the ratios build / raw and (build - extraction) / raw.

Usage::

    python bench/write.py --docs 2000
    python bench/write.py --docs 2000 --tree before=/tmp/kg-main --tree after=.
    python bench/write.py --docs 2000 --profile /tmp/write.speedscope   # py-spy on the (last) build

Stage CPU is the writer process's (all its threads); ``map`` is the CPU of
:func:`kg.rdf.document_ntriples`, ``load`` the loading thread's (wall it was busy, and CPU).
Prints a Markdown report; figures are single runs on a shared machine: compare within one run.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def _rss_mb() -> float:
    with open("/proc/self/status") as handle:
        for line in handle:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# -- the build, in a child process whose sys.path starts with the tree under test ---------------
def stage_build(corpus: str, store_dir: str, workers: int | None) -> dict:
    import threading

    import kg.rdf
    import kg.store
    from kg.pipeline import build
    from kg.store import Store

    lock = threading.Lock()
    spent = {"map_cpu": 0.0, "load_wall": 0.0, "load_cpu": 0.0}

    def timed(function, key_cpu, key_wall=None):
        def wrapper(*args, **kwargs):
            wall, cpu = time.perf_counter(), time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                with lock:
                    spent[key_cpu] += time.thread_time() - cpu
                    if key_wall:
                        spent[key_wall] += time.perf_counter() - wall
        return wrapper

    # instrumentation only: the same functions, timed per thread
    kg.rdf.document_ntriples = timed(kg.rdf.document_ntriples, "map_cpu")
    if hasattr(kg.store, "BulkWriter"):
        kg.store.BulkWriter._load = timed(kg.store.BulkWriter._load, "load_cpu", "load_wall")

    marks: list[tuple[str, float, float, float]] = []

    def progress(done: int, total: int, stage: str) -> None:
        if not marks or marks[-1][0] != stage:
            marks.append((stage, time.perf_counter(), _cpu(), _rss_mb()))

    started, cpu0 = time.perf_counter(), _cpu()
    marks.append(("start", started, cpu0, _rss_mb()))
    with Store.open(store_dir) as store:
        report = build([corpus], store, workers=workers, progress=progress)
        marks.append(("summary", time.perf_counter(), _cpu(), _rss_mb()))
        store.stats()  # what `kg build` prints at the end
        marks.append(("close", time.perf_counter(), _cpu(), _rss_mb()))
    closed = time.perf_counter()
    marks.append(("end", closed, _cpu(), _rss_mb()))
    with Store.open(store_dir, read_only=True) as store:
        quads = len(store)
    stages = {}
    for (name, wall, cpu, rss), (_, wall2, cpu2, _) in zip(marks, marks[1:]):
        stages[name] = {"wall": wall2 - wall, "cpu": cpu2 - cpu, "rss_mb": rss}
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"built": report.built, "errors": len(report.errors), "seconds": closed - started, "timings": report.timings, "stages": stages, **spent,
            "cpu": _cpu() - cpu0, "worker_cpu": children.ru_utime + children.ru_stime,
            "quads": quads, "merges": report.merges, "entities": report.entities,
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
            "peak_worker_mb": round(children.ru_maxrss / 1024)}


def stage_raw(nq: str, store_dir: str) -> dict:
    import pyoxigraph

    started, cpu0 = time.perf_counter(), _cpu()
    store = pyoxigraph.Store(store_dir)
    store.bulk_load(path=nq, format=pyoxigraph.RdfFormat.N_QUADS)
    store.flush()
    seconds, cpu = time.perf_counter() - started, _cpu() - cpu0
    quads = len(store)
    del store
    return {"seconds": seconds, "cpu": cpu, "quads": quads,
            "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}


def stage_dump(store_dir: str, nq: str) -> dict:
    import pyoxigraph

    store = pyoxigraph.Store.read_only(str(Path(store_dir) / "oxigraph"))
    store.dump(output=nq, format=pyoxigraph.RdfFormat.N_QUADS)
    return {"bytes": Path(nq).stat().st_size}


STAGES = {"build": stage_build, "raw": stage_raw, "dump": stage_dump}


def _child(stage: str, *args, tree: Path = ROOT, profile: str | None = None) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--stage", stage, "--stage-args", json.dumps(list(args))]
    if profile:
        # --threads: the main (mapping) thread and the loading thread apart; --idle: waits shown
        command = ["py-spy", "record", "--nonblocking", "--threads", "--idle", "--rate", "50",
                   "--format", "speedscope" if profile.endswith(".speedscope") else "raw",
                   "-o", profile, "--", *command]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=str(tree))
    if done.returncode != 0:
        raise RuntimeError(f"stage {stage} failed:\n{done.stderr[-3000:]}")
    # py-spy adds its own lines after the child's
    return json.loads(next(line for line in reversed(done.stdout.splitlines()) if line.startswith("{")))


def report(docs: int, builds: dict[str, dict], raw: dict, loads: tuple[str, str], started: str) -> str:
    lines = [f"## Write path: {docs:,} generated documents ({started})",
             "", f"Load average {loads[0]} at the start, {loads[1]} at the end. "
             f"Raw pyoxigraph `bulk_load` of the {raw['quads']:,} quads: {raw['seconds']:.1f} s "
             f"({raw['cpu']:.1f} s CPU, peak {raw['peak_mb']:,} MB).", "",
             "| tree | build s | extract | index | resolve | write | map CPU | load busy / CPU | writer CPU | "
             "writer RSS after extract / peak | quads | build / raw | (build - extract) / raw | "
             "CPU: (writer - extract stage) / raw |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, b in builds.items():
        t = b["timings"]
        after_extract = b["stages"].get("resolving", {}).get("rss_mb", 0)
        lines.append(
            f"| {name} | {b['seconds']:.1f} | {t.get('extract', 0):.1f} | {t.get('index', 0):.1f} | "
            f"{t.get('resolve', 0):.1f} | {t.get('write', 0):.1f} | {b['map_cpu']:.1f} | "
            f"{b['load_wall']:.1f} / {b['load_cpu']:.1f} | {b['cpu']:.1f} | {after_extract:,.0f} / {b['peak_mb']:,} MB | "
            f"{b['quads']:,} | {b['seconds'] / raw['seconds']:.2f} | "
            f"{(b['seconds'] - t.get('extract', 0)) / raw['seconds']:.2f} | "
            f"{(b['cpu'] - b['stages'].get('extracting', {}).get('cpu', 0)) / raw['cpu']:.2f} |")
    lines += ["", "Writer CPU per stage (s): " + "; ".join(
        f"{name}: " + ", ".join(f"{stage} {s['cpu']:.1f}" for stage, s in b["stages"].items())
        for name, b in builds.items())]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH",
                        help="a kg source tree to build with (repeatable; default: this one)")
    parser.add_argument("--work", type=Path, default=None, help="working folder (default: temporary, deleted)")
    parser.add_argument("--profile", default=None, help="py-spy output for the last tree's build (.speedscope or raw)")
    parser.add_argument("--json", type=Path, default=None, help="also write the raw figures as JSON")
    parser.add_argument("--from-json", type=Path, default=None, help="print the report of an earlier run's --json")
    parser.add_argument("--stage", choices=sorted(STAGES), help=argparse.SUPPRESS)
    parser.add_argument("--stage-args", default="[]", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.stage:
        print(json.dumps(STAGES[args.stage](*json.loads(args.stage_args))))
        return 0

    if args.from_json:
        saved = json.loads(args.from_json.read_text())
        print(report(args.docs, saved["builds"], saved["raw"], tuple(saved["load"]), saved.get("started", "")))
        return 0
    sys.path.insert(0, str(HERE))
    from generate import write_corpus

    trees = [tuple(t.split("=", 1)) for t in args.tree] or [("kg", str(ROOT))]
    work = args.work or Path(tempfile.mkdtemp(prefix="kg-write-"))
    corpus = work / f"docs-{args.docs}"
    if not corpus.exists():
        write_corpus(args.docs, corpus, seed=7)
    log = lambda message: print(message, file=sys.stderr, flush=True)  # noqa: E731
    start_load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    builds: dict[str, dict] = {}
    for i, (name, tree) in enumerate(trees):
        store_dir = work / f"store-{name}"
        shutil.rmtree(store_dir, ignore_errors=True)
        log(f"kg build of {args.docs} documents with {name} ({tree}) ...")
        builds[name] = _child("build", str(corpus), str(store_dir), args.workers, tree=Path(tree),
                              profile=args.profile if i == len(trees) - 1 else None)
        log(f"  {builds[name]['seconds']:.1f} s, {builds[name]['quads']:,} quads")
    first = work / f"store-{trees[0][0]}"
    nq = work / "kg.nq"
    _child("dump", str(first), str(nq))
    raw_dir = work / "raw-ox"
    shutil.rmtree(raw_dir, ignore_errors=True)
    log("raw pyoxigraph bulk load ...")
    raw = _child("raw", str(nq), str(raw_dir))
    log(f"  {raw['seconds']:.1f} s")
    end_load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print(report(args.docs, builds, raw, (start_load, end_load), started))
    if args.json:
        args.json.write_text(json.dumps({"builds": builds, "raw": raw, "load": [start_load, end_load],
                                         "started": started}, indent=2))
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    else:
        for path in [nq, raw_dir, *(work / f"store-{name}" for name, _ in trees)]:
            shutil.rmtree(path, ignore_errors=True) if path.is_dir() else path.unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
