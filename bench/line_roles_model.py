"""The role of each line of a document (heading, citation, career entry, other), with a CRF over its lines.

An experiment kept outside the package. Wired into extraction (the lines it calls citations
outside the publication lists read as publications) it lowered the grader on documents it had
not seen; with only the lines that carry a year, it raised one document of 45 and left the rest
unchanged, at about +40% extraction time, and on CV lines written for the tests it missed a
paper listed under a job and took the job line after it for a citation. So no model file ships
and nothing in ``kg`` calls it. ``bench/line_roles.py`` trains it, scores it leaving documents
out and grades extraction with it; the figures are in ``bench/RESULTS.md``.

A document is one sequence; each line is an item whose features are its shape (length, case,
ending, list marker, ``#`` level, indentation), its markup (bold, italic, links), its dates
(years, a date range, where they stand), the shape of the names it holds (initials, "et al."),
its first and last words, the kind of the section it stands in and its place there, and the
same of its neighbours. The labels:

``heading``   a section or sub-section heading;
``citation``  a line of a publication: its title, authors or venue;
``entry``     a line of a career entry that names an organisation the person worked or studied at;
``other``     everything else: prose, abstracts, contact lines, skills, boilerplate.

There is no hand-labelled corpus of CV lines, so the labels are derived from the development
set's gold files (``../shared/eval/gold`` with their documents): a line that holds a gold
publication's title is a citation line, and so are the lines beside it in the same entry that
name its authors or venue; a short line that names a gold employer or school, in no sentence
of the first or third person, is an entry line; a
``#`` line or a line the section rules read as a known section heading is a heading
(:func:`weak_labels`). The model is scored leaving documents out (:func:`cross_validate`).

>>> from kg.model import Document, Line
>>> lines = ["# Publications", "- A. Roe, B. Moss. Tidal mixing in estuaries. J. Coast. Res., 2019.",
...          "Teaching", "Lecturer, University of Xanadu, 2019 - 2021"]
>>> doc = Document("a.md", "a.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
>>> f = line_features(doc)
>>> f[1]["years"], f[1]["initials"], f[1]["section"], f[3]["range"]
('1', '4', 'publications', 1.0)
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from kg.extract.context import normalize_name
from kg.extract.dates import find_date_range
from kg.extract.models import _crf
from kg.extract.sections import find_sections, heading_kind
from kg.extract.text import clean, is_bullet
from kg.model import Document

__all__ = ["LABELS", "line_features", "line_roles", "weak_labels", "read_documents", "train_on", "cross_validate",
           "line_scores", "folds"]

LABELS = ("heading", "citation", "entry", "other")

# -- features ---------------------------------------------------------------------------------

_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
#: "A. Roe", "A.B. Roe", "Roe, A." (an author as citations write one)
_INITIAL_NAME = re.compile(r"\b[A-Z]\.(?:\s?[A-Z]\.)*\s?[A-Z][a-z]+|\b[A-Z][a-z]+,\s[A-Z]\.")
_NUMBER_MARK = re.compile(r"^\s*(?:\[\w{0,3}\d{1,3}\]|\(?\d{1,3}[.)])\s")
_QUOTED = re.compile(r"[\"“”]")
_WORD = re.compile(r"[^\W\d_]+")
_DIGIT = re.compile(r"\d")
_PRONOUN = re.compile(r"\b(?:I|he|she|we|my|his|her|our)\b")
_ET_AL = re.compile(r"\bet\.? al\b")
#: The opening mark of Markdown emphasis (``*Venue*``, ``_Venue_``).
_ITALIC_OPENING = re.compile(r"(?<![*\w])[*_](?=\w)")
#: Features copied from the lines either side.
_NEIGHBOUR_KEYS = ("words", "years", "bullet", "hash", "end", "caps", "initials", "kind", "range", "same_source")


def _bucket(n: int, edges: tuple[int, ...]) -> str:
    """The first edge ``n`` does not exceed, or ``">last"``."""
    for edge in edges:
        if n <= edge:
            return str(edge)
    return f">{edges[-1]}"


def _one_line(raw: str, text: str) -> dict:
    stripped = raw.strip()
    words = text.split()
    years = _YEAR.findall(text)
    f: dict = {
        "words": _bucket(len(words), (1, 2, 3, 6, 12, 25, 50)),
        "end": (text[-1:] if not text[-1:].isalnum() else ("digit" if text[-1:].isdigit() else "alnum")) or "none",
        "years": _bucket(len(years), (0, 1, 2)),
        "initials": _bucket(len(_INITIAL_NAME.findall(text)) if "." in text or "," in text else 0, (0, 1, 2, 4)),
        "commas": _bucket(text.count(","), (0, 1, 3, 6)),
        "indent": _bucket(len(raw) - len(raw.lstrip()), (0, 2, 4)),
    }
    if stripped.startswith("#"):
        f["hash"] = str(len(stripped) - len(stripped.lstrip("#")))
    if is_bullet(stripped):
        f["bullet"] = 1.0
    if _NUMBER_MARK.match(stripped):
        f["numbered"] = 1.0
    if text.isupper() and len(text) >= 3:
        f["caps"] = 1.0
    if words:
        titled = sum(1 for w in words if w[:1].isupper())
        f["titled"] = _bucket(round(4 * titled / len(words)), (0, 1, 2, 3, 4))
        f["first"] = words[0].lower().strip(".,:;()[]")
        f["last"] = words[-1].lower().strip(".,:;()[]")
    for w in set(_WORD.findall(text.lower())):
        f["w=" + w] = 1.0
    if "**" in raw or "<b>" in raw or "<strong>" in raw:
        f["bold"] = 1.0
    if _ITALIC_OPENING.search(raw) or "<i>" in raw or "<em>" in raw:
        f["italic"] = 1.0
    if "](" in raw or "http" in raw or "www." in raw:
        f["link"] = 1.0
    if "@" in text:
        f["at"] = 1.0
    if _QUOTED.search(text):
        f["quoted"] = 1.0
    if _ET_AL.search(text):
        f["etal"] = 1.0
    if _PRONOUN.search(text):
        f["pronoun"] = 1.0
    if " | " in text:
        f["bars"] = 1.0
    if ":" in text:
        f["colon"] = 1.0
    if "(" in text:
        f["paren"] = 1.0
    if years:
        if text.rstrip(" .)]").endswith(years[-1]):
            f["year_end"] = 1.0
        if _YEAR.match(text):
            f["year_start"] = 1.0
    if len(words) <= 10:
        kind = heading_kind(text.rstrip(":"))
        if kind:
            f["kind"] = kind
    if _DIGIT.search(text) and find_date_range(text) is not None:
        f["range"] = 1.0
    return f


def line_features(document: Document, sections=None) -> list[dict]:
    """CRF features of every line of ``document`` (``sections``: its :func:`~kg.extract.sections.find_sections`,
    when the caller has them)."""
    lines = document.lines
    if sections is None:
        sections = find_sections(document)
    place: dict[int, tuple[str, int, int]] = {}
    for section in sections:
        kind = section.kind or "none"
        for k, index in enumerate(section.lines):
            place[index] = (kind, k, len(section.lines) - 1 - k)
        if section.heading_index is not None:
            place[section.heading_index] = (kind, -1, len(section.lines))
    out = []
    fmt = document.format
    for index, line in enumerate(lines):
        f = _one_line(line.text, clean(line.text))
        f["format"] = fmt
        kind, k, left = place.get(index, ("none", 0, 0))
        f["section"] = kind
        f["place"] = "heading" if k < 0 else _bucket(k, (0, 1, 2, 5, 10))
        f["left"] = _bucket(left, (0, 1, 2, 5))
        if index and lines[index - 1].number == line.number:
            f["same_source"] = 1.0  # one source line (a LaTeX entry, an HTML paragraph) read as several
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


def line_roles(tagger: _crf.Tagger, document: Document, sections=None) -> list[str]:
    """The role (one of :data:`LABELS`) of every line of ``document``, by a trained model (:func:`train_on`)."""
    if not document.lines:
        return []
    return tagger.tag(line_features(document, sections))


# -- weak labels from gold files ---------------------------------------------------------------

_CAREER = ("workedAt", "studiedAt")


def _tokens(text: str) -> set[str]:
    return {w for w in normalize_name(text).split() if len(w) >= 3}


def weak_labels(document: Document, gold: dict) -> list[str]:
    """The label of each line of ``document`` derived from its gold file (see the module's docstring).

    >>> from kg.model import Document, Line
    >>> lines = ["# Publications", "Tidal mixing in estuaries", "A. Roe and B. Moss", "J. Coast. Res. 2019",
    ...          "We measured the tides of six estuaries over ten years and found them to mix.",
    ...          "# Experience", "Lecturer, University of Xanadu, 2019 - 2021"]
    >>> doc = Document("a.md", "a.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
    >>> gold = {"entities": [{"name": "Tidal mixing in estuaries", "type": "Publication"},
    ...                      {"name": "University of Xanadu", "type": "University"}],
    ...         "relations": [{"subject": "Ana Roe", "predicate": "authored", "object": "Tidal mixing in estuaries"},
    ...                       {"subject": "Ben Moss", "predicate": "authored", "object": "Tidal mixing in estuaries"},
    ...                       {"subject": "Tidal mixing in estuaries", "predicate": "publishedIn", "object": "J. Coast. Res."},
    ...                       {"subject": "Ana Roe", "predicate": "workedAt", "object": "University of Xanadu"}]}
    >>> weak_labels(doc, gold)
    ['heading', 'citation', 'citation', 'citation', 'other', 'heading', 'entry']
    """
    entities = {e["name"]: e for e in gold.get("entities", [])}
    relations = gold.get("relations", [])
    lines = document.lines
    texts = [clean(line.text) for line in lines]
    normed = [f" {normalize_name(t)} " for t in texts]
    labels = ["other"] * len(lines)
    for section in find_sections(document):
        if section.heading_index is not None and (section.kind or lines[section.heading_index].text.lstrip().startswith("#")):
            labels[section.heading_index] = "heading"
    for index, line in enumerate(lines):
        if line.text.lstrip().startswith("#"):
            labels[index] = "heading"
    # citations: the title's line, then the lines beside it that name the paper's authors or venue
    for name, entity in entities.items():
        if entity.get("type") != "Publication":
            continue
        titles = [normalize_name(t) for t in (name, *entity.get("aliases", ())) if normalize_name(t)]
        related = set()
        for r in relations:
            if r["object"] == name and r["predicate"] == "authored":
                related |= _tokens(r["subject"])
            if r["subject"] == name and r["predicate"] == "publishedIn":
                related |= _tokens(r["object"])
        for index, n in enumerate(normed):
            if labels[index] == "heading":
                continue
            line = n.strip()
            if not any(t[:40] in n or (len(line) >= 20 and line in t) for t in titles):
                continue
            labels[index] = "citation"
            for step in (-1, 1):
                j = index + step
                while 0 <= j < len(lines) and abs(j - index) <= 3 and labels[j] == "other" and (
                        lines[j].number == lines[index].number and len(texts[j].split()) <= 25
                        or related & set(normed[j].split())) and not _PRONOUN.search(texts[j]):
                    labels[j] = "citation"
                    j += step
    # career entries: a short line naming a gold employer or school (not a sentence of a biography)
    places = set()
    for r in relations:
        if r["predicate"] in _CAREER:
            entity = entities.get(r["object"], {"name": r["object"]})
            places |= {normalize_name(n) for n in (entity["name"], *entity.get("aliases", ())) if len(normalize_name(n)) >= 3}
    for index, n in enumerate(normed):
        if labels[index] == "other" and len(texts[index]) <= 200 and not _PRONOUN.search(texts[index]) \
                and any(f" {p} " in n for p in places):
            labels[index] = "entry"
    return labels


def read_documents(eval_dir: Path, extra_docs: tuple[Path, ...] = ()) -> list[tuple[str, Document, list[str]]]:
    """``(name, document, weak labels)`` of every gold file in ``eval_dir/gold`` whose document is in
    ``eval_dir/docs`` or one of ``extra_docs``, in name order."""
    from kg.ingest import load_document

    folders = [Path(eval_dir) / "docs", *map(Path, extra_docs)]
    out = []
    for gold_path in sorted((Path(eval_dir) / "gold").glob("*.json")):
        gold = json.loads(gold_path.read_text(encoding="utf-8"))
        source = next((folder / gold["document"] for folder in folders if (folder / gold["document"]).exists()), None)
        if source is None:
            continue
        document = load_document(source)
        if document.lines:
            out.append((gold["document"], document, weak_labels(document, gold)))
    return out


# -- training and evaluation ------------------------------------------------------------------

_PARAMS = {"c1": 0.2, "c2": 0.01, "max_iterations": 150, "feature_minfreq": 2}


def train_on(documents: list[tuple[str, Document, list[str]]], path: Path) -> Path:
    """Train a line model on ``(name, document, labels)`` triples into ``path``."""
    return _crf.train((line_features(d) for _, d, _ in documents), (y for _, _, y in documents), path, **_PARAMS)


def line_scores(gold: list[list[str]], predicted: list[list[str]]) -> dict[str, tuple[float, float, float, int]]:
    """Per-label precision, recall and F1 over lines, in :func:`~kg.extract.models._crf.field_scores`' shape
    (``"ALL"``: the lines of every label but ``other``).

    >>> line_scores([["citation", "other", "citation"]], [["citation", "citation", "other"]])["citation"]
    (0.5, 0.5, 0.5, 2)
    """
    tp: dict[str, int] = {}
    n_gold: dict[str, int] = {}
    n_pred: dict[str, int] = {}
    for g_seq, p_seq in zip(gold, predicted, strict=True):
        for g, p in zip(g_seq, p_seq, strict=True):
            n_gold[g] = n_gold.get(g, 0) + 1
            n_pred[p] = n_pred.get(p, 0) + 1
            if g == p:
                tp[g] = tp.get(g, 0) + 1

    def prf(t: int, g: int, p: int) -> tuple[float, float, float, int]:
        precision, recall = (t / p if p else 0.0), (t / g if g else 0.0)
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        return round(precision, 3), round(recall, 3), round(f1, 3), g

    out = {label: prf(tp.get(label, 0), n_gold.get(label, 0), n_pred.get(label, 0)) for label in LABELS if label in n_gold}
    roles = [label for label in LABELS if label != "other"]
    out["ALL"] = prf(*(sum(c.get(label, 0) for label in roles) for c in (tp, n_gold, n_pred)))
    return out


def folds(names: list[str], k: int) -> list[set[str]]:
    """``k`` disjoint sets of document names, every ``k``-th name of the sorted list in one.

    >>> [sorted(fold) for fold in folds(["a", "b", "c", "d", "e"], 2)]
    [['a', 'c', 'e'], ['b', 'd']]
    """
    ordered = sorted(names)
    return [set(ordered[i::k]) for i in range(k)]


def cross_validate(documents: list[tuple[str, Document, list[str]]], workdir: Path, k: int = 5):
    """Leave-documents-out scores: for each of ``k`` folds, train on the other documents and tag this
    fold's. Returns ``(scores, fold models)``: :func:`line_scores` of every held-out line, and the
    path of each fold's model with the names of the documents it did not see."""
    gold, predicted, models = [], [], []
    for n, held in enumerate(folds([name for name, _, _ in documents], k)):
        path = train_on([d for d in documents if d[0] not in held], Path(workdir) / f"line-fold{n}.crfsuite")
        tagger = _crf.Tagger(path)
        for name, document, labels in documents:
            if name in held:
                gold.append(labels)
                predicted.append(tagger.tag(line_features(document)))
        models.append((path, held))
    return line_scores(gold, predicted), models
