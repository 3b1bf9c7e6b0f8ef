"""The embedded store: persistence, locking, atomic document replacement, queries, export."""
from __future__ import annotations

import subprocess
import sys

import pytest
from rdflib import Dataset, Literal, URIRef
from rdflib.compare import isomorphic

from kg.errors import QueryError, StoreError
from kg.store import Store

EX = "https://example.org/"


def triples(n: int, graph: str = "g"):
    return [(URIRef(f"{EX}{graph}/s{i}"), URIRef(f"{EX}p"), Literal(f"value {i}")) for i in range(n)]


def test_store_persists_between_opens(store_path):
    with Store.open(store_path) as store:
        store.replace_document(URIRef(EX + "g1"), triples(3))
    with Store.open(store_path) as store:
        assert len(store) == 3


def test_second_open_of_a_store_in_use_fails_with_a_clear_message(store_path):
    with Store.open(store_path):
        code = f"from kg.store import Store\nStore.open({str(store_path)!r})"
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "in use by another kg process" in result.stderr


def test_lock_is_released_on_close(store_path):
    Store.open(store_path).close()
    with Store.open(store_path, wait=0) as store:
        assert len(store) == 0


def test_locked_store_waits_then_fails(store_path):
    with Store.open(store_path):
        code = f"from kg.store import Store\nStore.open({str(store_path)!r}, wait=0.5)"
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "StoreLockedError" in result.stderr


def test_a_file_is_not_a_store(tmp_path):
    path = tmp_path / "file"
    path.write_text("x")
    with pytest.raises(StoreError, match="not a store directory"):
        Store.open(path)


def test_replace_document_replaces_only_that_graph():
    store = Store.open(":memory:")
    store.replace_document(URIRef(EX + "g1"), triples(3, "a"))
    store.replace_document(URIRef(EX + "g2"), triples(2, "b"))
    store.replace_document(URIRef(EX + "g1"), triples(1, "a"))
    assert len(store) == 3
    store.replace_document(URIRef(EX + "g1"), triples(1, "a"))  # idempotent
    assert len(store) == 3


def test_failure_while_producing_a_document_leaves_the_store_unchanged():
    store = Store.open(":memory:")
    store.replace_document(URIRef(EX + "g1"), triples(3))
    before = store.serialize("nquads")

    def broken():
        yield from triples(2, "new")
        raise RuntimeError("extractor crashed half-way")

    with pytest.raises(RuntimeError):
        store.replace_document(URIRef(EX + "g1"), broken())
    with pytest.raises(RuntimeError):
        store.replace_documents([(URIRef(EX + "g9"), triples(2, "z")), (URIRef(EX + "g10"), broken())])
    assert store.serialize("nquads") == before


def test_query_binds_values_as_parameters_not_text():
    store = Store.open(":memory:")
    tricky = 'Ann "O\'Neil" {x} >y } UNION { ?s ?p ?o'
    store.replace_document(URIRef(EX + "g"), [(URIRef(EX + "a"), URIRef(EX + "name"), Literal(tricky))])
    rows = list(store.query("SELECT ?s ?name WHERE { ?s ?p ?name }", {"name": Literal(tricky)}))
    assert [str(r.s) for r in rows] == [EX + "a"]
    assert list(store.query("SELECT ?s ?name WHERE { ?s ?p ?name }", {"name": Literal("other")})) == []


def test_a_parameter_missing_from_the_projection_is_still_bound():
    store = Store.open(":memory:")
    store.replace_document(URIRef(EX + "g"), [(URIRef(EX + "a"), URIRef(EX + "name"), Literal("x")),
                                              (URIRef(EX + "b"), URIRef(EX + "name"), Literal("y"))])
    query = "SELECT ?s WHERE { ?s ?p ?name }"
    assert [str(r.s) for r in store.query(query, {"name": Literal("x")})] == [EX + "a"]
    assert store.select(query, {"name": Literal("y")}) == [{"s": EX + "b"}]
    aggregate = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?name }"
    assert store.select(aggregate, {"name": Literal("x")}) == [{"n": 1}]


def test_malformed_sparql_reports_line_and_column():
    store = Store.open(":memory:")
    with pytest.raises(QueryError) as info:
        store.query("SELECT ?x\nWHERE {\n  ?x ?y ?z . FILTER(\n}")
    assert info.value.line == 4 and info.value.column is not None
    assert "line 4, column" in str(info.value)


def test_trig_export_reparses_into_an_isomorphic_dataset():
    store = Store.open(":memory:")
    store.replace_document(URIRef(EX + "g1"), triples(3, "a"))
    store.replace_document(URIRef(EX + "g2"), triples(2, "b") + [(URIRef(EX + "x"), URIRef(EX + "p"), Literal("ünï"))])
    exported = Dataset().parse(data=store.serialize("trig"), format="trig")
    original = Dataset().parse(data=store.serialize("nquads"), format="nquads")
    for name in ("g1", "g2"):
        assert isomorphic(exported.graph(URIRef(EX + name)), original.graph(URIRef(EX + name)))


def test_unknown_export_format_is_a_clear_error():
    with pytest.raises(StoreError, match="unknown export format"):
        Store.open(":memory:").serialize("csv")
