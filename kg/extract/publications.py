"""Publication lists: split a section into entries, parse each citation, add papers, authors and venues.

Two entry points: :func:`parse_citation` reads one citation in any common style (plain
``Authors. Title. Venue, Year.``, APA, MLA, Chicago, IEEE, ACM, Nature, numbered or
bulleted, comma-separated ``Authors, Title (VENUE'24)``, title-first, multi-line), and
:func:`add_publications` splits a document's publication lines into entries and writes
``Publication``, ``Person`` and ``Venue`` entities and ``authored``, ``coauthored`` and
``publishedIn`` relations into an :class:`~kg.extract.context.ExtractContext`.

>>> c = parse_citation("Ada Lovelace, Charles Babbage. Notes on the Analytical Engine. Nature, 1943.")
>>> c.authors, c.title, c.venue, c.year
(['Ada Lovelace', 'Charles Babbage'], 'Notes on the Analytical Engine', 'Nature', '1943')
"""
from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice

from kg.extract.context import WHITESPACE_RUN, ExtractContext, normalize_name
from kg.extract.gazetteer import data_patterns, data_words
from kg.extract.people import strip_accents
from kg.extract.models.citation import Field, parse as parse_fields
from kg.extract.text import ANY_YEAR, SPACED_AND
from kg.extract.venue_mentions import venue_mentions
from kg.extract.venues import TRAILING_PREPRINT, YEAR, lookup_venue, normalize_venue, venue_year

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_CAPITAL = re.compile(r"[A-Z]")
_LATIN_LETTER = re.compile(r"[A-Za-z\u00c0-\u024f]")

__all__ = ["Citation", "parse_citation", "split_entries", "add_publications", "add_publication_record", "same_person"]


@dataclass
class Citation:
    """One parsed citation.

    Attributes
    ----------
    authors : the named authors, as written ("Last, First" turned into "First Last").
    title : the title as written, without surrounding quotes or trailing punctuation.
    venue : the venue's short name when known, else its name as written; ``None`` for preprints.
    year : ``YYYY`` or ``None``.
    arxiv : an arXiv identifier such as ``2103.13262``.
    equal_contribution : authors marked as equal contributors (``*``, ``†``, ``#``, ``(co-first)``).
    venue_aliases : every other name of the venue.
    doi : a DOI, when the citation gives one.
    et_al : whether the author list was cut short ("et al.").
    with_subject : the list named only co-authors ("with A and B"): the document's subject is an author too.
    title_quoted : the title was written in quotes.
    """

    authors: list[str]
    title: str
    venue: str | None = None
    year: str | None = None
    arxiv: str | None = None
    equal_contribution: set[str] = field(default_factory=set)
    venue_aliases: tuple[str, ...] = ()
    doi: str | None = None
    et_al: bool = False
    with_subject: bool = False
    title_quoted: bool = False


#: The vocabulary of the citation rules, by kind (``data/citation_phrases.tsv``).
_PHRASES = data_patterns("citation_phrases.tsv")


# -- text clean-up ----------------------------------------------------------------------------

_ARXIV = re.compile(
    r"(?:arxiv(?:\.org/(?:abs|pdf)/|\s*:\s*|\s+(?:preprint\s+)?(?:arxiv:)?)|\()(\d{4}\.\d{4,5})(?:v\d+)?\)?|"
    r"arxiv\s*:\s*([a-z\-]+(?:\.[A-Z]{2})?/\d{7})",
    re.I,
)
_DOI = re.compile(r"(?:doi\s*:\s*|doi\.org/)(10\.\d{4,9}/[^\s,;\]]+)", re.I)
_MD_LINK = re.compile(r"!?\[([^\[\]]*)\]\([^()\s]*(?:\([^()]*\)[^()\s]*)*\)")
#: "and" before an author list's last name, in the languages of the data file ("und", "et", "e", "y")
_JOINER = rf"(?:{_PHRASES['author_joiner']})(?!\s*al\b)"
_JOINER_WORD = re.compile(rf"\b{_JOINER}\b")
_LINK_LABEL = re.compile(rf"\[\s*(?:{_PHRASES['link_label']})\s*\]", re.I)
_HTML = re.compile(r"<!--|-->|<[^<>]{0,300}>")
#: "(* denotes equal contribution)": a note on the marks of an author list, no name
_EQUAL_NOTE = re.compile(r"\(\s*(?:[*†‡#§]+\s*)?(?:denotes?|means?|indicates?|:|=)?\s*[^()]{0,40}?"
                         rf"(?:{_PHRASES['equal_contribution']})[^()]{{0,40}}\)", re.I)
_MARKS = "*†‡#§¶✝⁺"
_MARK_SET = frozenset(_MARKS)


#: A Markdown (or LaTeX, for ``\&``) backslash escape of a mark (``\*``, ``\_``, ``\#``); an
#: escaped bracket stays escaped, so that ``\[x\](y)`` is not read as a link.
_MARKDOWN_ESCAPE = re.compile(r"\\([*_&#`])")
_TABLE_PIPE = re.compile(r"\s\|\s|^\s*\||\|\s*$")
_MARKDOWN_ITALIC_STAR = re.compile(r"(?<![\w*])\*(?=[A-Za-z])([^*\n]{2,200}?[\w.)?!])\*(?![\w*])")
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([.,;])(?=\s|$)")


def _clean_line(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    # each substitution runs only when the text holds a character its pattern needs
    text = text.replace("&amp;", "&")
    if "[" in text:
        text = _MD_LINK.sub(lambda m: "" if _LINK_LABEL.fullmatch("[" + m.group(1) + "]") else m.group(1), text)
        text = _LINK_LABEL.sub(" ", text)
    if "|" in text:
        text = _TABLE_PIPE.sub(" ", text)
    text = text.replace("**", "").replace("__", "")
    # markdown italics: *Venue* (a lone * after a name is an equal-contribution mark)
    if "*" in text:
        text = _MARKDOWN_ITALIC_STAR.sub(r"\1", text)
    text = text.replace("``", "“").replace("''", "”")
    text = _SPACE_BEFORE_PUNCTUATION.sub(r"\1", text)
    return WHITESPACE_RUN.sub(" ", text).strip()


#: an entry's bullet or number: "- ", "•", "1.", "[3]", "(2)", "[J4]", "C2."
_BULLET = re.compile(r"^\s*(?:[-–*•▪◦●·+](?:\s+|$)|\[[A-Z]{0,3}\d{1,3}\]|\(?\d{1,3}[.)]\s|\(\d{1,3}\)\s|[A-Z]\d{1,3}[.)]\s)")
#: "3.5 …": a number, not an entry marker "3."
_DECIMAL_START = re.compile(r"^\d{1,3}\.\d")


def _strip_marker(text: str) -> str:
    text = text.strip()
    match = _BULLET.match(text)
    if match and not _DECIMAL_START.match(text):
        text = text[match.end():]
    return text.strip()


# -- names -----------------------------------------------------------------------------------

_PARTICLES = data_words("name_particles.txt")
#: capitalised words that are never part of a person's name in a citation
_NOT_NAME = data_words("citation_non_names.txt")
#: title words that are names after another name word (Vietnamese "Nguyen Van An", Chinese "Bo An")
_NAME_AFTER_NAME = frozenset({"An"})
_CJK = re.compile(r"^[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af·・]{2,8}$")
_INITIALS = re.compile(r"[A-Z]\.?|(?:[A-Z]\.\s?-?\s?)+[A-Z]?\.?|[A-Z]\.?-[A-Z]\.?|[A-Z]{2,3}|[A-Z][a-z]\.".replace(
    "A-Z", "A-ZÀ-ÖØ-Ý"))  # "Í. Berasategui", "É. Marchand": initials with accents


@lru_cache(maxsize=4096)
def _is_initials(word: str) -> bool:
    """``J.``, ``J.-P.``, ``JA``, ``Ch.``: a given-name abbreviation."""
    return bool(_INITIALS.fullmatch(word))


@lru_cache(maxsize=4096)
def _is_name_word(word: str) -> bool:
    if word in _PARTICLES or _is_initials(word):
        return True
    core = word.strip(".")
    if not core or core.lower() in _NOT_NAME or not core[0].isupper():
        return False
    return all(c.isalpha() or c in "'’-." for c in core) and any(c.isalpha() for c in core[1:]) and "." not in core


_PAREN_NOTE = re.compile(r"\s*\([^()]*\)")
#: affiliation numbers after a name: "Smith1,2", "Smith¹"
_AFFIL_DIGITS = re.compile(r"(?<=[a-z])\d(?:,\d)*\b|[¹²³⁴⁵⁶⁷⁸⁹⁰]")
_STRAY_STOP = re.compile(r"(?<=[a-z]{2})\.(?=\s+[A-Z])")


@lru_cache(maxsize=4096)
def _strip_person_marks(name: str) -> tuple[str, bool]:
    """A name without equal-contribution marks, superscripts and affiliation notes; and whether it was marked."""
    marked = False
    if "(" in name:
        name = _PAREN_NOTE.sub(" ", name)  # affiliations: "Lin Mei (Facebook AI)"
    if not _MARK_SET.isdisjoint(name):
        marked = True
        name = "".join(c for c in name if c not in _MARKS)
    if any(c.isdigit() for c in name):
        name = _AFFIL_DIGITS.sub("", name)
    if "." in name:
        name = _STRAY_STOP.sub("", name)  # "Minghao. Zhao"
    name = WHITESPACE_RUN.sub(" ", name).strip(" ,;:")
    return name, marked


_DIGIT_SYMBOL_OR_QUOTE = re.compile(r"[\d:;/@&?!\"“”]")


@lru_cache(maxsize=4096)
def _is_full_name(text: str) -> bool:
    """Whether a (mark-free) item is a person's name: 2-5 name words, at least one not an initial."""
    text = text.strip()
    if not text or len(text) > 60:
        return False
    if _CJK.match(text.replace(" ", "")):
        return True
    words = text.split()
    if _DIGIT_SYMBOL_OR_QUOTE.search(text) or not 2 <= len(words) <= 5 or words[-1] in _PARTICLES:
        return False
    return all(_is_name_word(w) or (i and w in _NAME_AFTER_NAME) for i, w in enumerate(words)) and any(
        not _is_initials(w) and w not in _PARTICLES for w in words)


@lru_cache(maxsize=4096)
def _is_given(text: str) -> bool:
    """One to three name words or initials: "Ana María", "J.-P.", "van der"."""
    words = text.split()
    return 1 <= len(words) <= 3 and not _DIGIT_SYMBOL_OR_QUOTE.search(text) and all(_is_name_word(w) for w in words)


@lru_cache(maxsize=4096)
def _is_surname(text: str) -> bool:
    """A given name's shape whose last word is no initial and no particle: "Ruiz", "van der Berg"."""
    return _is_given(text) and not _is_initials(text.split()[-1]) and text.split()[-1] not in _PARTICLES


# the lookaheads name the characters every match starts with, which lets the engine skip to them
_SEP = re.compile(rf"(?=[\s,;&])(?:\s*[,;&]\s*(?:(?:{_JOINER}|&)\s+)?|\s+{_JOINER}\s+)")
_ETAL = re.compile(r"^(?:et\.?\s?al\.?|and others|others|…|\.\.\.)$", re.I)


def _items(region: str) -> list[tuple[str, int, int, str]]:
    """Items of a candidate author region: (text, start, end, separator before)."""
    items = []
    pos = 0
    sep = ""
    for match in _SEP.finditer(region):
        if match.start() > pos or match.start() == pos == 0:
            items.append((region[pos:match.start()], pos, match.start(), sep))
        sep = match.group(0)
        pos = match.end()
    items.append((region[pos:], pos, len(region), sep))
    return [i for i in items if i[0].strip() or i[3] == ""]

# (whether it is the sentence end, pattern); the sentence end's stop is matched before its lookbehind
# so that the engine can skip to the stops
_REGION_ENDS = tuple((stop, re.compile(p)) for stop, p in (
    (False, r"\s*\(\s*(?:(?:19|20)\d\d[a-z]?|n\.\s?d\.|in press|forthcoming|accepted)[^()]{0,30}\)"),
    (False, r"[\"“”‘]"),
    (True, r"[.?!](?<=[A-Za-z\u00c0-\u024f]{2}[.?!])\s+(?=\S)"),
    (False, r"\.\s+(?=(?:19|20)\d\d\b)"),
))
_COMMA_NAME_END = re.compile(r",\s*[A-Z][a-z]+$")
_NAME_COMMA_START = re.compile(r"[A-Z][a-z]+\s*,")
_NAME_ABBREVIATION_END = re.compile(r"\b(?:et|al|jr|sr|st)$", re.I)


def _author_region_end(text: str) -> int:
    """Where the author list must end at the latest: an APA year, a quote, or a sentence end."""
    end = len(text)
    for stop, compiled in _REGION_ENDS:
        for candidate in compiled.finditer(text):
            if stop and _COMMA_NAME_END.search(text[: candidate.start()]) and _NAME_COMMA_START.match(text[candidate.end():]):
                continue  # "Bo Chen, Minh. Tran, Li Na": a stray full stop inside a name
            # the pattern ends at the stop: searching its last few characters is enough
            if stop and _NAME_ABBREVIATION_END.search(text, max(0, candidate.start() - 8), candidate.start()):
                continue
            end = min(end, candidate.start())
            break
    return end


def _swap(last: str, given: str) -> str:
    return f"{given} {last}".strip()


_SPACE_BEFORE_ET_AL = re.compile(r"(?<=[\w.]) (?=et\.?\s?al\b)")
#: "Ruiz, A. et al. (including Osei, K.)": the listed authors a cut list names after all.
_INCLUDING = re.compile(rf"\s*\bet\.?\s?al\.?,?\s*[(\[]\s*(?:{_PHRASES['including']})\s+([^()\[\]]+?)\s*[)\]]", re.I)
_ELLIPSIS_OPENING = re.compile(r"^\s*(?:\.\s?\.\s?\.|…)\s*")


def _scan_authors(text: str) -> tuple[list[str], set[str], bool, int]:
    """Read an author list at the start of ``text``: (names, marked names, et al., end offset)."""
    region_end = _author_region_end(text)
    region = text[:region_end]
    if " et" in region:
        # "K. Watanabe et al., Title": read "et al." as its own list item (same length, offsets kept)
        region = _SPACE_BEFORE_ET_AL.sub(",", region)
    items = _items(region)
    names: list[str] = []
    marked: set[str] = set()
    et_al = False
    end = 0
    # "Last, First and Last, First" (BibTeX, MLA, APA with full given names): every author surname first
    alternating = _alternating_pairs(items)
    i = 0
    while i < len(items):
        raw, start, stop, _ = items[i]
        skipped = _ELLIPSIS_OPENING.match(raw)
        if skipped and raw[skipped.end():].strip():
            raw, et_al = raw[skipped.end():], True  # APA 7 "Birt, A. R., ... Zwienenberg, M.": authors left out, then the last
        clean, mark = _strip_person_marks(raw)
        if _ETAL.match(clean.strip()) or not clean and raw.strip() in ("…", "..."):
            if clean.lower().startswith(("et", "and", "others")):
                et_al = True
            end = stop
            i += 1
            if et_al:
                break
            continue
        nxt = items[i + 1] if i + 1 < len(items) else None
        # "Albuquerque Tavares, M.", "van der Berg, A.": a surname of several words before initials,
        # or before one given name when it opens the list (Chicago: "Tavares, Mateus, and Jo Lee")
        given_words = _strip_person_marks(nxt[0])[0].split() if nxt is not None else []
        after = _strip_person_marks(items[i + 2][0])[0] if i + 2 < len(items) else ""
        compound = bool(given_words) and _is_surname(clean) and (
            all(_is_initials(w) for w in given_words)
            or (i == 0 and len(given_words) == 1 and _is_given(given_words[0]) and not _JOINER_WORD.search(nxt[3])
                and (not after or _is_full_name(after) or alternating)))
        single = nxt is not None and (" " not in clean.strip() or compound)
        nxt_clean = _strip_person_marks(nxt[0]) if single else ("", False)
        # "Smith, J." / "Smith, John" pairs
        if single and _is_surname(clean) and (not _is_full_name(clean) or compound or (
                _is_given(nxt_clean[0]) and all(_is_initials(w) for w in nxt_clean[0].split()))):
            given, gmark = nxt_clean
            if _is_given(given) and (alternating or len(given.split()) <= 2 or all(_is_initials(w) for w in given.split()[1:])):
                # a full name after the comma is another author, unless a lone surname opens the list
                # (MLA/Chicago "Ruiz, Ana María, and Min-ji Kim") or every author is written surname first
                if alternating or not (_is_full_name(given) and not all(_is_initials(w) for w in given.split())) \
                        or (i == 0 and " " not in clean.strip()):
                    name = _swap(clean, given)
                    names.append(name)
                    if mark or gmark:
                        marked.add(name)
                    end = nxt[2]
                    i += 2
                    continue
        if _is_full_name(clean):
            words = clean.split()
            if clean.endswith(".") and len(words[-1]) <= 3 and not _is_initials(words[0]):
                clean = clean[:-1]  # Vancouver "Delgado R."
            names.append(clean)
            if mark:
                marked.add(clean)
            end = stop
            i += 1
            continue
        break
    return names, marked, et_al, end


def _alternating_pairs(items: list[tuple[str, int, int, str]]) -> bool:
    """Whether a list's items read surname, given names, surname, ... (every author written "Last, First").

    >>> _alternating_pairs(_items("Ruiz, A., Chen, Bo M., Osei, Kwame, and Lin, M.")), _alternating_pairs(_items("Ruiz, Ana, Bo Chen"))
    (True, False)
    """
    texts = [_strip_person_marks(_ELLIPSIS_OPENING.sub("", text))[0] for text, *_ in items]
    texts = [t for t in texts if t and not _ETAL.match(t)]
    return len(texts) >= 4 and len(texts) % 2 == 0 and all(
        _is_surname(t) and sum(w not in _PARTICLES for w in t.split()) == 1 for t in texts[::2]) and all(
        _is_given(t) for t in texts[1::2])


#: not after an initial, which keeps its full stop
_TRAILING_PUNCTUATION = re.compile(r"(?<![\s.][A-Z])[.,;]+$")
_WORD_COMMA_WORD = re.compile(r"[^\s,]+,\s*[^\s,]+")


def parse_author_list(text: str) -> tuple[list[str], set[str], bool] | None:
    """Names of a line that is only an author list, else ``None``.

    >>> parse_author_list("Smith, John and Doe, Jane")
    (['John Smith', 'Jane Doe'], set(), False)
    >>> parse_author_list("R. Sato*, Y. Kim*, and E. Novak")[0]
    ['R. Sato', 'Y. Kim', 'E. Novak']
    >>> parse_author_list("Deep Residual Learning for Image Recognition") is None
    True
    """
    text = _TRAILING_PUNCTUATION.sub("", text.strip())
    text = _EQUAL_NOTE.sub(" ", text).strip()
    names, marked, et_al, end = _scan_authors(text)
    rest = text[end:].strip(" ,.;")
    if rest and not _ETAL.match(rest):
        return None
    if not names:
        return None
    if len(names) == 1 and _WORD_COMMA_WORD.fullmatch(text) and not any(_is_initials(w) for w in names[0].split()):
        return None  # "Paris, France": one inverted pair of plain words is not an author list
    return names, marked, et_al or bool(rest)


# -- title and venue -------------------------------------------------------------------------


#: words a citation abbreviates with a full stop, which ends no sentence after them
_ABBREV = data_words("citation_abbreviations.txt")


# the stop is matched (not looked behind for) so that the engine can skip to it; group 1 is the break
_SENTENCE_END = re.compile(
    r"[.?!]([\"”’']?\s+)(?=[A-Z0-9“\"'‘(\[]|(?:arXiv|bioRxiv|medRxiv|chemRxiv|eLife|npj|in)\b)"
)
_LAST_WORD = re.compile(r"([\w.\-]+)[.?!]$")
_DOTTED = re.compile(r"(?:[a-z]\.)+[a-z]")


def _sentences(text: str) -> list[str]:
    """Split at full stops that end a sentence (not after initials or abbreviations)."""
    parts = []
    start = 0
    for match in _SENTENCE_END.finditer(text):
        end = match.start(1)
        if text[end - 1] == ".":
            word = _LAST_WORD.search(text, max(start, end - 40), end)
            if word is None:
                continue
            bare = word.group(1).rstrip(".").lower()
            if (len(bare) == 1 and bare.isalpha()) or bare in _ABBREV or _DOTTED.fullmatch(bare):
                continue
        parts.append(text[start:end].strip())
        start = match.end()
    parts.append(text[start:].strip())
    return [p for p in parts if p]


_VENUE_WORD = re.compile(rf"^(?:{_PHRASES['venue_opener']})", re.I)
_COMMA_OR_NUMBER = re.compile(r",|\s\d")


def _looks_like_venue(text: str) -> bool:
    text = text.strip()[:120]
    if _VENUE_WORD.match(text):
        return True
    head = _COMMA_OR_NUMBER.split(text, maxsplit=1)[0]
    return lookup_venue(head) is not None or bool(_VOLUME_PAGE_VENUE.fullmatch(text))


#: "J. Opt. Soc. Am. B 36, 100": capitalised (or abbreviated) words, then only a volume and a page
_VOLUME_PAGE_VENUE = re.compile(
    r"(?:[A-Z][\w'’&-]*\.?\s+|(?:and|of|the|in|for|on|&)\s+){2,10}\d{1,5}(?:\s*\(\d{1,3}\))?,\s*"
    r"(?!(?:19|20)\d\d\.?$)[A-Za-z]?\d{1,7}"
    r"(?:\s*[-–]\s*[A-Za-z]?\d{1,7})?\.?"
)
#: A title written in quotes, up to its closing quote and the punctuation after it (what follows is a note or
#: the venue; "“Big Data” and the Economy" goes on after its quote); German quotes open with "»" or "„", and
#: the year an author-date style writes before it is no part of it ("2023. »Title«"); punctuation inside the
#: quotes ends it too (Chicago's “Title,” in Book).
_QUOTED_TITLE = re.compile(r"^\s*(?:(?:19|20)\d\d[a-z]?\.\s+)?(?P<title>[\"“«„»][^\"“”«»„]{4,500}"
                           r"(?:[.,;:?!][\"”»“«]|[\"”»“«](?=\s*[.,;:(]|\s*$)))")
#: A bracketed translation after a quoted title ("“Título” [Title]. Journal"), which no field holds
_TRANSLATION_AFTER_QUOTE = re.compile(r"(?<=[\"”»«])\s*\[[^\[\]]{4,300}\]")
_EDGE_QUOTES = re.compile(r"^[\"“”‘’'`«»\s]+|[\"“”‘’'`«»\s]+$")
_INITIAL_OR_ELLIPSIS_END = re.compile(r"\b[A-Z]\.$|\.\.\.$")


def _clean_title(title: str) -> str:
    title = title.strip()
    title = _EDGE_QUOTES.sub("", title.strip(" ,;:")).strip()
    title = title.rstrip(" ,;:")
    if title.endswith(".") and not _INITIAL_OR_ELLIPSIS_END.search(title):
        title = title[:-1]
    title = _EDGE_QUOTES.sub("", title).strip()
    title = TRAILING_PREPRINT.sub("", title)  # "Title medRxiv. 2025": the title's full stop lost, its venue glued on
    return WHITESPACE_RUN.sub(" ", title).rstrip(" ,;:")


_YEAR_LABEL = re.compile(r"^((?:19|20)\d\d)\s*:\s+(?=\S)")
_BIBTEX_FIELD = re.compile(r"\b(\w+)\s*=\s*[{\"]((?:[^{}\"]|\{[^{}]*\})*)[}\"]")


def _bibtex(text: str) -> Citation | None:
    fields = {k.lower(): v.strip() for k, v in _BIBTEX_FIELD.findall(text)}
    if "title" not in fields:
        return None
    authors = []
    for part in SPACED_AND.split(fields.get("author", "")):
        part = part.replace("{", "").replace("}", "").strip()
        if not part:
            continue
        if "," in part:
            last, given = part.split(",", 1)
            part = _swap(last.strip(), given.strip())
        if part.lower() != "others":
            authors.append(part)
    venue_text = fields.get("journal") or fields.get("booktitle") or ""
    venue = normalize_venue(venue_text.replace("{", "").replace("}", "")) if venue_text else None
    return Citation(
        authors=authors,
        title=_clean_title(fields["title"].replace("{", "").replace("}", "")),
        venue=venue[0] if venue else None,
        venue_aliases=venue[1] if venue else (),
        year=(ANY_YEAR.search(fields.get("year", "")) or [None])[0],
        doi=fields.get("doi"),
    )


_ABSTRACT_LABEL = re.compile(r"^(?:abstract|summary|tl;?dr)\s*[:.]", re.I)
_SENTENCE_STOP = re.compile(r"[a-z)%]{2}[.!?](?:\s|$)")
#: case as written: "Okafor I," and "Lindqvist I." are Vancouver initials, "US" a country; "I" speaks only before a word
_SELF_REFERENCE = re.compile(r"\b(?:[Ww]e|[Oo]ur|us|[Mm]y|I(?=\s+[a-z])(?!\s+and\b)|[Tt]his (?:paper|study|work|article))\b")


def _is_prose(text: str) -> bool:
    """An abstract or description: long sentences in the first person, not a citation.

    >>> _is_prose("We study how firms learn. Our model shows that learning is slow when signals are noisy, "
    ...           "and we test it on data from many markets over two decades.")
    True
    >>> _is_prose("A. Li, B. Wu. How firms learn. Journal of Economic Theory 12, 2020.")
    False
    """
    text = text.strip()
    if _ABSTRACT_LABEL.match(text):
        return True
    words = text.split()
    if len(words) < 20:
        return False
    sentences = len(_SENTENCE_STOP.findall(text))
    # a long text that speaks of itself twice is a description even where its sentences end in
    # acronyms the sentence count misses ("... outlets like IEEE TGRS and GRL. Our ...")
    return (sentences >= 2 and _SELF_REFERENCE.search(text) is not None) or (
        len(words) >= 40 and (sentences >= 3 and not ANY_YEAR.search(text) or len(_SELF_REFERENCE.findall(text)) >= 2)
    )


_TWO_LETTERS_ANY_SCRIPT = re.compile(r"[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u3040-\u9fff]{2}")
_DIGITS_AND_SYMBOLS = re.compile(r"[\W\d]+")


def _valid_title(title: str) -> bool:
    words = title.split()
    if len(words) < 2 and len(title) < 8 or len(words) > 60 or not _TWO_LETTERS_ANY_SCRIPT.search(title):
        return False
    return not _DIGITS_AND_SYMBOLS.fullmatch(title)


_BIBTEX_TITLE_OR_AUTHOR = re.compile(r"\b(?:title|author)\s*=\s*[{\"]", re.I)
_EQUAL_CONTRIBUTION_AFTER_NAME = re.compile(r"(?<=[A-Za-z\u00c0-\u024f])\s*\(\s*(?:co-?first|co-?1st|joint first|equal(?:ly)? contribut\w*)(?:\s+authors?)?\s*\)", re.I)


@lru_cache(maxsize=4096)  # the subject's proposals (list_owner) read the entries add_publications reads: parsed once
def parse_citation(text: str) -> Citation | None:
    """Parse one publication entry into authors, title, venue and year (shared: not to be changed by callers).

    The learned citation parser (:mod:`kg.extract.models.citation`) labels the entry's
    words as author, title, container, date, ...; in any field order and style (title first,
    year first, ``|``-separated, ``(VENUE'24)``, "with A and B"). Rules read what is explicit:
    the author span split into names (:func:`parse_author_list`), the venue normalised
    (:func:`kg.extract.venues.normalize_venue`), arXiv ids, DOIs and BibTeX records. The entry
    may span several lines (``\\n``-separated); list markers are ignored.

    Parameters
    ----------
    text : the entry's text.

    Returns
    -------
    Citation or None
        ``None`` when the text holds no recognisable title (a note, a link, prose).

    Examples
    --------
    >>> c = parse_citation("Ana Ruiz, Bo Chen, Tide: Fast Graph Sampling at Scale (ATC'25)")
    >>> c.authors, c.title, c.venue, c.year
    (['Ana Ruiz', 'Bo Chen'], 'Tide: Fast Graph Sampling at Scale', 'ATC', '2025')
    >>> c = parse_citation('Ruiz, A., & Chen, B. (2019). Soil carbon under drought. Ecology Letters, 22(3), 45-67.')
    >>> c.authors, c.title, c.venue, c.year
    (['A. Ruiz', 'B. Chen'], 'Soil carbon under drought', 'Ecology Letters', '2019')
    """
    if not text or not text.strip():
        return None
    if len(text) > 20000:
        text = text[:20000]
    if "\u2010" in text or "\u2011" in text:  # a (non-breaking) hyphen as a PDF copy writes it: "P.‑C. Bürkner"
        text = text.translate(_UNICODE_HYPHENS)
    # an abstract after a table bar ("Title | We study ...") is not part of the citation
    lines = [" | ".join(p for p in ln.split(" | ") if not _is_prose(p)) for ln in text.split("\n")]
    lines = [ln for ln in lines if ln.strip()]
    if not lines:
        return None
    lines[0] = _strip_marker(_HEADING.sub("", lines[0]))  # a paper's title written as a heading
    joined = " ".join(lines)
    lower = joined.lower() if joined.isascii() else None
    match = _ARXIV.search(joined) if lower is None or "arxiv" in lower or "(" in joined else None
    arxiv = (match.group(1) or match.group(2)) if match else None
    match = _DOI.search(joined) if lower is None or "doi" in lower else None
    doi = match.group(1).rstrip(".") if match else None
    if "=" in joined and _BIBTEX_TITLE_OR_AUTHOR.search(joined):
        c = _bibtex(joined)
        if c:
            c.arxiv = arxiv
            return c
    cleaned = []
    for line in lines:
        if "(" in line:
            line = _EQUAL_CONTRIBUTION_AFTER_NAME.sub("*", line)  # "(co-first)" after a name: an equal-contribution mark
        if "[" in line:
            line = _TRANSLATION_AFTER_QUOTE.sub("", line)
        if "\\" in line:  # Markdown escapes ("Y. Jiang\*"): the parser reads the character itself
            line = _MARKDOWN_ESCAPE.sub(r"\1", line)
        if line.strip(" .,;:()[]|-"):
            cleaned.append(line.strip())
    whole = "\n".join(_unwrap(cleaned))
    coauthors: list[str] = []
    found = _with_coauthors(whole) if "ith" in whole else None
    if found:  # "(job market paper, with A and B)": the co-authors; the subject wrote it too
        coauthors, start, end = found
        # "Title (with A), Journal": the comma stays the title's end; a line break stays a field's end
        before, after = whole[:start].rstrip(" "), whole[end:].lstrip(" ")
        whole = (before + ("" if after[:1] in ",.;:\n" else " ") + after).strip()
    japanese = _CJK_COLON_CITATION.match(whole) if not whole.isascii() else None
    # "2018: Ruiz, Ana und Chen, Bo: Title": no name holds a colon, so "Surname, Given" names before one are the authors
    label = _YEAR_LABEL.match(whole)
    head, colon, rest = whole[label.end() if label else 0:].partition(": ")
    listed = parse_author_list(head) if colon and "," in head and not _SENTENCE_STOP.search(head) else None
    inverted = listed and head.count(",") >= len(listed[0]) and not any(_is_initials(n.split()[0]) for n in listed[0])
    listed = listed if inverted and japanese is None else None
    c = _read_fields(rest if listed else whole) if japanese is None else Citation(
        _CJK_NAME_SEPARATOR.split(japanese.group("authors")), (japanese.group("title") or japanese.group("stop_title")).strip(),
        japanese.group("venue").strip())
    if c is None:
        return None
    if not whole.isascii() and _CJK_CHARACTER.search(whole):
        _cjk_citation(c, whole)
    if listed:
        c.authors, c.equal_contribution, c.et_al = listed
    if coauthors:
        c.authors += [n for n in coauthors if n not in c.authors]
        c.with_subject = True
    c.arxiv, c.doi = arxiv, doi
    if c.year is None and arxiv and "/" not in arxiv:  # a new-style id ("2103.13262") opens with its year
        c.year = "20" + arxiv[:2]
    if c.year is None:
        years = YEAR.findall(whole.replace(c.title, " "))
        c.year = years[-1] if years else None
    return _plausible(c)


_UNICODE_HYPHENS = str.maketrans({"\u2010": "-", "\u2011": "-"})


_CJK_CHARACTER = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
#: A Chinese or Japanese name the labeller left at the title's start ("钟明哲. 基于...", "相良直人: 「...」").
_CJK_NAME_LEAD = re.compile(r"^([\u3400-\u9fff]{2,4})\s*[.:：．]\s*(?=\S)")
#: A title in corner brackets, the Japanese quotation marks ("「層状ペロブスカイト...」").
_CORNER_QUOTED = re.compile(r"[「『](?P<title>[^「」『』]{4,300})[」』]\s*[,，.、]?\s*(?P<rest>[^,，.、]*)")
#: The Japanese societies' style, "著者, 著者: 題目, 誌名, 巻, 年" (the title in 「」 or not), and the Chinese one with full
#: stops and no type mark, "作者, 作者. 题名. 刊名, 年": names, then title, then venue.
_CJK_COLON_CITATION = re.compile(
    r"^(?P<authors>[\u3400-\u9fff]{1,4}\s?[\u3400-\u9fff]{1,4}(?:\s*[,，、]\s*[\u3400-\u9fff]{1,4}\s?[\u3400-\u9fff]{1,4})*)"
    r"(?:\s*[:：]\s*[「『]?(?P<title>[^,，「」『』]{4,300}?)[」』]?\s*[,，]|\s*[.．]\s*(?P<stop_title>[^.．[]{4,300}?)\s*[.．])"
    r"\s*(?P<venue>[^,，.．\d][^,，.．]{1,80}?)\s*[,，]")
_CJK_NAME_SEPARATOR = re.compile(r"\s*[,，、]\s*")
#: The venue after a Chinese national standard (GB/T 7714) type mark: "题名[J]. 计算机学报, 2016".
_GB_TYPE_VENUE = re.compile(r"\[(?:J|C|M|D|R|N)(?:/OL)?\]\s*[.．]\s*(?P<venue>[^,，.．\d][^,，.．]{1,60})")


def _cjk_citation(c: "Citation", whole: str) -> None:
    """What a Chinese or Japanese citation states by its punctuation: every author before the full stop or
    colon, a title in 「」 and the venue after it, the venue after a GB/T 7714 type mark."""
    lead = _CJK_NAME_LEAD.match(c.title or "")
    if lead and c.authors and all(_CJK.match(a.replace(" ", "")) for a in c.authors):
        c.authors.append(lead.group(1))
        c.title = c.title[lead.end():]
    quoted = _CORNER_QUOTED.search(c.title or "")
    if quoted:
        c.title = quoted.group("title").strip()
        c.venue = c.venue or (quoted.group("rest").strip() or None)
    elif c.venue is None and (typed := _GB_TYPE_VENUE.search(whole)):
        c.venue = typed.group("venue").strip()


#: A year opening what follows an author list: "2022. ", "(2019). ".
_YEAR_OPENING = re.compile(r"^\(?(?:19|20)\d\d[a-z]?\)?[.:]\s+(?=\S)")
#: "Title. 2022," read as the title's end: the year that opens the venue passage ("Title. 2022, Journal, 5, 12").
_YEAR_ENDING = re.compile(r"(?<=[\w)][.?!])\s+((?:19|20)\d\d)[a-z]?,$")
#: Where a list of names ends and a title begins: a full stop or colon, then the title's words.
_AUTHORS_END = re.compile(r"^\s*[.:]\s+(?=\S)")
#: "(job market paper, with A and B)": co-authors named after "with" in brackets
_WITH_COAUTHORS = re.compile(r"\([^()]*?\bwith\s+([^()]+)\)")
#: "with" after a title's closing quote or comma, before the co-authors' names.
_WITH_AFTER_TITLE = re.compile(r"(?<=[,.;”\"])\s*[Ww]ith\s+")
#: Where a list of co-authors after "with" may end: a comma, or a full stop after a word (not an initial's).
_WITH_LIST_CUT = re.compile(r",|(?<=[a-z]{2})\.(?=\s|$)")


def _with_coauthors(text: str) -> tuple[list[str], int, int] | None:
    """The co-authors an entry names after "with", and the span naming them: all of a bracket ("(job market
    paper, with A and B)"), else the longest run of names after the title that a list closes ("with A and B",
    "with A, B, and C", or one name), whatever follows it ("with Ana Ruiz, Journal of X (4:1) 2010").

    >>> _with_coauthors('"Tidal Time," with Ana Ruiz and Bo Chen, Journal of Shores (4:1) 2010: 1-9.')[0]
    ['Ana Ruiz', 'Bo Chen']
    >>> _with_coauthors('"Tidal Time," with Ana Ruiz, Shore Studies and Inland Review (4:1) 2010.')[0]
    ['Ana Ruiz']
    """
    match = _WITH_COAUTHORS.search(text)
    if match:
        parsed = parse_author_list(match.group(1))
        return (parsed[0], match.start(), match.end()) if parsed else None
    opener = _WITH_AFTER_TITLE.search(text)
    if opener is None:
        return None
    tail = re.split(r"[;()]", text[opener.end():], maxsplit=1)[0]
    best = None
    for cut in [m.start() for m in _WITH_LIST_CUT.finditer(tail)] + [len(tail)]:
        names = tail[:cut]
        parsed = parse_author_list(names)
        # one name ends at the first comma; several end with a joiner before the last
        if parsed and (len(parsed[0]) == 1 and best is None or len(parsed[0]) > 1 and _LAST_JOINED.search(names)):
            best = (parsed[0], opener.start(), opener.end() + cut + (tail[cut:cut + 1] == ","))
    return best


_LAST_JOINED = re.compile(rf"(?:\s{_JOINER}|&)\s+[^,&]+$")


def _line_fields(text: str) -> list[Field]:
    """The labelled fields of an entry, each line and each `` | `` cell labelled on its own: a line break
    ends a field in CVs that put title, authors and venue on lines of their own, and a table bar always
    does. A field running on over a line break (a hard wrap) is joined."""
    fields: list[Field] = []
    for line in text.split("\n"):
        for k, cell in enumerate(line.split(" | ")):
            for f in parse_fields(cell):
                if fields and fields[-1].label == f.label and f.start == 0 and k == 0:
                    fields[-1] = Field(f.label, fields[-1].text + " " + f.text, fields[-1].start, fields[-1].end)
                else:
                    fields.append(f)
    return fields


#: "herausgegeben von", "a cura di": the names after it are the book's editors, none of the paper's authors
_EDITED_BY = re.compile(rf"\b(?:{_PHRASES['edited_by']})\b", re.I)


def _read_fields(text: str) -> Citation | None:
    """A citation from the fields the learned parser finds in ``text`` (``None`` without a valid title)."""
    authors: list[str] = []
    marked: set[str] = set()
    et_al = False
    title = venue_text = year = None
    previous = None
    spill = ""
    remarks: list[str] = []
    # the names a cut list includes are authors; "et al. (incl. supplementary data)" names none
    text = _INCLUDING.sub(lambda m: f", {m.group(1)}, et al." if parse_author_list(m.group(1)) else m.group(0),
                          text) if "(" in text else text
    fields = _title_start_after_initials(_surname_glued_to_next_field(_line_fields(text)))
    fields = _title_read_as_container(_name_glued_to_title(_title_continued_in_next_field(fields)))
    fields = _title_end_read_as_container(_venue_start_read_as_title(fields))
    for i in range(len(fields) - 2, 0, -1):
        # "... during the 2013–2014 summer": a date right after the title, with the entry's own date later, is the title's
        if fields[i].label == "date" and fields[i - 1].label == "title" and any(g.label == "date" for g in fields[i + 1:]):
            fields[i - 1:i + 1] = [Field("title", fields[i - 1].text + " " + fields[i].text, fields[i - 1].start, fields[i].end)]
    # editors with no author: CVs name the authors, the parser's editor is an author it mislabelled
    edited = False
    for f in fields:
        if edited and f.label in ("author", "editor"):
            pass
        elif f.label == "author" or f.label == "editor" and not any(g.label == "author" for g in fields):
            names, these_marked, cut, rest = _names(f.text)
            if rest:
                spill = rest  # the title's first words, read as part of the author list
            authors += [n for n in names if n not in authors]
            marked |= these_marked
            et_al = et_al or cut
        elif f.label == "title" and title is None:
            title = _balanced((spill + " " if previous is not None and previous.label == "author" else "") + f.text)
            if ending := _YEAR_ENDING.search(title):
                title, year = title[:ending.start()], year or ending.group(1)
        elif f.label == "container" and title is None and spill and previous is not None and previous.label == "author" \
                and _OPEN_ENDED.search(spill):
            title = spill + " " + f.text  # "et al., A Survey of" + "Retrieval Models": a title does not end in "of"
        elif f.label == "container" and venue_text is None and previous is not None and previous.label == "editor" \
                and authors and not _looks_like_venue(f.text):
            venue_text = ""  # "In J. Smith (Ed.), The Handbook of ...": an edited book holds the chapter, not a venue
        elif f.label == "container" and venue_text is None:
            venue_text = f.text
        elif previous is not None and previous.text == venue_text and venue_text.count("(") > venue_text.count(")"):
            venue_text += " " + f.text  # "Symposium on Parallel Programming (PPoPP" + "2021)"
        elif f.label == "date" and year is None:
            year = venue_year(f.text) or (_DATE_FIELD_YEAR.findall(f.text) or [None])[0]
        elif f.label in ("note", "other"):
            remarks.append(f.text)
        previous = f
        edited = edited or _EDITED_BY.search(f.text) is not None
    title = title or spill or None
    if title is None:
        return None
    last_author = next((f for f in reversed(fields) if f.label == "author"), None)
    if not authors or last_author is not None and _JOINER_END.search(last_author.text.rstrip()):
        # "Ana Ruiz, Bo Chen. Title", or the rest of a list the parser cut after a comma
        # ("Ruiz, Ana," + "Bo Chen, and Li Wu. Title"): names it has never seen, read into the
        # title, end at a full stop or colon before the title's own words
        names, these_marked, cut, end = _scan_authors(title)
        rest = title[end:]
        # the year an author-date style writes after the names is no part of the title ("Osei. 2022. »Title«")
        if names and _AUTHORS_END.match(rest) and _valid_title(rest := _YEAR_OPENING.sub("", _AUTHORS_END.sub("", rest, count=1))):
            authors += [n for n in names if n not in authors]
            marked |= these_marked
            et_al, title = et_al or cut, rest
    if not authors:
        # "Title. Ana Ruiz, Bo Chen": names after the title's last full stop
        head, stop, tail = title.rpartition(". ")
        parsed = parse_author_list(tail) if stop and _valid_title(head) else None
        if parsed:
            authors, marked, et_al = parsed
            title = head
    if venue_text is None and any(f.label == "other" and (_VOLUME_PAGES.fullmatch(f.text) or _VOLUME_OPENING.match(f.text))
                                  for f in fields):
        # "Title. Scientific Memoirs" + "3, 666-731": a volume and pages follow a journal, the title's last sentence
        *words, last = _sentences(title) or [title]
        if words and _valid_title(" ".join(words)):
            title, venue_text = " ".join(words), last
    title = _TRAILING_ARXIV_ID.sub("", title)
    quoted = _QUOTED_TITLE.match(title)
    if quoted:  # “Title” . Conditionally: a quoted title ends at its closing quote
        title = quoted.group("title")
    c = Citation(authors=authors, title=_clean_title(title), equal_contribution=marked, et_al=et_al,
                 title_quoted=title.lstrip()[:1] in "\"“‘'«")
    found = normalize_venue(venue_text) if venue_text else None
    if found:
        c.venue, c.venue_aliases = found
    else:  # "Accepted to ICML 2021" read as a remark: a known venue named there
        c.venue, c.venue_aliases = next(_known_venues(remarks), (None, ()))
    c.year = year or (venue_year(venue_text) if venue_text else None)
    return c if _valid_title(c.title) else None


def _known_venues(remarks: list[str]):
    """The known venues some remarks name ("Accepted to ICML 2021"), each as (name, other names)."""
    for remark in remarks:
        for _, written in venue_mentions(remark):
            known = lookup_venue(written)
            if known is not None:
                yield known.display, tuple(dict.fromkeys(n for n in (written, known.short, known.long) if n and n != known.display))


#: The last word of a span that cannot end a title: an article, preposition or conjunction.
_OPEN_ENDED = re.compile(r"\b(?:of|for|in|on|and|or|the|a|an|to|with|from|via|under|at|by|towards?)$", re.I)
#: A year in a field the parser labels a date: older work ("Scientific Memoirs, 1843") counts too.
_DATE_FIELD_YEAR = re.compile(r"(?<![\d.])(1[5-9]\d\d|20\d\d)(?!\d)")
#: The words after a title's last comma or full stop that may open a name: "Learning to sample, Ana" or "..., A" (of "A. Ruiz").
_NAME_TAIL = re.compile(r"[,.]\s+((?:[A-Z][\w'’-]*\.?\s+){0,2}[A-Z][\w'’-]*\.?)$")
#: A venue at the end of a span, in brackets or after a comma: "Sparse Kernels on Many-Core Chips (PPoPP'22)".
_TRAILING_VENUE = re.compile(r"^(.{8,}?)\s*(\([^()]{2,80}\)|(?<=,)\s[^,()]{2,80})[.,;]?$")


#: A journal's volume (and issue) and pages: "3, 666-731", "12(4): 45–67".
_VOLUME_PAGES = re.compile(r"\d{1,5}(?:\s*\(\d{1,4}\))?\s*[,:]\s*[A-Za-z]?\d{1,7}(?:\s*[-–]\s*[A-Za-z]?\d{1,7})?[.,]?")
#: "vol. 14(2), 2020, pp. 1-9", "14(2): 5-9": a journal's volume, opening the rest of an entry
_VOLUME_OPENING = re.compile(r"(?:vol(?:ume)?\.?\s*\d{1,5}(?:\s*\(\d{1,4}\))?|\d{1,5}\s*\(\d{1,4}\))\s*(?:[,:]|$)", re.I)
#: An arXiv identifier in brackets closing a title: "A Survey of Kernels (2105.01234)".
_TRAILING_ARXIV_ID = re.compile(r"\s*[(\[](?:arXiv:\s*)?\d{4}\.\d{4,5}(?:v\d+)?[)\]]\W*$", re.I)
#: "Moreno, P." in a ";"-separated list of "Surname, Initials" names.
_SURNAME_INITIALS = re.compile(r"[A-Z][\w'’-]+(?:[ -][A-Z][\w'’-]+)?,\s*(?:[A-Z]\.[\s-]?){1,3}")
#: A capitalised word closing a sentence at a field's start: "Lindqvist. Ciliary length control".
_WORD_THEN_STOP = re.compile(r"^([A-Z][\w'’-]+)\.\s+(?=\S)")


def _title_start_after_initials(fields: list[Field]) -> list[Field]:
    """"Ruiz, A.; Chen, B. Photoredox C–" read as the names: in a ";"-separated list of "Surname, Initials"
    names, the words after the last initials open the title that follows.

    >>> [f.text for f in _title_start_after_initials([Field("author", "Ruiz, A.; Chen, B. Photoredox C–", 0, 33), Field("title", "H coupling.", 33, 44)])]
    ['Ruiz, A.; Chen, B.', 'Photoredox C–H coupling.']
    """
    for i in range(len(fields) - 1):
        names, title = fields[i], fields[i + 1]
        if names.label != "author" or title.label != "title" or ";" not in names.text:
            continue
        *items, last = names.text.split(";")
        match = _SURNAME_INITIALS.match(last.strip())
        if match and all(_SURNAME_INITIALS.fullmatch(item.strip()) for item in items) and match.end() < len(last.strip()):
            cut = len(names.text) - len(last.strip()[match.end():])
            head = names.text[:cut].rstrip()
            # no space between the two where the line had none ("C–" + "H")
            opening = names.text[cut:] + ("" if title.start == names.end else " ") + title.text
            return fields[:i] + [Field("author", head, names.start, names.start + len(head)),
                                 Field("title", opening, names.start + cut, title.end)] + fields[i + 2:]
    return fields


def _surname_glued_to_next_field(fields: list[Field]) -> list[Field]:
    """"Jan van der Berg, Astrid" + "Lindqvist. Ciliary length control": a surname the parser put at the
    start of the next field completes the last name of the list, when the list then holds only full names.

    >>> [f.text for f in _surname_glued_to_next_field([Field("author", "Bo Chen, Ana", 0, 12), Field("container", "Ruiz. Tidal graphs", 13, 31)])]
    ['Bo Chen, Ana Ruiz.', 'Tidal graphs']
    """
    for i in range(len(fields) - 1):
        names, after = fields[i], fields[i + 1]
        match = _WORD_THEN_STOP.match(after.text)
        if names.label not in ("author", "editor") or match is None or not _is_name_word(match.group(1)):
            continue
        joined = names.text + " " + match.group(0).rstrip()
        parsed = parse_author_list(_balanced(joined).rstrip(" .,;"))
        if parsed and all(_is_full_name(n) for n in parsed[0]) and len(parsed[0]) > len(_names(names.text)[0]):
            return fields[:i] + [Field(names.label, joined, names.start, after.start + len(match.group(0).rstrip())),
                                 Field(after.label, after.text[match.end():], after.start + match.end(), after.end)] + fields[i + 2:]
    return fields


def _title_continued_in_next_field(fields: list[Field]) -> list[Field]:
    """A title cut after an article or preposition at a (hard-wrapped) line break: "Repair Cafés as Sites of"
    + "Design. In Proceedings ...": the next field's first sentence ends the title, the rest is the venue; a
    title's opening read as another field before it is the title's too, when it ends in such a word or is
    a container, unpunctuated and in the title's cell, with the entry's venue after the title.

    >>> [(f.label, f.text) for f in _title_continued_in_next_field([Field("note", "Sites of", 0, 8), Field("container", "Repair. In Proc. CHI", 9, 29)])]
    [('title', 'Sites of Repair.'), ('container', 'In Proc. CHI')]
    >>> [(f.label, f.text) for f in _title_continued_in_next_field([Field("other", "Fold or", 0, 7), Field("title", "Break: Tides.", 8, 21)])]
    [('title', 'Fold or Break: Tides.')]
    >>> [(f.label, f.text) for f in _title_continued_in_next_field([Field("container", "Machine Learning Finds", 0, 22),
    ...     Field("title", "Reef Loss.", 23, 33), Field("container", "Coral Reefs,", 34, 46)])]
    [('title', 'Machine Learning Finds Reef Loss.'), ('container', 'Coral Reefs,')]
    """
    i = next((k for k, f in enumerate(fields) if f.label not in ("author", "editor", "date")), None)
    if i is None or i + 1 >= len(fields) or fields[i].label not in ("title", "note", "other", "container"):
        return fields
    first, after = fields[i], fields[i + 1]
    if after.label == "title" and (_OPEN_ENDED.search(first.text) or first.label == "container" and first.text[-1:].isalnum()
                                   and after.start and after.text[:1].isalnum() and any(f.label == "container" for f in fields[i + 2:])):
        return fields[:i] + [Field("title", first.text + " " + after.text, first.start, after.end)] + fields[i + 2:]
    if after.label != "container" or not _OPEN_ENDED.search(first.text):
        return fields
    parts = _sentences(after.text)
    if len(parts) < 2:
        return fields
    cut = after.text.index(parts[1], len(parts[0]))
    return fields[:i] + [Field("title", first.text + " " + after.text[:cut].strip(), first.start, after.start + cut),
                         Field("container", after.text[cut:], after.start + cut, after.end)] + fields[i + 2:]


#: a journal's name in capitalised words, perhaps with its volume: "Social Networks 8,", "Atmospheric"
_JOURNAL_WORDS = re.compile(
    r"[A-Z][\w'’-]+(?:\s+(?:(?:and|of|for|in|on|the|&)\s+)?[A-Z][\w'’-]+){0,3}(?P<volume>\s+\d{1,4}(?:\s*\(\d{1,4}\))?[,:])?")


#: A title's last comma, then one to three capitalised words ("…, Canadian"), and the words a journal's name opens with.
_COMMA_NAME_TAIL = re.compile(r",\s*((?:[A-Z][\w'’-]+\s+){0,2}[A-Z][\w'’-]+)$")
_JOURNAL_WORD_START = re.compile(r"(?:Journal|Review|Quarterly|Annals|Bulletin|Letters|Transactions|Proceedings)\b")
#: A title's last comma, then a journal's capitalised words and its volume number ("…, Coastal Finance and Policy 5").
_COMMA_JOURNAL_VOLUME = re.compile(r"^(.{8,}?),\s+((?:[A-Z][\w'’-]+\s+(?:(?:and|of|for|in|on|the|&)\s+)?){1,6}\d{1,4})$")


def _venue_start_read_as_title(fields: list[Field]) -> list[Field]:
    """A journal the parser read as the title's last sentence: a title that runs on past its full stop, in
    capitalised words and without a stop of its own, gives those words to the container right after it
    ("Atmospheric" + "Measurement Letters"), or is the container when a volume number ends it ("Social
    Networks 8,"), also after the title's last comma when there is no container.

    >>> [f.text for f in _venue_start_read_as_title([Field("title", "Tidal graphs. Atmospheric", 0, 25), Field("container", "Measurement Letters,", 26, 46)])]
    ['Tidal graphs.', 'Atmospheric Measurement Letters,']
    >>> [(f.label, f.text) for f in _venue_start_read_as_title([Field("title", "Tidal graphs. Ocean Letters 8,", 0, 30), Field("other", "44-59", 31, 36)])]
    [('title', 'Tidal graphs.'), ('container', 'Ocean Letters 8,'), ('other', '44-59')]
    >>> [f.text for f in _venue_start_read_as_title([Field("title", "Tidal graphs. A Survey.", 0, 23), Field("container", "Ocean Letters,", 24, 38)])]
    ['Tidal graphs. A Survey.', 'Ocean Letters,']
    >>> [f.text for f in _venue_start_read_as_title([Field("title", "Tidal graphs, Ostmark", 0, 21), Field("container", "Journal of Tides 3", 22, 40)])]
    ['Tidal graphs', 'Ostmark Journal of Tides 3']
    >>> [(f.label, f.text) for f in _venue_start_read_as_title([Field("title", "Tidal graphs, Ocean Letters 8", 0, 29), Field("other", "(3): 44-59", 30, 40)])]
    [('title', 'Tidal graphs'), ('container', 'Ocean Letters 8'), ('other', '(3): 44-59')]
    """
    for i in range(len(fields) - 1):
        title, after = fields[i], fields[i + 1]
        if title.label != "title" or title.text.rstrip()[-1:] in ".?!":
            continue
        tail = _COMMA_NAME_TAIL.search(title.text)
        if tail and after.label == "container" and _JOURNAL_WORD_START.match(after.text) \
                and _valid_title(title.text[:tail.start()]):
            # "Harbour fees, Ostmark" + "Journal of Economics": the journal's first words after the title's comma
            return fields[:i] + [Field("title", title.text[:tail.start()], title.start, title.start + tail.start()),
                                 Field("container", f"{tail.group(1)} {after.text}", title.start + tail.start(1), after.end)] + fields[i + 2:]
        volume = _COMMA_JOURNAL_VOLUME.match(title.text)
        if volume and not any(f.label == "container" for f in fields) and _valid_title(volume.group(1)):
            # "Harbour fees, Coastal Finance and Policy 5" + "(3): 317-348": a journal and its volume after a comma
            cut = volume.start(2)
            return fields[:i] + [Field("title", volume.group(1), title.start, title.start + cut),
                                 Field("container", volume.group(2), title.start + cut, title.end)] + fields[i + 1:]
        *words, last = _sentences(title.text) or [title.text]
        match = _JOURNAL_WORDS.fullmatch(last)
        if not (words and match and _valid_title(" ".join(words))):
            continue
        cut = title.text.rindex(last)
        head = Field("title", title.text[:cut].strip(), title.start, title.start + cut)
        if after.label == "container":
            return fields[:i] + [head, Field("container", f"{last} {after.text}", title.start + cut, after.end)] + fields[i + 2:]
        if match.group("volume") and not any(f.label == "container" for f in fields):
            return fields[:i] + [head, Field("container", last, title.start + cut, title.end)] + fields[i + 1:]
    return fields


def _name_glued_to_title(fields: list[Field]) -> list[Field]:
    """Title-first entries ("Title, A. Ruiz, B. Chen. Journal"): a name's first part the parser read as the
    title's last words goes back to the author list it opens, when the list then reads as names.

    >>> [(f.label, f.text) for f in _name_glued_to_title([Field("title", "Tides, Ana", 0, 11), Field("author", "Ruiz, Bo Chen.", 12, 26)])]
    [('title', 'Tides'), ('author', 'Ana Ruiz, Bo Chen.')]
    >>> [f.text for f in _name_glued_to_title([Field("title", "Tides, Ana", 0, 10), Field("author", "Ruiz, B., Chen, B.", 11, 29)])]
    ['Tides, Ana', 'Ruiz, B., Chen, B.']
    """
    for i in range(len(fields) - 1):
        title, names = fields[i], fields[i + 1]
        if title.label != "title" or names.label != "author":
            continue
        match = _NAME_TAIL.search(title.text)
        if match is None or not all(_is_name_word(w) or len(w.rstrip(".")) == 1 for w in match.group(1).split()):
            continue
        joined = match.group(1) + ("" if names.text.startswith(".") else " ") + names.text
        people, _, _, rest = _names(joined)
        if not people or not all(_is_full_name(n) for n in people) or not joined.rstrip(" ,;.").endswith(rest):
            continue
        alone = _names(names.text)[0]
        # with the tail the names read as more people ("Ana" + "Ruiz, Bo Chen" is two, not "Bo Chen Ruiz"),
        # or the tail is a given name before a middle initial ("Ana" + "M. Ruiz, Bo Chen")
        if len(people) > len(alone) or _is_initials(names.text.split()[0]) and len(people) == len(alone):
            start = title.start + match.start(1)
            head = [Field("title", title.text[:match.start()], title.start, title.start + match.start())]
            if not rest:
                return fields[:i] + head + [Field("author", joined, start, names.end)] + fields[i + 2:]
            # "..., Ivan Petrov, Marine" + "Ecology Letters": the names' last word opens the next field
            cut = joined.rstrip(" ,;.").rindex(rest)
            tail = fields[i + 2:]
            if tail:
                tail[0] = Field(tail[0].label, joined[cut:] + " " + tail[0].text, start + cut, tail[0].end)
            return fields[:i] + head + [Field("author", joined[:cut], start, start + cut)] + tail
    return fields


def _title_read_as_container(fields: list[Field]) -> list[Field]:
    """An entry with no title field: the first field after the names read as a container is the title
    when a container follows it ("Title [PDF]. KDD 2019"), and it holds the title then the venue when a
    sentence ends in it ("Notes on an engine. Scientific Memoirs") or a bracketed venue closes it
    ("Sparse Kernels (PPoPP'22)") or a known venue follows its last comma ("Sparse Kernels, AAAI").

    >>> [(f.label, f.text) for f in _title_read_as_container([Field("author", "A. Ruiz.", 0, 8), Field("container", "Tidal graphs. Ocean Letters,", 9, 37)])]
    [('author', 'A. Ruiz.'), ('title', 'Tidal graphs.'), ('container', 'Ocean Letters,')]
    """
    if any(f.label == "title" for f in fields):
        return fields
    i = next((k for k, f in enumerate(fields) if f.label not in ("author", "editor")), None)
    if not i or fields[i].label != "container":
        return fields
    first = fields[i]
    if any(f.label == "container" for f in fields[i + 1:]):
        return fields[:i] + [Field("title", first.text, first.start, first.end)] + fields[i + 1:]
    parts = _sentences(first.text)
    if len(parts) >= 2 and _valid_title(parts[0]):
        cut = first.text.index(parts[1], len(parts[0]))
        return fields[:i] + [Field("title", first.text[:cut].strip(), first.start, first.start + cut),
                             Field("container", first.text[cut:], first.start + cut, first.end)] + fields[i + 1:]
    match = _TRAILING_VENUE.match(first.text)
    if match and (venue_year(match.group(2)) or venue_mentions(match.group(2)) or lookup_venue(match.group(2).strip())):
        return fields[:i] + [Field("title", match.group(1), first.start, first.start + match.end(1)),
                             Field("container", match.group(2), first.start + match.start(2), first.end)] + fields[i + 1:]
    return fields


#: a venue's name: a word venues are named with ("Journal", "Annals"), or one acronym ("JRSS-C")
_VENUE_NAME = re.compile(rf"\b(?:{_PHRASES['named_venue']})\b|^[A-Z][A-Za-z]*[A-Z][\w&-]*$")


def _title_end_read_as_container(fields: list[Field]) -> list[Field]:
    """A title field ending unpunctuated before a container whose first comma follows at most three words and
    leads to a venue's name ends at that comma ("… for Seabird" + "Foraging, Annals of Coastal Statistics,").

    >>> [(f.label, f.text) for f in _title_end_read_as_container([Field("title", "Tides of the", 0, 12), Field("container", "Inner Shelf, Annals of Coasts,", 13, 43)])]
    [('title', 'Tides of the Inner Shelf'), ('container', 'Annals of Coasts,')]
    """
    for i in range(len(fields) - 1):
        title, container = fields[i], fields[i + 1]
        if title.label != "title" or container.label != "container" or not title.text[-1:].isalnum():
            continue
        head, comma, rest = container.text.partition(", ")
        venue = rest.strip(" ,.;")
        if comma and len(head.split()) <= 3 and not any(c.isdigit() for c in head) and venue and (
                _looks_like_venue(venue) or _VENUE_NAME.search(venue)):
            cut = container.start + len(head) + len(comma)
            return fields[:i] + [Field("title", f"{title.text} {head}", title.start, container.start + len(head)),
                                 Field("container", rest, cut, container.end)] + fields[i + 2:]
    return fields


def _balanced(text: str) -> str:
    """A field's text without the brackets it opens at its end or closes at its start.

    >>> _balanced("Tide: fast sampling ("), _balanced(") B. Hølm"), _balanced("Nat. Chem. (2018)")
    ('Tide: fast sampling', 'B. Hølm', 'Nat. Chem. (2018)')
    """
    return text.strip().rstrip("([{“‘ ").lstrip(")]}.,;: ")


def _names(text: str) -> tuple[list[str], set[str], bool, str]:
    """The names of an author span: (names, names marked as equal contributors, whether cut short by
    "et al.", the words after the names that no name takes: "A. Li, B. Wu, FastGraph:" leaves "FastGraph:")."""
    raw = _balanced(_clean_line(text))
    text = raw.strip(" ,;:|")
    text = text[:-1] if text.endswith(".") and text[-3:-1].isalpha() and text[-3:-1].islower() else text
    parsed = parse_author_list(text)
    if parsed:
        return (*parsed, "")
    names, marked, et_al, end = _scan_authors(text)
    rest = text[end:].strip(" ,;") if names else ""
    # "A. Li, B. Wu, FastGraph:": the colon after the title's first word is the title's
    return names, marked, et_al, rest + ":" if rest and raw.rstrip(" ,;|").endswith(":") else rest


_NOT_A_PAPER = re.compile(rf"^(?:{_PHRASES['not_a_paper']})", re.I)


_CITATION_METRIC = re.compile(r"\b(?:citations|h-index)\b", re.I)


def _plausible(c: Citation) -> Citation | None:
    """Drop notes and entries with no sign of being a paper: no author, venue, arXiv id or DOI."""
    if _NOT_A_PAPER.match(c.title) or _CITATION_METRIC.search(c.title):
        return None
    return c if c.authors or c.venue or c.arxiv or c.doi or c.title_quoted else None


_JOINER_END = re.compile(rf"(?:[,&]|\b{_JOINER})$")
#: a venue or phrase that begins in lower case yet starts a new field, not a wrapped title
_LOWERCASE_FIELD_START = re.compile(r"(?:arXiv|bioRxiv|medRxiv|eLife|npj|in\s|e\.g|[a-z][A-Z])")  # "mSystems", "iScience"


def _names_then_field(line: str, following: str) -> bool:
    """A line that is a whole author list ending in a comma, over a line that opens with no name: the names
    end there and the next field (the title) begins, as a line break in a physics CV's entry writes it.

    >>> _names_then_field("A Ruiz, B Chen,", "Tidal graphs in shallow seas"), _names_then_field("A Ruiz, B Chen,", "C Wu. Tides")
    (True, False)
    """
    parsed = parse_author_list(line) if line.endswith(",") else None
    return bool(parsed) and len(parsed[0]) >= 2 and not _is_full_name(_strip_marker(following).split(",")[0].split(".")[0])


def _unwrap(lines: list[str]) -> list[str]:
    """Join lines that a hard wrap split mid-sentence (a line ending in a comma, a next line in lower case), or
    inside a word or number at its hyphen ("Salt-" + "Marsh Studies", "212-" + "248, 2020").

    >>> _unwrap(["A. Li. Tides. Journal of Salt-", "Marsh Studies 3(2): 212-", "248, 2020."])
    ['A. Li. Tides. Journal of Salt-Marsh Studies 3(2): 212-248, 2020.']
    """
    out: list[str] = []
    for line in lines:
        if out:
            prev = out[-1]
            if prev.endswith("-") and (line[:1].islower() or prev[-2:-1].isalpha() and line[:1].isupper()
                                       or prev[-2:-1].isdigit() and line[:1].isdigit()):
                out[-1] = prev + line
                continue
            if (_JOINER_END.search(prev) and not _names_then_field(prev, line)) or (
                line[:1].islower() and not _LOWERCASE_FIELD_START.match(line)
            ):
                out[-1] = prev + " " + line
                continue
        out.append(line)
    return out


# -- people ----------------------------------------------------------------------------------


def _fold(word: str) -> str:
    """A name word as compared: no accents, hyphens, case or surrounding stops ("Hølm-Ñúñez." is "hølmnunez")."""
    return strip_accents(word).replace("-", "").lower().strip(".,'’")


_STOP_BETWEEN_INITIALS = re.compile(r"(?<=[A-Z])\.(?=[A-Z])")
_GLUED_INITIALS = re.compile(r"[A-Z]{2,3}")
_HYPHENATED_INITIALS = re.compile(r"[A-Z]\.?(?:-[A-Z]\.?)+")


@lru_cache(maxsize=65536)
def _person_parts(name: str) -> tuple[tuple[str, bool], ...]:
    """Tokens of a name with whether each is an initial."""
    parts = []
    for raw in WHITESPACE_RUN.split(_STOP_BETWEEN_INITIALS.sub(". ", name.strip())):
        if _GLUED_INITIALS.fullmatch(raw) and len(name.split()) >= 2:
            # "Smith JA": Vancouver initials
            parts.extend((_fold(c), True) for c in raw)
            continue
        if _HYPHENATED_INITIALS.fullmatch(raw):
            parts.extend((_fold(c), True) for c in _CAPITAL.findall(raw))
            continue
        folded = _fold(raw)
        if not folded:
            continue
        parts.append((folded, _is_initials(raw)))
    return tuple(parts)


@lru_cache(maxsize=65536)
def same_person(mention: str, full: str, *, allow_reversed: bool = False) -> bool:
    """Whether an author mention can name the person called ``full`` (initials logic).

    Two names match when they share a surname and their given names agree: the same word,
    or an initial that starts it. Two different full given names never match, and
    reversed full names ("Mei Lin" / "Lin Mei") and a middle name one spelling leaves out
    ("Ana Sofia Ruiz" / "Ana Ruiz") match only when ``allow_reversed`` (as for a document's subject).

    Examples
    --------
    >>> same_person("R. Sato", "Ryo Sato"), same_person("Sato R", "Ryo Sato"), same_person("Sato, R.", "Ryo Sato")
    (True, True, True)
    >>> same_person("K. Wang", "Wang Kaiming"), same_person("Jun Sato", "Ryo Sato")
    (True, False)
    >>> same_person("Mei Lin", "Lin Mei"), same_person("Mei Lin", "Lin Mei", allow_reversed=True)
    (False, True)
    >>> same_person("M. Albuquerque Tavares", "Mateus Albuquerque Tavares"), same_person("Vera Holm", "Vera K. Holm")
    (True, True)
    >>> same_person("Ana Sofia Ruiz", "Ana Ruiz"), same_person("Ana Sofia Ruiz", "Ana Ruiz", allow_reversed=True)
    (False, True)
    """
    mention = _swap(*mention.split(",", 1)) if "," in mention else mention
    a = _person_parts(mention)
    b = _person_parts(full)
    if not a or not b:
        return False
    a_tokens, a_full, _, a_joined = _name_shape(mention)
    b_tokens, _, b_full, b_joined = _name_shape(full)
    if a_tokens == b_tokens:
        return True
    if b_full.isdisjoint(a_full):
        # "Minghao Zhao" vs "Ming-hao Zhao" / hyphen and space variants
        return a_joined == b_joined or _double_surname(mention, full, allow_reversed)
    shared = [t for t in a_full if t in b_full]
    for surname in shared:
        ra = [(t, ini) for t, ini in a if t != surname]
        rb = [(t, ini) for t, ini in b if t != surname]
        if not ra or not rb:
            continue
        a_initials = all(ini for _, ini in ra)
        b_initials = all(ini for _, ini in rb)
        if not a_initials and not b_initials:
            # a middle initial one spelling leaves out ("Vera Holm" / "Vera K. Holm") does not tell two people apart
            a_middle, b_middle = [t for t, ini in ra if ini], [t for t, ini in rb if ini]
            a_given, b_given = [t for t, ini in ra if not ini], [t for t, ini in rb if not ini]
            if (a_given == b_given or allow_reversed and a_given[0] == b_given[0] and (
                    set(a_given) <= set(b_given) or set(b_given) <= set(a_given))) and (
                    not a_middle or not b_middle or a_middle == b_middle) and (allow_reversed or _same_order(a, b, surname)):
                return True
            continue
        if all((ta[0] == tb[0]) if (ia or ib) else (ta == tb) for (ta, ia), (tb, ib) in zip(ra, rb)):
            return True
    # "M. Albuquerque Tavares" / "Mateus Albuquerque Tavares": the surname has several words
    ra = [t for t, ini in a if t not in shared]
    rb = [t for t, ini in b if t not in shared]
    if len(shared) > 1 and ra and rb and all(ini for t, ini in a if t not in shared) and len(ra) <= len(rb):
        return all(ta[0] == tb[0] for ta, tb in zip(ra, rb))
    return _double_surname(mention, full, allow_reversed)


def _double_surname(mention: str, full: str, allow_reversed: bool) -> bool:
    """A double surname written with and without its hyphen ("García-López" / "García López")."""
    if "-" not in mention and "-" not in full:
        return False
    split_mention, split_full = _SURNAME_HYPHEN.sub(" ", mention), _SURNAME_HYPHEN.sub(" ", full)
    return (split_mention, split_full) != (mention, full) and same_person(split_mention, split_full, allow_reversed=allow_reversed)


_SURNAME_HYPHEN = re.compile(r"(?<=[^\W\d_]{3})-(?=[A-Z\u00C0-\u00DE][^\W\d_]{2})")


@lru_cache(maxsize=65536)
def _name_shape(name: str) -> tuple[tuple[str, ...], tuple[str, ...], frozenset[str], str]:
    """The tokens of a name, its full (not initial) tokens as a tuple and as a set, and its
    tokens joined: what :func:`same_person` compares first, computed once per name, not per pair."""
    parts = _person_parts(name)
    tokens = tuple(t for t, _ in parts)
    full = tuple(t for t, initial in parts if not initial)
    return tokens, full, frozenset(full), "".join(tokens)


@lru_cache(maxsize=1024)
def _names_shape(names: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str], frozenset[str], bool]:
    """Of some names (a subject's): their normalised keys, the union of their full tokens, their
    tokens joined, and whether one holds a hyphen: what :func:`_may_be_same_person` tests against."""
    shapes = [_name_shape(n) for n in names]
    return (frozenset(normalize_name(n) for n in names), frozenset().union(*(full for _, _, full, _ in shapes)),
            frozenset(joined for _, _, _, joined in shapes), any("-" in n for n in names))


def _may_be_same_person(mention: str, names: tuple[str, ...]) -> bool:
    """Whether :func:`same_person` (either order allowed) can hold between ``mention`` and one of
    ``names``: only when they share a full token, their tokens joined are equal or a hyphen may
    split a double surname. One test for all names, where most authors are not the subject;
    it must stay a necessary condition of :func:`same_person` (tests check it on name pairs)."""
    _, full_tokens, joined, hyphen = _names_shape(names)
    if hyphen or "-" in mention:
        return True
    mention = _swap(*mention.split(",", 1)) if "," in mention else mention  # read as same_person reads it
    _, full, _, mention_joined = _name_shape(mention)
    return not full_tokens.isdisjoint(full) or mention_joined in joined


def _same_order(a, b, surname) -> bool:
    return [t for t, ini in a if not ini].index(surname) == [t for t, ini in b if not ini].index(surname)


# -- entries ---------------------------------------------------------------------------------

_HEADING = re.compile(r"^\s*#+\s")
_GLUED = re.compile(r"(?<=[)\]])\s*-\s+(?=[A-Z\u00c0-\u024f])")


#: A line that says what the marks after authors' names mean ("* Undergraduate Student ** Graduate Student",
#: "‡ Corresponding author.", "*denotes equal contribution"): marks and a few words, no year, no comma.
_MARK_LEGEND = re.compile(r"(?:[*†‡§]+\s*[^\W\d_][^\d,*†‡§]{1,40}?\s*){1,4}\.?")
_LEGEND_WORD = re.compile(r"student|author|contribut|denote|indicate|correspond|equal|mentee|trainee|supervis|advisee", re.I)


def _is_mark_legend(text: str) -> bool:
    """Whether a line explains authors' marks: two marks explained, or one with the words such a note uses (a
    Markdown list item "* Forthcoming book" explains nothing).

    >>> _is_mark_legend("* Undergraduate Student ** Graduate Student"), _is_mark_legend("‡ Corresponding Author.")
    (True, True)
    >>> _is_mark_legend("* Forthcoming book on tides"), _is_mark_legend("* Li, A. (2020). Tides. Nature.")
    (False, False)
    """
    return bool(_MARK_LEGEND.fullmatch(text)) and (len(re.findall(r"[*†‡§]+", text)) >= 2 or bool(_LEGEND_WORD.search(text)))


def split_entries(texts: list[str]) -> list[list[int]]:
    """Group the lines of a publication list into entries (positions into ``texts``).

    An entry starts at a bullet or number (``- ``, ``•``, ``1.``, ``[1]``), or after a blank
    line when the list has no bullets; it runs over the following lines. A bare ``-`` line
    opens an entry whose text is on the next line. Headings end an entry and are skipped.

    Examples
    --------
    >>> split_entries(["- A. Li. One paper. Nature 2020.", "  continued", "", "- B. Wu. Two. Cell 2021."])
    [[0, 1], [3]]
    >>> split_entries(["A. Li. One paper. Nature 2020.", "", "B. Wu. Two. Cell 2021."])
    [[0], [2]]
    >>> split_entries(["- A. Li*. One paper. Nature 2020.", "* Student co-author", "B. Wu*. Two. Cell 2021."])
    [[0], [2]]
    """
    bulleted = sum(1 for t in texts if _BULLET.match(t)) >= 1
    entries: list[list[int]] = []
    current: list[int] = []
    blank_before = False

    def close():
        nonlocal current
        if current:
            entries.append(current)
        current = []

    visible = [_HTML.sub(" ", t).strip(" |-*_=") if t.strip() not in ("-", "*", "•") else t.strip() for t in texts]
    for i, text in enumerate(texts):
        stripped = visible[i]
        if not stripped or stripped in ("<br>", "<br/>", "---", "***"):
            blank_before = True
            continue
        if _HEADING.match(text) and _heading_opens_entry(texts, i):
            close()
            current = [i]
            blank_before = False
            continue
        if _HEADING.match(text) or _is_subheading(texts, visible, i):
            close()
            blank_before = False
            continue
        if _is_prose(stripped.split(" | ")[0]) and not (current and len(current) == 1 and texts[current[0]].strip() in ("-", "*", "•")):
            close()  # an abstract under the citation
            blank_before = False
            continue
        if _is_mark_legend(text.strip()):
            close()  # "* Undergraduate student ** Graduate student": what the authors' marks mean, no entry
            blank_before = False
            continue
        if current and texts[current[0]].lstrip().startswith("@") and not _BIBTEX_START.match(text):
            current.append(i)  # inside a BibTeX record
            if stripped == "}" or text.rstrip().endswith("}}") or text.strip() == "}":
                close()
            continue
        # an entry starts at a bullet, after a blank line in a list without bullets, where each of two lines
        # is one whole citation, or where "title / authors / venue" groups follow one another without bullets;
        # the lines under a paper's title written as a heading are its own up to a blank line
        if current and _HEADING.match(texts[current[0]]) and not blank_before:
            current.append(i)
        elif (_BULLET.match(text) or _BIBTEX_START.match(text) or not current or blank_before and not bulleted
                or _complete_line(texts[current[-1]]) and _complete_line(text)
                or _same_record_shape(texts[current[-1]], text)
                or not bulleted and _starts_new_field_group(texts, current, i)):
            close()
            current = [i]
        else:
            current.append(i)
        blank_before = False
    close()
    return entries


_BIBTEX_START = re.compile(r"^\s*@\w+\s*\{")


def _heading_opens_entry(texts: list[str], i: int) -> bool:
    """A heading that is a paper's title: the few unbulleted lines under it, up to the next heading,
    hold its author list ("### Tidal graphs" over "Ocean Letters 2021" and "Ana Ruiz, Bo Chen").

    >>> _heading_opens_entry(["### Tidal graphs", "Ocean Letters 2021", "Ana Ruiz, Bo Chen", "### 2020"], 0)
    True
    >>> _heading_opens_entry(["### 2021", "- Ana Ruiz, Bo Chen. Tidal graphs. Ocean Letters."], 0)
    False
    """
    under = []
    for text in texts[i + 1:]:
        if not text.strip() or _HEADING.match(text):
            break
        under.append(text)
    return 0 < len(under) <= 4 and not any(_BULLET.match(t) for t in under) and any(
        _line_kind(t) == "A" or _authors_then_venue(t) for t in under)


def _authors_then_venue(text: str) -> bool:
    """A line of an author list and then the venue, with no title between: the title is the heading above.

    >>> _authors_then_venue("A. Ruiz and B. Chen. Journal of Tides, 12:1-9, 2021."), _authors_then_venue("A. Ruiz. Tides. Nature 2020")
    (True, False)
    """
    text = _clean_line(text)
    names, _, _, end = _scan_authors(text)
    rest = text[end + 1:].strip()
    return bool(names) and text[end:end + 1] == "." and bool(rest) and _looks_like_venue(_sentences(rest)[0])


_YEAR_END = re.compile(r"(?:19|20)\d\d\W*$")


def _line_kind(text: str) -> str:
    """``A`` author list, ``V`` venue line, ``T`` anything else (a title)."""
    text = _clean_line(text)
    if parse_author_list(text) is not None and ("," in text or "&" in text or _JOINER_WORD.search(text) or len(text.split()) <= 4):
        return "A"
    # a short line naming a venue or a year: "Economics Letters, 2022", "NeurIPS 2025"
    if len(text.split()) <= 14 and (_looks_like_venue(text) or _YEAR_END.search(text) and len(_sentences(text)) == 1):
        return "V"
    return "T"


_UNFINISHED_END = re.compile(r"(?:[,&:]|\band|\bof|\bthe|\bin|-)$")
#: A line that only gives an entry's identifier: "DOI: 10.1000/x", "doi: https://doi.org/...", a bare link.
_IDENTIFIER_LINE = re.compile(r"^(?:(?:doi|url|arxiv|pmid)\s*:\s*)?<?(?:https?://|10\.\d{4,9}/)\S+>?$", re.I)


def _starts_new_field_group(texts: list[str], current: list[int], i: int) -> bool:
    """Whether line ``i`` repeats a field the current entry already has (a second title, author line or venue)."""
    prev = texts[current[-1]].rstrip()
    text = texts[i].strip()
    if not prev or _UNFINISHED_END.search(prev) or text[:1].islower() or _IDENTIFIER_LINE.match(text):
        return False  # a wrapped line, or the entry's DOI or link on a line of its own
    kind = _line_kind(text)
    return kind in {_line_kind(texts[j]) for j in current[-6:]}


_DIGIT_OR_PUNCTUATION = re.compile(r"\d|[,;&]|[.:)]$")


def _is_subheading(texts: list[str], visible: list[str], i: int) -> bool:
    """A short label line ("arxiv", "Journal papers") right before a list item."""
    text = visible[i]
    if _BULLET.match(texts[i]) or len(text.split()) > 4 or _DIGIT_OR_PUNCTUATION.search(text):
        return False
    if texts[i][:1].isspace() or parse_author_list(_clean_line(text)) is not None:
        return False
    nxt = next((texts[j] for j in range(i + 1, len(texts)) if visible[j]), "")
    return bool(_BULLET.match(nxt))


_YEAR_OR_ARXIV_ID = re.compile(r"(?:19|20)\d\d|\d{4}\.\d{4,5}|['’]\d\d\b")


def _complete_line(text: str) -> bool:
    """A line that is a whole citation on its own: long, with a year and a full stop or bracket at the end."""
    text = text.strip()
    return (
        len(text) >= 60
        and bool(_YEAR_OR_ARXIV_ID.search(text))
        and text[-1] in ".)]0123456789"
    )


def _same_record_shape(previous: str, text: str) -> bool:
    """Two lines of three or more " | " fields each, as many: two rows of one table or class macro,
    so two records, whether or not either has a year ("12/23 | Authors | Venue | Title").

    >>> _same_record_shape("2021 | A. Li | Nature | One", "12/23 | B. Wu | Cell, in press | Two")
    True
    >>> _same_record_shape("2021 | A. Li | Nature | One", "continued on the next line")
    False
    """
    count = text.count(" | ")
    return count >= 2 and previous.count(" | ") == count


def _entry_texts(texts: list[str], entry: list[int]) -> list[tuple[str, list[int]]]:
    """The entry's text, split where two citations were glued onto one line ("...)- Authors, ...")."""
    lines: list[tuple[str, list[int]]] = []
    for i in entry:
        parts = _GLUED.split(texts[i])
        if len(parts) == 1 or not all(len(p) >= 30 for p in parts):
            parts = [texts[i]]
        if lines:
            lines[-1] = (lines[-1][0] + "\n" + parts[0], lines[-1][1] + [i])
        else:
            lines.append((parts[0], [i]))
        lines.extend((part, [i]) for part in parts[1:])
    return lines


def _subject_names(ctx: ExtractContext, subject_id: str) -> tuple[str, ...]:
    entity = ctx.entity(subject_id)
    return (entity.name, *entity.aliases)


@lru_cache(maxsize=65536)
def _token_set(name: str) -> frozenset[str]:
    return frozenset(t for t, initial in _person_parts(name.replace(",", " ")) if not initial and len(t) > 1)


@lru_cache(maxsize=65536)
def _names_token_set(names: tuple[str, ...]) -> frozenset[str]:
    """The union of :func:`_token_set` over the names of one entity."""
    return frozenset().union(*(_token_set(n) for n in names))


@lru_cache(maxsize=65536)
def _names_have_initials(names: tuple[str, ...]) -> bool:
    return any(ini for n in names for _, ini in _person_parts(n))


class _PeopleIndex:
    """The Person entities of a context by the tokens of their full names, caught up from the
    context's change log on each use (rescanning every person for every author was quadratic)."""

    def __init__(self) -> None:
        self.read = 0
        self.names: dict[str, tuple[str, ...]] = {}
        self.by_token: dict[str, set[str]] = {}

    def update(self, ctx: ExtractContext) -> None:
        changes = ctx.changes
        for pid in islice(changes, self.read, None):
            e = ctx.entity(pid)
            if e.type != "Person":
                continue
            names = (e.name, *e.aliases)
            old = self.names.get(pid)
            if old == names:
                continue
            old_tokens = _names_token_set(old) if old else frozenset()
            new_tokens = _names_token_set(names)
            for token in old_tokens - new_tokens:
                self.by_token[token].discard(pid)
            for token in new_tokens - old_tokens:
                self.by_token.setdefault(token, set()).add(pid)
            self.names[pid] = names
        self.read = len(changes)


def _resolve_person(ctx: ExtractContext, name: str, subject_id: str, subject_names: tuple[str, ...], evidence) -> str:
    """The entity id of an author mention: the subject, a person already named, or a new person."""
    if normalize_name(name) in _names_shape(subject_names)[0]:
        return subject_id
    if _may_be_same_person(name, subject_names) and any(same_person(name, s, allow_reversed=True) for s in subject_names):
        subject = ctx.entity(subject_id)
        ctx.add_entity(subject.name, "Person", aliases=[name])
        return subject_id
    existing = ctx.find(name, "Person")
    if existing is not None:
        return existing
    initials = any(ini for _, ini in _person_parts(name))
    tokens = _token_set(name)
    candidates = []
    if tokens:
        index = ctx.__dict__.get("_people_index")
        if index is None:
            index = ctx._people_index = _PeopleIndex()
        index.update(ctx)
        sharing = set().union(*(index.by_token.get(t, ()) for t in tokens))
        sharing.discard(subject_id)
        for pid in sharing:
            names = index.names[pid]
            if any(same_person(name, n) for n in names) and (initials or _names_have_initials(names)):
                candidates.append(ctx.entity(pid))
        if not candidates and not initials and len(tokens) == 2:
            # "Min-ho Lee" as an author, "Lee Min-ho" as the advisor: one person written in both
            # orders; two authors reversed ("Lin Mei", "Mei Lin") stay two, as resolve keeps them
            authors = ctx.__dict__.get("_authors", ())
            candidates = [ctx.entity(pid) for pid in sharing if pid not in authors
                          and any(same_person(name, n, allow_reversed=True) for n in index.names[pid])]
    if len(candidates) == 1:
        other = candidates[0]
        if initials:
            return ctx.add_entity(other.name, "Person", aliases=[name])
        return ctx.add_entity(name, "Person", aliases=[other.name, *other.aliases])
    proper = _vancouver_proper(name)
    if proper:
        return ctx.add_entity(proper, "Person", aliases=[name], evidence=evidence)
    return ctx.add_entity(name, "Person", evidence=evidence)


_VANCOUVER_INITIALS = re.compile(r"[A-Z]{1,3}|[A-Z]-[A-Z]")


def _vancouver_proper(name: str) -> str | None:
    """The usual written form of a Vancouver author ("Okafor CN" is "C. N. Okafor"), else ``None``.

    >>> _vancouver_proper("García López M"), _vancouver_proper("Okafor C-N"), _vancouver_proper("Ana Ruiz")
    ('M. García López', 'C.-N. Okafor', None)
    """
    surname, _, last = name.rpartition(" ")
    if not surname or not _VANCOUVER_INITIALS.fullmatch(last) or surname.isupper():
        return None
    initials = "-".join(f"{c}." for c in last.split("-")) if "-" in last else " ".join(f"{c}." for c in last)
    return f"{initials} {surname}"


def add_publications(ctx: ExtractContext, lines: list[int], subject_id: str) -> None:
    """Add the publications listed on some lines of the document to ``ctx``.

    Each entry becomes a ``Publication`` (named by its title, with its year); each named
    author a ``Person`` with ``authored``; each other author of a paper the subject wrote a
    ``coauthored`` partner of the subject; a known venue a ``Venue`` with ``publishedIn``.
    Mentions of the subject ("R. Sato", "Sato, R.", "Ryo Sato*") resolve to ``subject_id``.

    Parameters
    ----------
    ctx : the extraction being built.
    lines : indexes into ``ctx.document.lines`` of the publication section(s), in order.
    subject_id : the entity id of the document's subject.

    Examples
    --------
    >>> from kg.model import Document, Line
    >>> doc = Document(path="x", name="x", format="text", sha256="0", lines=(
    ...     Line(1, "Ada Lovelace"), Line(2, "- A. Lovelace, C. Babbage. Sketch of the Engine. Nature, 1843.")))
    >>> ctx = ExtractContext(doc)
    >>> ada = ctx.set_subject("Ada Lovelace")
    >>> add_publications(ctx, [1], ada)
    >>> sorted((r.predicate, ctx.entity(r.subject).name, ctx.entity(r.object).name) for r in ctx.relations)[:3]
    [('authored', 'Ada Lovelace', 'Sketch of the Engine'), ('authored', 'C. Babbage', 'Sketch of the Engine'), ('coauthored', 'Ada Lovelace', 'C. Babbage')]
    """
    doc_lines = ctx.document.lines
    lines = [i for i in lines if 0 <= i < len(doc_lines)]
    # a gap between two line indexes (another section, a heading) ends an entry
    texts: list[str] = []
    where: list[int] = []
    for k, i in enumerate(lines):
        if k and i != lines[k - 1] + 1:
            texts.append("")
            where.append(-1)
        texts.append(doc_lines[i].text)
        where.append(i)
    # each stretch (a section) is split on its own: one list's bullets say nothing of how the next one is set
    entries = []
    for start in (p for p, w in enumerate(where) if w >= 0 and (p == 0 or where[p - 1] < 0)):
        end = next((p for p in range(start, len(where)) if where[p] < 0), len(where))
        entries += [[start + p for p in entry] for entry in split_entries(texts[start:end])]
    parsed = [(citation, [where[p] for p in positions if where[p] >= 0])
              for entry in entries for text, positions in _entry_texts(texts, entry)
              if (citation := parse_citation(text)) is not None]
    subject_names = _subject_names(ctx, subject_id)
    bold = ctx.document.metadata.get("bold", ()) if isinstance(ctx.document.metadata, dict) else ()
    romanised = _subject_in_other_script(subject_names, [c for c, _ in parsed], bold)
    if romanised:
        ctx.add_entity(ctx.entity(subject_id).name, "Person", aliases=[romanised])
        subject_names = _subject_names(ctx, subject_id)
    for citation, indexes in parsed:
        _add_citation(ctx, citation, subject_id, subject_names, ctx.evidence(indexes[0], indexes[-1]))
        subject_names = _subject_names(ctx, subject_id)


def _subject_in_other_script(subject_names: tuple[str, ...], citations: list[Citation], bold=()) -> str | None:
    """The subject's name as their own publication list writes it, when the document names them only
    in another script ("宋雨桐" heading a CV whose papers are by "Yutong Song"): the author of at
    least two entries and of all but one of them, in its fullest form; of two such authors, the
    one written in bold.

    >>> cs = [Citation(["Yutong Song", "Wei Qiao"], "A"), Citation(["Wei Qiao", "Y. Song"], "B"),
    ...       Citation(["Yutong Song", "Lixun Han"], "C")]
    >>> _subject_in_other_script(("宋雨桐",), cs)
    'Yutong Song'
    """
    if len(citations) < 2 or any(_LATIN_LETTER.search(n) for n in subject_names):
        return None
    return _listed_owner(citations, bold)


@lru_cache(maxsize=65536)
def _name_keys(name: str) -> frozenset[str]:
    """What a name shares with every name :func:`same_person` matches it with: a full (not initial) token or
    its tokens joined, of the name as written, turned ("Ruiz, Ana") or with a double surname split.

    >>> sorted(_name_keys("García-López, M."))
    ['garcia', 'garcialopez', 'garcialopezm', 'lopez', 'mgarcialopez']
    """
    forms, keys = [name], set()
    while forms:
        form = forms.pop()
        _, _, full, joined = _name_shape(form)
        keys |= full | {joined}
        split = _SURNAME_HYPHEN.sub(" ", form)
        forms += ([_swap(*form.split(",", 1))] if "," in form else []) + ([split] if split != form else [])
    return frozenset(keys)


def _listed_owner(citations: list[Citation], bold=()) -> str | None:
    """The author of at least two entries and of all but one of them, in its fullest form; of two such
    authors, the one written in bold (``None`` when there is no such author)."""
    groups: list[list[str]] = []
    near: dict[str, set[int]] = {}  # a key of :func:`_name_keys` -> the groups holding a name with it
    for c in citations:
        for name in dict.fromkeys(c.authors):
            keys = _name_keys(name)
            k = next((k for k in sorted(set().union(*(near.get(key, ()) for key in keys)))
                      if any(same_person(name, n) for n in groups[k])), None)
            if k is None:
                k = len(groups)
                groups.append([name])
            elif name not in groups[k]:
                groups[k].append(name)
            for key in keys:
                near.setdefault(key, set()).add(k)
    member_of: dict[str, set[int]] = {}
    for k, g in enumerate(groups):
        for name in g:
            member_of.setdefault(name, set()).add(k)
    hits = Counter(k for c in citations for k in set().union(*(member_of[a] for a in c.authors)))
    counts = [(hits[k], g) for k, g in enumerate(groups)]
    count = max((n for n, _ in counts), default=0)
    best = [g for n, g in counts if n == count]
    if len(best) > 1:
        best = [g for g in best if any(name in bold for name in g)]
    if count < max(2, len(citations) - 1) or len(best) != 1:
        return None
    return max(best[0], key=len)


def list_owner(lines: tuple, indexes: list[int]) -> tuple[str, int] | None:
    """The owner of a publication list that never names its subject otherwise: the author of all its
    entries but one (at least three), written as initials or not ("A. Szabo" in every entry of a
    page titled "Publications"), with the line that first names them.

    >>> from kg.model import Line
    >>> rows = [Line(n, t) for n, t in enumerate(["- A. Varga, B. Lund. Tidal crabs. Shore Letters 2020.",
    ...     "- C. Osei, A. Varga. Mudflat dusk. Coastal Biology 2019.", "- A. Varga. Salt marsh notes. Shore Letters 2018."])]
    >>> list_owner(tuple(rows), [0, 1, 2])
    ('A. Varga', 0)
    """
    texts = [lines[i].text for i in indexes]
    entries = split_entries(texts)  # fewer than three entries name no owner: none is parsed
    parsed = [(c, indexes[entry[0]]) for entry in entries if len(entries) >= 3
              and (c := parse_citation("\n".join(texts[k] for k in entry))) is not None and c.authors]
    if len(parsed) < 3:
        return None
    owner = _listed_owner([c for c, _ in parsed])
    return (owner, next(i for c, i in parsed if owner in c.authors)) if owner else None


def _add_citation(ctx: ExtractContext, c: Citation, subject_id: str, subject_names: tuple[str, ...], evidence) -> None:
    pub = ctx.add_entity(c.title, "Publication", year=c.year, evidence=evidence)
    author_ids = []
    for name in c.authors:
        pid = _resolve_person(ctx, name, subject_id, subject_names, evidence)
        if pid not in author_ids:
            author_ids.append(pid)
    if c.with_subject or not c.authors:
        if subject_id not in author_ids:
            author_ids.insert(0, subject_id)
    ctx.__dict__.setdefault("_authors", set()).update(author_ids)
    for pid in author_ids:
        ctx.add_relation(pid, "authored", pub, evidence=evidence)
    if subject_id in author_ids:
        for pid in author_ids:
            if pid != subject_id:
                ctx.add_relation(subject_id, "coauthored", pid, evidence=evidence)
    if c.venue:
        venue = ctx.add_entity(c.venue, "Venue", aliases=list(c.venue_aliases), evidence=evidence)
        ctx.add_relation(pub, "publishedIn", venue, evidence=evidence)


def add_publication_record(ctx: ExtractContext, subject_id: str, title: str, authors: str | list[str] | None,
                           venue: str | None, year: str | None, evidence) -> None:
    """Add one publication given by field (JSON Resume, YAML CV): the subject is an author,
    ``authors`` (a list, or one string such as ``"A. Lee, B. Kim and C. Wu"``) names the
    others, and ``venue`` is normalised like a citation's venue passage.

    >>> from kg.model import Document, Line
    >>> ctx = ExtractContext(Document(path="x", name="x", format="yamlcv", sha256="0", lines=(Line(1, "x"),)))
    >>> me = ctx.set_subject("Ji-woo Park")
    >>> add_publication_record(ctx, me, "Tangible interfaces", "Ji-woo Park, Min-ho Lee", "CHI", "2020", None)
    >>> sorted((r.predicate, ctx.entity(r.subject).name, ctx.entity(r.object).name) for r in ctx.relations)
    [('authored', 'Ji-woo Park', 'Tangible interfaces'), ('authored', 'Min-ho Lee', 'Tangible interfaces'), ('coauthored', 'Ji-woo Park', 'Min-ho Lee'), ('publishedIn', 'Tangible interfaces', 'CHI')]
    """
    if isinstance(authors, str):
        parsed = parse_author_list(authors)
        names = parsed[0] if parsed else []
    else:
        names = [a.strip() for a in authors or [] if isinstance(a, str) and a.strip()]
    found = normalize_venue(venue) if venue else None
    c = Citation(authors=names, title=_clean_title(title), venue=found[0] if found else None,
                 venue_aliases=found[1] if found else (), year=year, with_subject=True)
    _add_citation(ctx, c, subject_id, _subject_names(ctx, subject_id), evidence)

