"""The citation parser: a reference string into labelled fields (author, title, container, date, ...).

A linear-chain CRF (see :mod:`kg.extract.models._crf`) trained on AnyStyle's and GROBID's
hand-labelled references (``/work/shared/data``, BSD-2-Clause and Apache-2.0) and on CV-shaped
re-renderings of them: title first, year first, venue first, `` | ``-separated, the subject in
bold, ``[PDF]`` links, equal-contribution marks, ``(VENUE'24)`` after the title, "with A and B",
inverted author lists given name first, hyphenated names ("J.-P.", "Ji-ho"), recent years.

Markup is read, not thrown away: ``**bold**``, ``*italic*``, ``_italic_``, ``<b>``, ``<i>``,
``\\textbf{}``, ``\\emph{}``, Markdown links and quotes become token features, and the labelled
fields are returned over the text without the markup.

>>> [(f.label, f.text) for f in parse("Ada Lovelace, Charles Babbage. Notes on the Analytical Engine. Nature, 1843.")]
[('author', 'Ada Lovelace, Charles Babbage.'), ('title', 'Notes on the Analytical Engine.'), ('container', 'Nature,'), ('date', '1843.')]
"""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from kg.extract.gazetteer import data_patterns
from kg.extract.models import _crf
from kg.extract.venues import known_venues

__all__ = ["LABELS", "Field", "parse", "strip_markup", "features", "read_anystyle", "read_grobid",
           "render_cv", "name_words", "train_references", "held_out", "build"]

#: The labels the model gives: a field of a reference, or ``other`` (volume, pages, publisher, place,
#: edition, numbers), ``note`` (remarks, awards, status), ``link`` (URLs, DOIs, ``[PDF]``), ``editor``.
LABELS = ("author", "title", "container", "date", "editor", "other", "note", "link")

_ANYSTYLE_LABELS = {
    "author": "author", "title": "title", "container-title": "container", "journal": "container",
    "collection-title": "container", "date": "date", "editor": "editor", "translator": "editor",
    "director": "editor", "producer": "editor", "note": "note", "url": "link", "doi": "link",
}
_GROBID_LABELS = {
    "author": "author", "editor": "editor", "date": "date", "note": "note", "idno": "link", "ptr": "link",
}


# -- markup ----------------------------------------------------------------------------------

# Paired markup, innermost content in the group named ``x``; the kind is the alternative's name.
_MARKUP = re.compile(
    r"(?P<bold>\*\*(?P<x1>.+?)\*\*|(?<!\w)__(?P<x2>.+?)__(?!\w)|<(?:b|strong)>(?P<x3>.*?)</(?:b|strong)>|"
    r"\\textbf\{(?P<x4>[^{}]*)\})"
    r"|(?P<italic>(?<![\w*])\*(?=\S)(?P<x5>[^*]+?)(?<=\S)\*(?![\w*])|(?<![\w_])_(?=\S)(?P<x6>[^_]+?)(?<=\S)_(?![\w_])|"
    r"<(?:i|em)>(?P<x7>.*?)</(?:i|em)>|\\(?:textit|emph|textsl)\{(?P<x8>[^{}]*)\})"
    r"|(?P<link>\[(?P<x9>[^\[\]]+)\]\([^()\s]*\)|<a\b[^<>]*>(?P<x10>.*?)</a>|\\href\{[^{}]*\}\{(?P<x11>[^{}]*)\})"
    r"|(?P<tag><[a-zA-Z/][^<>]{0,200}>|\\(?:textsc|textrm|textup|underline)\{(?P<x12>[^{}]*)\})",
)
_QUOTED = re.compile(r"[\"“”„«‘](?=\S)[^\"“”„«»]{2,400}?[\"”“»’]")


def strip_markup(text: str) -> tuple[str, list[frozenset[str]]]:
    """The text without inline markup, and for each of its characters the markup around it.

    >>> clean, marks = strip_markup("**Ada Lovelace**, *Notes*, [PDF](n.pdf)")
    >>> clean
    'Ada Lovelace, Notes, PDF'
    >>> sorted(marks[0]), sorted(marks[15]), sorted(marks[-1])
    (['bold'], ['italic'], ['link'])
    """
    clean, marks, _ = _strip(text)
    return clean, marks


def _strip(text: str) -> tuple[str, list[frozenset[str]], list[int]]:
    """:func:`strip_markup`, and where each character of the clean text was in ``text``."""
    out: list[str] = []
    marks: list[frozenset[str]] = []
    origin: list[int] = []
    _strip_into(text, 0, frozenset(), out, marks, origin, 0)
    clean = "".join(out)
    if any(ch in clean for ch in "\"“„«‘"):
        for m in _QUOTED.finditer(clean):
            for i in range(m.start(), m.end()):
                marks[i] = marks[i] | {"quote"}
    return clean, marks, origin


_MARKUP_CHARS = re.compile(r"[*_<\\]|\]\(")


def _strip_into(text: str, offset: int, around: frozenset[str], out: list[str], marks: list[frozenset[str]],
                origin: list[int], depth: int) -> None:
    pos = 0
    for m in _MARKUP.finditer(text) if depth < 4 and _MARKUP_CHARS.search(text) else ():
        out.append(text[pos:m.start()])
        marks.extend([around] * (m.start() - pos))
        origin.extend(range(offset + pos, offset + m.start()))
        kind = next(k for k in ("bold", "italic", "link", "tag") if m.group(k) is not None)
        group = next((f"x{i}" for i in range(1, 13) if m.group(f"x{i}") is not None), None)
        if group is not None:
            _strip_into(m.group(group), offset + m.start(group), around | {kind} if kind != "tag" else around,
                        out, marks, origin, depth + 1)
        elif kind == "tag":
            out.append(" ")  # <br>, </p>: a space keeps the words apart
            marks.append(around)
            origin.append(offset + m.start())
        pos = m.end()
    out.append(text[pos:])
    marks.extend([around] * (len(text) - pos))
    origin.extend(range(offset + pos, offset + len(text)))


# -- features --------------------------------------------------------------------------------

_YEAR = re.compile(r"(?:19|20)\d\d[a-z]?")
_SHORT_YEAR = re.compile(r"[A-Za-z]+['’]\d\d")
_MONTHS = frozenset(
    "jan feb mar apr may jun jul aug sep sept oct nov dec january february march april june july august "
    "september october november december".split())
_PHRASES = data_patterns("citation_phrases.tsv")
#: The words that join the last author to a list, in the languages of ``data/citation_phrases.tsv``.
_AUTHOR_JOINERS = frozenset(_PHRASES["author_joiner"].split("|"))
#: Words of the links after a reference ("pdf", "code") and of the remarks on it ("award", "submitted").
_LINK_WORDS, _NOTE_WORDS = (frozenset(_PHRASES[kind].split("|")) for kind in ("link_word", "note_word"))


@lru_cache(maxsize=1)
def _venue_words() -> tuple[frozenset[str], frozenset[str]]:
    """Words of the known venues' long names, and their short names (lower case)."""
    long_words: set[str] = set()
    short: set[str] = set()
    for venue in known_venues():
        short.add(venue.short.lower())
        for alias in (venue.long, *venue.aliases):
            if " " in alias:
                long_words.update(w.lower() for w in re.findall(r"[^\W\d_]{3,}", alias))
            elif alias:
                short.add(alias.lower())
    long_words -= {"and", "the", "for", "with", "from", "on", "of"}
    return frozenset(long_words), frozenset(short)


#: Words seen in author and editor fields of the labelled data far more often than elsewhere (built by :func:`build`).
NAMES_FILE = _crf.DATA_DIR / "citation-names.txt"
_WORD = re.compile(r"[^\W\d_]{2,}")


@lru_cache(maxsize=1)
def _name_words() -> frozenset[str]:
    if not NAMES_FILE.exists():
        return frozenset()
    return frozenset(NAMES_FILE.read_text(encoding="utf-8").split())


def name_words(refs: list[Segments], names: list[str] = ()) -> list[str]:
    """The words (lower case) that the references use mostly in person names, plus the words of ``names``.

    >>> name_words([[("author", "Ng, B."), ("title", "Ng rain")], [("author", "Ng, C."), ("editor", "Ng, D.")]], ["Ada Lovelace"])
    ['ada', 'lovelace', 'ng']
    """
    counts: dict[str, list[int]] = {}
    for segments in refs:
        for label, text in segments:
            if label is None:
                continue
            person = label in ("author", "editor")
            for w in _WORD.findall(text):
                c = counts.setdefault(w.lower(), [0, 0])
                c[0 if person else 1] += 1
    words = {w for w, (person, other) in counts.items() if person > 2 * other}
    words.update(w.lower() for name in names for w in _WORD.findall(name))
    return sorted(words)


#: The words either side whose features a token gets, in the order :func:`kg.extract.models._crf.add_neighbours` adds them.
_NEIGHBOURS = (-1, 1, -2, 2)
#: The markup a neighbour tells of, by offset: "-1:bold", "+2:nl".
_NEIGHBOUR_MARKS = {d: {k: f"{d:+d}:{k}" for k in ("bold", "italic", "quote", "nl", "name")} for d in _NEIGHBOURS}


def features(text: str) -> tuple[list[_crf.Token], list[list[str]]]:
    """The tokens of a reference (markup removed) and each token's features, as crfsuite's attributes: a
    text feature ``key:value``, a flag its key alone (weight 1).

    >>> tokens, fs = features("**A. Lovelace**, *Notes on the Engine* (ACM'43)")
    >>> [t.text for t in tokens][:4], "bold" in fs[0], "italic" in fs[4], "shortyear" in fs[-2], "-1:lower:a" in fs[1]
    (['A', '.', 'Lovelace', ','], True, True, True, True)
    """
    _, tokens, out, _ = _featurize(text)
    return tokens, out


def _featurize(text: str) -> tuple[str, list[_crf.Token], list[list[str]], list[int]]:
    """The clean text, its tokens, their features, and where each clean character was in ``text``."""
    clean, marks, origin = _strip(text)
    tokens = _crf.tokenize(clean)
    return clean, tokens, _token_features(clean, marks, tokens), origin


def _token_features(clean: str, marks: list[frozenset[str]], tokens: list[_crf.Token]) -> list[list[str]]:
    """The features of the tokens of ``clean``, the text without markup; ``marks`` the markup around each character.
    Each word's own and those it gives its neighbours are made once (:func:`_word`, :func:`_given`): attribute
    strings, not dicts, which crfsuite would otherwise turn into the same strings token by token."""
    n = len(tokens)
    out: list[list[str]] = []
    given = []  # what each token tells its neighbours, by offset: its words' features, its markup, its dictionary name
    depth = 0
    previous_end = 0
    lines = "\n" in clean
    for i, (w, start, end) in enumerate(tokens):
        own, written, near = _item(w, marks[start], lines and "\n" in clean[previous_end:start])
        previous_end = end
        f = [*own, _POSITIONS[10 * i // n], *written]
        if w == "(" or w == "[":
            depth += 1
        elif depth:
            f.append("inparen")
            if w == ")" or w == "]":
                depth -= 1
        out.append(f)
        given.append(near)
    return _crf.add_neighbour_attributes(out, given)  # in the order of _NEIGHBOURS: -1, +1, -2, +2


_POSITIONS = tuple(f"pos:{k}" for k in range(10))
#: A character's markup (a few kinds: few sets) as its token's features, sorted, and as what its neighbours are told of it.
_MARKED: dict[frozenset[str], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _marked(mark: frozenset[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    _MARKED[mark] = tuple(sorted(mark)), tuple(k for k in ("bold", "italic", "quote") if k in mark)
    return _MARKED[mark]


@lru_cache(maxsize=1 << 16)
def _item(w: str, mark: frozenset[str], nl: bool
          ) -> tuple[tuple[str, ...], tuple[str, ...], dict[int, tuple[str, ...]]]:
    """A token's own word features, its markup features (``nl`` last when a line break comes before it), and what
    it tells its neighbours (:func:`_given`): one look-up a token, a few hundred distinct (word, markup) pairs a
    document.

    >>> own, written, near = _item("Proc.", frozenset({"italic", "bold"}), True)
    >>> own[0], written, near[1][-3:]
    ('w:Proc.', ('bold', 'italic', 'nl'), ('+1:bold', '+1:italic', '+1:nl'))
    """
    # sorted: a set's order follows PYTHONHASHSEED, and the order attributes first appear in changes the last
    # digits of crfsuite's trained weights; so the train command writes the same file byte for byte
    written, shown = _MARKED.get(mark) or _marked(mark)
    if nl:
        written, shown = (*written, "nl"), (*shown, "nl")
    return _word(w)[0], written, _given(w, shown)


@lru_cache(maxsize=1 << 16)
def _given(w: str, shown: tuple[str, ...]) -> dict[int, tuple[str, ...]]:
    """What a word with the markup ``shown`` tells the words around it, by offset (its lower case and shape, its
    markup, its dictionary name mark).

    >>> _given("Proc.", ("bold",))[-1]
    ('-1:lower:proc.', '-1:shape:Xx.', '-1:bold')
    """
    _, near, name = _word(w)
    return {d: (*near[d], *(_NEIGHBOUR_MARKS[d][k] for k in shown), *name[d]) for d in _NEIGHBOURS}


@lru_cache(maxsize=1 << 16)
def _word(w: str) -> tuple[tuple[str, ...], dict[int, tuple[str, ...]], dict[int, tuple[str, ...]]]:
    """The features of a word on its own (:func:`kg.extract.models._crf.word_features` and dictionary hits), and
    those it gives the words around it, by offset: its lower case and shape, and its dictionary name mark.

    >>> own, near, name = _word("Proc.")
    >>> own[:3], near[-1], name[2]
    (('w:Proc.', 'lower:proc.', 'shape:Xx.'), ('-1:lower:proc.', '-1:shape:Xx.'), ())
    """
    long_words, short_names = _venue_words()
    lower = w.lower()
    if w in _AUTHOR_JOINERS:  # "und", "et", "y" join authors as "and" does (lower case: "E" is an initial)
        w = lower = "and"
    f = _crf.word_features(w)
    if _YEAR.fullmatch(w):
        f["year"] = 1.0
    elif _SHORT_YEAR.fullmatch(w):
        f["shortyear"] = 1.0
        lower = re.split(r"['’]", lower)[0]
    for feature, words in (("month", _MONTHS), ("venueword", long_words), ("venuename", short_names),
                           ("name", _name_words()), ("linkword", _LINK_WORDS), ("noteword", _NOTE_WORDS)):
        if lower in words:
            f[feature] = 1.0
    if len(w) == 1 and w.isupper():
        f["initial"] = 1.0
    own = tuple(f"{key}:{value}" if isinstance(value, str) else key for key, value in f.items())  # every flag is 1.0
    lower, shape = ":lower:" + f["lower"], ":shape:" + f["shape"]
    return own, {d: (tag + lower, tag + shape) for d, tag in _OFFSET_TAGS}, _NAMED if "name" in f else _UNNAMED


_OFFSET_TAGS = tuple((d, f"{d:+d}") for d in _NEIGHBOURS)
#: What a word of the name dictionary gives its neighbours, and what another word gives.
_NAMED, _UNNAMED = {d: (_NEIGHBOUR_MARKS[d]["name"],) for d in _NEIGHBOURS}, {d: () for d in _NEIGHBOURS}


# -- parsing ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Field:
    """A labelled span of a reference; ``text`` is ``clean[start:end]`` of the reference without markup."""
    label: str
    text: str
    start: int
    end: int


def parse(text: str) -> list[Field]:
    """The fields of one reference, in order, with the shipped model (runs of one label make one field).

    >>> [(f.label, f.text) for f in parse("2021 — Mira Holm and Jonas Vogel. Sparse gizmos for long documents. NeurIPS 2021.")]
    [('date', '2021 —'), ('author', 'Mira Holm and Jonas Vogel.'), ('title', 'Sparse gizmos for long documents.'), ('container', 'NeurIPS'), ('date', '2021.')]
    """
    return list(_parse_cached(text))


#: References longer than this many tokens (a 700-author physics paper) are labelled in two windows, their
#: first and last ``MAX_TOKENS // 2`` tokens, so that time stays linear in a small bound.
MAX_TOKENS = 600


@lru_cache(maxsize=4096)
def _parse_cached(text: str) -> tuple[Field, ...]:
    tagger = _crf.load("citation")
    clean, marks, _ = _strip(text)
    tokens = _crf.tokenize(clean)
    if len(tokens) <= MAX_TOKENS:  # a longer reference is labelled in windows, each featurized on its own
        labels = tagger.tag(_token_features(clean, marks, tokens))
    else:
        half = MAX_TOKENS // 2
        head = tagger.tag(_featurize(clean[:tokens[half - 1].end])[2])
        tail = tagger.tag(_featurize(clean[tokens[-half].start:])[2])
        middle = head[-1] if head[-1] == tail[0] else "other"
        labels = head + [middle] * (len(tokens) - 2 * half) + tail
    return tuple(Field(label, clean[tokens[a].start:tokens[b - 1].end], tokens[a].start, tokens[b - 1].end)
                 for label, a, b in _crf.spans(labels))


# -- training data ---------------------------------------------------------------------------

#: A labelled reference: its text in pieces, each with its label (``None``: unlabelled text between fields).
Segments = list[tuple[str | None, str]]


def read_anystyle(path: str | Path) -> list[Segments]:
    """The references of an AnyStyle parser dataset (``<dataset><sequence><author>...``), labels mapped to :data:`LABELS`.

    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.xml")
    >>> _ = open(p, "w").write("<dataset><sequence><author>Ng, B.</author><title>On rain.</title>"
    ...                        "<pages>3-9.</pages></sequence></dataset>")
    >>> read_anystyle(p)
    [[('author', 'Ng, B.'), (None, ' '), ('title', 'On rain.'), (None, ' '), ('other', '3-9.')]]
    """
    refs = []
    for seq in ET.parse(path).getroot().iter("sequence"):
        segments: Segments = []
        for child in seq:
            if segments:
                segments.append((None, " "))
            segments.append((_ANYSTYLE_LABELS.get(child.tag, "other"), " ".join((child.text or "").split())))
        if segments:
            refs.append(segments)
    return refs


def read_grobid(path: str | Path) -> list[Segments]:
    """The references of a GROBID citation TEI file (``<bibl><author>...</author>, <title level="j">...``).

    A ``level="m"`` title is the container when the reference has an article title, else the title.

    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "g.xml")
    >>> _ = open(p, "w").write('<listBibl><bibl><author>B. Ng</author>, <title level="j">Phys. Rev.</title> '
    ...                        '<biblScope unit="volume">7</biblScope> (<date>1999</date>).</bibl></listBibl>')
    >>> read_grobid(p)[0][:4]
    [('author', 'B. Ng'), (None, ', '), ('container', 'Phys. Rev.'), (None, ' ')]
    """
    refs = []
    for bibl in ET.parse(path).getroot().iter():
        if not bibl.tag.endswith("}bibl") and bibl.tag != "bibl":
            continue
        children = list(bibl)
        has_article = any(c.tag.endswith("title") and c.get("level") == "a" for c in children)
        segments: Segments = [(None, bibl.text)] if bibl.text else []
        for child in children:
            tag = child.tag.rsplit("}", 1)[-1]
            if tag == "title":
                level = child.get("level")
                label = "title" if level == "a" or (level == "m" and not has_article) else (
                    "container" if level in ("j", "m") else "other")
            else:
                label = _GROBID_LABELS.get(tag, "other")
            if tag != "lb":
                segments.append((label, " ".join(" ".join(child.itertext()).split())))
            if child.tail:
                segments.append((None, child.tail))
        segments = [(label, re.sub(r"\s+", " ", t)) for label, t in segments]
        if any(label for label, _ in segments):
            refs.append(segments)
    return refs


def _sequence(segments: Segments) -> tuple[list[dict], list[str], list[_crf.Token]]:
    """Features and labels of a labelled reference. Unlabelled punctuation joins the field next to it (an
    opening bracket or quote the next field, anything else the field before); unlabelled words are ``other``."""
    raw = "".join(t for _, t in segments)
    char_labels: list[str | None] = [label for label, t in segments for _ in t]
    clean, tokens, feats, origin = _featurize(raw)
    given = [char_labels[origin[tok.start]] for tok in tokens]
    labels: list[str] = []
    for i, tok in enumerate(tokens):
        label = given[i]
        if label is None and not tok.text[0].isalnum():
            after = next((g for g in given[i + 1:] if g is not None), None) if tok.text in _OPENING else None
            label = after or (labels[-1] if labels else None) or next((g for g in given[i + 1:] if g), "other")
        labels.append(label or "other")
    return feats, labels, tokens


_OPENING = frozenset("([{“‘«\"'")


# -- CV-shaped renderings --------------------------------------------------------------------

_TRAILING_PUNCT = re.compile(r"[\s,;:|]+$|(?<![\s.][A-Z])\.$")


def _clean(text: str) -> str:
    text = text.strip().strip("“”\"'«»").strip()
    text = re.sub(r"^[\s,;:.(\[]+|[\s,;:(\[]+$", "", text)
    return _TRAILING_PUNCT.sub("", re.sub(r"[)\]]+[.,;]?$", "", text) if "(" not in text else text).strip()


def _fields(segments: Segments) -> dict[str, str] | None:
    """The first author list, title, container and year of a labelled reference, cleaned; ``None`` without a title."""
    found: dict[str, str] = {}
    rest: list[str] = []
    last = None
    for label, text in segments:
        if label is None:
            continue
        if label in ("author", "title", "container", "date") and (label not in found or last == label):
            found[label] = (found.get(label, "") + " " + text).strip() if last == label else text
        elif label in ("other",):
            rest.append(text)
        last = label
    if "title" not in found or "author" not in found:
        return None
    out = {k: _clean(v) for k, v in found.items()}
    year = _YEAR.search(found.get("date", ""))
    out["date"] = year.group()[:4] if year else ""
    out["other"] = _clean(" ".join(rest)) if rest and len(" ".join(rest)) < 40 else ""
    if len(out["title"].split()) < 2 or not out["author"]:
        return None
    return out


def _acronym(name: str) -> str:
    caps = "".join(w[0] for w in re.findall(r"[A-Z][\w-]*", name) if w not in ("In", "The", "Of"))
    return caps if 2 <= len(caps) <= 6 else ""


_LINKS = ("Abs HTML PDF", "PDF Code Slides", "arXiv:2305.01234", "(2203.14101)", "arXiv preprint arXiv:2011.00412",
          "[PDF]", "[PDF] [code]", "[arXiv] [code] [slides]", "PDF | Code", "[paper] [video]", "[Link]",
          "[bib] [pdf]", "(pdf)", "Paper | Slides | Video", "[DOI]", "[Project page]")
_NOTES = ("(Best Paper Award)", "Oral presentation.", "(to appear)", "Spotlight.", "(Invited paper)",
          "In submission.", "(in review)", "Under revision.", "Accepted.", "(Equal contribution)",
          "Best Student Paper Award.", "(Outstanding paper)", "Forthcoming.")
_MARKERS = ("", "", "", "- ", "• ", "1. ", "12. ", "[3] ", "[J7] ", "(4) ", "C12. ")


#: One name of an inverted list, surname then given names: "Strand", "Tala E." (see :func:`_given_first`).
_SURNAME = re.compile(r"(?:[a-z]{1,3} )?[A-Z][\w'’-]+")
_GIVEN = re.compile(r"(?:[A-Z][a-z]+|[A-Z]\.)(?:[ -]?(?:[A-Z][a-z]+|[A-Z]\.))*")
_LIST_SEPARATOR = re.compile(r",\s*(?:and\s+|&\s+)?|\s+and\s+|\s*&\s*|;\s*")


def _given_first(authors: str, rng: random.Random) -> str:
    """An inverted author list ("Surname, Given") written given name first, as most CVs write theirs; another
    list as it is. The labelled references are mostly inverted, the lists of CVs mostly not. A list of more
    than one name needs an initial to tell it from a list of surnames.

    >>> _given_first("Holm, Mira P. and Strand, Tala E.", random.Random(1))
    'Mira P. Holm and Tala E. Strand'
    >>> _given_first("Vogel, Jonas, and Mira K. Holm", random.Random(1))
    'Vogel, Jonas, and Mira K. Holm'
    >>> _given_first("Holm, Strand, Vogel, Ng", random.Random(1))
    'Holm, Strand, Vogel, Ng'
    """
    items = _LIST_SEPARATOR.split(authors.strip())
    if len(items) % 2 or not all((_GIVEN if i % 2 else _SURNAME).fullmatch(item) for i, item in enumerate(items)):
        return authors
    if len(items) > 2 and not any("." in given for given in items[1::2]):
        return authors
    names = [f"{given} {surname}" for surname, given in zip(items[::2], items[1::2])]
    if len(names) == 1:
        return names[0]
    joiner = rng.choice((" and ", " & ") if len(names) == 2 else (" and ", ", and ", ", "))
    return ", ".join(names[:-1]) + joiner + names[-1]


#: Initials of one given name written apart ("J. P.", "J.P."), a lone initial, a capitalised name word.
_INITIAL_PAIR = re.compile(r"\b([A-Z])\. ?([A-Z])\.")
_LONE_INITIAL = re.compile(r"(?<![\w.-])(?<![A-Z]\. )[A-Z]\.(?= [A-Z][a-z])")
_NAME_WORD = re.compile(r"(?<![\w.'’-])[A-Z][a-z]{2,}(?![\w'’-])")
_NAME_BREAK = re.compile(r"[,;&]|\band\b")


def _hyphenated(authors: str, rng: random.Random) -> str:
    """The author list with one compound name hyphenated as real lists write them: initials "J.-P.", a name
    word joined to another of the list, capitalised or not ("Anna-Lena", "Ji-ho", "Holm-Strand").
    Hyphenated names are rare in the labelled references, and a model that has not seen them reads them as
    title words.

    >>> _hyphenated("J. P. Ng and Mira Holm", random.Random(1))
    'J.-P. Ng and Mira Holm'
    >>> _hyphenated("Mira Holm, Tala Strand", random.Random(2)), _hyphenated("Mira Holm, Tala Strand", random.Random(4))
    ('Mira-tala Holm, Tala Strand', 'Mira-Tala Holm, Tala Strand')
    """
    pair = _INITIAL_PAIR.search(authors)
    if pair and rng.random() < 0.5:
        return f"{authors[:pair.start()]}{pair[1]}.-{pair[2]}.{authors[pair.end():]}"
    words = list(_NAME_WORD.finditer(authors))
    lone = list(_LONE_INITIAL.finditer(authors))
    if lone and (len(words) < 3 or rng.random() < 0.3):
        m = rng.choice(lone)
        return f"{authors[:m.end()]}-{rng.choice('ABCDEFGHJKLMNPRSTVW')}.{authors[m.end():]}"
    pairs = [(m, w) for m in words for w in words if w.group() != m.group() and _NAME_BREAK.search(
        authors[min(m.end(), w.end()):max(m.start(), w.start())])]  # the other word from another name
    if not pairs:
        return authors
    # mostly the word a name opens with: a given name written first ("Ji-ho Holm") or an inverted surname
    opening = [(m, w) for m, w in pairs
               if not authors[:m.start()].strip() or _NAME_BREAK.search(authors[max(m.start() - 5, 0):m.start()])]
    if opening and rng.random() < 0.7:
        pairs = opening
    m, other = (w.group() if i else w for i, w in enumerate(rng.choice(pairs)))
    return f"{authors[:m.end()]}-{other.lower() if rng.random() < 0.4 else other}{authors[m.end():]}"


def _author_marks(authors: str, rng: random.Random) -> list[tuple[str | None, str]]:
    """The author list (sometimes given name first, sometimes a name hyphenated) with one name in bold (the
    subject) and equal-contribution marks, as segments."""
    if rng.random() < 0.4:
        authors = _given_first(authors, rng)
    if rng.random() < 0.25:
        authors = _hyphenated(authors, rng)
    parts = re.split(r"(,\s+(?:and\s+|&\s+)?|\s+and\s+|\s*&\s*|;\s*)", authors)
    names = [i for i in range(0, len(parts), 2) if parts[i].strip()]
    if not names:
        return [("author", authors)]
    style = rng.random()
    if style < 0.45:
        i = rng.choice([i for i in names if re.search(r"\w{3}", parts[i])] or names)
        wrap = rng.choice(("**{}**", "**{}**", "__{}__", "<b>{}</b>", "\\textbf{{{}}}", "<strong>{}</strong>", "{}"))
        parts[i] = wrap.format(parts[i])
    if rng.random() < 0.2:
        mark = rng.choice(("*", "†", "*", "#", "‡", "^*"))
        for i in names[: rng.choice((1, 2, 2))]:
            parts[i] = parts[i] + mark
    return [("author", "".join(parts))]


def _italic(text: str, rng: random.Random, p: float) -> str:
    if rng.random() >= p:
        return text
    return rng.choice(("*{}*", "_{}_", "<i>{}</i>", "\\emph{{{}}}", "\\textit{{{}}}", "<em>{}</em>")).format(text)


def render_cv(segments: Segments, rng: random.Random, venues: list[tuple[str, str]]) -> Segments | None:
    """The reference re-rendered the way CVs write them: another field order, separators and markup.

    ``venues`` are known ``(short, long)`` venue names, sometimes put in place of the container.

    >>> ref = [("author", "Ng, B. and Li, C."), (None, " "), ("date", "(1999)."), (None, " "),
    ...        ("title", "On rain and snow."), (None, " "), ("container", "Weather,"), (None, " "), ("other", "7.")]
    >>> r = render_cv(ref, random.Random(1), [("ACM", "Association for Computing Machinery")])
    >>> {"author", "title"} <= {label for label, _ in r}
    True
    """
    f = _fields(segments)
    if f is None:
        return None
    authors = _author_marks(f["author"], rng)
    title = f["title"]
    container, year, other = f.get("container", ""), f["date"], f["other"]
    if year and rng.random() < 0.5:  # a CV's years are recent, the labelled references' mostly before 2015
        year = str(rng.randint(2005, 2026))
    if venues and rng.random() < 0.35:
        short, long = rng.choice(venues)
        container = rng.choice((short, long, f"Proceedings of the {long}", f"{long} ({short})", short))
    abbr = _acronym(container) if " " in container else (container if container.isupper() or
                                                           re.search(r"[a-z][A-Z]", container) else "")
    if rng.random() < 0.05:
        title = rng.choice(("Poster: ", "POSTER: ", "Demo: ", "Short paper: ", "Invited paper: ")) + title
    t_title = rng.choice(("{}", "“{}”", "\"{}\"", "**{}**", "**{}**")) if rng.random() < 0.35 else "{}"
    title_seg = ("title", _italic(t_title.format(title), rng, 0.25))
    cont_seg = ("container", _italic(container, rng, 0.35)) if container else None
    year_seg = ("date", year) if year and rng.random() > 0.15 else None  # CVs leave the year out now and then
    other_seg = ("other", other) if other and rng.random() < 0.5 else None

    def seq(*items, sep=". ", end="."):
        out: Segments = []
        for item in items:
            if item is None:
                continue
            if out:
                out.append((None, sep[1:] if sep.startswith(".") and out[-1][1].endswith(".") else sep))
            out.extend(item if isinstance(item, list) else [item])
        if end and out:
            out.append((None, end[1:] if end.startswith(".") and out[-1][1].endswith(".") else end))
        return out

    template = rng.randrange(19)
    pipes = rng.choice((" | ", " | ", " – ", "; "))
    if template == 0:
        body = seq(authors, title_seg, seq(cont_seg, other_seg, year_seg, sep=", ", end=""))
    elif template == 1:
        body = seq(authors, year_seg, title_seg, seq(cont_seg, other_seg, sep=" ", end=""))
    elif template == 2:
        body = seq(authors + [(None, " (")] + ([year_seg] if year_seg else []) + [(None, ")")], title_seg,
                   seq(cont_seg, other_seg, sep=", ", end=""))
    elif template == 3:
        body = seq(title_seg, authors, seq(cont_seg, year_seg, sep=", ", end=""))
    elif template == 4:
        body = seq(title_seg, authors, sep=", ", end=". ") + seq(cont_seg, other_seg, sep=" ", end="") + (
            [(None, " ("), year_seg, (None, ").")] if year_seg else [(None, ".")])
    elif template == 5:
        body = seq(title_seg, authors, seq(cont_seg, year_seg, sep=", ", end=""), sep="\n", end="")
    elif template == 6:
        body = seq(year_seg, authors, cont_seg, title_seg, sep=pipes, end="")
    elif template == 7:
        body = seq(authors, title_seg, cont_seg, year_seg, sep=pipes, end="")
    elif template == 8:
        body = seq(authors, [(None, "“"), ("title", title), (None, ",”")], seq(cont_seg, other_seg, year_seg,
                                                                               sep=", ", end=""), sep=" ")
    elif template == 9 and abbr:
        yy = f"'{year[2:]}" if year else ""
        body = seq(authors, title_seg, sep=rng.choice((". ", ", ")), end=" ") + [
            (None, "("), ("container", f"{abbr}{yy}"), (None, ")")]
    elif template == 10 and abbr:
        body = seq(authors, title_seg, seq(("container", abbr), year_seg, sep=" ", end=""), sep=", ")
    elif template == 11 and cont_seg:
        body = seq(seq(cont_seg, year_seg, sep=" ", end=""), title_seg, authors)
    elif template == 12:
        body = seq(title_seg, seq(cont_seg, year_seg, sep=", ", end=""), end=". ") + [
            (None, "("), ("note", "with"), (None, " ")] + authors + [(None, ")")]
    elif template == 13:
        body = seq(title_seg, seq(cont_seg, year_seg, sep=" ", end="")) + [(None, " "), ("note", "With"),
                                                                            (None, " ")] + authors + [(None, ".")]
    elif template == 14 and year_seg:
        body = seq(year_seg, title_seg, authors, cont_seg, sep=rng.choice((". ", ": ", " — ")))
    elif template == 15 and year_seg:
        body = [("date", f"{rng.randint(1, 12):02d}/{year[2:]}"), (None, pipes)] + seq(
            authors, cont_seg, title_seg, sep=pipes, end="")
    else:
        body = seq(authors, title_seg, seq(cont_seg, year_seg, sep=", ", end=""))
    if rng.random() < 0.15:  # one field a line (homepages, LaTeX \\newline): the separators become line breaks,
        # most of them: a line may keep two fields ("Journal of X, 2021" under the title)
        body = [(None, "\n") if label is None and any(ch in text for ch in ".,|;") and rng.random() < 0.7
                else (label, text) for label, text in body]
    marker = rng.choice(_MARKERS)
    out: Segments = ([("other", marker.strip()), (None, " ")] if marker else []) + body
    if rng.random() < 0.25:
        out += [(None, rng.choice((" ", " ", "\n"))), ("link", rng.choice(_LINKS))]
    if rng.random() < 0.12:
        out += [(None, " "), ("note", rng.choice(_NOTES))]
    return out


def _lines(segments: Segments) -> list[Segments]:
    """A rendering split at its line breaks: entries are read line by line (see ``parse_citation``)."""
    out: list[Segments] = [[]]
    for label, text in segments:
        if label is None and "\n" in text:
            out.append([])
        else:
            out[-1].append((label, text))
    return [line for line in out if any(label for label, _ in line)]


# -- building the shipped model --------------------------------------------------------------

def _known_venues() -> list[tuple[str, str]]:
    return [(v.short, v.long) for v in known_venues() if v.long]


def _words_only(labels: list[str], tokens: list[_crf.Token]) -> list[str]:
    return [label for label, tok in zip(labels, tokens) if tok.text[0].isalnum()]


def evaluate(refs: list[Segments], path: str | Path) -> dict[str, tuple[float, float, float, int]]:
    """Field-level P/R/F1 of the model at ``path`` on labelled references (word tokens only: a field
    is right when its words are exactly the gold field's words)."""
    tagger = _crf.Tagger(path)
    gold, predicted = [], []
    for segments in refs:
        feats, labels, tokens = _sequence(segments)
        gold.append(_words_only(labels, tokens))
        predicted.append(_words_only(tagger.tag(feats), tokens))
    return _crf.field_scores(gold, predicted)


def real_references(data_dir: Path, rng: random.Random, grobid_sample: int = 2500,
                    good_sample: int = 1500) -> list[Segments]:
    """The real labelled references trained on: AnyStyle ``core.xml``, part of ``good.xml`` and of GROBID's corpus."""
    anystyle = Path(data_dir) / "anystyle"
    refs = read_anystyle(anystyle / "core.xml")
    good = read_anystyle(anystyle / "good.xml")
    refs += rng.sample(good, min(good_sample, len(good)))
    grobid = [r for p in sorted((Path(data_dir) / "grobid" / "citation" / "corpus").glob("*.xml"))
              for r in read_grobid(p)]
    refs += rng.sample(grobid, min(grobid_sample, len(grobid)))
    return refs


def train_references(refs: list[Segments], path: str | Path, *, renderings: int = 2, seed: int = 13,
                     venues: list[tuple[str, str]] | None = None, **params) -> Path:
    """Train a citation model on labelled references and ``renderings`` CV-shaped re-renderings of each.

    ``params`` go to :func:`kg.extract.models._crf.train` (``c1``, ``c2``, ``max_iterations``, ...).
    """
    rng = random.Random(seed)
    venues = _known_venues() if venues is None else venues
    cv = [line for ref in refs for _ in range(renderings) if (r := render_cv(ref, rng, venues))
          for line in _lines(r)]
    xs, ys = [], []
    for segments in refs + cv:
        feats, labels, _ = _sequence(segments)
        xs.append(feats)
        ys.append(labels)
    settings = {"c1": 0.2, "c2": 0.01, "max_iterations": 150, "feature_minfreq": 2}
    settings.update(params)
    path = _crf.train(xs, ys, path, **settings)
    _parse_cached.cache_clear()
    return path


def build(data_dir: Path, path: Path, *, seed: int = 13, renderings: int = 2, **params) -> list[tuple[str, dict]]:
    """Train the citation model from ``data_dir`` into ``path``; return its held-out evaluations.

    Writes the person-name word list (:data:`NAMES_FILE`, from AnyStyle's ``bad.xml`` and ``ugly.xml``
    and GROBID's name corpus: files neither trained nor evaluated on) first, since the features read it. Trains on
    :func:`real_references` and their CV-shaped renderings (:func:`train_references`);
    evaluates on AnyStyle's ``gold.xml``, GROBID's ``evaluation/`` set, and CV-shaped renderings
    of ``gold.xml``, none of which is trained on.
    """
    data_dir = Path(data_dir)
    rng = random.Random(seed)
    refs = real_references(data_dir, rng)
    # the dictionary comes from files not trained on: built from the training references, it would
    # hold every training name, and the model would learn to trust it more than it deserves
    dictionary_refs = [r for name in ("bad", "ugly") for r in read_anystyle(data_dir / "anystyle" / f"{name}.xml")]
    NAMES_FILE.write_text("\n".join(name_words(dictionary_refs, _grobid_names(data_dir))) + "\n", encoding="utf-8")
    _name_words.cache_clear()
    for cache in (_word, _given, _item):
        cache.cache_clear()
    venues = _known_venues()
    train_references(refs, path, renderings=renderings, seed=seed, venues=venues, **params)
    return held_out(data_dir, path, seed=seed, venues=venues)


def held_out(data_dir: Path, path: Path, *, seed: int = 13, venues: list[tuple[str, str]] | None = None
             ) -> list[tuple[str, dict]]:
    """Field scores of the model at ``path`` on AnyStyle's ``gold.xml``, GROBID's ``evaluation/`` set, and
    CV-shaped renderings of ``gold.xml`` split into lines as ``parse_citation`` reads them."""
    data_dir = Path(data_dir)
    venues = _known_venues() if venues is None else venues
    gold = read_anystyle(data_dir / "anystyle" / "gold.xml")
    grobid_eval = [r for p in sorted((data_dir / "grobid" / "citation" / "evaluation").glob("*.xml"))
                   for r in read_grobid(p)]
    held_rng = random.Random(seed + 1)
    gold_cv = [line for ref in gold if (r := render_cv(ref, held_rng, venues)) for line in _lines(r)]
    return [
        (f"AnyStyle gold.xml ({len(gold)} references)", evaluate(gold, path)),
        (f"GROBID evaluation/ ({len(grobid_eval)})", evaluate(grobid_eval, path)),
        (f"CV renderings of gold.xml, line by line ({len(gold_cv)} lines)", evaluate(gold_cv, path)),
    ]


def _grobid_names(data_dir: Path) -> list[str]:
    """Forenames and surnames labelled in GROBID's name training corpus (not its evaluation sets)."""
    names = []
    for p in sorted((data_dir / "grobid" / "name").glob("*/corpus/*.xml")):
        for el in ET.parse(p).getroot().iter():
            if el.tag.rsplit("}", 1)[-1] in ("forename", "surname") and el.text and len(el.text.strip()) > 1:
                names.append(el.text.strip())
    return names
