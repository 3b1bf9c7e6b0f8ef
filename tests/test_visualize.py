"""kg.visualize and ``kg viz``: what the page contains, and what it does in a real browser."""
from __future__ import annotations

import json
import math
import re
import sys
import types
from pathlib import Path

import networkx as nx
import pytest

import kg
from kg.cli import cli
from kg.errors import KgError, NotFoundError
from kg.visualize import DEFAULT_MAX_NODES, resolve_node, select, to_html
from kg.visualize._layout import layout

DATA = Path(__file__).resolve().parent / "data" / "visualize"
CHROMIUM = Path("/usr/bin/chromium")
ID = "https://w3id.org/kg/id/"
OKAFOR, LINDQVIST = ID + "person/mira-okafor", ID + "person/tomas-lindqvist"
XSS_SCRIPT, XSS_IMG = ID + "person/xss-script", ID + "person/xss-img"


def load_graph(path: Path = DATA / "small.json") -> nx.MultiDiGraph:
    """A typed graph in the networkx contract of DESIGN.md, from a JSON fixture."""
    spec = json.loads(path.read_text(encoding="utf-8"))
    graph = nx.MultiDiGraph()
    for node in spec["nodes"]:
        node = dict(node)
        graph.add_node(node.pop("id"), **node)
    for edge in spec["edges"]:
        edge = {"role": None, "degree": None, "start": None, "end": None, "start_year": None,
                "end_year": None, **edge}
        graph.add_edge(edge.pop("source"), edge.pop("target"), key=edge["predicate"], **edge)
    return graph


def synthetic(n: int, seed: int = 3) -> nx.MultiDiGraph:
    """``n`` entities of every type with a hub-heavy link structure (like a real KG)."""
    import random

    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    kinds = ["Person"] * 6 + ["Publication"] * 3 + ["University", "Company", "Lab", "Venue", "Project", "Institute"]
    for i in range(n):
        graph.add_node(f"{ID}e/{i}", label=f"Entity {i}", type=kinds[i % len(kinds)], aliases=[],
                       facts=[{"text": f"fact about {i}", "document": f"doc{i % 50}.txt", "line": i % 40 + 1}])
    for i in range(1, n):
        for target in {rng.randrange(0, i) if rng.random() < 0.5 else int(rng.random() ** 3 * i) for _ in range(2)}:
            pred = rng.choice(["workedAt", "studiedAt", "coauthored", "authored", "partOf"])
            graph.add_edge(f"{ID}e/{i}", f"{ID}e/{target}", key=pred, predicate=pred, start="2015",
                           end="2019", start_year=2015, end_year=2019, document="doc.txt", line=1, evidence="x")
    return graph


def page_data(html: str) -> dict:
    """The JSON the page draws (the ``kg-data`` block)."""
    block = re.search(r'<script id="kg-data" type="application/json">(.*?)</script>', html, re.S).group(1)
    return json.loads(block)


def drawn(path: Path) -> dict:
    data = page_data(path.read_text(encoding="utf-8"))
    return {"nodes": {n["kg"]["iri"] for n in data["nodes"]}, "data": data}


# --- the generated data: filters, truncation, encoding ----------------------------------------

def test_whole_graph_is_drawn_with_symmetric_edges_once(tmp_path):
    graph = load_graph()
    report = to_html(graph, tmp_path / "g.html")
    assert (report.nodes, report.truncated, report.message) == (12, False, "")
    data = drawn(report.path)["data"]
    coauthor = [e for e in data["edges"] if e["kg"]["predicate"] == "coauthored"]
    assert len(coauthor) == 1 and coauthor[0]["arrows"] == ""
    assert report.edges == graph.number_of_edges() - 1 == len(data["edges"])


def test_encoding_type_shape_size_predicate_colour_and_dates(tmp_path):
    data = drawn(to_html(load_graph(), tmp_path / "g.html").path)["data"]
    nodes = {n["kg"]["iri"]: n for n in data["nodes"]}
    assert nodes[ID + "org/riverbend-university"]["shape"] == "square"
    assert nodes[OKAFOR]["shape"] == "dot" and nodes[OKAFOR]["size"] == max(n["size"] for n in data["nodes"])
    assert {t["type"] for t in data["legend"]["types"]} == {
        "Person", "University", "Company", "Lab", "Venue", "Publication", "Project", "Institute"}
    studied = next(e for e in data["edges"] if e["kg"]["predicate"] == "studiedAt")
    worked = [e for e in data["edges"] if e["kg"]["predicate"] == "workedAt"]
    assert studied["label"] == "studiedAt 2012\u20132017"
    assert "workedAt 2019-03\u2013present" in {e["label"] for e in worked}
    assert studied["color"]["color"] != worked[0]["color"]["color"]
    assert worked[0]["color"]["color"] == worked[1]["color"]["color"]
    facts = nodes[OKAFOR]["kg"]["facts"]
    assert {"text": "PhD in Ecology, Riverbend University, 2012 - 2017", "document": "okafor.txt", "line": 5} in facts


def test_positions_are_computed_and_physics_is_off(tmp_path):
    data = drawn(to_html(load_graph(), tmp_path / "g.html").path)["data"]
    points = {(n["x"], n["y"]) for n in data["nodes"]}
    assert len(points) == len(data["nodes"]) and all(math.isfinite(c) for p in points for c in p)
    assert data["options"]["physics"]["enabled"] is False


def test_type_filter_drops_stranded_nodes_but_keeps_never_linked_ones(tmp_path):
    report = to_html(load_graph(), tmp_path / "g.html", types=["person"])
    assert drawn(report.path)["nodes"] == {OKAFOR, LINDQVIST, XSS_SCRIPT, XSS_IMG, ID + "person/lonely"}


def test_predicate_filter(tmp_path):
    report = to_html(load_graph(), tmp_path / "g.html", predicates=["workedAt"])
    assert drawn(report.path)["nodes"] == {OKAFOR, XSS_SCRIPT, ID + "org/alder-labs", ID + "org/soil-institute"}
    assert report.edges == 3


def test_since_keeps_overlapping_ongoing_and_undated_relations(tmp_path):
    shown = drawn(to_html(load_graph(), tmp_path / "g.html", since=2018).path)["nodes"]
    assert ID + "org/alder-labs" in shown            # 2019-present
    assert ID + "org/soil-institute" not in shown    # 2008-2009
    assert ID + "org/riverbend-university" in shown  # 2012-2017 is gone but partOf (undated) stays
    assert ID + "publication/canopy-gaps" not in shown  # year 2016


def test_until_drops_relations_that_start_later(tmp_path):
    sub, _, _ = select(load_graph(), until=2010)
    assert sub.has_edge(OKAFOR, ID + "org/soil-institute", "workedAt")
    assert not sub.has_edge(OKAFOR, ID + "org/alder-labs", "workedAt")
    assert not sub.has_edge(OKAFOR, ID + "org/riverbend-university", "studiedAt")


def test_focus_by_alias_and_depth(tmp_path):
    report = to_html(load_graph(), tmp_path / "g.html", focus="m. okafor", depth=1)
    data = drawn(report.path)
    assert OKAFOR in data["nodes"] and ID + "org/canopy-lab" not in data["nodes"]
    assert data["data"]["nodes"][data["data"]["focus"]]["kg"]["iri"] == OKAFOR
    assert len(data["nodes"]) == 7  # Okafor and her six neighbours
    assert drawn(to_html(load_graph(), tmp_path / "h.html", focus=OKAFOR, depth=0).path)["nodes"] == {OKAFOR}


def test_focus_not_found_or_ambiguous():
    graph = load_graph()
    with pytest.raises(NotFoundError, match="no entity named"):
        resolve_node(graph, "Nobody Here")
    with pytest.raises(NotFoundError, match="matches 2 entities"):
        resolve_node(graph, "canopy")  # Canopy Lab, and the paper on canopy gaps



def test_truncation_keeps_most_connected_and_says_so(tmp_path):
    report = to_html(load_graph(), tmp_path / "g.html", max_nodes=3)
    assert report.truncated and report.nodes == 3
    assert report.message.startswith("Showing 3 of 12 nodes: the most connected.")
    data = drawn(report.path)
    assert OKAFOR in data["nodes"] and data["data"]["message"] == report.message


def test_truncation_around_focus_keeps_nearest(tmp_path):
    report = to_html(load_graph(), tmp_path / "g.html", focus="Canopy Lab", depth=5, max_nodes=3)
    assert drawn(report.path)["nodes"] == {ID + "org/canopy-lab", ID + "org/riverbend-university", OKAFOR}
    assert "the nearest to Canopy Lab" in report.message


def test_default_cap_applies_to_large_graphs(tmp_path):
    report = to_html(synthetic(DEFAULT_MAX_NODES + 50), tmp_path / "g.html")
    assert report.truncated and report.nodes == DEFAULT_MAX_NODES
    assert f"of {DEFAULT_MAX_NODES + 50:,} nodes" in report.message


def test_empty_graph_says_so(tmp_path):
    report = to_html(nx.MultiDiGraph(), tmp_path / "g.html")
    assert (report.nodes, report.edges) == (0, 0) and "empty" in report.message


@pytest.mark.parametrize("options, match", [
    ({"types": ["Planet"]}, "unknown type 'Planet'"),
    ({"predicates": ["likes"]}, "unknown predicate 'likes'"),
    ({"size_by": "charisma"}, "unknown size_by"),
    ({"max_nodes": 0}, "max_nodes"),
])
def test_bad_options_are_user_errors(tmp_path, options, match):
    with pytest.raises(KgError, match=match):
        to_html(load_graph(), tmp_path / "g.html", **options)


def test_size_by_betweenness(tmp_path):
    data = drawn(to_html(load_graph(), tmp_path / "g.html", size_by="betweenness").path)["data"]
    assert data["sizeBy"] == "betweenness"
    biggest = max(data["nodes"], key=lambda n: n["size"])
    assert biggest["kg"]["iri"] == OKAFOR


def test_document_text_is_data_never_markup(tmp_path):
    html = to_html(load_graph(), tmp_path / "g.html", title="<b>mine</b>").path.read_text(encoding="utf-8")
    assert "<script>window.__kgXss" not in html and "<img src=x" not in html and "<i>evil" not in html
    assert "</script><script>" not in html
    assert "<title>&lt;b&gt;mine&lt;/b&gt;</title>" in html
    names = {n["kg"]["name"] for n in page_data(html)["nodes"]}
    assert "<script>window.__kgXss = 'script'</script>Eve" in names  # shown as text, unchanged


def test_page_is_self_contained(tmp_path):
    html = to_html(load_graph(), tmp_path / "g.html").path.read_text(encoding="utf-8")
    assert not re.search(r"<(script|img|iframe)[^>]*\ssrc=|<link[^>]*href=", html, re.I)
    assert not re.search(r"cdnjs|jsdelivr|unpkg|bootstrap", html, re.I)
    assert "vis-network" in html and "default-src 'none'" in html


def test_layout_is_deterministic_bounded_and_separates_nodes():
    graph = nx.barabasi_albert_graph(1500, 2, seed=1)
    first = layout(1500, list(graph.edges()))
    assert first == layout(1500, list(graph.edges()))
    assert len(set(first)) == 1500
    # components are packed side by side, not on top of each other
    two = layout(6, [(0, 1), (1, 2), (3, 4), (4, 5)])
    assert max(x for x, _ in two[:3]) < min(x for x, _ in two[3:]) or max(y for _, y in two[:3]) < min(y for _, y in two[3:])


# --- the CLI ----------------------------------------------------------------------------------

@pytest.fixture
def fake_analyze(monkeypatch):
    """``kg viz`` reads the store through kg.analyze; these tests give it the fixture graph."""
    stub = types.ModuleType("kg.analyze")
    stub.resolve = lambda store, name: resolve_node(load_graph(), name)
    stub.neighbourhood = lambda store, node, depth: load_graph()  # more than the neighbourhood: select() cuts it
    stub.snapshot = lambda store: types.SimpleNamespace(typed=load_graph(), result=lambda key, compute: compute())
    monkeypatch.setitem(sys.modules, "kg.analyze", stub)
    monkeypatch.setattr(kg, "analyze", stub, raising=False)
    return stub


def test_cli_viz_writes_page_and_reports_truncation(runner, store_path, tmp_path, fake_analyze):
    out = tmp_path / "viz" / "g.html"
    result = runner.invoke(cli, ["viz", "--store", str(store_path), "--out", str(out), "--focus", "M. Okafor",
                                 "--depth", "1", "--max-nodes", "3", "--types", "Person,University",
                                 "--types", "Company"])
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}: 3 nodes" in result.output
    assert "Showing 3 of 4 nodes: the nearest to Mira Okafor" in result.stderr
    assert OKAFOR in drawn(out)["nodes"] and ID + "org/soil-institute" not in drawn(out)["nodes"]


def test_cli_viz_user_errors_are_one_line(runner, store_path, tmp_path, fake_analyze):
    result = runner.invoke(cli, ["viz", "--store", str(store_path), "--out", str(tmp_path / "g.html"),
                                 "--predicates", "likes"])
    assert result.exit_code == 1 and "Error: unknown predicate 'likes'" in result.output
    assert "Traceback" not in result.output


@pytest.fixture
def analysis_store(store_path):
    """A real store holding the invented graph of the analysis tests (tests/data/analysis)."""
    from kg.store import Store

    with Store.open(store_path) as store:
        store.load(Path(__file__).resolve().parent / "data" / "analysis" / "small.trig")
    return store_path


def test_cli_viz_end_to_end_through_kg_analyze(runner, analysis_store, tmp_path):
    out = tmp_path / "alice.html"
    result = runner.invoke(cli, ["viz", "--store", str(analysis_store), "--out", str(out),
                                 "--focus", "a. moreau", "--depth", "1"])
    assert result.exit_code == 0, result.output
    data = drawn(out)["data"]
    alice = data["nodes"][data["focus"]]["kg"]
    assert alice["name"] == "Alice Moreau" and alice["aliases"] == ["A. Moreau"]
    assert {"text": "PhD, Northfield University, 2012 - 2017", "document": "alice.txt", "line": 12} in alice["facts"]
    result = runner.invoke(cli, ["viz", "--store", str(analysis_store), "--out", str(out), "--focus", "Nobody Atall"])
    assert result.exit_code == 1 and result.output.startswith("Error: ") and "Traceback" not in result.output


FOCUSED = [("Alice Moreau", 0, {}), ("Alice Moreau", 1, {}), ("Bob Tanaka", 2, {}), ("Northfield University", 1, {}),
           ("Gina Park", 3, {}), ("Alice Moreau", 2, {"types": ["Person", "University"]}),
           ("Bob Tanaka", 2, {"predicates": ["coauthored", "workedAt"], "since": 2016}),
           ("Carol Zhang", 2, {"max_nodes": 4, "size_by": "pagerank"})]


@pytest.mark.parametrize("name, depth, options", FOCUSED)
def test_a_neighbourhood_read_from_the_store_draws_what_the_whole_graph_draws(analysis_store, tmp_path, name,
                                                                               depth, options):
    from kg import analyze
    from kg.store import Store

    with Store.open(analysis_store, read_only=True) as store:
        node = analyze.resolve(store, name)
        near = analyze.neighbourhood(store, node, depth)
        whole = analyze.typed_graph(store)
    assert near.number_of_nodes() <= whole.number_of_nodes()
    pages = [to_html(graph, tmp_path / f"{i}.html", focus=node, depth=depth, **options) for i, graph in enumerate((near, whole))]
    assert pages[0].nodes > 0 and [(p.nodes, p.edges, p.message) for p in pages] == [(pages[1].nodes, pages[1].edges, pages[1].message)] * 2
    assert (tmp_path / "0.html").read_text() == (tmp_path / "1.html").read_text()


def test_the_whole_graph_page_is_drawn_again_from_the_cache(runner, analysis_store, tmp_path, monkeypatch):
    from kg import analyze

    pages = [tmp_path / "first.html", tmp_path / "again.html"]
    args = ["viz", "--store", str(analysis_store), "--types", "Person,University"]
    result = runner.invoke(cli, [*args, "--out", str(pages[0])])
    assert result.exit_code == 0, result.output

    def whole_graph(self):
        raise AssertionError("read the whole graph again although the cache has the page")

    monkeypatch.setattr(analyze.Snapshot, "typed", property(whole_graph))
    result = runner.invoke(cli, [*args, "--out", str(pages[1])])
    assert result.exit_code == 0, result.output
    assert pages[0].read_text() == pages[1].read_text() and "Wrote" in result.output
    result = runner.invoke(cli, [*args, "--predicates", "workedAt", "--out", str(pages[1])])  # other options
    assert result.exit_code == 1 and "read the whole graph again" in str(result.exception)


# --- in a browser -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's chromium at /usr/bin/chromium (apt-get install chromium)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="browser tests need playwright (pip install playwright)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield browser
        browser.close()


class Opened:
    """A page opened from disk with every non-file, non-data request refused and recorded."""

    def __init__(self, browser, path: Path):
        self.page = browser.new_page(viewport={"width": 1100, "height": 700})
        self.refused, self.errors = [], []
        self.page.route("**/*", self._route)
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(path.as_uri())
        self.page.wait_for_function("window.kgViz && window.kgViz.ready", timeout=30_000)

    def _route(self, route):
        url = route.request.url
        if url.startswith(("file:", "data:")):
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()

    def node_id(self, iri: str) -> int:
        return self.page.evaluate("iri => window.kgViz.nodes.get({filter: n => n.kg.iri === iri})[0].id", iri)

    def _away(self):
        """Park the mouse on an empty spot so that the next hover starts afresh."""
        spot = self.page.evaluate("""() => {
            const net = window.kgViz.network, box = document.getElementById('kg-network').getBoundingClientRect();
            for (let x = 3; x < box.width; x += 37) for (let y = 3; y < box.height; y += 41)
                if (net.getNodeAt({x, y}) === undefined && net.getEdgeAt({x, y}) === undefined)
                    return [box.left + x, box.top + y];
            return [box.left + 1, box.top + 1]; }""")
        self.page.mouse.move(*spot)
        self.page.wait_for_selector("#kg-tip[hidden]", state="attached", timeout=5_000)

    def hover(self, iri: str):
        """Move the mouse onto the node (its canvas position in page coordinates)."""
        x, y = self.page.evaluate("""id => {
            const net = window.kgViz.network, p = net.canvasToDOM(net.getPosition(id));
            const box = document.getElementById('kg-network').getBoundingClientRect();
            return [box.left + p.x, box.top + p.y]; }""", self.node_id(iri))
        self._away()
        self.page.mouse.move(x, y, steps=2)
        self.page.wait_for_selector("#kg-tip:not([hidden])", timeout=5_000)
        return self.page.inner_text("#kg-tip")

    def hover_edge(self, source: str, target: str):
        """Drag ``target`` away from ``source``, then move the mouse onto their edge, clear of nodes."""
        x, y = self.page.evaluate("""([a, b]) => {
            const net = window.kgViz.network;
            let p = net.getPositions([a, b]);
            net.moveNode(b, p[a].x + 250, p[a].y + 10);  // drag the target away: a long edge to point at
            net.redraw();
            p = net.getPositions([a, b]);
            const edge = net.getConnectedEdges(a).find(e => {
                const d = window.kgViz.edges.get(e); return [d.from, d.to].includes(b); });
            const box = document.getElementById('kg-network').getBoundingClientRect();
            for (let t = 0.5; t > 0.05; t -= 0.05) for (const s of [t, 1 - t]) {
                const m = net.canvasToDOM({x: p[a].x + s * (p[b].x - p[a].x), y: p[a].y + s * (p[b].y - p[a].y)});
                const around = [-4, 0, 4].flatMap(dx => [-4, 0, 4].map(dy => ({x: m.x + dx, y: m.y + dy})));
                if (around.every(q => net.getNodeAt(q) === undefined && net.getEdgeAt(q) === edge))
                    return [box.left + Math.round(m.x), box.top + Math.round(m.y)];
            }
            throw new Error('no free point on the edge'); }""", [self.node_id(source), self.node_id(target)])
        self._away()
        self.page.mouse.move(x, y, steps=2)
        self.page.wait_for_selector("#kg-tip:not([hidden])", timeout=5_000)
        return self.page.inner_text("#kg-tip")

    def close(self):
        assert self.refused == [], f"the page tried to reach the network: {self.refused}"
        assert self.errors == [], f"console errors: {self.errors}"
        self.page.close()


@pytest.fixture
def opened(browser, tmp_path):
    pages = []

    def open_(target):
        pages.append(Opened(browser, getattr(target, "path", target)))
        return pages[-1]

    yield open_
    for page in pages:
        page.close()


@pytest.mark.browser
def test_browser_draws_every_node_offline_without_errors(opened, tmp_path):
    report = to_html(load_graph(), tmp_path / "g.html")
    page = opened(report.path).page
    counts = page.evaluate("[Object.keys(window.kgViz.network.body.nodes).length, window.kgViz.nodes.length,"
                           " window.kgViz.edges.length]")
    # vis keeps one internal body node per node (edges with labels add none)
    assert counts[1:] == [report.nodes, report.edges] and counts[0] >= report.nodes
    assert page.evaluate("document.querySelector('#kg-network canvas').width") > 0
    assert "Person" in page.inner_text("#kg-legend") and "workedAt" in page.inner_text("#kg-legend")


@pytest.mark.browser
def test_browser_hover_shows_facts_with_source_lines(opened, tmp_path):
    page = opened(to_html(load_graph(), tmp_path / "g.html"))
    tip = page.hover(OKAFOR)
    assert "Mira Okafor" in tip and "Also: M. Okafor" in tip
    assert "Research Scientist, Alder Labs, 2019 - Present" in tip and "(okafor.txt:9)" in tip


@pytest.mark.browser
def test_browser_injected_markup_shows_as_text_and_runs_nothing(opened, tmp_path):
    page = opened(to_html(load_graph(), tmp_path / "g.html"))
    tip = page.hover(XSS_SCRIPT)
    assert "<script>window.__kgXss = 'script'</script>Eve" in tip
    assert "<img src=x onerror=\"window.__kgXss='img'\">" in tip and "(<i>evil</i>.html:2)" in tip
    tip = page.hover(XSS_IMG)
    assert "<img src=x onerror=\"window.__kgXss='label'\">" in tip
    tip = page.hover_edge(XSS_SCRIPT, ID + "org/alder-labs")
    assert "workedAt" in tip and "<script>window.__kgXss = 'role'</script>, 2020 \u2013 2021" in tip
    assert "<img src=x onerror=\"window.__kgXss='evidence'\">" in tip
    assert page.page.evaluate("document.querySelectorAll('main script, main img, #kg-tip b, #kg-tip i').length") == 0
    page.page.wait_for_timeout(200)
    assert page.page.evaluate("window.__kgXss") is None


@pytest.mark.browser
def test_browser_click_highlights_neighbours_and_search_finds(opened, tmp_path):
    page = opened(to_html(load_graph(), tmp_path / "g.html"))
    lindqvist = page.node_id(LINDQVIST)
    page.page.fill("#kg-search", "tomas")
    page.page.press("#kg-search", "Enter")
    page.page.wait_for_function("window.kgViz.highlighted !== null")
    assert page.page.evaluate("window.kgViz.highlighted") == lindqvist
    selected = page.page.evaluate("window.kgViz.network.getSelectedNodes()")
    assert set(selected) == {lindqvist, page.node_id(OKAFOR), page.node_id(ID + "publication/canopy-gaps")}
    faded = page.page.evaluate("window.kgViz.nodes.get().filter(n => n.color.background === '#e8e8e8')"
                               ".map(n => n.kg.iri)")
    assert OKAFOR not in faded and ID + "org/alder-labs" in faded
    page.page.fill("#kg-search", "no such person")
    page.page.press("#kg-search", "Enter")
    assert page.page.inner_text("#kg-search-status") == "not found"
    # a click on the background clears the highlight
    box = page.page.locator("#kg-network").bounding_box()
    page.page.mouse.click(box["x"] + 5, box["y"] + box["height"] - 5)
    page.page.wait_for_function("window.kgViz.highlighted === null")
    assert page.page.evaluate("window.kgViz.network.getSelectedNodes()") == []


@pytest.mark.browser
def test_browser_freeze_button_and_truncation_banner(opened, tmp_path):
    page = opened(to_html(load_graph(), tmp_path / "g.html", max_nodes=5)).page
    assert page.inner_text("#kg-message").startswith("Showing 5 of 12 nodes")
    page.click("#kg-physics")
    assert page.evaluate("window.kgViz.physics") is True and page.inner_text("#kg-physics") == "Freeze layout"
    page.click("#kg-physics")
    assert page.evaluate("window.kgViz.physics") is False


@pytest.mark.browser
def test_browser_thousand_nodes_are_drawn_and_still(opened, tmp_path):
    report = to_html(synthetic(1000), tmp_path / "g.html")
    page = opened(report.path).page
    assert page.evaluate("window.kgViz.nodes.length") == 1000
    before = page.evaluate("JSON.stringify(window.kgViz.network.getPositions())")
    page.wait_for_timeout(300)
    assert page.evaluate("JSON.stringify(window.kgViz.network.getPositions())") == before
    # a click's highlight stays quick on big pages (selection only, no per-node restyling)
    elapsed = page.evaluate("""() => { const t = performance.now();
        window.kgViz.highlight(0); window.kgViz.network.redraw(); return performance.now() - t; }""")
    assert elapsed < 1000 and page.evaluate("window.kgViz.network.getSelectedNodes().length") > 1


@pytest.mark.browser
def test_browser_real_store_tooltip(opened, runner, analysis_store, tmp_path):
    out = tmp_path / "all.html"
    assert runner.invoke(cli, ["viz", "--store", str(analysis_store), "--out", str(out)]).exit_code == 0
    tip = opened(out).hover(ID + "person/alice-moreau")
    assert "Research Scientist, Acme Robotics Inc., July 2019 - present (alice.txt:16)" in tip
