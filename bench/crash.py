"""Crash safety of ``kg build``: kill it at random moments and check the store each time.

1. Generates a small corpus (``bench/generate.py``) and builds it once into a reference store
   (timing that build).
2. Until ``--kills`` kills have landed: starts ``kg build`` on the corpus into the test store
   (a resumed build after a kill; once the store is complete, a fresh build or a ``--force``
   rebuild, alternately) and kills it (SIGKILL, the whole process group: the writer and its
   extraction workers) after a random delay within that build's expected duration: the
   measured duration of the last complete build of its kind, and for a resumed build the
   measured start-up time plus its share of the remaining documents. A build that finishes
   before its kill is not counted as a kill (its duration becomes the new estimate), so every
   kill lands while a build runs. After every run it opens the store and checks it:

   - the store opens (the lock of the killed process is released);
   - every document the store reports is complete: its named graph holds the document node
     with its content hash, and the same quads as the reference store's graph for that
     document (the build time left aside);
   - the store's counts (``Store.stats``, what ``kg build`` ends with) equal a count of the
     whole store: kept current by the writes that completed, or stale and counted again.

3. Reruns ``kg build`` to completion and checks that every document is then reported, complete.
4. Starts two ``kg build`` on the same store at once: the second must fail at once with a
   clear "in use" message (or wait), never corrupt the first.

Usage::

    python bench/crash.py                       # 20 kills on 600 documents
    python bench/crash.py --docs 60 --kills 2   # the smoke test

Prints one line per kill and a summary; exit status 1 if any check failed.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

_GENERATED = "http://www.w3.org/ns/prov#generatedAtTime"
_KG = "https://w3id.org/kg/ontology#"
#: merge records depend on what the store already held when the document was resolved
_RESOLUTION = {_KG + p for p in ("mention", "resolvedTo", "rule", "score", "detail")}


def _build_command(corpus: Path, store: Path, workers: int | None) -> list[str]:
    command = [sys.executable, "-m", "kg", "build", str(corpus), "--store", str(store)]
    if workers:
        command += ["--workers", str(workers)]
    return command


def _start(command: list[str]) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, env=env, cwd=str(ROOT))


def snapshot(store_dir: Path) -> tuple[dict[str, tuple[frozenset, frozenset]], bool]:
    """Every reported document's graph, by path: its quads as N-Quads lines (build time left aside),
    and its content signature (below); and whether the store's counts (``Store.stats``, kept write by
    write) equal a count of the whole store."""
    import pyoxigraph as ox

    from kg.store import Store

    with Store.open(store_dir, wait=30) as store:
        documents = store.documents()
        out = {}
        for d in documents:
            quads = [q for q in store._ox.quads_for_pattern(None, None, None, ox.NamedNode(d["graph"]))
                     if q.predicate.value != _GENERATED]
            out[d["path"]] = (frozenset(f"{q.subject} {q.predicate} {q.object}" for q in quads), signature(quads))
        counts_right = store.stats() == store._counted()
    return out, counts_right


def signature(quads) -> frozenset:
    """What a document's graph says, independent of the IRIs the resolver chose: the set of
    (predicate, literal) pairs and of classes used, merge records left aside. A document whose
    later documents were resolved against a partly built store can get other IRIs than in the
    reference (a legitimate difference); a graph missing part of its quads loses part of this."""
    import pyoxigraph as ox

    out = set()
    for q in quads:
        if q.predicate.value in _RESOLUTION or (q.predicate.value.endswith("#type") and q.object.value.endswith("#Resolution")):
            continue
        if isinstance(q.object, ox.Literal):
            out.add((q.predicate.value, q.object.value))
        elif q.predicate.value.endswith("#type"):
            out.add(("type", q.object.value))
    return frozenset(out)


def check(store_dir: Path, reference: dict) -> tuple[int, int, list[str]]:
    """(documents reported, of which identical to the reference, problems) for the store at ``store_dir``.

    A reported document is complete when its content signature equals the reference's; its
    quads may differ through the IRIs the resolver chose (counted, not a problem)."""
    try:
        graphs, counts_right = snapshot(store_dir)
    except Exception as exc:  # the store does not open: the worst failure
        return 0, 0, [f"store does not open: {type(exc).__name__}: {exc}"]
    problems, identical = [] if counts_right else ["the store's counts differ from a count of the store"], 0
    for path, (quads, sign) in graphs.items():
        if path not in reference:
            problems.append(f"{path}: reported but not in the corpus")
            continue
        ref_quads, ref_sign = reference[path]
        identical += quads == ref_quads
        if sign != ref_sign:
            missing, extra = len(ref_sign - sign), len(sign - ref_sign)
            problems.append(f"{path}: incomplete or wrong content ({missing} statements missing, {extra} extra)")
    return len(graphs), identical, problems


def concurrent_check(corpus: Path, store_dir: Path, workers: int | None) -> str | None:
    """Start two builds on one store; ``None`` if the second failed clearly (or waited), else the problem."""
    first = _start(_build_command(corpus, store_dir, workers) + ["--force"])
    time.sleep(1.0)
    second = _start(_build_command(corpus, store_dir, workers) + ["--force"])
    try:
        _, err = second.communicate(timeout=600)
    finally:
        first.communicate(timeout=600)
    if second.returncode == 0:
        return None if first.returncode == 0 else "second build succeeded but the first failed"
    if "in use" in err and "Traceback" not in err:
        return None
    return f"second build failed unclearly (exit {second.returncode}): {err.strip()[-300:]}"


def _timed_build(corpus: Path, store: Path, workers: int | None) -> float | None:
    """Run ``kg build`` to the end; its duration in seconds, or ``None`` (reported) if it failed."""
    started = time.perf_counter()
    done = subprocess.run(_build_command(corpus, store, workers), capture_output=True, text=True,
                          cwd=str(ROOT), env=dict(os.environ, PYTHONPATH=str(ROOT)))
    if done.returncode != 0:
        print(done.stderr[-2000:], file=sys.stderr)
        return None
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=600, help="generated documents")
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None, help="kg build --workers")
    parser.add_argument("--work", type=Path, default=None, help="working folder (default: a temporary one)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)

    from generate import write_corpus

    work = args.work or Path(tempfile.mkdtemp(prefix="kg-crash-"))
    corpus, reference_dir, store_dir = work / "docs", work / "reference", work / "store"
    for folder in (reference_dir, store_dir):
        shutil.rmtree(folder, ignore_errors=True)
    if not corpus.exists():
        write_corpus(args.docs, corpus, seed=args.seed)
    full = _timed_build(corpus, reference_dir, args.workers)
    if full is None:
        return 1
    reference, _ = snapshot(reference_dir)
    # a build with nothing to do: the start-up (imports, walking and hashing the corpus) that
    # every resumed build pays before its share of the remaining documents
    idle = _timed_build(corpus, reference_dir, args.workers) or 0.0
    print(f"reference: {len(reference)} documents built in {full:.1f} s (start-up {idle:.1f} s)")

    rng = random.Random(args.seed)
    #: the expected duration of a fresh and a forced build: the last measured one
    expected = {"fresh": full, "force": full}
    ok, results, finished_runs, complete, reported, runs = 0, [], [], False, 0, 0
    while len(results) < args.kills and runs < 5 * args.kills:
        runs += 1
        command = _build_command(corpus, store_dir, args.workers)
        mode = "resume"
        if complete:  # nothing left to build: start over, alternately from scratch and as a forced rebuild
            if runs % 2:
                shutil.rmtree(store_dir, ignore_errors=True)
                mode = "fresh"
            else:
                command.append("--force")
                mode = "force"
        duration = expected[mode] if mode in expected else idle + (full - idle) * (1 - reported / len(reference))
        delay = rng.uniform(0.05, duration)
        started = time.perf_counter()
        process = _start(command)
        try:
            process.wait(timeout=delay)
            finished = True
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            finished = False
        elapsed = time.perf_counter() - started
        reported, identical, problems = check(store_dir, reference)
        complete = reported == len(reference)
        if finished:
            if mode in expected:
                expected[mode] = elapsed
            # not a kill, but the store it left is checked all the same
            finished_runs.append({"mode": mode, "seconds": round(elapsed, 2), "reported": reported,
                                  "problems": problems})
            print(f"run {runs:2d} ({mode}) finished in {elapsed:5.1f} s, before its kill at {delay:5.1f} s: "
                  f"not counted; {reported}/{len(reference)} documents reported, "
                  f"{'OK' if not problems else '; '.join(problems[:3])}", flush=True)
            continue
        ok += not problems
        results.append({"kill": len(results) + 1, "mode": mode, "after_s": round(delay, 2),
                        "expected_s": round(duration, 1), "reported": reported, "identical": identical,
                        "problems": problems})
        print(f"kill {len(results):2d} ({mode}) at {delay:5.1f} s of ~{duration:.0f} s: {reported}/{len(reference)} "
              f"documents reported ({identical} with the reference's very IRIs), "
              f"{'OK' if not problems else '; '.join(problems[:3])}", flush=True)
    kills = len(results)
    problems_unkilled = [p for r in finished_runs for p in r["problems"]]

    rerun = subprocess.run(_build_command(corpus, store_dir, args.workers), capture_output=True, text=True,
                           cwd=str(ROOT), env=dict(os.environ, PYTHONPATH=str(ROOT)))
    reported, identical, problems = check(store_dir, reference)
    if rerun.returncode != 0:
        problems.append(f"rerun failed (exit {rerun.returncode}): {rerun.stderr.strip()[-300:]}")
    if reported != len(reference):
        problems.append(f"after the rerun {reported}/{len(reference)} documents reported")
    concurrent = concurrent_check(corpus, store_dir, args.workers)
    summary = {"documents": len(reference), "kills": kills, "ok": ok, "runs": runs,
               "finished_before_kill": runs - kills, "problems_after_unkilled_runs": problems_unkilled,
               "rerun_complete": not problems,
               "rerun_problems": problems, "concurrent_build": concurrent or "second build refused clearly",
               "reference_build_s": round(full, 1), "startup_s": round(idle, 1)}
    if args.json:
        print(json.dumps(summary, indent=2))
    print(f"{ok}/{kills} kills left a consistent store ({runs - kills} other runs finished before their kill"
          f"{', ' + str(len(problems_unkilled)) + ' problems after them' if problems_unkilled else ''}); rerun "
          f"{'completed every document' if not problems else 'FAILED: ' + '; '.join(problems[:3])}; "
          f"concurrent build: {summary['concurrent_build']}")
    if args.work is None:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if ok == kills == args.kills and not problems_unkilled and not problems and concurrent is None else 1


if __name__ == "__main__":
    raise SystemExit(main())
