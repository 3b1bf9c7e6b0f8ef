"""Supervision in senior researchers' pages and CVs: the students, postdocs and alumni they list, the
committees they sat on, with whom they co-advised (all people and organisations invented)."""
from __future__ import annotations

from kg.extract import extract
from kg.ingest import load_document
from extract_helpers import facts


def _write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _facts(tmp_path, name: str, text: str) -> set[tuple[str, str, str]]:
    return facts(extract(load_document(_write(tmp_path, name, text))))


def test_an_alumni_heading_near_the_top_of_a_lab_page_names_no_lab(tmp_path):
    f = _facts(tmp_path, "people.md", """---
title: People
---

{% include section_banner.html image="images/canyon.jpeg" text="People" %}

We are a team using genomic approaches to study fungal pathogens.

## **Lab Alumni**
### **PhDs**
- **Ilse Marrow**: Now a **Postdoctoral Fellow** at the **Tarnow Institute of Botany**.

### **Undergraduate students (since 2015)**
- **Ben Sato**
""")
    assert ("Ilse Marrow", "workedAt", "Tarnow Institute of Botany") in f
    assert not any(o == "Lab Alumni" for _, _, o in f)


def test_the_students_whose_committees_the_subject_sat_on_are_not_the_subjects_advisees(tmp_path):
    f = _facts(tmp_path, "cv.md", """# Marta Quell

Professor of Ecology, University of Vire

## Mentoring, Grad students in my lab

|Name         |Stage       |Time in Lab  |
|:------------|:-----------|:------------|
|Tobias Renn  |PhD student |2014-present |

## Mentoring, Grad student committees

|Name          |Department   |
|:-------------|:------------|
|Hanna Ode     |Geology      |
|Pavel Surin   |Tarnow University |

## Thesis committees

- Lise Amundsen (University of Borg, 2019)
""")
    assert ("Tobias Renn", "advisedBy", "Marta Quell") in f
    assert not {("Hanna Ode", "advisedBy", "Marta Quell"), ("Pavel Surin", "advisedBy", "Marta Quell"),
                ("Lise Amundsen", "advisedBy", "Marta Quell")} & f
    assert {("Pavel Surin", "studiedAt", "Tarnow University"), ("Lise Amundsen", "studiedAt", "University of Borg")} <= f


def test_postdocs_and_engineers_a_supervision_section_lists_are_mentored_and_students_advised(tmp_path):
    f = _facts(tmp_path, "supervision.md", """# Marta Quell

## Supervision

### Postdocs

- Jonas Reiter (2016-2018)

### PhD students

- Tobias Renn (2014-2019)

### Interns

- Mira Castell (2021)

I have supervised the following research engineers:

- Ola Brenn (research engineer)
""")
    assert {("Jonas Reiter", "mentoredBy", "Marta Quell"), ("Ola Brenn", "mentoredBy", "Marta Quell"),
            ("Tobias Renn", "advisedBy", "Marta Quell"), ("Mira Castell", "advisedBy", "Marta Quell")} <= f
    assert not {("Jonas Reiter", "advisedBy", "Marta Quell"), ("Ola Brenn", "advisedBy", "Marta Quell")} & f


def test_a_data_file_of_people_typed_by_kind_is_the_owners_group_not_its_first_persons(tmp_path):
    ex = extract(load_document(_write(tmp_path, "students.yml", """-
    type: visitor
    name: Oskar Lind
-
    type: phd
    name: Tobias Renn
-
    type: ugrad
    name: Mira Castell
-
    type: phd-alumni
    name: Ines Vidal
    year: 2019
    position: Research Scientist, Helio Instruments
""")))
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Unnamed document subject"
    assert {("Tobias Renn", "advisedBy", "Unnamed document subject"), ("Mira Castell", "advisedBy", "Unnamed document subject"),
            ("Ines Vidal", "advisedBy", "Unnamed document subject"), ("Ines Vidal", "workedAt", "Helio Instruments")} <= f
    assert not any(p == "advisedBy" and o == "Oskar Lind" for _, p, o in f)


def test_co_advisors_written_as_shortcut_reference_links_are_people(tmp_path):
    # a Pandoc site's people are reference links whose definitions live in a file the site includes
    f = _facts(tmp_path, "students.md", """% Students

# Students

## PhD

[[Mira Castell]]{.ra-name} \\
Co-advised with [Tomas Berg] \\
Joined Autumn 2018

[[Oskar Lind]]{.ra-name} \\
Co-advised with [Vera Ilic] and [Peter Holm] \\
Joined Autumn 2016
""")
    assert {("Mira Castell", "advisedBy", "Tomas Berg"), ("Oskar Lind", "advisedBy", "Vera Ilic"),
            ("Oskar Lind", "advisedBy", "Peter Holm"), ("Mira Castell", "advisedBy", "Unnamed document subject")} <= f


def test_a_jury_table_gives_each_member_the_institution_of_its_column_and_no_role_for_an_employer(tmp_path):
    ex = extract(load_document(_write(tmp_path, "theses.md", """---
title: "Encadrement doctoral"
---
J'ai encadré deux thèses de doctorat.

## Thèse de Ana RUIZ (2016–2019)

- **Doctorant :** Ana RUIZ
- **Laboratoire :** Lumen

**Jury :**

| Nom | Rôle | Fonction | Institution |
|-----|------|----------|-------------|
| Paul SOREL | Directeur de thèse | Professeur des universités | Université de Vire, Lumen |
| Lea MARCHETTI | Présidente | Directrice de recherche | Université du Tarn, Istanbul, Turquie |
""")))
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Unnamed document subject"  # "Thèse de Ana Ruiz" names a thesis
    assert {("Paul SOREL", "workedAt", "Université de Vire"), ("Lea MARCHETTI", "workedAt", "Université du Tarn")} <= f
    assert not {o for s, p, o in f if p == "workedAt"} & {"Présidente", "Directeur de thèse", "Istanbul", "Turquie"}


def test_a_current_position_that_writes_the_title_straight_before_the_employer(tmp_path):
    f = _facts(tmp_path, "people.md", """# Marta Quell

## Mentoring, Postdocs

|Name          |Duration  |Current Position                          |
|:-------------|:---------|:-----------------------------------------|
|Jonas Reiter  |2011-2012 |Assistant Professor Tarnow Valley College |
|Ola Brenn     |2012-2014 |Assistant Professor Harrow State U        |
""")
    assert {("Jonas Reiter", "workedAt", "Tarnow Valley College"), ("Ola Brenn", "workedAt", "Harrow State University"),
            ("Jonas Reiter", "mentoredBy", "Marta Quell")} <= f


def test_a_thesis_listed_after_its_authors_name_is_a_supervised_student(tmp_path):
    f = _facts(tmp_path, "phd-students.md", """# PhD Students

PhD students I supervised or co-supervised.

[Ana Ruiz](https://ruiz.example/). Modal logics of metric spaces. University of Tarnow. 2024.

Lena Pohl. Finitary coalgebraic logics, Institute for Logic of Borg 2006.
""")
    assert {("Ana Ruiz", "advisedBy", "Unnamed document subject"), ("Lena Pohl", "advisedBy", "Unnamed document subject")} <= f


def test_an_alumnus_whose_given_name_is_a_title_and_one_whose_job_is_clinical(tmp_path):
    f = _facts(tmp_path, "people.md", """# People

## Lab Alumni

### Postdocs
- **Mira Castell**: Now a **Chief Technologist** at **Vire Medical Center**.
- **Dean Marlow**: Now a **Professor** at **Tarnow State University**.

### Undergraduates
- **Ola Brenn**: Is now a **Genetic Counselor**.
- **Ida Berg** Now a **Research Engineer** at **Helio Instruments**.
""")
    assert ("Dean Marlow", "workedAt", "Tarnow State University") in f
    assert ("Mira Castell", "workedAt", "Tarnow State University") not in f
    assert ("Ida Berg", "workedAt", "Helio Instruments") in f  # a name "now" follows with no separator
    assert not any(o == "Genetic Counselor" for _, _, o in f)


def test_the_topics_a_students_card_bullets_and_its_thesis_label_name_no_people(tmp_path):
    f = _facts(tmp_path, "students.md", """# Students

## Undergraduate

Mira Castell \\
BS 2020 → Helio Instruments \\
Thesis: *Simulating Tensor Rematerialization*

- Dynamic Tensor Rematerialization
- Compiler Design (Relay)

Oskar Lind \\
Joined Autumn 2016

- Floating-point Accuracy
""")
    people = {s for s, p, _ in f if p == "advisedBy"}
    assert people == {"Mira Castell", "Oskar Lind"}
    assert ("Mira Castell", "workedAt", "Helio Instruments") in f


def test_a_jury_tables_director_and_co_supervisors_advise_the_candidate_listed_above_it(tmp_path):
    f = _facts(tmp_path, "theses.md", """# Encadrement doctoral

## Thèses

### Thèse de Ana RUIZ (2017–2021)

- **Titre de la thèse :** *Exploration de données peu structurées*
- **Doctorant :** Ana RUIZ
- **Laboratoire :** Lumen

**Jury :**

| Nom | Rôle | Fonction | Institution |
|-----|------|----------|-------------|
| Paul SOREL | Directeur de thèse | Professeur des universités | Université de Vire, Lumen |
| Ivo MARR | Co-encadrant | Maître de conférences | Université de Vire, Lumen |
| Lea MARCHETTI | Présidente du jury | Professeure | Université du Tarn |
""")
    assert {("Ana RUIZ", "advisedBy", "Paul SOREL"), ("Ana RUIZ", "advisedBy", "Ivo MARR")} <= f
    assert ("Ana RUIZ", "advisedBy", "Lea MARCHETTI") not in f  # the jury's chair examines, advises nobody


def test_a_thesis_label_after_the_school_and_an_advisor_in_the_defence_note(tmp_path):
    # "Degree (year) School" runs on into "Thesis: ..." with no comma: the label ends the school, and
    # a long title joined to the line is no prose
    f = _facts(tmp_path, "cv.md", """# Marta Quillon

## Education

- Ph.D. in Mathematics (2015) Northfield Institute of Technology
  Thesis: Curves on quartic surfaces, their rational points and the lines they contain over
  finite fields.
  (Defended May 3, 2015; advisor: Oskar Brandvik)
- B.S. in Mathematics (2010) Eastvale College
""")
    me = "Marta Quillon"
    assert {(me, "studiedAt", "Northfield Institute of Technology"), (me, "advisedBy", "Oskar Brandvik"),
            (me, "studiedAt", "Eastvale College")} <= f


def test_a_page_titled_for_its_students_lists_them_before_any_heading(tmp_path):
    f = _facts(tmp_path, "students.md", """---
title: Students
---

See also the [Optimisation group at Norland](https://example.org/opt).

- [Ivo Marrek](https://ivo.example.org/), professor at Tarnow University
- [Lena Osk](https://lena.example.org/), research scientist at Helio Instruments
- [Ana Duarte](https://ana.example.org/)
""")
    owner = "Unnamed document subject"  # the students' names are no owner's
    assert {("Ivo Marrek", "advisedBy", owner), ("Lena Osk", "advisedBy", owner), ("Ana Duarte", "advisedBy", owner),
            ("Ivo Marrek", "workedAt", "Tarnow University"), ("Lena Osk", "workedAt", "Helio Instruments")} <= f
    assert not any(s == owner and p == "workedAt" for s, p, _ in f)


def test_a_page_titled_supervision_advises_the_students_of_its_headings(tmp_path):
    f = _facts(tmp_path, "supervision.md", """---
title: Supervision
---

# Marta Quell

## Graduated

- 2019-2023: Tobias Renn, PhD, now at Vire Robotics
- Hanna Ode (MSc 2018)
""")
    assert {("Tobias Renn", "advisedBy", "Marta Quell"), ("Hanna Ode", "advisedBy", "Marta Quell"),
            ("Tobias Renn", "workedAt", "Vire Robotics")} <= f


def test_a_name_no_separator_ends_ends_before_the_job_title_written_in_lower_case(tmp_path):
    # the italics of "- [Ivo Marrek](url) *professor at X*" are lost on ingest: a name, then the job in lower case
    f = _facts(tmp_path, "alumni.md", """---
title: Alumni
---

- [Ivo Marrek](https://ivo.example.org/) *professor at Tarnow University*
- [Lena Osk](https://lena.example.org/) *research scientist at Helio Instruments*
- [Ana de Souza](https://ana.example.org/)
""")
    assert {("Ivo Marrek", "workedAt", "Tarnow University"), ("Lena Osk", "workedAt", "Helio Instruments")} <= f
    assert not any(p == "workedAt" and s not in ("Ivo Marrek", "Lena Osk") for s, p, _ in f)


def test_students_dated_by_semester_before_their_names(tmp_path):
    f = _facts(tmp_path, "orientacao.md", """# Rui Pinto

## Orientações concluídas

- (2021.2) Ana Duarte Rego
  - **Um estudo de caso sobre testes**
- (2019.1) Bruno Vaz Lima
""")
    assert {("Ana Duarte Rego", "advisedBy", "Rui Pinto"), ("Bruno Vaz Lima", "advisedBy", "Rui Pinto")} <= f


def test_a_sentence_ending_in_a_colon_says_who_the_people_below_it_are(tmp_path):
    f = _facts(tmp_path, "cv.md", """# Marta Quell

## Supervision

I have co-supervised the following PhD students:

* Tobias Renn, 2021-2024, Director: Paul Sorel, Vire University

I have supervised the following postdocs:

* Hanna Ode (post-doc researcher)

I sat on the defense jury of the following PhD students:

* Lise Amundsen (jury member, 2019, University of Borg)
""")
    assert {("Tobias Renn", "advisedBy", "Marta Quell"), ("Tobias Renn", "advisedBy", "Paul Sorel"),
            ("Hanna Ode", "mentoredBy", "Marta Quell")} <= f
    assert ("Lise Amundsen", "advisedBy", "Marta Quell") not in f


def test_a_lab_alumni_line_heads_the_former_members_of_a_people_page(tmp_path):
    f = _facts(tmp_path, "people.md", """---
title: People
---

**Lab Alumni**

- Ivo Marrek (postdoc) - Data scientist at Tarnow University
- Lena Osk (graduate student) - Lecturer at Vire University
""")
    assert {("Ivo Marrek", "workedAt", "Tarnow University"), ("Lena Osk", "workedAt", "Vire University")} <= f


def test_a_cards_title_with_degrees_after_the_name_and_its_profile_link_lines(tmp_path):
    f = _facts(tmp_path, "team.md", """---
title: Team
---

## Principal Investigator

#### Marta Quell, PhD

Associate Professor, Tarnow University

## Alumni

#### Tobias Renn, PhD

PhD in Statistics, Tarnow University, 2023

Current Position: Senior Biostatistician, Norrvik Diagnostics.

Profile Page

#### Hanna Ode, MS

MS in Biostatistics, Tarnow University, 2022

LinkedIn
""")
    assert {("Tobias Renn", "advisedBy", "Marta Quell"), ("Hanna Ode", "advisedBy", "Marta Quell"),
            ("Tobias Renn", "workedAt", "Norrvik Diagnostics"), ("Tobias Renn", "studiedAt", "Tarnow University")} <= f
    assert not any(p == "studiedAt" and o == "LinkedIn" or s == "Profile Page" for s, p, o in f)


def test_an_alumnus_next_position_at_a_company_written_with_its_legal_form(tmp_path):
    f = _facts(tmp_path, "people.md", """# Marta Quell

## Alumni

- Tobias Renn, BS 2020
  - Next position: Halden Survey Technology, Inc. (HST)
""")
    assert {o for s, p, o in f if s == "Tobias Renn" and p == "workedAt"} & {
        "Halden Survey Technology, Inc.", "Halden Survey Technology, Inc. (HST)"}
    assert ("Tobias Renn", "advisedBy", "Marta Quell") in f
    assert not any(o == "Inc." for _, _, o in f)


def test_an_alumnus_bracketed_note_names_where_they_went(tmp_path):
    f = _facts(tmp_path, "team.md", """# Marta Quell

### Former Students

#### Ph.D. Students
* Tobias Renn (Norrvik Labs)
* Hanna Ode (Faculty at Tarnow University)

#### M.S. Students
* Ivo Marrek (ML Engineer, Halden Robotics)
* Lena Osk (Ph.D. at Vire University)
""")
    assert {("Tobias Renn", "workedAt", "Norrvik Labs"), ("Hanna Ode", "workedAt", "Tarnow University"),
            ("Ivo Marrek", "workedAt", "Halden Robotics"), ("Lena Osk", "studiedAt", "Vire University")} <= f
    assert not any(o.startswith("Faculty") for _, _, o in f)


def test_the_candidates_a_supervision_section_lists_under_a_jury_study_where_their_entries_say(tmp_path):
    f = _facts(tmp_path, "cv.md", """# Marta Quell

## Supervision

I supervised the following PhD students:

* Tobias Renn, 2019-2023

I sat on the thesis defence jury of the following PhD students:

* Lise Amundsen (jury member, 2019, University of Borg)
* Pavel Surin (thesis reviewer, 2016, Universidad de Tarnow)
""")
    assert {("Tobias Renn", "advisedBy", "Marta Quell"), ("Lise Amundsen", "studiedAt", "University of Borg"),
            ("Pavel Surin", "studiedAt", "Universidad de Tarnow")} <= f
    assert not any(p in ("advisedBy", "workedAt") and s in ("Lise Amundsen", "Pavel Surin") for s, p, _ in f)


def test_students_listed_under_a_sentence_naming_their_co_supervisor_are_advised_not_mentored(tmp_path):
    # the co-supervisor's title ("Prof.") in the sentence over the list is no job of the students under it
    f = _facts(tmp_path, "cv.md", """# Tomas Brandt

## Supervision

PhD students:

- Ana Ruiz (2015-2019)

Co-supervised with Prof. Lena Vogt (Castelmar University):

- Omar Haddad (2019-2023)
""")
    assert ("Omar Haddad", "advisedBy", "Tomas Brandt") in f
    assert ("Omar Haddad", "mentoredBy", "Tomas Brandt") not in f


def test_an_alumnus_bracketed_status_names_no_employer(tmp_path):
    # a former member's status in brackets is no organisation; a note that names one still says where they went
    f = _facts(tmp_path, "team.md", """# Marta Quell

## Alumni

- Tobias Renn (Retired)
- Hanna Ode (Industry)
- Ivo Marrek (Graduated)
- Rui Pinto (Unknown)
- Lena Osk (Data Scientist, Halden Robotics)
- Bo Chen (NRQ)
""")
    assert not any(s in ("Tobias Renn", "Hanna Ode", "Ivo Marrek", "Rui Pinto") and p == "workedAt" for s, p, _ in f)
    assert {("Lena Osk", "workedAt", "Halden Robotics"), ("Bo Chen", "workedAt", "NRQ")} <= f


def test_an_advisor_line_whose_label_lost_its_colon_or_is_followed_by_another_label(tmp_path):
    # a PDF CV's line under its entry: "Directeur : A. Titre : T" (the next label ends the names), "Betreuer Prof. Dr. A"
    # (a table cell: the title says a person follows)
    f = _facts(tmp_path, "cv.txt", """Jules Fontaine

Parcours
2012–2015 Doctorat en mathématiques, Université de Nordville, Nordville, France.
Directeur : Henri Castel. Titre : Homotopie des espaces imaginaires. Thèse soutenue le 3 mai 2015.
2016–2018 Chercheur postdoctorant, Institut Fictif de Sudville.
Advisor: Prof. Asa Lindqvist. Thesis: Imaginary numbers.

Ausbildung
2019–2022 Promotion, Klinik für Innere Medizin, Universität Waldstadt
Betreuer Prof. Dr. Anton Maier, Dr. med. Bernd Krause
""")
    assert {(p, o) for s, p, o in f if p in ("advisedBy", "mentoredBy")} == {
        ("advisedBy", "Henri Castel"), ("advisedBy", "Asa Lindqvist"), ("advisedBy", "Anton Maier"),
        ("advisedBy", "Bernd Krause")}


def test_a_professor_written_as_a_field_of_an_entry_line_hosts_or_advises_it(tmp_path):
    # "Employer - Role, Prof. X (dates)": a postdoc's host is a mentor, a student position's professors advise
    f = _facts(tmp_path, "cv.md", """# Ola Brandvik

# Experience

Harwick University - Postdoctoral Researcher, Prof. Ines Valdar (June 2008 - July 2011).

Tarnow State University - Graduate Research Assistant, Profs. Jonas M. Keller and Rita Oyelaran (August 2002 - August 2007).

Quillon Systems - Software Engineer (2000 - 2002).
""")
    assert {(p, o) for s, p, o in f if p in ("advisedBy", "mentoredBy")} == {
        ("mentoredBy", "Ines Valdar"), ("advisedBy", "Jonas M. Keller"), ("advisedBy", "Rita Oyelaran")}
    assert ("Ola Brandvik", "workedAt", "Harwick University") in f


def test_a_graduate_school_in_a_staff_position_line_makes_no_student(tmp_path):
    # "Graduate School of X" names where a fellow or professor works: the professor beside them hosts, not advises,
    # and a professor working with another is a colleague
    f = _facts(tmp_path, "cv.md", """# Odo Farrant

## Experience

- Research Fellow, Graduate School of Informatics, Velden Institute of Technology, Prof. Kiri Amano (2003 - 2005)
- Assistant Professor, Graduate School of Engineering, Marlow University, working with Prof. Hesper Quill, 2005 - 2008
- Graduate Research Assistant, Marlow University, Prof. Tam Ivers (2000 - 2003)
""")
    assert {(p, o) for s, p, o in f if p in ("advisedBy", "mentoredBy")} == {
        ("mentoredBy", "Kiri Amano"), ("advisedBy", "Tam Ivers")}


def test_a_firm_or_course_named_after_a_doctor_stays_no_person(tmp_path):
    # "Dr. X GmbH" is an employer named after its founder, "Prof. X's Physics 101" a course: neither hosts the position
    f = _facts(tmp_path, "cv.md", """# Mira Solvang

## Experience

- Associate, Dr. Brenner Consulting, 2015 - 2017
- Teaching Assistant, Prof. Ana Ruiz's Physics 101, Lakeside University, 2012 - 2014
- Research Engineer | Dr. Holm Medical Devices GmbH | 2018 - present
""")
    assert not {(p, o) for s, p, o in f if p in ("advisedBy", "mentoredBy")}
    assert {("Mira Solvang", "workedAt", "Dr. Brenner Consulting"), ("Mira Solvang", "workedAt", "Dr. Holm Medical Devices GmbH")} <= f


def test_a_director_label_over_an_organisation_is_a_post_not_an_advisor(tmp_path):
    # "Directeur : Laboratoire X, Université Y" heads the lab: the lab is where they work, "Directeur" their role
    f = _facts(tmp_path, "cv.md", """# Jules Fontaine

## Expérience professionnelle

- 2015 – présent : Directeur : Laboratoire de Physique Imaginaire, Université de Nordville
- 2010 – 2015 : Chercheur, Institut Fictif de Sudville
""")
    assert ("Jules Fontaine", "workedAt", "Laboratoire de Physique Imaginaire") in f
    assert not {(p, o) for s, p, o in f if p in ("advisedBy", "mentoredBy")}


def test_a_postdocs_labelled_advisor_or_supervisor_advises_and_its_host_mentors(tmp_path):
    f = _facts(tmp_path, "cv.md", """# Mira Solvang

## Experience

- Postdoctoral Researcher, Tarnow Institute of Botany, 2019 - 2021 (supervisor: Dr. Ilse Marrow)
- Postdoctoral Fellow, University of Vire, 2017 - 2019
  - Advisor: Prof. Tobias Renn & Prof. Hanna Ode
- Postdoctoral Fellow, Kestrel University, 2015 - 2017 (host: Prof. Pavel Surin)
""")
    assert {(p, o) for s, p, o in f if p in ("advisedBy", "mentoredBy")} == {
        ("advisedBy", "Ilse Marrow"), ("advisedBy", "Tobias Renn"), ("advisedBy", "Hanna Ode"), ("mentoredBy", "Pavel Surin")}


def test_headings_of_co_supervised_students_and_italian_supervised_theses_list_the_subjects_students(tmp_path):
    f = _facts(tmp_path, "cv.md", """# Aldo Verri

## Position
Associate Professor, University of Valtorre

## Co-supervision of students
- Bruno Casati (PhD, 2019-2023)

## Tesi magistrali e triennali
- 2023: Carla Neri, Reticoli aleatori, Laurea Triennale in Fisica
""")
    assert {("Bruno Casati", "advisedBy", "Aldo Verri"), ("Carla Neri", "advisedBy", "Aldo Verri")} <= f
    assert not any(o.startswith("Co-supervision") for _, _, o in f)
