"""The embedded store: persistence, locking, atomic document replacement, queries, export."""
from __future__ import annotations

import subprocess
import sys

import tempfile

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


def _nt_document(name: str, n: int):
    """A document graph as kg.rdf.document_ntriples gives it: N-Triples terms, with its document node."""
    graph = f"<{EX}graph/{name}>"
    doc = f"<{EX}doc/{name}>"
    body = [(f"<{EX}{name}/s{i}>", f"<{EX}p>", f'"value {i}"') for i in range(n)]
    return graph, [(doc, "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>", "<https://w3id.org/kg/ontology#Document>"),
                   *body]


def _documents_in(store) -> set[str]:
    return {r["d"] for r in store.select("SELECT ?d WHERE { GRAPH ?g { ?d a <https://w3id.org/kg/ontology#Document> } }")}


def test_bulk_writer_loads_batches_in_order_and_marks_documents_after_their_quads(monkeypatch):
    store = Store.open(":memory:")
    store.add_documents([_nt_document("z", 1)])  # a store that holds something: a bulk load per batch
    calls, files = [], []
    ox = store._ox

    class Recording:
        """The Oxigraph store, recording which writes happen in which order."""

        def __getattr__(self, name):
            return getattr(ox, name)

        def bulk_load(self, data, *args, **kwargs):
            files.append(data)  # the batch's text, in a file rather than in memory
            text = data.read().decode()
            data.seek(0)
            calls.append(("bulk", text.count("\n"), "Document>" in text))
            ox.bulk_load(data, *args, **kwargs)

        def load(self, data, *args, **kwargs):
            calls.append(("markers", data.count("\n"), "Document>" in data))
            ox.load(data, *args, **kwargs)

    monkeypatch.setattr(store, "_ox", Recording())
    with store.bulk_writer() as writer:
        writer.add([_nt_document("a", 3), _nt_document("b", 2)])
        writer.add([_nt_document("c", 4)])
        assert writer.written >= 2  # the first batch is in the store once the second is queued
    assert writer.written == 3
    assert calls == [("bulk", 5, False), ("markers", 2, True), ("bulk", 4, False), ("markers", 1, True)]
    assert len(files) == 2 and all(f.closed for f in files)  # each batch's file let go once loaded
    monkeypatch.setattr(store, "_ox", ox)
    assert _documents_in(store) == {f"{EX}doc/a", f"{EX}doc/b", f"{EX}doc/c", f"{EX}doc/z"}
    assert len(store) == 3 + 1 + 2 + 1 + 4 + 1 + 1 + 1


def test_bulk_writer_streams_every_batch_of_an_empty_store_into_one_load(monkeypatch, tmp_path):
    """One bulk load costs RocksDB less merging than one per batch; the documents become visible
    together, once all their quads are in, and the counts need no count of the store."""
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # where the pipe is made, and must be gone from
    monkeypatch.setattr(tempfile, "tempdir", None)
    store = Store.open(tmp_path / "s")
    calls = []
    ox = store._ox

    class Recording:
        def __getattr__(self, name):
            return getattr(ox, name)

        def bulk_load(self, *args, **kwargs):
            calls.append("bulk")
            ox.bulk_load(*args, **kwargs)

        def load(self, data, *args, **kwargs):
            calls.append(("markers", data.count("\n")))
            ox.load(data, *args, **kwargs)

    monkeypatch.setattr(store, "_ox", Recording())
    many = [_kg_document(f"c{i}.md", f"org{i % 7}", f"Ann{i}", f"Bo{i}", "Cy") for i in range(2000)]  # ~4 MB: more than a pipe holds
    with store.bulk_writer() as writer:
        writer.add([_kg_document("a.md", "north", "Ann", "Bo")])
        writer.add(many)
        assert writer.written == 0 and not _documents_in(store)
    assert calls == ["bulk", ("markers", 2001)]
    assert writer.written == 2001 and len(_documents_in(store)) == 2001
    monkeypatch.setattr(store, "_ox", ox)
    assert _kept(store) == store._counted()  # kept from the streamed triples alone
    assert [p.name for p in tmp_path.iterdir()] == ["s"]


def test_bulk_writer_stream_rewrites_a_graph_given_twice_at_its_end():
    store = Store.open(":memory:")
    with store.bulk_writer() as writer:
        writer.add([_kg_document("a.md", "north", "Ann", "Bo")])
        writer.add([_kg_document("b.md", "north", "Cy"), _kg_document("a.md", "south", "Ann")])  # a.md again
    assert _documents_in(store) == {f"{EX}doc/a.md", f"{EX}doc/b.md"}
    assert {r["o"] for r in store.select(f"SELECT ?o WHERE {{ GRAPH ?g {{ <{EX}person/Ann> <{KG}workedAt> ?o }} }}")} \
        == {f"{EX}org/south"}  # replaced, not merged
    assert store.stats() == store._counted()


def test_bulk_writer_stream_raises_a_failed_load_and_marks_no_document():
    store = Store.open(":memory:")
    with pytest.raises(SyntaxError):
        with store.bulk_writer() as writer:
            writer.add([_nt_document("a", 2)])
            writer.add([(f"<{EX}graph/bad>", [(f"<{EX}s>", f"<{EX}p>", '"unterminated')])])
            writer.add([_nt_document(f"c{i}", 40) for i in range(300)])  # the loader has stopped: not waited for
    assert _documents_in(store) == set()


def test_bulk_writer_compacts_the_files_of_many_bulk_loads_when_it_closes(tmp_path):
    """Each bulk load adds a file to each index, and every index read seeks in each of them."""
    from kg.store import COMPACT_AFTER_LOADS

    counts = {}
    for name, loads in (("few", COMPACT_AFTER_LOADS - 1), ("many", COMPACT_AFTER_LOADS)):
        with Store.open(tmp_path / name) as store:
            store.add_documents([_nt_document("first", 1)])  # not empty: a bulk load per batch
            writer = store.bulk_writer()
            for i in range(loads):
                writer.add([_nt_document(f"d{i}", 3)])
            writer.wait()
            loaded = len(list((tmp_path / name / "oxigraph").glob("*.sst")))
            writer.close()
            counts[name] = loaded, len(list((tmp_path / name / "oxigraph").glob("*.sst")))
            assert len(_documents_in(store)) == loads + 1
    # a writer of fewer loads leaves their files; one of more merges them (3.08M quads: 80 files -> 22)
    assert counts["many"][1] < counts["many"][0] and counts["many"][1] < counts["few"][1] / 1.5


def test_bulk_writer_raises_a_failed_load_and_reports_none_of_its_documents(monkeypatch):
    store = Store.open(":memory:")
    with store.bulk_writer() as writer:
        writer.add([_nt_document("a", 2)])
    with pytest.raises(SyntaxError):
        with store.bulk_writer() as writer:
            writer.add([(f"<{EX}graph/bad>", [(f"<{EX}doc/bad>", "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>",
                                                "<https://w3id.org/kg/ontology#Document>"),
                                               (f"<{EX}s>", f"<{EX}p>", '"unterminated')])])
    assert _documents_in(store) == {f"{EX}doc/a"}


def test_bulk_writer_rewrites_a_graph_that_exists_or_was_queued_before():
    store = Store.open(":memory:")
    store.add_documents([_nt_document("a", 3)])
    with store.bulk_writer() as writer:
        writer.add([_nt_document("a", 1)])  # exists: replaced, not merged
        writer.add([_nt_document("b", 5)])
        writer.add([_nt_document("b", 2)])  # queued by an earlier batch: replaced as well
    assert len(store) == (1 + 1) + (2 + 1)
    assert _documents_in(store) == {f"{EX}doc/a", f"{EX}doc/b"}


# -- counts kept write by write -----------------------------------------------------------------------
KG = "https://w3id.org/kg/ontology#"
RDF_TYPE = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"


def _kg_document(name: str, org: str, *people: str):
    """A document graph in the kg vocabulary (N-Triples terms): people who worked at an organisation."""
    doc, university = f"<{EX}doc/{name}>", f"<{EX}org/{org}>"
    found = [(doc, RDF_TYPE, f"<{KG}Document>"), (doc, f"<{KG}sourcePath>", f'"/cv/{name}"'),
             (doc, f"<{KG}fileName>", f'"{name}"'), (doc, f"<{KG}contentHash>", '"00"'),
             (university, RDF_TYPE, f"<{KG}University>")]
    for person in people:
        node = f"<{EX}person/{person}>"
        found += [(node, RDF_TYPE, f"<{KG}Person>"), (node, f"<{KG}name>", f'"{person}"'),
                  (node, f"<{KG}workedAt>", university), (node, RDF_TYPE, f"<{KG}Person>")]  # stated twice
    return f"<https://w3id.org/kg/id/graph/{name}>", found


def _kept(store) -> dict:
    """``store.stats()`` as kept: it fails if it has to count the whole store."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Store, "_counted", lambda self: pytest.fail("stats() counted the whole store"))
        return store.stats()


def test_stats_are_kept_through_every_write_and_equal_a_count_of_the_whole_store(store_path):
    with Store.open(store_path) as store:
        store.add_documents([_kg_document("a.md", "north", "Ann", "Bo"), _kg_document("b.md", "north", "Bo", "Cy")])
        assert _kept(store) == store._counted() == {
            "documents": 2, "quads": 22, "entities": {"Person": 3, "University": 1}, "relations": {"workedAt": 3}}
        with store.bulk_writer() as writer:
            writer.add([_kg_document("a.md", "south", "Ann")])  # rewritten: Bo's edge is still stated by b.md
            writer.add([_kg_document("c.md", "south", "Dee")])
        assert _kept(store) == store._counted() == {
            "documents": 3, "quads": 27, "entities": {"Person": 4, "University": 2}, "relations": {"workedAt": 4}}
        store.remove_graph(URIRef("https://w3id.org/kg/id/graph/b.md"))
        assert _kept(store) == store._counted() == {
            "documents": 2, "quads": 16, "entities": {"Person": 2, "University": 1}, "relations": {"workedAt": 2}}
    with Store.open(store_path, read_only=True) as reader:  # the published snapshot's counts
        assert _kept(reader) == reader._counted()


def test_stats_after_a_write_they_cannot_follow_count_the_store_once(store_path):
    with Store.open(store_path) as store:
        store.add_documents([_kg_document("a.md", "north", "Ann")])
        store._changed()  # a build killed in its bulk load: a graph without its document node
        store._ox.bulk_load(f"<{EX}person/Eve> {RDF_TYPE} <{KG}Person> <https://w3id.org/kg/id/graph/x.md> .\n",
                            format=__import__("pyoxigraph").RdfFormat.N_QUADS)
        with pytest.raises(pytest.fail.Exception):
            _kept(store)
        assert store.stats()["entities"] == {"Person": 2, "University": 1}
        assert store.drop_incomplete() == ["https://w3id.org/kg/id/graph/x.md"]
        assert _kept(store) == store._counted() and store.stats()["entities"] == {"Person": 1, "University": 1}
        store.update(f"INSERT DATA {{ GRAPH <{EX}g> {{ <{EX}person/Fay> a <{KG}Person> }} }}")
        assert store.stats() == store._counted() and store.stats()["entities"]["Person"] == 2


# -- one writer, any number of readers: snapshots ------------------------------------------------------
def test_a_reader_is_not_refused_by_a_writer_and_sees_what_the_last_writer_left(store_path):
    with Store.open(store_path) as writer:
        writer.replace_document(URIRef(EX + "g1"), triples(3))
    with Store.open(store_path) as writer:
        writer.replace_document(URIRef(EX + "g2"), triples(2, "g2"))
        with Store.open(store_path, read_only=True) as reader:
            assert len(reader) == 3  # not the write in progress
        with Store.open(store_path, wait=0, read_only=True) as reader:
            assert len(reader) == 3
    with Store.open(store_path, read_only=True) as reader:
        assert len(reader) == 5


def test_a_read_only_store_refuses_writes(store_path):
    Store.open(store_path).close()
    with Store.open(store_path, read_only=True) as reader:
        with pytest.raises(StoreError, match="read-only"):
            reader.replace_document(URIRef(EX + "g1"), triples(1))
        with pytest.raises(StoreError, match="read-only"):
            reader.update("INSERT DATA { <https://example.org/a> <https://example.org/p> 1 }")


def test_a_reader_refreshes_to_a_later_write_and_the_old_snapshot_goes_once_released(store_path):
    Store.open(store_path).close()
    reader = Store.open(store_path, read_only=True)
    first = reader.generation
    assert reader.refresh() is False
    with Store.open(store_path) as writer:
        writer.replace_document(URIRef(EX + "g1"), triples(4))
    snapshots = store_path / "snapshots"
    assert (snapshots / first).is_dir()  # the reader still holds it
    assert reader.refresh() is True and len(reader) == 4 and reader.generation != first
    with Store.open(store_path) as writer:
        writer.replace_document(URIRef(EX + "g2"), triples(1, "g2"))
    assert not (snapshots / first).exists()  # released by the refresh, deleted by the next writer
    reader.close()


def test_reading_a_directory_without_a_store_is_reading_an_empty_one(tmp_path):
    with Store.open(tmp_path / "nothing-here", read_only=True) as reader:
        assert reader.stats()["quads"] == 0
    assert not (tmp_path / "nothing-here").exists()


def test_a_store_written_before_snapshots_gets_one_when_read(store_path):
    import shutil

    with Store.open(store_path) as writer:
        writer.replace_document(URIRef(EX + "g1"), triples(2))
    shutil.rmtree(store_path / "snapshots")
    with Store.open(store_path, read_only=True) as reader:
        assert len(reader) == 2
    current = (store_path / "snapshots" / "CURRENT").read_text()
    shutil.rmtree(store_path / "snapshots" / current)  # a snapshot lost: the next reader makes another
    with Store.open(store_path, read_only=True) as reader:
        assert len(reader) == 2


def test_a_construct_is_read_only_up_to_max_triples():
    store = Store.open(":memory:")
    store.replace_document(URIRef(EX + "g1"), triples(50))
    cut = store.query("CONSTRUCT WHERE { ?s ?p ?o }", max_triples=10)
    assert len(cut.graph) == 10 and cut.truncated
    whole = store.query("CONSTRUCT WHERE { ?s ?p ?o }", max_triples=50)
    assert len(whole.graph) == 50 and not whole.truncated
    rows = store.query("SELECT ?o WHERE { ?s ?p ?o } ORDER BY ?o LIMIT 1", max_triples=10)
    assert [str(r.o) for r in rows] == ["value 0"]


def _old_layout_store(path) -> None:
    """A store as kg wrote it before passage nodes: a mention naming its document with kg:sourceDocument."""
    from kg.namespaces import KG

    person, doc = URIRef("https://w3id.org/kg/id/person/ida-quill"), URIRef("https://w3id.org/kg/id/doc/1")
    with Store.open(path) as store:
        store.replace_document(URIRef("https://w3id.org/kg/id/graph/1"),
                               [(person, KG.name, Literal("Ida Quill")), (person, KG.sourceDocument, doc)])


@pytest.mark.parametrize("read_only", [False, True])
def test_a_store_built_in_the_old_layout_is_refused_with_how_to_rebuild_it(store_path, read_only):
    _old_layout_store(store_path)
    with pytest.raises(StoreError, match=r"built by an older kg.*kg build --rebuild"):
        Store.open(store_path, read_only=read_only)
    with Store.open(store_path, rebuild=True) as store:  # (a refused writer released its lock)
        assert len(store) == 0
    with Store.open(store_path, read_only=True) as store:
        assert len(store) == 0


def test_a_store_built_before_search_keys_gets_them_when_next_opened_and_its_names_are_found(store_path):
    from kg.namespaces import KG

    person = URIRef("https://w3id.org/kg/id/person/ida-quill")
    with Store.open(store_path) as store:  # names and aliases as a kg before kg:searchKey wrote them
        store.update(f"INSERT DATA {{ GRAPH <https://w3id.org/kg/id/graph/1> {{ <{person}> a <{KG.Person}> ; "
                     f"<{KG.name}> 'Ida  QUILL' ; <{KG.alias}> 'I. Quill' }} }}")
        before = store.stats()
    assert before["quads"] == 3
    with Store.open(store_path, read_only=True) as reader:  # a reader has a writer add them, then reads
        assert [r["entity"] for r in reader.rows("find_entities", key=Literal("i. quill"))] == [str(person)]
        assert [r["entity"] for r in reader.rows("find_entities", key=Literal("ida quill"))] == [str(person)]
        assert reader.stats() == reader._counted() == {**before, "quads": 5}
    with Store.open(store_path) as store:
        assert not store.lacks_search_keys() and store.add_search_keys() == 0


def test_loading_a_backup_in_the_old_layout_is_refused_and_leaves_the_store_as_it_was(tmp_path):
    backup = tmp_path / "old.trig"
    backup.write_text("<https://w3id.org/kg/id/graph/1> {\n"
                      "  <https://w3id.org/kg/id/person/ida-quill> <https://w3id.org/kg/ontology#name> \"Ida Quill\" ;\n"
                      "    <https://w3id.org/kg/ontology#sourceDocument> <https://w3id.org/kg/id/doc/1> .\n}\n")
    store = Store.open(":memory:")
    store.replace_document(URIRef(EX + "kept"), triples(3))
    with pytest.raises(StoreError, match=r"old.trig: an older kg wrote this file.*kg build DOCUMENTS"):
        store.load(backup)
    assert len(store) == 3
    backup.write_text(backup.read_text().replace("sourceDocument", "mentionedIn"))
    store.load(backup)
    assert len(store) == 6  # its two triples and the name's search key (kg:searchKey "ida quill")


def test_query_runs_on_oxigraph_not_through_rdflib_and_declares_rdflibs_prefixes():
    store = Store.open(":memory:")
    store.replace_document(URIRef(EX + "g"), [(URIRef(EX + "a"), URIRef("http://www.w3.org/ns/dcat#keyword"),
                                               Literal("x"))])
    rows = list(store.query("SELECT ?s WHERE { ?s dcat:keyword ?k }", {"k": Literal("x")}))
    assert [str(r.s) for r in rows] == [EX + "a"]
    assert store.query("ASK { ?s dcat:keyword 'x' }").askAnswer is True
    assert store._dataset is None  # rdflib's Dataset (and its evaluation over oxrdflib) was never made


def test_the_prefixes_a_query_need_not_declare_are_rdflibs_and_kgs():
    """kg/queries/prefixes.json keeps them as data, so that a query needs no rdflib import."""
    from rdflib import Dataset

    from kg.namespaces import bind_prefixes
    from kg.store import _query_prefixes

    dataset = Dataset()
    bind_prefixes(dataset)
    assert _query_prefixes() == {prefix: str(iri) for prefix, iri in dataset.namespaces()}
