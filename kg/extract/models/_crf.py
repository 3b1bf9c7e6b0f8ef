"""The shared base of the learned sequence labellers: tokens, word features, CRF training, tagging, evaluation.

Each model (``citation``, ``name``, ``affiliation``, ...) is a linear-chain CRF over
python-crfsuite. A model module turns its text into tokens (:func:`tokenize`), each token
into a feature dict or a list of crfsuite attribute strings (using :func:`word_features` and its
own features), and calls :func:`train` to write a model file, or :func:`load` to tag with a shipped one.
Shipped model files live in ``kg/extract/models/data/<name>.crfsuite`` and are opened once
per process.

>>> [t.text for t in tokenize("Lovelace, A. (1843). Notes.")]
['Lovelace', ',', 'A', '.', '(', '1843', ')', '.', 'Notes', '.']
>>> shape("McCarthy"), shape("1843"), shape("ACM")
('XxXx', 'd', 'X')
>>> spans(["author", "author", "title", "title", "date"])
[('author', 0, 2), ('title', 2, 4), ('date', 4, 5)]
"""
from __future__ import annotations

import os
import re
import threading
from functools import lru_cache
from itertools import groupby
from pathlib import Path
from typing import Iterable, NamedTuple, Sequence

import pycrfsuite

from kg.extract.text import cached_copy

__all__ = ["Token", "tokenize", "shape", "word_features", "add_neighbours", "add_neighbour_attributes", "train", "Tagger", "load",
           "model_path", "spans", "field_scores", "format_scores", "DATA_DIR"]

DATA_DIR = Path(__file__).parent / "data"

# A word (letters, digits, apostrophes and hyphens inside it), or any one other visible character.
TOKEN = re.compile(r"[^\W_]+(?:['’\-][^\W_]+)*|\S", re.UNICODE)


class Token(NamedTuple):
    """A token and where it sits in the text it came from (``text[start:end] == token.text``); a named tuple,
    made twice as fast as a frozen dataclass (a reference list makes thousands)."""
    text: str
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into words and single punctuation marks, keeping their offsets.

    >>> [(t.text, t.start) for t in tokenize("O'Neil-Smith: pp. 3-9")]
    [("O'Neil-Smith", 0), (':', 12), ('pp', 14), ('.', 16), ('3-9', 18)]
    """
    # findall and str.find: a match object and a named tuple's __new__ per token cost more than the regex. Only
    # whitespace lies between two tokens (any other character is one), so a token's text first occurs where it starts
    out = []
    pos = 0
    for word in _FINDALL(text):
        pos = text.find(word, pos)
        out.append(_new_tuple(Token, (word, pos, pos := pos + len(word))))
    return out


_FINDALL = TOKEN.findall
_new_tuple = tuple.__new__


_SHAPE_UPPER = re.compile(r"[A-ZÀ-ÞĀ-Ž]+")
_SHAPE_LOWER = re.compile(r"[a-zß-ÿā-ž]+")
_SHAPE_DIGIT = re.compile(r"\d+")


def shape(word: str) -> str:
    """The word's letter classes with runs collapsed: ``X`` upper, ``x`` lower, ``d`` digit.

    >>> shape("arXiv"), shape("3-9"), shape("Über")
    ('xXx', 'd-d', 'Xx')
    """
    s = _SHAPE_DIGIT.sub("d", _SHAPE_LOWER.sub("x", _SHAPE_UPPER.sub("X", word)))
    return s[:8]


@cached_copy(1 << 16, copy=dict)  # an affiliation's or a name's words recur: each is read once, a copy is changed
def word_features(word: str) -> dict[str, str | float]:
    """Features of one word alone: the word, its lower case, shape, affixes and character classes.

    >>> f = word_features("Proc.")
    >>> f["lower"], f["shape"], f["p2"], f["s3"], f["cap"]
    ('proc.', 'Xx.', 'pr', 'oc.', 1.0)
    """
    lower = word.lower()
    f: dict[str, str | float] = {
        "w": word,
        "lower": lower,
        "shape": shape(word),
        "p1": lower[:1], "p2": lower[:2], "p3": lower[:3],
        "s1": lower[-1:], "s2": lower[-2:], "s3": lower[-3:],
        "len": str(min(len(word), 8)),
    }
    if word[:1].isupper():
        f["cap"] = 1.0
    if word.isupper() and len(word) > 1:
        f["allcap"] = 1.0
    if word.isdigit():
        f["digits"] = str(len(word))
    elif any(ch.isdigit() for ch in word):
        f["hasdigit"] = 1.0
    if not word[:1].isalnum():
        f["punct"] = word
    return f


def add_neighbour_attributes(features: list[list[str]], given: Sequence[dict[int, Sequence[str]]]) -> list[list[str]]:
    """Extend each token's crfsuite attribute strings with what its neighbours tell it, in :func:`add_neighbours`'s
    order (-1, +1, -2, +2), and mark the sequence ends with ``BOS``/``EOS``; ``given[i][d]`` is what token ``i``
    tells the token at offset ``-d`` from it (``given[i][-1]`` goes to the token after it).

    >>> add_neighbour_attributes([["w:a"], ["w:b"]], [{-1: ("-1:a",), 1: ("+1:a",)}, {-1: ("-1:b",), 1: ("+1:b",)}])
    [['w:a', '+1:b', 'BOS'], ['w:b', '-1:a', 'EOS']]
    """
    n = len(features)
    for i, f in enumerate(features):
        if i:
            f.extend(given[i - 1][-1])
        if i + 1 < n:
            f.extend(given[i + 1][1])
        if i > 1:
            f.extend(given[i - 2][-2])
        if i + 2 < n:
            f.extend(given[i + 2][2])
    if n:
        features[0].append("BOS")
        features[-1].append("EOS")
    return features


def add_neighbours(features: list[dict], keys: Sequence[str] = ("lower", "shape"), window: int = 2) -> list[dict]:
    """Copy the given features of the tokens up to ``window`` either side into each token (as ``-1:lower`` etc.).

    Marks the sequence ends with ``BOS``/``EOS``.

    >>> fs = add_neighbours([{"lower": "a"}, {"lower": "b"}], keys=("lower",), window=1)
    >>> fs[0]["BOS"], fs[0]["+1:lower"], fs[1]["-1:lower"], fs[1]["EOS"]
    (1.0, 'b', 'a', 1.0)
    """
    n = len(features)
    base = [[(k, f[k]) for k in keys if k in f] for f in features]
    names = _neighbour_names(tuple(keys), window)
    for i, f in enumerate(features):
        for d in range(1, window + 1):
            if i - d >= 0:
                before = names[-d]
                for k, v in base[i - d]:
                    f[before[k]] = v
            if i + d < n:
                after = names[d]
                for k, v in base[i + d]:
                    f[after[k]] = v
    if n:
        features[0]["BOS"] = 1.0
        features[-1]["EOS"] = 1.0
    return features


@lru_cache(maxsize=16)
def _neighbour_names(keys: tuple[str, ...], window: int) -> dict[int, dict[str, str]]:
    """``{-1: {"lower": "-1:lower", ...}, 1: {"lower": "+1:lower", ...}, ...}``."""
    return {d: {k: f"{'+' if d > 0 else '-'}{abs(d)}:{k}" for k in keys}
            for d in [*range(-window, 0), *range(1, window + 1)]}


def train(sequences: Iterable[list[dict]], labels: Iterable[list[str]], path: str | Path, **params) -> Path:
    """Train a CRF (L-BFGS) on feature sequences and their labels and write the model file to ``path``.

    ``params`` are crfsuite's training parameters (``c1``, ``c2``, ``max_iterations``,
    ``feature.minfreq``, ...); pass dotted names as ``feature_minfreq``.

    >>> import tempfile, os
    >>> xs = [[{"w": "Ada"}, {"w": "1843"}], [{"w": "1843"}, {"w": "Ada"}]] * 3
    >>> ys = [["author", "date"], ["date", "author"]] * 3
    >>> p = train(xs, ys, os.path.join(tempfile.mkdtemp(), "m.crfsuite"), max_iterations=20)
    >>> Tagger(p).tag([{"w": "1843"}, {"w": "Ada"}])
    ['date', 'author']
    """
    trainer = pycrfsuite.Trainer(verbose=False)
    for x, y in zip(sequences, labels, strict=True):
        trainer.append(pycrfsuite.ItemSequence(x), y)
    settings = {"c1": 0.1, "c2": 0.01, "max_iterations": 200, "feature.possible_transitions": True}
    settings.update({k.replace("_", ".", 1) if k.startswith("feature_") else k: v for k, v in params.items()})
    trainer.set_params(settings)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(path))
    return path


class Tagger:
    """An opened model file; :meth:`tag` labels one feature sequence.

    Not thread-safe (crfsuite's tagger keeps state); :func:`load` gives one per process and thread.
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self._tagger = pycrfsuite.Tagger()
        self._tagger.open(str(self.path))

    def tag(self, features: list[dict] | list[list[str]]) -> list[str]:
        """The most likely label of each token (an empty sequence gives ``[]``)."""
        if not features:
            return []
        return self._tagger.tag(features)  # not through an ItemSequence, which crfsuite would copy once more

    def labels(self) -> list[str]:
        """The labels the model knows."""
        return list(self._tagger.labels())


def model_path(name: str) -> Path:
    """Where the shipped model ``name`` lives (``kg/extract/models/data/<name>.crfsuite``)."""
    return DATA_DIR / f"{name}.crfsuite"


_LOADED: dict[tuple[str, int], Tagger] = {}
# a worker process opens its own: a forked child forgets the parent's (os.getpid() on every call was a system call
# per reference tagged)
os.register_at_fork(after_in_child=_LOADED.clear)


def load(name: str) -> Tagger:
    """The shipped model ``name``, opened once per process (and thread: worker processes open their own).

    Raises ``FileNotFoundError`` when the model was never trained (``python -m kg.extract.models.train``).
    """
    key = (name, threading.get_ident())
    tagger = _LOADED.get(key)
    if tagger is None:
        path = model_path(name)
        if not path.exists():
            raise FileNotFoundError(f"no trained model {path}; run python -m kg.extract.models.train")
        tagger = _LOADED[key] = Tagger(path)
    return tagger


def spans(labels: Sequence[str]) -> list[tuple[str, int, int]]:
    """The runs of equal labels as ``(label, start, end)`` token ranges (end exclusive)."""
    out: list[tuple[str, int, int]] = []
    start = 0
    for label, run in groupby(labels):  # a few runs a sequence: one step each, not one a token
        end = start + len(list(run))
        out.append((label, start, end))
        start = end
    return out


def field_scores(gold: Iterable[Sequence[str]], predicted: Iterable[Sequence[str]],
                 ignore: frozenset[str] = frozenset(), spans_of=spans) -> dict[str, tuple[float, float, float, int]]:
    """Field-level precision, recall and F1 per label: a field counts when its whole span matches exactly;
    ``spans_of`` reads a label sequence's fields (default :func:`spans`, the runs of equal labels).

    Returns ``{label: (precision, recall, f1, gold count)}`` and ``"ALL"`` (micro-averaged).

    >>> s = field_scores([["a", "a", "t", "t"]], [["a", "a", "t", "o"]])
    >>> s["a"], s["t"][:3], s["ALL"][2]
    ((1.0, 1.0, 1.0, 1), (0.0, 0.0, 0.0), 0.4)
    """
    tp: dict[str, int] = {}
    n_gold: dict[str, int] = {}
    n_pred: dict[str, int] = {}
    for g, p in zip(gold, predicted, strict=True):
        gs = {s for s in spans_of(g) if s[0] not in ignore}
        ps = {s for s in spans_of(p) if s[0] not in ignore}
        for s in gs:
            n_gold[s[0]] = n_gold.get(s[0], 0) + 1
        for s in ps:
            n_pred[s[0]] = n_pred.get(s[0], 0) + 1
        for s in gs & ps:
            tp[s[0]] = tp.get(s[0], 0) + 1

    def prf(t: int, g: int, p: int) -> tuple[float, float, float, int]:
        precision = t / p if p else 0.0
        recall = t / g if g else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        return round(precision, 3), round(recall, 3), round(f1, 3), g

    out = {label: prf(tp.get(label, 0), n_gold.get(label, 0), n_pred.get(label, 0))
           for label in sorted(set(n_gold) | set(n_pred))}
    out["ALL"] = prf(sum(tp.values()), sum(n_gold.values()), sum(n_pred.values()))
    return out


def format_scores(scores: dict[str, tuple[float, float, float, int]], title: str = "") -> str:
    """A Markdown table of :func:`field_scores`.

    >>> print(format_scores({"title": (0.9, 0.8, 0.847, 10)}, "demo"))
    | demo | precision | recall | F1 | fields |
    |---|---|---|---|---|
    | title | 0.900 | 0.800 | 0.847 | 10 |
    """
    rows = [f"| {title} | precision | recall | F1 | fields |", "|---|---|---|---|---|"]
    rows += [f"| {label} | {p:.3f} | {r:.3f} | {f:.3f} | {n} |" for label, (p, r, f, n) in scores.items()]
    return "\n".join(rows)
