"""Count how often extraction names the right subject on a folder of labelled real documents.

The labels are a TSV (header ``file<TAB>subject``): the subject's name as the document writes it,
or ``none`` when the document names nobody it is about. Each document is extracted in-process
(:func:`kg.pipeline.extract_file`) and its predicted subject is compared with the label by the
grader's own name matching (:func:`kg.evaluate.score_document`). Every document falls in one of:

- ``found``: the predicted subject is the labelled one (for ``none``: the unnamed subject);
- ``wrong person``: a named person who is not the subject (or any name, for ``none``);
- ``missed``: extraction failed or gave no subject;
- ``false nobody``: the unnamed subject, where the document names its subject.

``--half odd`` / ``--half even`` keep the odd- or even-numbered rows (1-based, in TSV order);
``--quiet`` prints only the totals (for a held-out half whose failures are not to be read).

Usage::

    python bench/subject_real.py /work/pool/s/docs /work/pool/s/subjects.tsv
    python bench/subject_real.py DOCS LABELS --half even --quiet

Prints one line per document (``category<TAB>file<TAB>label<TAB>predicted``), then
``found F / wrong W / missed M / false nobody N of T``.
"""
from __future__ import annotations

import argparse
import csv
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kg.evaluate import score_document  # noqa: E402
from kg.extract.context import UNNAMED_SUBJECT  # noqa: E402
from kg.pipeline import extract_file  # noqa: E402

NOBODY = "none"
CATEGORIES = ("found", "wrong person", "missed", "false nobody")


def predicted_subject(path: Path) -> tuple[dict | None, str]:
    """The extraction JSON of ``path`` and its subject's name ("" when extraction fails)."""
    try:
        _, extraction = extract_file(path)
    except Exception as error:  # a failing document is counted, not fatal
        print(f"# {path.name}: {type(error).__name__}: {error}", file=sys.stderr)
        return None, ""
    data = extraction.to_json()
    subject = data.get("subject") or ""
    names = {str(e.get("id")): str(e.get("name")) for e in data.get("entities", [])}
    return data, names.get(str(subject), str(subject))


def category(label: str, data: dict | None, predicted: str) -> str:
    """Which of :data:`CATEGORIES` one document falls in.

    >>> category("Ada Quill", {"subject": "Ada Quill", "entities": [{"name": "Ada Quill", "type": "Person"}]}, "Ada Quill")
    'found'
    >>> category("none", {"subject": UNNAMED_SUBJECT, "entities": []}, UNNAMED_SUBJECT)
    'found'
    >>> category("Ada Quill", {"subject": UNNAMED_SUBJECT, "entities": []}, UNNAMED_SUBJECT)
    'false nobody'
    """
    if data is None or not predicted:
        return "missed"
    if label == NOBODY:
        return "found" if predicted == UNNAMED_SUBJECT else "wrong person"
    if predicted == UNNAMED_SUBJECT:
        return "false nobody"
    gold = {"subject": label, "entities": [{"name": label, "type": "Person"}], "relations": []}
    return "found" if score_document(gold, data).subject_found else "wrong person"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("docs", type=Path, help="folder of documents")
    parser.add_argument("labels", type=Path, help="TSV: file, subject (or 'none')")
    parser.add_argument("--half", choices=("odd", "even"), help="keep odd- or even-numbered rows")
    parser.add_argument("--quiet", action="store_true", help="print the totals only")
    args = parser.parse_args(argv)
    with args.labels.open(encoding="utf-8") as handle:
        rows = [(r["file"], r["subject"].strip()) for r in csv.DictReader(handle, delimiter="\t")]
    if args.half:
        rows = rows[args.half == "even"::2]
    totals: Counter[str] = Counter()
    for name, label in rows:
        data, predicted = predicted_subject(args.docs / name)
        kind = category(label, data, predicted)
        totals[kind] += 1
        if not args.quiet:
            print(f"{kind}\t{name}\t{label}\t{predicted}")
    print(" / ".join(f"{k} {totals[k]}" for k in CATEGORIES) + f" of {len(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
