"""Whose facts: the subject named wherever the document carries the name, people listed on lab pages
and supervised students with their own relations, career relations in German and Spanish CVs
(fixtures in tests/data/extract/, all people and organisations invented)."""
from __future__ import annotations

import pytest

from kg.extract.positions import describes_work
from kg.extract.sections import heading_kind
from kg.extract.subject import title_name
from extract_helpers import extract_text, facts, relation, run


# -- subject ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, subject", [
    ("subject_title_about.md", "Selin Arslan"),  # front matter title "About X"
    ("subject_title_welcome.md", "Tomasz Nowicki"),  # "Welcome to X's website", capitals folded
    ("subject_email_only.md", "Noor Haddad"),  # a name line the e-mail address spells, not the advisor
    ("subject_cv_sections.yml", "Dario Castellani"),  # a "Full Name" row of a label/value table
    ("subject_header_macro.tex", "Maren Ilse Dahl"),  # \header{given}{family}{...}
    ("geographer_cv_de.md", "Jonas Albrecht"),  # "Lebenslauf – X"
    ("subject_navbar_brand.html", "Odile Ferrand-Vasques"),  # the site's name in its navigation bar
    ("subject_pi_heading.md", "Halvard Brenning"),  # the first name under a "Principal Investigator" heading
    ("subject_handle_record.yml", "qwrenfield"),  # a record file whose name field is a handle
])
def test_subject_is_named_wherever_the_document_names_it(name, subject):
    ex = run(name)
    assert ex.entity(ex.subject).name == subject


def test_page_title_wrappers_in_several_languages():
    assert title_name("Über Jonas Albrecht")[0] == "Jonas Albrecht"
    assert title_name("Página de Lucía Paredes")[0] == "Lucía Paredes"
    assert title_name("Home | Selin Arslan")[0] == "Selin Arslan"
    assert title_name("About Me") is None and title_name("Lab members") is None


def test_a_name_a_sentence_runs_on_to_is_the_advisor_not_the_subject():
    ex = run("subject_email_only.md")
    f = facts(ex)
    assert ("Noor Haddad", "advisedBy", "Helmut Brandt") in f
    assert ("Noor Haddad", "studiedAt", "Riverside University") in f


def test_titled_sections_of_a_yaml_cv_are_read_as_education_and_work():
    ex = run("subject_cv_sections.yml")
    f = facts(ex)
    assert ("Dario Castellani", "studiedAt", "University of Trento") in f  # ", Trento, Italy" is the place
    assert ("Dario Castellani", "advisedBy", "Elena Ricci") in f
    assert relation(ex, "Dario Castellani", "workedAt", "Vision Group").role == "Research Scientist"


def test_supervisor_in_a_latex_entry_argument():
    assert ("Maren Ilse Dahl", "advisedBy", "Arne Lund") in facts(run("subject_header_macro.tex"))


# -- lab pages -------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def lab_table():
    return run("lab_members.md")


def test_member_table_gives_each_member_the_lab_and_the_pi(lab_table):
    f = facts(lab_table)
    pi = "Vera K. Holm"
    assert lab_table.entity(lab_table.subject).name == pi
    assert relation(lab_table, pi, "workedAt", "Holm Lab").role == "PI"  # the owner's own row
    assert ("Olek Marr", "workedAt", "Holm Lab") in f
    assert ("Olek Marr", "advisedBy", pi) not in f  # a postdoc is no student
    assert ("Ines Vidal", "studiedAt", "Holm Lab") in f
    assert ("Ines Vidal", "advisedBy", pi) in f
    assert ("Ines Vidal", "advisedBy", "Tomas Berg") in f  # co-supervised
    assert not any(s == "Vera Holm" for s, _, _ in f)  # the PI's row is the subject, not another person


def test_alumni_table_gives_where_they_went_and_their_advisor(lab_table):
    f = facts(lab_table)
    assert relation(lab_table, "Rui Pinto", "workedAt", "Helio Instruments").end == "present"
    assert relation(lab_table, "Dana Kovač", "workedAt", "University of Ostrava").role == "Assist. Prof."
    assert ("Rui Pinto", "advisedBy", "Vera K. Holm") in f  # listed under doctoral students
    assert ("Rui Pinto", "workedAt", "Holm Lab") not in f  # alumni left the lab


def test_lab_page_in_html_with_sentences_about_each_member():
    ex = run("lab_members.html")
    f = facts(ex)
    pi = "Lucas Ferreira"
    assert ex.entity(ex.subject).name == pi
    assert relation(ex, "Marta Silva", "studiedAt", "University of Porto").degree == "PhD"  # not "... in Rita Gomes's"
    assert ("Marta Silva", "advisedBy", pi) in f
    assert relation(ex, "Joon Park", "workedAt", "University of Porto").role == "Postdoctoral Researcher"
    assert ("Elif Demir", "studiedAt", "University of Ankara") in f
    assert ("Elif Demir", "advisedBy", pi) not in f  # a visiting student is someone else's
    assert relation(ex, "Hugo Lenz", "workedAt", "Baltic Coastal Institute").end == "present"  # "Hugo is now ..."
    assert ("Aiko Mori", "workedAt", "University of Porto") in f
    # the members' sentences are not the PI's: no heading or member became the PI's employer
    assert {o for s, p, o in f if s == pi and p == "workedAt"} == {
        "Department of Geosciences", "University of Porto", "School of Earth Sciences", "University of Leeds"}


def test_supervised_students_of_a_cv_are_advised_by_the_subject():
    ex = run("supervision_cv.txt")
    f = facts(ex)
    for student in ("Wen Zhao", "Carlos Mendes", "Aylin Kaya"):
        assert (student, "advisedBy", "Priya Raman") in f
    assert ("Aylin Kaya", "advisedBy", "Mira Salo") in f
    assert ("Wen Zhao", "workedAt", "Riverbend Water Authority") in f
    assert ("Priya Raman", "advisedBy", "Samuel Okoro") in f
    assert not any(p == "studiedAt" and s == "Priya Raman" and o != "Northfield Institute of Technology"
                   for s, p, o in f)


@pytest.mark.parametrize("heading, kind", [
    ("People", "members"), ("Group Members", "members"), ("Alumni - where they went", "members"),
    ("Mitglieder", "members"), ("Miembros del grupo", "members"), ("研究室メンバー", "members"),
    ("Students Supervised", "students"), ("Betreute Arbeiten", "students"), ("Dirección de tesis", "students"),
    ("Research Experience", "experience"), ("Research Interests", "skills"),
])
def test_member_headings(heading, kind):
    assert heading_kind(heading) == kind


def test_alumni_lists_under_colon_headings_say_where_each_went():
    f = facts(run("group_people_colon.md"))
    assert heading_kind("Ph.D. graduates:") == "members"
    assert ("Casimir Dunleavy", "workedAt", "Tessellate Systems") in f  # "Ph.D., May 2018. Tessellate Systems"
    assert ("Tobiah Rasmussen", "workedAt", "Lumen Forge") in f
    assert ("Marisol Quenneville", "studiedAt", "University of Westmarch") in f  # not "University of Westmarch Ph.D"
    assert not any(p == "studiedAt" and o == "Lumen Forge" for _, p, o in f)  # "M.S., 2012. X": a job after the degree


def test_a_bracketed_year_note_before_a_name_and_a_student_now_elsewhere():
    ex = run("group_people_colon.md")
    f = facts(ex)
    assert {("Yusuf Threlkeld", "advisedBy", "Ilse Markov"), ("Yusuf Threlkeld", "advisedBy", "Halvard Bremnes"),
            ("Yusuf Threlkeld", "studiedAt", "Kestrel University")} <= f
    assert ("Yusuf Threlkeld", "workedAt", "Kestrel University") not in f  # "Now PhD student at X" is study
    assert relation(ex, "Anneliese Pruitt", "workedAt", "Brightwater Media").role == "Web designer"
    assert not any(s == "Anneliese Pruitt" and o.startswith("2020") for s, _, o in f)  # the note's years name no employer


def test_people_records_keyed_by_id_in_a_data_file():
    ex = run("lab_people_keyed.yml")
    assert ex.entity(ex.subject).name == "Vera Lindqvist"
    assert {("Ines Marwood", "advisedBy", "Vera Lindqvist"), ("Olek Brandauer", "advisedBy", "Vera Lindqvist")} <= facts(ex)


def test_a_misspelt_principal_investigator_with_a_privatdozent_title_heads_the_table():
    ex = run("lab_table_principle.md")
    assert ex.entity(ex.subject).name == "Tamsin Okonkwo"  # "PD. Dr. X | Principle Investigator"
    assert ("Janek Sołtys", "advisedBy", "Tamsin Okonkwo") in facts(ex)


def test_chinese_team_page_where_alumni_went_after_graduating():
    ex = run("team_zh_destinations.md")
    assert ex.entity(ex.subject).name == "Unnamed document subject"  # not the title "研究队伍" nor "合作导师"
    assert {("林若溪", "studiedAt", "青岚大学"), ("顾云舟", "workedAt", "星河AI研究院")} <= facts(ex)  # "毕业后前往X..."


# -- career relations in other languages -------------------------------------------------------------

def test_german_cv():
    ex = run("geographer_cv_de.md")
    f = facts(ex)
    me = "Jonas Albrecht"
    assert relation(ex, me, "workedAt", "Universität Kiel").start == "2021-10"
    assert relation(ex, me, "workedAt", "Alfred-Wegener-Institut").role == "Postdoktorand"
    assert relation(ex, me, "studiedAt", "University of Hamburg").degree == "PhD"
    assert (me, "advisedBy", "Henrike Sommer") in f
    assert relation(ex, me, "studiedAt", "Universität Göttingen").degree == "MS"
    assert not any(o == "Nordsee Satellit GmbH" for s, p, o in f if s == me)  # a partner in a description line
    assert ("Lena Vogt", "advisedBy", me) in f and ("Paul Reiter", "advisedBy", me) in f  # "Betreute Arbeiten"
    assert ("Paul Reiter", "workedAt", "Küstenwerk Analytik") in f  # "jetzt bei"


def test_spanish_cv():
    ex = run("ecologist_cv_es.md")
    f = facts(ex)
    me = "Lucía Paredes Ortega"
    assert ex.entity(ex.subject).name == me
    assert relation(ex, me, "studiedAt", "Universidad de Sevilla").degree == "PhD"  # Doctorado
    assert relation(ex, me, "studiedAt", "Universidad de Vigo").degree == "MS"  # Máster
    assert (me, "advisedBy", "Carmen Ibáñez") in f
    assert relation(ex, me, "workedAt", "Universidad de Cádiz").role == "Investigadora Ramón y Cajal"  # no "actualidad"
    assert relation(ex, me, "workedAt", "Centro de Estudios Avanzados de Blanes").end == "2020"
    assert not any(o == "Mareas Digitales SL" for s, p, o in f if s == me)
    assert ("Tomás Herrera Gil", "advisedBy", me) in f and ("Ana Belén Ruiz", "advisedBy", me) in f
    assert ("Tomás Herrera Gil", "workedAt", "Universidad de Málaga") in f  # "ahora en la ..."


def test_action_words_open_description_lines():
    assert describes_work("Developed PET tracers with Acme Imaging")
    assert describes_work("Desarrollé modelos con la empresa X")
    assert not describes_work("Applied Physics Lab, Acme University")


# -- career relation precision --------------------------------------------------------------------

def test_header_degree_lines_and_degree_entries_outside_an_education_section():
    ex = run("header_degrees_cv.txt")
    f = facts(ex)
    me = "Tomas Lindqvist"
    assert relation(ex, me, "studiedAt", "Nordvik Institute of Technology").degree == "PhD"
    assert relation(ex, me, "studiedAt", "University of Tarnow").degree == "MS"
    assert not any(o.endswith("Energy Systems Analysis") for _, _, o in f)  # a field, not a department
    # "Academic History": the degree, not the heading, says these are studies; ". " ends each field
    assert relation(ex, me, "studiedAt", "University of Ostrava").end == "2015"
    assert (me, "workedAt", "University of Ostrava") not in f
    assert relation(ex, me, "studiedAt", "Lakeside University").degree == "MS"
    assert relation(ex, me, "workedAt", "Northfield University").role == "Research Associate"  # "Dept." is no field end


def test_bio_sentences_study_and_work():
    ex = run("bio_sentences.md")
    f = facts(ex)
    me = "Mirela Kovač"
    # "... at Eastbrook Tech. I am trained ...": two sentences, the job is no study
    assert not any(p == "studiedAt" and "Library" in o for s, p, o in f)
    assert relation(ex, me, "studiedAt", "University of Tarnow").degree == "PhD"
    assert (me, "advisedBy", "Anselm Riedel") in f  # three stacked titles
    assert relation(ex, me, "studiedAt", "Halden Institute of Mental Health").degree == "PhD"  # where the advisor is
    assert ("Kovač Lab for Computational Genomics", "partOf", "MD Lindgren Cancer Center") in f  # not "PI of the ..."
    assert relation(ex, me, "workedAt", "MD Lindgren Cancer Center").role == "Assistant Professor"  # MD is no degree


def test_long_dated_entry_host_organisation_and_group_leader():
    ex = run("header_degrees_cv.txt")
    f = facts(ex)
    me = "Tomas Lindqvist"
    # a line that opens with its dates is an entry even when it names many units
    assert relation(ex, me, "workedAt", "Marine Systems Research Centre").end == "present"
    assert ("Marine Systems Research Centre", "partOf", "University of Tarnow") in f
    assert (me, "mentoredBy", "Ilse Varga") in f
    # "with Wetlands Lab": a host organisation, not a person; "(PI: B)": B heads it
    assert relation(ex, me, "workedAt", "Wetlands Lab").role == "Postdoctoral Researcher"
    assert ("Oskar Brandt", "workedAt", "Wetlands Lab") in f


def test_chinese_cv_with_full_width_separators():
    ex = run("chemist_cv_zh.md")
    f = facts(ex)
    me = "林晓雯"
    assert ex.entity(ex.subject).name == me
    assert relation(ex, me, "workedAt", "化学学院").role == "副教授"
    assert relation(ex, me, "workedAt", "化学学院").end == "present"
    assert ("化学学院", "partOf", "东岭大学") in f
    postdoc = relation(ex, me, "workedAt", "南湖科学研究院")  # 博士后 is a postdoc, not a doctorate
    assert postdoc.role == "博士后研究员" and postdoc.start == "2018-07"
    assert (me, "studiedAt", "南湖科学研究院") not in f
    assert relation(ex, me, "studiedAt", "西川大学").degree == "PhD"


def test_japanese_cv_dates_and_units():
    ex = run("physicist_cv_ja.md")
    f = facts(ex)
    me = "佐藤 健太"
    job = relation(ex, me, "workedAt", "北浜大学")
    assert (job.role, job.start, job.end) == ("准教授", "2020-04", "present")  # 年月 dates, 現在
    assert ("理学部", "partOf", "北浜大学") in f  # 学部: a faculty inside its university
    assert relation(ex, me, "workedAt", "東雲研究所").end == "2020-03"
    phd = relation(ex, me, "studiedAt", "南山大学")
    # the 博士課程 (2014-04 - 2017-03) and the 学部 before it (2010-04 - 2014-03) at one school: one relation over both
    assert (phd.degree, phd.start, phd.end) == ("PhD", "2010-04", "2017-03")


@pytest.mark.parametrize("name, me, job, role, school, degree, advisor", [
    ("chemist_cv_fr.md", "Camille Rousseau", "Laboratoire de Chimie Douce", "Maîtresse de conférences",
     "Université de Lorient", "PhD", "Julien Marchand"),  # "Directeur de thèse : Pr. X"
    ("physicist_cv_pt.md", "Beatriz Tavares Lima", "Universidade Federal do Cerrado", "Professora Adjunta",
     "Universidade de Itaqui", "PhD", "Rui Salgado"),  # "Orientador:"
    ("physicist_cv_it.md", "Giulia Ferraro", "Dipartimento di Fisica", "Ricercatrice",
     "Università di Lamberto", "PhD", "Marco Bellini"),  # "Relatore:"
])
def test_french_portuguese_italian_cvs(name, me, job, role, school, degree, advisor):
    ex = run(name)
    f = facts(ex)
    assert ex.entity(ex.subject).name == me
    worked = relation(ex, me, "workedAt", job)
    assert worked.role == role and worked.end == "present"
    assert relation(ex, me, "studiedAt", school).degree == degree
    assert (me, "advisedBy", advisor) in f


def test_supervised_students_in_french_and_portuguese():
    fr = facts(run("chemist_cv_fr.md"))
    assert ("Hugo Petit", "advisedBy", "Camille Rousseau") in fr  # "Encadrement"
    assert ("Hugo Petit", "workedAt", "Saline Analytique") in fr  # "aujourd'hui chez"
    pt = run("physicist_cv_pt.md")
    assert relation(pt, "Beatriz Tavares Lima", "workedAt", "Instituto de Estudos Costeiros").role == "Pós-doutoranda"
    assert {("Marcos Vieira", "advisedBy", "Beatriz Tavares Lima"), ("Marcos Vieira", "advisedBy", "Ana Prado")} <= facts(pt)


def test_list_item_headings_and_referees_who_supervised():
    ex = run("references_cv.md")
    f = facts(ex)
    me = "Oskar Lund"
    assert relation(ex, me, "workedAt", "Harbour Polytechnic").role == "Research Fellow"  # "- # Org - Place"
    assert relation(ex, me, "studiedAt", "Northfield University").degree == "PhD"  # a degree in "Experience"
    assert (me, "advisedBy", "Irena Kowal") in f  # a referee noted as "PhD Supervisor"
    assert relation(ex, "Irena Kowal", "workedAt", "Northfield University").role == "Professor"
    assert relation(ex, "Piet Smit", "workedAt", "Baltic Sonar Systems").role == "Senior Engineer"  # "# Name" under References
    assert (me, "advisedBy", "Piet Smit") not in f


def test_long_dated_row_of_cells_is_an_entry():
    ex = run("header_degrees_cv.txt")
    study = relation(ex, "Tomas Lindqvist", "studiedAt", "Eastbrook University")
    assert (study.degree, study.start, study.end) == ("MS", "2011-10", "2013-12")


@pytest.mark.parametrize("name, group, parent, worker, student", [
    # "Die Arbeitsgruppe X gehört zum Institut Y der Universität Z": the group, then its parents
    ("lab_page_de.html", "Arbeitsgruppe Bodenökologie", "Institut für Geoökologie", "Tobias Kaltenecker", "Jana Ostermeier"),
    # "El Grupo de Investigación en X forma parte de la Universidad Y"
    ("lab_page_es.html", "Grupo de Investigación en Hidrogeología Aplicada", "Universidad de Montecarmelo",
     "Sergio Valdivia Ponce", "Noelia Arriaga Fuentes"),
    # front matter title; "L'équipe X fait partie de l'Université Y"
    ("lab_page_fr.md", "Équipe Dynamique des Sols", "Université de Brévannes", "Inès Falguière", "Bastien Quémeneur"),
    # "Il Laboratorio X fa parte del Dipartimento Y dell'Università Z"
    ("lab_page_it.html", "Laboratorio di Acustica Ambientale", "Dipartimento di Ingegneria", "Sara Bellandi",
     "Luca Parravicini"),
    # no title: the first heading; "小野寺 翔 博士課程", the role after the name with no separator
    ("lab_page_ja.md", "森川研究室", None, "早瀬 美咲", "小野寺 翔"),
])
def test_lab_pages_in_other_languages_give_members_the_pages_group(name, group, parent, worker, student):
    ex = run(name)
    f = facts(ex)
    assert (worker, "workedAt", group) in f
    assert (student, "studiedAt", group) in f
    if parent:
        assert (group, "partOf", parent) in f
    assert not any(o.split()[0] in ("Die", "El", "Il", "L'équipe") for _, _, o in f)  # the sentence's article


def test_a_groups_parents_named_in_a_sentence_nest():
    f = facts(run("lab_page_it.html"))
    assert ("Dipartimento di Ingegneria", "partOf", "Università di Castelsereno") in f  # "... dell'Università Z"
    assert ("Institut für Geoökologie", "partOf", "Universität Lindenau") in facts(run("lab_page_de.html"))  # "... der"


def test_a_title_naming_a_section_is_no_group():
    ex = run("lab_members_titled.md")  # front matter "title: Lab members"; the owner's "Castellví Lab" is the group
    f = facts(ex)
    assert {("Ona Ribas", "workedAt", "Castellví Lab"), ("Pau Serra", "studiedAt", "Castellví Lab")} <= f
    assert not any(o == "Lab members" for _, _, o in f)


@pytest.mark.parametrize("name, owner, group", [
    ("lab_page_es.html", "Adela Quiroga Benavente", "Grupo de Investigación en Hidrogeología Aplicada"),  # "Investigador principal"
    ("lab_page_it.html", "Ettore Montanari", "Laboratorio di Acustica Ambientale"),  # "Responsabile"
])
def test_a_lab_pages_owner_works_at_the_pages_group(name, owner, group):
    assert relation(run(name), owner, "workedAt", group).end == "present"


# -- people pages grouped by role, and supervised students written in other ways --------------------

def _extract_text(tmp_path, name: str, text: str):
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return facts(extract(load_document(path)))


def test_role_groups_under_a_people_heading_and_advisors_named_by_family_name(tmp_path):
    page = """<html><head><title>People – Centre for Soft Robotics, University of Tarnow</title></head><body>
<h1>People</h1>
<h2>Group leaders</h2>
<div class="person"><span class="name">Dr. Vera Holm</span> <span class="role">Professor</span></div>
<div class="person"><span class="name">Dr. Olek Marr</span> <span class="role">Assistant professor</span></div>
<h2>PhD candidates</h2>
<div class="person"><span class="name">Ines Vidal</span> <span class="role">Supervisors: Holm, Marr</span></div>
<div class="person"><span class="name">Rui Pinto</span> <span class="role">Supervisor: Marr</span></div>
<h2>Technical staff</h2>
<div class="person"><span class="name">Ida Berg</span> <span class="role">Lab manager</span></div>
</body></html>"""
    f = _extract_text(tmp_path, "people.html", page)
    assert ("Ines Vidal", "advisedBy", "Vera Holm") in f and ("Ines Vidal", "advisedBy", "Olek Marr") in f
    assert ("Rui Pinto", "advisedBy", "Olek Marr") in f and ("Rui Pinto", "advisedBy", "Vera Holm") not in f
    assert ("Ida Berg", "workedAt", "Centre for Soft Robotics") in f
    assert ("Centre for Soft Robotics", "partOf", "University of Tarnow") in f


def test_students_on_one_labelled_line_and_sub_headings_of_member_words(tmp_path):
    cv = """Vera Holm
Professor of Ecology, University of Tarnow

SUPERVISION
Completed doctorates
  – Dr. Ines Vidal (2015–2019), now at Helio Instruments
Current doctoral students: Rui Pinto, Ida Berg
"""
    f = _extract_text(tmp_path, "cv.txt", cv)
    assert {("Ines Vidal", "advisedBy", "Vera Holm"), ("Rui Pinto", "advisedBy", "Vera Holm"),
            ("Ida Berg", "advisedBy", "Vera Holm")} <= f
    assert not any(s == "Completed doctorates" for s, _, _ in f)


def test_a_thesis_listed_after_its_authors_name_is_a_supervised_student(tmp_path):
    cv = """Vera Holm Sampaio

Orientações e supervisões concluídas
1.  Ines Duarte Vidal. Dispersão de sementes em áreas degradadas. 2020. Dissertação (Mestrado em Ecologia) - Universidade de Tarnow. Orientador: Vera Holm Sampaio.
"""
    f = _extract_text(tmp_path, "lattes.txt", cv)
    assert ("Ines Duarte Vidal", "advisedBy", "Vera Holm Sampaio") in f


@pytest.mark.parametrize("heading", ["# Curriculum Vitae di Ines Vidal", "# Lebenslauf von Ines Vidal", "Curriculum vitae of Ines Vidal"])
def test_a_heading_that_wraps_the_name_names_the_subject(tmp_path, heading):
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / "cv.md"
    path.write_text(f"{heading}\n\n## Education\n\n- 2012 PhD, University of Tarnow\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert ex.entity(ex.subject).name == "Ines Vidal"


# -- staff pages, news items and bios of round 4 (issue 14) ---------------------------------------

def test_a_staff_page_names_its_unit_in_the_title_and_where_it_belongs_on_the_line_under_it():
    ex = run("staff_affiliation_line.md")
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Halina Brzezińska"  # the head's heading, not the unit the title names
    assert ("Zakład Fotoniki", "partOf", "Wydział Fizyki") in f and ("Wydział Fizyki", "partOf", "Politechnika Zielonogórska") in f
    assert ("Ewa Rutkowska", "workedAt", "Zakład Fotoniki") in f
    assert {("Tadeusz Olech", "advisedBy", "Halina Brzezińska"), ("Tadeusz Olech", "advisedBy", "Ewa Rutkowska"),
            ("Tadeusz Olech", "studiedAt", "Zakład Fotoniki")} <= f  # a second label in one list; "promotor: prof." no role
    assert not any(e.type == "Person" and e.name.startswith(("Wydział", "Zakład")) for e in ex.entities)  # no member


def test_member_table_columns_named_by_who_the_people_are_and_by_their_last_words():
    f = facts(run("members_table_headings.html"))
    assert {("Maëlle Quintin", "advisedBy", "Rémi Fauconnier"), ("Maëlle Quintin", "advisedBy", "Odile Passerat")} <= f
    assert ("Jun Takeda", "advisedBy", "Odile Passerat") in f and ("Jun Takeda", "advisedBy", "Rémi Fauconnier") not in f
    assert ("Équipe Systèmes Embarqués", "partOf", "Laboratoire d'Électronique de Brévannes") in f


def test_a_catalan_double_surname_is_one_name_and_i_before_a_title_joins_two_advisors():
    ex = run("grup_membres_ca.html")
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Núria Casademont i Pujol"
    assert {("Pau Esteve", "advisedBy", "Martí Rovira"), ("Pau Esteve", "advisedBy", "Núria Casademont i Pujol"),
            ("Pau Esteve", "studiedAt", "Grup de Química Ambiental")} <= f
    assert ("Grup de Química Ambiental", "partOf", "Departament de Química") in f


def test_a_news_headline_names_its_subject_after_a_title():
    ex = run("news_headline_it.md")
    assert ex.entity(ex.subject).name == "Ilaria Bonfanti"


def test_a_thesis_defence_lists_the_candidates_supervisors_and_examiners_with_where_they_work():
    ex = run("thesis_defence.html")
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Lotte Brinkman"
    assert ("Lotte Brinkman", "advisedBy", "Hendrik Oldenkamp") in f
    assert {("Hendrik Oldenkamp", "workedAt", "Zuiderveld University"), ("Anselm Krauter", "workedAt", "Universität Wendelstein"),
            ("Priya Nandakumar", "workedAt", "Ferrolux Materials Ltd")} <= f
    assert ("Lotte Brinkman", "advisedBy", "Anselm Krauter") not in f  # an examiner advises nobody


def test_students_a_bio_names_in_its_sentences():
    f = facts(run("bio_students_prose.md"))
    assert {("Felix Amadi", "advisedBy", "Marguerite Ostrander"), ("Rhea Castell", "advisedBy", "Marguerite Ostrander"),
            ("Tomas Lind", "advisedBy", "Marguerite Ostrander")} <= f
    assert ("Ana Quiroga", "advisedBy", "Marguerite Ostrander") in f and ("Ana Quiroga", "workedAt", "University of Porthaven") in f
    assert ("Marguerite Ostrander", "workedAt", "University of Porthaven") not in f  # the student's, not hers
    assert ("Yara Soto", "advisedBy", "Idris Bakare") in f  # "His student": whom the last sentence opened with


def test_people_a_site_generators_front_matter_lists():
    ex = run("lab_front_matter.md")
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Renata Voss"
    assert {("Renata Voss", "workedAt", "Soft Matter Lab"), ("Renata Voss", "studiedAt", "Brightwater University"),
            ("Soft Matter Lab", "partOf", "Department of Physics"), ("Department of Physics", "partOf", "Calloway University")} <= f
    assert {("Kenji Arai", "studiedAt", "Soft Matter Lab"), ("Kenji Arai", "advisedBy", "Renata Voss"),
            ("Kenji Arai", "advisedBy", "Omar Haddad")} <= f
    assert ("Lucia Ferro", "workedAt", "Elmstead University") in f
    assert relation(ex, "Lucia Ferro", "workedAt", "Soft Matter Lab").end == "2022"  # a former member's job and its years


def test_german_advisors_after_bei_and_in_der_gruppe_von():
    f = facts(run("bio_advisor_de.md"))
    assert ("Konrad Eschweiler", "advisedBy", "Sabine Hartlaub") in f
    assert ("Konrad Eschweiler", "studiedAt", "Universität Weißbach") in f  # where the doctorate was, after the advisor
    assert ("Konrad Eschweiler", "mentoredBy", "Marc Delorme") in f


@pytest.mark.parametrize("name, page", [
    ("lab.html", """<html><head><title>Quillon Lab - People</title></head><body><h1>Quillon Lab</h1>
<p>The Quillon Lab is part of the Department of Soil Sciences at Brackenmoor University.</p>
<h2>Current members</h2>
<table><tr><th>Name</th><th>Position</th></tr>
<tr><td>Edda Quillon</td><td>Principal Investigator</td></tr>
<tr><td>Piet Hallowan</td><td>PhD student</td></tr></table>
<h2>Alumni</h2>
<p>Mira Tesselaar was a postdoc in the lab from 2015 to 2019 and is now a scientist at Ombrel Labs.</p>
</body></html>"""),
    ("gruppe.md", """# Arbeitsgruppe Quillon

Die Arbeitsgruppe ist Teil des Instituts für Bodenkunde und wird geleitet von Prof. Edda Quillon.

## Mitglieder

- Piet Hallowan, Doktorand

## Ehemalige

Mira Tesselaar war von 2015 bis 2019 Postdoc in der Gruppe.
"""),
])
def test_a_lab_pages_subject_is_its_leader_not_an_alumna_its_prose_introduces(tmp_path, name, page):
    from kg.extract import extract
    from kg.ingest import load_document
    (tmp_path / name).write_text(page, encoding="utf-8")
    ex = extract(load_document(tmp_path / name))
    assert ex.entity(ex.subject).name == "Edda Quillon"
    f = facts(ex)
    assert ("Piet Hallowan", "advisedBy", "Edda Quillon") in f
    assert not any(o == "Mira Tesselaar" for _, p, o in f if p == "advisedBy")


def test_a_co_advisor_in_the_brackets_of_an_advisor_cell(tmp_path):
    page = """# Équipe Sols et Climat

## Doctorants

| Doctorant·e | Sujet | Direction de thèse |
|---|---|---|
| Lise Marchal | Carbone des sols | Edda Quillon (co-direction : Paul Sorel, Université de Vire) |
| Tom Aubry | Érosion | Edda Quillon (co-supervised with Dr. Ivo Marr) |
| Ana Vidal | Drainage | Paul Sorel |
"""
    f = _extract_text(tmp_path, "equipe.md", page)
    assert {("Lise Marchal", "advisedBy", "Edda Quillon"), ("Lise Marchal", "advisedBy", "Paul Sorel"),
            ("Tom Aubry", "advisedBy", "Edda Quillon"), ("Tom Aubry", "advisedBy", "Ivo Marr")} <= f
    assert ("Ana Vidal", "advisedBy", "Edda Quillon") not in f and ("Tom Aubry", "advisedBy", "Paul Sorel") not in f


def test_bold_lines_head_the_groups_of_a_markdown_group_page():
    # "**Investigador principal**" alone on its line heads a group: its member owns the page, not the first
    # "Profesora" of the next group, and works at the group though the card names a past postdoc elsewhere
    ex = run("grupo_negritas_es.md")
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Anselmo Tejedor Quirós"
    assert ("Anselmo Tejedor Quirós", "workedAt", "Grupo de Ecología Fluvial") in f
    assert ("Anselmo Tejedor Quirós", "workedAt", "Instituto Fluvial de Lisboa") in f
    assert ("Ciro Valdés Anaya", "studiedAt", "Grupo de Ecología Fluvial") in f  # "predoctoral" is study
    assert ("Ciro Valdés Anaya", "advisedBy", "Berta Olmedilla Rus") in f


def test_a_physicians_lebenslauf_as_a_table():
    # "PD Dr. med." before the owner's name; "Oberärztin", "Assistenzärztin" are ranks, not employers;
    # "Mentora: Prof.ª X" names a mentor
    ex = run("lebenslauf_klinik_de.md")
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Henrike Altmannsberger"
    assert relation(ex, "Henrike Altmannsberger", "workedAt", "Städtisches Klinikum Auenfeld").role == "Oberärztin"
    assert relation(ex, "Henrike Altmannsberger", "workedAt", "Kreisklinikum Birkenau").role == "Assistenzärztin"
    assert ("Henrike Altmannsberger", "mentoredBy", "Iolanda Sardinha") in f
    assert not any(e.name in ("Oberärztin", "Assistenzärztin") for e in ex.entities)


def test_doktoranden_are_students_of_the_chair():
    ex = run("lehrstuhl_doktoranden_de.md")
    f = facts(ex)
    assert ("Lene Habicht", "studiedAt", "Lehrstuhl für Strömungsmechanik") in f  # "M.Sc." is no part of the name
    assert ("Lene Habicht", "advisedBy", "Gernot Pfalzgraf") in f


# -- whose document it is: the subject on real pages (issue 14, subject-pool) -------------------------

def _extract_file(tmp_path, name: str, text: str):
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return extract(load_document(path))


def test_an_award_listed_in_an_unnamed_cv_is_not_its_subject(tmp_path):
    ex = _extract_file(tmp_path, "cv.md", """---
title: Curriculum Vitae
---

## Parcours

2016–2019
Doctorat en mathématiques, Université de Vire, Vire, France.

## Distinctions

2020
Cours Tremblay, Académie des Sciences de Vire – Fondation Tremblay, Vire, France. Il récompense chaque année de jeunes chercheurs.
""")
    assert ex.entity(ex.subject).name == "Unnamed document subject"
    assert ("Unnamed document subject", "studiedAt", "Université de Vire") in facts(ex)


def test_each_student_a_supervision_line_lists_with_a_note_after_the_name_is_advised_by_the_subject(tmp_path):
    ex = _extract_file(tmp_path, "cv.md", """# Hélène Varga

## Encadrement d'étudiants

- Thèses de doctorat : Léa Marchetti (2006-2009) en co-encadrement avec financement JETSET, Tomas Brandt (2014-2017) avec financement IDEX.
""")
    f = facts(ex)
    assert {("Léa Marchetti", "advisedBy", "Hélène Varga"), ("Tomas Brandt", "advisedBy", "Hélène Varga")} <= f


def test_a_supervisor_and_a_referee_titled_with_an_abbreviated_rank_are_people(tmp_path):
    ex = _extract_file(tmp_path, "cv.md", """# Tariq Haddad

## Research Experience

Research Assistant, Department of Physics, University of Tarnow, 2018
Under supervision of: Assoc. Prof. Kofi Mensah

## References

### Asst. Prof. Lerato Dube

Department of Chemistry, University of Vire

lerato.dube@vire.example.edu
""")
    f = facts(ex)
    assert ("Tariq Haddad", "advisedBy", "Kofi Mensah") in f
    assert ("Lerato Dube", "workedAt", "Department of Chemistry") in f  # the referee, not her department, works there


def test_students_whose_committee_the_subject_sat_on_are_not_their_advisees(tmp_path):
    # an advising section's sub-headings say the subject sat on these students' committees: no supervision
    f = _extract_text(tmp_path, "cv.md",
                      "# Ada Quill\n\n# Graduate Advising\n\n## Dissertation Committee Member (at Tarnow)\n\n"
                      "-   Cara Osei, *Salt marsh semantics*, 2011\n\n"
                      "## Qualifying Exam Committee Member (at Tarnow)\n\n-   Dan Varga, on estuary logic, 2010\n\n"
                      "## Honors Thesis External Examiner (at Lund)\n\n-   Eva Lund (Botany), \"Reed beds\", 2009\n")
    assert not {s for s, p, _ in f if p == "advisedBy"}


def test_a_group_page_whose_author_is_one_of_its_members_is_the_leaders_and_card_roles_under_names_are_roles():
    # a site generator's author meta names the postdoc who built the site; role headings sit under name headings,
    # and "Researchers" beside "Principal Investigators" lists people too
    ex = run("group_people_cards.html")
    assert ex.entity(ex.subject).name == "Irena Quennell"
    f = facts(ex)
    group = "Quennell Porous Materials Group"
    assert {("Pavel Ostrander", "workedAt", group), ("Hamid Tervani", "workedAt", group),
            ("Lindiwe Mbeki-Carr", "studiedAt", group), ("Lindiwe Mbeki-Carr", "advisedBy", "Irena Quennell")} <= f
    assert not any(p == "advisedBy" and o == "Pavel Ostrander" for _, p, o in f)


def test_a_cards_line_naming_only_organisations_is_where_the_person_works():
    # "Prof. X" over "KTU" or "UKV/CDSL": the capitals under a titled name are the card's affiliation, no heading
    f = facts(run("consortium_people_cards.html"))
    assert {("Greta Nyholm", "workedAt", "KTU"), ("Osric Delacroix", "workedAt", "UKV"), ("Osric Delacroix", "workedAt", "CDSL"),
            ("Wanjiru Kamau", "workedAt", "Brackmoor University")} <= f
    assert not any("Photo of" in o for _, _, o in f)  # an image's alt text is no employer


def test_a_plural_role_is_a_group_heading_not_a_members_name(tmp_path):
    page = tmp_path / "team.md"
    page.write_text("# Team\n\n## Professor\n\n### Ilse Brandvold\n\nProfessor of Computer Science\n\n"
                    "## Junior Researchers\n\n### Tomas Ferreira\n\nJunior Researcher @ University of Auenfeld\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    ex = extract(load_document(page))
    assert "Junior Researchers" not in {e.name for e in ex.entities}
    assert ("Tomas Ferreira", "workedAt", "University of Auenfeld") in facts(ex)


def test_alumni_lists_under_role_groups_visitors_with_their_homes_and_a_line_of_names():
    ex = run("group_alumni_lists.html")
    f = facts(ex)
    group = "Tarrant Catalysis Group"
    assert relation(ex, "Amara Okonkwo", "workedAt", group).start == "2016"  # "Postdoctoral researchers": the role
    assert relation(ex, "Lior Ben-Ami", "studiedAt", group).end == "2021"  # "Ph.D. 2021": a former student's degree
    assert {("Ingrid Solberg", "workedAt", group), ("Ingrid Solberg", "workedAt", "Vestland University"),
            ("Kenta Morioka", "workedAt", "Hoshida Corporation")} <= f  # a visit, and the guest's home
    for name in ("Corin Hale", "Tamsin Voss", "Rafael Quintero", "Mei-Lin Sato"):  # a line of names under a student group
        assert relation(ex, name, "studiedAt", group).end is None  # former members: no "present"


def test_a_former_members_bracketed_note_that_names_only_an_employer_is_where_they_went(tmp_path):
    # alumni lists write where people went as a bare note: "(Northwind Analytics)", "(ML Engineer, Helio Labs)"
    page = tmp_path / "people.md"
    page.write_text("# Vera Holm\n\nProfessor of Ecology, University of Tarnow.\n\n## Former Students\n\n"
                    "* Olek Marr (Northwind Analytics)\n* Seo Yun (Mia) Park (Data Engineer, Helio Labs)\n"
                    "* Tomas Berg (Ph.D. student at Harrow University)\n* Ines Vidal (PhD 2019)\n\n"
                    "## Lab members\n\n* Rui Pinto (Kellridge University)\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    ex = extract(load_document(page))
    f = facts(ex)
    assert {("Olek Marr", "workedAt", "Northwind Analytics"), ("Seo Yun Park", "workedAt", "Helio Labs"),
            ("Tomas Berg", "studiedAt", "Harrow University")} <= f
    assert relation(ex, "Olek Marr", "workedAt", "Northwind Analytics").end == "present"
    assert ("Tomas Berg", "workedAt", "Harrow University") not in f
    assert not {o for s, p, o in f if s == "Ines Vidal" and p == "workedAt"} - {"University of Tarnow"}


def test_a_bold_line_naming_a_people_section_heads_it_and_a_hyphen_glued_to_a_name_bullets_it(tmp_path):
    # "**Lab Alumni**" alone on its line, then "-[Name](url) (postdoc) - Role at X" (no list item in Markdown)
    page = tmp_path / "people.md"
    page.write_text("---\ntitle: People\n---\n\n**Lab Alumni**\n\n-[Olek Marr](https://example.org) (postdoc) - "
                    "Bioinformatician at Kellridge University\n\n-Ines Vidal (Junior Specialist) - Graduate Student, "
                    "Harrow University\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    f = facts(extract(load_document(page)))
    assert {("Olek Marr", "workedAt", "Kellridge University"), ("Ines Vidal", "studiedAt", "Harrow University")} <= f


def test_member_cards_titled_name_comma_degree_with_a_current_position_label(tmp_path):
    # "#### Ana Ruiz, PhD" over "Postdoctoral Fellow": a card; "Current Position: Role, X." where an alumna went;
    # a "LinkedIn" link line is no school, "Affiliate Faculty, X" an appointment, no unit
    page = tmp_path / "lab.md"
    page.write_text("## Principal Investigator\n\n#### Vera Holm, PhD\n\nAssociate Professor, Department of Ecology, "
                    "Tarnow University\n\nAffiliate Faculty, Institute for Coastal Data Science\n\n## Current Lab Members\n\n"
                    "#### Olek Marr, PhD\n\nPostdoctoral Fellow\n\nPhD in Statistics, Kellridge University, 2023\n\n"
                    "## Alumni\n\n#### Ines Vidal, MS\n\nMS in Biostatistics, Harrow University, 2022\n\n"
                    "Current Position: Senior Biostatistician, Brisk Diagnostics.\n\nLinkedIn\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    ex = extract(load_document(page))
    f = facts(ex)
    assert ("Olek Marr", "studiedAt", "Kellridge University") in f
    assert relation(ex, "Ines Vidal", "workedAt", "Brisk Diagnostics").role == "Senior Biostatistician"
    assert not {o for _, _, o in f} & {"LinkedIn", "Affiliate Faculty", "Brisk Diagnostics."}


def test_a_bold_line_in_a_cv_section_is_its_entry_title_not_a_group_heading(tmp_path):
    # "**Assistant Project Scientist**" reads like a group's name ("projects", "scientists"), but under "Experience"
    # it titles the entry below it: the employer on the next line is the subject's
    cv = tmp_path / "cv.md"
    cv.write_text("# Marta Lindqvist\n\n## Experience\n\n**Postdoctoral Researcher**  \nUniversity of Tarnow, 2019 - 2021\n\n"
                  "**Assistant Project Scientist**  \nKelso Institute of Marine Science, 2021 - Present\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    ex = extract(load_document(cv))
    assert relation(ex, "Marta Lindqvist", "workedAt", "Kelso Institute of Marine Science").role == "Assistant Project Scientist"
    assert relation(ex, "Marta Lindqvist", "workedAt", "University of Tarnow").role == "Postdoctoral Researcher"


def test_the_degrees_after_a_staff_members_name_are_held_not_studied(tmp_path):
    # "Name, MS – Research Technician": the letters after the name are a degree held, the role is what the person is
    page = tmp_path / "people.md"
    page.write_text("# Tide Ecology Lab\n\nThe Tide Ecology Lab at Tarnow University is led by Prof. Vera Holm.\n\n"
                    "## People\n\n- Vera Holm, PhD – Principal Investigator\n- Olek Marr, MS – Research Technician\n"
                    "- Ines Vidal, BS, Lab Manager\n- Rui Pinto, MS – PhD student\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    f = facts(extract(load_document(page)))
    assert {("Olek Marr", "workedAt", "Tide Ecology Lab"), ("Ines Vidal", "workedAt", "Tide Ecology Lab"),
            ("Rui Pinto", "advisedBy", "Vera Holm")} <= f
    assert not any(s in ("Olek Marr", "Ines Vidal") and p in ("advisedBy", "studiedAt") for s, p, _ in f)


def test_a_page_titled_for_its_members_lists_them_before_any_heading(tmp_path):
    # a network's member page: a linked name, then the line of where the member works (a Markdown line break between)
    page = tmp_path / "members.md"
    page.write_text("---\ntitle: Mitglieder\n---\n\n[Dr. Ivo Marrek](https://ivo.example.org/)  \nUniversität Tarnow\n\n"
                    "[Lena Osk](https://lena.example.org/)  \nInstitut für Küstenkunde, Universität Vire\n\n"
                    "[Prof. Dr. Ana Duarte](https://ana.example.org/)  \nHelio Forschungszentrum Kelso\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    f = facts(extract(load_document(page)))
    assert {("Ivo Marrek", "workedAt", "Universität Tarnow"), ("Lena Osk", "workedAt", "Institut für Küstenkunde"),
            ("Ana Duarte", "workedAt", "Helio Forschungszentrum Kelso")} <= f


def test_member_tables_captioned_by_their_first_header_cell(tmp_path):
    # "| Past graduate students | Thesis title |" and a header row whose only cell names the group: who the rows are
    page = tmp_path / "people.md"
    page.write_text("---\ntitle: People\n---\n\n| Lab head and current students |   |\n|---|---|\n| Dr. Vera Holm | PI |\n"
                    "| Ines Vidal | PhD. Dune grasses |\n| Olek Marr | MS. Salt marsh carbon |\n\n"
                    "| Past graduate students | Thesis title |\n|---|---|\n| Rui Pinto | Tidal flats of Kelso. PhD 2019. |\n"
                    "| Lena Osk | Wrack lines. MS 2016. |\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    ex = extract(load_document(page))
    assert ex.entity(ex.subject).name == "Vera Holm"
    assert {(s, "advisedBy", "Vera Holm") for s in ("Ines Vidal", "Olek Marr", "Rui Pinto", "Lena Osk")} <= facts(ex)


def test_namesake_units_of_two_universities_on_member_cards_stay_apart(tmp_path):
    # "Institut für Küstenkunde" of one university is not the other's: each member works at their own
    page = tmp_path / "members.md"
    page.write_text("---\ntitle: Members\n---\n\n[Ivo Marrek](https://ivo.example.org/)  \nInstitut für Küstenkunde, Universität Tarnow\n\n"
                    "[Lena Osk](https://lena.example.org/)  \nInstitut für Küstenkunde, Universität Vire\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    ex = extract(load_document(page))
    ivo, lena = (next(ex.entity(r.object) for r in ex.relations if ex.entity(r.subject).name == name and r.predicate == "workedAt")
                 for name in ("Ivo Marrek", "Lena Osk"))
    assert ivo.id != lena.id
    assert {(ivo.name, "partOf", "Universität Tarnow"), (lena.name, "partOf", "Universität Vire")} <= facts(ex)


def test_a_member_heading_inside_a_list_item_ends_the_name_at_a_double_slash(tmp_path):
    # "* ### Ana M. Ruiz // Investigadora principal": the role after the slashes, the initial kept in the name
    page = tmp_path / "miembros.md"
    page.write_text("# Miembros\n\n* ### Vera M. Holm // Investigadora principal\n\nVera M. Holm es Doctora en Física por la "
                    "Universidad de Tarnow.\n\n* ### Ines Vidal Ortega // Estudiante predoctoral\n\nInes Vidal Ortega holds a "
                    "degree in Physics from Kelso University.\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    ex = extract(load_document(page))
    f = facts(ex)
    assert {("Vera M. Holm", "studiedAt", "Universidad de Tarnow"), ("Ines Vidal Ortega", "studiedAt", "Kelso University"),
            ("Ines Vidal Ortega", "advisedBy", "Vera M. Holm")} <= f
    assert not any(s == "Vera M. Holm" and o == "Kelso University" for s, _, o in f)


def test_people_listed_under_an_organisations_closed_heading_work_there(tmp_path):
    # a collaborators page: "#### Org, Town, Country ####" over bullets that open with a bold, linked name and a role
    page = tmp_path / "collaborateurs.md"
    page.write_text("---\ntitle: Collaborateurs\n---\n\n### **Recherche doctorale** ###\n\n"
                    "#### Kelso Institute for Marine Ecology, Vire, Norvège ####\n"
                    "- [**Ivo Marrek**](https://ivo.example.org/) Directeur de recherche, Parasitologie<br>\n"
                    "- **Lena Osk** Post-doctorante\n\n#### University of Tarnow, Tarnow, Pologne ####\n"
                    "- [**Ana Duarte**](https://ana.example.org/) Maître de conférences, Écologie\n", encoding="utf-8")
    from kg.extract import extract
    from kg.ingest import load_document

    f = facts(extract(load_document(page)))
    assert {("Ivo Marrek", "workedAt", "Kelso Institute for Marine Ecology"), ("Lena Osk", "workedAt", "Kelso Institute for Marine Ecology"),
            ("Ana Duarte", "workedAt", "University of Tarnow")} <= f
    assert not {o for _, _, o in f} & {"Vire", "Tarnow", "Norvège", "Recherche doctorale"}


def _page(tmp_path, name: str, text: str):
    return extract_text(tmp_path, name, text)


def _page_facts(tmp_path, name: str, text: str) -> set:
    return facts(_page(tmp_path, name, text))


def test_a_current_members_bracket_of_units_is_where_they_work(tmp_path):
    # a collective's list: "Name (Unit, Unit)" under a sentence that names the statuses of all its members
    f = _page_facts(tmp_path, "equipe.md", "# Quillon Group\n\nThe Quillon group gathers about twenty members of various "
                    "statuses (doctoral students, postdocs, engineers, researchers) from several labs:\n\n"
                    "- Ana Ruivo (UMR Terres-Vives)\n- Petra Zolnai (CERES, Institut Alder)\n- Tomas Berga (UMS Cartalis)\n")
    assert {("Ana Ruivo", "workedAt", "UMR Terres-Vives"), ("Petra Zolnai", "workedAt", "CERES"),
            ("Petra Zolnai", "workedAt", "Institut Alder"), ("Tomas Berga", "workedAt", "UMS Cartalis")} <= f
    assert not any(p == "advisedBy" for _, p, _ in f)  # the sentence says no one of them is a student


def test_degree_letters_before_a_members_name_are_no_part_of_it(tmp_path):
    f = _page_facts(tmp_path, "team.md", "# Team\n\n## Österreich\n\n- Prof. Dr. Vera Holmann, Leitung, Universität Tarnberg\n"
                    "- PhD Olek Marrer, Technische Universität Tarnberg, Informatik\n"
                    "- BA Rui Pintor, Universität Tarnberg, Klangkunde\n")
    people = {s for s, _, _ in f}
    assert {"Olek Marrer", "Rui Pintor"} <= people and not {"PhD Olek Marrer", "BA Rui Pintor"} & people
    # the degree is one he holds: the university he is listed with is where he works, not where he studies
    assert ("Olek Marrer", "workedAt", "Technische Universität Tarnberg") in f
    assert ("Olek Marrer", "studiedAt", "Technische Universität Tarnberg") not in f


def test_cohorts_of_students_listed_with_enumeration_commas_under_a_people_heading(tmp_path):
    # "## 在读硕士研究生" after a bold line heading the projects: a section of people, each cohort's names joined by "，"
    f = _page_facts(tmp_path, "team.md", "# 林晓峰\n\n副教授，硕士生导师\n\n**科研项目**\n\n- 2020-2023，某某基金项目\n\n"
                    "## 在读硕士研究生\n\n**2023级硕士研究生**\n\n秦雪，韩哲\n\n## 往届毕业生\n\n**2021级硕士毕业生**\n\n何振宇，周明，陆远\n")
    assert {(s, p, o) for s, p, o in f if p == "advisedBy"} == {
        (s, "advisedBy", "林晓峰") for s in ("秦雪", "韩哲", "何振宇", "周明", "陆远")}


def test_cards_that_show_the_role_above_the_name(tmp_path):
    # HTML cards: "<span class=role>PHD CANDIDATE</span><h3>Name</h3>"
    f = _page_facts(tmp_path, "people.html", "<html><head><title>People | Holm Laboratory</title></head><body>"
                    "<h1>People</h1><h2>Principal Investigator</h2><h1>Vera Holm, PhD</h1><p>Group Leader at the Kelso "
                    "Institute for Marine Ecology.</p><h2>Team</h2>"
                    "<article><span class='role'>POSTDOCTORAL FELLOW</span><h3>Ines Vidalo</h3></article>"
                    "<article><span class='role'>PHD CANDIDATE</span><h3>Olek Marrer</h3></article></body></html>")
    assert {s for s, p, o in f if p == "advisedBy" and o == "Vera Holm"} == {"Olek Marrer"}  # the postdoc is no student


def test_collaborators_listed_with_their_department_and_university_work_there(tmp_path):
    # a collaborator is not the page's owner, and the facts of one are not another's
    ex = _page(tmp_path, "membros.md", "---\ntitle: Membros\n---\n\nApresentamos os membros do Laboratório de Regressão "
                    "(LR), incluindo pesquisadores, alunos e colaboradores.\n\n## Pesquisadores\n\n- Ana Ruivo\n- Olek Marrin\n\n"
                    "## Colaboradores\n\nInternacionais\n\nProf. Tomas Bergen, Department of Statistics, University of Kelso, USA\n\n"
                    "Nacionais\n\nProf. Petra Zolnai, Departamento de Estatística, Universidade Federal de Tarnow - UFT\n\n"
                    "Prof. Ivo Marrek, Departamento de Física, Universidade Federal de Vire - UFV\n\n## Alunos\n\nLena Oskar\n")
    f = facts(ex)
    assert ex.entity(ex.subject).name == "Unnamed document subject"
    assert {("Petra Zolnai", "workedAt", "Universidade Federal de Tarnow"), ("Tomas Bergen", "workedAt", "University of Kelso"),
            ("Ivo Marrek", "workedAt", "Universidade Federal de Vire")} <= f
    assert {s for s, p, o in f if p == "workedAt" and o == "Universidade Federal de Vire"} == {"Ivo Marrek"}


def test_an_alumnus_cards_current_affiliation_label_beside_its_value(tmp_path):
    # "<span>Current affiliation</span>Kelso Instruments": a label and its value run on; the alumnus works there now
    f = _page_facts(tmp_path, "people.html", "<html><body><h1>People</h1><h2>Alumni</h2>"
                    "<article><h3>Ana Ruivo</h3><div><span>Current affiliation</span>Kelso Instruments</div></article>"
                    "<article><h3>Olek Marrin</h3><div><span>Current affiliation</span>Tarnow Research Institute</div></article>"
                    "</body></html>")
    assert {("Ana Ruivo", "workedAt", "Kelso Instruments"), ("Olek Marrin", "workedAt", "Tarnow Research Institute")} <= f
    assert not {s for s, _, _ in f} & {"Kelso Instruments", "Tarnow Research Institute"}


def test_an_organisation_heading_over_a_table_of_trainees_is_where_they_were(tmp_path):
    f = _page_facts(tmp_path, "team.md", "## Meet the Team\n\nVera Holm\n\nVera Holm, Ph.D. — Assistant Professor, University of "
                    "Tarnow\n\n## Past Trainees\n\n### Kelso Institute for Marine Ecology\n\n| Name | Years | Role | Next |\n"
                    "|---|---|---|---|\n| Ana Ruivo | 2021–2023 | Research Technician | PhD, Vire University |\n\n"
                    "### University of Eastmarch\n\n| Name | Years | Role | Next |\n|---|---|---|---|\n"
                    "| Olek Marrin | 2016–2019 | Undergraduate | High School Teacher |\n")
    assert {("Ana Ruivo", "workedAt", "Kelso Institute for Marine Ecology"), ("Olek Marrin", "studiedAt", "University of Eastmarch")} <= f
    assert "Meet the Team" not in {o for _, _, o in f}


def test_a_data_file_listing_people_by_group_gives_each_their_role(tmp_path):
    # a site's _data/people.yml: "current:" and "alumni:" lists of records
    f = _page_facts(tmp_path, "people.yml", "current:\n  - name: Dr Vera Holm\n    role: Research Fellow, Principal Investigator\n"
                    "  - name: Ines Vidalo\n    role: PhD student, Kelso Doctoral Programme\n"
                    "  - name: Olek Marrin\n    role: Senior Research Associate\n"
                    "alumni:\n  - name: Rui Pintor\n    role: PhD student in the Holm Lab, 2018–2022\n"
                    "    now: Lecturer, University of Tarnow\n")
    assert {("Ines Vidalo", "advisedBy", "Vera Holm"), ("Rui Pintor", "advisedBy", "Vera Holm"),
            ("Rui Pintor", "workedAt", "University of Tarnow")} <= f
    assert ("Olek Marrin", "advisedBy", "Vera Holm") not in f


def test_a_data_files_lists_of_projects_or_funders_beside_its_groups_of_people_name_no_people(tmp_path):
    page = _page(tmp_path, "people.yml", "members:\n  - name: Ana Ruivo\n    role: PhD student\n"
                 "projects:\n  - name: Coastal Wave Atlas\n    description: An atlas of waves.\n"
                 "funders:\n  - name: Merida Science Fund\n")
    people = {e.name for e in page.entities if e.type == "Person"}
    assert "Ana Ruivo" in people and not people & {"Coastal Wave Atlas", "Merida Science Fund"}


def test_member_headings_with_a_link_icon_an_alt_text_above_and_the_role_as_a_deeper_heading(tmp_path):
    # a photo's short alt text, then "#### Name 🔗", then "##### Doutoranda no PPG/X": one card, its role a deeper heading
    f = _page_facts(tmp_path, "equipe.md", "## Equipe do Grupo Florávia\n\n### PESQUISADORA-CHEFE\n\nVera\n\n"
                    "#### Dra. Vera Holm Tavares 🔗\n\nPesquisadora no Instituto Kelso.\n\n### ALUNOS\n\nInes\n\n#### Ines Vidalo 🔗\n\n"
                    "##### Doutoranda no PPGB/IK\n\nOlek Marrin\n\n#### Olek Marrin da Silva 🔗\n\n##### Mestrando no PPGB/IK\n")
    assert {("Ines Vidalo", "advisedBy", "Vera Holm Tavares"), ("Olek Marrin da Silva", "advisedBy", "Vera Holm Tavares")} <= f
    assert not {s for s, _, _ in f} & {"Olek Marrin", "Doutoranda no PPGB/IK", "Unnamed document subject"}


def test_a_role_line_that_ends_a_people_page_is_read_without_a_name_below(tmp_path):
    assert _page_facts(tmp_path, "team.md", "# Lab\n\n## Members\n\nWe study soils.\n\nPOSTDOCTORAL FELLOW\n") == set()


def test_a_members_organisations_listed_after_the_name_are_where_they_work(tmp_path):
    # "Dr. Name, University, Institute, field": no role, the organisations the note opens with
    f = _page_facts(tmp_path, "team.md", "# Team\n\n## Mitglieder\n\n- Dr. Ines Vidalo, Universität Tarnberg, Institut für "
                    "Klangkunde, Laute\n- Olek Marrin, Technische Universität Kelso, Informatik\n")
    assert {("Ines Vidalo", "workedAt", "Institut für Klangkunde"), ("Olek Marrin", "workedAt", "Technische Universität Kelso")} <= f


@pytest.mark.parametrize("name, text, lab", [
    ("miembros.md", "---\ntitle: Miembros\n---\n\nPresentamos a los miembros del Laboratorio de Ecología Fluvial, "
     "sus investigadores y estudiantes.\n\n## Investigadores\n\n- Ana Ruivo\n- Olek Marrin\n", "Laboratorio de Ecología Fluvial"),
    ("people.html", "<html><head><title>People</title></head><body><p>Meet the members of the Quillon Soil Ecology Lab.</p>"
     "<h2>Postdocs</h2><ul><li>Ana Ruivo</li><li>Olek Marrin</li></ul></body></html>", "Quillon Soil Ecology Lab"),
])
def test_the_lab_a_sentence_lists_the_members_of_is_where_the_people_under_a_role_heading_work(tmp_path, name, text, lab):
    f = _page_facts(tmp_path, name, text)
    assert {("Ana Ruivo", "workedAt", lab), ("Olek Marrin", "workedAt", lab)} <= f



def test_a_heading_that_names_the_pages_people_is_no_lab(tmp_path):
    f = _page_facts(tmp_path, "people.md", "---\ntitle: Lab Members\n---\n\n## Current Lab Members\n\n### Graduate Students\n\n"
                    "- Ana Ruivo, PhD student\n- Olek Marrin, MS student\n")
    assert not {o for _, _, o in f} & {"Current Lab Members", "Current Lab"}


def test_degree_alumni_rows_that_give_the_thesis_before_the_name_were_the_leaders_students(tmp_path):
    f = _page_facts(tmp_path, "people.html", "<html><head><title>People | Holm Laboratory</title></head><body><h1>People</h1>"
                    "<h2>Principal Investigator</h2><h1>Vera Holm, PhD</h1><p>Group Leader at the Kelso Institute.</p>"
                    "<h2>Degree Alumni</h2><p>PhD thesis · 2024 | Ana Ruivo</p><p>Master thesis · 2023 | Olek Marrin</p></body></html>")
    assert {("Ana Ruivo", "advisedBy", "Vera Holm"), ("Olek Marrin", "advisedBy", "Vera Holm")} <= f


@pytest.mark.parametrize("name, text", [
    ("people.md", "# People\n\nWe are the Holm Lab at the University of Tarnow.\n\n## PhD Students\n\n- Ana Ruivo\n- Olek Marrin\n"),
    ("people.html", "<html><head><title>People</title></head><body><nav><a class='navbar-brand' href='/'>Holm Lab</a></nav>"
     "<h1>People</h1><h2>PhD Students</h2><ul><li>Ana Ruivo</li><li>Olek Marrin</li></ul></body></html>"),
])
def test_the_lab_a_page_introduces_itself_as_or_its_site_is_named_after_is_where_its_students_study(tmp_path, name, text):
    f = _page_facts(tmp_path, name, text)
    assert {("Ana Ruivo", "studiedAt", "Holm Lab"), ("Olek Marrin", "studiedAt", "Holm Lab")} <= f


def test_an_alumnas_bracket_that_gives_her_role_and_years_dates_her_stay_in_the_lab(tmp_path):
    f = _page(tmp_path, "people.md", "# Holm Lab\n\nVera Holm, Professor of Ecology, University of Tarnow.\n\n## Anciens membres\n\n"
              "- Ines Vidalo (Post-doctorante, 2015–2018)\n\n## Membres\n\n- Ana Ruivo (Ingénieure de recherche)\n")
    stay = relation(f, "Ines Vidalo", "workedAt", "Holm Lab")
    assert (stay.start, stay.end) == ("2015", "2018")
    assert ("Ana Ruivo", "workedAt", "Holm Lab") in facts(f)


def test_a_member_tables_department_cell_is_where_the_person_works(tmp_path):
    f = _page_facts(tmp_path, "mentoring.md", "# Vera Holm\n\n## Mentoring, Faculty\n\n|Name |Department |\n|:---|:---|\n"
                    "|Ana Ruivo |EEB |\n|Olek Marrin |EEB |\n")
    assert {("Ana Ruivo", "workedAt", "EEB"), ("Olek Marrin", "workedAt", "EEB")} <= f


def test_a_visitors_bracket_with_a_year_gives_no_employer_named_by_the_year(tmp_path):
    # "(Institute, 2019)": the year dates the visit; it is no organisation the visitor works at
    f = _page_facts(tmp_path, "team.md", "# Quillon Lab\n\nThe Quillon Lab is part of the University of Tarnow.\n\n## Visitors\n\n"
                    "- Ana Ruivo (Harlow Institute, 2019)\n- Olek Marrin (Kelso Instruments, 2021)\n")
    assert {("Ana Ruivo", "workedAt", "Harlow Institute"), ("Olek Marrin", "workedAt", "Kelso Instruments")} <= f
    assert not {o for _, _, o in f} & {"2019", "2021"}


def test_a_former_members_bracket_that_names_an_employer_and_years_keeps_the_employer(tmp_path):
    # "(Helio Corp, 2016–2019)" under former members: the company is where the person works, whatever the years date
    f = _page_facts(tmp_path, "people.md", "# Holm Lab\n\nVera Holm, Professor of Ecology, University of Tarnow.\n\n"
                    "## Former members\n\n- Carla Nemeth (Helio Corp, 2016–2019)\n- Ines Vidalo (Harlow Institute, 2014–2017)\n")
    assert {("Carla Nemeth", "workedAt", "Helio Corp"), ("Ines Vidalo", "workedAt", "Harlow Institute")} <= f


def test_former_members_years_then_a_bracketed_destination_worked_there():
    # "Name, 2019 - 2023 (University X)", "Name, Ph.D. 2021 (Company Inc.)": where an alumnus went, not where they
    # studied; a bracket that names no organisation ("(Industry)") gives nothing
    f = facts(run("group_alumni_years_bracket.md"))
    assert {("Ilse Marwick", "workedAt", "Northbridge University"), ("Pavel Dunmore", "workedAt", "Kestrel Analytics Inc"),
            ("Yara Quennell", "workedAt", "University of Westhaven"), ("Pavel Dunmore", "advisedBy", "Oskar Thelwall")} <= f
    assert not {(s, p, o) for s, p, o in f if s == "Pavel Dunmore" and p == "studiedAt"}
    assert not {(s, p, o) for s, p, o in f if s == "Hugo Bramwell" and p == "workedAt"}


def test_card_titles_name_role_institution_under_a_page_titled_for_its_people():
    # "title: Equipo" over "### Name, estudiante de doctorado, Universidad X" cards: each heading is a member's card,
    # not a section that ends the page's people; "Supervisado en colaboración con X" names a co-advisor
    f = facts(run("team_cards_es.md"))
    assert {("Ramiro Tellechea", "studiedAt", "Universidad de Valdoria"), ("Ramiro Tellechea", "advisedBy", "Marta Ibarrola"),
            ("Ramiro Tellechea", "advisedBy", "Anselmo Quiroga"), ("Lucía Arrieta", "workedAt", "Instituto Andino de Datos"),
            ("Marta Ibarrola", "workedAt", "Universidad de Valdoria")} <= f


def test_an_interns_heading_lists_people_and_supervised_by_names_both_advisors():
    # "## Interns" is a group of the page's people; "(M2 intern, supervised by [A](url) and B)" advises with two people
    f = facts(run("group_interns_supervised.md"))
    assert {("Léonie Garrabos", "advisedBy", "Aurèle Manceron"), ("Léonie Garrabos", "advisedBy", "Basile Fontanet"),
            ("Quentin Ribaudière", "advisedBy", "Aurèle Manceron")} <= f


def test_a_research_scientists_heading_lists_people_and_its_cards_read_as_entries():
    # "## Research Scientists" is a group of the page's people (not a "Research" bio); "### Name, PhD Student" a card
    assert heading_kind("Research Scientists") == heading_kind("Staff Scientists") == "members"
    f = facts(run("group_research_scientists.md"))
    assert {("Caspian Threlfall", "studiedAt", "Harrowgate Institute of Technology"),
            ("Mirela Ostrova", "advisedBy", "Ottilie Brannagh")} <= f


def test_a_member_tables_heading_row_names_nobody_and_its_name_column_may_come_third():
    # "職位 | 名前" heads a table (a label, not the page's owner); "卒業・修了年月 | 学位 | 名前": a header of labels
    # whose Name column is its third
    ex = run("lab_members_tables_ja.md")
    assert ex.entity(ex.subject).name == "北条 晴臣"
    assert {("森野 翔太", "advisedBy", "北条 晴臣"), ("柏木 遼", "advisedBy", "北条 晴臣"), ("早瀬 千尋", "advisedBy", "北条 晴臣")} <= facts(ex)


def test_graduates_headed_yibiye_with_bold_names_before_a_full_width_colon():
    # "## 已毕业博士" (graduated doctors) lists people; "**王晓明**：2019年获博士学位，现在X" ends the name at "：",
    # and where the graduate is now is theirs, not the page owner's
    f = facts(run("group_alumni_bold_zh.md"))
    assert {("王晓明", "advisedBy", "李建国"), ("赵丽华", "advisedBy", "李建国"), ("王晓明", "workedAt", "北辰化工公司")} <= f
    assert not {(s, p, o) for s, p, o in f if s == "李建国" and p == "workedAt"}


def test_a_people_file_keyed_by_id_names_each_record_by_its_display_name(tmp_path):
    f = _page_facts(tmp_path, "people.yml", 'prof-quillon:\n  display_name: "Prof. Vera Quillon"\n  role: faculty\n'
                    '  bio: Professor\n\nalum-marrin:\n  display_name: "Olek Marrin"\n  role: alum\n'
                    '  bio: "Ph.D. (2021). Now at Kelso Instruments, Portugal"\n')
    assert ("Olek Marrin", "workedAt", "Kelso Instruments") in f


def test_a_groups_page_that_names_no_owner_or_lists_several_seniors_says_nobody_advises_its_students(tmp_path):
    # a group's page that names no owner: its alumni's degrees were earned with someone the page does not name
    f = _page_facts(tmp_path, "team.md", "---\ntitle: Team\n---\n\nThe people behind our work.\n\n## Alumni\n\n"
                    "- Olek Marrin, M.Sc.\n- Petra Zolnai, PhD (now postdoc in Vision group at Harlow University)\n")
    assert ("Petra Zolnai", "workedAt", "Harlow University") in f and not {r for r in f if r[1] == "advisedBy"}
    # a team whose head is one of several seniors: which of them advises a doctoral student the page does not say
    f = _page_facts(tmp_path, "equipe.md", "### L'équipe\n\nNom | Poste\n---- | ----\nPetra Zolnai | Maîtresse de conférences / "
                    "Associate Professor\nTomas Berga | Chercheur -- **Chef d'équipe**\nAna Ruivo | Doctorante / PhD student\n")
    assert not {r for r in f if r[1] == "advisedBy"}
    # a page titled for the writer's students is the writer's, named or not
    f = _page_facts(tmp_path, "students.md", "---\ntitle: Students\n---\n\n## PhD students\n\n- Ana Ruivo\n- Olek Marrin\n")
    assert ("Ana Ruivo", "advisedBy", "Unnamed document subject") in f


def test_a_member_tables_institution_column_in_portuguese_or_italian_is_where_each_person_is(tmp_path):
    # "Atuação" is the role, "Instituição" / "Istituzione" where the person works, or studies for a degree the role names
    f = _page_facts(tmp_path, "integrantes.md", "# Grupo Quillon\n\n## Coordenação\n\n| Nome | Atuação | Instituição |\n|---|---|---|\n"
                    "| Vera Quillon | Coordenação | Universidade de Tarnow |\n\n## Pesquisadores\n\n| Nome | Atuação | Instituição |\n"
                    "|---|---|---|\n| Ana Ruivo | Bibliotecária | Kelso Instruments |\n| Olek Marrin | Doutorado | Universidade de Tarnow |\n")
    assert {("Ana Ruivo", "workedAt", "Kelso Instruments"), ("Olek Marrin", "studiedAt", "Universidade de Tarnow")} <= f
    f = _page_facts(tmp_path, "membri.md", "# Gruppo Quillon\n\n## Membri\n\n| Nome | Ruolo | Istituzione |\n|---|---|---|\n"
                    "| Ana Ruivo | Tecnologa | Kelso Instruments |\n")
    assert ("Ana Ruivo", "workedAt", "Kelso Instruments") in f


def test_an_alumnus_records_affiliation_is_where_they_work_now(tmp_path):
    f = _page_facts(tmp_path, "members.md", "---\nfaculty:\n  - name: Vera Quillon\n    role: Professor\nalumni:\n"
                    "  - name: Olek Marrin\n    affiliation: Kelso Instruments GmbH\n  - name: Ana Ruivo\n"
                    "    affiliation: University of Tarnow\n---\n\n# Members\n")
    assert {("Olek Marrin", "workedAt", "Kelso Instruments GmbH"), ("Ana Ruivo", "workedAt", "University of Tarnow")} <= f


@pytest.mark.parametrize("name, text", [
    ("team.md", "### The team\n\nName | Position\n---- | ----\nPetra Zolnai | Assistant Professor (Harlow University)\n"
                "Tomas Berga | Researcher -- **Team head**\nAna Ruivo | PhD student\n"),
    ("gruppe.md", "## Mitglieder\n\n| Name | Funktion |\n|---|---|\n| Petra Zolnai | Professorin |\n| Tomas Berga | Gruppenleiter |\n"
                  "| Ana Ruivo | Doktorandin |\n"),
])
def test_a_members_title_that_names_the_head_makes_them_the_owner_over_an_earlier_rank(tmp_path, name, text):
    ex = _page(tmp_path, name, text)
    assert ex.entity(ex.subject).name == "Tomas Berga"


def test_a_students_page_grouped_by_degree_lists_the_writers_students_with_their_universities_quoted_under_them(tmp_path):
    # "## PhD." under "title: Students" is a group of the writer's students, none of them the page's owner; the
    # university quoted under a student's name, below the thesis title, is where they study; "Abg." is a title
    f = _page_facts(tmp_path, "students.md", "---\ntitle: Students\n---\n\n## PhD.\n\n- **Lic. Ana Ruivo**\n- **Lic. Petra Zolnai**\n"
                    "    > Sparse models of river deltas\n    >\n    > *Ph.D. in Geology* -\n    > Universidad de Tarnow\n\n"
                    "## Undergraduate\n\n- **Abg. Olek Marrin**\n    > Contracts on shared ledgers\n    >\n    > *Law* -\n"
                    "    > Universidad de Harlow\n\n    *Defended in 2021*\n- **Tomas Berga**\n    > Faster queries over graphs\n"
                    "    >\n    > *Computer Science* -\n    > Universidad de Harlow\n")
    assert {(name, "advisedBy", "Unnamed document subject") for name in ("Ana Ruivo", "Petra Zolnai", "Olek Marrin", "Tomas Berga")} <= f
    assert {("Petra Zolnai", "studiedAt", "Universidad de Tarnow"), ("Olek Marrin", "studiedAt", "Universidad de Harlow"),
            ("Tomas Berga", "studiedAt", "Universidad de Harlow")} <= f


def test_a_members_cell_that_joins_two_organisations_gives_a_post_at_each(tmp_path):
    f = _page_facts(tmp_path, "members.yml", "- name: Ana Ruivo\n  affiliation: University of Tarnow and Harlow Institute of Technology\n"
                    "  role: coordinator\n- name: Olek Marrin\n  affiliation: Department of Physics and Astronomy, University of Tarnow\n"
                    "  role: coordinator\n- name: Petra Zolnai\n  affiliation: University of Tarnow - QCPG\n  role: coordinator\n")
    assert {("Ana Ruivo", "workedAt", "University of Tarnow"), ("Ana Ruivo", "workedAt", "Harlow Institute of Technology"),
            ("Petra Zolnai", "workedAt", "QCPG")} <= f
    assert not {o for _, _, o in f if o.startswith("Astronomy")}


def test_a_project_teams_members_coding_for_or_developing_the_project_contributed_to_it(tmp_path):
    f = _page_facts(tmp_path, "team.rst", "Team\n====\n\nQUILLON is developed at the University of Tarnow.\n\nDevelopment team\n"
                    "----------------\n\n* Ana Ruivo (``ana@tarnow.example``), co-ordinating and coding for QUILLON.\n\n"
                    "* Olek Marrin (``olek@tarnow.example``), working on the development of QUILLON.\n")
    assert {("Ana Ruivo", "contributedTo", "QUILLON"), ("Olek Marrin", "contributedTo", "QUILLON")} <= f


def test_a_cards_title_that_brackets_the_persons_role_opens_their_entry(tmp_path):
    f = _page_facts(tmp_path, "miembros.md", "# Miembros\n\n### Vera Quillon (Investigadora principal)\n\nVera Quillon dirige el grupo.\n\n"
                    "### Olek Marrin (Ingeniero de Datos)\n\nLicenciado en Computación por la Universidad de Tarnow, con experiencia en "
                    "proyectos globales.\n\n### Ana Ruivo (Ayudante de investigación)\n\nGraduada en Física por la Universidad de Harlow.\n")
    assert {("Olek Marrin", "studiedAt", "Universidad de Tarnow"), ("Ana Ruivo", "studiedAt", "Universidad de Harlow")} <= f
