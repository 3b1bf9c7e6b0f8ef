"""Benchmark the extraction stage: ``kg.extract.extract`` over N generated documents on one core.

Generates N documents with ``bench/generate.py`` (default 1,000; reused when ``--docs`` names
a folder that already holds them), loads them all with ``kg.ingest.load_document``, extracts
one warm-up document, then times ``extract`` alone, single-process, over every document once,
and prints documents/s, the median and maximum per-document milliseconds and the slowest
document's name, by wall clock and by CPU time (steadier on a busy machine, where wall-clock
maxima are mostly time slices lost to other processes). ``--repeat`` runs that many timed
passes, each in a fresh subprocess (so no pass profits from the caches a previous pass
filled), and reports the median pass.
``--processes 2`` instead times the whole load + extract with a process pool.

Usage::

    python bench/extract.py                       # 1,000 docs, 3 fresh passes, one core
    python bench/extract.py -n 200 --repeat 1
    python bench/extract.py --processes 2         # load + extract with 2 worker processes
    python bench/extract.py --docs /tmp/gen1k     # reuse (or create) a corpus folder
    python bench/extract.py --docs ../shared/eval/docs  # a folder of real documents, as they are

The machine may be shared: the load average is printed with the results. Targets:
>= 200 documents/s on one core, no document over 1 s (issue 14).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def corpus(n: int, folder: Path | None, seed: int = 0) -> list[Path]:
    """The files of an ``n``-document generated corpus in ``folder`` (written when missing), or every
    file of ``folder`` when it holds documents of its own (e.g. ``../shared/eval/docs``)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from generate import write_corpus  # noqa: E402

    if folder is None:
        folder = Path(tempfile.gettempdir()) / f"kg-bench-extract-{n}-{seed}"
    if folder.is_dir() and not any(folder.rglob("doc-*")) and any(p.is_file() for p in folder.iterdir()):
        return sorted(p for p in folder.rglob("*") if p.is_file())  # real documents: time them, write nothing there
    files = sorted(p for p in folder.rglob("doc-*") if p.is_file()) if folder.exists() else []
    if len(files) != n:
        write_corpus(n, folder, seed=seed)
        files = sorted(p for p in folder.rglob("doc-*") if p.is_file())
    return files


def _load_all(files: list[Path]) -> list:
    from kg.errors import DocumentError
    from kg.ingest import load_document

    documents = []
    for path in files:
        try:
            documents.append(load_document(path))
        except DocumentError:
            pass
    return documents


def single_pass(files: list[Path]) -> dict:
    """Load ``files``, warm up on one document, then time ``extract`` on each; a summary dict."""
    from kg.extract import extract, freeze_long_lived

    documents = _load_all(files)
    extract(documents[0])  # warm-up: imports, data files, compiled patterns
    freeze_long_lived()  # the loaded documents and vocabularies stay: no collection needs to rescan them
    times = []
    cpu_started = time.process_time()
    started = time.perf_counter()
    cpu_times = []
    for document in documents:
        t = time.perf_counter()
        c = time.process_time()
        extract(document)
        cpu_times.append((time.process_time() - c, document.path))
        times.append((time.perf_counter() - t, document.path))
    total = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    slowest = max(times)
    slowest_cpu = max(cpu_times)
    return {
        "documents": len(documents),
        "seconds": total,
        "docs_per_s": len(documents) / total,
        "cpu_docs_per_s": len(documents) / cpu,
        "median_ms": statistics.median(t for t, _ in times) * 1000,
        "max_ms": slowest[0] * 1000,
        "slowest": Path(slowest[1]).name,
        "max_cpu_ms": slowest_cpu[0] * 1000,
        "slowest_cpu": Path(slowest_cpu[1]).name,
    }


def _load_and_extract(path: str) -> int:
    from kg.errors import DocumentError
    from kg.extract import extract
    from kg.ingest import load_document

    try:
        document = load_document(path)
    except DocumentError:
        return 0
    return len(extract(document).entities)


def pool_run(files: list[Path], processes: int) -> dict:
    """Time load + extract of every file with a pool of ``processes`` workers."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(processes) as pool:
        list(pool.map(_load_and_extract, [str(files[0])] * processes))  # warm the workers
        started = time.perf_counter()
        entities = sum(pool.map(_load_and_extract, [str(p) for p in files], chunksize=16))
        total = time.perf_counter() - started
    return {"documents": len(files), "seconds": total, "docs_per_s": len(files) / total, "entities": entities}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--count", type=int, default=1000, help="number of generated documents")
    parser.add_argument("--docs", type=Path, default=None, help="corpus folder (generated there when missing)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="fresh single-process passes; the median is reported")
    parser.add_argument("--processes", type=int, default=0, help="time load+extract with this many processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--_pass", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    files = corpus(args.count, args.docs, args.seed)
    if args._pass:
        print(json.dumps(single_pass(files)))
        return 0
    load = os.getloadavg()
    if args.processes:
        result = pool_run(files, args.processes)
        result["processes"] = args.processes
        result["loadavg"] = load
        if args.json:
            print(json.dumps(result))
        else:
            print(f"{result['documents']} documents, load+extract with {args.processes} processes: "
                  f"{result['docs_per_s']:.0f} documents/s ({result['seconds']:.2f} s); "
                  f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        return 0

    folder = args.docs or files[0].parent.parent  # a generated corpus keeps its files in shards
    runs = []
    for _ in range(max(1, args.repeat)):
        out = subprocess.run([sys.executable, __file__, "-n", str(args.count), "--docs", str(folder),
                              "--seed", str(args.seed), "--_pass"], check=True, capture_output=True, text=True)
        runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    runs.sort(key=lambda r: r["docs_per_s"])
    median = runs[len(runs) // 2]
    summary = {**median, "runs_docs_per_s": [round(r["docs_per_s"], 1) for r in runs],
               "worst_max_ms": max(r["max_ms"] for r in runs), "loadavg": load}
    # judged by CPU time: wall-clock figures on a shared machine mostly measure the other processes
    summary["targets_met"] = median["cpu_docs_per_s"] >= 200 and max(r["max_cpu_ms"] for r in runs) <= 1000
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{median['documents']} documents, extract only, one core: {median['docs_per_s']:.0f} documents/s "
              f"(median of {len(runs)} fresh passes: {', '.join(f'{r:.0f}' for r in summary['runs_docs_per_s'])}); "
              f"per document median {median['median_ms']:.2f} ms, max {median['max_ms']:.1f} ms "
              f"({median['slowest']}); by CPU time {median['cpu_docs_per_s']:.0f} documents/s, max "
              f"{median['max_cpu_ms']:.1f} ms ({median['slowest_cpu']}); load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        print(f"targets (>= 200 documents/s by CPU time on one core, no document over 1 s of CPU): "
              f"{'met' if summary['targets_met'] else 'not met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
