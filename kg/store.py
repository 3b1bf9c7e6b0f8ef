"""The store: a persistent, embedded RDF dataset (Oxigraph through rdflib), one named graph per document.

A store is a directory (default ``./kg-data``) holding an Oxigraph database and a lock
file. Every write replaces whole documents' named graphs in one transaction, so a
failure half-way leaves the store exactly as it was. Queries see the union of all
named graphs as their default graph.

One writer, any number of readers. A writer (``Store.open(dir)``: ``kg build``, ``kg remove``,
``kg serve --allow-update``) holds the lock file; a second writer is refused. Readers
(``Store.open(dir, read_only=True)``: every other command, ``kg serve``) never take the lock
and are never refused: they open the latest *snapshot*, a read-only copy the writer publishes
in ``snapshots/`` when it closes (and a server after each update). Oxigraph's snapshots share
the database's immutable files by hard links, so publishing one takes milliseconds. Oxigraph
calls opening a database read-only while another process writes it undefined behaviour; a
snapshot is never written, so readers are safe beside a writer, and a writer's work becomes
visible to them whole, when it is done. A long-running reader moves to a newer snapshot
with :meth:`Store.refresh`.

>>> from rdflib import Literal, URIRef
>>> store = Store.open(":memory:")
>>> g = URIRef("https://example.org/graph/1")
>>> store.replace_document(g, [(URIRef("https://example.org/a"), URIRef("https://example.org/p"), Literal("x"))])
>>> [str(row.o) for row in store.query("SELECT ?o WHERE { ?s ?p ?o }")]
['x']
>>> store.close()
"""
from __future__ import annotations

import functools
import gc
import json
import os
import re
import shutil
import sys
import time
import uuid
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Mapping, NamedTuple, Sequence

from kg.errors import QueryError, StoreError, StoreLockedError
from kg.queries import load_query

if TYPE_CHECKING:  # pragma: no cover
    from kg.model import KnownEntity

__all__ = ["Store", "Answer", "BulkWriter", "EXPORT_FORMATS"]

#: ``kg export`` formats: RDF serialisations, plus ``json`` (the GUIDELINES shape over the whole store).
EXPORT_FORMATS = ("turtle", "trig", "nquads", "ntriples", "jsonld", "json")

_DATABASE = "oxigraph"
_TYPE_NT = "<http://www.w3.org/1999/02/22-rdf-syntax-ns#type>"
_DOCUMENT_NT = "<https://w3id.org/kg/ontology#Document>"
_LOCK = "kg.lock"
_WRITER = "kg.lock.writer"  # JSON: who holds the lock: pid, command and, for a server, its endpoint
_GENERATION = "generation"
_COUNTS = "counts.json"  # Store.stats' figures, stamped with the generation they describe
_KG_NT = "https://w3id.org/kg/ontology#"
_SNAPSHOTS = "snapshots"
_CURRENT = "CURRENT"  # in snapshots/: the name (a generation) of the latest snapshot
_PIN = ".readers"  # snapshots/<name>.readers: readers hold a shared flock on it, so it is not deleted
# Oxigraph plans a query's joins without knowing the values it substitutes; a query whose plan
# then scans the store carries this line, and gets its values as a VALUES block at the head of
# its WHERE group instead (serialised terms, as on a remote store).
_BIND_AS_VALUES = "\n# Bind: VALUES"
#: a property only the graph layout before passage nodes wrote (on every entity and assertion):
#: a store holding it was built by an older kg, whose graphs these queries would misread
_OLD_LAYOUT_PROPERTY = "https://w3id.org/kg/ontology#sourceDocument"
#: the properties whose values have a kg:searchKey (kg.rdf.search_key), which a kg before it did not write
_NAME_PROPERTIES = (_KG_NT + "name", _KG_NT + "alias")
_SEARCH_KEY = _KG_NT + "searchKey"


class Answer(NamedTuple):
    """A query's answer as text (:meth:`Store.answer`): ``form`` is ``ASK`` (``boolean``), ``SELECT``
    (``columns``, and ``rows`` of cells: text or ``None``), or ``CONSTRUCT`` / ``DESCRIBE`` (``graph``,
    an :class:`rdflib.Graph`)."""

    form: str
    columns: Sequence[str] = ()  # a tuple by default: one default object is shared by every answer
    rows: Sequence[Sequence[str | None]] = ()
    boolean: bool | None = None
    graph: Any = None


class Store:
    """An RDF dataset of researcher facts, one named graph per source document.

    Open one with :meth:`Store.open`; use it as a context manager to release the lock.

    Examples
    --------
    >>> with Store.open(":memory:") as store:
    ...     store.stats()["quads"]
    0
    """

    def __init__(self, ox_store, location: str, lock=None, *, read_only: bool = False, snapshot=None):
        self._ox = ox_store
        self.location = location
        self._lock = lock
        self._dataset = None
        self._generation = uuid.uuid4().hex
        self._snapshot = snapshot  # a reader's _Snapshot (its name and pin)
        self.read_only = read_only or snapshot is not None
        self._written = False  # a writer publishes a snapshot on close if it wrote
        self._counts: tuple[str, dict] | None = None  # (generation, the stats() figures for it)

    # -- opening ----------------------------------------------------------------------------
    @classmethod
    def open(cls, location: str | os.PathLike = "kg-data", *, wait: float = 0.0, read_only: bool = False,
             rebuild: bool = False):
        """Open (creating if needed) the store at ``location``.

        ``location`` is a directory, ``":memory:"`` for a throw-away store, or an
        ``http(s)://`` SPARQL endpoint URL for a remote store (see :mod:`kg.remote`).
        ``wait`` is how many seconds to wait for another kg writer to release the
        store before raising :class:`~kg.errors.StoreLockedError`.

        ``read_only=True`` opens a directory store for reading: never refused, even while
        another process writes, it sees the store as the last writer left it (the latest
        snapshot; see the module notes). A directory that holds no store reads as empty.

        A store an older kg built, in a graph layout this one cannot read, raises
        :class:`~kg.errors.StoreError` saying so; ``rebuild=True`` (a writer) empties it instead,
        for a build to fill it again (``kg build --rebuild``).

        >>> Store.open(":memory:").location
        ':memory:'
        """
        import pyoxigraph

        location = str(location)
        if re.match(r"https?://", location):
            from kg.remote import RemoteStore

            return RemoteStore.open(location, rebuild=rebuild)
        if location == ":memory:":
            return cls(pyoxigraph.Store(), location, read_only=read_only)
        path = Path(location)
        if path.exists() and not path.is_dir():
            raise StoreError(f"{location}: not a store directory (it is a file)")
        if read_only:
            return cls._open_snapshot(path, location, wait)
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{location}: cannot create the store directory ({exc.strerror})") from None
        lock = _acquire_lock(path, wait)
        try:
            ox_store = pyoxigraph.Store(str(path / _DATABASE))
        except OSError as exc:
            _release_lock(path, lock)
            if "lock" in str(exc).lower():
                raise StoreLockedError(f"{location}: the store is in use by another process") from None
            raise StoreError(f"{location}: cannot open the store ({exc})") from None
        store = cls(ox_store, location, lock)
        del ox_store  # a refusal's traceback must not keep the database open
        try:
            if rebuild:
                store.clear()
            store.refuse_old_layout()
            if store.lacks_search_keys():
                store.add_search_keys()
        except StoreError:
            store.close()
            raise
        if not _snapshot_exists(path, _current_snapshot(path)):
            store.publish()  # readers need one; a store kg wrote before it kept snapshots has none
        return store

    @classmethod
    def _open_snapshot(cls, path: Path, location: str, wait: float) -> "Store":
        import pyoxigraph

        folder = path / _SNAPSHOTS
        give_up = time.monotonic() + max(wait, 10.0)
        upgraded = False
        while True:
            name = _current_snapshot(path)
            if name is not None:
                pin = _pin(folder / f"{name}{_PIN}")
                # the writer may have replaced and deleted it between reading CURRENT and pinning
                if pin is not None and (folder / name).is_dir():
                    try:
                        ox_store = pyoxigraph.Store.read_only(str(folder / name))
                    except OSError as exc:
                        pin.close()
                        raise StoreError(f"{location}: cannot open the store ({exc})") from None
                    store = cls(ox_store, location, snapshot=_Snapshot(name, pin))
                    del ox_store
                    try:
                        store.refuse_old_layout()
                        if store.lacks_search_keys() and not upgraded and _upgrade(location):
                            store.close()
                            upgraded = True
                            continue
                    except StoreError:
                        store.close()
                        raise
                    return store
                if pin is not None:
                    pin.close()
                if _current_snapshot(path) != name:
                    continue  # replaced meanwhile: open the new one
            if not (path / _DATABASE).exists():
                return cls(pyoxigraph.Store(), location, read_only=True)
            try:
                cls.open(location).close()  # a writer publishes a snapshot when it opens if none is usable
            except StoreLockedError:
                # a writer is opening it right now and publishes one in a moment
                if time.monotonic() > give_up:
                    raise
                time.sleep(0.1)

    def refuse_old_layout(self) -> None:
        """Raise :class:`~kg.errors.StoreError` if an older kg built this store in a graph layout
        that this one reads differently (one ``kg:sourceDocument`` triple tells: the layout before
        passage nodes wrote it on every entity and assertion)."""
        import pyoxigraph

        if next(self._ox.quads_for_pattern(None, pyoxigraph.NamedNode(_OLD_LAYOUT_PROPERTY), None), None):
            raise StoreError(_old_layout_message(self.location))

    def lacks_search_keys(self) -> bool:
        """True for a store an older kg built: it has names but no ``kg:searchKey`` (the folded
        names that finding an entity by name looks up), so ``find_entities.rq`` would find nothing
        in it. Two index lookups."""
        import pyoxigraph

        if next(self._ox.quads_for_pattern(None, pyoxigraph.NamedNode(_SEARCH_KEY), None), None) is not None:
            return False
        return any(next(self._ox.quads_for_pattern(None, pyoxigraph.NamedNode(p), None), None) is not None
                   for p in _NAME_PROPERTIES)

    def add_search_keys(self) -> int:
        """Write the ``kg:searchKey`` of every name and alias in the store, each in the graph of
        its name: what a writer does when it opens a store an older kg built (once: 3 minutes for the
        331,398 keys of 10,000 documents at load 9 on two cores; bench/RESULTS.md). Returns how many key triples were added. The analysis tables and the
        counts stay valid (they hold no keys; the quads are counted)."""
        import pyoxigraph

        counts = self._current_counts()
        since = self.generation
        self._changed()
        key = pyoxigraph.NamedNode(_SEARCH_KEY)
        before = sum(1 for _ in self._ox.quads_for_pattern(None, key, None))
        for p in _NAME_PROPERTIES:
            names = self._ox.quads_for_pattern(None, pyoxigraph.NamedNode(p), None)
            while batch := set(_search_key_quads(islice(names, 100_000))):
                self._ox.extend(batch)  # one transaction a batch; a key already there is written again
        added = sum(1 for _ in self._ox.quads_for_pattern(None, key, None)) - before
        if counts is not None:
            counts["quads"] += added
            self._keep_counts(counts)
        from kg.analyze._tables import note_changes

        note_changes(self, since, [])  # no graph's analysis rows changed
        return added

    def clear(self) -> None:
        """Remove every document (and anything else) from the store."""
        self._changed()
        self._ox.clear()

    def refresh(self) -> bool:
        """Move a read-only store to the latest snapshot, if a writer published one since it was
        opened (what a long-running reader, such as ``kg serve``, calls to see new builds).

        Returns ``True`` if it moved. A writer, or an in-memory store, never moves.
        """
        if not self.read_only or self.location == ":memory:":
            return False
        latest = _current_snapshot(Path(self.location))
        if latest is None or (self._snapshot is not None and latest == self._snapshot.name):
            return False
        fresh = Store.open(self.location, read_only=True)
        old = self._snapshot
        self._ox, self._snapshot, self._dataset = fresh._ox, fresh._snapshot, None
        fresh._ox = fresh._snapshot = None
        gc.collect()  # the old handle sits in rdflib's reference cycles: free it before unpinning
        if old is not None:
            old.pin.close()
        return True

    def publish(self) -> str | None:
        """Publish what this writer has written to readers: a new snapshot, made current.

        Called when a writer closes; a writer that stays open (a server taking updates) calls it
        after each write. Older snapshots that no reader holds are deleted. Returns the
        snapshot's name, or ``None`` for a store that has no snapshots (in memory, read-only).
        """
        if self._lock is None:
            return None
        path = Path(self.location)
        folder = path / _SNAPSHOTS
        name = self.generation
        if _current_snapshot(path) != name or not _snapshot_exists(path, name):
            folder.mkdir(exist_ok=True)
            target = folder / name
            if target.exists():  # made, but a crash came before it was published
                shutil.rmtree(target)
            self._ox.backup(str(target))
            (folder / f"{name}{_PIN}").touch()
            staged = folder / f"{_CURRENT}.{os.getpid()}"
            staged.write_text(name, encoding="ascii")
            os.replace(staged, folder / _CURRENT)
        kept = _delete_unpinned_snapshots(folder, keep=name)
        from kg.analyze._cache import discard

        discard(path, keep=kept)  # the analyses' caches of states no reader can read any more
        self._written = False
        return name

    def describe_writer(self, **details: str) -> None:
        """Tell a refused writer more about this one, which holds the lock (e.g. ``endpoint=URL``)."""
        if self._lock is not None:
            path = Path(self.location) / _WRITER
            info = json.loads(path.read_text(encoding="utf-8"))
            path.write_text(json.dumps({**info, **details}), encoding="utf-8")

    def close(self) -> None:
        """Flush and release the store (a writer publishes its work first); the object is unusable afterwards."""
        if self._ox is not None:
            if self._lock is not None:
                self._ox.flush()
                if self._written:
                    self.publish()
            self._ox = None
            self._dataset = None
            # rdflib's Dataset holds the Oxigraph handle in reference cycles; the database
            # is released only when the handle is freed, so collect them now
            gc.collect()
        if self._snapshot is not None:
            self._snapshot.pin.close()
            self._snapshot = None
        if self._lock is not None:
            _release_lock(Path(self.location), self._lock)
            self._lock = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()

    # -- reading ----------------------------------------------------------------------------
    @property
    def generation(self) -> str:
        """A token that changes whenever the store is written through kg: what caches of the
        store's contents (the analyses') are stamped with. Kept in the store directory, so it
        holds across processes; a store without one gets one.

        >>> store = Store.open(":memory:")
        >>> before = store.generation
        >>> store.update("INSERT DATA { <https://example.org/a> <https://example.org/p> 1 }")
        >>> store.generation != before
        True
        """
        if self._snapshot is not None:
            return self._snapshot.name
        if self._lock is None:
            return self._generation
        path = Path(self.location) / _GENERATION
        try:
            return path.read_text(encoding="ascii").strip() or self._changed()
        except FileNotFoundError:
            return self._changed()

    def _changed(self) -> str:
        """Mark the store as changed (before a write): a new generation (what the analyses' caches are stamped with)."""
        if self.read_only:
            raise StoreError(f"{self.location}: opened read-only; open it without read_only=True to write")
        self._written = True
        self._generation = uuid.uuid4().hex
        if self._lock is not None:
            (Path(self.location) / _GENERATION).write_text(self._generation, encoding="ascii")
        return self._generation

    @property
    def dataset(self):
        """The store as an :class:`rdflib.Dataset` whose default graph is the union of all graphs."""
        if self._dataset is None:
            from oxrdflib import OxigraphStore
            from rdflib import Dataset

            from kg.namespaces import bind_prefixes

            self._dataset = Dataset(store=OxigraphStore(store=self._ox), default_union=True)
            bind_prefixes(self._dataset)
        return self._dataset

    def query(self, sparql: str, bindings: Mapping[str, Any] | None = None, *, max_triples: int | None = None):
        """Run a SPARQL query over the union of all documents; values bound as ``bindings``.

        The query runs on Oxigraph directly, its parameters bound as :meth:`select` binds them
        (:meth:`_solutions`), and the answer comes back in rdflib terms: an
        :class:`rdflib.query.Result` (rows for SELECT, ``askAnswer`` for ASK, ``graph`` for
        CONSTRUCT / DESCRIBE), what rdflib's ``Dataset.query`` with ``initBindings`` gives. The
        prefixes rdflib declares (``kg:``, ``xsd:``, ``dcat:``...) need no ``PREFIX`` line.
        A malformed query raises :class:`~kg.errors.QueryError` with the line and column.

        ``max_triples`` caps a CONSTRUCT or DESCRIBE answer: its triples are read from the
        engine one at a time and reading stops after that many, so a query over the whole
        store costs no more than its first triples; the result's ``truncated`` is then ``True``.

        >>> from rdflib import Literal
        >>> store = Store.open(":memory:")
        >>> [str(r.x) for r in store.query("SELECT ?x WHERE {}", {"x": Literal("bound")})]
        ['bound']
        >>> store.query("SELECT ?x WHERE { ?x }")
        Traceback (most recent call last):
        ...
        kg.errors.QueryError: invalid SPARQL (line 1, column 23): ...
        """
        import pyoxigraph
        from rdflib import Variable
        from rdflib.query import Result

        answer = self._solutions(sparql, bindings)
        if isinstance(answer, pyoxigraph.QueryBoolean):
            result = Result("ASK")
            result.askAnswer = bool(answer)
        elif isinstance(answer, pyoxigraph.QuerySolutions):
            result = Result("SELECT")
            result.vars = [Variable(v.value) for v in answer.variables]
            # rows repeat their terms (an organisation's IRI, a relation, a document on every row), and
            # an rdflib Literal costs ~20 us to make: each distinct term is made once (bounded: rows stream)
            convert = functools.lru_cache(maxsize=1 << 14)(_from_ox)
            result.bindings = ({v: convert(term) for v, term in zip(result.vars, solution)} for solution in answer)
        else:
            result = Result("CONSTRUCT")
            result.graph, result.truncated = _graph(answer, max_triples)
        return result

    def answer(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> Answer:
        """The answer to ``sparql`` as text, for printing (``kg query``): an :class:`Answer`.

        A SELECT answer's cells are each term's text: an IRI, a blank node's label, a literal's
        lexical form as the engine gives it (Oxigraph's canonical form on an embedded store:
        ``2026-01-01T00:00:00Z``, as :meth:`select` and ``kg serve`` give it), ``None`` when unbound.
        On an embedded store no rdflib term is made, so a SELECT or ASK needs no rdflib import (about
        half of ``kg query``'s CPU before its query); CONSTRUCT and DESCRIBE give :meth:`query`'s graph.

        >>> store = Store.open(":memory:")
        >>> store.answer("SELECT ?x ?y WHERE { BIND(<urn:a> AS ?x) }")
        Answer(form='SELECT', columns=['x', 'y'], rows=[['urn:a', None]], boolean=None, graph=None)
        >>> store.answer("ASK {}").boolean
        True
        """
        import pyoxigraph

        if not isinstance(self._ox, pyoxigraph.Store):  # a remote store answers in rdflib terms
            result = self.query(sparql, bindings)
            if result.type == "ASK":
                return Answer("ASK", boolean=bool(result.askAnswer))
            if result.type != "SELECT":
                return Answer(result.type, graph=result.graph)
            rows = [[None if term is None else str(term) for term in row] for row in result]
            return Answer("SELECT", [str(v) for v in result.vars], rows)
        solutions = self._solutions(sparql, bindings)
        if isinstance(solutions, pyoxigraph.QueryBoolean):
            return Answer("ASK", boolean=bool(solutions))
        if not isinstance(solutions, pyoxigraph.QuerySolutions):
            return Answer("CONSTRUCT", graph=_graph(solutions)[0])
        rows = [[None if term is None else term.value for term in solution] for solution in solutions]
        return Answer("SELECT", [v.value for v in solutions.variables], rows)

    def _solutions(self, sparql: str, bindings: Mapping[str, Any] | None = None):
        """Oxigraph's answer to ``sparql`` over the union of all documents, with ``bindings`` bound.

        Bindings are Oxigraph ``substitutions``, except for a query whose header says
        ``# Bind: VALUES`` (Oxigraph plans a query's joins before it substitutes values, so such a
        query would scan the store) and for variables the query does not project (Oxigraph
        substitutes only those): these get a ``VALUES`` block at the head of the WHERE group
        (:func:`kg.remote.bind_values`). Either way the semantics are rdflib's ``initBindings``.
        """
        import pyoxigraph

        bindings = dict(bindings or {})
        if bindings and _BIND_AS_VALUES in sparql:
            sparql, bindings = _values_bound(sparql, bindings), {}
        try:
            try:
                return self._ox.query(sparql, use_default_graph_as_union=True, prefixes=_query_prefixes(),
                                      substitutions={pyoxigraph.Variable(k): _to_ox(v) for k, v in bindings.items()})
            except RuntimeError as exc:
                if "projection" not in str(exc):
                    raise
                return self._ox.query(_values_bound(sparql, bindings), use_default_graph_as_union=True,
                                      prefixes=_query_prefixes())
        except SyntaxError as exc:
            raise _query_error(exc) from None

    def update(self, sparql_update: str) -> None:
        """Run a SPARQL 1.1 Update in one transaction (used by ``kg serve --allow-update``)."""
        self._changed()
        try:
            self._ox.update(sparql_update)
        except SyntaxError as exc:
            raise _query_error(exc) from None

    def select(self, sparql: str, bindings: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Run a SELECT query; rows as dicts of plain Python values.

        IRIs come back as strings, integer literals as ``int``, booleans as ``bool`` and
        every other literal as its lexical form. On an embedded store the rows come
        straight from Oxigraph, with no rdflib terms in between: several times faster
        than :meth:`query` on queries that return the whole graph.

        >>> Store.open(":memory:").select("SELECT ?n ?flag WHERE { BIND(1 AS ?n) BIND(true AS ?flag) }")
        [{'n': 1, 'flag': True}]
        """
        import pyoxigraph

        if not isinstance(self._ox, pyoxigraph.Store):
            result = self.query(sparql, bindings)
            names = [str(v) for v in result.vars]
            return [{n: _python(row[i]) for i, n in enumerate(names)} for row in result]
        result = self._solutions(sparql, bindings)
        if not isinstance(result, pyoxigraph.QuerySolutions):
            raise QueryError("select() runs SELECT queries; use query() for ASK, CONSTRUCT and DESCRIBE")
        names = [v.value for v in result.variables]
        literal, out = pyoxigraph.Literal, []
        # millions of small dicts: the cyclic collector would rescan them over and over
        enabled = gc.isenabled()
        gc.disable()
        try:
            for solution in result:
                row = {}
                for i, name in enumerate(names):
                    term = solution[i]
                    row[name] = None if term is None else (
                        _literal_value(term.value, term.datatype.value) if type(term) is literal else term.value)
                out.append(row)
        finally:
            if enabled:
                gc.enable()
        return out

    def rows(self, name: str, **bindings) -> list[dict[str, Any]]:
        """Run the named query (:func:`kg.queries.load_query`); rows as dicts of plain Python values.

        >>> Store.open(":memory:").rows("documents")
        []
        """
        return self.select(load_query(name), bindings)

    def documents(self) -> list[dict[str, Any]]:
        """The documents in the store: path, file name, format, content hash, graph and subject."""
        return [
            {
                "path": r["path"],
                "document": r["name"],
                "format": r["format"],
                "sha256": r["sha256"],
                "graph": str(r["graph"]),
                "extractor": r["version"],
                "built": r["time"],
                "about": str(r["about"]) if r["about"] else None,
            }
            for r in self.rows("documents")
        ]

    def known_entities(self) -> list[KnownEntity]:
        """What the store knows about each entity, in the shape the resolver compares against."""
        from kg.model import KnownEntity

        entities: dict[str, dict[str, Any]] = {}
        for r in self.rows("known_entities"):
            e = entities.setdefault(
                str(r["entity"]),
                {"type": _local(r["type"]), "names": [], "identifiers": [], "affiliations": [],
                 "publications": [], "coauthors": [], "documents": []},
            )
            _append_unique(e["names"], r["name"])
            _append_unique(e["documents"], r["document"])
        for r in self.rows("known_identifiers"):
            if str(r["entity"]) in entities:
                _append_unique(entities[str(r["entity"])]["identifiers"], (_local(r["scheme"]), r["value"]))
        for r in self.rows("known_affiliations"):
            if str(r["person"]) in entities:
                start = str(r["start"]) if r["start"] is not None else None
                end = "present" if r["ongoing"] else (str(r["end"]) if r["end"] is not None else None)
                _append_unique(entities[str(r["person"])]["affiliations"],
                               (r["org"], _local(r["predicate"]), start, end))
        for r in self.rows("known_publications"):
            if str(r["person"]) in entities:
                _append_unique(entities[str(r["person"])]["publications"], r["title"])
        for r in self.rows("known_coauthors"):
            if str(r["person"]) in entities:
                _append_unique(entities[str(r["person"])]["coauthors"], r["name"])
        return [
            KnownEntity(iri=iri, type=e["type"], names=tuple(e["names"]),
                        identifiers=tuple(e["identifiers"]), affiliations=tuple(e["affiliations"]),
                        publications=tuple(e["publications"]), coauthors=tuple(e["coauthors"]),
                        documents=tuple(e["documents"]))
            for iri, e in sorted(entities.items())
        ]

    def stats(self, *, count: bool = True) -> dict[str, Any] | None:
        """Counts: documents, quads, entities by type, relations by predicate.

        Every write kg makes through :meth:`bulk_writer` (a build), :meth:`remove_graph` (``kg
        remove``, ``--prune``) or :meth:`drop_incomplete` updates the counts from what it wrote or
        dropped alone, and keeps them beside the store (``counts.json``, stamped with the
        generation they describe), so reading them after a build costs nothing. Other writes
        (:meth:`update`, :meth:`load`, :meth:`replace_documents`), another program or a crash
        leave them stale, and the next call counts the whole store once; with ``count=False`` it
        returns ``None`` instead.

        >>> Store.open(":memory:").stats()
        {'documents': 0, 'quads': 0, 'entities': {}, 'relations': {}}
        """
        counts = self._current_counts()
        if counts is None:
            if not count:
                return None
            counts = self._counted()
            self._keep_counts(counts)
        return {**counts, "entities": dict(counts["entities"]), "relations": dict(counts["relations"])}

    def _counted(self) -> dict[str, Any]:
        """:meth:`stats` from the whole store: what the kept counts must always equal."""
        return {
            "documents": len(self.rows("documents")),
            "quads": len(self._ox),
            "entities": {_local(r["type"]): r["count"] for r in self.rows("count_entities")},
            "relations": {_local(r["predicate"]): r["count"] for r in self.rows("count_relations")},
        }

    def _counts_file(self) -> Path | None:
        return None if self.location == ":memory:" else Path(self.location) / _COUNTS

    def _current_counts(self) -> dict[str, Any] | None:
        """The kept counts if they describe the store as it is now (a copy), else ``None``."""
        generation = self.generation
        if self._counts is None or self._counts[0] != generation:
            self._counts = None
            file = self._counts_file()
            try:
                record = json.loads(file.read_text(encoding="utf-8")) if file else None
            except (OSError, ValueError):
                record = None
            if isinstance(record, dict) and record.get("generation") == generation:
                self._counts = (generation, record["counts"])
            elif next(iter(self._ox.quads_for_pattern(None, None, None, None)), None) is None:
                self._counts = (generation, {"documents": 0, "quads": 0, "entities": {}, "relations": {}})
            else:
                return None
        counts = self._counts[1]
        return {**counts, "entities": dict(counts["entities"]), "relations": dict(counts["relations"])}

    def _keep_counts(self, counts: dict[str, Any]) -> None:
        """Keep ``counts`` as the figures of the store's current generation (a reader keeps them in memory)."""
        counts["entities"] = {k: v for k, v in sorted(counts["entities"].items()) if v}
        counts["relations"] = {k: v for k, v in sorted(counts["relations"].items()) if v}
        generation = self.generation
        self._counts = (generation, counts)
        file = self._counts_file()
        if file is not None and not self.read_only:
            staged = file.with_name(f"{_COUNTS}.{os.getpid()}")
            staged.write_text(json.dumps({"generation": generation, "counts": counts}), encoding="utf-8")
            os.replace(staged, file)

    def _write_counted(self, counts: dict | None, write, *, added: set = frozenset(), added_quads: int = 0,
                       dropped: Iterable[str] = (), seen: "_Hashes | None" = None, ask_store: bool = True,
                       keep: bool = True) -> None:
        """Run ``write``, which adds the counted triples ``added`` (``added_quads`` quads in new
        graphs) and drops the graphs ``dropped``, all in N-Triples syntax, and bring ``counts``,
        the figures from before it, up to date from those triples alone (``counts=None``: only
        write); ``keep`` them as the store's (or leave that to the caller, once what ``write``
        started is done). ``seen`` holds the hashes of counted triples known to be in the store (a
        :class:`BulkWriter`'s, kept across its batches); the store is asked about the others
        unless ``ask_store`` is false (it held nothing else when the writer started)."""
        if counts is None:
            write()
            return
        old, old_quads = set(), 0
        for graph in dropped:
            counted, quads = self._graph_counted(graph)
            old |= counted
            old_quads += quads
        new = added - old
        if seen is not None:
            new = seen.unseen(new)
        fresh = new - self._present(new) if ask_store else new
        write()
        gone = old - added
        gone -= self._present(gone)
        if seen is not None:
            seen.add(new)
            seen.discard(gone)
        types, predicates = _counted_terms()
        for triples, step in ((fresh, 1), (gone, -1)):
            for s, p, o in triples:
                if p != _TYPE_NT:
                    counts["relations"][predicates[p]] = counts["relations"].get(predicates[p], 0) + step
                elif types[o] is None:
                    counts["documents"] += step
                else:
                    counts["entities"][types[o]] = counts["entities"].get(types[o], 0) + step
        counts["quads"] += added_quads - old_quads
        if keep:
            self._keep_counts(counts)

    def _graph_counted(self, graph: str) -> tuple[set, int]:
        """The counted triples of one graph (N-Triples syntax), and its number of quads."""
        import pyoxigraph

        (types, predicates), counted, quads = _counted_terms(), set(), 0
        for quad in self._ox.quads_for_pattern(None, None, None, pyoxigraph.NamedNode(graph[1:-1])):
            quads += 1
            p = str(quad.predicate)
            if p in predicates or (p == _TYPE_NT and str(quad.object) in types):
                counted.add((str(quad.subject), p, str(quad.object)))
        return counted, quads

    def _present(self, triples: set) -> set:
        """Those of ``triples`` (IRIs in N-Triples syntax) that some graph of the store holds."""
        from pyoxigraph import NamedNode

        terms: dict[str, NamedNode] = {}  # predicates and classes: a few, over and over
        found = set()
        for s, p, o in triples:
            pattern = self._ox.quads_for_pattern(NamedNode(s[1:-1]), terms.get(p) or terms.setdefault(p, NamedNode(p[1:-1])),
                                                 terms.get(o) or terms.setdefault(o, NamedNode(o[1:-1])), None)
            if next(pattern, None) is not None:
                found.add((s, p, o))
        return found

    def __len__(self) -> int:
        return len(self._ox)

    # -- writing ----------------------------------------------------------------------------
    def replace_document(self, graph, triples: Iterable[tuple]) -> None:
        """Replace one document's named graph with ``triples``, in one transaction.

        If producing the triples fails half-way, nothing is written.
        """
        self.replace_documents([(graph, triples)])

    def replace_documents(self, documents: Iterable[tuple[Any, Iterable[tuple]]]) -> None:
        """Replace several documents' named graphs at once: all of them are written, or none."""
        import pyoxigraph

        graphs, quads = [], []
        for graph, triples in documents:
            ox_graph = _to_ox(graph)
            graphs.append(ox_graph)
            for s, p, o in triples:
                quads.append(pyoxigraph.Quad(_to_ox(s), _to_ox(p), _to_ox(o), ox_graph))
        quads = list(dict.fromkeys([*quads, *_search_key_quads(quads)]))  # names written by hand have none
        stale = [g for g in graphs if self._ox.contains_named_graph(g)]
        self._changed()
        if not stale:
            self._ox.extend(quads)  # one transaction
            return
        self._swap([str(g) for g in stale],
                   [f"GRAPH {q.graph_name} {{ {q.subject} {q.predicate} {q.object} }}" for q in quads])

    def _swap(self, stale: list[str], data: list[str]) -> None:
        """Drop the ``stale`` graphs and insert ``data`` (``GRAPH g { s p o }`` in N-Triples syntax)
        in one transaction: a SPARQL Update request is atomic in Oxigraph."""
        drops = "".join(f"DROP SILENT GRAPH {g} ;\n" for g in stale)
        body = "\n".join(data)
        self._ox.update(f"{drops}INSERT DATA {{\n{body}\n}}")

    def add_documents(self, documents: Iterable[tuple[str, Iterable[tuple[str, str, str]]]]) -> None:
        """Write documents' named graphs fast, for large builds; each document appears whole or not at all.

        Graphs and terms are in N-Triples syntax (:func:`kg.rdf.document_ntriples`), so that
        no term object is made in Python: Oxigraph parses them. Graphs that do not exist yet go
        through Oxigraph's bulk loader (several times faster than a transaction, and far smaller
        on disk) with one exception: the triples typing the document node (``?doc a kg:Document``),
        which make a document visible to :meth:`documents`, are written afterwards in one
        transaction. A crash during the bulk load thus leaves at most graphs without a document
        node, which no query reports as a document and :meth:`drop_incomplete` removes. Existing
        graphs are dropped and rewritten in one transaction. To write many batches, a
        :meth:`bulk_writer` loads each while the caller prepares the next.

        >>> store = Store.open(":memory:")
        >>> store.add_documents([("<https://example.org/g>", [("<https://example.org/a>",
        ...                       "<https://example.org/p>", '"x"')])])
        >>> store.select("SELECT ?o WHERE { ?s ?p ?o }")
        [{'o': 'x'}]
        """
        with self.bulk_writer() as writer:
            writer.add(documents)

    def bulk_writer(self) -> "BulkWriter":
        """A :class:`BulkWriter` for this store: :meth:`add_documents` batch after batch, each
        batch loaded on one background thread while the caller maps the next.

        >>> store = Store.open(":memory:")
        >>> with store.bulk_writer() as writer:
        ...     writer.add([("<https://example.org/g>", [("<https://example.org/a>", "<https://example.org/p>", '"x"')])])
        >>> writer.written, len(store)
        (1, 1)
        """
        return BulkWriter(self)

    def drop_incomplete(self) -> list[str]:
        """Drop document graphs (``kgr:graph/...``) that have no document node: what a crash during
        :meth:`add_documents` can leave. Returns the graphs dropped."""
        import pyoxigraph

        from kg.namespaces import KG, KGR
        from rdflib.namespace import RDF

        complete = {q.graph_name for q in self._ox.quads_for_pattern(
            None, pyoxigraph.NamedNode(str(RDF.type)), pyoxigraph.NamedNode(str(KG.Document)), None)}
        prefix = str(KGR["graph/"])
        orphans = [g for g in self._ox.named_graphs()
                   if g not in complete and isinstance(g, pyoxigraph.NamedNode) and g.value.startswith(prefix)]
        if orphans:
            counts = self._current_counts()
            self._changed()

            def drop():
                for graph in orphans:
                    self._ox.remove_graph(graph)

            self._write_counted(counts, drop, dropped=[str(g) for g in orphans])
        return [g.value for g in orphans]

    def remove_graph(self, graph) -> bool:
        """Drop one named graph; ``True`` if it existed."""
        ox_graph = _to_ox(graph)
        if not self._ox.contains_named_graph(ox_graph):
            return False
        counts = self._current_counts()
        self._changed()
        self._write_counted(counts, lambda: self._ox.update(f"DROP GRAPH {ox_graph}"), dropped=[str(ox_graph)])
        return True

    def load(self, path: str | os.PathLike, format: str | None = None) -> None:
        """Load an RDF file (TriG, N-Quads, Turtle, N-Triples, JSON-LD: each format ``kg export`` writes)
        into the store, e.g. a test fixture or a backup. A file in a graph layout an older kg wrote
        raises :class:`~kg.errors.StoreError` and leaves the store as it was."""
        import pyoxigraph

        fmt = {"trig": pyoxigraph.RdfFormat.TRIG, "nq": pyoxigraph.RdfFormat.N_QUADS,
               "ttl": pyoxigraph.RdfFormat.TURTLE, "nt": pyoxigraph.RdfFormat.N_TRIPLES,
               "jsonld": pyoxigraph.RdfFormat.JSON_LD}
        suffix = format or Path(path).suffix.lstrip(".")
        if suffix not in fmt:
            raise StoreError(f"{path}: unknown RDF format {suffix!r} (use .trig, .nq, .ttl, .nt or .jsonld)")
        try:
            quads = list(pyoxigraph.parse(path=str(path), format=fmt[suffix]))
        except (SyntaxError, OSError) as exc:
            raise StoreError(f"{path}: cannot load ({exc})") from None
        # A backup from the layout before passage nodes would leave the store half in each layout.
        if any(quad.predicate.value == _OLD_LAYOUT_PROPERTY for quad in quads):
            raise StoreError(f"{path}: an older kg wrote this file, in a graph layout this version cannot read; "
                             f"build the graph from its documents instead: kg build DOCUMENTS... --store {self.location}")
        self._changed()
        self._ox.extend(quads)
        # a file from a kg before search keys (or written by hand) has names without them
        self._ox.extend(_search_key_quads(quads))

    # -- exporting --------------------------------------------------------------------------
    def serialize(self, fmt: str = "trig") -> bytes:
        """The whole store in an RDF format: ``trig``, ``nquads`` (every named graph) or
        ``turtle``, ``ntriples``, ``jsonld`` (the union graph)."""
        import pyoxigraph

        if fmt == "trig":
            return self._ox.dump(format=pyoxigraph.RdfFormat.TRIG, prefixes=_prefixes())
        if fmt == "nquads":
            return self._ox.dump(format=pyoxigraph.RdfFormat.N_QUADS)
        if fmt in ("turtle", "ntriples", "jsonld"):
            from rdflib import Graph

            from kg.namespaces import bind_prefixes

            union = Graph()
            bind_prefixes(union)
            for t in self.dataset.triples((None, None, None)):
                union.add(t)
            rdflib_format = {"turtle": "turtle", "ntriples": "nt", "jsonld": "json-ld"}[fmt]
            return union.serialize(format=rdflib_format, encoding="utf-8")
        raise StoreError(f"unknown export format {fmt!r}; choose one of {', '.join(EXPORT_FORMATS)}")


class _Hashes:
    """A set of triples kept as their 64-bit hashes in one sorted array: 8 bytes a triple, where
    a Python set of the hashes took ~60 (0.5 GB at 100,000 documents). Two triples of one hash
    count as one: with 64-bit hashes, a chance in ~10**12 at ten million triples.

    >>> seen = _Hashes()
    >>> seen.add({("<a>", "<p>", "<b>"), ("<a>", "<p>", "<c>")})
    >>> sorted(seen.unseen({("<a>", "<p>", "<b>"), ("<a>", "<p>", "<d>")}))
    [('<a>', '<p>', '<d>')]
    >>> seen.discard({("<a>", "<p>", "<b>")}); len(seen)
    1
    """

    def __init__(self):
        import numpy

        self._sorted = numpy.empty(0, dtype=numpy.int64)

    @staticmethod
    def _hashes(triples: list):
        import numpy

        return numpy.fromiter((hash(t) for t in triples), dtype=numpy.int64, count=len(triples))

    def _found(self, hashes):
        import numpy

        if not len(self._sorted):
            return numpy.zeros(len(hashes), dtype=bool)
        at = numpy.searchsorted(self._sorted, hashes).clip(max=len(self._sorted) - 1)
        return self._sorted[at] == hashes

    def unseen(self, triples: set) -> set:
        """Those of ``triples`` that are not in the set."""
        triples = list(triples)
        found = self._found(self._hashes(triples))
        return {t for t, known in zip(triples, found.tolist()) if not known}

    def add(self, triples: set) -> None:
        import numpy

        hashes = numpy.unique(self._hashes(list(triples)))
        hashes = hashes[~self._found(hashes)]
        self._sorted = numpy.insert(self._sorted, numpy.searchsorted(self._sorted, hashes), hashes)

    def discard(self, triples: set) -> None:
        import numpy

        if triples and len(self._sorted):
            hashes = self._hashes(list(triples))
            self._sorted = self._sorted[~numpy.isin(self._sorted, hashes)]

    def __len__(self) -> int:
        return len(self._sorted)


#: bulk loads after which a writer compacts the store when it closes (:meth:`BulkWriter.close`): a
#: build of more than ~450 documents (kg.pipeline's batches are 64 to 512 documents, a sixteenth)
COMPACT_AFTER_LOADS = 8


class _QuadPipe:
    """One Oxigraph bulk load, on ``pool``'s thread, of the N-Quads bytes :meth:`write` sends it
    through a named pipe until :meth:`close`: batch after batch, as they are mapped.

    Each bulk load adds files that RocksDB then merges into the store's: on 9.3M quads of 30,000
    generated documents, one load took 0.75x the CPU of the same quads in 59 loads (bench/RESULTS.md).
    Linux only (a pipe opened for reading and writing at once), elsewhere :meth:`available` is false.

    >>> import pyoxigraph, concurrent.futures
    >>> ox = pyoxigraph.Store()
    >>> with concurrent.futures.ThreadPoolExecutor(1) as pool:
    ...     pipe = _QuadPipe(ox, pool)
    ...     pipe.write(b'<https://example.org/a> <https://example.org/p> "x" <https://example.org/g> .\\n')
    ...     pipe.close()
    >>> len(ox)
    1
    """

    @staticmethod
    def available() -> bool:
        return sys.platform == "linux"

    def __init__(self, ox, pool):
        import fcntl
        import tempfile

        import pyoxigraph

        self._folder = tempfile.mkdtemp(prefix="kg-load-")
        self._path = path = os.path.join(self._folder, "quads.nq")
        os.mkfifo(path)
        # opened for writing and reading: the loader's open (which holds the GIL) never waits for a
        # writer, and a loader that stops early cannot leave a blocking write waiting for ever (see write)
        self._fd = os.open(path, os.O_RDWR | os.O_NONBLOCK)
        try:
            fcntl.fcntl(self._fd, fcntl.F_SETPIPE_SZ, 1 << 20)  # fewer wake-ups of the loader
        except OSError:
            pass
        self._loading = pool.submit(ox.bulk_load, path=path, format=pyoxigraph.RdfFormat.N_QUADS, lenient=True)

    def write(self, data: bytes) -> None:
        """Send ``data`` (whole N-Quads lines) to the load; waits while the pipe is full."""
        import select

        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self._fd, view):]
            except BlockingIOError:
                if self._loading.done():  # it stopped before the end: its error
                    self.close()
                    raise StoreError("the bulk load stopped before the end of its input") from None
                select.select((), (self._fd,), (), 0.1)

    def close(self) -> None:
        """End the input; returns once the load has ended, raising its error if it failed."""
        if self._fd is not None:
            # a pipe closed before the loader opened it would drop what it holds, and the loader's
            # open would then wait for a writer that never comes
            while not self._loading.done() and not self._opened_by_loader():
                time.sleep(0.001)
            os.close(self._fd)
            self._fd = None
        try:
            self._loading.result()
        finally:
            shutil.rmtree(self._folder, ignore_errors=True)

    def _opened_by_loader(self) -> bool:
        """Whether a file descriptor besides this writer's own is open on the pipe."""
        opened = 0
        for fd in os.listdir("/proc/self/fd"):
            try:
                opened += os.readlink(f"/proc/self/fd/{fd}") == self._path
            except OSError:  # closed meanwhile
                pass
        return opened > 1


class BulkWriter:
    """Writes batches of documents as :meth:`Store.add_documents` does, on one background thread.

    ``add(batch)`` turns the batch into N-Quads text in the calling thread, written to an
    anonymous temporary file as each document comes (a batch of 512 generated documents is ~25 MB
    of text, which held as strings was in memory two or three times over while loading, on top of
    the resolver's high water), waits for the previous batch to be in the store, then hands this
    one to the loading thread and returns: Oxigraph's loader reads the file and releases the GIL,
    so the caller maps its next batch meanwhile. Batches
    are written one at a time and in order, each as :meth:`Store.add_documents` would (its
    document nodes only once its other quads are loaded), so crash safety is the same. An
    error while loading is raised by the next ``add`` or by leaving the ``with`` block.
    """

    def __init__(self, store: Store):
        from concurrent.futures import ThreadPoolExecutor

        self._store = store
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kg-bulk-load")
        self._loading = None  # the future of the batch being loaded, and its size
        #: graphs handed to the loader: to a later batch they are existing graphs (a document
        #: given twice is rewritten in one transaction, as two add_documents calls would do)
        self._queued: set[str] = set()
        #: documents now in the store
        self.written = 0
        #: hashes of the counted triples (see Store.stats) this writer knows the store holds; on a
        #: store that was empty when it started, what is not here is not in the store either
        self._seen = _Hashes()
        self._ask_store = next(iter(store._ox.quads_for_pattern(None, None, None, None)), None) is not None
        self._bulk_loads = 0  # Oxigraph's bulk loader adds a file per index each time: see close()
        #: on a store that held nothing, every batch goes to one bulk load through a pipe (see _QuadPipe)
        self._pipe: _QuadPipe | None = None
        self._streaming = not self._ask_store and _QuadPipe.available()
        self._streamed = 0  # documents sent down the pipe
        self._markers: list[str] = []  # their document nodes, written once the pipe's load has ended
        self._counts: dict | None = None  # the store's counts with the streamed documents in
        self._stale: list[tuple[list[str], list[str]]] = []  # graphs streamed twice, rewritten at the end

    def add(self, documents: Iterable[tuple[str, Iterable[tuple[str, str, str]]]]) -> None:
        """Queue one batch of ``(graph, triples)`` in N-Triples syntax; returns once the
        previous batch is in the store (``written`` counts it), raising its error if it failed."""
        import tempfile

        if self._streaming:
            if self._pipe is None:
                self._counts = self._store._current_counts()
                self._store._changed()
                self._pipe = _QuadPipe(self._store._ox, self._pool)
            self._queue(documents, self._pipe)
            return
        fresh = tempfile.TemporaryFile(prefix="kg-batch-", suffix=".nq")  # gone when closed, or if the process dies
        try:
            self._queue(documents, fresh)
        except BaseException:
            fresh.close()
            raise

    def _queue(self, documents, fresh) -> None:
        """:meth:`add` with the batch's new graphs written to the file ``fresh``, which the loading thread closes."""
        import pyoxigraph

        markers, stale, swapped, loaded = [], [], [], 0
        ox, queued, count = self._store._ox, self._queued, 0
        counted, (types, predicates) = set(), _counted_terms()  # what Store.stats counts
        quads, batch = 0, set()
        for graph, triples in documents:
            count += 1
            # a store that was empty when this writer started holds only the graphs it queued
            if graph in queued or (self._ask_store and ox.contains_named_graph(pyoxigraph.NamedNode(graph[1:-1]))):
                if graph in batch:
                    quads = None  # loaded and rewritten by this very batch: count the store afterwards
                stale.append(graph)
                lines = {f"GRAPH {graph} {{ {s} {p} {o} }}" for s, p, o in triples}
                swapped += lines
                if quads is not None:
                    quads += len(lines)
                counted.update((s, p, o) for s, p, o in triples if p in predicates or (p == _TYPE_NT and o in types))
                continue
            queued.add(graph)
            batch.add(graph)
            tail = f" {graph} .\n"
            lines, marks = {}, {}  # the document's distinct quads (dicts: in order), its document node apart
            for s, p, o in triples:
                line = f"{s} {p} {o}{tail}"
                if p in predicates:
                    counted.add((s, p, o))
                elif p == _TYPE_NT and o in types:
                    counted.add((s, p, o))
                    if o == _DOCUMENT_NT:
                        marks[line] = None
                        continue
                lines[line] = None
            fresh.write("".join(lines).encode())
            loaded += 1
            markers += marks
            if quads is not None:
                quads += len(lines) + len(marks)
        if fresh is self._pipe:
            self._stream(markers, stale, swapped, counted, quads, count)
            return
        self.wait()
        # the counts as they were, before this batch changes the store's generation
        counts = self._store._current_counts() if quads is not None else None
        self._store._changed()
        self._loading = (self._pool.submit(self._load, fresh if loaded else None, "".join(markers), stale, swapped,
                                           counts, counted, quads), count)
        if not loaded:
            fresh.close()

    def _load(self, fresh, markers: str, stale: list[str], swapped: list[str],
              counts: dict | None, counted: set, quads: int | None) -> None:
        try:
            self._store._write_counted(counts, lambda: self._write(fresh, markers, stale, swapped), added=counted,
                                       added_quads=quads or 0, dropped=stale, seen=self._seen,
                                       ask_store=self._ask_store)
        finally:
            if fresh is not None:
                fresh.close()

    def _write(self, fresh, markers: str, stale: list[str], swapped: list[str]) -> None:
        import pyoxigraph

        ox = self._store._ox
        if fresh is not None:
            fresh.seek(0)
            # lenient: every term was written by kg.rdf, whose IRIs are minted from ASCII slugs,
            # vocabulary constants or IRIs the store already holds, each checked against the
            # N-Triples IRI pattern there; validating them again is a fifth of the loader's time
            ox.bulk_load(fresh, pyoxigraph.RdfFormat.N_QUADS, lenient=True)
            self._bulk_loads += 1
        if markers:
            # one transaction: the batch's documents become visible together, after their quads
            ox.load(markers, pyoxigraph.RdfFormat.N_QUADS)
        if stale:
            self._store._swap(stale, swapped)

    def _stream(self, markers: list[str], stale: list[str], swapped: list[str], counted: set, quads: int | None,
                count: int) -> None:
        """:meth:`_queue`'s end for a batch sent down the pipe: its counts taken now, from its triples alone
        (the store holds only what this writer sent), its document nodes and rewritten graphs kept for
        :meth:`close`."""
        self._markers.append("".join(markers))
        if stale:  # a document given twice: rewritten at the end, and the store counted again when asked
            self._stale.append((stale, swapped))
            self._counts = None
        self._store._write_counted(self._counts, lambda: None, added=counted, added_quads=quads or 0,
                                   seen=self._seen, ask_store=False, keep=False)
        self._streamed += count
        self._bulk_loads += 1  # for close()'s compaction, a batch counts as it did before the pipe

    def _end_stream(self) -> None:
        """Close the pipe, wait for its load to end, then write the streamed documents' nodes in one
        transaction (they become visible together, after their quads) and keep the counts."""
        import pyoxigraph

        pipe, self._pipe = self._pipe, None
        pipe.close()
        markers = "".join(self._markers)
        if markers:
            self._store._ox.load(markers, pyoxigraph.RdfFormat.N_QUADS)
        if self._counts is not None:
            self._store._keep_counts(self._counts)
        for stale, swapped in self._stale:
            self._store._changed()
            self._store._swap(stale, swapped)
        self.written += self._streamed

    def wait(self) -> None:
        """Return once every queued batch is in the store; raises a failed load's error."""
        if self._loading is not None:
            future, count = self._loading
            self._loading = None
            future.result()
            self.written += count

    def close(self) -> None:
        """Wait for the last batch and stop the loading thread; after many batches, compact the store.

        Each bulk load adds its own file to each of Oxigraph's indexes, and every later index read
        (a query's look-up) seeks in each of them: on 10,000 documents (3.08M quads, 80 files) a
        hub's ``people_at_org`` took 3.5x the CPU it takes once the files are merged (22 files,
        bench/RESULTS.md). Merging rewrites the whole store (~7 s of CPU at 3M quads), so it is
        done after :data:`COMPACT_AFTER_LOADS` bulk loads, not after a build of a few documents.
        """
        try:
            if self._pipe is not None:
                self._end_stream()
            self.wait()
            if self._bulk_loads >= COMPACT_AFTER_LOADS:
                self._store._ox.optimize()
        finally:
            self._pool.shutdown()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.close()
            return
        try:
            self.close()  # the batch being loaded finishes whole: the loader cannot be interrupted
        except Exception:
            pass  # the caller's error is the one to report


class _Snapshot:
    """A reader's snapshot: its name (the generation it holds) and its pin (an open file
    holding a shared flock, which keeps the writer from deleting the snapshot)."""

    def __init__(self, name: str, pin):
        self.name = name
        self.pin = pin


def _to_ox(term):
    """An rdflib term as a pyoxigraph term (what oxrdflib's converter gives, without importing oxrdflib,
    which imports rdflib's SPARQL engine: a third of a second of every ``kg query``'s start-up); a
    pyoxigraph term as it is, so that a caller with no rdflib term need not import rdflib.

    >>> from rdflib import Literal, URIRef
    >>> _to_ox(URIRef("urn:x")), _to_ox(Literal("2020", datatype=URIRef("urn:year"))), _to_ox(Literal("a", lang="en"))
    (<NamedNode value=urn:x>, <Literal value=2020 datatype=<NamedNode value=urn:year>>, <Literal value=a language=en>)
    """
    import pyoxigraph

    if isinstance(term, (pyoxigraph.NamedNode, pyoxigraph.BlankNode, pyoxigraph.Literal)):
        return term  # already the store's (kg.queries.parameter_bindings makes these)
    from rdflib.term import BNode, Literal, URIRef

    if isinstance(term, URIRef):
        return pyoxigraph.NamedNode(term)
    if isinstance(term, BNode):
        return pyoxigraph.BlankNode(term)
    if isinstance(term, Literal):
        return pyoxigraph.Literal(term, language=term.language,
                                  datatype=pyoxigraph.NamedNode(term.datatype) if term.datatype else None)
    raise ValueError(f"not an RDF term: {term!r}")


@functools.cache
def _counted_terms() -> tuple[dict, dict]:
    """The triples :meth:`Store.stats` counts (distinct, over the union of the graphs), in N-Triples
    syntax: what ``rdf:type`` object makes a node counted where, and the predicates of the relations
    counted (made when first needed: a query needs none of kg.model's dataclasses, ~10 ms to import)."""
    from kg.model import ENTITY_TYPES, PREDICATES

    types = {**{f"<{_KG_NT}{t}>": t for t in ENTITY_TYPES}, _DOCUMENT_NT: None}
    return types, {f"<{_KG_NT}{p}>": p for p in PREDICATES}


def _graph(triples, max_triples: int | None = None):
    """``(graph, truncated)``: an :class:`rdflib.Graph` of Oxigraph's ``triples`` (a CONSTRUCT or
    DESCRIBE answer), of their first ``max_triples`` when that is given (``truncated`` if there were more)."""
    from rdflib import Graph

    triples = list(triples if max_triples is None else islice(triples, max_triples + 1))
    graph = Graph()
    graph += (_from_ox(t) for t in triples[:max_triples])
    return graph, max_triples is not None and len(triples) > max_triples


def _from_ox(term):
    """A pyoxigraph term (or triple) as rdflib's: the inverse of :func:`_to_ox`; ``None`` stays ``None``.

    >>> import pyoxigraph
    >>> _from_ox(pyoxigraph.Literal("1", datatype=pyoxigraph.NamedNode("http://www.w3.org/2001/XMLSchema#integer")))
    rdflib.term.Literal('1', datatype=rdflib.term.URIRef('http://www.w3.org/2001/XMLSchema#integer'))
    """
    import pyoxigraph
    from rdflib.term import BNode, Literal, URIRef

    if term is None:
        return None
    if isinstance(term, pyoxigraph.NamedNode):
        return URIRef(term.value)
    if isinstance(term, pyoxigraph.BlankNode):
        return BNode(term.value)
    if isinstance(term, pyoxigraph.Literal):
        if term.language:
            return Literal(term.value, lang=term.language)
        return Literal(term.value, datatype=URIRef(term.datatype.value))
    if isinstance(term, pyoxigraph.Triple):
        return _from_ox(term.subject), _from_ox(term.predicate), _from_ox(term.object)
    raise ValueError(f"not an Oxigraph term: {term!r}")


def _current_snapshot(path: Path) -> str | None:
    try:
        return (path / _SNAPSHOTS / _CURRENT).read_text(encoding="ascii").strip() or None
    except FileNotFoundError:
        return None


def _snapshot_exists(path: Path, name: str | None) -> bool:
    return name is not None and (path / _SNAPSHOTS / name).is_dir()


def _pin(pin_file: Path):
    """Open ``pin_file`` and take a shared flock on it; ``None`` if it no longer exists."""
    import fcntl

    try:
        handle = open(pin_file, "rb")
    except FileNotFoundError:
        return None
    fcntl.flock(handle, fcntl.LOCK_SH)
    return handle


def _delete_unpinned_snapshots(folder: Path, keep: str) -> list[str]:
    """Delete the snapshots other than ``keep`` that no reader has pinned (the writer's job);
    returns the names of those left."""
    import fcntl

    for pin_file in folder.glob(f"*{_PIN}"):
        name = pin_file.name[: -len(_PIN)]
        if name == keep:
            continue
        with open(pin_file, "rb") as handle:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                continue  # a reader still reads it
            shutil.rmtree(folder / name, ignore_errors=True)
            pin_file.unlink()
    for leftover in folder.iterdir():  # made but never published: a crash during publish
        if leftover.is_dir() and leftover.name != keep and not (folder / f"{leftover.name}{_PIN}").exists():
            shutil.rmtree(leftover, ignore_errors=True)
    return [entry.name for entry in folder.iterdir() if entry.is_dir()]


def _acquire_lock(path: Path, wait: float):
    from filelock import FileLock, Timeout

    lock = FileLock(str(path / _LOCK))
    try:
        lock.acquire(timeout=wait)
    except Timeout:
        raise StoreLockedError(
            f"{path}: the store is in use by another kg process, which writes it{_writer_description(path)}; "
            "reading is not affected, but wait for that one to finish before writing, or use another --store"
        ) from None
    (path / _WRITER).write_text(json.dumps({"pid": os.getpid(), "command": _command()}), encoding="utf-8")
    return lock


def _release_lock(path: Path, lock) -> None:
    try:
        (path / _WRITER).unlink()
    except FileNotFoundError:
        pass
    lock.release()


def _writer_description(path: Path) -> str:
    try:
        info = json.loads((path / _WRITER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    endpoint = info.get("endpoint")
    where = f", serving {endpoint}: send updates there, with its token" if endpoint else ""
    return f" (pid {info.get('pid')}: {info.get('command')}{where})"


def _command() -> str:
    """This process's command line as the user typed it (``kg build docs/``), for the lock's holder."""
    program = sys.argv[0] if sys.argv and sys.argv[0] else "python"
    name = "kg" if program.endswith(("kg", "__main__.py")) else Path(program).name
    return " ".join([name, *sys.argv[1:]])[:200]


def _search_key_quads(quads: Iterable) -> Iterable:
    """The ``kg:searchKey`` quad of each name or alias quad among ``quads`` (pyoxigraph quads)."""
    import pyoxigraph

    from kg.rdf import search_key

    predicate = pyoxigraph.NamedNode(_SEARCH_KEY)
    for quad in quads:
        if quad.predicate.value in _NAME_PROPERTIES and isinstance(quad.object, pyoxigraph.Literal):
            key = search_key(quad.object.value)
            if key:
                yield pyoxigraph.Quad(quad.subject, predicate, pyoxigraph.Literal(key), quad.graph_name)


def _upgrade(location: str) -> bool:
    """Open the store at ``location`` for writing once, which adds what an older kg did not write
    (:meth:`Store.add_search_keys`) and publishes it to readers; False when a writer holds it (a
    build, or a server taking updates: the reader reads it as it is, its names found as written)."""
    try:
        Store.open(location).close()
    except StoreLockedError:
        return False
    return True


def _old_layout_message(location: str) -> str:
    return (f"{location}: this store was built by an older kg, in a graph layout this version cannot read; "
            f"rebuild it: kg build --rebuild DOCUMENTS... --store {location}")


def _query_error(exc: SyntaxError) -> QueryError:
    message = str(exc)
    match = re.match(r"error at (\d+):(\d+): (.*)", message, re.S)
    if match:
        return QueryError(match.group(3), int(match.group(1)), int(match.group(2)))
    return QueryError(message)


def _values_bound(sparql: str, bindings) -> str:
    from kg.remote import bind_values

    return bind_values(sparql, dict(bindings or {}))


@functools.cache
def _query_prefixes() -> dict[str, str]:
    """The prefixes a query may use without declaring them (``kg/queries/prefixes.json``): rdflib's
    and kg's, what rdflib's ``Dataset.query`` declared when queries went through it, kept as data so
    that a query needs no rdflib import."""
    from importlib.resources import files

    return json.loads((files("kg.queries") / "prefixes.json").read_text(encoding="utf-8"))


def _prefixes() -> dict[str, str]:
    from kg.namespaces import PREFIXES

    return {prefix: str(namespace) for prefix, namespace in PREFIXES.items()}


_XSD = "http://www.w3.org/2001/XMLSchema#"
_INTEGER_TYPES = frozenset(_XSD + t for t in (
    "integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
    "unsignedInt", "unsignedLong", "unsignedShort", "unsignedByte", "negativeInteger", "nonPositiveInteger"))


def _literal_value(lexical: str, datatype: str):
    if datatype in _INTEGER_TYPES:
        return int(lexical)
    if datatype == _XSD + "boolean":
        return lexical in ("true", "1")
    return lexical


def _python(term):
    """An rdflib term as :meth:`Store.select` returns it."""
    from rdflib import Literal

    if term is None:
        return None
    if isinstance(term, Literal):
        return _literal_value(str(term), str(term.datatype) if term.datatype else "")
    return str(term)


def _local(iri) -> str:
    text = str(iri)
    return re.split(r"[#/]", text)[-1]


def _append_unique(items: list, value) -> None:
    if value is not None and value not in items:
        items.append(value)
