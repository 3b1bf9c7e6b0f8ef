"""networkx projections of the knowledge graph: typed, person-organisation, collaboration."""
from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from typing import Any

from kg.analyze._store import Snapshot, paused_gc, snapshot
from kg.analyze._years import Span, format_ranges, known_months, overlap_months, this_month
from kg.model import ORGANIZATION_TYPES

__all__ = ["typed_graph", "neighbourhood", "bipartite_graph", "collaboration_graph", "COLLABORATION_WEIGHTS",
           "MAX_AUTHORS", "MAX_ORG_SIZE"]

#: Weight each kind of tie adds to a collaboration edge (co-authorship: per shared publication;
#: co-affiliation: per organisation both were at in overlapping years).
COLLABORATION_WEIGHTS = {"coauthored": 1.0, "advisedBy": 3.0, "mentoredBy": 2.0, "co-affiliation": 1.0}
#: Publications with more authors than this do not link every pair of their authors.
MAX_AUTHORS = 25
#: Organisations with more people than this do not link every pair of their members
#: (working at the same large university is not collaborating); their labs still do.
MAX_ORG_SIZE = 200

_EDGE_FIELDS = ("role", "degree", "start", "end", "start_year", "end_year", "document", "line", "evidence")


def typed_graph(store) -> "nx.MultiDiGraph":  # noqa: F821
    """The whole knowledge graph as a typed networkx multigraph (the visualisation's input).

    Nodes are entity IRIs with ``label``, ``type``, ``aliases`` (list) and ``facts`` (list of
    ``{"text", "document", "line"}``). Edges are keyed by predicate (``workedAt``, ...) and carry
    ``predicate``, ``role``, ``degree``, ``start``, ``end`` (``'YYYY'``, ``'YYYY-MM'``,
    ``'present'`` or ``None``), ``start_year``, ``end_year`` (``int`` or ``None``; ``None`` when
    ongoing), ``document`` (file name), ``line``, ``evidence``, from the earliest assertion of the
    relation, and ``assertions``: every assertion of it, with the same fields.

    Parameters
    ----------
    store : kg.store.Store or Snapshot

    Returns
    -------
    networkx.MultiDiGraph
        A fresh copy: change it freely.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> g = typed_graph(store)
    >>> alice = "https://w3id.org/kg/id/person/alice-moreau"
    >>> g.nodes[alice]["label"], g.nodes[alice]["type"]
    ('Alice Moreau', 'Person')
    >>> edge = g.edges[alice, "https://w3id.org/kg/id/org/acme-robotics", "workedAt"]
    >>> edge["role"], edge["start"], edge["end"], edge["start_year"], edge["end_year"]
    ('Research Scientist', '2019-07', 'present', 2019, None)
    """
    graph = snapshot(store).typed
    with paused_gc():
        return graph.copy()


def neighbourhood(store, node: str, depth: int) -> "nx.MultiDiGraph":  # noqa: F821
    """The part of :func:`typed_graph` within ``depth`` links of ``node``, built from the rows of
    those entities only (the analysis tables kept beside the store, :mod:`kg.analyze._tables`),
    not from the whole graph.

    The nodes one link further are there too, with their names and types but no facts, and so are
    their edges to the nodes within ``depth``: every node within ``depth`` has all its edges, so
    filtering and ranking what lies within ``depth`` (:func:`kg.visualize.select`) gives what it
    gives on the whole graph.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> alice = "https://w3id.org/kg/id/person/alice-moreau"
    >>> near, whole = neighbourhood(store, alice, 1), typed_graph(store)
    >>> near.number_of_nodes() < whole.number_of_nodes()
    True
    >>> dict(near.nodes[alice]) == dict(whole.nodes[alice])
    True
    """
    from kg.analyze._tables import Tables

    tables = snapshot(store).tables
    incident: dict[str, list[tuple]] = defaultdict(list)
    for edge in tables.union("edges"):
        incident[edge[0]].append(edge)
        incident[edge[2]].append(edge)
    inside, frontier, outside = {node}, [node], set()
    for level in range(depth + 1):  # the last round finds the nodes just outside
        reached = {end for n in frontier for s, _, o in incident.get(n, ()) for end in (s, o)} - inside
        if level == depth:
            outside = reached
        else:
            inside |= reached
            frontier = sorted(reached)
    wanted = inside | outside
    part = {"labels": [r for r in tables.union("labels") if r[0] in wanted],
            "edges": sorted({e for n in inside for e in incident.get(n, ())}),
            "assertions": [r for r in tables.union("assertions") if r[1] in inside or r[3] in inside],
            "mentions": [r for r in tables.union("mentions") if r[0] in inside]}
    with paused_gc():
        return _typed_graph(Snapshot(store, tables=Tables({"": part})))


def bipartite_graph(store, *, ancestors: bool = False) -> "nx.Graph":  # noqa: F821
    """People and the organisations they worked or studied at, as a bipartite graph.

    Node attribute ``bipartite`` is 0 for people and 1 for organisations; edges carry
    ``relations`` (e.g. ``["studiedAt"]``) and ``years`` (e.g. ``"2012-2017"``).

    Parameters
    ----------
    store : kg.store.Store or Snapshot
    ancestors : bool
        Also link each person to every organisation above the units they were at (``kg:partOf*``).

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> b = bipartite_graph(store, ancestors=True)
    >>> b.has_edge("https://w3id.org/kg/id/person/bob-tanaka", "https://w3id.org/kg/id/org/department-of-computing")
    True
    """
    snap = snapshot(store)
    graph = snap.networkx("bipartite").copy()
    if ancestors:
        for person, org, data in list(graph.edges(data=True)):
            if graph.nodes[person]["bipartite"] == 1:
                person, org = org, person
            for above in snap.ancestors(org)[1:]:
                if not graph.has_edge(person, above):
                    graph.add_node(above, label=snap.label(above), type=snap.type(above), bipartite=1)
                    graph.add_edge(person, above, relations=data["relations"], years=data["years"],
                                   via=snap.label(org))
    return graph


def collaboration_graph(store) -> "nx.Graph":  # noqa: F821
    """A weighted person-person graph: who worked with whom, and why.

    Two people are linked when they co-authored (weight 1 per shared publication), one advised
    (3) or mentored (2) the other, or both were at the same organisation in overlapping years
    (1 per organisation; only the unit each was at, and only organisations of at most
    :data:`MAX_ORG_SIZE` people). Edges carry ``weight``, ``relations`` (sorted kinds) and
    ``reasons`` (sentences).

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> g = collaboration_graph(store)
    >>> e = g.edges["https://w3id.org/kg/id/person/alice-moreau", "https://w3id.org/kg/id/person/bob-tanaka"]
    >>> e["relations"], e["weight"]
    (['co-affiliation', 'coauthored'], 2.0)
    """
    graph = snapshot(store).networkx("collaboration")
    with paused_gc():
        return graph.copy()


# -- builders (cached on the snapshot) -------------------------------------------------------
def _edge_attributes(a: dict[str, Any]) -> dict[str, Any]:
    return {
        "role": a.get("role"), "degree": a.get("degree"),
        "start": a.get("start"), "end": "present" if a.get("ongoing") else a.get("end"),
        "start_year": a.get("startYear"), "end_year": None if a.get("ongoing") else a.get("endYear"),
        "document": a.get("document"), "line": a.get("line"), "evidence": a.get("evidence"),
    }


def _typed_graph(snap: Snapshot):
    import networkx as nx

    graph = nx.MultiDiGraph()
    facts: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for iri, mentions in snap.mentions.items():
        facts[iri].extend(m for m in mentions if m["text"])
    for (s, _p, _o), assertions in snap.assertions.items():
        facts[s].extend({"text": a["evidence"], "document": a["document"], "line": a["line"]}
                        for a in assertions if a["evidence"])
    for iri, node in snap.nodes.items():
        graph.add_node(iri, label=node["label"], type=node["type"], aliases=list(node["aliases"]),
                       facts=facts.get(iri, []))
    empty = dict.fromkeys(_EDGE_FIELDS)
    for s, p, o in snap.edges:
        assertions = [_edge_attributes(a) for a in snap.assertions.get((s, p, o), ())]
        first = assertions[0] if assertions else empty
        graph.add_edge(s, o, key=p, predicate=p, **first, assertions=assertions)
    return graph


def _simple_graph(snap: Snapshot):
    """Undirected, one edge per pair, ``weight`` = number of relations: for centrality."""
    import networkx as nx

    graph = nx.Graph()
    for iri, node in snap.nodes.items():
        graph.add_node(iri, label=node["label"], type=node["type"])
    for s, _p, o in snap.edges:
        if s == o:
            continue
        if graph.has_edge(s, o):
            graph[s][o]["weight"] += 1
        else:
            graph.add_edge(s, o, weight=1)
    return graph


def _people_and_organisations(snap: Snapshot, keep: set[str] | None = ORGANIZATION_TYPES | {"Person"}):
    """Undirected graph of people and organisations (or of every entity when ``keep`` is None);
    ``links`` = the (s, p, o) behind each edge: for paths."""
    import networkx as nx

    graph = nx.Graph()
    for iri, node in snap.nodes.items():
        if keep is None or node["type"] in keep:
            graph.add_node(iri, label=node["label"], type=node["type"])
    for s, p, o in snap.edges:
        if s != o and s in graph and o in graph:
            if graph.has_edge(s, o):
                graph[s][o]["links"].append((s, p, o))
            else:
                graph.add_edge(s, o, links=[(s, p, o)])
    return graph


def _affiliations(snap: Snapshot) -> dict[str, dict[str, list[tuple[str, Span]]]]:
    """Organisation -> person -> ``(relation, span)`` for each time they were there (workedAt / studiedAt)."""
    out: dict[str, dict[str, list[tuple[str, Span]]]] = defaultdict(lambda: defaultdict(list))
    for s, p, o in snap.edges:
        if p in ("workedAt", "studiedAt") and snap.type(s) == "Person":
            spans = [Span.parse(a["start"], a["end"], bool(a["ongoing"]), a["startYear"], a["endYear"])
                     for a in snap.assertions.get((s, p, o), ())]
            out[o][s].extend((p, span) for span in spans or [Span(None, None)])
    return out


def _collaboration_graph(snap: Snapshot, among: set[str] | None = None):
    """The collaboration graph; with ``among``, only the ties of those people (what
    :mod:`kg.analyze._patch` builds again)."""
    import networkx as nx

    graph = nx.Graph()
    for iri, node in snap.nodes.items():
        if node["type"] == "Person":
            graph.add_node(iri, label=node["label"], type="Person")

    def link(a: str, b: str, kind: str, reason: str, weight: float | None = None) -> None:
        if a == b or a not in graph or b not in graph or (among is not None and a not in among and b not in among):
            return
        if not graph.has_edge(a, b):
            graph.add_edge(a, b, weight=0.0, relations=[], reasons=[])
        data = graph[a][b]
        data["weight"] += COLLABORATION_WEIGHTS[kind] if weight is None else weight
        if kind not in data["relations"]:
            data["relations"].append(kind)
            data["relations"].sort()
        data["reasons"].append(reason)

    authors: dict[str, list[str]] = defaultdict(list)
    coauthored: set[frozenset] = set()
    for s, p, o in snap.edges:
        if p == "authored":
            authors[o].append(s)
        elif p == "coauthored":
            coauthored.add(frozenset((s, o)))
        elif p in ("advisedBy", "mentoredBy"):
            verb = "advised" if p == "advisedBy" else "mentored"
            link(s, o, p, f"{snap.label(o)} {verb} {snap.label(s)}")
    linked_by_papers: set[frozenset] = set()
    for publication, people in authors.items():
        if len(people) > MAX_AUTHORS:
            continue
        title = snap.label(publication)
        for a, b in combinations(sorted(set(people)), 2):
            link(a, b, "coauthored", f"co-authored {title!r}")
            linked_by_papers.add(frozenset((a, b)))
    for pair in coauthored - linked_by_papers:
        a, b = sorted(pair)
        link(a, b, "coauthored", "co-authors")
    clock = this_month()
    for org, members in _affiliations(snap).items():
        if len(members) > MAX_ORG_SIZE:
            continue
        name = snap.label(org)
        # each member's months once, and their envelope: most pairs of a large organisation are
        # there in different years, and the envelopes tell so without comparing the spans
        months = {p: known_months((s for _, s in stints), clock) for p, stints in members.items()}
        dated = [(p, m, min(m)[0], max(end for _, end in m)) for p, m in sorted(months.items()) if m]
        for (a, months_a, first_a, last_a), (b, months_b, first_b, last_b) in combinations(dated, 2):
            if first_a > last_b or first_b > last_a or (among is not None and a not in among and b not in among):
                continue
            shared = overlap_months(months_a, months_b)
            if shared:
                link(a, b, "co-affiliation", f"both at {name} {format_ranges(shared)}")
    return graph


def _bipartite_graph(snap: Snapshot):
    import networkx as nx

    graph = nx.Graph()
    for org, members in _affiliations(snap).items():
        graph.add_node(org, label=snap.label(org), type=snap.type(org), bipartite=1)
        for person, stints in members.items():
            graph.add_node(person, label=snap.label(person), type="Person", bipartite=0)
            graph.add_edge(person, org, relations=sorted({p for p, _ in stints}),
                           years=", ".join(str(s) for _, s in stints if s.bounds()))
    return graph
