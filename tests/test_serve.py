"""kg.serve: the SPARQL 1.1 Protocol endpoint, in-process and over a real socket with real clients."""
from __future__ import annotations

import io
import json
import socket
import threading
import time

import pytest
from rdflib import Graph, Literal, URIRef
from rdflib.compare import isomorphic
from rdflib.query import Result

from kg.errors import StoreError
from kg.namespaces import KG, KGR, document_graph_iri
from kg.serve import create_app
from kg.store import Store


ADA = KGR["person/ada-lovelace"]
CHARLES = KGR["person/charles-babbage"]
LONDON = KGR["org/university-of-london"]
G1 = document_graph_iri("tests/ada.txt")
G2 = document_graph_iri("tests/charles.txt")
PREFIX = "PREFIX kg: <https://w3id.org/kg/ontology#>\n"
NAMES = PREFIX + "SELECT ?p ?name WHERE { ?p a kg:Person ; kg:name ?name } ORDER BY ?name"


@pytest.fixture
def store():
    s = Store.open(":memory:")
    s.replace_document(G1, [
        (ADA, KG.name, Literal("Ada Lovelace")),
        (ADA, URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), KG.Person),
        (ADA, KG.workedAt, LONDON),
        (ADA, KG.alias, Literal("Augusta Ada King", lang="en")),
    ])
    s.replace_document(G2, [
        (CHARLES, KG.name, Literal('Charles "Difference" Babbage\twith a tab')),
        (CHARLES, URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), KG.Person),
        (CHARLES, KG.startYear, Literal(1828)),
    ])
    yield s
    s.close()


@pytest.fixture
def client(store):
    with _client(create_app(store)) as c:
        yield c


def _client(app):
    """A test client that reaches the app as a loopback client does (Host: localhost)."""
    from starlette.testclient import TestClient

    return TestClient(app, base_url="http://localhost")


def _parse(response, fmt):
    return Result.parse(io.BytesIO(response.content), format=fmt)


# -- SELECT / ASK in every results format -------------------------------------------------------
@pytest.mark.parametrize("accept, fmt", [
    ("application/sparql-results+json", "json"),
    ("application/sparql-results+xml", "xml"),
    ("text/csv", "csv"),
    ("text/tab-separated-values", "tsv"),
])
def test_select_in_each_format_parses_back_with_rdflib(client, accept, fmt):
    response = client.get("/sparql", params={"query": NAMES}, headers={"Accept": accept})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(accept)
    rows = list(_parse(response, fmt))
    names = [str(r[1]) for r in rows]
    assert names == ["Ada Lovelace", 'Charles "Difference" Babbage\twith a tab']
    assert str(rows[0][0]) == str(ADA)


def test_json_select_keeps_language_and_datatype(client):
    q = PREFIX + "SELECT ?v WHERE { { ?p kg:alias ?v } UNION { ?p kg:startYear ?v } } ORDER BY ?v"
    data = client.get("/sparql", params={"query": q}).json()
    values = {b["v"]["value"]: b["v"] for b in data["results"]["bindings"]}
    assert values["Augusta Ada King"]["xml:lang"] == "en"
    assert values["1828"]["datatype"] == "http://www.w3.org/2001/XMLSchema#integer"


def test_default_format_is_sparql_json_for_browsers(client):
    response = client.get("/sparql", params={"query": NAMES},
                          headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert response.headers["content-type"] == "application/sparql-results+json"
    assert [b["name"]["value"] for b in response.json()["results"]["bindings"]][0] == "Ada Lovelace"


@pytest.mark.parametrize("accept, fmt", [("application/sparql-results+json", "json"),
                                         ("application/sparql-results+xml", "xml")])
def test_ask(client, accept, fmt):
    yes = client.get("/sparql", params={"query": f"ASK {{ <{ADA}> ?p ?o }}"}, headers={"Accept": accept})
    no = client.get("/sparql", params={"query": "ASK { <urn:nobody> ?p ?o }"}, headers={"Accept": accept})
    assert _parse(yes, fmt).askAnswer is True
    assert _parse(no, fmt).askAnswer is False


def test_ask_as_csv(client):
    response = client.get("/sparql", params={"query": "ASK {}"}, headers={"Accept": "text/csv"})
    assert response.text.split() == ["_askResult", "true"]


# -- POST forms ---------------------------------------------------------------------------------
def test_post_form_and_direct_query_give_the_same_answer(client):
    form = client.post("/sparql", data={"query": NAMES}, headers={"Accept": "text/csv"})
    direct = client.post("/sparql", content=NAMES.encode(), headers={
        "Content-Type": "application/sparql-query; charset=utf-8", "Accept": "text/csv"})
    assert form.status_code == direct.status_code == 200
    assert form.text == direct.text
    assert "Ada Lovelace" in form.text


# -- CONSTRUCT / DESCRIBE ------------------------------------------------------------------------
@pytest.mark.parametrize("accept, fmt", [
    ("text/turtle", "turtle"),
    ("application/n-triples", "nt"),
    ("application/ld+json", "json-ld"),
    ("application/rdf+xml", "xml"),
])
def test_construct_in_each_rdf_format(client, store, accept, fmt):
    q = f"CONSTRUCT {{ <{ADA}> ?p ?o }} WHERE {{ <{ADA}> ?p ?o }}"
    response = client.post("/sparql", data={"query": q}, headers={"Accept": accept})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(accept)
    got = Graph().parse(data=response.content, format=fmt)
    expected = Graph()
    for t in store.dataset.triples((ADA, None, None)):
        expected.add(t)
    assert len(got) == 6  # type, name, workedAt, alias and the name's and the alias's search keys
    assert isomorphic(got, expected)


def test_describe_defaults_to_turtle(client):
    response = client.get("/sparql", params={"query": f"DESCRIBE <{CHARLES}>"})
    assert response.headers["content-type"].startswith("text/turtle")
    graph = Graph().parse(data=response.text, format="turtle")
    assert (CHARLES, KG.startYear, Literal(1828)) in graph


def test_format_parameter_overrides_accept(client):
    response = client.get("/sparql", params={"query": NAMES, "format": "csv"},
                          headers={"Accept": "application/sparql-results+xml"})
    assert response.headers["content-type"].startswith("text/csv")


# -- errors -------------------------------------------------------------------------------------
def test_syntax_error_is_400_with_line_and_column(client):
    response = client.get("/sparql", params={"query": "SELECT ?x\nWHERE { ?x }"})
    assert response.status_code == 400
    assert response.headers["content-type"].startswith("text/plain")
    assert "line 2, column" in response.text


@pytest.mark.parametrize("request_kwargs, status, words", [
    ({"method": "GET", "url": "/sparql"}, 400, "missing the 'query'"),
    ({"method": "GET", "url": "/sparql?query=ASK{}&query=ASK{}"}, 400, "more than one"),
    ({"method": "POST", "url": "/sparql", "content": b"ASK {}", "headers": {"Content-Type": "text/plain"}}, 415,
     "application/sparql-query"),
    ({"method": "POST", "url": "/sparql", "data": {"query": "ASK {}", "update": "CLEAR ALL"}}, 400, "exactly one"),
    ({"method": "GET", "url": "/sparql?update=CLEAR%20ALL"}, 400, "POST"),
    ({"method": "PUT", "url": "/sparql"}, 405, ""),
])
def test_protocol_errors(client, request_kwargs, status, words):
    response = client.request(**request_kwargs)
    assert response.status_code == status
    assert words in response.text


def test_unacceptable_type_is_406(client):
    response = client.get("/sparql", params={"query": NAMES}, headers={"Accept": "image/png"})
    assert response.status_code == 406
    assert "text/csv" in response.text


def test_result_size_cap_cuts_and_says_so(store):
    client = _client(create_app(store, max_rows=3))
    rows = client.get("/sparql", params={"query": "SELECT * WHERE { ?s ?p ?o }"})
    assert len(rows.json()["results"]["bindings"]) == 3
    assert rows.headers["X-KG-Truncated"] == "3"
    triples = client.get("/sparql", params={"query": "CONSTRUCT WHERE { ?s ?p ?o }"},
                         headers={"Accept": "application/n-triples"})
    assert len(Graph().parse(data=triples.text, format="nt")) == 3
    small = client.get("/sparql", params={"query": NAMES})
    assert "X-KG-Truncated" not in small.headers


# -- read-only by default ---------------------------------------------------------------------------
INSERT = f"INSERT DATA {{ GRAPH <{G1}> {{ <{ADA}> <{KG.alias}> \"A. A. Lovelace\" }} }}"


@pytest.mark.parametrize("how", ["form", "direct"])
def test_updates_are_refused_by_default(client, store, how):
    if how == "form":
        response = client.post("/sparql", data={"update": INSERT})
    else:
        response = client.post("/sparql", content=INSERT, headers={"Content-Type": "application/sparql-update"})
    assert response.status_code == 403
    assert "--allow-update" in response.text
    assert not store.query(f'ASK {{ ?s ?p "A. A. Lovelace" }}').askAnswer


def test_an_update_sent_as_a_query_is_a_syntax_error(client):
    assert client.get("/sparql", params={"query": "CLEAR ALL"}).status_code == 400


TOKEN = "a-test-token"
AUTHORIZED = {"Authorization": f"Bearer {TOKEN}"}


def test_updates_run_when_allowed_with_the_token(store):
    client = _client(create_app(store, allow_update=True, update_token=TOKEN))
    response = client.post("/sparql", content=INSERT,
                           headers={"Content-Type": "application/sparql-update", **AUTHORIZED})
    assert response.status_code == 204
    assert store.query('ASK { ?s ?p "A. A. Lovelace" }').askAnswer
    bad = client.post("/sparql", data={"update": "INSERT DATA { oops"}, headers=AUTHORIZED)
    assert bad.status_code == 400


def test_an_update_over_the_time_limit_is_answered_when_it_has_landed(store):
    # it cannot be stopped half-way: a 503 would say it failed while it lands all the same
    client = _client(create_app(store, allow_update=True, update_token=TOKEN, timeout=1e-6))
    triples = " ".join(f'<urn:x:{i}> <urn:x:p> "value {i}" .' for i in range(2000))
    response = client.post("/sparql", data={"update": f"INSERT DATA {{ GRAPH <urn:x:g> {{ {triples} }} }}"},
                           headers=AUTHORIZED)
    assert response.status_code == 204
    assert store.query('ASK { GRAPH <urn:x:g> { <urn:x:1999> ?p "value 1999" } }').askAnswer


def test_allowing_updates_needs_a_token(store):
    with pytest.raises(ValueError, match="update_token"):
        create_app(store, allow_update=True)


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic a2c6d3Jvbmc="}])
def test_an_update_without_the_token_is_refused(store, headers):
    client = _client(create_app(store, allow_update=True, update_token=TOKEN))
    response = client.post("/sparql", data={"update": "DROP ALL"}, headers=headers)
    assert response.status_code == 401 and "token" in response.text
    assert response.headers["www-authenticate"].startswith("Bearer")
    assert len(store) > 0


@pytest.mark.parametrize("headers", [{"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}])
def test_a_cross_origin_update_is_refused_even_with_the_token(store, headers):
    client = _client(create_app(store, allow_update=True, update_token=TOKEN))
    # what a hostile page's form sends (it could not add the token; refused before it is even checked)
    response = client.post("/sparql", data={"update": "DROP ALL"}, headers={**headers, **AUTHORIZED})
    assert response.status_code == 403 and "another origin" in response.text
    assert len(store) > 0
    same_origin = client.post("/sparql", data={"update": INSERT}, headers={"Origin": "http://localhost", **AUTHORIZED})
    assert same_origin.status_code == 204


# -- dataset parameters -------------------------------------------------------------------------
def test_default_graph_uri_restricts_to_one_document(client):
    one = client.get("/sparql", params={"query": NAMES, "default-graph-uri": str(G2)}, headers={"Accept": "text/csv"})
    assert "Charles" in one.text and "Ada" not in one.text
    none = client.get("/sparql", params={"query": NAMES, "default-graph-uri": "urn:no-such-graph"})
    assert none.json()["results"]["bindings"] == []
    named = client.get("/sparql", params={"query": NAMES, "named-graph-uri": str(G2)})
    assert named.status_code == 400


# -- who may reach it: CORS, Host, SERVICE -----------------------------------------------------------
def test_no_cors_headers_unless_the_operator_names_origins(client):
    simple = client.get("/sparql", params={"query": "ASK {}"}, headers={"Origin": "http://example.org"})
    assert simple.status_code == 200 and "access-control-allow-origin" not in simple.headers


def test_cors_for_the_named_origins_only(store):
    client = _client(create_app(store, cors_origins=["https://app.example.org"]))
    preflight = client.options("/sparql", headers={
        "Origin": "https://app.example.org", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, accept"})
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "https://app.example.org"
    assert "POST" in preflight.headers["access-control-allow-methods"]
    simple = client.get("/sparql", params={"query": "ASK {}"}, headers={"Origin": "https://app.example.org"})
    assert simple.headers["access-control-allow-origin"] == "https://app.example.org"
    assert "X-KG-Truncated".lower() in simple.headers["access-control-expose-headers"].lower()
    other = client.get("/sparql", params={"query": "ASK {}"}, headers={"Origin": "http://evil.example"})
    assert "access-control-allow-origin" not in other.headers


@pytest.mark.parametrize("host, allowed", [
    ("localhost:7878", True), ("127.0.0.1", True), ("[::1]:7878", True),
    ("evil.example", False), ("evil.example:7878", False), ("kg.internal", False)])
def test_host_header_is_checked_against_dns_rebinding(client, host, allowed):
    response = client.get("/sparql", params={"query": "ASK {}"}, headers={"Host": host})
    assert (response.status_code == 200) is allowed
    if not allowed:
        assert response.status_code == 400 and "--allowed-host" in response.text


def test_allowed_hosts_can_be_named(store):
    client = _client(create_app(store, allowed_hosts=["kg.internal"]))
    assert client.get("/sparql", params={"query": "ASK {}"}, headers={"Host": "kg.internal"}).status_code == 200
    assert client.get("/sparql", params={"query": "ASK {}"}, headers={"Host": "localhost"}).status_code == 400


SERVICE_QUERY = "SELECT * WHERE { SERVICE <http://127.0.0.1:1/sparql> { ?s ?p ?o } }"


@pytest.mark.parametrize("how", ["query", "update"])
def test_service_is_refused_by_default(store, how):
    client = _client(create_app(store, allow_update=True, update_token=TOKEN))
    if how == "query":
        response = client.get("/sparql", params={"query": SERVICE_QUERY})
    else:
        response = client.post("/sparql", headers=AUTHORIZED, data={
            "update": "INSERT { ?s ?p ?o } WHERE { service <http://127.0.0.1:1/sparql> { ?s ?p ?o } }"})
    assert response.status_code == 403 and "--allow-service" in response.text


def test_the_word_service_in_names_strings_and_comments_is_not_federation(client):
    query = ('SELECT ?service WHERE { VALUES ?service { "SERVICE <http://x/>" <http://example.org/SERVICE> } }'
             " # SERVICE <http://example.org/>")
    assert client.get("/sparql", params={"query": query}).status_code == 200


def test_a_failed_service_call_is_a_clean_error(store):
    client = _client(create_app(store, allow_service=True))
    response = client.get("/sparql", params={"query": SERVICE_QUERY})
    assert response.status_code == 502 and "SERVICE" in response.text
    assert "Error" not in response.text and "port 1" not in response.text


# -- time limit ---------------------------------------------------------------------------------
@pytest.fixture
def big_store():
    s = Store.open(":memory:")
    s.replace_document(G1, [(KGR[f"person/p{i}"], KG.name, Literal(f"name {i}")) for i in range(400)])
    yield s
    s.close()


def test_streaming_query_is_stopped_at_the_time_limit(big_store):
    client = _client(create_app(big_store, timeout=0.5, max_rows=10**9))
    started = time.monotonic()
    # 400^3 = 64 million rows: streams for minutes without a limit
    response = client.get("/sparql", params={"query": "SELECT * WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f }"})
    elapsed = time.monotonic() - started
    assert response.status_code == 503
    assert "time limit of 0.5 s" in response.text
    assert elapsed < 3.0
    # the worker noticed the deadline and gave up: the pool answers the next query at once
    assert client.get("/sparql", params={"query": "ASK {}"}).json()["boolean"] is True


def test_blocking_query_still_answers_503_at_the_time_limit(big_store):
    client = _client(create_app(big_store, timeout=0.3))
    started = time.monotonic()
    # an aggregate over ~9 million rows (about 2 s): one engine call that Python cannot interrupt
    response = client.get("/sparql", params={
        "query": 'SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f FILTER(STR(?b) < "name 150") }'})
    assert response.status_code == 503
    assert time.monotonic() - started < 1.5


# -- the page and the named queries -------------------------------------------------------------
def test_query_page_is_offline(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    html = response.text
    assert "<textarea" in html and 'fetch("sparql"' in html
    assert "src=\"http" not in html and "href=\"http" not in html and "@import" not in html


def test_browser_visiting_sparql_without_a_query_goes_to_the_page(client):
    response = client.get("/sparql", headers={"Accept": "text/html"}, follow_redirects=False)
    assert response.status_code in (302, 307)
    assert response.headers["location"] == "/"


def test_named_queries_are_listed_as_examples(client):
    from kg.queries import load_query, query_names

    listed = client.get("/queries").json()
    assert [q["name"] for q in listed] == query_names()
    first = listed[0]
    assert first["query"] == load_query(first["name"])
    assert first["description"]


def test_every_named_query_runs_through_the_endpoint(client):
    for q in client.get("/queries").json():
        response = client.post("/sparql", data={"query": q["query"]})
        assert response.status_code == 200, (q["name"], response.text)


# -- a real server on a loopback port, queried by clients nobody here wrote -----------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def live_server(store):
    """Yield a function starting ``kg serve``'s app under uvicorn on 127.0.0.1; stops it afterwards.
    It serves the ``store`` fixture unless given another as ``served``."""
    import uvicorn

    servers = []

    def start(served=None, **options) -> str:
        port = _free_port()
        config = uvicorn.Config(create_app(served or store, **options), host="127.0.0.1", port=port,
                                log_level="warning")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        servers.append((server, thread))
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        return f"http://127.0.0.1:{port}/sparql"

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(timeout=10)


@pytest.mark.parametrize("fmt", ["json", "xml", "csv", "tsv"])
def test_sparqlwrapper_select(live_server, fmt):
    from SPARQLWrapper import CSV, JSON, TSV, XML, SPARQLWrapper

    endpoint = live_server()
    sparql = SPARQLWrapper(endpoint)
    sparql.setQuery(NAMES)
    sparql.setReturnFormat({"json": JSON, "xml": XML, "csv": CSV, "tsv": TSV}[fmt])
    result = sparql.query()
    converted = result.convert()
    if fmt == "json":
        assert [b["name"]["value"] for b in converted["results"]["bindings"]][0] == "Ada Lovelace"
    elif fmt == "xml":
        names = [n.firstChild.data for n in converted.getElementsByTagName("literal")]
        assert names[0] == "Ada Lovelace"
    else:
        assert b"Ada Lovelace" in converted


def test_sparqlwrapper_post_ask_and_construct(live_server):
    from SPARQLWrapper import JSON, POST, TURTLE, SPARQLWrapper

    sparql = SPARQLWrapper(live_server())
    sparql.setMethod(POST)
    sparql.setQuery(f"ASK {{ <{ADA}> <{KG.workedAt}> <{LONDON}> }}")
    sparql.setReturnFormat(JSON)
    assert sparql.query().convert()["boolean"] is True
    sparql.setQuery(f"CONSTRUCT WHERE {{ <{ADA}> ?p ?o }}")
    sparql.setReturnFormat(TURTLE)
    graph = Graph().parse(data=sparql.query().convert(), format="turtle")
    assert (ADA, KG.workedAt, LONDON) in graph


def test_sparqlwrapper_sees_syntax_errors_and_refused_updates(live_server):
    from SPARQLWrapper import POST, SPARQLWrapper
    from SPARQLWrapper.SPARQLExceptions import QueryBadFormed, SPARQLWrapperException

    endpoint = live_server()
    sparql = SPARQLWrapper(endpoint)
    sparql.setQuery("SELECT ?x WHERE { ?x }")
    with pytest.raises(QueryBadFormed, match="line 1"):
        sparql.query()
    updater = SPARQLWrapper(endpoint)
    updater.setMethod(POST)
    updater.setQuery(INSERT)
    with pytest.raises((SPARQLWrapperException, Exception), match="403|read-only|Forbidden"):
        updater.query()


def test_rdflib_sparqlstore_reads_the_union_and_one_graph(live_server):
    from rdflib import Dataset
    from rdflib.plugins.stores.sparqlstore import SPARQLStore

    endpoint = live_server()
    for method in ("GET", "POST_FORM"):
        remote = Dataset(store=SPARQLStore(endpoint, method=method), default_union=True)
        rows = list(remote.query(NAMES))
        assert [str(r.name) for r in rows][0] == "Ada Lovelace"
        assert len(rows) == 2
        assert (ADA, KG.workedAt, LONDON) in remote
    one = Graph(store=SPARQLStore(endpoint), identifier=G2)
    assert [str(r.name) for r in one.query(NAMES)] == ['Charles "Difference" Babbage\twith a tab']
    assert (CHARLES, KG.startYear, Literal(1828)) in one


def test_rdflib_sparqlupdatestore_is_refused_then_allowed(live_server, store):
    from rdflib.plugins.stores.sparqlstore import SPARQLUpdateStore

    read_only = live_server()
    updater = SPARQLUpdateStore(read_only, read_only)
    with pytest.raises(Exception, match="403"):
        updater.update(INSERT)
    writable = live_server(allow_update=True, update_token=TOKEN)
    SPARQLUpdateStore(writable, writable, auth=("kg", TOKEN)).update(INSERT)
    assert store.query('ASK { ?s ?p "A. A. Lovelace" }').askAnswer


def test_a_remote_store_writes_to_kg_serve_with_the_token_in_its_url(live_server, store):
    from kg.remote import RemoteStore

    writable = live_server(allow_update=True, update_token=TOKEN)
    graph = document_graph_iri("tests/grace.txt")
    grace = (KGR["person/grace-hopper"], KG.name, Literal("Grace Hopper"))
    with pytest.raises(StoreError, match="401.*token"):
        RemoteStore(writable.replace("//", f"//kg:not-{TOKEN}@")).replace_document(graph, [grace])
    remote = RemoteStore(writable.replace("//", f"//kg:{TOKEN}@"))
    remote.replace_document(graph, [grace])
    remote.replace_document(graph, [grace])  # the scheme, learnt from the first challenge, is sent at once
    assert store.query('ASK { ?s ?p "Grace Hopper" }').askAnswer


def test_concurrent_clients_on_a_real_socket(live_server):
    import concurrent.futures

    import httpx

    endpoint = live_server()

    def ask(i):
        with httpx.Client() as http:
            return http.post(endpoint, data={"query": NAMES}, headers={"Accept": "text/csv"}).status_code

    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        assert set(pool.map(ask, range(40))) == {200}


# -- a directory store: queries in worker processes ---------------------------------------------------
@pytest.fixture(scope="module")
def directory_store(tmp_path_factory):
    """A store directory of 400 documents, 250 triples each (100,000 quads), written and closed."""
    path = tmp_path_factory.mktemp("served") / "kg-data"
    with Store.open(path) as writer:
        writer.add_documents(
            (f"<{document_graph_iri(f'tests/doc{d}.txt')}>",
             [(f"<{KGR[f'person/p{d}-{i}']}>", f"<{KG.name}>", f'"name {d} {i}"') for i in range(250)])
            for d in range(400))
    return path


PATHOLOGICAL = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f }"


def test_overrunning_queries_are_killed_and_the_endpoint_answers_right_after(live_server, directory_store):
    import concurrent.futures

    import httpx

    with Store.open(directory_store, read_only=True) as served:
        endpoint = live_server(served, timeout=1.0, workers=2)
        assert httpx.post(endpoint, data={"query": "ASK {}"}).status_code == 200  # the workers are up
        sent = time.monotonic()

        def slow():
            response = httpx.post(endpoint, data={"query": PATHOLOGICAL}, timeout=60)
            return response.status_code, time.monotonic()

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            answers = [pool.submit(slow) for _ in range(8)]
            time.sleep(max(0.0, sent + 1.0 - time.monotonic()))
            ask = httpx.post(endpoint, data={"query": "ASK {}"}, timeout=60)
            answered = time.monotonic()
            statuses, times = zip(*(f.result() for f in answers))
    assert statuses == (503,) * 8
    assert ask.status_code == 200 and ask.json()["boolean"] is True
    # within 1 s of their time limits as the server counts them (from when their requests reached
    # it: on a loaded machine the clients take a while to get there), and long before they would end
    assert answered - max(times) < 1.0, f"ASK answered {answered - max(times):.2f} s after the last 503"
    assert answered - sent < 5.0


def test_a_killed_worker_is_gone_and_replaced(directory_store):
    import os

    with Store.open(directory_store, read_only=True) as served:
        app = create_app(served, timeout=0.5, workers=1)
        with _client(app) as client:
            assert client.get("/sparql", params={"query": "ASK {}"}).status_code == 200
            (before,) = [process.pid for process, _ in list(app.state.runner.idle.queue)]
            assert client.get("/sparql", params={"query": PATHOLOGICAL}).status_code == 503
            assert client.get("/sparql", params={"query": "ASK {}"}).status_code == 200
            (after,) = [process.pid for process, _ in list(app.state.runner.idle.queue)]
    assert after != before
    with pytest.raises(ProcessLookupError):  # killed and reaped: its memory is back
        os.kill(before, 0)


def test_a_query_over_its_memory_budget_gets_503_and_its_worker_is_replaced(directory_store):
    with Store.open(directory_store, read_only=True) as served:
        with _client(create_app(served, timeout=30.0, workers=1, max_memory_mb=200)) as client:
            started = time.monotonic()
            # sorting 10^10 rows: it allocates until it is stopped
            hungry = client.get("/sparql", params={"query": "SELECT * WHERE { ?a ?p ?b . ?c ?q ?d } ORDER BY ?b ?d"})
            elapsed = time.monotonic() - started
            assert client.get("/sparql", params={"query": "ASK {}"}).json()["boolean"] is True
    assert hungry.status_code == 503 and "--max-memory" in hungry.text
    assert elapsed < 20.0  # stopped by its memory, not by its time limit


def test_construct_over_the_whole_store_is_cut_not_timed_out(directory_store):
    with Store.open(directory_store, read_only=True) as served:
        with _client(create_app(served, timeout=3.0, max_rows=500)) as client:
            started = time.monotonic()
            response = client.get("/sparql", params={"query": "CONSTRUCT WHERE { ?s ?p ?o }"},
                                  headers={"Accept": "application/n-triples"})
            elapsed = time.monotonic() - started
    assert response.status_code == 200, response.text
    assert response.headers["X-KG-Truncated"] == "500"
    assert len(Graph().parse(data=response.text, format="nt")) == 500
    assert elapsed < 3.0


def test_an_update_is_seen_by_the_query_workers(tmp_path):
    path = tmp_path / "kg-data"
    with Store.open(path) as writer:
        with _client(create_app(writer, allow_update=True, update_token=TOKEN, workers=1)) as client:
            assert client.get("/sparql", params={"query": 'ASK { ?s ?p "A. A. Lovelace" }'}).json()["boolean"] is False
            assert client.post("/sparql", data={"update": INSERT}, headers=AUTHORIZED).status_code == 204
            assert client.get("/sparql", params={"query": 'ASK { ?s ?p "A. A. Lovelace" }'}).json()["boolean"] is True


def test_a_chunked_body_is_refused_once_it_passes_the_limit(live_server):
    import httpx

    endpoint = live_server()
    sent = [0]

    def body():
        yield b"query="
        for _ in range(3200):  # 200 MB if it were all read
            sent[0] += 65536
            yield b"x" * 65536

    try:
        response = httpx.post(endpoint, content=body(), timeout=60,
                              headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert response.status_code == 413
    except httpx.TransportError:
        pass  # the server answered 413 and closed the connection while the client was still sending
    assert sent[0] < 50_000_000


# -- the page in a real browser ----------------------------------------------------------------------
@pytest.mark.browser
def test_query_page_runs_a_query_in_chromium(live_server):
    import os

    if not os.path.exists("/usr/bin/chromium"):
        pytest.skip("Debian chromium is not installed (/usr/bin/chromium)")
    playwright = pytest.importorskip("playwright.sync_api")
    page_url = live_server()[: -len("sparql")]
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(page_url)
        page.wait_for_selector("#examples option[value='documents']", state="attached")
        page.click("#run")
        page.wait_for_selector("table td")
        cells = page.locator("table td").all_inner_texts()
        assert any("Ada Lovelace" in c for c in cells)
        page.fill("#query", "SELECT ?x WHERE { ?x }")
        page.click("#run")
        page.wait_for_function("document.getElementById('error').textContent.includes('400')")
        browser.close()


def test_cli_serve_help(runner):
    from kg.cli import cli

    result = runner.invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--store", "--allow-update", "--update-token", "--allow-service",
                   "--cors-origin", "--allowed-host", "--timeout", "--max-rows", "--workers", "--max-memory"):
        assert option in result.output


@pytest.mark.slow
def test_load_script_runs_against_kg_serve():
    """bench/load.py starts `kg serve` on loopback, fires queries from concurrent clients, reports 0 errors;
    then never-ending queries get their 503 and the server answers again."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, str(root / "bench" / "load.py"), "--queries", "60", "--clients", "4",
                           "--people", "20", "--pathological", "3", "--timeout", "1", "--json"],
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert report["queries"] == 60 and report["errors"] == 0
    assert report["p50_ms"] <= report["p99_ms"]
    assert report["overload"]["statuses"] == ["503"] * 3 and report["overload"]["ask_status"] == 200


def test_simple_literals_carry_no_xsd_string_datatype(client):
    data = client.get("/sparql", params={"query": NAMES}).json()
    assert all("datatype" not in b["name"] for b in data["results"]["bindings"])
    tsv = client.get("/sparql", params={"query": NAMES}, headers={"Accept": "text/tab-separated-values"}).text
    assert "XMLSchema#string" not in tsv
