"""Smoke tests of the benchmark scripts: the corpus generator, the crash test and the benchmark run."""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import generate  # noqa: E402


def test_generated_corpus_is_deterministic_and_varied(tmp_path):
    generate.write_corpus(20, tmp_path / "a", seed=3)
    generate.write_corpus(20, tmp_path / "b", seed=3)
    a = sorted(p.relative_to(tmp_path / "a") for p in (tmp_path / "a").rglob("*") if p.is_file())
    b = sorted(p.relative_to(tmp_path / "b") for p in (tmp_path / "b").rglob("*") if p.is_file())
    assert a == b and len(a) == 20
    assert all((tmp_path / "a" / p).read_bytes() == (tmp_path / "b" / p).read_bytes() for p in a)
    assert Counter(p.suffix for p in a) == Counter({".txt": 4, ".md": 4, ".html": 3, ".tex": 3, ".json": 3, ".yml": 3})
    other = dict(generate.generate(20, seed=4))
    assert other != dict(generate.generate(20, seed=3))


def test_large_corpora_terminate_with_enough_distinct_people():
    world = generate.World.make(2000, seed=0)  # needs 6,000 distinct names, more than the plain pools hold
    assert len(world.people) == 6000 == len(set(world.people))


def test_every_format_extracts_a_person_with_affiliations(tmp_path):
    from kg.pipeline import extract_file

    generate.write_corpus(12, tmp_path, seed=5)
    for path in sorted(tmp_path.rglob("doc-*")):
        _, extraction = extract_file(path)
        types = Counter(e.type for e in extraction.entities)
        predicates = Counter(r.predicate for r in extraction.relations)
        assert types["Person"] >= 1, path.name
        assert predicates["studiedAt"] + predicates["workedAt"] >= 1, path.name


def test_generated_documents_share_organisations_and_people(tmp_path):
    from kg.pipeline import build
    from kg.store import Store

    generate.write_corpus(40, tmp_path / "docs", seed=2)
    with Store.open(tmp_path / "store") as store:
        report = build([tmp_path / "docs"], store, workers=1)
        assert report.built == 40 and not report.errors
        rows = store.query("""SELECT ?org (COUNT(DISTINCT ?g) AS ?docs) WHERE {
            GRAPH ?g { ?p kg:workedAt|kg:studiedAt ?org } } GROUP BY ?org HAVING (COUNT(DISTINCT ?g) > 1)""")
        assert len(list(rows)) >= 3  # organisations named by several documents resolve to one node


@pytest.mark.slow
def test_crash_script_two_kills(tmp_path, capsys):
    import crash

    status = crash.main(["--docs", "40", "--kills", "2", "--work", str(tmp_path), "--workers", "1"])
    out = capsys.readouterr().out
    assert "2/2 kills left a consistent store" in out, out
    assert "rerun completed every document" in out, out
    assert "second build refused clearly" in out, out
    assert status == 0


@pytest.mark.slow
def test_benchmark_run_reports_every_pipeline(tmp_path, capsys):
    import run

    results = tmp_path / "RESULTS.md"
    assert run.main(["--docs", "20", "--add", "5", "--repeat", "1", "--work", str(tmp_path / "work"),
                     "--write-results", str(results), "--skip", "analysis"]) == 0
    text = results.read_text()
    for row in ("| kg build", "| plain rdflib in memory", "| raw pyoxigraph bulk_load", "| raw pyoxigraph |",
                "Incremental: adding 5 new documents", "Machine: "):
        assert row in text, row


@pytest.mark.slow
def test_write_benchmark_compares_two_trees_with_the_raw_load_of_the_same_quads(tmp_path, capsys):
    import write

    root = str(BENCH.parent)
    assert write.main(["--docs", "12", "--workers", "1", "--work", str(tmp_path),
                       "--tree", f"one={root}", "--tree", f"two={root}"]) == 0
    out = capsys.readouterr().out
    raw = re.search(r"bulk_load` of the ([\d,]+) quads", out).group(1)
    rows = [line.split(" | ") for line in out.splitlines() if line.startswith(("| one", "| two"))]
    assert [row[-4] for row in rows] == [raw, raw]  # both builds wrote the quads the raw load read
    assert not (tmp_path / "store-one").exists() and not (tmp_path / "kg.nq").exists()


def test_analysis_benchmark_times_fresh_processes_first_and_warm(capsys):
    import analysis

    skip = "depth,pagerank,betweenness,communities,suggest,timeline,person,members,tree"
    assert analysis.main(["--people", "300", "--cli", "--repeat", "1", "--skip", skip]) == 0
    out = capsys.readouterr().out
    assert "300 people" in out and "first" in out and "warm" in out
    timed = [line for line in out.splitlines() if line.startswith("kg ")]
    assert [line.split("  ")[0] for line in timed] == ["kg shared A B", "kg collaborators A", "kg path A B", "kg central"]


def test_the_query_benchmark_has_a_hub_value_for_every_parameter_and_fills_every_empty_values_block():
    import queries

    from kg.queries import load_query, query_names

    hub = {"person": "urn:p", "other": "urn:b", "org": "urn:o", "label": "Some University",
           "fill": {"person": ["urn:p", "urn:b"], "publication": ["urn:x"], "unit": ["urn:u"], "entity": ["urn:u"],
                    "(subject relation object)": [["urn:p", "urn:r", "urn:o"]]}}
    for name in query_names():
        params = queries.parameters(name, hub)
        assert all(value for value in params.values()), name
        text = queries.filled(load_query(name), hub["fill"])
        assert not queries.EMPTY_VALUES.search(text), name
    assert queries.parameters("find_entities", hub) == {"key": "some university"}
    assert "(<urn:p> <urn:r> <urn:o>)" in queries.filled(load_query("conflict_statements"), hub["fill"])



@pytest.mark.parametrize("digests, answers", [
    (["d1", "d1", "d2"], ["same", "same", "differs"]),
    ([None, "d1", "d1"], ["-", "-", "-"]),  # the first tree timed out: nothing to compare with
    (["d1", None, "d1"], ["same", "-", "same"]),
])
def test_the_query_benchmark_compares_each_tree_answer_with_the_first_tree(monkeypatch, digests, answers):
    import queries

    codes = [Path(f"/trees/{n}") for n in ("before", "after", "other")]
    given = dict(zip(codes, digests))
    monkeypatch.setattr(queries, "_timed_worker", lambda code, *args: (1, 5.0, given[code], 4.0))
    hub = {"person": "urn:p", "other": "urn:b", "org": "urn:o", "label": "Some University", "fill": {}}
    tables = queries.bench(codes, Path("/store"), hub, ["venues"], 1, 1.0, False, {"query"})
    assert [tables[code][0]["answer"] for code in codes] == answers


def test_pdf_benchmark_compares_facts_and_reading_time_per_layout(capsys):
    import pdf

    pdf.main(["--before", "HEAD", "--repeat", "1"])
    rows = {line.split()[0]: line.split()[1:] for line in capsys.readouterr().out.splitlines()[2:]}
    assert set(rows) == {"date_column", "sidebar", "running_header", "hyphenated", "publications", "two_column", "all"}
    text, found_before, _, found_after = (int(v) for v in rows["all"][:4])
    assert text > 0 and 0 < found_before <= text and 0 < found_after <= text


def test_extraction_benchmark_times_a_folder_of_real_documents_without_writing_into_it(tmp_path):
    import extract as extract_bench

    (tmp_path / "ida-quill.md").write_text("# Ida Quill\n\nProfessor at Northfield University since 2019.\n")
    (tmp_path / "nested").mkdir()
    (tmp_path / "nested" / "bo-lind.txt").write_text("Bo Lind\nPhD, Vesterhavn University, 2015\n")
    before = sorted(tmp_path.rglob("*"))
    files = extract_bench.corpus(1000, tmp_path)
    assert [p.name for p in files] == ["ida-quill.md", "bo-lind.txt"] and sorted(tmp_path.rglob("*")) == before
    assert extract_bench.single_pass(files)["documents"] == 2
