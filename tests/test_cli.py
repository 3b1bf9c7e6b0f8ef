"""End to end: the kg command line on the seeds, and every kind of bad input."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from rdflib import Dataset
from rdflib.compare import isomorphic

from kg.cli import cli
from kg.store import Store

from conftest import SEEDS


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A store with the seeds built into it, shared by the read-only tests of this module."""
    path = tmp_path_factory.mktemp("cli") / "kg-data"
    result = CliRunner().invoke(cli, ["build", str(SEEDS), "--store", str(path)])
    assert result.exit_code == 0, result.output
    return path, result


def run(*args, store=None):
    extra = ["--store", str(store)] if store else []
    return CliRunner().invoke(cli, [*args, *extra])


def test_help_reads_like_a_table_of_contents():
    result = run("--help")
    assert result.exit_code == 0
    for command in ("build", "extract", "query", "export", "stats", "validate", "remove"):
        assert command in result.output


def test_version():
    assert run("--version").output.startswith("kg, version ")


def test_build_summarises_documents_entities_and_facts(built):
    _, result = built
    assert f"built {len(list(SEEDS.iterdir()))} documents (0 unchanged, 0 errors)" in result.output
    assert "entities" in result.output and "quads" in result.output


def test_query_for_persons_lists_the_subjects_and_the_people_they_name(built):
    store, _ = built
    result = run("query", "SELECT DISTINCT ?name WHERE { ?p a kg:Person ; kg:name ?name }", "--format", "json",
                 store=store)
    assert result.exit_code == 0, result.output
    names = {row["name"] for row in json.loads(result.output)}
    assert {"Jiaao He", "Chaoyang He", "Jidong Zhai"} <= names
    with Store.open(store) as s:
        subjects = {str(r.name) for r in s.query(
            "SELECT ?name WHERE { ?d a kg:Document ; kg:about ?p . ?p kg:name ?name }")}
    assert {"Jiaao He", "Chaoyang He"} <= subjects


def test_query_reads_a_file_and_binds_parameters(built, tmp_path):
    store, _ = built
    rq = tmp_path / "q.rq"
    rq.write_text("SELECT ?p ?name WHERE { ?p kg:name ?name }")
    result = run("query", "--file", str(rq), "--param", "name=Jiaao He", "--format", "csv", store=store)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "p,name" and len(result.output.splitlines()) == 2


def test_query_imports_no_rdflib_for_a_select_or_an_ask(built):
    """rdflib's import was about half of kg query's CPU before its query (bench/RESULTS.md): a SELECT or an ASK,
    bound to an IRI or a string, reads Oxigraph's terms without it."""
    store, _ = built
    with Store.open(store, read_only=True) as s:
        org = s.select("SELECT ?o WHERE { ?p kg:workedAt ?o } LIMIT 1")[0]["o"]
    code = "\n".join([
        "import sys", "from kg.cli import cli",
        f"for args in (['--name', 'people_at_org', '--param', 'org=<{org}>'], ['--name', 'find_entities_exact',",
        "              '--param', 'label=Nobody'], ['ASK { ?s ?p ?o }']):",
        f"    cli(['query', *args, '--store', {str(store)!r}], standalone_mode=False)",
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'rdflib', 'oxrdflib', 'networkx'}))"])
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("org,person,name") or lines[0].startswith("org ")  # people_at_org's rows
    assert len(lines) > 3 and lines[-2] == "true" and lines[-1] == "[]"


def test_validate_conforms(built):
    store, _ = built
    result = run("validate", store=store)
    assert result.exit_code == 0, result.output
    assert "conforms" in result.output


def test_trig_export_reparses_into_an_isomorphic_dataset(built, tmp_path):
    store, _ = built
    out = tmp_path / "graph.trig"
    assert run("export", "--format", "trig", "--out", str(out), store=store).exit_code == 0
    exported = Dataset().parse(out, format="trig")
    with Store.open(store) as s:
        original = Dataset().parse(data=s.serialize("nquads"), format="nquads")
    graphs = {g.identifier for g in original.graphs()} - {original.default_graph.identifier}
    assert len(graphs) == len(list(SEEDS.iterdir()))
    for name in graphs:
        assert isomorphic(exported.graph(name), original.graph(name))


def test_json_export_has_the_extraction_shape(built):
    store, _ = built
    data = json.loads(run("export", "--format", "json", store=store).output)
    ids = {e["id"] for e in data["entities"]}
    assert data["relations"] and all(r["subject"] in ids and r["object"] in ids for r in data["relations"])


def test_stats_counts_entities_and_relations(built):
    store, _ = built
    rows = {r["what"]: r["count"] for r in json.loads(run("stats", "--format", "json", store=store).output)}
    assert rows["documents"] == len(list(SEEDS.iterdir()))
    assert rows["entity Person"] > 10 and rows["relation workedAt"] > 5


def test_extract_prints_the_guidelines_json(tmp_path):
    result = run("extract", str(sorted(SEEDS.iterdir())[0]), "--format", "json")
    data = json.loads(result.output)
    assert set(data) >= {"document", "subject", "entities", "relations"}
    assert data["document"] == sorted(SEEDS.iterdir())[0].name


def test_extract_turtle_parses(tmp_path):
    from rdflib import Graph

    result = run("extract", str(sorted(SEEDS.iterdir())[0]), "--format", "turtle")
    assert len(Graph().parse(data=result.output, format="turtle")) > 20


def test_rebuild_and_remove(tmp_path):
    store = tmp_path / "store"
    assert run("build", str(SEEDS), store=store).exit_code == 0
    again = run("build", str(SEEDS), store=store)
    assert "built 0 documents (5 unchanged" in again.output
    name = sorted(SEEDS.iterdir())[0].name
    result = run("remove", name, store=store)
    assert result.exit_code == 0 and "removed" in result.output
    assert "built 1 documents" in run("build", str(SEEDS), store=store).output



def test_build_shows_each_stage_with_documents_per_second(tmp_path, monkeypatch):
    import click._termui_impl

    # click draws the bar (and our rate) only on a terminal: make stderr one
    monkeypatch.setattr(click._termui_impl, "isatty", lambda stream: True)
    result = run("build", str(SEEDS), store=tmp_path / "store")
    assert result.exit_code == 0, result.output
    done = len(list(SEEDS.iterdir()))
    for stage in ("extracting", "resolving", "writing"):
        assert re.search(rf"{stage} +\[#+\]  {done}/{done}  [\d,]+ docs/s", result.stderr), result.stderr

# -- bad input: one line, non-zero exit, never a traceback ------------------------------------

def assert_clean_error(result, *fragments):
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    for fragment in fragments:
        assert fragment in result.output


def test_missing_path(tmp_path):
    assert_clean_error(run("build", str(tmp_path / "nope"), store=tmp_path / "s"), "nope")
    assert_clean_error(run("extract", str(tmp_path / "nope.txt")), "nope.txt")


@pytest.mark.parametrize("name, content, reason", [
    ("empty.txt", b"", "empty"),
    ("blank.md", b"  \n\n ", "empty"),
    ("binary.txt", bytes(range(256)) * 8, "binary"),
    ("photo.jpg", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(200), "binary"),
])
def test_unreadable_files(tmp_path, name, content, reason):
    path = tmp_path / name
    path.write_bytes(content)
    assert_clean_error(run("extract", str(path)), name, reason)


def test_bad_file_in_a_batch_is_reported_and_the_rest_built(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "good.md").write_text("# Ana Souza\n\n## Education\n\n- PhD in Ecology, Lakeview University, 2015 - 2020\n")
    (folder / "bad.txt").write_bytes(b"\x00" * 100)
    result = run("build", str(folder), store=tmp_path / "s")
    assert result.exit_code == 1
    assert "bad.txt" in result.output and "built 1 documents (0 unchanged, 1 errors)" in result.output


def test_malformed_sparql_reports_line_and_column(built):
    store, _ = built
    result = run("query", "SELECT ?x\nWHERE { ?x ?y }", store=store)
    assert_clean_error(result, "invalid SPARQL (line 2, column")


def test_unknown_format_is_refused(built):
    store, _ = built
    assert_clean_error(run("export", "--format", "xlsx", store=store), "xlsx")


def test_store_locked_by_another_process_refuses_writers_not_readers(tmp_path):
    store = tmp_path / "locked"
    with Store.open(store):
        writer = subprocess.run([sys.executable, "-m", "kg", "remove", "x.txt", "--store", str(store)],
                                capture_output=True, text=True, timeout=120)
        reader = subprocess.run([sys.executable, "-m", "kg", "stats", "--store", str(store)],
                                capture_output=True, text=True, timeout=120)
    assert writer.returncode == 1
    assert "in use by another kg process" in writer.stderr and "Traceback" not in writer.stderr
    assert reader.returncode == 0 and "documents" in reader.stdout


def test_explain_shows_each_documents_dates_and_sources(built):
    store, _ = built
    result = run("explain", "chaoyang he", store=store)
    assert result.exit_code == 0, result.output
    tencent = [line for line in result.output.splitlines() if "workedAt Tencent:" in line]
    assert tencent and all(".txt" in line for line in tencent)
    assert "Merged mentions" in result.output


def test_explain_unknown_name_is_a_clear_error(built):
    store, _ = built
    assert_clean_error(run("explain", "Nobody Atall", store=store), "Nobody Atall")


def test_build_with_a_ror_dump_merges_acronyms_it_knows(tmp_path):
    from conftest import DATA

    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "a.md").write_text("# Ines Larsen\n\n## Positions\n\n- Lecturer, VPT, 2018 - 2021\n")
    (folder / "b.md").write_text("# Ole Berg\n\n## Positions\n\n- Professor, Vesterby Polytechnic, 2010 - present\n")
    store = tmp_path / "s"
    result = run("build", str(folder), "--ror", str(DATA / "resolve" / "ror.json"), store=store)
    assert result.exit_code == 0, result.output
    with Store.open(store) as s:
        orgs = {str(r.o) for r in s.query("SELECT DISTINCT ?o WHERE { ?p kg:workedAt ?o }")}
    assert len(orgs) == 1


def test_build_with_a_missing_ror_dump_is_a_usage_error(tmp_path):
    assert_clean_error(run("build", str(SEEDS), "--ror", str(tmp_path / "none.json"), store=tmp_path / "s"),
                       "none.json")


def test_build_rebuild_empties_a_store_of_the_old_layout_and_builds_it_again(tmp_path):
    from kg.namespaces import KG
    from rdflib import Literal, URIRef

    store = tmp_path / "old"
    with Store.open(store) as old:
        old.replace_document(URIRef("https://w3id.org/kg/id/graph/1"),
                             [(URIRef("https://w3id.org/kg/id/person/ida-quill"), KG.sourceDocument,
                               URIRef("https://w3id.org/kg/id/doc/1"))])
    refused = run("stats", store=store)
    assert refused.exit_code != 0
    assert "older kg" in refused.output and "kg build --rebuild" in refused.output
    assert run("build", str(SEEDS), store=store).exit_code != 0
    rebuilt = run("build", str(SEEDS), "--rebuild", store=store)
    assert rebuilt.exit_code == 0, rebuilt.output
    assert "store" in rebuilt.output and "5 documents" in rebuilt.output
    assert run("stats", store=store).exit_code == 0
