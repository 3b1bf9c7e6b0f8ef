"""Reading the store for the analyses: named queries as Python rows, names to IRIs, and a
per-state snapshot of the graph that the networkx projections are built from."""
from __future__ import annotations

import contextlib
import gc
import re
import weakref
from collections import defaultdict
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable

from kg.analyze._cache import AnalysisCache, DiskGraph
from kg.errors import NotFoundError
from kg.model import ENTITY_TYPES, ORGANIZATION_TYPES
from kg.namespaces import IRI_TEXT
from kg.rdf import search_key as normalise  # how names are compared: as the graph's kg:searchKey

__all__ = ["AmbiguousNameError", "Snapshot", "snapshot", "rows", "resolve", "normalise", "local_name", "canonical"]

KG_NS = "https://w3id.org/kg/ontology#"
_TYPE_ORDER = {t: i for i, t in enumerate(ENTITY_TYPES)}
_INTEGER_TYPES = {"http://www.w3.org/2001/XMLSchema#" + t for t in (
    "integer", "int", "long", "short", "nonNegativeInteger", "positiveInteger")}
_BOOLEAN = "http://www.w3.org/2001/XMLSchema#boolean"


class AmbiguousNameError(NotFoundError):
    """A name that matches several entities; ``candidates`` lists them (dicts: name, type, iri, documents)."""

    def __init__(self, message: str, candidates: list[dict[str, str]]):
        super().__init__(message)
        self.candidates = candidates


def local_name(iri: Any) -> str:
    """The last segment of an IRI: ``kg:workedAt`` -> ``'workedAt'``.

    >>> local_name("https://w3id.org/kg/ontology#workedAt")
    'workedAt'
    """
    return re.split(r"[#/]", str(iri))[-1]


def _value(term: Any) -> Any:
    from rdflib import Literal

    if term is None:
        return None
    if isinstance(term, Literal):
        datatype = str(term.datatype) if term.datatype else ""
        if datatype in _INTEGER_TYPES:
            return int(term)
        if datatype == _BOOLEAN:
            return str(term).strip().lower() in ("true", "1")
        return str(term)
    return str(term)


def rows(store, name: str, **bindings) -> list[dict[str, Any]]:
    """Run the named query (``kg/queries/<name>.rq``) with bound values; rows of plain Python values.

    IRIs come back as strings, integers as ``int``, booleans as ``bool``, other literals as ``str``
    (:meth:`kg.store.Store.select`); any other object with ``.query(text, bindings)`` works too.
    """
    from kg.queries import load_query

    return _select(store, load_query(name), bindings)


def _select(store, text: str, bindings: dict[str, Any]) -> list[dict[str, Any]]:
    if isinstance(store, Snapshot):
        store = store.store
    if hasattr(store, "select"):
        return store.select(text, bindings)
    result = store.query(text, bindings)
    names = [str(v) for v in result.vars]
    return [{n: _value(row[i]) for i, n in enumerate(names)} for row in result]


def rows_in(store, name: str, variable: str, iris: Iterable[str]) -> list[dict[str, Any]]:
    """Run the named query with ``?variable`` bound to each of ``iris`` in turn: the rows for all of them.

    One query per IRI, bound as :func:`rows` binds it: Oxigraph then reads what that IRI's
    indexes hold (a ``VALUES`` block of many IRIs made it scan the store).

    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> graphs = [d["graph"] for d in store.documents()]
    >>> {r["graph"] for r in rows_in(store, "relation_edges", "graph", graphs[:2])} == set(graphs[:2])
    True
    """
    from rdflib import URIRef

    from kg.queries import load_query

    text = load_query(name)
    return [r for iri in iris for r in _select(store, text, {variable: URIRef(iri)})]


@contextlib.contextmanager
def paused_gc():
    """Pause Python's cyclic garbage collector while building large tables and graphs.

    Building millions of small dicts and lists otherwise triggers collection passes over
    everything already built, over and over; nothing here creates reference cycles.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _state(store) -> tuple:
    return tuple(rows(store, "state")[0].values())


# A snapshot per store object, reused while the store's state (fingerprint) is unchanged.
_SNAPSHOTS: "weakref.WeakKeyDictionary[Any, tuple[tuple, Snapshot]]" = weakref.WeakKeyDictionary()


def snapshot(store) -> "Snapshot":
    """The store's :class:`Snapshot`, read once and reused until the store changes.

    ``store`` is a :class:`kg.store.Store` (anything with ``.query(text, bindings)``) or a
    snapshot (returned as is).
    """
    if isinstance(store, Snapshot):
        return store
    folder = _store_folder(store)
    # kg's own stores say cheaply when they were last written; others (remote) are asked
    state = (store.generation,) if hasattr(store, "generation") else _state(store)
    try:
        cached = _SNAPSHOTS.get(store)
    except TypeError:  # not weak-referenceable: no caching
        return Snapshot(store)
    if cached is not None and cached[0] == state:
        return cached[1]
    if cached is not None and cached[1].cache is not None:
        cached[1].cache.close()
    cache = AnalysisCache.open(folder, state) if folder else None
    snap = Snapshot(weakref.proxy(store), cache, folder)  # the cache must not keep a closed store alive
    _SNAPSHOTS[store] = (state, snap)
    return snap


def _store_folder(store) -> Path | None:
    """The directory of a store kept on disk, where its analysis cache lives; ``None`` for
    in-memory and remote stores (their snapshots are cached in this process only)."""
    location = str(getattr(store, "location", ":memory:"))
    if location == ":memory:" or re.match(r"https?://", location):
        return None
    folder = Path(location)
    return folder if folder.is_dir() else None


class Snapshot:
    """The graph as the analyses see it: nodes, edges and assertions read with a few queries.

    Projections (:attr:`typed`, :attr:`collaboration`, ...) are built on first use and kept:
    build them once, ask many questions. Get one with :func:`snapshot`.
    """

    def __init__(self, store, cache: AnalysisCache | None = None, folder: Path | None = None, tables=None):
        self.store = store
        #: the directory of a directory store (where the tables and the cache are kept), else ``None``
        self.folder = folder
        if tables is not None:  # a part of the graph, read by the caller (see graphs.neighbourhood)
            self.tables = tables
        #: the on-disk :class:`~kg.analyze._cache.AnalysisCache` of a directory store, else ``None``
        self.cache = cache

    def _cached_nodes(self) -> bool:
        """Whether node lookups should go to the disk cache (the node table is not read here)."""
        return "nodes" not in self.__dict__ and self.cache is not None and self.cache.has_nodes()

    # -- tables, from the rows kept per document graph (kg.analyze._tables) ------------------
    @cached_property
    def tables(self):
        """The :class:`~kg.analyze._tables.Tables` these tables are aggregated from: kept beside a
        directory store and updated from the graphs written since, else read from the store."""
        from kg.analyze._tables import Tables

        with paused_gc():
            return Tables.current(self.store, self.folder)

    @cached_property
    def nodes(self) -> dict[str, dict[str, Any]]:
        """IRI -> ``{"label", "type", "aliases"}``.

        ``label`` is the alphabetically first ``kg:name`` (what the queries pick with ``MIN``), so
        a node reads the same in every answer; ``aliases`` are its other names and aliases.
        """
        names: dict[str, set[str]] = defaultdict(set)
        aliases: dict[str, set[str]] = defaultdict(set)
        types: dict[str, str] = {}
        for iri, kind, prop, label in sorted(self.tables.union("labels")):
            kind = local_name(kind)
            if iri not in types or _TYPE_ORDER[kind] < _TYPE_ORDER[types[iri]]:
                types[iri] = kind
            (names if prop.endswith("#name") else aliases)[iri].add(label)
        nodes = {}
        for iri, kind in types.items():
            label = min(names[iri] or aliases[iri] or {local_name(iri)})  # as the queries' MIN(?name)
            others = sorted((names[iri] | aliases[iri]) - {label})
            nodes[iri] = {"label": label, "type": kind, "aliases": others}
        return nodes

    @cached_property
    def edges(self) -> list[tuple[str, str, str]]:
        """Direct edges ``(subject, predicate local name, object)`` between known entities."""
        nodes = self.nodes
        return sorted((s, local_name(p), o) for s, p, o in self.tables.union("edges") if s in nodes and o in nodes)

    @cached_property
    def assertions(self) -> dict[tuple[str, str, str], list[dict[str, Any]]]:
        """``(subject, predicate, object)`` -> the assertions stating it, earliest first."""
        from kg.analyze._tables import FIELDS

        fields = FIELDS["assertions"][1]
        out: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
        for row in self.tables.union("assertions"):
            r = dict(zip(fields, row))
            r["predicate"] = local_name(r["predicate"])
            out[(r["subject"], r["predicate"], r["object"])].append(r)
        for assertions in out.values():
            assertions.sort(key=_assertion_order)
        return {key: out[key] for key in sorted(out)}

    @cached_property
    def mentions(self) -> dict[str, list[dict[str, Any]]]:
        """IRI -> where it is named: ``{"text", "document", "line"}``."""
        out: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for entity, document, line, evidence in sorted(self.tables.union("mentions"),
                                                       key=lambda r: (r[0], r[1] or "", r[2] or 0, r[3] or "")):
            out[entity].append({"text": evidence, "document": document, "line": line})
        return dict(out)

    @cached_property
    def parents(self) -> dict[str, list[str]]:
        """Organisation -> the organisations it is directly part of."""
        out: dict[str, list[str]] = defaultdict(list)
        for s, p, o in self.edges:
            if p == "partOf":
                out[s].append(o)
        return dict(out)

    def ancestors(self, org: str) -> list[str]:
        """``org`` and every organisation above it (``kg:partOf*``), nearest first."""
        seen, queue = [org], [org]
        while queue:
            for parent in self.parents.get(queue.pop(0), ()):
                if parent not in seen:
                    seen.append(parent)
                    queue.append(parent)
        return seen

    @cached_property
    def _index(self) -> dict[str, list[str]]:
        index: dict[str, list[str]] = defaultdict(list)
        for iri, node in self.nodes.items():
            for name in {normalise(n) for n in (node["label"], *node["aliases"])}:
                index[name].append(iri)
        return dict(index)

    def find(self, key: str) -> list[dict[str, Any]]:
        """Entities whose normalised name or alias is ``key``, as rows of ``find_entities.rq``."""
        if self._cached_nodes():
            found = self.cache.named(key)
            nodes = {iri: self.cache.node(iri) for iri in found}
            return [{"key": key, "entity": iri, "type": KG_NS + nodes[iri]["type"], "name": nodes[iri]["label"],
                     "documents": nodes[iri]["documents"] if len(found) > 1 else ""} for iri in found]
        out = []
        found = self._index.get(key, ())
        for iri in found:
            # where each candidate is named: only worth reading when the name is ambiguous
            out.append({"key": key, "entity": iri, "type": KG_NS + self.nodes[iri]["type"],
                        "name": self.nodes[iri]["label"], "documents": self.documents(iri) if len(found) > 1 else ""})
        return out

    def documents(self, iri: str) -> str:
        """The documents that name an entity, ``; ``-separated."""
        return "; ".join(sorted({m["document"] for m in self.mentions.get(iri, ()) if m["document"]}))

    def _node(self, iri: str) -> dict[str, Any] | None:
        return self.cache.node(iri) if self._cached_nodes() else self.nodes.get(iri)

    def label(self, iri: str) -> str:
        """The display name of an IRI."""
        node = self._node(iri)
        return node["label"] if node else local_name(iri)

    def type(self, iri: str) -> str | None:
        node = self._node(iri)
        return node["type"] if node else None

    def assertions_of(self, subject: str, predicate: str, object: str) -> list[dict[str, Any]]:
        """The assertions stating one relation (``predicate`` a local name), earliest first."""
        if "assertions" in self.__dict__ or self.cache is None:
            return self.assertions.get((subject, predicate, object), [])
        from rdflib import URIRef

        found = rows(self.store, "relation_assertions", subject=URIRef(subject),
                     predicate=URIRef(KG_NS + predicate), object=URIRef(object))
        for r in found:
            r["predicate"] = predicate
        return sorted(found, key=_assertion_order)

    def result(self, key: str, compute):
        """``compute()``, kept for this store state: on disk beside a directory store, else in memory."""
        if self.cache is not None:
            return self.cache.result(key, compute)
        results = self.__dict__.setdefault("_results", {})
        if key not in results:
            results[key] = compute()
        return results[key]

    def _projection(self, name: str):
        """A projection: from the disk cache when it is there, else built from the tables (and
        stored in the disk cache). Each is built when first needed: the tables are kept beside
        the store, so building one no longer means reading the whole graph through SPARQL."""
        if self.cache is not None:
            stored = self.cache.graph(name)
            if stored is not None:
                return stored
            from kg.analyze._patch import patch

            with paused_gc():
                if patch(self, name):  # the previous state's, with what the last build changed built again
                    return self.cache.graph(name)
        with paused_gc():
            graph = canonical(_builder(name)(self))
        if self.cache is not None:
            if not self.cache.has_nodes():
                self.cache.put_nodes(self.nodes, ((key, iri) for key, iris in self._index.items() for iri in iris),
                                     self.documents)
            self.cache.put_graph(name, graph)
        return graph

    def networkx(self, name: str):
        """The projection ``name`` (``"collaboration"``, ``"simple"``, ...) as a networkx graph,
        for algorithms that need the whole graph (read back from the disk cache if stored there)."""
        graph = getattr(self, name)
        if isinstance(graph, DiskGraph):
            whole = self.__dict__.setdefault("_whole", {})
            if name not in whole:
                with paused_gc():
                    whole[name] = graph.to_networkx()
            return whole[name]
        return graph

    # -- projections, built on first use; all but the first read from the disk cache when it
    # has them (a DiskGraph: a node's neighbours at a time; networkx() for the whole graph)
    @cached_property
    def typed(self):
        from kg.analyze.graphs import _typed_graph

        with paused_gc():
            return _typed_graph(self)

    @cached_property
    def simple(self):
        return self._projection("simple")

    @cached_property
    def network(self):
        return self._projection("network")

    @cached_property
    def linked(self):
        return self._projection("linked")

    @cached_property
    def collaboration(self):
        return self._projection("collaboration")

    @cached_property
    def bipartite(self):
        return self._projection("bipartite")


#: The projections kept in the disk cache.
_PROJECTIONS = ("network", "linked", "collaboration", "simple", "bipartite")


def _builder(name: str):
    """The function of :mod:`kg.analyze.graphs` that builds a projection from a snapshot's tables."""
    from kg.analyze import graphs  # it imports this module

    return {"network": graphs._people_and_organisations,
            "linked": lambda snap: graphs._people_and_organisations(snap, keep=None),
            "collaboration": graphs._collaboration_graph, "simple": graphs._simple_graph,
            "bipartite": graphs._bipartite_graph}[name]


def canonical(graph):
    """An undirected graph with its nodes, and each node's neighbours, in the order of their IRIs:
    the order a projection has however it was made (built whole, or updated: kg.analyze._patch),
    so that what iterates over it (paths, communities, rankings' ties) answers the same.

    >>> import networkx as nx
    >>> list(canonical(nx.Graph([("b", "c"), ("b", "a")])).adj["b"])
    ['a', 'c']
    """
    import networkx as nx

    out = nx.Graph()
    out.add_nodes_from(sorted(graph.nodes(data=True), key=lambda item: item[0]))
    out.add_edges_from(sorted(((min(u, v), max(u, v), data) for u, v, data in graph.edges(data=True)),
                              key=lambda edge: (edge[0], edge[1])))
    return out


def _assertion_order(a: dict[str, Any]) -> tuple:
    return (a["startYear"] is None, a["startYear"] or 0, a["document"] or "", a["assertion"])


_TYPE_WORDS = {"Person": "person", "University": "university", "Company": "company", "Lab": "lab",
               "Institute": "institute", "Venue": "venue", "Project": "project", "Publication": "publication"}


def _kind_words(types: Iterable[str] | None) -> str:
    if not types:
        return "entity"
    types = set(types)
    if types == {"Person"}:
        return "person"
    if types <= ORGANIZATION_TYPES | {"Person"}:
        return "person or organisation" if "Person" in types else "organisation"
    return " or ".join(sorted(_TYPE_WORDS[t] for t in types))


def resolve(store, name: str, types: Iterable[str] | None = None) -> str:
    """The IRI of the one entity called ``name`` (or with that alias), case-insensitively.

    Parameters
    ----------
    store : Store or Snapshot
    name : str
        A name, an alias, or the entity's IRI.
    types : iterable of str, optional
        Entity types to accept (e.g. ``{"Person"}``); others are ignored.

    Returns
    -------
    str
        The entity's IRI.

    Raises
    ------
    AmbiguousNameError
        (a :class:`~kg.errors.NotFoundError`) when several entities match; ``.candidates`` lists them.
    NotFoundError
        When nothing matches (the message suggests close names).
    """
    from rdflib import Literal

    base = store.store if isinstance(store, Snapshot) else store
    types = set(types) if types else None
    text = str(name).strip()
    if re.match(r"https?://\S+$", text) and IRI_TEXT.fullmatch(text):  # else a name that looks like a URL
        kinds = {local_name(r["type"]) for r in _types_of(base, text)}
        if kinds and (types is None or kinds & types):
            return text
    key = normalise(text)
    snap = store if isinstance(store, Snapshot) else snapshot(store)
    if "nodes" in snap.__dict__ or snap._cached_nodes():  # names already in memory or in the disk cache
        matches = snap.find(key)
    else:  # an index lookup of the name as written, then a case-insensitive scan
        matches = rows(base, "find_entities_exact", label=Literal(" ".join(text.split())))
        if not any(types is None or local_name(r["type"]) in types for r in matches):
            matches = rows(base, "find_entities", key=Literal(key))
    by_iri: dict[str, dict[str, str]] = {}
    for r in matches:
        kind = local_name(r["type"])
        if types is not None and kind not in types:
            continue
        entry = by_iri.get(r["entity"])
        if entry is None or _TYPE_ORDER[kind] < _TYPE_ORDER[entry["type"]]:
            by_iri[r["entity"]] = {"name": r["name"], "type": kind, "iri": r["entity"],
                                   "documents": r["documents"] or ""}
    if len(by_iri) == 1:
        return next(iter(by_iri))
    what = _kind_words(types)
    if len(by_iri) > 1:
        candidates = sorted(by_iri.values(), key=lambda c: (c["name"], c["iri"]))
        listed = "; ".join(f"{c['name']} ({c['type']}, in {c['documents'] or 'no document'}) <{c['iri']}>"
                           for c in candidates)
        raise AmbiguousNameError(
            f"{text!r} matches {len(candidates)} {what} entries: {listed}; give the IRI to choose one",
            candidates)
    others = sorted({local_name(r["type"]) for r in matches})
    if others:
        raise NotFoundError(f"{text!r} is a {' / '.join(o.lower() for o in others)}, not a {what}")
    raise NotFoundError(f"no {what} named {text!r}{_suggestions(base, key, types)}")


def _types_of(store, iri: str) -> list[dict[str, Any]]:
    from rdflib import URIRef

    return rows(store, "entity_types", entity=URIRef(iri))


def _suggestions(store, key: str, types: set[str] | None) -> str:
    from rapidfuzz import fuzz, process

    snap = snapshot(store)
    choices = {}
    for iri, node in snap.nodes.items():
        if types is None or node["type"] in types:
            for label in (node["label"], *node["aliases"]):
                choices.setdefault(normalise(label), node["label"])
    best = process.extract(key, list(choices), scorer=fuzz.WRatio, limit=3, score_cutoff=80)
    names = list(dict.fromkeys(choices[b[0]] for b in best))
    return f"; did you mean {', '.join(repr(n) for n in names)}?" if names else ""
