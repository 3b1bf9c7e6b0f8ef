"""The analyses' tables (entity names, edges, assertions, mentions), kept per document graph beside a
directory store and brought up to date from the graphs a build changed.

Reading the four tables with SPARQL over the whole store is most of what the first analysis after a
build costs (minutes at a million quads). So the rows are kept per document graph in
``analysis-tables.pickle`` in the store directory, stamped with the store's generation. A writer that
changes only some graphs says which (:func:`note_changes`: ``kg build`` and ``kg remove`` do, one
``analysis-changes-<generation>.json`` per write); the next reader follows those notes from the
tables' generation to its own, re-reads just those graphs (the same named queries, ``?graph`` bound)
and saves the tables again. Any write that left no note (a SPARQL update through ``kg serve``, a
crash) breaks the chain, and the tables are read whole again: slower, never stale.

>>> from kg.store import Store
>>> store = Store.open(":memory:")
>>> store.load(EXAMPLE)
>>> tables = Tables.read(store)
>>> sorted(tables.graphs) == sorted(d["graph"] for d in store.documents())
True
>>> ("https://w3id.org/kg/id/person/alice-moreau", "Person", "name", "Alice Moreau") in {
...     (e, t.rsplit("#")[-1], p.rsplit("#")[-1], label) for e, t, p, label in tables.union("labels")}
True
"""
from __future__ import annotations

import json
import os
import pickle
import re
import sys
from pathlib import Path
from typing import Iterable

__all__ = ["Tables", "FIELDS", "note_changes", "tables_generation", "TABLES_FILE", "CHANGES_FILES"]

#: table -> (named query, the fields kept per row, in this order)
FIELDS = {
    "labels": ("entity_labels", ("entity", "type", "property", "label")),
    "edges": ("relation_edges", ("subject", "predicate", "object")),
    "assertions": ("relation_assertions", ("assertion", "subject", "predicate", "object", "role", "degree", "start",
                                           "end", "startYear", "endYear", "ongoing", "document", "line", "evidence")),
    "mentions": ("entity_mentions", ("entity", "document", "line", "evidence")),
}
TABLES_FILE = "analysis-tables.pickle"
CHANGES_FILES = "analysis-changes-*.json"
_VERSION = 3  # bump when what is stored changes shape
_GENERATION = re.compile(r"[0-9A-Za-z_-]+")


class Tables:
    """The rows of the four analysis tables, per document graph: ``graphs[graph][table]`` is a list of
    tuples in the order of :data:`FIELDS`. Get them with :meth:`current` (kept beside a directory
    store) or :meth:`read` (from the store).

    Tables brought up to date from the writers' notes also say what changed: ``since`` is the
    generation they were brought from and ``touched`` the entities named by a row that changed
    (before or after), so that what was built at ``since`` can be updated for those entities only
    (:mod:`kg.analyze._patch`); both ``None`` for tables read whole."""

    def __init__(self, graphs: dict[str, dict[str, list[tuple]]], generation: str | None = None,
                 since: str | None = None, touched: set[str] | None = None):
        self.graphs = graphs
        self.generation = generation
        self.since = since
        self.touched = touched
        self._rows_naming: dict[str, dict[str, list[tuple]]] = {}  # table -> entity -> its rows (see about)

    @classmethod
    def read(cls, store, graphs: Iterable[str] | None = None) -> "Tables":
        """The tables of ``graphs`` (every graph when ``None``), read from the store with the named queries."""
        from kg.analyze._store import rows, rows_in

        out: dict[str, dict[str, list[tuple]]] = {}
        chosen = None if graphs is None else sorted(set(graphs))
        for table, (query, fields) in FIELDS.items():
            for r in rows(store, query) if chosen is None else rows_in(store, query, "graph", chosen):
                tables = out.get(r["graph"])
                if tables is None:
                    tables = out[sys.intern(r["graph"])] = {name: [] for name in FIELDS}
                tables[table].append(tuple(_interned(r[f]) for f in fields))
        return cls(out)

    @classmethod
    def current(cls, store, folder: Path | None) -> "Tables":
        """The tables for the store as it is now: kept in ``folder`` and brought up to date from the
        graphs written since (see the module notes), else read whole; saved there for the next reader."""
        generation = getattr(store, "generation", None)
        if folder is None or generation is None:
            return cls.read(store)
        kept = cls._load(folder)
        if kept is not None and kept.generation == generation:
            return kept
        changed, notes = _changed_between(folder, kept.generation, generation) if kept is not None else (None, [])
        if changed is None:
            tables = cls.read(store)
        else:
            tables = kept
            fresh = cls.read(store, changed).graphs
            touched: set[str] = set()
            for graph in changed:  # a graph the store no longer has was removed
                touched |= _entities(tables.graphs.pop(graph, None))
                touched |= _entities(fresh.get(graph))
            tables.graphs.update(fresh)
            tables.since, tables.touched = kept.generation, touched
        tables.generation = generation
        if tables._save(folder):
            for note in notes:  # what they say is in the tables now
                note.unlink(missing_ok=True)
        return tables

    def about(self, entities: set[str], labelled: set[str] = frozenset(), tables=tuple(FIELDS)) -> "Tables":
        """The rows that name any of ``entities`` (in an entity column), and the names and types of
        ``labelled``, of every graph, as one graph's tables (only those of ``tables``, the others
        empty): what :mod:`kg.analyze._patch` builds a part of a projection from.

        >>> tables = Tables({"g": {"labels": [("a", "T", "name", "A"), ("b", "T", "name", "B")],
        ...                        "edges": [("a", "p", "b")], "assertions": [], "mentions": []}})
        >>> tables.about({"b"}).graphs[""]["labels"], tables.about({"b"}).graphs[""]["edges"]
        ([('b', 'T', 'name', 'B')], [('a', 'p', 'b')])
        """
        out: dict[str, set[tuple]] = {name: set() for name in FIELDS}
        for name in tables:
            naming = self.naming(name)
            for entity in (entities | labelled if name == "labels" else entities):
                out[name].update(naming.get(entity, ()))
        return Tables({"": {name: list(found) for name, found in out.items()}})

    def naming(self, table: str) -> dict[str, list[tuple]]:
        """Entity -> the rows of ``table`` (any graph) that name it in an entity column: made by one
        scan of the table when :meth:`about` first needs it (an update asks about several sets of
        entities, and each was a scan of every graph's rows); the graphs must not change after."""
        naming = self._rows_naming.get(table)
        if naming is None:
            naming = self._rows_naming[table] = {}
            columns = _ENTITY_COLUMNS[table]
            for graph in self.graphs.values():
                for r in graph[table]:
                    for column in columns:
                        found = naming.get(r[column])
                        if found is None:
                            naming[r[column]] = [r]
                        elif found[-1] is not r:  # an edge from an entity to itself: once
                            found.append(r)
        return naming

    def union(self, table: str) -> set[tuple]:
        """Every row of ``table`` in any graph, once (the queries' ``DISTINCT`` over the whole store)."""
        out: set[tuple] = set()
        for tables in self.graphs.values():
            out.update(tables[table])
        return out

    @staticmethod
    def _load(folder: Path) -> "Tables | None":
        try:
            with open(folder / TABLES_FILE, "rb") as handle:
                version, generation, rest = pickle.load(handle)
                if version != _VERSION:
                    return None
                graphs, touched = pickle.load(handle)
        except Exception:  # missing, unreadable or from another version: read the store instead
            return None
        return Tables(graphs, generation, rest, touched)

    def _save(self, folder: Path) -> bool:
        staged = folder / f"{TABLES_FILE}.{os.getpid()}"
        try:
            with open(staged, "wb") as handle:
                # a short head first: the generation is read without the rows (tables_generation)
                pickle.dump((_VERSION, self.generation, self.since), handle, protocol=pickle.HIGHEST_PROTOCOL)
                pickle.dump((self.graphs, self.touched), handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(staged, folder / TABLES_FILE)
        except OSError:  # a folder this process cannot write: the next reader reads again
            staged.unlink(missing_ok=True)
            return False
        return True


def note_changes(store, since: str | None, graphs: Iterable[str]) -> None:
    """Note that the writes to ``store`` since its generation ``since`` changed only ``graphs``
    (document graph IRIs written, replaced or removed): what a writer calls once its writes are
    done, so that the next analysis re-reads those graphs only.

    >>> import tempfile
    >>> from kg.store import Store
    >>> with Store.open(tempfile.mkdtemp()) as store:
    ...     before = store.generation
    ...     store.update("INSERT DATA { GRAPH <https://example.org/g> { <https://example.org/a> <https://example.org/p> 1 } }")
    ...     note_changes(store, before, ["https://example.org/g"])
    ...     _changed_between(Path(store.location), before, store.generation)[0]
    {'https://example.org/g'}
    """
    from kg.analyze._store import _store_folder

    folder = _store_folder(store)
    now = getattr(store, "generation", None)
    if folder is None or since is None or now is None or now == since:
        return
    path = folder / CHANGES_FILES.replace("*", now)
    staged = path.with_name(f"{path.name}.{os.getpid()}")
    staged.write_text(json.dumps({"from": since, "graphs": sorted(set(graphs))}), encoding="utf-8")
    os.replace(staged, path)


def _changed_between(folder: Path, since: str | None, now: str) -> tuple[set[str] | None, list[Path]]:
    """The graphs written between generations ``since`` and ``now``, from the writers' notes, and
    the notes read; ``(None, [])`` when a write between them left none (nothing is known then)."""
    changed: set[str] = set()
    notes: list[Path] = []
    while now != since:
        path = folder / CHANGES_FILES.replace("*", now)
        if since is None or path in notes or not _GENERATION.fullmatch(now):
            return None, []
        try:
            note = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None, []
        notes.append(path)
        changed.update(note["graphs"])
        now = note["from"]
    return changed, notes


def tables_generation(folder: Path) -> str | None:
    """The generation of the tables kept in ``folder`` (their head only is read), else ``None``."""
    try:
        with open(Path(folder) / TABLES_FILE, "rb") as handle:
            version, generation, _ = pickle.load(handle)
    except Exception:
        return None
    return generation if version == _VERSION else None


#: table -> the positions of its columns that hold entities
_ENTITY_COLUMNS = {"labels": (0,), "edges": (0, 2), "assertions": (1, 3), "mentions": (0,)}


def _entities(tables: dict[str, list[tuple]] | None) -> set[str]:
    """The entities the rows of one graph's tables name."""
    if not tables:
        return set()
    return {r[c] for name, columns in _ENTITY_COLUMNS.items() for r in tables[name] for c in columns}


def _interned(value):
    # IRIs, types and file names repeat across rows: one string each, in memory and in the pickle
    return sys.intern(value) if isinstance(value, str) else value
