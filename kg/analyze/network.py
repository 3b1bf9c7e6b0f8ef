"""Questions about the network: collaborators, paths, centrality, communities, suggestions.

These run on the networkx projections of :mod:`kg.analyze.graphs`, built once per store state.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any

from kg.analyze._store import resolve, snapshot
from kg.analyze.profile import RELATION_LABELS, _source, _when
from kg.errors import NotFoundError
from kg.model import ENTITY_TYPES, ORGANIZATION_TYPES

__all__ = ["collaborators", "path", "central", "communities", "suggest", "CENTRALITY_MEASURES",
           "BETWEENNESS_EXACT_LIMIT", "BETWEENNESS_WORK", "LOUVAIN_EDGE_LIMIT"]

CENTRALITY_MEASURES = ("degree", "betweenness", "pagerank")
#: Graphs with more nodes than this get betweenness estimated from ``k`` sampled sources
#: (networkx ``k=``, fixed seed) rather than computed exactly.
BETWEENNESS_EXACT_LIMIT = 1_000
#: Above this many collaboration edges, communities come from label propagation, not Louvain.
LOUVAIN_EDGE_LIMIT = 50_000
#: The sample size ``k`` is chosen so that ``k * (nodes + edges)`` stays near this budget (k >= 16).
BETWEENNESS_WORK = 4_000_000


def collaborators(store, name: str, *, depth: int = 1, limit: int | None = None) -> list[dict[str, Any]]:
    """The people linked to a person in the collaboration graph, up to ``depth`` steps away.

    Parameters
    ----------
    store : kg.store.Store or Snapshot
    name : str
        A person's name, alias or IRI.
    depth : int
        1 for direct collaborators, 2 to add their collaborators, and so on.
    limit : int, optional
        At most this many rows (nearest and strongest first).

    Returns
    -------
    list of dict
        Rows with ``name``, ``depth``, ``weight`` (of the tie to ``via``), ``relations``, ``via``
        (the previous person on the shortest chain), ``reasons``.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> [(r["name"], r["relations"]) for r in collaborators(store, "Bob Tanaka")][:2]
    [('Carol Zhang', 'advisedBy, co-affiliation'), ('Alice Moreau', 'co-affiliation, coauthored')]
    """
    if depth < 1:
        raise ValueError("depth must be at least 1")
    snap = snapshot(store)
    source = resolve(snap, name, {"Person"})
    graph = snap.collaboration
    found: dict[str, tuple[int, str]] = {source: (0, "")}
    frontier = [source]
    for level in range(1, depth + 1):
        following = []
        for node in frontier:
            for other in graph[node]:
                if other not in found:
                    found[other] = (level, node)
                    following.append(other)
        frontier = following
    out = []
    for other, (level, via) in found.items():
        if other == source:
            continue
        data = graph[via][other]
        out.append({"name": snap.label(other), "depth": level, "weight": round(data["weight"], 3),
                    "relations": ", ".join(data["relations"]),
                    "via": snap.label(via) if level > 1 else "",
                    "reasons": "; ".join(dict.fromkeys(data["reasons"])), "iri": other})
    out.sort(key=lambda r: (r["depth"], -r["weight"], r["name"]))
    return out[:limit] if limit else out


def path(store, a: str, b: str) -> list[dict[str, Any]]:
    """The shortest chain of people and organisations from ``a`` to ``b``, one row per hop.

    Each hop says how the two are related (in the direction of travel: ``worked at``,
    ``employed``, ``advised by``, ``advisor of``, ``part of``, ...), with years and source.
    When only publications or venues connect the two, the chain goes through them and every
    hop carries a ``note`` saying so.

    Raises
    ------
    kg.errors.NotFoundError
        When a name is unknown or ambiguous, or when no chain connects the two.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> [(r["from"], r["relation"], r["to"]) for r in path(store, "Gina Park", "Frank Oduya")]
    [('Gina Park', 'advised by', 'Alice Moreau'), ('Alice Moreau', 'advised by', 'Carol Zhang'), ('Carol Zhang', 'advised by', 'Frank Oduya')]
    """
    snap = snapshot(store)
    kinds = ORGANIZATION_TYPES | {"Person"}
    source, target = resolve(snap, a, kinds), resolve(snap, b, kinds)
    graph, note = snap.network, ""
    nodes = _shortest_path(graph, source, target)
    if nodes is None:
        graph, note = snap.linked, "no chain of people and organisations only; this one goes through papers or venues"
        nodes = _shortest_path(graph, source, target)
        if nodes is None:
            raise NotFoundError(f"nothing links {snap.label(source)!r} and {snap.label(target)!r}")
    hops = []
    for step, (u, v) in enumerate(zip(nodes, nodes[1:]), start=1):
        s, p, o = _best_link(graph[u][v]["links"])
        assertions = snap.assertions_of(s, p, o)
        first = assertions[0] if assertions else {}
        forward, backward = RELATION_LABELS[p]
        hops.append({
            "step": step, "from": snap.label(u), "relation": forward if s == u else backward, "to": snap.label(v),
            "years": _when(first.get("startYear"), first.get("endYear"), first.get("ongoing")),
            "role": first.get("role") or first.get("degree"),
            "sources": "; ".join(dict.fromkeys(filter(None, (_source(x["document"], x["line"]) for x in assertions)))),
            "predicate": p, "from_iri": u, "to_iri": v, **({"note": note} if note else {}),
        })
    return hops


def _shortest_path(graph, source: str, target: str) -> list[str] | None:
    """A shortest path in an undirected graph, by breadth-first search from both ends (always
    widening the smaller frontier); ``None`` when there is none.

    Needs only ``graph[node]`` (the neighbours) and ``node in graph``, so it runs on networkx
    graphs and on the disk cache's graphs alike, visiting neighbours in the same order.
    """
    if source not in graph or target not in graph:
        return None
    if source == target:
        return [source]
    before: dict[str, str | None] = {source: None}  # node -> the previous node from the source
    after: dict[str, str | None] = {target: None}  # node -> the next node towards the target
    forward, backward = [source], [target]
    meeting = None
    while forward and backward and meeting is None:
        grow_forward = len(forward) <= len(backward)
        frontier, seen, other = (forward, before, after) if grow_forward else (backward, after, before)
        following = []
        for node in frontier:
            for neighbour in graph[node]:
                if neighbour not in seen:
                    seen[neighbour] = node
                    following.append(neighbour)
                if neighbour in other:
                    meeting = neighbour
                    break
            if meeting is not None:
                break
        if grow_forward:
            forward = following
        else:
            backward = following
    if meeting is None:
        return None
    nodes, node = [], meeting
    while node is not None:
        nodes.append(node)
        node = before[node]
    nodes.reverse()
    node = after[meeting]
    while node is not None:
        nodes.append(node)
        node = after[node]
    return nodes


_LINK_ORDER = {p: i for i, p in enumerate(
    ("advisedBy", "mentoredBy", "coauthored", "workedAt", "studiedAt", "partOf", "contributedTo", "authored",
     "publishedIn"))}


def _best_link(links: list[tuple[str, str, str]]) -> tuple[str, str, str]:
    return min(links, key=lambda link: (_LINK_ORDER.get(link[1], 99), link))


def _type_filter(type_: str | None) -> set[str] | None:
    if type_ is None or type_.lower() in ("any", "all"):
        return None
    if type_.lower() in ("organization", "organisation"):
        return set(ORGANIZATION_TYPES)
    for known in ENTITY_TYPES:
        if known.lower() == type_.lower():
            return {known}
    raise ValueError(f"unknown type {type_!r}; choose one of {', '.join(ENTITY_TYPES)}, Organization, any")


def central(store, *, by: str = "degree", type: str | None = "Person", limit: int = 20) -> list[dict[str, Any]]:
    """The most central entities of the graph by ``degree``, ``betweenness`` or ``pagerank``.

    Centrality is computed on the whole graph (every entity a node, every relation an undirected
    edge weighted by how many relations join the pair), then the ranking keeps entities of
    ``type``. Above :data:`BETWEENNESS_EXACT_LIMIT` nodes betweenness is estimated from ``k``
    sampled sources (``k * (nodes + edges)`` near :data:`BETWEENNESS_WORK`, seed 0): the ranking
    of the top entities is stable, the scores are approximate.

    Parameters
    ----------
    store : kg.store.Store or Snapshot
    by : {"degree", "betweenness", "pagerank"}
    type : str, optional
        An entity type (``Person``, ``University``, ...), ``Organization`` for any organisation,
        or ``None`` / ``"any"`` for every entity.
    limit : int
        How many to return.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> [r["name"] for r in central(store, by="degree", limit=2)]
    ['Alice Moreau', 'Bob Tanaka']
    """
    if by not in CENTRALITY_MEASURES:
        raise ValueError(f"unknown centrality {by!r}; choose one of {', '.join(CENTRALITY_MEASURES)}")
    keep = _type_filter(type)
    snap = snapshot(store)
    # the sampling settings are part of the key: changing them changes the answer
    key = f"central:{by}:{BETWEENNESS_EXACT_LIMIT}:{BETWEENNESS_WORK}"
    ranking, note = snap.result(key, lambda: (by == "degree" and _degree_ranking_updated(snap, key)) or _ranking(snap, by))
    ranked = [entry for entry in ranking if keep is None or entry[1] in keep][:limit]
    return [{"rank": i, "name": snap.label(iri), "type": kind, "score": round(score, 6),
             "degree": degree, **({"note": note} if note else {}), "iri": iri}
            for i, (iri, kind, score, degree) in enumerate(ranked, start=1)]


def _ranking(snap, by: str) -> tuple[list[tuple[str, str, float, int]], str]:
    """Every entity as ``(iri, type, score, degree)``, most central first; and a note on the method."""
    import networkx as nx

    graph = snap.networkx("simple")
    note = ""
    if graph.number_of_nodes() == 0:
        return [], note
    if by == "degree":
        scores = nx.degree_centrality(graph)
    elif by == "pagerank":
        scores = nx.pagerank(graph, weight="weight")
    else:
        n, m = graph.number_of_nodes(), graph.number_of_edges()
        k = None
        if n > BETWEENNESS_EXACT_LIMIT:
            k = min(n, max(16, BETWEENNESS_WORK // (n + m)))
            note = f"estimated from {k} of {n} sources"
        scores = nx.betweenness_centrality(graph, k=k, seed=0)
    ranked = sorted(scores, key=lambda iri: (-scores[iri], graph.nodes[iri]["label"], iri))
    return [(iri, graph.nodes[iri]["type"], scores[iri], graph.degree(iri)) for iri in ranked], note


def _degree_ranking_updated(snap, key: str) -> tuple[list[tuple[str, str, float, int]], str] | None:
    """The degree ranking of the state the ``simple`` projection was updated from (kept in that
    state's cache), with the nodes whose edges or names the update changed ranked again: what
    :func:`_ranking` gives, without reading the whole graph (the first ``kg central`` after a
    build). ``None`` when the projection was built whole or that ranking is not kept."""
    from kg.analyze._cache import stored_result

    graph = snap.simple
    made = snap.cache.patched("simple") if snap.cache is not None else None
    before = stored_result(made[0], key) if made else None
    n = graph.number_of_nodes()
    if before is None or n < 2:
        return None
    rewritten = set(made[1])
    degrees = {iri: degree for iri, _, _, degree in before[0] if iri not in rewritten}
    types = {iri: kind for iri, kind, _, _ in before[0] if iri not in rewritten}
    for iri in rewritten:
        if iri in graph:
            degrees[iri], types[iri] = graph.degree(iri), snap.type(iri)
    if len(degrees) != n:  # the kept ranking and the projection do not add up: rank the whole graph
        return None
    labels = snap.cache.labels()
    if not degrees.keys() <= labels.keys():
        return None
    unit = 1.0 / (n - 1.0)  # as networkx's degree_centrality, so that the scores are the same floats
    ranked = sorted(degrees, key=lambda iri: (-degrees[iri] * unit, labels[iri], iri))
    return [(iri, types[iri], degrees[iri] * unit, degrees[iri]) for iri in ranked], before[1]


def communities(store, *, limit: int | None = 20, min_size: int = 2, seed: int = 0,
                method: str = "auto") -> list[dict[str, Any]]:
    """Groups of people who work together: communities of the weighted collaboration graph.

    ``method`` is ``"louvain"`` (modularity; the default up to :data:`LOUVAIN_EDGE_LIMIT` edges),
    ``"label-propagation"`` (networkx's fast label propagation: linear time, the default above
    that size) or ``"auto"``. Both are seeded, so the answer is repeatable.

    Returns
    -------
    list of dict
        Rows with ``community`` (1 = largest), ``size``, ``members`` (the most connected first,
        at most 10 named), ``organisations`` (the most common among members).

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> rows = communities(store)
    >>> sum(r["size"] for r in rows) <= 11, all(r["size"] >= 2 for r in rows)
    (True, True)
    """
    if method not in ("auto", "louvain", "label-propagation"):
        raise ValueError(f"unknown method {method!r}; choose louvain, label-propagation or auto")
    snap = snapshot(store)
    key = f"communities:{method}:{seed}:{min_size}:{LOUVAIN_EDGE_LIMIT}"
    out = snap.result(key, lambda: _communities(snap, method, seed, min_size))
    return out[:limit] if limit else out


def _communities(snap, method: str, seed: int, min_size: int) -> list[dict[str, Any]]:
    import networkx as nx

    graph = snap.networkx("collaboration")
    if graph.number_of_edges() == 0:
        return []
    if method == "auto":
        method = "louvain" if graph.number_of_edges() <= LOUVAIN_EDGE_LIMIT else "label-propagation"
    if method == "louvain":
        groups = nx.community.louvain_communities(graph, weight="weight", seed=seed)
    else:
        groups = nx.community.fast_label_propagation_communities(graph, weight="weight", seed=seed)
    strength = dict(graph.degree(weight="weight"))
    bipartite = snap.bipartite
    out = []
    for group in groups:
        if len(group) < min_size:
            continue
        people = sorted(group, key=lambda iri: (-strength[iri], snap.label(iri)))
        orgs = Counter(org for iri in group if iri in bipartite for org in bipartite[iri])
        named = ", ".join(snap.label(iri) for iri in people[:10]) + (f" and {len(people) - 10} more" if len(people) > 10 else "")
        out.append({"size": len(group), "members": named,
                    "organisations": ", ".join(f"{snap.label(o)} ({n})" for o, n in
                                               sorted(orgs.items(), key=lambda kv: (-kv[1], snap.label(kv[0])))[:3]),
                    "iris": people})
    out.sort(key=lambda r: (-r["size"], r["members"]))
    return [{"community": i, **row} for i, row in enumerate(out, start=1)]


def suggest(store, name: str, *, limit: int = 10) -> list[dict[str, Any]]:
    """Likely collaborators a person is not yet linked to, by Adamic-Adar link prediction.

    A candidate scores ``sum(1 / log(degree(w)))`` over the collaborators ``w`` they share with
    the person (a shared collaborator with few ties counts more than a hub). The reason names
    the shared collaborators.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> [(r["name"], r["reason"]) for r in suggest(store, "Gina Park")][:1]
    [('Bob Tanaka', 'both work with Alice Moreau (advisedBy, co-affiliation; co-affiliation, coauthored)')]
    """
    snap = snapshot(store)
    source = resolve(snap, name, {"Person"})
    graph = snap.collaboration
    neighbours = set(graph[source])
    scores: dict[str, float] = {}
    shared: dict[str, list[str]] = {}
    for w in neighbours:
        degree = graph.degree(w)
        if degree < 2:
            continue
        for candidate in graph[w]:
            if candidate == source or candidate in neighbours:
                continue
            scores[candidate] = scores.get(candidate, 0.0) + 1 / math.log(degree)
            shared.setdefault(candidate, []).append(w)
    ranked = sorted(scores, key=lambda c: (-scores[c], snap.label(c), c))[:limit]
    out = []
    for candidate in ranked:
        via = sorted(shared[candidate], key=lambda w: (-graph[source][w]["weight"], snap.label(w)))
        parts = [f"{snap.label(w)} ({', '.join(graph[source][w]['relations'])}; {', '.join(graph[w][candidate]['relations'])})"
                 for w in via[:3]]
        more = f" and {len(via) - 3} more" if len(via) > 3 else ""
        out.append({"name": snap.label(candidate), "score": round(scores[candidate], 4), "common": len(via),
                    "reason": f"both work with {', '.join(parts)}{more}", "iri": candidate})
    return out
