"""kg.remote: the store on a real SPARQL 1.1 server (Virtuoso, started here on a loopback port)."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest
from rdflib import Dataset, Literal, URIRef
from rdflib.compare import isomorphic

from kg.errors import QueryError, StoreError
from kg.namespaces import KG, KGR, document_graph_iri
from kg.remote import RemoteStore, bind_values, restrict_to_graph
from kg.store import Store


DATA = Path(__file__).resolve().parent / "data"
SMALL = DATA / "analysis" / "small.trig"
CV = DATA / "remote" / "cv.txt"
RDF_TYPE = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")


# -- SPARQL text helpers (no server needed) ---------------------------------------------------
@pytest.mark.parametrize("query, expected", [
    ("SELECT ?n WHERE { ?p <urn:name> ?n }", "SELECT ?n WHERE { VALUES (?p) { (<urn:x>) } ?p <urn:name> ?n }"),
    ("PREFIX a: <urn:a#>\nSELECT ?n { ?p a:name ?n } ORDER BY ?n",
     "PREFIX a: <urn:a#>\nSELECT ?n { VALUES (?p) { (<urn:x>) } ?p a:name ?n } ORDER BY ?n"),
    ("CONSTRUCT { ?p <urn:q> \"}\" } WHERE { ?p ?q ?o }",
     "CONSTRUCT { ?p <urn:q> \"}\" } WHERE { VALUES (?p) { (<urn:x>) } ?p ?q ?o }"),
    ("# a { comment\nASK { ?p ?q '{' }", "# a { comment\nASK { VALUES (?p) { (<urn:x>) } ?p ?q '{' }"),
    ("SELECT (COUNT(?o) AS ?c) WHERE { ?p ?q ?o } GROUP BY ?p",
     "SELECT (COUNT(?o) AS ?c) WHERE { VALUES (?p) { (<urn:x>) } ?p ?q ?o } GROUP BY ?p"),
    ("DESCRIBE ?p", "DESCRIBE ?p\nVALUES (?p) { (<urn:x>) }"),
])
def test_bind_values_goes_first_in_the_where_group(query, expected):
    assert bind_values(query, {"p": URIRef("urn:x")}) == expected


def test_bind_values_escapes_literals():
    text = bind_values("SELECT * WHERE { ?s ?p ?o }", {"o": Literal('say "hi"\n', lang="en"), "s": Literal(3)})
    assert '"say \\"hi\\"\\n"@en' in text
    assert '"3"^^<http://www.w3.org/2001/XMLSchema#integer>' in text


@pytest.mark.parametrize("bindings", [{"o } DROP ALL ; ASK { ?o": Literal(1)}, {"o o": Literal(1)}, {"": Literal(1)},
                                      {"o": URIRef("http://a>b")}, {"o": URIRef("urn:x> } DROP ALL ; ASK { <urn:y")}])
def test_bind_values_refuses_names_and_iris_that_would_change_the_query(bindings):
    with pytest.raises(QueryError, match="not a variable name|not an IRI"):
        bind_values("SELECT * WHERE { ?s ?p ?o }", bindings)


def test_bind_values_takes_the_oxigraph_terms_kg_query_binds():
    import pyoxigraph

    bindings = {"s": pyoxigraph.NamedNode("urn:x"), "o": pyoxigraph.Literal('say "hi"', language="en")}
    assert (bind_values("SELECT * WHERE { ?s ?p ?o }", bindings)
            == 'SELECT * WHERE { VALUES (?s ?o) { (<urn:x> "say \\"hi\\""@en) } ?s ?p ?o }')
    with pytest.raises(QueryError, match="blank node"):
        bind_values("SELECT * WHERE { ?s ?p ?o }", {"s": pyoxigraph.BlankNode()})


def test_restrict_to_graph():
    assert restrict_to_graph("ASK { ?s ?p ?o }", "urn:g") == "ASK { GRAPH <urn:g> { ?s ?p ?o } }"
    assert (restrict_to_graph("CONSTRUCT WHERE { ?s ?p ?o }", "urn:g")
            == "CONSTRUCT { ?s ?p ?o } WHERE { GRAPH <urn:g> { ?s ?p ?o } }")
    with pytest.raises(ValueError):
        restrict_to_graph("ASK {}", "not an iri")


def test_unreachable_server_is_a_store_error():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(StoreError, match="cannot reach"):
        Store.open(f"http://127.0.0.1:{port}/sparql")


# -- a private Virtuoso ---------------------------------------------------------------------------
_INI = """\
[Database]
DatabaseFile = {dir}/virtuoso.db
ErrorLogFile = {dir}/virtuoso.log
LockFile = {dir}/virtuoso.lck
TransactionFile = {dir}/virtuoso.trx
xa_persistent_file = {dir}/virtuoso.pxa
ErrorLogLevel = 7
FileExtend = 200
Striping = 0
TempStorage = TempDatabase
[TempDatabase]
DatabaseFile = {dir}/virtuoso-temp.db
TransactionFile = {dir}/virtuoso-temp.trx
[Parameters]
ServerPort = 127.0.0.1:{sql_port}
DisableUnixSocket = 1
NumberOfBuffers = 10000
MaxDirtyBuffers = 6000
CheckpointInterval = 0
DirsAllowed = .
ThreadsPerQuery = 1
[HTTPServer]
ServerPort = 127.0.0.1:{http_port}
ServerRoot = {dir}
ServerThreads = 4
Charset = UTF-8
[SPARQL]
ResultSetMaxRows = 1000000
MaxQueryExecutionTime = 60
"""


def _free_ports(n: int) -> list[int]:
    sockets = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        sockets.append(s)
    ports = [s.getsockname()[1] for s in sockets]
    for s in sockets:
        s.close()
    return ports


@pytest.fixture(scope="module")
def virtuoso(tmp_path_factory):
    """The URL of a private Virtuoso's /sparql endpoint (updates granted), on 127.0.0.1; stopped afterwards."""
    import httpx

    binary, isql = shutil.which("virtuoso-t"), shutil.which("isql-vt")
    if not binary or not isql:
        pytest.skip("Virtuoso is not installed (virtuoso-t / isql-vt not found): "
                    "run `bash .ci/virtuoso.sh` (apt-get install virtuoso-opensource) to test the remote store")
    folder = tmp_path_factory.mktemp("virtuoso")
    sql_port, http_port = _free_ports(2)
    (folder / "virtuoso.ini").write_text(_INI.format(dir=folder, sql_port=sql_port, http_port=http_port))
    log = open(folder / "stdout.log", "wb")
    process = subprocess.Popen([binary, "+configfile", str(folder / "virtuoso.ini"), "+foreground"],
                               cwd=folder, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{http_port}/sparql"
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                pytest.fail(f"virtuoso-t exited with {process.returncode}: "
                            + (folder / "stdout.log").read_text(errors="replace")[-2000:])
            try:
                if httpx.get(url, params={"query": "ASK {}"}, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("Virtuoso did not answer on its SPARQL endpoint within 90 s")
            time.sleep(0.3)
        granted = subprocess.run([isql, f"127.0.0.1:{sql_port}", "dba", "dba",
                                  'exec=GRANT SPARQL_UPDATE TO "SPARQL";'],
                                 capture_output=True, text=True, timeout=60)
        assert granted.returncode == 0, granted.stdout + granted.stderr
        yield url
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        log.close()


@pytest.fixture
def remote(virtuoso):
    """An empty remote store (every kg graph dropped) on the private Virtuoso."""
    store = Store.open(virtuoso)
    for g in store.graphs():
        store.remove_graph(URIRef(g))
    yield store
    for g in store.graphs():
        store.remove_graph(URIRef(g))
    store.close()


# -- the store on the server -------------------------------------------------------------------------
G1 = document_graph_iri("tests/one.txt")
G2 = document_graph_iri("tests/two.txt")
ADA = KGR["person/ada-lovelace"]


def test_store_open_dispatches_urls_to_the_remote_store(remote):
    assert isinstance(remote, RemoteStore)
    assert remote.stats() == {"documents": 0, "quads": 0, "entities": {}, "relations": {}}


def test_replace_query_and_remove_round_trip(remote):
    tricky = Literal('line one\nline "two"\ttab é 中文 \\ back')
    remote.replace_document(G1, [(ADA, KG.name, Literal("Ada Lovelace")), (ADA, RDF_TYPE, KG.Person),
                                 (ADA, KG.alias, tricky), (ADA, KG.startYear, Literal(1833))])
    remote.replace_document(G2, [(ADA, KG.alias, Literal("A. King", lang="en"))])
    assert remote.graphs() == sorted([str(G1), str(G2)])
    rows = remote.query("SELECT ?a WHERE { ?p <https://w3id.org/kg/ontology#alias> ?a } ORDER BY ?a")
    assert sorted(r.a for r in rows) == sorted([tricky, Literal("A. King", lang="en")])
    # the default graph is the union of the documents; GRAPH ?g names each document
    by_graph = remote.query("SELECT ?g WHERE { GRAPH ?g { ?p <https://w3id.org/kg/ontology#alias> ?a } }")
    assert sorted(str(r.g) for r in by_graph) == sorted([str(G1), str(G2)])
    assert remote.query(f"ASK {{ <{ADA}> ?p 1833 }}").askAnswer is True
    assert remote.query("ASK { ?s ?p 1834 }").askAnswer is False
    assert len(remote) == 5
    # replacing a document drops its old facts
    remote.replace_document(G1, [(ADA, KG.name, Literal("Augusta Ada King"))])
    names = [str(r.n) for r in remote.query("SELECT ?n WHERE { ?p <https://w3id.org/kg/ontology#name> ?n }")]
    assert names == ["Augusta Ada King"]
    assert remote.remove_graph(G1) is True
    assert remote.remove_graph(G1) is False
    assert remote.graphs() == [str(G2)]


def test_url_credentials_answer_virtuosos_digest_challenge(virtuoso):
    authenticated = virtuoso.replace("//", "//dba:dba@") + "-auth"
    assert Store.open(authenticated).query("ASK {}").askAnswer is True
    with pytest.raises(StoreError, match="401"):
        Store.open(virtuoso.replace("//", "//dba:wrong@") + "-auth")


def test_bindings_constrain_even_unprojected_variables(remote):
    remote.replace_document(G1, [(KGR[f"person/p{i}"], KG.name, Literal(f"P {i}")) for i in range(5)])
    q = "SELECT ?p WHERE { ?p <https://w3id.org/kg/ontology#name> ?name }"
    assert [str(r.p) for r in remote.query(q, {"name": Literal("P 3")})] == [str(KGR["person/p3"])]


def test_large_documents_are_written_in_batches_and_swapped_in_whole(remote):
    remote.batch_size = 50
    triples = [(KGR[f"person/p{i}"], KG.name, Literal(f"Person {i}")) for i in range(333)]
    remote.replace_document(G1, triples)
    assert len(remote) == 333
    remote.replace_document(G1, triples[:120])
    assert len(remote) == 120
    leftovers = remote.query("SELECT ?g WHERE { GRAPH ?g { ?s ?p ?o } FILTER STRSTARTS(STR(?g), 'urn:kg:staging:') }")
    assert "urn:kg:staging:" not in str(leftovers.vars)  # the query itself is fine
    import httpx

    raw = httpx.post(remote.endpoint, data={"query": "SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } "
                                                      "FILTER STRSTARTS(STR(?g), 'urn:kg:staging:') }"},
                     headers={"Accept": "application/sparql-results+json"}).json()
    assert raw["results"]["bindings"] == []


def test_other_data_on_the_server_is_not_part_of_the_store(remote):
    remote.update("INSERT DATA { GRAPH <urn:someone-else> { <urn:x> <https://w3id.org/kg/ontology#name> 'other' } }")
    try:
        remote.replace_document(G1, [(ADA, KG.name, Literal("Ada"))])
        names = [str(r.n) for r in remote.query("SELECT ?n WHERE { ?s <https://w3id.org/kg/ontology#name> ?n }")]
        assert names == ["Ada"]
    finally:
        remote.update("DROP SILENT GRAPH <urn:someone-else>")


def test_syntax_errors_are_query_errors(remote):
    with pytest.raises(QueryError, match="syntax error"):
        remote.query("SELECT ?x WHERE { ?x }")


def _load_both(remote):
    from kg.rdf import with_search_keys

    embedded = Store.open(":memory:")
    embedded.load(SMALL)
    data = Dataset()
    data.parse(SMALL, format="trig")
    # Store.load gives the names their search keys (kg.rdf.with_search_keys); so does this
    remote.replace_documents([(g.identifier, with_search_keys(g)) for g in data.graphs() if len(g)])
    return embedded


def test_answer_as_text_is_the_embedded_stores(remote):
    """kg query prints Store.answer: the server's cells read as the embedded store's."""
    embedded = _load_both(remote)
    names = "SELECT DISTINCT ?name ?none WHERE { ?p <https://w3id.org/kg/ontology#name> ?name } ORDER BY ?name"
    assert remote.answer(names).rows and remote.answer(names) == embedded.answer(names)
    assert remote.answer("ASK { ?s ?p ?o }") == embedded.answer("ASK { ?s ?p ?o }") == (
        "ASK", (), (), True, None)


def _person(store):
    return str(store.rows("documents")[0]["about"])


def _two_people(store):
    return [e.names[0] for e in store.known_entities() if e.type == "Person"][:2]


@pytest.mark.parametrize("name, run", [
    ("central", lambda s: __import__("kg.analyze").analyze.central(s)),
    ("communities", lambda s: __import__("kg.analyze").analyze.communities(s)),
    ("collaborators", lambda s: __import__("kg.analyze").analyze.collaborators(s, _person(s))),
    pytest.param("person", lambda s: __import__("kg.analyze").analyze.person(s, _person(s)),
                 marks=pytest.mark.xfail(strict=False, reason="flaky: Virtuoso returns venues.rq's rows with equal "
                                         "?publications (ICWX, JGAD) in either order from run to run, and its "
                                         "timeline section has the MIN() flake below; it passes when both match")),
    ("shared", lambda s: __import__("kg.analyze").analyze.shared(s, *_two_people(s))),
    ("path", lambda s: __import__("kg.analyze").analyze.path(s, *_two_people(s))),
    pytest.param("timeline", lambda s: __import__("kg.analyze").analyze.timeline(s, _person(s)),
                 marks=pytest.mark.xfail(strict=False, reason="flaky: Virtuoso's MIN() over an organisation's two "
                                         "names sometimes picks 'Acme Robotics Inc.' where Oxigraph picks 'Acme "
                                         "Robotics'; it passes when Virtuoso picks the same")),
])
def test_analyses_give_the_same_answers_as_on_the_embedded_store(remote, name, run):
    embedded = _load_both(remote)
    assert run(remote) == run(embedded)


def _named_questions():
    from tests.test_queries import QUESTIONS_ON_OXIGRAPH

    return QUESTIONS_ON_OXIGRAPH


#: Where Virtuoso is known to answer otherwise: always (strict), or on some runs only.
_VIRTUOSO_DIFFERS = {
    "shared_affiliations": pytest.mark.xfail(strict=True, reason="Virtuoso raises 'Division by 0' on the 1 / 0 "
                                             "that shared_affiliations.rq uses for an unbound overlap"),
    "timeline": pytest.mark.xfail(strict=False, reason="flaky: Virtuoso's MIN() over an organisation's names "
                                  "along kg:name+ sometimes picks another of them"),
}


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=_VIRTUOSO_DIFFERS[n]) if n in _VIRTUOSO_DIFFERS else n for n in sorted(_named_questions())])
def test_every_named_query_runs_on_the_server_as_on_the_embedded_store(remote, name):
    """Each parameterised .rq (rewritten for Oxigraph's planner) is SPARQL 1.1 the server takes, with
    the embedded store's rows (as sets: a tie of ORDER BY may fall either way on the server, and
    GROUP_CONCAT's order is left open)."""
    from kg.queries import load_query

    embedded = _load_both(remote)
    bindings = _named_questions()[name]

    def cell(value):
        parts = str(value).replace("; ", "\n").split("\n")
        return None if value is None else sorted(parts)

    def rows(store):
        return sorted(repr([cell(v) for v in row.values()]) for row in store.select(load_query(name), bindings))

    assert rows(remote) == rows(embedded)


def test_same_answers_as_the_embedded_store(remote):
    """Load one fixture into both stores: the documents, counts, entities and exports agree."""
    from kg.export import store_json

    embedded = _load_both(remote)
    assert remote.stats() == embedded.stats()
    strip = lambda docs: [{k: v for k, v in d.items() if k != "built"} for d in docs]  # noqa: E731
    assert strip(remote.documents()) == strip(embedded.documents())
    assert remote.known_entities() == embedded.known_entities()
    without_location = lambda d: {k: v for k, v in d.items() if k != "store"}  # noqa: E731
    assert without_location(store_json(remote)) == without_location(store_json(embedded))
    for fmt, rdflib_format in (("trig", "trig"), ("nquads", "nquads")):
        got, expected = Dataset(), Dataset()
        got.parse(data=remote.serialize(fmt), format=rdflib_format)
        expected.parse(data=embedded.serialize(fmt), format=rdflib_format)
        for g in expected.graphs():
            if len(g):
                assert isomorphic(got.graph(g.identifier), g), g.identifier
    from rdflib import Graph
    from rdflib.namespace import XSD

    def plain(data: bytes) -> Graph:  # "x"^^xsd:string and "x" are one RDF 1.1 term; rdflib keeps both forms
        out = Graph()
        for s_, p_, o_ in Graph().parse(data=data, format="turtle"):
            out.add((s_, p_, Literal(str(o_)) if isinstance(o_, Literal) and o_.datatype == XSD.string else o_))
        return out

    assert isomorphic(plain(remote.serialize("turtle")), plain(embedded.serialize("turtle")))


def test_build_and_remove_through_the_cli(remote, virtuoso, runner, tmp_path):
    """`kg build` / `kg query` / `kg remove` with --store given the endpoint URL."""
    from kg.cli import cli

    folder = tmp_path / "docs"
    folder.mkdir()
    shutil.copy(CV, folder / "cv.txt")
    built = runner.invoke(cli, ["build", str(folder), "--store", virtuoso])
    assert built.exit_code == 0, built.output
    # a server keeps no counts, and the build does not end with a pass over the whole store
    assert f"store {virtuoso}: `kg stats --store {virtuoso}` counts what it holds" in built.output
    assert len(remote.documents()) == 1
    embedded = Store.open(":memory:")
    from kg.pipeline import build

    build([folder], embedded)
    assert remote.stats() == embedded.stats()
    queried = runner.invoke(cli, ["query", "--store", virtuoso, "--format", "csv",
                                  "SELECT ?n WHERE { ?p a <https://w3id.org/kg/ontology#Person> ; "
                                  "<https://w3id.org/kg/ontology#name> ?n } ORDER BY ?n"])
    assert queried.exit_code == 0, queried.output
    assert "Mira Okafor" in queried.output
    removed = runner.invoke(cli, ["remove", "cv.txt", "--store", virtuoso])
    assert removed.exit_code == 0, removed.output
    assert remote.documents() == []


def test_kg_serve_over_a_remote_store(remote):
    from starlette.testclient import TestClient

    from kg.serve import create_app

    remote.replace_document(G1, [(ADA, KG.name, Literal("Ada Lovelace"))])
    client = TestClient(create_app(remote), base_url="http://localhost")  # a loopback Host
    response = client.get("/sparql", params={"query": "SELECT ?n WHERE { ?s ?p ?n }"}, headers={"Accept": "text/csv"})
    assert response.text.splitlines() == ["n", "Ada Lovelace"]
    assert client.get("/sparql", params={"query": "ASK { ?s ?p 'nope' }"}).json()["boolean"] is False
    assert client.get("/sparql", params={"query": "SELECT ?x WHERE { ?x }"}).status_code == 400
