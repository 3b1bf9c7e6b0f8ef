"""Write ``kg extract --format json`` of every document of some folders with one tree's code, to compare trees.

Extracts every file under each folder in one process (``kg.pipeline.extract_file``, as ``kg extract``
does; the JSON as it prints it) with the ``kg`` of ``--tree``, and writes ``OUT/<parent>_<folder>/<file>.json``.
Run it once per tree, then compare the two output folders: a change meant to keep outputs the same
(a faster rule) must leave ``diff -r`` silent.

Usage::

    python bench/same_outputs.py --tree /tmp/base /tmp/out-base ../shared/eval/docs tests/data/cv_formats
    python bench/same_outputs.py --tree . /tmp/out-branch ../shared/eval/docs tests/data/cv_formats
    diff -r /tmp/out-base /tmp/out-branch && echo same
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout whose kg extracts (default: this one)")
    parser.add_argument("out", type=Path, help="folder for the JSON outputs")
    parser.add_argument("folders", type=Path, nargs="+", help="folders of documents (searched recursively)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.tree.resolve()))
    from kg.errors import DocumentError
    from kg.pipeline import extract_file

    written = failed = 0
    for folder in args.folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            target = args.out / "_".join(folder.resolve().parts[-2:]) / path.relative_to(folder)
            target = target.with_name(target.name + ".json")
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                _, extraction = extract_file(path)
                text = json.dumps(extraction.to_json(), indent=2, ensure_ascii=False)
            except DocumentError as error:  # an unreadable file: the error is its output
                text, failed = f"error: {error}", failed + 1
            target.write_text(text + "\n", encoding="utf-8")
            written += 1
    print(f"{written} documents ({failed} unreadable) extracted with {args.tree} into {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
