"""Extract many documents in one process and keep each answer, to see which documents a rule change alters.

``kg extract DOC --format json`` once per document costs a Python start-up each; this writes the same JSON
for every document of the given folders into OUT (``OUT/<folder>/<document>.json``) in one process, so a
rule can be switched off, the folders extracted again into another OUT, and ``--against`` lists the
documents whose answer changed (an ablation). Each ``OUT/<folder>`` is a prediction folder that
``/work/shared/eval/score.py GOLD OUT/<folder>`` grades.

Usage, from the repository root::

    python bench/outputs.py /tmp/base /work/shared/eval/docs /tmp/lead-sets/work3/docs
    python bench/outputs.py /tmp/after /work/shared/eval/docs /tmp/lead-sets/work3/docs --against /tmp/base
    # -> "3 of 154 documents changed" and one line per changed document
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.pipeline import extract_file  # noqa: E402


def folder_key(folder: Path) -> str:
    """A name for a document folder that stays apart from the others: ``/tmp/lead-sets/work3/docs`` ->
    ``work3-docs``."""
    return f"{folder.parent.name}-{folder.name}"


def documents(folder: Path) -> list[Path]:
    """The documents of a folder: its files, and the ``.tex`` files of a sub-folder that is one LaTeX CV in
    several files (``moderncv_de/lebenslauf.tex`` with its ``abschnitte/*.tex``), not its section files."""
    return sorted(p for entry in folder.iterdir()
                  for p in ([entry] if entry.is_file() else entry.glob("*.tex")))


def write_outputs(out: Path, folders: list[Path]) -> list[Path]:
    """Extract every document of ``folders`` and write its JSON answer under ``out``; return the files written."""
    written = []
    for folder in folders:
        target = out / folder_key(folder)
        for path in documents(folder):
            (target / path.parent.relative_to(folder)).mkdir(parents=True, exist_ok=True)
            try:
                answer = extract_file(path)[1].to_json()
            except Exception as error:  # a document that fails is an answer too: it changed if the error did
                answer = {"error": repr(error)}
            written.append(target / path.parent.relative_to(folder) / f"{path.name}.json")
            written[-1].write_text(json.dumps(answer, indent=2, ensure_ascii=False))
    return written


def changed(written: list[Path], out: Path, base: Path) -> list[str]:
    """The documents of ``written`` whose answer differs from the one under ``base``."""
    rows = []
    for path in written:
        relative = path.relative_to(out)
        before = base / relative
        if not before.exists() or before.read_text() != path.read_text():
            rows.append(str(relative))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--against", type=Path, help="an earlier OUT: list the documents whose answer changed")
    args = parser.parse_args()
    written = write_outputs(args.out, args.folders)
    if args.against:
        rows = changed(written, args.out, args.against)
        print(f"{len(rows)} of {len(written)} documents changed")
        print("\n".join(rows))


if __name__ == "__main__":
    main()
