"""Person-name parsing and comparison for the resolver: full names, initials, name order.

>>> name_relation(parse_person_name("R. Sato"), parse_person_name("Ryo Sato"))
'initials'
>>> name_relation(parse_person_name("Sato, Ryo"), parse_person_name("Ryo Sato"))
'same'
>>> name_relation(parse_person_name("Lin Mei"), parse_person_name("Mei Lin"))
'swap'
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from kg.extract.context import UNNAMED_SUBJECT, normalize_name

__all__ = ["PersonName", "parse_person_name", "name_relation", "names_conflict"]

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_BRACKETS = re.compile(r"[(\[{].*?[)\]}]")
_VANCOUVER = re.compile(r"^[^,.]+\s[A-Z]{1,3}$")


@dataclass(frozen=True, slots=True)
class PersonName:
    """A parsed person name.

    Attributes
    ----------
    raw : the name as written.
    norm : :func:`~kg.extract.context.normalize_name` of ``raw`` (the trivial identity).
    given : the given-name parts in order, each ``(text, is_initial)``; hyphenated
        full parts are joined ("Zhi-Liang" -> "zhiliang"), initials are single letters.
    family : the folded family name ("" when the name has one word only).
    unnamed : the name is :data:`~kg.extract.context.UNNAMED_SUBJECT`.
    """

    raw: str
    norm: str
    given: tuple[tuple[str, bool], ...]
    family: str
    unnamed: bool = False
    cjk: bool = False
    #: a name with a family name and spelled-out given names (no initials)
    full: bool = field(init=False, repr=False, compare=False)
    #: ``(family, first initial)``: the block in which initials and variants are compared
    loose_key: tuple[str, str] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        # read for every pair of names the resolver compares (a million times at 10,000
        # documents): computed once per parsed name
        full = bool(self.norm) if self.cjk else bool(
            self.family and self.given and not any(initial for _, initial in self.given))
        object.__setattr__(self, "full", full)
        object.__setattr__(self, "loose_key", None if self.unnamed or not self.family or not self.given
                           else (self.family, self.given[0][0][:1]))

    @property
    def full_key(self) -> str | None:
        """The key of exact full-name identity ("Last, First" and "First Last" agree)."""
        if self.unnamed or not self.full:
            return None
        if self.cjk:
            return self.norm.replace(" ", "")
        return " ".join([*(text for text, _ in self.given), self.family])

    @property
    def swap_key(self) -> tuple[str, str] | None:
        """Both words of a two-word full name, sorted: the block of order swaps ("Lin Mei"/"Mei Lin")."""
        if not self.full or self.cjk or len(self.given) != 1 or " " in self.family:
            return None
        first = self.given[0][0]
        if first == self.family:
            return None
        return tuple(sorted((first, self.family)))  # type: ignore[return-value]


#: Distinct person names parse_person_name keeps parsed (about 0.4 KB each). Resolution parses
#: every mention's names, in document order: a cache smaller than a corpus's distinct names
#: misses on nearly every name seen in an earlier document, and a miss costs 0.1 to 2 ms
#: (65,536 at 30,000 generated documents, ~90,000 distinct names: 168k misses, not 90k).
PARSED_NAMES = 2**20


@lru_cache(maxsize=PARSED_NAMES)
def parse_person_name(name: str) -> PersonName:
    """Parse a person name with :mod:`nameparser` ("Last, First" forms, titles, initials), or
    with the name model when written family name first with bare initials ("Smith JA").

    Parameters
    ----------
    name : str
        A person name as written.

    Returns
    -------
    PersonName

    Examples
    --------
    >>> p = parse_person_name("Qu, Zhi-Liang")
    >>> p.given, p.family, p.full_key
    ((('zhiliang', False),), 'qu', 'zhiliang qu')
    >>> parse_person_name("Z. L. Qu").given
    (('z', True), ('l', True))
    >>> p = parse_person_name("van der Berg AJ")
    >>> p.given, p.family
    ((('a', True), ('j', True)), 'van der berg')
    """
    from nameparser import HumanName

    from kg.extract.models.names import parse_name

    raw = " ".join(name.split())
    norm = normalize_name(raw)
    if raw == UNNAMED_SUBJECT:
        return PersonName(raw=raw, norm=norm, given=(), family="", unnamed=True)
    if _CJK.search(raw) and " " not in raw.strip():
        return PersonName(raw=raw, norm=norm, given=(), family="", cjk=True)
    text = _BRACKETS.sub(" ", raw).strip() or raw
    if _VANCOUVER.search(text):  # "Smith JA", "van der Berg AJ": read by the name model
        parsed = parse_name(text)
        parts = parsed.given_parts()
        if parsed.family and text.startswith(parsed.family) and parts and all(initial for _, initial in parts):
            given = tuple((normalize_name(t), True) for t, _ in parts)
            return PersonName(raw=raw, norm=norm, given=given, family=normalize_name(parsed.family))
    simple = _simple_split(text)
    if simple is not None:
        first_middle, last = simple
    else:
        parsed = HumanName(text)
        first_middle, last = f"{parsed.first} {parsed.middle}", parsed.last
    given: list[tuple[str, bool]] = []
    for token in first_middle.split():
        letters = normalize_name(token).replace(" ", "")
        if not letters:
            continue
        if "." in token or len(letters) == 1:
            pieces = [normalize_name(p).replace(" ", "") for p in re.split(r"[.\-]", token)]
            pieces = [p for p in pieces if p]
            if all(len(p) <= 2 for p in pieces):
                given.extend((p, True) for p in pieces)
                continue
        given.append((letters, False))
    family = normalize_name(last)
    if not family and len(given) > 1 and not given[-1][1]:
        family = given.pop()[0]
    return PersonName(raw=raw, norm=norm, given=tuple(given), family=family)


@lru_cache(maxsize=1)
def _special_words() -> frozenset[str]:
    from nameparser.config import CONSTANTS

    words = set()
    for group in (CONSTANTS.titles, CONSTANTS.prefixes, CONSTANTS.conjunctions,
                  CONSTANTS.suffix_acronyms, CONSTANTS.suffix_not_acronyms):
        words.update(str(w).lower() for w in group)
    return frozenset(words)


def _simple_split(text: str) -> tuple[str, str] | None:
    """``(given names, family name)`` of a plain "First [Middle] Last" or "Last, First" name.

    Returns ``None`` (parse with nameparser) for anything else: punctuation other than
    dots and hyphens, a title, a suffix, a particle ("van") or a conjunction; where it
    answers, the fast path agrees with nameparser.
    """
    if any(c in text for c in ";:'\"&()/"):
        return None
    if "," in text:
        parts = text.split(",")
        if len(parts) != 2:
            return None
        family, given = parts[0].split(), parts[1].split()
        if len(family) != 1 or not 1 <= len(given) <= 2:
            return None
        words = family + given
    else:
        words = text.split()
        if not 2 <= len(words) <= 3:
            return None
        family, given = words[-1:], words[:-1]
    special = _special_words()
    if any(w.lower().strip(".") in special or w.lower() in special for w in words) or family[0].endswith("."):
        return None
    return " ".join(given), family[0]


def name_relation(a: PersonName, b: PersonName) -> str | None:
    """How two person names may denote the same person, or ``None`` if they cannot.

    ``same`` (identical full names), ``middle`` (one lacks a middle name),
    ``initials`` (initials agree with spelled-out names, or both abbreviated alike),
    ``swap`` (the two words of a two-word name in the other order).
    Only ``same`` merges on the name alone; the others need supporting evidence.

    Examples
    --------
    >>> rel = lambda x, y: name_relation(parse_person_name(x), parse_person_name(y))
    >>> rel("J. A. Smith", "John Smith"), rel("J. B. Smith", "John A. Smith"), rel("Jane Smith", "John Smith")
    ('initials', None, None)
    """
    if a.unnamed or b.unnamed:
        return None
    if a.cjk or b.cjk or not a.family or not b.family:
        return "same" if a.full_key and a.full_key == b.full_key else None
    if a.family == b.family:
        if not a.given or not b.given:
            return None
        kind = "same"
        for (ta, ia), (tb, ib) in zip(a.given, b.given):
            if ia or ib:
                if ia and ib:
                    ok = ta.startswith(tb) or tb.startswith(ta)
                else:
                    ok = tb.startswith(ta) if ia else ta.startswith(tb)
                if not ok:
                    return None
                kind = "initials"
            elif ta != tb:
                return None
        if len(a.given) != len(b.given):
            longer = a.given if len(a.given) > len(b.given) else b.given
            extra_initial = any(initial for _, initial in longer[min(len(a.given), len(b.given)):])
            kind = "initials" if kind == "initials" or extra_initial else "middle"
        return kind
    if a.swap_key and a.swap_key == b.swap_key:
        return "swap"
    return None


def names_conflict(a: PersonName, b: PersonName) -> bool:
    """Two full names with the same family name but incompatible given names.

    >>> names_conflict(parse_person_name("Ana Souza"), parse_person_name("Beatriz Souza"))
    True
    >>> names_conflict(parse_person_name("Tom Berg"), parse_person_name("Ana Souza"))
    False
    """
    return bool(a.full and b.full and a.family and a.family == b.family and name_relation(a, b) is None)
