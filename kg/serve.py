"""A read-only SPARQL 1.1 Protocol endpoint over a kg store, with a small offline query page.

``create_app(store)`` returns a starlette application; ``serve(store)`` runs it with
uvicorn on ``127.0.0.1``. The endpoint is ``/sparql``; ``/`` is a query page (no
network access needed), ``/queries`` lists kg's named queries as examples.

Time limit, honestly: each query runs in a worker thread (a bounded pool). The
response is sent, or a ``503`` returned, within ``timeout`` seconds. A SELECT's rows
are pulled one by one with the deadline checked between rows, so a query whose rows
stream (most of them, with Oxigraph) stops working at the deadline. A query that is
still inside one engine call (a big ``ORDER BY`` or aggregate, or building a
CONSTRUCT graph) cannot be interrupted from Python: it keeps its worker until the
engine returns, and its result is thrown away. The pool's size bounds how much such
work can pile up; queries queued behind it also get their ``503`` at their deadline.

>>> from starlette.testclient import TestClient
>>> from kg.store import Store
>>> client = TestClient(create_app(Store.open(":memory:")))
>>> r = client.get("/sparql", params={"query": "ASK {}"})
>>> r.status_code, r.headers["content-type"], r.json()
(200, 'application/sparql-results+json', {'head': {}, 'boolean': True})
"""
from __future__ import annotations

import asyncio
import csv
import io
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from itertools import islice
from xml.sax.saxutils import escape, quoteattr

from kg.errors import KgError, QueryError

__all__ = ["create_app", "serve", "RESULT_TYPES", "GRAPH_TYPES", "DEFAULT_PORT"]

DEFAULT_PORT = 7878

#: Media types for SELECT / ASK results, the first one being the default.
RESULT_TYPES = {
    "application/sparql-results+json": "json",
    "application/sparql-results+xml": "xml",
    "text/csv": "csv",
    "text/tab-separated-values": "tsv",
    "application/json": "json",
    "application/xml": "xml",
    "text/xml": "xml",
}

#: Media types for CONSTRUCT / DESCRIBE results (rdflib serializer names), the first one being the default.
GRAPH_TYPES = {
    "text/turtle": "turtle",
    "application/n-triples": "nt",
    "application/ld+json": "json-ld",
    "application/rdf+xml": "xml",
    "application/x-turtle": "turtle",
    "text/plain": "nt",
    "application/json": "json-ld",
}

# ``format=`` / ``output=`` request parameters (as sent by SPARQLWrapper and typed by people)
_FORMAT_PARAM = {
    "json": ("application/sparql-results+json", "application/ld+json"),
    "xml": ("application/sparql-results+xml", "application/rdf+xml"),
    "csv": ("text/csv", None),
    "tsv": ("text/tab-separated-values", None),
    "turtle": (None, "text/turtle"),
    "ttl": (None, "text/turtle"),
    "n3": (None, "text/turtle"),
    "nt": (None, "application/n-triples"),
    "ntriples": (None, "application/n-triples"),
    "json-ld": (None, "application/ld+json"),
    "jsonld": (None, "application/ld+json"),
    "rdf+xml": (None, "application/rdf+xml"),
}

_MAX_REQUEST_BYTES = 1_000_000
_TRUNCATED = "X-KG-Truncated"
_XSD_STRING = "http://www.w3.org/2001/XMLSchema#string"  # simple literals are written without it (RDF 1.1)


class _HTTPError(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def create_app(store, *, allow_update: bool = False, timeout: float = 10.0, max_rows: int = 10_000,
               workers: int = 4):
    """A starlette application serving ``store`` by the SPARQL 1.1 Protocol.

    Parameters
    ----------
    store : kg.store.Store or kg.remote.RemoteStore
        Anything with ``query(text)`` returning an rdflib ``Result`` (and ``update(text)``
        when updates are allowed). Its default graph should be the union of documents.
    allow_update : bool
        Accept SPARQL 1.1 Update requests (``update=`` or ``application/sparql-update``);
        refused with ``403`` otherwise.
    timeout : float
        Seconds before a query is answered ``503`` (see the module notes for what is stopped).
    max_rows : int
        Most rows (SELECT) or triples (CONSTRUCT/DESCRIBE) returned; a longer result is
        cut and the response carries the header ``X-KG-Truncated: <max_rows>``.
    workers : int
        Size of the thread pool that runs queries.

    Returns
    -------
    starlette.applications.Starlette
        Routes: ``/sparql`` (GET, POST), ``/`` (query page), ``/queries`` (named queries as JSON).
        CORS is open (``*``) so browser pages elsewhere can query it.

    Examples
    --------
    >>> from starlette.testclient import TestClient
    >>> from kg.store import Store
    >>> app = create_app(Store.open(":memory:"), max_rows=5)
    >>> r = TestClient(app).post("/sparql", content="SELECT ?n WHERE { VALUES ?n { 1 2 } } ORDER BY ?n",
    ...                          headers={"Content-Type": "application/sparql-query", "Accept": "text/csv"})
    >>> r.text.split()
    ['n', '1', '2']
    """
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware
    from starlette.responses import JSONResponse, RedirectResponse, Response
    from starlette.routing import Route

    executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kg-sparql")

    late_message = f"query exceeded the time limit of {timeout:g} s"

    def error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
        return Response(message.rstrip("\n") + "\n", status_code=status, media_type="text/plain",
                        headers=headers)

    async def run_in_worker(job):
        loop = asyncio.get_running_loop()
        cancel = threading.Event()
        deadline = time.monotonic() + timeout
        future = loop.run_in_executor(executor, job, cancel, deadline)
        try:
            return await asyncio.wait_for(future, timeout)
        except asyncio.TimeoutError:
            cancel.set()
            raise _HTTPError(503, late_message) from None

    async def sparql(request):
        try:
            operation, text, dataset = await _read_request(request)
            if operation == "update":
                if not allow_update:
                    raise _HTTPError(403, "updates are refused: this endpoint is read-only "
                                          "(start kg serve with --allow-update to accept them)")
                if dataset[0] or dataset[1]:
                    raise _HTTPError(400, "using-graph-uri / using-named-graph-uri are not supported")
                await run_in_worker(lambda cancel, deadline: _update(store, text))
                return Response(status_code=204)
            accept = _wanted_types(request)
            body, media_type, headers = await run_in_worker(
                lambda cancel, deadline: _answer(store, text, dataset, accept, max_rows, cancel, deadline,
                                                 late_message))
            return Response(body, media_type=media_type, headers=headers)
        except _HTTPError as exc:
            if exc.status == 400 and request.method == "GET" and not request.query_params \
                    and "text/html" in request.headers.get("accept", ""):
                return RedirectResponse("/")
            return error(exc.status, exc.message, exc.headers)
        except Exception as exc:  # a bug or an engine failure: say so, keep serving
            return error(500, f"internal error: {type(exc).__name__}: {exc}")

    async def page(request):
        html = files("kg").joinpath("serve_static", "index.html").read_bytes()
        return Response(html, media_type="text/html; charset=utf-8")

    async def queries(request):
        return JSONResponse(_named_queries())

    @asynccontextmanager
    async def lifespan(app):
        yield
        executor.shutdown(wait=False, cancel_futures=True)

    middleware = [Middleware(CORSMiddleware, allow_origins=["*"], allow_methods=["GET", "POST", "OPTIONS"],
                             allow_headers=["*"], expose_headers=[_TRUNCATED], max_age=3600)]
    routes = [
        Route("/sparql", sparql, methods=["GET", "POST"]),
        Route("/", page, methods=["GET"]),
        Route("/queries", queries, methods=["GET"]),
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.store = store
    app.state.executor = executor
    return app


def serve(store, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *, allow_update: bool = False,
          timeout: float = 10.0, max_rows: int = 10_000, workers: int = 4, log_level: str = "info") -> None:
    """Serve ``store`` at ``http://host:port/sparql`` until interrupted (uvicorn).

    Parameters
    ----------
    store : kg.store.Store
        The store to serve.
    host, port : str, int
        Where to listen; the default host is the loopback interface only.
    allow_update, timeout, max_rows, workers
        As for :func:`create_app`.
    log_level : str
        uvicorn's log level (``"warning"`` for quiet).

    Examples
    --------
    >>> from kg.store import Store
    >>> serve(Store.open(":memory:"), port=7878)   # doctest: +SKIP
    """
    import uvicorn

    app = create_app(store, allow_update=allow_update, timeout=timeout, max_rows=max_rows, workers=workers)
    uvicorn.run(app, host=host, port=port, log_level=log_level)


# -- reading a request ------------------------------------------------------------------------
async def _read_request(request) -> tuple[str, str, tuple[list[str], list[str]]]:
    """(``"query"`` or ``"update"``, its text, (default graphs, named graphs)) from a protocol request."""
    params = request.query_params
    if request.method == "GET":
        if "update" in params:
            raise _HTTPError(400, "an update must be sent with POST")
        return "query", _one(params, "query"), _dataset(params, "query")
    length = int(request.headers.get("content-length") or 0)
    if length > _MAX_REQUEST_BYTES:
        raise _HTTPError(413, f"request body larger than {_MAX_REQUEST_BYTES} bytes")
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type == "application/x-www-form-urlencoded":
        from urllib.parse import parse_qs

        from starlette.datastructures import MultiDict

        body = (await request.body()).decode("utf-8", errors="replace")
        if len(body) > _MAX_REQUEST_BYTES:
            raise _HTTPError(413, f"request body larger than {_MAX_REQUEST_BYTES} bytes")
        form = MultiDict([(k, v) for k, values in parse_qs(body, keep_blank_values=True).items() for v in values])
        fields = [k for k in ("query", "update") if k in form]
        if len(fields) != 1:
            raise _HTTPError(400, "send exactly one of the form fields 'query' or 'update'")
        return fields[0], _one(form, fields[0]), _dataset(form, fields[0])
    if content_type in ("application/sparql-query", "application/sparql-update"):
        body = (await request.body()).decode("utf-8", errors="replace")
        if len(body) > _MAX_REQUEST_BYTES:
            raise _HTTPError(413, f"request body larger than {_MAX_REQUEST_BYTES} bytes")
        operation = "query" if content_type.endswith("query") else "update"
        return operation, body, _dataset(params, operation)
    raise _HTTPError(415, "POST a form (application/x-www-form-urlencoded), application/sparql-query "
                          "or application/sparql-update")


def _one(params, name: str) -> str:
    values = params.getlist(name)
    if not values:
        raise _HTTPError(400, f"missing the '{name}' parameter")
    if len(values) > 1:
        raise _HTTPError(400, f"more than one '{name}' parameter")
    return values[0]


def _dataset(params, operation: str) -> tuple[list[str], list[str]]:
    prefix = "" if operation == "query" else "using-"
    return params.getlist(f"{prefix}default-graph-uri"), params.getlist(f"{prefix}named-graph-uri")


def _wanted_types(request) -> list[tuple[str, float]]:
    """The client's acceptable media types with their q-values, most wanted first."""
    fmt = request.query_params.get("format") or request.query_params.get("output")
    if fmt and fmt.lower() in _FORMAT_PARAM:
        result_type, graph_type = _FORMAT_PARAM[fmt.lower()]
        return [(t, 1.0) for t in (result_type, graph_type) if t]
    return parse_accept(request.headers.get("accept", "*/*"))


def parse_accept(header: str) -> list[tuple[str, float]]:
    """Parse an HTTP Accept header into ``(media range, q)`` pairs, best first.

    >>> parse_accept("text/csv;q=0.5, application/sparql-results+json")
    [('application/sparql-results+json', 1.0), ('text/csv', 0.5)]
    """
    ranges = []
    for position, part in enumerate(header.split(",")):
        fields = [f.strip() for f in part.split(";")]
        media = fields[0].lower()
        if not media:
            continue
        q = 1.0
        for f in fields[1:]:
            if f.lower().startswith("q="):
                try:
                    q = float(f[2:])
                except ValueError:
                    q = 0.0
        ranges.append((media, q, position))
    ranges.sort(key=lambda r: (-r[1], r[2]))
    return [(m, q) for m, q, _ in ranges] or [("*/*", 1.0)]


def negotiate(accepted: list[tuple[str, float]], offered: dict[str, str]) -> str | None:
    """The offered media type the client wants most (server order breaks ties), or ``None``.

    >>> negotiate([("text/*", 1.0)], RESULT_TYPES)
    'text/csv'
    >>> negotiate([("*/*", 1.0)], GRAPH_TYPES)
    'text/turtle'
    >>> negotiate([("image/png", 1.0)], GRAPH_TYPES) is None
    True
    """
    best, best_q = None, 0.0
    for media in offered:
        kind = media.split("/")[0]
        q = 0.0
        for wanted, wanted_q in accepted:
            if wanted in (media, f"{kind}/*", "*/*"):
                specificity = 2 if wanted == media else (1 if wanted != "*/*" else 0)
                q = max(q, wanted_q + specificity * 1e-6)
        if q > best_q + 1e-9:
            best, best_q = media, q
    return best if best_q > 0.0015 else None


# -- answering (in a worker thread) ----------------------------------------------------------
def _update(store, text: str) -> None:
    try:
        store.update(text)
    except QueryError as exc:
        raise _HTTPError(400, str(exc)) from None
    except KgError as exc:
        raise _HTTPError(500, str(exc)) from None


def _answer(store, text, dataset, accepted, max_rows, cancel, deadline, late_message):
    """Run one query and serialize its answer, in a worker thread: (body, media type, headers)."""
    result = None
    try:
        result = _run_query(store, text, dataset)
        return _serialize(result, accepted, max_rows, cancel, deadline, late_message)
    finally:
        # Oxigraph's lazy solutions must be dropped on the thread that made them: close the
        # generator reading them here (it sits in a reference cycle the GC may free anywhere).
        generator = getattr(result, "_genbindings", None)
        if generator is not None:
            result._genbindings = None
            getattr(generator, "close", lambda: None)()


def _run_query(store, text, dataset):
    default_graphs, named_graphs = dataset
    if named_graphs or len(default_graphs) > 1:
        raise _HTTPError(400, "this endpoint supports at most one default-graph-uri and no named-graph-uri; "
                              "without them the default graph is the union of all documents")
    if default_graphs:
        from kg.remote import restrict_to_graph

        try:
            text = restrict_to_graph(text, default_graphs[0])
        except ValueError as exc:
            raise _HTTPError(400, f"default-graph-uri: {exc}") from None
    try:
        result = store.query(text)
    except QueryError as exc:
        raise _HTTPError(400, str(exc)) from None
    except KgError as exc:
        raise _HTTPError(500, str(exc)) from None
    except Exception as exc:  # rdflib graphs raise pyparsing errors; engines raise their own
        if type(exc).__name__ in ("ParseException", "SyntaxError"):
            raise _HTTPError(400, f"invalid SPARQL: {exc}") from None
        raise
    return result


def _serialize(result, accepted, max_rows, cancel, deadline, late_message) -> tuple[bytes, str, dict[str, str]]:
    headers = {"Vary": "Accept"}
    if result.type in ("SELECT", "ASK"):
        media = negotiate(accepted, RESULT_TYPES)
        if media is None:
            raise _HTTPError(406, "no acceptable result format; SELECT and ASK results come as "
                                  + ", ".join(list(RESULT_TYPES)[:4]))
        if result.type == "ASK":
            return _write_boolean(bool(result.askAnswer), RESULT_TYPES[media]), media, headers
        names = [str(v) for v in (result.vars or [])]
        rows, truncated = [], False
        for row in result:
            if cancel.is_set() or time.monotonic() > deadline:
                raise _HTTPError(503, late_message)
            if len(rows) == max_rows:
                truncated = True
                break
            rows.append(tuple(row))
        if truncated:
            headers[_TRUNCATED] = str(max_rows)
        return _write_rows(names, rows, RESULT_TYPES[media]), media, headers
    media = negotiate(accepted, GRAPH_TYPES)
    if media is None:
        raise _HTTPError(406, "no acceptable result format; CONSTRUCT and DESCRIBE results come as "
                              + ", ".join(list(GRAPH_TYPES)[:4]))
    from rdflib import Graph

    from kg.namespaces import bind_prefixes

    graph = result.graph
    if len(graph) > max_rows:
        headers[_TRUNCATED] = str(max_rows)
        cut = Graph()
        for triple in islice(graph, max_rows):
            cut.add(triple)
        graph = cut
    bind_prefixes(graph)
    body = graph.serialize(format=GRAPH_TYPES[media], encoding="utf-8")
    return body, media, headers


def _write_boolean(value: bool, fmt: str) -> bytes:
    if fmt == "json":
        return json.dumps({"head": {}, "boolean": value}).encode()
    if fmt == "xml":
        return (f'<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#">\n'
                f"  <head/>\n  <boolean>{str(value).lower()}</boolean>\n</sparql>\n").encode()
    if fmt == "csv":
        return f"_askResult\r\n{str(value).lower()}\r\n".encode()
    return f"?_askResult\n{str(value).lower()}\n".encode()


def _write_rows(names: list[str], rows: list[tuple], fmt: str) -> bytes:
    """SELECT rows in the SPARQL 1.1 JSON, XML, CSV or TSV results format."""
    from rdflib import BNode, URIRef

    if fmt == "json":
        def term(t) -> dict[str, str]:
            if isinstance(t, URIRef):
                return {"type": "uri", "value": str(t)}
            if isinstance(t, BNode):
                return {"type": "bnode", "value": str(t)}
            out = {"type": "literal", "value": str(t)}
            if t.language:
                out["xml:lang"] = t.language
            elif t.datatype and str(t.datatype) != _XSD_STRING:
                out["datatype"] = str(t.datatype)
            return out

        bindings = [{n: term(v) for n, v in zip(names, row) if v is not None} for row in rows]
        return json.dumps({"head": {"vars": names}, "results": {"bindings": bindings}},
                          ensure_ascii=False).encode("utf-8")
    if fmt == "xml":
        out = ['<?xml version="1.0"?>\n<sparql xmlns="http://www.w3.org/2005/sparql-results#">\n  <head>\n']
        out += [f"    <variable name={quoteattr(n)}/>\n" for n in names]
        out.append("  </head>\n  <results>\n")
        for row in rows:
            out.append("    <result>\n")
            for n, v in zip(names, row):
                if v is None:
                    continue
                if isinstance(v, URIRef):
                    value = f"<uri>{escape(str(v))}</uri>"
                elif isinstance(v, BNode):
                    value = f"<bnode>{escape(str(v))}</bnode>"
                else:
                    attr = (f" xml:lang={quoteattr(v.language)}" if v.language
                            else f" datatype={quoteattr(str(v.datatype))}"
                            if v.datatype and str(v.datatype) != _XSD_STRING else "")
                    value = f"<literal{attr}>{escape(str(v))}</literal>"
                out.append(f"      <binding name={quoteattr(n)}>{value}</binding>\n")
            out.append("    </result>\n")
        out.append("  </results>\n</sparql>\n")
        return "".join(out).encode("utf-8")
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\r\n")
        writer.writerow(names)
        for row in rows:
            writer.writerow(["" if v is None else (f"_:{v}" if isinstance(v, BNode) else str(v)) for v in row])
        return buffer.getvalue().encode("utf-8")
    lines = ["\t".join(f"?{n}" for n in names)]
    for row in rows:
        lines.append("\t".join(_tsv_term(v) for v in row))
    return ("\n".join(lines) + "\n").encode("utf-8")


def _tsv_term(term) -> str:
    from rdflib import BNode, Literal, URIRef

    if term is None:
        return ""
    if isinstance(term, URIRef):
        return f"<{term}>"
    if isinstance(term, BNode):
        return f"_:{term}"
    text = (str(term).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\r", "\\r").replace("\t", "\\t"))
    if isinstance(term, Literal) and term.language:
        return f'"{text}"@{term.language}'
    if isinstance(term, Literal) and term.datatype and str(term.datatype) != _XSD_STRING:
        return f'"{text}"^^<{term.datatype}>'
    return f'"{text}"'


def _named_queries() -> list[dict[str, str]]:
    """kg's named queries (``kg/queries/*.rq``) with their header comment, for the query page."""
    try:
        from kg.queries import load_query, query_names
    except ImportError:
        return []
    out = []
    for name in query_names():
        text = load_query(name)
        header = []
        for line in text.splitlines():
            if not line.startswith("#"):
                break
            header.append(line.lstrip("#").strip())
        out.append({"name": name, "description": " ".join(h for h in header if h), "query": text})
    return out
