"""Org-mode CVs to readable lines, read by org's own structure.

Org's syntax is line-based and small, so a careful reader beats a dependency: headings are
``*`` runs at the start of a line, keywords ``#+KEY: value``, drawers ``:NAME:`` ... ``:END:``,
blocks ``#+BEGIN_X`` ... ``#+END_X``, list items ``-``/``+``/``1.``, table rows ``|a|b|``.

* ``* Work`` -> ``# Work`` (one ``#`` per star, at most six); ``TODO``/``DONE`` keywords,
  ``[#A]`` priorities and ``:tags:`` are dropped. A heading marked ``COMMENT`` or tagged
  ``:noexport:`` is left out with its subtree, as org's exporters do.
* A heading whose property drawer states an entry (``:FROM:``/``:TO:``/``:DATE:``,
  ``:EMPLOYER:``/``:ORGANIZATION:``/``:SCHOOL:``, ``:LOCATION:``; the org-cv exporters'
  convention) becomes one entry line ``heading | organisation | place | dates``, the shape the
  LaTeX CV classes' entries give.
* ``#+TITLE:``, ``#+AUTHOR:``, ``#+EMAIL:``, the org-cv exporters' ``#+HOMEPAGE:``,
  ``#+GITHUB:``... and the file-level property drawer go to ``metadata`` (keys lower-cased);
  timestamps ``<2014-09-01 Mon>`` keep their date; other ``#+`` settings, comments, ``SRC``/``EXAMPLE``/
  ``COMMENT`` blocks, planning lines and other drawers are dropped.
* ``#+BEGIN_EXPORT latex`` / ``html`` blocks (and ``#+BEGIN_LATEX`` / ``#+BEGIN_HTML``) are read by the LaTeX /
  HTML reader, their lines numbered in the org file: an org CV exported to LaTeX writes its entries
  (``\\workentry{2019}{Postdoc}{Lab}...``) and publications there. Other back-ends' blocks are dropped.
* List items become ``- item``, ``- term :: text`` becomes ``- term: text``; table rows their
  cells joined by `` | `` (rule rows dropped); ``[[url][text]]`` keeps its text (quoted when the link is
  to a paper: an arXiv, DOI or PDF address, an article page), emphasis
  markers go (``*bold*`` phrases are listed in ``metadata['bold']``).
* Soft-wrapped paragraph lines are joined when the break is mid-sentence, and the indented
  continuation lines of a list item join the item; every line keeps the number of the
  source line it starts on.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import replace

from kg.ingest._markdown import _joins
from kg.ingest._source import Lines, clean_inline, paper_title, record_bold, record_link, table_row

__all__ = ["parse_org"]

ORG_HEADING = re.compile(r"^(\*+)\s+(.*?)\s*$")
HEADING_TODO = re.compile(r"^(?:TODO|DONE|NEXT|WAITING|CANCELL?ED)\s+")
HEADING_PRIORITY = re.compile(r"^\[#[A-Za-z0-9]\]\s*")
HEADING_TAGS = re.compile(r"\s+(:[\w@#%:]+:)$")
ORG_KEYWORD = re.compile(r"^\s*#\+([A-Za-z_][\w-]*)(?:\[[^\]]*\])?:\s*(.*)$")
BLOCK_BEGIN = re.compile(r"^\s*#\+begin_(\w+)(?:[ \t]+([\w-]+))?", re.IGNORECASE)
BLOCK_END = re.compile(r"^\s*#\+end_(\w+)", re.IGNORECASE)
DRAWER_BEGIN = re.compile(r"^\s*:([\w-]+):\s*$")
DRAWER_END = re.compile(r"^\s*:END:\s*$", re.IGNORECASE)
PROPERTY_LINE = re.compile(r"^\s*:([\w-]+?)\+?:(?:\s+(.*?))?\s*$")
PLANNING_LINE = re.compile(r"^\s*(?:SCHEDULED|DEADLINE|CLOSED):")
ORG_COMMENT = re.compile(r"^\s*#(?:\s|$)")
LIST_ITEM = re.compile(r"^(\s*)(?:[-+]|(?<=\s)\*|\d{1,3}[.)])\s+(.*)$")
CHECKBOX = re.compile(r"^\[[ xX-]\]\s+")
DESCRIPTION_ITEM = re.compile(r"^(.*?)\s+::(?:\s+(.*))?$")
TABLE_ROW = re.compile(r"^\s*\|")
TABLE_RULE = re.compile(r"^\s*\|[-+:| ]*$")
TABLE_EL_RULE = re.compile(r"^\s*\+[-+=]+\+?\s*$")
HORIZONTAL_RULE = re.compile(r"^\s*-{5,}\s*$")
FIXED_WIDTH = re.compile(r"^\s*:(?:\s(.*))?$")
ORG_LINK = re.compile(r"\[\[([^\[\]]{1,2000})\](?:\[([^\[\]]{0,1000})\])?\]")
FOOTNOTE_REF = re.compile(r"\[fn:[^\[\]]{0,200}\]")
MACRO_CALL = re.compile(r"\{\{\{[^{}]{0,500}\}\}\}")
# An org timestamp, active <2014-09-01 Mon> or inactive [2014-09-01 Mon 10:00]: its date is kept.
ORG_TIMESTAMP = re.compile(r"[<\[](\d{4}-\d{2}(?:-\d{2})?)(?: [^<>\[\]\n]{0,40})?[>\]]")
# Emphasis: a marker after the line start, a space or an opening mark, around text not
# starting or ending with a space, followed by the line end, a space or punctuation (curly quotes too: “/Title/”).
EMPHASIS = re.compile(r"(?:(?<=^)|(?<=[\s(\[{'\"“‘-]))([*/_=~+])(?=\S)(.{1,500}?)(?<=\S)\1(?=$|[\s)\]}.,;:!?'\"”’-])")
LINE_BREAK = re.compile(r"\\\\\s*$")

#: Heading properties that state an entry's dates, organisation and place.
_ENTRY_DATES = ("FROM", "START", "TO", "END", "DATE", "DATES", "YEAR")
_ENTRY_ORGANISATION = ("EMPLOYER", "ORGANIZATION", "ORGANISATION", "ORG", "COMPANY", "INSTITUTION",
                       "SCHOOL", "UNIVERSITY")
_ENTRY_PLACE = ("LOCATION", "PLACE", "CITY", "ADDRESS")
_ENTRY_UNIT = ("UNIT", "DEPARTMENT", "DEPT", "FACULTY", "GROUP", "LAB")
_ENTRY_ADVISOR = ("SUPERVISOR", "ADVISOR", "ADVISER", "PROMOTOR", "MENTOR")
_DROPPED_BLOCKS = frozenset({"src", "example", "export", "comment", "latex", "html"})
#: The export back-ends whose blocks carry CV content (org CVs exported to LaTeX keep their entries and
#: publications in ``#+BEGIN_EXPORT latex`` blocks): each is read by that format's own reader.
_EXPORT_READERS = {"latex": ("kg.ingest._latex", "parse_latex"), "html": ("kg.ingest._html", "parse_html")}
_METADATA_KEYWORDS = frozenset({"title", "subtitle", "author", "email", "date", "description", "keywords",
                                "language", "address", "mobile", "homepage", "github", "gitlab", "linkedin",
                                "orcid"})


def _inline(text: str, metadata: dict, number: int) -> str:
    """Org inline markup to plain text: links keep their text, emphasis markers go.

    >>> _inline("*Postdoc*, [[https://example.org][Inst. Andino]] =2019= <2021-03-01 Mon>", {}, 1)
    'Postdoc, Inst. Andino 2019 2021-03-01'
    >>> _inline("[[https://example.org/tides.pdf][/Tides of small estuaries/]]", {}, 1)
    '“Tides of small estuaries”'
    """
    def link(match: re.Match) -> str:
        target, label = match.group(1), match.group(2)
        record_link(metadata, target, label or target, number)
        if label:
            return paper_title(target, label)
        return target[5:] if target.startswith("file:") else target

    text = ORG_LINK.sub(link, text)
    text = ORG_TIMESTAMP.sub(r"\1", text)
    text = FOOTNOTE_REF.sub("", text)
    text = MACRO_CALL.sub("", text)

    def emphasis(match: re.Match) -> str:
        if match.group(1) in "*_":  # bold, underlined: an owner marked among a paper's authors
            record_bold(metadata, match.group(2))
        return match.group(2)

    for _ in range(2):  # */nested/* emphasis
        text = EMPHASIS.sub(emphasis, text)
    return clean_inline(text.replace("\\\\", " "))


def _heading_text(raw: str) -> tuple[str, bool]:
    """The title of a heading line and whether org's exporters leave its subtree out."""
    text = HEADING_TODO.sub("", raw)
    text = HEADING_PRIORITY.sub("", text)
    tags = HEADING_TAGS.search(text)
    excluded = text.startswith("COMMENT ") or text == "COMMENT"
    if tags:
        excluded = excluded or ":noexport:" in tags.group(1)
        text = text[: tags.start()]
    return text.strip(), excluded


def _entry_line(title: str, properties: dict[str, str]) -> str | None:
    """``title | unit, organisation | place | dates | Supervisor: X`` from an org-cv heading's properties."""
    def first(keys: tuple[str, ...]) -> str:
        return next((properties[key] for key in keys if properties.get(key)), "")

    start = properties.get("FROM") or properties.get("START") or ""
    end = properties.get("TO") or properties.get("END") or ""
    dates = f"{start} – {end}" if start and end else start or end or first(("DATE", "DATES", "YEAR"))
    organisation, place, unit = first(_ENTRY_ORGANISATION), first(_ENTRY_PLACE), first(_ENTRY_UNIT)
    if not (dates or organisation or place):
        return None
    organisation = f"{unit}, {organisation}" if unit and organisation else organisation or unit
    advisor = next((f"{key.title()}: {properties[key]}" for key in _ENTRY_ADVISOR if properties.get(key)), "")
    return " | ".join(part for part in (title, organisation, place, dates, advisor) if part)


class _Reader:
    """One pass over the source lines, keeping the open paragraph or list item."""

    def __init__(self, metadata: dict):
        self.metadata = metadata
        self.out: list[list] = []  # [number, text]
        self.open: list | None = None  # [number, text, is_item, indent, hard_break]

    def close(self) -> None:
        if self.open is not None:
            self.out.append(self.open[:2])
            self.open = None

    def emit(self, number: int, text: str) -> None:
        self.close()
        self.out.append([number, text])

    def text(self, number: int, raw: str) -> None:
        hard = bool(LINE_BREAK.search(raw))
        text = _inline(raw, self.metadata, number)
        if not text:
            return
        indent = len(raw) - len(raw.lstrip())
        current = self.open
        if current is not None and not current[4]:
            continues_item = current[2] and indent > current[3]
            if continues_item or _joins(current[1], text):
                current[1] = current[1] + " " + text
                current[4] = hard
                return
        self.close()
        self.open = [number, text, False, indent, hard]

    def export(self, backend: str, source: list[tuple[int, str]]) -> None:
        """The lines of an export block, read by its back-end's reader and numbered in the org file;
        the bold phrases and links it records join the org document's."""
        module, function = _EXPORT_READERS[backend]
        if not source:
            return
        read = getattr(importlib.import_module(module), function)
        text = "\n".join(raw for _, raw in source)
        if backend == "latex":
            lines, found = read(text, numbers=[number for number, _ in source])
        else:
            lines, found = read(text)
            lines = [replace(line, number=source[min(line.number, len(source)) - 1][0]) for line in lines]
        for key in ("bold", "links"):
            self.metadata.setdefault(key, []).extend(found.get(key, []))
        self.close()
        self.out.extend([line.number, line.text, line.cells] for line in lines)

    def item(self, number: int, indent: int, body: str) -> None:
        self.close()
        body = CHECKBOX.sub("", body)
        term = DESCRIPTION_ITEM.match(body)
        if term:
            label = _inline(term.group(1), self.metadata, number)
            value = _inline(term.group(2) or "", self.metadata, number)
            text = f"{label.rstrip(':')}: {value}" if label and value else label or value
        else:
            text = _inline(body, self.metadata, number)
        if text:
            self.open = [number, "- " + text, True, indent, bool(LINE_BREAK.search(body))]


def parse_org(text: str) -> tuple[tuple, dict]:
    """Lines and metadata of an org-mode document.

    >>> source = "#+TITLE: CV\\n#+AUTHOR: Ana Ruiz\\n* Work\\n- Geologist, /Servicio Nacional/\\n  in Santiago\\n"
    >>> lines, meta = parse_org(source)
    >>> [(l.number, l.text) for l in lines], meta["author"]
    ([(3, '# Work'), (4, '- Geologist, Servicio Nacional in Santiago')], 'Ana Ruiz')
    """
    metadata: dict = {}
    source_lines: dict[str, int] = {}
    reader = _Reader(metadata)
    source = text.split("\n")
    block: str | None = None
    exported: tuple[str, list] | None = None  # an export block read by its back-end's reader: (back-end, lines)
    drawer: str | None = None
    drawer_owner: int | None = None  # the output index of the heading that owns a property drawer
    heading_title = ""
    properties: dict[str, str] = {}
    skip_level = 0  # inside a COMMENT / :noexport: subtree of this level
    seen_heading = False

    def finish_properties() -> None:
        nonlocal drawer_owner
        if drawer_owner is not None:
            entry = _entry_line(heading_title, properties)
            if entry:
                reader.out[drawer_owner][1] = entry
        elif properties and not seen_heading:
            for key, value in properties.items():
                if value and key.lower() not in metadata:
                    metadata[key.lower()] = value
        drawer_owner = None

    # a drawer or block that is never closed is not one: org reads its lines as text
    last_drawer_end = max((i for i, raw in enumerate(source) if DRAWER_END.match(raw)), default=-1)
    block_ends: dict[str, int] = {}
    for i, raw in enumerate(source):
        end = BLOCK_END.match(raw)
        if end:
            block_ends[end.group(1).lower()] = i

    snippets: tuple[str, list] | None = None  # a run of one-line export snippets ("#+HTML: <h1>Ana Ruiz</h1>")
    headed: bool | None = None  # of the table being read, whether its header row labels its columns
    for index, raw in enumerate(source):
        number = index + 1
        line = raw.rstrip()
        headed = headed if TABLE_ROW.match(line) else None
        keyword = ORG_KEYWORD.match(line) if block is None and drawer is None else None
        if snippets is not None and (keyword is None or keyword.group(1).lower() != snippets[0]):
            reader.export(*snippets)
            snippets = None
        if block is not None:
            end = BLOCK_END.match(line)
            if end and end.group(1).lower() == block:
                block = None
                if exported is not None:
                    reader.export(*exported)
                    exported = None
            elif exported is not None:
                exported[1].append((number, raw))
            elif block not in _DROPPED_BLOCKS and line.strip() and not skip_level:
                reader.text(number, line)
            continue
        if drawer is not None:
            if DRAWER_END.match(line):
                if drawer == "PROPERTIES":
                    finish_properties()
                drawer = None
            elif drawer == "PROPERTIES":
                prop = PROPERTY_LINE.match(line)
                if prop:
                    properties[prop.group(1).upper()] = _inline(prop.group(2) or "", metadata, number)
            continue
        heading = ORG_HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            title, excluded = _heading_text(heading.group(2))
            seen_heading = True
            if skip_level and level > skip_level:
                continue
            skip_level = level if excluded else 0
            if excluded:
                reader.close()
                continue
            heading_title = _inline(title, metadata, number)
            reader.emit(number, "#" * min(level, 6) + " " + heading_title if heading_title else "")
            drawer_owner = len(reader.out) - 1 if heading_title else None
            properties = {}
            continue
        if skip_level:
            continue
        begin = BLOCK_BEGIN.match(line)
        if begin and block_ends.get(begin.group(1).lower(), -1) > index:
            reader.close()
            block = begin.group(1).lower()
            backend = (begin.group(2) or "").lower() if block == "export" else block
            exported = (backend, []) if backend in _EXPORT_READERS else None
            continue
        if keyword:
            key, value = keyword.group(1).lower(), keyword.group(2).strip()
            if key in _EXPORT_READERS:  # org's one-line form of an export block, read with the lines of its run
                snippets = snippets or (key, [])
                snippets[1].append((number, keyword.group(2)))
                continue
            if key in _METADATA_KEYWORDS and value and key not in metadata:
                metadata[key] = _inline(value, metadata, number)
                source_lines[key] = number
            reader.close()
            continue
        drawer_start = DRAWER_BEGIN.match(line)
        if drawer_start and drawer_start.group(1).upper() != "END" and last_drawer_end > index:
            reader.close()
            drawer = drawer_start.group(1).upper()
            if drawer == "PROPERTIES":
                properties = {}
            continue
        if not line.strip() or ORG_COMMENT.match(line) or PLANNING_LINE.match(line):
            reader.close()
            continue
        drawer_owner = None  # a property drawer belongs to a heading only right below it
        if HORIZONTAL_RULE.match(line) or TABLE_EL_RULE.match(line):
            reader.close()
            continue
        if TABLE_ROW.match(line):
            if not TABLE_RULE.match(line):
                cells = [_inline(cell, metadata, number) for cell in line.strip().strip("|").split("|")]
                if headed is None:  # the table's first row: a header when a rule follows it
                    headed = index + 1 < len(source) and bool(TABLE_RULE.match(source[index + 1])) and sum(map(bool, cells)) > 1
                row = table_row(cells, headed)
                if row:
                    reader.emit(number, row)
            else:
                reader.close()
            continue
        fixed = FIXED_WIDTH.match(line)
        if fixed:
            if fixed.group(1):
                reader.emit(number, clean_inline(fixed.group(1)))
            continue
        item = LIST_ITEM.match(line)
        if item and item.group(2).strip():
            reader.item(number, len(item.group(1)), item.group(2))
            continue
        reader.text(number, line)
    if drawer == "PROPERTIES":
        finish_properties()
    if snippets is not None:
        reader.export(*snippets)
    reader.close()
    if "author" in metadata and "name" not in metadata:
        metadata["name"] = metadata["author"]
        source_lines["name"] = source_lines.get("author", 1)
    if source_lines:
        metadata["source_lines"] = source_lines
    lines = Lines()
    for number, text, *cells in reader.out:
        lines.add(number, text, cells=cells[0] if cells else ())
    return lines.result(), metadata
