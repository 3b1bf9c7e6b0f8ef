"""How resolution and the build without extraction grow with the corpus, for one or more kg trees.

For each ``--docs N``: ``bench/generate.py`` documents (seed 7) are extracted once (with the first
tree, in ``--work``, kept for the next run) and pickled; then, for each ``--tree``, in a process
of its own whose ``sys.path`` starts with that tree:

1. ``resolve``: :func:`kg.resolve.resolve` on all the extractions as the tree's build gives them
   (a :class:`kg.spool.Spool` where the tree has one, else a list held in memory), CPU seconds
   in all and per phase, ``parse_person_name``'s cache misses, the process's RSS when resolution
   starts and its peak; its answer (every IRI and merge) is saved and compared between the
   trees, which must give the same;
2. with ``--build``: :func:`kg.pipeline.build` of those documents into a fresh store with
   extraction replaced by the pickled extractions, each read from a file as the build asks for it
   (per-stage seconds, CPU, the writer's peak RSS in all and per stage: extracting, resolving,
   writing), then a build of 100 more documents (seed 9) into that store, as ``kg build`` adds.

Usage::

    python bench/resolve_scale.py --docs 2000 --docs 10000 --tree before=/tmp/kg-main --tree after=. --work /tmp/rs [--build]

Prints a Markdown table. CPU seconds are steadier than wall seconds on a shared machine, not
immune to it: compare the trees within one run.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import pickle
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
PHASES = {"kg.resolve": ("resolve_organizations", "resolve_venues", "resolve_projects", "resolve_publications",
                         "resolve_people"),
          "kg.resolve.people": ("_extraction_nodes", "_identifier_phase", "_name_phase", "_variant_phase",
                                "_unnamed_phase", "_canonical", "assign_iris")}


def _rss_mb() -> float:
    with open("/proc/self/status") as handle:
        return next(int(line.split()[1]) / 1024 for line in handle if line.startswith("VmRSS:"))


def extract(corpus: Path, out: Path) -> None:
    """Extract every document of ``corpus`` as ``kg build`` does and pickle ``(key, document, extraction)``."""
    from dataclasses import replace

    from kg.ingest import iter_paths
    from kg.pipeline import extract_files, document_key

    loaded = []
    for path, document, extraction, error in extract_files([str(p) for p in iter_paths([corpus])]):
        if not error:
            key = document_key(path)
            loaded.append((key, replace(document, path=key), replace(extraction, document=key)))
    with open(out, "wb") as handle:
        pickle.dump(loaded, handle, protocol=pickle.HIGHEST_PROTOCOL)


def stage_resolve(extractions: str, answer: str) -> dict:
    import importlib

    from kg.resolve import resolve
    from kg.resolve.names import parse_person_name

    spent: dict[str, float] = {}
    for module_name, names in PHASES.items():
        module = importlib.import_module(module_name)
        for name in names:
            def timed(*args, _function=getattr(module, name), _name=name, **kwargs):
                cpu = time.process_time()
                try:
                    return _function(*args, **kwargs)
                finally:
                    spent[_name] = spent.get(_name, 0.0) + time.process_time() - cpu
            setattr(module, name, timed)
    try:  # what the tree's build resolves: a spool of the extractions, else the extractions held
        from kg.spool import Spool
    except ImportError:
        with open(extractions, "rb") as handle:
            loaded = [extraction for _, _, extraction in pickle.load(handle)]
    else:
        records = replay_file(Path(extractions))
        with open(records.with_suffix(".index"), "rb") as handle:
            index = pickle.load(handle)
        loaded = Spool()
        with open(records, "rb") as handle:
            for start, size in index.values():
                handle.seek(start)
                loaded.add(*pickle.loads(handle.read(size)))
    peak, start_mb = [0.0], _rss_mb()

    def sample():
        while True:
            peak[0] = max(peak[0], _rss_mb())
            time.sleep(0.02)

    threading.Thread(target=sample, daemon=True).start()
    cpu = time.process_time()
    resolution = resolve(loaded)
    figures = {"cpu": time.process_time() - cpu, "phases": spent, "parse_misses": parse_person_name.cache_info().misses,
               "iris": len(resolution.iris), "merges": len(resolution.merges), "start_mb": start_mb,
               "peak_mb": max(peak[0], _rss_mb())}
    with open(answer, "wb") as handle:
        # plain values, compared by value (not by bytes: whether equal strings are one object changes the pickle)
        pickle.dump((sorted(resolution.iris.items()), [dataclasses.astuple(m) for m in resolution.merges]), handle)
    return figures


def replay_file(pickled: Path) -> Path:
    """The extractions of ``pickled`` one pickle after another, with an index of where each starts
    (made once): a replayed build reads each document as it needs it, so the writer's memory is
    the build's own, not the replay's."""
    records = pickled.with_suffix(".records")
    if not records.exists():
        with open(pickled, "rb") as handle:
            loaded = pickle.load(handle)
        index = {}
        with open(records, "wb") as out:
            for record in loaded:
                start = out.tell()
                out.write(pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL))
                index[record[0]] = (start, out.tell() - start)
        with open(records.with_suffix(".index"), "wb") as out:
            pickle.dump(index, out)
    return records


def stage_build(extractions: str, added: str, store_dir: str) -> dict:
    import shutil

    import kg.pipeline
    from kg.store import Store

    sources = {}
    for records in (extractions, added):
        with open(Path(records).with_suffix(".index"), "rb") as handle:
            sources[records] = (open(records, "rb"), pickle.load(handle))

    def record(path):
        key = kg.pipeline.document_key(path)
        handle, index = next((h, i) for h, i in sources.values() if key in i)
        start, size = index[key]
        handle.seek(start)
        return handle.read(size)

    def replayed(paths, workers=None, budget=None):
        for path in paths:
            _, document, extraction = pickle.loads(record(path))
            yield path, document, extraction, None

    def replayed_records(task, paths, workers, budget):  # a tree whose workers send spool records
        for path in paths:
            yield path, record(path), [], None

    if hasattr(kg.pipeline, "_run_extraction"):
        kg.pipeline._run_extraction = replayed_records
    else:
        kg.pipeline.extract_files = replayed
    peak = {"extracting": 0.0, "resolving": 0.0, "writing": 0.0}
    stage = ["extracting"]

    def sample():
        while True:
            peak[stage[0]] = max(peak[stage[0]], _rss_mb())
            time.sleep(0.02)

    def progress(done, total, name):
        stage[0] = name

    threading.Thread(target=sample, daemon=True).start()
    figures = {}
    shutil.rmtree(store_dir, ignore_errors=True)
    for name, records in (("build", extractions), ("add", added)):
        paths = list(sources[records][1])
        wall, cpu = time.perf_counter(), time.process_time()
        with Store.open(store_dir) as store:
            report = kg.pipeline.build(paths, store, progress=progress if name == "build" else None)
        figures[name] = {"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu, **report.timings}
        if name == "build":
            figures["peak_mb"] = max(max(peak.values()), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
            figures["stage_peak_mb"] = dict(peak)
    index = [f for f in Path(store_dir).rglob("*") if f.is_file() and "resolver-index" in str(f)]
    figures["index_files"] = sorted((str(f.relative_to(store_dir)), f.stat().st_size) for f in index)
    shutil.rmtree(store_dir, ignore_errors=True)
    return figures


STAGES = {"resolve": stage_resolve, "build": stage_build, "extract": lambda corpus, out: extract(Path(corpus), Path(out))}


def _child(stage: str, *args, tree: Path) -> dict:
    command = [sys.executable, str(Path(__file__).resolve()), "--stage", stage, "--stage-args", json.dumps(list(args))]
    done = subprocess.run(command, capture_output=True, text=True, cwd=str(tree),
                          env=dict(os.environ, PYTHONPATH=str(tree)))
    if done.returncode:
        raise SystemExit(f"{stage} in {tree} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1] or "{}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, action="append", default=[])
    parser.add_argument("--tree", action="append", default=[], metavar="NAME=PATH")
    parser.add_argument("--work", type=Path, default=Path("/tmp/kg-resolve-scale"))
    parser.add_argument("--build", action="store_true", help="also build each corpus without extraction")
    parser.add_argument("--stage", choices=sorted(STAGES), help=argparse.SUPPRESS)
    parser.add_argument("--stage-args", default="[]", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.stage:
        print(json.dumps(STAGES[args.stage](*json.loads(args.stage_args))))
        return 0
    sys.path.insert(0, str(HERE))
    from generate import write_corpus

    trees = dict(t.split("=", 1) for t in args.tree) or {"tree": str(HERE.parent)}
    first = Path(next(iter(trees.values()))).resolve()
    args.work.mkdir(parents=True, exist_ok=True)
    print(f"load average at the start: {' '.join(map('{:.2f}'.format, os.getloadavg()))}")
    print("| documents | tree | resolve CPU s | per phase (CPU s) | name parses | RSS at start / peak (MB) | same answer | build (no extraction) |")
    print("| ---: | --- | ---: | --- | ---: | ---: | --- | --- |")
    for n, seed in [(n, 7) for n in args.docs] + ([(100, 9)] if args.build else []):
        corpus, pickled = args.work / f"docs-{n}-{seed}", args.work / f"extracted-{n}-{seed}.pickle"
        if not pickled.exists():
            write_corpus(n, corpus, seed=seed)
            _child("extract", str(corpus), str(pickled), tree=first)
    added = args.work / "extracted-100-9.pickle"
    for docs in args.docs:
        pickled = args.work / f"extracted-{docs}-7.pickle"
        answers = {}
        for name, tree in trees.items():
            answer = args.work / f"answer-{docs}-{name}.pickle"
            figures = _child("resolve", str(pickled), str(answer), tree=Path(tree).resolve())
            answers[name] = pickle.loads(answer.read_bytes())  # by value: equal strings may pickle as shared or not
            built = ""
            if args.build:
                b = _child("build", str(replay_file(pickled)), str(replay_file(added)), str(args.work / "store"),
                           tree=Path(tree).resolve())
                built = (f"build {b['build']['wall']:.1f} s wall, {b['build']['cpu']:.1f} s CPU (resolve "
                         f"{b['build']['resolve']:.1f}, write {b['build']['write']:.1f}), peak {b['peak_mb']:.0f} MB ("
                         + ", ".join(f"{k} {v:.0f}" for k, v in b["stage_peak_mb"].items()) + "); "
                         f"+100 documents {b['add']['wall']:.1f} s (index {b['add']['index']:.1f}); index files "
                         + ", ".join(f"{f} {size / 1e6:.1f} MB" for f, size in b["index_files"]))
            phases = ", ".join(f"{k.strip('_')} {v:.1f}" for k, v in figures["phases"].items())
            same = "yes" if answers[name] == next(iter(answers.values())) else "**no**"
            print(f"| {docs:,} | {name} | {figures['cpu']:.1f} | {phases} | {figures['parse_misses']:,} | "
                  f"{figures['start_mb']:.0f} / {figures['peak_mb']:.0f} | {same} | {built} |",
                  flush=True)
    print(f"load average at the end: {' '.join(map('{:.2f}'.format, os.getloadavg()))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
