"""A SPARQL 1.1 Protocol endpoint over a kg store, with a small offline query page.

``create_app(store)`` returns a starlette application; ``serve(store)`` runs it with
uvicorn on ``127.0.0.1``. The endpoint is ``/sparql``; ``/`` is a query page (no
network access needed), ``/queries`` lists kg's named queries as examples.

Time limit. Over a directory store, queries run in worker processes (a fixed number, each
with the store's latest snapshot open read-only, see :mod:`kg.store`). A query that is not
answered within ``timeout`` seconds gets a ``503`` and its worker process is killed and
replaced, so the work and the memory it held are freed whatever the engine was doing (a
big join, an aggregate, a ``SERVICE`` call waiting on a silent host). Queries waiting for a
free worker count against the same deadline. A worker's memory is capped too
(``max_memory_mb`` beyond the open store): a query that needs more gets a ``503`` at once and
its worker is replaced. Workers follow the store: a query sees what
the last ``kg build`` (or update) published, without a restart. An in-memory or remote
store cannot be opened by another process; it is queried in threads, and a query over
time is answered ``503`` but runs on to its end. Updates have no time limit: one cannot be
stopped half-way, and is answered when it has landed.

What it lets in:

- ``SERVICE`` (federated query) is refused unless ``allow_service``: the server would
  otherwise fetch any URL a query names.
- Requests whose ``Host`` is not one of ``allowed_hosts`` (the loopback names by default)
  are refused, so a hostile page cannot reach a loopback server through DNS rebinding.
- CORS headers are sent only to the origins in ``cors_origins`` (none by default).
- Updates (only with ``allow_update``) need the ``update_token`` (``Authorization: Bearer``)
  and are refused from a browser page of another origin.
- Request bodies are read up to 1 MB and refused beyond, however they are sent.

>>> from starlette.testclient import TestClient
>>> from kg.store import Store
>>> client = TestClient(create_app(Store.open(":memory:")), base_url="http://localhost")
>>> r = client.get("/sparql", params={"query": "ASK {}"})
>>> r.status_code, r.headers["content-type"], r.json()
(200, 'application/sparql-results+json', {'head': {}, 'boolean': True})
"""
from __future__ import annotations

import asyncio
import csv
import hmac
import io
import json
import queue
import re
import sys
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from itertools import islice
from xml.sax.saxutils import escape, quoteattr

from kg.errors import KgError, QueryError

__all__ = ["create_app", "serve", "uses_service", "RESULT_TYPES", "GRAPH_TYPES", "DEFAULT_PORT", "LOOPBACK_HOSTS"]

DEFAULT_PORT = 7878

#: The ``Host`` names a server answers to by default: the loopback interface's.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")

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
#: what a worker process imports before it is forked, so a killed worker is replaced in milliseconds
_WORKER_PRELOAD = ["__main__", "kg.serve", "kg.store", "kg.remote", "kg.namespaces", "kg.queries", "rdflib",
                   "rdflib.plugins.sparql", "oxrdflib", "pyoxigraph"]
# Text where the keyword SERVICE cannot be: strings, IRIs and comments (skipped before looking for it).
_SPARQL_STRING_IRI_OR_COMMENT = re.compile(
    r'"""(?:[^"\\]|\\.|"(?!""))*"""' r"|'''(?:[^'\\]|\\.|'(?!''))*'''"
    r'|"(?:[^"\\\n]|\\.)*"' r"|'(?:[^'\\\n]|\\.)*'"
    r'|<[^<>"{}|^`\\\x00-\x20]*>' r"|#[^\n]*", re.S)
# the keyword, not a variable (?service), a prefixed name (ex:service) or a prefix (service:x)
_SERVICE_KEYWORD = re.compile(r"(?<![\w?$:.\-])SERVICE(?![\w:.\-])", re.I)


class _HTTPError(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}


def uses_service(sparql: str) -> bool:
    """Whether a query or update calls ``SERVICE`` (federation): the keyword outside strings, IRIs and comments.

    >>> uses_service("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }")
    True
    >>> uses_service('SELECT ?service WHERE { ?service <http://example.org/p> "SERVICE" } # SERVICE')
    False
    """
    return bool(_SERVICE_KEYWORD.search(_SPARQL_STRING_IRI_OR_COMMENT.sub(" ", sparql)))


def create_app(store, *, allow_update: bool = False, timeout: float = 10.0, max_rows: int = 10_000,
               workers: int = 4, update_token: str | None = None, allow_service: bool = False,
               cors_origins=(), allowed_hosts=LOOPBACK_HOSTS, max_memory_mb: int | None = 2048):
    """A starlette application serving ``store`` by the SPARQL 1.1 Protocol.

    Parameters
    ----------
    store : kg.store.Store or kg.remote.RemoteStore
        Anything with ``query(text)`` returning an rdflib ``Result`` (and ``update(text)``
        when updates are allowed). Its default graph should be the union of documents.
        A directory store is queried in worker processes (see the module notes); open it
        read-only unless updates are allowed.
    allow_update : bool
        Accept SPARQL 1.1 Update requests (``update=`` or ``application/sparql-update``)
        carrying ``Authorization: Bearer <update_token>``; refused with ``403`` otherwise.
    timeout : float
        Seconds before a query is answered ``503`` (and its worker process replaced); updates
        have no time limit.
    max_rows : int
        Most rows (SELECT) or triples (CONSTRUCT/DESCRIBE) returned; a longer result is
        cut and the response carries the header ``X-KG-Truncated: <max_rows>``.
    workers : int
        How many queries run at once (worker processes, or threads for other stores).
    update_token : str, optional
        The secret an update must carry; required when ``allow_update``.
    allow_service : bool
        Let queries call other endpoints with ``SERVICE`` (refused with ``403`` by default).
    cors_origins : iterable of str
        Browser origins (``https://app.example.org``) allowed to read answers across origins.
    allowed_hosts : iterable of str
        ``Host`` header names accepted (``"*"`` for any); others get ``400``.
    max_memory_mb : int or None
        Most memory (MB) one query may add to its worker process, beyond what the open store
        takes; a query that needs more gets a ``503`` and the worker is replaced. ``None``: no limit.

    Returns
    -------
    starlette.applications.Starlette
        Routes: ``/sparql`` (GET, POST), ``/`` (query page), ``/queries`` (named queries as JSON).

    Examples
    --------
    >>> from starlette.testclient import TestClient
    >>> from kg.store import Store
    >>> app = create_app(Store.open(":memory:"), max_rows=5)
    >>> r = TestClient(app, base_url="http://localhost").post(
    ...     "/sparql", content="SELECT ?n WHERE { VALUES ?n { 1 2 } } ORDER BY ?n",
    ...     headers={"Content-Type": "application/sparql-query", "Accept": "text/csv"})
    >>> r.text.split()
    ['n', '1', '2']
    """
    from contextlib import asynccontextmanager

    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware
    from starlette.responses import JSONResponse, RedirectResponse, Response
    from starlette.routing import Route

    if allow_update and not update_token:
        raise ValueError("allow_update needs an update_token: the secret an update must carry")
    cors_origins = tuple(cors_origins)
    late_message = f"query exceeded the time limit of {timeout:g} s"
    if _directory(store) is not None:
        runner = _ProcessRunner(store, workers, late_message, max_memory_mb)
    else:
        runner = _ThreadRunner(store, workers, late_message)
    # updates run here (a reader process cannot write), one at a time
    updates = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kg-sparql-update")

    def error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
        return Response(message.rstrip("\n") + "\n", status_code=status, media_type="text/plain",
                        headers=headers)

    def check_update(request) -> None:
        if not allow_update:
            raise _HTTPError(403, "updates are refused: this endpoint is read-only "
                                  "(start kg serve with --allow-update to accept them)")
        origin = request.headers.get("origin")
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        if (origin is not None and origin != own and origin not in cors_origins) or (
                origin is None and request.headers.get("sec-fetch-site") == "cross-site"):
            raise _HTTPError(403, f"updates are refused from a page of another origin ({origin or 'cross-site'})")
        if not hmac.compare_digest(_bearer_token(request).encode(), update_token.encode()):
            raise _HTTPError(401, "an update needs the server's token: send the header "
                                  "'Authorization: Bearer <token>' (kg serve prints it when it starts)",
                             {"WWW-Authenticate": 'Bearer realm="kg"'})

    async def sparql(request):
        try:
            operation, text, dataset = await _read_request(request)
            if not allow_service and uses_service(text):
                raise _HTTPError(403, "SERVICE (federated query) is turned off on this endpoint, which "
                                      "would otherwise fetch any URL a query names; start kg serve with "
                                      "--allow-service to turn it on")
            if operation == "update":
                check_update(request)
                if dataset[0] or dataset[1]:
                    raise _HTTPError(400, "using-graph-uri / using-named-graph-uri are not supported")
                # No time limit: an update cannot be stopped half-way (Oxigraph commits it whole), so
                # a 503 would tell the client it failed while it still lands.
                await asyncio.get_running_loop().run_in_executor(updates, _update, store, text)
                return Response(status_code=204)
            job = (text, dataset, _wanted_types(request), max_rows, time.monotonic() + timeout)
            body, media_type, headers = await runner.run(job)
            return Response(body, media_type=media_type, headers=headers)
        except _HTTPError as exc:
            if exc.status == 400 and request.method == "GET" and not request.query_params \
                    and "text/html" in request.headers.get("accept", ""):
                return RedirectResponse("/")
            return error(exc.status, exc.message, exc.headers)
        except Exception:  # a bug: say so without internals (they go to the server's log), keep serving
            traceback.print_exc(file=sys.stderr)
            return error(500, "internal error (see the server's log)")

    async def page(request):
        html = files("kg").joinpath("serve_static", "index.html").read_bytes()
        return Response(html, media_type="text/html; charset=utf-8")

    async def queries(request):
        return JSONResponse(_named_queries())

    @asynccontextmanager
    async def lifespan(app):
        runner.start()
        yield
        runner.close()
        updates.shutdown(wait=False, cancel_futures=True)

    middleware = [Middleware(_HostCheck, allowed=tuple(allowed_hosts))]
    if cors_origins:
        middleware.append(Middleware(CORSMiddleware, allow_origins=list(cors_origins),
                                     allow_methods=["GET", "POST", "OPTIONS"],
                                     allow_headers=["Accept", "Content-Type", "Authorization"],
                                     expose_headers=[_TRUNCATED], max_age=3600))
    routes = [
        Route("/sparql", sparql, methods=["GET", "POST"]),
        Route("/", page, methods=["GET"]),
        Route("/queries", queries, methods=["GET"]),
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.store = store
    app.state.runner = runner
    return app


def serve(store, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *, log_level: str = "info",
          on_ready=None, **options) -> None:
    """Serve ``store`` at ``http://host:port/sparql`` until interrupted (uvicorn).

    Parameters
    ----------
    store : kg.store.Store
        The store to serve.
    host, port : str, int
        Where to listen; the default host is the loopback interface only; port 0 picks a free one.
    log_level : str
        uvicorn's log level (``"warning"`` for quiet).
    on_ready : callable, optional
        Called with the endpoint's URL (with the real port) once the socket is bound.
    **options
        As for :func:`create_app`.

    Examples
    --------
    >>> from kg.store import Store
    >>> serve(Store.open(":memory:"), port=0, on_ready=print)   # doctest: +SKIP
    http://127.0.0.1:40213/sparql
    """
    import uvicorn

    app = create_app(store, **options)
    config = uvicorn.Config(app, host=host, port=port, log_level=log_level)
    sock = config.bind_socket()
    sock.listen(config.backlog)  # connections made from now on wait until the server accepts them
    if on_ready is not None:
        on_ready(f"http://{f'[{host}]' if ':' in host else host}:{sock.getsockname()[1]}/sparql")
    uvicorn.Server(config).run(sockets=[sock])


class _HostCheck:
    """ASGI middleware: ``400`` for a request whose ``Host`` header names no allowed host (DNS rebinding)."""

    def __init__(self, app, allowed: tuple[str, ...]):
        self.app = app
        self.allowed = {h.lower().strip("[]") for h in allowed}

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and "*" not in self.allowed:
            header = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            if _host_name(header) not in self.allowed:
                from starlette.responses import PlainTextResponse

                response = PlainTextResponse(
                    f"this server does not answer to the host name {header!r} "
                    "(kg serve --allowed-host NAME adds one)\n", status_code=400)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _host_name(header: str) -> str:
    """The host of a ``Host`` header, without port or IPv6 brackets.

    >>> _host_name("[::1]:7878"), _host_name("LocalHost:80"), _host_name("127.0.0.1")
    ('::1', 'localhost', '127.0.0.1')
    """
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")]
    return header.split(":")[0]


def _bearer_token(request) -> str:
    """The token of an ``Authorization: Bearer`` header, or the password of a Basic one."""
    kind, _, value = request.headers.get("authorization", "").partition(" ")
    if kind.lower() == "bearer":
        return value.strip()
    if kind.lower() == "basic":
        import base64
        import binascii

        try:
            return base64.b64decode(value.strip()).decode("utf-8").partition(":")[2]
        except (binascii.Error, UnicodeDecodeError):
            return ""
    return ""


def _directory(store) -> str | None:
    """The directory of an embedded store (what worker processes open), else ``None``."""
    from kg.remote import RemoteStore
    from kg.store import Store

    location = str(getattr(store, "location", ":memory:"))
    if not isinstance(store, Store) or isinstance(store, RemoteStore) or location == ":memory:":
        return None
    return location


# -- running queries ---------------------------------------------------------------------------
class _ThreadRunner:
    """Answers queries in threads over a store object (in memory or remote): a query over its
    time limit is answered ``503`` but runs on (Python cannot interrupt an engine call)."""

    def __init__(self, store, workers: int, late_message: str):
        self.store = store
        self.late_message = late_message
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kg-sparql")

    async def run(self, job):
        loop = asyncio.get_running_loop()
        cancel = threading.Event()
        *request, deadline = job
        future = loop.run_in_executor(self.executor, _answer, self.store, *request, cancel, deadline,
                                      self.late_message)
        try:
            return await asyncio.wait_for(future, max(0.0, deadline - time.monotonic()))
        except asyncio.TimeoutError:
            cancel.set()
            raise _HTTPError(503, self.late_message) from None

    def start(self) -> None:
        """Nothing to start: the threads start with the first queries."""

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


class _ProcessRunner:
    """Answers queries in ``size`` worker processes over a store directory; a worker whose query
    overruns its deadline is killed and replaced, which frees whatever it was doing.

    Each request waits for an idle worker, and for its answer, on a thread of its own (a
    worker is a process and a pipe), so the event loop never blocks and the runner works
    from whichever event loop calls it.
    """

    def __init__(self, store, size: int, late_message: str, max_memory_mb: int | None = None):
        import multiprocessing

        self.store = store
        self.location = str(store.location)
        self.late_message = late_message
        # forked from a server process that preloaded kg, rdflib and Oxigraph: a new worker is
        # ready in milliseconds, not the second or two a fresh interpreter needs to import them
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(_WORKER_PRELOAD)
        self.idle: queue.Queue = queue.Queue()
        self.size = size
        self.max_memory_mb = max_memory_mb
        self.started = False
        self.closed = False
        self.lock = threading.Lock()
        self.waiters = ThreadPoolExecutor(max_workers=max(32, 8 * size), thread_name_prefix="kg-sparql-wait")

    async def run(self, job):
        kind, *reply = await asyncio.get_running_loop().run_in_executor(self.waiters, self._run, job)
        if kind == "error":
            raise _HTTPError(*reply)
        return reply

    def start(self) -> None:
        """Start the workers (else the first query does)."""
        with self.lock:
            if not self.started:
                self.started = True
                for _ in range(self.size):
                    self.idle.put(self._spawn())

    def _run(self, job):
        self.start()
        with self.lock:
            # the server's own handle is not queried, but holds a snapshot the writer cannot delete
            self.store.refresh()
        deadline = job[-1]
        try:
            worker = self.idle.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return "error", 503, self.late_message
        if time.monotonic() >= deadline:  # it is too late to start: keep the worker for a query that has time
            self.idle.put(worker)
            return "error", 503, self.late_message
        connection = worker[1]
        try:
            connection.send(job)
            if connection.poll(max(0.0, deadline - time.monotonic())):
                reply = connection.recv()
                if reply[0] != "retired":
                    self.idle.put(worker)
                    return reply
                problem = ("error", *reply[1:])
            else:
                problem = ("error", 503, self.late_message)
        except (EOFError, OSError):  # it died: the engine aborts when an allocation fails
            problem = ("error", 503, _OUT_OF_MEMORY) if self.max_memory_mb else (
                "error", 500, "the query's worker process died; it was replaced")
        self._replace(worker)
        return problem

    def _spawn(self):
        parent_end, child_end = self.context.Pipe()
        process = self.context.Process(target=_worker, daemon=True, name="kg-sparql-worker",
                                       args=(child_end, self.location, self.late_message, self.max_memory_mb))
        process.start()
        child_end.close()
        return process, parent_end

    def _replace(self, worker) -> None:
        process, connection = worker
        process.kill()
        connection.close()
        if not self.closed:
            self.idle.put(self._spawn())
        process.join(5)

    def close(self) -> None:
        self.closed = True
        while True:
            try:
                process, connection = self.idle.get_nowait()
            except queue.Empty:
                break
            process.kill()
            connection.close()
            process.join(5)
        self.waiters.shutdown(wait=False, cancel_futures=True)


def _worker(connection, location: str, late_message: str, max_memory_mb: int | None) -> None:
    """A worker process: answers jobs from ``connection`` over the store's latest snapshot, one at a time.

    With ``max_memory_mb``, its address space is capped at what it holds once the store is open
    plus that much: an allocation beyond fails (Oxigraph then aborts the process, Python raises
    ``MemoryError`` and the worker retires), instead of a query taking the machine's memory.
    """
    import signal

    from kg.store import Store

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the server, which then stops its workers
    never = threading.Event()
    store = Store.open(location, read_only=True)
    _cap_memory(max_memory_mb)
    while True:
        try:
            text, dataset, accept, max_rows, deadline = connection.recv()
        except (EOFError, OSError):
            return
        try:
            if store.refresh():
                _cap_memory(max_memory_mb)  # measured again: the newer snapshot may take more
            reply = ("ok", *_answer(store, text, dataset, accept, max_rows, never, deadline, late_message))
        except _HTTPError as exc:
            reply = ("error", exc.status, exc.message, exc.headers)
        except MemoryError:
            connection.send(("retired", 503, _OUT_OF_MEMORY))
            return
        except Exception:
            traceback.print_exc(file=sys.stderr)
            reply = ("error", 500, "internal error (see the server's log)")
        connection.send(reply)


_OUT_OF_MEMORY = "the query needed more memory than this server gives one query (kg serve --max-memory)"


def _cap_memory(max_memory_mb: int | None) -> None:
    """Limit this process's address space to its size now plus ``max_memory_mb`` (``None``: no limit)."""
    import resource

    if max_memory_mb is None:
        return
    with open("/proc/self/status", encoding="ascii") as status:
        size_kb = next(int(line.split()[1]) for line in status if line.startswith("VmSize:"))
    limit = size_kb * 1024 + max_memory_mb * 2**20
    resource.setrlimit(resource.RLIMIT_AS, (limit, resource.RLIM_INFINITY))


# -- reading a request ------------------------------------------------------------------------
async def _read_request(request) -> tuple[str, str, tuple[list[str], list[str]]]:
    """(``"query"`` or ``"update"``, its text, (default graphs, named graphs)) from a protocol request."""
    params = request.query_params
    if request.method == "GET":
        if "update" in params:
            raise _HTTPError(400, "an update must be sent with POST")
        return "query", _one(params, "query"), _dataset(params, "query")
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type == "application/x-www-form-urlencoded":
        from urllib.parse import parse_qs

        from starlette.datastructures import MultiDict

        body = (await _read_body(request)).decode("utf-8", errors="replace")
        form = MultiDict([(k, v) for k, values in parse_qs(body, keep_blank_values=True).items() for v in values])
        fields = [k for k in ("query", "update") if k in form]
        if len(fields) != 1:
            raise _HTTPError(400, "send exactly one of the form fields 'query' or 'update'")
        return fields[0], _one(form, fields[0]), _dataset(form, fields[0])
    if content_type in ("application/sparql-query", "application/sparql-update"):
        body = (await _read_body(request)).decode("utf-8", errors="replace")
        operation = "query" if content_type.endswith("query") else "update"
        return operation, body, _dataset(params, operation)
    raise _HTTPError(415, "POST a form (application/x-www-form-urlencoded), application/sparql-query "
                          "or application/sparql-update")


async def _read_body(request) -> bytes:
    """The request body, read as it streams in and refused (``413``) as soon as it passes the limit,
    whether or not it declared its length (a chunked body declares none)."""
    # and the connection is closed, so that the server does not read the rest just to discard it
    too_big = _HTTPError(413, f"request body larger than {_MAX_REQUEST_BYTES} bytes", {"Connection": "close"})
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.strip().isdigit() or int(declared) > _MAX_REQUEST_BYTES):
        raise too_big if declared.strip().isdigit() else _HTTPError(400, "invalid Content-Length")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > _MAX_REQUEST_BYTES:
            raise too_big
        chunks.append(chunk)
    return b"".join(chunks)


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


# -- answering (in a worker process or thread) -------------------------------------------------
def _update(store, text: str) -> None:
    """Run an update and publish it, so that the query workers (readers of snapshots) see it next."""
    try:
        store.update(text)
        getattr(store, "publish", lambda: None)()
    except QueryError as exc:
        raise _HTTPError(400, str(exc)) from None
    except KgError as exc:
        raise _HTTPError(500, str(exc)) from None
    except OSError as exc:  # the engine: a SERVICE call that failed, or the disk
        raise _engine_error(text, exc) from None


def _answer(store, text, dataset, accepted, max_rows, cancel, deadline, late_message):
    """Run one query and serialize its answer, in a worker: (body, media type, headers)."""
    result = failure = None
    try:
        result = _run_query(store, text, dataset, max_rows)
        return _serialize(result, accepted, max_rows, cancel, deadline, late_message)
    except OSError as exc:  # the engine, also while rows are read: a SERVICE call that failed, or the disk
        failure = _engine_error(text, exc)
    finally:
        # Oxigraph's lazy solutions must be dropped on the thread that made them: close the
        # generator reading them here (it sits in a reference cycle the GC may free anywhere).
        generator = getattr(result, "_genbindings", None)
        if generator is not None:
            result._genbindings = None
            getattr(generator, "close", lambda: None)()
    raise failure  # out of the except block: the engine's traceback (holding its solutions) is freed here


def _engine_error(text: str, exc: Exception) -> _HTTPError:
    """What a client is told when the engine fails: no internals (they go to the server's log)."""
    print(f"kg serve: the engine failed: {type(exc).__name__}: {exc}", file=sys.stderr)
    if uses_service(text):
        return _HTTPError(502, "a SERVICE call of this query failed (the other endpoint is unreachable "
                               "or gave an error)")
    return _HTTPError(500, "the query engine failed (see the server's log)")


def _run_query(store, text, dataset, max_triples):
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
    from kg.remote import RemoteStore
    from kg.store import Store

    # an embedded store reads a CONSTRUCT's triples one by one and stops after max_triples
    capped = {"max_triples": max_triples} if isinstance(store, Store) and not isinstance(store, RemoteStore) else {}
    try:
        result = store.query(text, **capped)
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
    if getattr(result, "truncated", False) or len(graph) > max_rows:
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
