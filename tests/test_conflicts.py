"""kg.analyze.conflicts and ``kg conflicts``, on invented CVs (tests/data/conflicts) built into a store.

The world (all invented), as of 2026 with the default 4-year window (2022 onwards):

- Marisol Quenby: Harbourline University, Department of Mechanical Engineering 2015-2021, then
  Tidewater Robotics Lab 2021-present; PhD at Kestrel Institute of Technology 2009-2014. Papers
  with Lucan Ferreira (2024), Petra Anselm (2012) and Rhea Ivers (no year).
- Dorian Holloway: PhD at the Tidewater Robotics Lab 2020-present, advised by Quenby; Research
  Engineer at Brackwater Dynamics 2019-2020, mentored by Tamsin Okafor.
- Wendell Oyelaran: Tidewater Robotics Lab 2022-present; Brackwater Dynamics 2016-2018.
- Ines Calloway: Department of Marine Biology, Harbourline University 2019-present; PhD at
  Kestrel 2008-2013.
- Petra Anselm: Brackwater Dynamics 2016-present; Kestrel 2010-2012.
"""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from kg.analyze import conflicts, read_people
from kg.analyze.conflicts import parse_people
from kg.cli import cli
from kg.pipeline import build
from kg.store import Store

DATA = Path(__file__).resolve().parent / "data" / "conflicts"
SMALL = Path(__file__).resolve().parent / "data" / "analysis" / "small.trig"
NOW = 2026


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("conflicts") / "kg-data"
    with Store.open(path) as s:
        build(sorted(DATA.glob("*_cv.txt")), s)
    return path


@pytest.fixture
def store(store_dir):
    # opened per test: the command-line tests open the same directory
    with Store.open(store_dir) as s:
        yield s


def _reasons(report) -> dict[tuple[str, str, str], dict]:
    return {(r["a"], r["b"], r["kind"]): r for r in report.conflicts}


def test_advisor_and_mentor_at_any_time_with_their_source_lines(store):
    report = conflicts(store, ["Marisol Quenby", "Tamsin Okafor"], ["Dorian Holloway"], now=NOW)
    found = _reasons(report)
    advisor = found[("Marisol Quenby", "Dorian Holloway", "advisor")]
    assert (advisor["detail"], advisor["when"], advisor["sources"]) == (
        "Marisol Quenby advised Dorian Holloway", "any time", "holloway_cv.txt:9")
    assert advisor["evidence"][0]["text"].endswith("Advisor: Prof. Marisol Quenby")
    mentor = found[("Tamsin Okafor", "Dorian Holloway", "mentor")]
    assert (mentor["detail"], mentor["sources"]) == ("Tamsin Okafor mentored Dorian Holloway", "holloway_cv.txt:14")
    # the advising is reported whatever the window
    assert ("Marisol Quenby", "Dorian Holloway", "advisor") in _reasons(
        conflicts(store, ["Marisol Quenby"], ["Dorian Holloway"], years=0, now=2100))


def test_coauthors_within_the_window_and_of_unknown_year(store):
    report = conflicts(store, ["Marisol Quenby"], ["Lucan Ferreira", "Rhea Ivers", "Petra Anselm"], now=NOW)
    found = _reasons(report)
    recent = found[("Marisol Quenby", "Lucan Ferreira", "co-author")]
    assert (recent["detail"], recent["when"], recent["sources"]) == (
        "'Tidal swarms for harbour inspection' (2024)", "2024", "quenby_cv.txt:17")
    undated = found[("Marisol Quenby", "Rhea Ivers", "co-author")]
    assert (undated["when"], undated["sources"]) == ("year unknown", "quenby_cv.txt:19")
    # the 2012 paper (and the stints both had at Kestrel, 2010-2012) are outside the window
    assert not [r for r in report.conflicts if r["b"] == "Petra Anselm"]


def test_a_wider_window_reaches_older_papers_and_stints(store):
    report = conflicts(store, ["Marisol Quenby"], ["Petra Anselm"], years=15, now=NOW)
    found = _reasons(report)
    paper = found[("Marisol Quenby", "Petra Anselm", "co-author")]
    assert (paper["when"], paper["sources"]) == ("2012", "anselm_cv.txt:9; quenby_cv.txt:18")
    stint = found[("Marisol Quenby", "Petra Anselm", "organisation")]
    assert (stint["level"], stint["when"]) == ("university", "2010-2012")
    assert stint["detail"].startswith("Kestrel Institute of Technology: Marisol Quenby (PhD 2009-2014)")


def test_the_same_lab_is_stronger_than_the_same_university(store):
    report = conflicts(store, ["Marisol Quenby", "Ines Calloway"], ["Wendell Oyelaran", "Dorian Holloway"], now=NOW)
    found = _reasons(report)
    lab = found[("Marisol Quenby", "Wendell Oyelaran", "organisation")]
    assert (lab["level"], lab["when"], lab["sources"]) == ("lab", "2022-present", "oyelaran_cv.txt:5; quenby_cv.txt:9")
    assert lab["detail"] == ("Tidewater Robotics Lab: Marisol Quenby (Associate Professor 2021-present) and "
                             "Wendell Oyelaran (Research Scientist 2022-present)")
    # the lab is reported, not also the university above it
    assert [r["level"] for r in report.conflicts if (r["a"], r["b"]) == ("Marisol Quenby", "Wendell Oyelaran")] == ["lab"]
    university = found[("Ines Calloway", "Dorian Holloway", "organisation")]
    assert (university["level"], university["when"]) == ("university", "2020-present")
    assert university["detail"].startswith(
        "Harbourline University: Ines Calloway (Department of Marine Biology, Lecturer 2019-present) and Dorian Holloway (")


def test_stints_that_ended_before_the_window_are_not_conflicts(store):
    # Oyelaran and Anselm were both at Brackwater Dynamics in 2016-2018
    assert conflicts(store, ["Wendell Oyelaran"], ["Petra Anselm"], now=NOW).conflicts == []
    older = conflicts(store, ["Wendell Oyelaran"], ["Petra Anselm"], years=10, now=NOW).conflicts
    assert [(r["kind"], r["level"], r["when"]) for r in older] == [("organisation", "company", "2016-2018")]


def test_the_same_person_on_both_lists(store):
    report = conflicts(store, ["Wendell Oyelaran"], ["wendell oyelaran", "Ines Calloway"], now=NOW)
    assert [(r["b"], r["kind"]) for r in report.conflicts if r["b"] == "wendell oyelaran"] == [
        ("wendell oyelaran", "same person")]


def test_identifiers_are_matched_first(store):
    people_a = [{"name": "Quenby, M.", "orcid": "https://orcid.org/0000-0002-4417-0935"}]
    people_b = [{"name": "D. Holloway", "email": "Dorian.Holloway@harbourline.edu"}]
    report = conflicts(store, people_a, people_b, now=NOW)
    assert [(n["name"], n["status"], n["matched_by"]) for n in report.names] == [
        ("Quenby, M.", "matched", "ORCID"), ("D. Holloway", "matched", "email")]
    assert ("Quenby, M.", "D. Holloway", "advisor") in _reasons(report)
    # an e-mail nobody has falls back to the name
    fallback = conflicts(store, [{"name": "Marisol Quenby", "email": "someone@else.example"}], [], now=NOW)
    assert fallback.names[0]["matched_by"] == "name"


def test_initials_need_support_and_unknown_names_are_listed(store):
    report = conflicts(store, ["R. Ivers", {"name": "D. Holloway", "affiliation": "Harbourline University"},
                               "Tobias Nowhere", "Holloway, Dorian"], ["Marisol Quenby"], now=NOW)
    status = {n["name"]: (n["status"], n["matched_by"], n["candidates"]) for n in report.names}
    assert status["R. Ivers"] == ("unconfirmed", "", ["Rhea Ivers (initials)"])
    assert status["D. Holloway"] == ("matched", "initials and affiliation", ["Dorian Holloway"])
    assert status["Tobias Nowhere"] == ("unknown", "", [])
    assert status["Holloway, Dorian"][:2] == ("matched", "name")
    # an unconfirmed name is not checked: no co-author row for R. Ivers
    assert {r["a"] for r in report.conflicts} == {"D. Holloway", "Holloway, Dorian"}
    assert [n["name"] for n in report.unresolved] == ["R. Ivers", "Tobias Nowhere"]


def test_ambiguous_names_are_listed_with_their_candidates():
    with Store.open(":memory:") as s:
        s.load(SMALL)
        report = conflicts(s, ["Sam Lee"], ["Alice Moreau"], now=NOW)
    (entry,) = report.unresolved
    assert entry["status"] == "ambiguous"
    assert len(entry["candidates"]) == 2 and all(c.startswith("Sam Lee <") for c in entry["candidates"])
    assert report.conflicts == []


def test_edges_no_assertion_states_count_without_a_source():
    """A graph written by other tools may give bare edges: they still make conflicts."""
    with Store.open(":memory:") as s:
        s.load(SMALL)
        s.update("PREFIX kg: <https://w3id.org/kg/ontology#> INSERT DATA { GRAPH <urn:other-tool> { "
                 "<https://w3id.org/kg/id/person/gina-park> kg:mentoredBy <https://w3id.org/kg/id/person/frank-oduya> } }")
        report = conflicts(s, ["Frank Oduya"], ["Gina Park"], now=NOW)
    assert [(r["kind"], r["detail"], r["sources"]) for r in report.conflicts] == [
        ("mentor", "Frank Oduya mentored Gina Park", "")]


def test_reading_lists():
    assert parse_people("Name;x\n") == [{"name": "Name;x", "email": "", "orcid": "", "affiliation": "", "line": 1}]
    people = parse_people("\nGiven Name,Surname,ORCID iD\nRhea,Ivers,0000-0001-0000-0002\n,,\n")
    assert people == [{"name": "Rhea Ivers", "email": "", "orcid": "0000-0001-0000-0002", "affiliation": "",
                       "line": 3}]
    assert [p["name"] for p in read_people(DATA / "authors.txt")][:2] == ["Dorian Holloway", "Lucan Ferreira"]


def _run(runner, store_dir, *extra):
    result = runner.invoke(cli, ["conflicts", "--between", str(DATA / "reviewers.csv"), str(DATA / "authors.txt"),
                                 "--store", str(store_dir), "--as-of", str(NOW), *extra])
    assert result.exit_code == 0, result.output
    return result


def test_cli_formats(runner, store_dir):
    table = _run(runner, store_dir)
    assert "Tidewater Robotics Lab: Marisol Quenby" in table.stdout
    assert "Tobias Nowhere  unknown" in table.stderr and "R. Ivers        unconfirmed  Rhea Ivers (initials)" in table.stderr
    data = json.loads(_run(runner, store_dir, "--format", "json").stdout)
    assert (data["years"], data["as_of"]) == (4, NOW)
    assert {(r["a"], r["b"], r["kind"]) for r in data["conflicts"]} >= {
        ("Quenby, M.", "Dorian Holloway", "advisor"), ("Tamsin Okafor", "Dorian Holloway", "mentor"),
        ("Wendell Oyelaran", "Wendell Oyelaran", "same person")}
    assert {n["name"] for n in data["names"] if n["status"] != "matched"} == {"Tobias Nowhere", "R. Ivers"}
    rows = list(csv.DictReader(io.StringIO(_run(runner, store_dir, "--format", "csv").stdout)))
    assert list(rows[0]) == ["a", "b", "kind", "level", "when", "sources", "detail"]


def test_cli_conference_csv_has_one_row_per_pair(runner, store_dir):
    rows = list(csv.DictReader(io.StringIO(_run(runner, store_dir, "--format", "conference").stdout)))
    assert list(rows[0]) == ["name_a", "email_a", "name_b", "email_b", "reasons"]
    pair = next(r for r in rows if (r["name_a"], r["name_b"]) == ("Quenby, M.", "Dorian Holloway"))
    # e-mails from the documents when the list has none
    assert (pair["email_a"], pair["email_b"]) == ("m.quenby@harbourline.edu", "dorian.holloway@harbourline.edu")
    assert pair["reasons"].startswith("advisor: Marisol Quenby advised Dorian Holloway; organisation (lab): ")
    assert len({(r["name_a"], r["name_b"]) for r in rows}) == len(rows)
