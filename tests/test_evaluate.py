"""Grading extraction against gold files: matching rules, counts, the report and ``kg evaluate``."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kg.cli import cli
from kg.errors import KgError
from kg.evaluate import Counts, Report, evaluate, name_key, score_document

from conftest import DATA

GOLD = DATA / "evaluate" / "gold"
DOCS = DATA / "evaluate" / "docs"


def person(name, **extra):
    return {"name": name, "type": "Person", **extra}


def org(name, kind="University", **extra):
    return {"name": name, "type": kind, **extra}


def rel(subject, predicate, obj, **extra):
    return {"subject": subject, "predicate": predicate, "object": obj, **extra}


def doc(subject, entities, relations=()):
    return {"document": "cv.txt", "subject": subject, "entities": list(entities), "relations": list(relations)}


def test_name_key_ignores_case_accents_punctuation_and_word_order_except_in_person_names():
    assert name_key("Université  de Tarvik!") == name_key("universite, TARVIK de")
    assert name_key("Émile Brandt", person=True) == name_key("emile brandt", person=True)
    assert name_key("Brandt Emile", person=True) != name_key("Emile Brandt", person=True)


def test_name_key_reads_an_ampersand_as_and_and_drops_a_leading_article_as_the_grader_does():
    assert name_key("The Tarvik Institute of Arts & Crafts") == name_key("Tarvik Institute of Arts and Crafts")
    assert name_key("The Hague Lab") != name_key("Hague Lab Other")
    assert name_key("The") == "the"


def test_counts_precision_recall_f1_and_the_empty_case():
    assert (Counts(2, 2, 0).precision, Counts(2, 2, 0).recall, Counts(2, 2, 0).f1) == (0.5, 1.0, 2 / 3)
    assert (Counts().precision, Counts().recall, Counts().f1) == (1.0, 1.0, 1.0)
    assert (Counts(fn=3).precision, Counts(fn=3).f1) == (0.0, 0.0)
    assert Counts(1, 2, 3) + Counts(1, 0, 1) == Counts(2, 2, 4)


def test_entities_match_by_alias_accent_free_name_and_fuzzy_ratio():
    gold = doc("Mirela Tanase", [
        person("Mirela Tanase"),
        org("Tarvik Institute of Technology", aliases=["TIT"]),
        org("Kessel Laboratories", "Company"),
        org("Universität Norrbach"),
    ])
    predicted = doc("Mirela Tanase", [
        person("MIRELA TANASE"),
        org("TIT"),                                  # an alias
        org("Kessel Laboratoires", "Company"),       # a typo: fuzzy ratio above 90
        org("Universitat Norrbach"),                 # accents dropped
    ])
    score = score_document(gold, predicted)
    assert score.entities == {"Person": Counts(tp=1), "Organization": Counts(tp=3)}
    assert score.misses == []


def test_person_names_keep_their_word_order_and_classes_must_agree():
    gold = doc("Wen Li", [person("Wen Li"), org("Halvard College")])
    predicted = doc("Li Wen", [person("Li Wen"), person("Halvard College")])
    score = score_document(gold, predicted)
    assert score.entities["Person"] == Counts(tp=0, fp=2, fn=1)
    assert score.entities["Organization"] == Counts(fn=1)
    assert score.subject_found is False
    assert "missed entity   University   Halvard College" in score.misses


def test_two_people_whose_names_are_each_others_reversed_stay_apart_in_relations():
    gold = doc("Wen Li", [person("Wen Li"), person("Li Wen")], [rel("Wen Li", "advisedBy", "Li Wen")])
    assert score_document(gold, gold).relations == {"advisedBy": Counts(tp=1)}
    reversed_ = doc("Wen Li", gold["entities"], [rel("Li Wen", "advisedBy", "Wen Li")])
    assert score_document(gold, reversed_).relations == {"advisedBy": Counts(fp=1, fn=1)}


def test_organisation_types_are_one_class_and_their_agreement_is_reported_apart():
    gold = doc("Ada Quill", [person("Ada Quill"), org("Sorrel Vision Lab", "Lab"), org("Brisk Analytics", "Company")])
    predicted = doc("Ada Quill", [person("Ada Quill"), org("Sorrel Vision Lab", "Company"),
                                  org("Brisk Analytics", "Company")])
    score = score_document(gold, predicted)
    assert score.entities["Organization"] == Counts(tp=2)
    assert score.types == (2, 3)


def test_a_second_prediction_of_one_entity_is_false_but_its_relations_still_count():
    gold = doc("Ada Quill", [person("Ada Quill"), org("University of Tarvik", aliases=["Tarvik University"])],
               [rel("Ada Quill", "studiedAt", "University of Tarvik")])
    predicted = doc("Ada Quill", [person("Ada Quill"), org("University of Tarvik"), org("University of Tarvk")],
                    [rel("Ada Quill", "studiedAt", "University of Tarvk")])
    score = score_document(gold, predicted)
    assert score.entities["Organization"] == Counts(tp=1, fp=1)
    assert score.misses == ["false entity    University   University of Tarvk (again University of Tarvik)"]
    assert score.relations == {"studiedAt": Counts(tp=1)}


def test_a_name_no_entity_carries_still_matches_the_same_name_and_incomplete_items_are_skipped():
    gold = doc("Ada Quill", [person("Ada Quill")], [rel("Ada Quill", "workedAt", "Kessel Labs")])
    predicted = doc("Ada Quill", [person("Ada Quill"), "not an entity", {"type": "Lab"}],
                    [rel("Ada Quill", "workedAt", "kessel labs"), rel("Ada Quill", "workedAt", ""), ["a", "b"]])
    score = score_document(gold, predicted)
    assert score.relations == {"workedAt": Counts(tp=1)} and score.entities == {"Person": Counts(tp=1)}


def test_optional_items_cost_nothing_either_way():
    gold = doc("Ada Quill", [person("Ada Quill"), org("Gale Foundation", "Institute", optional=True),
                             org("Tarvik University")],
               [rel("Ada Quill", "workedAt", "Gale Foundation", optional=True),
                rel("Ada Quill", "studiedAt", "Tarvik University", optional=True)])
    found = doc("Ada Quill", [person("Ada Quill"), org("Gale Foundation", "Institute"), org("Tarvik University")],
                [rel("Ada Quill", "workedAt", "Gale Foundation"), rel("Ada Quill", "studiedAt", "Tarvik University")])
    not_found = doc("Ada Quill", [person("Ada Quill"), org("Tarvik University")])
    for predicted in (found, not_found):
        score = score_document(gold, predicted)
        assert score.entities == {"Person": Counts(tp=1), "Organization": Counts(tp=1)}
        assert score.relation_counts() == Counts()


def test_relations_match_after_entity_matching_by_name_or_id_and_coauthorship_either_way():
    gold = doc("Ada Quill", [person("Ada Quill"), person("Bo Renner"), org("Tarvik University", aliases=["TU"])],
               [rel("Ada Quill", "coauthored", "Bo Renner"), rel("Ada Quill", "studiedAt", "Tarvik University"),
                rel("Ada Quill", "advisedBy", "Bo Renner")])
    predicted = {"subject": "e1", "entities": [
        {"id": "e1", **person("Ada Quill")}, {"id": "e2", **person("Bo Renner")}, {"id": "e3", **org("TU")}],
        "relations": [rel("e2", "coauthored", "e1"), rel("e1", "studiedAt", "e3"), rel("e2", "advisedBy", "e1")]}
    score = score_document(gold, predicted)
    assert score.relations == {"coauthored": Counts(tp=1), "studiedAt": Counts(tp=1),
                               "advisedBy": Counts(fp=1, fn=1)}
    assert score.subject_found is True
    assert "false relation  advisedBy: Bo Renner -> Ada Quill" in score.misses
    assert "missed relation advisedBy: Ada Quill -> Bo Renner" in score.misses


def test_a_position_at_the_containing_organisation_stands_for_one_position_at_its_lab():
    entities = [person("Ada Quill"), org("Tarvik University"), org("Sorrel Vision Lab", "Lab"),
                org("Marsh Robotics Lab", "Lab")]
    gold = doc("Ada Quill", entities, [
        rel("Sorrel Vision Lab", "partOf", "Tarvik University"), rel("Marsh Robotics Lab", "partOf", "Tarvik University"),
        rel("Ada Quill", "workedAt", "Sorrel Vision Lab"), rel("Ada Quill", "workedAt", "Marsh Robotics Lab")])
    predicted = doc("Ada Quill", entities, [
        rel("Sorrel Vision Lab", "partOf", "Tarvik University"), rel("Marsh Robotics Lab", "partOf", "Tarvik University"),
        rel("Ada Quill", "workedAt", "Tarvik University")])
    assert score_document(gold, predicted).relations == {"partOf": Counts(tp=2), "workedAt": Counts(tp=1, fn=1)}

    unrelated = doc("Ada Quill", entities, [rel("Ada Quill", "workedAt", "Sorrel Vision Lab")])
    assert score_document(unrelated, predicted).relations["workedAt"] == Counts(fp=1, fn=1)


def test_dates_agree_when_start_and_end_both_agree():
    gold = doc("Ada Quill", [person("Ada Quill"), org("Tarvik University"), org("Gale Foundation", "Institute")],
               [rel("Ada Quill", "studiedAt", "Tarvik University", start="2004", end="2009"),
                rel("Ada Quill", "workedAt", "Gale Foundation", start="2010-03", end="Present")])
    predicted = doc("Ada Quill", gold["entities"],
                    [rel("Ada Quill", "studiedAt", "Tarvik University", start="2004"),
                     rel("Ada Quill", "workedAt", "Gale Foundation", start="2010-03", end="present")])
    score = score_document(gold, predicted)
    assert score.dates == (1, 2)
    assert ("dates differ    studiedAt: Ada Quill -> Tarvik University: 2004 to 2009 in the gold, 2004 to ? found"
            in score.misses)


def test_an_optional_gold_subject_is_not_graded():
    gold = doc("Unnamed document subject", [person("Unnamed document subject", optional=True)])
    assert score_document(gold, doc("Ada Quill", [person("Ada Quill")])).subject_found is None


def test_the_report_sums_documents_and_averages_their_relation_f1():
    entities = [person("Ada Quill"), person("Bo Renner"), org("Tarvik University")]
    gold = doc("Ada Quill", entities, [rel("Ada Quill", "coauthored", "Bo Renner"),
                                       rel("Ada Quill", "studiedAt", "Tarvik University")])
    perfect = score_document(gold, gold)
    half = score_document(gold, doc("Bo Renner", entities, [rel("Ada Quill", "coauthored", "Bo Renner")]))
    nothing = score_document(doc("Bo Renner", [person("Bo Renner")]), doc("Bo Renner", [person("Bo Renner")]))
    report = Report([perfect, half, nothing])
    assert report.relation_counts() == {"coauthored": Counts(tp=2), "studiedAt": Counts(tp=1, fn=1)}
    assert report.relation_f1 == pytest.approx(6 / 7)
    assert report.macro_relation_f1 == pytest.approx((1 + 2 / 3) / 2) and report.relation_documents == 2
    assert (report.publication_f1, report.career_f1) == (1.0, pytest.approx(2 / 3))
    assert report.subjects == (2, 3)
    summary = report.summary()
    assert summary["subject found"] == "2 of 3" and summary["relation F1"] == 0.857
    assert [row["class"] for row in report.class_rows()] == ["Organization", "Person", "coauthored", "studiedAt"]


def test_evaluate_extracts_each_document_with_a_gold_file():
    report = evaluate(GOLD, [DOCS])
    assert report.missing == ["lost-page.html"]
    by_name = {d.document: d for d in report.documents}
    assert set(by_name) == {"blank.txt", "odile-varga.md"}
    blank = by_name["blank.txt"]
    assert "empty" in blank.error and blank.relation_counts() == Counts(fn=1)
    odile = by_name["odile-varga.md"]
    assert odile.subject_found and odile.error is None
    assert odile.relation_counts().f1 >= 0.9, odile.misses


def test_evaluate_grades_what_a_given_extractor_returns(tmp_path):
    (tmp_path / "cv.txt").write_text("Ada Quill\n")
    (tmp_path / "cv.txt.json").write_text(json.dumps(doc("Ada Quill", [person("Ada Quill")])))
    report = evaluate(tmp_path, tmp_path, extract=lambda paths: [(doc("Ada Quill", [person("Ada Quill")]), None)
                                                                  for _ in paths])
    assert report.summary()["entity F1"] == 1.0 and report.subjects == (1, 1)


def test_evaluate_refuses_a_folder_without_gold_files_or_with_a_broken_one(tmp_path):
    with pytest.raises(KgError, match="no gold files"):
        evaluate(tmp_path, tmp_path)
    (tmp_path / "cv.txt.json").write_text(json.dumps(doc("Ada Quill", [person("Ada Quill")])))
    with pytest.raises(KgError, match="none of the 1 documents"):
        evaluate(tmp_path, tmp_path)
    (tmp_path / "cv.txt.json").write_text("[1, 2")
    with pytest.raises(KgError, match="not a gold file"):
        evaluate(tmp_path, tmp_path)


def test_kg_evaluate_says_what_is_wrong_in_one_line(tmp_path):
    result = CliRunner().invoke(cli, ["evaluate", str(tmp_path), str(DOCS)])
    assert result.exit_code == 1 and "no gold files" in result.output and "Traceback" not in result.output


def test_kg_evaluate_prints_tables_misses_and_json():
    result = CliRunner().invoke(cli, ["evaluate", str(GOLD), str(DOCS), "--verbose"])
    assert result.exit_code == 0, result.output
    assert "1 gold files have no document" in result.stderr and "lost-page.html" in result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["kind", "class", "P", "R", "F1", "tp", "fp", "fn"]
    assert any(line.split()[:2] == ["relation", "workedAt"] for line in lines)
    assert "blank.txt:" in lines and "  missed relation workedAt: Piet Ostrander -> Kessel Labs" in lines
    assert any(line.split() == ["subject", "found", "1", "of", "2"] for line in lines)

    data = json.loads(CliRunner().invoke(cli, ["evaluate", str(GOLD), str(DOCS), "--format", "json"]).stdout)
    assert data["summary"]["documents"] == 2 and data["missing"] == ["lost-page.html"]
    assert {row["document"] for row in data["documents"]} == {"blank.txt", "odile-varga.md"}
    assert "misses" not in data["documents"][0]
