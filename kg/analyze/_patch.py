"""A projection of the store after a build, made from the one of the state before it: only the
nodes the changed document graphs touch are built again.

When the analysis tables were brought up to date from the writers' notes (:mod:`kg.analyze._tables`),
they say which entities a changed row names (``touched``) and from which state (``since``). If that
state's analysis cache has the projection, the new state's cache gets a copy of it with the rows
of the nodes whose adjacency can have changed replaced (and their neighbours' entries for them):
those rows are built by the same builders (:mod:`kg.analyze.graphs`) from a part of the tables,
the rows about those nodes and whatever their edges depend on. The answer is the projection a
build from all the tables gives (``tests/test_analyze.py`` compares them). What is built grows
with what changed and with the hubs it touches, not with the store; what still grows with the
store is cheaper: finding those rows (a scan of the tables in memory) and copying the previous
state's rows (in SQLite).

Which nodes can have changed:

- ``simple``, ``network``, ``linked``, ``bipartite``: the touched entities. A node's attributes
  and edges come from rows that name it; its neighbours' names and types are read to know
  whether an edge is kept.
- ``collaboration``: the touched entities; every author of a publication touched or written by a
  touched person (a few each); and every member of an organisation touched or that a touched
  person is at, when its name changed or its size crossed :data:`~kg.analyze.graphs.MAX_ORG_SIZE`
  (its name and size before are the previous state's: its node and its degree in the bipartite
  graph; every member when those are not known). Otherwise a tie between two members nobody
  touched is as it was: it depends on the organisation's name and size and on their years.
"""
from __future__ import annotations

import sqlite3

from kg.analyze import _cache
from kg.analyze._store import KG_NS, Snapshot, normalise

__all__ = ["patch", "update_after_write"]

_AFFILIATION = {KG_NS + "workedAt", KG_NS + "studiedAt"}
_AUTHORED = KG_NS + "authored"


def patch(snap: Snapshot, name: str) -> bool:
    """Store projection ``name`` of ``snap``'s state in its cache, made from the cache of the state
    its tables were brought from; False (nothing stored) when that cache or what changed is unknown."""
    tables = snap.tables
    if snap.cache is None or tables.since is None or tables.touched is None:
        return False
    base = _cache.base(snap.folder, tables.since)
    if base is None or base == snap.cache.path:
        return False
    nodes = _collaboration_nodes(snap, tables, base) if name == "collaboration" else set(tables.touched)
    try:
        if not snap.cache.patch_graph(base, name, _rows(snap, name, tables, nodes)):
            return False
    except LookupError:  # the base and the changes do not add up (it was not made from the same tables)
        return False
    except sqlite3.OperationalError:  # the base went (a writer deleted it since): build it whole
        return False
    if not snap.cache.has_nodes():
        _patch_nodes(snap, tables, base)
    return True


def update_after_write(store, since: str | None) -> list[str]:
    """What a writer calls once it has noted its changes (:func:`kg.analyze._tables.note_changes`):
    if the analysis tables kept beside the store describe the state ``since`` it started from, bring
    them to the new state now and update there what that state's analysis cache holds (the
    projections, the degree ranking, the people of ``kg conflicts``), each from the rows its
    changes touch (:func:`patch`), so that the first analyses after ``kg build`` or ``kg remove``
    find them ready. Returns what was updated; nothing when the tables are not kept or are
    older (their update would be a read of the whole store: left to the first analysis).

    >>> import tempfile
    >>> from kg.store import Store
    >>> with Store.open(tempfile.mkdtemp()) as store:  # no analysis run on it yet: nothing kept
    ...     update_after_write(store, store.generation)
    []
    """
    from kg.analyze._store import _PROJECTIONS, _store_folder, snapshot
    from kg.analyze._tables import tables_generation

    folder = _store_folder(store)
    if folder is None or since is None or tables_generation(folder) != since:
        return []
    snap = snapshot(store)
    tables = snap.tables
    base = _cache.base(folder, tables.since) if tables.since is not None else None
    if base is None or snap.cache is None or base == snap.cache.path:
        return []
    db = sqlite3.connect(f"file:{base}?mode=ro", uri=True)
    try:
        kept = {name for (name,) in db.execute("SELECT name FROM graphs")}
        results = [key for (key,) in db.execute("SELECT key FROM results")]
    finally:
        db.close()
    done = [name for name in _PROJECTIONS if name in kept]
    for name in done:
        getattr(snap, name)  # updated and stored in the new state's cache
    from kg.analyze.conflicts import _people
    from kg.analyze.network import central

    if any(key.startswith("central:degree:") for key in results):
        central(store, by="degree")
        done.append("central:degree")
    if any(key.startswith("conflicts:people:") for key in results):
        _people(store)
        done.append("conflicts:people")
    return done


def _rows(snap: Snapshot, name: str, tables, nodes: set[str]) -> dict[str, tuple[dict, dict] | None]:
    """``node -> (attributes, adjacency)`` in projection ``name`` (``None``: not in it) for ``nodes``,
    built from the rows about them and about the publications and organisations they are linked to."""
    from kg.analyze._store import _builder
    from kg.analyze.graphs import _collaboration_graph

    core = set(nodes)
    if name == "collaboration":  # a tie reads the whole publication or organisation
        core |= {o for s, p, o in _edges(tables, nodes) if s in nodes and (p in _AFFILIATION or p == _AUTHORED)}
    ends = {e for s, _, o in _edges(tables, core) for e in (s, o)}
    part = Snapshot(snap.store, tables=tables.about(core, ends))
    # in the builders' order: the rows are stored in the order of the IRIs (AnalysisCache.patch_graph)
    graph = _collaboration_graph(part, among=nodes) if name == "collaboration" else _builder(name)(part)
    return {n: (dict(graph.nodes[n]), dict(graph.adj[n])) if n in graph else None for n in nodes}


def _edges(tables, entities: set[str]) -> list[tuple]:
    return tables.about(entities, tables=("edges",)).graphs[""]["edges"]


def _collaboration_nodes(snap: Snapshot, tables, base) -> set[str]:
    """The people whose collaboration ties can have changed (see the module notes)."""
    from kg.analyze.graphs import MAX_AUTHORS, MAX_ORG_SIZE

    touched = set(tables.touched)
    groups = {o for s, p, o in _edges(tables, touched)
              if (p in _AFFILIATION or p == _AUTHORED) and (s in touched or o in touched)}
    members: dict[str, set[str]] = {}
    authors: dict[str, set[str]] = {}
    for s, p, o in _edges(tables, groups):
        if o in groups and p in _AFFILIATION:
            members.setdefault(o, set()).add(s)
        elif o in groups and p == _AUTHORED:
            authors.setdefault(o, set()).add(s)
    everyone = set().union(*members.values(), *authors.values())
    part = Snapshot(snap.store, tables=tables.about(set(), everyone | set(members), tables=("labels",)))
    out = set(touched)
    old = _before(base)
    for group, found in members.items():
        people = {p for p in found if p in part.nodes and part.nodes[p]["type"] == "Person"}
        was = old(group)
        # an organisation's ties between members nobody touched change only with its name or when
        # its size crosses the limit; how many it had is its degree in the previous bipartite graph
        if was is None or was[0] != part.label(group) or (was[1] <= MAX_ORG_SIZE) != (len(people) <= MAX_ORG_SIZE):
            out |= people
    for found in authors.values():  # a few people each: all of them, whatever changed
        people = {p for p in found if p in part.nodes and part.nodes[p]["type"] == "Person"}
        if len(people - touched) <= MAX_AUTHORS:
            out |= people
    return out


def _before(base):
    """``organisation -> (its name, how many people were there)`` in the state of the cache at
    ``base``; ``None`` for one it does not know (or when it has no bipartite graph)."""
    import pickle
    import sqlite3

    db = sqlite3.connect(f"file:{base}?mode=ro", uri=True)

    def old(org: str):
        named = db.execute("SELECT label FROM nodes WHERE iri = ?", (org,)).fetchone()
        row = db.execute("SELECT neighbours FROM adjacency WHERE graph = 'bipartite' AND node = ?", (org,)).fetchone()
        return None if named is None or row is None else (named[0], len(pickle.loads(row[0])))

    return old


def _patch_nodes(snap: Snapshot, tables, base) -> None:
    """The new state's node table: the base's, with the touched entities read again."""
    touched = set(tables.touched)
    part = Snapshot(snap.store, tables=tables.about(touched, tables=("labels", "mentions")))
    nodes = {iri: part.nodes.get(iri) for iri in touched}
    names = ((key, iri) for iri, node in nodes.items() if node
             for key in sorted({normalise(n) for n in (node["label"], *node["aliases"])}))
    snap.cache.patch_nodes(base, nodes, names, part.documents)
