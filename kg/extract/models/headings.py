"""Which lines of a document are headings when its format does not mark them, with a CRF over its lines.

Markdown, LaTeX, HTML, org-mode and reStructuredText mark their headings, and ingestion writes
them as ``#`` lines; plain text and PDF do not. The model learns a heading from what the
marked documents show about one once the mark is hidden: a short line, title-cased or in
capitals, without a full stop or a year, often naming a section kind, between longer lines
or blank space, followed by list items or a date. It is trained on the headings of every
marked document of a folder (their own authors' markup, not a rule's reading), and
:func:`~kg.extract.sections.find_sections` asks it about the lines that carry no ``#``.

>>> from kg.model import Line
>>> lines = [Line(1, "Lina Okoro"), Line(3, "EXPERIENCE"), Line(4, "Lecturer, University of Xanadu, 2019 - 2021"),
...          Line(6, "Selected Publications"), Line(7, "L. Okoro. Tidal mixing. Coastal Letters, 2020.")]
>>> heading_lines(lines)
[False, True, False, True, False]
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Sequence

from kg.extract.models import _crf
from kg.extract.models._crf import load
from kg.extract.sections import heading_kind
from kg.extract.text import clean, is_bullet
from kg.model import Line

__all__ = ["line_shape", "heading_features", "heading_lines", "marked_headings", "read_marked", "build",
           "MARKED_FORMATS"]

#: Formats whose headings ingestion writes as ``#`` lines: the documents the model learns from.
MARKED_FORMATS = ("markdown", "latex", "html", "org", "rst")

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
#: "A. Roe", "A.B. Roe", "Roe, A." (an author as citations write one)
_INITIAL_NAME = re.compile(r"\b[A-Z]\.(?:\s?[A-Z]\.)*\s?[A-Z][a-z]+|\b[A-Z][a-z]+,\s[A-Z]\.")
_NUMBER_MARK = re.compile(r"^\s*(?:\[\w{0,3}\d{1,3}\]|\(?\d{1,3}[.)])\s")
_WORD = re.compile(r"[^\W\d_]+")
_PRONOUN = re.compile(r"\b(?:I|he|she|we|my|his|her|our)\b")
#: The ``#`` mark of a heading line and the space around it (hidden from the features).
_HEADING_MARK = re.compile(r"^\s*#+\s*")
#: Features copied from the lines either side.
_NEIGHBOUR_KEYS = ("words", "years", "bullet", "end", "caps", "titled", "kind", "first", "gap")


def _bucket(n: int, edges: tuple[int, ...]) -> str:
    """The first edge ``n`` does not exceed, or ``">last"``."""
    for edge in edges:
        if n <= edge:
            return str(edge)
    return f">{edges[-1]}"


def line_shape(raw: str) -> dict:
    """Features of one line on its own: its length, case, ending, list marker, years, names and
    words, and the section kind it names (``#`` marks are no feature: they are what is learned).

    >>> f = line_shape("- A. Roe, B. Moss. Tides. Coastal Letters, 2019.")
    >>> f["words"], f["years"], f["initials"], f["end"], f["bullet"]
    ('12', '1', '2', '.', 1.0)
    >>> line_shape("WORK EXPERIENCE")["kind"], line_shape("WORK EXPERIENCE")["caps"]
    ('experience', 1.0)
    """
    text = clean(raw)
    stripped = raw.strip()
    words = text.split()
    letters = [c for c in text if c.isalpha()]
    f: dict = {
        "words": _bucket(len(words), (1, 2, 3, 4, 6, 12, 25)),
        "end": (text[-1:] if not text[-1:].isalnum() else ("digit" if text[-1:].isdigit() else "alnum")) or "none",
        "years": _bucket(len(_YEAR.findall(text)), (0, 1, 2)),
        "initials": _bucket(len(_INITIAL_NAME.findall(text)), (0, 1, 2, 4)),
        "commas": _bucket(text.count(","), (0, 1, 3)),
        "indent": _bucket(len(raw) - len(raw.lstrip()), (0, 2, 4)),
    }
    if is_bullet(stripped):
        f["bullet"] = 1.0
    if _NUMBER_MARK.match(stripped):
        f["numbered"] = 1.0
    if len(letters) >= 3 and all(c.isupper() for c in letters):
        f["caps"] = 1.0
    if words:
        titled = sum(1 for w in words if w[:1].isupper())
        f["titled"] = _bucket(round(4 * titled / len(words)), (0, 1, 2, 3, 4))
        f["first"] = words[0].lower().strip(".,:;()[]")
        f["last"] = words[-1].lower().strip(".,:;()[]")
    for w in {w.lower() for w in _WORD.findall(text)}:
        f["w=" + w] = 1.0
    if "@" in text or "http" in raw or "www." in raw:
        f["contact"] = 1.0
    if _PRONOUN.search(text):
        f["pronoun"] = 1.0
    if ":" in text:
        f["colon"] = 1.0
    if len(words) <= 10:
        kind = heading_kind(text.rstrip(":"))
        if kind:
            f["kind"] = kind
    return f


def heading_features(lines: Sequence[Line]) -> list[dict]:
    """CRF features of a document's lines: each one's :func:`line_shape` without its ``#`` mark,
    the blank space around it, and its neighbours' shapes."""
    out = []
    for index, line in enumerate(lines):
        f = line_shape(_HEADING_MARK.sub("", line.text))
        if index and line.number - lines[index - 1].number > 1:
            f["gap"] = 1.0  # a blank line (or more) before it
        if index + 1 < len(lines) and lines[index + 1].number - line.number > 1:
            f["gap_after"] = 1.0
        out.append(f)
    base = [[(key, f[key]) for key in _NEIGHBOUR_KEYS if key in f] for f in out]
    for i, f in enumerate(out):
        for d in (-2, -1, 1, 2):
            j = i + d
            if 0 <= j < len(out):
                for key, value in base[j]:
                    f[f"{d:+d}:{key}"] = value
            else:
                f[f"{d:+d}:none"] = 1.0
    return out


def heading_lines(lines: Sequence[Line]) -> list[bool]:
    """Whether each line is a heading, by the shipped model."""
    if not lines:
        return []
    return [label == "heading" for label in load("heading").tag(heading_features(lines))]


# -- training ---------------------------------------------------------------------------------


def marked_headings(lines: Sequence[Line]) -> list[str]:
    """The labels a marked document gives its lines: ``heading`` for a ``#`` line that names a
    section kind, ``subheading`` for another ``#`` line (an employer, a school, a year), else ``other``.

    >>> marked_headings([Line(1, "# Education"), Line(2, "## University of Xanadu"), Line(3, "PhD, 2020")])
    ['heading', 'subheading', 'other']
    """
    out = []
    for line in lines:
        marked = line.text.lstrip().startswith("#")
        out.append("other" if not marked else "heading" if heading_kind(clean(line.text).rstrip(":")) else "subheading")
    return out


def read_marked(folders: Sequence[Path]) -> list[tuple[str, tuple[Line, ...]]]:
    """``(name, lines)`` of every document in ``folders`` whose format marks its headings and that has one."""
    from kg.ingest import iter_paths, load_document

    out = []
    for path in sorted(iter_paths([str(f) for f in folders if Path(f).is_dir()])):
        document = load_document(path)
        if document.format in MARKED_FORMATS and any(line.text.lstrip().startswith("#") for line in document.lines):
            out.append((Path(path).name, document.lines))
    return out


_PARAMS = {"c1": 0.1, "c2": 0.01, "max_iterations": 150}


def train_on(documents: Sequence[tuple[str, Sequence[Line]]], path: Path) -> Path:
    """Train the heading model on ``(name, lines)`` of marked documents into ``path``."""
    return _crf.train((heading_features(lines) for _, lines in documents),
                      (marked_headings(lines) for _, lines in documents), path, **_PARAMS)


def folds(names: Sequence[str], k: int) -> list[set[str]]:
    """``k`` disjoint sets of document names, every ``k``-th name of the sorted list in one.

    >>> [sorted(fold) for fold in folds(["a", "b", "c", "d", "e"], 2)]
    [['a', 'c', 'e'], ['b', 'd']]
    """
    ordered = sorted(names)
    return [set(ordered[i::k]) for i in range(k)]


def cross_validate(documents: Sequence[tuple[str, Sequence[Line]]], workdir: Path, k: int = 5):
    """Leave-documents-out scores of the heading label: for each of ``k`` folds, train on the other
    documents and tag this fold's with their marks hidden. Returns the
    :func:`~kg.extract.models._crf.field_scores` of every held-out line (one line, one field) and
    each fold's ``(model path, held-out names)``."""
    gold: list[list[str]] = []
    predicted: list[list[str]] = []
    models = []
    for n, held in enumerate(folds([name for name, _ in documents], k)):
        path = train_on([d for d in documents if d[0] not in held], Path(workdir) / f"heading-fold{n}.crfsuite")
        tagger = _crf.Tagger(path)
        for name, lines in documents:
            if name in held:
                gold += [[label] for label in marked_headings(lines)]
                predicted += [[label] for label in tagger.tag(heading_features(lines))]
        models.append((path, held))
    return _crf.field_scores(gold, predicted, ignore=frozenset({"other"})), models


def build(data_dir: Path, path: Path) -> list[tuple[str, dict]]:
    """Train the heading model on the marked documents beside ``data_dir`` (``data_dir/../eval/docs``
    and ``data_dir/../seeds``) into ``path``; return its 5-fold leave-documents-out heading scores."""
    import tempfile

    root = Path(data_dir).resolve().parent
    documents = read_marked([root / "eval" / "docs", root / "seeds"])
    with tempfile.TemporaryDirectory() as workdir:
        scores, _ = cross_validate(documents, Path(workdir))
    train_on(documents, path)
    return [(f"heading, marks hidden ({len(documents)} marked documents, 5 folds by document)", scores)]
