"""CV shapes the extractor was not written against (tests/data/cv_formats): LaTeX classes
(twentysecondcv, res.cls's format macros, limecv, simplehipstercv, moderncv casual, europecv's
labelled records, an article with its own macros, xeCJK), JSON Resume, RenderCV, al-folio and
Hugo Academic data, org-mode and reStructuredText in German, Japanese, Italian and Chinese, and
PDFs in five languages (tests/cv_format_pdfs.py), each graded against its gold file; then the
general causes fixed for them, one by one. Ten more CVs in CV classes and structured records make
what each field means the hard part; the classes' fields reach extraction as typed cells.

Measure the set by hand with::

    python tests/cv_format_pdfs.py /tmp/cv-pdfs
    python -m kg evaluate tests/data/cv_formats/gold tests/data/cv_formats /tmp/cv-pdfs --verbose
"""
from __future__ import annotations

from pathlib import Path

import pytest

from kg.evaluate import Report, evaluate
from kg.extract import extract
from kg.extract.dates import find_date_range
from kg.extract.publications import parse_citation
from kg.extract.sections import find_sections
from kg.ingest import load_document

from cv_format_pdfs import write_pdfs

FORMATS = Path(__file__).parent / "data" / "cv_formats"
#: Documents of the third round (issue 14) kept aside, unseen, while the extractor was fixed for the others:
#: what they score is the held-out figure (relation F1 0.489 -> 0.543 with the round-3 pages), so the floors
#: below leave them out rather than be lowered for them.
#: The project-heavy documents of issue 14's projects round were written the same way: three of the eight kept
#: aside (projects relation F1 0.33 -> 0.53 there).
HELD_OUT = {"cv_incarichi_it.md", "cva_fecyt_es.txt", "vancouver_cv.txt",
            "proyectos_es.txt", "xiangmu_zh.md", "projets_fr.org"}


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    pdfs = tmp_path_factory.mktemp("pdfs")
    write_pdfs(pdfs)
    return evaluate(FORMATS / "gold", [FORMATS, pdfs])


def test_every_document_of_the_set_is_graded(report):
    assert not report.missing
    assert len(report.documents) == len(list((FORMATS / "gold").glob("*.json"))) >= 20


def test_the_set_scores_above_its_floor(report):
    # before the fixes this set scored relation F1 0.719, macro 0.695, career 0.705, subject 18 of 21
    report = Report([d for d in report.documents if d.document not in HELD_OUT])
    assert report.subjects[0] == report.subjects[1]
    assert report.macro_relation_f1 >= 0.90
    assert report.career_f1 >= 0.88
    assert report.publication_f1 >= 0.95
    assert min(d.relation_counts().f1 for d in report.documents) >= 0.35


def triples(path: Path) -> set[tuple[str, str, str, str | None, str | None]]:
    """``(subject, predicate, object, start, end)`` of every relation extracted from ``path``."""
    ex = extract(load_document(path))
    return {(ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name, r.start, r.end)
            for r in ex.relations}


def lines(path: Path) -> list[str]:
    return [line.text for line in load_document(path).lines]


# -- author lists joined in other languages ------------------------------------------------------

@pytest.mark.parametrize("text, authors", [
    ("L. Arambarri Ochoa, P. Celaya y B. Urrutikoetxea. Root hydraulics of barley. Plant Letters, 2019.",
     ["L. Arambarri Ochoa", "P. Celaya", "B. Urrutikoetxea"]),
    ("H. Solvang, J. Mørkeberg und A. Keddersen. Copepods under sea ice. Marine Letters, 41:12–25.",
     ["H. Solvang", "J. Mørkeberg", "A. Keddersen"]),
    ("Lombardini, F. e Malvezzi, T. Bank lending in the euro area. Journal of Monetary Economics, 2018.",
     ["F. Lombardini", "T. Malvezzi"]),
    ("Marchetti-Dubois, S., Vercoutre, A. et Lindahl, K. Pollinator turnover. Ecology Letters, 2017.",
     ["S. Marchetti-Dubois", "A. Vercoutre", "K. Lindahl"]),
])
def test_author_lists_joined_by_and_in_other_languages(text, authors):
    assert parse_citation(text).authors == authors


def test_an_initial_e_is_no_joiner_and_et_al_still_ends_a_list():
    assert parse_citation("Okafor NC, Tanaka H, Lindqvist E. Stress in yeast. Cell Rep. 2020;31(5):107601.").authors \
        == ["Okafor NC", "Tanaka H", "Lindqvist E"]
    citation = parse_citation("K. Watanabe et al. Deep sea vents. Nature, 2020.")
    assert citation.authors == ["K. Watanabe"] and citation.et_al


# -- LaTeX classes -------------------------------------------------------------------------------

def test_twentysecondcv_items_and_name():
    doc = load_document(FORMATS / "twentysecondcv_de.tex")
    assert doc.metadata["name"] == "Henrike Solvang"
    assert "Postdoktorandin | Alfred-Wegener-Institut, Bremerhaven | seit 2021" in lines(FORMATS / "twentysecondcv_de.tex")
    assert ("Henrike Solvang", "workedAt", "Alfred-Wegener-Institut", "2021", "present") \
        in triples(FORMATS / "twentysecondcv_de.tex")


def test_res_cls_part_macros_make_one_entry():
    assert "Ph.D. in Atmospheric Physics | University of Colorado Boulder | Boulder, CO | 2008 – 2013" \
        in lines(FORMATS / "res_format_en.tex")
    found = triples(FORMATS / "res_format_en.tex")
    assert ("Tobias Renwick", "studiedAt", "University of Colorado Boulder", "2008", "2013") in found
    assert ("Tobias Renwick", "workedAt", "National Center for Atmospheric Research", "2013", "2019") in found


def test_an_entry_macro_with_its_dates_first_is_read_by_what_its_arguments_hold():
    # simplehipstercv's \cvevent{dates}{role}{org}{place}, where altacv's is {role}{org}{dates}{place}
    assert "Group Leader | Wellcome Sanger Institute | Hinxton, UK | 2020 – present" in lines(FORMATS / "simplehipster_en.tex")
    assert ("Adaeze Okonkwo", "workedAt", "Wellcome Sanger Institute", "2020", "present") \
        in triples(FORMATS / "simplehipster_en.tex")


def test_limecv_entries_and_name():
    found = triples(FORMATS / "limecv_es.tex")
    assert ("Lucía Arambarri Ochoa", "studiedAt", "Universidad Politécnica de Madrid", "2012", "2017") in found
    assert ("Lucía Arambarri Ochoa", "advisedBy", "Begoña Urrutikoetxea", None, None) in found


def test_a_macro_the_document_defines_keeps_its_own_meaning():
    # \position and \degree are the document's own: not the header macro, not the degree sign
    text = lines(FORMATS / "article_macros_en.tex")
    assert "Assistant Professor | Department of Statistics, University of Warwick | 2020 | present" in text
    assert "DPhil in Statistics | University of Oxford | 2014–2018 | Supervisor: Prof. Edmund Halloway-Price" in text
    found = triples(FORMATS / "article_macros_en.tex")
    assert ("Priyamvada Rathore", "workedAt", "Alan Turing Institute", "2018", "2020") in found
    assert ("Priyamvada Rathore", "advisedBy", "Edmund Halloway-Price", None, None) in found


def test_dates_written_across_two_cells():
    assert find_date_range("Research Fellow | Alan Turing Institute | 2018 | 2020")[:2] == ("2018", "2020")


def test_europass_labelled_records():
    found = triples(FORMATS / "europecv_pt.tex")
    assert ("Mariana Quintela Bastos", "workedAt", "COBA Consultores de Engenharia e Ambiente", "2017", "2020") in found
    assert ("Mariana Quintela Bastos", "workedAt", "Laboratório Nacional de Engenharia Civil", "2020", "present") in found
    assert ("Mariana Quintela Bastos", "advisedBy", "Rui Mascarenhas Leal", None, None) in found


# -- reStructuredText, PDF ------------------------------------------------------------------------

def test_rst_initial_read_as_an_enumerator_is_kept():
    assert "- G. Ferraresi, L. Castiglioni. Soft grippers inspired by octopus suckers. Soft Robotics, 2017." \
        in lines(FORMATS / "cv_it.rst")


def test_refereed_articles_heading_in_a_pdf(tmp_path):
    path = next(p for p in write_pdfs(tmp_path) if p.name == "cv_en_hyphenated.pdf")
    doc = load_document(path)
    assert [s.kind for s in find_sections(doc) if s.heading == "Refereed Articles"] == ["publications"]
    assert ("Callum Fairweather-Osei", "authored", "Grid cell remapping in novel environments", None, None) \
        in triples(path)


def test_a_layout_word_before_the_name_on_a_header_line():
    ex = extract(load_document(FORMATS / "simplehipster_en.tex"))
    assert ex.entity(ex.subject).name == "Adaeze Okonkwo"


# -- a subject named in one script, their papers in another --------------------------------------

@pytest.mark.parametrize("name, subject, romanised, coauthor", [
    ("cv_zh.rst", "林嘉怡", "Jiayi Lin", "Hao Feng"),
    ("rirekisho_ja.org", "高橋 美咲", "Misaki Takahashi", "Kenta Mori"),
    ("xecjk_cv_zh.tex", "宋雨桐", "Yutong Song", "Wei Qiao"),  # two authors in both papers: the bold one
])
def test_the_author_of_every_paper_is_the_subject_named_in_another_script(name, subject, romanised, coauthor):
    ex = extract(load_document(FORMATS / name))
    owner = ex.entity(ex.subject)
    assert owner.name == subject and romanised in owner.aliases
    assert (subject, "coauthored", coauthor, None, None) in triples(FORMATS / name)
    assert not [e for e in ex.entities if e.name == romanised]


# -- organisation names and prose -----------------------------------------------------------------

def test_an_institution_field_with_and_in_its_name_is_one_institution():
    found = triples(FORMATS / "hugo_academic_author.md")
    assert ("Kwame Asante-Darko", "studiedAt", "Kwame Nkrumah University of Science and Technology", None, "2011") \
        in found
    assert not [t for t in found if t[2] == "Technology"]


def test_a_survey_in_prose_and_a_career_stage_after_a_comma():
    found = triples(FORMATS / "hugo_academic_author.md")
    assert ("Kwame Asante-Darko", "workedAt", "British Geological Survey", "2016", "2018") in found
    assert ("Kwame Asante-Darko", "advisedBy", "Helen Strathmore", None, None) in found  # the PhD's, not the postdoc's


@pytest.mark.parametrize("text, names", [
    ("Universitätsprofessor, Institut für Materialphysik, Technische Universität Graz",
     ["Institut für Materialphysik", "Technische Universität Graz"]),
    ("Technical University Munich", ["Technical University Munich"]),
    ("Technische Universität Bremen", ["Technische Universität Bremen"]),
])
def test_a_place_after_a_name_that_only_says_its_kind_is_its_own(text, names):
    from kg.extract.orgs import org_chain

    assert [m.name for m in org_chain(text, context_org=True)] == names


def test_a_job_title_is_no_project():
    assert not [t for t in triples(FORMATS / "res_format_en.tex") if t[1] == "contributedTo"]


def test_an_accented_initial_and_a_description_list_of_roles():
    # org-mode "- Investigadora postdoctoral :: Instituto ..., 2017--2021": the term is the role, not a label
    found = triples(FORMATS / "cv_es.org")
    assert ("Nerea Goikoetxea Larrañaga", "workedAt", "Instituto de Ciencias del Mar", "2017", "2021") in found
    assert ("Nerea Goikoetxea Larrañaga", "advisedBy", "Pilar Cuadrado", None, None) in found  # "Directores: ..."
    assert parse_citation("É. Marchand and P. Cuadrado. Seagrass carbon burial. Ecology, 2016.").authors \
        == ["É. Marchand", "P. Cuadrado"]


@pytest.mark.parametrize("text, role", [
    ("Catedrático de Universidad", True), ("Profesor Titular de Universidad", True),
    ("Lecturer in the School", False), ("Professor, University College", False),
])
def test_a_rank_named_with_a_bare_kind_of_organisation_is_a_role(text, role):
    from kg.extract.orgs import is_role

    assert is_role(text) is role


def test_a_description_with_an_indefinite_article_names_no_organisation():
    found = triples(FORMATS / "awesome_cv_de.tex")
    assert not [t for t in found if "Arbeitsgruppe" in t[2]]
    assert ("Leonie Brückner-Haas", "workedAt", "Max-Planck-Institut für Hirnforschung", "2021", "present") in found


# -- typed cells: a CV class's fields read by their declared meaning -------------------------------

def test_a_class_entry_line_carries_its_fields_and_its_description_is_typed():
    from kg.model import Cell

    doc = load_document(FORMATS / "moderncv_classic_en.tex")
    entry = next(line for line in doc.lines if line.text.startswith("Pantry driver"))
    assert entry.cells == (Cell("role", "Pantry driver (volunteer)"), Cell("org", "Harbourside Food Bank"),
                           Cell("place", "Dunmore"), Cell("dates", "2016–2019"))
    described = next(line for line in doc.lines if line.text.startswith("Flood forecasting"))
    assert described.cells == (Cell("description", "Flood forecasting for the lower basin."),)
    # res.cls: the body of an rSubsection environment is the entry's description too
    body = next(line for line in load_document(FORMATS / "res_rsubsection_en.tex").lines if "heart-failure" in line.text)
    assert [cell.meaning for cell in body.cells] == ["description"]
    assert all(not line.cells for line in doc.lines if line.text.startswith("#"))


@pytest.mark.parametrize("name, fact, not_an_organisation", [
    # a role that reads like a name stays a role, whatever the words
    ("moderncv_classic_en.tex", ("Odalys Frennick-Harrow", "workedAt", "Harbourside Food Bank", "2016", "2019"), "Pantry"),
    ("moderncv_banking_de.tex", ("Jorinde Westerkamp", "workedAt", "Lindqvist Mobilitätssysteme GmbH", "2020", "present"),
     "Softwarearchitektin"),
    ("europasscv_es.tex", ("Ainhoa Berrocal Quintana", "workedAt", "Red de Varamientos Costeros de Tamarindo", "2012", "2014"),
     "Voluntaria"),
    ("awesome_cv_fr.tex", ("Maëlle Ravenstein-Dufour", "workedAt", "Association Sciences en Partage", "2015", "2018"),
     "Bénévole"),
    # the description under an entry is what it involved, not an employer
    ("res_rsubsection_en.tex", ("Priyamvada Ellingsworth", "workedAt", "St. Aldhelm Hospice", "2010", "2013"),
     "Leads the heart-failure clinic"),
])
def test_a_field_declared_a_role_or_description_never_becomes_an_organisation(name, fact, not_an_organisation):
    found = triples(FORMATS / name)
    assert fact in found
    assert not [t for t in found if not_an_organisation in t[2]]


def test_a_degree_in_the_role_field_and_a_school_in_the_place_field():
    found = triples(FORMATS / "moderncv_banking_de.tex")
    assert ("Jorinde Westerkamp", "studiedAt", "Universität Kaltenbrunn", "2016", "2020") in found
    # "\cventry{2010--2016}{Diplom}{Informatik}{Technische Hochschule Wendelstein}": the school, and the field
    ex = extract(load_document(FORMATS / "moderncv_banking_de.tex"))
    school = next(r for r in ex.relations if ex.entity(r.object).name == "Technische Hochschule Wendelstein")
    assert (school.predicate, school.degree, school.field) == ("studiedAt", "MS", "Informatik")  # the normalised degree
    assert not [r for r in ex.relations if ex.entity(r.object).name == "Informatik"]


def test_typed_entries_read_units_joined_organisations_and_places():
    from kg.extract.positions import typed_entries

    unit, = typed_entries(3, {"role": "Research Intern", "org": "Pharmacology Unit, Veltmann Hospital", "dates": "2016",
                               "place": "Zurich"})
    assert [(m.name, m.type) for m in unit.chain] == [("Pharmacology Unit", "Lab"), ("Veltmann Hospital", "Institute")]
    assert (unit.role, unit.end, unit.place) == ("Research Intern", "2016", "Zurich")
    joined = typed_entries(3, {"role": "PhD", "org": "Aarhus University and KU Leuven", "dates": "2020 -- 2023"})
    assert [[m.name for m in e.chain] for e in joined] == [["Aarhus University"], ["KU Leuven"]]
    assert {(e.degree, e.role) for e in joined} == {("PhD", None)}
    titled, = typed_entries(3, {"role": "Data Engineer, Water Quality Team", "org": "Quillfeather Analytics"})
    assert titled.role == "Data Engineer" and [[m.name for m in g] for g in titled.units] == [["Water Quality Team"]]
    # one unknown word, with no job title or degree, is as likely a town as an employer
    assert typed_entries(3, {"role": "Gap year", "org": "Tewksbridge", "dates": "2014 -- 2015"}) == []
    assert [e.chain[0].name for e in typed_entries(3, {"role": "Engineer", "org": "Brightwick"})] == ["Brightwick"]


def test_a_class_entry_place_becomes_the_relation_location():
    ex = extract(load_document(FORMATS / "altacv_en.tex"))
    job = next(r for r in ex.relations if ex.entity(r.object).name == "Orchid Genomics")
    assert (job.role, job.start, job.end, job.location) == ("Staff Scientist", "2020-01", "present", "Basel")
