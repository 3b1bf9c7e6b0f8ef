"""Degrees and their fields as CVs write them."""
from __future__ import annotations

import pytest

from kg.extract.vocab import degree_of, degree_span


def test_lower_case_short_words_are_not_degrees():
    assert degree_of("ma and ba") is None
    assert degree_of("ma, then PhD in History") == "PhD"
    assert degree_span("studied ms then PhD")[0] == "PhD"
    assert degree_span("ma and MA") == ("MA", 7, 9)  # the word passed over, the degree after it found


def test_the_french_habilitations_short_form_and_the_german_state_examination():
    assert degree_of("HDR (2015), Université de Morlanne") == degree_of("HDR en chimie") == "Habilitation"
    assert degree_of("Zweites Staatsexamen, Universität Auenfeld") == "MS"
    assert degree_of("HDR imaging pipeline for drones") is None  # the imaging technique, no degree


def test_the_french_research_engineer_grades_are_jobs_not_the_engineering_degree():
    assert degree_of("Ingénieur d'études | Statisticien") is None
    assert degree_of("Ingénieure de recherche CNRS") is None
    assert degree_of("Diplôme d'ingénieur, École Centrale") == degree_of("Ingénieur ENSEEIHT") == "Engineering Diploma"


def test_a_post_doctoral_job_and_a_society_for_the_promotion_of_science_name_no_doctorate():
    assert degree_of("Post doctoral Research Fellow") is None
    assert degree_of("Research Fellow, Nordic Society for the Promotion of Science") is None
    assert degree_of("Promotion in Informatik, Universität Auenfeld") == degree_of("Doctoral student") == "PhD"


def test_a_degrees_level_names_a_course_not_a_degree():
    assert degree_of("I used to teach data mining as a master-level module") is None
    assert degree_of("a PhD-level course in optics") is None
    assert degree_of("Master of Science, 2014") == "MS"


@pytest.mark.parametrize("text, degree", [
    ("Doctoraat Geologie", "PhD"),  # Dutch
    ("Uitwisselingsjaar Erasmus+", "Visit"),
    ("Exchange semester", "Visit"),
    ("A Levels", "High School"),
    ("Studium", "Studies"),
    ("Studies of Geoscience at the University of Tarnow", "Studies"),
    ("Institute for Advanced Studies in Physics", None),  # an institute's name, no course of study
])
def test_courses_of_study_named_without_a_degree(text, degree):
    assert degree_of(text) == degree
