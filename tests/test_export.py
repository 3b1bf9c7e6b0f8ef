"""Exports lose nothing: every format holds the store's facts, and loads back into an equal store."""
from __future__ import annotations

import json
from collections import Counter

import pyoxigraph
import pytest
from click.testing import CliRunner

from kg.cli import cli
from kg.store import Store

from conftest import DATA

RELATIONS = ("workedAt", "studiedAt", "advisedBy", "mentoredBy", "authored", "coauthored", "publishedIn",
             "partOf", "contributedTo")
KG = "https://w3id.org/kg/ontology#"
#: export format -> (pyoxigraph format to read it back, suffix :meth:`Store.load` knows, holds named graphs)
RDF_FORMATS = {
    "trig": (pyoxigraph.RdfFormat.TRIG, "trig", True),
    "nquads": (pyoxigraph.RdfFormat.N_QUADS, "nq", True),
    "turtle": (pyoxigraph.RdfFormat.TURTLE, "ttl", False),
    "ntriples": (pyoxigraph.RdfFormat.N_TRIPLES, "nt", False),
    "jsonld": (pyoxigraph.RdfFormat.JSON_LD, "jsonld", False),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A store built from the invented CVs of the extraction tests: every kind of relation is in it."""
    path = tmp_path_factory.mktemp("export") / "kg-data"
    result = CliRunner().invoke(cli, ["build", str(DATA / "extract"), "--store", str(path)])
    assert result.exit_code == 0, result.output
    with Store.open(path) as store:
        stats = store.stats()
        graphs = _quads_per_graph(store)
        union = _union_triples(store)
    assert set(stats["relations"]) == set(RELATIONS)
    return path, stats, graphs, union


def _quads_per_graph(store) -> dict[str, int]:
    rows = store.select("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g")
    return {row["g"]: row["n"] for row in rows}


def _union_triples(store) -> int:
    return store.select("SELECT (COUNT(*) AS ?n) WHERE { SELECT DISTINCT ?s ?p ?o WHERE { GRAPH ?g { ?s ?p ?o } } }")[0]["n"]


def _export(store_path, fmt, out) -> None:
    result = CliRunner().invoke(cli, ["export", "--format", fmt, "--out", str(out), "--store", str(store_path)])
    assert result.exit_code == 0, result.output


def _facts_per_predicate(triples) -> dict[str, int]:
    edges = {(s, p, o) for s, p, o in triples if p.startswith(KG) and p[len(KG):] in RELATIONS}
    return dict(Counter(p[len(KG):] for _, p, _ in edges))


@pytest.mark.parametrize("fmt", sorted(RDF_FORMATS))
def test_an_rdf_export_holds_the_stores_facts_and_quads(built, tmp_path, fmt):
    store_path, stats, graphs, union = built
    out = tmp_path / f"export.{fmt}"
    _export(store_path, fmt, out)
    reader, _, named = RDF_FORMATS[fmt]
    quads = list(pyoxigraph.parse(path=str(out), format=reader))
    triples = [(q.subject.value, q.predicate.value, q.object.value) for q in quads]
    assert _facts_per_predicate(triples) == stats["relations"]
    if named:
        assert dict(Counter(q.graph_name.value for q in quads)) == graphs
    else:  # the union graph
        assert len({(str(q.subject), str(q.predicate), str(q.object)) for q in quads}) == union


@pytest.mark.parametrize("fmt", sorted(RDF_FORMATS))
def test_an_rdf_export_loads_into_a_fresh_store_with_the_same_facts(built, tmp_path, fmt):
    store_path, stats, graphs, union = built
    out = tmp_path / f"export.{RDF_FORMATS[fmt][1]}"
    _export(store_path, fmt, out)
    with Store.open(tmp_path / "fresh") as fresh:
        fresh.load(out)
        assert fresh.stats()["relations"] == stats["relations"]
        assert fresh.stats()["entities"] == stats["entities"]
        if RDF_FORMATS[fmt][2]:
            assert _quads_per_graph(fresh) == graphs
            assert fresh.stats()["documents"] == stats["documents"]
        else:
            assert len(fresh) == union


def test_the_json_export_holds_every_relation_and_entity_of_the_store(built, tmp_path):
    store_path, stats, _, _ = built
    out = tmp_path / "export.json"
    _export(store_path, "json", out)
    data = json.loads(out.read_text())
    edges = {(r["subject"], r["predicate"], r["object"]) for r in data["relations"]}
    assert dict(Counter(p for _, p, _ in edges)) == stats["relations"]
    assert dict(Counter(e["type"] for e in data["entities"])) == stats["entities"]
    assert len(data["documents"]) == stats["documents"]


def test_the_json_export_is_the_same_after_a_round_trip_through_trig(built, tmp_path):
    store_path = built[0]
    _export(store_path, "json", tmp_path / "before.json")
    _export(store_path, "trig", tmp_path / "export.trig")
    with Store.open(tmp_path / "fresh") as fresh:
        fresh.load(tmp_path / "export.trig")
    _export(tmp_path / "fresh", "json", tmp_path / "after.json")
    before, after = (json.loads((tmp_path / name).read_text()) for name in ("before.json", "after.json"))
    before.pop("store"), after.pop("store")
    assert after == before
