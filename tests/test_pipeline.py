"""The build pipeline: incremental, idempotent, atomic per document, and nothing silently lost."""
from __future__ import annotations

import os
import shutil

import pytest

import kg.rdf
from kg.errors import NotFoundError
from kg.pipeline import Budget, build, document_key, document_warnings, remove
from kg.store import Store

from conftest import SEEDS


@pytest.fixture
def seeds_copy(tmp_path):
    folder = tmp_path / "docs"
    shutil.copytree(SEEDS, folder)
    return folder


def test_rebuilding_unchanged_documents_changes_nothing(seeds_copy):
    store = Store.open(":memory:")
    first = build([seeds_copy], store)
    assert first.built == len(list(seeds_copy.iterdir())) and not first.errors
    before = store.serialize("nquads")
    second = build([seeds_copy], store)
    assert (second.built, second.unchanged) == (0, first.built)
    assert store.serialize("nquads") == before


def test_forced_rebuild_gives_the_same_graph(seeds_copy):
    store = Store.open(":memory:")
    build([seeds_copy], store)
    count = len(store)
    report = build([seeds_copy], store, force=True)
    assert report.built > 0 and len(store) == count


def test_a_changed_document_replaces_its_graph(seeds_copy, tmp_path):
    doc = tmp_path / "docs" / "extra.md"
    doc.write_text("# Ngozi Okafor\n\n## Experience\n\n- Research Scientist, Lakeview University, 2019 - 2021\n")
    store = Store.open(":memory:")
    build([doc], store)
    assert store.rows("documents")[0]["name"] == "extra.md"
    doc.write_text("# Ngozi Okafor\n\n## Experience\n\n- Research Scientist, Westhaven Institute of Chemistry, 2019 - 2021\n")
    report = build([doc], store)
    assert report.built == 1
    names = {str(r.name) for r in store.query("SELECT ?name WHERE { ?o a kg:Institute ; kg:name ?name }")}
    universities = list(store.query("SELECT ?o WHERE { ?o a kg:University }"))
    assert "Westhaven Institute of Chemistry" in names and universities == []


def test_one_bad_file_is_reported_and_the_others_are_built(seeds_copy):
    (seeds_copy / "broken.txt").write_bytes(b"\x00\x01\x02binary\x00" * 50)
    (seeds_copy / "empty.md").write_text("   \n")
    store = Store.open(":memory:")
    report = build([seeds_copy], store)
    failed = sorted(path.rsplit("/", 1)[-1] for path, _ in report.errors)
    assert failed == ["broken.txt", "empty.md"]
    assert report.built == len(list(seeds_copy.iterdir())) - 2
    assert all("binary" in msg or "empty" in msg for _, msg in report.errors)


def test_a_failure_half_way_through_a_document_leaves_the_store_as_before(seeds_copy, monkeypatch):
    store = Store.open(":memory:")
    build([seeds_copy], store)
    before = store.serialize("nquads")
    target = sorted(seeds_copy.iterdir())[1]
    target.write_text(target.read_text() + "\nMisc\nLakeview University, 2001 - 2002\n")
    real = kg.rdf.document_ntriples

    def failing(document, extraction, resolution, *, key, built_at=None, merges=None):
        graph, triples = real(document, extraction, resolution, key=key, built_at=built_at, merges=merges)

        def half_then_crash():
            yield from triples[: len(triples) // 2]
            raise OSError("disk full")
        return graph, half_then_crash()

    monkeypatch.setattr(kg.rdf, "document_ntriples", failing)
    report = build([seeds_copy], store)
    assert report.built == 0 and len(report.errors) == 1 and "disk full" in report.errors[0][1]
    assert store.serialize("nquads") == before


def test_remove_drops_a_document_by_name_or_path(seeds_copy):
    store = Store.open(":memory:")
    build([seeds_copy], store)
    first = sorted(seeds_copy.iterdir())[0]
    assert remove(store, first.name) == [document_key(first)]
    assert first.name not in {d["document"] for d in store.documents()}
    with pytest.raises(NotFoundError, match="no such document"):
        remove(store, first.name)
    report = build([seeds_copy], store)
    assert report.built == 1


def test_a_missing_path_is_a_clear_error(tmp_path):
    with pytest.raises(NotFoundError, match="does-not-exist"):
        build([tmp_path / "does-not-exist"], Store.open(":memory:"))


@pytest.mark.parametrize("documents, step", [(12, 2), (96, 5)])
def test_large_builds_are_written_in_larger_loads(tmp_path, monkeypatch, documents, step):
    # a sixteenth of the build per load, between the two bounds: RocksDB's cost per load grows
    # with the store, so large builds make fewer loads
    import kg.pipeline

    monkeypatch.setattr(kg.pipeline, "WRITE_BATCH", 2)
    monkeypatch.setattr(kg.pipeline, "LARGE_WRITE_BATCH", 5)
    for n in range(documents):
        (tmp_path / f"cv{n}.txt").write_text(f"Person {n} Example\n\nEmployment\n2019-2021 Engineer, Example Labs {n}\n")
    steps = []
    report = build([tmp_path], Store.open(tmp_path / "store"), workers=1,
                   progress=lambda done, total, stage: steps.append(done) if stage == "writing" else None)
    assert report.built == documents and not report.errors
    assert steps == [0, *range(step, documents, step), documents]


def test_a_large_build_resolves_in_a_process_of_its_own_to_the_same_graph(seeds_copy, tmp_path, monkeypatch):
    """Large builds resolve in a forked process (its heap's fragments leave with it): same IRIs, same quads."""
    import kg.pipeline
    import kg.resolve

    graphs, resolve = {}, kg.resolve.resolve
    for name, apart_from in (("here", 10**9), ("apart", 1)):
        monkeypatch.setattr(kg.pipeline, "RESOLVE_APART_FROM", apart_from)
        pids = tmp_path / f"{name}.pids"  # a file: the forked process's memory is its own

        def recorded(*args, pids=pids, **kwargs):
            with pids.open("a") as out:
                out.write(f"{os.getpid()}\n")
            return resolve(*args, **kwargs)

        monkeypatch.setattr(kg.resolve, "resolve", recorded)
        store = Store.open(tmp_path / name)
        report = build([seeds_copy], store)
        assert report.built == len(list(seeds_copy.iterdir())) and not report.errors
        assert (pids.read_text() != f"{os.getpid()}\n") == (name == "apart")
        graphs[name] = {q for q in store._ox if not str(q.object).endswith("#dateTime>")}  # not the build times
    assert graphs["apart"] == graphs["here"] and len(graphs["here"]) > 100


# -- what a folder can hold besides documents ----------------------------------------------
def _cv(path, name="Ifeoma Adeyemi", org="Harrowgate Robotics"):
    path.write_text(f"# {name}\n\n## Experience\n\n- Engineer, {org}, 2019 - 2021\n")
    return path


def test_a_symlink_loop_is_reported_and_the_file_beside_it_is_built(tmp_path):
    _cv(tmp_path / "good.md")
    (tmp_path / "loop.md").symlink_to(tmp_path / "loop.md")
    (tmp_path / "a.md").symlink_to(tmp_path / "b.md")
    (tmp_path / "b.md").symlink_to(tmp_path / "a.md")
    (tmp_path / "dangling.md").symlink_to(tmp_path / "gone.md")
    report = build([tmp_path], Store.open(":memory:"))
    assert report.built == 1
    assert sorted((path.rsplit("/", 1)[-1], message.rsplit(": ", 1)[-1]) for path, message in report.errors) == [
        ("a.md", "symbolic link loop"), ("b.md", "symbolic link loop"),
        ("dangling.md", "broken symbolic link"), ("loop.md", "symbolic link loop")]


def test_a_missing_path_among_several_is_reported_and_the_rest_built(tmp_path):
    first, second = _cv(tmp_path / "first.md"), _cv(tmp_path / "second.md", "Tomasz Wierzba", "Quillon Labs")
    report = build([first, tmp_path / "missing.md", second], Store.open(":memory:"))
    assert report.built == 2
    assert report.errors == [(str(tmp_path / "missing.md"), f"{tmp_path / 'missing.md'}: no such file or directory")]


def test_a_fifo_in_a_folder_is_skipped_not_waited_on(tmp_path):
    import os
    import threading

    _cv(tmp_path / "good.md")
    os.mkfifo(tmp_path / "pipe.md")
    result = {}
    worker = threading.Thread(target=lambda: result.update(report=build([tmp_path], Store.open(":memory:"))),
                              daemon=True)
    worker.start()
    worker.join(30)
    if worker.is_alive():  # let the stuck reader go before failing
        with open(tmp_path / "pipe.md", "w"):
            pass
        pytest.fail("kg build waited on a FIFO")
    report = result["report"]
    assert report.built == 1 and not report.errors
    assert report.skipped == [(str(tmp_path / "pipe.md"), "not a regular file (a FIFO)")]


def test_an_endless_file_is_refused_after_the_size_limit_not_read_whole():
    import resource

    from kg.errors import DocumentError
    from kg.pipeline import extract_file

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(DocumentError, match="too large"):
        extract_file("/dev/zero")
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000  # KiB: the 20 MB limit, not GBs


def test_a_folder_without_documents_is_an_error(tmp_path):
    (tmp_path / "notes.png").write_bytes(b"\x89PNG")
    with pytest.raises(NotFoundError, match="no documents in"):
        build([tmp_path], Store.open(":memory:"))


# -- documents that load but give nothing: said, not silent ---------------------------------
def test_documents_that_give_no_facts_are_warned_about_with_the_reason(tmp_path):
    (tmp_path / "list.json").write_text('[{"basics": {"name": "Odile Fanchon"}, "work": []}]')
    (tmp_path / "typed.json").write_text('{"basics": {"name": ["Odile Fanchon"]}, "work": {"name": "Brassmere Labs"},'
                                         ' "education": [{"institution": {"name": "Varenne University"}}]}')
    (tmp_path / "open.tex").write_text("\\documentclass{article}\n\\begin{document}\n\\section{Experience\n"
                                       "Engineer, Brassmere Labs, 2019--2021\n\\end{document}\n")
    _cv(tmp_path / "fine.md")
    report = build([tmp_path], Store.open(":memory:"))
    assert report.built == 4 and not report.errors
    warned = {}
    for path, message in report.warnings:
        warned.setdefault(path.rsplit("/", 1)[-1], []).append(message)
    assert warned == {
        "list.json": ['the file holds a list, JSON Resume is one object ({"basics": ..., "work": [...]})',
                      "no facts found"],
        # its fields are not where JSON Resume puts them, so it is read as the text it renders to: the school it names
        "typed.json": ["basics.name is a list, JSON Resume expects text",
                       "education[0].institution is an object, JSON Resume expects text",
                       "work is an object, JSON Resume expects a list of records"],
        "open.tex": ["unbalanced braces: the { on line 3 is never closed", "no facts found"],
    }
    assert "3 with warnings" in report.summary()


def test_kg_build_says_what_it_skipped_warned_and_could_not_find(tmp_path):
    from click.testing import CliRunner

    from kg.cli import cli

    folder = tmp_path / "docs"
    folder.mkdir()
    build_ = lambda *paths: CliRunner().invoke(
        cli, ["build", *map(str, paths), "--store", str(tmp_path / "kg-data")])
    result = build_(folder)
    assert result.exit_code == 1 and "no documents in" in result.stderr
    _cv(folder / "fine.md")
    (folder / "list.json").write_text('[{"basics": {"name": "Odile Fanchon"}}]')
    result = build_(folder, tmp_path / "missing.md")
    assert result.exit_code == 1
    assert f"error: {tmp_path / 'missing.md'}: no such file or directory" in result.stderr
    assert f"warning: {folder / 'list.json'}: no facts found" in result.stderr
    assert "built 2 documents (0 unchanged, 1 errors, 1 with warnings)" in result.stdout


# -- the folder is the truth ----------------------------------------------------------------
def test_documents_gone_from_the_folder_are_listed_and_pruned_on_request(tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    for name, person in (("a.md", "Alma Voss"), ("b.md", "Berit Lund"), ("c.md", "Cato Rinn")):
        _cv(folder / name, person, f"{person.split()[1]} Works")
    elsewhere = _cv(tmp_path / "elsewhere.md", "Dorin Mavi", "Mavi Works")
    store = Store.open(tmp_path / "kg-data")
    build([folder, elsewhere], store)
    (folder / "a.md").unlink()
    (folder / "b.md").rename(folder / "renamed.md")
    elsewhere.unlink()  # not under a folder being built: not this build's business
    report = build([folder], store)
    assert report.stale == [document_key(folder / "a.md"), document_key(folder / "b.md")] and not report.pruned
    assert report.renamed == {document_key(folder / "b.md"): document_key(folder / "renamed.md")}
    assert len(store.documents()) == 5
    report = build([folder], store, prune=True)
    assert report.pruned == [document_key(folder / "a.md"), document_key(folder / "b.md")] and not report.stale
    assert sorted(d["document"] for d in store.documents()) == ["c.md", "elsewhere.md", "renamed.md"]
    names = {r["name"] for r in store.select("SELECT ?name WHERE { ?p a kg:Person ; kg:name ?name }")}
    assert "Alma Voss" not in names and "Berit Lund" in names
    # the resolver index follows: a rebuild resolves as a first build of what is left would
    assert build([folder], store, force=True).built == 2
    fresh = Store.open(tmp_path / "fresh")
    build([folder], fresh)
    count = "SELECT (COUNT(DISTINCT ?p) AS ?n) WHERE { ?p a kg:Person }"
    assert store.select(count) == [{"n": fresh.select(count)[0]["n"] + 1}]  # + the elsewhere person


def test_kg_build_names_the_documents_gone_and_prune_removes_them(tmp_path):
    from click.testing import CliRunner

    from kg.cli import cli

    folder = tmp_path / "docs"
    folder.mkdir()
    _cv(folder / "a.md"), _cv(folder / "b.md", "Berit Lund", "Lund Works")
    build_ = lambda *extra: CliRunner().invoke(cli, ["build", str(folder), "--store", str(tmp_path / "kg-data"), *extra])
    assert build_().exit_code == 0
    (folder / "a.md").unlink()
    (folder / "b.md").rename(folder / "c.md")
    result = build_()
    assert result.exit_code == 0
    assert f"2 documents in the store are gone from the folder (deleted or renamed), their facts kept: " \
           f"{folder.resolve() / 'a.md'}, {folder.resolve() / 'b.md'} (now {folder.resolve() / 'c.md'}?); " \
           f"`kg build --prune` removes them" in result.stderr
    result = build_("--prune")
    assert f"removed {folder.resolve() / 'a.md'} (its file is gone)" in result.stdout
    assert f"removed {folder.resolve() / 'b.md'} (its file is gone, now {folder.resolve() / 'c.md'})" in result.stdout
    assert "gone from the folder" not in build_().stderr


def test_kg_build_ends_with_the_store_counts_kept_by_its_writes_not_a_count_of_the_store(tmp_path, monkeypatch):
    import json
    import re

    from click.testing import CliRunner

    from kg.cli import cli

    folder = tmp_path / "docs"
    folder.mkdir()
    for name, person, org in (("a.md", "Alma Voss", "Rinn Labs"), ("b.md", "Berit Lund", "Rinn Labs"),
                              ("c.md", "Cato Rinn", "Rinn Labs")):
        _cv(folder / name, person, org)
    store = str(tmp_path / "kg-data")
    whole_store = Store._counted
    monkeypatch.setattr(Store, "_counted", lambda self: pytest.fail("the closing line counted the whole store"))
    run = lambda *args: CliRunner().invoke(cli, [*args, "--store", store], catch_exceptions=False)  # noqa: E731

    def assert_summary_is_right(output):
        with Store.open(store, read_only=True) as reader:
            counts = whole_store(reader)
        line = re.search(r"store \S+: (\d+) documents, (\d+) entities, (\d+) relations, (\d+) quads", output)
        assert tuple(map(int, line.groups())) == (counts["documents"], sum(counts["entities"].values()),
                                                  sum(counts["relations"].values()), counts["quads"])
        assert_stats_are_right(counts)
        return counts

    def assert_stats_are_right(counts=None):
        if counts is None:
            with Store.open(store, read_only=True) as reader:
                counts = whole_store(reader)
        rows = {row["what"]: row["count"] for row in json.loads(run("stats", "--format", "json").output)}
        assert rows == {"documents": counts["documents"], "quads": counts["quads"],
                        **{f"entity {k}": v for k, v in counts["entities"].items()},
                        **{f"relation {k}": v for k, v in counts["relations"].items()}}

    first = assert_summary_is_right(run("build", str(folder)).output)
    assert first["documents"] == 3 and first["entities"] == {"Lab": 1, "Person": 3}
    assert assert_summary_is_right(run("build", str(folder), "--force").output) == first
    assert run("remove", "c.md").exit_code == 0
    assert_stats_are_right()
    (folder / "b.md").unlink()
    after = assert_summary_is_right(run("build", str(folder), "--prune").output)  # b.md pruned, c.md built again
    assert after["documents"] == 2 and after["entities"] == {"Lab": 1, "Person": 2}


# -- a budget per document -------------------------------------------------------------------
@pytest.fixture
def three_cvs(tmp_path):
    return [_cv(tmp_path / f"{name}.md", f"{name.title()} Ferrow", f"{name.title()} Works")
            for name in ("ann", "bea", "cyd")]


def _misbehaving(kind):
    """``extract_file`` as it is, except on ``bea.md``: burn CPU in Python or in C, or allocate."""
    import kg.pipeline

    real = kg.pipeline.extract_file

    def extract_file(path):
        if not str(path).endswith("bea.md"):
            return real(path)
        if kind == "python":
            while True:
                pass
        if kind == "c":  # C code that never returns to the interpreter: no Python signal handler runs
            sum(range(10**14))
        return real(path), bytearray(600 * 2**20)
    return extract_file


@pytest.mark.parametrize("kind, reason", [("python", "over the time budget (0.5 s of CPU)"),
                                          ("c", "the extraction process died"),
                                          ("memory", "over the memory budget (200 MB)")])
def test_a_document_over_its_budget_is_reported_and_the_others_are_built(three_cvs, monkeypatch, kind, reason):
    import time

    import kg.pipeline
    from kg.pipeline import Budget

    monkeypatch.setattr(kg.pipeline, "extract_file", _misbehaving(kind))
    started = time.perf_counter()
    report = build(three_cvs, Store.open(":memory:"), budget=Budget(seconds=0.5, megabytes=200))
    assert report.built == 2
    assert [(path.rsplit("/", 1)[-1], reason in message) for path, message in report.errors] == [("bea.md", True)]
    assert time.perf_counter() - started < 60


def test_kg_extract_reports_a_document_over_its_budget(three_cvs, monkeypatch):
    from click.testing import CliRunner

    import kg.pipeline
    from kg.cli import cli

    monkeypatch.setattr(kg.pipeline, "extract_file", _misbehaving("python"))
    result = CliRunner().invoke(cli, ["extract", str(three_cvs[1]), "--max-seconds", "0.5"])
    assert result.exit_code == 1 and "over the time budget (0.5 s of CPU), skipped" in result.output
    assert CliRunner().invoke(cli, ["extract", str(three_cvs[0]), "--max-seconds", "0.5"]).exit_code == 0


def test_a_build_spools_what_its_extraction_processes_pickled_as_the_documents_extract(tmp_path):
    from dataclasses import replace

    from kg.pipeline import _extract_record, _run_extraction, extract_files
    from kg.spool import Spool

    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "odile.md").write_text("# Odile Brackwater\n\n## Experience\n\n- Lecturer, Marsh Hollow Polytechnic, 2015 - 2019\n")
    (folder / "json.json").write_text('{"basics": {"name": "Ravi Tamsett"}, "work": "Fenmoor Labs"}')
    paths = sorted(str(p) for p in folder.iterdir())
    with Spool() as spool:
        warned = {}
        for path, record, warnings, error in _run_extraction(_extract_record, paths, 2, Budget(seconds=30)):
            assert error is None
            spool.add_record(document_key(path), document_key(path), record)
            warned[path] = warnings
        spooled = list(spool.records())
    expected = [(document_key(path), replace(document, path=document_key(path)),
                 replace(extraction, document=document_key(path)))
                for path, document, extraction, _ in extract_files(paths, budget=None)]
    assert spooled == expected and spooled[1][2].relations
    assert warned == {path: document_warnings(document, extraction)
                      for path, document, extraction, _ in extract_files(paths, budget=None)}
    assert warned[paths[0]]  # the JSON Resume's work given as text is warned about
