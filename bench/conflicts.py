"""Time ``kg conflicts`` between two lists of 2,000 people on a store of 100,000 synthetic documents.

The store is the synthetic graph of ``bench/analysis.py`` (one document per person, about 22
quads each: affiliations with years and provenance, labs inside universities, three-author
papers, advisors), written straight into a directory store. The two lists are drawn from its
people (disjoint, plus a few names nobody has), so every kind of conflict occurs.

Usage::

    python bench/conflicts.py                      # 100,000 people (documents), 2,000 x 2,000
    python bench/conflicts.py --people 5000 --list 500
    python bench/conflicts.py --store /tmp/conflicts-100k   # keep the store (reused if there)

Prints the time of each step (wall, and CPU: the machine is shared): writing and loading the
store, then ``conflicts()`` in this process (first, as after a build: reads every person's names
and keeps them in the store's analysis cache, then the listed people's facts, one query per kind;
again: the names from that cache), then ``kg conflicts`` as people run it, a fresh process each
(first without the analysis cache, then with it).
"""
from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))  # this checkout's kg

from analysis import write_nquads  # noqa: E402  (the same synthetic graph as the analysis benchmark)


PEOPLE = "SELECT ?name WHERE { ?person a <https://w3id.org/kg/ontology#Person> ; <https://w3id.org/kg/ontology#name> ?name }"


def _timed(label: str, fn):
    """``fn()``, printing its wall time and the CPU time of this process and its children: the
    machine is shared, so wall time alone says little."""
    started, cpu = time.perf_counter(), _cpu()
    result = fn()
    print(f"{label:<58} {time.perf_counter() - started:8.2f} s  (CPU {_cpu() - cpu:6.2f} s)", flush=True)
    return result


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _cli(store: Path, a: Path, b: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "kg", "conflicts", "--between", str(a), str(b),
                           "--store", str(store), "--format", "csv"], capture_output=True, text=True, cwd=HERE.parent)
    if done.returncode != 0:
        raise SystemExit(f"kg conflicts failed: {done.stderr.strip()}")
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--people", type=int, default=100_000, help="people (one document each) in the store")
    parser.add_argument("--list", type=int, default=2000, help="people on each list")
    parser.add_argument("--years", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--store", type=Path, help="directory store to write the graph into, or to reuse if it exists")
    args = parser.parse_args(argv)
    if 2 * args.list > args.people:
        parser.error("--people must be at least twice --list")

    from kg.analyze import conflicts
    from kg.analyze._cache import discard
    from kg.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        folder = args.store or Path(tmp) / "kg-data"
        if not folder.exists():
            data = Path(tmp) / "graph.nq"
            quads, _ = _timed(f"write {args.people:,} documents as N-Quads", lambda: write_nquads(
                args.people, data, args.seed))
            with Store.open(folder) as store:
                _timed(f"load {quads:,} quads into a directory store", lambda: store.load(data))
        with Store.open(folder) as store:
            names = sorted(r["name"] for r in store.select(PEOPLE))
            print(f"store: {store.stats()['quads']:,} quads, {len(names):,} people", flush=True)
        rng = random.Random(args.seed)
        drawn = rng.sample(names, 2 * args.list)
        unknown = [f"Nobody Known {i}" for i in range(args.list // 100)]
        list_a, list_b = drawn[:args.list] + unknown, drawn[args.list:]
        path_a, path_b = Path(tmp) / "a.txt", Path(tmp) / "b.txt"
        path_a.write_text("\n".join(list_a) + "\n", encoding="utf-8")
        path_b.write_text("\n".join(list_b) + "\n", encoding="utf-8")
        print(f"lists: {len(list_a):,} x {len(list_b):,} names ({len(unknown)} unknown)\n", flush=True)

        discard(folder)  # start as after a build: no analysis cache
        with Store.open(folder) as store:
            report = _timed("conflicts(): first (reads every name, then the lists' facts)", lambda: conflicts(
                store, list_a, list_b, years=args.years))
            _timed("conflicts(): again (the names from the analysis cache)", lambda: conflicts(
                store, list_a, list_b, years=args.years))
        kinds = Counter((r["kind"], r["level"]) for r in report.conflicts)
        pairs = len({(r["a"], r["b"]) for r in report.conflicts})
        print(f"  {len(report.conflicts):,} reasons for {pairs:,} pairs: "
              + ", ".join(f"{k}{' (' + lv + ')' if lv else ''} {n:,}" for (k, lv), n in sorted(kinds.items())))
        print(f"  names: {dict(Counter(n['status'] for n in report.names))}\n")
        discard(folder)  # the first command runs as after a build
        _timed("kg conflicts --between A B (fresh process, first)", lambda: _cli(folder, path_a, path_b))
        _timed("kg conflicts --between A B (fresh process, again)", lambda: _cli(folder, path_a, path_b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
