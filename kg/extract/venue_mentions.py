"""Venues named outside publication lists: "papers at CHI'10 and UIST'24", "reviewer for
*Nature Communications*", conference talks ("2018 | European Economic Association Congress").

>>> [v for v, _ in venue_mentions("Best papers at CHI'15, CSCW'22 and UIST 2011.")]
['CHI', 'CSCW', 'UIST']
"""
from __future__ import annotations

import re

from kg.extract.gazetteer import CaselessPattern, data_patterns, lookup_organization
from kg.extract.text import LEADING_THE, PAREN_ASIDE, SPACED_AND, cached_copy, clean
from kg.extract.venues import lookup_venue

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_LIST_END = re.compile(r"[.;:]\s|\s+(?:since|from|in)\s+(?:19|20)\d\d")
_COMMA_LIST_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?")
_ITEM_NOISE = re.compile(r"\s*\([^)]*\)|\s+etc\.?$|['’]?\d{2,4}$")
_FIELD_SEPARATOR = re.compile(r"\s*[|,;]\s*")

__all__ = ["venue_mentions", "talk_venue"]

#: The venue words and service phrases, by kind (``data/citation_phrases.tsv``).
_PHRASES = data_patterns("citation_phrases.tsv")

# the lookahead first lets the engine skip to capitals instead of testing the lookbehind everywhere
_ACRONYM = re.compile(r"(?=[A-Z])(?<![\w'’-])([A-Z][A-Za-z]*[A-Z][A-Za-z]*|[A-Z]{2,})(?P<year>['’]\d\d|\s?(?:19|20)\d\d)?(?![\w-])")
#: What every :data:`_ACRONYM` match holds; a cheaper test to run first.
_TWO_CAPITALS = re.compile(r"[A-Z][A-Za-z]*[A-Z]")
_TITLE_PHRASE = re.compile(r"[A-Z][\w.&-]*(?:\s+(?:of|the|on|and|for|in|&)?\s*[A-Z][\w.&-]*)+")
_NAMED_VENUE = re.compile(rf"\b(?:{_PHRASES['named_venue']})\b")
_CUE = CaselessPattern(r"\b(?:papers?|published|conferences?|venues?|accepted|proceedings|journals?|awards? at|best paper)\b")
_EMPHASIS = re.compile(r"\*{1,2}([^*]{3,300}?)\*{1,2}|(?<![\w])_([^_]{3,80}?)_(?![\w])")
_SERVICE = re.compile(rf"\b(?:{_PHRASES['service']})", re.IGNORECASE)
#: Words without which :data:`_NAMED_VENUE` and :data:`_SERVICE` (on lowered text) cannot match:
#: plain words, which the engine finds much faster than either pattern.
_NAMED_VENUE_WORDS = re.compile(_PHRASES["named_venue"])
_SERVICE_WORDS = re.compile("review|referee|editor|program|chair|venue")
_VENUE_WORD = re.compile(rf"\b(?:{_PHRASES['talk_venue']})\b", re.IGNORECASE)


@cached_copy(32768)
def venue_mentions(text: str, raw: str | None = None) -> list[tuple[str, str]]:
    """``(venue name, written form)`` of known venues an ordinary sentence names, and of
    every venue after "reviewer for" / "editorial board of" (known or not)."""
    out: list[tuple[str, str]] = []
    acronyms = []
    for match in _ACRONYM.finditer(text) if _TWO_CAPITALS.search(text) else ():
        token = match.group(1)
        venue = lookup_venue(token)
        if venue is not None and token in venue.names and not lookup_organization(token):
            acronyms.append((venue.display, token, bool(match.group("year")), match.start(), match.end()))
    # acronyms need a year or a word about papers around them ("PACT" may be a project), or to be
    # listed together ("CHI, CSCW and DIS"; not "a FAST pipeline with the APL team")
    if any(year for _, _, year, _, _ in acronyms) or _CUE.search(text):
        out.extend((name, token) for name, token, *_ in acronyms)
    else:
        out.extend((name, token) for name, token, _, start, end in acronyms
                   if any(0 < start - other_end <= 12 or 0 < other_start - end <= 12 for *_, other_start, other_end in acronyms))
    # known venues named by title-cased phrases with a venue word ("Journal of X"), and in emphasis ("*Nature*")
    phrases = [m.group(0) for m in (_TITLE_PHRASE.finditer(text) if _NAMED_VENUE_WORDS.search(text) else ())]
    named = [p for p in phrases if len(p.split()) >= 2 and _NAMED_VENUE.search(p)]
    named += [(m.group(1) or m.group(2)).strip() for m in (_EMPHASIS.finditer(raw) if raw and ("*" in raw or "_" in raw) else ())]
    out.extend((venue.display, written) for written in named if (venue := lookup_venue(written)) is not None)
    lower = text.lower() if text.isascii() else None  # non-ASCII case folding is left to the pattern
    for trigger in _SERVICE.finditer(text) if lower is None or _SERVICE_WORDS.search(lower) else ():
        rest = _LIST_END.split(text[trigger.end():])[0]
        items = [e for e in (clean(m.group(0)) for m in _EMPHASIS.finditer(raw or "")) if e and e in rest]
        for item in ([] if items else _COMMA_LIST_SEPARATOR.split(rest)):
            item = _ITEM_NOISE.sub("", item).strip(" .*")
            items.extend(_split_and(LEADING_THE.sub("", item)))
        for item in items:
            if not item or not item[:1].isupper() or len(item.split()) > 10:
                continue
            venue = lookup_venue(item)
            out.append((venue.display if venue else item, item))
    first: dict[str, str] = {}
    for name, written in out:
        first.setdefault(name, written)  # each venue as it is first written
    return tuple(first.items())


def _split_and(item: str) -> list[str]:
    """The venues of a listed item joined by "and", at the last "and" with a whole venue on
    each side: "Carbon Storage and Devices and Soil Biology Advances" is two journals, while
    "Ecology and Evolution" or "Journal of Theoretical and Applied Mechanics" is one."""
    parts = SPACED_AND.split(item)
    if len(parts) == 1 or lookup_venue(item):
        return [item]
    for k in range(len(parts) - 1, 0, -1):
        left, right = " and ".join(parts[:k]), LEADING_THE.sub("", " and ".join(parts[k:]))
        if left.split()[-1].lower().endswith(("al", "ic", "ive", "ary", "ous")):
            continue  # "Theoretical and Applied": an adjective shares the noun after "and"
        if all(lookup_venue(side) or len(side.split()) >= 2 for side in (left, right)):
            return [*_split_and(left), right]
    return [item]


def talk_venue(text: str) -> str | None:
    """The conference of a talk line, without its date, format and place.

    >>> talk_venue("2018 | European Economic Association Congress, Lisbon")
    'European Economic Association Congress'
    """
    from kg.extract.dates import find_dates
    from kg.extract.orgs import is_location

    for _, begin, end in reversed(find_dates(text)):
        text = text[:begin] + text[end:]
    text = PAREN_ASIDE.sub("", text)
    parts = [p.strip(" .*") for p in _FIELD_SEPARATOR.split(text) if p.strip(" .*")]
    while parts and is_location(parts[-1]):
        parts.pop()
    for part in parts:
        part = _TALK_LEAD.sub("", part)
        if _VENUE_WORD.search(part) and part[:1].isupper() and len(part.split()) <= 12:
            return part
    return None


#: "Invited talk at the 95th ": what a talk line says before the conference's name.
_TALK_LEAD = re.compile(rf"^(?:(?:(?:{_PHRASES['talk_kind']})\s+)?(?:{_PHRASES['talk_noun']})\s+)?(?:(?:presented|given)\s+)?"
                        r"(?:at|to)\s+(?:the\s+)?(?:\d{1,3}(?:st|nd|rd|th)\s+)?|^\d{1,3}(?:st|nd|rd|th)\s+", re.I)
