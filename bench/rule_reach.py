"""Which extraction rules the documents we have need: every ``if`` of ``kg/extract`` whose body no
document, or only one, runs (issue 14: rules no document needs, or only one document needs).

Each document is extracted under a line tracer, with every ``lru_cache`` emptied first, so that a
rule inside a cached function counts for every document that reaches it, not only the first.
A rule no document runs changes no output; a rule one document runs can change only that one.
The answer is an upper bound on what switching a rule off changes (see bench/RESULTS.md for how
the candidates were then judged). ``--tests`` also runs the extraction and model tests (and the
doctests of ``kg/extract``) under the tracer and adds, for each rule listed, how many tests run
it and the first of them: a rule no document needs is often one a test pins.

Usage: ``python bench/rule_reach.py [--most-docs 1] [--tests] [DIR ...]`` from the repository root,
after ``python tests/cv_format_pdfs.py /tmp/cv-pdfs``; DIRs default to the seeds, the evaluation
documents and the test fixtures.
"""
from __future__ import annotations

import argparse
import ast
import contextlib
import functools
import gc
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.pipeline import extract_file  # noqa: E402

RULES = ROOT / "kg" / "extract"
DEFAULT_DIRS = ["/work/shared/seeds", "/work/shared/eval/docs", "tests/data/extract", "tests/data/cv_formats",
                "/tmp/cv-pdfs", "tests/data/publications", "tests/data/line_roles/docs"]


def _tracer(current: set[tuple[str, int]]):
    """A trace function that adds each ``(file, line)`` of kg/extract it sees run to ``current``,
    every ``lru_cache`` emptied first."""
    for cached in (o for o in gc.get_objects() if isinstance(o, functools._lru_cache_wrapper)):
        cached.cache_clear()
    prefix = str(RULES)

    def tracer(frame, event, arg):
        if not frame.f_code.co_filename.startswith(prefix):
            return None
        def local(frame, event, arg):
            if event == "line":
                current.add((frame.f_code.co_filename, frame.f_lineno))
            return local
        return local
    return tracer


def lines_run(paths: list[Path]) -> dict[tuple[str, int], set[str]]:
    """``(file, line) -> names of the documents that ran it``, for the files of kg/extract."""
    hits: dict[tuple[str, int], set[str]] = {}
    for path in paths:
        current: set[tuple[str, int]] = set()
        sys.settrace(_tracer(current))
        try:
            extract_file(path)
        except Exception as error:  # a document that fails is reported, the others still count
            print(f"{path}: {error!r}", file=sys.stderr)
        finally:
            sys.settrace(None)
        for key in current:
            hits.setdefault(key, set()).add(f"{path.parent.name}/{path.name}")
    return hits


def tests_run() -> dict[tuple[str, int], set[str]]:
    """``(file, line) -> ids of the tests that ran it``: the extraction and model tests and the doctests
    of kg/extract, each under the tracer."""
    import pytest

    hits: dict[tuple[str, int], set[str]] = {}

    class Tracing:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_call(self, item):
            current: set[tuple[str, int]] = set()
            sys.settrace(_tracer(current))
            try:
                yield
            finally:
                sys.settrace(None)
                for key in current:
                    hits.setdefault(key, set()).add(item.nodeid)

    tests = sorted(str(p) for pattern in ("test_extract*.py", "test_models*.py") for p in (ROOT / "tests").glob(pattern))
    with contextlib.redirect_stdout(sys.stderr):  # pytest's report apart from the listing
        pytest.main(["-q", "-p", "no:cacheprovider", "--doctest-modules", *tests, *map(str, sorted(RULES.glob("*.py")))],
                    plugins=[Tracing()])
    return hits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="*", default=DEFAULT_DIRS)
    parser.add_argument("--most-docs", type=int, default=1, help="list the rules at most this many documents run")
    parser.add_argument("--tests", action="store_true", help="add how many tests run each rule listed, and the first")
    args = parser.parse_args()
    paths = sorted(p for d in args.dirs for p in Path(d).glob("*") if p.is_file())
    tested = tests_run() if args.tests else None
    hits = lines_run(paths)
    print(f"{len(paths)} documents")
    for source in sorted(RULES.glob("*.py")):
        text = source.read_text()
        lines = text.splitlines()
        for node in sorted((n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.If)), key=lambda n: n.lineno):
            docs = hits.get((str(source), node.body[0].lineno), set())
            if len(docs) <= args.most_docs:
                row = f"{source.name}:{node.lineno}\t{len(docs)}\t{', '.join(sorted(docs))}\t{lines[node.lineno - 1].strip()[:80]}"
                if tested is not None:
                    tests = sorted(tested.get((str(source), node.body[0].lineno), ()))
                    row += f"\t{len(tests)} tests\t{tests[0] if tests else ''}"
                print(row)


if __name__ == "__main__":
    main()
