"""Every packaged .rq file prepares; the analysis queries return the expected rows on the fixture."""
from __future__ import annotations

from pathlib import Path

import pytest
from rdflib import Dataset, Literal, URIRef
from rdflib.plugins.sparql import prepareQuery

from kg.namespaces import mint_iri
from kg.analyze import AmbiguousNameError
from kg.errors import NotFoundError, QueryError
from kg.queries import load_query, parameter_bindings, query_names, query_parameters
from kg.store import Store

SMALL = Path(__file__).resolve().parent / "data" / "analysis" / "small.trig"
ALICE, BOB = mint_iri("person", "Alice Moreau"), mint_iri("person", "Bob Tanaka")
NFU = mint_iri("org", "Northfield University")
ALICE_GRAPH = URIRef("https://w3id.org/kg/id/graph/fb3ba8665a77a4c2")  # alice.txt's document graph


@pytest.fixture(scope="module")
def store():
    with Store.open(":memory:") as s:
        s.load(SMALL)
        yield s


def run(store, name, **bindings):
    result = store.query(load_query(name), bindings)
    names = [str(v) for v in result.vars]
    return [{n: (None if row[i] is None else row[i].toPython()) for i, n in enumerate(names)} for row in result]


def plain(row) -> str:
    """A row as comparable text (Oxigraph spells out ``xsd:string`` on plain literals, rdflib does not)."""
    return repr([None if term is None else str(term.toPython()) for term in row])


def local(iri) -> str:
    return str(iri).rsplit("/", 1)[-1].rsplit("#", 1)[-1]


@pytest.mark.parametrize("name", query_names())
def test_every_query_prepares_and_has_a_header(name):
    text = load_query(name)
    prepareQuery(text)
    assert text.startswith("#"), "header comment: purpose, parameters, output"
    assert "ORDER BY" in text or "No ORDER BY:" in text  # whole-graph projections sort in Python


def test_people_at_org_includes_sub_units(store):
    rows = run(store, "people_at_org", org=NFU)
    got = [(r["name"], r["unitName"], local(r["relation"]), r["startYear"], r["endYear"], r["ongoing"]) for r in rows]
    assert got == [
        ("Alice Moreau", "Northfield University", "studiedAt", 2012, 2017, None),
        ("Alice Moreau", "Quantum Systems Lab", "workedAt", 2017, 2019, None),
        ("Bob Tanaka", "Northfield University", "studiedAt", 2014, 2019, None),
        ("Bob Tanaka", "Vision Group", "workedAt", 2019, 2021, None),  # two levels of partOf down
        ("Carol Zhang", "Northfield University", "workedAt", 2005, None, True),
    ]
    assert {r["document"] for r in rows} == {"alice.txt", "bob.txt", "carol.html"}


def test_shared_affiliations_overlap_years(store):
    rows = run(store, "shared_affiliations", a=ALICE, b=BOB)
    got = {(r["orgName"], r["unitAName"], r["unitBName"], r["overlaps"], r["overlapFrom"], r["overlapTo"]) for r in rows}
    assert got == {
        ("Acme Robotics", "Acme Robotics", "Acme Robotics", False, None, None),
        ("Northfield University", "Northfield University", "Northfield University", True, 2014, 2017),
        ("Northfield University", "Northfield University", "Vision Group", False, None, None),
        ("Northfield University", "Quantum Systems Lab", "Northfield University", True, 2017, 2019),
        ("Northfield University", "Quantum Systems Lab", "Vision Group", True, 2019, 2019),
    }
    acme = next(r for r in rows if r["orgName"] == "Acme Robotics")
    assert (acme["fromA"], acme["ongoingA"], acme["fromB"], acme["toB"]) == (2019, True, 2015, 2016)
    assert len(rows) == len({tuple(sorted(r.items(), key=str)) for r in rows}), "no duplicate rows"


def test_shared_affiliations_only_closest_common_unit(store):
    carol = mint_iri("person", "Carol Zhang")
    rows = run(store, "shared_affiliations", a=ALICE, b=carol)
    assert {r["orgName"] for r in rows} == {"Northfield University"}


def test_coauthors(store):
    rows = run(store, "coauthors", person=ALICE)
    assert [(r["name"], r["title"], r["year"]) for r in rows] == [
        ("Bob Tanaka", "Sparse Widgets", "2018"), ("Dan Li", "Robust Gadgets", "2020")]


def test_academic_tree_both_directions_any_depth(store):
    rows = run(store, "academic_tree", person=ALICE)
    assert [(r["direction"], r["studentName"], r["advisorName"]) for r in rows] == [
        ("ancestor", "Alice Moreau", "Carol Zhang"),
        ("ancestor", "Carol Zhang", "Frank Oduya"),
        ("descendant", "Gina Park", "Alice Moreau"),
    ]


def test_timeline_is_ordered_and_undated_last(store):
    rows = run(store, "timeline", person=ALICE)
    got = [(r["year"], local(r["relation"]), r["objectName"], r["document"]) for r in rows]
    assert got == [
        (2012, "studiedAt", "Northfield University", "alice.txt"),
        (2017, "workedAt", "Quantum Systems Lab", "alice.txt"),
        (2018, "authored", "Sparse Widgets", "alice.txt"),
        (2018, "authored", "Sparse Widgets", "bob.txt"),
        (2019, "workedAt", "Acme Robotics", "alice.txt"),
        (2020, "authored", "Robust Gadgets", "alice.txt"),
        (None, "advisedBy", "Carol Zhang", "alice.txt"),
    ]
    acme = rows[4]
    assert (acme["role"], str(acme["start"]), acme["ongoing"], acme["end"]) == ("Research Scientist", "2019-07", True, None)


def test_venues(store):
    rows = run(store, "venues", person=BOB)
    assert [(r["name"], r["publications"], r["firstYear"], r["lastYear"]) for r in rows] == [("ICWX", 2, 2018, 2021)]


def test_find_entities_matches_names_and_aliases(store):
    assert {local(r["entity"]) for r in run(store, "find_entities", key=Literal("sam lee"))} == {"sam-lee", "sam-lee-2"}
    assert [local(r["entity"]) for r in run(store, "find_entities", key=Literal("nfu"))] == ["northfield-university"]
    weird = run(store, "find_entities", key=Literal('ann "o\'neil" {x} >y'))
    assert [r["name"] for r in weird] == ['Ann "O\'Neil" {x} >y']


def test_projection_queries(store):
    labels = run(store, "entity_labels")
    assert len({r["entity"] for r in labels}) == 22
    edges = run(store, "relation_edges")  # per document graph: 3 edges are stated by two documents
    assert len(edges) == 39 and len({(r["subject"], r["predicate"], r["object"]) for r in edges}) == 36
    assertions = run(store, "relation_assertions")
    assert len(assertions) == 39 and all(r["document"] for r in assertions)
    mentions = run(store, "entity_mentions")
    assert {r["document"] for r in mentions if local(r["entity"]) == "acme-robotics"} == {
        "alice.txt", "bob.txt", "gina.md", "sam-a.txt"}


def test_each_mention_pairs_a_passage_line_with_its_own_text():
    from kg.namespaces import KG

    graph, person, doc = URIRef("urn:x:graph"), URIRef("urn:x:ida"), URIRef("urn:x:doc")
    triples = [(doc, KG.graph, graph), (doc, KG.fileName, Literal("ida.txt")),
               (person, KG.name, Literal("Ida Quill"))]
    for line, text in ((3, "Ida Quill, PhD"), (9, "with Ida Quill")):
        passage = URIRef(f"urn:x:passage/{line}")
        triples += [(person, KG.passage, passage), (passage, KG.lineStart, Literal(line)),
                    (passage, KG.evidence, Literal(text))]
    store = Store.open(":memory:")
    store.replace_document(graph, triples)
    rows = run(store, "entity_mentions")
    assert sorted((r["line"], r["evidence"]) for r in rows) == [(3, "Ida Quill, PhD"), (9, "with Ida Quill")]


QUESTIONS = {
    "people_at_org": {"org": NFU},
    "shared_affiliations": {"a": ALICE, "b": BOB},
    "coauthors": {"person": ALICE},
    "academic_tree": {"person": ALICE},
    "timeline": {"person": ALICE},
    "venues": {"person": BOB},
    "person_details": {"person": ALICE},
}
#: the other parameterised queries (rdflib's engine fails on some: MIN over unbound values)
QUESTIONS_ON_OXIGRAPH = {
    **QUESTIONS,
    "entity_types": {"entity": ALICE},
    "conflict_people_of": {"person": ALICE},
    "explain_facts": {"entity": ALICE},
    "explain_labels": {"entity": NFU},
    "explain_merges": {"entity": ALICE},
    "find_entities": {"key": Literal("northfield university")},
    "find_entities_exact": {"label": Literal("Northfield University")},
    **{name: {"graph": ALICE_GRAPH} for name in ("entity_labels", "entity_mentions", "relation_assertions",
                                                  "relation_edges")},
}


def test_every_query_with_parameters_has_a_question():
    assert sorted(QUESTIONS_ON_OXIGRAPH) == sorted(n for n in query_names() if query_parameters(n))


@pytest.fixture(scope="module")
def merged():
    """The small store plus a resolver's record of a merge into Alice (the fixture has none)."""
    from rdflib import URIRef

    kg = "https://w3id.org/kg/ontology#"
    record, mention = URIRef("https://example.org/resolution/1"), URIRef("https://example.org/mention/1")
    rdf_type = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
    with Store.open(":memory:") as s:
        s.load(SMALL)
        s.replace_document(URIRef("https://example.org/graph/merge"), [
            (record, rdf_type, URIRef(kg + "Resolution")), (record, URIRef(kg + "resolvedTo"), ALICE),
            (record, URIRef(kg + "mention"), mention), (record, URIRef(kg + "rule"), Literal("same-email")),
            (record, URIRef(kg + "score"), Literal(1))])
        yield s


@pytest.mark.parametrize("name", sorted(QUESTIONS_ON_OXIGRAPH))
def test_every_way_of_binding_parameters_gives_the_same_rows(merged, name):
    """``Store.query`` (what ``kg query --name``, ``kg explain`` and the endpoint run), ``Store.select``
    (the analyses), Oxigraph's substitutions and a VALUES block at the head of the WHERE group: one answer."""
    import pyoxigraph
    from oxrdflib._converter import to_ox

    from kg.remote import bind_values

    store, text, bindings = merged, load_query(name), QUESTIONS_ON_OXIGRAPH[name]
    through_query = [[None if t is None else str(t) for t in row] for row in store.query(text, bindings)]
    assert through_query, "the question has an answer on the fixture"
    through_select = [[None if v is None else str(v) for v in row.values()] for row in store.select(text, bindings)]
    as_values = [[None if v is None else str(v) for v in row.values()] for row in store.select(bind_values(text, bindings))]
    substituted = [[None if t is None else t.value for t in row] for row in store._ox.query(
        text, use_default_graph_as_union=True, substitutions={pyoxigraph.Variable(k): to_ox(v) for k, v in bindings.items()})]
    # select() gives integers and booleans as Python values: compare their text
    # and SPARQL leaves the order of GROUP_CONCAT's values (the "; "-separated ?documents) open
    cell = lambda v: "; ".join(sorted(v.split("; "))) if isinstance(v, str) and "; " in v else v
    ordered = "\nORDER BY" in text  # else the caller sorts: compare the rows as sets

    def canonical(rows):
        out = [[cell({"True": "true", "False": "false"}.get(v, v)) for v in row] for row in rows]
        return out if ordered else sorted(out, key=repr)
    assert canonical(through_select) == canonical(as_values) == canonical(through_query) == canonical(substituted)


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_same_answers_from_rdflib_and_oxigraph(store, name):
    """The queries are plain SPARQL 1.1: rdflib's engine (and so a remote endpoint) agrees with Oxigraph."""
    dataset = Dataset(default_union=True)
    dataset.parse(SMALL, format="trig")
    ours = sorted(map(plain, store.query(load_query(name), QUESTIONS[name])))
    theirs = sorted(map(plain, dataset.query(load_query(name), initBindings=QUESTIONS[name])))
    assert ours == theirs


def test_every_parameter_a_query_documents_is_one_it_uses():
    for name in query_names():
        for variable in query_parameters(name):
            assert f"?{variable}" in load_query(name).split("WHERE", 1)[1], (name, variable)


def test_a_name_given_for_an_iri_parameter_resolves_like_the_analysis_commands(store):
    from pyoxigraph import Literal, NamedNode

    assert parameter_bindings(store, {"org": "northfield university"}, "people_at_org") == {"org": NamedNode(NFU)}
    assert parameter_bindings(store, {"?person": "A. Moreau"}, "timeline") == {"person": NamedNode(ALICE)}
    with pytest.raises(AmbiguousNameError, match="sam-a.txt.*sam-b.txt"):
        parameter_bindings(store, {"person": "Sam Lee"}, "timeline")
    with pytest.raises(NotFoundError, match="is a person, not a organisation"):
        parameter_bindings(store, {"org": "Alice Moreau"}, "people_at_org")
    # a string parameter stays a string, and any query text binds strings
    assert parameter_bindings(store, {"label": "Northfield University"}, "find_entities_exact") == {
        "label": Literal("Northfield University")}
    assert parameter_bindings(store, {"org": "Northfield University"}) == {"org": Literal("Northfield University")}


@pytest.mark.parametrize("values, message", [
    ({"org": "<http://a>b>"}, "not an IRI"), ({"org": "<not an iri>"}, "not an IRI"),
    ({"o}rg": "x"}, "not a variable name"), ({"organisation": "<urn:x>"}, r"takes \?org"),
])
def test_bad_parameters_are_clear_errors(store, values, message):
    with pytest.raises(QueryError, match=message):
        parameter_bindings(store, values, "people_at_org")


def test_kg_query_takes_a_name_for_an_iri_and_says_what_is_wrong(tmp_path):
    from click.testing import CliRunner

    from kg.cli import cli

    with Store.open(tmp_path / "kg-data") as s:
        s.load(SMALL)
    run_ = lambda *args: CliRunner().invoke(cli, ["query", *args, "--store", str(tmp_path / "kg-data"), "--format", "csv"])
    result = run_("--name", "people_at_org", "--param", "org=Northfield University")
    assert result.exit_code == 0 and "Alice Moreau" in result.output
    for params in (["org=Nowhere College"], ["org=<http://a>b>"], ["o}rg=<urn:x>"]):
        result = run_("--name", "people_at_org", *[a for p in params for a in ("--param", p)])
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
        assert result.output.startswith("Error: ") and len(result.output.splitlines()) == 1
    result = run_("SELECT ?x WHERE { }", "--param", "x y=1")
    assert result.exit_code == 1 and "not a variable name" in result.output


BEFORE = Path(__file__).resolve().parent / "data" / "queries" / "before"
#: parameters to compare each rewritten query on: hubs of the fixture, an ambiguous name, nothing
REWRITTEN = {
    "explain_labels": [{"entity": e} for e in (ALICE, BOB, NFU, mint_iri("person", "Nobody"))],
    "conflict_people": [{}],
    "find_entities_exact": [{"label": Literal(t)} for t in ("Northfield University", "NFU", "Sam Lee", "Nobody")],
    "find_entities": [{"key": Literal(t)} for t in ("northfield university", "nfu", "sam lee", "nobody")],
    "explain_facts": [{"entity": e} for e in (ALICE, BOB, NFU, mint_iri("person", "Nobody"))],
    "known_affiliations": [{}],
    "known_coauthors": [{}],
    "coauthors": [{"person": p} for p in (ALICE, BOB, mint_iri("person", "Sam Lee"), mint_iri("person", "Nobody"))],
    "timeline": [{"person": p} for p in (ALICE, BOB, mint_iri("person", "Sam Lee"), mint_iri("person", "Nobody"))],
    "venues": [{"person": p} for p in (ALICE, BOB, mint_iri("person", "Sam Lee"), mint_iri("person", "Nobody"))],
    "people_at_org": [{"org": o} for o in (NFU, mint_iri("org", "Quantum Systems Lab"), mint_iri("org", "Acme Robotics"),
                                           mint_iri("org", "Nowhere"))],
    "shared_affiliations": [{"a": a, "b": b} for a, b in ((ALICE, BOB), (BOB, ALICE), (ALICE, mint_iri("person", "Carol Zhang")),
                                                          (ALICE, mint_iri("person", "Nobody")))],
}
#: the questions on the ``lean`` store (kg.rdf's layout: edges without an assertion node), about its entities
LEAN_QUESTIONS = {
    "explain_facts": [{"entity": mint_iri(kind, name)} for kind, name in (
        ("person", "Odile Quill"), ("person", "Basil Fenwick"), ("publication", "Lanterns of Brass"),
        ("org", "Harrowgate University"))],
    "known_affiliations": [{}],
    "known_coauthors": [{}],
    "coauthors": [{"person": mint_iri("person", n)} for n in ("Odile Quill", "Basil Fenwick")],
    "timeline": [{"person": mint_iri("person", n)} for n in ("Odile Quill", "Basil Fenwick")],
    "people_at_org": [{"org": mint_iri("org", "Harrowgate University")}],
}
#: GROUP_CONCAT's values, in an order SPARQL leaves open
CONCATENATED = {"documents": "; ", "subjectName": "\n", "objectName": "\n"}


def test_every_rewritten_query_is_compared_with_its_text_before():
    assert sorted(REWRITTEN) == sorted(p.stem for p in BEFORE.glob("*.rq"))


@pytest.fixture(scope="module")
def lean():
    """A store written by kg.rdf from invented extractions: edges stated in their object's mention passages
    have no assertion node (either end the entity asked about), affiliations and attributed edges have one."""
    from kg.model import Document, Entity, Evidence, Extraction, Line, Relation
    from kg.rdf import document_triples
    from kg.resolve import resolve

    def said(line: int, text: str) -> Evidence:
        return Evidence(line, line, text)

    cv = Extraction("/docs/quill-cv.txt", "p", (
        Entity("p", "Odile Quill", "Person", evidence=said(1, "Odile Quill")),
        Entity("u", "Harrowgate University", "University", evidence=said(3, "Harrowgate University")),
        Entity("t", "Lanterns of Brass", "Publication", year="2020", evidence=said(5, "Lanterns of Brass (2020)")),
        Entity("b", "Basil Fenwick", "Person", evidence=said(8, "Advisor: Basil Fenwick")),
    ), (
        Relation("p", "studiedAt", "u", degree="PhD", start="2016", end="2020", evidence=said(3, "PhD, Harrowgate University")),
        Relation("p", "authored", "t", evidence=said(5, "Lanterns of Brass (2020)")),
        Relation("p", "advisedBy", "b", evidence=said(8, "Advisor: Basil Fenwick")),
        Relation("b", "authored", "t", evidence=said(6, "with B. Fenwick")),
    ))
    page = Extraction("/docs/fenwick-page.txt", "b", (
        Entity("b", "Basil Fenwick", "Person", evidence=said(1, "Basil Fenwick")),
        Entity("t", "Lanterns of brass", "Publication", year="2020", evidence=said(4, "Lanterns of brass")),
        Entity("p", "O. Quill", "Person", evidence=said(4, "O. Quill")),
        Entity("u", "Harrowgate University", "University", evidence=said(2, "Harrowgate University")),
    ), (
        Relation("b", "authored", "t", evidence=said(4, "Lanterns of brass")),
        Relation("p", "authored", "t", evidence=said(4, "Lanterns of brass")),
        Relation("b", "coauthored", "p", evidence=said(4, "O. Quill")),
        Relation("b", "workedAt", "u", role="Lecturer", evidence=said(2, "Lecturer, Harrowgate University")),
    ))
    resolution = resolve([cv, page])
    with Store.open(":memory:") as s:
        for ex in (cv, page):
            doc = Document(path=ex.document, name=ex.document.rsplit("/", 1)[-1], format="text", sha256="0",
                           lines=tuple(Line(n, f"line {n}") for n in range(1, 10)))
            s.replace_document(*document_triples(doc, ex, resolution, key=ex.document, built_at="2026-01-01T00:00:00Z"))
        yield s


@pytest.mark.parametrize("name", sorted(REWRITTEN))
def test_a_query_rewritten_for_speed_answers_as_before(merged, lean, name):
    """The rewrites change the plan Oxigraph picks (bench/queries.py), not the rows: the same rows in
    the same order on the fixtures, the text before the rewrite kept in tests/data/queries/before."""
    before = (BEFORE / f"{name}.rq").read_text(encoding="utf-8")

    def answer(store, text, bindings):
        return [{k: sorted(v.split(CONCATENATED[k])) if k in CONCATENATED and v else v for k, v in row.items()}
                for row in store.select(text, bindings)]

    for store, questions in ((merged, REWRITTEN[name]), (lean, LEAN_QUESTIONS.get(name, []))):
        answered = 0
        for bindings in questions:
            now, then = answer(store, load_query(name), bindings), answer(store, before, bindings)
            if then:  # a column added since (explain_labels' ?pageStarts) is tested where it is used
                now = [{k: v for k, v in row.items() if k in then[0]} for row in now]
            if "\nORDER BY" not in before:  # the caller sorts
                now, then = sorted(map(repr, now)), sorted(map(repr, then))
            assert now == then
            answered += bool(now)
        assert answered >= min(2, len(questions))
