"""Structured CV records read by field (kg.extract.structured): advisors named in an entry's notes,
and an entry's organisations joined in one field. Every person and organisation here is invented."""
from __future__ import annotations

import pytest

from kg.extract import extract
from kg.ingest import load_document

from tests.extract_helpers import relation

RENDERCV = """cv:
  name: Ilse Okonkwo
  sections:
    education:
      - institution: University of Tarnow / MPI for Marine Acoustics
        area: Oceanography
        degree: PhD
        start_date: 2016
        end_date: 2021
        highlights:
          - "Thesis: *Sound channels of shallow seas* (advisor: Dr. Mira Halvorsen)."
      - area: Physics
        degree: BSc
        end_date: 2015
        advisors:
          - Tomas Lindqvist
    experience:
      - company: Harbour Acoustics Lab / Tarnow Institute of Marine Science
        position: Research Engineer
        start_date: 2021
        end_date: present
"""


def triples(path) -> set[tuple[str, str, str]]:
    result = extract(load_document(path))
    return {(result.entity(r.subject).name, r.predicate, result.entity(r.object).name) for r in result.relations}


def test_advisors_named_in_parentheses_inside_a_note_and_in_a_record_without_its_school(tmp_path):
    path = tmp_path / "cv.yaml"
    path.write_text(RENDERCV, encoding="utf-8")
    found = triples(path)
    assert {("Ilse Okonkwo", "advisedBy", "Mira Halvorsen"), ("Ilse Okonkwo", "advisedBy", "Tomas Lindqvist")} <= found


def test_organisations_joined_by_a_slash_are_each_an_affiliation(tmp_path):
    path = tmp_path / "cv.yaml"
    path.write_text(RENDERCV, encoding="utf-8")
    found = triples(path)
    assert {("Ilse Okonkwo", "studiedAt", "University of Tarnow"),
            ("Ilse Okonkwo", "studiedAt", "Max Planck Institute for Marine Acoustics"),  # "MPI for X" written out
            ("Ilse Okonkwo", "workedAt", "Harbour Acoustics Lab"),
            ("Ilse Okonkwo", "workedAt", "Tarnow Institute of Marine Science")} <= found
    assert not any("/" in name for triple in found for name in triple)


def test_rendercv_markdown_fields_read_as_rendered_and_a_project_named_before_its_dash(tmp_path):
    path = tmp_path / "cv.yaml"
    path.write_text("cv:\n  name: Ilse Okonkwo\n  sections:\n    experience:\n"
                    "      - company: '[Glider Works](https://example.org/gw)'\n        position: Engineer\n"
                    "        start_date: 2019\n        end_date: 2021\n    projects:\n"
                    "      - name: '[Tidewatch](https://github.com/example/tidewatch) — a logger for buoy data'\n",
                    encoding="utf-8")
    found = triples(path)
    assert {("Ilse Okonkwo", "workedAt", "Glider Works"), ("Ilse Okonkwo", "contributedTo", "Tidewatch")} <= found
    assert not any("](" in name or "—" in name for triple in found for name in triple)


ACADEMIC_YAML = """name: Ines Varga
affiliation: University of Tarnow
news:
  - date: '05/2024'
    slides: '/files/slides/talk.pdf'
    description: 'talk on tidal mixing at the Baltic Sea Days'
  - date: '03/2024'
    description: 'paper on ice cores accepted'
education:
  - date: 2018-2022
    title: MSc in Oceanography
    affiliation: University of Tarnow
    mentor: Tomas Lindqvist
positions:
  - date: 2022-till date
    title: Research Assistant
    affiliation: University of Tarnow
  - date: 2021
    title: Intern
    affiliation: Harbour Acoustics Lab
    mentor: Mira Halvorsen
visiting_positions:
  - date: 2020
    title: Visiting student
    affiliation: Institute of Polar Studies
    mentor: Anja Petersen
"""


def test_records_under_any_key_naming_a_cv_section_with_their_affiliation_and_mentor(tmp_path):
    path = tmp_path / "cv.yml"
    path.write_text(ACADEMIC_YAML, encoding="utf-8")
    result = extract(load_document(path))
    found = {(result.entity(r.subject).name, r.predicate, result.entity(r.object).name): r for r in result.relations}
    # a mentor of a degree is its advisor, of a job a mentor, of a visiting student's stay an advisor
    assert {("Ines Varga", "studiedAt", "University of Tarnow"), ("Ines Varga", "advisedBy", "Tomas Lindqvist"),
            ("Ines Varga", "workedAt", "University of Tarnow"), ("Ines Varga", "workedAt", "Harbour Acoustics Lab"),
            ("Ines Varga", "mentoredBy", "Mira Halvorsen"), ("Ines Varga", "studiedAt", "Institute of Polar Studies"),
            ("Ines Varga", "advisedBy", "Anja Petersen")} <= found.keys()
    job = found["Ines Varga", "workedAt", "University of Tarnow"]
    assert (job.role, job.start, job.end) == ("Research Assistant", "2022", "present")
    assert job.evidence.line_start == 15  # the position's own line, not the degree's that names the same school


def test_advisors_listed_in_a_note_with_where_each_works(tmp_path):
    path = tmp_path / "cv.yml"
    path.write_text("name: Ines Varga\neducation:\n  - title: PhD in Oceanography\n    institution: University of Tarnow\n"
                    "    year: 2021 - 2025\n    description:\n"
                    "      - 'Supervisors: Tomas Lindqvist (Institute of Polar Studies), Mira Halvorsen (University of Kelso)'\n",
                    encoding="utf-8")
    found = triples(path)
    assert {("Ines Varga", "advisedBy", "Tomas Lindqvist"), ("Tomas Lindqvist", "workedAt", "Institute of Polar Studies"),
            ("Ines Varga", "advisedBy", "Mira Halvorsen"), ("Mira Halvorsen", "workedAt", "University of Kelso")} <= found


def test_a_supervisor_field_joining_two_names_links_each(tmp_path):
    path = tmp_path / "cv.yml"
    path.write_text("name: Ines Varga\nexperience:\n  - title: Postdoctoral Fellow\n    institution: University of Tarnow\n"
                    "    dates: 2019 - 2023\n    supervisor: \"Prof. Dr. Tomas Lindqvist & Prof. Dr. Mira Halvorsen\"\n",
                    encoding="utf-8")
    found = triples(path)
    assert {("Ines Varga", "advisedBy", "Tomas Lindqvist"), ("Ines Varga", "advisedBy", "Mira Halvorsen")} <= found


def test_a_record_whose_fields_kg_does_not_know_is_read_as_the_text_it_renders_to(tmp_path):
    path = tmp_path / "cv.yml"
    path.write_text("name: Ines Varga\njobs:\n  - when: 2019-2022\n    what: Research Assistant\n"
                    "    where: University of Tarnow\nstudies:\n  - when: 2014-2018\n    what: BSc in Physics\n"
                    "    where: University of Kelso\n", encoding="utf-8")
    result = extract(load_document(path))
    found = {(result.entity(r.subject).name, r.predicate, result.entity(r.object).name): r for r in result.relations}
    job = found["Ines Varga", "workedAt", "University of Tarnow"]
    assert (job.role, job.start, job.end, job.evidence.line_start) == ("Research Assistant", "2019", "2022", 3)
    assert ("Ines Varga", "studiedAt", "University of Kelso") in found


def test_a_section_key_titled_in_the_order_list_and_its_place_field(tmp_path):
    # a LaTeX CV generator's YAML: "order" prints the key "research" under "Research Experience"; "place" is the employer
    path = tmp_path / "cv.yaml"
    path.write_text("""name: Ada Quillfeather
order:
  - [education, Education]
  - [research, Research Experience]
education:
  - school: University of Tarnow
    degree: Ph.D. Physics
    dates: 2012 -- 2018
research:
  - place: Harwick Institute of Optics
    title: Research Assistant
    advisor: Prof. Jonas Brandt
    dates: June 2011 -- August 2011
""", encoding="utf-8")
    found = triples(path)
    assert ("Ada Quillfeather", "workedAt", "Harwick Institute of Optics") in found
    assert ("Ada Quillfeather", "advisedBy", "Jonas Brandt") in found


def test_html_in_a_records_values_and_in_front_matter_reads_as_its_visible_text(tmp_path):
    # a site's data file and a page's header hold the HTML their template prints: the org is the link's text
    cv = tmp_path / "cv.yml"
    cv.write_text("name: <b>Oskar Brandt</b>\nexperience:\n  - role: Research <b>Scientist</b>\n"
                  "    organization: <a href=\"https://lund.example.org\">University of Lundmark</a>\n"
                  "    years: 2019 - present\n  - role: Postdoc<br>Fellow\n"
                  "    institution: '<a href=\"https://fjord.example.org\">Institute of <i>Fjords</i></a>'\n"
                  "    dates: 2016 - 2019\n", encoding="utf-8")
    ex = extract(load_document(cv))
    assert ex.entity(ex.subject).name == "Oskar Brandt"
    assert relation(ex, "Oskar Brandt", "workedAt", "University of Lundmark").role == "Research Scientist"
    assert relation(ex, "Oskar Brandt", "workedAt", "Institute of Fjords").role == "Postdoc Fellow"
    page = tmp_path / "about.md"
    page.write_text("---\ntitle: Oskar Brandt\nrole: Research <b>Scientist</b>\n"
                    "affiliation: <a href=\"https://lund.example.org\">University of Lundmark</a>\n---\n\nHello.\n",
                    encoding="utf-8")
    ex = extract(load_document(page))
    assert relation(ex, "Oskar Brandt", "workedAt", "University of Lundmark").role == "Research Scientist"


NUMBERED_EDUCATION = """name: Tilda Morrow
education1:
  degree: PhD in Ecology
  institution: University of Harwick
  year: 2012
education2:
  degree: MSc in Biology
  institution: Tarrant University
  year: 2008
"""


@pytest.mark.parametrize("jobs", [
    "job_count: 2\njob_1:\n  title: Associate Professor\n  employer: Vellmark Institute of Technology\n  dates: 2018 - present\n"
    "job_2:\n  title: Postdoctoral Fellow\n  employer: Norland Research Centre\n  dates: 2012 - 2018\n",
    # hand-typed bullets in the values: list items
    'position-1: "- Associate Professor, Vellmark Institute of Technology, 2018 - present"\n'
    'position-2: "- Postdoctoral Fellow, Norland Research Centre, 2012 - 2018"\n',
])
def test_keys_numbering_the_entries_of_a_section_are_one_list_of_that_section(tmp_path, jobs):
    path = tmp_path / "cv.yaml"
    path.write_text(NUMBERED_EDUCATION + jobs, encoding="utf-8")
    ex = extract(load_document(path))
    me = "Tilda Morrow"
    found = {(r.predicate, ex.entity(r.object).name) for r in ex.relations}
    # "education1", "job_2" are no projects
    assert found == {("studiedAt", "University of Harwick"), ("studiedAt", "Tarrant University"),
                     ("workedAt", "Vellmark Institute of Technology"), ("workedAt", "Norland Research Centre")}
    assert relation(ex, me, "workedAt", "Vellmark Institute of Technology").role == "Associate Professor"
    norland = relation(ex, me, "workedAt", "Norland Research Centre")
    assert (norland.role, norland.start, norland.end) == ("Postdoctoral Fellow", "2012", "2018")
