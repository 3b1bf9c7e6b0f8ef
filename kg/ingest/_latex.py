"""LaTeX CVs (article, the CV classes, custom resume macros) to readable lines.

The CV classes are read by what their macros' arguments mean, from each class's documented
signature (:data:`ENTRY_MACROS`, :data:`ENTRY_ENVIRONMENTS`: rows of ``data/latex_classes.tsv``),
not by their position: moderncv's
``\\cventry{dates}{role}{org}{place}{note}{description}``, awesome-cv's
``\\cventry{role}{org}{place}{dates}{description}``, altacv's ``\\cvevent{role}{org}{dates}{place}``,
res's ``rSubsection{org}{dates}{role}{place}``, friggeri-cv's ``\\entry{dates}{title}{side}{description}``
and europasscv's ``\\ecvtitle{dates}{title}`` all give ``role | org | place | dates`` with the
description on the lines after (dates last: the extractor reads a project or a job before its
dates); in a publication list an entry is one citation line. The class
is the one ``\\documentclass`` names or the one whose own commands the document uses
(:data:`CLASS_MARKERS`); a macro the document defines itself keeps its own meaning. The
subject's name comes from ``\\name``, ``\\firstname``/``\\familyname``, ``\\author``,
friggeri's ``\\header{first}{last}{tagline}`` or europasscv's ``\\ecvname``.

The records of the ``.bib`` files the document names (``\\addbibresource``, ``\\bibliography``) are lines
where it prints them (:func:`printed_bibliography`), each one line ``@type{key, field = {value}, ...}`` of its
values as text: extraction reads a BibTeX record by its fields.

Each macro argument is parsed once and its output replayed wherever it is needed, and optional
arguments are found by lookup, so nested groups and unclosed brackets cost time in proportion
to the text.
"""
from __future__ import annotations

import csv
import re
import unicodedata
from bisect import bisect_right
from importlib import resources
from pathlib import Path

from kg.ingest._source import LineIndex, Lines, SourceError, clean_inline, decode, record_bold, record_link
from kg.model import Cell

__all__ = ["included_files", "parse_latex", "printed_bibliography"]

_MAX_DEPTH = 60
_MAX_OPTIONAL = 500  # an optional argument is short: this bounds an unclosed "["
_SCANNED = re.compile(r"\\.|[{}\]]|\n[ \t]*\n", re.DOTALL)
# a URL argument is read verbatim (hyperref): its "%" is the URL's, not a comment
_COMMENT = re.compile(r"\\(?:url|href|nolinkurl|path)\s*\{[^{}\n]*\}|(?<!\\)((?:\\\\)*)%[^\n]*")
_PIPES = re.compile(r"\s*\|(?:\s*\|)+\s*")
_EDGE_PIPES = re.compile(r"^(?:\|\s*)+|(?:\s*\|)+$")
_WORD = re.compile(r"\w")
_LINK_TARGET = re.compile(r"\s*(?:https?://|mailto:|www\.)\S*\s*$")
_TEXT = re.compile(r"[^\\{}$&\n]+")
_COMMAND = re.compile(r"\\(?:([A-Za-z@]+)(\*?)|(.))", re.DOTALL)
_ENV_NAME = re.compile(r"\s*\{\s*([A-Za-z@*]+)\s*\}")
_DIMENSION = re.compile(
    r"\s*(?:[-+]?\s*(?:\d+(?:\.\d*)?|\.\d+)\s*(?:pt|em|ex|cm|mm|in|bp|pc|sp|mu|fil+|dd|cc)?|\\[A-Za-z@]+)"
    r"(?:\s*(?:plus|minus)\s*[-+]?\s*(?:\d+(?:\.\d*)?|\.\d+)\s*(?:pt|em|ex|cm|mm|in|fil+)?)*"
)

_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "c": "\u0327", "v": "\u030c", "u": "\u0306", "H": "\u030b", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331", "t": "\u0361",
}
#: A TeX logo's rendering opening a line ("LaTeX Ana Ruiz", from ``\\author{\\LaTeX{} Ana Ruiz}``).
_LOGO_BEFORE = re.compile(r"^\s*(?:(?:La|Xe|Lua|Bib)*TeX(?:2e)?\s+)+")
_LETTERS = {
    "ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å",
    "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "SS": "SS", "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ",
    "ng": "ŋ", "NG": "Ŋ",
}
_SYMBOLS = {
    "LaTeX": "LaTeX", "LaTeXe": "LaTeX2e", "TeX": "TeX", "BibTeX": "BibTeX", "XeTeX": "XeTeX",
    "XeLaTeX": "XeLaTeX", "LuaLaTeX": "LuaLaTeX", "LuaTeX": "LuaTeX",
    "ldots": "…", "dots": "…", "textellipsis": "…", "textendash": "–", "textemdash": "—",
    "textbar": "|", "textbullet": "•", "bullet": "•", "cdot": "·", "textperiodcentered": "·",
    "cdotp": "·", "quad": " ", "qquad": " ", "enspace": " ", "thinspace": " ", "enskip": " ",
    "hfil": " ", "hss": " ", "space": " ", "hfill": " | ", "dotfill": " | ", "hrulefill": " | ",
    "copyright": "©", "textcopyright": "©", "textregistered": "®", "texttrademark": "™",
    "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "textasciitilde": "~", "textbackslash": "\\",
    "textunderscore": "_", "textasciicircum": "^", "textless": "<", "textgreater": ">",
    "textquoteleft": "‘", "textquoteright": "’", "textquotedblleft": "“", "textquotedblright": "”",
    "guillemotleft": "«", "guillemotright": "»", "euro": "€", "texteuro": "€", "pounds": "£",
    "textsterling": "£", "textdegree": "°", "degree": "°", "times": "×", "pm": "±", "ast": "*",
    "textasteriskcentered": "*", "textdollar": "$", "textpercent": "%", "textampersand": "&",
    "slash": "/", "textslash": "/", "textbraceleft": "{", "textbraceright": "}", "sim": "~",
    "approx": "≈", "leq": "≤", "geq": "≥", "le": "≤", "ge": "≥", "rightarrow": "→", "to": "→",
    "leftarrow": "←", "Rightarrow": "⇒", "circ": "∘", "star": "⋆", "diamond": "◇", "mid": "|",
    "vert": "|", "lvert": "|", "rvert": "|", "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ",
    "epsilon": "ε", "lambda": "λ", "mu": "μ", "pi": "π", "sigma": "σ", "tau": "τ", "phi": "φ",
    "omega": "ω", "infty": "∞", "ae": "æ", "textemdashdash": "—", "nobreakspace": " ",
}
_BREAKS = frozenset({"newline", "linebreak", "par", "cr", "break", "tabularnewline", "newpage",
                     "clearpage", "pagebreak", "bigskip", "medskip", "smallskip", "vfill", "hrule",
                     "hline", "toprule", "midrule", "bottomrule", "makecvtitle", "maketitle"})
_FORCED_BREAKS = frozenset({"newline", "linebreak", "cr", "tabularnewline"})
_ZERO = frozenset(
    "noindent centering raggedright raggedleft bfseries itshape scshape mdseries upshape slshape "
    "rmfamily sffamily ttfamily normalfont em bf it sc tt rm sf sl small footnotesize scriptsize tiny "
    "normalsize large Large LARGE huge Huge selectfont nopagebreak tableofcontents protect relax "
    "leavevmode null strut indent sloppy fussy flushbottom raggedbottom titlerule frenchspacing "
    "ignorespaces unskip today displaystyle textstyle scriptstyle left right big Big bigg Bigg "
    "hbadness vbadness nobreak allowbreak linebreak centerline mainmatter backmatter "
    "frontmatter appendix columnbreak".split()
)
# command -> number of brace arguments to drop (optional [..] arguments are always skipped)
_DROP = {
    "label": 1, "ref": 1, "pageref": 1, "eqref": 1, "cite": 1, "citep": 1, "citet": 1, "nocite": 1,
    "vspace": 1, "hspace": 1, "setlength": 2, "addtolength": 2, "setcounter": 2, "addtocounter": 2,
    "usepackage": 1, "RequirePackage": 1, "documentclass": 1, "pagestyle": 1, "thispagestyle": 1,
    "color": 1, "definecolor": 3, "colorlet": 2, "fontsize": 2, "linespread": 1, "hypersetup": 1,
    "geometry": 1, "includegraphics": 1, "input": 1, "include": 1, "bibliographystyle": 1,
    "bibliography": 1, "addbibresource": 1, "photo": 1, "moderncvstyle": 1, "moderncvcolor": 1,
    "moderncvtheme": 1, "moderncvicons": 1, "setmainfont": 1, "setsansfont": 1, "setmonofont": 1,
    "addfontfeature": 1, "addfontfeatures": 1, "fontspec": 1, "newfontfamily": 2,
    "rule": 2, "vphantom": 1, "phantom": 1, "hphantom": 1, "settowidth": 2, "newlength": 1,
    "enlargethispage": 1, "markboth": 2, "markright": 1, "fancyhead": 1, "fancyfoot": 1,
    "fancyhf": 1, "lhead": 1, "chead": 1, "rhead": 1, "lfoot": 1, "cfoot": 1, "rfoot": 1,
    "setlist": 1, "hypertarget": 1, "cline": 1, "cmidrule": 1, "faIcon": 1, "icon": 1,
    "urlstyle": 1, "captionsetup": 1, "sethlcolor": 1, "pdfbookmark": 2, "addcontentsline": 3,
    "titleformat": 5, "titlespacing": 4, "newgeometry": 1, "DeclareMathOperator": 2,
    "name": 2, "firstname": 1, "familyname": 1, "lastname": 1, "author": 1, "title": 1, "date": 1,
    "email": 1, "homepage": 1, "phone": 1, "mobile": 1, "social": 1, "address": 3, "github": 1,
    "linkedin": 1, "orcid": 1, "twitter": 1, "gitlab": 1, "googlescholar": 2, "position": 1,
    "extrainfo": 1, "quote": 1, "fax": 1, "mailaddress": 1, "setcolor": 2, "newcolumntype": 2,
    "tagline": 1, "personalinfo": 1, "cvname": 1, "fullname": 1, "cvjobtitle": 1, "ecvname": 1, "ecvaddress": 1, "ecvmobile": 1, "ecvtelephone": 1,
    "ecvemail": 1, "ecvhomepage": 1, "ecvnationality": 1, "ecvdateofbirth": 1, "ecvgender": 1,
    "ecvpicture": 1, "fullcite": 1, "footcite": 1, "parencite": 1, "textcite": 1, "autocite": 1,
    "citeauthor": 1, "citeyear": 1, "citetitle": 1, "printbibsection": 2, "printbibliography": 0,
}
# command -> number of leading brace arguments to drop before the content argument
_KEEP_LAST = {"textcolor": 1, "colorbox": 1, "fcolorbox": 2, "hyperlink": 1, "multicolumn": 2,
              "multirow": 2, "raisebox": 1, "parbox": 1, "resizebox": 2, "scalebox": 1,
              "rotatebox": 1, "foreignlanguage": 1, "makebox": 0, "framebox": 0, "href": 1}
_TRANSPARENT = frozenset(
    "textbf textit emph textsc textup textsl textmd textrm textsf texttt underline uline mbox hbox "
    "MakeUppercase MakeLowercase uppercase lowercase textnormal footnote caption textsuperscript "
    "textsubscript sout hl strong mathrm mathbf mathit mathsf mathtt text fbox centerline "
    "underbar enquote emph textmd".split()
)
_LIST_ENVS = frozenset("itemize enumerate description compactitem compactenum compactdesc "
                       "cvitems inparaenum asparaenum outline".split())
_TABLE_ENVS = {"tabular": 1, "tabular*": 2, "tabularx": 2, "tabulary": 2, "longtable": 1, "array": 1,
               "supertabular": 1, "xltabular": 2, "tblr": 1, "longtblr": 1, "tabu": 1}
_SKIP_ENVS = frozenset("comment tikzpicture pspicture filecontents filecontents* equation equation* "
                       "align align* displaymath gather gather* lstlisting minted format".split())
_ARG_ENVS = {"minipage": 1, "multicols": 1, "multicols*": 1, "wrapfigure": 2, "adjustbox": 1,
             "thebibliography": 1, "paracol": 1, "columns": 0, "column": 1, "cvcolumns": 0,
             "cvcolumn": 1, "list": 2, "spacing": 1, "adjustwidth": 2}


#: The meanings a class's argument may have (:class:`kg.model.Cell`): the entry line's fields, and its description;
#: ``start`` and ``end`` are the two halves of the dates a class takes as two arguments (yaac's ``\\experience``).
_MEANINGS = frozenset({"org", "role", "place", "dates", "start", "end", "note", "description"})
_FORMS = frozenset({"macro", "environment", "part", "class", "marker"})


def _class_tables(text: str | None = None) -> tuple[dict, dict, dict, dict, dict]:
    """The tables of ``data/latex_classes.tsv`` (or of ``text`` in its columns): what each argument
    of a CV class's entry macros and environments means (``name -> [(family, meanings)]``, tried in
    order), the one-part macros of a family (``family -> {name: meaning}``), the family of each
    ``\\documentclass`` name, and the commands only one family defines (``family -> pattern``).
    A row of an unknown form or meaning is a ``ValueError``: it would otherwise drop its fields unseen.

    >>> _class_tables()[0]["cvevent"]
    [('altacv', ('role', 'org', 'dates', 'place'))]
    """
    if text is None:
        text = resources.files("kg.ingest").joinpath("data", "latex_classes.tsv").read_text(encoding="utf-8")
    macros: dict = {}
    environments: dict = {}
    parts: dict = {}
    families: dict = {}
    markers: dict = {}
    for row in csv.DictReader((line for line in text.splitlines() if line.strip() and not line.startswith("#")),
                              delimiter="\t", quoting=csv.QUOTE_NONE):
        meanings = tuple((row["meanings"] or "").split())
        unknown = [m for m in meanings if m not in _MEANINGS] + ([row["form"]] if row["form"] not in _FORMS else [])
        if unknown or (row["form"] in ("macro", "environment", "part") and not meanings):
            what = f"unknown {', '.join(unknown)}" if unknown else "no meanings"
            raise ValueError(f"latex_classes.tsv: row {row!r}: {what} "
                             f"(forms: {', '.join(sorted(_FORMS))}; meanings: {', '.join(sorted(_MEANINGS))})")
        if row["form"] == "class":
            families[row["name"]] = row["family"]
        elif row["form"] == "marker":
            markers[row["family"]] = re.compile(row["name"])
        elif row["form"] == "part":
            parts.setdefault(row["family"], {})[row["name"]] = meanings[0]
        else:
            (macros if row["form"] == "macro" else environments).setdefault(row["name"], []).append((row["family"], meanings))
    return macros, environments, parts, families, markers


#: The CV classes' entry macros, entry environments (res.cls's ``rSubsection``), one-part macros
#: (res.cls's ``\title{role} \dates{..} \\ \employer{org}``) and class names (lower case, from
#: ``\documentclass``) and the commands whose use names a class, from ``data/latex_classes.tsv``.
ENTRY_MACROS, ENTRY_ENVIRONMENTS, ENTRY_PART_MACROS, CLASS_FAMILIES, CLASS_MARKERS = _class_tables()
#: What may stand between two parts of one entry written with :data:`ENTRY_PART_MACROS`.
_BETWEEN_PARTS = re.compile(r"(?:\s|\\\\(?:\[[^\]\n]{0,20}\])?|\\hfill\b|\\newline\b)*")
#: An argument that is only a date or a span of dates ("2016 -- 2020", "Jan 2018 -- Present",
#: "seit 2021"): the entry's dates wherever the class put them (simplehipstercv's ``\cvevent``
#: opens with them, altacv's has them third).
_DATES_ONLY = re.compile(r"(?=.*\b(?:1[89]|20)\d\d\b)[^,;:]{0,40}")
#: Macros whose one argument is the subject's name.
NAME_MACROS = ("ecvname", "cvname", "fullname")
#: Entry macros whose name is too common to read as a class's unless the class is in use.
_CLASS_ONLY = frozenset({"entry", "bigentry"})
_ENTRY_LINE_ORDER = ("role", "org", "place", "dates", "note")  # dates last: see the module docstring
DOCUMENT_CLASS = re.compile(r"\\documentclass\s*(?:\[[^\]]{0,500}\])?\s*\{\s*([\w-]+)\s*\}")
DEFINED_MACRO = re.compile(
    r"\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand|(?:New|Renew|Provide|Declare)DocumentCommand)"
    r"\*?\s*\{?\s*\\([A-Za-z@]+)|\\[gex]?def\s*\\([A-Za-z@]+)|\\(?:re)?newenvironment\*?\s*\{\s*([A-Za-z@*]+)"
)
#: The head of a macro definition, up to its body's brace: ``\\newcommand{\\myname}[1]{``, ``\\def\\mhead#1{``,
#: ``\\def\\inst/{`` (name and argument count: groups 1-2 for the ``\\newcommand`` forms, 3 and 5 for ``\\def``, whose
#: ``delimiter`` group is the text it requires after the name: the ``/`` a use writes as ``\\inst/``).
MACRO_DEFINITION = re.compile(
    r"\\(?:re)?(?:new|provide)command\*?\s*\{?\s*\\([A-Za-z@]+)\s*\}?\s*(?:\[\s*(\d)\s*\])?(?:\s*\[[^\]]{0,200}\])?\s*(?=\{)"
    r"|\\[gex]?def\s*\\([A-Za-z@]+)(?P<delimiter>[^\s\w\\{}#%]{0,3})((?:\s*#\d)*)\s*(?=\{)"
)
#: Where a definition sets its argument as a heading: in the margin (``\\marginpar``, the kjh-vita
#: template's ``\\marginhead``) or as a section.
_HEADING_COMMAND = re.compile(r"\\(?:marginpar|(?:sub)*section)(?![A-Za-z@])")
#: A heading of a publication list, in the languages CVs are written in.
PUBLICATION_HEADING = re.compile(
    r"publica|paper|article|preprint|proceeding|journal|conference|book|chapter|bibliograph|"
    r"ver[öo]ffentlichung|publikation|schriften|artículo|artigo|pubblicazion|articoli|"
    r"論文|论文|发表|出版|著作|業績",
    re.IGNORECASE,
)
#: Entry macros whose class puts the entry's other parts in the macro right after them:
#: europasscv's employer or school in ``\\ecvitem{}{...}``, the billryan resume class's role in
#: ``\\role{role}{details}``.
FOLLOWING_PARTS: dict[str, tuple[re.Pattern, tuple[str, ...]]] = {
    "ecvtitle": (re.compile(r"\s*\\ecvitem\s*(?:\[[^\]\n]{0,50}\])?\s*\{\s*\}"), ("org",)),
    "datedsubsection": (re.compile(r"\s*\\role(?![A-Za-z@])"), ("role", "note")),
    "datedsection": (re.compile(r"\s*\\role(?![A-Za-z@])"), ("role", "note")),
}


#: Section commands by other names: CurVe's ``\\makerubrichead{title}`` and ``\\subrubric{title}`` (a subsection),
#: and the ``\\begin{rubric}{title}`` of its sections.
HEADING_MACROS = ("cvsect", "sect", "makerubrichead", "subrubric")
HEADING_ENVIRONMENTS = ("rubric",)
#: The commands that print a header the preamble wrote: CurVe's ``\\makeheaders`` prints ``\\leftheader{..}``
#: (the name, then the contact lines) and ``\\rightheader{..}``.
PRINTED_HEADERS = {"makeheaders": ("leftheader", "rightheader")}

#: Where a document names its bibliography files: biblatex's ``\\addbibresource[options]{cv.bib}``,
#: BibTeX's ``\\bibliography{papers,talks}`` (the ``.bib`` left out).
BIBLIOGRAPHY_FILES = re.compile(
    r"\\(?:addbibresource|addglobalbib|bibliography)\s*(?:\[([^\]]{0,200})\])?\s*\{([^{}]*)\}")
#: The commands that print the bibliography where they stand (friggeri-cv's ``\\printbibsection{type}{title}``).
PRINTS_BIBLIOGRAPHY = frozenset({"printbibliography", "bibliography", "printbibsection"})
#: The keys a document cites (``\\nocite{*}`` cites every record): only those are printed.
CITED_KEYS = re.compile(r"\\[A-Za-z]*cite[A-Za-z]*\*?\s*(?:\[[^\]]{0,200}\]\s*){0,2}\{([^{}]*)\}")
#: The fields of a ``.bib`` record a bibliography never prints: reference managers' abstracts, attached files and
#: bookkeeping (an abstract in the record would read as the CV's prose).
UNPRINTED_FIELDS = frozenset({"abstract", "file", "urldate", "copyright", "langid", "annotation", "annote"})
#: The start of a ``.bib`` record (``@article{key,`` or ``@book(key,``): its type and opening bracket.
BIB_RECORD = re.compile(r"@\s*([A-Za-z]+)\s*([{(])")
#: A field of a ``.bib`` record: its name and its value, in braces (nested), in quotes, or a bare number or
#: ``@string`` abbreviation.
BIB_FIELD = re.compile(r'(\w[\w-]*)\s*=\s*(?:\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}|"([^"]*)"|([\w:.-]+))')
#: What a ``.bib`` record's end is found among: escapes, braces, parentheses.
_BIB_BRACKETS = re.compile(r"\\.|[{}()]", re.DOTALL)
#: The ``title=`` of ``\\printbibliography[heading=subbibliography, title={Journal articles}]``.
BIBLIOGRAPHY_TITLE = re.compile(r"\btitle\s*=\s*\{?([^,{}\]]+)")
#: The record types ``\\printbibliography[type=article]`` prints, or ``nottype=`` leaves out.
BIBLIOGRAPHY_TYPE = re.compile(r"\b(not)?type\s*=\s*\{?\s*(\w+)")


def bib_records(text: str) -> list[tuple[str, str]]:
    """The records of a ``.bib`` file's text as ``(key, record)``, each record one line with its fields'
    values as text (accents and commands read, ``@string`` abbreviations written out, the
    :data:`UNPRINTED_FIELDS` left out); ``@preamble`` and ``@comment`` are not records.

    >>> bib_records('@string{nc = "Nature Communications"}\\n@Article{li20,\\n  author = {M{\\\\"u}ller, Jo},'
    ...             '\\n  journal = nc, year = 2020,\\n  abstract = {We show that tides turn.}\\n}')
    [('li20', '@article{li20, author = {Müller, Jo}, journal = {Nature Communications}, year = {2020}}')]
    >>> [key for key, _ in bib_records("@book{wu19, title = {Reefs\\n@book{wu20, title = {Atolls}}")]
    ['wu19', 'wu20']
    """
    records = []
    strings: dict[str, str] = {}
    at = 0
    for start in BIB_RECORD.finditer(text):
        if start.start() < at:
            continue  # an "@" inside the record before
        closing, depth = "}" if start.group(2) == "{" else ")", 0
        at = text.find("\n@", start.end()) + 1 or len(text)  # an unclosed record ends where the next one starts
        for token in _BIB_BRACKETS.finditer(text, start.end(), at):
            bracket = token.group()
            if bracket == closing and depth == 0:
                at = token.end()
                break
            depth += {"{": 1, "}": -1}.get(bracket, 0)
        kind, body = start.group(1).lower(), text[start.end():at - 1]
        fields = []
        for field in BIB_FIELD.finditer(body):
            braced, quoted, bare = field.group(2, 3, 4)
            value = braced if braced is not None else quoted if quoted is not None else strings.get(bare.lower(), bare)
            if field.group(1).lower() not in UNPRINTED_FIELDS:
                fields.append((field.group(1).lower(), _latex_text(value)))
        if kind == "string":
            strings.update(fields)
        elif kind not in ("preamble", "comment"):
            key = body.split(",", 1)[0].strip()
            written = ", ".join(f"{name} = {{{value}}}" for name, value in fields)
            records.append((key, f"@{kind}{{{key}, {written}}}"))
    return records


def _latex_text(text: str) -> str:
    """A piece of LaTeX (a ``.bib`` field's value) as text.

    >>> _latex_text("Caf{\\\\'e} {DNA} \\\\& 61--74")
    'Café DNA & 61–74'
    """
    converter = _Converter(text, {})
    return " ".join(line for _, line in converter.rendered((0, len(text)), 0))


def _bib_type(record: str) -> str:
    """A ``.bib`` record's type, ``article`` for ``@Article{key, ...}``."""
    return BIB_RECORD.match(record).group(1).lower()


def printed_bibliography(text: str, folder: Path) -> tuple[list[str], list[str], list[bytes]]:
    """The records a LaTeX document prints from its ``.bib`` files, read from ``folder`` (where the
    document is), why any named file was not read, and the bytes of those read: only records the document
    cites, all of them after ``\\nocite{*}``; nothing when it prints no bibliography.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "pubs.bib").write_text("@article{li20, title = {Tides}, year = 2020}\\n@book{wu19, title = {Reefs}}")
    >>> records, unread, _ = printed_bibliography("\\\\bibliography{pubs,talks}\\n\\\\cite{li20}", folder)
    >>> records
    ['@article{li20, title = {Tides}, year = {2020}}']
    >>> unread
    ['bibliography file talks(.bib), named on line 1, not found beside the document: its records are not read']
    """
    text = _strip_comments(text)
    if not re.search(r"\\(?:" + "|".join(PRINTS_BIBLIOGRAPHY) + r")(?![A-Za-z@])", text):
        return [], [], []
    cited = {key.strip() for match in CITED_KEYS.finditer(text) for key in match.group(1).split(",")}
    records: list[str] = []
    problems: list[str] = []
    sources: list[bytes] = []
    for named in BIBLIOGRAPHY_FILES.finditer(text):
        line = text.count("\n", 0, named.start()) + 1
        for name in filter(None, (part.strip() for part in named.group(2).split(","))):
            if "remote" in (named.group(1) or "") or "://" in name:
                problems.append(f"bibliography {name}, named on line {line}, is remote: its records are not read")
                continue
            found = next((path for path in (folder / name, folder / (name + ".bib")) if path.is_file()), None)
            if found is None:
                suffix = "" if name.lower().endswith(".bib") else "(.bib)"
                problems.append(f"bibliography file {name}{suffix}, named on line {line}, not found beside the "
                                "document: its records are not read")
                continue
            try:
                sources.append(found.read_bytes())
                found_records = bib_records(decode(sources[-1]))
            except (OSError, SourceError) as exc:
                problems.append(f"bibliography file {name}, named on line {line}, cannot be read ({exc})")
                continue
            records += [record for key, record in found_records if "*" in cited or key in cited]
    return records, problems, sources


#: The commands that write a file's text where they stand: ``\\input{cv/education}``, ``\\include``, the subfiles
#: package's ``\\subfile`` and the CurVe class's ``\\makerubric{education}`` (a rubric kept in ``education.tex``).
INCLUDED_FILE = re.compile(r"\\(?:input|include|subfile|makerubric)\s*\{\s*([^{}\\#%]+?)\s*\}")
_MAX_INCLUDE_DEPTH = 5


def included_files(text: str, folder: Path, depth: int = 0) -> tuple[str, list[int], list[bytes], list[str]]:
    """The document with the text of each file it inputs (:data:`INCLUDED_FILE`) written where it inputs it, read
    from ``folder`` as LaTeX does (``.tex`` added, nested inputs too, never a file outside the folder); the line of
    the document each line of the result comes from (an input file's lines, that of its ``\\input``), the bytes
    read and why a named file was not read. Comments are blanked out (see :func:`_strip_comments`).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "jobs.tex").write_text("\\\\section{Jobs}\\nAnalyst\\n")
    >>> text, numbers, _, unread = included_files("Ada\\n\\\\input{jobs}\\n\\\\input{talks}\\nEnd", folder)
    >>> list(zip(numbers, text.splitlines()))
    [(1, 'Ada'), (2, '\\\\section{Jobs}'), (2, 'Analyst'), (2, ''), (3, '\\\\input{talks}'), (4, 'End')]
    >>> unread
    ['input file talks(.tex), named on line 3, is not beside the document: its text is not read']
    """
    text = _strip_comments(text)
    pieces: list[str] = []
    numbers = [1]
    sources: list[bytes] = []
    problems: list[str] = []

    def add(piece: str, line: int | None = None) -> None:
        for _ in range(piece.count("\n")):
            numbers.append(numbers[-1] + 1 if line is None else line)
        pieces.append(piece)

    at = 0
    for named in INCLUDED_FILE.finditer(text):
        name = named.group(1)
        root = folder.resolve()
        found = next((path for path in (folder / name, folder / (name + ".tex"))
                      if path.is_file() and path.resolve().is_relative_to(root)), None)
        if found is None or depth >= _MAX_INCLUDE_DEPTH:
            line = text.count("\n", 0, named.start()) + 1
            problems.append(f"input file {name}{'' if name.endswith('.tex') else '(.tex)'}, named on line {line}, "
                            + ("is not beside the document" if found is None else "is nested too deep")
                            + ": its text is not read")
            continue
        try:
            sources.append(found.read_bytes())
            inner, _, more, why = included_files(decode(sources[-1]), folder, depth + 1)
        except (OSError, SourceError) as exc:
            problems.append(f"input file {name} cannot be read ({exc})")
            continue
        sources += more
        problems += why
        add(text[at:named.start()])
        add(inner, numbers[-1])
        at = named.end()
    add(text[at:])
    return "".join(pieces), numbers, sources, problems


def _strip_comments(text: str) -> str:
    """Comments blanked out with spaces, so offsets and line numbers do not move; a URL argument
    is kept whole: ``\\url{https://e.org/a%20b} % seen`` -> ``\\url{https://e.org/a%20b}       ``."""
    def blank(m: re.Match) -> str:
        if m.group(1) is None:
            return m.group(0)
        return m.group(1) + " " * (len(m.group(0)) - len(m.group(1)))
    return _COMMENT.sub(blank, text)


def _scan(text: str) -> tuple[dict[int, int], list[int], list[str]]:
    """One linear pass: the position of every ``{`` -> that of its matching ``}``, and the
    positions and kinds (``{``, ``]``, ``par``) of what can end an optional argument.

    >>> _scan("a[{x]}]\\n\\nb")
    ({2: 5}, [2, 4, 6, 7], ['{', ']', ']', 'par'])
    """
    matches: dict[int, int] = {}
    stack: list[int] = []
    marks: list[int] = []
    kinds: list[str] = []
    for m in _SCANNED.finditer(text):
        token = m.group(0)
        if token == "}":
            if stack:
                matches[stack.pop()] = m.start()
        elif token[0] != "\\":
            marks.append(m.start())
            if token == "{":
                stack.append(m.start())
                kinds.append("{")
            else:
                kinds.append("]" if token == "]" else "par")
    return matches, marks, kinds


#: A length, as a macro's argument gives one (``3pt``, ``-0.5\\linewidth``): a number with a unit or a length
#: register, never text to read (unlike :data:`_DIMENSION`, which also takes the bare number a ``\\vskip`` may be given).
LENGTH = re.compile(r"\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*(?:(?:pt|em|ex|cm|mm|in|bp|pc|sp|dd|cc)\b"
                    r"|\\(?:(?:line|text|column|paper)(?:width|height)|baselineskip|[hv]size|parindent|parskip)\b)\s*")
#: babel's German shorthands (``"`Titel"'`` for „Titel“, ``"a`` for ä, ``"-`` a hyphenation point), which a document
#: writing German with babel's german or ngerman option types where its text has quotes and umlauts.
GERMAN_SHORTHAND = re.compile(r'"([`\'<>aouAOUsz-])')
_GERMAN_SHORTHANDS = {"`": "„", "'": "“", "<": "«", ">": "»", "a": "ä", "o": "ö", "u": "ü", "A": "Ä", "O": "Ö",
                      "U": "Ü", "s": "ß", "z": "ß", "-": ""}
#: The language options babel reads: the class's (global) and its own; the last language listed, or ``main=``, is
#: the document's main language, whose shorthands are on.
_CLASS_OPTIONS = re.compile(r"\\documentclass\s*\[([^\]]{0,500})\]")
_BABEL_OPTIONS = re.compile(r"\\usepackage\s*\[([^\]]{0,500})\]\s*\{[^{}]{0,200}\bbabel\b")
_LANGUAGE = re.compile(r"(?:main\s*=\s*)?(?P<name>n?(?:german|austrian|swissgerman)|english|american|british|(?:uk|us)english"
                       r"|canadian|australian|french|francais|spanish|italian|portug(?:u?ese|es)|brazil(?:ian)?|dutch|polish|czech"
                       r"|russian|swedish|danish|norsk|nynorsk|finnish|catalan|greek|turkish|hungarian|croatian)$", re.I)
#: The old ``\\usepackage{ngerman}``, which made German the language by itself.
_GERMAN_PACKAGE = re.compile(r"\\usepackage\s*\{\s*n?german\s*\}")


def german_shorthands(text: str) -> bool:
    r"""Whether babel's German shorthands (``"a``, ``"`..."'``) are on: German is the main language.

    >>> german_shorthands("\\documentclass[ngerman]{article}"), german_shorthands("\\usepackage[ngerman,english]{babel}")
    (True, False)
    >>> german_shorthands("\\documentclass[a4paper]{article}\\usepackage[english,main=ngerman]{babel}")
    True
    >>> german_shorthands("\\usepackage[ngerman,portuguese]{babel}")
    False
    """
    if _GERMAN_PACKAGE.search(text):
        return True
    options = [option.strip() for found in (_CLASS_OPTIONS.search(text), _BABEL_OPTIONS.search(text)) if found
               for option in found.group(1).split(",")]
    languages = [m for option in options if (m := _LANGUAGE.match(option))]
    main = next((m for m in languages if m.group(0).lower().startswith("main")), languages[-1] if languages else None)
    return main is not None and re.search("german|austrian", main.group("name"), re.I) is not None


def _typography(text: str) -> str:
    return (
        text.replace("---", "—").replace("--", "–").replace("``", "“").replace("''", "”")
        .replace("~", " ").replace("\u00a0", " ")
    )


class _Out:
    """Collects text chunks into lines; the first chunk of a line fixes its line number."""

    def __init__(self, index: LineIndex):
        self.index = index
        self.lines: list[tuple[int, str]] = []
        self.cells: dict[int, tuple[Cell, ...]] = {}  # index in ``lines`` -> the fields of a class entry's line
        self.buf: list[str] = []
        self.anchor: int | None = None
        self.prefix = ""

    def add(self, text: str, pos: int) -> None:
        if not text:
            return
        if self.anchor is None and text.strip():
            self.anchor = self.index.line(pos + len(text) - len(text.lstrip()))
        self.buf.append(text)

    def flush(self) -> None:
        if not self.buf:
            self.anchor = None
            return
        text = clean_inline("".join(self.buf))
        if "|" in text:
            text = _PIPES.sub(" | ", text)
            text = _EDGE_PIPES.sub("", text).strip()
        if text and _WORD.search(text):
            self.lines.append((self.anchor or 1, self.prefix + text))
            self.prefix = ""
        self.buf.clear()
        self.anchor = None

    def line(self, number: int, text: str, cells: tuple[Cell, ...] = ()) -> None:
        """Emit a finished line (after any pending text), with the fields it is made of when known."""
        self.flush()
        text = clean_inline(text)
        if text:
            if cells:
                self.cells[len(self.lines)] = cells
            self.lines.append((number, self.prefix + text))
            self.prefix = ""

    def set_prefix(self, prefix: str) -> None:
        self.prefix = prefix


class _Recorder:
    """Records what parsing a span does to an output, to replay it without parsing again.

    A span is rendered more than once (a bold phrase is both recorded and output, a macro's
    argument is measured before it is placed); replaying the record keeps nested spans linear
    where parsing each one again would double the work at every level of nesting.
    """

    def __init__(self) -> None:
        self.ops: list[tuple] = []

    def add(self, text: str, pos: int) -> None:
        if text:
            self.ops.append((_Out.add, text, pos))

    def flush(self) -> None:
        self.ops.append((_Out.flush,))

    def line(self, number: int, text: str, cells: tuple[Cell, ...] = ()) -> None:
        self.ops.append((_Out.line, number, text, cells))

    def set_prefix(self, prefix: str) -> None:
        self.ops.append((_Out.set_prefix, prefix))

    def replay(self, out) -> None:
        if isinstance(out, _Recorder):
            out.ops.extend(self.ops)
            return
        for op in self.ops:
            op[0](out, *op[1:])


class _Converter:
    def __init__(self, text: str, metadata: dict):
        self.s = text
        self.index = LineIndex(text)
        self.match, self.marks, self.mark_kinds = _scan(text)
        self.closings = [at for at, kind in zip(self.marks, self.mark_kinds) if kind == "]"]
        self.metadata = metadata
        self.memo: dict[tuple[int, int], _Recorder] = {}
        self.families: set[str] = set()
        self.defined: set[str] = set()
        # the document's own macros that stand for text: their body, and the delimiter a use writes after the name
        self.texts: dict[str, tuple[tuple[int, int], str]] = {}
        self.heading_macros: frozenset[str] = frozenset()  # the document's own macros that set a heading
        self.heading_kinds: list[bool] = []  # per open heading level: is it a publication list?
        self.item_open = False  # inside an \\item, until the next environment or blank line
        self.obey_lines = False  # each source line is a line of output
        self.german = german_shorthands(text)  # babel's German shorthands are on
        self.bibliography: list[str] = []  # the records of the .bib files, until printed

    # -- argument scanning ------------------------------------------------------------------
    def skip_space(self, i: int, end: int, newlines: int = 1) -> int:
        s = self.s
        seen = 0
        while i < end and s[i] in " \t\n":
            if s[i] == "\n":
                seen += 1
                if seen > newlines:
                    break
            i += 1
        return i

    def optional(self, i: int, end: int) -> tuple[int, tuple[int, int] | None]:
        """Skip one ``[...]`` argument; returns the new position and its span.

        As in LaTeX, the argument ends at the first ``]`` outside braces. It is looked for among
        the precomputed ``]``, ``{`` and paragraph-break positions, so an unclosed ``[`` costs a
        few lookups, not a scan of the text after it.
        """
        j = self.skip_space(i, end, 0)
        if j >= end or self.s[j] != "[":
            return i, None
        limit = min(end, j + _MAX_OPTIONAL)
        next_closing = bisect_right(self.closings, j)
        if next_closing == len(self.closings) or self.closings[next_closing] >= limit:
            return i, None  # no "]" within reach: a run of unclosed "[" costs a lookup each
        marks, kinds = self.marks, self.mark_kinds
        at = bisect_right(marks, j)
        while at < len(marks) and marks[at] < limit:
            position, kind = marks[at], kinds[at]
            if kind == "]":
                return position + 1, (j + 1, position)
            if kind == "{":
                close = self.match.get(position)
                if close is None or close >= limit:
                    break
                at = bisect_right(marks, close, at)
                continue
            break  # a paragraph break ends any argument
        return i, None

    def group(self, i: int, end: int, newlines: int = 1) -> tuple[int, tuple[int, int] | None]:
        """One ``{...}`` argument after optional spaces; returns the new position and its inner span."""
        j = self.skip_space(i, end, newlines)
        if j < end and self.s[j] == "{":
            close = self.match.get(j)
            if close is None or close > end:
                close = end
            return close + 1, (j + 1, close)
        return i, None

    def groups(self, i: int, end: int, limit: int = 9) -> tuple[int, list[tuple[int, int]]]:
        spans = []
        while len(spans) < limit:
            j, _ = self.optional(i, end)
            j, span = self.group(j, end)
            if span is None:
                break
            spans.append(span)
            i = j
        return i, spans

    def raw(self, span: tuple[int, int]) -> str:
        return self.s[span[0]:span[1]].strip()

    def record(self, span: tuple[int, int], depth: int) -> _Recorder:
        """The parse of a span, done once and kept."""
        recorded = self.memo.get(span)
        if recorded is None:
            recorded = _Recorder()
            self.parse(span[0], span[1], recorded, depth + 1)
            self.memo[span] = recorded
        return recorded

    def emit(self, span: tuple[int, int], out, depth: int) -> None:
        """Parse an argument into ``out``."""
        self.record(span, depth).replay(out)

    def rendered(self, span: tuple[int, int], depth: int) -> list[tuple[int, str]]:
        """An argument rendered to its own ``(number, text)`` lines."""
        out = _Out(self.index)
        self.record(span, depth).replay(out)
        out.flush()
        return out.lines

    def inline(self, span: tuple[int, int], depth: int) -> str:
        """An argument rendered to one line of text."""
        return " ".join(text for _, text in self.rendered(span, depth))

    # -- the main loop ----------------------------------------------------------------------
    def parse(self, i: int, end: int, out: _Out, depth: int = 0) -> None:
        s = self.s
        if depth > _MAX_DEPTH:
            out.add(re.sub(r"\\[A-Za-z@]+|[\\{}$&]", " ", s[i:end]), i)
            return
        while i < end:
            c = s[i]
            if c == "\\":
                i = self.command(i, end, out, depth)
            elif c == "{":
                close = self.match.get(i)
                if close is None or close > end:
                    close = end
                self.parse(i + 1, close, out, depth + 1)
                i = close + 1
            elif c == "}":
                i += 1
            elif c == "$":
                i = self.math(i, end, out, depth)
            elif c == "&":
                out.add(" | ", i)
                i += 1
            elif c == "\n":
                j = i + 1
                while j < end and s[j] in " \t":
                    j += 1
                if j < end and s[j] == "\n":
                    out.flush()
                    self.item_open = False
                elif self.obey_lines:
                    out.flush()
                else:
                    out.add(" ", i)
                i = j
            else:
                m = _TEXT.match(s, i, end)
                written = m.group(0)
                if self.german and '"' in written:
                    written = GERMAN_SHORTHAND.sub(lambda g: _GERMAN_SHORTHANDS[g.group(1)], written)
                out.add(_typography(written), i)
                i = m.end()

    def math(self, i: int, end: int, out: _Out, depth: int) -> int:
        s = self.s
        double = s.startswith("$$", i)
        start = i + (2 if double else 1)
        j = start
        while j < end:
            if s[j] == "\\":
                j += 2
                continue
            if s[j] == "$":
                break
            j += 1
        if j >= end:
            return start
        inner = _Out(self.index)
        self.parse(start, j, inner, depth + 1)
        text = "".join(inner.buf).replace("^", "").replace("_", "")
        out.add(text, start)
        return j + (2 if double else 1)

    def accent(self, mark: str, i: int, end: int, out: _Out, pos: int) -> int:
        s = self.s
        j = i
        while j < end and s[j] == " ":
            j += 1
        base = ""
        if j < end and s[j] == "{":
            close = self.match.get(j, end)
            inner = s[j + 1:close].strip()
            if inner in ("\\i", "\\j"):
                base = inner[1]
            elif inner.startswith("\\") and inner[1:] in _LETTERS:
                base = _LETTERS[inner[1:]]
            else:
                base = inner[:1]
                if len(inner) > 1:
                    base = inner
            j = close + 1
        elif j < end and s[j] == "\\":
            m = _COMMAND.match(s, j)
            if m and m.group(1) in ("i", "j"):
                base = "i" if m.group(1) == "i" else "j"
                j = m.end()
        elif j < end and (s[j].isalpha() or (mark in _ACCENTS and not mark.isalpha())):
            base = s[j]
            j += 1
        if not base:
            return i
        combined = unicodedata.normalize("NFC", base[0] + _ACCENTS[mark]) + base[1:]
        out.add(combined, pos)
        return j

    def command(self, i: int, end: int, out: _Out, depth: int) -> int:
        s = self.s
        m = _COMMAND.match(s, i, end)
        if m is None:
            return i + 1
        name, symbol = m.group(1), m.group(3)
        j = m.end()
        if symbol is not None:
            if symbol == "\\":
                self.line_break(out, i)
                j, _ = self.optional(j, end)
                if j < end and s[j] == "*":
                    j += 1
                return j
            if symbol in _ACCENTS:
                k = self.accent(symbol, j, end, out, i)
                return k if k != j else j
            if symbol in "&%$#_{}":
                out.add(symbol, i)
            elif symbol in " \n\t":
                out.add(" ", i)
            elif symbol in ",;:>":
                out.add(" ", i)
            elif symbol == "[":
                close = s.find("\\]", j, end)
                return end if close < 0 else close + 2
            elif symbol == "(":
                close = s.find("\\)", j, end)
                if close < 0:
                    return j
                self.parse(j, close, out, depth + 1)
                return close + 2
            elif symbol == "|":
                out.add("|", i)
            return j
        # a letter command
        if name in self.texts:  # the document's own \\myname: the text it stands for
            body, delimiter = self.texts[name]
            self.emit(body, out, depth)
            if delimiter and s.startswith(delimiter, j):  # \\def\\inst/{Institute} used as \\inst/
                return j + len(delimiter)
            return j + 2 if s.startswith("{}", j) else j
        if name in self.defined and (name in _DROP or name in _SYMBOLS or name in _LETTERS or name in _ZERO):
            return self.unknown(j, end, out, depth)  # the document's own \position or \degree
        if name in _ACCENTS and j < end and (s[j] == "{" or s[j] == " "):
            k = self.accent(name, j, end, out, i)
            if k != j:
                return k
        if name in _LETTERS:
            out.add(_LETTERS[name], i)
            if j + 1 < end and s[j] == "{" and s[j + 1] == "}":
                j += 2
            elif j < end and s[j] == " " and j + 1 < end and s[j + 1].isalpha():
                j += 1
            return j
        if name in _SYMBOLS:
            out.add(_SYMBOLS[name], i)
            if j + 1 < end and s[j] == "{" and s[j + 1] == "}":
                j += 2
            return j
        if name in _BREAKS:
            if name in _FORCED_BREAKS:
                self.line_break(out, i)
            else:
                out.flush()
            return j
        if name in ("begin", "end"):
            return self.environment(name, j, end, out, depth, i)
        if name == "item":
            return self.item(j, end, out, depth)
        part = next((parts[name] for family, parts in ENTRY_PART_MACROS.items()
                     if family in self.families and name in parts and name not in self.defined), None)
        if part is not None:
            return self.entry_parts(name, j, end, out, depth)
        meanings = self.class_meanings(name, ENTRY_MACROS, j, end)
        if meanings is not None:
            k, spans = self.groups(j, end, len(meanings))
            if name in FOLLOWING_PARTS:
                k, spans, meanings = self.following_parts(FOLLOWING_PARTS[name], k, end, spans, meanings)
            self.entry(meanings, spans, out, depth)
            return k
        if name in ("section", "subsection", "subsubsection", "chapter", "part", "paragraph",
                    "subparagraph") or "section" in name.lower() and name not in _DROP or name in HEADING_MACROS \
                or name in self.heading_macros:
            j, _ = self.optional(j, end)
            k, span = self.group(j, end)
            if span is not None:
                level = 3 if name.startswith("subsub") or name.endswith("paragraph") else (
                    2 if name.lower().startswith("sub") else 1)
                text = self.inline(span, depth)
                if text:
                    self.heading(out, self.index.line(span[0] + len(s[span[0]:span[1]]) - len(s[span[0]:span[1]].lstrip())),
                                 level, text)
                else:
                    out.flush()
                return k
            return j
        if name in ("url", "nolinkurl", "path"):
            k, span = self.group(j, end)
            if span is not None:
                url = self.raw(span)
                record_link(self.metadata, url, url, self.index.line(span[0]))
                out.add(url, span[0])
                return k
            return j
        if name in ("newcommand", "renewcommand", "providecommand", "newenvironment",
                    "renewenvironment", "DeclareRobustCommand", "NewDocumentCommand"):
            k = self.skip_space(j, end)
            if k < end and s[k] == "\\":
                mm = _COMMAND.match(s, k, end)
                k = mm.end() if mm else k + 1
            else:
                k, _ = self.group(k, end)
            while True:
                k2, span = self.optional(k, end)
                if span is None:
                    break
                k = k2
            k, _ = self.group(k, end)
            if name.endswith("environment"):
                k, _ = self.group(k, end)
            return k
        if name in ("def", "gdef", "edef", "xdef", "let"):
            if name == "let":
                mm = re.compile(r"\s*\\[A-Za-z@]+\s*=?\s*(?:\\[A-Za-z@]+|.)", re.DOTALL).match(s, j, end)
                return mm.end() if mm else j
            brace = s.find("{", j, end)
            if brace < 0:
                return end
            return self.match.get(brace, end) + 1
        # a skip's, a box move's or a raise's length (``\moveleft.5\hoffset``) is layout, not text
        if name in ("vskip", "hskip", "kern", "penalty", "vspace", "hspace", "baselineskip", "moveleft", "moveright",
                    "raise", "lower"):
            if j < end and s[j] == "*":
                j += 1
            if name in ("vspace", "hspace"):
                k, _ = self.group(j, end)
                return k
            mm = _DIMENSION.match(s, j, end)
            return mm.end() if mm else j
        if name == "href":
            k, spans = self.groups(j, end, 2)
            if len(spans) == 2:
                url = self.raw(spans[0])
                text = self.inline(spans[1], depth) or url
                record_link(self.metadata, url, text, self.index.line(spans[1][0]))
                self.emit(spans[1], out, depth)
                return k
            return k
        if name in ("cventry", "cvjob", "cvschool"):
            return self.cventry(j, end, out, depth)
        if name in PRINTED_HEADERS and name not in self.defined:  # a header the preamble wrote, printed here
            out.flush()
            for header in PRINTED_HEADERS[name]:
                written = re.search(r"\\" + header + r"(?![A-Za-z@])", s)
                k, span = self.group(written.end(), len(s)) if written else (j, None)
                if span is not None:
                    self.emit(span, out, depth)
                    out.flush()
            return self.optional(j, end)[0]
        if name == "entry" and "curve" in self.families and name not in self.defined:
            return self.item(j, end, out, depth)  # CurVe's \entry[dates] text: an item, its label in the left column
        if name == "newblock":  # a bibliography style's boundary between a reference's blocks (authors, title, venue)
            out.add(" | ", i)
            return j
        if name == "bibitem":  # one reference per line, its citation key dropped
            out.flush()
            k, _ = self.optional(j, end)
            k, _ = self.group(k, end, 0)
            return k
        if name == "header" and "friggeri-cv" in self.families and name not in self.defined:
            k, spans = self.groups(j, end, 3)
            out.flush()
            if spans:
                out.line(self.index.line(spans[0][0]), " ".join(self.inline(span, depth) for span in spans[:2]))
                for span in spans[2:]:
                    out.line(self.index.line(span[0]), self.inline(span, depth))
            return k
        if name in ("cvitem", "cvitemwithcomment", "cvdoubleitem", "cvlistitem", "cvlistdoubleitem", "ecvitem",
                    "ecvblueitem", "ecvbigitem"):
            return self.cvitem(name, j, end, out, depth)
        if name in _DROP:
            k = j if _DROP[name] else self.optional(j, end)[0]
            for _ in range(_DROP[name]):
                k, _ = self.optional(k, end)
                token = _COMMAND.match(s, self.skip_space(k, end, 0), end)
                if token and token.group(1):  # an argument written without braces: \\setlength\\parindent{0pt}
                    k = token.end()
                    continue
                k, span = self.group(k, end, 0)
                if span is None:
                    break
            if name in PRINTS_BIBLIOGRAPHY and self.bibliography:
                self.print_bibliography(name, j, k, out, depth)
            return k
        if name in _KEEP_LAST:
            k = j
            for _ in range(_KEEP_LAST[name]):
                k, _ = self.optional(k, end)
                k, span = self.group(k, end, 0)
            for _ in range(2):
                k, _ = self.optional(k, end)
            k, span = self.group(k, end, 0)
            if span is not None:
                self.emit(span, out, depth)
            return k
        if name in _ZERO:
            if j < end and s[j] == " ":
                j += 1
            return j
        if name in _TRANSPARENT:
            k, _ = self.optional(j, end)
            k, span = self.group(k, end, 0)
            if span is not None:
                if name in ("textbf", "underline", "uline") and span[1] - span[0] <= 200:
                    record_bold(self.metadata, self.inline(span, depth))
                self.emit(span, out, depth)
                return k
            return j
        if name.startswith(("fa", "ai")) and name[2:3].isupper():  # fontawesome's and academicons' icons
            return self.optional(j, end)[0] if s.startswith("[", j) else j
        return self.unknown(j, end, out, depth)

    def print_bibliography(self, name: str, j: int, k: int, out, depth: int) -> None:
        """The records of the document's ``.bib`` files not printed yet that this command prints (biblatex's
        ``type=``/``nottype=``, friggeri-cv's ``\\printbibsection{type}{X}``), under the heading LaTeX prints
        there: ``\\printbibliography[title=X]``'s (none with ``heading=none``), ``\\printbibsection``'s ``X``,
        else "Bibliography" (as for ``thebibliography``). Each record is a line numbered by the line of the
        command that prints it."""
        options = self.s[j:k]
        spans = self.groups(j, k, 2)[1] if name == "printbibsection" else []
        types = [(negated, kind.lower()) for negated, kind in BIBLIOGRAPHY_TYPE.findall(options)]
        wanted = {self.raw(spans[0]).lower()} if spans else {kind for negated, kind in types if not negated}
        unwanted = {kind for negated, kind in types if negated}
        printed = [record for record in self.bibliography
                   if _bib_type(record) not in unwanted and (not wanted or _bib_type(record) in wanted)]
        if not printed:
            return
        number = self.index.line(j)
        titled = BIBLIOGRAPHY_TITLE.search(options)
        title = (self.inline(spans[1], depth) if len(spans) == 2 else titled.group(1).strip() if titled
                 else "Bibliography")
        if not re.search(r"heading\s*=\s*none", options):
            self.heading(out, number, 2 if "subbibliography" in options else 1, title)
        for record in printed:
            out.line(number, record)
        self.bibliography = [record for record in self.bibliography if record not in printed]

    def unknown(self, j: int, end: int, out: _Out, depth: int) -> int:
        """A macro the reader does not know: 0 arguments -> dropped, 1 -> its content, several ->
        one ``a | b`` line; a link of the document's own (``\\hrefU{https://...}{Dr. A}``) -> its text, in the line."""
        k, spans = self.groups(j, end)
        if not spans:
            return j
        spans = [span for span in spans if not LENGTH.fullmatch(self.s, *span)]  # \gapabove{3pt} prints no text
        if not spans:
            return k
        if len(spans) == 2 and _LINK_TARGET.match(self.raw(spans[0])):
            record_link(self.metadata, self.raw(spans[0]), self.inline(spans[1], depth), self.index.line(spans[1][0]))
            spans = spans[1:]
        if len(spans) == 1:
            self.emit(spans[0], out, depth)
            return k
        self.fields(spans, out, depth)
        return k

    # -- structures -------------------------------------------------------------------------
    def fields(self, spans: list[tuple[int, int]], out: _Out, depth: int, trailing: int = 0) -> None:
        """Arguments as one ``a | b | c`` line (the last ``trailing`` ones on the following lines).

        When an argument itself spans several lines, every argument's lines are emitted
        in order instead.
        """
        rendered = [self.rendered(span, depth) for span in spans]
        lead = rendered[: len(rendered) - trailing] if trailing else rendered

        def one_line(lines: list) -> bool:
            return len(lines) <= 1 and not (lines and lines[0][1].startswith(("- ", "#")))

        if len(lead) >= 4 and not one_line(lead[-1]) and all(one_line(lines) for lines in lead[:-1]):
            lead = lead[:-1]  # awesome-cv's \cventry{title}{org}{place}{dates}{items}: the items follow
        out.flush()
        if all(one_line(lines) for lines in lead):
            header = [lines[0] for lines in lead if lines]
            if header:
                out.line(header[0][0], " | ".join(text for _, text in header))
            rest = rendered[len(lead):]
        else:
            rest = rendered
        for lines in rest:
            for number, text in lines:
                out.line(number, text)

    def heading(self, out, number: int, level: int, text: str) -> None:
        """Emit ``# text`` and note whether the section is a publication list."""
        out.line(number, "#" * level + " " + text)
        self.item_open = False
        del self.heading_kinds[level - 1:]
        self.heading_kinds.extend([False] * (level - 1 - len(self.heading_kinds)))
        self.heading_kinds.append(bool(PUBLICATION_HEADING.search(text)))

    def in_publications(self) -> bool:
        return any(self.heading_kinds)

    def class_meanings(self, name: str, table: dict, j: int, end: int) -> tuple[str, ...] | None:
        """The meanings of ``name``'s arguments under the class in use, if it is a class's entry.

        A macro the document defines itself keeps its own meaning; a class's signature applies
        when the class is in use, else (for names only that class uses) when the call has
        exactly as many arguments.
        """
        signatures = table.get(name)
        if not signatures or name in self.defined:
            return None
        for family, meanings in signatures:
            if family in self.families:
                return meanings
        if name in _CLASS_ONLY:
            return None
        _, spans = self.groups(j, end, 6)
        return next((meanings for _, meanings in signatures if len(meanings) == len(spans)), None)

    def following_parts(self, following: tuple[re.Pattern, tuple[str, ...]], k: int, end: int, spans: list,
                        meanings: tuple[str, ...]) -> tuple[int, list, tuple[str, ...]]:
        """Read the macro right after an entry that a class uses for the entry's other parts."""
        pattern, parts = following
        spans = list(spans) + [None] * (len(meanings) - len(spans))
        follow = pattern.match(self.s, k, end)
        if follow:
            after, more = self.groups(follow.end(), end, len(parts))
            if more:
                return after, spans + more, meanings + parts[:len(more)]
        return k, spans, meanings

    def entry(self, meanings: tuple[str, ...], spans: list, out, depth: int,
              body: tuple[int, int] | None = None) -> None:
        """A class entry as ``role | org | place | dates`` with its description on the lines after.

        In a publication list the entry is one citation: its fields in the order written,
        then its description or body (authors, notes) on the same line. Elsewhere each line is
        emitted with its :class:`Cell` fields, the description and body lines typed as such.
        """
        out.flush()
        out.set_prefix("")
        fields = [(meaning, self.rendered(span, depth)) for meaning, span in zip(meanings, spans) if span is not None]
        fields = _dates_where_written(_dates_joined([(meaning, lines) for meaning, lines in fields if lines]))
        described = [line for meaning, lines in fields if meaning == "description" for line in lines]
        described += self.rendered(body, depth) if body is not None else []
        if self.in_publications():
            head = [lines for meaning, lines in fields if meaning != "description"]
            head += [[(number, text.removeprefix("- "))] for number, text in described]
            if head:
                out.line(min(lines[0][0] for lines in head),
                         " | ".join(" ".join(text for _, text in lines) for lines in head))
            return
        pieces: list[tuple[int, str]] = []
        cells: list[Cell] = []
        after: list[tuple[int, str]] = []
        for meaning in _ENTRY_LINE_ORDER:
            for lines in (lines for m, lines in fields if m == meaning):
                pieces.append(lines[0])
                cells.append(Cell(meaning, ", ".join(text for _, text in lines)))
                after.extend(lines[1:])
        if pieces:  # the fields travel with the line, so that extraction reads them by their meaning
            out.line(min(number for number, _ in pieces), " | ".join(text for _, text in pieces), tuple(cells))
        for number, text in after + described:
            out.line(number, text, (Cell("description", text),))

    def entry_parts(self, name: str, j: int, end: int, out: _Out, depth: int) -> int:
        """An entry written with one macro a part (:data:`ENTRY_PART_MACROS`), read up to the
        first text that is no part or a part the entry already has."""
        parts = next(parts for family, parts in ENTRY_PART_MACROS.items() if family in self.families)
        meanings: list[str] = []
        spans: list[tuple[int, int]] = []
        k = j
        while True:
            k, span = self.group(k, end)
            if span is None:
                break
            meanings.append(parts[name])
            spans.append(span)
            after = _BETWEEN_PARTS.match(self.s, k, end).end()
            command = _COMMAND.match(self.s, after, end)
            name = command.group(1) if command else None
            if name not in parts or parts[name] in meanings or name in self.defined:
                break
            k = command.end()
        self.entry(tuple(meanings), spans, out, depth)
        return k

    def cventry(self, j: int, end: int, out: _Out, depth: int) -> int:
        k, spans = self.groups(j, end, 6)
        if not spans:
            return j
        self.fields(spans, out, depth, trailing=1 if len(spans) == 6 else 0)
        return k

    def cvitem(self, name: str, j: int, end: int, out: _Out, depth: int) -> int:
        counts = {"cvitem": 2, "cvitemwithcomment": 3, "cvdoubleitem": 4, "cvlistitem": 1,
                  "cvlistdoubleitem": 2, "ecvitem": 2, "ecvblueitem": 2, "ecvbigitem": 2}
        k, spans = self.groups(j, end, counts[name])
        texts = [(self.index.line(span[0]), self.inline(span, depth)) for span in spans]
        more: list[tuple[int, str]] = []
        if spans and name in ("cvitem", "ecvitem"):
            # "\cvitem{}{Title \newline Abstract ...}": the lines after a break follow the item
            lines = self.rendered(spans[-1], depth)
            if len(lines) > 1:
                texts[-1], more = lines[0], lines[1:]
        out.flush()
        if name == "cvlistitem" or name == "cvlistdoubleitem":
            for number, text in texts:
                if text:
                    out.line(number, "- " + text)
            return k
        pairs = [texts[x:x + 2] for x in range(0, len(texts), 2)]
        parts = []
        number = None
        for pair in pairs:
            label = pair[0][1]
            value = pair[1][1] if len(pair) > 1 else ""
            if number is None and (label or value):
                number = pair[0][0] if label else pair[1][0]
            if label and value:
                parts.append(f"{label.rstrip(':')}: {value}")
            elif label or value:
                parts.append(label or value)
        if parts:  # in a publication list, an item is one citation
            out.line(number or 1, ("- " if self.in_publications() else "") + " | ".join(parts))
        for number, text in more:
            out.line(number, text)
        return k

    def line_break(self, out, pos: int) -> None:
        """``\\\\``: a new line, except inside an item of a publication list, which is one citation."""
        if self.item_open and self.in_publications():
            out.add(" | ", pos)
        else:
            out.flush()

    def item(self, j: int, end: int, out: _Out, depth: int) -> int:
        out.flush()
        self.item_open = True
        k, span = self.optional(j, end)
        out.set_prefix("- ")
        if span is not None:
            label = self.inline(span, depth)
            if re.search(r"\w", label):
                out.add(label if label.endswith((":", ".")) else label + ":", span[0])
                out.add(" ", span[1])
        return k

    def environment(self, kind: str, j: int, end: int, out: _Out, depth: int, start: int) -> int:
        s = self.s
        m = _ENV_NAME.match(s, j, end)
        if m is None:
            return j
        env = m.group(1)
        k = m.end()
        self.item_open = False
        if env == "aside" and "friggeri-cv" in self.families:
            self.obey_lines = kind == "begin"  # friggeri's sidebar keeps each source line (\obeycr)
        if kind == "end":
            out.flush()
            return k
        if env == "document":
            return k
        if env in _SKIP_ENVS:
            close = s.find("\\end{" + env + "}", k, end)
            return end if close < 0 else close + len(env) + 6
        out.flush()
        if env in _LIST_ENVS:
            k, _ = self.optional(k, end)
            return k
        if env in _TABLE_ENVS:
            k, _ = self.optional(k, end)
            for _ in range(_TABLE_ENVS[env]):
                k, _ = self.group(k, end, 0)
            return k
        if env == "thebibliography":  # headed "Bibliography" by book/report ("References" in an
            # article, but a CV's "References" are its referees)
            self.heading(out, self.index.line(start), 1, "Bibliography")
        if env in _ARG_ENVS:
            for _ in range(3):
                k, _ = self.optional(k, end)
            for _ in range(_ARG_ENVS[env]):
                k, _ = self.group(k, end, 0)
            return k
        meanings = self.class_meanings(env, ENTRY_ENVIRONMENTS, k, end)
        if meanings is not None:
            k2, spans = self.groups(k, end, len(meanings))
            close = s.find("\\end{" + env + "}", k2, end)
            body = (k2, close) if close >= 0 else None
            self.entry(meanings, spans, out, depth, body)
            return body[1] if body else k2
        k2, spans = self.groups(k, end)
        if not spans:
            return k
        if ("section" in env.lower() or env in HEADING_ENVIRONMENTS) and len(spans) >= 1:
            title = self.inline(spans[0], depth)
            if title:
                self.heading(out, self.index.line(spans[0][0]), 1, title)
            if len(spans) > 1:
                self.fields(spans[1:], out, depth)
            return k2
        self.fields(spans, out, depth)
        return k2


def _dates_joined(fields: list[tuple[str, list]]) -> list[tuple[str, list]]:
    """An entry's parts with a start and an end written as two arguments joined into its dates, where the start stood.

    >>> _dates_joined([("end", [(3, "today")]), ("role", [(3, "Analyst")]), ("start", [(4, "May 2019")])])
    [('role', [(3, 'Analyst')]), ('dates', [(4, 'May 2019 – today')])]
    """
    halves = {meaning: lines for meaning, lines in fields if meaning in ("start", "end")}
    if not halves:
        return fields
    first = halves.get("start") or halves["end"]
    span = " – ".join(lines[0][1] for lines in (halves.get("start"), halves.get("end")) if lines)
    return [(meaning, lines) if meaning not in halves else ("dates", [(first[0][0], span)])
            for meaning, lines in fields if meaning not in halves or lines is first]


def _dates_where_written(fields: list[tuple[str, list]]) -> list[tuple[str, list]]:
    """An entry's parts with the dates where they are written: when the part the class's signature
    calls the dates holds none and exactly one other part is only dates, that part is the dates
    and the others take the signature's other meanings in order.

    >>> _dates_where_written([("role", [(1, "2016 -- 2020")]), ("org", [(1, "Fellow")]),
    ...                       ("dates", [(1, "Sanger Institute")])])
    [('dates', [(1, '2016 -- 2020')]), ('role', [(1, 'Fellow')]), ('org', [(1, 'Sanger Institute')])]
    """
    def only_dates(lines: list) -> bool:
        return len(lines) == 1 and bool(_DATES_ONLY.fullmatch(lines[0][1].strip()))

    dated = [i for i, (meaning, lines) in enumerate(fields) if meaning != "description" and only_dates(lines)]
    said = [lines for meaning, lines in fields if meaning == "dates"]
    if len(dated) != 1 or fields[dated[0]][0] == "dates" or not said or only_dates(said[0]):
        return fields
    others = [meaning for meaning, _ in fields if meaning != "dates"]
    rest = [lines for i, (_, lines) in enumerate(fields) if i != dated[0]]
    return [("dates", fields[dated[0]][1]), *zip(others, rest)]


def _metadata(text: str, conv: _Converter) -> dict:
    """Identity commands anywhere in the file (preamble included)."""
    metadata: dict = {}
    lines: dict[str, int] = {}

    def args(pattern: str, count: int):
        for m in re.finditer(pattern, text):
            k, spans = conv.groups(m.end(), len(text), count)
            if spans:
                yield m, spans

    def put(key: str, value: str, pos: int) -> None:
        value = clean_inline(value)
        if value and key not in metadata:
            metadata[key] = value
            lines[key] = conv.index.line(pos)

    if "friggeri-cv" in conv.families and "header" not in conv.defined:
        for m, spans in args(r"\\header(?![A-Za-z@])", 3):
            put("name", " ".join(conv.inline(span, 0) for span in spans[:2]), m.start())
            if len(spans) > 2:
                put("role", conv.inline(spans[2], 0), m.start())
    for m, spans in args(r"\\(?:" + "|".join(NAME_MACROS) + r")(?![A-Za-z@])", 1):
        put("name", conv.inline(spans[0], 0), m.start())
    for m, spans in args(r"\\name(?![A-Za-z@])", 2):
        put("name", " ".join(conv.inline(span, 0) for span in spans), m.start())
    first = next(args(r"\\firstname(?![A-Za-z@])", 1), None)
    last = next(args(r"\\(?:familyname|lastname)(?![A-Za-z@])", 1), None)
    if first or last:
        parts = [conv.inline(x[1][0], 0) for x in (first, last) if x]
        put("name", " ".join(parts), (first or last)[0].start())
    for command, key in (("author", "author"), ("title", "title"), ("email", "email"),
                         ("homepage", "homepage"), ("phone", "phone"), ("mobile", "phone"),
                         ("position", "role"), ("tagline", "role"), ("cvjobtitle", "role"), ("ecvemail", "email"),
                         ("ecvhomepage", "homepage"), ("github", "github"), ("linkedin", "linkedin"),
                         ("orcid", "orcid"), ("twitter", "twitter"), ("gitlab", "gitlab")):
        for m, spans in args(r"\\" + command + r"(?![A-Za-z@])", 1) if command not in conv.defined else ():
            value = conv.raw(spans[0]) if key in ("email", "homepage", "github", "orcid") else conv.inline(spans[0], 0)
            # "\\author{\\LaTeX{} Ana Ruiz}" (a template's author line): the logo is no part of the writer's name
            value = re.sub(r"\\(?:and|\\)", ",", _LOGO_BEFORE.sub("", value)) if key == "author" else value
            put(key, value.replace("\\_", "_").replace("\\@", "").strip(), m.start())
    for m in re.finditer(r"\\social\s*\[([A-Za-z]+)\]", text):
        k, spans = conv.groups(m.end(), len(text), 1)
        if spans:
            put(m.group(1).lower(), conv.raw(spans[0]), m.start())
    for m, spans in args(r"\\address(?![A-Za-z@])", 3):
        put("address", ", ".join(t for t in (conv.inline(span, 0) for span in spans) if t), m.start())
    if lines:
        metadata["source_lines"] = lines
    return metadata


def _user_macros(text: str, conv: _Converter) -> tuple[dict[str, tuple[tuple[int, int], str]], frozenset[str]]:
    """The document's own macros that stand for text (argument-less, a body of words and text styling:
    ``\\newcommand{\\myname}{Ada Lovelace}``, ``\\def\\myauthor{..}``, ``\\def\\inst/{Institute}``; a length such
    as ``{1.7cm}`` is no text), by the span of their body and the delimiter a use writes after the name (``/``:
    ``\\inst/``); and its one-argument macros that set the argument as a heading
    (``\\newcommand{\\mhead}[1]{\\marginpar{\\small #1}}``).

    >>> tex = "\\\\newcommand{\\\\myname}{Ada \\\\textsc{Lovelace}}\\n\\\\def\\\\gap{1.5em}\\n\\\\def\\\\mhead#1{\\\\marginpar{#1}}"
    >>> conv = _Converter(tex, {})
    >>> texts, headings = _user_macros(tex, conv)
    >>> [conv.raw(span) for span, _ in texts.values()], sorted(headings)
    (['Ada \\\\textsc{Lovelace}'], ['mhead'])
    """
    bodies: dict[str, tuple[tuple[int, int], int]] = {}
    delimiters: dict[str, str] = {}
    for m in MACRO_DEFINITION.finditer(text):
        name = m.group(1) or m.group(3)
        count = int(m.group(2) or 0) if m.group(1) else m.group(5).count("#")
        span = conv.group(m.end(), len(text))[1]
        if span is not None:
            bodies[name] = (span, count)
            delimiters[name] = m.group("delimiter") or ""
    argless = {name for name, (_, count) in bodies.items() if count == 0}
    words = _TRANSPARENT | _LETTERS.keys() | _SYMBOLS.keys() | _ACCENTS.keys() | argless

    def stands_for_text(body: str) -> bool:
        return ("#" not in body and not _DIMENSION.fullmatch(body) and re.search(r"[^\W\d_]", re.sub(r"\\[A-Za-z@]+", "", body))
                is not None and all(name in words for name in re.findall(r"\\([A-Za-z@]+)", body)))

    texts = {name: (span, delimiters[name]) for name, (span, count) in bodies.items()
             if count == 0 and stands_for_text(conv.raw(span))}
    headings = set()
    for name, (span, count) in bodies.items():
        placed = _HEADING_COMMAND.search(conv.raw(span))
        if count == 1 and placed and "#1" in conv.raw(span)[placed.end():]:
            headings.add(name)
    return texts, frozenset(headings)


def parse_latex(text: str, bibliography: list[str] = (), numbers: list[int] | None = None) -> tuple[tuple, dict]:
    """Lines and metadata of a LaTeX CV.

    ``\\section{X}`` becomes ``# X`` (``## X`` for subsections), ``\\item`` a ``- `` line,
    ``\\cventry`` and other several-argument macros one ``a | b | c`` line, tabular
    rows their cells joined by `` | ``; the preamble only feeds ``metadata``. The records of its ``.bib``
    files (``bibliography``, see :func:`printed_bibliography`) are lines where it prints them; with the
    ``numbers`` of :func:`included_files`, every line is numbered with the document line it comes from.

    >>> tex = "\\\\name{Ada}{Lovelace}\\n\\\\begin{document}\\n\\\\section{Work}\\n\\\\cvitem{2019}{Analyst at \\\\textbf{Babbage}}\\n\\\\end{document}"
    >>> lines, meta = parse_latex(tex)
    >>> [(l.number, l.text) for l in lines], meta["name"]
    ([(3, '# Work'), (4, '2019: Analyst at Babbage')], 'Ada Lovelace')
    """
    clean = _strip_comments(text)
    conv = _Converter(clean, {})
    conv.index = LineIndex(clean, numbers)
    declared = DOCUMENT_CLASS.search(clean)
    if declared and declared.group(1).lower() in CLASS_FAMILIES:
        conv.families.add(CLASS_FAMILIES[declared.group(1).lower()])
    conv.families.update(family for family, marker in CLASS_MARKERS.items() if marker.search(clean))
    conv.defined = {name for match in DEFINED_MACRO.finditer(clean) for name in match.groups() if name}
    conv.texts, conv.heading_macros = _user_macros(clean, conv)
    metadata = _metadata(clean, conv)
    conv.metadata = metadata
    conv.bibliography = list(bibliography)
    begin = re.search(r"\\begin\s*\{document\}", clean)
    start = begin.end() if begin else 0
    finish = re.search(r"\\end\s*\{document\}", clean[start:])
    end = start + finish.start() if finish else len(clean)
    out = _Out(conv.index)
    conv.parse(start, end, out)
    out.flush()
    lines = Lines()
    for at, (number, text) in enumerate(out.lines):
        lines.add(number, text, cells=out.cells.get(at, ()))
    return lines.result(), metadata
