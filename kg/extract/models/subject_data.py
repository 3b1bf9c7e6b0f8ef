"""The subject ranker's training data, its cross-validation against the hand-written chain it replaced, and
its build (``python -m kg.extract.models.train /work/shared/eval --model subject --docs DIR ...``).

The labelled documents are a gold folder's (``DATA_DIR/gold/*.json``, each document in ``DATA_DIR/docs`` or a
``--docs`` folder) and the repository's own invented fixtures: the CV formats set (``tests/data/cv_formats``), the pages of
``tests/test_extract_pages.py``, the other fixtures of ``tests/data/extract`` (``tests/data/extract_subjects.tsv``) and the
invented pages of ``tests/data/subject_cases`` (``subjects.tsv``: pages naming nobody, and near-misses naming their owner).
"""
from __future__ import annotations

import json
import re
import unicodedata
import zlib
from dataclasses import dataclass
from pathlib import Path

from kg.extract.context import UNNAMED_SUBJECT
from kg.extract.models.subject import Candidate, _Page, candidates, features, train
from kg.extract.publications import same_person

__all__ = ["Example", "examples", "chain_pick", "cross_validate", "build"]

REPOSITORY = Path(__file__).resolve().parents[3]


@dataclass
class Example:
    """One labelled document: its candidates' features, which is right (``None``: none is), the chain's pick."""

    name: str
    gold: str
    candidates: list[Candidate]
    values: list[dict[str, float]]
    label: int | None
    chain: int | None


def _key(name: str) -> str:
    """A name as the grader compares it: accents, case, punctuation and word order aside."""
    text = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).lower()
    return " ".join(sorted(re.sub(r"[^\w\s]", " ", text).split()))


def _names(candidate: Candidate) -> list[str]:
    return [candidate.name, *candidate.aliases]


def _is(candidate: Candidate, gold: str, aliases: list[str]) -> bool:
    if gold == UNNAMED_SUBJECT:
        return candidate.unnamed
    if candidate.unnamed:
        return False
    keys = {_key(n) for n in (gold, *aliases)}
    return any(_key(n) in keys or same_person(n, gold, allow_reversed=True) for n in _names(candidate))


def chain_pick(proposals, members: list[str]) -> tuple[str, tuple[str, ...], int | None] | None:
    """The subject the hand-written chain chose among the same proposals (the baseline the ranker is measured
    against): the record's or first lines' name, the page's leader instead of a listed member, then the
    other rules in their order."""
    found = dict(proposals)
    first, leader = found["record"], found["leader"]
    if first and leader and any(same_person(m, first[0]) for m in members) and not same_person(first[0], leader[0]):
        return leader
    return next((f for rule in ("record", "leader", "introduced", "bold", "contact", "opening", "list_owner", "titled")
                 if (f := found[rule])), None)


def _example(name: str, document, gold: str, aliases: list[str]) -> Example:
    from kg.extract.members import member_role
    from kg.extract.pipeline import subject_inputs, subject_proposals

    ctx, document, skip, sections, members, stop = subject_inputs(document)
    proposals = subject_proposals(ctx, document, skip, sections, members, stop)
    found = candidates(proposals)
    names = [m.name for m in members]
    page = _Page.of(document)
    values = [features(c, page, [(m.name, member_role(m)) for m in members]) for c in found]
    label = next((i for i, c in enumerate(found) if _is(c, gold, aliases)), None)
    chained = chain_pick(proposals, names)
    chain = next((i for i, c in enumerate(found) if chained and not c.unnamed and c.name == chained[0]), None) \
        if chained else len(found) - 1
    if chained and chain is None:
        chain = next((i for i, c in enumerate(found) if not c.unnamed and same_person(chained[0], c.name, allow_reversed=True)), None)
    return Example(name, gold, found, values, label, chain)


def _gold_subject(gold: dict) -> tuple[str, list[str]] | None:
    subject = str(gold.get("subject") or "")
    if not subject:
        return None
    entity = next((e for e in gold.get("entities", []) if e.get("name") == subject), {})
    return subject, [a for a in entity.get("aliases") or () if isinstance(a, str)]


def examples(data_dir: Path | None, docs: tuple[Path, ...] = (), fixtures: bool = True) -> list[Example]:
    """The labelled documents of ``data_dir/gold`` (found in ``data_dir/docs`` or ``docs``) and, with ``fixtures``,
    the repository's invented ones."""
    from kg.ingest import load_document

    out = []
    sets = []
    if data_dir is not None:
        sets.append((Path(data_dir) / "gold", (Path(data_dir) / "docs", *docs)))
    if fixtures:
        sets.append((REPOSITORY / "tests/data/cv_formats/gold", (REPOSITORY / "tests/data/cv_formats",)))
    for gold_dir, folders in sets:
        for path in sorted(gold_dir.glob("*.json")):
            gold = json.loads(path.read_text(encoding="utf-8"))
            named = _gold_subject(gold)
            source = next((f / path.stem for f in folders if (f / path.stem).exists()), None)
            if named and source:
                out.append(_example(f"{gold_dir.parent.name}/{path.stem}", load_document(source), *named))
    if fixtures:
        import sys

        sys.path.insert(0, str(REPOSITORY))
        from tests.test_extract_pages import FACTS, gold as page_gold

        for fixture in sorted(FACTS):
            named = _gold_subject(page_gold(fixture))
            if named:
                out.append(_example(f"pages/{fixture}", load_document(REPOSITORY / "tests/data/extract" / fixture), *named))
        # the other fixtures of tests/data/extract, and the invented pages naming nobody (and near-misses naming their owner)
        for folder, labels in (("extract", "extract_subjects.tsv"), ("subject_cases", "subject_cases/subjects.tsv")):
            for row in (REPOSITORY / "tests/data" / labels).read_text(encoding="utf-8").splitlines():
                if row and not row.startswith("#"):
                    fixture, subject = row.split("\t")
                    out.append(_example(f"{folder}/{fixture}", load_document(REPOSITORY / "tests/data" / folder / fixture), subject, []))
    return out


def _fit(train_set: list[Example]) -> dict[str, float]:
    usable = [e for e in train_set if e.label is not None]
    return train([e.values for e in usable], [e.label for e in usable])


def _pick(example: Example, weights: dict[str, float]) -> int:
    scores = [sum(weights.get(k, 0.0) * v for k, v in values.items()) for values in example.values]
    return max(range(len(scores)), key=scores.__getitem__)


def _fold(name: str, folds: int) -> int:
    """The fold of a document: by its name without extension, so one CV rendered as ``.tex`` and ``.pdf`` is
    left out whole.

    >>> _fold("cv_formats/ana.tex", 5) == _fold("cv_formats/ana.pdf", 5)
    True
    """
    return zlib.crc32(name.rsplit(".", 1)[0].encode()) % folds


def cross_validate(data: list[Example], folds: int = 5) -> dict[str, tuple[int, int]]:
    """``{"model SET": (right, documents), "chain SET": (right, documents)}``, SET each set of documents (the
    part of their names before "/") and "all": the ranker trained without each fold's documents (folds by a hash
    of the document's name) and the chain, on the same documents."""
    right: dict[str, int] = {}
    count: dict[str, int] = {}
    for fold in range(folds):
        held = [e for e in data if _fold(e.name, folds) == fold]
        weights = _fit([e for e in data if _fold(e.name, folds) != fold])
        for e in held:
            for part in ("all", e.name.split("/")[0]):
                count[part] = count.get(part, 0) + 1
                for who, ok in (("model", e.label is not None and _pick(e, weights) == e.label),
                                ("chain", e.label is not None and e.chain == e.label)):
                    right[f"{who} {part}"] = right.get(f"{who} {part}", 0) + ok
    return {k: (v, count[k.split()[1]]) for k, v in sorted(right.items(), key=lambda kv: kv[0].split()[::-1])}


def build(data_dir: Path, path: Path, docs: tuple[Path, ...] = ()) -> list[tuple[str, dict]]:
    """Cross-validate, train on every document, write the weights to ``path``; return the figures as
    ``[(title, {row: (precision, recall, accuracy, documents)})]`` for :func:`~kg.extract.models._crf.format_scores`."""
    data = examples(data_dir, docs)
    scores = cross_validate(data)
    weights = _fit(data)
    path.write_text(json.dumps({"documents": len(data), "weights": weights}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    reachable = sum(e.label is not None for e in data)
    rows = {k: (r / n, r / n, r / n, n) for k, (r, n) in scores.items()}
    rows["a candidate is right"] = (reachable / len(data),) * 3 + (len(data),)
    return [("subject accuracy (each column), 5-fold cross-validated, documents left out", rows)]
