"""Career facts from CVs in German, Spanish, Portuguese, French, Italian, Chinese and Japanese, each
in another format (plain text, HTML, org-mode, reStructuredText, europasscv and moderncv LaTeX):
local section headings, degree and role words, date styles and advisor labels. The fixtures in
tests/data/extract/ are invented people and organisations."""
from __future__ import annotations

import pytest

from kg.extract import extract
from kg.extract.gazetteer import classify_organization
from kg.extract.orgs import is_role, org_chain
from kg.extract.people import clean_person, split_people
from kg.extract.sections import find_sections, heading_kind
from kg.extract.vocab import degree_of
from kg.ingest import load_document
from kg.model import Document, Line
from extract_helpers import facts, relation, run


def dated(ex, subject: str, predicate: str, obj: str) -> tuple:
    r = relation(ex, subject, predicate, obj)
    return (r.role if predicate == "workedAt" else r.degree, r.start, r.end)


def test_german_plain_text_cv():
    ex = run("hydrologist_cv_de.txt")
    me = "Friederike Allmendinger"
    assert ex.entity(ex.subject).name == me  # "Dr. rer. nat." before the name is a title
    # a line of dates alone ("seit 2019", "03/2014 - heute") dates the position under it
    assert dated(ex, me, "workedAt", "Universität Lindenau") == ("Juniorprofessorin für Hydrologie", "2019", "present")
    assert ("Institut für Wasserwirtschaft", "partOf", "Universität Lindenau") in facts(ex)
    assert dated(ex, me, "workedAt", "Forschungszentrum Ostheide") == ("Gastwissenschaftlerin", "2014-03", "present")
    assert dated(ex, me, "workedAt", "Hydrotec Beratung GmbH")[1:] == ("2012-10", "2014-02")
    assert dated(ex, me, "studiedAt", "Technische Universität Hohenfels") == ("PhD", "2008", "2012")
    assert dated(ex, me, "studiedAt", "Universität Lindenau")[0] == "MS"  # Diplom
    f = facts(ex)
    assert {(me, "advisedBy", "Albrecht Kessler"), (me, "advisedBy", "Henning Sauter")} <= f  # Doktorvater, Betreuer
    assert {("Jan Oberholz", "advisedBy", me), ("Mirjam Teuber", "advisedBy", me)} <= f
    assert not any("Mail" in o for _, _, o in f)  # "E-Mail:" on the next header line is a label


def test_spanish_html_cv():
    ex = run("geologist_cv_es.html")
    me = "Martina Solís Echeverría"
    assert ex.entity(ex.subject).name == me
    assert dated(ex, me, "workedAt", "Universidad de Valdemora") == ("Profesora Titular", "2012", "present")
    assert dated(ex, me, "workedAt", "Instituto de Ciencias del Subsuelo")[1:] == ("2018", "present")  # desde
    assert dated(ex, me, "workedAt", "Centro de Geociencias Costeras")[1:] == ("2009-01", "2011-12")
    assert dated(ex, me, "studiedAt", "Universidad de Arenales") == ("PhD", "2004", "2008")
    assert dated(ex, me, "studiedAt", "Universidad de Peñaverde")[0] == "MS"  # Máster before the Grado
    f = facts(ex)
    assert (me, "advisedBy", "Ignacio Montalbán Ruiz") in f  # Director de tesis
    assert ("Rodrigo Barrantes Luna", "advisedBy", me) in f  # Tesis dirigidas
    assert ("Rodrigo Barrantes Luna", "workedAt", "Sismotec SA") in f


def test_portuguese_org_mode_cv():
    ex = run("biologist_cv_pt.org")
    me = "Renata Figueiredo Campos"
    assert ex.entity(ex.subject).name == me
    assert dated(ex, me, "workedAt", "Universidade Federal de Serra Alta") == ("Professora Adjunta", "2017", "present")
    # a museum is an employer; "pós-doutorado" is a job, not a doctorate
    assert dated(ex, me, "workedAt", "Museu de História Natural do Cerrado") == (
        "Pesquisadora de pós-doutorado", "2015-03", "2016-12")
    assert not any(p == "studiedAt" and o.startswith("Museu") for _, p, o in facts(ex))
    assert dated(ex, me, "studiedAt", "Universidade Estadual do Planalto") == ("PhD", "2011-03", "2015-02")
    assert dated(ex, me, "studiedAt", "Universidade Federal de Serra Alta")[0] == "MS"
    f = facts(ex)
    assert {(me, "advisedBy", "Joaquim Medeiros Pacheco"), (me, "advisedBy", "Helena Quintela")} <= f
    assert ("Caio Nogueira Leite", "advisedBy", me) in f
    assert ("Caio Nogueira Leite", "workedAt", "Agência Estadual de Águas") in f


def test_french_restructuredtext_cv():
    ex = run("astronomer_cv_fr.rst")
    me = "Élodie Vasseur-Lambert"
    assert ex.entity(ex.subject).name == me
    assert dated(ex, me, "workedAt", "Observatoire de la Côte Brune")[1:] == ("2017", "present")  # depuis
    assert dated(ex, me, "workedAt", "Université de Valmont") == ("Maîtresse de conférences", "2008-09", "2017-08")
    assert ("Laboratoire d'Astrophysique de Valmont", "partOf", "Université de Valmont") in facts(ex)
    # the Doctorat (2001 - 2004), the DEA and the Licence (1997 - 2000) at one school: one relation over all
    assert dated(ex, me, "studiedAt", "Université de Montclair") == ("PhD", "1997", "2004")
    f = facts(ex)
    assert (me, "advisedBy", "Bernard Lefaucheux") in f  # Directeur de thèse
    assert {("Thibault Morel", "advisedBy", me), ("Léa Guérin", "advisedBy", me)} <= f  # Encadrement
    assert ("Thibault Morel", "workedAt", "Spatialis SAS") in f


def test_italian_europasscv():
    ex = run("chemist_cv_it_europass.tex")
    me = "Alessandra Ferri"
    assert ex.entity(ex.subject).name == me
    assert dated(ex, me, "workedAt", "Università degli Studi di Castelvento") == (
        "Professoressa associata di Chimica organica", "2016", "present")  # dal 2016
    assert dated(ex, me, "workedAt", "Istituto per la Sintesi Molecolare")[1:] == ("2012-11", "2016-10")  # ott.
    assert dated(ex, me, "studiedAt", "Università degli Studi di Valtorre") == ("PhD", "2003", "2012")  # with the laurea
    assert (me, "advisedBy", "Sergio Gualtieri") in facts(ex)  # Relatore


def test_chinese_plain_text_cv():
    ex = run("materials_cv_zh.txt")
    me = "郑若岚"
    assert ex.entity(ex.subject).name == me
    assert dated(ex, me, "workedAt", "海川大学") == ("教授", "2015", "present")  # 2015年至今
    assert dated(ex, me, "workedAt", "东滨理工大学") == ("副研究员", "2012-07", "2015-06")
    assert dated(ex, me, "studiedAt", "南岭大学") == ("PhD", "2004-09", "2012-06")  # 博士 and 硕士 there: one relation
    assert dated(ex, me, "studiedAt", "西江师范大学")[0] == "BS"
    f = facts(ex)
    assert (me, "advisedBy", "周明远") in f  # "导师：" after the degree on the same line
    assert ("韩子墨", "advisedBy", me) in f  # 指导学生


def test_japanese_moderncv():
    ex = run("engineer_cv_ja.tex")
    me = "高森 陽菜"
    assert ex.entity(ex.subject).name == me
    assert dated(ex, me, "workedAt", "東湊工業大学") == ("准教授", "2019-04", "present")
    assert dated(ex, me, "workedAt", "北陵大学") == ("助教", "2015-04", "2019-03")
    assert dated(ex, me, "studiedAt", "北陵大学") == ("PhD", "2010-04", "2015-03")  # 博士(工学), with the 修士 before it
    assert dated(ex, me, "studiedAt", "西山大学")[0] == "BS"
    assert (me, "advisedBy", "石黒 誠一") in facts(ex)  # 指導教員, the title 教授 after the name left out


@pytest.mark.parametrize("text, degree", [
    ("Promotion (Dr. phil.)", "PhD"), ("Dr.-Ing., Technische Universität", "PhD"), ("DEA d'astronomie", "MS"),
    ("Grado en Geología", "BS"), ("Maestría en Ciencias", "MS"), ("Bacharelado em Física", "BS"),
    ("Laurea specialistica in Fisica", "MS"), ("博士前期課程", "MS"), ("博士後期課程", "PhD"), ("修士(工学)", "MS"),
    ("Pesquisadora de pós-doutorado", None), ("博士後研究員", None),
    ("Studia doktoranckie", "PhD"), ("Studia magisterskie", "MS"), ("Studia inżynierskie", "BS"),
    ("promotor: prof. dr hab. Jan Kos", None),  # the professor's title, no degree
])
def test_degree_words(text, degree):
    assert degree_of(text) == degree


@pytest.mark.parametrize("name, kind", [
    ("Forschungszentrum Ostheide", "Institute"), ("Fachhochschule Wellingen", "University"),
    ("Landesamt für Umwelt", "Institute"), ("Observatoire de la Côte Brune", "Institute"),
    ("Osservatorio Astronomico di Pontebello", "Institute"), ("Museu de História Natural", "Institute"),
    ("Ospedale Maggiore di Valtorre", "Institute"), ("Faculdade de Medicina", "Lab"),
    ("Ottica Nord S.r.l.", "Company"), ("国家天文台", "Institute"),
    # a university's offices in Portuguese, Spanish and Italian: units of it
    ("Diretoria de Relações Internacionais", "Lab"), ("Pró-Reitoria de Pesquisa", "Lab"),
    ("Vicerrectorado de Investigación", "Lab"), ("Prorettorato alla Ricerca", "Lab"),
    ("Paris 11", "University"), ("Lyon I", "University"),  # a French city's numbered university
])
def test_organisation_kinds_in_other_languages(name, kind):
    assert classify_organization(name, default="") == kind


def test_local_role_words_and_german_titles():
    assert is_role("Professoressa associata") and is_role("Gastwissenschaftlerin") and is_role("访问学者")
    assert clean_person("Prof. Dr.-Ing. Anna Berg") == "Anna Berg"
    assert clean_person("Dr. rer. nat. habil. Anna Berg") == "Anna Berg"


@pytest.mark.parametrize("written", ["Dott.ssa Giulia Ferraro", "Prof.ssa Giulia Ferraro", "Mag. Giulia Ferraro",
                                     "Univ.-Prof. Dr. Giulia Ferraro", "apl. Prof. Giulia Ferraro", "Giulia Ferraro, M.Sc."])
def test_academic_titles_and_degrees_around_names(written):
    assert clean_person(written) == "Giulia Ferraro"


def test_portuguese_lattes_layout():
    ex = run("oceanographer_lattes_pt.txt")
    me = "Helena Duarte Vasconcelos"
    # "Formação acadêmica/titulação": two names of one section kind; each block is the dates, then the
    # degree, then the school, on lines of their own
    assert dated(ex, me, "studiedAt", "Universidade Federal do Litoral Sul") == ("PhD", "2012", "2016")
    assert dated(ex, me, "studiedAt", "Universidade Estadual de Campo Verde") == ("MS", "2005", "2012")  # with the Graduação
    f = facts(ex)
    assert {(me, "advisedBy", "Ricardo Almeida Brandão"), (me, "advisedBy", "Marta Silveira Coelho")} <= f
    assert not any(o.startswith("Fundação") for _, _, o in f)  # "Bolsista do(a): X" is a label line (a grant)
    # "2018 - Atual" is an open end, no employer; the role stands in a labelled line
    assert dated(ex, me, "workedAt", "Universidade Federal do Litoral Sul") == ("Professora Adjunta", "2018", "present")
    assert not any(o == "Atual" for _, _, o in f)


@pytest.mark.parametrize("heading, kind", [
    ("Berufliche Laufbahn", "experience"), ("Hochschulausbildung", "education"), ("Persönliche Daten", "bio"),
    ("Experiencia docente", "teaching"), ("Estancias de investigación", "experience"), ("Becas", "awards"),
    ("Atuação profissional", "experience"), ("Produção bibliográfica", "publications"),
    ("Formação acadêmica/titulação", "education"), ("Postes occupés", "experience"), ("Diplômes", "education"),
    ("Esperienze lavorative", "experience"), ("Titoli di studio", "education"), ("Premi e riconoscimenti", "awards"),
    ("科研经历", "experience"), ("实验经历", "experience"), ("学历", "education"), ("个人信息", "bio"),
    ("経歴", "experience"), ("受賞歴", "awards"), ("学会発表", "talks"),
    ("Research and Professional Experience", "experience"),  # parts of two kinds: the heading's own words decide
    ("Leitung", "members"), ("博士生", "members"), ("教員", "members"),
    # a Turkish heading opening with a dotted capital I; a Japanese grants heading longer than its name
    ("İş Deneyimi", "experience"), ("研究助成の獲得実績", "grants"), ("担当講義", "teaching"),
    ("Beschäftigungen", "experience"), ("Ervaring", "experience"),
    # the bare Chinese "work", not its "working papers"; Japanese and Korean employment headings
    ("工作", "experience"), ("工作论文", "publications"), ("職務経歴", "experience"), ("직장", "experience"),
    # technical knowledge and tools: skills, whose sub-headings ("Bibliotecas", "Banco de Dados") name no organisation
    ("Conhecimentos Técnicos", "skills"), ("Conocimientos técnicos", "skills"), ("Connaissances techniques", "skills"),
    ("EDV-Kenntnisse", "skills"), ("Ferramentas Computacionais", "skills"), ("スキル", "skills"),
    ("Arbeitserfahrung", "experience"), ("Wissenschaftliche Praktika", "experience"), ("Carrière", "experience"),
    ("Lehrerfahrung", "teaching"), ("Ehrenamtliches Engagement", "service"), ("Congresos", "talks"),
])
def test_section_headings_in_other_languages(heading, kind):
    assert heading_kind(heading) == kind


def test_japanese_resume_with_era_dates():
    ex = run("physicist_rireki_ja.txt")
    me = "小野寺 美咲"
    assert ex.entity(ex.subject).name == me  # family name, space, given name: five characters
    assert dated(ex, me, "workedAt", "西海大学") == ("准教授", "2017-04", "present")  # 平成29年4月～現在
    assert dated(ex, me, "workedAt", "北辰研究機構") == ("特任研究員", "2014-04", "2017-03")
    assert dated(ex, me, "studiedAt", "大学院理学研究科") == ("PhD", "2009-04", "2014-03")
    assert relation(ex, me, "studiedAt", "理学部").degree == "BS"  # 大学 ... 卒業: a graduation, no job
    assert not any(p == "workedAt" and o in ("東都大学", "理学部") for s, p, o in facts(ex))
    assert (me, "advisedBy", "長谷部 宏") in facts(ex)


@pytest.mark.parametrize("name, me, job, role, dates, school, degree, advisor", [
    # altacv in German: "seit 04/2020", a compound role word, "Dr.-Ing." before the name and as the degree
    ("glaciologist_altacv_de.tex", "Matthias Kranich", "Technische Universität Hohenfels", "Nachwuchsgruppenleiter",
     ("2020-04", "present"), "Technische Universität Hohenfels", "PhD", "Konrad Eisele"),
    # res in Spanish: a bank named in Spanish, "mar. 2019 -- actualidad", "Directora de tesis"
    ("economist_res_es.tex", "Inés Carvajal Mora", "Banco Central de Arenales", "Economista sénior",
     ("2019-03", "present"), "Universidad de Peñaverde", "PhD", "Pilar Echegaray"),
    # friggeri in French: "depuis 2019", "Directrice de thèse"
    ("linguist_friggeri_fr.tex", "Margaux Delacroix-Ferrand", "Université de Valmont", "Maîtresse de conférences",
     ("2019", "present"), "Université de Montclair", "PhD", "Sylvie Aubertin"),
])
def test_latex_cv_classes_in_other_languages(name, me, job, role, dates, school, degree, advisor):
    ex = run(name)
    assert ex.entity(ex.subject).name == me
    assert dated(ex, me, "workedAt", job) == (role, *dates)
    assert relation(ex, me, "studiedAt", school).degree == degree
    assert (me, "advisedBy", advisor) in facts(ex)
    assert not any(o == role for _, _, o in facts(ex))  # the role is no organisation


def test_german_lab_page_names_no_person_after_its_group():
    ex = run("lab_page_de.html")
    # "Arbeitsgruppe Bodenökologie" (the page's first heading) is a group, not the person the page is about
    assert ex.entity(ex.subject).name != "Arbeitsgruppe Bodenökologie"
    assert not any(e.type == "Person" and e.name.startswith("Arbeitsgruppe") for e in ex.entities)
    # an alumnus "jetzt bei" a federal agency named in one compound word
    assert ("Lukas Heinemann", "workedAt", "Umweltbundesamt") in facts(ex)
    assert classify_organization("Umweltbundesamt", default="") == "Institute"


def test_page_titles_wrapping_names_in_other_languages():
    from kg.extract.subject import title_name

    assert title_name("Lebenslauf von Jonas Albrecht")[0] == "Jonas Albrecht"
    assert title_name("Currículo de Renata Campos")[0] == "Renata Campos"
    assert title_name("郑若岚的个人简历")[0] == "郑若岚"
    assert title_name("Curriculum Vitæ of Vera Holm")[0] == "Vera Holm"  # the ligature as typeset titles write it


@pytest.mark.parametrize("name, me, job, role, dates, school, degree, advisor", [
    # a Markdown table with a salary grade before the title ("W2-Professorin")
    ("geophysicist_cv_de_table.md", "Anja Vollmer", "Universität Lindenau", "W2-Professorin für Geophysik",
     ("2021-10", "present"), "Universität Kiel", "PhD", None),
    # HTML definition lists; "(dir. Pr. X)" names the thesis director
    ("fluid_mechanics_cv_fr_dl.html", "Julien Mercadier", "Université de Valmont", "Chargé de recherche CNRS",
     ("2017", "present"), "Université de Montclair", "PhD", "Hélène Gautier"),
    # capitals headings in plain text; "(dal 2020)" after the position; "tutor:" of a doctorate
    ("physicist_cv_it_caps.txt", "Federica Lombardi", "Dipartimento di Fisica", "Professoressa associata di Fisica teorica",
     ("2020", "present"), "Università di Valtorre", "PhD", "Marco Rinaldi"),
    # "2015.09-2019.06" bullets; "（导师：X 教授）" in full-width parentheses
    ("chemist_cv_zh_bullets.md", "许佳怡", "东滨理工大学", "副教授", ("2021-07", "present"), "南岭大学", "PhD", "周明远"),
])
def test_more_layouts_in_other_languages(name, me, job, role, dates, school, degree, advisor):
    ex = run(name)
    assert ex.entity(ex.subject).name == me
    assert dated(ex, me, "workedAt", job) == (role, *dates)
    assert relation(ex, me, "studiedAt", school).degree == degree
    if advisor:
        assert (me, "advisedBy", advisor) in facts(ex)


def test_spanish_cvn_label_and_value_lines():
    ex = run("chemist_cvn_es.txt")
    me = "Álvaro Quintanilla Ródenas"
    # "Entidad empleadora:" names the employer, "Categoría profesional:" the role whatever its words,
    # "Fecha de inicio:" a start with no end (the position goes on)
    assert dated(ex, me, "workedAt", "Universidad de Valdemora") == ("Profesor Titular de Universidad", "2016-09", "present")
    assert ("Departamento de Química Física", "partOf", "Universidad de Valdemora") in facts(ex)
    assert dated(ex, me, "workedAt", "Instituto de Catálisis de Arenales") == (
        "Investigador Ramón y Cajal", "2011-01", "2016-08")
    # a degree label above the school's label: "Titulación universitaria: Licenciado en X", "Programa de doctorado: Y"
    assert dated(ex, me, "studiedAt", "Universidad de Peñaverde") == ("BS", None, "2004")
    assert dated(ex, me, "studiedAt", "Universidad de Arenales") == ("PhD", None, "2009")
    assert (me, "advisedBy", "Gregorio Valcárcel Ibarra") in facts(ex)  # "Director/a de tesis:"


@pytest.mark.parametrize("line, name", [
    ("Nombre y apellidos: Inés Mora", "Inés Mora"), ("Nom : Julien Mercadier", "Julien Mercadier"),
    ("Nome e cognome: Federica Lombardi", "Federica Lombardi"), ("姓名：郑若岚", "郑若岚"), ("氏名　小野寺 美咲", "小野寺 美咲"),
])
def test_name_labels_in_other_languages(tmp_path, line, name):
    path = tmp_path / "cv.txt"
    path.write_text(f"CURRICULUM VITAE\n\n{line}\n\nEducation\n2010 PhD, University of Kiel\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert ex.entity(ex.subject).name == name


def test_a_second_advisor_after_et_de():
    assert [p.name for p in split_people("Yves Marchal et de Corinne Aubrac")] == ["Yves Marchal", "Corinne Aubrac"]
    assert [p.name for p in split_people("Inés Roldán y de Pilar Osma")] == ["Inés Roldán", "Pilar Osma"]


@pytest.mark.parametrize("heading, kind", [("代表性论文（*通讯作者）", "publications"),
                                           ("Publications (* corresponding author)", "publications")])
def test_a_heading_with_a_note_on_its_entries(heading, kind):
    lines = (Line(1, "Lin Qiao"), Line(2, heading), Line(3, "1. Lin Q., Wu H. Tidal mixing. Ocean Letters, 2016."))
    sections = find_sections(Document("a.txt", "a.txt", "text", lines, "0"))
    assert [(s.heading_index, s.kind) for s in sections if s.heading_index is not None] == [(1, kind)]


@pytest.mark.parametrize("heading, kind", [
    ("Livros publicados/organizados ou edições", "publications"), ("Buchbeiträge", "publications"),
    ("Chapitres d'ouvrages", "publications"), ("主要论著", "publications"), ("Capitoli di libro", "publications"),
    ("Percurso profissional", "experience"), ("Klinische Tätigkeit", "experience"), ("工作履历", "experience"),
    ("Habilitações académicas", "education"), ("講演・口頭発表等", "talks"), ("所属学協会", "memberships")])
def test_section_names_of_humanities_clinical_and_national_cv_formats(heading, kind):
    assert heading_kind(heading) == kind


@pytest.mark.parametrize("role", ["ポスドク", "博士生导师", "Oberingenieur", "Honorarprofessorin", "RTD-B", "Dirigente di ricerca",
                                  "Professeur des universités", "Chef de clinique", "Jefa de servicio", "Funktionsoberärztin",
                                  "Oberärztin", "Médica residente", "Assistente hospitalar"])
def test_ranks_of_clinics_and_national_academic_careers_are_roles(role):
    assert is_role(role)


def test_an_advisor_after_dirigida_por_el():
    ex = run("tesis_humanidades_es.txt")
    assert ("Irene Solís Caballero", "advisedBy", "Telmo Arrieta Gual") in facts(ex)
    assert relation(ex, "Irene Solís Caballero", "studiedAt", "Universidad de Valdeluna").degree == "PhD"


@pytest.mark.parametrize("line, advisor", [
    ("2019–2023 Doctorat en mathématiques appliquées, Université de Valcourt. Supervisé par Dr. Odile Ferrand.",
     "Odile Ferrand"),
    ("2019–2023 Dottorato in Fisica, Università di Pontevalle. Supervisionato da Prof. Livio Marangoni.",
     "Livio Marangoni"),
    ("2019–2023 Doctorado en Física, Universidad de Valdeluna. Supervisado por Dra. Pilar Osma.", "Pilar Osma"),
    ("2019–2023 Doutorado em Física, Universidade de Vila Serra. Supervisionado por Prof. Rui Tavares.", "Rui Tavares"),
    ("2019–2023 Doctorado en Física, Universidad de Valdeluna. Supervisora: Inés Baraona.", "Inés Baraona"),  # feminine
])
def test_supervised_by_in_french_italian_spanish_and_portuguese(tmp_path, line, advisor):
    path = tmp_path / "cv.txt"
    path.write_text(f"Lina Morel\n\nEducation\n{line}\n", encoding="utf-8")
    assert ("Lina Morel", "advisedBy", advisor) in facts(extract(load_document(path)))


def test_a_university_zu_its_city_is_one_name(tmp_path):
    path = tmp_path / "cv.txt"
    path.write_text("Lina Morel\n\nBerufserfahrung\n2012–2017 Wissenschaftliche Mitarbeiterin am Institut für Geologie "
                    "an der Universität zu Bremen\n", encoding="utf-8")
    assert ("Lina Morel", "workedAt", "Universität zu Bremen") in facts(extract(load_document(path)))
    assert [m.name for m in org_chain("Hanse-Universität zu Rostock")] == ["Hanse-Universität zu Rostock"]


def test_unit_words_acronyms_after_at_memberships_and_two_clauses():
    """Habits of real CVs: German unit words ("Professur für X", "am Fachgebiet X"), an unknown acronym
    after "au"/"à l'" naming the employer, a company's "S. A." written with a space, a memberships section
    naming no job, a journal refereed for, and a sentence whose second clause ("and earned my PhD at Y") states study while its
    first states a job."""
    ex = run("cv_units_at_acronyms.md")
    me = "Clémence Vautrin-Ossart"
    found = facts(ex)
    for unit, school in (("Professur für Angewandte Statistik", "Universität Lindenhain"),
                         ("Fachgebiet Numerische Geometrie", "Technische Universität Brockhausen"),
                         ("Institute for Discrete Analysis", "University of Vellmar")):
        assert {(me, "workedAt", unit), (unit, "partOf", school)} <= found
    assert dated(ex, me, "workedAt", "LMVR") == ("Stagiaire de recherche", "2015-04", "2015-06")  # the town cut off
    assert dated(ex, me, "workedAt", "EPNA") == ("Enseignante de sciences-physiques", "2014", "2015")
    assert dated(ex, me, "workedAt", "Nubesur S. A.")[1:] == ("2012-08", "2013-07")  # "S. A.": a company
    assert (me, "studiedAt", "University of Ostergau") in found
    assert not {o for s, p, o in found if p == "studiedAt" and o != "University of Ostergau"}
    assert not {o for s, p, o in found if "Society" in o or "Association" in o}  # memberships are no jobs
    assert not {o for s, p, o in found if "Referee" in o or "Review" in o or "Proceedings" in o}  # nor refereeing
    assert heading_kind("Professional Organizations") == heading_kind("Mitgliedschaften") == "memberships"


def test_an_austrian_doktorat_is_a_phd_and_a_projektmitarbeiter_a_role():
    lines = ["# Tätigkeiten & Ausbildung", "#### Tätigkeiten",
             "| 05/2019 - 05/2022 | **Projektmitarbeiter**, Institut für Küstenforschung, Universität Ostmark |",
             "#### Ausbildung", "| 2022 | **Doktorat** Sozialwissenschaften (Dr. rer. soc.), Universität Ostmark |"]
    ex = extract(Document("cv.md", "cv.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0"))
    facts = {(r.predicate, ex.entity(r.object).name, r.degree) for r in ex.relations}
    assert ("studiedAt", "Universität Ostmark", "PhD") in facts
    assert not any(name in ("Doktorat", "Projektmitarbeiter") for _, name, _ in facts)


def test_a_polish_cv_with_its_academic_titles_and_supervisor_words(tmp_path):
    """Polish CVs stack the titles of the people they name ("prof. dr hab. inż."): a title is no degree
    of the subject's; "opiekun" (a stay's supervisor) names an advisor as "promotor" does."""
    path = tmp_path / "cv.md"
    path.write_text(
        "# Zofia Wrzos\n\n## Wykształcenie\n\n"
        "- Doktor nauk fizycznych | 3 listopada 2016 – 20 czerwca 2021, Instytut Fizyki, Politechnika Zalesie\n"
        "  - promotor: prof. dr hab. inż. Marek Lipień\n\n"
        "## Doświadczenie\n\n"
        "- Centrum Optyki PAN | 4 lipca 2020 – 29 lipca 2020\n"
        "  - staż naukowy; opiekun: dr hab. inż. Ewa Sosnowska\n"
        "- Instytut Fizyki | kwiecień 2021 – obecnie\n"
        "  - współpraca badawcza z prof. dr. hab. inż. Markiem Lipieniem\n",
        encoding="utf-8")
    ex = extract(load_document(path))
    me = "Zofia Wrzos"
    f = facts(ex)
    assert {(me, "advisedBy", "Marek Lipień"), (me, "advisedBy", "Ewa Sosnowska")} <= f
    assert dated(ex, me, "workedAt", "Centrum Optyki PAN")[1:] == ("2020-07", "2020-07")
    assert dated(ex, me, "workedAt", "Instytut Fizyki")[1:] == ("2021-04", "present")
    assert all(r.degree != "Habilitation" for r in ex.relations)  # "dr hab." there titles the professor


def test_a_french_numbered_university_is_where_a_degree_was_taken(tmp_path):
    path = tmp_path / "cv.md"
    path.write_text("Formation\n======\n* DEA de Géochimie à Lille 2 (1996)\n* Doctorat en Géochimie à Lille 2 (1999)\n"
                    "\nExpérience\n======\n* Stage au Grand Palais Paris 2024\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert relation(ex, "Unnamed document subject", "studiedAt", "Lille 2").end == "1999"
    assert classify_organization("Paris 2024", default="") == ""  # a year after the city names no university


def test_a_line_of_duties_under_a_position_names_no_employer(tmp_path):
    path = tmp_path / "cv.md"
    path.write_text("#### Berufserfahrung\n- 10/2015 - 09/2022: Wissenschaftliche Mitarbeiterin, Lehrstuhl für Hydrologie, "
                    "Universität Lindenau\n  - zentrale Aufgaben: Betreuung der Praktika; Mitarbeit am Lehrstuhl für Geodäsie\n"
                    "- 2012 - 2015: Ingeniera, Aguas del Valle S.A.\n  - Funciones: enlace con la Dirección de Obras\n",
                    encoding="utf-8")
    ex = extract(load_document(path))
    assert {o for _, p, o in facts(ex) if p == "workedAt"} == {"Lehrstuhl für Hydrologie", "Universität Lindenau", "Aguas del Valle S.A."}


def test_korean_year_and_month_marks_date_the_entries(tmp_path):
    path = tmp_path / "cv.md"
    path.write_text("# 김하늘\n\n## 학력\n- 2014년 3월 ~ 2019년 2월: 박사, 한빛대학교 컴퓨터공학과\n\n"
                    "## 경력\n- 2019년 3월 – 현재: 조교수, 누리대학교 전자공학과\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert dated(ex, "김하늘", "studiedAt", "컴퓨터공학과") == ("PhD", "2014-03", "2019-02")
    assert dated(ex, "김하늘", "workedAt", "전자공학과") == ("조교수", "2019-03", "present")


def test_cjk_units_written_outermost_first_nest_one_in_the_next(tmp_path):
    """"西山大学 大学院理学研究科 物理学専攻": a graduate school holds its majors, as a department holds labs."""
    path = tmp_path / "cv.md"
    path.write_text("# 山田 花子\n\n## 職歴\n* 2016年4月 ～ 現在　西山大学　大学院理学研究科　物理学専攻　助教\n\n"
                    "## 学歴\n* 2010年4月 ～ 2016年3月　東海大学大学院　工学研究科　機械工学専攻　博士課程\n", encoding="utf-8")
    f = facts(extract(load_document(path)))
    assert {("物理学専攻", "partOf", "大学院理学研究科"), ("大学院理学研究科", "partOf", "西山大学"),
            ("機械工学専攻", "partOf", "工学研究科"), ("山田 花子", "workedAt", "物理学専攻")} <= f


def test_a_town_after_the_employer_a_french_entry_names_is_no_part_of_it(tmp_path):
    path = tmp_path / "cv.md"
    path.write_text("Expérience\n======\n* Enseignant de chimie à l'ENSQ à Brest (1997 à 1998)\n"
                    "* Chercheur au LKTR à Quimperlé (2005 à 2006)\n* Ricercatore presso il CNRQ a Valtorre (2007 - 2009)\n",
                    encoding="utf-8")
    f = facts(extract(load_document(path)))
    assert {o for _, p, o in f if p == "workedAt"} == {"ENSQ", "LKTR", "CNRQ"}


def test_a_german_cv_s_employment_and_stays_abroad_are_positions_and_its_schools_drop_their_towns(tmp_path):
    """"Berufstätigkeit" and "Auslandsaufenthalte" are sections of positions, not a school's units; "an der X" after a
    degree and its field names the school; "X in Tarnby" is the university, a season ("Frühjahr 2011") dates the stay,
    and a line that opens with a date of its own is another stay."""
    path = tmp_path / "cv.md"
    path.write_text("# Dr. Lotte Brenneisen\n\n## Ausbildung\n- 1998 – 2004: Diplomstudium Chemie an der Universität Wendlingen\n"
                    "- 2004 – 2008: Promotionsstudium an der Technischen Universität Kellbach\n\n## Berufstätigkeit\n"
                    "- 2008 – 2012: Wissenschaftliche Mitarbeiterin\n  (Institut für Katalyse, Universität Wendlingen)\n\n"
                    "## Auslandsaufenthalte\nFrühjahr 2011 (3 Monate): University of Norvale in Tarnby\n"
                    "März 2013 (2 Wochen): Zentrum für Katalyseforschung Arenberg\n",
                    encoding="utf-8")
    ex = extract(load_document(path))
    me = "Lotte Brenneisen"
    assert dated(ex, me, "studiedAt", "Universität Wendlingen") == ("MS", "1998", "2004")
    assert dated(ex, me, "studiedAt", "Technische Universität Kellbach") == ("PhD", "2004", "2008")
    assert dated(ex, me, "workedAt", "Institut für Katalyse") == ("Wissenschaftliche Mitarbeiterin", "2008", "2012")
    assert relation(ex, me, "workedAt", "University of Norvale").end == "2011"
    # each dated stay is a visit of its own, not a unit of the university visited before
    assert relation(ex, me, "workedAt", "Zentrum für Katalyseforschung Arenberg").end == "2013-03"
    assert ("Zentrum für Katalyseforschung Arenberg", "partOf", "University of Norvale") not in facts(ex)
    assert {o for _, p, o in facts(ex) if p == "studiedAt"} == {"Universität Wendlingen", "Technische Universität Kellbach"}


def test_sectors_boards_and_dated_bullets_of_a_french_cv(tmp_path):
    """"Académique (depuis 2014)" and "Industrie (2005-2014)" group the positions by sector and "Bureau" is an
    association's board: no employers; each dated bullet under them is a position of its own, its firm named alone."""
    path = tmp_path / "cv.md"
    path.write_text("## Expérience Professionnelle\n* Académique (depuis 2014)\n"
                    "* Chargé d'enseignement, Université de Valcourt, 2016-2018\n\n## Industrie (2005-2014)\n"
                    "* Développeur logiciel, Nimbuscope, Lyon, 2010-2014\n* Chef de projet, Ferroval, Lyon, 2005-2010\n\n"
                    "## Responsabilités\n* depuis 2019 Société Savante de Valcourt, Bureau (secrétaire)\n"
                    "* 2016-2018 Association des Doctorants de Valcourt, Conseil d'Administration\n", encoding="utf-8")
    ex = extract(load_document(path))
    employers = {o for _, p, o in facts(ex) if p == "workedAt"}
    assert employers == {"Université de Valcourt", "Nimbuscope", "Ferroval", "Société Savante de Valcourt",
                         "Association des Doctorants de Valcourt"}
    assert dated(ex, "Unnamed document subject", "workedAt", "Ferroval") == ("Chef de projet", "2005", "2010")


def test_a_spanish_cv_s_bracketed_dates_level_labels_and_sentences_open_its_entries(tmp_path):
    """"(08/2011 – 03/2014) Firma S. A., ...": dates in brackets open an entry however long its description;
    "Postgrado: (12/2010) Doctor en Geología. Universidad X": a level's label, then the degree and its school as
    sentences; a town hall ("Ayuntamiento de X") is an employer."""
    path = tmp_path / "cv.md"
    path.write_text("# Formación académica\n\n- Postgrado: (12/2010) Doctor en Geología. Universidad de Arenales, Chile. "
                    "Director: Prof. Dr. Ramiro Vidal.\n- Universitaria: (2001 - 2006) Licenciatura en Geología, "
                    "Universidad de Peñaverde, Chile.\n\n# Experiencia laboral\n\n- (04/2014 – presente) Ayuntamiento de "
                    "Valdemora, asesoramiento técnico en cartografía. Aplicaciones web de geo-referencia, análisis de datos "
                    "y modelos.\n- (08/2011 – 03/2014) Geotecnia Andina S. A., desarrollador web. Lider técnico en "
                    "proyecto de mapas para clientes del sector minero.\n", encoding="utf-8")
    ex = extract(load_document(path))
    me = "Unnamed document subject"
    assert dated(ex, me, "studiedAt", "Universidad de Arenales") == ("PhD", None, "2010-12")
    assert dated(ex, me, "studiedAt", "Universidad de Peñaverde") == ("BS", "2001", "2006")
    assert dated(ex, me, "workedAt", "Ayuntamiento de Valdemora")[1:] == ("2014-04", "present")
    assert dated(ex, me, "workedAt", "Geotecnia Andina S. A.")[1:] == ("2011-08", "2014-03")


def test_a_chinese_homepage_s_subjectless_sentences_are_its_owner_s_career(tmp_path):
    """Chinese and Japanese leave out the subject: "2016.06本科毕业于X大学" is the owner's degree; a country before a
    university abroad ("德国北岭...大学") is no part of its name, unless "国" goes on ("美国国家..."); a school's kind
    alone ("大学院") names none."""
    path = tmp_path / "index.md"
    path.write_text("**博士，东湖大学化学与材料学院副研究员**\n\n* 主要从事`催化`领域的研究；\n\n"
                    "* 2016.06本科毕业于`南岭大学`化学专业，2021.06获`西山大学`化学工程博士学位，2019.03 - 2019.09，"
                    "德国`北岭工业大学`博士联合培养，导师为汤海教授；\n\n* 2021年至2023年在美国国家海洋研究院从事博士后研究。\n\n"
                    "大学院留学をご検討の方は気軽にメール下さい。\n", encoding="utf-8")
    ex = extract(load_document(path))
    me = "Unnamed document subject"
    assert dated(ex, me, "studiedAt", "南岭大学") == ("BS", None, "2016-06")
    assert dated(ex, me, "studiedAt", "西山大学") == ("PhD", None, "2021-06")
    assert relation(ex, me, "studiedAt", "北岭工业大学")
    assert relation(ex, me, "workedAt", "化学与材料学院").role == "副研究员"
    assert not [e for e in ex.entities if e.name in ("大学院", "德国北岭工业大学")]
    assert relation(ex, me, "workedAt", "美国国家海洋研究院")  # "国" after the country: a national body's own name
    assert (me, "advisedBy", "汤海") in facts(ex)  # "导师为X": the advisor is X


def test_a_chinese_sentence_about_the_groups_graduates_is_not_its_owners_career(tmp_path):
    # "课题组毕业生就职于X" (the group's graduates work at X) names its people before the verb: not the page's owner
    path = tmp_path / "index.md"
    path.write_text("# 王明远\n\n王明远，南岭大学化学系教授。\n\n课题组毕业生就职于南华科技公司等单位。\n", encoding="utf-8")
    f = facts(extract(load_document(path)))
    assert ("王明远", "workedAt", "南岭大学") in f
    assert ("王明远", "workedAt", "南华科技公司") not in f


def test_duties_opened_by_a_noun_of_action_name_no_employer(tmp_path):
    """"Gestione del gruppo di sviluppo", "Gestión del grupo de ...": what the position involved, in the Romance
    languages' nouns of action, not a group to work at."""
    path = tmp_path / "cv.md"
    path.write_text("## Esperienza\n- 2019 – oggi: Responsabile sviluppo software, Istituto Valtorre di Fisica\n"
                    "  - Gestione del gruppo di sviluppo software\n  - Coordinamento del Laboratorio Dati Valtorre\n"
                    "- 2014 – 2018: Investigadora, Centro de Estudios Marinos de Arenales\n"
                    "  - Gestión del grupo de trabajo de muestreo\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert {o for _, p, o in facts(ex) if p == "workedAt"} == {"Istituto Valtorre di Fisica", "Centro de Estudios Marinos de Arenales"}


@pytest.mark.parametrize("line, employer", [
    ("Maître de Conférences Université de Valcourt, depuis Septembre 2018", "Université de Valcourt"),
    ("Profesor Titular Universidad de Arenales, 2010-2015", "Universidad de Arenales"),
])
def test_a_title_written_before_its_employer_without_a_comma_is_no_part_of_its_name(line, employer):
    assert [m.name for m in org_chain(line)] == [employer]


@pytest.mark.parametrize("name", ["光量子工学研究領域", "VCADモデリングチーム", "計測グループ", "材料研究部門"])
def test_japanese_teams_groups_and_research_divisions_are_units(name):
    assert classify_organization(name, default="") == "Lab"


def test_a_japanese_advisor_with_a_title_after_the_name_then_the_affiliation(tmp_path):
    # "指導教員: 佐藤 一郎 准教授 (北海大学理学研究科)": the title after a CJK name, then where the advisor works
    path = tmp_path / "cv.md"
    path.write_text("# 山田 花子\n\n## 学歴\n\n* 2018年4月 - 2023年3月: 北海大学大学院理学研究科 博士課程\n"
                    "  * 指導教員: 佐藤 一郎 准教授 (北海大学理学研究科), Prof. Marc Dubois (Université de Nordville)\n",
                    encoding="utf-8")
    found = facts(extract(load_document(path)))
    assert {("山田 花子", "advisedBy", "佐藤 一郎"), ("佐藤 一郎", "workedAt", "北海大学理学研究科"),
            ("山田 花子", "advisedBy", "Marc Dubois")} <= found


def test_a_chinese_cv_whose_work_section_is_headed_by_the_bare_word_for_work(tmp_path):
    # "工作" under "教育": the positions are jobs, not a continuation of the degrees
    path = tmp_path / "cv.md"
    path.write_text("# 王小明\n\n教育\n======\n* 大气科学博士, 北海大学, 2015\n\n工作\n======\n* 2016-2019: 博士后\n  * 南山大学\n",
                    encoding="utf-8")
    found = facts(extract(load_document(path)))
    assert ("王小明", "workedAt", "南山大学") in found and ("王小明", "studiedAt", "南山大学") not in found


def test_a_title_and_what_it_heads_in_lower_case_is_a_role_not_a_unit(tmp_path):
    # "Chef d'équipe projet", "Membre élu du conseil de laboratoire": no name follows the title, no organisation
    assert is_role("Chef d’équipe projet") and is_role("Membre élu du conseil de laboratoire")
    assert not is_role("Membre de l’Institut Quillon")
    path = tmp_path / "cv.md"
    path.write_text("# Yves Kerlann\n\n## Expérience professionnelle\n\n"
                    "* Doctorant chargé d’enseignement, Ecole Fictive d'Ingénieurs, Sudville, 2014-2017\n"
                    "* Chef d’équipe projet, Bordeaux 2014-2017\n\n## Responsabilités\n\n"
                    "- Membre élu du conseil de laboratoire (2015-2021)\n", encoding="utf-8")
    found = facts(extract(load_document(path)))
    assert {o for s, p, o in found if p in ("workedAt", "partOf")} == {"Ecole Fictive d'Ingénieurs"}


@pytest.mark.parametrize("entry, advisors", [
    # a French thesis line, then "Directeur :" on the next line, the thesis's title after its own label
    ("- 2010 – 2014 Doctorat en Mathématiques, Université de Valcourt.\n  Directeur : Gaspard Lemoine. Titre : Les Anneaux. Thèse soutenue en 2014.\n",
     {("Gaspard Lemoine", None)}),
    # a German table's label column: no colon before the titled names
    ("10/2012 – 03/2016 Promotion, Universität Nordheim\nBetreuer Prof. Dr. Emil Sonnleitner, Dr. med. Greta Hollerbach\n",
     {("Emil Sonnleitner", None), ("Greta Hollerbach", None)}),
    ("- 09/2011 – 01/2012 Wissenschaftliche Arbeit, Klinik für Nuklearmedizin, Betreuung: Prof. Dr. Ottilie Brandauer\n",
     {("Ottilie Brandauer", None)}),
    # advisors in brackets: every name up to the closing bracket, each with its own bracketed affiliation
    ("- 2015 – 2019 PhD in Biology, Univ. of Tarrant (advisors: Oswin Marlowe (Vire Institute), Beatrix Holloway)\n",
     {("Oswin Marlowe", "Vire Institute"), ("Beatrix Holloway", None)}),
    ("- 2015年4月 – 2018年3月 浪速大学大学院農学研究科　博士課程（指導教員：宅間和夫、吉川健二）\n",
     {("宅間和夫", None), ("吉川健二", None)}),
    # a Japanese given name of three characters: a name of five (its affiliation in brackets is no name)
    ("- 2018年4月 – 2021年3月 浪速大学大学院農学研究科　博士課程（指導教員：宅間和夫、吉川健太郎 (浪速大学農学部)）\n",
     {("宅間和夫", None), ("吉川健太郎", None)}),
    # a Japanese title after the name, before the advisor's affiliation
    ("- 2019年4月 - 2024年3月 京都未来大学大学院理学研究科 博士課程\n"
     "  - 指導教員: 森川 一郎 准教授 (京都未来大学数理研究所), Prof. Jean Morvan (Université de Valmont)\n",
     {("森川 一郎", "京都未来大学数理研究所"), ("Jean Morvan", "Université de Valmont")}),
    # 指導教官, a Latin name with 教授 glued after it, the honorific 氏, and a thesis line under its degree
    ("- 2015/04 - 2017/03: 北海大学大学院 理学系研究科 修士課程 (指導教官：森下一郎 教授)\n"
     "- 2019/07 - 2019/09: 北海大学大学院 理学系研究科 博士課程 (指導教授：Paul Fenwick教授)\n"
     "- 南海学院大学 経済学部 学士(経済学) (2013/03)\n  - 学士論文「Tidal models」（指導教員：中田正博氏）\n",
     {("森下一郎", None), ("Paul Fenwick", None), ("中田正博", None)}),
    # a thesis's supervisor after its title on a line of its own, which no entry reaches
    ("29.10.2022:<br/>\nPhD (magna cum laude); title of dissertation: “Larval shrimps”; supervisor: Prof. Dr. Karl T. Brenner\n\n"
     "November 2017 – January 2022: Doctoral studies at the University of Kestrel\n",
     {("Karl T. Brenner", None)}),
    # Italian labels, names joined by "e" before a title, a PDF's next label ("Commissione :", "Voto finale :") on the line
    ("2020 Ph.D. Università di Valtorre, Italia\nTitolo: Random matchings\nDirettori di tesi: Prof. Aldo Verri, Dr. Bruno "
     "Casati e Dr. Carla Neri Commissione : Prof. Dario Lupi (presidente), Dr. Elsa Bruni (relatore)\n"
     "2016 M.Sc. Università di Valtorre, Italia\nSupervisore : Prof. Fabio Gatti. Voto finale : 110/110\n",
     {("Aldo Verri", None), ("Bruno Casati", None), ("Carla Neri", None), ("Fabio Gatti", None)}),
    # Portuguese prose in the first person: "atuo como"
    ("Atualmente atuo como discente do curso de doutorado em Geografia sob orientação do Prof. Dr. Álvaro Quintela Barros "
     "na Universidade Federal de Serrania.\n", {("Álvaro Quintela Barros", None)}),
])
def test_advisors_labelled_or_bracketed_in_other_languages(tmp_path, entry, advisors):
    path = tmp_path / "cv.md"
    path.write_text(f"# Ilse Varga\n\n## Education\n\n{entry}", encoding="utf-8")
    f = facts(extract(load_document(path)))
    found = {(o, next((org for p, q, org in f if p == o and q == "workedAt"), None)) for s, q, o in f
             if s == "Ilse Varga" and q == "advisedBy"}
    assert found == advisors


def test_a_portuguese_skills_section_names_no_organisations(tmp_path):
    path = tmp_path / "cv.md"
    path.write_text("# Ilse Varga\n\n# Formação Acadêmica\n## Doutorado\n(2017 - Atual) Universidade Federal de Serrania\n"
                    "# Conhecimentos Técnicos\n## Linguagens de Programação\n### Compiladas\nC/C++, Go\n"
                    "## Banco de Dados\nPostgreSQL/PostGIS, Microsoft SQL Server\n## Ferramentas Computacionais\n"
                    "### Bibliotecas\nQt, Boost, GEOS\n", encoding="utf-8")
    assert facts(extract(load_document(path))) == {("Ilse Varga", "studiedAt", "Universidade Federal de Serrania")}


@pytest.mark.parametrize("label", ["Laboratoire", "Laboratorium", "Laboratório"])
def test_a_labelled_laboratory_line_under_a_thesis_names_where_it_was_done(tmp_path, label):
    path = tmp_path / "cv.md"
    path.write_text(f"# Ilse Varga\n\n## Formation\n\n- Doctorat en informatique, Université de Valbonne, 1998\n"
                    f"  - {label} : Institut Valbonnais de Recherche en Informatique\n", encoding="utf-8")
    assert ("Ilse Varga", "studiedAt", "Institut Valbonnais de Recherche en Informatique") in facts(extract(load_document(path)))


@pytest.mark.parametrize("sentence, me", [
    ("Ich bin Anna Berger, Doktorandin an der Universität Nordheim.", "Anna Berger"),
    ("Je m'appelle Camille Fontaine et je suis maîtresse de conférences à l'Université de Valcourt.", "Camille Fontaine"),
    ("Soy María Lozano Pérez, investigadora en la Universidad de Arenales.", "María Lozano Pérez"),
    ("Sono Giulia Ferraretti, ricercatrice presso l'Università di Valtorre.", "Giulia Ferraretti"),
    ("Olá! Meu nome é Élida Campos e sou professora na Universidade Federal de Serrania.", "Élida Campos"),
    ("我是张明远，南岭大学化学系教授。", "张明远"),
    ("私は山田太郎です。京都未来大学の准教授です。", "山田太郎"),
    ("저는 김민준입니다. 한빛대학교 교수입니다.", "김민준"),
])
def test_a_writer_introducing_themself_in_other_languages_is_the_subject(tmp_path, sentence, me):
    path = tmp_path / "about.md"
    path.write_text(f"---\nlayout: page\n---\n\n{sentence}\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert ex.entity(ex.subject).name == me
    assert {s for s, p, _ in facts(ex) if p != "partOf"} <= {me}  # not "Ich bin Anna Berger", "Soy María Lozano Pérez"


def test_a_job_after_the_chinese_words_for_i_am_is_no_name(tmp_path):
    path = tmp_path / "about.md"
    path.write_text("---\nlayout: page\n---\n\n我是研究员，在南岭大学工作。\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert ex.entity(ex.subject).name != "研究员"


def test_chinese_online_in_an_organisations_name_is_no_preposition(tmp_path):
    # "在线" (online) opens with "在" (at), which elsewhere stands before an organisation
    path = tmp_path / "index.md"
    path.write_text("# 王明远\n\n王明远，南岭大学化学系教授。\n\n2020年起在华东在线教育服务中心工作。\n", encoding="utf-8")
    assert ("王明远", "workedAt", "华东在线教育服务中心") in facts(extract(load_document(path)))


@pytest.mark.parametrize("entry, org, role", [
    ("Depuis 2015, Oskar Brandt est professeur à l'Université de Valmont", "Université de Valmont", "professeur"),
    ("Seit 2020 ist Oskar Brandt Professor an der Universität Kelmsdorf", "Universität Kelmsdorf", "Professor"),
    ("Dal 2019 Oskar Brandt è ricercatore presso l'Università di Tarvona", "Università di Tarvona", "ricercatore"),
    ("Desde 2018, Oskar Brandt es investigador en la Universidad de Pradena", "Universidad de Pradena", "investigador"),
    ("Since 2016, Oskar Brandt is a lecturer at the University of Dunmere", "University of Dunmere", "lecturer"),
])
def test_a_dated_entry_written_as_a_sentence_has_the_noun_phrase_as_its_role(tmp_path, entry, org, role):
    path = tmp_path / "cv.md"
    path.write_text(f"# Oskar Brandt\n\n## Parcours\n\n- {entry}\n- 2010-2015 : Maître de conférences, Université de Lorvel\n",
                    encoding="utf-8")
    ex = extract(load_document(path))
    assert dated(ex, "Oskar Brandt", "workedAt", org) == (role, entry.split()[1].strip(","), "present")


def test_strip_accents_drops_every_combining_mark_and_nothing_else():
    import unicodedata

    from kg.extract.context import strip_accents

    text = "".join(map(chr, range(0x80, 0x3400)))  # Latin, Greek, Cyrillic, Indic, the combining blocks, ...
    kept = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    assert strip_accents(text) == kept and strip_accents("Ǹuñez Ångström") == "Nunez Angstrom"


def test_strip_accents_table_stays_bounded_on_text_of_every_character():
    from kg.extract.context import _COMBINING_MARKS, strip_accents

    # a long-running process reading adversarial text learns no table of the whole of Unicode
    text = "".join(chr(c) for c in range(0x3400, 0x30000) if c % 7)
    strip_accents(text)
    assert len(_COMBINING_MARKS) <= 65536


def test_sentence_case_headings_and_included_authors_of_a_french_pdf_cv():
    # a compiled CV's text has no heading marks: "Expérience de recherche" names its section by its first word,
    # and the positions, talks and grants under the later headings are no degrees of "Éducation"
    ex = run("physicist_cv_fr_sentence_case.txt")
    me = "Mathilde Quérel"
    f = facts(ex)
    assert {o for s, p, o in f if p == "studiedAt"} == {"Université de Valmont", "Université de Bellerive"}
    assert {(me, "workedAt", "Laboratoire des Plasmas Froids"), (me, "workedAt", "Optiques Marlin SA")} <= f
    # "Publications et présentations" lists papers; "X et al. (incluant Y)" names the subject among the authors,
    # and "Title. 2021, Journal" ends the title before the year
    assert (me, "authored", "A survey of optical lattice clocks in Europe") in f
    assert (me, "authored", "Cold atom traps for the measurement of weak forces") in f
    assert ("P. Brissac", "authored", "A survey of optical lattice clocks in Europe") in f


@pytest.mark.parametrize("heading, kind", [
    ("Expérience de recherche", "experience"), ("Formación complementaria", "education"),
    ("Esperienza lavorativa", "experience"), ("Publications and Presentations", "publications"),
    ("Enseignement et tutorat", "teaching"),
])
def test_sentence_case_headings_and_papers_named_first(heading, kind):
    assert find_sections(Document("a.txt", "a.txt", "text", (Line(1, heading), Line(2, "x")), "0"))[-1].kind == kind


@pytest.mark.parametrize("title", ["Employment effects of minimum wages", "Formation of planetary systems",
                                   "Education and inequality in towns", "Experience sampling of crab habitats"])
def test_a_papers_title_on_its_own_line_that_opens_with_a_head_noun_is_no_heading(title):
    # the words after "Employment" name no section: the papers after the title stay papers, no positions
    doc = Document("a.txt", "a.txt", "text", tuple(Line(i + 1, t) for i, t in enumerate([
        "Ana Ruiz", "Publications", "Ruiz, A. and Osei, K. (2019)", title, "Journal of Labor Studies, 12(3), 45-67.",
        "Ruiz, A. (2021)", "Tidal crabs of the northern coast", "Economic Review, 5, 1-20."])), "0")
    assert [s.kind for s in find_sections(doc)] == [None, "publications"]
    ex = extract(doc)
    assert {p for _, p, _ in facts(ex)} <= {"authored", "coauthored", "publishedIn"}  # no position, no degree
    assert ("Ana Ruiz", "authored", "Tidal crabs of the northern coast") in facts(ex)


def test_a_japanese_teaching_history_is_no_education():
    # 教育活動歴 (teaching activities) is no 学歴 (education): its lecturer's rows are positions, its courses nothing
    ex = run("informatics_cv_ja_teaching.md")
    f = {(p, o) for _, p, o in facts(ex)}
    assert {o for p, o in f if p == "studiedAt"} <= {"東雲大学", "工学部", "情報工学科", "北嶺大学", "情報科学研究科"}
    assert ("workedAt", "青葉女子大学") in f and ("workedAt", "白浜工業大学") in f
    assert heading_kind("教育活動歴") == "teaching" and heading_kind("学歴") == "education"


def test_a_lecturer_position_in_a_teaching_section_is_a_position():
    doc = Document("t.txt", "t.txt", "text", tuple(Line(i + 1, t) for i, t in enumerate([
        "Ana Ruiz", "Teaching", "Adjunct Lecturer, Rostburg University, 2015 - 2016",
        "Introduction to Databases, Tarnow University, 2017",
        "Code Clinic Workshop, Harlow Institute of Standards, Harlow MD. September 23-24, 2015",
        "2021–2022 Topologie II, M2 Maths (cours, 24 h)."])), "0")
    ex = extract(doc)
    assert {(p, o) for _, p, o in facts(ex)} == {("workedAt", "Rostburg University")}

