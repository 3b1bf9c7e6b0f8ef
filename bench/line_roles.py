"""The line-role model on documents it did not see: leave-documents-out line scores, and the grader
on the development set with every document extracted by a model trained without it.

For each of 5 folds by document, trains the line model (``kg.extract.models.lines``) on the other
folds' documents and weak labels, tags this fold's lines (the per-label line scores), and extracts
this fold's documents with that model in place of the shipped one, writing
``OUT/<document>.json``; then runs the grader on ``OUT``. The documents and gold files are read
from ``../shared`` and never copied into the repository.

Usage::

    python bench/line_roles.py                          # ../shared/eval, ../shared/seeds (from the main checkout)
    python bench/line_roles.py --shared /work/shared --out /tmp/line-roles-heldout
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--out", type=Path, default=None, help="folder for the held-out extractions (default: a temporary one)")
    parser.add_argument("--folds", type=int, default=5)
    args = parser.parse_args()

    from kg.extract import extract
    from kg.extract.models import _crf
    from kg.extract.models.lines import cross_validate, read_documents

    documents = read_documents(args.shared / "eval", (args.shared / "seeds",))
    if not documents:
        parser.error(f"no gold files with their documents under {args.shared}/eval (pass --shared)")
    out = args.out or Path(tempfile.mkdtemp(prefix="line-roles-"))
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as workdir:
        scores, models = cross_validate(documents, Path(workdir), k=args.folds)
        print(_crf.format_scores(scores, f"line role, {len(documents)} documents, {args.folds} folds by document"))
        key = ("line", os.getpid(), threading.get_ident())
        for path, held in models:
            _crf._LOADED[key] = _crf.Tagger(path)  # this fold's model stands in for the shipped one
            for name, document, _ in documents:
                if name in held:
                    (out / f"{name}.json").write_text(json.dumps(extract(document).to_json(), ensure_ascii=False))
        _crf._LOADED.pop(key)
    print(_cost(documents))
    print(f"\nthe grader on {len(documents)} documents, each extracted by a model trained without it ({out}):")
    graded = subprocess.run([sys.executable, str(args.shared / "eval" / "score.py"), str(args.shared / "eval" / "gold"), str(out)],
                            capture_output=True, text=True, check=True).stdout
    print("\n".join(line for line in graded.splitlines() if line.startswith(("relation F1", "macro", "overall", "subject"))))


def _cost(documents) -> str:
    """What labelling the lines adds to extraction: the CPU time of :func:`line_roles` over the
    documents against that of :func:`kg.extract.extract` (best of 3 passes each, one core)."""
    from kg.extract import extract
    from kg.extract.models.lines import line_roles

    extract(documents[0][1])  # warm-up: vocabularies, patterns, the model file
    line_roles(documents[0][1])

    def best(fn) -> float:
        times = []
        for _ in range(3):
            started = time.process_time()
            for _, document, _ in documents:
                fn(document)
            times.append(time.process_time() - started)
        return min(times)

    tagging, extracting = best(line_roles), best(extract)
    return (f"\nline roles: {1000 * tagging / len(documents):.2f} ms/document, extraction: "
            f"{1000 * extracting / len(documents):.2f} ms/document ({100 * tagging / extracting:.0f}% of it); "
            f"load average {open('/proc/loadavg').read().split()[0]}")


if __name__ == "__main__":
    main()
