"""Person names: titles stripped, shape checked, lists split, abbreviated forms matched.

>>> clean_person("Prof. Jane Q. Public")
'Jane Q. Public'
>>> clean_person("Department of Physics") is None
True
>>> [p.name for p in split_people("Prof. A. Ngata (chair), Mei-Ling Wu and Dr. Olu Bello")]
['A. Ngata', 'Mei-Ling Wu', 'Olu Bello']
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from kg.extract.context import strip_accents
from kg.extract.gazetteer import data_patterns, data_words

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_CAMEL_CASE = re.compile(r"[a-z][A-Z]")
_SURNAME_PREFIX = re.compile(r"^(?:Mc|Mac|De|Di|Da|La|Le|Van|Von|O'|D')")
_ELIDED_PARTICLE = re.compile(r"^(?:d|dell|dall|degl|l)['’](?=\w)")
_BRACKETED = re.compile(r"\[[^\]]*\]|\([^)]*\)|（[^）]*）")
_NAME_MARKS = re.compile(r"[*†‡§¶#^]|\\")
#: Where a list of people splits: a comma, semicolon or slash, or "and", "&", "und", "et", "y" ("et de") between spaces;
#: an enumeration or full-width comma ("何振宇、林晓彤", "赖振炎，陈薇"), a middle dot between names in kanji ("森田 浩一・川口 遥",
#: not "ジョン・スミス"). The Italian, Portuguese and Dutch "and" ("Prof. A e Dr. B") only before a title: "e" is inside
#: names ("Sousa e Silva").
_LIST_SEPARATOR = re.compile(r"[,;/、，；]|(?<=[\u3400-\u9fff])・(?=[\u3400-\u9fff])|\s+(?:and|&|und|et|y)\s+(?:de\s(?=[A-ZÀ-Þ]))?"
                             r"|\s+(?:e|en)\s+(?=(?:Prof|Dr|Dott)[a-zª]*\.?\s)")
_LEADING_AND = re.compile(r"^\s*(?:and|&)\s+")
#: A label before the names ("Co-Advisor: X"), not a colon inside a bracketed note ("A (co-direction : B)").
_LABEL_PREFIX = re.compile(r"^[^:(]{0,40}:\s*")
_PARENTHETICAL_NOTE = re.compile(r"[(（]([^()（）]*)[)）]")
#: Where a name ends in a sentence: "Prof. A. Bello at X", "bei Prof. Dr. A. Bello an der Universität X", "presso".
_NAME_THEN_PREPOSITION = re.compile(r"\s(?:at|in|as|from|of|on|for|during|since|until|an|am|aan|à|au|presso|em|na|no|en)\s|\s[(（]")

__all__ = ["clean_person", "is_person_name", "split_people", "PersonMention", "name_stopwords",
           "strip_accents"]

#: Titles before a name, after rank words ("Assistant Prof."): ``data/person_patterns.tsv``.
_TITLES = re.compile(r"^(?:(?:{rank})\s+)*(?:{title})\s+".format(**data_patterns("person_patterns.tsv")), re.IGNORECASE)
#: A degree written after a name and a comma ("Jana Ostermeier, M.Sc.", "A. Bello, Dipl.-Ing.").
_DEGREE_AFTER_NAME = re.compile(r",\s*(?:M\.\s?Sc|B\.\s?Sc|M\.\s?A|B\.\s?A|M\.\s?Eng|M\.\s?Ed|MSc|BSc|MS|BS|MA|MBA|MD|Dipl\.-[A-Za-z]+|Ph\.\s?D|PhD)\.?$")
_PARTICLES = data_words("name_particles.txt")
#: Stopwords that are also given names or surnames: after a title ("Prof. Helen Grant") they are names.
_NAMES_AFTER_TITLE = frozenset({"grant", "best", "summer", "march"})
_CJK_LETTERS = "\u3400-\u9fff\uac00-\ud7af\u3040-\u30ff"
_CJK = re.compile(rf"^[{_CJK_LETTERS}]{{2,4}}$")
_CJK_LETTER = re.compile(f"[{_CJK_LETTERS}]")
#: A Japanese name written family name, space, given name ("小野寺 美咲"), up to three characters each; the last
#: character is none that ends a unit or a title ("理学部 准教授").
_CJK_SPACED = re.compile(r"^[\u3400-\u9fff\u3040-\u30ff]{1,3} [\u3400-\u9fff\u3040-\u30ff]{1,3}$(?<![学院部科所室館局課授員長師])")
_INITIALS = re.compile(r"^(?:[A-Z\u00C0-\u024F\u0391-\u03A9\u0400-\u042F]\.?-?){1,3}$")


def _is_name_word(token: str) -> bool:
    """A capitalised word, or a word of a script without capitals with its vowel signs (Arabic, Hebrew, Devanagari).

    >>> _is_name_word("Ольга"), _is_name_word("शर्मा"), _is_name_word("of"), _is_name_word("大学"), _is_name_word("A1")
    (True, True, False, False, False)
    """
    first = token[:1]
    return first.isalpha() and not first.islower() and _CJK_LETTER.match(first) is None and all(
        c.isalpha() or c in "'’.-" or unicodedata.category(c)[0] == "M" for c in token)


def name_stopwords() -> frozenset[str]:
    """Words never part of a person name (``data/name_stopwords.txt``)."""
    return data_words("name_stopwords.txt")


@lru_cache(maxsize=16384)
def is_person_name(name: str, *, titled: bool = False) -> bool:
    """Whether a string has the shape of a person's name (2-5 name words, or CJK characters).

    >>> is_person_name("Jean-Luc Moreau"), is_person_name("R. Sato"), is_person_name("Kyoto University")
    (True, True, False)
    >>> is_person_name("Ingrid SOLBERG"), is_person_name("王小明"), is_person_name("Research Intern")
    (True, True, False)
    >>> is_person_name("Ana Luiza Prado Bastos da Rocha"), is_person_name("Ana Luiza Prado Bastos Rocha Lima")
    (True, False)

    ``titled``: the name was written after a title ("Dr."), so a stopword that is also a name
    ("Grant") may be part of it.
    """
    name = name.strip()
    if _CJK.match(name.replace(" ", "")) or _CJK_SPACED.match(name):
        return True
    tokens = name.replace(",", " ").split()
    # particles inside are no name words of their own ("Ana Luiza Prado Bastos da Rocha": five and "da")
    if not 2 <= len(tokens) - sum(t.lower() in _PARTICLES for t in tokens[1:-1]) <= 5 or len(tokens) > 7:
        return False
    stop = name_stopwords()
    words = 0
    for i, token in enumerate(tokens):
        low = token.lower()
        if low in _PARTICLES and 0 < i < len(tokens) - 1:
            continue
        if i and (elided := _ELIDED_PARTICLE.match(token)):
            token = token[elided.end():]  # "d'Alembert", "dell'Acqua": a particle elided before the surname
        if _INITIALS.match(token) and ("." in token or len(token) == 1):
            continue
        if low.strip(".") in stop and not (titled and low.strip(".") in _NAMES_AFTER_TITLE):
            return False
        if not _is_name_word(token) or (token.endswith(".") and len(token) > 3):
            return False
        if _CAMEL_CASE.search(token) and not _SURNAME_PREFIX.match(token):
            return False  # CamelCase is a product name ("MapReduce"), not a person
        words += 1
    # ALL-CAPS acronyms ("IEEE TPDS") are no name; an ALL-CAPS name is handled by the caller
    return words > 0 and not all(t.isupper() and len(t) > 1 for t in tokens)


def clean_person(text: str) -> str | None:
    """A person's name without titles, markup and trailing notes; ``None`` if it is not a name.

    >>> clean_person("Assistant Prof. Jean-Luc Moreau [link]")
    'Jean-Luc Moreau'
    >>> clean_person("Professors Maria Alvarez")
    'Maria Alvarez'
    """
    text = _BRACKETED.sub(" ", text)
    text = _NAME_MARKS.sub(" ", text)
    text = " ".join(text.split()).strip(" ,;:.-–")
    if text.endswith((")", "]")):
        text = text.rstrip(")]").rstrip()  # the close of a note the name stood in: "(co-advised with A. Bello)"
    text = _DEGREE_AFTER_NAME.sub("", text)  # "Jana Ostermeier, M.Sc."
    untitled = text
    for _ in range(4):  # "Prof. Dr. Dr. A. Bello", "prof. dr hab. inż. A. Nowak"
        untitled = _TITLES.sub("", untitled)
    titled = untitled != text
    text = untitled.strip(" ,;:-–")
    upper_name = " ".join(w.capitalize() if w.isupper() and len(w) > 2 else w for w in text.split())
    named = is_person_name(text, titled=titled) or (upper_name != text and is_person_name(upper_name))
    return text if named else None


@dataclass(frozen=True)
class PersonMention:
    """A name found in a list, with its parenthetical note (``"chair"``, ``"UL"``) and span."""

    name: str
    note: str | None
    begin: int
    end: int


def _split_top(text: str) -> list[tuple[str, int]]:
    """Split at commas/semicolons/"and"/"&" outside parentheses: ``(piece, offset)``."""
    depth, masked = 0, []
    for c in text:  # what brackets hold ("(chair, UL)") is no separator
        depth = depth + 1 if c in "([" else max(0, depth - 1) if c in ")]" else depth
        masked.append(c if depth == 0 else "(")
    pieces, start = [], 0
    for match in _LIST_SEPARATOR.finditer("".join(masked)):
        pieces.append((text[start:match.start()], start))
        start = match.end()
    pieces.append((text[start:], start))
    return pieces


def split_people(text: str) -> list[PersonMention]:
    """The person names of a list such as ``"A (chair), B, and C"``, in order.

    >>> [(p.name, p.note) for p in split_people("Ingrid Solberg; Co-Advisor: Kenji Mori (KAIST)")]
    [('Ingrid Solberg', None), ('Kenji Mori', 'KAIST')]
    >>> [p.name for p in split_people("森田 浩一・川口 遥")], [p.name for p in split_people("何振宇、林晓彤")]
    (['森田 浩一', '川口 遥'], ['何振宇', '林晓彤'])
    """
    out = []
    for piece, offset in _split_top(text):
        piece_text = _LEADING_AND.sub("", piece)
        piece_text = _LABEL_PREFIX.sub("", piece_text) if ":" in piece_text else piece_text
        m = _PARENTHETICAL_NOTE.search(piece_text)
        note = (m.group(1).strip() or None) if m else None
        # "Prof. A. Bello at the University of Ibadan": the name ends at the preposition
        # or the titled name a sentence goes on after ("Prof. A. Bello kehrte 2018 zurück"): its longest opening that is one
        words = piece_text.split() if _TITLES.match(piece_text.strip()) else []
        name = clean_person(piece_text) or clean_person(_NAME_THEN_PREPOSITION.split(piece_text, maxsplit=1)[0]) or next(
            (n for k in range(min(len(words) - 1, 6), 1, -1) if (n := clean_person(" ".join(words[:k])))), None)
        if name:
            begin = offset + max(0, piece.find(name.split()[0]))
            out.append(PersonMention(name, note, begin, offset + len(piece)))
    return out
