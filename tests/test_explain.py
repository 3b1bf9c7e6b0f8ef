"""Tests of kg.explain on a store built from invented extractions (resolve -> RDF -> store)."""
from __future__ import annotations

import re

import pytest

from kg.errors import NotFoundError
from kg.explain import explain, render_explanation
from kg.model import Document, Entity, Evidence, Extraction, Line, Relation
from kg.rdf import document_triples
from kg.resolve import resolve
from kg.store import Store


def _ev(line: int, text: str) -> Evidence:
    return Evidence(line, line, text)


def _corpus() -> list[tuple[Document, Extraction]]:
    cv = Extraction(
        "/docs/wrenfield-cv.txt", "p",
        (
            Entity("p", "Tobias Wrenfield", "Person", ("Toby Wrenfield",), (("email", "tw@example.org"),),
                   evidence=_ev(1, "Tobias Wrenfield")),
            Entity("u", "Kestrel Valley University", "University", evidence=_ev(4, "Kestrel Valley University")),
            Entity("w", "Gizmo Works", "Company", evidence=_ev(7, "Gizmo Works")),
            Entity("x", "Pim Okonkwo", "Person"),
            Entity("t", "Sparse Gizmos for Tiny Robots", "Publication", year="2021"),
        ),
        (
            Relation("p", "studiedAt", "u", degree="PhD", start="2014", end="2019",
                     evidence=_ev(4, "PhD, Kestrel Valley University, 2014-2019")),
            Relation("p", "workedAt", "w", role="Engineer", start="2019", end="present",
                     evidence=_ev(7, "Engineer, Gizmo Works, 2019-present")),
            Relation("p", "advisedBy", "x", evidence=_ev(5, "Advisor: Pim Okonkwo")),
            Relation("p", "authored", "t", evidence=_ev(10, "Sparse Gizmos for Tiny Robots (2021)")),
        ),
    )
    page = Extraction(
        "/docs/marrow-page.html", "m",
        (
            Entity("m", "Ilse Marrow", "Person", evidence=_ev(1, "Ilse Marrow")),
            Entity("t2", "T. Wrenfield", "Person"),
            Entity("k", "Kestrel Valley Univ.", "University"),
            Entity("s", "Sparse gizmos for tiny robots", "Publication", year="2021"),
            Entity("v", "Tessa Wrenfield", "Person"),
        ),
        (
            Relation("m", "authored", "s", evidence=_ev(12, "I. Marrow, T. Wrenfield. Sparse gizmos...")),
            Relation("t2", "authored", "s", evidence=_ev(12, "I. Marrow, T. Wrenfield. Sparse gizmos...")),
            Relation("t2", "studiedAt", "k", degree="PhD", start="2015", end="2019",
                     evidence=_ev(20, "T. Wrenfield (PhD 2015-2019)")),
            Relation("m", "coauthored", "t2"),
        ),
    )
    out = []
    for ex in (cv, page):
        lines = tuple(Line(n, f"line {n}") for n in range(1, 25))
        doc = Document(path=ex.document, name=ex.document.rsplit("/", 1)[-1], format="text", lines=lines, sha256="0")
        out.append((doc, ex))
    return out


@pytest.fixture(scope="module")
def store():
    corpus = _corpus()
    resolution = resolve([ex for _, ex in corpus])
    with Store.open(":memory:") as s:
        for doc, ex in corpus:
            graph, triples = document_triples(doc, ex, resolution, key=ex.document, built_at="2026-01-01T00:00:00Z")
            s.replace_document(graph, triples)
        yield s


def test_explain_gathers_names_identifiers_and_documents(store):
    info = explain(store, "tobias WRENFIELD")
    assert info["iri"] == "https://w3id.org/kg/id/person/tobias-wrenfield"
    assert info["name"] == "Tobias Wrenfield" and info["types"] == ["Person"]
    assert info["names"] == ["T. Wrenfield", "Tobias Wrenfield"]
    assert info["aliases"] == ["Toby Wrenfield"]
    assert info["identifiers"] == {"email": ["tw@example.org"]}
    assert [(d["document"], d["names"]) for d in info["documents"]] == [
        ("marrow-page.html", ["T. Wrenfield"]), ("wrenfield-cv.txt", ["Tobias Wrenfield"])]
    assert info["documents"][1]["lines"] == [1, 1]


def test_explain_lists_every_fact_with_its_source(store):
    facts = explain(store, "Tobias Wrenfield")["facts"]
    work = [f for f in facts if f["predicate"] == "workedAt"]
    assert work == [{
        "subject": "https://w3id.org/kg/id/person/tobias-wrenfield", "subject_name": "Tobias Wrenfield",
        "predicate": "workedAt", "object": "https://w3id.org/kg/id/org/gizmo-works", "object_name": "Gizmo Works",
        "direction": "out", "role": "Engineer", "degree": None, "field": None, "location": None,
        "start": "2019", "end": None, "ongoing": True, "document": "wrenfield-cv.txt", "lines": [7, 7],
        "pages": None, "evidence": "Engineer, Gizmo Works, 2019-present",
    }]
    incoming = [(f["subject_name"], f["predicate"]) for f in facts if f["direction"] == "in"]
    assert incoming == [("Ilse Marrow", "coauthored")]
    assert {f["document"] for f in facts if f["predicate"] == "authored"} == {"wrenfield-cv.txt", "marrow-page.html"}


def test_explain_shows_merges_with_their_reasons(store):
    merges = explain(store, "Tobias Wrenfield")["merges"]
    assert [(m["mention"], m["rule"], m["document"]) for m in merges] == [
        ("T. Wrenfield", "initials+publication+affiliation", "marrow-page.html")]
    assert "Sparse Gizmos for Tiny Robots" in merges[0]["detail"] and 0.5 < merges[0]["score"] <= 0.95


def test_explain_reports_where_sources_disagree(store):
    [disagreement] = explain(store, "Tobias Wrenfield")["disagreements"]
    assert disagreement["predicate"] == "studiedAt" and disagreement["attribute"] == "start"
    assert disagreement["object_name"] == "Kestrel Valley University"
    assert disagreement["values"] == [{"value": "2014", "documents": ["wrenfield-cv.txt"]},
                                      {"value": "2015", "documents": ["marrow-page.html"]}]


def test_explain_finds_organisations_by_alias_and_iri(store):
    info = explain(store, "kestrel valley univ.")
    assert info["types"] == ["University"] and info["name"] == "Kestrel Valley University"
    assert explain(store, info["iri"])["iri"] == info["iri"]
    assert [m["rule"] for m in info["merges"]] == ["name-form"]


def test_unknown_and_ambiguous_names_raise_not_found(store):
    with pytest.raises(NotFoundError, match="Nobody Atall"):
        explain(store, "Nobody Atall")
    # "T. Wrenfield" is the name of one node only; an alias shared by two nodes is ambiguous
    with Store.open(":memory:") as s:
        for ex in (
            Extraction("/a.txt", "a", (Entity("a", "Tobias Wrenfield", "Person", ("T. Wrenfield",),
                                              (("orcid", "0000-0001-0000-0001"),)),)),
            Extraction("/b.txt", "b", (Entity("b", "Tessa Wrenfield", "Person", ("T. Wrenfield",),
                                              (("orcid", "0000-0001-0000-0002"),)),)),
        ):
            doc = Document(path=ex.document, name=ex.document[1:], format="text", lines=(Line(1, "x"),), sha256="0")
            s.replace_document(*document_triples(doc, ex, resolve([ex]), key=ex.document))
        with pytest.raises(NotFoundError) as caught:
            explain(s, "t. wrenfield")
        assert "Tessa Wrenfield" in str(caught.value) and "Tobias Wrenfield" in str(caught.value)


def test_render_explanation_prints_sections(store):
    text = render_explanation(explain(store, "Tobias Wrenfield"))
    assert text.splitlines()[0] == "Tobias Wrenfield (Person) <https://w3id.org/kg/id/person/tobias-wrenfield>"
    assert "  also called: Toby Wrenfield" in text
    assert "Tobias Wrenfield workedAt Gizmo Works (role Engineer, 2019–present)" in text
    assert "from wrenfield-cv.txt line 7: \"Engineer, Gizmo Works, 2019-present\"" in text
    assert "'T. Wrenfield' in marrow-page.html: initials+publication+affiliation" in text
    assert "studiedAt Kestrel Valley University: start is 2014 (wrenfield-cv.txt); 2015 (marrow-page.html)" in text


def test_an_unnamed_subject_is_shown_by_its_real_name():
    from kg.extract.context import UNNAMED_SUBJECT

    ex = [
        Extraction("/a.txt", "a", (Entity("a", "Saoirse Tallowmere", "Person", (), (("email", "st@example.org"),)),)),
        Extraction("/b.txt", "b", (Entity("b", UNNAMED_SUBJECT, "Person", (), (("email", "st@example.org"),)),)),
    ]
    resolution = resolve(ex)
    with Store.open(":memory:") as s:
        for e in ex:
            doc = Document(path=e.document, name=e.document[1:], format="text", lines=(Line(1, "x"),), sha256="0")
            s.replace_document(*document_triples(doc, e, resolution, key=e.document))
        info = explain(s, "saoirse tallowmere")
    assert info["name"] == "Saoirse Tallowmere"
    assert info["names"] == ["Saoirse Tallowmere"]  # kg.rdf gives a merged unnamed subject no kg:name
    assert [d["document"] for d in info["documents"]] == ["a.txt", "b.txt"]
    assert [(m["document"], m["rule"]) for m in info["merges"]] == [("b.txt", "identifier:email")]


def test_facts_from_a_pdf_say_which_page_they_are_on(tmp_path):
    from pdf_cvs import CVS, render

    from kg.ingest import load_document
    from kg.pipeline import build

    pdf = tmp_path / "cv.pdf"
    pdf.write_bytes(render(CVS[0], "running_header"))  # small pages: the CV runs over several
    starts = load_document(pdf).metadata["page_starts"]
    assert len(starts) >= 2
    with Store.open(":memory:") as store:
        build([pdf], store, budget=None)
        info = explain(store, CVS[0].name)
        later = [f for f in info["facts"] if f["lines"] and f["lines"][0] >= starts[1]]
        assert later, "no fact from page 2 on"
        for fact in info["facts"]:
            first = sum(start <= fact["lines"][0] for start in starts)
            assert fact["pages"][0] == first
        text = render_explanation(info)
    fact = later[0]
    assert f"page {fact['pages'][0]}, line" in text
    assert info["documents"][0]["pages"][0] == 1


def test_facts_from_an_unpaged_document_name_no_page(store):
    info = explain(store, "Tobias Wrenfield")
    assert all(f["pages"] is None for f in info["facts"])
    assert not re.search(r"\bpages? \d", render_explanation(info))
