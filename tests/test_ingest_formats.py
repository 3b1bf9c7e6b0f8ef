"""Org-mode and reStructuredText readers, the LaTeX CV classes read by their macros' meaning,
and the LaTeX reader's time on adversarial shapes."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kg.ingest import load_document
from kg.ingest._latex import parse_latex

DATA = Path(__file__).parent / "data" / "ingest"
CLASSES = DATA / "classes"


def pairs(doc):
    return [(line.number, line.text) for line in doc.lines]


def extracted(path: Path) -> tuple[str, set[tuple[str, str, str]]]:
    """The subject and the ``(subject, predicate, object)`` triples ``python -m kg extract`` prints."""
    result = subprocess.run([sys.executable, "-m", "kg", "extract", str(path), "--format", "json"],
                            capture_output=True, text=True, check=True, cwd=Path(__file__).parent.parent)
    data = json.loads(result.stdout)
    names = {entity.get("id"): entity["name"] for entity in data["entities"]}
    triples = {(names.get(r["subject"], r["subject"]), r["predicate"], names.get(r["object"], r["object"]))
               for r in data["relations"]}
    return data["subject"], triples


def assert_true_lines(doc, path: Path) -> None:
    """Every output line starts on a source line holding the first word of one of its fields."""
    source = path.read_text(encoding="utf-8").split("\n")
    for line in doc.lines:
        words = [field.lstrip("#- ").split()[0].strip(":,.").lower() for field in line.text.split(" | ")]
        written = source[line.number - 1].lower().replace("--", "–")
        assert any(word in written for word in words), (line.number, line.text)


# -- org-mode -------------------------------------------------------------------------------
def test_org_structure_metadata_and_true_line_numbers():
    path = DATA / "cv.org"
    doc = load_document(path)
    assert doc.format == "org"
    assert pairs(doc) == [
        (9, "# Experience"),
        (10, "Research Scientist | Kestrel Institute for Ocean Studies | Gdynia | 2019 – present"),
        (17, "- Led the coastal sensing group, with three students"),
        (19, "## Postdoc, Baltic Marine Lab, 2016--2019"),
        (20, "# Education"),
        (21, "Year | Degree | School"),
        (23, "2016 | PhD | University of Sopot"),
        (24, "- Thesis: Wave climates of the Baltic"),
        (30, "# Publications"),
        (31, "- T. Wielgosz and A. Nowak. Waves in shallow water. Ocean Letters, 2020."),
        (36, "A paragraph that wraps mid sentence."),
    ]
    meta = doc.metadata
    assert (meta["title"], meta["author"], meta["name"], meta["email"], meta["orcid"]) == (
        "Curriculum Vitae", "Tomasz Wielgosz", "Tomasz Wielgosz", "t.w@example.org", "0000-0002-1825-0097")
    assert meta["source_lines"]["author"] == 2
    assert meta["bold"] == ["Ocean Letters"]
    assert "Secret" not in doc.text and "Hidden" not in doc.text and "print" not in doc.text
    assert_true_lines(doc, path)


def test_org_extracts_jobs_and_degrees():
    subject, triples = extracted(DATA / "cv.org")
    assert subject == "Tomasz Wielgosz"
    assert {("Tomasz Wielgosz", "workedAt", "Kestrel Institute for Ocean Studies"),
            ("Tomasz Wielgosz", "workedAt", "Baltic Marine Lab"),
            ("Tomasz Wielgosz", "studiedAt", "University of Sopot"),
            ("Tomasz Wielgosz", "authored", "Waves in shallow water")} <= triples


# -- reStructuredText -----------------------------------------------------------------------
def test_rst_structure_docinfo_and_true_line_numbers():
    path = DATA / "cv.rst"
    doc = load_document(path)
    assert doc.format == "rst"
    assert pairs(doc) == [
        (2, "# Ana Ruiz Ferrada"),
        (5, "Author: Ana Ruiz Ferrada"),
        (6, "Email: ana@example.org"),
        (7, "Affiliation: Servicio Nacional"),
        (9, "## Work"),
        (12, "- Geologist, Servicio Nacional, 2019--2021, Santiago"),
        (14, "- Lecturer, Universidad de Talca"),
        (16, "- 2019-2021: Research fellow, Instituto Andino"),
        (20, "2019 | Postdoc"),
        (23, "a note"),
        (25, "Term paragraph spanning two lines."),
        (28, "### Education"),
        (31, "- PhD, Universidad de Chile"),
    ]
    meta = doc.metadata
    assert (meta["name"], meta["author"], meta["title"], meta["email"], meta["affiliation"]) == (
        "Ana Ruiz Ferrada", "Ana Ruiz Ferrada", "Ana Ruiz Ferrada", "ana@example.org", "Servicio Nacional")
    assert meta["source_lines"]["author"] == 5 and meta["bold"] == ["Lecturer"]
    assert_true_lines(doc, path)


def test_rst_extracts_jobs_and_degrees():
    subject, triples = extracted(DATA / "cv.rst")
    assert subject == "Ana Ruiz Ferrada"
    assert {("Ana Ruiz Ferrada", "workedAt", "Universidad de Talca"),
            ("Ana Ruiz Ferrada", "workedAt", "Instituto Andino")} <= triples
    assert any(p == "studiedAt" and "Chile" in o for _, p, o in triples)


def test_rst_directives_that_touch_files_are_not_run(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("do not read me")
    path = tmp_path / "cv.rst"
    path.write_text(f"Ana\n===\n\n.. include:: {secret}\n\n.. raw:: html\n\n   <b>raw</b>\n\nText\n")
    doc = load_document(path)
    assert "do not read me" not in doc.text and "raw" not in doc.text
    assert pairs(doc) == [(1, "# Ana"), (10, "Text")]


# -- LaTeX CV classes -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, subject, expected",
    [
        ("moderncv-banking.tex", "Oyelaran Adebisi", [
            (10, "Lecturer | Ibadan Polytechnic of Agriculture | Ibadan | 2018–present"),
            (10, "Teaches soil science."),
            (12, "PhD in Soil Science | University of Ondo Lakes | Akure | 2012–2017"),
            (13, "Languages: Yoruba, English | Software: R, QGIS"),
            (14, "- Field campaigns in the Sahel"),
        ]),
        ("awesome-cv.tex", "Soo-ah Park", [
            (9, "Research Engineer | Hanbit Robotics Institute | Daejeon, S.Korea | Mar. 2019 - Present"),
            (15, "- Built legged locomotion controllers"),
            (21, "Best Paper Award | International Symposium on Field Robots | Lisbon, Portugal | 2021"),
        ]),
        ("altacv.tex", "Kofi Mensah-Boateng", [
            (8, "Senior Epidemiologist | Volta Public Health Institute | Accra, Ghana | Jan 2018 – Present"),
            (13, "PhD in Epidemiology | University of Cape Coast | Cape Coast | 2012 – 2017"),
        ]),
        ("res.tex", "Tariq Haddad", [
            (6, "Research Fellow | Levant Energy Research Centre | Amman | 2017 - Present"),
            (7, "- Designed solar desalination pilots."),
            (11, "Brackish water desalination with hybrid solar stills | Desalination Letters | 2020 | "
                 "Haddad T., Nasser R. and Khoury L. | Selected as editor's pick"),
            (16, "# Bibliography"),
            (17, "T. Haddad and R. Nasser. Solar stills revisited. | Energy Notes, 2019."),  # \newblock marks a block boundary
            (18, "R. Nasser, T. Haddad. Membrane fouling. Water Review, 2018."),
        ]),
        ("friggeri-cv.tex", "Mirela Dragomir", [
            (4, "Mirela Dragomir"),
            (9, "PhD in Hydrology | University of Petrovia | 2009–2014"),
            (16, "Research scientist | Danube Water Institute, Galati | 2014–now"),
            (21, "05/21 | Dragomir, M.; Ionescu, T. | Journal of Karst Studies 12 | Tracer tests in a karst spring"),
        ]),
        ("europasscv.tex", "Ilse Vandamme", [
            (8, "Senior Researcher | Flemish Institute for Coastal Research, Ostend (Belgium) | 2016–Present"),
            (12, "PhD in Civil Engineering | University of Leuven, Leuven (Belgium) | 2010–2015"),
        ]),
        ("article.tex", "Greta Lindqvist", [
            (11, "2019–present | Associate Professor, Norrsund University"),
            (20, "- G. Lindqvist and P. Aho. Basal melt under fast glaciers. Journal of Ice Studies, 2021."),
        ]),
    ],
)
def test_latex_classes_lines_and_subject(name, subject, expected):
    path = CLASSES / name
    doc = load_document(path)
    got = pairs(doc)
    for line in expected:
        assert line in got, (line, got)
    assert doc.metadata.get("name", doc.metadata.get("author")) == subject
    assert_true_lines(doc, path)


@pytest.mark.parametrize(
    "name, subject, facts",
    [
        ("moderncv-banking.tex", "Oyelaran Adebisi", {("workedAt", "Ibadan Polytechnic of Agriculture"),
                                                      ("studiedAt", "University of Ondo Lakes")}),
        ("awesome-cv.tex", "Soo-ah Park", {("workedAt", "Hanbit Robotics Institute")}),
        ("altacv.tex", "Kofi Mensah-Boateng", {("workedAt", "Volta Public Health Institute"),
                                               ("studiedAt", "University of Cape Coast")}),
        ("res.tex", "Tariq Haddad", {("workedAt", "Levant Energy Research Centre"),
                                     ("authored", "Brackish water desalination with hybrid solar stills")}),
        ("friggeri-cv.tex", "Mirela Dragomir", {("workedAt", "Danube Water Institute"),
                                                ("studiedAt", "University of Petrovia")}),
        ("europasscv.tex", "Ilse Vandamme", {("workedAt", "Flemish Institute for Coastal Research"),
                                             ("studiedAt", "University of Leuven")}),
        ("article.tex", "Greta Lindqvist", {("workedAt", "Norrsund University"),
                                            ("workedAt", "Arctic Ice Institute"),
                                            ("studiedAt", "University of Vasterby")}),
    ],
)
def test_latex_classes_extract_end_to_end(name, subject, facts):
    found, triples = extracted(CLASSES / name)
    assert found == subject
    assert {(subject, predicate, obj) for predicate, obj in facts} <= triples


@pytest.mark.parametrize("row, complaint", [
    ("macros\tcvjob\tquillcv\trole org", "unknown macros"),
    ("macro\tcvjob\tquillcv\trole organisation", "unknown organisation"),
    ("part\tjobtitle\tquillcv\t", "no meanings"),
])
def test_a_latex_class_row_of_unknown_form_or_meaning_is_a_clear_error(row, complaint):
    from kg.ingest._latex import _class_tables

    header = "form\tname\tfamily\tmeanings\n"
    assert _class_tables(header + "macro\tcvjob\tquillcv\trole org dates\n")[0] == {
        "cvjob": [("quillcv", ("role", "org", "dates"))]}
    with pytest.raises(ValueError, match=complaint):
        _class_tables(header + row + "\n")


def test_awesome_cv_entry_read_by_argument_count_without_the_class():
    tex = ("\\begin{document}\n\\section{Work}\n"
           "\\cventry{Analyst}{Orrin Labs}{Turku}{2019 -- 2021}{Built models}\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["# Work", "Analyst | Orrin Labs | Turku | 2019 – 2021", "Built models"]


def test_a_macro_the_document_defines_keeps_its_own_meaning():
    tex = ("\\documentclass{friggeri-cv}\\newcommand{\\entry}[1]{#1}\n\\begin{document}\n"
           "\\begin{entrylist}\\entry{PhD, Vellmar University}\\end{entrylist}\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["PhD, Vellmar University"]


def test_a_macro_the_document_defines_for_its_text_prints_that_text_and_its_margin_headings_are_headings():
    # the kjh-vita style: the name kept in \\def\\myauthor, sections as notes in the left margin; a length is no text
    tex = ("\\documentclass{article}\n\\def\\myauthor{Ilse Varnholt}\n\\newcommand{\\tabwidth}{1.7cm}\n"
           "\\newcommand{\\mhead}[1]{\\leavevmode\\marginpar{\\sffamily\\footnotesize #1}}\n"
           "\\begin{document}\n\\setlength\\parindent{0pt}\n{\\Large \\myauthor}\n\\TabPositions{\\tabwidth}\n\n"
           "\\mhead{Research \\newline Experience}%\n\\textbf{Ostmark Institute of Hydraulics,} Ostmark\\newline\n"
           "Research Assistant \\hfill 2014--2016\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["Ilse Varnholt", "# Research Experience", "Ostmark Institute of Hydraulics, Ostmark",
                                             "Research Assistant | 2014–2016"]


def test_font_features_and_the_margins_of_adjustwidth_print_nothing():
    tex = ("\\begin{document}\n\\begin{adjustwidth}{-1in}{}\n"
           "{\\addfontfeature{Style=TitlingCaps}I}lse Varnholt\n\\end{adjustwidth}\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["Ilse Varnholt"]


def test_printbibliography_without_data_leaves_no_text():
    tex = ("\\documentclass{article}\n\\begin{document}\n\\section{Publications}\n"
           "\\printbibliography[heading=none, type=article]\n\\nocite{*}\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["# Publications"]


# -- LaTeX reader time on adversarial shapes -------------------------------------------------
_ENTRIES = "".join(f"\\cvitem{{{2000 + i % 20}}}{{Worked on item {i} at \\textbf{{Lab {i}}}}}\n" for i in range(6000))


@pytest.mark.parametrize(
    "shape, text",
    [
        ("unclosed [ in a long moderncv file", "\\documentclass{moderncv}\\begin{document}\n\\cvitem[" + _ENTRIES),
        ("nested bold", "\\begin{document}" + "\\textbf{" * 3000 + "x" + "}" * 3000),
        ("nested cvitem", "\\begin{document}" + "\\cvitem{a}{" * 3000 + "x" + "}" * 3000),
        ("nested cventry", "\\begin{document}" + "\\cventry{a}{b}{c}{d}{e}{" * 2000 + "x" + "}" * 2000),
        ("nested href", "\\begin{document}" + "\\href{u}{" * 3000 + "x" + "}" * 3000),
        ("nested unknown macro", "\\begin{document}" + "\\foo{a}{" * 3000 + "x" + "}" * 3000),
        ("deep groups", "{" * 30000 + "x" + "}" * 30000),
        ("nested item labels", "\\item[{" * 3000 + "x" + "}]" * 3000),
        ("nested entry environments", "\\begin{rSubsection}{a}{b}{c}{" * 2000 + "x}" + "\\end{rSubsection}" * 2000),
        ("many unclosed [", "\\cventry[" * 20000),
        ("unclosed [ before braces", "\\cvitem[{a}" * 20000),
        ("unclosed braces", "\\cventry{" * 20000),
    ],
    ids=lambda value: value if len(value) < 40 else None,
)
def test_latex_adversarial_shapes_finish_under_a_second(shape, text):
    parse_latex("\\textbf{warm}")
    start = time.process_time()
    parse_latex(text)
    assert time.process_time() - start < 1, shape


@pytest.mark.parametrize(
    "suffix, text",
    [
        (".org", "*" * 20000 + " x\n"),
        (".org", "*a /b _c " * 3000),
        (".org", "[[a][" * 5000),
        (".org", "A" + " " * 32000 + "b"),
        (".org", "".join(" " * i + "- item\n" for i in range(2000))),
        (".org", ":PROPERTIES:\n" + ":A: b\n" * 10000),
        (".rst", "".join(" " * i + "x\n\n" for i in range(3000))),
        (".rst", "".join(" " * (2 * i) + "- item\n\n" for i in range(3000))),
        (".rst", "+" + "-+" * 2000 + "\n|" + "x|" * 2000 + "\n+" + "-+" * 2000 + "\n"),
        (".rst", "`" * 10000),
        (".rst", "`a <" * 3000),
        (".rst", "A" + " " * 32000 + "b"),
    ],
    ids=["org stars", "org emphasis", "org links", "org spaces", "org deep list", "org drawer", "rst deep quote",
         "rst deep list", "rst wide table", "rst backticks", "rst open links", "rst spaces"],
)
def test_org_and_rst_adversarial_shapes_finish_under_a_second(tmp_path, suffix, text):
    path = tmp_path / f"cv{suffix}"
    path.write_text(text + "\nend\n")
    load_document(path)  # imports docutils once
    start = time.process_time()
    doc = load_document(path)
    assert time.process_time() - start < 1
    assert doc.lines


def test_dated_subsection_takes_the_role_after_it():
    tex = ("\\documentclass{resume}\n\\begin{document}\n\\section{Work}\n"
           "\\datedsubsection{\\textbf{Marlow Optics}, Leeds}{2019 -- 2021}\n"
           "\\role{Optical Engineer}{(lens design)}\n\\begin{itemize}\\item Built a camera\\end{itemize}\n"
           "\\end{document}")
    lines, _ = parse_latex(tex)
    assert [(line.number, line.text) for line in lines] == [
        (3, "# Work"), (4, "Optical Engineer | Marlow Optics, Leeds | 2019 – 2021 | (lens design)"),
        (6, "- Built a camera")]


def test_europass_title_takes_the_organisation_after_it():
    tex = ("\\begin{document}\n\\ecvtitle{2012--2016}{Lecturer}\n\\ecvitem{}{Harrowgate College, York}\n"
           "\\ecvitem{Sector}{Education}\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["Lecturer | Harrowgate College, York | 2012–2016", "Sector: Education"]


def test_org_cv_exporter_entries_with_timestamps():
    path = DATA / "org_cv_export.org"
    doc = load_document(path)
    assert pairs(doc)[:2] == [
        (5, "# Employment"),
        (6, "Research Scientist | Nordkapp Marine Institute | Tromsø, Norway | 2017-09-01 – 2022-12-07")]
    assert doc.metadata["github"] == "hsolvang"
    subject, triples = extracted(path)
    assert subject == "Henrike Solvang"
    assert {("Henrike Solvang", "workedAt", "Nordkapp Marine Institute"),
            ("Henrike Solvang", "studiedAt", "University of Lofoten")} <= triples


def test_a_publication_item_broken_over_lines_stays_one_citation():
    tex = ("\\begin{document}\n\\section{Selected Publications}\n\\begin{itemize}\n"
           "\\item \\textbf{Tidal mixing in fjords} \\\\ R. Okonkwo and J. Berg \\\\ \\emph{Estuarine Letters}, 2019\n"
           "\\item Second paper. \\newline Venue, 2020\n\\end{itemize}\n"
           "\\section{Teaching}\n\\begin{itemize}\n\\item Oceanography I \\\\ Fall 2018\n\\end{itemize}\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [(line.number, line.text) for line in lines] == [
        (2, "# Selected Publications"),
        (4, "- Tidal mixing in fjords | R. Okonkwo and J. Berg | Estuarine Letters, 2019"),
        (5, "- Second paper. | Venue, 2020"),
        (7, "# Teaching"),
        (9, "- Oceanography I"),
        (9, "Fall 2018"),
    ]


def test_rst_subtitle_names_the_subject_and_literal_lines_keep_their_numbers(tmp_path):
    path = tmp_path / "cv.rst"
    path.write_text("Curriculum Vitae\n================\n\nAna Ruiz\n--------\n\nCode::\n\n    line one\n"
                    "    line two\n\n    line four\n\nEnd\n")
    doc = load_document(path)
    assert pairs(doc) == [(1, "# Curriculum Vitae"), (4, "## Ana Ruiz"), (7, "Code:"), (9, "line one"),
                          (10, "line two"), (12, "line four"), (14, "End")]
    assert doc.metadata["subtitle"] == "Ana Ruiz"
    subject, _ = extracted(path)
    assert subject == "Ana Ruiz"


def test_friggeri_aside_keeps_each_source_line():
    tex = ("\\documentclass{friggeri-cv}\n\\begin{document}\n\\begin{aside}\n\\section{contact}\n12 Strada Lunga\n"
           "Galati, Romania\n\\end{aside}\n\\section{Interests}\nCaves and\nkarst.\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [(line.number, line.text) for line in lines] == [
        (4, "# contact"), (5, "12 Strada Lunga"), (6, "Galati, Romania"), (8, "# Interests"), (9, "Caves and karst.")]


def test_html_card_fields_are_read_apart(tmp_path):
    path = tmp_path / "people.html"
    path.write_text('<html><body><div class="card"><span class="member-name">Ines Vidal</span> '
                    '<span class="member-role">PhD student</span></div>'
                    '<p>We <span class="hl">study</span> soils.</p></body></html>', encoding="utf-8")
    texts = [line.text for line in load_document(path).lines]
    assert "Ines Vidal | PhD student" in texts and "We study soils." in texts


def test_org_drawers_keep_the_unit_and_the_supervisor(tmp_path):
    path = tmp_path / "cv.org"
    path.write_text("#+AUTHOR: Vera Holm\n* Education\n** PhD in Ecology\n   :PROPERTIES:\n   :INSTITUTION: University of Tarnow\n"
                    "   :UNIT: Department of Biology\n   :YEAR: 2012\n   :SUPERVISOR: Prof. Ada Lindqvist\n   :END:\n",
                    encoding="utf-8")
    texts = [line.text for line in load_document(path).lines]
    assert "PhD in Ecology | Department of Biology, University of Tarnow | 2012 | Supervisor: Prof. Ada Lindqvist" in texts


BIBLIOGRAPHY = DATA / "bibliography"


def test_a_latex_cv_prints_the_records_it_cites_from_its_bib_file_where_it_prints_them():
    doc = load_document(BIBLIOGRAPHY / "limnologist_cv.tex")
    assert doc.warnings == ()
    printed = [(number, text) for number, text in pairs(doc) if number == 17]  # the \bibliography line
    assert [text[:40] for _, text in printed] == ["# Bibliography", "@article{okafor2020mayfly, author = {Oka",
                                                  "@inproceedings{marjoribanks2023lakes, au"]
    subject, triples = extracted(BIBLIOGRAPHY / "limnologist_cv.tex")
    assert subject == "Ilse Marjoribanks-Tehrani"
    mayfly = "Mayfly emergence tracks spring ice-out in upland lochs"
    carbon = "Dissolved carbon budgets of small boreal lakes"
    assert {(subject, "authored", mayfly), (mayfly, "publishedIn", "Freshwater Biology"),
            (subject, "coauthored", "Chidi Okafor"), (subject, "authored", carbon),
            (subject, "coauthored", "Brita Halvorsen"), (subject, "coauthored", "Åse Sørensen")} <= triples
    assert not any("Zooplankton" in part for triple in triples for part in triple)  # never cited: not printed


def test_biblatex_prints_every_record_after_nocite_star_by_type_under_the_titles_given(tmp_path):
    (tmp_path / "papers.bib").write_text((BIBLIOGRAPHY / "limnologist_papers.bib").read_text(encoding="utf-8"))
    (tmp_path / "cv.tex").write_text(
        "\\documentclass{article}\n\\addbibresource{papers.bib}\n\\begin{document}\n\\nocite{*}\n"
        "\\printbibliography[type=article, title={Journal articles}]\n"
        "\\printbibliography[heading=subbibliography, nottype=article, title=Other writing]\n\\end{document}\n")
    assert [(number, text.split(",")[0]) for number, text in pairs(load_document(tmp_path / "cv.tex"))] == [
        (5, "# Journal articles"), (5, "@article{okafor2020mayfly"),
        (6, "## Other writing"), (6, "@inproceedings{marjoribanks2023lakes"), (6, "@unpublished{marjoribanks2025draft")]


def test_a_missing_bib_file_is_a_warning_and_the_rest_of_the_cv_is_read(tmp_path):
    cv = tmp_path / "cv.tex"
    cv.write_text((BIBLIOGRAPHY / "limnologist_cv.tex").read_text(encoding="utf-8"))
    doc = load_document(cv)
    assert doc.warnings == ("bibliography file limnologist_papers(.bib), named on line 17, not found beside the "
                            "document: its records are not read",)
    assert (10, "- 2021–present: Lecturer in Freshwater Ecology, University of Westmarch") in pairs(doc)


def test_a_folder_build_reads_the_bib_file_through_its_cv_only():
    from kg.ingest import iter_paths

    assert [path.name for path in iter_paths([BIBLIOGRAPHY])] == ["limnologist_cv.tex"]


def test_an_edited_bib_file_changes_the_cvs_digest(tmp_path):
    for name in ("limnologist_cv.tex", "limnologist_papers.bib"):
        (tmp_path / name).write_text((BIBLIOGRAPHY / name).read_text(encoding="utf-8"), encoding="utf-8")
    before = load_document(tmp_path / "limnologist_cv.tex").sha256
    with open(tmp_path / "limnologist_papers.bib", "a", encoding="utf-8") as bib:
        bib.write("@misc{okafor2026, title = {Loch temperature loggers}, year = 2026}\n")
    assert load_document(tmp_path / "limnologist_cv.tex").sha256 != before


# -- the files a LaTeX CV inputs -------------------------------------------------------------------
FORMATS = Path(__file__).parent / "data" / "cv_formats"


def test_a_latex_cv_reads_the_files_it_inputs_numbered_by_the_line_that_inputs_them(tmp_path):
    (tmp_path / "sections").mkdir()
    (tmp_path / "sections" / "jobs.tex").write_text(
        "\\section{Experience}\n\\cvitem{2019--2023}{Hydrologist, Danube Water Institute}\n\\input{sections/talks}\n")
    (tmp_path / "sections" / "talks.tex").write_text("\\section{Talks}\nKarst springs, 2021\n")
    (tmp_path / "cv.tex").write_text(
        "\\documentclass{moderncv}\n\\name{Mirela}{Dragomir}\n\\begin{document}\n\\makecvtitle\n"
        "\\input{sections/jobs}\n\\include{grants}\n\\section{Languages}\nRomanian\n\\end{document}\n")
    doc = load_document(tmp_path / "cv.tex")
    # an input file's lines are numbered by the \input that brings them, nested ones by the outermost
    assert pairs(doc) == [(5, "# Experience"), (5, "2019–2023: Hydrologist, Danube Water Institute"),
                          (5, "# Talks"), (5, "Karst springs, 2021"), (7, "# Languages"), (8, "Romanian")]
    assert doc.warnings == ("input file grants(.tex), named on line 6, is not beside the document: its text is not "
                            "read",)
    before = doc.sha256
    (tmp_path / "sections" / "talks.tex").write_text("\\section{Talks}\nCave hydrology, 2022\n")
    assert load_document(tmp_path / "cv.tex").sha256 != before  # an edited section file changes the CV


def test_a_file_outside_the_cvs_folder_is_never_read(tmp_path):
    (tmp_path / "secret.tex").write_text("Never printed\n")
    (tmp_path / "cv").mkdir()
    (tmp_path / "cv" / "cv.tex").write_text("\\begin{document}\nAda Lovelace\n\\input{../secret}\n\\end{document}\n")
    doc = load_document(tmp_path / "cv" / "cv.tex")
    assert [text for _, text in pairs(doc)] == ["Ada Lovelace"]
    assert "is not beside the document" in doc.warnings[0]


def test_curve_rubrics_in_their_own_files_with_the_header_the_preamble_wrote():
    path = FORMATS / "curve_rubriche_it" / "cv.tex"
    doc = load_document(path)
    got = pairs(doc)
    assert got[:2] == [(6, "Chiara Venturelli"), (8, "chiara.venturelli@example.it")]  # \leftheader, no icon option
    assert (17, "# Posizioni") in got and (19, "## Articoli su rivista") in got  # \makerubric, \input
    assert (17, "- 2021 – oggi: Ricercatrice, Istituto di Scienze Marine di Lunetta, Italia.") in got  # \entry*[dates]
    records = [text for _, text in got if text.startswith("@article")]
    assert len(records) == 2 and not any("abstract" in text or "Zotero" in text for text in records)
    subject, triples = extracted(path)
    assert subject == "Chiara Venturelli"
    assert {(subject, "workedAt", "Istituto di Scienze Marine di Lunetta"), (subject, "advisedBy", "Livio Marangoni"),
            (subject, "authored", "Tidal Exchange in Shallow Coastal Lagoons"),
            (subject, "coauthored", "Dario Esposti")} <= triples  # the record whose abstract says "we" too


def test_moderncv_sections_input_and_a_cvitem_of_a_publication_list_is_one_citation():
    path = FORMATS / "moderncv_abschnitte_de" / "lebenslauf.tex"
    got = pairs(load_document(path))
    assert (16, "- 2018: Brandauer, Lea und Wettersberg, Jonas: Leader Election with Faulty Clocks, AAAI 2018") in got
    subject, triples = extracted(path)
    assert {(subject, "authored", "Gossip Protocols for Sparse Networks"), (subject, "coauthored", "Lea Brandauer"),
            ("Leader Election with Faulty Clocks", "publishedIn", "AAAI")} <= triples


def test_a_folder_build_reads_the_section_files_through_their_cv_only():
    from kg.ingest import iter_paths

    found = iter_paths([FORMATS / "curve_rubriche_it", FORMATS / "moderncv_abschnitte_de"])
    assert [path.relative_to(FORMATS).as_posix() for path in found] == [
        "curve_rubriche_it/cv.tex", "moderncv_abschnitte_de/lebenslauf.tex"]


def test_org_export_blocks_are_read_by_the_latex_and_html_readers():
    path = DATA / "org_latex_export.org"
    doc = load_document(path)
    assert pairs(doc)[1:] == [
        (8, "Inés Varela | Research Engineer"),
        (9, "ines.varela@example.org"),
        (12, "# Research Experience"),
        (16, "Sep '18 - Jun '21 | Research Engineer | Coastal Robotics Group | University of Vellmar, Spain | "
             "Designed and tested underwater gliders for long coastal surveys, wrote the mission planner in Julia and C, "
             "and co-advised two master students on acoustic navigation and sensor fusion"),
        (23, "Jan '16 - Aug '18 | Research Assistant and Project Manager | Harbour Acoustics Lab | Tarnow Institute of "
             "Marine Science, Poland | Ran the field campaigns of a three-year survey of harbour noise and its effect on seals"),
        (32, "- Visiting scholar, Tarnow Institute of Marine Science, 2017"),
        (39, "# Publications"),
        (41, "Varela, I., Okafor, T. and Lindqvist, M., 2020. Glider paths under tidal currents. Ocean Engineering Letters."),
    ]
    assert "Varela, I." in doc.metadata["bold"]  # the owner's bold name in the LaTeX block marks the publication list
    assert "plain-text export" not in doc.text  # a back-end kg does not read is dropped as before
    assert_true_lines(doc, path)


def test_org_one_line_html_snippets_are_read_together_by_the_html_reader(tmp_path):
    # "#+HTML:" is the one-line form of an HTML export block: a header of several such lines names the owner
    path = tmp_path / "cv.org"
    path.write_text('#+TITLE:\n#+HTML:<div class="column-center"><h1 style="text-align: center;">Rosa QUILLBERG</h1>\n'
                    '#+HTML:<p class="email">rosa@example.org</p></div>\n\n* Work Experience\n'
                    '** 2009-present: Researcher, Tarnow Institute of Economics\n', encoding="utf-8")
    assert pairs(load_document(path))[:2] == [(2, "# Rosa QUILLBERG"), (3, "rosa@example.org")]
    subject, triples = extracted(path)
    assert subject == "Rosa Quillberg" and ("Rosa Quillberg", "workedAt", "Tarnow Institute of Economics") in triples


def test_org_cv_exported_to_latex_gives_its_positions_and_papers():
    subject, triples = extracted(DATA / "org_latex_export.org")
    assert subject == "Inés Varela"
    paper = "Glider paths under tidal currents"
    # an entry row is read however long its last field; its dates are no project of a "Project Manager"
    assert {(subject, "workedAt", "Coastal Robotics Group"), ("Coastal Robotics Group", "partOf", "University of Vellmar"),
            (subject, "workedAt", "Harbour Acoustics Lab"), (subject, "authored", paper), (subject, "coauthored", "T. Okafor"),
            (paper, "publishedIn", "Ocean Engineering Letters")} <= triples
    assert not any(predicate == "contributedTo" for _, predicate, _ in triples)


def test_rst_each_paragraph_of_a_definition_is_an_item_of_its_term(tmp_path):
    path = tmp_path / "cv.rst"
    path.write_text("Publications\n============\n\n2014\n    R Okafor, T Lindqvist. *Tidal mixing in fjords.* Ocean Letters.\n\n"
                    "    T Lindqvist, R Okafor. *Glider paths.* Marine Notes.\n\n    - a list item stays as it is\n",
                    encoding="utf-8")
    assert pairs(load_document(path)) == [
        (1, "# Publications"),
        (4, "- 2014: R Okafor, T Lindqvist. Tidal mixing in fjords. Ocean Letters."),
        (7, "- 2014: T Lindqvist, R Okafor. Glider paths. Marine Notes."),
        (9, "- a list item stays as it is"),
    ]


def test_toml_cv_tables_are_read_with_their_line_numbers_and_named_records_as_lists(tmp_path):
    path = tmp_path / "cv.toml"
    path.write_text('[header]\nname = "Tomas Lindqvist"\nemail = "tl@example.org"\n\n[education.tarnow]\ninstitution = "University of Tarnow"\n'
                    'degree = "Ph.D. in Oceanography"\nadvisors = ["Ada Okafor"]\n\n[education.vellmar]\n'
                    'institution = "University of Vellmar"\ndegree = "B.Sc. in Physics"\n\n[work.glider]\n'
                    'company = "Glider Works Ltd"\nposition = "Engineer"\nstart = "2016"\nend = "2018"\n', encoding="utf-8")
    doc = load_document(path)
    assert doc.format == "tomlcv"
    assert pairs(doc) == [(1, "header: Tomas Lindqvist, tl@example.org"), (5, "# Education"),
                          (6, "University of Tarnow | Ph.D. in Oceanography | Ada Okafor"),
                          (11, "University of Vellmar | B.Sc. in Physics"), (14, "# Work"),
                          (15, "Glider Works Ltd | Engineer | 2016 - 2018")]
    subject, triples = extracted(path)
    assert subject == "Tomas Lindqvist"
    assert {(subject, "studiedAt", "University of Tarnow"), (subject, "studiedAt", "University of Vellmar"),
            (subject, "advisedBy", "Ada Okafor"), (subject, "workedAt", "Glider Works Ltd")} <= triples


def test_malformed_toml_is_refused_with_its_line(tmp_path):
    path = tmp_path / "cv.toml"
    path.write_text('[header]\nname = Tomas\n', encoding="utf-8")
    with pytest.raises(Exception, match="malformed TOML.*line 2"):
        load_document(path)


def test_org_link_to_a_paper_labels_its_title_in_quotes(tmp_path):
    path = tmp_path / "cv.org"
    path.write_text("#+AUTHOR: Vera Holm\n* Publications\n"
                    "1. V. Holm. [[https://arxiv.org/abs/2301.00001][Wave climates of shallow seas]]. Ocean Lett. (2023).\n"
                    "2. V. Holm and A. Lindqvist. [[https://example.org/papers/tides.pdf][Tides of the Baltic]], Coastal Notes.\n"
                    "* Work\n- Postdoc, [[https://example.org][Baltic Marine Lab]], 2016--2019\n", encoding="utf-8")
    assert [text for _, text in pairs(load_document(path))] == [
        "# Publications",
        "- V. Holm. “Wave climates of shallow seas”. Ocean Lett. (2023).",
        "- V. Holm and A. Lindqvist. “Tides of the Baltic”, Coastal Notes.",
        "# Work",
        "- Postdoc, Baltic Marine Lab, 2016--2019",  # a link to a homepage labels an organisation: kept as written
    ]


def test_rst_and_markdown_links_to_a_paper_label_its_title_in_quotes(tmp_path):
    # an initial before the title ("Lind, F. Tide gauges") no longer reads as the start of a name: the link ends the title
    rst, md = tmp_path / "cv.rst", tmp_path / "cv.md"
    rst.write_text("Publications\n============\n\nLedesma, B.R., Holm, V., Okafor-Lind, F. `Tide gauges for small estuaries "
                   "<https://doi.org/10.1000/xyz>`_. Journal of Invented Hydrology, 2016; 41: 7-12\n\n"
                   "Holm, V. `Project page <https://example.org/gauges>`_\n", encoding="utf-8")
    md.write_text("## Publications\n\n- Holm, V., Okafor-Lind, F. [Tide gauges for small estuaries.](https://arxiv.org/abs/2301.00001) "
                  "Hydrology Letters, 2018\n- Holm, V. <a href=\"files/tides.pdf\">Tides of small estuaries</a>, Coastal Notes\n"
                  # a link labelled with the journal, volume and year cites where the paper appeared: no title
                  "- Holm, V. *Brackish fronts.* [Coast. Eng. Lett.](https://doi.org/10.1000/abc) "
                  "[Tidal Letters **7**, 113 (2021)](https://doi.org/10.1000/def)\n"
                  # nor one after a title the line already gave (the subject in bold is no title)
                  "- **Holm, V.** *Saline wedges.* [Coastal Engineering Letters](https://doi.org/10.1000/ghi)\n",
                  encoding="utf-8")
    assert [text for _, text in pairs(load_document(rst))] == [
        "# Publications",
        "Ledesma, B.R., Holm, V., Okafor-Lind, F. “Tide gauges for small estuaries”. Journal of Invented Hydrology, 2016; 41: 7-12",
        "Holm, V. Project page",  # a link to a page that is no paper keeps its label as written
    ]
    assert [text for _, text in pairs(load_document(md))] == [
        "## Publications",
        "- Holm, V., Okafor-Lind, F. “Tide gauges for small estuaries” Hydrology Letters, 2018",
        "- Holm, V. “Tides of small estuaries”, Coastal Notes",
        "- Holm, V. Brackish fronts. Coast. Eng. Lett. Tidal Letters 7, 113 (2021)",
        "- Holm, V. Saline wedges. Coastal Engineering Letters",
    ]


# -- what real documents write: markup inside markup, LaTeX's own idioms ---------------------
def test_markdown_raw_html_headings_keep_their_level(tmp_path):
    # people listed in HTML blocks inside Markdown: each name is a heading, as its <h4> says
    path = tmp_path / "group.md"
    path.write_text("## Group\n\n<section>\n<h4><b>Ines Vidal, PhD</b></h4>\n"
                    "<p>Research Associate<br>\nPhD in Botany, Vellmar University, 2019</p>\n</section>\n\n"
                    '<h5 id="x">Interests</h5>\n', encoding="utf-8")
    assert pairs(load_document(path)) == [(1, "## Group"), (4, "#### Ines Vidal, PhD"), (5, "Research Associate"),
                                          (6, "PhD in Botany, Vellmar University, 2019"), (9, "##### Interests")]


def test_yaml_values_written_in_html_or_markdown_read_as_text(tmp_path):
    # a site's data file holds what its template prints as it is: links keep their text, list items are lines
    path = tmp_path / "cv.yml"
    path.write_text("name: Vera Holm\nprizes:\n  - year: 2024\n    text: 'Prize of the <a href=\"https://e.example.org\">"
                    "Estuary Society</a> for [tide gauges](https://example.org/gauges)'\n"
                    "fieldwork:\n  - 'Basins: <ul><li>North basin</li><li>South basin</li></ul>'\n", encoding="utf-8")
    assert pairs(load_document(path)) == [(1, "name: Vera Holm"), (2, "# Prizes"), (3, "2024"),
                                          (4, "Prize of the Estuary Society for tide gauges"), (5, "# Fieldwork"),
                                          (6, "- Basins:"), (6, "North basin"), (6, "South basin")]


def test_a_record_key_naming_the_advisor_labels_the_name(tmp_path):
    # a page that is all front matter reads as its rendered records: "supervisor:" says who the name is
    path = tmp_path / "about.md"
    path.write_text("---\ntitle: Vera Holm\neducation:\n  - period: 2014-2019\n    degree: PhD in Limnology\n"
                    "    school: Vellmar University\n    supervisor: Ada Lindqvist\n---\n", encoding="utf-8")
    assert (4, "2014-2019 | PhD in Limnology | Vellmar University | Supervisor: Ada Lindqvist") in pairs(load_document(path))
    subject, triples = extracted(path)
    assert subject == "Vera Holm"
    assert {(subject, "studiedAt", "Vellmar University"), (subject, "advisedBy", "Ada Lindqvist")} <= triples


def test_latex_newblock_separates_a_references_blocks(tmp_path):
    # a bibliography in a bibliography style's blocks (authors, title, venue), the title with no period of its own
    path = tmp_path / "cv.tex"
    path.write_text("\\documentclass{article}\n\\author{Vera Holm}\n\\begin{document}\n\\section{Publications}\n"
                    "\\begin{thebibliography}{9}\n\\bibitem{holm08} Vera Holm and Bruno Ledesma.\n"
                    "\\newblock Tidal gauges of small invented estuaries\n"
                    "\\newblock {\\em Journal of Invented Hydrology}, 25(2):101--113, 2008.\n"
                    "\\end{thebibliography}\n\\end{document}\n", encoding="utf-8")
    assert (6, "Vera Holm and Bruno Ledesma. | Tidal gauges of small invented estuaries | "
               "Journal of Invented Hydrology, 25(2):101–113, 2008.") in pairs(load_document(path))
    subject, triples = extracted(path)
    title = "Tidal gauges of small invented estuaries"
    assert {(subject, "authored", title), ("Bruno Ledesma", "authored", title), (subject, "coauthored", "Bruno Ledesma"),
            (title, "publishedIn", "Journal of Invented Hydrology")} <= triples


def test_latex_macro_defined_with_a_delimiter_prints_its_text():
    # plain TeX's \def\inst/{..}: a use writes the delimiter after the name, and it is part of the call
    tex = ("\\documentclass{article}\n\\def\\inst/{Institute}\n\\newcommand{\\uni}{Vellmar University}\n\\begin{document}\n"
           "\\section{Work}\nLecturer, \\inst/ of Botany, \\uni, 2019\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["# Work", "Lecturer, Institute of Botany, Vellmar University, 2019"]


def test_latex_german_shorthands_of_babel_are_quotes_and_umlauts():
    body = "\\begin{document}\n\\section{Vortr\"age}\nM\"unchen: \"`Gezeiten kleiner Seen\"'\n\\end{document}"
    lines, _ = parse_latex("\\documentclass[ngerman]{article}\n" + body)
    assert [line.text for line in lines] == ["# Vorträge", "München: „Gezeiten kleiner Seen“"]
    lines, _ = parse_latex("\\documentclass{article}\n" + body)  # without German, a " is the character it is
    assert [line.text for line in lines] == ['# Vortr"age', 'M"unchen: "`Gezeiten kleiner Seen"\'']
    # German loaded beside English, the main language (babel's last): no shorthands either
    lines, _ = parse_latex("\\documentclass{article}\n\\usepackage[ngerman,english]{babel}\n" + body)
    assert [line.text for line in lines] == ['# Vortr"age', 'M"unchen: "`Gezeiten kleiner Seen"\'']


def test_latex_length_given_to_an_unknown_macro_is_no_text():
    tex = ("\\begin{document}\n\\section{Skills}\n\\gapabove{3pt}\n\\indentby{-0.5\\linewidth}\n\n"
           "\\skillyear{2019}\n\n\\tableentry{2pt}{Hydraulic modelling}\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["# Skills", "2019", "Hydraulic modelling"]


def test_html_fields_set_side_by_side_are_read_apart(tmp_path):
    # a label and its value with no space between them are two fields, in HTML and in HTML inside Markdown
    written = ('<p><strong>Present post</strong>Vellmar Labs</p>\n<p><span class="k">Degree</span>'
               '<span class="v">PhD in Botany</span></p>\n<table><tr><td>2019</td><td>Lecturer</td></tr></table>\n'
               "<p><b>Mc</b>Intyre and <b>Email:</b> ines@example.org</p>\n<p>Intern at <b>Tide</b>Works Analytics</p>\n")
    md, page = tmp_path / "about.md", tmp_path / "about.html"
    md.write_text(written, encoding="utf-8")
    page.write_text("<html><body>\n" + written + "</body></html>\n", encoding="utf-8")
    expected = ["Present post | Vellmar Labs", "Degree | PhD in Botany", "2019 | Lecturer",
                "McIntyre and Email: ines@example.org",  # a bold part of a word is no label
                "Intern at TideWorks Analytics"]
    assert [text for _, text in pairs(load_document(md))] == expected
    assert [text for _, text in pairs(load_document(page))] == expected


def test_an_empty_end_date_of_a_timeline_record_is_the_current_position(tmp_path):
    # Hugo's timeline widget in Dutch: `date_end = ""` is a position held now, no end-less single date
    path = tmp_path / "timeline.md"
    path.write_text('+++\nwidget = "timeline"\ntitle = "Opleiding en ervaring"\n\n[[period]]\n'
                    '  title = "Wetenschappelijk medewerker"\n  subtitle = "Koninklijke Sterrenwacht van Valmaar"\n'
                    '  date_start = "2025-02-01"\n  date_end = ""\n\n[[period]]\n  title = "Doctoraat Geofysica"\n'
                    '  subtitle = "Universiteit Tervaal"\n  date_start = "2018-10-01"\n  date_end = "2024-02-26"\n+++\n',
                    encoding="utf-8")
    assert (6, "Wetenschappelijk medewerker | Koninklijke Sterrenwacht van Valmaar | 2025-02-01 - present") in pairs(load_document(path))
    subject, triples = extracted(path)
    assert {(subject, "workedAt", "Koninklijke Sterrenwacht van Valmaar"),
            (subject, "studiedAt", "Universiteit Tervaal")} <= triples


def test_latex_gaps_in_r_markdown_separate_fields(tmp_path):
    # R Markdown CVs (vitae, pandoc to PDF) put LaTeX between an entry's fields: "\hfill\ _dates_"
    path = tmp_path / "cv.Rmd"
    path.write_text("---\ntitle: Lorenz Quade\n---\n\n# Wissenschaftlicher Werdegang\n\n"
                    "**Fachpraktikum** _Thalberg Institut, Finnland_ \\hfill\\ _Apr. 2008 - Sep. 2008_\\\n"
                    "Untersuchungen zur Kompensation\n", encoding="utf-8")
    assert (7, "Fachpraktikum Thalberg Institut, Finnland | Apr. 2008 - Sep. 2008") in pairs(load_document(path))
    subject, triples = extracted(path)
    assert (subject, "workedAt", "Thalberg Institut") in triples
    assert not [t for t in triples if t[2] in ("Fachpraktikum", "Thalberg Institut, Finnland \\hfill")]


def test_a_label_span_and_a_brands_small_text_are_apart_from_the_text_they_run_into():
    from kg.ingest._html import parse_html

    lines, _ = parse_html('<div><span>Current affiliation</span>Quillon Electronics</div>'
                          '<a class="brand"><span>VANE LABORATORY<small>Tarnow Institute for Heart Research</small></span></a>'
                          '<p>Mc<b>Intyre</b></p>')
    assert [line.text for line in lines] == ["Current affiliation | Quillon Electronics",
                                             "VANE LABORATORY | Tarnow Institute for Heart Research", "McIntyre"]


def test_latex_percent_inside_a_url_argument_is_the_urls_not_a_comment():
    # hyperref reads \url and \href's target verbatim: "%20" there does not end the line's text
    tex = ("\\documentclass{article}\n\\begin{document}\n\\section{Work}\n"
           "Lecturer, \\href{https://example.org/a%20b}{Vellmar University}, 2019--2021 % left out\n\n"
           "Page: \\url{https://example.org/x%2Fy}, 50\\% time % left out\n\\end{document}")
    lines, _ = parse_latex(tex)
    assert [line.text for line in lines] == ["# Work", "Lecturer, Vellmar University, 2019–2021",
                                             "Page: https://example.org/x%2Fy, 50% time"]


def test_markdown_shortcode_card_keeps_its_description_as_a_paragraph(tmp_path):
    # a team card's description in sentences (long, with an apostrophe and a slash) is read, below the card's fields
    path = tmp_path / "team.md"
    path.write_text('## Team\n\n{{< team_member image="/img/brandt.png" title="Oskar Brandt" role="Postdoc" '
                    'description="Oskar Brandt is a postdoc in the Fjord Lab at the University of Lundmark, where he '
                    "models tides and sediment/salt exchange in the region's inlets. He studied in Bergvik.\" >}}\n",
                    encoding="utf-8")
    assert pairs(load_document(path)) == [
        (1, "## Team"), (3, "Oskar Brandt — Postdoc"),
        (3, "Oskar Brandt is a postdoc in the Fjord Lab at the University of Lundmark, where he models tides and "
            "sediment/salt exchange in the region's inlets. He studied in Bergvik.")]


def test_html_photo_inside_a_link_that_names_its_person_is_not_read_twice(tmp_path):
    # a team grid: each card a link holding a photo (its alt text a description, or another card's name) and the name
    path = tmp_path / "team.html"
    path.write_text('<h3>Students</h3>\n<div><a href="https://a.example.org"><img src="a.png" alt="Oskar Brandt" />'
                    'Oskar Brandt</a></div>\n<div><a href="https://b.example.org"><img src="b.png" alt="I am smiling." />\n'
                    'Ines Vidal</a></div>\n<div><img src="c.png" alt="Vera Holm"></div>\n', encoding="utf-8")
    assert pairs(load_document(path)) == [(1, "### Students"), (2, "Oskar Brandt"), (4, "Ines Vidal"), (5, "Vera Holm")]
