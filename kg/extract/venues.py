"""Publication venues: known short and long names, and the venue named by a citation's venue part.

The data lives in ``kg/extract/data/venues.tsv`` (short name, long name, other names).
A venue is named by its short form when one is known or written in parentheses, with
the long form as an alias; otherwise by the name as written, without years, ordinals,
``Proceedings of the`` and page or volume numbers.

>>> lookup_venue("Journal of Parallel and Distributed Computing").short
'JPDC'
>>> normalize_venue("Proceedings of the 51st International Conference on Parallel Processing (ICPP), 2022")
('ICPP', ('International Conference on Parallel Processing',))
>>> normalize_venue("Accepted to NeurIPS 2020")[0]
'NeurIPS'
>>> normalize_venue("NeurIPS'23 Workshop OPT")[0]
'OPT'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from kg.extract.context import WHITESPACE_RUN, normalize_name
from kg.extract.dates import full_year
from kg.extract.gazetteer import _data_rows, data_patterns, split_cell

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_ARXIV_OR_CORR = re.compile(r"\W*(?:arxiv|corr)\b.*", re.I)
_QUOTED_SHORT_YEAR = re.compile(r"['’‘`]\s?\d\d\b")
_PASSAGE_SEPARATOR = re.compile(r"\s*(?:,|;|\s[-–—]\s|\(|\))\s*")
_SHORT_YEAR_END = re.compile(r"['’‘`]\d\d$")
_LEADING_ON_FOR = re.compile(r"^(?:on|for)\s+", re.I)
_PARENTHESISED = re.compile(r"\(([^()]{1,40})\)")
_YEAR_OR_SHORT_YEAR = re.compile(r"['’‘`]?\s?\d{2,4}\b")
_SOCIETY_BEFORE_ACRONYM = re.compile(r"^(?:ACM|IEEE|USENIX)\s+(?=\S+$)")
_PAREN_ASIDE = re.compile(r"\s*\([^()]*\)")
_LEADING_DIGIT = re.compile(r"^\d")
_URL_OR_DOI = re.compile(r"https?://\S+|\bdoi:\s*\S+", re.I)
_NAME_END = re.compile(r",|\s\d|\(")
_WORD_TOKEN = re.compile(r"[A-Za-z][\w&\-/@.]*[\w]")
_TWO_LETTERS = re.compile(r"[A-Za-z]{2}")

#: The vocabulary of the venue rules, by kind (``data/citation_phrases.tsv``).
_PHRASES = data_patterns("citation_phrases.tsv")

__all__ = [
    "KnownVenue",
    "known_venues",
    "lookup_venue",
    "normalize_venue",
    "venue_year",
    "is_preprint",
]


@dataclass(frozen=True)
class KnownVenue:
    """A well-known venue: its short name, long name and other names."""

    short: str
    long: str
    aliases: tuple[str, ...] = ()

    @property
    def display(self) -> str:
        """The entity name: the acronym when there is one ("PNAS"), else the long name
        ("Economics Letters" rather than the abbreviation "Econ. Lett.")."""
        if self.long and not _is_acronym(self.short) and self.short != self.long:
            return self.long
        return self.short

    @property
    def names(self) -> tuple[str, ...]:
        """Every name of the venue, short name first."""
        return tuple(dict.fromkeys(n for n in (self.short, self.long, *self.aliases) if n))


@lru_cache(maxsize=1)
def known_venues() -> tuple[KnownVenue, ...]:
    """All venues of ``venues.tsv``, in file order.

    >>> any(v.short == "PNAS" for v in known_venues())
    True
    """
    return tuple(KnownVenue(row["short"].strip(), (row.get("long") or "").strip(), split_cell(row.get("aliases"), "|"))
                 for row in _data_rows("venues.tsv"))


_PREFIXES = ("the ", "ieee cvf ", "ieee acm ", "acm ieee ", "ieee ", "acm ", "usenix ", "siam ", "acm sigplan ")


def _keys(name: str) -> list[str]:
    """The lookup keys of a venue's name: the name normalised, and without each society prefix it opens with."""
    key = normalize_name(name)
    return [key, *(key[len(prefix):] for prefix in _PREFIXES if key.startswith(prefix) and len(key) > len(prefix) + 2)]


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, KnownVenue], dict[str, KnownVenue]]:
    by_key: dict[str, KnownVenue] = {}
    by_short: dict[str, KnownVenue] = {}
    for venue in known_venues():
        by_short.setdefault(venue.short, venue)
        for alias in venue.aliases:
            if _is_acronym(alias):
                by_short.setdefault(alias, venue)
        for name in venue.names:
            for key in _keys(name):
                by_key.setdefault(key, venue)
    return by_key, by_short


def _is_acronym(token: str) -> bool:
    """A short venue name: one token with at least two capitals (``ICML``, ``NeurIPS``, ``PPoPP``)."""
    token = token.strip()
    return (
        0 < len(token) <= 14
        and " " not in token
        and sum(c.isupper() for c in token) >= 2
        and token[0].isalpha()
    )


@lru_cache(maxsize=8192)
def lookup_venue(name: str) -> KnownVenue | None:
    """The known venue with this short name, long name or alias, else ``None``.

    Parameters
    ----------
    name : a venue name as written ("ICML", "Phys. Rev. Lett.", "The Economic Journal").

    Returns
    -------
    KnownVenue or None

    Examples
    --------
    >>> lookup_venue("Phys. Rev. Lett.").short
    'PRL'
    >>> lookup_venue("Some Unknown Workshop") is None
    True
    """
    name = name.strip()
    if not name:
        return None
    by_key, by_short = _index()
    return by_short.get(name) or next((by_key[key] for key in _keys(name) if key in by_key), None)


#: A year standing alone, not part of a longer number or a decimal.
YEAR = re.compile(r"(?<![\d.])((?:19|20)\d\d)(?![\d])")
_APOS_YEAR = re.compile(r"(?<=[A-Za-z\s])\s?['’‘`](\d\d)\b")


def venue_year(text: str) -> str | None:
    """The year a venue passage names: ``2021``, or ``'21`` after a name.

    >>> venue_year("ATC'25"), venue_year("ICML 2021"), venue_year("Nature")
    ('2025', '2021', None)
    """
    match = YEAR.search(text)
    if match:
        return match.group(1)
    match = _APOS_YEAR.search(text)
    return str(full_year(match.group(1))) if match else None


_PREPRINT = re.compile(rf"^\W*(?:an?\s+)?(?:{_PHRASES['preprint']})\b", re.I)


#: A preprint server's name closing a venue passage, after the journal's own name.
TRAILING_PREPRINT = re.compile(r"(?<=\w)[\s|,;]+(?:arXiv|bioRxiv|medRxiv|SSRN)(?:\s+[Pp]reprint)?$")


def is_preprint(text: str) -> bool:
    """Whether a venue passage names a preprint server or an unpublished state, not a venue.

    >>> is_preprint("arXiv preprint arXiv:2103.13262"), is_preprint("Preprint on arXive")
    (True, True)
    >>> is_preprint("Nature Communications"), is_preprint("(in progress)")
    (False, True)
    """
    cleaned = _strip_lead(text)
    # "(in progress)": a state whose own first word is one a venue passage opens with ("In Proc. X")
    return bool(_PREPRINT.match(cleaned) or _PREPRINT.match(text)) or bool(_ARXIV_OR_CORR.fullmatch(cleaned))


_LEAD = re.compile(rf"^\W*(?:(?:{_PHRASES['publication_state']})\b(?:\s+(?:to|at|in|by|for|on))?\s*[:,]?\s*)?"
                   r"(?:(?:in|at|on)\s*:?\s+(?=[A-Z0-9'’]))?", re.I)
_PROC = re.compile(
    r"^(?:the\s+)?(?:(?:companion\s+)?proceedings|proc\.?|proceeding)\s+(?:of\s+(?:the\s+)?)?", re.I
)
_ORDINAL = re.compile(rf"\b(?:{_PHRASES['ordinal']})\b\.?", re.I)
#: A bracketed remark on a paper: "(Oral)", "(Best Paper Award)", "(acceptance rate 20%)".
_NOTE = re.compile(rf"\((?:[^()]*\b(?:{_PHRASES['note']})\b[^()]*)\)", re.I)
#: What follows a venue's name: volume, issue, pages, identifiers, editors, publisher, a number.
_TAIL = re.compile(rf"(?:,|;|\.\s|\s)\s*(?:{_PHRASES['tail']}).*$", re.I)


def _strip_lead(text: str) -> str:
    text = _LEAD.sub("", text.strip(), count=1)
    return _PROC.sub("", text, count=1).strip()


def _clean_name(text: str) -> str:
    """A venue name without years, ordinals, ``Proceedings of the`` and trailing punctuation."""
    text = _QUOTED_SHORT_YEAR.sub("", text)
    text = YEAR.sub("", text)
    text = _ORDINAL.sub("", text)
    text = _PROC.sub("", text.strip(), count=1)
    return WHITESPACE_RUN.sub(" ", text.strip()).strip(" ,.;:-–—(")


_WORKSHOP = re.compile(r"\bworkshops?\b", re.I)


def _workshop(text: str) -> tuple[str, tuple[str, ...]] | None:
    """The workshop a venue passage names, if any: (name, aliases)."""
    if not _WORKSHOP.search(text):
        return None
    # the first piece with the word (no separator splits a word, so there is one)
    part = _strip_lead(next(p for p in _PASSAGE_SEPARATOR.split(text) if _WORKSHOP.search(p)))
    tokens = part.split()  # not empty: the piece holds the word
    bare = _SHORT_YEAR_END.sub("", tokens[0])  # "ICML'21 Workshop on X": the conference first
    rest = [t for t in tokens[1:] if not YEAR.fullmatch(t) and not _WORKSHOP.fullmatch(t)]
    conference = bare if rest and lookup_venue(bare) is not None and not _WORKSHOP.fullmatch(bare) else None
    words = tokens[1:] if conference else tokens
    # "Workshop ... at ICML 2021" / "... workshop, NeurIPS"
    phrase = _clean_name(" ".join(words))
    core = _WORKSHOP.sub("", phrase).strip(" -–—:")
    core = _LEADING_ON_FOR.sub("", core).strip()
    name = core if core and " " not in core and len(core) >= 3 and any(c.isupper() for c in core) else phrase
    return _named(name, [phrase, f"{conference} {phrase}", _clean_name(part)] if conference else [phrase])


def _named(name: str, others) -> tuple[str, tuple[str, ...]]:
    """A venue's name and its other names, each once and none the name again."""
    return name, tuple(a for a in dict.fromkeys(others) if a and normalize_name(a) != normalize_name(name))


def _paren_acronym(text: str) -> tuple[str, str] | None:
    """``(ICPP)`` / ``(PPoPP 2021)`` / ``(CHI '20)``: the acronym and the text before it."""
    for match in _PARENTHESISED.finditer(text):
        inner = _YEAR_OR_SHORT_YEAR.sub("", match.group(1)).strip(" ,.;:-")
        inner = _SOCIETY_BEFORE_ACRONYM.sub("", inner)
        if _is_acronym(inner) or lookup_venue(inner) is not None:
            return inner, text[: match.start()]
    return None


def _first_segment(text: str) -> str:
    """The venue name part of a passage: before volume, pages, place and year."""
    text = _strip_lead(text)
    text = _PAREN_ASIDE.sub(" ", text)
    text = _TAIL.sub("", " " + text).strip() if not _LEADING_DIGIT.match(text) else text
    return _clean_name(_comma_name(text))


#: One comma-separated piece of a journal's name: capitalised words and joiners ("Credit and Banking").
_NAME_PART = re.compile(r"(?:(?:and|&)\s+)?[A-Z][\w'’-]*(?:\s+(?:and|&|of|the|in|for|on|[A-Z][\w'’-]*)){0,5}")


def _comma_name(text: str) -> str:
    """The venue's name up to its first comma, or past commas that list the name's own words and
    end with "and" ("Journal of Money, Credit and Banking", "Brain, Behavior, and Immunity")."""
    parts = text.split(",")
    for j in range(1, min(len(parts), 5)):
        part = parts[j].strip()
        if not _NAME_PART.fullmatch(part) or any(c.isdigit() for c in part):
            break
        if part.startswith(("and ", "& ")) or " and " in part or " & " in part:
            return ",".join(parts[: j + 1])
    return parts[0]


@lru_cache(maxsize=16384)
def normalize_venue(text: str) -> tuple[str, tuple[str, ...]] | None:
    """The venue a citation's venue passage names: (name, aliases), or ``None``.

    Parameters
    ----------
    text : the venue part of a citation, such as ``In Proceedings of the 26th ACM SIGPLAN
        Symposium on Principles and Practice of Parallel Programming (PPoPP 2021)``,
        ``Nature 521, 436-444 (2015)`` or ``arXiv preprint arXiv:2103.13262``.

    Returns
    -------
    tuple or None
        The short name when one is known or written as an acronym, else the name as written,
        cleaned; aliases hold the long forms. ``None`` for preprints and unpublished work.

    Examples
    --------
    >>> normalize_venue("Journal of Parallel and Distributed Computing (JPDC), Volume 133, Pages 30-39")
    ('JPDC', ('Journal of Parallel and Distributed Computing',))
    >>> normalize_venue("Nature 521, 436-444 (2015)")
    ('Nature', ())
    >>> normalize_venue("Economics Letters, 2026")
    ('Economics Letters', ('Econ. Lett.',))
    >>> normalize_venue("arXiv preprint arXiv:2103.13262") is None
    True
    """
    text = WHITESPACE_RUN.sub(" ", text or "").strip(" ,.;:")
    text = _URL_OR_DOI.sub("", text).strip(" ,.;:")
    if not text or is_preprint(text):
        return None
    text = TRAILING_PREPRINT.sub("", text)  # "Phys. Rev. B arXiv": the journal's link, then the preprint's
    if _PUBLISHER.fullmatch(text):
        return None  # a book's publisher ("Oxford: Oxford University Press") is no venue
    text = _NOTE.sub(" ", text).strip(" ,.;:-–—")  # a passage that is only a note ("(Oral)") names nothing below
    if workshop := _workshop(text):
        return workshop
    result = _paren_acronym(text)
    if result:
        short, before = result
        known = lookup_venue(short)
        long = _first_segment(before) if before.strip() else ""
        others = [long] if long and normalize_name(long) != normalize_name(short) and len(long.split()) >= 2 else []
        return _named(known.display, [*others, short, known.short, known.long]) if known else _named(short, others)
    segment = _first_segment(text)
    known = lookup_venue(segment) if segment else None
    if known is None:
        # names that begin with "Proceedings of the" ("Proceedings of the Royal Society B")
        whole = _NAME_END.split(_LEAD.sub("", text.strip(), count=1), maxsplit=1)[0].strip(" .;:")
        known = lookup_venue(whole) if whole else None
    if known is None:
        # a known short name written inside the passage: "Accepted to ICML 2021", "MLSys 2022 - Fifth ..."
        by_short = _index()[1]
        known = next((by_short[t] for t in _WORD_TOKEN.findall(_strip_lead(text)) if _is_acronym(t) and t in by_short), None)
    if known is not None:
        written = [segment] if segment and lookup_venue(segment) == known else []
        return _named(known.display, [*written, known.long, known.short])
    if not segment or not _TWO_LETTERS.search(segment) or len(segment.split()) > 14:
        return None
    proc = _PROC.match(_LEAD.sub("", text.strip(), count=1))
    society = _SOCIETY.search(segment) or (
        segment.isupper() and len(segment) <= 6 and proc and proc.group(0).rstrip().lower().endswith("the"))
    if proc and society and not _EVENT.search(segment):
        # "Proceedings of the Royal Society A", "Proceedings of the IEEE": a society's journal, named with its "Proceedings"
        return f"{proc.group(0).strip()} {segment}", ()
    return segment, ()


#: A book's publisher, perhaps after its town and before its year: "Oxford: Oxford University Press, 2019".
_PUBLISHER = re.compile(rf"(?:[A-Z][\w .,'’-]{{1,40}}:\s*)?(?:[A-Z][\w&.'’-]*\s+){{0,4}}(?:{_PHRASES['publisher']})(?:,\s*(?:19|20)\d\d)?\.?")
_SOCIETY = re.compile(r"\b(?:Society|Academy|Royal|Institution|Association)\b")
_EVENT = re.compile(r"\b(?:Conference|Symposium|Workshop|Meeting|Congress|Colloquium|Forum|Summit|Convention)\b", re.I)
