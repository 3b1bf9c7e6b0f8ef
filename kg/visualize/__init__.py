"""Draw the knowledge graph as one self-contained, offline HTML page (pyvis / vis-network).

The page inlines vis-network (the copy bundled with pyvis) and its own script and style, so
it opens from disk and no request leaves it. Positions are computed here, before drawing
(:func:`kg.visualize._layout.layout`), so the browser draws a still picture at once; a
button unfreezes the physics for users who want to drag things around.

Everything that comes from a document (names, aliases, facts, evidence) reaches the page
as JSON data and is put on screen with ``textContent`` or drawn on the canvas: it is shown
as text and never parsed as HTML.
"""
from __future__ import annotations

import json
import math
from collections import deque
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from kg.errors import KgError, NotFoundError

if TYPE_CHECKING:  # pragma: no cover
    import networkx as nx

__all__ = ["VizReport", "to_html", "draw_store", "select", "resolve_node", "DEFAULT_MAX_NODES", "TYPE_STYLE", "PREDICATE_COLOURS"]

DEFAULT_MAX_NODES = 2000
"""Default cap on drawn nodes: a page this size is drawn and still in a few seconds."""

# entity type -> (colour, vis-network shape, legend glyph); shapes that honour ``size``
TYPE_STYLE = {
    "Person": ("#4e79a7", "dot", "\u25cf"),
    "University": ("#e15759", "square", "\u25a0"),
    "Company": ("#f28e2b", "diamond", "\u25c6"),
    "Lab": ("#59a14f", "triangle", "\u25b2"),
    "Institute": ("#b07aa1", "hexagon", "\u2b22"),
    "Venue": ("#edc948", "star", "\u2605"),
    "Project": ("#76b7b2", "triangleDown", "\u25bc"),
    "Publication": ("#9c755f", "dot", "\u25cc"),
}
OTHER_STYLE = ("#9d9d9d", "dot", "\u25cf")

PREDICATE_COLOURS = {
    "workedAt": "#e15759",
    "studiedAt": "#4e79a7",
    "advisedBy": "#b07aa1",
    "mentoredBy": "#ff9da7",
    "authored": "#9c755f",
    "coauthored": "#76b7b2",
    "publishedIn": "#edc948",
    "partOf": "#59a14f",
    "contributedTo": "#f28e2b",
}
OTHER_COLOUR = "#9d9d9d"
SYMMETRIC = {"coauthored"}
SIZE_BY = ("degree", "betweenness", "pagerank")
EDGE_LABELS_MAX = 400   # above this many edges, predicates show in the legend and tooltips only
EDGE_FIELDS = ("role", "degree", "start", "end", "document", "line", "evidence")
LABEL_CHARS = 32        # longer names are shortened on the canvas (the tooltip has them in full)


@dataclass(frozen=True)
class VizReport:
    """What :func:`to_html` wrote.

    Attributes
    ----------
    path : pathlib.Path
        The HTML file.
    nodes, edges : int
        How many nodes and edges the page draws.
    truncated : bool
        True when more nodes matched than ``max_nodes`` and only part of them are drawn.
    message : str
        One line for the user when something was left out or nothing matched (also shown on
        the page); empty otherwise.
    """

    path: Path
    nodes: int
    edges: int
    truncated: bool
    message: str


def to_html(
    graph: "nx.MultiDiGraph",
    out: str | Path,
    *,
    focus: str | None = None,
    depth: int = 2,
    types: Iterable[str] | None = None,
    predicates: Iterable[str] | None = None,
    since: int | None = None,
    until: int | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
    size_by: str = "degree",
    title: str = "kg: knowledge graph",
) -> VizReport:
    """Write the graph, or the part the options select, as one offline HTML page.

    Colour and shape show the entity type (with a legend), size the degree or centrality,
    edge colour and label the predicate (with dates on affiliations). Hovering shows the
    entity's facts with their source document and line; clicking highlights neighbours; a
    search box finds a node; a button freezes and unfreezes the physics.

    Parameters
    ----------
    graph : networkx.MultiDiGraph
        The typed graph of the design contract (``kg.analyze.typed_graph(store)``): nodes keyed
        by IRI with ``label``, ``type``, ``aliases``, ``facts``; edges keyed by predicate with
        ``predicate``, ``role``, ``degree``, ``start``, ``end``, ``start_year``, ``end_year``,
        ``document``, ``line``, ``evidence``.
    out : str or Path
        The HTML file to write (its folder is created).
    focus : str, optional
        An IRI or a name (label or alias, case-insensitive): draw only the nodes within
        ``depth`` links of it.
    depth : int
        Radius of the focus neighbourhood.
    types : iterable of str, optional
        Keep only entities of these types (``Person``, ``University``, ...).
    predicates : iterable of str, optional
        Keep only edges with these predicates (``workedAt``, ``coauthored``, ...).
    since, until : int, optional
        Keep only dated edges (and publications with a ``year``) that overlap these years;
        undated edges stay.
    max_nodes : int
        Draw at most this many nodes: the ones nearest the focus, or else the most
        connected; the page and the report say so.
    size_by : {'degree', 'betweenness', 'pagerank'}
        What node size shows.
    title : str
        The page title.

    Returns
    -------
    VizReport

    Raises
    ------
    kg.errors.NotFoundError
        When ``focus`` names no node, or several.
    kg.errors.KgError
        For an unknown type, predicate or ``size_by``, or ``max_nodes`` below 1.

    See Also
    --------
    select : the filtering and truncation alone, without drawing.

    Examples
    --------
    >>> import networkx as nx, tempfile, pathlib
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("p:1", label="Ada Lovelace", type="Person", aliases=[], facts=[])
    >>> g.add_node("o:1", label="University of London", type="University", aliases=[], facts=[])
    >>> _ = g.add_edge("p:1", "o:1", key="studiedAt", predicate="studiedAt", start="1840",
    ...                start_year=1840, end=None, end_year=None, document="ada.txt", line=3)
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "graph.html"
    >>> report = to_html(g, out)
    >>> report.nodes, report.edges, report.truncated
    (2, 1, False)
    >>> "<script src=" in out.read_text()  # everything is inlined
    False
    """
    html, *counts = _page(graph, focus=focus, depth=depth, types=types, predicates=predicates, since=since,
                          until=until, max_nodes=max_nodes, size_by=size_by, title=title)
    return _write(out, html, *counts)


def draw_store(store, out: str | Path, *, focus: str | None = None, depth: int = 2, **options) -> VizReport:
    """:func:`to_html` of a store's graph, reading only what the picture needs.

    With ``focus`` (a name, alias or IRI, as :func:`kg.analyze.resolve` takes it) only the
    neighbourhood is read from the store (:func:`kg.analyze.neighbourhood`). The whole graph's
    page is kept in the store's analysis cache (per state of the store and options), so drawing
    it again costs only writing the file. Other options as :func:`to_html`.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "alice.html"
    >>> draw_store(store, out, focus="Alice Moreau", depth=1).nodes < draw_store(store, out).nodes
    True
    """
    from kg import analyze

    if focus is not None:
        node = analyze.resolve(store, focus)
        return to_html(analyze.neighbourhood(store, node, depth), out, focus=node, depth=depth, **options)
    key = "viz:" + json.dumps({"depth": depth, **options}, sort_keys=True, default=sorted)
    snap = analyze.snapshot(store)
    return _write(out, *snap.result(key, lambda: _page(snap.typed, depth=depth, **options)))


def _page(graph, *, size_by: str = "degree", title: str = "kg: knowledge graph", **options):
    """The page's HTML, and the counts and message of its :class:`VizReport`."""
    if size_by not in SIZE_BY:
        raise KgError(f"unknown size_by {size_by!r}; expected one of: {', '.join(SIZE_BY)}")
    chosen, truncated, message = select(graph, **options)
    sizes = _metric(chosen, size_by)
    shown = _shown_subgraph(chosen, truncated)
    data = _page_data(shown, sizes, size_by, focus_node=truncated.get("focus"), message=message, title=title)
    counts = len(data["nodes"]), len(data["edges"])
    return _render(data, title), *counts, bool(truncated.get("dropped")), message


def _write(out: str | Path, html: str, nodes: int, edges: int, truncated: bool, message: str) -> VizReport:
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(html, encoding="utf-8")
    return VizReport(out, nodes, edges, truncated, message)


def select(
    graph: "nx.MultiDiGraph",
    *,
    focus: str | None = None,
    depth: int = 2,
    types: Iterable[str] | None = None,
    predicates: Iterable[str] | None = None,
    since: int | None = None,
    until: int | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
):
    """Apply the filters of :func:`to_html`: types, predicates, dates, focus, then the node cap.

    The type filter drops the nodes it leaves without any edge (nodes that never had one
    stay); predicate and date filters drop every node left without an edge.

    Returns
    -------
    (graph, info, message)
        The filtered subgraph (before the cap; ``graph`` itself when nothing is filtered out, so
        copy it before changing it), a dict ``{"keep": [nodes drawn, in order],
        "dropped": int, "focus": node or None}`` and the user message (empty if nothing was
        left out).

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.MultiDiGraph()
    >>> for i in range(5):
    ...     g.add_node(f"p{i}", label=f"P{i}", type="Person")
    >>> _ = [g.add_edge("p0", f"p{i}", key="coauthored", predicate="coauthored") for i in range(1, 5)]
    >>> sub, info, message = select(g, max_nodes=2)
    >>> info["keep"][0], info["dropped"]
    ('p0', 3)
    >>> message
    'Showing 2 of 5 nodes: the most connected. Narrow the graph (focus, types, predicates, dates) or raise max_nodes to see the others.'
    """
    if max_nodes < 1:
        raise KgError("max_nodes must be at least 1")
    if depth < 0:
        raise KgError("depth must be 0 or more")
    sub = _filtered(graph, types, predicates, since, until)
    focus_node = None
    if focus is not None:
        focus_node = resolve_node(graph, focus)
        if focus_node not in sub:
            raise NotFoundError(f"{focus!r} is left out by the type, predicate or date filters")
        order = _bfs(sub, focus_node, depth)
        sub = sub.subgraph(order).copy()
        reason = f"the nearest to {sub.nodes[focus_node].get('label') or focus_node}"
    else:
        degree = _undirected_degree(sub)
        order = sorted(sub, key=lambda n: (-degree[n], str(sub.nodes[n].get("label") or n), n))
        reason = "the most connected"
    keep = order[:max_nodes]
    dropped = len(order) - len(keep)
    if dropped:
        message = (f"Showing {len(keep):,} of {len(order):,} nodes: {reason}. Narrow the graph (focus, "
                   "types, predicates, dates) or raise max_nodes to see the others.")
    elif not order:
        message = "Nothing to draw: no entity matches." if len(graph) else "Nothing to draw: the graph is empty."
    else:
        message = ""
    return sub, {"keep": keep, "dropped": dropped, "focus": focus_node}, message


def resolve_node(graph: "nx.MultiDiGraph", name: str) -> str:
    """The node whose IRI, label or alias is ``name`` (case-insensitive), else a unique partial match.

    Examples
    --------
    >>> import networkx as nx
    >>> g = nx.MultiDiGraph()
    >>> g.add_node("p:1", label="Ada Lovelace", aliases=["A. Lovelace"])
    >>> resolve_node(g, "a. lovelace"), resolve_node(g, "Lovelace")
    ('p:1', 'p:1')
    """
    if name in graph:
        return name
    wanted = name.casefold().strip()
    exact, partial = [], []
    for node, attrs in graph.nodes(data=True):
        names = [attrs.get("label") or ""] + list(attrs.get("aliases") or [])
        folded = [n.casefold() for n in names if n]
        if wanted in folded:
            exact.append(node)
        elif any(wanted in n for n in folded):
            partial.append(node)
    found = exact or partial
    if len(found) == 1:
        return found[0]
    if not found:
        raise NotFoundError(f"no entity named {name!r} in the graph")
    labels = sorted({str(graph.nodes[n].get("label") or n) for n in found})
    shown = ", ".join(labels[:5]) + (", ..." if len(labels) > 5 else "")
    raise NotFoundError(f"{name!r} matches {len(found)} entities ({shown}); give the full name or the IRI")


# --- selection helpers -------------------------------------------------------------------

def _check(values, allowed, what):
    if values is None:
        return None
    by_fold = {a.casefold(): a for a in allowed}
    out = set()
    for value in values:
        if value.casefold() not in by_fold:
            raise KgError(f"unknown {what} {value!r}; expected one of: {', '.join(sorted(allowed))}")
        out.add(by_fold[value.casefold()])
    return out


def _edge_in_window(attrs, since, until):
    start, end = attrs.get("start_year"), attrs.get("end_year")
    if start is None and end is None:
        ongoing = str(attrs.get("end") or "").lower() == "present"
        if not ongoing:
            return True  # undated
    lo = start if start is not None else end
    hi = end if end is not None else (math.inf if str(attrs.get("end") or "").lower() == "present" or start is None else start)
    if lo is None:
        lo = -math.inf
    return (since is None or hi >= since) and (until is None or lo <= until)


def _node_in_window(attrs, since, until):
    year = attrs.get("year")
    try:
        year = int(str(year)[:4]) if year not in (None, "") else None
    except ValueError:
        year = None
    return year is None or ((since is None or year >= since) and (until is None or year <= until))


def _filtered(graph, types, predicates, since, until):
    known_types = set(TYPE_STYLE) | {a.get("type") for _, a in graph.nodes(data=True) if a.get("type")}
    known_preds = set(PREDICATE_COLOURS) | {a.get("predicate") or k for _, _, k, a in graph.edges(keys=True, data=True)}
    types = _check(types, known_types, "type")
    predicates = _check(predicates, known_preds, "predicate")
    dated = since is not None or until is not None
    nodes = [n for n, a in graph.nodes(data=True)
             if (types is None or a.get("type") in types) and (not dated or _node_in_window(a, since, until))]
    if predicates is None and not dated and types is None:
        return graph  # nothing filtered (callers only read it; a copy costs seconds on large graphs)
    sub = graph.subgraph(nodes)
    edges = [(u, v, k) for u, v, k, a in sub.edges(keys=True, data=True)
             if (predicates is None or (a.get("predicate") or k) in predicates)
             and (not dated or _edge_in_window(a, since, until))]
    out = graph.__class__()
    out.add_nodes_from((n, graph.nodes[n]) for n in nodes)
    out.add_edges_from((u, v, k, graph.edges[u, v, k]) for u, v, k in edges)
    # a type filter drops the nodes it strands (nodes that never had an edge stay);
    # a predicate or date filter asks for relations: every node left without one goes
    edge_filter = predicates is not None or dated
    stranded = [n for n in nodes if out.degree(n) == 0 and (edge_filter or graph.degree(n) > 0)]
    out.remove_nodes_from(stranded)
    return out


def _undirected_degree(graph):
    """Number of distinct neighbours (in or out), which is what the eye sees."""
    return {n: len(set(graph.successors(n)) | set(graph.predecessors(n))) - (n in graph.successors(n))
            for n in graph}


def _bfs(graph, start, depth):
    """Nodes within ``depth`` links of ``start``, nearest first, then most connected."""
    degree = _undirected_degree(graph)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        if seen[node] == depth:
            continue
        for nxt in set(graph.successors(node)) | set(graph.predecessors(node)):
            if nxt not in seen:
                seen[nxt] = seen[node] + 1
                queue.append(nxt)
    return sorted(seen, key=lambda n: (seen[n], -degree[n], str(graph.nodes[n].get("label") or n), n))


def _metric(graph, size_by):
    import networkx as nx

    if size_by == "degree" or len(graph) == 0:
        return _undirected_degree(graph)
    simple = nx.Graph(graph)
    if size_by == "betweenness":
        k = None if len(simple) <= 500 else 200  # sampled above 500 nodes: bounded time
        return nx.betweenness_centrality(simple, k=k, seed=7)
    try:
        return nx.pagerank(simple)
    except ImportError as exc:  # networkx's pagerank needs scipy
        raise KgError("size_by='pagerank' needs scipy (pip install scipy)") from exc


def _shown_subgraph(graph, info):
    return graph.subgraph(info["keep"])


# --- page data ------------------------------------------------------------------------------

def _short(text: str, limit: int = LABEL_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"


def _years(attrs) -> str:
    start, end = attrs.get("start"), attrs.get("end")
    if not start and not end:
        return ""
    return f"{start or '?'}\u2013{end or ''}".rstrip("\u2013") if end or start else ""


def _page_data(graph, sizes, size_by, *, focus_node, message, title):
    from kg.visualize._layout import layout

    order = list(graph)
    index = {node: i for i, node in enumerate(order)}
    top = max((sizes.get(n, 0) for n in order), default=0) or 1
    nodes = []
    types_seen, preds_seen = set(), set()
    for node in order:
        attrs = graph.nodes[node]
        kind = attrs.get("type") or "Other"
        types_seen.add(kind)
        colour, shape, _ = TYPE_STYLE.get(kind, OTHER_STYLE)
        label = str(attrs.get("label") or node.rsplit("/", 1)[-1])
        nodes.append({
            "id": index[node],
            "label": _short(label),
            "shape": shape,
            "size": round(8 + 22 * math.sqrt(max(sizes.get(node, 0), 0) / top), 1),
            "color": {"background": colour, "border": "#333333" if node == focus_node else colour,
                      "highlight": {"background": colour, "border": "#111111"},
                      "hover": {"background": colour, "border": "#111111"}},
            "borderWidth": 4 if node == focus_node else 1,
            "shapeProperties": {"borderDashes": [3, 2]} if kind == "Publication" else {},
            "kg": {
                "iri": node, "name": label, "type": kind,
                "aliases": [str(a) for a in attrs.get("aliases") or []],
                "facts": _facts(attrs.get("facts") or []),
                "size": round(float(sizes.get(node, 0)), 4), "year": _plain(attrs.get("year")),
            },
        })
    edges, pair_count, seen_sym = [], {}, set()
    for u, v, key, attrs in graph.edges(keys=True, data=True):
        pred = attrs.get("predicate") or key
        if pred in SYMMETRIC:
            if (v, u, pred) in seen_sym:
                continue
            seen_sym.add((u, v, pred))
        preds_seen.add(pred)
        pair = (min(index[u], index[v]), max(index[u], index[v]))
        parallel = pair_count.get(pair, 0)
        pair_count[pair] = parallel + 1
        years = _years(attrs)
        edges.append({
            "id": len(edges), "from": index[u], "to": index[v],
            "color": _edge_colour(PREDICATE_COLOURS.get(pred, OTHER_COLOUR)),
            "arrows": "" if pred in SYMMETRIC else "to",
            "smooth": {"enabled": True, "type": "curvedCW", "roundness": 0.15 * parallel} if parallel else False,
            "text": f"{pred} {years}".strip(),
            "kg": {"predicate": str(pred), **{name: _plain(attrs.get(name)) for name in EDGE_FIELDS}},
        })
    if len(edges) <= EDGE_LABELS_MAX:
        for edge in edges:
            edge["label"] = edge["text"]
    positions = layout(len(order), [(e["from"], e["to"]) for e in edges])
    for node, (x, y) in zip(nodes, positions):
        node["x"], node["y"] = x, y
    big = len(nodes) > 1000 or len(edges) > 2000
    return {
        "title": title,
        "message": message,
        "sizeBy": size_by,
        "focus": index.get(focus_node) if focus_node is not None else None,
        "nodes": nodes,
        "edges": edges,
        "legend": {
            "types": [{"type": t, "colour": TYPE_STYLE.get(t, OTHER_STYLE)[0], "glyph": TYPE_STYLE.get(t, OTHER_STYLE)[2]}
                      for t in sorted(types_seen, key=lambda t: (_rank(TYPE_STYLE, t), t))],
            "predicates": [{"predicate": p, "colour": PREDICATE_COLOURS.get(p, OTHER_COLOUR)}
                           for p in sorted(preds_seen, key=lambda p: (_rank(PREDICATE_COLOURS, p), p))],
        },
        "options": {
            "autoResize": True,
            "physics": {"enabled": False, "solver": "barnesHut", "stabilization": {"enabled": False},
                        "barnesHut": {"gravitationalConstant": -3000, "springLength": 90, "damping": 0.4}},
            "layout": {"improvedLayout": False},
            "interaction": {"hover": True, "tooltipDelay": 80, "hideEdgesOnDrag": big, "hideEdgesOnZoom": big,
                            "multiselect": False},
            "nodes": {"font": {"size": 16, "face": "sans-serif"},
                      "scaling": {"label": {"enabled": False, "drawThreshold": 4}}},
            "edges": {"width": 1, "selectionWidth": 2, "hoverWidth": 1.5,
                      "font": {"size": 12, "align": "middle", "face": "sans-serif", "color": "#555555"},
                      "arrows": {"to": {"scaleFactor": 0.5}}},
        },
    }


def _plain(value):
    """A JSON-ready value: None, bool, int and float as they are, anything else as text."""
    return value if value is None or isinstance(value, (bool, int, float)) else str(value)


def _facts(facts):
    """The node's facts as plain values, each (text, document, line) once, in order."""
    out, seen = [], set()
    for fact in facts:
        item = {"text": str(fact.get("text") or ""), "document": str(fact.get("document") or ""),
                "line": _plain(fact.get("line"))}
        key = (item["text"], item["document"], item["line"])
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _edge_colour(colour):
    return {"color": colour, "highlight": colour, "hover": colour, "inherit": False, "opacity": 0.85}


def _rank(known, key):
    return list(known).index(key) if key in known else len(known)


def _render(data, title):
    """Fill the page template: pyvis builds the network data, our template draws it."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape
    from pyvis.network import Network

    import pyvis

    # pyvis holds the nodes, edges and options; filled in bulk (Network.add_node checks every
    # node against a list, which makes from_nx quadratic)
    net = Network(directed=True, cdn_resources="in_line", heading=title)
    net.nodes = data.pop("nodes")
    net.edges = data.pop("edges")
    net.node_ids = [n["id"] for n in net.nodes]
    net.node_map = {n["id"]: n for n in net.nodes}
    net.options = data.pop("options")
    nodes, edges, heading, _, _, options = net.get_network_data()

    here = resources.files(__name__) / "templates"
    vis_dir = Path(pyvis.__file__).parent / "templates" / "lib" / "vis-9.1.2"
    env = Environment(loader=FileSystemLoader(str(here)), autoescape=select_autoescape(default=True))
    assets = {
        "vis_js": (vis_dir / "vis-network.min.js").read_text(encoding="utf-8"),
        "vis_css": (vis_dir / "vis-network.css").read_text(encoding="utf-8"),
        "page_js": (here / "page.js").read_text(encoding="utf-8"),
        "page_css": (here / "page.css").read_text(encoding="utf-8"),
    }
    for name, text in assets.items():
        if "</script" in text.lower() or "</style" in text.lower():  # would end the inline block early
            raise KgError(f"cannot inline {name}: it contains a closing tag")
    page = {**data, "nodes": nodes, "edges": edges, "options": json.loads(options)}
    return env.get_template("page.html").render(title=heading, data=page, **assets)
