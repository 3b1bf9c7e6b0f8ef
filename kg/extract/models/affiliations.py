"""Affiliation strings into their organisational units and address parts, with a CRF.

The model is trained on GROBID's hand-labelled affiliations (``grobid/affiliation-address``):
``Lab X, Dept. of Y, University Z, City, Country`` is tagged token by token into laboratory,
department and institution names and address parts (street, post code, settlement, region,
country). It is also trained on the same affiliations as CVs write them: the largest unit
first, no address, no commas between the units. :func:`parse_affiliation` gives the units in
writing order with each one's parent (the lab part of the department, the department part of
the university).

>>> a = parse_affiliation("Soil Ecology Group, Department of Biology, University of Xanadu, Xanadu City")
>>> [(u.name, u.kind) for u in a.units]
[('Soil Ecology Group', 'laboratory'), ('Department of Biology', 'department'), ('University of Xanadu', 'institution')]
>>> [a.units[i].name for i in (a.units[0].part_of, a.units[1].part_of)]
['Department of Biology', 'University of Xanadu']
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from xml.etree import ElementTree as ET

from kg.extract.gazetteer import word_groups
from kg.extract.models import _crf
from kg.extract.models._crf import add_neighbour_attributes, load, spans, tokenize, word_features
from kg.extract.models._tei import held_out, labelled_segments, local_name, tei_files

__all__ = ["Unit", "ParsedAffiliation", "parse_affiliation", "affiliation_features", "read_affiliations",
           "rendered", "paired", "build", "UNIT_KINDS", "ADDRESS_FIELDS"]

#: Organisational units, from the smallest: a unit is part of a later one of no lower rank.
UNIT_KINDS = ("laboratory", "department", "institution")
ADDRESS_FIELDS = ("addrLine", "postBox", "postCode", "settlement", "region", "country")

#: The label of a unit's first token is its kind after this mark: two units of one kind written with
#: nothing between them ("Faculty of Science Department of Chemistry") stay two.
FIRST = "B-"
#: Adjectives that go on the organisation's name before them, never begin a unit (``data/org_words.tsv``).
_NAME_ADJECTIVES = frozenset(word_groups("org_words.tsv")["name_adjectives"])
#: What joins two affiliations written at once, in the languages of the vocabularies ("and" most often).
_AND = ("and", "and", "and", "and", "and", "&", "y", "e", "et", "und")

#: GROBID's ``orgName`` types (with its corpus's variant spellings) and the unit each is.
_ORG_TYPE = {"institution": "institution", "institute": "institution", "department": "department",
             "departement": "department", "laboratory": "laboratory"}


@dataclass(frozen=True, slots=True)
class Unit:
    """An organisational unit of an affiliation: its name as written, its kind (one of
    :data:`UNIT_KINDS`), its character span, and the index of the unit it is part of."""

    name: str
    kind: str
    start: int
    end: int
    part_of: int | None = None


@dataclass(frozen=True, slots=True)
class ParsedAffiliation:
    """The units of an affiliation in writing order and its address parts ``(field, text)``."""

    units: tuple[Unit, ...] = ()
    address: tuple[tuple[str, str], ...] = ()


# -- training data --------------------------------------------------------------------------


def _field_of(element: ET.Element) -> str | None:
    tag = local_name(element)
    if tag == "orgName":
        return _ORG_TYPE.get(element.get("type", ""), "institution")
    if tag == "institution":
        return "institution"
    if tag in ADDRESS_FIELDS or tag == "marker":
        return tag
    return None


def read_affiliations(folder: Path) -> tuple[list[list[tuple[str, str]]], list[list[tuple[str, str]]]]:
    """``(training, held_out)`` affiliations of GROBID's ``affiliation-address`` folder, each a
    list of ``(token, field)`` with ``"O"`` for tokens of no field."""
    train: list[list[tuple[str, str]]] = []
    test: list[list[tuple[str, str]]] = []
    for path, root in tei_files(folder):
        target = test if held_out(path) else train
        for element in root.iter():
            if local_name(element) in ("affiliation", "affilliation"):
                tokens = [(t.text, (FIRST if k == 0 and label in UNIT_KINDS else "") + (label or "O"))
                          for text, label in labelled_segments(element, _field_of) for k, t in enumerate(tokenize(text))]
                if any(plain(label) in UNIT_KINDS for _, label in tokens):
                    target.append(tokens)
    return train, test


def plain(label: str) -> str:
    """A label without the mark of a unit's first token."""
    return label[len(FIRST):] if label.startswith(FIRST) else label


def runs(labels: list[str]) -> list[tuple[str, int, int]]:
    """The fields of a label sequence as ``(field, start, end)`` token ranges: a run of one field,
    a new one from each unit's first token.

    >>> runs(["B-department", "department", "B-department", "O", "institution"])
    [('department', 0, 2), ('department', 2, 3), ('O', 3, 4), ('institution', 4, 5)]
    """
    unit = accumulate(label.startswith(FIRST) for label in labels)  # the number of units begun so far
    return [(field, s, e) for (field, _), s, e in spans(list(zip(map(plain, labels), unit)))]


def _fields(tokens: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """The labelled runs of a sequence as ``(field, tokens)``, the separators between them left out."""
    return [(label, [t for t, _ in tokens[s:e]]) for label, s, e in runs([label for _, label in tokens]) if label != "O"]


def _labelled(words: list[str], kind: str) -> list[tuple[str, str]]:
    """The words of one unit with their labels, the first one marked."""
    return [(w, (FIRST if i == 0 else "") + kind) for i, w in enumerate(words)]


def rendered(tokens: list[tuple[str, str]], rng: random.Random) -> list[tuple[str, str]] | None:
    """An affiliation as a CV line might write it: its units only (no address, no markers),
    in their order or the largest first, joined by commas, by "at" (smallest first) or run
    together; ``None`` when it has a single unit.

    >>> t = [("Dept", "department"), (",", "O"), ("Univ", "institution"), (",", "O"), ("Rome", "settlement")]
    >>> [" ".join(w for w, _ in rendered(t, random.Random(s))) for s in (0, 10, 20)]
    ['Dept Univ', 'Dept , Univ', 'Dept at Univ']
    """
    units = [(label, words) for label, words in _fields(tokens) if label in UNIT_KINDS]
    if len(units) < 2:
        return None
    largest_first = rng.random() < 0.5
    if largest_first:
        units.reverse()
    joint = rng.random()
    joiner = "," if joint < 0.5 else ("at" if joint < 0.7 and not largest_first else "")
    out: list[tuple[str, str]] = []
    for label, words in units:
        if out and joiner:
            out.append((joiner, "O"))
        out.extend(_labelled(words, label))
    return out


def paired(a: list[tuple[str, str]], b: list[tuple[str, str]], rng: random.Random) -> list[tuple[str, str]] | None:
    """Two units of the same kind from two affiliations joined by "and" (or "&", "y", "e", "et",
    "und"), as a CV writes two affiliations at once; ``None`` when the two share no kind of unit.

    >>> a, b = [("Univ", "institution"), ("A", "institution")], [("B", "institution"), ("Institute", "institution")]
    >>> " ".join(w for w, _ in paired(a, b, random.Random(0)))
    'Univ A y B Institute'
    """
    first = {label: words for label, words in reversed(_fields(a)) if label in UNIT_KINDS}
    second = {label: words for label, words in reversed(_fields(b)) if label in UNIT_KINDS}
    kinds = sorted(set(first) & set(second))
    if not kinds:
        return None
    kind = rng.choice(kinds)
    return _labelled(first[kind], kind) + [(rng.choice(_AND), "O")] + _labelled(second[kind], kind)


# -- features -------------------------------------------------------------------------------


def affiliation_features(tokens: list[str]) -> list[list[str]]:
    """CRF features of an affiliation's tokens, as crfsuite's attributes (``key:value``, a flag its key alone): the
    word (:func:`~kg.extract.models._crf.word_features`), the first and last word of the comma-separated part it
    stands in and that part's place from either end, and its neighbours' words and shapes (in the order of
    :func:`~kg.extract.models._crf.add_neighbours`). A word's own features are made once (:func:`_word`).

    >>> f = affiliation_features(["Dept", "of", "Biology", ",", "Xanadu"])[2]
    >>> [a for a in f if a.startswith(("part", "-1:"))]
    ['part_head:dept', 'part_last:biology', 'part:0', 'part_from_end:1', '-1:lower:of', '-1:shape:x']
    >>> f[-2:]
    ['+2:lower:xanadu', '+2:shape:Xx']
    """
    parts: list[list[int]] = [[]]
    for i, t in enumerate(tokens):
        if t in ",;":
            parts.append([])
        else:
            parts[-1].append(i)
    parts = [p for p in parts if p]
    words = [_word(t) for t in tokens]
    out = [list(own) for own, _ in words]
    for n, part in enumerate(parts):
        head, last = tokens[part[0]].lower(), tokens[part[-1]].lower()
        shared = (f"part_head:{head}", f"part_last:{last}", f"part:{min(n, 3)}",
                  f"part_from_end:{min(len(parts) - 1 - n, 3)}")
        for k, i in enumerate(part):
            out[i].extend(shared)
            out[i].append("in_part:first" if k == 0 else ("in_part:last" if k == len(part) - 1 else "in_part:inner"))
    return add_neighbour_attributes(out, [near for _, near in words])


@lru_cache(maxsize=1 << 15)
def _word(word: str) -> tuple[tuple[str, ...], dict[int, tuple[str, str]]]:
    """A word's own attributes and, by offset, those it gives its neighbours (its lower case and shape).

    >>> own, near = _word("Dept")
    >>> own[:3], near[-2]
    (('w:Dept', 'lower:dept', 'shape:Xx'), ('-2:lower:dept', '-2:shape:Xx'))
    """
    f = word_features(word)
    own = tuple(f"{key}:{value}" if isinstance(value, str) else key for key, value in f.items())  # every flag is 1.0
    return own, {d: (f"{d:+d}:lower:{f['lower']}", f"{d:+d}:shape:{f['shape']}") for d in (-1, 1, -2, 2)}


# -- parsing --------------------------------------------------------------------------------


def _parents(kinds: list[str]) -> list[int | None]:
    """The unit each unit is part of: the next unit of no lower rank, reading from the smallest
    end (a CV may write the largest unit first); institutions are part of nothing.

    >>> _parents(["laboratory", "department", "department", "institution"])
    [1, 2, 3, None]
    >>> _parents(["institution", "department", "laboratory"])
    [None, 0, 1]
    """
    rank = [UNIT_KINDS.index(k) for k in kinds]
    order = list(range(len(kinds)))
    if rank and rank[0] > rank[-1]:
        order.reverse()
    out: list[int | None] = [None] * len(kinds)
    for a, b in zip(order, order[1:]):
        if kinds[a] != "institution" and rank[b] >= rank[a]:
            out[a] = b
    return out


@lru_cache(maxsize=32768)
def parse_affiliation(text: str) -> ParsedAffiliation:
    """The units and address of an affiliation string, with the shipped model."""
    tokens = tokenize(text)
    if not tokens:
        return ParsedAffiliation()
    labels = load("affiliation").tag(affiliation_features([t.text for t in tokens]))
    # a comma ends a unit in a CV line ("University of California, Berkeley" is the gazetteer's to join)
    labels = ["O" if t.text in ",;" else label for t, label in zip(tokens, labels)]
    for i, token in enumerate(tokens):  # an adjective goes on the name before it ("Centro Hospitalar Universitário de X")
        if i and labels[i].startswith(FIRST) and labels[i - 1] != "O" and token.text.lower() in _NAME_ADJECTIVES:
            field, j = plain(labels[i - 1]), i
            while j < len(labels) and labels[j] != "O" and (j == i or not labels[j].startswith(FIRST)):
                labels[j], j = field, j + 1
    # a unit's name starts after "the" ("Centre at the University of X")
    found = [(label, tokens[s + (tokens[s].text == "the" and e - s > 1)].start, tokens[e - 1].end)
             for label, s, e in runs(labels) if label != "O"]
    units = [(label, s, e) for label, s, e in found if label in UNIT_KINDS]
    parents = _parents([label for label, _, _ in units])
    return ParsedAffiliation(
        units=tuple(Unit(text[s:e], label, s, e, p) for (label, s, e), p in zip(units, parents)),
        address=tuple((label, text[s:e]) for label, s, e in found if label in ADDRESS_FIELDS))


# -- training -------------------------------------------------------------------------------


def build(data_dir: Path, path: Path) -> list[tuple[str, dict]]:
    """Train the affiliation model on ``data_dir/grobid/affiliation-address`` into ``path``;
    return the held-out field scores of the affiliations as written and as CVs write them
    (:func:`rendered`, :func:`paired`)."""
    train_set, test = read_affiliations(Path(data_dir) / "grobid" / "affiliation-address")
    rng = random.Random(7)
    pairs = [paired(a, b, rng) for a, b in zip(train_set[::5], train_set[2::5])]
    train_set += [r for r in (rendered(a, rng) for a in train_set) if r] + [p for p in pairs if p]
    test_rendered = [r for r in (rendered(a, rng) for a in test) if r]
    test_rendered += [p for p in (paired(a, b, rng) for a, b in zip(test[::5], test[1::5])) if p]
    _crf.train((affiliation_features([t for t, _ in s]) for s in train_set),
               ([label for _, label in s] for s in train_set), path, c1=0.05, c2=0.01)
    tagger = _crf.Tagger(path)
    out = []
    for title, seqs in (("affiliation (held-out, as written)", test), ("affiliation (held-out, CV-style)", test_rendered)):
        predicted = [tagger.tag(affiliation_features([t for t, _ in a])) for a in seqs]
        # scored on the fields, as before the first tokens were marked
        out.append((title, _crf.field_scores([[plain(label) for _, label in a] for a in seqs],
                                             [[plain(label) for label in p] for p in predicted], ignore=frozenset({"O"}))))
    return out
