"""Which extraction rules the documents we have need: every ``if`` of ``kg/extract`` whose body no
document, or only one, runs (issue 14: rules no document needs, or only one document needs).

Each document is extracted under a line tracer, with every ``lru_cache`` emptied first, so that a
rule inside a cached function counts for every document that reaches it, not only the first.
A rule no document runs changes no output; a rule one document runs can change only that one.
The answer is an upper bound on what switching a rule off changes (see bench/RESULTS.md for how
the candidates were then judged).

Usage: ``python bench/rule_reach.py [--most-docs 1] [DIR ...]`` from the repository root, after
``python tests/cv_format_pdfs.py /tmp/cv-pdfs``; DIRs default to the seeds, the evaluation
documents and the test fixtures.
"""
from __future__ import annotations

import argparse
import ast
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


def lines_run(paths: list[Path]) -> dict[tuple[str, int], set[str]]:
    """``(file, line) -> names of the documents that ran it``, for the files of kg/extract."""
    hits: dict[tuple[str, int], set[str]] = {}
    prefix = str(RULES)

    def tracer(frame, event, arg):
        if not frame.f_code.co_filename.startswith(prefix):
            return None
        def local(frame, event, arg):
            if event == "line":
                current.add((frame.f_code.co_filename, frame.f_lineno))
            return local
        return local

    for path in paths:
        for cached in (o for o in gc.get_objects() if isinstance(o, functools._lru_cache_wrapper)):
            cached.cache_clear()
        current: set[tuple[str, int]] = set()
        sys.settrace(tracer)
        try:
            extract_file(path)
        except Exception as error:  # a document that fails is reported, the others still count
            print(f"{path}: {error!r}", file=sys.stderr)
        finally:
            sys.settrace(None)
        for key in current:
            hits.setdefault(key, set()).add(f"{path.parent.name}/{path.name}")
    return hits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dirs", nargs="*", default=DEFAULT_DIRS)
    parser.add_argument("--most-docs", type=int, default=1, help="list the rules at most this many documents run")
    args = parser.parse_args()
    paths = sorted(p for d in args.dirs for p in Path(d).glob("*") if p.is_file())
    hits = lines_run(paths)
    print(f"{len(paths)} documents")
    for source in sorted(RULES.glob("*.py")):
        text = source.read_text()
        lines = text.splitlines()
        for node in sorted((n for n in ast.walk(ast.parse(text)) if isinstance(n, ast.If)), key=lambda n: n.lineno):
            docs = hits.get((str(source), node.body[0].lineno), set())
            if len(docs) <= args.most_docs:
                print(f"{source.name}:{node.lineno}\t{len(docs)}\t{', '.join(sorted(docs))}\t{lines[node.lineno - 1].strip()[:80]}")


if __name__ == "__main__":
    main()
