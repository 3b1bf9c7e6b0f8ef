"""Grade extraction against hand-annotated documents: the library side of ``kg evaluate``.

A gold file is what a perfect ``kg extract FILE --format json`` would print for one document,
written by hand and named after it (``cv.md`` is graded by ``cv.md.json``): ``subject``, a list
of ``entities`` (``name``, ``type``, optional ``aliases``) and a list of ``relations``
(``subject``, ``predicate``, ``object``, optional ``start`` / ``end``). An item marked
``"optional": true`` is ambiguous: predicting it or not costs nothing.

How a prediction is graded:

- Entities match by name or alias, compared as :func:`name_key` writes them (case, punctuation
  and accents ignored, "&" read as "and", a leading "the" dropped, and word order too except in
  person names), or by a fuzzy ratio of at least :data:`FUZZY_MIN`; each gold entity matches at
  most one predicted entity of its coarse class (:data:`COARSE_CLASS`). A second prediction of
  the same entity is a false one.
- Relations match by (subject, predicate, object) after entity matching; ``coauthored`` in
  either direction. A position or study at an organisation that contains the gold one (through
  the gold ``partOf`` relations) is never a false one, and finds one such gold relation that
  nothing else found.
- Counts are summed over documents (micro-averaged) per class and per predicate; the relation
  F1 of each document and their mean (the macro F1, over documents with relations to find or
  found) show how evenly extraction works.
- Dates: the share of matched positions and studies with dates in the gold whose start and end
  agree. Subject found: documents whose predicted subject is the gold subject.

>>> gold = {"document": "cv.txt", "subject": "Ada Quill", "entities": [
...     {"name": "Ada Quill", "type": "Person"},
...     {"name": "University of Nowhere", "type": "University", "aliases": ["UoN"]}],
...     "relations": [{"subject": "Ada Quill", "predicate": "studiedAt",
...                    "object": "University of Nowhere", "start": "2001", "end": "2005"}]}
>>> predicted = {"subject": "Ada Quill", "entities": [
...     {"name": "Ada Quill", "type": "Person"}, {"name": "UoN", "type": "University"}],
...     "relations": [{"subject": "Ada Quill", "predicate": "studiedAt", "object": "UoN",
...                    "start": "2001"}]}
>>> score = score_document(gold, predicted)
>>> score.relation_counts().f1, score.subject_found, score.dates
(1.0, True, (0, 1))
"""
from __future__ import annotations

import json
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from rapidfuzz import fuzz

from kg.errors import KgError

__all__ = [
    "COARSE_CLASS", "FUZZY_MIN", "PUBLICATION_PREDICATES", "Counts", "DocumentScore", "Report",
    "name_key", "score_document", "evaluate",
]

COARSE_CLASS = {
    "Person": "Person",
    "University": "Organization", "Company": "Organization", "Lab": "Organization", "Institute": "Organization",
    "Venue": "Venue",
    "Project": "Project",
    "Publication": "Publication",
}
"""Entity types graded together: telling a lab from a company is not counted against a match."""

FUZZY_MIN = 90
"""The least rapidfuzz ratio (0-100) between two name keys that still names one entity."""

PUBLICATION_PREDICATES = frozenset({"authored", "coauthored", "publishedIn"})
"""Relations read from publication lists; every other predicate is a career relation."""

_AFFILIATIONS = frozenset({"workedAt", "studiedAt"})
_SYMMETRIC = frozenset({"coauthored"})
_PRESENT = frozenset({"present", "now", "current", "today", "ongoing"})


def name_key(name: str, person: bool = False) -> str:
    """The form in which two names are compared: no case, accents, punctuation or leading "the"; words sorted unless ``person``.

    >>> name_key("Université de Nulle-Part")
    'de nulle part universite'
    >>> name_key("Quill, Ada"), name_key("Ada Quill", person=True)
    ('ada quill', 'ada quill')
    >>> name_key("The Quillon Arts & Letters Society") == name_key("Quillon Arts and Letters Society")
    True
    """
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    words = "".join(c if c.isalnum() else " " for c in plain.replace("&", " and ")).split()
    # A leading article is style, not name ("The Quillon Institute" is the Quillon Institute).
    if words[:1] == ["the"] and len(words) > 1:
        words = words[1:]
    return " ".join(words if person else sorted(words))


@dataclass(frozen=True)
class Counts:
    """True positives, false positives and false negatives, with precision, recall and F1.

    >>> c = Counts(3, 1, 2)
    >>> round(c.precision, 3), round(c.recall, 3), round(c.f1, 3)
    (0.75, 0.6, 0.667)
    """

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: "Counts") -> "Counts":
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float:
        """Precision; with nothing predicted, 1.0 if there was nothing to find either."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else float(not self.fn)

    @property
    def recall(self) -> float:
        """Recall; with nothing to find, 1.0 if nothing was wrongly found either."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else float(not self.fp)

    @property
    def f1(self) -> float:
        """F1; 1.0 when there was nothing to find and nothing was found."""
        if not (self.tp or self.fp or self.fn):
            return 1.0
        return 2 * self.tp / (2 * self.tp + self.fp + self.fn)


def _total(counts: Iterable[Counts]) -> Counts:
    return sum(counts, Counts())


@dataclass
class DocumentScore:
    """How one document's extraction compares with its gold file.

    ``entities`` and ``relations`` hold :class:`Counts` per coarse class and per predicate;
    ``subject_found`` is None when the gold leaves the subject open; ``types`` and ``dates`` are
    (agreeing, compared) pairs; ``misses`` lists every false and missed item, as text.
    """

    document: str
    entities: dict[str, Counts] = field(default_factory=dict)
    relations: dict[str, Counts] = field(default_factory=dict)
    subject_found: bool | None = None
    types: tuple[int, int] = (0, 0)
    dates: tuple[int, int] = (0, 0)
    misses: list[str] = field(default_factory=list)
    error: str | None = None

    def relation_counts(self, predicates: Iterable[str] | None = None) -> Counts:
        """The relation counts summed over ``predicates`` (all by default)."""
        keep = set(self.relations) if predicates is None else set(predicates)
        return _total(c for p, c in self.relations.items() if p in keep)


@dataclass
class _Entity:
    name: str
    type: str
    keys: frozenset[str]
    optional: bool = False
    id: str | None = None

    @property
    def coarse(self) -> str:
        return COARSE_CLASS.get(self.type, self.type)

    @classmethod
    def read(cls, item: Any) -> "_Entity | None":
        name = str(item.get("name") or "").strip() if isinstance(item, Mapping) else ""
        if not name:
            return None
        kind = str(item.get("type") or "")
        aliases = item.get("aliases") or ()
        names = [name, *([aliases] if isinstance(aliases, str) else map(str, aliases))]
        keys = frozenset(k for k in (name_key(n, kind == "Person") for n in names) if k)
        return cls(name, kind, keys, bool(item.get("optional")), item.get("id"))


def _similarity(a: _Entity, b: _Entity) -> float:
    if a.keys & b.keys:
        return 100.0
    return max((fuzz.ratio(x, y) for x in a.keys for y in b.keys), default=0.0)


class _NameIndex:
    """The entities of one document, found by a name that a relation gives (a person's name first)."""

    def __init__(self, entities: list[_Entity]):
        self.entities = entities
        self._people: dict[str, int] = {}
        self._others: dict[str, int] = {}
        for i, entity in enumerate(entities):
            for key in entity.keys:
                (self._people if entity.type == "Person" else self._others).setdefault(key, i)

    def find(self, name: str) -> int | None:
        found = self._people.get(name_key(name, person=True))
        return found if found is not None else self._others.get(name_key(name))

    def closest(self, probe: _Entity) -> int | None:
        """The gold entity most like ``probe`` (any class), if any is close enough."""
        scored = [(_similarity(probe, g), i) for i, g in enumerate(self.entities)]
        best = max(scored, default=(0.0, None))
        return best[1] if best[0] >= FUZZY_MIN else None


def _align(predicted: list[_Entity], gold: list[_Entity]) -> dict[int, int]:
    """Predicted index -> gold index, one to one within a coarse class, best similarity first."""
    pairs = []
    for i, p in enumerate(predicted):
        for j, g in enumerate(gold):
            if p.coarse == g.coarse:
                score = _similarity(p, g)
                if score >= FUZZY_MIN:
                    # an exact main name wins a tie over a match through an alias
                    pairs.append((-score, p.name != g.name, i, j))
    aligned: dict[int, int] = {}
    taken: set[int] = set()
    for _, _, i, j in sorted(pairs):
        if i not in aligned and j not in taken:
            aligned[i] = j
            taken.add(j)
    return aligned


def _dates(relation: Mapping[str, Any]) -> tuple[str, str]:
    def norm(value: Any) -> str:
        text = str(value or "").strip().lower()
        return "present" if text in _PRESENT else text

    return norm(relation.get("start")), norm(relation.get("end"))


def _span(relation: Mapping[str, Any]) -> str:
    start, end = _dates(relation)
    return f"{start or '?'} to {end or '?'}"


def _relations(extraction: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The relations that name a subject, a predicate and an object (others cannot be graded)."""
    return [r for r in extraction.get("relations") or ()
            if isinstance(r, Mapping) and all(r.get(k) for k in ("subject", "predicate", "object"))]


def _triple(subject, predicate: str, obj) -> tuple:
    if predicate in _SYMMETRIC:
        subject, obj = sorted((subject, obj), key=repr)
    return subject, predicate, obj


def score_document(gold: Mapping[str, Any], predicted: Mapping[str, Any]) -> DocumentScore:
    """Grade one prediction (``kg extract``'s JSON, relations by name or entity id) against its gold file."""
    score = DocumentScore(str(gold.get("document") or predicted.get("document") or ""))
    gold_entities = [e for e in map(_Entity.read, gold.get("entities") or ()) if e]
    pred_entities = [e for e in map(_Entity.read, predicted.get("entities") or ()) if e]
    index = _NameIndex(gold_entities)

    # entities
    aligned = _align(pred_entities, gold_entities)
    entity_counts: dict[str, Counts] = defaultdict(Counts)
    for i, p in enumerate(pred_entities):
        if i in aligned:
            if not gold_entities[aligned[i]].optional:
                entity_counts[p.coarse] += Counts(tp=1)
            continue
        twin = index.closest(p)
        if twin is not None and gold_entities[twin].coarse != p.coarse:
            twin = None
        if twin is not None and gold_entities[twin].optional:
            continue
        entity_counts[p.coarse] += Counts(fp=1)
        again = f" (again {gold_entities[twin].name})" if twin is not None else ""
        score.misses.append(f"{'false entity':<15} {p.type:<12} {p.name}{again}")
    matched_gold = set(aligned.values())
    for j, g in enumerate(gold_entities):
        if j not in matched_gold and not g.optional:
            entity_counts[g.coarse] += Counts(fn=1)
            score.misses.append(f"{'missed entity':<15} {g.type:<12} {g.name}")
    same_type = sum(pred_entities[i].type == gold_entities[j].type for i, j in aligned.items())
    score.types = (same_type, len(aligned))
    score.entities = dict(entity_counts)

    # the node each name stands for: a gold entity's index, or the name itself when no entity has it
    def unlisted(name: str) -> tuple[str, str]:
        return "unlisted", name_key(name, person=True)

    def gold_node(name: str):
        found = index.find(name)
        return found if found is not None else unlisted(name)

    by_id = {p.id: i for i, p in enumerate(pred_entities) if p.id}
    pred_index = _NameIndex(pred_entities)

    def pred_node(name: str):
        i = by_id.get(name)
        if i is None:
            i = pred_index.find(name)
        if i is not None and i in aligned:
            return aligned[i]
        # a second mention of a gold entity (or a name with no entity) still names it in relations
        keys = frozenset((name_key(name, person=True), name_key(name)))
        probe = pred_entities[i] if i is not None else _Entity(name, "", keys)
        closest = index.closest(probe)
        return closest if closest is not None else unlisted(name)

    # relations
    id_names = {p.id: p.name for p in pred_entities if p.id}

    def said(relation: Mapping[str, Any]) -> str:
        s, o = (id_names.get(str(relation[k]), relation[k]) for k in ("subject", "object"))
        return f"{relation['predicate']}: {s} -> {o}"

    gold_relations: dict[tuple, dict[str, Any]] = {}
    for r in _relations(gold):
        t = _triple(gold_node(str(r["subject"])), str(r["predicate"]), gold_node(str(r["object"])))
        if t not in gold_relations or gold_relations[t].get("optional"):
            gold_relations[t] = r
    pred_relations: dict[tuple, list[Mapping[str, Any]]] = defaultdict(list)
    for r in _relations(predicted):
        t = _triple(pred_node(str(r["subject"])), str(r["predicate"]), pred_node(str(r["object"])))
        pred_relations[t].append(r)

    parents: dict[Any, set] = defaultdict(set)
    for s, p, o in gold_relations:
        if p == "partOf":
            parents[s].add(o)

    def ancestors(node) -> set:
        seen, todo = set(), [node]
        while todo:
            for parent in parents.get(todo.pop(), ()):
                if parent not in seen:
                    seen.add(parent)
                    todo.append(parent)
        return seen

    def accepted_for(t: tuple) -> list[tuple]:
        """Gold affiliations that the predicted ``t`` states at a containing organisation."""
        s, p, o = t
        if p not in _AFFILIATIONS:
            return []
        return [g for g in gold_relations if g[0] == s and g[1] == p and o in ancestors(g[2])]

    found: dict[tuple, tuple] = {t: t for t in gold_relations if t in pred_relations}
    relation_counts: dict[str, Counts] = defaultdict(Counts)
    for t in pred_relations:
        if t in gold_relations:
            continue
        stands_for = accepted_for(t)
        # a position at the university stands for one position at one of its labs, not for all
        unfound = [g for g in stands_for if g not in found]
        if unfound:
            found[unfound[0]] = t
        if not stands_for:
            relation_counts[t[1]] += Counts(fp=1)
            score.misses.append(f"{'false relation':<15} {said(pred_relations[t][0])}")
    agree = compared = 0
    for t, r in gold_relations.items():
        if r.get("optional"):
            continue
        if t not in found:
            relation_counts[t[1]] += Counts(fn=1)
            score.misses.append(f"{'missed relation':<15} {said(r)}")
            continue
        relation_counts[t[1]] += Counts(tp=1)
        if t[1] in _AFFILIATIONS and any(_dates(r)):
            compared += 1
            if any(_dates(p) == _dates(r) for p in pred_relations[found[t]]):
                agree += 1
            else:
                stated = ", ".join(sorted({_span(p) for p in pred_relations[found[t]]}))
                score.misses.append(f"{'dates differ':<15} {said(r)}: {_span(r)} in the gold, {stated} found")
    score.dates = (agree, compared)
    score.relations = dict(relation_counts)

    # the subject
    subject = str(gold.get("subject") or "")
    subject_node = index.find(subject) if subject else None
    if subject_node is not None and not gold_entities[subject_node].optional:
        score.subject_found = pred_node(str(predicted.get("subject") or "")) == subject_node
    return score


@dataclass
class Report:
    """The grades of a set of documents, summed and per document (``kg evaluate``).

    ``missing`` names gold files whose document was not found.
    """

    documents: list[DocumentScore]
    missing: list[str] = field(default_factory=list)

    def entity_counts(self) -> dict[str, Counts]:
        """Counts per coarse entity class, over all documents."""
        return _sum_by_key(d.entities for d in self.documents)

    def relation_counts(self) -> dict[str, Counts]:
        """Counts per predicate, over all documents."""
        return _sum_by_key(d.relations for d in self.documents)

    @property
    def entity_f1(self) -> float:
        return _total(self.entity_counts().values()).f1

    @property
    def relation_f1(self) -> float:
        return _total(self.relation_counts().values()).f1

    @property
    def publication_f1(self) -> float:
        """Relation F1 over ``authored``, ``coauthored`` and ``publishedIn``."""
        return _total(c for p, c in self.relation_counts().items() if p in PUBLICATION_PREDICATES).f1

    @property
    def career_f1(self) -> float:
        """Relation F1 over every other predicate: positions, studies, advisors, units, projects."""
        return _total(c for p, c in self.relation_counts().items() if p not in PUBLICATION_PREDICATES).f1

    def _relation_documents(self) -> list[Counts]:
        return [c for c in (d.relation_counts() for d in self.documents) if c != Counts()]

    @property
    def relation_documents(self) -> int:
        """How many documents have relations to find or found: those the macro F1 averages."""
        return len(self._relation_documents())

    @property
    def macro_relation_f1(self) -> float:
        """The mean of the documents' relation F1, over documents with relations to find or found."""
        scores = [c.f1 for c in self._relation_documents()]
        return sum(scores) / len(scores) if scores else 0.0

    @property
    def subjects(self) -> tuple[int, int]:
        """(found, graded): documents whose gold names a subject, and those whose subject was found."""
        graded = [d.subject_found for d in self.documents if d.subject_found is not None]
        return sum(graded), len(graded)

    @property
    def type_agreement(self) -> float | None:
        """The share of matched entities whose exact type (University, Lab, ...) agrees."""
        return _share(d.types for d in self.documents)

    @property
    def date_agreement(self) -> float | None:
        """The share of matched, dated positions and studies whose start and end agree."""
        return _share(d.dates for d in self.documents)

    def class_rows(self) -> list[dict[str, Any]]:
        """One row per entity class, then per predicate: P, R, F1, tp, fp, fn."""
        rows = [{"kind": "entity", "class": k, **_figures(c)} for k, c in sorted(self.entity_counts().items())]
        rows += [{"kind": "relation", "class": k, **_figures(c)} for k, c in sorted(self.relation_counts().items())]
        return rows

    def document_rows(self) -> list[dict[str, Any]]:
        """One row per document: its relation P/R/F1 and counts, and whether its subject was found."""
        found = {True: "yes", False: "no", None: ""}
        return [{"document": d.document, **_figures(d.relation_counts()), "subject found": found[d.subject_found],
                 **({"error": d.error} if d.error else {})} for d in self.documents]

    def summary(self) -> dict[str, Any]:
        """The headline figures, rounded to three places."""
        found, graded = self.subjects
        return {
            "documents": len(self.documents),
            "entity F1": round(self.entity_f1, 3),
            "relation F1": round(self.relation_f1, 3),
            "publication relation F1": round(self.publication_f1, 3),
            "career relation F1": round(self.career_f1, 3),
            "macro relation F1": round(self.macro_relation_f1, 3),
            "subject found": f"{found} of {graded}",
            "type agreement": _round(self.type_agreement),
            "date agreement": _round(self.date_agreement),
        }

    def to_json(self, verbose: bool = False) -> dict[str, Any]:
        """Everything as plain data; with ``verbose``, each document's misses too."""
        documents = self.document_rows()
        if verbose:
            for row, d in zip(documents, self.documents):
                row["misses"] = d.misses
        return {"summary": self.summary(), "classes": self.class_rows(), "documents": documents,
                "missing": self.missing}


def _sum_by_key(mappings: Iterable[Mapping[str, Counts]]) -> dict[str, Counts]:
    totals: dict[str, Counts] = defaultdict(Counts)
    for mapping in mappings:
        for key, counts in mapping.items():
            totals[key] += counts
    return dict(totals)


def _share(pairs: Iterable[tuple[int, int]]) -> float | None:
    agree = compared = 0
    for a, c in pairs:
        agree, compared = agree + a, compared + c
    return agree / compared if compared else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _figures(c: Counts) -> dict[str, Any]:
    return {"P": f"{c.precision:.3f}", "R": f"{c.recall:.3f}", "F1": f"{c.f1:.3f}",
            "tp": c.tp, "fp": c.fp, "fn": c.fn}


def _extract_all(paths: list[Path]) -> list[tuple[Mapping[str, Any], str | None]]:
    """``kg extract``'s JSON of each document, or an error, as ``kg build`` extracts: in worker
    processes, each document under the default time and memory budget."""
    from kg.pipeline import Budget, extract_files

    return [(extraction.to_json() if extraction is not None else {}, error)
            for _, _, extraction, error in extract_files([str(p) for p in paths], budget=Budget())]


def evaluate(gold_dir: str | Path, docs_dirs: str | Path | Iterable[str | Path],
             extract: Callable[[list[Path]], list[tuple[Mapping[str, Any], str | None]]] = _extract_all) -> Report:
    """Extract every document that has a gold file in ``gold_dir`` and grade it.

    A gold file ``NAME.json`` grades the document ``NAME`` found in one of ``docs_dirs``
    (its ``document`` field, when given, names it instead). A document that cannot be read or
    is over the extraction budget is graded as an empty extraction, with its error; a gold file
    whose document is nowhere is listed in :attr:`Report.missing`. ``extract`` turns the paths
    into ``(kg extract's JSON, error or None)`` pairs, in order.
    """
    gold_dir = Path(gold_dir)
    folders = [Path(docs_dirs)] if isinstance(docs_dirs, (str, Path)) else [Path(d) for d in docs_dirs]
    gold_files = sorted(gold_dir.glob("*.json"))
    if not gold_files:
        raise KgError(f"{gold_dir}: no gold files (NAME.json, one per document)")
    found: list[tuple[str, dict[str, Any], Path]] = []
    missing = []
    for gold_file in gold_files:
        try:
            gold = json.loads(gold_file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise KgError(f"{gold_file}: not a gold file ({exc})") from None
        if not isinstance(gold, dict):
            raise KgError(f"{gold_file}: not a gold file (a JSON object with entities and relations)")
        name = str(gold.get("document") or gold_file.name[: -len(".json")])
        path = next((folder / name for folder in folders if (folder / name).is_file()), None)
        if path is None:
            missing.append(name)
        else:
            found.append((name, gold, path))
    if not found:
        raise KgError(f"none of the {len(missing)} documents named by the gold files in {gold_dir} is in "
                      + ", ".join(map(str, folders)))
    documents = []
    for (name, gold, _), (predicted, error) in zip(found, extract([path for _, _, path in found])):
        score = score_document({**gold, "document": name}, predicted)
        score.error = error
        documents.append(score)
    return Report(documents, missing)
