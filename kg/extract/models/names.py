"""Person names into given, middle and family names, titles and suffixes, with a CRF.

The model is trained on GROBID's hand-labelled names (``grobid/name``: names from paper headers
and reference lists) and on the same names re-rendered the ways CVs and bibliographies write
them ("Last, First", "F. M. Last", Vancouver "Last FM", "LAST First", family name first), so
that it reads the order of a name from its words, punctuation and case rather than from a
rule per style.

>>> n = parse_name("van der Berg, Anneke")
>>> n.given, n.family
('Anneke', 'van der Berg')
>>> parse_name("Smith JA").given_parts()
(('J', True), ('A', True))
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from xml.etree import ElementTree as ET

from kg.extract.models import _crf
from kg.extract.models._crf import add_neighbours, load, tokenize, word_features
from kg.extract.models._tei import held_out, labelled_segments, labelled_tokens, local_name, tei_files

__all__ = ["ParsedName", "parse_name", "name_features", "read_names", "rendered", "with_particle", "training_sets", "lexicon", "build", "FIELDS"]

#: The fields of a name, in the order :class:`ParsedName` lists them.
FIELDS = ("given", "middle", "family", "title", "suffix")

#: GROBID's element names (misspellings of its corpus included) and the field each marks.
_TAG_FIELD = {
    "forename": "given", "firstname": "given", "forenname": "given",
    "middlename": "middle",
    "surname": "family", "surename": "family", "lastname": "family",
    "rolename": "title", "suffix": "suffix",
}
#: Elements whose text is no part of a name (footnote markers, line breaks).
_SKIPPED = {"marker", "lb"}


@dataclass(frozen=True, slots=True)
class ParsedName:
    """A person name split into its parts, each as written ("" when absent)."""

    given: str = ""
    middle: str = ""
    family: str = ""
    title: str = ""
    suffix: str = ""

    def given_parts(self) -> tuple[tuple[str, bool], ...]:
        """The given and middle names, each ``(text, is_initial)``; "J.-P." and Vancouver "JA"
        are initials one letter each.

        >>> ParsedName(given="Jean-Paul", middle="R.", family="Moreau").given_parts()
        (('Jean-Paul', False), ('R', True))
        """
        out: list[tuple[str, bool]] = []
        shouting = self.family.isupper() and len(self.family) > 1
        for word in f"{self.given} {self.middle}".split():
            letters = [t.text for t in tokenize(word) if t.text[0].isalpha()]
            if not letters:
                continue
            if all(len(t) == 1 for t in letters):
                out.extend((t, True) for t in letters)
            elif len(letters) == 1 and 2 <= len(word) <= 3 and word.isupper() and not shouting:
                out.extend((c, True) for c in word)  # "Smith JA"
            else:
                out.append((word, False))
        return tuple(out)


# -- training data --------------------------------------------------------------------------


def _field_of(element: ET.Element) -> str | None:
    tag = local_name(element).lower()
    if tag in _SKIPPED:
        return "skip"
    return _TAG_FIELD.get(tag)


def _person_tokens(segments: list[tuple[str, str | None]]) -> list[tuple[str, str]]:
    """Tokens of one person, markers dropped and the separators around the name trimmed;
    the dot after a final initial or suffix ("R.", "Jr.") stays."""
    tokens = [(t, label or "O") for t, label in labelled_tokens(segments) if label != "skip"]
    first = next((i for i, (_, label) in enumerate(tokens) if label != "O"), len(tokens))
    last = max((i for i, (_, label) in enumerate(tokens) if label != "O"), default=-1)
    keep_dot = last + 1 < len(tokens) and tokens[last + 1][0] == "." and (
        len(tokens[last][0]) == 1 or tokens[last][1] == "suffix")
    return tokens[first:last + 1 + keep_dot]


def _split_people(segments: list[tuple[str, str | None]]) -> Iterable[list[tuple[str, str | None]]]:
    """An author list's segments cut into people: a given or family name that follows a
    complete name (one with both) under another label starts the next person."""
    person: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    previous = None
    for text, label in segments:
        if label in ("given", "family") and {"given", "family"} <= seen and label != previous:
            yield person
            person, seen = [], set()
        person.append((text, label))
        if label is not None and label != "skip":
            seen.add(label)
            previous = label
    if person:
        yield person


def read_names(folder: Path) -> tuple[list[list[tuple[str, str]]], list[list[tuple[str, str]]]]:
    """``(training, held_out)`` people of GROBID's ``name`` folder, each a list of
    ``(token, field)`` with ``"O"`` for tokens of no field (see :func:`kg.extract.models._tei.held_out`)."""
    train: list[list[tuple[str, str]]] = []
    test: list[list[tuple[str, str]]] = []
    for path, root in tei_files(folder):
        target = test if held_out(path) else train
        for author in root.iter():
            if local_name(author) != "author":
                continue
            people = [p for p in author.iter() if local_name(p) == "persName"]
            if people:
                groups = [labelled_segments(p, _field_of) for p in people]
            else:
                groups = list(_split_people(labelled_segments(author, _field_of)))
            for segments in groups:
                tokens = _person_tokens(segments)
                if any(label == "family" for _, label in tokens):
                    target.append(tokens)
    seen_test = {tuple(t for t, _ in p) for p in test}
    return [p for p in train if tuple(t for t, _ in p) not in seen_test], test


def _words(person: list[tuple[str, str]], field: str) -> list[str]:
    """The words of one field of a labelled person, hyphenated words kept whole."""
    out: list[str] = []
    glue = False
    for token, label in person:
        if label != field:
            glue = False
            continue
        if token in "-'’" and out:
            out[-1] += token
            glue = True
        elif token[0].isalnum():
            if glue:
                out[-1] += token
            else:
                out.append(token)
            glue = False
    return out


#: The share of full two-word names also written family name first in training.
FAMILY_FIRST_SHARE = 0.06
_TITLES = ("Dr.", "Prof.", "Prof. Dr.", "Dr", "Mr.", "Ms.", "Mrs.")
_SUFFIXES = ("Jr.", "Jr", "Sr.", "II", "III", "IV")


def rendered(person: list[tuple[str, str]], rng: random.Random) -> list[list[tuple[str, str]]]:
    """A labelled person written in one or two other styles ("Last, F. M.", "Last FM",
    "LAST First", "F. Last", family name first...), chosen at random, as token sequences.

    >>> p = [("Ada", "given"), ("Quill", "family")]
    >>> sorted(" ".join(t for t, _ in s) for s in rendered(p, random.Random(3)))
    ['QUILL Ada']
    """
    given, middle, family = _words(person, "given"), _words(person, "middle"), _words(person, "family")
    if not given or not family:
        return []

    def seq(*parts: tuple[list[str], str]) -> list[tuple[str, str]]:
        # a dot closing an initial is no part of the field, as in GROBID's labels
        return [(t.text, "O" if t.text == "." else label) for words, label in parts for w in words for t in tokenize(w)]

    def initials(words: list[str], dots: bool = True) -> list[str]:
        return [w[0].upper() + ("." if dots else "") for w in words]

    full = given[0][0].isalpha() and len(given[0]) > 1 and not given[0].isupper()
    styles = [
        lambda: seq((family, "family"), ([","], "O"), (initials(given), "given"), (initials(middle), "middle")),
        lambda: seq((initials(given), "given"), (initials(middle), "middle"), (family, "family")),
        lambda: seq((family, "family"), (["".join(initials(given + middle, dots=False))], "given")),
    ]
    if full:
        styles += [
            lambda: seq((family, "family"), ([","], "O"), (given, "given"), (middle, "middle")),
            lambda: seq(([w.upper() for w in family], "family"), (given, "given"), (middle, "middle")),
            lambda: seq((given, "given"), (middle, "middle"), ([w.upper() for w in family], "family")),
            lambda: seq((given, "given"), (initials(middle), "middle"), (family, "family")),
        ]
    family_first = full and not middle and rng.random() < FAMILY_FIRST_SHARE
    if family_first:
        # family name first, no comma, as East Asian names are often written: only the words
        # themselves tell the order, so it stays rare lest "Beatriz Souza" be read backwards
        out = [seq((family, "family"), (given, "given"))]
    else:
        out = [rng.choice(styles)()]
    if rng.random() < 0.3:
        second = rng.choice(styles)()
        if second != out[0]:
            out.append(second)
    if rng.random() < 0.08:
        title = rng.choice(_TITLES)
        out[0] = seq(([title], "title")) + out[0]
    if rng.random() < 0.05 and out[0][-1][1] == "family":
        out[0] = out[0] + seq(([","] if rng.random() < 0.4 else [], "O"), ([rng.choice(_SUFFIXES)], "suffix"))
    return out


#: Family-name particles, beyond the few the labelled names hold ("van", "de", "van der").
_PARTICLES = ("de la", "de los", "del", "della", "di", "da", "dos", "du", "le", "van", "van der", "von", "von der",
              "ter", "al", "bin", "ibn")


def with_particle(person: list[tuple[str, str]], particle: str) -> list[tuple[str, str]]:
    """A labelled person whose family name starts with ``particle`` ("de la").

    >>> with_particle([("Ana", "given"), ("Cruz", "family")], "de la")
    [('Ana', 'given'), ('de', 'family'), ('la', 'family'), ('Cruz', 'family')]
    """
    at = next(i for i, (_, label) in enumerate(person) if label == "family")
    return person[:at] + [(w, "family") for w in particle.split()] + person[at:]


def training_sets(folder: Path, seed: int = 13) -> tuple[list[list[list[tuple[str, str]]]], list, list]:
    """``(groups, held_out, held_out_rendered)``: each training person (a few given a family-name
    particle) followed by its re-rendered forms, the held-out people as written, and the held-out
    people re-rendered."""
    train, test = read_names(folder)
    rng, particle_rng = random.Random(seed), random.Random(seed)
    groups = [[p, *rendered(p, rng)] for p in train]
    plain = [p for p in train if sum(label == "family" for _, label in p) == 1 and p[-1][1] == "family"]
    groups += [[with_particle(p, particle_rng.choice(_PARTICLES))] for p in particle_rng.sample(plain, len(plain) // 10)]
    test_rendered = [r for p in test for r in rendered(p, rng)]
    return groups, test, test_rendered


def lexicon(people: Iterable[list[tuple[str, str]]]) -> dict[str, str]:
    """Which field each word (lower case, two letters or more) of labelled people stands in:
    ``given`` (given or middle name), ``family``, or ``both`` when neither holds three times
    as often as the other.

    >>> lexicon([[("Ada", "given"), ("Quill", "family")], [("Quill", "given"), ("Bell", "family")]])
    {'ada': 'given', 'quill': 'both', 'bell': 'family'}
    """
    counts: dict[str, list[int]] = {}
    for person in people:
        for token, label in person:
            if len(token) > 1 and label in ("given", "middle", "family"):
                counts.setdefault(token.lower(), [0, 0])[label == "family"] += 1
    return {w: "given" if g >= 3 * f else "family" if f >= 3 * g else "both" for w, (g, f) in counts.items()}


def write_lexicon(words: dict[str, str], path: Path) -> None:
    """Write a :func:`lexicon` as ``word<TAB>field`` lines."""
    path.write_text("".join(f"{w}\t{k}\n" for w, k in sorted(words.items())), encoding="utf-8")


@lru_cache(maxsize=4)
def read_lexicon(path: Path) -> dict[str, str]:
    """A lexicon written by :func:`write_lexicon`."""
    return dict(line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if "\t" in line)


def lexicon_path(model: Path) -> Path:
    """Where the lexicon of a name model file lives (beside it: ``name.lexicon.tsv``)."""
    return model.with_suffix(".lexicon.tsv")


# -- features -------------------------------------------------------------------------------


def name_features(tokens: list[str], words_seen: dict[str, str] | None = None) -> list[dict]:
    """CRF features of a name's tokens: the word (:func:`~kg.extract.models._crf.word_features`),
    the field it is known in (``words_seen``, a :func:`lexicon`; the shipped model's by default),
    its place among the words and relative to the first comma, and its neighbours' words and shapes.

    >>> f = name_features(["Quill", ",", "Ada", "."], {"ada": "given"})[2]
    >>> f["lower"], f["seen"], f["comma"], f["rank"], f["-1:lower"], f["-2:seen"]
    ('ada', 'given', 'after', '1', ',', 'none')
    """
    if words_seen is None:
        words_seen = read_lexicon(lexicon_path(_crf.model_path("name")))
    words = [i for i, t in enumerate(tokens) if t[:1].isalnum()]
    comma = next((i for i, t in enumerate(tokens) if t == ","), None)
    rank = {i: n for n, i in enumerate(words)}
    n_words = str(min(len(words), 5))
    out = []
    for i, token in enumerate(tokens):
        f = word_features(token)
        f["seen"] = words_seen.get(token.lower(), "none") if len(token) > 1 else "initial"
        if i in rank:
            f["rank"] = str(min(rank[i], 3))
            f["from_end"] = str(min(len(words) - 1 - rank[i], 3))
        f["comma"] = "none" if comma is None else ("before" if i < comma else "after")
        f["words"] = n_words
        out.append(f)
    return add_neighbours(out, keys=("lower", "shape", "seen"))


# -- parsing --------------------------------------------------------------------------------


@lru_cache(maxsize=65536)
def parse_name(text: str) -> ParsedName:
    """Split one person's name into its parts with the shipped model.

    >>> parse_name("Nakamura Haruto").family, parse_name("J.-P. Moreau").given
    ('Nakamura', 'J.-P.')
    """
    tokens = tokenize(text)
    if not tokens:
        return ParsedName()
    labels = load("name").tag(name_features([t.text for t in tokens]))
    parts: dict[str, list[tuple[int, int]]] = {}
    for token, label in zip(tokens, labels):
        if label == "O":
            continue
        runs = parts.setdefault(label, [])
        if runs and all(c in " .-" for c in text[runs[-1][1]:token.start]):
            runs[-1] = (runs[-1][0], token.end)  # one stretch of text ("J.-P", "van der Berg")
        else:
            runs.append((token.start, token.end))
    values = {field: " ".join(text[s:e] for s, e in runs) for field, runs in parts.items()}
    for field, runs in parts.items():
        s, e = runs[-1]
        if text[e:e + 1] == "." and (text[e - 1:e].isupper() and (e - s == 1 or text[e - 2] in ".-") or field == "suffix"):
            values[field] += "."  # the dot that ends an initial or a suffix belongs to it ("R.", "Jr.")
    return ParsedName(**{f: values.get(f, "") for f in FIELDS})


# -- training -------------------------------------------------------------------------------


def build(data_dir: Path, path: Path) -> list[tuple[str, dict]]:
    """Train the name model on ``data_dir/grobid/name`` into ``path`` (its lexicon beside it);
    return the held-out field scores of the names as written and of the same names re-rendered
    in other styles.

    The lexicon feature of each training person comes from the other half of the people, so
    that the model learns how far to trust it for a word it has not seen.
    """
    groups, test, test_rendered = training_sets(Path(data_dir) / "grobid" / "name")
    people = [g[0] for g in groups]
    halves = (lexicon(people[1::2]), lexicon(people[0::2]))
    train_set = [(s, halves[i % 2]) for i, g in enumerate(groups) for s in g]
    _crf.train((name_features([t for t, _ in s], words) for s, words in train_set),
               ([label for _, label in s] for s, _ in train_set), path, c1=0.05, c2=0.01)
    words = lexicon(people)
    write_lexicon(words, lexicon_path(path))
    tagger = _crf.Tagger(path)
    out = []
    for title, seqs in (("name (held-out, as written)", test), ("name (held-out, re-rendered)", test_rendered)):
        predicted = [tagger.tag(name_features([t for t, _ in p], words)) for p in seqs]
        out.append((title, _crf.field_scores([[label for _, label in p] for p in seqs], predicted,
                                             ignore=frozenset({"O"}))))
    return out
