"""kg.analyze and the analysis commands, on an invented graph (tests/data/analysis/small.trig)."""
from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest
from rdflib import Literal, URIRef

from kg import analyze
from kg.analyze import AmbiguousNameError, Span, overlap
from kg.analyze._cache import CACHE_FILES
from kg.cli import cli
from kg.errors import NotFoundError
from kg.namespaces import KG, mint_iri
from kg.store import Store

SMALL = Path(__file__).resolve().parent / "data" / "analysis" / "small.trig"
ALICE, BOB, CAROL = (str(mint_iri("person", n)) for n in ("Alice Moreau", "Bob Tanaka", "Carol Zhang"))
ACME, NFU = str(mint_iri("org", "Acme Robotics")), str(mint_iri("org", "Northfield University"))
WEIRD = 'Ann "O\'Neil" {x} >y'


@pytest.fixture(scope="module")
def store():
    with Store.open(":memory:") as s:
        s.load(SMALL)
        yield s


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("analysis") / "kg-data"
    with Store.open(path) as s:
        s.load(SMALL)
    return path


# -- projections ---------------------------------------------------------------------------
def test_typed_graph_follows_the_networkx_contract(store):
    g = analyze.typed_graph(store)
    assert g.is_multigraph() and g.is_directed()
    assert g.number_of_nodes() == 22
    alice = g.nodes[ALICE]
    assert (alice["label"], alice["type"], alice["aliases"]) == ("Alice Moreau", "Person", ["A. Moreau"])
    assert {"text": "Alice Moreau", "document": "alice.txt", "line": 1} in alice["facts"]
    assert all(set(f) == {"text", "document", "line"} for f in alice["facts"])
    assert set(g[ALICE][ACME]) == {"workedAt"}
    acme = g.edges[ALICE, ACME, "workedAt"]
    assert {k: acme[k] for k in ("predicate", "role", "start", "end", "start_year", "end_year", "document", "line")} == {
        "predicate": "workedAt", "role": "Research Scientist", "start": "2019-07", "end": "present",
        "start_year": 2019, "end_year": None, "document": "alice.txt", "line": 16}
    assert acme["evidence"].startswith("Research Scientist, Acme Robotics")
    phd = g.edges[ALICE, NFU, "studiedAt"]
    assert (phd["degree"], phd["start"], phd["end"], phd["start_year"], phd["end_year"]) == ("PhD", "2012", "2017", 2012, 2017)
    # a relation stated by two documents keeps one edge and lists both assertions
    sw = str(mint_iri("publication", "Sparse Widgets"))
    assert {a["document"] for a in g.edges[ALICE, sw, "authored"]["assertions"]} == {"alice.txt", "bob.txt"}
    assert {d["type"] for _, d in g.nodes(data=True)} <= {
        "Person", "University", "Company", "Lab", "Institute", "Venue", "Project", "Publication"}


def test_typed_graph_is_a_copy(store):
    g = analyze.typed_graph(store)
    g.remove_node(ALICE)
    assert ALICE in analyze.typed_graph(store)


def test_bipartite_graph(store):
    b = analyze.bipartite_graph(store)
    assert b.nodes[ALICE]["bipartite"] == 0 and b.nodes[NFU]["bipartite"] == 1
    assert b.edges[ALICE, NFU]["relations"] == ["studiedAt"]
    assert b.edges[ALICE, ACME]["years"] == "2019-07 to present"
    assert not b.has_edge(BOB, NFU + "-nope")
    up = analyze.bipartite_graph(store, ancestors=True)
    assert up.edges[BOB, str(mint_iri("org", "Department of Computing"))]["via"] == "Vision Group"


def test_collaboration_graph_weights_and_reasons(store):
    g = analyze.collaboration_graph(store)
    assert set(g.nodes) == {n for n, d in analyze.typed_graph(store).nodes(data=True) if d["type"] == "Person"}
    ab = g.edges[ALICE, BOB]
    assert ab["relations"] == ["co-affiliation", "coauthored"]
    assert ab["weight"] == 2.0  # one shared paper + both at Northfield University 2014-2017
    assert "co-authored 'Sparse Widgets'" in ab["reasons"]
    assert any(r.startswith("both at Northfield University 2014-2017") for r in ab["reasons"])
    assert g.edges[ALICE, CAROL]["relations"] == ["advisedBy", "co-affiliation"]
    assert g.edges[ALICE, CAROL]["weight"] == 4.0  # advisor (3) + both at NFU 2012-2017 (1)
    # Bob's internship at Acme (2015-2016) does not overlap Alice's time there (2019-)
    assert not any("Acme" in r for r in ab["reasons"])


def test_snapshot_is_cached_per_store_state(store_path):
    with Store.open(store_path) as s:
        s.load(SMALL)
        first = analyze.snapshot(s)
        assert analyze.snapshot(s) is first
        assert first.collaboration is first.collaboration  # built once
        extra = URIRef("https://w3id.org/kg/id/graph/extra")
        doc = URIRef("https://w3id.org/kg/id/doc/extra")
        zed = mint_iri("person", "Zed Quinn")
        s.replace_document(extra, [(doc, URIRef(str(KG) + "contentHash"), Literal("abc")),
                                   (doc, URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), KG.Document),
                                   (zed, URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), KG.Person),
                                   (zed, KG.name, Literal("Zed Quinn"))])
        second = analyze.snapshot(s)
        assert second is not first and str(zed) in second.nodes


# -- the disk cache beside a directory store ------------------------------------------------
def _answers(s) -> dict:
    return {"collaborators": analyze.collaborators(s, "bob tanaka", depth=2),
            "path": analyze.path(s, "Gina Park", "Frank Oduya"),
            "path to a unit": analyze.path(s, "Frank Oduya", "Vision Group"),
            "suggest": analyze.suggest(s, "Gina Park"),
            "central": analyze.central(s, by="pagerank", type="any", limit=50),
            "communities": analyze.communities(s, min_size=1)}


def test_later_processes_answer_from_the_disk_cache_without_reading_the_graph(store, store_path, monkeypatch):
    expected = _answers(store)  # an in-memory store's answers
    with Store.open(store_path) as s:
        s.load(SMALL)
        _answers(s)  # each projection is stored when first needed
    assert len(list(store_path.glob(CACHE_FILES))) == 1

    def whole_graph(self):
        raise AssertionError("read the whole graph from the store although the disk cache has it")

    for table in ("tables", "nodes", "edges", "assertions", "mentions"):
        monkeypatch.setattr(analyze.Snapshot, table, property(whole_graph))
    with Store.open(store_path) as s:  # a new Store object, like a new process: nothing in memory
        assert _answers(s) == expected  # rankings and communities from the stored results
        ties = [{frozenset((u, v)): d for u, v, d in analyze.collaboration_graph(x).edges(data=True)} for x in (s, store)]
        assert ties[0] == ties[1] and len(ties[0]) > 5
        with pytest.raises(AmbiguousNameError):
            analyze.collaborators(s, "Sam Lee")  # two people of that name: listed, not guessed


def test_the_disk_cache_follows_the_store(store_path):
    zed = mint_iri("person", "Zed Quinn")
    with Store.open(store_path) as s:
        s.load(SMALL)
        assert "Zed Quinn" not in {r["name"] for r in analyze.central(s, type="any", limit=100)}
    with Store.open(store_path) as s:
        s.replace_document(URIRef("https://w3id.org/kg/id/graph/zed"), [
            (zed, URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), KG.Person),
            (zed, KG.name, Literal("Zed Quinn")), (zed, KG.advisedBy, URIRef(ALICE))])
    with Store.open(store_path) as s:
        assert "Zed Quinn" in {r["name"] for r in analyze.central(s, type="any", limit=100)}
        assert [r["name"] for r in analyze.collaborators(s, "Zed Quinn")] == ["Alice Moreau"]
        s.update(f"INSERT DATA {{ GRAPH <https://w3id.org/kg/id/graph/zed> {{ <{zed}> <{KG.alias}> 'ZQ' }} }}")
        assert analyze.resolve(s, "ZQ") == str(zed)  # the write is seen: not the cache of before it
    # the writer, closing, left only the cache of the state readers now read, and the one of the state
    # the analysis tables were brought to (the next state's projections are updated from it)
    from kg.analyze._cache import _cache_file
    from kg.analyze._tables import tables_generation

    with Store.open(store_path, read_only=True) as s:
        now = s.generation
    assert set(store_path.glob(CACHE_FILES)) <= {_cache_file(store_path, (g,)) for g in (now, tables_generation(store_path))}


def test_a_damaged_disk_cache_is_rebuilt(store, store_path):
    with Store.open(store_path) as s:
        s.load(SMALL)
        analyze.collaborators(s, "Bob Tanaka")
    for cache in store_path.glob(CACHE_FILES):
        cache.write_bytes(b"not a database" * 100)
    with Store.open(store_path) as s:
        assert analyze.collaborators(s, "Bob Tanaka") == analyze.collaborators(store, "Bob Tanaka")


# -- the tables kept per document graph, updated from the graphs a writer notes ----------------
GINA_GRAPH, SAM_B_GRAPH = "https://w3id.org/kg/id/graph/322e5b24f30d9e8e", "https://w3id.org/kg/id/graph/6421eb6dfa4824ee"


def _read_graphs(monkeypatch) -> list:
    """Record the ``graphs`` argument of every read of the tables from the store (None: all of them)."""
    from kg.analyze._tables import Tables

    calls, read = [], Tables.read.__func__
    monkeypatch.setattr(Tables, "read", classmethod(lambda cls, store, graphs=None: (
        calls.append(None if graphs is None else set(graphs)), read(cls, store, graphs))[1]))
    return calls


def _change_three_documents(s) -> None:
    """Remove one document graph, replace another (one fact fewer) and add a third, noting them."""
    from kg.analyze._tables import note_changes

    since = s.generation
    gina = [t for t in s.dataset.graph(URIRef(GINA_GRAPH)) if t[1] != KG.advisedBy]
    s.remove_graph(URIRef(SAM_B_GRAPH))
    s.replace_document(URIRef(GINA_GRAPH), gina)
    zed, zed_graph = mint_iri("person", "Zed Quinn"), URIRef("https://w3id.org/kg/id/graph/zed")
    s.replace_document(zed_graph, [(zed, URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), KG.Person),
                                   (zed, KG.name, Literal("Zed Quinn")), (zed, KG.advisedBy, URIRef(ALICE)),
                                   (zed, KG.coauthored, URIRef(BOB))])
    note_changes(s, since, [SAM_B_GRAPH, GINA_GRAPH, str(zed_graph)])


def _later_answers(s) -> dict:
    return {**_answers(s), "zed": analyze.collaborators(s, "Zed Quinn"), "sam": analyze.collaborators(s, "Sam Lee"),
            "gina": analyze.person(s, "Gina Park"), "typed": sorted(analyze.typed_graph(s).edges(keys=True))}


def test_analyses_after_noted_writes_reread_only_those_graphs_and_answer_as_a_full_read(store_path, monkeypatch):
    from kg.analyze._tables import CHANGES_FILES, TABLES_FILE, Tables

    with Store.open(store_path) as s:
        s.load(SMALL)
        before = _answers(s)  # reads the tables whole and keeps them beside the store
    assert (store_path / TABLES_FILE).exists()
    with Store.open(store_path) as s:
        _change_three_documents(s)
    calls = _read_graphs(monkeypatch)
    with Store.open(store_path, read_only=True) as s:
        incremental = _later_answers(s)
        kept = _as_sets(analyze.snapshot(s).tables)
    assert calls == [{SAM_B_GRAPH, GINA_GRAPH, "https://w3id.org/kg/id/graph/zed"}]
    assert not list(store_path.glob(CHANGES_FILES))  # the note is in the tables now
    assert incremental["central"] != before["central"] and incremental["zed"][0]["name"] == "Alice Moreau"
    # the same store, its tables and cache deleted: everything read again gives the same answers
    (store_path / TABLES_FILE).unlink()
    for cache in store_path.glob(CACHE_FILES):
        cache.unlink()
    with Store.open(store_path, read_only=True) as s:
        assert _later_answers(s) == incremental
        assert _as_sets(analyze.snapshot(s).tables) == kept
    assert calls[1:] == [None]
    with Store.open(store_path, read_only=True) as s:
        assert _as_sets(Tables.read(s)) == kept


def _as_sets(tables) -> dict:
    return {graph: {name: set(rows) for name, rows in by_table.items()} for graph, by_table in tables.graphs.items()}


def test_a_write_without_a_note_reads_the_tables_whole(store_path, monkeypatch):
    with Store.open(store_path) as s:
        s.load(SMALL)
        analyze.central(s)
        s.update(f"INSERT DATA {{ GRAPH <{GINA_GRAPH}> {{ <{ALICE}> <{KG.alias}> 'Ally' }} }}")  # no note
    calls = _read_graphs(monkeypatch)
    with Store.open(store_path, read_only=True) as s:
        assert "Ally" in analyze.snapshot(s).nodes[ALICE]["aliases"]
    assert calls == [None]


def test_kg_build_and_remove_note_the_graphs_they_write(store_path, tmp_path, monkeypatch):
    """End to end: `kg build` adding and replacing documents, and `kg remove`, bring the tables of a store
    analysed before up to date by re-reading only their graphs; the analyses after them read nothing, and
    answer as ones that read the whole store."""
    from click.testing import CliRunner

    from kg.analyze._tables import TABLES_FILE

    ingest = Path(__file__).resolve().parent / "data" / "ingest"
    docs = tmp_path / "docs"
    docs.mkdir()
    for name in ("cv.org", "resume.json", "profile.yml"):
        (docs / name).write_bytes((ingest / name).read_bytes())
    runner = CliRunner()

    def kg(*args, store=store_path):
        result = runner.invoke(cli, [*args, "--store", str(store)])
        assert result.exit_code == 0, result.output
        return result.output

    def answers():
        return [kg(*command, "--format", "json") for command in (["central", "--type", "any"], ["communities"])]

    kg("build", str(docs))
    answers()
    (docs / "homepage.md").write_bytes((ingest / "homepage.md").read_bytes())
    (docs / "resume.json").write_text((ingest / "resume.json").read_text().replace("2019", "2018"))
    calls = _read_graphs(monkeypatch)
    kg("build", str(docs))
    kg("remove", str(docs / "profile.yml"))
    assert [len(graphs) for graphs in calls] == [2, 1]  # added and replaced; removed
    incremental = answers()
    assert len(calls) == 2  # the tables were brought up to date by the writers
    (store_path / TABLES_FILE).unlink()
    for cache in store_path.glob(CACHE_FILES):
        cache.unlink()
    assert answers() == incremental and calls[2:] == [None]


# -- names ---------------------------------------------------------------------------------
def test_names_match_case_insensitively_and_by_alias(store):
    assert analyze.resolve(store, "  alice   MOREAU ", {"Person"}) == ALICE
    assert analyze.resolve(store, "a. moreau", {"Person"}) == ALICE
    assert analyze.resolve(store, "nfu") == NFU
    assert analyze.resolve(store, ALICE, {"Person"}) == ALICE
    assert analyze.resolve(store, WEIRD.upper(), {"Person"}) == str(mint_iri("person", WEIRD))


def test_ambiguous_name_lists_candidates(store):
    with pytest.raises(AmbiguousNameError) as caught:
        analyze.timeline(store, "sam lee")
    assert isinstance(caught.value, NotFoundError)
    assert [(c["name"], c["documents"]) for c in caught.value.candidates] == [
        ("Sam Lee", "sam-a.txt"), ("Sam Lee", "sam-b.txt")]
    assert "sam-lee-2" in str(caught.value) and "give the IRI" in str(caught.value)
    # the IRI picks one
    assert analyze.timeline(store, str(mint_iri("person", "Sam Lee 2")))[0]["name"] == "Lakeside Institute"


def test_unknown_names(store):
    with pytest.raises(NotFoundError, match="did you mean 'Alice Moreau'"):
        analyze.person(store, "Alice Moreu")
    with pytest.raises(NotFoundError, match="is a university, not a person"):
        analyze.person(store, "Northfield University")
    with pytest.raises(NotFoundError, match="no person named 'Nobody At All'$"):
        analyze.person(store, "Nobody At All")


# -- questions -----------------------------------------------------------------------------
def test_shared_organisations_through_units_with_overlap(store):
    rows = analyze.shared(store, "Alice Moreau", "Bob Tanaka")
    assert [(r["kind"], r["name"]) for r in rows] == [
        ("organisation", "Acme Robotics"), ("organisation", "Northfield University"), ("venue", "ICWX"),
        ("coauthored", "Alice Moreau and Bob Tanaka")]
    acme, nfu, icwx, direct = rows
    assert acme["overlap"] == "no overlap (Alice Moreau 2019-07 to present; Bob Tanaka 2015-2016)"
    assert nfu["overlap"] == "2014-2019"
    assert "Quantum Systems Lab (Postdoc, 2017-2019)" in nfu["via"] and "Vision Group (Researcher, 2019-2021)" in nfu["via"]
    assert nfu["sources"] == "alice.txt:12; alice.txt:14; bob.txt:12; bob.txt:14"
    assert icwx["via"] == "Alice Moreau: 1 publication (2018); Bob Tanaka: 2 publications (2018-2021)"
    assert direct["via"] == "'Sparse Widgets' (2018)"


def test_shared_coauthors_in_common(store):
    rows = analyze.shared(store, "Dan Li", "Bob Tanaka")
    coauthor = [r for r in rows if r["kind"] == "coauthor"]
    assert [(r["name"], r["overlap"]) for r in coauthor] == [
        ("Alice Moreau", "no overlap (Dan Li 2020; Bob Tanaka 2018)")]


def test_shared_same_lab_is_the_closest_unit(store):
    rows = analyze.shared(store, "Alice Moreau", "Carol Zhang")
    nfu = next(r for r in rows if r["kind"] == "organisation")
    assert nfu["name"] == "Northfield University" and nfu["overlap"] == "2012-2019"


def test_overlap_rules():
    assert overlap([Span(2019, None, ongoing=True)], [Span(2021, 2021)], now=2030) == [(2021, 2021)]
    assert overlap([Span(None, 2017)], [Span(2017, 2020)]) == [(2017, 2017)]  # only an end year: that year
    assert overlap([Span(2010, None)], [Span(2011, 2012)]) == []  # no end, not ongoing: the start year
    assert overlap([Span(2010, 2012), Span(2015, 2016)], [Span(2011, 2016)]) == [(2011, 2012), (2015, 2016)]


def test_collaborators(store):
    rows = analyze.collaborators(store, "Alice Moreau")
    assert {r["name"] for r in rows} == {"Bob Tanaka", "Carol Zhang", "Dan Li", "Gina Park", "Sam Lee"}
    assert rows[0]["name"] == "Carol Zhang"  # advisor (3) + colleagues at NFU (1)
    deeper = analyze.collaborators(store, "Alice Moreau", depth=2)
    frank = next(r for r in deeper if r["name"] == "Frank Oduya")
    assert (frank["depth"], frank["via"], frank["relations"]) == (2, "Carol Zhang", "advisedBy")
    assert len(analyze.collaborators(store, "Alice Moreau", depth=2, limit=3)) == 3


def test_path_between_people_and_organisations(store):
    hops = analyze.path(store, "Gina Park", "Vision Group")
    assert hops[0]["from"] == "Gina Park" and hops[-1]["to"] == "Vision Group"
    assert all(a["to"] == b["from"] for a, b in zip(hops, hops[1:]))
    hops = analyze.path(store, "Carol Zhang", "Quantum Systems Lab")
    assert [(h["from"], h["relation"], h["to"], h["years"], h["sources"]) for h in hops] == [
        ("Carol Zhang", "worked at", "Northfield University", "2005-present", "carol.html:4"),
        ("Northfield University", "has unit", "Quantum Systems Lab", "", "alice.txt:15")]
    hops = analyze.path(store, "Frank Oduya", "Gina Park")
    assert [h["relation"] for h in hops] == ["advisor of", "advisor of", "advisor of"]


def test_path_without_a_chain(tmp_path):
    with Store.open(":memory:") as s:
        s.load(SMALL)
        loner = mint_iri("person", "Lone Wolf")
        s.replace_document(URIRef("https://w3id.org/kg/id/graph/lone"), [
            (loner, URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), KG.Person),
            (loner, KG.name, Literal("Lone Wolf"))])
        with pytest.raises(NotFoundError, match="nothing links 'Lone Wolf' and 'Alice Moreau'"):
            analyze.path(s, "Lone Wolf", "Alice Moreau")


def test_path_through_papers_when_people_and_organisations_do_not_connect():
    with Store.open(":memory:") as s:
        s.load(SMALL)
        pub, me = mint_iri("publication", "Sparse Widgets"), mint_iri("person", "Paper Only")
        rdf_type = URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
        s.replace_document(URIRef("https://w3id.org/kg/id/graph/paper-only"), [
            (me, rdf_type, KG.Person), (me, KG.name, Literal("Paper Only")), (me, KG.authored, pub)])
        hops = analyze.path(s, "Paper Only", "Alice Moreau")
        assert [(h["from"], h["relation"], h["to"]) for h in hops] == [
            ("Paper Only", "published", "Sparse Widgets"), ("Sparse Widgets", "written by", "Alice Moreau")]
        assert hops[0]["note"].startswith("no chain of people and organisations only")


@pytest.mark.parametrize("by", ["degree", "betweenness", "pagerank"])
def test_central_ranks_people(store, by):
    rows = analyze.central(store, by=by)
    assert rows[0]["name"] == "Alice Moreau"
    assert all(r["type"] == "Person" for r in rows)
    assert [r["rank"] for r in rows] == list(range(1, len(rows) + 1))


def test_central_by_type_and_sampled_betweenness(store, monkeypatch):
    orgs = analyze.central(store, by="degree", type="organization")
    assert {r["type"] for r in orgs} <= {"University", "Company", "Lab", "Institute"}
    assert orgs[0]["name"] == "Northfield University"
    monkeypatch.setattr("kg.analyze.network.BETWEENNESS_EXACT_LIMIT", 5)
    sampled = analyze.central(store, by="betweenness", limit=3)
    assert sampled[0]["note"].startswith("estimated from")
    with pytest.raises(ValueError):
        analyze.central(store, type="Planet")


def test_communities(store):
    rows = analyze.communities(store)
    members = [set(r["iris"]) for r in rows]
    assert all(len(m) >= 2 for m in members)
    assert sum(map(len, members)) == len(set().union(*members))  # disjoint
    weird = next(r for r in rows if WEIRD in r["members"])
    assert "Dan Li" in weird["members"] and weird["organisations"].startswith("Lakeside Institute")


def test_suggest(store):
    rows = analyze.suggest(store, "Gina Park")
    assert {r["name"] for r in rows} == {"Bob Tanaka", "Carol Zhang", "Dan Li"}
    assert all(r["reason"].startswith("both work with Alice Moreau") for r in rows)
    assert not {r["name"] for r in rows} & {"Alice Moreau", "Gina Park"}


def test_timeline_merges_documents(store):
    rows = analyze.timeline(store, "Alice Moreau")
    assert [(r["when"], r["relation"], r["name"]) for r in rows] == [
        ("2012-2017", "studied at", "Northfield University"),
        ("2017-2019", "worked at", "Quantum Systems Lab"),
        ("2018", "published", "Sparse Widgets"),
        ("2019-07 to present", "worked at", "Acme Robotics"),
        ("2020", "published", "Robust Gadgets"),
        ("", "advised by", "Carol Zhang")]
    assert rows[2]["sources"] == "alice.txt:17; bob.txt:19"


def test_person_profile(store):
    rows = analyze.person(store, "bob tanaka")
    sections = {}
    for r in rows:
        sections.setdefault(r["section"], []).append(r["value"])
    assert sections["name"] == ["Bob Tanaka"] and sections["alias"] == ["B. Tanaka"]
    assert sections["education"] == ["Northfield University"]
    assert sections["position"] == ["Acme Robotics", "Vision Group"]
    assert sections["advisor"] == ["Carol Zhang"]
    assert sections["coauthor"] == ["Alice Moreau", "Erin Walsh"]
    assert sections["venue"] == ["ICWX"]


def test_members_and_tree(store):
    assert {r["unit"] for r in analyze.members(store, "Northfield University")} == {
        "Northfield University", "Quantum Systems Lab", "Vision Group"}
    assert [(r["generation"], r["student"]) for r in analyze.tree(store, "Frank Oduya")] == [
        (1, "Carol Zhang"), (2, "Alice Moreau"), (2, "Bob Tanaka"), (3, "Gina Park")]


# -- the commands --------------------------------------------------------------------------
def invoke(runner, args):
    # Store.close() leaves Oxigraph's lock to the garbage collector (rdflib reference cycles), so a
    # second command in the same process could find the store "in use"; separate processes never do.
    gc.collect()
    return runner.invoke(cli, args)


COMMANDS = [
    ["shared", WEIRD, "Dan Li"],
    ["collaborators", WEIRD, "--depth", "2"],
    ["path", WEIRD, "Alice Moreau"],
    ["central", "--by", "pagerank"],
    ["communities"],
    ["suggest", WEIRD],
    ["timeline", WEIRD],
    ["person", WEIRD],
    ["members", "Lakeside Institute"],
    ["tree", "Carol Zhang"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_commands_take_any_name_safely(runner, store_dir, args):
    result = invoke(runner, [*args, "--store", str(store_dir)])
    assert result.exit_code == 0, result.output
    assert "iri" not in result.output.splitlines()[0]  # tables leave IRIs to --format json
    data = json.loads(invoke(runner, [*args, "--store", str(store_dir), "--format", "json"]).output)
    assert isinstance(data, list) and data
    if args[0] in ("shared", "path", "central", "communities", "person", "members"):
        assert any(WEIRD in str(value) for row in data for value in row.values())


def test_command_output(runner, store_dir):
    out = invoke(runner, ["shared", "alice moreau", "BOB TANAKA", "--store", str(store_dir)]).output
    assert "no overlap (Alice Moreau 2019-07 to present; Bob Tanaka 2015-2016)" in out
    assert "Northfield University" in out and "2014-2019" in out
    out = invoke(runner, ["path", "Gina Park", "Frank Oduya", "--store", str(store_dir)]).output
    assert out.splitlines()[2].split()[:4] == ["1", "Gina", "Park", "advised"]


@pytest.mark.parametrize("args", [["shared", "Sam Lee", "Bob Tanaka"], ["timeline", "sam lee"], ["suggest", "SAM LEE"],
                                  ["path", "Sam Lee", "Alice Moreau"], ["person", "Sam Lee"]], ids=lambda a: a[0])
def test_commands_list_candidates_for_an_ambiguous_name(runner, store_dir, args):
    result = invoke(runner, [*args, "--store", str(store_dir)])
    assert result.exit_code == 1
    assert "matches 2" in result.output and "sam-a.txt" in result.output and "sam-b.txt" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [[c[0], "http://a>b", *c[2:]] for c in COMMANDS if len(c) > 1 and c[1] == WEIRD]
                         + [["members", "http://a>b"], ["tree", "http://a>b"]], ids=lambda a: a[0])
def test_a_name_that_looks_like_a_broken_iri_is_looked_up_as_a_name(runner, store_dir, args):
    result = invoke(runner, [*args, "--store", str(store_dir)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert "named 'http://a>b'" in result.output


def test_command_help_has_examples(runner):
    for name in ("shared", "collaborators", "path", "central", "communities", "suggest", "timeline", "person",
                 "members", "tree"):
        out = invoke(runner, [name, "--help"]).output
        assert "Example:" in out and f"kg {name}" in out


def test_communities_by_label_propagation_and_names_from_the_snapshot(store):
    rows = analyze.communities(store, method="label-propagation")
    assert rows and all(r["size"] >= 2 for r in rows)
    snap = analyze.snapshot(store)
    assert analyze.resolve(snap, "b. tanaka", {"Person"}) == BOB
    with pytest.raises(AmbiguousNameError):
        analyze.resolve(snap, "SAM LEE", {"Person"})


# -- on the seed documents (extraction and resolution quality matter here) --------------------
SEEDS = Path(__file__).resolve().parent.parent / "seeds"


@pytest.fixture(scope="module")
def seeds_store(tmp_path_factory):
    from click.testing import CliRunner

    path = tmp_path_factory.mktemp("seeds") / "kg-data"
    gc.collect()
    result = CliRunner().invoke(cli, ["build", str(SEEDS), "--store", str(path)])
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.slow
def test_seeds_shared_university_with_overlapping_years(runner, seeds_store):
    result = invoke(runner, ["shared", "Jiaao He", "Jiarui Fang", "--store", str(seeds_store), "--format", "json"])
    assert result.exit_code == 0, result.output
    tsinghua = next(r for r in json.loads(result.output) if r["name"] == "Tsinghua University")
    assert tsinghua["kind"] == "organisation"
    assert tsinghua["overlap"][:4].isdigit(), tsinghua["overlap"]


@pytest.mark.slow
def test_seeds_shared_company_without_overlap(runner, seeds_store):
    result = invoke(runner, ["shared", "Chaoyang He", "Jiarui Fang", "--store", str(seeds_store), "--format", "json"])
    assert result.exit_code == 0, result.output
    tencent = next(r for r in json.loads(result.output) if r["name"] == "Tencent")
    assert tencent["overlap"].startswith("no overlap (Chaoyang He ") and "Jiarui Fang 2019-07" in tencent["overlap"]


@pytest.mark.slow
def test_seeds_path_finds_a_chain(runner, seeds_store):
    result = invoke(runner, ["path", "Guoliang He", "Jiaao He", "--store", str(seeds_store), "--format", "json"])
    assert result.exit_code == 0, result.output
    hops = json.loads(result.output)
    assert hops[0]["from"] == "Guoliang He" and hops[-1]["to"] == "Jiaao He"
    assert all(a["to"] == b["from"] for a, b in zip(hops, hops[1:]))


@pytest.mark.slow
def test_seeds_central_ranks_people(runner, seeds_store):
    result = invoke(runner, ["central", "--store", str(seeds_store), "--format", "json"])
    rows = json.loads(result.output)
    assert all(r["type"] == "Person" for r in rows)
    # the four people the seed documents are about are the best connected
    assert {r["name"] for r in rows[:4]} == {"Chaoyang He", "Jiarui Fang", "Jiaao He", "Guoliang He"}


def _projections(s) -> dict:
    """Every projection as stored: nodes in order, each with its attributes and neighbours in order."""
    from kg.analyze._store import _PROJECTIONS

    snap = analyze.snapshot(s)
    return {name: [(n, dict(g.nodes[n]), list(g.adj[n].items())) for n in g]
            for name in _PROJECTIONS for g in [snap.networkx(name)]}


def test_projections_updated_after_build_and_remove_equal_a_fresh_build(store_path, tmp_path, monkeypatch):
    """After `kg build` adds and changes documents and `kg remove` drops one, each projection is the
    previous state's with the touched nodes built again, and equals the projection built from scratch."""
    import shutil
    import sys
    from importlib import import_module

    from click.testing import CliRunner

    from kg.analyze import _patch
    from kg.analyze._store import _PROJECTIONS
    from kg.analyze._tables import TABLES_FILE, Tables

    conflicts = import_module("kg.analyze.conflicts")  # the package's `conflicts` is the function

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from generate import generate

    monkeypatch.setattr(analyze.graphs, "MAX_AUTHORS", 2)  # papers cross it
    docs, more = tmp_path / "docs", tmp_path / "more"
    for folder, (n, seed) in ((docs, (36, 3)), (more, (8, 4))):
        folder.mkdir()
        for name, text in generate(n, seed=seed):
            (folder / name).write_text(text, encoding="utf-8")
    runner = CliRunner()

    def kg(*args, store=store_path):
        result = runner.invoke(cli, [*args, "--store", str(store)])
        assert result.exit_code == 0, result.output
        return result.output

    def change(store):
        kg("build", str(docs), str(more), "--workers", "1", store=store)
        kg("remove", str(sorted(docs.iterdir())[9]), store=store)

    def sizes(store):
        with Store.open(store, read_only=True) as s:
            part = analyze.Snapshot(s, tables=Tables.read(s))
            return {org: len(members) for org, members in analyze.graphs._affiliations(part).items()}

    def answers(people):
        with Store.open(store_path, read_only=True) as s:
            out = {"projections": _projections(s),
                   "central": [analyze.central(s, by=by, type="any", limit=10_000)
                               for by in ("degree", "pagerank", "betweenness")],
                   "communities": analyze.communities(s, limit=None, min_size=1),
                   "collaborators": [analyze.collaborators(s, p, depth=2) for p in people],
                   "suggest": [analyze.suggest(s, p) for p in people],
                   "path": analyze.path(s, people[0], people[-1]),
                   "conflicts": analyze.conflicts(s, names[:2], names[2:]).to_dict()}
        return out

    kg("build", str(docs), "--workers", "1")
    changed = sorted(docs.iterdir())[5]
    changed.write_text(changed.read_text(encoding="utf-8").replace("20", "19", 1), encoding="utf-8")
    # the size limit of organisations set so that one crosses it with the changes (as a copy of the
    # store shows): the ties between its members nobody touched then appear or go, and must be found
    shutil.copytree(store_path, tmp_path / "copy")
    change(tmp_path / "copy")
    before, after = sizes(store_path), sizes(tmp_path / "copy")
    spans = [sorted((before.get(o, 0), after.get(o, 0))) for o in before.keys() | after.keys()]
    limit = max(range(2, 40), key=lambda t: sum(low <= t < high for low, high in spans))  # the most of them
    assert sum(low <= limit < high for low, high in spans) >= 1
    monkeypatch.setattr(analyze.graphs, "MAX_ORG_SIZE", limit)
    with Store.open(store_path, read_only=True) as s:
        people = [r["iri"] for r in analyze.central(s, limit=4)]
        names = [r["name"] for r in analyze.central(s, limit=6)] + ["Nobody Known"]
    answers(people)  # every projection built and kept
    patched = []

    def recorded(module, function, name=None):
        def call(snap, key, original=getattr(module, function)):
            found = original(snap, key)
            patched.append((name or key, found is not None and found is not False))
            return found
        monkeypatch.setattr(module, function, call)

    recorded(_patch, "patch")
    recorded(conflicts, "_updated_people", "people")
    recorded(analyze.network, "_degree_ranking_updated", "degree ranking")
    change(store_path)  # the build and the removal each update what the previous state kept
    updated = sorted([*_PROJECTIONS, "people", "degree ranking"])
    assert sorted(patched) == sorted(2 * [(name, True) for name in updated])
    del patched[:]
    incremental = answers(people)
    assert patched == [] and sorted(incremental["projections"]) == sorted(_PROJECTIONS)  # found ready
    assert len(incremental["projections"]["collaboration"]) > 30
    (store_path / TABLES_FILE).unlink()
    for cache in store_path.glob(CACHE_FILES):
        cache.unlink()
    fresh = answers(people)
    assert len(patched) == 7 and all(built is False for _, built in patched)  # nothing to update from: built whole
    for key in fresh:
        assert incremental[key] == fresh[key], key
