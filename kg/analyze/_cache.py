"""The analyses' cache on disk, beside a directory store: projections and whole-graph results.

Every ``kg`` command is a fresh process. Without this cache each analysis command would read the
whole graph through SPARQL and rebuild its networkx projection before answering: about 20 s at a
million quads. The first analysis after the store changes still pays that once; it then writes
the projection it built here, one row per node (the node's adjacency, pickled), and whole-graph
results (centrality rankings, communities) once computed. Later commands read only the rows of
the nodes they touch, so answering takes milliseconds to a second.

The cache is a SQLite file in the store directory, one per state of the store:
``analysis-cache-<generation>.sqlite``, after the store's :attr:`~kg.store.Store.generation` (a
token every write through kg renews), so it can cost time but never give a stale answer. Readers
of the store run side by side (see :mod:`kg.store`): those of one state share its file, SQLite
keeping their writes apart, and no process deletes a file another may be reading; a writer
deletes the files of states no reader can still be reading when it publishes
(:func:`discard`).
"""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import sqlite3
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Callable

__all__ = ["AnalysisCache", "DiskGraph", "CACHE_FILES", "base", "stored_result", "discard"]

#: the cache files in a store directory (a glob pattern)
CACHE_FILES = "analysis-cache-*.sqlite"
_FORMAT = "3"  # bump when what is stored changes shape

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS nodes (iri TEXT PRIMARY KEY, label TEXT NOT NULL, type TEXT NOT NULL,
                                  aliases TEXT NOT NULL, documents TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS names (key TEXT NOT NULL, iri TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS names_by_key ON names (key);
CREATE INDEX IF NOT EXISTS names_by_iri ON names (iri);
CREATE TABLE IF NOT EXISTS graphs (name TEXT PRIMARY KEY, nodes INTEGER NOT NULL, edges INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS adjacency (graph TEXT NOT NULL, node TEXT NOT NULL,
                                      attributes BLOB NOT NULL, neighbours BLOB NOT NULL,
                                      PRIMARY KEY (graph, node)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, value BLOB NOT NULL);
"""


class AnalysisCache:
    """The cache of one directory store at one state. Get one with :meth:`open`.

    Examples
    --------
    >>> import tempfile, networkx as nx
    >>> folder = tempfile.mkdtemp()
    >>> cache = AnalysisCache.open(folder, ("generation 1",))
    >>> cache.result("answer", lambda: 42), cache.result("answer", lambda: 0)
    (42, 42)
    >>> cache.put_graph("ties", nx.Graph([("a", "b")]))
    >>> dict(cache.graph("ties")["a"])
    {'b': {}}
    >>> AnalysisCache.open(folder, ("generation 2",)).result("answer", lambda: 0)  # the store changed
    0
    >>> discard(folder, keep=["generation 2"])  # what a writer does: the other states' files go
    >>> AnalysisCache.open(folder, ("generation 2",)).result("answer", lambda: 1)
    0
    """

    def __init__(self, connection: sqlite3.Connection, path: Path):
        self._db = connection
        self.path = path
        self._graphs: dict[str, DiskGraph | None] = {}
        self._has_nodes = False

    @classmethod
    def open(cls, folder: str | os.PathLike, state: tuple) -> "AnalysisCache":
        """The cache in ``folder`` for the store ``state``; emptied first when it was made for another."""
        path = _cache_file(folder, state)
        stamp = json.dumps([_FORMAT, *state], default=str)
        try:
            db = _connect(path)
            found = db.execute("SELECT value FROM meta WHERE key = 'state'").fetchone()
        except sqlite3.DatabaseError:  # not a database (a crash mid-write, or another file): start over
            _delete(path)
            db, found = _connect(path), None
        if found is None:
            with db:
                db.execute("INSERT OR IGNORE INTO meta VALUES ('state', ?)", (stamp,))
        return cls(db, path)

    def close(self) -> None:
        self._db.close()

    # -- whole-graph results ------------------------------------------------------------------
    def result(self, key: str, compute: Callable[[], Any]) -> Any:
        """The stored value of ``key``, or ``compute()`` stored under it."""
        found = self._db.execute("SELECT value FROM results WHERE key = ?", (key,)).fetchone()
        if found is not None:
            return pickle.loads(found[0])
        value = compute()
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO results VALUES (?, ?)",
                             (key, pickle.dumps(value, pickle.HIGHEST_PROTOCOL)))
        return value

    # -- nodes -----------------------------------------------------------------------------
    def has_nodes(self) -> bool:
        # asked before every label lookup; nodes are written once per state, so a yes stays yes
        if not self._has_nodes:
            self._has_nodes = self._db.execute("SELECT 1 FROM nodes LIMIT 1").fetchone() is not None
        return self._has_nodes

    def put_nodes(self, nodes: Mapping[str, dict[str, Any]], names: Iterator[tuple[str, str]],
                  documents: Callable[[str], str]) -> None:
        """Store every node (``iri -> {"label", "type", "aliases"}``) and the name index
        (``(normalised name, iri)`` pairs); ``documents(iri)`` says where a node is named."""
        with self._db:
            self._db.execute("DELETE FROM nodes")
            self._db.execute("DELETE FROM names")
            self._db.executemany("INSERT INTO nodes VALUES (?, ?, ?, ?, ?)", (
                (iri, n["label"], n["type"], json.dumps(n["aliases"]), documents(iri)) for iri, n in nodes.items()))
            self._db.executemany("INSERT INTO names VALUES (?, ?)", names)

    def patch_nodes(self, base: Path, nodes: Mapping[str, dict[str, Any] | None],
                    names: Iterator[tuple[str, str]], documents: Callable[[str], str]) -> None:
        """Store the nodes and the name index as the cache at ``base`` has them, but for the nodes
        in ``nodes`` (``None``: no longer a node), whose names are ``names`` (as :meth:`put_nodes`)."""
        db = self._db
        db.execute("ATTACH DATABASE ? AS base", (str(base),))
        try:
            with db:
                db.execute("DELETE FROM nodes")
                db.execute("DELETE FROM names")
                db.execute("INSERT INTO nodes SELECT * FROM base.nodes")
                db.execute("INSERT INTO names SELECT * FROM base.names")
                for iri, node in nodes.items():
                    db.execute("DELETE FROM nodes WHERE iri = ?", (iri,))
                    db.execute("DELETE FROM names WHERE iri = ?", (iri,))
                    if node is not None:
                        db.execute("INSERT INTO nodes VALUES (?, ?, ?, ?, ?)", (
                            iri, node["label"], node["type"], json.dumps(node["aliases"]), documents(iri)))
                db.executemany("INSERT INTO names VALUES (?, ?)", names)
        finally:
            db.execute("DETACH DATABASE base")
        self._has_nodes = False

    def node(self, iri: str) -> dict[str, Any] | None:
        """``{"label", "type", "aliases", "documents"}`` of a node, or ``None``."""
        found = self._db.execute("SELECT label, type, aliases, documents FROM nodes WHERE iri = ?", (iri,)).fetchone()
        if found is None:
            return None
        return {"label": found[0], "type": found[1], "aliases": json.loads(found[2]), "documents": found[3]}

    def named(self, key: str) -> list[str]:
        """IRIs of the nodes whose normalised name or alias is ``key``."""
        return [r[0] for r in self._db.execute("SELECT iri FROM names WHERE key = ? ORDER BY iri", (key,))]

    # -- projections ---------------------------------------------------------------------------
    def put_graph(self, name: str, graph) -> None:
        """Store an undirected networkx graph as one row per node: its attributes and adjacency
        dict, pickled. It reads back in the order of its nodes' IRIs, each node's neighbours too
        (the order :func:`kg.analyze._store.canonical` gives a projection)."""
        dumps, protocol = pickle.dumps, pickle.HIGHEST_PROTOCOL
        with self._db:
            self._db.execute("DELETE FROM adjacency WHERE graph = ?", (name,))
            self._db.executemany("INSERT INTO adjacency VALUES (?, ?, ?, ?)", (
                (name, node, dumps(graph.nodes[node], protocol), dumps(dict(sorted(neighbours.items())), protocol))
                for node, neighbours in graph.adj.items()))
            self._db.execute("INSERT OR REPLACE INTO graphs VALUES (?, ?, ?)",
                             (name, graph.number_of_nodes(), graph.number_of_edges()))
        self._graphs.pop(name, None)

    def patch_graph(self, base: Path, name: str, changed: Mapping[str, tuple[dict, dict] | None]) -> bool:
        """Store projection ``name`` as the cache at ``base`` (another state's file) has it, but for
        the ``changed`` nodes: ``node -> (attributes, adjacency)``, or ``None`` for a node no
        longer in it. Their neighbours' rows are changed to match. False (nothing stored) when
        ``base`` does not have the projection or the nodes table.

        >>> import tempfile, networkx as nx
        >>> folder = tempfile.mkdtemp()
        >>> old = AnalysisCache.open(folder, ("generation 1",))
        >>> old.put_graph("ties", nx.Graph([("a", "b"), ("b", "c")]))
        >>> old.put_nodes({"a": {"label": "A", "type": "Person", "aliases": []}}, iter(()), str)
        >>> new = AnalysisCache.open(folder, ("generation 2",))
        >>> new.patch_graph(old.path, "ties", {"c": None, "d": ({}, {"a": {}})})
        True
        >>> {node: list(new.graph("ties")[node]) for node in new.graph("ties")}, new.graph("ties").number_of_edges()
        ({'a': ['b', 'd'], 'b': ['a'], 'd': ['a']}, 2)
        """
        db = self._db
        db.execute("ATTACH DATABASE ? AS base", (str(base),))
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT 1 FROM graphs WHERE name = ?", (name,)).fetchone() is None:
                    found = db.execute("SELECT nodes, edges FROM base.graphs WHERE name = ?", (name,)).fetchone()
                    if found is None or db.execute("SELECT 1 FROM base.nodes LIMIT 1").fetchone() is None:
                        db.rollback()
                        return False
                    db.execute("DELETE FROM adjacency WHERE graph = ?", (name,))
                    db.execute("INSERT INTO adjacency SELECT * FROM base.adjacency WHERE graph = ?", (name,))
                    rewritten = self._patch_rows(name, *found, changed)
                    db.execute("INSERT OR REPLACE INTO results VALUES (?, ?)", (
                        f"patched:{name}", pickle.dumps((Path(base).name, sorted(rewritten)), pickle.HIGHEST_PROTOCOL)))
                db.commit()
            except BaseException:
                db.rollback()
                raise
        finally:
            db.execute("DETACH DATABASE base")
        self._graphs.pop(name, None)
        return True

    def _patch_rows(self, name: str, nodes: int, edges: int, changed) -> set[str]:
        """Replace the rows of the ``changed`` nodes and their neighbours' entries for them; the
        nodes whose row was rewritten (their adjacency differs from the base's), returned."""
        db, loads, protocol = self._db, pickle.loads, pickle.HIGHEST_PROTOCOL

        def row(node):
            found = db.execute("SELECT attributes, neighbours FROM adjacency WHERE graph = ? AND node = ?",
                               (name, node)).fetchone()
            return None if found is None else (loads(found[0]), loads(found[1]))

        old = {node: row(node) for node in changed}
        pairs = lambda rows: {frozenset((n, v)) for n, r in rows.items() if r for v in r[1]}
        edges += len(pairs(changed)) - len(pairs(old))
        nodes += sum(r is not None for r in changed.values()) - sum(r is not None for r in old.values())
        # a neighbour not changed -> changed node -> its edge now (None: none), where that differs
        entries: dict[str, dict[str, Any]] = {}
        for node, new in changed.items():
            before, now = (old[node] or ({}, {}))[1], (new or ({}, {}))[1]
            for other in before.keys() | now.keys():
                if other not in changed and before.get(other) != now.get(other):
                    entries.setdefault(other, {})[node] = now.get(other)
        rewritten = set(entries)
        for node, new in changed.items():
            if new == old[node]:
                continue
            rewritten.add(node)
            db.execute("DELETE FROM adjacency WHERE graph = ? AND node = ?", (name, node))
            if new is not None:
                db.execute("INSERT INTO adjacency VALUES (?, ?, ?, ?)", (name, node, pickle.dumps(new[0], protocol),
                                                                       pickle.dumps(dict(sorted(new[1].items())), protocol)))
        for other, edges_to in sorted(entries.items()):
            found = row(other)
            if found is None:  # a neighbour the base does not have: the changes do not add up
                raise LookupError(f"{other} is not in the stored {name} graph")
            adjacency = found[1]
            for node, data in edges_to.items():
                if data is None:
                    adjacency.pop(node, None)
                else:
                    adjacency[node] = data
            db.execute("UPDATE adjacency SET neighbours = ? WHERE graph = ? AND node = ?",
                       (pickle.dumps(dict(sorted(adjacency.items())), protocol), name, other))
        db.execute("INSERT OR REPLACE INTO graphs VALUES (?, ?, ?)", (name, nodes, edges))
        return rewritten

    def patched(self, name: str) -> tuple[Path, list[str]] | None:
        """If projection ``name`` was made by :meth:`patch_graph`: the cache file it was made from
        (another state's) and the nodes whose rows differ from it (a node's row is its attributes
        and adjacency); else ``None``."""
        found = self._db.execute("SELECT value FROM results WHERE key = ?", (f"patched:{name}",)).fetchone()
        if found is None:
            return None
        base, rewritten = pickle.loads(found[0])
        return self.path.with_name(base), rewritten

    def labels(self) -> dict[str, str]:
        """Every node's label (the nodes table), in one read."""
        return dict(self._db.execute("SELECT iri, label FROM nodes"))

    def graph(self, name: str) -> "DiskGraph | None":
        """The stored projection ``name`` as a :class:`DiskGraph`, or ``None`` if not stored."""
        if name not in self._graphs:
            found = self._db.execute("SELECT nodes, edges FROM graphs WHERE name = ?", (name,)).fetchone()
            self._graphs[name] = DiskGraph(self._db, name, *found) if found else None
        return self._graphs[name]


class DiskGraph(Mapping):
    """A stored projection, read a node at a time: ``graph[node]`` is that node's adjacency dict
    (neighbour -> edge data, in the order networkx had them), ``node in graph``, ``len(graph)``,
    ``graph.degree(node)``, ``graph.number_of_edges()``. Read only."""

    def __init__(self, db: sqlite3.Connection, name: str, nodes: int, edges: int):
        self._db, self._name, self._nodes, self._edges = db, name, nodes, edges
        self._read: dict[str, dict[str, Any]] = {}

    def __getitem__(self, node: str) -> dict[str, Any]:
        adjacency = self._read.get(node)
        if adjacency is None:
            found = self._db.execute("SELECT neighbours FROM adjacency WHERE graph = ? AND node = ?",
                                     (self._name, node)).fetchone()
            if found is None:
                raise KeyError(node)
            adjacency = self._read[node] = pickle.loads(found[0])
        return adjacency

    def __contains__(self, node: object) -> bool:
        try:
            self[node]  # type: ignore[index]
        except (KeyError, sqlite3.InterfaceError):
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        for (node,) in self._db.execute("SELECT node FROM adjacency WHERE graph = ? ORDER BY node", (self._name,)):
            yield node

    def __len__(self) -> int:
        return self._nodes

    def degree(self, node: str) -> int:
        return len(self[node])

    def number_of_nodes(self) -> int:
        return self._nodes

    def number_of_edges(self) -> int:
        return self._edges

    def to_networkx(self):
        """The whole graph as a new :class:`networkx.Graph`, nodes and edges in the stored order."""
        import networkx as nx

        graph = nx.Graph()
        adjacency = {}
        for node, attributes, neighbours in self._db.execute(
                "SELECT node, attributes, neighbours FROM adjacency WHERE graph = ? ORDER BY node", (self._name,)):
            graph.add_node(node, **pickle.loads(attributes))
            adjacency[node] = pickle.loads(neighbours)
        seen = set()
        for node, neighbours in adjacency.items():
            graph.add_edges_from((node, other, data) for other, data in neighbours.items() if other not in seen)
            seen.add(node)
        return graph


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, timeout=60)  # readers of one state write their projections in turn
    db.executescript(_SCHEMA)
    return db


def _cache_file(folder: str | os.PathLike, state: tuple) -> Path:
    key = hashlib.sha1(json.dumps([_FORMAT, *state], default=str).encode()).hexdigest()[:16]
    return Path(folder) / CACHE_FILES.replace("*", key)


def base(folder: str | os.PathLike, generation: str) -> Path | None:
    """The cache file of the store's state ``generation``, if there is one (what a later state's
    projections are updated from: :mod:`kg.analyze._patch`)."""
    path = _cache_file(folder, (generation,))
    return path if path.exists() else None


def stored_result(path: Path, key: str) -> Any:
    """The whole-graph result ``key`` kept in the cache file at ``path`` (another state's), or ``None``."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=60)
        try:
            found = db.execute("SELECT value FROM results WHERE key = ?", (key,)).fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return None
    return pickle.loads(found[0]) if found else None


def discard(folder: str | os.PathLike, keep=()) -> None:
    """Delete the caches in ``folder`` but those of the generations in ``keep`` (the states readers
    may still read: a writer calls this when it publishes) and that of the state the analysis
    tables were last brought to (the next state's projections are updated from it)."""
    from kg.analyze._tables import tables_generation

    kept = {_cache_file(folder, (generation,)) for generation in (*keep, tables_generation(Path(folder))) if generation}
    for path in Path(folder).glob(CACHE_FILES):
        if path not in kept:
            _delete(path)


def _delete(path: Path) -> None:
    for stale in (path, path.with_name(path.name + "-journal")):
        try:
            stale.unlink()
        except FileNotFoundError:
            pass
