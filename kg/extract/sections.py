"""Section detection: headings (``#``, ALL-CAPS, ``Title:``, known section names) and their kinds.

>>> from kg.model import Document, Line
>>> doc = Document("a.txt", "a.txt", "text", (Line(1, "EDUCATION"), Line(2, "PhD, MIT, 2020"),
...     Line(3, "Selected Publications"), Line(4, "A. Author. A title. 2020.")), "0")
>>> [(s.kind, s.heading, s.lines) for s in find_sections(doc)]
[('education', 'EDUCATION', [1]), ('publications', 'Selected Publications', [3])]
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache

from kg.extract.gazetteer import _data_rows, classify_organization, word_groups
from kg.extract.orgs import is_role
from kg.extract.people import clean_person
from kg.extract.text import clean, is_bullet
from kg.model import Document, Line

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_YEAR_DIGITS = re.compile(r"\d{4}")
_LIST_PUNCT_OR_DIGIT = re.compile(r"[,;()\d]")
_CJK_OPENING = re.compile(r"[\u3400-\u9fff\uac00-\ud7af\u3040-\u30ff]")
_LIST_PUNCT = re.compile(r"[,;()]")
_HEADING_NOTE = re.compile(r"\s*[(（][^()（）]*[)）]$")

__all__ = ["Section", "find_sections", "heading_kind", "section_kinds", "split_labelled_lines"]


@dataclass
class Section:
    """A heading, the kind it names (``None`` if unknown) and the indexes of its body lines."""

    kind: str | None
    heading: str
    heading_index: int | None
    lines: list[int] = field(default_factory=list)
    level: int = 1


@lru_cache(maxsize=1)
def section_kinds() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """``(kind, phrases)`` of ``data/sections.tsv``, in file order."""
    return tuple(
        (row["kind"].strip(), tuple(p.strip() for p in row["phrases"].split(";") if p.strip()))
        for row in _data_rows("sections.tsv")
    )


_NORM_PUNCT = re.compile(r"[^\w\s&'-]")
_NORM_NUMBER = re.compile(r"\b\d+\b")


@lru_cache(maxsize=16384)
def _norm(text: str) -> str:
    # Turkish "İ" lowers to "i" and a combining dot, which would split "İş Deneyimi" into "i ş deneyimi"
    text = _NORM_PUNCT.sub(" ", text.replace("İ", "i").lower())
    text = _NORM_NUMBER.sub(" ", text)
    return " ".join(text.split())


#: ``(rank, kind, normalised phrase)`` of every phrase of ``data/sections.tsv``, in file order.
_NORMED_PHRASES = tuple((rank, kind, _norm(phrase)) for rank, (kind, phrases) in enumerate(section_kinds()) for phrase in phrases)
#: The kinds a whole marked-up heading names, never a line or a heading that holds the phrase: people's roles, one's advisor.
_WHOLE_HEADING_KINDS = ("people_roles", "advisor")
#: A lab page's headings that are job titles; one that names an advisor too ("导师") heads the page's people where
#: it lists others, else the owner's advisors.
_ROLE_PHRASES = frozenset(phrase for _, kind, phrase in _NORMED_PHRASES if kind == "people_roles")
#: The phrases :func:`heading_kind` looks for: by first word, and the CJK ones.
_PHRASES_BY_FIRST_WORD: dict[str, list[tuple[int, str, str]]] = {}
for _phrase in (p for p in _NORMED_PHRASES if p[1] not in _WHOLE_HEADING_KINDS and not _CJK_OPENING.match(p[2])):
    _PHRASES_BY_FIRST_WORD.setdefault(_phrase[2].split(" ")[0], []).append(_phrase)
_CJK_PHRASES = tuple(p for p in _NORMED_PHRASES if p[1] not in _WHOLE_HEADING_KINDS and _CJK_OPENING.match(p[2]))
#: The kind of each normalised phrase: the first kind that lists it (read last, it is written last).
_EXACT = {phrase: kind for _, kind, phrase in reversed(_NORMED_PHRASES)}


def _whole_kind(heading: str) -> str | None:
    """The kind a heading names whole (plurals folded)."""
    norm = _norm(heading)
    return _EXACT.get(norm) or _EXACT.get(norm[:-1] if norm.endswith("s") else norm + "s")


def exact_kind(heading: str) -> str | None:
    """The kind a heading names when the whole heading is a section name (plurals folded), or
    names of one kind joined ("Formação acadêmica/titulação", "Honors & Awards").

    >>> exact_kind("Bios"), exact_kind("Part-time Lecturer"), exact_kind("Formação acadêmica/titulação")
    ('bio', None, 'education')
    """
    kind = _whole_kind(heading)
    if kind or not _HEADING_JOINER.search(heading):
        return kind
    # "Label | value" is a row of a table or a list of terms: its cells are each a section's name, or it is no heading
    name = _whole_kind if "|" in heading else heading_kind
    kinds = [name(part) if len(part.split()) <= 3 else None for part in _HEADING_JOINER.split(heading) if part.strip()]
    return kinds[0] if kinds and all(kinds) and len(set(kinds)) == 1 else None


#: What joins two section names in one heading: a slash, a bar, "&", "and" in the languages of the vocabulary.
_HEADING_JOINER = re.compile(r"\s*[/|&]\s*|\s+(?:and|und|et|y|e)\s+", re.I)


@lru_cache(maxsize=8192)
def heading_kind(heading: str) -> str | None:
    """The section kind a heading names, else ``None``.

    >>> heading_kind("Work Experience"), heading_kind("Awards and Honors"), heading_kind("Hobbies")
    ('experience', 'awards', 'skills')
    >>> heading_kind("Industry Engineering Experience"), heading_kind("Expériences | Projets")
    ('experience', 'experience')
    """
    norm = _norm(heading)
    if exact := exact_kind(heading):
        return exact
    if (joined := _HEADING_JOINER.split(heading, maxsplit=1)) and len(joined) == 2 and _whole_kind(joined[0]) == "publications":
        return "publications"  # "Publications and Presentations": a list that mixes papers with talks still lists papers
    padded = f" {norm} "
    # a long heading is a headline ("Le prix de thèse 2024 décerné à X", "我院X教授团队荣获..."): it names a
    # section only by the words it opens with ("Research Interests in Quantum Computation and Information");
    # a job title inside a heading names no people ("Grants as PI")
    headline = len(norm.split()) > 6 or (bool(_CJK_OPENING.match(norm)) and len(norm) > 12)
    # the longest phrase the heading holds wins, then the first; tried: those a word (or a word without its "s") opens,
    # and the CJK ones, found anywhere (CJK headings put no spaces between words); "p in padded" is a cheap pre-test
    words = padded.split(" ")
    candidates = [*_CJK_PHRASES, *(c for w in words for c in _PHRASES_BY_FIRST_WORD.get(w, ())),
                  *(c for w in words if w.endswith("s") for c in _PHRASES_BY_FIRST_WORD.get(w[:-1], ()))]
    best = min(((-len(p), rank, kind) for rank, kind, p in candidates if p in padded
                and not (headline and not padded.startswith(f" {p}")) and (
        f" {p} " in padded or (len(p) > 3 and f" {p}s " in padded) or _CJK_OPENING.match(p))), default=None)
    return best[2] if best else None


#: The joiners a title-cased heading writes in lower case (``data/heading_words.tsv``).
_TITLE_STOP = word_groups("heading_words.tsv")["title_stop"]


def _looks_like_heading(raw: str, text: str) -> tuple[bool, int]:
    """(is a heading, level) for a line that is not a ``#`` heading."""
    if not text or len(text) > 60 or "@" in text:
        return False, 0
    if _YEAR_DIGITS.search(text) and not text.isupper():
        return False, 0
    words = text.rstrip(":").split()
    if not words or len(words) > 7 and not exact_kind(text.rstrip(":")) or is_bullet(raw):
        return False, 0
    letters = [c for c in text if c.isalpha()]
    is_caps = len(letters) >= 3 and all(not c.isalpha() or c.isupper() for c in text)
    if is_caps and (heading_kind(text) or (len(words) <= 5 and not _LIST_PUNCT_OR_DIGIT.search(text))):
        return True, 1
    # a heading opens with a capital, or with a letter of a script without capitals (Han, Hangul, Arabic, Hebrew)
    bare = _HEADING_NOTE.sub("", text)  # a note on its entries may follow it ("代表性论文（*通讯作者）")
    if text.endswith((".", ",", ";")) or _LIST_PUNCT.search(bare) or not text[:1].isalpha() or text[:1].islower():
        return False, 0
    if exact_kind(bare.rstrip(":")) not in (None, *_WHOLE_HEADING_KINDS) or text.endswith(":") and heading_kind(bare) == "members":
        return True, 1  # "Ph.D. graduates:" above the people it lists
    titled = all(w[:1].isupper() or w.lower() in _TITLE_STOP or not w[:1].isalpha() for w in words)
    # in sentence case the words after the head noun name a section too, or are one word ("Formación complementaria"):
    # a paper's title on a line of its own opens with such nouns as well ("Employment effects of minimum wages")
    led = _norm(words[0]) in _LEAD_NOUNS and (len(words) <= 2 or all(
        w.lower() in _TITLE_STOP or _norm(w) in _SECTION_WORDS or _norm(w)[:-1] in _SECTION_WORDS for w in words[1:]))
    if len(words) <= 5 and (titled and _norm(words[-1]) in _HEAD_NOUNS or led):
        return True, 1  # "Research Experience"; in sentence case, "Expérience de recherche"
    return False, 0


#: Last words that make a short title-cased line a section heading ("Research Experience").
_HEAD_NOUNS = word_groups("heading_words.tsv")["head_nouns"]
#: First words that make a short line a section heading in sentence case ("Formation universitaire").
_LEAD_NOUNS = word_groups("heading_words.tsv")["lead_nouns"]
#: The words of the section names of ``data/sections.tsv`` ("recherche" of "projets de recherche").
_SECTION_WORDS = frozenset(word for _, _, phrase in _NORMED_PHRASES for word in phrase.split())


#: "Education: PhD, X (2008); MSc, Y (2004)": a section's name as the label of a line that holds its entries.
_LABELLED_LINE = re.compile(r"^(?P<label>[^\W\d_][^:：|]{1,40}?)\s*[:：]\s+(?P<value>\S.*)$")
#: Where the entries of a labelled line part: a semicolon, or the end of a sentence before a capital.
_ENTRY_BREAK = re.compile(r"\s*;\s+|(?<=[\w)])\.\s+(?=[A-ZÀ-Þ])")
#: The section kinds a labelled line opens (a profile page's "Formación: ...", "Career: ...").
_LABELLED_KINDS = ("education", "experience")


def split_labelled_lines(document: Document) -> Document:
    """The document with each line that a section's name labels ("Formación: Doctor en X por la Universidad
    de Y (2008). Licenciado en Z (2002).") written as that heading and one line per entry (same line numbers).

    >>> from kg.model import Line
    >>> doc = Document("a.txt", "a.txt", "text", (Line(3, "Education: PhD, Uppsala University (2015); BSc, Lund University"),), "0")
    >>> [line.text for line in split_labelled_lines(doc).lines]
    ['Education', 'PhD, Uppsala University (2015)', 'BSc, Lund University']
    """
    out, changed = [], False
    for line in document.lines:
        match = _LABELLED_LINE.match(clean(line.text)) if ":" in line.text or "：" in line.text else None
        if match and len(match.group("value").split()) >= 3 and _YEAR_DIGITS.search(match.group("value")) \
                and exact_kind(match.group("label")) in _LABELLED_KINDS:  # entries bear their years ("Cargo: X" is a role)
            out.append(Line(line.number, match.group("label")))
            out.extend(Line(line.number, part.strip(" .")) for part in _ENTRY_BREAK.split(match.group("value")) if part.strip(" ."))
            changed = True
        else:
            out.append(line)
    return replace(document, lines=tuple(out)) if changed else document


def find_sections(document: Document) -> list[Section]:
    """The document's sections in order; text before the first heading is a ``None``-kind section.

    A section whose heading names no known kind inherits the kind of the enclosing
    section when it is a deeper ``#`` heading (a sub-heading such as an employer name).
    """
    # a page titled as a publication list, as the owner's students or as a group's members ("title: Publications",
    # "title: Alumni", "title: Mitglieder") is one until a heading names another section
    title = document.metadata.get("title")
    page_kind = exact_kind(title) if isinstance(title, str) else None
    page_kind = page_kind if page_kind in ("publications", "students", "members") else None
    sections: list[Section] = [Section(kind=page_kind, heading=title if page_kind else "", heading_index=None, level=0)]
    for index, line in enumerate(document.lines):
        raw = line.text.strip()
        level = 0
        if raw.startswith("#"):
            level = len(raw) - len(raw.lstrip("#"))
            text = clean(raw)
            kind = heading_kind(text) if len(text.split()) <= 10 else None
            named = exact_kind(text)
            # the heading this one is under (or a role's heading under a page titled for its people: "## PhD." under
            # "title: Students")
            enclosing = next((s for s in reversed(sections) if s.heading_index is not None and s.level < level),
                             sections[0] if is_role(text) else None)
            if kind in _PEOPLE_KINDS and _YEAR_DIGITS.search(text) and _norm(text) not in _EXACT \
                    and enclosing is not None and enclosing.kind in _CV_SECTION_KINDS:
                # "### Postdoc (2012–2016)" under "## Experience": a job title with its dates is a position, no group of
                # postdocs; "## Supervised PhD students (2016–2024)" elsewhere lists people
                kind = named = None
            # a page titled for its people ends at its first heading, which says who the next people are, unless the
            # heading is a person's card ("### Ana Ruiz", "### Ana Ruiz, PhD student, University X"; "# Ana Ruiz" titles the page)
            before_comma = text.split(",")[0].strip()
            card = level > 1 and kind is None and clean_person(before_comma) == before_comma
            parent = next((s for s in reversed(sections) if s.heading_index is not None or s.kind == "publications"
                           or card and s.kind in _PEOPLE_KINDS), None)
            # a "#" heading of people ranks above a line that only looks like a heading ("科研项目" in bold, then "## 硕士研究生")
            pseudo = parent is not None and parent.heading_index is not None and \
                not document.lines[parent.heading_index].text.lstrip().startswith("#")
            if parent is not None and parent.kind and not (pseudo and kind in ("members", "students")) and (not named or (
                    kind == "people_roles" and parent.kind not in _PEOPLE_KINDS)):
                # a sub-heading (employer, university, paper group) stays in its section
                if level > parent.level:
                    parent.lines.append(index)
                    continue
                # same-level heading naming an organisation inside a CV section: LaTeX
                # \subsection flattened to the level of \section; an unknown heading whose next lines bear no
                # year opens a section of its own ("# Strengths", "# Conhecimentos Técnicos" after the degrees)
                following = [clean(l.text) for l in document.lines[index + 1: index + 4] if clean(l.text)]
                if parent.kind in ("experience", "education", "teaching", "memberships") and len(following[0] if following else "") < 120 \
                        and (classify_organization(text, default="") or kind is None and _YEAR_DIGITS.search(" ".join([text, *following]))):
                    parent.lines.append(index)
                    continue
                if parent.kind in _PEOPLE_KINDS and kind is None and clean_person(text):
                    parent.lines.append(index)  # "# A. Bello" under "# References": one of the people listed
                    continue
            if kind is None and enclosing is not None and enclosing.kind in _PEOPLE_KINDS:
                kind = enclosing.kind  # "## Researchers" after "## Principal Investigators" in "# Our Team": more people
            sections.append(Section(kind=kind, heading=text, heading_index=index, level=level))
            continue
        text = clean(raw)
        is_heading, lvl = _looks_like_heading(raw, text)
        if is_heading and not text.endswith(":") and sections[-1].kind in _PEOPLE_KINDS and (sections[-1].lines and (
                named := clean_person(last := clean(document.lines[sections[-1].lines[-1]].text))) and last.endswith(named)
                or is_role(text) and index + 1 < len(document.lines) and (below := clean(document.lines[index + 1].text))
                and document.lines[index + 1].text.startswith("#") and clean_person(below) == below):
            is_heading = False  # "(Dr.) Ana Ruiz" then "PhD Student" or "KTU"; "PHD CANDIDATE" over "### Ana Ruiz": a card's role
        if is_heading and sections[-1].kind in _CV_SECTION_KINDS and is_role(text) and heading_kind(text) in (None, *_PEOPLE_KINDS):
            is_heading = False  # "Research Assistant" over its employer's line: an entry's title, no "researchers" section
        if is_heading and text.endswith(":") and sections[-1].kind in ("members", "students") \
                and heading_kind(text) in (None, "members", "students"):
            is_heading = False  # "PhD graduates:" under "Supervision": a group of the section's people, read with them
        if is_heading:
            sections.append(Section(kind=heading_kind(text), heading=text.rstrip(":"), heading_index=index, level=lvl))
            continue
        sections[-1].lines.append(index)
    others = any(s.kind in ("members", "students", "people_roles") for s in sections)
    for section in (s for s in sections if s.kind == "advisor"):  # "지도교수" over "박사과정": the lab's professor
        section.kind = "people_roles" if others and _norm(section.heading) in _ROLE_PHRASES else "advisors"
    return [s for s in sections if s.lines or s.heading_index is not None or s.kind]  # "title: Supervision" over headings


#: Sections whose entries are positions and degrees.
_CV_SECTION_KINDS = ("experience", "education")
#: Sections that list people, where a heading naming a person is one of the entries.
_PEOPLE_KINDS = ("references", "members", "students", "people_roles")
