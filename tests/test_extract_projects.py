"""Projects and who contributed to them (kg.extract.projects and where the pipeline reads them): the
entries of a Projects section in the shapes CVs give them (table rows, "name: description", bare list
items, a funded project's acronym), sentences naming a project (its noun in a language, a definition,
an apposition), a listed person's own projects, repositories linked by name, and structured records;
and what is no project (a skill list, a course, a compound adjective, an entry's title)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kg.extract import extract
from kg.extract.projects import grant_project, item_project, project_mentions, repository_project, role_project
from kg.extract.sections import heading_kind
from kg.ingest import load_document

DATA = Path(__file__).parent / "data" / "extract"


def contributions(path: Path) -> set[tuple[str, str, str | None, str | None]]:
    """``(person, project, start, end)`` of every contributedTo relation extracted from ``path``."""
    ex = extract(load_document(path))
    return {(ex.entity(r.subject).name, ex.entity(r.object).name, r.start, r.end)
            for r in ex.relations if r.predicate == "contributedTo"}


# -- a Projects section's entries ------------------------------------------------------------------

@pytest.mark.parametrize("line, found", [
    ("orbitfit (Python, C) | Docs | 2019-2021", ("orbitfit", "2019", "2021")),
    ("Zenodo | Salinity Grid Toolkit | 2022", ("Salinity Grid Toolkit", "2022", "2022")),
    ("lindbladx⋆: Open quantum systems in JAX | (Python) GitHub", ("lindbladx", None, None)),
    ("- Plankton Atlas", ("Plankton Atlas", None, None)),
    ("DFG-Projekt MEERSTROM | Teilprojektleiterin | 2020–2023", ("MEERSTROM", "2020", "2023")),
    ("- PRIN 2022 «TORRENTE – Modelli di piena», responsabile di unità", ("TORRENTE", "2022", "2022")),
    ("- Horizon 2020 project KELPWATCH (grant 101000000), partner, 2018–2021", ("KELPWATCH", "2018", "2021")),
])
def test_a_projects_entry_names_its_project_by_its_first_field(line, found):
    assert item_project(line, listed=True) == found


@pytest.mark.parametrize("line", [
    "Name | Description | Link",  # a table's heading row
    "- Languages: Python, Julia",  # a label a section's name says
    "- Programmierung: Python, Julia, Fortran",  # a label before the languages it lists
    "- Designing Fast Storage Layers for Archives",  # an entry's title says what was done
    "- Okonjo T., Lindqvist M., Vasquez-Holt O.",  # the authors of a software record
    "- Wrote the ingestion services for the harbour sensors.",
    "                 Descrição: Avaliar a polinização por abelhas nativas.",  # an indented entry's field label
    "省级重点项目“城市热岛遥感监测”，2019-2021",  # a clause, quotes and commas and all
])
def test_a_projects_section_line_that_names_no_project(line):
    assert item_project(line, listed=True) is None


def test_outside_a_projects_section_only_a_projects_shape_opens_an_item():
    assert item_project("- **QuickSolve**: a sparse solver", listed=False) == ("QuickSolve", None, None)
    assert item_project("- Plankton Atlas", listed=False) is None


@pytest.mark.parametrize("line, name", [
    ("- Paramétrage des lacs dans le Modèle Régional de Valbrume (MRV5)", "MRV5"),
    ("- Entwicklung des Systems zur Entscheidungshilfe bei Hochwasser in der Region Tarnow (HYDRAS).", "HYDRAS"),
    ("- Maintained the tide database of the Kestrel coast (KTIDE-2)", "KTIDE-2"),
])
def test_a_duty_names_a_product_by_the_acronym_after_its_phrase(line, name):
    # a job's duty line: a model, system or database and the acronym it is known by, in any language
    assert item_project(line, listed=False) == (name, None, None)
    # an organisation's acronym after a product noun, a job title's grade, a bracket in the next sentence are no product
    assert item_project("- Wrote software for the Tarnow Space Agency (TSA)", listed=False) is None
    assert item_project("- Intern, Kestrel Institute for Coastal Systems (KICS), Tarnow", listed=False) is None
    assert item_project("*Senior Software Engineer (T7) at Brakel Hydro*", listed=False) is None
    assert item_project("I built a sensing tool for flumes. I belong to a consortium on rivers (RIVNET).", listed=False) is None


@pytest.mark.parametrize("heading", ["Academic Projects", "Progetti", "Progetti di ricerca", "プロジェクト",
                                     "Forschungsprojekte", "Logiciels", "项目经验", "Research Software"])
def test_projects_headings_in_languages(heading):
    assert heading_kind(heading) == "projects"


# -- sentences -------------------------------------------------------------------------------------

@pytest.mark.parametrize("sentence, found", [
    ("Our group ran the sampling for the EU project HALCYON.", ["HALCYON"]),
    ("He is a member of the SEAFLUX consortium since 2019.", ["SEAFLUX"]),
    ("I am a fellow in the Adaptive Sensing for Coastal Technologies (ASCOT) project.",
     ["Adaptive Sensing for Coastal Technologies"]),
    ("She is the maintainer of tidy-kit, where she wrote the parsers.", ["tidy-kit"]),
    ("Oskar built the open tide forecasting engine GRIDLY, used by two ports.", ["GRIDLY"]),
    ("Tessera is a lightweight toolkit for reading sonar logs.", ["Tessera"]),
    ("Marrow Tide Engine (MTE) is a lightweight engine for surge forecasts.", ["MTE"]),
    ("The station runs MARLIN (the regional tide model) for two agencies.", ["MARLIN"]),
    ("Developed GPU-based tracking methods for sonar.", []),
    ("Led city-wide surveys of street trees.", []),
    ("Designing Fast Storage Layers for Archive Service", []),
    ("We fine-tuned BERT, a language model, on clinical notes.", []),
    ("Ana is a software engineer at Acme.", []),
    ("I review for conferences such as ICML and NeurIPS.", []),
])
def test_projects_a_sentence_names(sentence, found):
    assert [name for name, _ in project_mentions(sentence)] == found


@pytest.mark.parametrize("sentence, found", [
    ("Sie ist Hauptentwicklerin von Wolkenzug, einer Bibliothek für Wolkenfelder.", ["Wolkenzug"]),
    ("Er entwickelte das Werkzeug SeaMesh für Küstenmodelle.", ["SeaMesh"]),
    ("Il est développeur principal du solveur OrbiCal.", ["OrbiCal"]),
    ("Soy desarrolladora principal de TramaEco, un paquete de R.", ["TramaEco"]),
    ("Ho sviluppato il pacchetto GeoLatte per R.", ["GeoLatte"]),
    ("É criador do TerraViz, uma ferramenta de visualização.", ["TerraViz"]),
    ("Il a contribué à la Bibliothèque nationale.", []),
])
def test_projects_a_sentence_names_in_other_languages(sentence, found):
    assert [name for name, _ in project_mentions(sentence)] == found


def test_a_repository_link_names_a_project_when_its_text_is_the_repositorys_name():
    assert repository_project("https://github.com/ovholt/python-kelpnet", "kelpnet") == "kelpnet"
    assert repository_project("https://github.com/ovholt/kelpnet", "GitHub") is None
    assert repository_project("https://github.com/ovholt", "ovholt") is None  # a profile


def test_a_position_names_a_project():
    assert role_project("lintwell", "Core Maintainer") == "lintwell"
    assert role_project("Open Robotics Forum", "Session Chair") is None


# -- documents -------------------------------------------------------------------------------------

def test_a_cvs_projects_table_list_and_grant_but_no_skill_or_course():
    assert contributions(DATA / "projects_listed_cv.md") == {
        ("Oriane Vasquez-Holt", "kelpnet", None, None),
        ("Oriane Vasquez-Holt", "driftcal", "2018", "2021"),
        ("Oriane Vasquez-Holt", "Salinity Grid Toolkit", "2022", "2022"),
        ("Oriane Vasquez-Holt", "Plankton Atlas", None, None),
        ("Oriane Vasquez-Holt", "TideBench", None, None),
        ("Oriane Vasquez-Holt", "MEERSTROM", "2020", "2023"),
    }


def test_a_lab_pages_members_own_their_projects():
    found = {(person, project) for person, project, _, _ in contributions(DATA / "lab_members_projects.html")}
    assert found == {("Helga Quorvel", "rootgrid"), ("Tomasz Ebbeling", "stomacount"), ("Pavel Ostrowicz", "RootScape")}


def test_a_json_resumes_positions_and_summary_name_projects_but_not_venues():
    assert contributions(DATA / "resume_volunteer_projects.json") == {
        ("Sigrun Alderetti", "HALCYON", "2016-02", "2020-01"),
        ("Sigrun Alderetti", "lintwell", "2019-05", "present"),
        ("Sigrun Alderetti", "Quillon", None, None),
    }


def test_a_code_named_in_a_skills_section_is_the_subjects_project(tmp_path):
    """"Compétences" lists what a physicist built: "un solveur ... nommé X" (named, in the Romance languages and
    German) names a project there as in prose; each item is its own sentence, and a list of tools names none."""
    path = tmp_path / "cv.md"
    path.write_text("# Odile Ferrand\n\nCompétences\n======\n"
                    "* Écriture d'un solveur de houle en C nommé TORUS (méthode spectrale)\n"
                    "* Mise au point avec Julia d'un modèle d'érosion côtière nommé QUASAR\n"
                    "* Langages : C, Julia, Python\n", encoding="utf-8")
    assert {project for _, project, _, _ in contributions(path)} == {"TORUS", "QUASAR"}


def test_a_national_funder_or_an_unknown_end_is_no_grants_project():
    from kg.extract.projects import grant_project
    assert grant_project("Grant NCN Sonata | 1 marca 2016 – 28 lutego 2019") is None  # Poland's science centre
    assert grant_project("TUBITAK 1001 projesi, yürütücü, 2019–2022") is None
    assert grant_project("2022年04月 ～ TBD 文部科学省 共同研究") is None  # an end to be decided


def test_a_funders_acronym_in_brackets_after_its_name_is_no_project_and_works_are_publications():
    assert grant_project("Tidal Forecasting, Avon Council for Health Research (ACHR), Co-I (GBP 240k), 2017-2019.") is None
    assert grant_project("TIDEWALK: Coastal walking robots, Avon Council for Health Research, PI, 2015-2018.") == "TIDEWALK"
    # "Works": a scholar's books and papers, not work experience ("Work" is)
    assert heading_kind("Works") == heading_kind("Selected Works") == "publications"
    assert heading_kind("Work") == "experience"
