"""The same CV written as plain text, Markdown, HTML and PDF gives the same extraction."""
from __future__ import annotations

import pytest

from kg.extract import extract
from kg.ingest import load_document

from conftest import DATA

SAME_CV = DATA / "ingest"


def facts(path) -> tuple[str, set, set]:
    """What was extracted, without the parts that legitimately differ by format (ids, line numbers)."""
    data = extract(load_document(path)).to_json()
    entities = {(e["name"], e["type"], tuple(sorted(e.get("aliases", ()))), e.get("year")) for e in data["entities"]}
    attributes = ("role", "degree", "field", "start", "end", "location")
    relations = {(r["subject"], r["predicate"], r["object"], *(r.get(a) for a in attributes))
                 for r in data["relations"]}
    return data["subject"], entities, relations


def write_pdf(path, lines: list[str]) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    pdf.add_page()
    pdf.set_font("Helvetica", size=11)
    for line in lines:
        pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    pdf.output(str(path))


@pytest.fixture(scope="module")
def expected():
    subject, entities, relations = facts(SAME_CV / "same_cv.txt")
    assert subject and len(entities) >= 6 and len(relations) >= 6  # the fixture is worth comparing
    return subject, entities, relations


@pytest.mark.parametrize("name", ["same_cv.md", "same_cv.html"])
def test_markdown_and_html_extract_like_text(expected, name):
    assert facts(SAME_CV / name) == expected


def test_pdf_extracts_like_text(expected, tmp_path):
    pdf = tmp_path / "same_cv.pdf"
    write_pdf(pdf, (SAME_CV / "same_cv.txt").read_text().splitlines())
    assert facts(pdf) == expected
