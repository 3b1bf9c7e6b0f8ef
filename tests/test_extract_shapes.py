"""Document shapes read by their structure in any format: a table's empty cells keep their columns, a heading
that names what its person is to the page's subject, a position heading over labelled bullets, supervisors
numbered under a degree, national degree names, an owner underlined in a publication list (all invented)."""
from __future__ import annotations

import pytest

from extract_helpers import extract_text, facts, load_text as _load


def _facts(tmp_path, name: str, text: str) -> set[tuple[str, str, str]]:
    return facts(extract_text(tmp_path, name, text))


# a member table whose header's first cell (over the photos) is empty, one row without its photo
_TABLES = {
    "team.md": '# Marlow Lab\n\nWe study soil microbes at the University of Tarnow.\n\n## People\n\n|  | Name | Role |\n|---|---|---|\n| ![photo](a.jpg) | Ines Varga | Professor |\n|  | Tomas Rell | PhD student |\n| ![photo](c.jpg) | Anke Dorn | Postdoc |\n',
    "team.html": '<html><body><h1>Marlow Lab</h1><p>We study soil microbes at the University of Tarnow.</p>\n<h2>People</h2>\n<table><tr><th></th><th>Name</th><th>Role</th></tr>\n<tr><td>photo</td><td>Ines Varga</td><td>Professor</td></tr>\n<tr><td></td><td>Tomas Rell</td><td>PhD student</td></tr>\n<tr><td>photo</td><td></td><td>Postdoc</td></tr>\n</table></body></html>\n',
    "equipe.org": "#+TITLE: Groupe Larsac\n\nNous étudions la chimie des sols à l'Université de Valmont.\n\n* Membres\n\n|        | Nom          | Statut       |\n|--------+--------------+--------------|\n| photo  | Hélène Morel | Professeure  |\n|        | Luc Terrand  | Doctorant    |\n| photo  | Ana Quiroga  | Postdoctorante |\n",
    "grupo.rst": 'Grupo Serrano\n=============\n\nInvestigamos en la Universidad de Almagro.\n\nMiembros\n--------\n\n+--------+----------------+--------------------------+\n|        | Nombre         | Cargo                    |\n+========+================+==========================+\n| foto   | Marta Serrano  | Investigadora principal  |\n+--------+----------------+--------------------------+\n|        | Pablo Iñiguez  | Estudiante de doctorado  |\n+--------+----------------+--------------------------+\n',
}


@pytest.mark.parametrize("name, header, bare, student, leader", [
    ("team.md", "| Name | Role", "| Tomas Rell | PhD student", "Tomas Rell", "Ines Varga"),
    ("team.html", "| Name | Role", "| Tomas Rell | PhD student", "Tomas Rell", "Ines Varga"),
    ("equipe.org", "| Nom | Statut", "| Luc Terrand | Doctorant", "Luc Terrand", "Hélène Morel"),
    ("grupo.rst", "| Nombre | Cargo", "| Pablo Iñiguez | Estudiante de doctorado", "Pablo Iñiguez", "Marta Serrano"),
])
def test_a_tables_empty_cells_keep_its_columns(tmp_path, name, header, bare, student, leader):
    texts = [line.text for line in _load(tmp_path, name, _TABLES[name]).lines]
    assert header in texts and bare in texts
    assert (student, "advisedBy", leader) in _facts(tmp_path, name, _TABLES[name])


def test_a_table_without_a_header_drops_its_empty_cells(tmp_path):
    text = "# CV\n\n## Education\n\n| | |\n|---|---|\n| 2015 | PhD, University of Tarnow |\n| | Thesis on soils |\n"
    texts = [line.text for line in _load(tmp_path, "cv.md", text).lines]
    assert "Thesis on soils" in texts


@pytest.mark.parametrize("heading, owner, advisor", [
    ("Directeur de thèse", "Camille Ternier", "Marc Ivernel"),
    ("Director de tesis", "Iker Zubiaurre", "Paolo Arriaga"),
    ("Orientadora", "Rui Leme", "Paula Seixas"),
    ("Relatore", "Matteo Scandolari", "Paolo Vinciguerra"),
    ("Betreuer", "Jonas Pfeiler", "Ulrich Danneberg"),
    ("导师", "周明远", "陈立群"),
    ("指導教員", "森田 健吾", "大河内 聡"),
    ("지도교수", "김지훈", "이민호"),
])
def test_a_heading_that_names_the_advisor_over_a_person_gives_the_owner_that_advisor(tmp_path, heading, owner, advisor):
    text = f"# {owner}\n\nPhD student, University of Tarnow.\n\n## {heading}\n\n{advisor}, Professor\n\n## Research\n\nSoils.\n"
    found = _facts(tmp_path, "home.md", text)
    assert (owner, "advisedBy", advisor) in found
    assert not any(s == advisor and p == "workedAt" for s, p, _ in found)


def test_a_heading_that_names_the_advisor_over_a_labs_other_people_heads_its_leaders(tmp_path):
    text = "# 지능형 센서 연구실\n\n## 지도교수\n\n- 박지훈 교수\n\n## 박사과정\n\n- 김서연 (2020년 입학)\n"
    assert ("김서연", "advisedBy", "박지훈") in _facts(tmp_path, "lab.md", text)


def _relation(tmp_path, name: str, text: str, subject: str, predicate: str, obj: str):
    from kg.extract import extract
    ex = extract(_load(tmp_path, name, text))
    found = [r for r in ex.relations if (ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) == (subject, predicate, obj)]
    assert found, f"no {subject} {predicate} {obj}"
    return found[0]


@pytest.mark.parametrize("name, text, owner, org, role, start, end", [
    ("cv.md", "# Ines Varga\n\n## Experience\n\n### 2012 – 2016: Postdoctoral researcher\n\n- **Location**: Institut Orvanne, "
              "Valmont\n- **Lab:** Soil Ecology Lab\n\n### Postdoc (2009–2012)\n\n- Institution: Halvik University\n",
     "Ines Varga", "Institut Orvanne", "Postdoctoral researcher", "2012", "2016"),
    ("cv.md", "# Ines Varga\n\n## Experience\n\n### Postdoc (2009–2012)\n\n- **Institution:** Halvik University\n- Lab: Marlow Lab\n",
     "Ines Varga", "Marlow Lab", "Postdoc", "2009", "2012"),
    ("cv.org", "#+TITLE: Camille Ternier\n\n* Expérience\n** 2020 – 2022 : Post-doctorante\n- *Lieu* : Institut Orvanne, Valmont\n",
     "Camille Ternier", "Institut Orvanne", "Post-doctorante", "2020", "2022"),
    ("cv.html", "<h1>Jonas Pfeiler</h1><h2>Werdegang</h2><h3>Doktorand (2015–2019)</h3>"
                "<ul><li><b>Einrichtung:</b> Max-Planck-Institut für Bodenkunde</li><li><b>Ort:</b> Lorsheim</li></ul>",
     "Jonas Pfeiler", "Max-Planck-Institut für Bodenkunde", "Doktorand", "2015", "2019"),
])
def test_a_position_heading_over_labelled_bullets_is_a_position_there(tmp_path, name, text, owner, org, role, start, end):
    found = _relation(tmp_path, name, text, owner, "workedAt", org)
    assert (found.role, found.start, found.end) == (role, start, end)


@pytest.mark.parametrize("name, text, owner, advisors, school", [
    ("cv.md", "# Lena Obst\n\n## Education\n\n### PhD in Geology, University of Tarnow (2019 – 2023)\n\n"
              "- 1st supervisor: Prof. Ines Varga, University of Tarnow\n- 2nd supervisor: Dr. Tomas Rell, Halvik University\n"
              "- 3rd: Dr. Anke Dorn (Institut Orvanne)\n", "Lena Obst", {"Ines Varga", "Tomas Rell", "Anke Dorn"}, "University of Tarnow"),
    ("cv.md", "# Lena Obst\n\n## Education\n\n- 2019 – 2023: PhD in Geology, University of Tarnow (1st supervisor: Prof. Ines Varga)\n"
              "  - 2nd: Dr. Tomas Rell\n", "Lena Obst", {"Ines Varga", "Tomas Rell"}, "University of Tarnow"),
    ("cv.txt", "Lena Obst\n\nEDUCATION\n2019 - 2023   PhD in Geology, University of Tarnow\n"
               "              First supervisor: Prof. Ines Varga\n              2nd: Dr. Tomas Rell, Halvik University\n",
     "Lena Obst", {"Ines Varga", "Tomas Rell"}, "University of Tarnow"),
    ("cv.md", "# Matteo Scandolari\n\n## Formazione\n\n- Dottorato di ricerca in Fisica, Università di Brenta, 2018 – 2021\n"
              "  - Primo relatore: Prof. Paolo Vinciguerra\n  - Secondo relatore: Prof.ssa Giulia Ferraresi, Università di Orvanne\n",
     "Matteo Scandolari", {"Paolo Vinciguerra", "Giulia Ferraresi"}, "Università di Brenta"),
    ("cv.md", "# Iker Zubiaurre\n\n## Formación\n\n- Doctorado en Química, Universidad de Brenca, 2016 – 2020\n"
              "  - Segundo director: Dr. Marta Serrano (Universidad de Almagro)\n  - Codirectora: Dra. Elena Prieto\n",
     "Iker Zubiaurre", {"Marta Serrano", "Elena Prieto"}, "Universidad de Brenca"),
])
def test_numbered_supervisors_under_a_degree_advise_its_student_and_are_no_studies(tmp_path, name, text, owner, advisors, school):
    found = _facts(tmp_path, name, text)
    assert {o for s, p, o in found if s == owner and p == "advisedBy"} == advisors
    assert {o for s, p, o in found if s == owner and p == "studiedAt"} == {school}


def test_an_advisors_title_on_a_plain_line_opens_no_section():
    """A Europass PDF's left column labels a degree's advisor ("Orientador") on a line of its own: no heading."""
    from kg.extract.sections import find_sections
    from kg.model import Document, Line
    lines = (Line(1, "EDUCAÇÃO E FORMAÇÃO"), Line(2, "Mestrado em Engenharia Civil, Universidade de Ondal"),
             Line(3, "Orientador"), Line(4, "Paulo Seixas"))
    sections = find_sections(Document("cv.txt", "cv.txt", "text", lines, "0"))
    assert [(s.kind, s.lines) for s in sections] == [("education", [1, 2, 3])]


@pytest.mark.parametrize("line, degree", [
    ("Ingeniero Industrial, Universidad de Brenca", "Engineering Diploma"),
    ("Engenheira Civil, Instituto Superior de Valmar", "Engineering Diploma"),
    ("Título de Ingeniero de Sistemas", "Engineering Diploma"),
    ("Ingenieur (ir.) Werktuigbouwkunde, Technische Universiteit Twaalf", "Engineering Diploma"),
    ("Dipl.-Phys., Universität Wendau", "MS"),
    ("Diplomphysiker, Universität Wendau", "MS"),
    ("Magisterium z fizyki, Uniwersytet Wrocławski", "MS"),
    ("Tytuł zawodowy inżyniera, Politechnika Wrocławska", "BS"),
    ("Ingeniera, Aguas del Valle S.A.", None),  # a job: the title alone
    ("Bacharel em Química, Universidade de Ondal", "BS"),
    ("Ingeniero de proyectos, Oceantek S.L.", None),  # a job
    ("Ingeniero en jefe, Obras Norte S.A.", None),  # the chief engineer
    ("Ingeniero en Informática, Universidad de Brenca", "Engineering Diploma"),
    ("Inżynier oprogramowania, Acme", None),
])
def test_national_degree_names_are_degrees(line, degree):
    from kg.extract.vocab import degree_of
    assert degree_of(line) == degree


@pytest.mark.parametrize("name, text, owner, school, degree", [
    ("cv.md", "# Iker Zubiaurre\n\n## Formación\n\n- 2008 – 2013: Ingeniero Industrial, Universidad de Brenca\n",
     "Iker Zubiaurre", "Universidad de Brenca", "Engineering Diploma"),
    ("cv.md", "# Anna Wiśniewska\n\n## Wykształcenie\n\n- 2010–2014: Tytuł zawodowy inżyniera, Politechnika Wrocławska\n"
              "- 2014–2016: Magisterium z fizyki, Uniwersytet Wrocławski\n", "Anna Wiśniewska", "Politechnika Wrocławska", "BS"),
    ("cv.txt", "Jonas Pfeiler\n\nAUSBILDUNG\n2004 – 2006  Dipl.-Phys., Universität Wendau\n", "Jonas Pfeiler", "Universität Wendau", "MS"),
])
def test_an_entry_of_a_national_degree_is_a_study_with_that_degree(tmp_path, name, text, owner, school, degree):
    assert _relation(tmp_path, name, text, owner, "studiedAt", school).degree == degree
    assert {o for s, p, o in _facts(tmp_path, name, text) if p == "studiedAt"} & {"Inżynier", "Dipl.-Phys"} == set()


# a publication list whose owner is underlined in every entry, beside a co-author listed as often (the page names nobody)
_UNDERLINED = {
    "pubs.html": '<html><head><title>Research</title></head><body>\n<h2>Publications</h2>\n<ol>\n<li>Marek Holub, <u>Lena Obst</u>, Ines Varga. Carbon pools in alpine soils. Soil Biology Letters, 2021.</li>\n<li><u>Lena Obst</u>, Ines Varga. Root exudates and microbial turnover. Journal of Soil Ecology, 2022.</li>\n<li>Ines Varga, <u>L. Obst</u>. Nitrogen fixation under drought. Plant and Soil Reports, 2023.</li>\n</ol>\n</body></html>\n',
    "pubs_span.html": '<html><head><title>Research</title></head><body>\n<h2>Publications</h2>\n<ol>\n<li>Marek Holub, <span style="text-decoration: underline">Lena Obst</span>, Ines Varga. Carbon pools in alpine soils. Soil Biology Letters, 2021.</li>\n<li><span style="text-decoration: underline">Lena Obst</span>, Ines Varga. Root exudates and microbial turnover. Journal of Soil Ecology, 2022.</li>\n<li>Ines Varga, <span style="text-decoration: underline">L. Obst</span>. Nitrogen fixation under drought. Plant and Soil Reports, 2023.</li>\n</ol>\n</body></html>\n',
    "pubs.md": '## Publications\n\n1. Marek Holub, <u>Lena Obst</u>, Ines Varga. Carbon pools in alpine soils. *Soil Biology Letters*, 2021.\n2. <u>Lena Obst</u>, Ines Varga. Root exudates and microbial turnover. *Journal of Soil Ecology*, 2022.\n3. Ines Varga, <u>L. Obst</u>. Nitrogen fixation under drought. *Plant and Soil Reports*, 2023.\n',
    "pubs.tex": '\\documentclass{article}\n\\begin{document}\n\\section*{Publications}\n\\begin{enumerate}\n\\item Marek Holub, \\underline{Lena Obst}, Ines Varga. Carbon pools in alpine soils. \\emph{Soil Biology Letters}, 2021.\n\\item \\underline{Lena Obst}, Ines Varga. Root exudates and microbial turnover. \\emph{Journal of Soil Ecology}, 2022.\n\\item Ines Varga, \\underline{L. Obst}. Nitrogen fixation under drought. \\emph{Plant and Soil Reports}, 2023.\n\\end{enumerate}\n\\end{document}\n',
    "pubs.org": '* Publications\n1. Marek Holub, _Lena Obst_, Ines Varga. Carbon pools in alpine soils. /Soil Biology Letters/, 2021.\n2. _Lena Obst_, Ines Varga. Root exudates and microbial turnover. /Journal of Soil Ecology/, 2022.\n3. Ines Varga, _L. Obst_. Nitrogen fixation under drought. /Plant and Soil Reports/, 2023.\n',
}


@pytest.mark.parametrize("name", sorted(_UNDERLINED))
def test_the_author_underlined_in_a_publication_list_is_its_owner(tmp_path, name):
    from kg.extract import extract
    ex = extract(_load(tmp_path, name, _UNDERLINED[name]))
    assert ex.entity(ex.subject).name == "Lena Obst"
    assert ("Lena Obst", "authored", "Nitrogen fixation under drought") in facts(ex)


def test_a_year_before_an_advisors_label_is_no_rank(tmp_path):
    text = "Lena Obst\n\nEDUCATION\nPhD in Geology, University of Tarnow, 2008 - 2012. Supervisor: Dr. Ines Varga\n"
    found = _relation(tmp_path, "cv.txt", text, "Lena Obst", "studiedAt", "University of Tarnow")
    assert (found.start, found.end) == ("2008", "2012")
    assert ("Lena Obst", "advisedBy", "Ines Varga") in _facts(tmp_path, "cv.txt", text)


def test_a_group_heading_with_years_outside_a_career_section_keeps_its_people(tmp_path):
    """Only a job title with its dates under Experience is a position: "Supervised PhD students (2016–2024)" lists students."""
    text = ("# Ines Varga\n\n## Experience\n\n- 2016 – present: Professor, University of Tarnow\n\n"
            "## Supervised PhD students (2016–2024)\n\n- Tomas Rell, PhD, 2021\n- Anke Dorn, PhD, 2023\n")
    found = _facts(tmp_path, "cv.md", text)
    assert {s for s, p, o in found if p == "advisedBy" and o == "Ines Varga"} == {"Tomas Rell", "Anke Dorn"}


def test_a_professors_thesis_direction_heading_lists_her_students(tmp_path):
    """"Direction de thèse" over names in a professor's CV: the theses she directs, not her advisor."""
    text = ("# Claire Duvernay\n\nProfesseure, Université de Valmont.\n\n## Direction de thèse\n\n"
            "- Luc Terrand (2016–2019), chimie des sols\n- Ana Quiroga (2018–2021), microbiologie\n")
    found = _facts(tmp_path, "cv.md", text)
    assert ("Luc Terrand", "advisedBy", "Claire Duvernay") in found
    assert not any(s == "Claire Duvernay" and p == "advisedBy" for s, p, _ in found)


@pytest.mark.parametrize("line, company", [
    ("2015 – 2018: Ingeniera química en Repsol S.A.", "Repsol S.A."),
    ("2015 – 2018: Ingeniero de Sistemas, Indra Sistemas S.A.", "Indra Sistemas S.A."),
])
def test_an_engineers_title_at_a_company_under_experience_is_a_job(tmp_path, line, company):
    """"Ingeniero de Sistemas" names a degree and a job: at a company, under Experience, the job."""
    text = f"# Iker Zubiaurre\n\n## Experiencia\n\n- {line}\n"
    found = _facts(tmp_path, "cv.md", text)
    assert ("Iker Zubiaurre", "workedAt", company) in found
    assert not any(p == "studiedAt" for _, p, _ in found)


def test_a_header_rows_columns_end_with_its_table(tmp_path):
    """A pipe block after a blank line is read on its own: the header of the table above labels none of its columns."""
    text = ("# Lena Obst\n\n## People\n\n| | Name | Role |\n|---|---|---|\n| x | Ana Ruiz | PI |\n\n## Education\n\n"
            "| 2019 – 2023 | | PhD in Geology, University of Tarnow |\n| | | Advisor: Prof. Ines Varga |\n")
    texts = [line.text for line in _load(tmp_path, "cv.md", text).lines]
    assert texts[-2:] == ["2019 – 2023 | PhD in Geology, University of Tarnow", "Advisor: Prof. Ines Varga"]


@pytest.mark.parametrize("name, text", [
    ("cv.md", "# Lena Obst\n\n## Education\n\n- 2019 – 2023: PhD in Geology, University of Tarnow\n"
              "  - 2nd: Dr. Hans Brenner Prize for the best thesis in geology\n"),
    ("cv.txt", "Lena Obst\n\nEDUCATION\n2019 - 2023   PhD in Geology, University of Tarnow\n"
               "              2nd: Dr. Hans Brenner Prize for the best thesis\n"),
])
def test_a_rank_alone_without_a_labelled_advisor_above_ranks_a_prize(tmp_path, name, text):
    assert not any(p == "advisedBy" for _, p, _ in _facts(tmp_path, name, text))


def test_a_cell_joins_two_organisations_only_when_neither_is_a_unit(tmp_path):
    """"and" inside one name ("Institute of Science and Technology X"), a dash before a unit of the first ("X University -
    School of Medicine"): one organisation; "Universitat X i Universitat Y": two."""
    text = ("# Marlow Lab\n\nWe study soil microbes at the University of Tarnow.\n\n## Alumni\n\n| Name | Now |\n|---|---|\n"
            "| Tomas Rell | Institute of Science and Technology Valmont |\n| Anke Dorn | Halvik University - School of Medicine |\n"
            "| Lena Obst | Universitat de Valmont i Universitat de Lorsac |\n")
    found = _facts(tmp_path, "alumni.md", text)
    assert {o for s, p, o in found if s == "Tomas Rell" and p == "workedAt"} == {"Institute of Science and Technology Valmont"}
    assert ("Anke Dorn", "workedAt", "School of Medicine") not in found
    assert {o for s, p, o in found if s == "Lena Obst" and p == "workedAt"} == {"Universitat de Valmont", "Universitat de Lorsac"}


def test_a_visiting_professor_on_a_lab_page_leaves_its_students_the_leaders(tmp_path):
    text = ("# Marlow Lab\n\nWe study soil microbes at the University of Tarnow.\n\n## Principal Investigator\n\n"
            "- Ines Varga, Professor\n\n## Visitors\n\n- Marek Holub, Visiting Professor from Halvik University\n\n"
            "## PhD Students\n\n- Tomas Rell\n- Anke Dorn\n")
    found = _facts(tmp_path, "lab.md", text)
    assert {s for s, p, o in found if p == "advisedBy" and o == "Ines Varga"} == {"Tomas Rell", "Anke Dorn"}
