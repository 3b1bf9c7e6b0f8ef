"""The PDF reader on CV layouts: the facts of an invented CV rendered as a PDF (tests/pdf_cvs.py)
against the same CV as text, and the reader's rules one by one (running headers and footers,
hyphenated words, wrapped lines, columns, line numbers)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kg.ingest import load_document
from kg.ingest._pdf import _compose, _dehyphenate, parse_pdf

from pdf_cvs import CVS, LAYOUTS, Placed, render, write_pdf
from test_formats import facts


@pytest.fixture(scope="module")
def text_facts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("text")
    found = []
    for index, cv in enumerate(CVS):
        path = folder / f"cv{index}.txt"
        path.write_text(cv.text(), encoding="utf-8")
        found.append(facts(path)[2])
    return found


# Exact for every CV in the date-column, running-header and publication layouts. Where a narrow
# column holds the header, a title line that fills most of it ("Associate Professor of Atmospheric
# Chemistry" over "Universidad de Valdemora") is read as one wrapped line, so the role taken from
# the header differs; and a bullet glyph before an entry the text lacks makes the extractor read
# one entry as an item. Those cost at most 3 relations a CV.
@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_pdf_layout_gives_the_facts_of_the_text(layout, text_facts, tmp_path):
    for index, cv in enumerate(CVS):
        path = tmp_path / f"cv{index}.pdf"
        path.write_bytes(render(cv, layout))
        subject, _, found = facts(path)
        expected = text_facts[index]
        assert subject
        if layout in {"date_column", "running_header"}:
            assert found == expected, (cv.name, expected ^ found)
        else:
            assert len(expected - found) <= 3 and len(found - expected) <= 3, (cv.name, expected ^ found)


def pdf_lines(placed, size=(148, 210)):
    lines, metadata = parse_pdf(write_pdf(placed, size))
    return [(line.number, line.text) for line in lines], metadata


def test_running_headers_footers_and_page_numbers_are_dropped():
    placed = []
    for page in range(3):
        placed += [Placed(page, 15, 12, "Joris Vandersloot - Curriculum Vitae", 8),
                   Placed(page, 15, 30, ["Education", "Teaching", "Service"][page], 12, True),
                   Placed(page, 15, 36, ["MSc, Rostburg", "Fluid dynamics", "Referee"][page]),
                   Placed(page, 66, 200, f"Page {page + 1} of 3", 8)]
    lines, metadata = pdf_lines(placed)
    assert [text for _, text in lines] == ["Education", "MSc, Rostburg", "Teaching", "Fluid dynamics",
                                           "Service", "Referee"]
    # dropped lines keep their numbers: each page's body still starts one line after its header
    assert metadata["page_starts"] == (1, 5, 9)
    assert [number for number, _ in lines] == [2, 3, 6, 7, 10, 11]


def test_a_name_printed_large_atop_every_page_is_page_one_s_title():
    placed = []
    for page in range(3):
        placed += [Placed(page, 60, 14, "Ilse Varnholt", 16, True),  # as large on every page: no smaller repeat
                   Placed(page, 15, 30, ["Education", "Teaching", "Service"][page], 12, True),
                   Placed(page, 15, 36, ["Dr. rer. nat., Lindenau", "Fluid dynamics", "Referee"][page])]
    lines, _ = pdf_lines(placed)
    assert [text for _, text in lines] == ["Ilse Varnholt", "Education", "Dr. rer. nat., Lindenau", "Teaching",
                                           "Fluid dynamics", "Service", "Referee"]
    # headings in a left margin column of their own, read before the text beside them: the title still comes first
    placed = [Placed(page, 60, 14, "Ilse Varnholt", 16, True) for page in range(2)]
    headings = [("Contact", "Education", "Teaching", "Service"), ("Talks", "Awards", "Skills", "Languages")]
    for page, headings in enumerate(headings):
        for index, heading in enumerate(headings):
            placed.append(Placed(page, 12, 30 + 40 * index, heading, 9, True))
            placed += [Placed(page, 45, 33 + 40 * index + 6 * row, f"{heading} entry {row} with some more words")
                       for row in range(4)]
    lines, _ = pdf_lines(placed)
    assert [text for _, text in lines][:3] == ["Ilse Varnholt", "Contact", "Education"]


def test_a_metadata_title_the_pages_never_print_is_a_template_s_default_and_goes():
    placed = [Placed(0, 15, 20, "Ilse Varnholt", 16, True), Placed(0, 15, 30, "Dr. rer. nat., Lindenau")]
    assert "title" not in parse_pdf(write_pdf(placed, title="Thesis Template Example"))[1]
    assert parse_pdf(write_pdf(placed, title="Ilse Varnholt - CV"))[1]["title"] == "Ilse Varnholt - CV"


def test_a_line_opening_with_a_word_and_a_year_starts_an_entry():
    placed = [Placed(0, 15, 30, "Depuis 2024 Postdoctorante, Rostburg School of Economics, Chaire Climat et Mer,"),
              Placed(0, 15, 35, "Encadrée par Jana Okafor, Marek Dvorak, Tomas Berg, Ilse Brandt-Okafor, Lotte Maas"),
              Placed(0, 15, 40, "Depuis 2023 Chercheuse Associée, Institut Marin de Valdemora (IMV)"),
              Placed(0, 15, 45, "Mai 2022 Chercheuse Invitée, Observatoire de Lindenau")]
    assert [text for _, text in pdf_lines(placed)[0]][1:] == ["Depuis 2023 Chercheuse Associée, Institut Marin de Valdemora (IMV)",
                                                             "Mai 2022 Chercheuse Invitée, Observatoire de Lindenau"]


def test_a_heading_in_capitals_in_the_margin_a_little_off_its_entry_s_baseline_opens_its_section():
    placed = [Placed(0, 60, 14, "Ilse Varnholt", 16, True)]
    for index, (heading, entries) in enumerate([("EDUCATION", ["2016-2020 PhD in Oceanography, University of Lindenau",
                                                              "2014-2016 MSc in Physics, University of Rostburg"]),
                                                ("HONORS AND", ["Fellowship of the Valdemora Society"]),
                                                ("AWARDS", ["Best Poster Award, Coastal Days"]),
                                                ("TEACHING", ["Lecturer in fluid dynamics, University of Lindenau"])]):
        placed.append(Placed(0, 12, 30.9 + 20 * index, heading, 10, True))  # set 0.9 mm below its entry's baseline
        placed += [Placed(0, 60, 30 + 20 * index + 6 * row, entry) for row, entry in enumerate(entries)]
    texts = [text for _, text in pdf_lines(placed)[0]]
    assert texts.index("EDUCATION") == texts.index("2016-2020 PhD in Oceanography, University of Lindenau") - 1
    assert texts.index("TEACHING") == texts.index("Lecturer in fluid dynamics, University of Lindenau") - 1


def test_a_lone_page_number_goes_but_a_line_repeated_in_the_body_stays():
    lines, _ = pdf_lines([Placed(0, 15, 30, "Teaching"), Placed(0, 15, 36, "Teaching"), Placed(0, 15, 42, "2019"),
                          Placed(0, 15, 48, "Statistics II"), Placed(0, 15, 54, "Teaching"),
                          Placed(0, 70, 200, "- 1 -", 8)])
    assert [text for _, text in lines] == ["Teaching", "Teaching", "2019", "Statistics II", "Teaching"]


def test_hyphen_joins():
    plain = Counter()
    assert _dehyphenate("PhD, Univer-", "sity of Lindmark", plain) == "PhD, University of Lindmark"
    # a word already joined by hyphens ends a line at one of them: the hyphen stays
    assert _dehyphenate("a state-of-the-", "art flume", plain) == "a state-of-the-art flume"
    # the hyphenated form written elsewhere in the document wins over the joined one ...
    assert _dehyphenate("was co-", "supervised by", Counter({"co-supervised": 1})) == "was co-supervised by"
    # ... unless the joined word is written elsewhere too
    assert _dehyphenate("Forschungs-", "zentrum Ostmark", Counter({"forschungszentrum": 2, "forschungs-zentrum": 1})) \
        == "Forschungszentrum Ostmark"
    # a capital after the hyphen is a compound's next part, not a broken word
    assert _dehyphenate("Max-", "Planck-Institut", plain) == "Max-Planck-Institut"


def test_wrapped_entry_is_one_line_numbered_where_it_starts_even_across_a_page_break():
    placed = [Placed(0, 15, 20, "Positions", 12, True),
              Placed(0, 15, 26, "2015–2019 Research Fellow at the Institute for Coastal Dynamics and"),
              Placed(0, 15, 31, "Estuarine Morphology, a research centre which is run jointly by the"),
              Placed(1, 15, 20, "Universität Ostmark and Brakel Hydro, Rostburg"),
              Placed(1, 15, 30, "2019–present Lecturer, Ostmark School of Engineering"),
              Placed(1, 15, 35, "and Applied Geo-"), Placed(1, 15, 40, "sciences, teaching sediment transport")]
    lines, metadata = pdf_lines(placed)
    assert lines == [(1, "Positions"),
                     (2, "2015–2019 Research Fellow at the Institute for Coastal Dynamics and Estuarine Morphology, "
                         "a research centre which is run jointly by the Universität Ostmark and Brakel Hydro, Rostburg"),
                     (5, "2019–present Lecturer, Ostmark School of Engineering"),
                     (6, "and Applied Geosciences, teaching sediment transport")]
    assert metadata["page_starts"] == (1, 4)


def test_date_cell_written_after_its_entry_comes_first_and_a_sidebar_is_read_column_by_column():
    lines, _ = pdf_lines([Placed(0, 50, 30, "Lecturer, Ostmark School of Engineering"), Placed(0, 15, 30, "2019–2023"),
                          Placed(0, 50, 36, "Tutor, Rostburg College"), Placed(0, 15, 36, "2016–2019"),
                          Placed(0, 50, 42, "Analyst, Brakel Hydro"), Placed(0, 15, 42, "2014–2016")], (210, 297))
    assert [text for _, text in lines] == ["2019–2023 Lecturer, Ostmark School of Engineering",
                                           "2016–2019 Tutor, Rostburg College", "2014–2016 Analyst, Brakel Hydro"]
    side = [Placed(0, 10, 20 + 4.3 * i, text, 8.5 + 2 * (i % 2 == 0), i % 2 == 0) for i, text in enumerate(
        ["Contact", "Rostburg, Ostmark", "Languages", "Dutch, German", "Skills", "Flume experiments"])]
    main = [Placed(0, 72, 22 + 6 * i, text, 10 + 2 * (i % 2 == 0), i % 2 == 0) for i, text in enumerate(
        ["Experience", "2019–2023 Lecturer, Ostmark School of Engineering", "Education",
         "2010–2014 PhD in Hydraulics, Universität Ostmark"])]
    lines, _ = pdf_lines(sorted(side + main, key=lambda p: (p.y, p.x)), (210, 297))
    texts = [text for _, text in lines]
    assert texts[:6] == [p.text for p in side] and texts[6:] == [p.text for p in main]


def test_without_pypdf_layout_internals_the_plain_text_is_read(monkeypatch):
    import kg.ingest._pdf as reader

    def unavailable(page):
        raise AttributeError("a pypdf without layout-mode internals")

    monkeypatch.setattr(reader, "_pieces", unavailable)
    lines, _ = pdf_lines([Placed(0, 15, 20, "Joris Vandersloot"), Placed(0, 15, 26, "Lecturer in Hydraulics"),
                          Placed(0, 70, 200, "1", 8)])
    assert [text for _, text in lines] == ["Joris Vandersloot", "Lecturer in Hydraulics"]


def test_dates_at_a_tab_stop_on_the_right_stay_with_their_entries():
    placed = []
    y = 20
    for entry, dates in (("Lecturer, Ostmark School of Engineering", "2019–2023"), ("Tutor, Rostburg College", "2016–2019"),
                         ("Analyst, Brakel Hydro", "2014–2016")):
        placed += [Placed(0, 15, y, entry), Placed(0, 160, y, dates),
                   Placed(0, 20, y + 5, "Taught sediment transport and river engineering to"),
                   Placed(0, 20, y + 10, "second-year students")]
        y += 18
    lines, _ = pdf_lines(placed, (210, 297))
    texts = [text for _, text in lines]
    assert texts[0] == "Lecturer, Ostmark School of Engineering 2019–2023"
    assert "Analyst, Brakel Hydro 2014–2016" in texts and not any(text.startswith("20") for text in texts)


def test_the_name_as_page_one_title_stays_when_later_pages_carry_it_as_their_header():
    placed = [Placed(0, 15, 20, "Joris Vandersloot", 18, True), Placed(0, 15, 30, "Lecturer in Hydraulics"),
              Placed(0, 15, 40, "Teaching", 12, True)]
    for page in (1, 2):
        placed += [Placed(page, 15, 12, "Joris Vandersloot", 8), Placed(page, 15, 30, ["Service", "Talks"][page - 1], 12, True),
                   Placed(page, 15, 36, ["Referee for two journals", "Invited seminar, Rostburg"][page - 1])]
    lines, _ = pdf_lines(placed)
    assert [text for _, text in lines] == ["Joris Vandersloot", "Lecturer in Hydraulics", "Teaching", "Service",
                                           "Referee for two journals", "Talks", "Invited seminar, Rostburg"]


def test_a_superscript_stays_on_its_line():
    lines, _ = pdf_lines([Placed(0, 15, 20, "[1] Vandersloot, J."), Placed(0, 44, 18.7, "*", 6),
                          Placed(0, 46, 20, "and Brakel, M. Scour at bridge piers. Journal of Ostmark Hydraulics,"),
                          Placed(0, 15, 25, "12:1–9, 2020.")], (210, 297))
    assert [text for _, text in lines][0].startswith("[1] Vandersloot, J. * and Brakel, M. Scour")


def test_two_columns_of_text_sharing_baselines_are_read_one_after_the_other():
    left = ["Education", "2010–2014 PhD in Hydraulics, Universität", "Ostmark", "Experience", "2019– Lecturer, Brakel"]
    right = ["Publications", "[1] Sediment pulses in braided rivers.", "Rostburg Letters, 2016.", "Awards", "Flume prize"]
    placed = [Placed(0, x, 30 + 6 * i, text) for x, column in ((15, left), (110, right)) for i, text in enumerate(column)]
    lines, _ = pdf_lines(sorted(placed, key=lambda p: (p.y, p.x)), (210, 297))
    texts = [text for _, text in lines]
    assert texts.index("Publications") > texts.index("Experience") and not any("Education Publications" in t for t in texts)


def _printed(name: str, folder: str = "cv_formats") -> list[str]:
    """The lines the reader finds in an invented CV of tests/data/FOLDER as pdfLaTeX/XeLaTeX printed it."""
    path = Path(__file__).parent / "data" / folder / name
    return [line.text for line in parse_pdf(path.read_bytes())[0]]


def test_xelatex_word_gaps_made_only_of_offsets_are_spaces_and_icon_glyphs_go():
    lines = _printed("awesome_cv_de.pdf")  # XeLaTeX: Identity-H fonts without a space glyph, Font Awesome icons
    assert "Max-Planck-Institut für Hirnforschung | Frankfurt am Main" in lines  # the right-aligned place: a cell
    assert "- Betreuer: Prof. Dr. Konrad Eschweiler" in lines
    assert "l.brueckner@example.de" in lines  # the envelope icon before the address is gone
    assert lines[:2] == ["Leonie Brückner-Haas", "NEUROWiSSENSCHAFTLERiN"]  # a smaller line below is no superscript


def test_pdflatex_accents_drawn_as_glyphs_of_their_own_join_their_letters():
    lines = _printed("projekte_de.pdf")  # pdfLaTeX's OT1 encoding: "Universit¨at"
    assert "2011–2015 Promotion in Meteorologie, Universität Lindenau" in lines


def test_an_accent_over_a_dotless_i_makes_an_accented_i():
    # pdfLaTeX draws \\'{\\i} as the accent, a gap and a dotless i: "Garc´ ıa", "Maˆ ıtre de conf´erences"
    assert _compose("Luc´ ıa Garc´ ıa Ordu˜na, Maˆ ıtresse de conf´erences") == "Lucía García Orduña, Maîtresse de conférences"
    assert _compose("a plain ı stays") == "a plain ı stays"


def test_a_sidebar_is_read_before_the_main_column_and_its_large_name_is_one_line():
    # cv_formats/twentysecondcv_en.tex printed; its facts are not all found yet, so it is not graded there
    lines = _printed("twentysecondcv_sidebar_en.pdf", "pdf")  # the name set large over three sidebar lines
    assert lines[0] == "Caspian Oduya-Whitlock"
    # the main column's headings stand a little left of its text and still belong to it
    assert lines.index("Experience") > lines.index("About me")
    assert lines[lines.index("Experience") + 1].startswith("2019 - now Lead Developer")


def test_a_form_label_beside_the_name_in_larger_type_is_a_line_of_its_own():
    lines = _printed("europasscv_de.pdf")  # europasscv: "ANGABEN ZUR PERSON" in small capitals, the name large
    assert lines[1:3] == ["ANGABEN ZUR PERSON", "Lorenz Pfeilschifter"]
    assert "Staatsangehörigkeit deutsch" in lines  # label and value in one type size stay one line


# -- word processors' and browsers' PDFs (tests/office_pdfs.py) ----------------------------------

OFFICE = Path(__file__).parent / "data" / "cv_formats"


def office_lines(name: str) -> list[str]:
    return [line.text for line in load_document(OFFICE / name).lines]


def test_symbol_and_wingdings_bullets_are_bullets():
    # Word and Writer write a Symbol-font bullet as U+F0B7, a private-use code point
    texts = office_lines("cv_tabulations_fr.pdf")
    assert "- Directrice de thèse : Hélène Castagnéry" in texts
    assert not any("\uf0b7" in text for text in texts)


def test_newspaper_columns_in_part_of_a_page_are_read_column_by_column():
    texts = office_lines("cv_frames_en.pdf")
    start = texts.index("Publications")
    assert texts[start + 1:start + 5] == [
        "D. Marchbanks and I. Holloway-Mbeki. Wave overtopping of flexible breakwaters. Coastal Engineering, "
        "128:44–57, 2017.",
        "D. Marchbanks and S. Fairlie. Scour beneath floating offshore wind moorings. Ocean Engineering, "
        "229:108–121, 2021.",
        "S. Fairlie, D. Marchbanks and I. Holloway-Mbeki. Field measurements of flushing efficiency in small harbours. "
        "Journal of Waterway, Port, Coastal, and Ocean Engineering, 148(2):04021051, 2022.",
        "Awards"]


def test_three_columns_of_cards_are_read_card_by_card():
    top = [Placed(0, 15, 20, "Glacier Group, Rostburg Institute of Snow Physics", 14, True)]
    people = [("Joris Vandersloot", "Research scientist", "Avalanche dynamics"),
              ("Ngozi Okafor", "Doctoral student", "Firn densification"), ("Ilse Brandt", "Postdoc", "Snow radar")]
    cards = [Placed(0, 15 + 62 * column, 32 + 5 * row, card[row]) for column, card in enumerate(people) for row in range(3)]
    lines, _ = pdf_lines(top + sorted(cards, key=lambda p: (p.y, p.x)), (210, 297))
    assert [text for _, text in lines] == [top[0].text] + [p.text for p in cards]


def test_a_table_cells_paragraphs_stay_lines_of_their_own():
    # the next paragraph would not have fitted after a short line either: only the pitch tells them apart
    texts = office_lines("lebenslauf_tabelle_de.pdf")
    assert "Institut für Bodenkunde, Leibniz Universität Hannover" in texts
    assert "Stickstoffdynamik in Auenböden; Lehre im Bachelorstudiengang Geowissenschaften" in texts


def test_a_label_cell_in_capitals_is_parted_from_the_entry_beside_it_and_joined_where_it_wraps():
    texts = office_lines("europass_tabla_es.pdf")
    assert "EXPERIENCIA PROFESIONAL" in texts  # two lines in its narrow column, flush right
    start = texts.index("PUBLICACIONES")
    assert texts[start + 1].startswith("Valcárcel Otaegui, I., Iriondo Badiola, C. (2015). Migración vertical")
    assert "01/2020 – actualidad Investigadora Ramón y Cajal" in texts


def test_a_date_range_wrapped_at_its_dash_is_one_line():
    assert "PhD in Computer Science, Westbrook University, 2014 – 2019" in office_lines("homepage_sidebar_en.pdf")


def test_what_a_browser_prints_in_the_margins_goes():
    body = ["Joris Vandersloot", "Lecturer in Hydraulics, Ostmark School of Engineering", "Experience",
            "2019–present Lecturer, Ostmark School of Engineering", "2014–2019 Analyst, Brakel Hydro, Rostburg"]
    placed = [Placed(0, 6, 8, "27/11/2026, 14:44", 7), Placed(0, 90, 8, "Joris Vandersloot", 7),
              *[Placed(0, 15, 25 + 8 * index, text, (16, 10, 12, 10, 10)[index]) for index, text in enumerate(body)],
              Placed(0, 6, 290, "https://vandersloot.example.org/cv.html", 7), Placed(0, 195, 290, "1/1", 7)]
    lines, _ = pdf_lines(placed, (210, 297))
    assert [text for _, text in lines] == body


def test_a_heading_spaced_out_letter_by_letter_reads_as_its_words():
    from fpdf import FPDF

    measure = FPDF()
    measure.set_font("helvetica", size=13)
    letters = []
    x = 15.0
    for char in "CURRICULUM VITAE":  # each letter, the space too, followed by 1.2 mm
        if char != " ":
            letters.append(Placed(0, x, 20, char, 13))
        x += measure.get_string_width(char) + 1.2
    lines, _ = pdf_lines(letters + [Placed(0, 15, 30, "Joris Vandersloot"),
                                    Placed(0, 15, 36, "Lecturer in Hydraulics, Ostmark School of Engineering")], (210, 297))
    assert [text for _, text in lines] == ["CURRICULUM VITAE", "Joris Vandersloot",
                                           "Lecturer in Hydraulics, Ostmark School of Engineering"]


def test_a_tab_leaders_dots_go():
    lines, _ = pdf_lines([Placed(0, 15, 20, "PhD in Hydraulics, Universität Ostmark ............................ 2010 – 2014")])
    assert [text for _, text in lines] == ["PhD in Hydraulics, Universität Ostmark 2010 – 2014"]


def test_headings_in_a_tables_left_column_are_lines_of_their_own():
    # a word processor's table CV: the section's name in the left cell of its first entry's row
    rows = [("Experience", "Lecturer, Ostmark School of Engineering, 2019 – present"), ("", "Taught sediment transport."),
            ("", "Analyst, Brakel Hydro, Rostburg, 2014 – 2019"),
            ("Education", "PhD in Hydraulics, Universität Ostmark, 2010 – 2014"), ("", "Supervisor: Prof. Ilse Brandt")]
    placed = [Placed(0, 15, 20, "Joris Vandersloot", 16)]
    for index, (label, entry) in enumerate(rows):
        placed += [Placed(0, 15, 30 + 7 * index, label, 10, True)] if label else []
        placed.append(Placed(0, 55, 30 + 7 * index, entry))
    lines, _ = pdf_lines(placed, (210, 297))
    assert [text for _, text in lines] == ["Joris Vandersloot", "Experience", rows[0][1], rows[1][1], rows[2][1],
                                           "Education", rows[3][1], rows[4][1]]


def test_a_table_is_read_row_by_row_with_its_cells_apart():
    # a lab's people table printed by a browser: ragged cells in one type size, every row full
    rows = [("Name", "Position", "Topic"), ("Joris Vandersloot", "Professor", "Scour at bridges"),
            ("Ngozi Okafor", "Postdoc", "Sand waves"), ("Ilse Brandt", "PhD student", "Flume experiments"),
            ("Tomasz Wierzbicki", "PhD student", "River dunes")]
    placed = [Placed(0, 15, 20, "People", 14, True)]
    placed += [Placed(0, 15 + 65 * column, 30 + 6 * row, cells[column]) for row, cells in enumerate(rows)
               for column in range(3)]
    lines, _ = pdf_lines(placed, (210, 297))
    assert [text for _, text in lines] == ["People"] + [" | ".join(cells) for cells in rows]


def test_a_space_drawn_off_its_place_where_a_soft_hyphen_was_does_not_cut_the_word():
    from fpdf import FPDF

    measure = FPDF()
    measure.set_font("helvetica", size=10)
    end = 15 + measure.get_string_width("Research")
    lines, _ = pdf_lines([Placed(0, 15, 20, "Research"), Placed(0, end - 4, 20, " "),
                          Placed(0, end, 20, "er at the Rostburg Institute for Hydrodynamics")], (210, 297))
    assert [text for _, text in lines] == ["Researcher at the Rostburg Institute for Hydrodynamics"]


def test_css_columns_whose_lines_do_not_share_baselines_are_read_column_by_column():
    # a browser's column-count: 2 under a centred header; headings' margins set the columns' baselines apart
    left = [(30, "Positions", 12), (37, "2019 – present", 10), (41.5, "Professor, Ostmark University", 10),
            (48, "2014 – 2019", 10), (52.5, "Senior Engineer, Brakel Hydro", 10), (60, "Education", 12),
            (67, "2008 – 2012", 10), (71.5, "PhD in Hydraulics, University of Lindmark", 10)]
    right = [(26, "2003 – 2008", 10), (30.5, "MSc in Civil Engineering, Rostburg", 10), (38, "Publications", 12),
             (44, "J. Vandersloot and I. Brandt. Scour at", 10), (48.5, "bridge piers. Hydraulic Research, 2012.", 10),
             (55, "N. Okafor and J. Vandersloot. Sand", 10), (59.5, "waves. Coastal Engineering, 2018.", 10),
             (66, "Languages", 12), (72, "Dutch, English, German", 10)]
    placed = [Placed(0, 70, 12, "Joris Vandersloot", 16), Placed(0, 45, 19, "Professor of Hydraulics · Ostmark University")]
    placed += sorted([Placed(0, 15, y, text, size) for y, text, size in left]
                     + [Placed(0, 110, y, text, size) for y, text, size in right], key=lambda p: p.y)
    lines, _ = pdf_lines(placed, (210, 297))
    texts = [text for _, text in lines]
    assert texts[:2] == ["Joris Vandersloot", "Professor of Hydraulics · Ostmark University"]
    assert texts.index("PhD in Hydraulics, University of Lindmark") < texts.index("2003 – 2008")
    assert texts[texts.index("Publications") + 1] == \
        "J. Vandersloot and I. Brandt. Scour at bridge piers. Hydraulic Research, 2012."


def test_a_left_column_heading_wrapped_beside_its_entry_s_lines_is_one_heading():
    # a LaTeX CV's margin headings: "Refereed" beside the first line of an entry, "Publications" beside its second,
    # the long second word ending close to the entries' edge
    rows = [("Education", "PhD in Hydraulics, Universität Ostmark, 2010 – 2014"), ("", "Supervisor: Prof. Ilse Brandt"),
            ("Refereed", "[2] Brandt, I. & Vandersloot, J. (2016) Sediment transport in"),
            ("Publications", "braided channels. Journal of Flumes, 4, 1-20."),
            ("", "[1] Vandersloot, J. (2014) Weirs of the Rostburg plain. Hydraulic Letters, 2, 5-9."),
            ("Teaching", "Lecturer in fluid dynamics, Ostmark School of Engineering"),
            ("Working", "Coastal:"), ("Papers", ""), ("", "Vandersloot, J. Tides of the Rostburg plain.")]
    placed, y = [Placed(0, 15, 20, "Joris Vandersloot", 16)], 25
    for label, entry in rows:
        y += 8 if label and label not in ("Publications", "Papers") else 5  # a section opens with some space
        placed += [Placed(0, 15, y, label, 11, True)] if label else []
        placed += [Placed(0, 45, y, entry)] if entry else []
    texts = [text for _, text in pdf_lines(placed, (210, 297))[0]]
    assert "Refereed Publications" in texts and "Publications" not in " ".join(texts).replace("Refereed Publications", "")
    assert texts[texts.index("Working Papers") + 1:] == ["Coastal:", "Vandersloot, J. Tides of the Rostburg plain."]
    assert texts[texts.index("Refereed Publications") + 1].endswith("Sediment transport in braided channels. Journal of Flumes, 4, 1-20.")


def test_a_date_column_whose_ranges_wrap_stays_with_its_entries():
    # a narrow date column: "01/09/2022" beside the entry's first line, "al" and "31/08/2025" on lines of their own
    placed = []
    y = 30
    for start, end, entry, more in (("01/09/2022", "31/08/2025", "Ricercatore postdoc, Laboratorio di Idraulica,",
                                     "Università di Rostburgo. Ospite: Prof. Joris Vandersloot"),
                                    ("01/10/2020", "31/08/2022", "Assegnista di ricerca, Istituto Brakel,",
                                     "Politecnico di Ostmark")):
        placed += [Placed(0, 15, y, start, 9), Placed(0, 45, y, entry), Placed(0, 15, y + 4, "al", 9),
                   Placed(0, 45, y + 5, more), Placed(0, 15, y + 8, end, 9)]
        y += 20
    placed += [Placed(0, 45, y + 5 * i, f"Riga di testo numero {i} della sezione successiva") for i in range(4)]
    lines, _ = pdf_lines(placed, (210, 297))
    texts = [text for _, text in lines]
    assert texts[0].startswith("01/09/2022 al 31/08/2025 Ricercatore postdoc")
    assert any(text.startswith("01/10/2020 al 31/08/2022 Assegnista") for text in texts)
    assert "al" not in texts


@pytest.mark.parametrize("raised", [0.0, 0.6])  # a smaller label set at its cell's top sits a little above the value
def test_form_labels_set_flush_right_stay_beside_their_values(raised):
    # a Europass-style form: a column of labels right-aligned against the values, written before them
    from fpdf import FPDF

    measure = FPDF()
    measure.set_font("helvetica", "", 8)
    rows = [("Dates", ["2016 - 2019"]), ("Name and address of employer", ["Institute of Fjords,", "Harbour Road 4, Bergvik"]),
            ("Occupation or position held", ["Postdoctoral researcher"]), ("Dates", ["2012 - 2016"])]
    placed, values, y = [Placed(0, 20, 20, "Oskar Brandt", 16, True), Placed(0, 20, 32, "WORK EXPERIENCE", 11, True)], [], 40
    for label, lines in rows:
        placed.append(Placed(0, 75 - measure.get_string_width(label), y - raised, label, 8))
        for value in lines:
            values.append(Placed(0, 80, y, value, 10))
            y += 5
        y += 2
    lines, _ = parse_pdf(write_pdf(placed + values))
    assert [line.text for line in lines] == [
        "Oskar Brandt", "WORK EXPERIENCE", "Dates | 2016 - 2019", "Name and address of employer | Institute of Fjords,",
        "Harbour Road 4, Bergvik", "Occupation or position held | Postdoctoral researcher", "Dates | 2012 - 2016"]


def test_an_entry_set_with_a_hanging_indent_continues_however_short_the_next_word():
    # TeX breaks lines for the paragraph, not greedily: the next line's first word may have fitted above it
    placed = [Placed(0, 15, 20, "Publications", 12, True),
              Placed(0, 15, 28, "2021: Tides of small invented estuaries and their salt wedges, measured, O. Brandt,"),
              Placed(0, 25, 33, "I. Vidal e V. Holm. Journal of Invented Hydrology 7."),
              Placed(0, 15, 38, "2019: Salt wedges of the northern basins of a fjord, measured again, O. Brandt, I. Vidal"),
              Placed(0, 25, 43, "e V. Holm. Coastal Letters 3."),
              Placed(0, 15, 48, "2018: A third invented paper on the tides of small estuaries and their basins, O. Brandt.")]
    assert [text for _, text in pdf_lines(placed, (210, 297))[0]] == [
        "Publications",
        "2021: Tides of small invented estuaries and their salt wedges, measured, O. Brandt, I. Vidal e V. Holm. "
        "Journal of Invented Hydrology 7.",
        "2019: Salt wedges of the northern basins of a fjord, measured again, O. Brandt, I. Vidal e V. Holm. Coastal Letters 3.",
        "2018: A third invented paper on the tides of small estuaries and their basins, O. Brandt."]
