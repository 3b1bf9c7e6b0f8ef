"""Degree and role vocabulary: normalised degrees and their fields.

>>> degree_of("Ph.D. in Computer Science"), degree_of("B.Sc in Marine Biology"), degree_of("Research Intern")
('PhD', 'BS', None)
>>> field_of("PhD in Economics"), field_of("M.Sc. in Marine Biology in 2012")
('Economics', 'Marine Biology')
"""
from __future__ import annotations

import re
from functools import lru_cache

from kg.extract.gazetteer import _data_rows

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_RX_FIELD_OF_1 = re.compile(r"^(?:Department|Dept\.?|School|Faculty) of\s+")

__all__ = ["degree_of", "degree_span", "field_of"]


@lru_cache(maxsize=1)
def _degree_rules() -> tuple[tuple[re.Pattern, str], ...]:
    return tuple(
        (re.compile(rf"(?<![\w.])(?:{row['pattern']})(?![\w])", re.IGNORECASE), row["degree"].strip())
        for row in _data_rows("degrees.tsv")
    )


@lru_cache(maxsize=1)
def _any_degree() -> re.Pattern:
    """Matches wherever one of :func:`_degree_rules` would: most texts name no degree, and one
    search rules them out instead of one per rule."""
    alternatives = "|".join(f"(?:{row['pattern']})" for row in _data_rows("degrees.tsv"))
    return re.compile(rf"(?<![\w.])(?:{alternatives})(?![\w])", re.IGNORECASE)


#: Degrees written in Chinese, Japanese or Korean (no word boundaries there).
_CJK_DEGREES = {"博士": "PhD", "硕士": "MS", "碩士": "MS", "修士": "MS", "学士": "BS", "學士": "BS", "本科": "BS",
                "박사": "PhD", "석사": "MS", "학사": "BS"}


@lru_cache(maxsize=16384)
def degree_span(text: str) -> tuple[str, int, int] | None:
    """``(degree, begin, end)`` of the first degree named in a text (earliest wins)."""
    best = None
    for word, degree in _CJK_DEGREES.items() if not text.isascii() else ():
        at = text.find(word)
        if at >= 0 and (best is None or at < best[1]):
            best = (degree, at, at + len(word))
    for pattern, degree in _degree_rules() if _any_degree().search(text) else ():
        match = pattern.search(text)
        if match and (best is None or match.start() < best[1]):
            # "MA"/"MS"/"BA" in capitals only, to avoid words such as "ma", "ba"
            written = match.group(0)
            if len(written.replace(".", "").replace(" ", "")) <= 3 and not any(c.isupper() for c in written):
                continue
            best = (degree, match.start(), match.end())
    return best


def degree_of(text: str) -> str | None:
    """The normalised degree a text names (PhD, MS, MA, BS, BA, ...), else ``None``."""
    span = degree_span(text)
    return span[0] if span else None


_FIELD = re.compile(
    r"^\s*(?:degree\s+)?(?:\(\w+\)\s*)?(?:in|of|en|in the field of)\s+(?:the\s+)?(?P<field>[A-Z][\w&,'’ -]*?)"
    r"(?=\s*(?:$|[,;(|]|\s+(?:from|at|in|under|with|and a|and bachelor|and master|19\d\d|20\d\d)\b|\s+-\s))"
)


def field_of(text: str) -> str | None:
    """The field after a degree ("PhD in Economics" -> "Economics"), else ``None``."""
    span = degree_span(text)
    if not span:
        return None
    match = _FIELD.match(text[span[2]:])
    if not match:
        return None
    field = match.group("field").strip(" ,")
    field = _RX_FIELD_OF_1.sub("", field)
    return field or None
