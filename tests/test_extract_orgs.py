"""Organisations of sentences and CV lines split by the affiliation model (kg.extract.orgs).

Every organisation here is invented; the strings are written the way CVs and homepages write them,
in several languages and orders.
"""
import pytest

from kg.extract import extract
from kg.extract.orgs import _is_campus, _joins, _org_pieces, classify_segment, find_orgs_in_text, org_chain
from kg.extract.people import is_person_name
from kg.ingest import load_document


def names(found):
    return [(o.name, o.type) for o in found]


@pytest.mark.parametrize("sentence, expected", [
    ("She is a postdoc in the Departamento de Física at the Universidad de Xalapa.",
     [("Departamento de Física", "Lab"), ("Universidad de Xalapa", "University")]),
    ("He leads the Lehrstuhl für Robotik at the Technische Universität Zandberg.",
     [("Lehrstuhl für Robotik", "Lab"), ("Technische Universität Zandberg", "University")]),
    ("I am a PhD student in the Vision Lab at the School of Computing, Quillon University.",
     [("Vision Lab", "Lab"), ("School of Computing", "Lab"), ("Quillon University", "University")]),
    ("Dipartimento di Fisica, Università di Vetrano",
     [("Dipartimento di Fisica", "Lab"), ("Università di Vetrano", "University")]),
])
def test_units_of_a_sentence_in_several_languages(sentence, expected):
    assert names(find_orgs_in_text(sentence)) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("Hon forskar vid Avdelningen för tillämpad matematik vid Brisvik universitet sedan 2019.",
     [("Avdelningen för tillämpad matematik", "Lab"), ("Brisvik universitet", "University")]),
    ("Institutionen för marina vetenskaper och ekologi, Tornö högskola",
     [("Institutionen för marina vetenskaper och ekologi", "Lab"), ("Tornö högskola", "University")]),
    ("Han er ansatt ved Institutt for fysikk og teknologi siden 2018. Han underviser.",
     [("Institutt for fysikk og teknologi", "Lab")]),
    ("Lavora al Dipartimento di ingegneria civile e ambientale dal 2017 e insegna idraulica.",
     [("Dipartimento di ingegneria civile e ambientale", "Lab")]),
])
def test_a_units_field_and_a_schools_noun_written_in_lower_case_end_where_the_sentence_goes_on(sentence, expected):
    assert names(find_orgs_in_text(sentence)) == expected


@pytest.mark.parametrize("sentence, expected", [
    ("The Board of Trustees of the Marrow Institute for Soil Studies has appointed Dr. Edda Quillon as Director.",
     [("Marrow Institute for Soil Studies", "Institute")]),
    ("She joined the Supervisory Board of the Quillon Research Centre in 2020.", [("Quillon Research Centre", "Lab")]),
    ("said Dr. Piet Hallowan, Vice-President for Research at Tarnow University.", [("Tarnow University", "University")]),
])
def test_a_governing_board_and_an_office_title_are_no_organisation(sentence, expected):
    assert names(find_orgs_in_text(sentence)) == expected


def test_words_that_name_nothing_alone_end_the_organisation_before_them():
    # "in Ecology" is the institute's field, "at Port Verde" the university's campus
    assert names(find_orgs_in_text("I work at the Institute for Soil Science in Ecology at Quillon University.")) == [
        ("Institute for Soil Science in Ecology", "Institute"), ("Quillon University", "University")]
    assert [o.name for o in find_orgs_in_text("He studied at the University of Quillon at Port Verde.")] == [
        "University of Quillon at Port Verde"]
    # a place after a university is where it stands; a month is when
    assert [o.name for o in find_orgs_in_text("He studied at the University of Quillon in Peru in December 2012.")] == [
        "University of Quillon"]


def test_roles_and_degrees_are_no_part_of_the_organisation():
    assert names(find_orgs_in_text("She is a Visiting Researcher on the Marine Acoustics team at Acme Research.")) == [
        ("Marine Acoustics team", "Lab"), ("Acme Research", "Company")]
    assert [o.name for o in find_orgs_in_text(
        "I am an Affiliate of the Institute for Data Science in Oncology at Quillon University.")] == [
        "Institute for Data Science in Oncology", "Quillon University"]
    assert [o.name for o in find_orgs_in_text("Masters in the Department of Marine Biology at Quillon University.")] == [
        "Department of Marine Biology", "Quillon University"]


def test_a_degree_after_and_ends_the_organisation_before_it():
    # "a M.Sc. from the University of X and Bachelor's degree from Y": the second degree is no part of X's name
    assert [o.name for o in find_orgs_in_text(
        "She holds a M.Sc. from the University of Quillon and Bachelor’s degree in Geology from Acme University.")] == [
        "University of Quillon", "Acme University"]


@pytest.mark.parametrize("sentence, expected", [
    ("He received his PhD from the Department of Electronics, Information and Bioengineering (DEIB) at Quillon "
     "Polytechnic in 2023.", ["Department of Electronics, Information and Bioengineering", "Quillon Polytechnic"]),
    ("a PhD from the School of Earth, Ocean and Climate Sciences at Univ. of Brill",
     ["School of Earth, Ocean and Climate Sciences", "University of Brill"]),
])
def test_a_unit_that_lists_its_fields_with_commas_in_a_sentence_is_one_unit(sentence, expected):
    assert [o.name for o in find_orgs_in_text(sentence)] == expected


def test_a_name_that_starts_after_the_goes_on_past_in():
    assert [p for p, _ in _org_pieces("College of Arts at the Visual Studies in Design Department")] == [
        "College of Arts", "Visual Studies in Design Department"]
    assert _joins("Oncology", "Institute for Data Science", before=True)
    assert not _joins("Peru", "University of Xanadu", before=True)
    assert not _joins("Research Scientist", "Quillon University")


def test_a_unit_named_nothing_alone_joins_its_neighbour_and_a_known_one_stands_apart():
    # the model reads "Zentho Labs and Shanghai AI Lab" as two units; the second is known
    assert [o.name for o in find_orgs_in_text("I worked at Zentho Labs and Shanghai AI Lab.")] == [
        "Zentho Labs", "Shanghai AI Laboratory"]


def test_and_in_a_cv_line_is_one_unit_or_two_as_the_model_reads_it():
    assert [m.name for m in org_chain("Research Associate, Institute of Energy and Climate Research, Quillon University")] == [
        "Institute of Energy and Climate Research", "Quillon University"]
    # one of the two is known: two organisations, whatever the model reads
    assert [m.name for m in org_chain("Ph.D. University of Edinburgh and Quillon University of Technology 2019")] == [
        "University of Edinburgh", "Quillon University of Technology"]


@pytest.mark.parametrize("line, expected", [
    ("Departamento de Física, Universidad de Xalapa, 2010 - 2014", ["Departamento de Física", "Universidad de Xalapa"]),
    ("Lehrstuhl für Robotik, Technische Universität Zandberg", ["Lehrstuhl für Robotik", "Technische Universität Zandberg"]),
    ("Vision Lab, School of Computing, Quillon University", ["Vision Lab", "School of Computing", "Quillon University"]),
    # a university system's campus after a comma, in the language the CV is written in
    ("Departamento de Física, Universidad de California, Port Verde, 2019 - 2021",
     ["Departamento de Física", "Universidad de California, Port Verde"]),
    ("Laboratoire de Chimie, Université du Texas, Port Verde", ["Laboratoire de Chimie", "Université du Texas, Port Verde"]),
])
def test_cv_lines_nest_units_in_several_languages(line, expected):
    assert [m.name for m in org_chain(line)] == expected


@pytest.mark.parametrize("line, expected", [
    # what follows "in" after a degree is its field, whatever keyword it holds, unless it names a unit or a school
    ("Ph.D. Candidate in Business Administration (Information Management)", []),
    ("PhD in Public Administration, Quillon University", ["Quillon University"]),
    ("PhD student in the Marrow Lab", ["Marrow Lab"]),
])
def test_the_field_of_a_degree_is_no_organisation(line, expected):
    assert [m.name for m in org_chain(line)] == expected


def test_a_campus_follows_a_university_system_only():
    assert _is_campus("University of California", "Port Verde")
    assert _is_campus("École Normale Supérieure", "Port Verde")  # a school of several campuses, too
    assert not _is_campus("Quillon University", "Port Verde")
    assert not _is_campus("University of California", "2019")


def test_a_unit_written_after_its_employer_is_part_of_it():
    # "Employer | place | Role, Unit | dates" (LaTeX resume templates): the unit is inside the employer
    from extract_helpers import facts, run

    found = facts(run("unit_after_employer.md"))
    assert ("Department Flight Dynamics", "partOf", "Halvard Aerospace Center") in found
    assert ("Institute of Peat Hydrology", "partOf", "Kellsby Research Centre") in found
    assert ("Instituto de Geofísica", "partOf", "Universidad de Castrobello") in found
    assert not any(p == "partOf" and s in ("Halvard Aerospace Center", "Kellsby Research Centre") for s, p, _ in found)


@pytest.mark.parametrize("line, expected", [
    ("Lecturer, Department of Earth, Ocean and Atmospheric Sciences, Quillon University",
     ["Department of Earth, Ocean and Atmospheric Sciences", "Quillon University"]),
    ("Harwick Institute of Cultural, Cognitive, and Linguistic Studies | Fellow | 2019",
     ["Harwick Institute of Cultural, Cognitive, and Linguistic Studies"]),
    ("Faculty of Technology, Policy and Management, Fenwater University of Technology",
     ["Faculty of Technology, Policy and Management", "Fenwater University of Technology"]),
    # a place listed before "and" is no field of a name
    ("Engineer, Acme Robotics, Oslo, Norway", ["Acme Robotics"]),
])
def test_a_units_list_of_fields_keeps_its_commas(line, expected):
    assert [m.name for m in org_chain(line)] == expected


@pytest.mark.parametrize("sentence, expected", [
    ("I received my PhD from the University of Quillon at Harrowgate in 2010.", "University of Quillon at Harrowgate"),
    ("She was a postdoc at the University of Texas at Austin.", "University of Texas at Austin"),
    ("He studied at the University of Oregon at Portland before moving on.", "University of Oregon at Portland"),
])
def test_a_campus_after_a_university_named_for_a_place_is_part_of_its_name(sentence, expected):
    assert [o.name for o in find_orgs_in_text(sentence)] == [expected]


def test_a_town_after_another_university_is_not_part_of_its_name():
    assert [o.name for o in find_orgs_in_text("She worked at Quillon University at Oslo.")] == ["Quillon University"]


@pytest.mark.parametrize("topic", ["Technology assessment", "Systems engineering", "Software quality"])
def test_a_topic_in_sentence_case_is_no_company(topic):
    assert org_chain(topic, context_org=True) == []


@pytest.mark.parametrize("duty", ["Linux server administration (users, backups)", "High school mathematics tutoring"])
def test_a_duty_in_sentence_case_is_no_body_whatever_keyword_it_holds(duty):
    # a bullet under a position: "administration", "high school" in lower case inside a phrase name no institution
    assert org_chain(duty, context_org=True) == []
    assert [m.name for m in org_chain("Instituto tecnológico de Quillon", context_org=True)] == ["Instituto tecnológico de Quillon"]


@pytest.mark.parametrize("line, expected", [
    ("Marrowfield Summer School on Soil Physics, Tarnow University", ["Tarnow University"]),
    ("Winter School on Glacial Hydrology", []),
    ("École d'été de biologie des sols", []),
    ("Local Organising Committee, Quillon Workshop on Mosses", []),
    ("Member of the Outreach committee", []),
])
def test_a_summer_school_or_a_committee_is_no_organisation(line, expected):
    assert [m.name for m in org_chain(line, context_org=True)] == expected


@pytest.mark.parametrize("firm", ["Quillon Technologies", "Harrow Systems", "Fenwater Software"])
def test_a_firm_named_with_a_company_word_still_is_one(firm):
    assert [(m.name, m.type) for m in org_chain(firm, context_org=True)] == [(firm, "Company")]


def test_a_place_after_a_universitat_is_its_name_and_an_en_dash_joins_a_name():
    assert classify_segment("Ernst Moritz Universität Tarnow").name == "Ernst Moritz Universität Tarnow"
    assert [o.name for o in find_orgs_in_text("She holds a PhD from the University of Tarnow–Lindau (2020).")] \
        == ["University of Tarnow–Lindau"]


def test_a_graduate_school_after_a_university_is_its_unit():
    from kg.extract.prose import _cjk_orgs
    assert [o.name for o in _cjk_orgs("2019年10月 北浜大学 大学院工学研究科 講師")] == ["北浜大学", "大学院工学研究科"]


def test_units_written_beside_their_parent_are_part_of_it():
    # a university's institute named with the university's name; a CJK lab written before its university
    from extract_helpers import facts, run

    found = facts(run("units_beside_parent.md"))
    assert ("Quillon University Marine Institute", "partOf", "Quillon University") in found
    assert ("Tidewater Group", "partOf", "Quillon University Marine Institute") in found
    assert ("蓝港实验室", "partOf", "澄江大学") in found
    # "青岚大学，海洋数据实验室（OD Lab）": the bracketed Latin name is the lab's own, not a third organisation
    assert ("海洋数据实验室", "partOf", "青岚大学") in found
    assert not any(o == "OD Lab" for _, _, o in found)
    assert ("Spatial Data Centre", "partOf", "University of Brackenmoor") in found  # a unit in brackets
    # "at the University of X in the Y lab": a named lab inside the university the sentence names
    assert ("Okafor lab", "partOf", "University of Harrowgate") in found
    assert not any(p == "partOf" and s in ("Quillon University", "澄江大学") for s, p, _ in found)
    # an agency's chain, each unit with its acronym in brackets: "X Branch (XB) in the Division of Y (DY)"
    assert ("Records and Data Branch", "partOf", "Division of Coastal Informatics") in found
    assert ("Division of Coastal Informatics", "partOf", "Bureau for Coastal Safety") in found
    # "in the Department of X, of Y" / ", also at Y": a comma before the joiner
    assert ("Department of Marine Engineering", "partOf", "Politecnico di Valtorre") in found
    assert ("Department of Coastal Studies", "partOf", "University of Harrowgate") in found
    # a "University Library" is a university's unit, not a university
    assert ("University Library", "partOf", "Brackenmoor University") in found


@pytest.mark.parametrize("text", ["Centro Hospitalar Universitário de São Vicente", "Hospital Universitario de Valdeluna",
                                  "Centre Hospitalier Universitaire de Morlanne"])
def test_a_universitys_adjective_goes_on_the_name_before_it(text):
    assert [m.name for m in org_chain(text)] == [text]


@pytest.mark.parametrize("text, name", [
    ("Graduate School of Engineering, Tarnow University", "Graduate School of Engineering"),
    ("MSc in Hydrology, Graduate Institute of Ocean Studies, Rostburg University", "Graduate Institute of Ocean Studies"),
])
def test_a_level_of_study_that_opens_a_units_name_is_no_role_before_it(text, name):
    # "Graduate" is a role alone ("Graduate, Tarnow University"), not before "School" in the unit's own name
    assert name in [m.name for m in org_chain(text)]


@pytest.mark.parametrize("text, chain", [
    ("東邦理科大学理学研究科化学専攻", [("東邦理科大学理学研究科化学専攻", "Lab"), ("東邦理科大学", "University")]),
    ("西海大学理学部化学科", [("西海大学理学部化学科", "Lab"), ("西海大学", "University")]),
    ("カリフォルニア大学デービス校", [("カリフォルニア大学デービス校", "University")]),
])
def test_a_cjk_unit_written_joined_to_its_university_lies_inside_it(text, chain):
    assert [(m.name, m.type) for m in org_chain(text, context_org=True)] == chain


@pytest.mark.parametrize("text, name", [
    ("Wissenschaftliche Mitarbeiterin (Prof. Dr. A. Berg) an der Universität Kellbach", "Universität Kellbach"),
    ("Chargée de recherche (équipe B) à l'Université de Valbonne", "Université de Valbonne"),
    ("Ricercatrice (gruppo C) presso Università di Ossola", "Università di Ossola"),
])
def test_a_preposition_of_another_language_before_an_organisation_is_no_part_of_it(text, name):
    assert name in [m.name for m in org_chain(text, context_org=True)]


@pytest.mark.parametrize("fixture", ["bold_degree_then_school.tex", "bold_degree_then_school.md"])
def test_a_bold_degree_ends_before_the_school_written_after_it(fixture):
    # "\textbf{M.Sc. Biology} University of X": the bold phrase is the degree's field, the rest the school
    from extract_helpers import facts, run

    found = facts(run(fixture))
    assert ("Jorvik Tallmadge", "studiedAt", "University of Quillon") in found
    assert ("Jorvik Tallmadge", "studiedAt", "Autonomous University of Brandtvik") in found


def test_a_guessed_name_of_common_words_is_not_made_a_unit_of_the_employer_after_it():
    # "Lantern Data Atlas, X Institute": an unknown name of ordinary capitalised words opening the line is as
    # often a role or a topic as a unit; an acronym ("QMTP, University of X") is a unit's short name
    from extract_helpers import facts, run

    found = facts(run("guessed_name_before_employer.md"))
    assert ("Ilse Varnhagen", "workedAt", "Brandtvik Institute for Forest Research") in found
    assert not [f for f in found if f[1] == "partOf"]


@pytest.mark.parametrize("segment", ["Reed College", "Weed Institute"])
def test_a_short_name_ending_like_a_verb_form_is_an_organisation(segment):
    # "Reed" is no past tense: "Worked on ...", "Collaborating with ..." open prose, a college's name does not
    assert classify_segment(segment) is not None


def test_a_verb_form_opening_a_segment_is_prose():
    assert classify_segment("Collaborating with the Tarnow Institute") is None


def test_a_keyword_alone_before_its_lower_case_words_names_no_organisation(tmp_path):
    """French names go on in lower case ("Observatoire océanologique"): a sentence's capitalised phrase cut
    there leaves the keyword alone, which names nothing, so no unit is made part of it."""
    assert [o.name for o in find_orgs_in_text(
        "Maître de conférences à l'Université de Lorient et Observatoire océanologique (1996 - 2004)")] == ["Université de Lorient"]
    assert find_orgs_in_text("Conservateur au Museum depuis 2009") == []
    path = tmp_path / "cv.md"
    path.write_text("Expérience\n======\n* Maître de conférences hors classe à l'Université de Lorient et Observatoire "
                    "océanologique de Kerlann (1996 - 2004)\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert {e.name for e in ex.entities} >= {"Université de Lorient", "Observatoire océanologique de Kerlann"}
    assert "Observatoire" not in {e.name for e in ex.entities}
    assert not [r for r in ex.relations if r.predicate == "partOf"]


def test_a_cjk_unit_holds_units_unless_its_name_is_a_phrase_cut_wrong():
    from kg.extract.orgs import _CONTAINER
    assert _CONTAINER.search("大学院理学研究科") and _CONTAINER.search("化学学院")
    assert not _CONTAINER.search("现任职于南岭大学化学学院")  # "currently employed at ...": a verb inside


@pytest.mark.parametrize("segment, expected", [
    ("University of Maryland Boston", "University of Maryland Boston"),  # the campus of a university system
    ("Université du Québec à Port-Verde", "Université du Québec à Port-Verde"),
    ("Hochschule für Tanz und Bühnenkunst Wien", "Hochschule für Tanz und Bühnenkunst Wien"),  # a German name ends with its place
    ("Quillon University Boston", "Quillon University"),  # a place written after the name
    ("Universiteit van Boston Boston", "Universiteit van Boston"),  # the name's own place, written again
    ("Tarnow Trade Commission Boston", "Tarnow Trade Commission"),  # a commission, like an agency or a council
])
def test_a_place_after_a_system_or_a_german_name_is_the_names_own(segment, expected):
    assert classify_segment(segment, context_org=True).name == expected


def test_a_campus_after_a_systems_name_in_a_sentence_is_part_of_it():
    assert [o.name for o in find_orgs_in_text("Jo Vane, Lecturer, University of Massachusetts Boston")] \
        == ["University of Massachusetts Boston"]


def test_a_slash_parts_names_that_and_may_be_inside():
    from kg.extract.positions import joined_organisations

    assert joined_organisations("Institute for Tides and Currents of the Sea / Quillon University") \
        == ["Institute for Tides and Currents of the Sea", "Quillon University"]


@pytest.mark.parametrize("line, expected", [
    ("Stagiaire postdoctoral centre QRTM, Université de Port-Verde", ["Centre QRTM", "Université de Port-Verde"]),
    ("A Levels, Gymnasium Tarnow", ["Gymnasium Tarnow"]),  # "A" of a school-leaving degree, no article
    ("Studies of Geoscience at the University of Tarnow", ["University of Tarnow"]),
    ("Fachpraktikum, Quillon University of Technology", ["Quillon University of Technology"]),
])
def test_a_title_or_course_before_its_organisation_is_no_part_of_it(line, expected):
    assert [m.name for m in org_chain(line, context_org=True)] == expected


@pytest.mark.parametrize("line, expected", [
    ("Doctoral studies, TU Quillon and Fraunhofer QXM", [("TU Quillon", "University"), ("Fraunhofer QXM", "Company")]),
    ("Engineer, Harrow & Fenwick", [("Harrow & Fenwick", "Company")]),  # a firm named by two names is one
    ("Scheduling on CPUs, GPUs and FPGAs", []),  # things named in capitals, no organisation
])
def test_and_parts_two_organisations_only_when_each_names_one(line, expected):
    assert [(m.name, m.type) for m in org_chain(line)] == expected


@pytest.mark.parametrize("name", ["Tu Anh Nguyen", "Tu Minh Pham", "Haw Lee"])
def test_a_name_opening_like_a_german_schools_short_kind_is_a_person(name):
    # "TU"/"FH"/"HAW" + place names a university only in capitals: "Tu", "Haw" open Vietnamese and Chinese names
    assert classify_segment(name) is None and is_person_name(name)


def test_a_cjk_system_word_is_no_department():
    from kg.extract.prose import _cjk_orgs

    # "研究方向" (research interests): an evaluation system (体系); the solar and planetary systems (太陽系, 惑星系)
    assert org_chain("研究方向：青岚技术和评价体系") == []
    assert _cjk_orgs("太陽系には8個の惑星、太陽系外の惑星系がいつ") == []
    assert [o.name for o in _cjk_orgs("林晓东，现任南岭大学化学系教授。")] == ["南岭大学", "化学系"]


@pytest.mark.parametrize("sentence, expected", [
    ("Beca de Doctorado en la Universidad de Tarnow 5, para trabajo de campo.", ["Universidad de Tarnow 5"]),
    ("Beca de Doctorado en la Universidad de Quillon, para trabajo.", ["Universidad de Quillon"]),  # the article after "en"
    ("She studied at Quillon University 3 years ago.", ["Quillon University"]),  # a count, no university's number
])
def test_a_citys_numbered_university_keeps_its_number_and_loses_the_article_before_it(sentence, expected):
    assert [o.name for o in find_orgs_in_text(sentence)] == expected


def test_a_team_heading_and_a_statisticians_title_name_no_organisation():
    from kg.extract.orgs import is_role
    from kg.extract.sections import heading_kind

    assert heading_kind("Meet the Team") == "members"  # the heading over a page's members, no lab "Meet the Team"
    assert is_role("Statisticienne") and classify_segment("Statisticien", context_org=True) is None


@pytest.mark.parametrize("sentence", ["Los cursos se dictan en la Facultad.", "Elle a rejoint la Faculté en 2015."])
def test_a_faculty_word_alone_in_a_sentence_names_no_organisation(sentence):
    assert find_orgs_in_text(sentence) == []
