"""Rewrite the extraction-quality figures of README.md from ``kg evaluate`` on an annotated set.

    python docs/quality.py GOLD_DIR DOCS_DIR... [--readme README.md]

The figures sit between the lines ``<!-- quality figures -->`` and ``<!-- end of quality figures -->``:
a table of P, R and F1 per entity class and per relation, and a sentence of headline figures.
The prose around them (which set, what to expect) is written by hand. The set the README
quotes is the project's development set, which is not in the repository.
"""
from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
START = "<!-- quality figures -->"
END = "<!-- end of quality figures -->"


def figures(report) -> str:
    """The Markdown of a :class:`kg.evaluate.Report`'s table and headline figures."""
    rows = ["| class | P | R | F1 |", "|---|---|---|---|"]
    rows += [f"| {r['class']} | {r['P']} | {r['R']} | {r['F1']} |" for r in report.class_rows()]
    found, graded = report.subjects
    dates = "-" if report.date_agreement is None else f"{report.date_agreement:.3f}"
    headline = (
        f"Entity F1 {report.entity_f1:.3f}, relation F1 {report.relation_f1:.3f} (publication relations "
        f"{report.publication_f1:.3f}, career relations {report.career_f1:.3f}), mean relation F1 per document "
        f"{report.macro_relation_f1:.3f} (over the {report.relation_documents} documents with relations); the subject "
        f"found in {found} of the {graded} documents that name one; start and end both right for {dates} of "
        "the matched, dated positions and studies."
    )
    missed = sorted((d.relation_counts().fn for d in report.documents), reverse=True)
    headline += f" The three documents with the most missed relations hold {sum(missed[:3])} of the {sum(missed)} missed."
    return "\n".join(rows) + "\n\n" + textwrap.fill(headline, width=96)


def rewrite(readme: Path, text: str) -> bool:
    """Put ``text`` between the markers of ``readme``; whether anything changed."""
    old = readme.read_text(encoding="utf-8")
    if old.count(START) != 1 or old.count(END) != 1:
        raise SystemExit(f"{readme}: needs one {START} line and one {END} line")
    head, rest = old.split(START)
    _, tail = rest.split(END)
    new = f"{head}{START}\n{text}\n{END}{tail}"
    readme.write_text(new, encoding="utf-8")
    return new != old


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("gold_dir", type=Path)
    parser.add_argument("docs_dirs", type=Path, nargs="+")
    parser.add_argument("--readme", type=Path, default=README)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from kg.evaluate import evaluate

    report = evaluate(args.gold_dir, args.docs_dirs)
    changed = rewrite(args.readme, figures(report))
    print(f"{args.readme}: {len(report.documents)} documents graded; figures {'rewritten' if changed else 'unchanged'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
