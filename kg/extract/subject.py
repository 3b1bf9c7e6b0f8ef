"""Who a document is about: structured name, front matter, title, first lines, "I am X" prose.

>>> from kg.model import Document, Line
>>> doc = Document("a.md", "a.md", "markdown", (Line(1, "# Amara Okafor (阿玛拉)"), Line(2, "Chemist")), "0")
>>> find_subject(doc)
('Amara Okafor', ('阿玛拉',), 0)
"""
from __future__ import annotations

import re
from typing import Any

from kg.extract.people import clean_person, is_person_name
from kg.extract.text import clean
from kg.model import Document

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_RX_PERSON_1 = re.compile(r"\s[|–—:-]\s|[|,:]")
_RX_PERSON_2 = re.compile(r"curriculum|vitae|resume|résumé|\bcv\b", re.I)
_RX_FIND_SUBJECT_1 = re.compile(r"\s[|–—:-]\s|[|]")
_RX_FIND_SUBJECT_2 = re.compile(r"\b(?:about|home|cv|curriculum|resume|vitae)\b", re.I)
_RX_FIND_SUBJECT_3 = re.compile(r"\babout\b", re.I)
_RX_NAME_ALIASES_1 = re.compile(r"^(?:english|common|preferred|chinese|native|nick|other|also known as|aka|alias|handle|common id|user ?name|id)\s*(?:name|id)?\s*[:：]\s*(\S.{0,40})$", re.I)
_RX_NAME_ALIASES_2 = re.compile(r"[\w.-]{3,30}")

__all__ = ["find_subject", "name_aliases"]

_COLUMN_GAP = re.compile(r"(?<=\S)(?: {3,}|\t+)(?=\S)")
_NAME_KEYS = ("name", "author", "full_name", "fullname", "display_name")
_CJK_PAREN = re.compile(r"[（(]\s*([\u3400-\u9fff\uac00-\ud7af\u3040-\u30ff][\u3400-\u9fff\uac00-\ud7af\u3040-\u30ff\s·]{0,8})\s*[)）]")
_LABEL = re.compile(r"^(?:formal\s+|full\s+|legal\s+)?name\s*[:：]\s*(.+)$", re.I)
_INTRO = re.compile(
    r"^(?:Hi[,!]?\s+)?(?:I am|I'm|My name is|This is)\s+(?:Dr\.?\s+|Prof\.?\s+)?(?P<name>[A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+){1,3})"
)
_THIRD = re.compile(
    r"^(?:Dr\.?\s+|Prof\.?\s+)?(?P<name>[A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+){1,3})\s*(?:\([^)]*\)|（[^）]*）)?\s+"
    r"(?:is|was|received|joined|has been|works|leads|holds|studies|serves)\b"
)


def _person(text: str) -> tuple[str, tuple[str, ...]] | None:
    aliases = tuple(m.group(1).strip() for m in _CJK_PAREN.finditer(text))
    text = _CJK_PAREN.sub(" ", text)
    for part in _RX_PERSON_1.split(text):
        if _RX_PERSON_2.search(part):
            continue
        name = clean_person(part)
        if name and len(name.split()) <= 4:
            return name, aliases
        break
    return None


def _from_mapping(data: Any) -> str | None:
    if isinstance(data, dict):
        basics = data.get("basics")
        if isinstance(basics, dict) and isinstance(basics.get("name"), str):
            return basics["name"]
        cv = data.get("cv")
        if isinstance(cv, dict) and isinstance(cv.get("name"), str):
            return cv["name"]
        for key in _NAME_KEYS:
            value = data.get(key)
            if isinstance(value, str) and value.strip():
                return value
    return None


def find_subject(document: Document, skip: set[int] | frozenset[int] = frozenset(),
                 stop: int | None = None) -> tuple[str, tuple[str, ...], int | None] | None:
    """``(name, aliases, line index)`` of the document's subject, or ``None`` if unnamed.

    Parameters
    ----------
    document : Document
    skip : set of int
        Line indexes not to read (front matter already parsed, comments).
    """
    for source in (document.data, document.metadata):
        name = _from_mapping(source)
        if name:
            found = _person(name)
            if found:
                return found[0], found[1], _line_of(document, found[0])
    title = document.metadata.get("title") if isinstance(document.metadata, dict) else None
    if isinstance(title, str):
        for part in _RX_FIND_SUBJECT_1.split(title):
            found = _person(part)
            if found and not _RX_FIND_SUBJECT_2.search(part):
                return found[0], found[1], _line_of(document, found[0])
    # the first lines: a heading or a line that is a name, or "Name: X"
    seen = 0
    for index, line in enumerate(document.lines):
        if stop is not None and index >= stop and seen >= 2:
            break  # names head a CV; a line inside "Grants" is not its subject
        if index in skip:
            continue
        text = clean(line.text)
        if not text:
            continue
        seen += 1
        if seen > 12:
            break
        label = _LABEL.match(text)
        if label:
            found = _person(label.group(1))
            if found:
                return found[0], found[1], index
        if len(text) <= 60 and not text.endswith("."):
            found = _person(text)
            if found and not _RX_FIND_SUBJECT_3.search(text):
                return found[0], found[1], index
        columns = _COLUMN_GAP.split(line.text.strip(), maxsplit=1)
        if len(columns) == 2:
            # "Ana Ruiz            ana@uni.edu": a PDF or plain-text header laid out in columns
            first_column = clean(columns[0])
            found = _person(first_column) if len(first_column) <= 60 else None
            if found and not _RX_FIND_SUBJECT_3.search(first_column):
                return found[0], found[1], index
    # prose: "I am X" / "X is a ..."
    for index, line in enumerate(document.lines[:80]):
        if index in skip:
            continue
        text = clean(line.text)
        for pattern in (_INTRO, _THIRD):
            match = pattern.match(text)
            if match:
                name = clean_person(match.group("name"))
                if name:
                    aliases = tuple(m.group(1).strip() for m in _CJK_PAREN.finditer(text[: match.end() + 20]))
                    return name, aliases, index
    return None


def _line_of(document: Document, name: str) -> int | None:
    first = name.split()[0].lower()
    for index, line in enumerate(document.lines[:60]):
        if first in line.text.lower():
            return index
    return None


def name_aliases(document: Document, skip=frozenset()) -> list[tuple[str, int]]:
    """Other names of the subject written as ``English Name: X`` / ``Also known as X`` lines."""
    out = []
    for index, line in enumerate(document.lines[:40]):
        if index in skip:
            continue
        match = _RX_NAME_ALIASES_1.match(clean(line.text))
        if match:
            value = match.group(1).strip()
            if is_person_name(value) or _RX_NAME_ALIASES_2.fullmatch(value):
                out.append((value, index))
    return out
