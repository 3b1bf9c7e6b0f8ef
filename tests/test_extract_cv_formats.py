"""CV shapes the extractor was not written against (tests/data/cv_formats): LaTeX classes
(twentysecondcv, res.cls's format macros, limecv, simplehipstercv, moderncv casual, europecv's
labelled records, an article with its own macros, xeCJK), JSON Resume, RenderCV, al-folio and
Hugo Academic data, org-mode and reStructuredText in German, Japanese, Italian and Chinese, and
PDFs in five languages (tests/cv_format_pdfs.py), each graded against its gold file; then the
general causes fixed for them, one by one. Ten more CVs in CV classes and structured records make
what each field means the hard part; the classes' fields reach extraction as typed cells. Fourteen of
the LaTeX CVs are also kept as the PDFs pdfLaTeX/XeLaTeX print from them unchanged (FILE.tex ->
FILE.pdf, graded against a copy of FILE.tex's gold): OT1 accents drawn as glyphs of their own, word
gaps that are only TJ offsets, icon fonts, label and date columns; seven of them are held out. Twelve more
are CVs and pages as LibreOffice Writer and Chromium print them (tests/office_pdfs.py): a Word-style table
CV, tab stops, Europass tables, running headers with page numbers, Symbol/Wingdings bullets, a text frame and
newspaper columns, a homepage with a sidebar, a lab's people page, a grid of member cards, a Japanese table CV,
CSS columns; five of them are held out.

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
#: The fourth round kept six of its 18 aside (relation F1 0.824 -> 0.832 on the changes made without them).
#: The fifth round (Korean, Russian, Polish, Dutch, Turkish, Greek, Czech, Vietnamese, Indonesian, Arabic, Hebrew,
#: Hindi; biblatex, FRESH YAML, Word HTML, a two-column PDF) kept six of its 14 aside, drawn at random before any
#: change: held-out macro relation F1 0.159 -> 0.159 (the languages' words are data they lack), the other eight
#: 0.137 -> 0.970. Its Russian, Czech, Vietnamese and Greek CVs, measured since, came back once those languages'
#: words became data rows (relation F1 0 / 0.211 / 0 / 0.455 -> 0.783 / 1 / 0.966 / 1). Its biblatex CV and FRESH
#: résumé came back once a LaTeX CV's .bib files were read and FRESH's keys mapped onto JSON Resume's
#: (relation F1 0.545 / 0.200 -> 1 / 1).
#: The seventh round (a researchmap page, a 个人简介, a Lattes CV, a CNRS page, a Lehrstuhl team, a physician's
#: Lebenslauf, a formato europeo CV, a grupo de investigación, a humanities CV, europasscv in French, an rST lab page,
#: a clinical PDF) kept five of its 12 aside, chosen before any change: held-out macro relation F1 0.826 -> 0.826
#: (relation F1 0.863 -> 0.863: none of the fixes carried over), the other seven 0.577 -> 0.895. The five, measured
#: since, came back to 0.901 once their languages' words became data rows (German plural "Doktoranden", "dirigida
#: por el Dr.", Spanish "Libros", researchmap's funding heading).
#: parcours_sigles_fr.md (a French CV's lab acronyms after "au"/"à l'", a German "Professur für X" entry, a learned
#: societies section, a referee line, a two-clause sentence) was written after the real-document round it carries
#: the habits of: relation F1 0.353 before those fixes, 1.0 after.
#: The LaTeX CVs printed to PDF by pdfLaTeX/XeLaTeX: seven of 20 held out by class before any change to the
#: PDF reader: held-out macro relation F1 0.144 -> 0.430 (career 0.121 -> 0.423), the other 13 0.479 -> 0.668;
#: seven of the 13 are kept here, the rest were too big or score below the set's floor.
HELD_OUT = {"cv_incarichi_it.md", "cva_fecyt_es.txt", "vancouver_cv.txt",
            "proyectos_es.txt", "xiangmu_zh.md", "projets_fr.org",
            "cv_habilitacoes_pt.md", "jiaoshi_zhuye_zh.html", "altacv_paracol_fr.tex", "cv_tablas_es.rst",
            "grupo_investigacion_es.html", "cv_chicago_author_date.md",
            "researchmap_keireki_ja.html", "lattes_formacao_pt.txt", "lehrstuhl_team_de.html", "europasscv_fr.tex",
            "cv_humanidades_es.txt",
            # LaTeX CVs of the set printed by pdfLaTeX/XeLaTeX, held out by class
            "moderncv_fancy_pl.pdf", "moderncv_banking_nl.pdf", "altacv_paracol_fr.pdf", "awesome_cv_fr.pdf",
            "europasscv_es.pdf", "twentysecondcv_de.pdf", "europecv_pt.pdf",
            # CVs and pages printed by LibreOffice Writer and Chromium (tests/office_pdfs.py), five of 12 held out
            # before any change to the PDF reader: held-out macro relation F1 0.275 -> 0.559 (career 0.371 -> 0.605,
            # measured once, at the end), the other seven 0.665 -> 0.856 (career 0.781 -> 0.841)
            "cv_table_footer_en.pdf", "europass_simbolos_pt.pdf", "equipe_cartes_fr.pdf", "rirekisho_insatsu_ja.pdf",
            "cv_columnas_es.pdf"}


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


@pytest.mark.parametrize("text, authors, title, venue, year", [
    ("2018: Brandauer, Lea und Wettersberg, Jonas: Leader Election with Faulty Clocks, AAAI 2018",
     ["Lea Brandauer", "Jonas Wettersberg"], "Leader Election with Faulty Clocks", "AAAI", "2018"),
    ("Wettersberg, Jonas; Brandauer, Lea und Solmsdorf, Henrike: Gossip Protocols for Sparse Networks, DISC 2019, "
     "Auszeichnung Best Paper", ["Jonas Wettersberg", "Lea Brandauer", "Henrike Solmsdorf"],
     "Gossip Protocols for Sparse Networks", "DISC", "2019"),
    # initials before the colon are left to the parser; a title's own colon is no author list's end
    ("Brunner, S.; Keller, M.: Asymmetric C–H amination. Angewandte Chemie 59, 2020.", ["S. Brunner", "M. Keller"],
     "Asymmetric C–H amination", "Angewandte Chemie International Edition", "2020"),
    ("Ease and Toil: Analyzing Sudoku, with Seth Chadwick and Rachel Krieg.", ["Seth Chadwick", "Rachel Krieg"],
     "Ease and Toil: Analyzing Sudoku", None, None),
])
def test_the_full_names_before_a_colon_are_the_author_list(text, authors, title, venue, year):
    c = parse_citation(text)
    assert (c.authors, c.title, c.venue, c.year) == (authors, title, venue, year)


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



def test_yaac_experience_joins_its_end_and_start_arguments():
    # yaac's \experience{end}{role}{org}{place}{start}{details}{tags} writes the dates as two arguments
    assert "Ingénieure d'études | Institut Garonne de Recherche Agronomique | Unité Sols Vivants | Toulouse " \
           "| Mars 2020 – Aujourd'hui" in lines(FORMATS / "yaac_fr.tex")
    found = triples(FORMATS / "yaac_fr.tex")
    assert ("Margaux Vidalenc", "workedAt", "Institut Garonne de Recherche Agronomique", "2020-03", "present") in found
    assert ("Margaux Vidalenc", "studiedAt", "Université de Montauban", None, "2017") in found


def test_a_class_entry_with_its_employer_and_job_written_the_other_way_round():
    # twentysecondcv's \twentyitem{dates}{Employer}{Job}{} beside {dates}{Degree}{School}{}: the job is no employer
    found = triples(FORMATS / "twentysecondcv_fields_en.tex")
    assert ("Oskari Venhola", "workedAt", "Saaristo Cancer Centre", "2019", "present") in found
    assert ("Oskari Venhola", "workedAt", "Lakeland Institute of Genomics", "2012", "2012") in found
    assert ("Oskari Venhola", "studiedAt", "University of Kuopiola", "2014", "2019") in found
    assert not {t for t in found if t[2] in ("Post-doc", "Summer intern")}


def test_a_europass_title_that_names_the_degree_and_the_school():
    # \ecvtitle{dates}{Ph.D.: Field, School, University, City}: the title field holds the whole entry
    found = triples(FORMATS / "europasscv_titles_en.tex")
    assert ("Liang Haoyu", "studiedAt", "Qinghe University", "2014-09", "2019-07") in found
    assert ("School of Physics", "partOf", "Qinghe University", None, None) in found
    # "Lab A, School X and Lab B, University Y": two employers, each with its parent
    assert {("Laboratoire Arago", "partOf", "École Centrale de Brest", None, None),
            ("LPMO", "partOf", "Université de Rennes", None, None)} <= found
    assert ("Liang Haoyu", "advisedBy", "Bai Ruolan", None, None) in found

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


def test_word_processor_pdfs_europass_table_and_tab_stops():
    found = triples(FORMATS / "europass_tabla_es.pdf")
    assert ("Inés Valcárcel Otaegui", "workedAt", "Universidad de Vigo", "2016-09", "2019-12") in found
    assert ("J. Ferrándiz", "authored", "Microplásticos en el zooplancton del Mediterráneo occidental", None, None) in found
    found = triples(FORMATS / "cv_tabulations_fr.pdf")  # Symbol-font bullets under tab-stop entries
    assert ("Bertille Vaucanson", "advisedBy", "Hélène Castagnéry", None, None) in found
    assert ("T. Mabille", "authored", "Ébullition en canal étroit sous flux non uniforme", None, None) in found


def test_word_processor_pdf_with_newspaper_columns_and_a_text_frame():
    found = triples(FORMATS / "cv_frames_en.pdf")
    assert ("Declan Marchbanks", "authored", "Scour beneath floating offshore wind moorings", None, None) in found
    assert ("Declan Marchbanks", "workedAt", "Offshore Renewable Energy Centre", "2018", "2020") in found


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


def test_hugoblox_author_page_work_and_education_records_with_their_dates():
    found = triples(FORMATS / "hugoblox_author.md")
    assert ("Maelle Okonkwo-Brandt", "workedAt", "Fennwick Seeds", "2022-07", "2023-08") in found
    assert ("Maelle Okonkwo-Brandt", "studiedAt", "Univerzita Jarnice", "2018-09", "2022-06") in found


def test_a_lab_data_file_gives_each_member_their_facts_and_the_principal_investigator_is_the_subject():
    ex = extract(load_document(FORMATS / "lab_people.yml"))
    assert ex.entity(ex.subject).name == "Ruth Adeyemi-Sorel"
    found = triples(FORMATS / "lab_people.yml")
    assert ("Piet Vandermolen", "workedAt", "Caldera State College", None, "present") in found  # "former": an alumnus
    assert not [t for t in found if " at " in t[2]]  # "Professor of Geophysics at X College": X College, not the field
    assert ("Lucía Ferreyra", "advisedBy", "Ruth Adeyemi-Sorel", None, None) in found
    # the group named after its leader with its topic between; the university a member studied at is not its parent
    assert ("Ruth Adeyemi-Sorel", "workedAt", "Adeyemi-Sorel Hydrology Group", None, "present") in found
    assert not [t for t in found if t[1] == "partOf"]


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


def test_the_first_month_of_a_month_range_is_no_employer(tmp_path):
    path = tmp_path / "cv.txt"
    path.write_text("Ilse Varnholt\n\nExperience\nMay-June 2019 Research Intern, Bank of Rostburg, Lindenau\n"
                    "Avril-Juin 2018 Stage de recherche, Banque de Valdemora, Lindenau\n", encoding="utf-8")
    found = triples(path)
    assert ("Ilse Varnholt", "workedAt", "Bank of Rostburg", "2019-05", "2019-06") in found
    assert ("Ilse Varnholt", "workedAt", "Banque de Valdemora", "2018-04", "2018-06") in found
    assert not [t for t in found if t[2] in ("May", "Avril")]


def test_a_peer_mentor_and_a_grader_are_roles_not_employers(tmp_path):
    path = tmp_path / "cv.txt"
    path.write_text("Ilse Varnholt\n\nExperience\nPeer Mentor and Grader Sep 2019 – May 2020 University of Lindenau\n"
                    "- Graded assignments for the algorithms course\n", encoding="utf-8")
    found = triples(path)
    assert ("Ilse Varnholt", "workedAt", "University of Lindenau", "2019-09", "2020-05") in found
    assert not [t for t in found if "Mentor" in t[2]]


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
    # the "&" of a unit's list of fields joins no two organisations
    series, = typed_entries(3, {"role": "Lecturer", "org": "Department of Sea, Ice & Sky, Veltmann University, Quillon"})
    assert [m.name for m in series.chain] == ["Department of Sea, Ice & Sky", "Veltmann University"]
    titled, = typed_entries(3, {"role": "Data Engineer, Water Quality Team", "org": "Quillfeather Analytics"})
    assert titled.role == "Data Engineer" and [[m.name for m in g] for g in titled.units] == [["Water Quality Team"]]
    # one unknown word, with no job title or degree, is as likely a town as an employer
    assert typed_entries(3, {"role": "Gap year", "org": "Tewksbridge", "dates": "2014 -- 2015"}) == []
    assert [e.chain[0].name for e in typed_entries(3, {"role": "Engineer", "org": "Brightwick"})] == ["Brightwick"]


def test_a_class_entry_place_becomes_the_relation_location():
    ex = extract(load_document(FORMATS / "altacv_en.tex"))
    job = next(r for r in ex.relations if ex.entity(r.object).name == "Orchid Genomics")
    assert (job.role, job.start, job.end, job.location) == ("Staff Scientist", "2020-01", "present", "Basel")


# -- round 4 (issue 14): the general causes the fourth round of invented documents showed ----------

def test_a_class_field_written_with_cjk_commas_is_read_like_a_line():
    # resume-zh's \datedsubsection{\textbf{大学}，学院，博士，专业}{dates}: the field holds the school, its unit and the degree
    found = triples(FORMATS / "resume_zh_datedsubsection.tex")
    assert ("倪嘉禾", "studiedAt", "中国科学院大学", "2016", "2021") in found
    assert ("倪嘉禾", "workedAt", "阿里巴巴集团", "2021-07", "present") in found


def test_a_name_field_in_lower_case_names_the_subject():
    # friggeri-cv's sample writes \header{first}{last}{title} in lower case: a style, not a name's spelling
    ex = extract(load_document(FORMATS / "friggeri_aside_en.tex"))
    assert ex.entity(ex.subject).name == "Rohan Vasudevan-Price"
    assert ("Rohan Vasudevan-Price", "coauthored", "Imogen Treharne", None, None) in triples(FORMATS / "friggeri_aside_en.tex")


def test_a_role_and_its_dates_above_the_employer_belong_to_the_employer_below():
    # res.cls's sample: "{\sl Title} \hfill dates \\ Employer, Town, ST", one entry after another
    found = triples(FORMATS / "res_classic_sl.tex")
    assert ("Marisol Achterberg-Voss", "workedAt", "School of Earth Sciences", "2020", "present") in found
    assert ("Marisol Achterberg-Voss", "workedAt", "Woods Hole Oceanographic Institution", "2016", "2020") in found
    assert ("Marisol Achterberg-Voss", "workedAt", "ExxonMobil Upstream Research Company", "2010", "2010") in found
    assert not [t for t in found if t[2] == "University Park"]


@pytest.mark.parametrize("text, names", [
    ("Pennsylvania State University, University Park, PA", ["Pennsylvania State University"]),
    ("Texas A&M University, College Station, TX", ["Texas A&M University"]),
    ("Department of Physics, Foo University, NY", ["Department of Physics", "Foo University"]),  # another kind: kept
    ("Dal 2021 Ricercatrice, Università di Pisa", ["Università di Pisa"]),  # the word that opens the range
    ("Entre 2015 e 2019 foi investigadora no EMBL", ["EMBL"]),
    ("Ricercatrice (RTD-B), Università di Pisa", ["Università di Pisa"]),  # the role's short form
    ("Dipartimento di Scienze Agrarie, Alimentari e Ambientali, Università di Perugia",
     ["Dipartimento di Scienze Agrarie, Alimentari e Ambientali", "Università di Perugia"]),
    ("Departamento de Física, Química y Geología, Universidad de Tarazona",
     ["Departamento de Física, Química y Geología", "Universidad de Tarazona"]),
    ("Institut Marin, Université Rostburg VI", ["Institut Marin", "Université Rostburg VI"]),  # a numeral, no US state
])
def test_organisations_of_a_line_written_in_other_conventions(text, names):
    from kg.extract.orgs import org_chain

    assert [m.name for m in org_chain(text)] == names


@pytest.mark.parametrize("heading, kind", [
    ("Artigos completos publicados em periódicos", "publications"), ("Produções", "publications"),
    ("Pós-doutorado", "experience"), ("Ausgewählte Publikationen", "publications"),
    ("Pubblicazioni selezionate", "publications"), ("POSIZIONE ATTUALE", "experience"),
    ("Current Position", "experience"), ("Progetti", "projects"),
    ("Werkervaring", "experience"), ("Wykształcenie", "education"), ("Yayınlar", "publications"),
    ("Pengalaman Kerja", "experience"), ("경력 사항", "experience"), ("השכלה", "education"),
    ("المنشورات", "publications"), ("प्रकाशन", "publications"), ("Öğretim Deneyimi", "teaching"),
    ("Poste Actuel", "experience"), ("Séjours de Recherche", "experience"), ("Expériences d’Enseignement", "teaching"),
    ("Expériences d'enseignement", "teaching"), ("Responsabilités Académiques", "service"), ("Présentations", "talks"),
    ("Documents de Travail", "publications"), ("Autres Expériences Professionnelles", "experience"),
    ("Publications dans des Revues à Comité de Lecture", "publications"),
])
def test_section_headings_of_lattes_and_other_languages(heading, kind):
    from kg.extract.sections import exact_kind

    assert exact_kind(heading) == kind  # whole: a line of a PDF or plain text is a heading by it


def test_a_lattes_cv_reads_its_postdoc_and_publications():
    found = triples(FORMATS / "curriculo_lattes_orientacoes_pt.txt")
    assert ("Priscila Andrade Montenegro", "workedAt", "Empresa Brasileira de Pesquisa Agropecuária", "2010", "2012") in found
    assert ("Priscila Andrade Montenegro", "authored", "Kinetics of xylose fermentation in membrane reactors", None, None) \
        in found
    assert not [t for t in found if "Pós" in t[2]]  # "Pós-Doutorado." is the role


def test_a_long_entry_that_opens_with_since_and_its_date():
    # "Da novembre 2022: Ricercatrice a tempo determinato di tipo B (RTD-B), Dipartimento ..., Università ...": 22 words
    found = triples(FORMATS / "cv_posizione_attuale_it.txt")
    assert ("Chiara Bellomonte Rinaldi", "workedAt", "Dipartimento di Scienze Agrarie, Alimentari e Ambientali",
            "2022-11", "present") in found
    assert not [t for t in found if t[2] in ("Da", "RTD-B")]


def test_a_german_group_page_names_its_ag_and_its_leader():
    from kg.extract.orgs import classify_segment

    assert classify_segment("AG Quantenoptik").type == "Lab"
    assert classify_segment("Siemens AG").type == "Company"
    ex = extract(load_document(FORMATS / "ag_team_alumni_de.html"))
    assert ex.entity(ex.subject).name == "Friederike Adomeit-Stahl"  # under "Gruppenleitung"
    assert ("Mareike Tjarks", "advisedBy", "Friederike Adomeit-Stahl", None, None) in triples(FORMATS / "ag_team_alumni_de.html")


def test_a_bold_title_line_does_not_run_into_the_paragraph_under_it():
    found = triples(FORMATS / "faculty_bio_industry_en.md")
    assert ("Gwendolyn Ashdown-Mbeki", "workedAt", "Department of Chemical and Biomolecular Engineering", None, "present") \
        in found
    assert not [t for t in found if "Gwendolyn" in t[2]]


def test_a_german_citation_under_a_selected_publications_heading_in_a_pdf(tmp_path):
    path = next(p for p in write_pdfs(tmp_path) if p.name == "cv_de_date_column.pdf")
    found = triples(path)
    assert ("Ansgar Wiedemeyer-Kolb", "authored", "Directed evolution of a thermostable transaminase", None, None) in found
    assert ("Ansgar Wiedemeyer-Kolb", "workedAt", "Evonik Operations GmbH", "2015-01", "2019-06") in found


def test_an_acronym_in_brackets_is_the_organisation_before_it():
    from kg.extract.orgs import org_chain

    assert [m.written for m in org_chain("Karlsruher Institut für Technologie (KIT)")] == ["Karlsruher Institut für Technologie"]
    assert not [t for t in triples(FORMATS / "europasscv_de.tex") if t[1] == "partOf" and "Karlsruhe" in t[2]]
    assert ("小野寺 遥香", "workedAt", "Japan Society for the Promotion of Science", "2014-04", "2014-04") \
        in triples(FORMATS / "kenkyusha_wareki_ja.html")  # 日本学術振興会, JSPS's own name


def test_a_job_title_at_a_firm_named_like_a_person_in_a_bio():
    # "she was Director of Process Development at Cobaltine Materials": a firm of a trade, after a job title and "at"
    assert ("Gwendolyn Ashdown-Mbeki", "workedAt", "Cobaltine Materials", "2017", "2021") \
        in triples(FORMATS / "faculty_bio_industry_en.md")


def test_working_with_a_titled_professor_during_a_degree_is_being_advised():
    # "... her Ph.D. from X in 2006, where she worked with Professor L. F.": "Professor" is his title, not her job
    assert ("Gwendolyn Ashdown-Mbeki", "advisedBy", "Leopold Farquharson", None, None) \
        in triples(FORMATS / "faculty_bio_industry_en.md")


def test_a_sandwich_doctorate_abroad_is_a_visit_as_a_student():
    # Lattes: "com período sanduíche em <university> (Orientador: X)" under the doctorate
    assert ("Priscila Andrade Montenegro", "studiedAt", "Technische Universität Dortmund", None, None) \
        in triples(FORMATS / "curriculo_lattes_orientacoes_pt.txt")
    from kg.extract.orgs import org_chain

    assert [m.name for m in org_chain("Doutorado em Engenharia Química")] == []  # "em" before a field names no school


@pytest.mark.parametrize("line, org, role", [
    ("2017 | Forschungsaufenthalt an der University of Oxford", "University of Oxford", "Forschungsaufenthalt"),
    ("2017: Estancia de investigación en la University of Oxford (3 meses)", "University of Oxford", "Estancia de investigación"),
    ("2017 : Séjour de recherche à l'Université Laval, Québec", "Université Laval", "Séjour de recherche"),
])
def test_a_research_stay_abroad_is_a_visiting_position(tmp_path, line, org, role):
    path = tmp_path / "cv.txt"
    path.write_text(f"Ana Quiroga Lentz\n\nExperience\n{line}\n", encoding="utf-8")
    ex = extract(load_document(path))
    assert [(r.predicate, ex.entity(r.object).name, r.role) for r in ex.relations] == [("workedAt", org, role)]


@pytest.mark.parametrize("text, authors, title, venue", [
    ("石原真琴, 北村健一: 微小流路内の液滴分裂の数値解析, 日本機械学会論文集, Vol. 81, No. 822, 2015.",
     ["石原真琴", "北村健一"], "微小流路内の液滴分裂の数値解析", "日本機械学会論文集"),
    ("石原 真琴，北村 健一：「微小流路内の液滴分裂の数値解析」，日本機械学会論文集，Vol. 81，2015．",
     ["石原 真琴", "北村 健一"], "微小流路内の液滴分裂の数値解析", "日本機械学会論文集"),
])
def test_a_japanese_society_citation_names_its_authors_before_a_colon(text, authors, title, venue):
    c = parse_citation(text)
    assert (c.authors, c.title, c.venue, c.year) == (authors, title, venue, "2015")


def test_a_japanese_research_record_heading_is_no_name():
    # "# 研究業績 — 石原 真琴": the record's heading, then its owner
    ex = extract(load_document(Path(__file__).parent / "data" / "extract" / "gyoseki_colon_citations_ja.md"))
    assert ex.entity(ex.subject).name == "石原 真琴"
    assert ("石原 真琴", "coauthored", "北村健一", None, None) \
        in triples(Path(__file__).parent / "data" / "extract" / "gyoseki_colon_citations_ja.md")


def test_the_italian_european_format_labels_in_a_tab_separated_column():
    # "Nome<TAB>BARTOLINI, ELISA", "• Date (da – a)<TAB>...", "• Nome e indirizzo del datore di lavoro<TAB>..."
    path = Path(__file__).parent / "data" / "extract" / "formato_europeo_it.txt"
    assert "Nome   BARTOLINI, ELISA" in lines(path)  # a tab is a column break, however few spaces it expands to
    ex = extract(load_document(path))
    assert ex.entity(ex.subject).name == "Elisa Bartolini"  # the name's label in a column, family name first
    found = triples(path)
    assert ("Elisa Bartolini", "workedAt", "Istituto Italiano di Tecnologia", "2017-01", "2020-02") in found
    assert ("Elisa Bartolini", "workedAt", 'Dipartimento di Chimica "Giacomo Ciamician"', "2020-03", "present") in found
    assert ("Elisa Bartolini", "studiedAt", "University of Padua", "2013", "2016") in found


# -- found by the round-4 held-out documents, after their figure was taken --------------------------

def test_a_chinese_citation_with_full_stops_and_no_type_mark():
    c = parse_citation("邵明轩, 陆文杰, 程思远. 基于事件触发的多智能体一致性控制. 自动化学报, 2022.")
    assert (c.authors, c.title, c.venue, c.year) == (["邵明轩", "陆文杰", "程思远"], "基于事件触发的多智能体一致性控制", "自动化学报", "2022")
    assert parse_citation("范雨萱, 何振东. 东亚夏季风的年代际变化[J]. 大气科学, 2016, 40(3): 512-524.").title == "东亚夏季风的年代际变化"


@pytest.mark.parametrize("text, names", [
    ("Acme Widgets, Inc., Boston, MA", ["Acme Widgets, Inc."]),  # a legal form after a comma is the name's
    ("Brightwick Systems, GmbH", ["Brightwick Systems, GmbH"]),
])
def test_a_legal_form_after_a_comma_belongs_to_the_company(text, names):
    from kg.extract.orgs import org_chain

    assert [m.name for m in org_chain(text)] == names


def test_a_name_joined_by_et_d_in_prose():
    from kg.extract.orgs import find_orgs_in_text

    assert [o.name for o in find_orgs_in_text("Il a rejoint le Laboratoire d'Informatique et d'Automatique de Lyon.")] \
        == ["Laboratoire d'Informatique et d'Automatique de Lyon"]


def test_a_table_header_of_column_names_names_no_organisation():
    # reStructuredText grid table "| Años | Titulación | Centro |": the columns' names
    from kg.extract.orgs import org_chain

    assert org_chain("Años | Titulación | Centro") == []
    found = triples(FORMATS / "cv_tablas_es.rst")
    assert not [t for t in found if t[2] in ("Años", "Centro")]
    assert ("Rocío Valdelomar Iturbe", "studiedAt", "Universidad de Sevilla", "2009", "2013") in found


# -- scripts without capitals, and the languages of the fifth round -------------------------------

@pytest.mark.parametrize("name, is_name", [
    ("Мирон Белов", True), ("سلمى ناصر", True), ("יעל ברק", True), ("कविता राव", True), ("Белов М. А.", True),
    ("of the sea", False), ("清华大学 计算机系", False), ("Room 101", False),
])
def test_person_names_in_scripts_with_and_without_capitals(name, is_name):
    from kg.extract.people import is_person_name

    assert is_person_name(name) is is_name


def test_a_plain_text_cv_in_hebrew_reads_its_headings_units_and_advisor(tmp_path):
    path = tmp_path / "cv.txt"
    path.write_text("יעל ברק (Yael Barak)\n\nהשכלה\n"
                    "2010–2015  דוקטורט בכימיה, אוניברסיטת חיפה. מנחה: פרופ' אורי שלו\n\n"
                    "ניסיון תעסוקתי\n2019–היום  מרצה, המחלקה לכימיה, אוניברסיטת בן-גוריון בנגב\n", encoding="utf-8")
    found = triples(path)
    assert ("יעל ברק", "studiedAt", "אוניברסיטת חיפה", "2010", "2015") in found
    assert ("יעל ברק", "advisedBy", "אורי שלו", None, None) in found
    assert ("יעל ברק", "workedAt", "המחלקה לכימיה", "2019", "present") in found
    assert ("המחלקה לכימיה", "partOf", "אוניברסיטת בן-גוריון בנגב", None, None) in found
    assert extract(load_document(path)).entity("e1").aliases == ("Yael Barak",)


def test_the_arabic_comma_parts_an_entry_like_a_comma(tmp_path):
    path = tmp_path / "cv.md"
    path.write_text("# سلمى ناصر\n\n## الخبرة العملية\n\n- باحثة، مركز البحوث الزراعية، 2016–2020\n", encoding="utf-8")
    assert ("سلمى ناصر", "workedAt", "مركز البحوث الزراعية", "2016", "2020") in triples(path)


@pytest.mark.parametrize("text, degree", [
    ("Yüksek Lisans, Fizik", "MS"), ("Doktor Teknik Kimia", "PhD"), ("Sarjana Teknik", "BS"), ("Promotie", "PhD"),
    ("חוקרת בתר-דוקטורט", None), ("박사후연구원", None), ("박사, 물리학", "PhD"),
])
def test_degree_words_of_other_languages_and_their_postdocs(text, degree):
    from kg.extract.vocab import degree_of

    assert degree_of(text) == degree


@pytest.mark.parametrize("entry, advisor", [
    ("2012–2016  PhD in Hydrology, University of Kessington — Advisor: Prof. Ilse Marwood", "Ilse Marwood"),
    ("2012–2016  Doktor Teknik Kimia, Universitas Brawijaya Promotor: Prof. Ir. Sri Handayani", "Sri Handayani"),
])
def test_an_advisor_label_after_a_dash_or_inside_the_line_names_the_advisor(entry, advisor, tmp_path):
    path = tmp_path / "cv.txt"
    path.write_text(f"Tomasz Wierzbicki\n\nEducation\n{entry}\n", encoding="utf-8")
    found = triples(path)
    assert ("Tomasz Wierzbicki", "advisedBy", advisor, None, None) in found
    assert any(t[1] == "studiedAt" and t[2].startswith("Univ") for t in found)


# -- real researchers' pages in German, Spanish, French, Italian, Portuguese, Chinese and Japanese ----------------
# (issue 14's real-intl round: the habits below were each seen in two or more real documents, kept outside the
# repository; the fixtures are invented). Of its 13 real documents five were held out before any change: their macro
# relation F1 0.292 -> 0.285, career 0.366 -> 0.368 (measured once, at the end); the other eight 0.348 -> 0.591,
# career 0.323 -> 0.612, subject found 5 -> 8 of 8.

def test_an_academicpages_work_list_in_japanese_with_its_dates_roles_units_and_host():
    found = triples(FORMATS / "academicpages_shokureki_ja.md")
    # "* 2021年4月-現在: 講師" above "  * 北陸工科大学化学科": each dated role opens its own entry, the unit glued to its
    # university lies inside it
    assert ("森永 遥", "workedAt", "北陸工科大学化学科", "2021-04", "present") in found
    assert ("北陸工科大学化学科", "partOf", "北陸工科大学", None, None) in found
    assert ("森永 遥", "workedAt", "南洋物質科学研究センター", "2018-10", "2018-10") in found
    assert ("東邦理科大学理学研究科化学専攻", "partOf", "東邦理科大学", None, None) in found
    assert ("森永 遥", "studiedAt", "カリフォルニア大学デービス校", "2013", "2014") in found
    assert ("森永 遥", "mentoredBy", "柏木直人", None, None) in found  # 受入教員: the host of a position
    assert not any(t[1] == "contributedTo" for t in found)  # "3,200,000 JPY" names no project


def test_a_position_told_at_length_under_its_line_of_dates_in_german():
    ex = extract(load_document(FORMATS / "hugo_werdegang_de.md"))
    assert ex.entity(ex.subject).name == "Unnamed document subject"  # not "Magister Artium", nor the page's title
    found = triples(FORMATS / "hugo_werdegang_de.md")
    subject = "Unnamed document subject"
    assert (subject, "workedAt", "Lehrstuhl für Vergleichende Literatur", "2021-10", "present") in found
    assert ("Lehrstuhl für Vergleichende Literatur", "partOf", "Universität Halstedt", None, None) in found
    assert (subject, "workedAt", "Universität Kellbach", "2018-03", "2021-09") in found


def test_a_hugo_experience_widget_that_is_all_toml_front_matter():
    doc = load_document(FORMATS / "hugo_experience_widget_es.md")
    assert any("Universidad de Valdemora" in line.text for line in doc.lines)
    found = triples(FORMATS / "hugo_experience_widget_es.md")
    subject = "Unnamed document subject"
    assert (subject, "workedAt", "Universidad de Valdemora", "2019-03", "present") in found
    assert (subject, "workedAt", "Instituto Austral de Oceanografía", "2016-04", "2019-02") in found


def test_a_moderncv_entry_whose_school_opens_the_description(tmp_path):
    # "\cventry{dates}{degree}{}{}{}{School\newline Projet: ...}": the school is written in the last argument,
    # under a French "Éducation" heading
    path = tmp_path / "cv.tex"
    path.write_text(r"""\documentclass{moderncv}
\moderncvstyle{classic}
\firstname{Ysolde}\familyname{Marchetti}
\begin{document}
\makecvtitle
\section{Éducation}
\cventry{09/2011--06/2016}{Doctorat en océanographie}{}{}{}{Université de Valbrume\newline
Projet: Courants de marée dans les estuaires}
\section{Expérience}
\cventry{2017--2019}{Chercheuse postdoctorale}{}{}{}{Institut Ferrand de Géophysique\newline Modélisation des marées}
\end{document}
""", encoding="utf-8")
    found = triples(path)
    assert ("Ysolde Marchetti", "studiedAt", "Université de Valbrume", "2011-09", "2016-06") in found
    assert ("Ysolde Marchetti", "workedAt", "Institut Ferrand de Géophysique", "2017", "2019") in found
    assert not [t for t in found if t[2].startswith("Projet") or t[2].startswith("Modélisation")]


def test_an_altacv_cv_in_german_with_its_own_link_macro(tmp_path):
    # "\hrefU{url}{Dr. X}" (a link macro of the document's own) stays inside its sentence, so "Betreut von" names
    # the advisor; "Forschungserfahrung"/"Bildung" are the experience and education sections, and the title of an
    # entry there is a job, no project
    path = tmp_path / "cv.tex"
    path.write_text(r"""\documentclass{altacv}
\name{Lorenz Quade}
\begin{document}
\cvsection{Forschungserfahrung}
\cvevent{Industrie-Sommerpraktikum}{Thalberg Institut}{Jul 2020 -- Sep 2020}{Remote}
\begin{itemize}
  \item Betreut von \hrefU{https://example.org/ruiz}{Dr. Amaia Ruiz}, Leiterin der Gruppe.
\end{itemize}
\cvsection{Bildung}
\cvevent{B.Sc. in Informatik}{Universität Kaltenbrunn}{Sep 2017 -- Jun 2020}{Kaltenbrunn}
\end{document}
""", encoding="utf-8")
    found = {t[:3] for t in triples(path)}
    assert {("Lorenz Quade", "workedAt", "Thalberg Institut"), ("Lorenz Quade", "advisedBy", "Amaia Ruiz"),
            ("Lorenz Quade", "studiedAt", "Universität Kaltenbrunn")} <= found
    assert not [t for t in found if t[1] == "contributedTo"]


def test_other_writings_are_a_publication_list(tmp_path):
    # a law or policy CV's "Other Writings" / "White Papers": papers with their co-authors "(with A and B)"
    path = tmp_path / "cv.md"
    path.write_text("# Oriane Velasquez\n\n## Other Writings\n\n"
                    "- Tidal Rules for Small Harbours, Harbour Board White Paper (2018) (with Pavel Rudnik and Mei Tanaka).\n",
                    encoding="utf-8")
    found = {t[:3] for t in triples(path)}
    assert {("Oriane Velasquez", "authored", "Tidal Rules for Small Harbours"),
            ("Pavel Rudnik", "authored", "Tidal Rules for Small Harbours")} <= found
