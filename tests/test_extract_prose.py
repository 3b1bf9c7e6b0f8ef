"""kg.extract.prose: advisors a student's bio names in prose ("working with Dr. A"), the same
words in a professor's bio naming collaborators, and first-person bios in other languages (fixtures in
tests/data/extract/, people invented)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kg.extract import extract
from kg.ingest import load_document

DATA = Path(__file__).resolve().parent / "data" / "extract"


def facts(name: str) -> set[tuple[str, str, str]]:
    ex = extract(load_document(DATA / name))
    return {(ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) for r in ex.relations}


def test_a_students_working_with_names_advisors():
    f = facts("student_bio_prose.md")
    me = "Lina Okafor"
    # the sentence before says the person is a PhD candidate, then a master's student
    assert {(me, "advisedBy", "Tobias Wren"), (me, "advisedBy", "Ada Kiplagat"), (me, "advisedBy", "Selma Ruud")} <= f
    assert (me, "studiedAt", "Harwick University") in f
    # a job in the sentence: the person worked with a colleague there, no advisor
    assert (me, "workedAt", "Fenwater Institute") in f
    assert not any(o == "Ivo Marsh" for _, p, o in f if p in ("advisedBy", "mentoredBy"))


def test_a_professors_working_with_names_no_advisor():
    f = facts("professor_bio_prose.md")
    assert not any(p == "advisedBy" for _, p, _ in f)
    assert ("Maya Lindqvist", "studiedAt", "Harwick University") in f


def test_each_degree_of_a_sentence_and_a_town_after_an_organisation():
    ex = extract(load_document(DATA / "professor_bio_prose.md"))
    me = "Maya Lindqvist"
    by_object = {ex.entity(r.object).name: r for r in ex.relations if ex.entity(r.subject).name == me}
    # "undergraduate degree ... in 2003 and her doctoral studies ... in 2009": each school its own degree
    assert (by_object["Lakeshore University"].degree, by_object["Lakeshore University"].end) == ("BS", "2003")
    assert (by_object["Harwick University"].degree, by_object["Harwick University"].end) == ("PhD", "2009")
    # "... Department of Public Health in Brenton, NY": the town is no part of the name
    internship = by_object["Marlow County Department of Public Health"]
    assert (internship.predicate, internship.start, internship.end) == ("workedAt", "2007", "2008")


def test_people_a_degree_or_a_postdoc_was_done_with():
    f = facts("postdoc_bio_prose.md")
    me = "Tarek Osei"
    # "earned his PhD ... in 2016 with A and B": advisors; "a Postdoctoral Fellow until 2019 with C": a mentor
    assert {(me, "advisedBy", "Kofi Mensah"), (me, "advisedBy", "Lea Brandt"), (me, "mentoredBy", "Rana Aziz")} <= f
    assert (me, "advisedBy", "Nadia Petrov") in f  # "advised by A, and co-supervised by B"
    # "with Highest Honors" names nobody; a job "with" a person is no advice
    assert not any("Honors" in o for _, _, o in f)
    assert not any(o == "Piet Anders" for _, p, o in f if p in ("advisedBy", "mentoredBy"))


@pytest.mark.parametrize("name, me, job, role, school, advisor", [
    ("bio_prose_fr.md", "Claire Montagnier", "Université de Valmont", "maîtresse de conférences",
     "Université de Montclair", "Sylvie Aubertin"),  # "Je suis ... à", "sous la direction de"
    ("bio_prose_de.md", "Jonas Kessler", "Universität Lindenau", "wissenschaftlicher Mitarbeiter",
     None, "Albrecht Kessler"),  # "Ich bin ... am", "promoviert, betreut von"
    ("bio_prose_es.md", "Lucía Montero", "Instituto de Ciencias del Subsuelo", "investigadora",
     "Universidad de Arenales", "Ignacio Montalbán"),  # "Soy ... en", "Obtuve el doctorado", "bajo la dirección de"
    ("bio_prose_it.md", "Chiara Gualtieri", "Università di Pontebello", "ricercatrice",
     "Università di Valtorre", "Marco Rinaldi"),  # "Sono ... presso", "con la supervisione di"
])
def test_first_person_bios_in_other_languages(name, me, job, role, school, advisor):
    ex = extract(load_document(DATA / name))
    rel = {(ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name): r for r in ex.relations}
    worked = rel[(me, "workedAt", job)]
    assert (worked.role, worked.end) == (role, "present")  # the present tense: the position goes on
    if school:
        assert rel[(me, "studiedAt", school)].degree == "PhD"
    assert (me, "advisedBy", advisor) in rel
