"""Analysis: answers to questions about researchers, from SPARQL queries and networkx projections.

Three projections (built from a few queries, cached while the store is unchanged):
:func:`typed_graph` (the whole graph, for :mod:`kg.visualize`), :func:`bipartite_graph`
(people and organisations) and :func:`collaboration_graph` (weighted person-person ties).
Questions answered: :func:`shared`, :func:`collaborators`, :func:`path`, :func:`central`,
:func:`communities`, :func:`suggest`, :func:`timeline`, :func:`person`, :func:`members`,
:func:`tree`. Each returns a list of row dicts (what ``kg <command> --format json`` prints).
:func:`conflicts` finds the conflicts of interest between two lists of people (a
:class:`ConflictReport`).

Names match case-insensitively and by alias; a name that matches several entities raises
:class:`AmbiguousNameError` (a :class:`kg.errors.NotFoundError`) listing the candidates.

Examples
--------
>>> from kg.store import Store
>>> store = Store.open(":memory:")
>>> store.load(EXAMPLE)
>>> [(r["name"], r["overlap"]) for r in shared(store, "alice moreau", "B. Tanaka") if r["kind"] == "organisation"]
[('Acme Robotics', 'no overlap (Alice Moreau 2019-07 to present; Bob Tanaka 2015-2016)'), ('Northfield University', '2014-2019')]
"""
from __future__ import annotations

from kg.analyze._store import AmbiguousNameError, Snapshot, resolve, snapshot
from kg.analyze._years import Span, overlap
from kg.analyze.conflicts import ConflictReport, conflicts, read_people
from kg.analyze.graphs import bipartite_graph, collaboration_graph, neighbourhood, typed_graph
from kg.analyze.network import central, collaborators, communities, path, suggest
from kg.analyze.profile import members, person, shared, timeline, tree

__all__ = [
    "typed_graph", "neighbourhood", "bipartite_graph", "collaboration_graph",
    "shared", "collaborators", "path", "central", "communities", "suggest", "timeline", "person",
    "members", "tree", "conflicts", "read_people", "ConflictReport",
    "resolve", "snapshot", "Snapshot", "AmbiguousNameError", "Span", "overlap",
]
