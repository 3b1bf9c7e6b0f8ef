"""Invented CVs rendered into PDFs with the layouts real CV PDFs have, each with its text source.

A :class:`CV` is the content; :func:`render` lays it out on pages as positioned text
(:class:`Placed`) with one of :data:`LAYOUTS` and writes the PDF with fpdf2; :meth:`CV.text`
is the same CV typed as plain text, one entry a line. The layouts:

- ``date_column``: moderncv/europass style, dates in a narrow left column on the entry's first
  baseline, the entry wrapped in the right column (the date cell is written after the entry, as
  table cells and margin boxes can be);
- ``sidebar``: altacv style, a left sidebar (contact, languages, skills) beside the main column,
  written to the PDF in baseline order so the two columns interleave in the content stream, with
  dates right-aligned on the entry's first line;
- ``running_header``: small pages with a running header (name, "updated" date) and a footer
  ("Page 2 of 3") on every page, and entries that break across pages;
- ``hyphenated``: a narrow justified column with words hyphenated at line ends
  ("Univer-" / "sity");
- ``publications``: numbered entries ("[3]") with a hanging indent, bullets as glyphs;
- ``two_column``: the name and header across the page, then the sections in two equal columns
  (the first half on the left, the rest on the right; sidebar sections last), each entry's dates
  on a small line above it, written in baseline order so the columns interleave.

>>> pdf = render(CVS[0], "sidebar")
>>> pdf[:5]
b'%PDF-'
"""
from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Entry", "Section", "CV", "Placed", "CVS", "LAYOUTS", "render", "layout", "write_pdf"]


@dataclass(frozen=True)
class Entry:
    """One CV entry: its text, the dates shown beside it, and bulleted details under it."""

    text: str
    dates: str = ""
    details: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    heading: str
    entries: tuple[Entry, ...]
    numbered: bool = False


@dataclass(frozen=True)
class CV:
    """A CV: the name, header lines under it, sidebar sections (contact, languages) and main sections."""

    name: str
    header: tuple[str, ...]
    sidebar: tuple[Section, ...]
    sections: tuple[Section, ...]
    updated: str = "updated May 2024"

    def text(self) -> str:
        """The CV as a person would type it: one entry a line, dates first, details as ``- `` items."""
        lines = [self.name, *self.header]
        for section in (*self.sidebar, *self.sections):
            lines += ["", section.heading]
            for number, entry in enumerate(section.entries, 1):
                lead = f"[{number}] " if section.numbered else (f"{entry.dates} " if entry.dates else "")
                lines.append(lead + entry.text)
                lines += [f"- {detail}" for detail in entry.details]
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Placed:
    """A piece of text at a baseline position (millimetres from the page's top left)."""

    page: int
    x: float
    y: float
    text: str
    size: float = 10
    bold: bool = False


@dataclass
class _Flow:
    """Places lines down a column, starting new pages (with their running header) as it fills."""

    pdf: object
    top: float
    bottom: float
    header: object = None
    page: int = 0
    y: float = 0
    placed: list = field(default_factory=list)

    def __post_init__(self):
        self.y = self.top

    def need(self, height: float) -> None:
        if self.y + height > self.bottom:
            self.page += 1
            self.y = self.top

    def put(self, x: float, text: str, size: float = 10, bold: bool = False, *, advance: float | None = None) -> None:
        leading = advance if advance is not None else size * 0.5
        self.need(leading)
        self.y += leading
        self.placed.append(Placed(self.page, x, self.y, text, size, bold))

    def beside(self, x: float, text: str, size: float = 10, bold: bool = False) -> None:
        """Text on the baseline of the last line put (a date cell, a right-aligned date)."""
        self.placed.append(Placed(self.page, x, self.y, text, size, bold))


def _width(pdf, text: str, size: float, bold: bool = False) -> float:
    pdf.set_font("helvetica", "B" if bold else "", size)
    return pdf.get_string_width(text)


def wrap(pdf, text: str, width: float, size: float = 10, *, hyphenate: bool = False) -> list[str]:
    """``text`` broken into lines of at most ``width`` mm; long words split with a hyphen when asked."""
    lines: list[str] = []
    current = ""
    words = text.split()
    while words:
        word = words.pop(0)
        trial = f"{current} {word}" if current else word
        if _width(pdf, trial, size) <= width:
            current = trial
            continue
        if hyphenate and word.isalpha() and len(word) >= 7:
            for cut in range(len(word) - 3, 2, -1):
                head = f"{current} {word[:cut]}-" if current else f"{word[:cut]}-"
                if _width(pdf, head, size) <= width:
                    lines.append(head)
                    current = ""
                    words.insert(0, word[cut:])
                    break
            else:
                lines.append(current)
                current = word
            continue
        if current:
            lines.append(current)
        current = word
    if current:
        lines.append(current)
    return lines


def _new_pdf():
    from fpdf import FPDF

    pdf = FPDF(format="A4", unit="mm")
    pdf.core_fonts_encoding = "windows-1252"  # en dashes, bullets and accented letters with the core fonts
    pdf.set_auto_page_break(False)
    return pdf


def _date_column(pdf, cv: CV) -> list[Placed]:
    flow = _Flow(pdf, 15, 282)
    flow.put(50, cv.name, 20, True, advance=12)
    for line in cv.header:
        flow.put(50, line, 10)
    for section in (*cv.sidebar, *cv.sections):
        flow.put(50, section.heading, 13, True, advance=11)
        for number, entry in enumerate(section.entries, 1):
            lines = wrap(pdf, entry.text, 140)
            flow.put(50, lines[0], advance=6.5)
            if section.numbered:
                flow.beside(38, f"[{number}]")
            elif entry.dates:
                flow.beside(15, entry.dates, 9)
            for line in lines[1:]:
                flow.put(50, line)
            for detail in entry.details:
                for index, line in enumerate(wrap(pdf, detail, 134)):
                    flow.put(56, line)
                    if not index:
                        flow.beside(51, "•")
    return flow.placed


def _sidebar(pdf, cv: CV) -> list[Placed]:
    side = _Flow(pdf, 15, 282)
    side.put(10, cv.name, 15, True, advance=9)
    for line in cv.header:
        for part in wrap(pdf, line, 52, 8.5):
            side.put(10, part, 8.5, advance=4.3)
    for section in cv.sidebar:
        side.put(10, section.heading, 11, True, advance=9)
        for entry in section.entries:
            for part in wrap(pdf, entry.text, 52, 8.5):
                side.put(10, part, 8.5, advance=4.3)
    main = _Flow(pdf, 15, 282)
    for section in cv.sections:
        main.put(72, section.heading, 13, True, advance=10)
        for number, entry in enumerate(section.entries, 1):
            lead = f"[{number}] " if section.numbered else ""
            dates = entry.dates
            lines = wrap(pdf, lead + entry.text, 126 - (_width(pdf, dates, 9) + 4 if dates else 0))
            main.put(72, lines[0], advance=6.5)
            if dates:
                main.beside(200 - _width(pdf, dates, 9), dates, 9)
            for line in lines[1:]:
                main.put(72, line, advance=5.2)
            for detail in entry.details:
                for index, line in enumerate(wrap(pdf, detail, 122)):
                    main.put(77, line, advance=5.2)
                    if not index:
                        main.beside(73, "•")
    # paracol and tables write a page in baseline order: the two columns interleave in the stream
    return sorted(side.placed + main.placed, key=lambda p: (p.page, p.y, p.x))


def _running_header(pdf, cv: CV) -> list[Placed]:
    flow = _Flow(pdf, 22, 135)  # A5-sized text block: entries break across pages
    flow.put(15, cv.name, 16, True, advance=10)
    for line in cv.header:
        flow.put(15, line, 9)
    for section in (*cv.sidebar, *cv.sections):
        flow.put(15, section.heading, 12, True, advance=10)
        for number, entry in enumerate(section.entries, 1):
            lead = f"[{number}] " if section.numbered else (f"{entry.dates} " if entry.dates else "")
            for line in wrap(pdf, lead + entry.text, 115, 9):
                flow.put(15, line, 9, advance=5)
            for detail in entry.details:
                for index, line in enumerate(wrap(pdf, detail, 108, 9)):
                    flow.put(21, line, 9, advance=5)
                    if not index:
                        flow.beside(16, "•", 9)
    pages = flow.page + 1
    chrome = []
    for page in range(pages):
        chrome += [Placed(page, 15, 12, f"{cv.name} - Curriculum Vitae", 8),
                   Placed(page, 140 - _width(pdf, cv.updated, 8), 12, cv.updated, 8),
                   Placed(page, 66, 143, f"Page {page + 1} of {pages}", 8)]
    return sorted(flow.placed + chrome, key=lambda p: (p.page, p.y != 12, p.y, p.x))


def _hyphenated(pdf, cv: CV) -> list[Placed]:
    flow = _Flow(pdf, 15, 282)
    width = 78

    def paragraph(x: float, text: str, size: float = 10, bullet: bool = False) -> None:
        lines = wrap(pdf, text, width - (x - 20), size, hyphenate=True)
        for index, line in enumerate(lines):
            words = line.split()
            last = index == len(lines) - 1
            if last or len(words) == 1:
                flow.put(x, line, size, advance=5)
            else:
                # justified: words placed one by one with the slack spread over the gaps, as TeX does
                slack = (width - (x - 20) - _width(pdf, line.replace(" ", ""), size)) / (len(words) - 1)
                flow.put(x, words[0], size, advance=5)
                at = x + _width(pdf, words[0], size) + slack
                for word in words[1:]:
                    flow.beside(at, word, size)
                    at += _width(pdf, word, size) + slack
            if bullet and not index:
                flow.beside(x - 4, "•", size)

    flow.put(20, cv.name, 16, True, advance=10)
    for line in cv.header:
        flow.put(20, line, 9)
    for section in (*cv.sidebar, *cv.sections):
        flow.put(20, section.heading, 12, True, advance=10)
        for number, entry in enumerate(section.entries, 1):
            lead = f"[{number}] " if section.numbered else (f"{entry.dates} " if entry.dates else "")
            flow.y += 1.5
            paragraph(20, lead + entry.text)
            for detail in entry.details:
                paragraph(25, detail, bullet=True)
    return flow.placed


def _publications(pdf, cv: CV) -> list[Placed]:
    flow = _Flow(pdf, 15, 282)
    flow.put(15, cv.name, 18, True, advance=11)
    for line in cv.header:
        flow.put(15, line, 10)
    for section in (*cv.sidebar, *cv.sections):
        flow.put(15, section.heading, 13, True, advance=10)
        for number, entry in enumerate(section.entries, 1):
            if section.numbered:  # hanging indent: the number out in the margin, every line at 25
                lines = wrap(pdf, entry.text, 170)
                flow.put(25, lines[0], advance=6)
                flow.beside(15, f"[{number}]")
                for line in lines[1:]:
                    flow.put(25, line)
                continue
            text = f"{entry.dates} {entry.text}" if entry.dates else entry.text
            for index, line in enumerate(wrap(pdf, text, 175)):
                flow.put(20, line, advance=6 if not index else 5)
                if not index:
                    flow.beside(15, "•")
            for detail in entry.details:
                for index, line in enumerate(wrap(pdf, detail, 165)):
                    flow.put(30, line)
                    if not index:
                        flow.beside(25, "-")
    return flow.placed


def _two_column(pdf, cv: CV) -> list[Placed]:
    top = _Flow(pdf, 15, 282)
    top.put(15, cv.name, 18, True, advance=11)
    for line in cv.header:
        top.put(15, line, 10)
    sections = (*cv.sections, *cv.sidebar)
    half = (len(sections) + 1) // 2
    columns = []
    for x, part in ((15, sections[:half]), (110, sections[half:])):
        flow = _Flow(pdf, top.y + 4, 282)
        for section in part:
            flow.put(x, section.heading, 12, True, advance=9)
            for number, entry in enumerate(section.entries, 1):
                if entry.dates:
                    flow.put(x, entry.dates, 8.5, advance=5.5)
                lead = f"[{number}] " if section.numbered else ""
                for index, line in enumerate(wrap(pdf, lead + entry.text, 85)):
                    flow.put(x, line, advance=5 if index or entry.dates else 6)
                for detail in entry.details:
                    for line in wrap(pdf, detail, 80):
                        flow.put(x + 4, line, advance=5)
        columns += flow.placed
    return top.placed + sorted(columns, key=lambda p: (p.page, p.y, p.x))


LAYOUTS = {"date_column": _date_column, "sidebar": _sidebar, "running_header": _running_header,
           "hyphenated": _hyphenated, "publications": _publications, "two_column": _two_column}


def layout(cv: CV, name: str) -> list[Placed]:
    """Where every piece of text of ``cv`` goes with layout ``name``, in content-stream order."""
    return LAYOUTS[name](_new_pdf(), cv)


def write_pdf(placed: list[Placed], size: tuple[float, float] = (210, 297), title: str = "") -> bytes:
    """A PDF with each piece of text written where ``placed`` says, in that order."""
    pdf = _new_pdf()
    for page in range(max(p.page for p in placed) + 1):
        pdf.add_page(format=size)
        for item in placed:
            if item.page == page:
                pdf.set_font("helvetica", "B" if item.bold else "", item.size)
                pdf.text(item.x, item.y, item.text)
    pdf.set_title(title)
    return bytes(pdf.output())


def render(cv: CV, name: str) -> bytes:
    """The PDF of ``cv`` laid out with layout ``name``."""
    size = (148, 210) if name == "running_header" else (210, 297)
    return write_pdf(layout(cv, name), size, f"CV {cv.name}")


CVS = (
    CV(
        name="Amalia Torrecilla Varga",
        header=("Associate Professor of Atmospheric Chemistry", "Universidad de Valdemora",
                "amalia.torrecilla@valdemora.example.es"),
        sidebar=(
            Section("Languages", (Entry("Spanish (native), English (fluent), Catalan (fluent)"),)),
            Section("Skills", (Entry("Chemical transport modelling, field campaigns, mass spectrometry"),)),
        ),
        sections=(
            Section("Experience", (
                Entry("Associate Professor, Department of Chemistry, Universidad de Valdemora", "2021–present",
                      ("Leads the atmospheric oxidation group of six doctoral students and two postdoctoral researchers",)),
                Entry("Marie Curie Postdoctoral Fellow, Institute for Tropospheric Research Kellsby", "2016–2021"),
                Entry("Research Assistant, Observatorio Atmosférico de Sierra Brava", "2015–2016"),
            )),
            Section("Education", (
                Entry("PhD in Atmospheric Chemistry, Universidad de Valdemora", "2011–2015",
                      ("Thesis: Nocturnal nitrate radical chemistry over Mediterranean olive groves",
                       "Advisor: Prof. Ernesto Galdámez Riquelme")),
                Entry("MSc in Chemistry, Universidad Técnica de Arbesta", "2009–2011"),
            )),
            Section("Publications", (
                Entry("Torrecilla Varga, A., Okonkwo, B. and Lindqvist, P. Nocturnal nitrate radical "
                      "chemistry over olive groves. Journal of Atmospheric Processes, 12(3):201–215, 2022."),
                Entry("Lindqvist, P. and Torrecilla Varga, A. Isoprene oxidation products measured from a "
                      "tethered balloon platform. Atmospheric Measurement Letters, 8:44–59, 2019."),
                Entry("Torrecilla Varga, A. and Galdámez Riquelme, E. Seasonal cycles of peroxy radicals in a "
                      "coastal basin. Tropospheric Chemistry Reviews, 5(1):17–30, 2016."),
            ), numbered=True),
        ),
    ),
    CV(
        name="Wendelin Harzbecker",
        header=("Wissenschaftlicher Mitarbeiter für Strömungsmechanik", "Technische Universität Hohenmark",
                "w.harzbecker@tu-hohenmark.example.de"),
        updated="Stand: März 2024",
        sidebar=(
            Section("Sprachen", (Entry("Deutsch (Muttersprache), Englisch (verhandlungssicher), Französisch (gut)"),)),
            Section("Kenntnisse", (Entry("Numerische Strömungssimulation, Windkanalversuche, Python, Fortran"),)),
        ),
        sections=(
            Section("Beruflicher Werdegang", (
                Entry("Wissenschaftlicher Mitarbeiter, Lehrstuhl für Aerodynamik, Technische Universität Hohenmark",
                      "seit 2020",
                      ("Betreuung von Abschlussarbeiten und Übungen zur Grenzschichttheorie im Masterstudiengang",)),
                Entry("Entwicklungsingenieur, Windkraftwerke Nordfeld GmbH, Husby", "2017–2020"),
                Entry("Gastwissenschaftler, Forschungszentrum für Turbulenz Altenhagen", "2016–2017"),
            )),
            Section("Ausbildung", (
                Entry("Promotion (Dr.-Ing.) in Strömungsmechanik, Technische Universität Hohenmark", "2012–2016",
                      ("Doktorvater: Prof. Dr. Gerold Wimmersberg",)),
                Entry("Diplom Maschinenbau, Universität Lindenbruck", "2006–2012"),
            )),
            Section("Veröffentlichungen", (
                Entry("Harzbecker, W. and Wimmersberg, G. Ablösung turbulenter Grenzschichten an gekrümmten "
                      "Wänden. Zeitschrift für Strömungsforschung, 41(2):88–104, 2018."),
                Entry("Harzbecker, W., Okafor, T. and Lindgren, S. Wake interaction of staggered wind turbines in "
                      "a boundary-layer tunnel. Journal of Wind Engineering Studies, 77:310–329, 2021."),
            ), numbered=True),
        ),
    ),
    CV(
        name="Inés Valcárcel Montoro",
        header=("Profesora Titular de Lingüística", "Universidad de Castrobello",
                "ines.valcarcel@castrobello.example.es"),
        updated="actualizado en abril de 2024",
        sidebar=(
            Section("Idiomas", (Entry("Español (nativo), Inglés (C2), Portugués (C1)"),)),
            Section("Competencias", (Entry("Fonética experimental, análisis de corpus, estadística con R"),)),
        ),
        sections=(
            Section("Experiencia profesional", (
                Entry("Profesora Titular, Departamento de Filología, Universidad de Castrobello", "2019–actualidad",
                      ("Dirige el laboratorio de fonética y coordina el máster en lingüística aplicada",)),
                Entry("Profesora Ayudante Doctora, Universidad de Peñalvar", "2014–2019"),
                Entry("Investigadora visitante, Instituto de Estudios del Habla de Ribamar", "2013"),
            )),
            Section("Formación académica", (
                Entry("Doctorado en Lingüística, Universidad de Castrobello", "2009–2013",
                      ("Directora de tesis: Dra. Remedios Alcaraz Beltrán",)),
                Entry("Licenciatura en Filología Hispánica, Universidad de Peñalvar", "2004–2009"),
            )),
            Section("Publicaciones", (
                Entry("Valcárcel Montoro, I. and Alcaraz Beltrán, R. La entonación de las preguntas "
                      "absolutas en el habla de Castrobello. Revista de Fonética Hispánica, 33:121–146, 2017."),
                Entry("Valcárcel Montoro, I. Vowel reduction in spontaneous speech corpora. Journal of Phonetic "
                      "Variation, 9(2):55–80, 2020."),
            ), numbered=True),
        ),
    ),
)
