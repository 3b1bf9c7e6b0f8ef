"""Tests for the rule modules of kg.extract: people, organisations, sections, identifiers, projects."""
from __future__ import annotations

import pytest

from kg.extract import extract
from kg.extract.identifiers import find_identifiers
from kg.extract.orgs import find_orgs_in_text, is_location, is_role, org_chain
from kg.extract.people import clean_person, split_people
from kg.extract.publications import same_person
from kg.extract.positions import parse_note
from kg.extract.projects import project_mentions
from kg.extract.sections import find_sections, heading_kind
from kg.ingest import load_document
from kg.model import Document, Line


@pytest.mark.parametrize(
    "text, name",
    [
        ("Prof. Dr. Ana Lúcia Ferreira", "Ana Lúcia Ferreira"),
        ("Assistant Prof. Jean-Luc Moreau [link]", "Jean-Luc Moreau"),
        ("Dr. Nguyễn Thị Lan", "Nguyễn Thị Lan"),
        ("August Lindqvist", "August Lindqvist"),  # a month that is also a given name, as June and May are
        ("April Okonjo", "April Okonjo"),
        ("August 2019", None),
        ("张伟", "张伟"),
        ("Department of Physics", None),
        ("Hadoop MapReduce", None),
        ("Senior Research Scientist", None),
    ],
)
def test_clean_person(text, name):
    assert clean_person(text) == name


def test_split_people_keeps_notes():
    people = split_people("Mahdi Rahimi (chair), Yuki Tanaka (RIKEN), and Dr. Sofia Esposito")
    assert [(p.name, p.note) for p in people] == [
        ("Mahdi Rahimi", "chair"), ("Yuki Tanaka", "RIKEN"), ("Sofia Esposito", None)]


def test_split_people_ends_names_at_prepositions():
    assert [p.name for p in split_people("Prof. Ama Boateng at the University of Ghana, and Dr. Li Wei")] == [
        "Ama Boateng", "Li Wei"]


def test_abbreviated_names():
    assert same_person("K. Mensah-Bonsu", "Kofi Mensah-Bonsu") and same_person("Kofi Mensah-Bonsu", "K. Mensah-Bonsu")
    assert not same_person("K. Mensah", "Kofi Boateng") and not same_person("A. Mensah", "Kofi Mensah")


def test_person_notes_give_roles_and_current_jobs():
    assert parse_note("CTO@Quanta Labs, now CEO@Brightline") == [
        ("CTO", "Quanta Labs", False), ("CEO", "Brightline", True)]


def test_org_chain_nests_units_and_skips_places_and_roles():
    chain = org_chain("Soft Matter Group, Dept. of Physics, Univ. of Toronto, Toronto, Canada, 2015 - 2018")
    assert [(m.name, m.type) for m in chain] == [
        ("Soft Matter Group", "Lab"), ("Department of Physics", "Lab"), ("University of Toronto", "University")]
    assert [m.name for m in org_chain("Research Intern at Preferred Networks, Tokyo")] == ["Preferred Networks"]


def test_org_chain_degree_before_school_fields_and_long_names():
    assert [m.name for m in org_chain("Ph.D. University of Edinburgh and South China University of Technology 2019")] == [
        "University of Edinburgh", "South China University of Technology"]
    assert [m.name for m in org_chain("MSc Politecnico di Milano, 2011 - 2013")] == ["Politecnico di Milano"]
    assert [m.name for m in org_chain("PhD, Applied Linguistics, University of Cape Town")] == ["University of Cape Town"]
    assert [m.name for m in org_chain("Postdoc, Max Planck Institute for the Physics of Complex Systems, Dresden")] == [
        "Max Planck Institute for the Physics of Complex Systems"]
    assert [m.type for m in org_chain("MA, Fundação Getulio Vargas")] == ["Institute"]


def test_lab_named_x_and_y_in_prose():
    found = find_orgs_in_text("She is a fellow in the Circuits and Computation Lab at the University of Bristol.")
    assert [o.name for o in found] == ["Circuits and Computation Lab", "University of Bristol"]
    assert [o.name for o in find_orgs_in_text("I worked at Acme Seed and Shanghai AI Lab.")] == ["Shanghai AI Laboratory"]


def test_mentor_triggers_depend_on_the_position():
    from kg.extract.positions import trigger_predicate

    assert trigger_predicate("postdoctoral fellow with") == "mentoredBy"
    assert trigger_predicate("PI:") == "mentoredBy" and trigger_predicate("PI:", studying=True) == "advisedBy"
    assert trigger_predicate("worked with", "He ", " Prof. A. Bello on X") is None


def test_orgs_in_prose_drop_roles_awards_and_dates():
    found = find_orgs_in_text(
        "In 2019 she became a Lecturer in the School of Chemistry at the University of Melbourne and won "
        "the Royal Society Early Career Award.")
    assert [o.name for o in found] == ["School of Chemistry", "University of Melbourne", "Royal Society"]


def test_locations_and_roles():
    assert is_location("Nairobi") is False or is_location("Kenya")
    assert is_location("WA 98195") and is_location("Germany")
    assert is_role("Postdoctoral Research Associate") and not is_role("Broad Institute")


def test_identifiers_obfuscated_and_links():
    ids = find_identifiers("r.ito (at) phys.tohoku.ac.jp; scholar.google.co.jp/citations?user=AbCdEfGhIjKl&hl=ja")
    assert ids == {"email": "r.ito@phys.tohoku.ac.jp", "scholar": "AbCdEfGhIjKl"}


def test_project_mentions():
    found = [n for n, _ in project_mentions("She created LexiGraph and co-developed the PhonoBank corpus.")]
    assert found == ["LexiGraph", "PhonoBank"]
    assert [n for n, _ in project_mentions("I am a contributor to NumPy, SciPy and the Julia language.")] == [
        "NumPy", "SciPy", "Julia"]
    assert [n for n, _ in project_mentions("We led the Ocean Carbon SDK, Application, and Service.")] == []


@pytest.mark.parametrize(
    "text, found",
    [
        ("Co-creator of Lingua Franca, an annotation tool for field linguists.", ["Lingua Franca"]),
        ("She wrote the Haddock simulation code used by the collaboration.", ["Haddock"]),
        ("Author of the R package fastDR.", ["fastDR"]),
        ("He leads the OpenQuake engine development.", ["OpenQuake"]),
        ("He developed Maria Santos, a friend.", []),
        ("She led the Oxford team in the competition.", []),
        ("We developed Data Science tools for students.", []),
        ("Led development of Atlas, an internal ML platform for forecasting.", ["Atlas"]),
        ("Core developer of the Rosetta modelling suite.", ["Rosetta"]),
        ("Initiated and maintained the open-source project OpenTide.", ["OpenTide"]),
        ("Contributed to the design of Quill, a collaborative editor.", ["Quill"]),
        ("I created and maintain the Python library fastkde.", ["fastkde"]),
        ("Creator of tidyphon (R package for phonetic data).", ["tidyphon"]),
        ("I built the YouTube Data pipeline.", ["YouTube Data"]),
        ("I developed methods (a software package) for X.", []),
        ("She developed a variety of tools for teaching.", []),
        ("He was Associate Director of PacificLab and developed its outreach.", []),
        ("I worked on Unity3D and C++ game engines.", []),
    ],
)
def test_projects_named_by_a_product_noun_or_a_language(text, found):
    assert [n for n, _ in project_mentions(text)] == found


def test_sections_in_other_languages_and_caps():
    lines = ["Ana Sousa", "FORMAÇÃO", "Doutoramento em Linguística, Universidade de Lisboa, 2019",
             "Expérience professionnelle", "Chercheuse, CNRS, 2020 - présent", "Publications", "A. Sousa. 2021."]
    doc = Document("a.txt", "a.txt", "text", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
    assert [s.kind for s in find_sections(doc) if s.heading] == ["education", "experience", "publications"]
    assert heading_kind("Research and Professional Experience") == "experience"
    assert heading_kind("Teaching Experience") == "teaching"
    assert heading_kind("Récompenses") == "awards"  # French CVs' awards


def test_any_text_extracts_without_error_and_relations_point_to_entities():
    hypothesis = pytest.importorskip("hypothesis")
    from hypothesis import given, settings, strategies as st

    from kg.extract import extract

    words = st.sampled_from(["University", "of", "Dept.", "Lab", "PhD", "Advisor:", "Prof.", "2019", "-",
                             "present", "Inc.", "at", "the", "Since", "**", "(", ")", "and", "Mentor:", "Ana", "Lee"])
    line = st.one_of(st.lists(words, max_size=20).map(" ".join), st.text(max_size=80))

    @settings(max_examples=40, deadline=None)
    @given(st.lists(line, max_size=15))
    def run(texts):
        doc = Document("f.txt", "f.txt", "text", tuple(Line(i + 1, t) for i, t in enumerate(texts)), "0")
        ex = extract(doc)
        ids = {e.id for e in ex.entities}
        assert all(r.subject in ids and r.object in ids for r in ex.relations)
        assert ex.subject in ids

    run()


def test_venues_named_in_service_and_award_lists():
    from kg.extract.venue_mentions import talk_venue, venue_mentions

    found = [written for _, written in venue_mentions(
        "She is a reviewer for Physical Review Letters, Glossa and Journal of Phonetics.")]
    assert found == ["Physical Review Letters", "Glossa", "Journal of Phonetics"]
    assert [n for n, _ in venue_mentions("The PACT project ended.")] == []
    assert talk_venue("2022 | Annual Meeting of the Linguistic Society of America (poster), Washington") == \
        "Annual Meeting of the Linguistic Society of America"


def test_place_after_of_is_part_of_the_name():
    assert [m.name for m in org_chain("Associate Professor, University of Iceland, 2020 - present")] == [
        "University of Iceland"]
    assert [m.name for m in org_chain("Analyst, Bank of Iceland")] == ["Bank of Iceland"]
    assert [m.name for m in org_chain("University of Tokyo Japan")] == ["University of Tokyo"]


def test_degree_fields_research_and_development_and_trade_names():
    assert [m.name for m in org_chain("Certificate IV in Laboratory Techniques, Riverside Institute of TAFE")] == [
        "Riverside Institute of TAFE"]
    assert [m.name for m in org_chain("PhD in the Department of Physics, University of Oslo")] == [
        "Department of Physics", "University of Oslo"]
    assert [m.name for m in org_chain("Engineer, Kauri Research and Development Centre")] == [
        "Kauri Research and Development Centre"]
    assert [m.name for m in org_chain("Analyst, Google Research and Stanford University")] == [
        "Google Research", "Stanford University"]
    assert [m.name for m in org_chain("Research Scientist, Nimbus Robotics")] == ["Nimbus Robotics"]
    assert org_chain("PhD, Quantum Physics") == [] and org_chain("Consultant, Maria Santos") == []


def test_vocational_and_technology_degrees():
    from kg.extract.vocab import degree_of

    assert [degree_of(t) for t in ("M.Tech., Computer Science", "Higher National Diploma in Chemistry",
                                   "Certificate III in Horticulture", "Associate Degree in Nursing",
                                   "Research Associate")] == ["MTech", "Diploma", "Certificate", "Associate Degree", None]


def test_a_class_entry_with_its_employer_before_a_place():
    # friggeri-cv's \entry{dates}{Employer}{City, Country}{\emph{role}...}; an activity before a town is no employer
    from kg.extract.positions import typed_entries

    entries = typed_entries(3, {"role": "Halvorsen Optics - Ref: k.dahl@example.no", "org": "Bergen, Norway",
                                "dates": "2015"})
    assert [([m.name for m in e.chain], e.place) for e in entries] == [(["Halvorsen Optics"], "Bergen, Norway")]
    assert typed_entries(4, {"role": "Private tuition", "org": "Heidelberg", "dates": "2016--2019"}) == []


def test_the_dutch_titles_written_without_full_stops():
    # "Prof dr ir X" as well as "Prof. dr. ir. X"
    assert clean_person("Prof dr ir Annelies Verstraeten") == clean_person("Prof. dr. ir. Annelies Verstraeten") \
        == "Annelies Verstraeten"
    assert clean_person("Iris Dekeyser") == "Iris Dekeyser"


def test_a_stopword_that_is_also_a_name_after_a_title():
    assert clean_person("Prof. Helen Grant") == "Helen Grant"
    assert clean_person("Marie Curie Grant") is None and clean_person("ERC Starting Grant") is None


def test_societies_named_for_their_field_and_talk_lines():
    from kg.extract.venue_mentions import talk_venue

    found = find_orgs_in_text("She is a member of the Society for Neuroscience and the Society for Industrial and "
                              "Applied Mathematics (SIAM).")
    assert [o.name for o in found] == ["Society for Neuroscience", "Society for Industrial and Applied Mathematics"]
    assert find_orgs_in_text("She studied Physics and Astronomy in Leeds.") == []
    assert talk_venue("Invited talk at the 95th Annual Meeting of the Phonology Society, 2021") == \
        "Annual Meeting of the Phonology Society"
    assert talk_venue("33rd Workshop on Tone, Leiden") == "Workshop on Tone"


def test_a_labelled_line_starts_a_new_passage():
    from kg.extract.text import passages

    found = passages([(0, "Since 2021: Lecturer, School of Physics, University of Leeds"),
                      (1, "Research Areas: Optics, Lasers")])
    assert [p.text for p in found] == ["Since 2021: Lecturer, School of Physics, University of Leeds",
                                       "Research Areas: Optics, Lasers"]
    assert len(passages([(0, "She joined the School of Physics at the University of Leeds"),
                         (1, "after a postdoc in Lyon.")])) == 1


def test_a_school_named_after_its_city_is_a_university():
    from kg.extract.orgs import classify_segment

    assert classify_segment("Stockholm School of Economics").type == "University"
    assert classify_segment("Kellogg School of Management").type == "Lab"


def test_a_unit_chained_under_an_outer_organisation_is_part_of_it():
    from kg.extract.context import ExtractContext
    from kg.extract.orgs import OrgMention, OrgRegistry

    ctx = ExtractContext(Document("a.txt", "a.txt", "text", (Line(1, "x"),), "0"))
    registry = OrgRegistry(ctx)
    top = registry.add(OrgMention("University of Xanadu", "University of Xanadu", "University", False), None)
    (unit,) = registry.chain([OrgMention("Gizmo Works", "Gizmo Works", "Company", False)], None, outer_id=top)
    assert [(ctx.entity(r.subject).name, r.predicate, ctx.entity(r.object).name) for r in ctx.relations] == [
        ("Gizmo Works", "partOf", "University of Xanadu")]


@pytest.mark.parametrize("heading, kind", [
    ("主要代表性学术论文", "publications"),  # CJK words run together: a phrase inside the heading
    ("近期发表论文与专著", "publications"),
    ("教育与培训背景", "education"),
    ("研究兴趣", None),
])
def test_cjk_headings_name_their_kind_without_spaces_between_words(heading, kind):
    assert heading_kind(heading) == kind


@pytest.mark.parametrize("line, project", [
    ("DFG-Projekt „KARSTWASSER – Strömung in Karstgrundwasserleitern“ (AB 12/1-1), Antragstellerin, 2020–2023", "KARSTWASSER"),
    ("Projet ANR JCJC LUMIFLOW (2016–2020), coordinatrice, 210 k€", "LUMIFLOW"),
    ('NERC Standard Grant NE/Y000001/1 "TIDELOCK: tidal mixing on shelves" (2022–2026), PI', "TIDELOCK"),
    ("Horizon 2020 project SEAGRASSNET, work package leader", "SEAGRASSNET"),
    ("NIH F31 Predoctoral Fellowship, PI", None),
    ("MSCA-ITN, partner", None),
])
def test_a_grant_entry_names_its_project_by_acronym(line, project):
    from kg.extract.projects import grant_project
    assert grant_project(line) == project


def test_a_grants_section_gives_contributed_to(tmp_path):
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / "cv.md"
    path.write_text("# Vera Holm\n\nProfessor, University of Tarnow\n\n## Research Funding\n\n"
                    "- 2021–2024: NWO Vidi grant DUNEWATCH, principal investigator\n\n"
                    "## Honors, Awards and Grants\n\n- ACME Best Paper Award, 2019\n", encoding="utf-8")
    ex = extract(load_document(path))
    projects = {ex.entity(r.object).name for r in ex.relations if r.predicate == "contributedTo"}
    assert projects == {"DUNEWATCH"}


def test_a_societys_heading_at_the_level_of_memberships_stays_a_membership():
    # LaTeX sub-sections flattened to the level of their section: each society is a heading of its own
    lines = ["# Ana Sousa", "# Experience", "# Quillon University", "Lecturer, 2016 - present",
             "# Memberships in Professional Societies", "# Marrowfield Society for Soil Science", "2012 - present",
             "# Tarnow Association of Limnologists", "2014 - present"]
    doc = Document("a.md", "a.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
    assert [(s.kind, len(s.lines)) for s in find_sections(doc) if s.heading][1:] == [("experience", 2), ("memberships", 4)]
    from kg.extract import extract

    result = extract(doc)
    names = {e.id: e.name for e in result.entities}
    assert {names[r.object] for r in result.relations if r.predicate == "workedAt"} == {"Quillon University"}


def test_an_unknown_heading_without_years_after_the_degrees_ends_the_education_section():
    # all headings at one level (a CV class's \\cvsection): an employer's heading bears its years, a list of
    # strengths or tools does not, and its lines are no schools
    lines = ["# Ilse Varga", "# Education", "# Quillon University", "PhD in Acoustics, 2014 - 2018",
             "# Guiding Principles", "Measure twice, publish once.", "# Strengths", "Signal Processing",
             "Embedded Firmware"]
    doc = Document("a.md", "a.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
    assert [(s.kind, s.heading) for s in find_sections(doc) if s.heading][1:] == [
        ("education", "Education"), (None, "Guiding Principles"), (None, "Strengths")]
    result = extract(doc)
    names = {e.id: e.name for e in result.entities}
    assert {names[r.object] for r in result.relations if r.predicate == "studiedAt"} == {"Quillon University"}


def test_a_pandoc_title_block_names_the_subject_and_areas_of_specialization_are_no_school(tmp_path):
    # "% Title / % Author / % Date" opens a Pandoc CV; a philosopher's AOS and AOC follow the degrees
    page = tmp_path / "cv.md"
    page.write_text(
        "% Curriculum Vitae\n% Ada Quill\\\n  Department of Botany\n% June 2, 2012\n\n"
        "Education\n=========\n\n-   Ph.D., Philosophy, University of Tarnow, 2005.\n\n"
        "Area of Specialization\n======================\n\n-   Metaphysics\n\n"
        "Areas of Competence\n===================\n\n-   Logic, Ancient Philosophy\n",
        encoding="utf-8",
    )
    ex = extract(load_document(page))
    assert ex.entity(ex.subject).name == "Ada Quill"
    assert {(r.predicate, ex.entity(r.object).name) for r in ex.relations} == {("studiedAt", "University of Tarnow")}


def test_a_programme_in_engineering_under_education_is_a_study_not_a_job(tmp_path):
    # "Engineering" names the field; "Software Engineer" is a job wherever it stands
    path = tmp_path / "cv.md"
    path.write_text("# Tomas Quell\n\n## Education\n\n- 1998-2000: Candidate for BSE Computer Science Engineering, "
                    "Tarnow University\n\n## Experience\n\n- 2015-2019: Software Engineer, Quillon Systems\n", encoding="utf-8")
    ex = extract(load_document(path))
    found = {(r.predicate, ex.entity(r.object).name) for r in ex.relations}
    assert found == {("studiedAt", "Tarnow University"), ("workedAt", "Quillon Systems")}
