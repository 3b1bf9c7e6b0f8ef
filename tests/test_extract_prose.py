"""kg.extract.prose: advisors a student's bio names in prose ("working with Dr. A"), the same
words in a professor's bio naming collaborators, and first-person bios in other languages (fixtures in
tests/data/extract/, people invented)."""
from __future__ import annotations

import pytest

from kg.extract import extract
from kg.ingest import load_document
from extract_helpers import facts, relation, run


def test_a_students_working_with_names_advisors():
    f = facts(run("student_bio_prose.md"))
    me = "Lina Okafor"
    # the sentence before says the person is a PhD candidate, then a master's student
    assert {(me, "advisedBy", "Tobias Wren"), (me, "advisedBy", "Ada Kiplagat"), (me, "advisedBy", "Selma Ruud")} <= f
    assert (me, "studiedAt", "Harwick University") in f
    # a job in the sentence: the person worked with a colleague there, no advisor
    assert (me, "workedAt", "Fenwater Institute") in f
    assert not any(o == "Ivo Marsh" for _, p, o in f if p in ("advisedBy", "mentoredBy"))


def test_work_or_a_degree_under_a_doctor_or_professor_names_a_mentor_or_an_advisor():
    f = facts(run("under_a_doctor_bio.md"))
    me = "Marta Quillon"
    # "coordinates the trial under Dr. A": the head of a job; "her PhD ... under Prof. B": the advisor
    assert {(me, "mentoredBy", "Lena Marsk"), (me, "advisedBy", "Oskar Brandvik")} <= f
    assert not any(o in ("Lena Marsk", "Oskar Brandvik") for _, p, o in f if p == "workedAt")


def test_a_professors_working_with_names_no_advisor():
    f = facts(run("professor_bio_prose.md"))
    assert not any(p == "advisedBy" for _, p, _ in f)
    assert ("Maya Lindqvist", "studiedAt", "Harwick University") in f


def test_each_degree_of_a_sentence_and_a_town_after_an_organisation():
    ex = run("professor_bio_prose.md")
    me = "Maya Lindqvist"
    by_object = {ex.entity(r.object).name: r for r in ex.relations if ex.entity(r.subject).name == me}
    # "undergraduate degree ... in 2003 and her doctoral studies ... in 2009": each school its own degree
    assert (by_object["Lakeshore University"].degree, by_object["Lakeshore University"].end) == ("BS", "2003")
    assert (by_object["Harwick University"].degree, by_object["Harwick University"].end) == ("PhD", "2009")
    # "... Department of Public Health in Brenton, NY": the town is no part of the name
    internship = by_object["Marlow County Department of Public Health"]
    assert (internship.predicate, internship.start, internship.end) == ("workedAt", "2007", "2008")


def test_people_a_degree_or_a_postdoc_was_done_with():
    f = facts(run("postdoc_bio_prose.md"))
    me = "Tarek Osei"
    # "earned his PhD ... in 2016 with A and B": advisors; "a Postdoctoral Fellow until 2019 with C": a mentor
    assert {(me, "advisedBy", "Kofi Mensah"), (me, "advisedBy", "Lea Brandt"), (me, "mentoredBy", "Rana Aziz")} <= f
    assert (me, "advisedBy", "Nadia Petrov") in f  # "advised by A, and co-supervised by B"
    # "with Highest Honors" names nobody; a job "with" a person is no advice
    assert not any("Honors" in o for _, _, o in f)
    assert not any(o == "Piet Anders" for _, p, o in f if p in ("advisedBy", "mentoredBy"))


def test_a_student_working_with_a_company_names_no_advisor(tmp_path):
    # "working with A" after a student's degree names an advisor only when A is a person, not a firm written like a name
    path = tmp_path / "bio.md"
    path.write_text("# Mara Lind\n\nI am a PhD student at Tarnow University, working with Kelso Robotics on underwater drones. "
                    "I did my MSc at Quillon University, working with Ivo Marsh.\n", encoding="utf-8")
    f = facts(extract(load_document(path)))
    assert ("Mara Lind", "advisedBy", "Ivo Marsh") in f and ("Mara Lind", "advisedBy", "Kelso Robotics") not in f


def test_a_degree_with_a_doctor_then_postdoctoral_training_with_two_doctors(tmp_path):
    path = tmp_path / "bio.md"
    path.write_text("# Ana Ruiz\n\nAna completed her Ph.D. in Biology at the University of Kestrel with Dr. Ivo Marsh, studying "
                    "yeast genetics, followed by postdoctoral training with Drs. Lena Holt and Omar Vance at the Tarnow Cancer "
                    "Center, where she studied histones.\n", encoding="utf-8")
    f = facts(extract(load_document(path)))
    me = "Ana Ruiz"
    assert {(me, "advisedBy", "Ivo Marsh"), (me, "mentoredBy", "Lena Holt"), (me, "mentoredBy", "Omar Vance"),
            (me, "studiedAt", "University of Kestrel"), (me, "workedAt", "Tarnow Cancer Center")} <= f
    assert (me, "studiedAt", "Tarnow Cancer Center") not in f


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
    ex = run(name)
    rel = {(ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name): r for r in ex.relations}
    worked = rel[(me, "workedAt", job)]
    assert (worked.role, worked.end) == (role, "present")  # the present tense: the position goes on
    if school:
        assert rel[(me, "studiedAt", school)].degree == "PhD"
    assert (me, "advisedBy", advisor) in rel


@pytest.mark.parametrize("name, me, job, dates, role, school", [
    # "Sou professora na X desde 2015", "Fiz o doutorado na Y"
    ("bio_first_person_pt.html", "Helena Barreto Quintas", "Universidade Federal de Vale Verde", ("2015", "present"),
     "professora", "Universidade Estadual de Campo Largo"),
    # "Trabajo como investigador en X desde 2018", "Me doctoré en la Y"
    ("bio_first_person_es.md", "Ramiro Ontiveros Lara", "Instituto de Estudios Andinos", ("2018", "present"),
     "investigador", "Universidad de Sierra Clara"),
    # "Lavoro presso l'X come tecnologa dal 2019", "Mi sono laureata all'Y"
    ("bio_first_person_it.txt", "Giulia Ferrandi", "Istituto Nazionale di Ottica Marina", ("2019", "present"),
     None, "Università di Valdicorte"),
    # "j'ai été chercheur postdoctoral au Centre d'Études X de 2013 à 2016": "d'" inside a name
    ("bio_first_person_fr.md", "Étienne Lavergne", "Centre d'Études Marines de Penhir", ("2013", "2016"),
     None, "Université de Saint-Aubrac"),
])
def test_first_person_prose_in_other_languages_names_its_organisations(name, me, job, dates, role, school):
    ex = run(name)
    worked = relation(ex, me, "workedAt", job)
    assert (worked.start, worked.end) == dates
    if role:
        assert worked.role == role
    relation(ex, me, "studiedAt", school)


def test_first_person_past_positions_do_not_go_on():
    ex = run("bio_first_person_es.md")
    me = "Ramiro Ontiveros Lara"
    before = relation(ex, me, "workedAt", "Universidad de Altamira")  # "Antes fui profesor asociado en ..."
    assert (before.role, before.start, before.end) == ("profesor asociado", "2013", "2018")
    # "Antes trabalhei como pesquisadora no X entre 2011 e 2014"
    earlier = relation(run("bio_first_person_pt.html"), "Helena Barreto Quintas", "workedAt", "Instituto de Pesquisas do Litoral Sul")
    assert (earlier.start, earlier.end) == ("2011", "2014")


def test_german_organisation_names_inflected_by_the_sentence():
    ex = run("bio_first_person_de.md")
    me = "Katrin Oberwald"
    # "an der Technischen Universität X" -> "Technische Universität X", "Freien" -> "Freie"
    assert relation(ex, me, "workedAt", "Technische Universität Grünfeld").role == "Professorin"  # "bin ich Professorin"
    assert relation(ex, me, "studiedAt", "Freie Universität Hohenbrück").degree == "PhD"
    # "am Max-Ortwin-Institut für X in Kiel": the town is no part of the name
    assert relation(ex, me, "workedAt", "Max-Ortwin-Institut für Meeresgeologie").end is None  # "Davor war ich"
    relation(ex, me, "studiedAt", "Ludwig-Anselm-Universität Talberg")
    assert not any("Technischen" in o or "Freien" in o for _, _, o in facts(ex))


def test_german_cv_lines_with_inflected_names_and_prepositions():
    ex = run("cv_de_inflected.txt")
    me = "Matthias Vogelsang"
    # "Gruppenleiter am Deutschen Institut für X": the role before "am", the institute in its own form
    worked = relation(ex, me, "workedAt", "Deutsches Institut für Küstenforschung")
    assert (worked.role, worked.start, worked.end) == ("Gruppenleiter", "2021", "present")
    assert relation(ex, me, "workedAt", "Lehrstuhl für Statik").role == "Wissenschaftlicher Mitarbeiter"
    assert ("Lehrstuhl für Statik", "partOf", "Technische Universität Ellerbach") in facts(ex)
    assert relation(ex, me, "studiedAt", "Technische Universität Ellerbach").degree == "PhD"  # "Promotion an der"
    assert relation(ex, me, "studiedAt", "Hochschule Bergtal").degree == "MS"


@pytest.mark.parametrize("name, me, school, degree, start, end", [
    # a JSON resume's PhD with no start and the BSc before it
    ("same_school_degrees_resume.json", "Ilse Marquardt", "Kestrel University", "PhD", "2011", "2019"),
    # two bullets of one school: two entries, not the second read as a line of the first
    ("same_school_degrees_cv.md", "Priyanka Venkatesh", "Kestrel University", "PhD", "2011", "2019"),
    ("same_school_degrees_cv_es.txt", "Andrea Salcedo Ruiz", "Universidad de Altamira", "PhD", "2005", "2016"),
    ("same_school_degrees_bio.md", "Tomás Echeverri", "Lindby University", "BS", None, "2015"),  # BS 2009, PhD 2015
])
def test_two_degrees_at_one_school_are_one_relation_over_both(name, me, school, degree, start, end):
    # one relation per (subject, predicate, object), as the gold files write it: the first degree stated,
    # from the earliest start to the latest end
    ex = run(name)
    studied = [r for r in ex.relations if r.predicate == "studiedAt" and ex.entity(r.object).name == school]
    assert len(studied) == 1
    assert (studied[0].degree, studied[0].start, studied[0].end) == (degree, start, end)


def test_two_roles_at_one_employer_are_one_relation_over_both():
    ex = run("same_school_degrees_cv.md")
    worked = relation(ex, "Priyanka Venkatesh", "workedAt", "Harlow Institute of Marine Science")
    assert (worked.role, worked.start, worked.end) == ("Senior Scientist", "2019", "present")


def test_a_clause_opened_by_since_is_another_clause():
    ex = run("same_school_degrees_bio.md")
    me = "Tomás Echeverri"
    # "... his PhD from X in 2015, and since 2016 he has been an Assistant Professor at Y": Y is a job, not the PhD's school
    worked = relation(ex, me, "workedAt", "Marrow State University")
    assert (worked.role, worked.start, worked.end) == ("Assistant Professor", "2016", "present")
    assert (me, "studiedAt", "Marrow State University") not in facts(ex)


@pytest.mark.parametrize("name, me, org, role, dates", [
    # "Ricercatrice presso l'Istituto X", "Assegnista di ricerca presso il Dipartimento di Y, Università Z"
    ("cv_lines_it.txt", "Giulia Ferrandi", "Istituto Nazionale di Ottica Marina", "Ricercatrice", ("2019", "present")),
    ("cv_lines_it.txt", "Giulia Ferrandi", "Dipartimento di Fisica", "Assegnista di ricerca", ("2014", "2019")),
    # "Maître de conférences à l'Université X", "Chercheur postdoctoral au Centre d'Études Y"
    ("cv_lines_fr.md", "Étienne Lavergne", "Université de Lormont", "Maître de conférences", ("2016", "present")),
    ("cv_lines_fr.md", "Étienne Lavergne", "Centre d'Études Marines de Penhir", "Chercheur postdoctoral", ("2013", "2016")),
])
def test_cv_lines_with_a_role_at_an_organisation_in_other_languages(name, me, org, role, dates):
    worked = relation(run(name), me, "workedAt", org)
    assert (worked.role, worked.start, worked.end) == (role, *dates)


@pytest.mark.parametrize("name, me, facts_dated", [
    # "Obtuvo su doctorado en X en 2010 y realizó una estancia posdoctoral en el Y (2010-2013)": "su", "y realizó"
    ("bio_third_person_es.md", "María Fuensanta Lozano", [
        ("workedAt", "Universidad de Altamira", "profesora titular", "2018", "present"),
        ("studiedAt", "Universidad de Sierra Clara", "PhD", None, "2010"),
        ("workedAt", "Instituto de Estudios Andinos", None, "2010", "2013")]),
    # "Doutorou-se na X em 2009 e foi pesquisador no Y entre 2010 e 2015"
    ("bio_third_person_pt.md", "Joaquim Esteves Prado", [
        ("workedAt", "Universidade Federal de Vale Verde", "professor associado", "2016", "present"),
        ("studiedAt", "Universidade Estadual de Campo Largo", None, None, "2009"),
        ("workedAt", "Instituto de Pesquisas do Litoral Sul", None, "2010", "2015")]),
    # "ist seit 2017 Professorin ... an der X", "Sie promovierte ... und war anschließend Postdoktorandin am Y"
    ("bio_third_person_de.md", "Hannelore Brückner", [
        ("workedAt", "Universität Lindenau", "Professorin für Ökologie", "2017", "present"),
        ("studiedAt", "Technische Universität Hohenfels", "PhD", None, "2008"),
        ("workedAt", "Forschungszentrum Ostheide", "Postdoktorandin", None, None)]),
    # "Elle a soutenu sa thèse à X en 2006, puis a été chercheuse postdoctorale à Y"; "au Laboratoire d'..."
    ("bio_third_person_fr.md", "Mathilde Kerbrat", [
        ("workedAt", "Laboratoire d'Océanographie de Penhir", "directrice de recherche", "2019", "present"),
        ("studiedAt", "Université de Saint-Aubrac", None, None, "2006"),
        ("workedAt", "Université de Lormont", "chercheuse postdoctorale", None, None)]),
    # "Ha conseguito il dottorato presso X nel 2008 e ha lavorato come ricercatore presso Y"
    ("bio_third_person_it.md", "Lorenzo Baldacci", [
        ("workedAt", "Università di Borgoalto", "professore associato", "2015", "present"),
        ("studiedAt", "Università di Valdicorte", "PhD", None, "2008"),
        ("workedAt", "Istituto Nazionale di Ottica Marina", "ricercatore", None, None)]),
])
def test_third_person_bios_in_other_languages(name, me, facts_dated):
    ex = run(name)
    for predicate, org, what, start, end in facts_dated:
        r = relation(ex, me, predicate, org)
        assert (r.role if predicate == "workedAt" else r.degree, r.start, r.end) == (what, start, end), (predicate, org)


@pytest.mark.parametrize("name, me, facts_dated, unit", [
    # "现任南岭大学化学系教授": no spaces, the university before its unit, the title after them; "于X获得博士学位";
    # "2010年至2013年在X从事博士后研究"
    ("bio_prose_zh.md", "林晓东", [
        ("workedAt", "南岭大学", "教授", None, "present"), ("studiedAt", "北陵大学", "PhD", None, "2010"),
        ("workedAt", "东湖研究所", "博士后", "2010", "2013")], ("化学系", "南岭大学")),
    # "XはY大学Z学部の准教授である", "Wで博士(理学)を取得し、その後Vで博士研究員として勤務した"
    ("bio_prose_ja.md", "早川 健", [
        ("workedAt", "北浜大学", "准教授", None, "present"), ("studiedAt", "南山大学", "PhD", None, "2012"),
        ("workedAt", "東雲研究所", "研究員", None, None)], ("理学部", "北浜大学")),
])
def test_chinese_and_japanese_bios(name, me, facts_dated, unit):
    ex = run(name)
    for predicate, org, what, start, end in facts_dated:
        r = relation(ex, me, predicate, org)
        assert (r.role if predicate == "workedAt" else r.degree, r.start, r.end) == (what, start, end), (predicate, org)
    assert (unit[0], "partOf", unit[1]) in facts(ex)
    assert not any(e.name.endswith("联系") for e in ex.entities)  # "请与我联系": contact, no department


def test_an_open_end_from_the_present_tense_leaves_a_stated_end_alone():
    # "I am a final-year PhD student at X" (no dates) and "2021 - 2025: PhD, X": the stated years stand
    studied = relation(run("final_year_student.md"), "Nadia Okonkwo-Reyes", "studiedAt", "Kestrel University")
    assert (studied.start, studied.end) == ("2021", "2025")


def test_names_spelled_like_pronouns_of_other_languages_are_no_pronouns():
    # "Su", "Mi", "Ela" are pronouns in Spanish, Italian or Portuguese, and names here: the sentences are not the owner's
    f = facts(run("bio_names_like_pronouns.md"))
    me = "Karin Vestergaard"
    assert (me, "workedAt", "Harwick University") in f
    assert not any(s == me and o in ("Lindby University", "Kestrel University", "Tidal Lab") for s, _, o in f)


def test_a_unit_named_after_its_university_in_a_sentence_is_part_of_it():
    f = facts(run("unit_after_university_prose.md"))
    assert ("Department of Systematics", "partOf", "Quillon University") in f
    assert ("School of Marine Sciences", "partOf", "Harrowgate Polytechnic") in f
    assert ("Lena Brandvik", "workedAt", "Department of Systematics") in f


def test_a_lab_a_sentence_opening_with_at_an_organisation_names_is_part_of_it():
    """"At X, she directs the Y Lab": the lab belongs to the organisation the sentence opens with."""
    f = facts(run("lab_director_bio.md"))
    assert ("Soft Actuators Lab", "partOf", "Pellworth University") in f


def test_a_news_item_names_people_in_full_once_then_by_family_name(tmp_path):
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / "news.md"
    path.write_text("# Two new faculty\n\nThe department welcomes Dr. Ines Vidal and Dr. Rui Pinto-Serra this fall.\n\n"
                    "Vidal comes to us from the Helio Research Institute. She received her PhD from the University of "
                    "Tarnow in 2020, working with Professor Ada Lindqvist.\n\n"
                    "Pinto-Serra earned his PhD at the Northfield Institute of Technology.\n", encoding="utf-8")
    f = facts(extract(load_document(path)))
    assert ("Ines Vidal", "studiedAt", "University of Tarnow") in f
    assert ("Ines Vidal", "advisedBy", "Ada Lindqvist") in f
    assert ("Rui Pinto-Serra", "studiedAt", "Northfield Institute of Technology") in f
    assert ("Ines Vidal", "studiedAt", "Northfield Institute of Technology") not in f


def test_a_long_entry_writing_its_units_outermost_first_nests_each_in_the_one_before(tmp_path):
    """"Quillon University (Quillon, Norway), Department of X, Institute of Y": the institute is the department's,
    read so in the sentence a long entry line also is (no department inside its own institute)."""
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / "cv.md"
    path.write_text("## Experience\n\n* 2019 - 2020 Quillon University (Quillon, Norway), Department of Marine Engineering, "
                    "Institute of Soft Robotics, Research Associate in soft actuators\n", encoding="utf-8")
    ex = extract(load_document(path))
    parts = {(ex.entity(r.subject).name, ex.entity(r.object).name) for r in ex.relations if r.predicate == "partOf"}
    assert parts == {("Department of Marine Engineering", "Quillon University"),
                     ("Institute of Soft Robotics", "Department of Marine Engineering")}


def test_an_organisation_in_brackets_after_a_collaborators_name_is_theirs_not_the_subjects(tmp_path):
    """"together with Ana Ruiz (Kellridge University) and Dr. Olek Marr (Brisk Institute of Technology), we ...":
    where the collaborators work; the subject works at none of them."""
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / "bio.md"
    path.write_text("# Lina Okafor\n\nI am a PhD candidate at the University of Tarnow.\n\n"
                    "Recently, together with Ana Ruiz (Kellridge University) and Dr. Olek Marr (Brisk Institute of "
                    "Technology), I have worked on the orbits of distant comets. The Assessment Report (Harwick "
                    "University) cites it. I was a guest of the Tarrant Institute for Marine Physics (TIMP). "
                    "I reviewed a book by Ivo Marsh (Harwick University Press, 2019).\n\n"
                    "I supervised Rui Pinto, Tensed Verbs (Harwick University), 2010.\n", encoding="utf-8")
    f = facts(extract(load_document(path)))
    assert {("Ana Ruiz", "workedAt", "Kellridge University"), ("Olek Marr", "workedAt", "Brisk Institute of Technology"),
            ("Lina Okafor", "studiedAt", "University of Tarnow")} <= f
    assert not {o for s, p, o in f if s == "Lina Okafor" and p == "workedAt"} & {"Kellridge University", "Brisk Institute of Technology"}
    assert not any(s in ("Assessment Report", "Marine Physics", "Ivo Marsh", "Tensed Verbs") for s, _, _ in f)


def test_a_role_before_its_bracketed_employer_is_the_subjects_position_not_a_person(tmp_path):
    # "She is Principal Investigator (X Lab, Y University)": a title with its employer in brackets, no collaborator
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / "bio.md"
    path.write_text("# Lina Okafor\n\nLina Okafor is Principal Investigator (Comet Dynamics Lab, Kellridge University). "
                    "In 2015 she was Visiting Scholar (Brisk Institute of Technology).\n", encoding="utf-8")
    f = facts(extract(load_document(path)))
    assert ("Lina Okafor", "workedAt", "Comet Dynamics Lab") in f
    assert not any(s in ("Principal Investigator", "Visiting Scholar") for s, _, _ in f)


def test_work_the_noun_of_a_result_names_no_employer(tmp_path):
    # "This work is featured on X", "Our work was supported by Y": a result, no job; "my work at Z" is one
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / "bio.md"
    path.write_text("# Lina Okafor\n\nI am a PhD candidate at the University of Tarnow.\n\nThis work is featured on the "
                    "Brisk Institute of Technology and Harwick University websites. Our work was supported by the "
                    "Kellridge Foundation.\n\nBefore that, my work at Tarrant Robotics Inc. focused on grippers.\n", encoding="utf-8")
    f = facts(extract(load_document(path)))
    employers = {o for s, p, o in f if s == "Lina Okafor" and p == "workedAt"}
    assert employers == {"Tarrant Robotics Inc"}


def test_a_students_working_with_an_untitled_person_and_a_postdocs_place():
    f = facts(run("bio_advisors_in_sentences.md"))
    me = "Mara Olenko"
    # "working with B" after a degree, "where I worked with A" after "an undergraduate ... at X": advisors, untitled
    assert {(me, "advisedBy", "Luc Morvan"), (me, "advisedBy", "Bruno Tallis")} <= f
    # "During my postdoc with F at G, I studied small RNAs": a job, though the clause says "studied"
    assert {(me, "mentoredBy", "Elise Moran"), (me, "workedAt", "Gardner Institute")} <= f
    # "an undergraduate chemistry major at X": a student's, no job
    assert (me, "studiedAt", "Tresham College") in f and (me, "workedAt", "Tresham College") not in f
    # no degree or study in the sentence: people worked with are no advisors
    assert not any(o in ("Piet Anders", "Lou Varga") for _, p, o in f if p in ("advisedBy", "mentoredBy"))


@pytest.mark.parametrize("name, me, studied, degree, job, role, start", [
    ("bio_subjectless_es.md", "Lucía Barrientos Ortega", ["Universidad de Berrocal", "Universidad de Valdemoro", "Universidad de Soria"], "BS",
     "Universidad de Lorca", "profesora titular", None),
    ("bio_subjectless_it.md", "Chiara Valdoni", ["Università di Moretta"], "BS", "Università di Castellaro",
     "professoressa associata", "2015"),
    ("bio_subjectless_ja.md", "山岸 奈緒", ["北浜大学"], "PhD", "東湖大学", "准教授", "2015"),
])
def test_sentences_that_leave_out_their_subject(name, me, studied, degree, job, role, start):
    """"Actualmente es profesora en X", "Dal 2015 è professoressa presso Y", "2015年から東湖大学准教授": the
    languages that leave out the subject open a bio's sentence with its verb, participle or date ("Graduada en
    Química por X", "Si è laureata in Fisica presso Y": the participle names the degree too; "Doctora en Física
    egresada de Z": a degree opens it)."""
    ex = run(name)
    f = facts(ex)
    assert {(me, "studiedAt", school) for school in studied} <= f
    assert relation(ex, me, "studiedAt", studied[0]).degree == degree
    rel = relation(ex, me, "workedAt", job)
    assert (rel.role, rel.start) == (role, start)



def test_a_lists_items_joined_into_a_passage_open_with_no_sentence():
    """"- Ph.D. en química, Universidad X (2010)" then "- Encargada de curso ..., Universidad X": no sentence that
    opens with a degree and names "Universidad X Encargada"."""
    f = facts(run("bio_list_degree_es.md"))
    assert not any(o.startswith("Universidad de Lorca ") for _, _, o in f)


def test_a_german_biographys_appointments_and_studies():
    """"wurde er zum Direktor des X berufen", "leitete er das Y", "Nach dem Studium am Konservatorium Z"."""
    ex = run("bio_career_de.md")
    f = facts(ex)
    me = "Konrad Albrecht Wendel"
    assert {(me, "studiedAt", "Konservatorium Lindau"), (me, "studiedAt", "Universität Tessenfeld"),
            (me, "workedAt", "Institut für Farbchemie"), (me, "workedAt", "Museum für Naturkunde Ostrau")} <= f
    assert relation(ex, me, "workedAt", "Universität Hallberg").role == "Professor für Physik"
    # "Zum Wintersemester hat Dr. X ...": a preposition and its article open no person's name
    assert (me, "workedAt", "Arbeitsgruppe Mineralogie") in f and not any(e.name.startswith("Zum") for e in ex.entities)


@pytest.mark.parametrize("sentence, org, predicate, dates", [
    ("Oskar Brandt joined the University of Lundmark in 2015 as an assistant professor.", "University of Lundmark",
     "workedAt", ("2015", None)),
    ("Oskar Brandt wurde 2015 als Professor an die Universität Lundmark berufen.", "Universität Lundmark",
     "workedAt", ("2015", None)),
    ("Oskar Brandt received his PhD from the University of Lundmark in 2012.", "University of Lundmark",
     "studiedAt", (None, "2012")),
])
def test_a_lone_year_with_a_verb_of_taking_up_a_post_is_its_start(tmp_path, sentence, org, predicate, dates):
    # the year someone joined is when the post began, open-ended; the lone year of a degree is when it ended
    path = tmp_path / "bio.txt"
    path.write_text(f"Oskar Brandt\n\n{sentence}\n", encoding="utf-8")
    found = relation(extract(load_document(path)), "Oskar Brandt", predicate, org)
    assert (found.start, found.end) == dates


def test_a_degree_then_and_became_or_began_work_is_a_job_in_its_own_clause():
    # "obtained her PhD from X in 2008, and has lived in Y since 2015, when she became an Assistant Professor at Z":
    # the degree is X's; "and has", "and began work in" open a clause of their own, a job
    f = facts(run("bio_degree_then_job_clause.md"))
    assert {("Orla Venn", "studiedAt", "Tarnow University"), ("Orla Venn", "workedAt", "Kellridge University"),
            ("Orla Venn", "studiedAt", "Harrow College"), ("Orla Venn", "workedAt", "Calder Lab")} <= f
    assert ("Orla Venn", "studiedAt", "Kellridge University") not in f and ("Orla Venn", "studiedAt", "Calder Lab") not in f


def test_an_organisation_written_with_titled_people_in_brackets_is_theirs():
    # "collaborate with partners ...: Kellridge University (Prof. Anton Veil), ...": each institution is where the person
    # in its brackets works, no post of the writer's
    f = facts(run("bio_collaborators_in_brackets.md"))
    assert {("Anton Veil", "workedAt", "Kellridge University"), ("Selim Okafor", "workedAt", "Harrow Institute of Optics"),
            ("Lara Quist", "workedAt", "Westhaven University")} <= f
    assert not {(s, p, o) for s, p, o in f if s == "Tessa Morland" and p == "workedAt"}


def test_a_degrees_university_with_a_titled_person_in_brackets_stays_the_writers(tmp_path):
    # "her PhD from X (Prof. Y)": the brackets name who advised the degree, the university is still where she studied
    page = tmp_path / "bio.md"
    page.write_text("# Ana Ruiz\n\nAna Ruiz received her PhD from Tarnow University (Prof. Hugo Barral) in 2015. "
                    "She is now an Assistant Professor at Harlow University.\n", encoding="utf-8")
    f = facts(extract(load_document(page)))
    assert {("Ana Ruiz", "studiedAt", "Tarnow University"), ("Ana Ruiz", "workedAt", "Harlow University")} <= f
    assert ("Hugo Barral", "workedAt", "Tarnow University") not in f
