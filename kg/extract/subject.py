"""Who a document is about: structured name, front matter, title, first lines, "I am X" prose.

>>> from kg.model import Document, Line
>>> doc = Document("a.md", "a.md", "markdown", (Line(1, "# Amara Okafor (阿玛拉)"), Line(2, "Chemist")), "0")
>>> find_subject(doc)
('Amara Okafor', ('阿玛拉',), 0)
"""
from __future__ import annotations

import re
from typing import Any

from kg.extract.gazetteer import data_patterns, data_words, word_groups
from kg.extract.orgs import classify_segment, is_role
from kg.extract.people import _PARTICLES, clean_person, is_person_name, strip_accents
from kg.extract.positions import ADVISOR_TRIGGER
from kg.extract.sections import exact_kind, heading_kind
from kg.extract.text import CJK_CHAR, COLUMN_GAP, clean, is_bullet
from kg.extract.vocab import degree_of
from kg.model import Document

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
#: Where a name line's name ends ("Ana Ruiz, PhD", "Ana Ruiz | Chemist", "CV – Ana Ruiz").
_NAME_LINE_PARTS = re.compile(r"\s[|–—:-]\s|[|,:]")
#: The separators of a page title ("Ana Ruiz | Home", "CV - Ana Ruiz").
_TITLE_PARTS = re.compile(r"\s[|–—:·•-]\s|[|｜]")
#: The words of ``data/page_titles.txt``: what a page title wraps its owner's name in or names the page by, and the labels of a name line.
_PAGE_TITLE_WORDS = data_patterns("page_titles.txt")
#: A line's label of one or two words before a colon ("Doctorant :", "PhD student:"), and the words that say a student.
_STUDENT_LABEL = re.compile(r"^\W*([^\W\d_][\w.'’-]*(?:\s[\w.'’-]+)?)\s*[:：]")
_STUDENT_WORDS = word_groups("member_words.tsv", "phrases")["student"]
#: A heading that names the role of the person heading a group ("Principal Investigator", "Leitung").
_LEADER_WORDS = word_groups("member_words.tsv", "phrases")["leader"]
#: A title part that names the page, not its owner.
_PAGE_WORDS = re.compile(rf"\b(?:{_PAGE_TITLE_WORDS['page_word']})\b|{_PAGE_TITLE_WORDS['page_word_anywhere']}", re.I)
_ABOUT = re.compile(r"\babout\b", re.I)
#: One lower-case word before a name on its line: a LaTeX header macro's colour or layout argument
#: ("headerblue | Ana Ruiz | Chemist").
_LAYOUT_WORD = re.compile(r"\s*[a-z]+\s*")
_OTHER_NAME_LABEL = re.compile(r"^(?:english|common|preferred|chinese|native|nick|other|also known as|aka|alias|handle|common id|user ?name|id)\s*(?:name|id)?\s*[:：]\s*(\S.{0,40})$", re.I)
_HANDLE_SHAPE = re.compile(r"[\w.-]{3,30}")
#: The arrows, dingbats and emoji of a link or contact icon after a name ("Ana Ruiz 🔗"); one before a heading decorates it.
_TRAILING_ICON = re.compile(r"\s*[\u2190-\u2bff\U0001f000-\U0001faff\ufe0f]+\s*$")

__all__ = ["find_subject", "introduced_subject", "name_aliases"]

_NAME_KEYS = ("name", "author", "full_name", "fullname", "display_name")
#: A bracketed aside after a name: the name in another script or language when it is one ("阿玛拉", "Park Ji-hoon").
_PAREN_ASIDE = re.compile(r"[（(]\s*([^()（）]{2,40}?)\s*[)）]")
#: Where a name in Chinese or Korean script meets its romanisation beside it ("李文远 Wenyuan Li", "Wenyuan Li 李文远").
_SCRIPT_BOUNDARY = re.compile(rf"(?<={CJK_CHAR.pattern})\s+(?=[A-Za-zÀ-ɏ])|(?<=[A-Za-zÀ-ɏ])\s+(?={CJK_CHAR.pattern})")
#: The outline label a form's section heading opens with: "Parte A.", "A.1.", "II.", "3)".
_OUTLINE_LABEL = re.compile(r"^(?:(?:part|parte|partie|teil)\s+)?(?:[a-z]|[ivx]+|\d+)(?:\.\d+)*[.)]\s+", re.I)
#: "Ana Ruiz, Ph.D.": a degree after the name, not a sentence's full stop.
_DEGREE_AFTER_NAME = re.compile(r",\s*(?:ph\.?\s?d|m\.?d|d\.?phil|m\.?sc?|dr)\.?$", re.I)
#: "Name: X" in the languages of CVs ("Nombre y apellidos: X", "Nom : X", "姓名：X", "氏名　X").
_LABEL = re.compile(rf"^(?:(?:{_PAGE_TITLE_WORDS['name_label']})\s*[:：]|(?:{_PAGE_TITLE_WORDS['name_label_cjk']})\s*[:：]?)\s*(.+)$", re.I)
#: A name written family name first, a comma, then the given names ("BARTOLINI, ELISA", Europass's "Surname, Name").
_FAMILY_FIRST = re.compile(r"^([^\W\d_][\w'’ -]*),\s*([^\W\d_][\w'’. -]*)$")
#: "I am X", "Je m'appelle X", "我是X，" (``intro`` of ``data/page_titles.txt``): the writer introduces themself.
_INTRO = re.compile(
    # the name's words, up to the full stop after one of them ("Ana Ruiz. Auf dieser Seite"; "Ana M. Ruiz" goes on)
    rf"^(?i:{_PAGE_TITLE_WORDS['intro']})(?:(?:Dr|Prof)\.?\s+)?"
    rf"(?P<name>[A-ZÀ-ÖØ-Þ][\w'’.-]+(?:(?<![^\W\d_]{{2}}\.)\s+[A-ZÀ-ÖØ-Þ][\w'’.-]+){{1,3}})"
    rf"|^(?:{_PAGE_TITLE_WORDS['intro_cjk']})(?P<cjk>[\u3400-\u9fff\uac00-\ud7af]{{2,4}}(?:\s[\u3400-\u9fff]{{1,3}})?)"
    rf"(?={_PAGE_TITLE_WORDS['intro_cjk_end']})")
_THIRD = re.compile(
    r"^(?:(?:Dr|Prof)\.?\s+)?(?P<name>[A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+){0,3})\s*(?:\([^)]*\)|（[^）]*）)?\s+"
    r"(?:is|was|received|joined|has been|works|leads|holds|studies|serves)\b"
)


def _person(text: str) -> tuple[str, tuple[str, ...]] | None:
    aliases = tuple(m.group(1) for m in _PAREN_ASIDE.finditer(text) if is_person_name(m.group(1)))
    text = _PAREN_ASIDE.sub(lambda m: " " if m.group(1) in aliases else m.group(0), text)
    scripts = _SCRIPT_BOUNDARY.split(text.strip())
    if len(scripts) == 2 and is_person_name(scripts[1]):
        text, aliases = scripts[0], (*aliases, scripts[1])  # the name as written first, the other script an alias
    parts = _NAME_LINE_PARTS.split(text)
    if len(parts) >= 3 and _PAGE_WORDS.search(parts[0]):
        return None  # "Home | Research | Members": a site's menu
    for part in parts:
        if _PAGE_WORDS.search(part) or exact_kind(part.strip()) or _LAYOUT_WORD.fullmatch(part):
            continue  # "Members | X Lab": the page's section
        name = clean_person(_TRAILING_ICON.sub("", part))
        # four name words at most, besides particles ("Ana Stern da Fonseca Ruiz"); "Katedra Fizyki": a unit's name
        if name and len([w for w in name.split() if w.lower() not in _PARTICLES]) <= 4 and not classify_segment(name):
            return name, aliases
        break
    return None


#: Keys a structured record names its owner under.
_LABELS_OF_NAME = data_words("name_labels.txt")


def _from_mapping(data: Any) -> str | None:
    """The owner's name in a structured record: ``basics.name``, ``cv.name``, a top-level ``name`` /
    ``author`` field, or a ``{name: "Full Name", value: X}`` row of a label/value table.

    >>> _from_mapping([{"title": "Info", "contents": [{"name": "Full Name", "value": "Lea Kranz"}]}])
    'Lea Kranz'
    """
    if isinstance(data, dict):
        for key in ("basics", "cv"):
            inner = data.get(key)
            if isinstance(inner, dict) and isinstance(inner.get("name"), str):
                return inner["name"]
        for key in _NAME_KEYS:
            value = data.get(key)
            if isinstance(value, str) and value.strip() and value.strip().lower() not in _LABELS_OF_NAME:
                return value
    return _label_value(data, 0) if isinstance(data, (dict, list)) else None


def _label_value(data: Any, depth: int) -> str | None:
    """A ``{name|label: "Full Name", value: X}`` row anywhere inside sections of a record."""
    if depth > 4:
        return None
    if isinstance(data, dict):
        label = data.get("name") or data.get("label") or data.get("key")
        if isinstance(label, str) and label.strip().lower() in _LABELS_OF_NAME and isinstance(data.get("value"), str):
            return data["value"]
        data = [v for v in data.values() if isinstance(v, (list, dict))]
    if isinstance(data, list):
        for item in data[:40]:
            if isinstance(item, (dict, list)) and (found := _label_value(item, depth + 1)):
                return found
    return None


#: The keys a record writes its owner's given and family names under, compared without case, "_" or "-" (a
#: "name" beside a "surname" is the given name: the front matter of R's vitae CVs).
_GIVEN_KEYS, _FAMILY_KEYS = ("firstname", "first", "givenname", "given", "forename", "name"), ("lastname", "last", "familyname", "family", "surname")


def _given_family(data: Any) -> str | None:
    """The owner's name a record writes as given and family names, in the record or in its entry of personal
    data ("personal", "contact", "author"), not another person's ("supervisor: {first_name: ...}").

    >>> _given_family({"first_name": "Lea", "last_name": "Kranz"}), _given_family({"personal": {"givenName": "天", "familyName": "秦"}})
    ('Lea Kranz', '秦天')
    """
    owners = (v for k, v in data.items() if str(k).lower() in _NAME_KEYS or heading_kind(str(k).replace("_", " ")) == "bio") \
        if isinstance(data, dict) else ()
    for record in (data, *owners):
        if isinstance(record, dict):
            parts = {re.sub(r"[_-]", "", str(k).lower()): v.strip() for k, v in record.items() if isinstance(v, str) and v.strip()}
            given, family = (next((parts[k] for k in keys if k in parts), None) for keys in (_GIVEN_KEYS, _FAMILY_KEYS))
            if given and family:  # Chinese and Korean names are written family name first, without a space
                return family + given if CJK_CHAR.match(family) else f"{given} {family}"
    return None


#: The openings and closings of ``data/page_titles.txt``, each as one pattern.
_TITLE_OPENING = re.compile(f"^(?:{_PAGE_TITLE_WORDS['intro']}|{_PAGE_TITLE_WORDS['prefix']})", re.I)
_TITLE_CLOSING = re.compile(f"(?:{_PAGE_TITLE_WORDS['suffix']})", re.I)


def title_name(title: str) -> tuple[str, tuple[str, ...]] | None:
    """The person a page title names, out of the words that wrap it.

    >>> title_name("Welcome to Ines Vidal's homepage!"), title_name("About Ines Vidal")
    (('Ines Vidal', ()), ('Ines Vidal', ()))
    >>> title_name("I am Ines Vidal"), title_name("Ines Vidal | CV"), title_name("About Me")
    (('Ines Vidal', ()), ('Ines Vidal', ()), None)
    """
    for part in _TITLE_PARTS.split(title):
        part = part.strip()
        bare = _TITLE_CLOSING.sub("", _TITLE_OPENING.sub("", part)).strip()
        if not bare or (bare == part and _PAGE_WORDS.search(part)):
            continue
        if found := _person(bare):
            return found
    return None


#: The titles a name follows in a headline ("Nomina: la prof.ssa X è ...", "Preis für Dr. X"), and the name.
_HEADLINE_TITLE = re.compile(r"(?<![\w.])(?:(?:{title})\s+)+".format(**data_patterns("person_patterns.tsv")), re.I)


def headline_person(headline: str) -> tuple[str, tuple[str, ...]] | None:
    """The one person a news headline names after a title: whom the item is about.

    >>> headline_person("Nomina: la prof.ssa Ana Ruiz è la nuova direttrice"), headline_person("Dr. A. Bello und Dr. C. Roy")
    (('Ana Ruiz', ()), None)
    >>> headline_person("Preis für Prof. Dr. Ana de Vries"), headline_person("Dr. Ana Ruiz appointed Director")
    (('Ana de Vries', ()), ('Ana Ruiz', ()))
    """
    names = set()
    for match in _HEADLINE_TITLE.finditer(headline):
        words = []  # the capitalised words after the title, a particle between them ("Ana de Vries")
        for word in headline[match.end():].split()[:5]:
            if not (word[:1].isupper() or (words and word in _PARTICLES)):
                break
            words.append(word)
        name = clean_person(" ".join(words).strip(",:;")) if len(words) >= 2 else None
        if name:
            names.add(name)
    return (names.pop(), ()) if len(names) == 1 else None


def family_last(text: str) -> str:
    """A name written family name first, turned ("Ashworth, Dr Miriam" -> "Dr Miriam Ashworth"); other text as it is."""
    inverted = _FAMILY_FIRST.match(text.strip())
    return f"{inverted.group(2)} {inverted.group(1)}" if inverted and not degree_of(inverted.group(2)) else text


def find_subject(document: Document, skip: set[int] | frozenset[int] = frozenset(),
                 stop: int | None = None) -> tuple[str, tuple[str, ...], int | None] | None:
    """``(name, aliases, line index)`` of the document's subject in its records, title and first lines, or ``None``
    (:func:`introduced_subject` reads prose).

    Parameters
    ----------
    document : Document
    skip : set of int
        Line indexes not to read (front matter already parsed, comments).
    """
    handle = None
    for source in (document.data, document.metadata):
        name = _from_mapping(source)
        # a name field in lower case is the layout's style (friggeri-cv's \header{ada}{lovelace})
        if name and (found := _person(name.title() if name.islower() else name)):
            return _placed(document, found)
        # a record file's one-word name ("name: jdoe42") is its owner's handle, the subject when nothing names them
        # (front matter's "author: admin" is a site's account, not its owner)
        handle = handle or (name.strip() if source is document.data and name and _HANDLE_SHAPE.fullmatch(name.strip()) else None)
    title = document.metadata.get("title")
    title = title if isinstance(title, str) else ""
    if found := title_name(title):
        return _fuller(document, skip, *found)
    # given and family names in their own fields ("first_name: Ana", "last_name: Ruiz") when no field holds the whole name
    if (pair := _given_family(document.data) or _given_family(document.metadata)) and (found := _person(pair)):
        return _placed(document, found)
    heading = next((clean(line.text) for i, line in enumerate(document.lines[:12]) if i not in skip and line.text.startswith("#")), "")
    # a long title or first heading is a news item's headline (a short heading is the name line read below)
    found = next((found for text in (title, heading) if len(text) > 40 and (found := headline_person(text))), None)
    if found:
        return _placed(document, found)
    # the first lines: a heading or a line that is a name, or "Name: X"
    seen = 0
    previous = ""
    opening = clean(document.lines[stop].text) if stop is not None else ""
    # a group page opening on its students ("## PhD Students"): the names under the heading are theirs, not its owner's
    on_students = exact_kind(opening) == "members" and _STUDENT_WORDS & set(opening.lower().split())
    for index, line in enumerate(document.lines):
        if stop is not None and index >= stop and (seen >= 2 or on_students):
            break  # names head a CV; a line inside "Grants" is not its subject
        if index in skip:
            continue
        text = clean(line.text)
        if not text:
            continue
        seen += 1
        if seen > 12:
            break
        within_sentence = len(previous) > 40 and (previous[-1:].isalnum() or previous[:1] in "\"“«„") or previous.endswith(",")
        previous = "" if line.text.lstrip().startswith("#") else text  # a heading is no sentence a line runs on from
        if within_sentence:
            # "... and am advised by" / "Dr. A. Bello": a name a sentence runs on to, or the author of a quotation
            # (an epigraph, then "Ada Byron — Letters")
            continue
        # "Parte A. DATOS PERSONALES", "Persönliche Daten", "## Academic Career": a section's name, in capitals or not
        # ("# 研究業績 — Name" names its owner after the section; "# Owen Work" is a name whose family name is a word)
        if exact_kind(_OUTLINE_LABEL.sub("", text)) or line.text.startswith("#") and heading_kind(text) not in (None, "bio") \
                and not _NAME_LINE_PARTS.search(text) and not _opens_with_given_name(text):
            continue
        labelled = (said_of := _STUDENT_LABEL.match(text)) and said_of.group(1).lower()
        if labelled and (_STUDENT_WORDS & {labelled, *labelled.split()} or ADVISOR_TRIGGER.search(said_of.group(0)) and labelled not in _LEADER_WORDS):
            continue  # "Doctorant : Ana Ruiz": a supervised student on the advisor's page; "Supervisors: A, B": the advisors
        # "Name: X", or the label and its value in two columns ("Nome      BARTOLINI, ELISA")
        label = _LABEL.match(text) or _LABEL.match(clean(COLUMN_GAP.sub(": ", line.text.strip(), count=1)))
        wrapped = _TITLE_CLOSING.sub("", _TITLE_OPENING.sub("", text)).strip() if len(text) <= 80 else text
        columns = COLUMN_GAP.split(line.text.strip(), maxsplit=1)
        # the label's value; a heading that wraps the name ("# Curriculum Vitae di Ana Ruiz", "Lebenslauf von Ana
        # Ruiz"); the line itself; the first column of a PDF or plain-text header ("Ana Ruiz            ana@uni.edu")
        said = (family_last(label.group(1)) if label else "", wrapped if wrapped != text else "",
                text if (len(text) <= 60 or " | " in text) and (not text.endswith(".") or _DEGREE_AFTER_NAME.search(text)) else "",
                clean(columns[0]) if len(columns) == 2 and len(clean(columns[0])) <= 60 else "")
        # a record's lines render its fields: a list's item names nobody ("- Labour Economics" is a topic), its
        # "name: X" field, a rendered record ("Ana Ruiz | Professor | ...") or table ("header: Ana Ruiz, ...") may
        said = said if document.data is None else (said[0], "" if is_bullet(line.text) else said[2])
        found = next((found for name in said if name and not _ABOUT.search(name) and (found := _person(name))), None)
        if found:
            return found[0], found[1], index
    return _placed(document, (handle, ())) if handle else None


def _opens_with_given_name(text: str) -> bool:
    """Whether a heading opens with a word the name model knows as a given name and no section's.

    >>> _opens_with_given_name("Owen Work"), _opens_with_given_name("Academic Career"), _opens_with_given_name("Research Experience")
    (True, False, False)
    """
    from kg.extract.models.subject import _lexicon  # that module reads this one's patterns: imported when first asked

    first = text.split(maxsplit=1)[0].lower() if text.strip() else ""
    return _lexicon().get(first) in ("given", "both") and heading_kind(first) is None


def introduced_subject(document: Document, skip=frozenset()) -> tuple[str, tuple[str, ...], int | None] | None:
    """The person prose introduces ("I am X", "X is a ..."), else the site's name: an owner no heading names.

    >>> from kg.model import Line
    >>> introduced_subject(Document("a.md", "a.md", "markdown", (Line(1, "Ana Ruiz is a chemist."),), "0"))
    ('Ana Ruiz', (), 0)
    """
    for index, line in enumerate(document.lines[:80]):
        if index in skip:
            continue
        text = clean(line.text)
        for match in filter(None, (_INTRO.match(text), _THIRD.match(text))):
            cjk = match.groupdict().get("cjk")  # "我是研究员，": a job, no name
            name = None if cjk and (is_role(cjk) or degree_of(cjk)) else clean_person(match.group("name") or cjk)
            if name:
                after = _PAREN_ASIDE.finditer(text[: match.end() + 20])
                aliases = tuple(m.group(1) for m in after if is_person_name(m.group(1)))
                return name, aliases, index
    # the site's name (og:site_name, the navigation bar's brand): a personal site's owner, when
    # nothing in the page itself names anybody
    site = document.metadata.get("site_name")
    return _placed(document, title_name(site) if isinstance(site, str) else None)


def _fuller(document: Document, skip, name: str, aliases: tuple[str, ...]) -> tuple[str, tuple[str, ...], int | None]:
    """The name a page title gives, or the fuller form a heading of the first lines writes ("Ana Ruiz" in the
    title, "# Dr. Ana Ruiz Ortega" on the page), with the title's form as an alias."""
    for index, line in enumerate(document.lines[:12]):
        text = clean(line.text) if index not in skip and line.text.lstrip().startswith("#") else ""
        longer = _person(text) if text.startswith(("Dr", "Prof", name.split()[0])) and len(text) <= 60 else None
        if longer and longer[0] != name and longer[0].startswith(name + " "):
            return longer[0], (*aliases, name), index
    return _placed(document, (name, aliases))


#: An e-mail address, its local part the group; 64 characters at most (RFC 5321), so a long run of letters before an "@"
#: is read in linear time.
EMAIL_LOCAL_PART = re.compile(r"(?:mailto:)?([\w.+-]{1,64})@[\w-]+(?:\.[\w-]+)+")
_NAME_LINE = re.compile(r"^[^\W\d_][\w'’.-]*(?:\s+[^\W\d_][\w'’.-]*){1,3}$")


def named_by_contact(document: Document, skip=frozenset(), avoid=frozenset()) -> tuple[str, tuple[str, ...], int] | None:
    """A line that is only a person's name, anywhere in the document, whose words spell the local
    part of the document's e-mail address ("Ana Ruiz" and ana.ruiz@uni.edu, aruiz@, ana_ruiz@):
    the owner of a page that names them only beside a photo or a contact link.

    ``avoid`` are line indexes not to take the name from (publication lists name co-authors).
    """
    urls = [link.get("url", "") for link in document.metadata.get("links") or () if isinstance(link, dict)]
    written = [line.text for line in document.lines if "@" in line.text] + [url for url in urls if url.startswith("mailto:")]
    locals_ = [m.group(1).lower() for text in written for m in EMAIL_LOCAL_PART.finditer(text)]
    if not locals_:
        return None
    for index, line in enumerate(document.lines):
        if index in skip or index in avoid:
            continue
        text = clean(line.text)
        name = clean_person(text) if len(text) <= 50 and _NAME_LINE.match(text) else None
        if name and any(_spells(name, local) for local in locals_):
            return name, (), index
    return None


def _spells(name: str, local: str) -> bool:
    """Whether an e-mail local part is written from the name: every name word, or the family name
    with the given names or their initials.

    >>> _spells("Ana Ruiz", "ana.ruiz"), _spells("Ana Ruiz", "aruiz"), _spells("Ana Ruiz", "ruiz")
    (True, True, False)
    """
    words = [w.lower() for w in strip_accents(name).replace("-", " ").split() if w.strip(".")]  # two or more: a clean_person name
    squeezed = re.sub(r"[^a-z]", "", local)
    family, given = words[-1].strip("."), [w.strip(".") for w in words[:-1]]
    return squeezed in ("".join(given) + family, family + "".join(given), "".join(g[0] for g in given) + family,
                        given[0] + family, family + given[0], given[0][0] + family) and len(family) > 1


def _placed(document: Document, found: tuple[str, tuple[str, ...]] | None) -> tuple[str, tuple[str, ...], int | None] | None:
    """``(name, aliases, line index)`` of a name found: the first of the first lines that holds its first word."""
    if found is None:
        return None
    first = found[0].split()[0].lower()
    return *found, next((index for index, line in enumerate(document.lines[:60]) if first in line.text.lower()), None)


def name_aliases(document: Document, skip=frozenset()) -> list[tuple[str, int]]:
    """Other names of the subject written as ``English Name: X`` / ``Also known as X`` lines."""
    out = []
    for index, line in enumerate(document.lines[:40]):
        if index in skip:
            continue
        match = _OTHER_NAME_LABEL.match(clean(line.text))
        if match:
            value = match.group(1).strip()
            if is_person_name(value) or _HANDLE_SHAPE.fullmatch(value):
                out.append((value, index))
    return out
