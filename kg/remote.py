"""A kg store kept on a remote SPARQL 1.1 server (Query + Update over HTTP), one named graph per document.

``Store.open("http://host:port/sparql")`` returns a :class:`RemoteStore`, so ``kg build``,
``kg query``, ``kg export``, ``kg remove`` and the analyses work against any SPARQL 1.1
Query + Update server (tested with Virtuoso) instead of the embedded Oxigraph store.

What the store is, on the server: the named graphs whose IRI starts with
``https://w3id.org/kg/id/graph/`` (see :func:`kg.namespaces.document_graph_iri`). Queries
get those graphs as their dataset through the protocol's ``default-graph-uri`` and
``named-graph-uri`` parameters, so their default graph is the union of the documents,
as in the embedded store, whatever the server's own default graph is, and other data on
the same server is not seen. The list of graphs is asked for before each query (one extra,
cheap request); ``graph_ttl`` > 0 reuses it for that many seconds, at the price of not
seeing documents that another process writes meanwhile.

A document is replaced atomically: small documents in one Update request
(``DROP SILENT GRAPH <g> ; INSERT DATA { GRAPH <g> {...} }``); large ones are written in
batches into a private staging graph and then put in place with one
``MOVE SILENT <staging> TO <g>`` request, so readers never see half a document.

>>> q = "SELECT ?name WHERE { ?p <https://w3id.org/kg/ontology#name> ?name }"
>>> from rdflib import URIRef
>>> print(bind_values(q, {"p": URIRef("https://w3id.org/kg/id/person/ada")}))
SELECT ?name WHERE { VALUES (?p) { (<https://w3id.org/kg/id/person/ada>) } ?p <https://w3id.org/kg/ontology#name> ?name }
"""
from __future__ import annotations

import re
import time
from base64 import b64encode
import uuid
from typing import Any, Iterable, Mapping
from urllib.parse import urlsplit, urlunsplit

from kg.errors import QueryError, StoreError
from kg.store import Store

__all__ = ["RemoteStore", "DirectWriter", "bind_values", "restrict_to_graph", "GRAPH_PREFIX"]

#: Named graphs under this prefix are the kg store's documents on a shared server.
GRAPH_PREFIX = "https://w3id.org/kg/id/graph/"

_EMPTY_GRAPH = "urn:kg:no-documents"  # a dataset with no documents, for a store with none
_STAGING = "urn:kg:staging:"
_ACCEPT = ("application/sparql-results+json, application/n-triples;q=0.9, text/turtle;q=0.8, "
           "application/sparql-results+xml;q=0.5")
_ACCEPT_GRAPH = "application/n-triples, text/turtle;q=0.9"


class RemoteStore(Store):
    """A :class:`kg.store.Store` whose data lives on a SPARQL 1.1 Query + Update server.

    Parameters
    ----------
    endpoint : str
        The query endpoint URL, e.g. ``http://127.0.0.1:8890/sparql``. User and password
        in the URL (``http://user:pw@host/sparql-auth``) are sent the way the server's
        challenge asks: HTTP Digest (Virtuoso), Basic, or as a bearer token (``kg serve
        --allow-update``: ``http://kg:TOKEN@host/sparql``).
    update_endpoint : str, optional
        Where updates go; the query endpoint by default.
    timeout : float
        Seconds to wait for the server on each request.
    batch_size : int
        Triples per ``INSERT DATA`` request when a document is written in batches.
    graph_ttl : float
        Seconds the list of document graphs is reused before being asked again (0: ask every time).
    auth : httpx.Auth, optional
        Any httpx authentication, overriding credentials in the URL.

    Examples
    --------
    >>> store = RemoteStore.open("http://127.0.0.1:8890/sparql")   # doctest: +SKIP
    >>> store.stats()["documents"]                                 # doctest: +SKIP
    3
    """

    def __init__(self, endpoint: str, *, update_endpoint: str | None = None, timeout: float = 60.0,
                 batch_size: int = 1000, graph_ttl: float = 0.0, auth=None):
        import httpx

        parts = urlsplit(endpoint)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise StoreError(f"{endpoint}: not an http(s) SPARQL endpoint URL")
        if parts.username and auth is None:
            from urllib.parse import unquote

            auth = _challenged_auth(unquote(parts.username), unquote(parts.password or ""))
        netloc = parts.hostname + (f":{parts.port}" if parts.port else "")
        self.endpoint = urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
        self.update_endpoint = update_endpoint or self.endpoint
        self.batch_size = batch_size
        self.graph_ttl = graph_ttl
        self._client = httpx.Client(timeout=timeout, auth=auth, headers={"User-Agent": "kg"})
        self._graph_cache: tuple[float, list[str]] | None = None
        super().__init__(None, self.endpoint)

    @classmethod
    def open(cls, location: str, *, wait: float = 0.0, rebuild: bool = False, **options) -> "RemoteStore":
        """Connect to the SPARQL endpoint at ``location`` (``wait`` is ignored: servers do their own locking).

        Raises :class:`~kg.errors.StoreError` if the server does not answer a query, or if an
        older kg built its documents in a graph layout this one cannot read (``rebuild=True``
        removes them instead, as :meth:`kg.store.Store.open` does).
        """
        store = cls(str(location), **options)
        try:
            store._post(store.endpoint, {"query": "ASK { }"}, accept=_ACCEPT)
            if rebuild:
                store.clear()
            store.refuse_old_layout()
        except StoreError:
            store.close()
            raise
        return store

    def close(self) -> None:
        """Close the HTTP connections."""
        if self._client is not None:
            self._client.close()
            self._client = None
        self._dataset = None

    # -- reading ----------------------------------------------------------------------------
    @property
    def dataset(self):
        """The server as an :class:`rdflib.Dataset` (rdflib's SPARQLUpdateStore); slow, for convenience only."""
        if self._dataset is None:
            from rdflib import Dataset
            from rdflib.plugins.stores.sparqlstore import SPARQLUpdateStore

            from kg.namespaces import bind_prefixes

            store = SPARQLUpdateStore(self.endpoint, self.update_endpoint, auth=None)
            self._dataset = Dataset(store=store, default_union=True)
            bind_prefixes(self._dataset)
        return self._dataset

    def query(self, sparql: str, bindings: Mapping[str, Any] | None = None):
        """Run a SPARQL query over the union of the documents; values bound as ``bindings``.

        Bindings are sent as a ``VALUES`` block at the start of the query's ``WHERE``
        group (see :func:`bind_values`). Returns an :class:`rdflib.query.Result`.
        """
        from rdflib import Graph
        from rdflib.query import Result

        text = bind_values(sparql, bindings or {})
        graphs = self.graphs() or [_EMPTY_GRAPH]
        form = {"query": text, "default-graph-uri": graphs, "named-graph-uri": graphs}
        # ask for the form's own kind of answer: Virtuoso sends CONSTRUCT results as a
        # SELECT table when SPARQL JSON is preferred
        form_kind = _where_group(text)[0]
        accept = _ACCEPT_GRAPH if form_kind in ("CONSTRUCT", "DESCRIBE") else _ACCEPT
        response = self._post(self.endpoint, form, accept=accept)
        media = response.headers.get("content-type", "").split(";")[0].strip().lower()
        if media in ("application/n-triples", "text/turtle", "text/plain"):
            result = Result("CONSTRUCT")
            result.graph = Graph()
            result.graph.parse(data=response.content, format="nt" if "turtle" not in media else "turtle")
            return result
        fmt = {"application/sparql-results+json": "json", "application/json": "json",
               "application/sparql-results+xml": "xml"}.get(media)
        if fmt is None:
            raise StoreError(f"{self.endpoint}: unexpected response type {media!r}")
        import io

        result = Result.parse(io.BytesIO(response.content), format=fmt)
        if result.type == "SELECT" and [str(v) for v in result.vars] == ["__ASK_RETVAL"]:
            # Virtuoso answers ASK as a one-column SELECT: one row for true, none for false
            rows = [row[0] for row in result]
            answer = Result("ASK")
            answer.askAnswer = bool(rows) and str(rows[0]) not in ("0", "false")
            return answer
        return result

    def update(self, sparql_update: str) -> None:
        """Run a SPARQL 1.1 Update on the server (one request: atomic if the server makes requests atomic)."""
        self._post(self.update_endpoint, {"update": sparql_update})
        self._graph_cache = None

    def graphs(self) -> list[str]:
        """The IRIs of the documents' named graphs on the server, sorted."""
        now = time.monotonic()
        if self._graph_cache is not None and now - self._graph_cache[0] < self.graph_ttl:
            return self._graph_cache[1]
        text = ("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } "
                f'FILTER (STRSTARTS(STR(?g), "{GRAPH_PREFIX}")) }}')
        response = self._post(self.endpoint, {"query": text}, accept="application/sparql-results+json")
        found = sorted(b["g"]["value"] for b in response.json()["results"]["bindings"])
        self._graph_cache = (now, found)
        return found

    def stats(self, *, count: bool = True) -> dict[str, Any] | None:
        """Counts: documents, quads, entities by type, relations by predicate (as :meth:`Store.stats`).
        Other programs write to a server too, so nothing is kept: each call counts the whole
        store, and ``count=False`` returns ``None``."""
        from kg.store import _local

        if not count:
            return None
        return {
            "documents": len(self.rows("documents")),
            "quads": len(self),
            "entities": {_local(r["type"]): r["count"] for r in self.rows("count_entities")},
            "relations": {_local(r["predicate"]): r["count"] for r in self.rows("count_relations")},
        }

    def __len__(self) -> int:
        result = self.query("SELECT (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } }")
        return int(next(iter(result))[0])

    # -- writing ----------------------------------------------------------------------------
    def add_documents(self, documents: Iterable[tuple[str, Iterable[tuple[str, str, str]]]]) -> None:
        """Write documents' named graphs given in N-Triples syntax (as :meth:`Store.add_documents`);
        a server has no bulk loader, so each is swapped in whole as by :meth:`replace_documents`."""
        self._write([(_iri(graph[1:-1]), [f"{s} {p} {o} .\n" for s, p, o in triples], False)
                     for graph, triples in documents])

    def bulk_writer(self) -> "DirectWriter":
        """A writer with :meth:`kg.store.Store.bulk_writer`'s interface; a server has no bulk
        loader to overlap with, so each batch is written before ``add`` returns."""
        return DirectWriter(self)

    def drop_incomplete(self) -> list[str]:
        """Nothing to drop: every write to a server is one atomic SPARQL Update request."""
        return []

    def replace_documents(self, documents: Iterable[tuple[Any, Iterable[tuple]]]) -> None:
        """Replace several documents' named graphs: each is swapped in whole, in one final request.

        Triples are produced first, so a failure while producing them writes nothing.
        """
        from rdflib import BNode

        prepared = []
        for graph, triples in documents:
            triples = list(triples)
            has_bnodes = any(isinstance(term, BNode) for t in triples for term in t)
            prepared.append((_iri(graph), [_nt(t) for t in triples], has_bnodes))
        self._write(prepared)

    def _write(self, prepared: list[tuple[str, list[str], bool]]) -> None:
        """Swap in graphs given as ``(graph IRI, N-Triples lines, has blank nodes)``."""
        total = sum(len(lines) for _, lines, _ in prepared)
        if total <= self.batch_size or any(b for _, _, b in prepared):
            ops = []
            for g, lines, _ in prepared:
                ops.append(f"DROP SILENT GRAPH <{g}>")
                if lines:
                    ops.append(f"INSERT DATA {{ GRAPH <{g}> {{\n{''.join(lines)}}} }}")
            self.update(" ;\n".join(ops))
            return
        staging = []
        try:
            for g, lines, _ in prepared:
                stage = f"{_STAGING}{uuid.uuid4()}"
                staging.append(stage)
                for start in range(0, len(lines), self.batch_size):
                    batch = "".join(lines[start:start + self.batch_size])
                    self.update(f"INSERT DATA {{ GRAPH <{stage}> {{\n{batch}}} }}")
            moves = [f"MOVE SILENT <{stage}> TO <{g}>" if lines else f"DROP SILENT GRAPH <{g}>"
                     for stage, (g, lines, _) in zip(staging, prepared)]
            self.update(" ;\n".join(moves))
        finally:
            leftovers = " ;\n".join(f"DROP SILENT GRAPH <{stage}>" for stage in staging)
            if leftovers:
                try:
                    self.update(leftovers)
                except StoreError:
                    pass

    def refuse_old_layout(self) -> None:
        """As :meth:`kg.store.Store.refuse_old_layout`, with one ASK query."""
        from kg.store import _OLD_LAYOUT_PROPERTY, _old_layout_message

        if self.query(f"ASK {{ ?s <{_OLD_LAYOUT_PROPERTY}> ?o }}").askAnswer:
            raise StoreError(_old_layout_message(self.location))

    def clear(self) -> None:
        """Remove every document's graph from the server (other graphs are not kg's to remove)."""
        for graph in self.graphs():
            self.update(f"DROP SILENT GRAPH <{graph}>")
        self._graph_cache = None

    def remove_graph(self, graph) -> bool:
        """Drop one named graph; ``True`` if it existed."""
        g = _iri(graph)
        self._graph_cache = None
        if g.startswith(GRAPH_PREFIX) and g not in self.graphs():
            return False
        self.update(f"DROP SILENT GRAPH <{g}>")
        return True

    def load(self, path, format: str | None = None) -> None:
        """Add the contents of an RDF file (TriG, N-Quads, Turtle, N-Triples) to the server."""
        from pathlib import Path

        from rdflib import Dataset

        suffix = format or Path(path).suffix.lstrip(".")
        fmt = {"trig": "trig", "nq": "nquads", "ttl": "turtle", "nt": "nt"}.get(suffix)
        if fmt is None:
            raise StoreError(f"{path}: unknown RDF format {suffix!r} (use .trig, .nq, .ttl or .nt)")
        data = Dataset()
        try:
            data.parse(str(path), format=fmt)
        except Exception as exc:
            raise StoreError(f"{path}: cannot load ({exc})") from None
        from kg.rdf import with_search_keys

        for context in data.graphs():
            lines = [_nt(t) for t in with_search_keys(context)]  # as Store.load
            target = (f"GRAPH <{context.identifier}> " if str(context.identifier) != str(data.default_graph.identifier)
                      else "")
            for start in range(0, len(lines), self.batch_size):
                batch = "".join(lines[start:start + self.batch_size])
                self.update(f"INSERT DATA {{ {target}{{\n{batch}}} }}")

    # -- exporting --------------------------------------------------------------------------
    def serialize(self, fmt: str = "trig") -> bytes:
        """The documents in an RDF format (as :meth:`Store.serialize`), fetched graph by graph."""
        from rdflib import Dataset, Graph, URIRef

        from kg.namespaces import bind_prefixes

        if fmt not in ("trig", "nquads", "turtle", "ntriples", "jsonld"):
            return super().serialize(fmt)  # raises the documented error
        data = Dataset()
        union = Graph()
        for g in self.graphs():
            result = self.query(f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ GRAPH <{g}> {{ ?s ?p ?o }} }}")
            named = data.graph(URIRef(g))
            for t in result.graph:
                named.add(t)
                union.add(t)
        target = data if fmt in ("trig", "nquads") else union
        bind_prefixes(target)
        rdflib_format = {"trig": "trig", "nquads": "nquads", "turtle": "turtle", "ntriples": "nt",
                         "jsonld": "json-ld"}[fmt]
        return target.serialize(format=rdflib_format, encoding="utf-8")

    # -- HTTP -------------------------------------------------------------------------------
    def _post(self, url: str, form: dict, accept: str = "*/*"):
        import httpx

        if self._client is None:
            raise StoreError(f"{self.endpoint}: the store is closed")
        try:
            response = self._client.post(url, data=form, headers={"Accept": accept})
        except httpx.HTTPError as exc:
            raise StoreError(f"{self.endpoint}: cannot reach the SPARQL server ({exc})") from None
        if response.status_code == 400:
            raise QueryError(_server_message(response.text))
        if response.status_code >= 300:
            raise StoreError(f"{self.endpoint}: HTTP {response.status_code}: {_server_message(response.text)}")
        return response


# -- SPARQL text helpers -----------------------------------------------------------------------
#: a SPARQL variable's name without its ``?`` (the VARNAME production of SPARQL 1.1)
VARIABLE_NAME = re.compile(
    "[A-Za-z0-9_\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c\u200d"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff]"
    "[A-Za-z0-9_\u00b7\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u037d\u037f-\u1fff\u200c\u200d\u203f\u2040"
    "\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\U00010000-\U000effff]*")
_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<comment>\#[^\n]*)
  | (?P<string>\"\"\"(?:[^"\\]|\\.|"(?!""))*\"\"\"|'''(?:[^'\\]|\\.|'(?!''))*'''
              |"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<iri><[^<>"{}|^`\\\x00-\x20]*>)
  | (?P<var>[?$][\w\u00b7-\uffff]+)
  | (?P<word>[A-Za-z_][\w.\-]*(?::[\w.\-:%]*)?|:[\w.\-:%]*)
  | (?P<punct>.)
""", re.X | re.S)


def _challenged_auth(user: str, password: str):
    """URL credentials for whatever scheme the server's ``401`` challenge names.

    Virtuoso asks for Digest, a proxy may ask for Basic, and ``kg serve --allow-update`` asks
    for a bearer token (the URL's password). The scheme is learnt from the first challenge
    and used from the start on later requests.
    """
    import httpx

    class ChallengedAuth(httpx.Auth):
        def __init__(self):
            self.scheme = None
            self.digest = httpx.DigestAuth(user, password)

        def auth_flow(self, request):
            if self.scheme == "digest":
                yield from self.digest.auth_flow(request)
                return
            if self.scheme:
                _authorize(request, self.scheme)
            response = yield request
            if response.status_code != 401 or self.scheme:
                return
            self.scheme = response.headers.get("WWW-Authenticate", "").split(" ", 1)[0].lower() or None
            if self.scheme == "digest":
                yield from self.digest.auth_flow(request)
            elif self.scheme in ("basic", "bearer"):
                _authorize(request, self.scheme)
                yield request

    def _authorize(request, scheme: str) -> None:
        if scheme == "bearer":
            request.headers["Authorization"] = f"Bearer {password}"
        else:
            request.headers["Authorization"] = "Basic " + b64encode(f"{user}:{password}".encode()).decode()

    return ChallengedAuth()


def _tokens(text: str):
    for match in _TOKEN.finditer(text):
        kind = match.lastgroup
        if kind not in ("space", "comment"):
            yield kind, match.start(), match.end(), match.group()


def _where_group(text: str) -> tuple[str | None, int | None, int | None, bool]:
    """(query form, index of the WHERE group's ``{``, index of its ``}``, short CONSTRUCT form?)."""
    form, template_done, saw_where, depth, open_at = None, False, False, 0, None
    paren = 0
    for kind, start, end, token in _tokens(text):
        upper = token.upper()
        if open_at is None:
            if kind == "word" and form is None and upper in ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE"):
                form = upper
            elif kind == "word" and upper == "WHERE" and paren == 0:
                saw_where = True
            elif token == "(":
                paren += 1
            elif token == ")":
                paren -= 1
            elif token == "{" and paren == 0 and form is not None:
                if form == "CONSTRUCT" and not template_done and not saw_where:
                    template_done = True
                    depth = 1
                    open_at = -1  # skip the template
                    continue
                open_at, depth = start, 1
            continue
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
            if depth == 0:
                if open_at == -1:
                    open_at = None
                    continue
                short = form == "CONSTRUCT" and not template_done
                return form, open_at, start, short
    return form, None, None, False


def bind_values(query: str, bindings: Mapping[str, Any]) -> str:
    """``query`` with ``bindings`` (variable name -> rdflib or pyoxigraph term) as a ``VALUES`` block in its
    WHERE group.

    The block goes first in the query's top-level group, which joins the values
    before anything else, as rdflib's ``initBindings`` do; queries without such a
    group (``DESCRIBE <x>``, ``CONSTRUCT WHERE {...}``) get it at the end instead.

    >>> from rdflib import Literal
    >>> bind_values("ASK { ?x ?p ?o }", {"x": Literal("a")})
    'ASK { VALUES (?x) { ("a") } ?x ?p ?o }'
    >>> bind_values("SELECT * WHERE { ?s ?p ?o }", {})
    'SELECT * WHERE { ?s ?p ?o }'

    Names and IRIs go into the query text, so each is checked first: anything but a SPARQL
    variable name, or an IRI with a character IRIs cannot hold, raises :class:`~kg.errors.QueryError`.

    >>> bind_values("ASK { ?x ?p ?o }", {"x } DROP ALL; ASK { ?x": Literal("a")})
    Traceback (most recent call last):
    ...
    kg.errors.QueryError: invalid SPARQL: cannot bind 'x } DROP ALL; ASK { ?x': not a variable name
    """
    if not bindings:
        return query
    names, values = [], []
    for name, value in bindings.items():
        variable = str(name).removeprefix("?").removeprefix("$")
        if not VARIABLE_NAME.fullmatch(variable):
            raise QueryError(f"cannot bind {variable!r}: not a variable name")
        names.append(f"?{variable}")
        values.append(_term(value, variable))
    block = f"VALUES ({' '.join(names)}) {{ ({' '.join(values)}) }}"
    form, open_at, close_at, short = _where_group(query)
    if open_at is None or short:
        return f"{query}\n{block}"
    return f"{query[:open_at + 1]} {block}{query[open_at + 1:]}"


def restrict_to_graph(query: str, graph: str) -> str:
    """``query`` rewritten so that its default graph is the one named graph ``graph``.

    Used for the protocol's ``default-graph-uri`` parameter: the WHERE group becomes
    ``{ GRAPH <graph> { ... } }``. Raises ``ValueError`` for a query without a WHERE group.

    >>> restrict_to_graph("SELECT ?s WHERE { ?s ?p ?o }", "http://example.org/g")
    'SELECT ?s WHERE { GRAPH <http://example.org/g> { ?s ?p ?o } }'
    """
    if not re.fullmatch(r"[^<>\"{}|^`\\\x00-\x20]+", graph):
        raise ValueError(f"not an IRI: {graph!r}")
    form, open_at, close_at, short = _where_group(query)
    if open_at is None:
        raise ValueError("default-graph-uri needs a query with a WHERE clause")
    inner = query[open_at + 1:close_at]
    if short:  # CONSTRUCT WHERE { T }  ->  CONSTRUCT { T } WHERE { GRAPH <g> { T } }
        where = re.search(r"(?i)\bWHERE\s*$", query[:open_at])
        head = query[:where.start()] if where else query[:open_at]
        return f"{head}{{{inner}}} WHERE {{ GRAPH <{graph}> {{{inner}}} }}{query[close_at + 1:]}"
    return f"{query[:open_at + 1]} GRAPH <{graph}> {{{inner}}} {query[close_at:]}"


def _iri(graph) -> str:
    text = str(graph)
    if not re.fullmatch(r"[^<>\"{}|^`\\\x00-\x20]+", text):
        raise StoreError(f"not a graph IRI: {text!r}")
    return text


def _term(term, variable: str) -> str:
    """A term bound to ``?variable`` in N-Triples syntax (valid SPARQL): an rdflib or a pyoxigraph
    term (whose constructor checked it: no rdflib import for one)."""
    import pyoxigraph

    if isinstance(term, (pyoxigraph.NamedNode, pyoxigraph.Literal)):
        return str(term)
    from rdflib import BNode, Literal, URIRef
    from rdflib.plugins.serializers.nt import _quoteLiteral

    from kg.namespaces import IRI_TEXT

    if isinstance(term, (BNode, pyoxigraph.BlankNode)):
        raise QueryError(f"cannot bind ?{variable} to a blank node on a remote store")
    if isinstance(term, URIRef) and not IRI_TEXT.fullmatch(term):
        raise QueryError(f"cannot bind ?{variable} to {str(term)!r}: not an IRI")
    return _quoteLiteral(term) if isinstance(term, Literal) else term.n3()


def _nt(triple) -> str:
    from rdflib.plugins.serializers.nt import _nt_row

    return _nt_row(triple)


def _server_message(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        return "no message"
    # Virtuoso: "Virtuoso 37000 Error SP030: SPARQL compiler, line 1: syntax error at ..." then the query
    return lines[0][:500]


class DirectWriter:
    """Writes each batch through ``store.add_documents`` before ``add`` returns (a remote store's
    :meth:`RemoteStore.bulk_writer`); ``written`` counts the documents written."""

    def __init__(self, store):
        self._store = store
        self.written = 0

    def add(self, documents: Iterable[tuple[str, Iterable[tuple[str, str, str]]]]) -> None:
        documents = list(documents)  # the pipeline hands over a generator
        self._store.add_documents(documents)
        self.written += len(documents)

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        return None
