"""Degree and role vocabulary: normalised degrees and their fields.

>>> degree_of("Ph.D. in Computer Science"), degree_of("B.Sc in Marine Biology"), degree_of("Research Intern")
('PhD', 'BS', None)
>>> field_of("PhD in Economics"), field_of("M.Sc. in Marine Biology in 2012")
('Economics', 'Marine Biology')
"""
from __future__ import annotations

import re
from functools import lru_cache

from kg.extract.gazetteer import CaselessPattern, _data_rows

__all__ = ["degree_of", "degree_span", "field_of"]


#: Where a degree's name ends: no letter after it, and no "-level" ("a master-level module" names a course's level).
_NOT_LEVEL = r"(?![\w]|-level)"
#: The degrees of ``data/degrees.tsv``, in file order.
_DEGREES = tuple(row["degree"].strip() for row in _data_rows("degrees.tsv"))
#: Every pattern of ``data/degrees.tsv``, each rule's in its group ``r<index>``: at the earliest place any matches,
#: the first rule that matches there is named by the group that matched (alternatives are tried in order).
_ANY_DEGREE = CaselessPattern(r"(?<![\w.])(?:" + "|".join(f"(?P<r{i}>{row['pattern']})" for i, row in enumerate(_data_rows("degrees.tsv")))
                               + r")" + _NOT_LEVEL)


#: What follows 博士/박사 naming a job, not the degree: postdoc (博士后/博士後/박사후), doctoral supervisor (博士生导师).
_CJK_NOT_DEGREE = ("后", "後", "후", "生导师", "生導師", "研究員")
#: Degrees written in Chinese, Japanese or Korean, in the order of ``data/cjk_degrees.tsv`` (the first wins).
_CJK_DEGREES = {row["word"].strip(): row["degree"].strip() for row in _data_rows("cjk_degrees.tsv")}


@lru_cache(maxsize=16384)
def degree_span(text: str) -> tuple[str, int, int] | None:
    """``(degree, begin, end)`` of the first degree named in a text (earliest wins)."""
    best = None
    for word, degree in _CJK_DEGREES.items() if not text.isascii() else ():
        if word == "卒業" and "大学" not in text and "大學" not in text:
            continue  # a school's graduation, no degree
        at = text.find(word)
        while at >= 0 and text.startswith(_CJK_NOT_DEGREE, at + len(word)):
            at = text.find(word, at + 1)  # 博士后 is a postdoc, 博士生导师 a doctoral supervisor
        if at >= 0 and (best is None or at < best[1]):
            best = (degree, at, at + len(word))
    first = _ANY_DEGREE.search(text)
    while first is not None and _lowercase_short(first.group(0)):
        first = _ANY_DEGREE.search(text, first.end())
    if first is not None and (best is None or first.start() < best[1]):
        best = (_DEGREES[int(first.lastgroup[1:])], first.start(), first.end())
    return best


def _lowercase_short(written: str) -> bool:
    """"ma", "ba", "ms": a short degree written in lower case, more likely a word than a degree
    ("MA"/"MS"/"BA" count in capitals only)."""
    return len(written.replace(".", "").replace(" ", "")) <= 3 and not any(c.isupper() for c in written)


def degree_of(text: str) -> str | None:
    """The normalised degree a text names (PhD, MS, MA, BS, BA, ...), else ``None``."""
    span = degree_span(text)
    return span[0] if span else None


_FIELD = re.compile(
    r"^\s*(?:degree\s+)?(?:\(\w+\)\s*)?(?:in|of|en|in the field of)\s+(?:the\s+)?(?P<field>[A-Z][\w&,'’ -]*?)"
    r"(?=\s*(?:$|[,;(|]|\s+(?:from|at|in|under|with|and a|and bachelor|and master|19\d\d|20\d\d)\b|\s+-\s))"
)
_UNIT_PREFIX = re.compile(r"^(?:Department|Dept\.?|School|Faculty) of\s+")


def field_of(text: str) -> str | None:
    """The field after a degree ("PhD in Economics" -> "Economics"), else ``None``."""
    span = degree_span(text)
    match = _FIELD.match(text[span[2]:]) if span else None
    if not match:
        return None
    return _UNIT_PREFIX.sub("", match.group("field").strip(" ,")) or None
