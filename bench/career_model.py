"""Can a learned model choose among the career facts the rules propose? Train one and grade it on unseen documents.

Each ``workedAt`` / ``studiedAt`` / ``advisedBy`` / ``mentoredBy`` relation the rules extract is a candidate
described by general features (the proposed predicate, the rule family that first stated it, the kind of section its
evidence line is in, the object's type, dated or not, degree / role / student / trainee / visiting / alumni words
on its line from the data files' word lists, how many career facts share its line, whether its person is the
document's subject, the other career predicates the rules gave the same pair; ``--object-shape`` adds the object
name's shape: its length, whether the organisation list knows it, whether it reads as an organisation, a place, a
role or a person). Each feature is also crossed with the proposed predicate; no document's words are features.

Labels come from the grader's own matching (``score.py``'s ``align``, imported, not copied): the predicate the gold
file gives the pair (the proposed one when the gold holds it, holds it of the object's parent or marks it optional),
or "none". A softmax over the four predicates and "none" (numpy, L2, gradient descent) is trained on the labelled
documents; a candidate is dropped ("none") or re-typed (another predicate of the same object kind: organisation or
person) when that label's probability beats the proposed predicate's by ``--margin``.

It prints, for the training documents, 5-fold document-level cross-validation (each document refined by the model
trained without its fold) against the rules alone, then each ``--test`` set graded with the model trained on all
training documents, then what the wrong candidates are (an entity the gold does not hold, a pair it does not
relate, a pair it relates under another career predicate), the gold career relations missed, and the wrong
candidates of each rule family.

Usage::

    python bench/career_model.py /work/shared/eval/score.py --train /work/shared/eval/gold \\
        --docs /work/shared/eval/docs --docs /work/shared/seeds --fixtures \\
        --test /tmp/lead-sets/work3 --test /tmp/lead-sets/dev [--margin 0.1] [--object-shape]

A ``--test`` folder holds ``gold/*.json`` and ``docs/``. ``--fixtures`` adds the repository's invented labelled
documents (``tests/data/cv_formats`` and the pages of ``tests/test_extract_pages.py``) to the training set.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import math
import re
import sys
import zlib
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY))

from kg.extract import pipeline  # noqa: E402
from kg.extract.context import UNNAMED_SUBJECT  # noqa: E402
from kg.ingest import load_document  # noqa: E402

CAREER = ("workedAt", "studiedAt", "advisedBy", "mentoredBy")
LABELS = (*CAREER, "none")
_WORD = re.compile(r"[^\W\d_]+(?:[.'’-][^\W\d_]+)*\.?")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


@dataclass(frozen=True)
class Proposal:
    """One career fact as the rules proposed it, with what its features read."""

    predicate: str
    family: str  # the rule family that first stated it ("entries:education", "prose", "members", ...)
    section: str  # the kind of the section its evidence line is in ("" when none)
    object_type: str
    dated: bool
    degree: bool
    role: bool
    text: str  # its evidence line(s)
    on_line: int  # how many career facts share its evidence line
    of_subject: bool
    also: tuple[str, ...]  # the other career predicates the rules gave the same person and object
    name: str  # the object's name
    object_is_subject: bool
    unnamed: bool  # the person or the object is the unnamed subject


# -- the rule family of each relation: each reading rule of the pipeline, wrapped to mark where its relations begin --

_MARKS: list[tuple[int, str]] = []


def _marking(function, family):
    def wrapper(ctx, *args, **kwargs):
        _MARKS.append((len(ctx.relations), family(args, kwargs) if callable(family) else family))
        return function(ctx, *args, **kwargs)
    return wrapper


def _entries_family(args, kwargs) -> str:
    return "entries:prose-section" if kwargs.get("strict") else f"entries:{args[3]}"


for _name, _family in (("read_structured", "structured"), ("extract_entries", _entries_family),
                       ("reference_people", "references"), ("read_prose", "prose"), ("read_members", "members"),
                       ("read_prose_students", "students"), ("add_publications", "publications")):
    setattr(pipeline, _name, _marking(getattr(pipeline, _name), _family))


def propose(source: Path):
    """What the rules extract from ``source``, the ``(first relation, family)`` marks, each line number's section kind."""
    document = load_document(source)
    _MARKS.clear()
    extraction = pipeline.extract(document)
    marks = list(_MARKS)
    _, read, _, sections, _, _ = pipeline.subject_inputs(document)
    kinds = {read.lines[i].number: s.kind for s in sections for i in s.lines if s.kind}
    return extraction, marks, kinds


# -- features ------------------------------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _words() -> dict[str, frozenset[str]]:
    from kg.extract.gazetteer import word_groups
    from kg.extract.orgs import ROLES

    groups = word_groups("member_words.tsv", "phrases")
    return {"role": frozenset(ROLES), **{k: groups[k] for k in ("student", "trainee", "visiting", "alumni", "leader")}}


@lru_cache(maxsize=8192)
def _name_shape(name: str, person: bool) -> dict[str, float]:
    from kg.extract.gazetteer import lookup_organization
    from kg.extract.orgs import classify_segment, is_location, is_role
    from kg.extract.people import is_person_name

    words = name.split()
    shape = {"name_words": min(len(words), 8) / 8, "name_one_word": float(len(words) == 1),
             "name_comma": float("," in name), "name_ascii": float(name.isascii()), "name_person": float(is_person_name(name))}
    if not person:
        shape |= {"name_known": float(lookup_organization(name) is not None), "name_org": float(classify_segment(name) is not None),
                  "place": float(is_location(name)), "name_role": float(is_role(name))}
    return shape


def features(p: Proposal, object_shape: bool = False) -> dict[str, float]:
    """The general features of one proposal, each also crossed with the proposed predicate."""
    from kg.extract.vocab import degree_of

    words = {w.lower().rstrip(".") for w in _WORD.findall(p.text)}
    cues = {f"family:{p.family}": 1.0, f"family:{p.family.split(':')[0]}": 1.0, f"kind:{p.section or 'none'}": 1.0,
            f"object:{p.object_type}": 1.0, "dated": float(p.dated), "degree": float(p.degree), "role": float(p.role),
            "degree_word": float(degree_of(p.text) is not None), "of_subject": float(p.of_subject),
            "shared_line": float(p.on_line > 1), "crowded_line": float(p.on_line > 3),
            "years": min(len(_YEAR.findall(p.text)), 3) / 3, "long_text": float(len(p.text) > 200),
            **{f"{name}_word": float(bool(words & group)) for name, group in _words().items()},
            **{f"also:{other}": 1.0 for other in p.also}}
    if object_shape:
        cues |= {**_name_shape(p.name, p.object_type == "Person"), "object_is_subject": float(p.object_is_subject),
                 "unnamed": float(p.unnamed)}
    out = {"bias": 1.0, f"pred:{p.predicate}": 1.0}
    for name, value in cues.items():
        if value:
            out[name] = out[f"{p.predicate}:{name}"] = value
    return out


def proposals(extraction, marks, kinds) -> list[tuple[int, Proposal]]:
    """``(position, proposal)`` of each career relation of ``extraction``."""
    types = {e.id: e.type for e in extraction.entities}
    names = {e.id: e.name for e in extraction.entities}
    career = [(i, r) for i, r in enumerate(extraction.relations) if r.predicate in CAREER]
    on_line, pairs = Counter(r.evidence.line_start for _, r in career if r.evidence), {}
    for _, r in career:
        pairs.setdefault((r.subject, r.object), set()).add(r.predicate)
    out = []
    for i, r in career:
        line = r.evidence.line_start if r.evidence else None
        out.append((i, Proposal(r.predicate, next((f for first, f in reversed(marks) if first <= i), "other"),
                                kinds.get(line, ""), types.get(r.object, ""), bool(r.start or r.end), bool(r.degree),
                                bool(r.role), r.evidence.text if r.evidence else "", on_line.get(line, 0),
                                r.subject == extraction.subject, tuple(sorted(pairs[(r.subject, r.object)] - {r.predicate})),
                                names.get(r.object, ""), r.object == extraction.subject,
                                UNNAMED_SUBJECT in (names.get(r.subject), names.get(r.object)))))
    return out


# -- labels, by the grader's matching -------------------------------------------------------------------------------

def grader(path: Path):
    spec = importlib.util.spec_from_file_location("_kg_eval_score", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def label(score, gold: dict, predicted: dict, positions: list[int]) -> list[tuple[str, str]]:
    """``(label, why)`` of each career relation at ``positions`` of ``predicted``: why is "right", "typed wrong",
    "entity not in gold" or "pair not in gold"."""
    gold_entities, gold_lookup = score.load_entities(gold)
    predicted_entities, predicted_lookup = score.load_entities(predicted)
    mapping = score.align(gold_entities, predicted_entities)
    stated: dict[tuple[int, int], set[str]] = {}
    parents: dict[int, set[int]] = {}
    for r in gold.get("relations", []):
        s, o = score.resolve(r.get("subject"), gold_lookup), score.resolve(r.get("object"), gold_lookup)
        if s is not None and o is not None and r["predicate"] in CAREER:
            stated.setdefault((id(s), id(o)), set()).add(r["predicate"])
        elif s is not None and o is not None and r["predicate"] == "partOf":
            parents.setdefault(id(s), set()).add(id(o))
    tolerated = set()  # a parent of a gold organisation, under the same predicate (the grader counts it neither way)
    for (s, o), predicates in stated.items():
        todo, seen = [o], set()
        while todo:
            for parent in parents.get(todo.pop(), set()) - seen:
                seen.add(parent)
                todo.append(parent)
        tolerated |= {(s, p, a) for a in seen for p in predicates}
    out = []
    for position in positions:
        r = predicted["relations"][position]
        ps, po = score.resolve(r.get("subject"), predicted_lookup), score.resolve(r.get("object"), predicted_lookup)
        gs, go = (mapping.get(id(ps)) if ps else None), (mapping.get(id(po)) if po else None)
        if gs is None or go is None:
            out.append(("none", "entity not in gold"))
            continue
        predicates = stated.get((id(gs), id(go)), set())
        if r["predicate"] in predicates or (id(gs), r["predicate"], id(go)) in tolerated:
            out.append((r["predicate"], "right"))
        else:
            other = next((p for p in CAREER if p in predicates), None)
            out.append((other, "typed wrong") if other else ("none", "pair not in gold"))
    return out


@dataclass
class Example:
    name: str
    gold: dict
    extraction: object
    proposals: list[tuple[int, Proposal]]
    labels: list[tuple[str, str]]


def example(score, name: str, source: Path, gold: dict) -> Example:
    extraction, marks, kinds = propose(source)
    found = proposals(extraction, marks, kinds)
    return Example(name, gold, extraction, found, label(score, gold, extraction.to_json(), [i for i, _ in found]))


def labelled(gold_dir: Path, folders: list[Path], prefix: str) -> list[tuple[str, Path, dict]]:
    out = []
    for path in sorted(gold_dir.glob("*.json")):
        source = next((f / path.stem for f in folders if (f / path.stem).exists()), None)
        if source:
            out.append((f"{prefix}/{path.stem}", source, json.loads(path.read_text(encoding="utf-8"))))
    return out


def fixtures() -> list[tuple[str, Path, dict]]:
    from tests.test_extract_pages import FACTS, gold

    return [*labelled(REPOSITORY / "tests/data/cv_formats/gold", [REPOSITORY / "tests/data/cv_formats"], "cv_formats"),
            *((f"pages/{f}", REPOSITORY / "tests/data/extract" / f, gold(f)) for f in sorted(FACTS))]


# -- the model -----------------------------------------------------------------------------------------------------

def train(rows: list[dict[str, float]], labels: list[str], l2: float = 0.003, epochs: int = 2000, rate: float = 1.0):
    """Weights (label -> feature -> weight) of a softmax over :data:`LABELS`."""
    import numpy as np

    names = sorted({k for values in rows for k in values})
    column = {k: i for i, k in enumerate(names)}
    m = np.zeros((len(rows), len(names)))
    for row, values in enumerate(rows):
        for k, v in values.items():
            m[row, column[k]] = v
    y = np.zeros((len(rows), len(LABELS)))
    y[np.arange(len(rows)), [LABELS.index(label) for label in labels]] = 1.0
    w = np.zeros((len(names), len(LABELS)))
    for _ in range(epochs):
        s = m @ w
        e = np.exp(s - s.max(axis=1, keepdims=True))
        w -= rate * (m.T @ (e / e.sum(axis=1, keepdims=True) - y) / len(rows) + l2 * w)
    return {label: {k: float(w[i, j]) for k, i in column.items()} for j, label in enumerate(LABELS)}


def decide(p: Proposal, weights, margin: float, object_shape: bool) -> str:
    values = features(p, object_shape)
    scores = {label: sum(weights[label].get(k, 0.0) * v for k, v in values.items()) for label in LABELS}
    top = max(scores.values())
    probs = {label: math.exp(s - top) for label, s in scores.items()}
    person = p.object_type == "Person"
    allowed = [label for label in LABELS if label == "none" or (label in ("advisedBy", "mentoredBy")) == person]
    best = max(allowed, key=probs.__getitem__)
    return best if probs[best] / sum(probs.values()) > probs[p.predicate] / sum(probs.values()) + margin else p.predicate


def refined(e: Example, weights, margin: float, object_shape: bool) -> dict:
    """The example's extraction (JSON) with the model's choices: "none" dropped, another predicate re-typed."""
    out = e.extraction.to_json()
    relations = out["relations"]
    gone = set()
    keys = {(r["subject"], r["predicate"], r["object"]) for r in relations}
    for i, p in e.proposals:
        chosen = decide(p, weights, margin, object_shape)
        if chosen == p.predicate:
            continue
        r = relations[i]
        if chosen == "none" or (r["subject"], chosen, r["object"]) in keys:
            gone.add(i)
        else:
            relations[i] = {**r, "predicate": chosen}
            keys.add((r["subject"], chosen, r["object"]))
    out["relations"] = [r for i, r in enumerate(relations) if i not in gone]
    return out


def _f1(tp: int, fp: int, fn: int) -> float:
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def measure(score, data: list[Example], weights_of, margin: float, object_shape: bool) -> dict[str, dict[str, float]]:
    """Figures of the rules alone and with the model (``weights_of(example)``): career F1 (the four predicates),
    each predicate's F1, studiedAt precision, relation F1 and the per-document mean of relation F1."""
    out = {}
    for who in ("rules", "model"):
        career = {k: [0, 0, 0] for k in ("all", *CAREER)}
        total, means = [0, 0, 0], []
        for e in data:
            predicted = e.extraction.to_json() if who == "rules" else refined(e, weights_of(e), margin, object_shape)
            _, counts, *_ = score.score_document(e.gold, predicted, [])
            doc = [0, 0, 0]
            for predicate, c in counts.items():
                for row in ([career["all"], career[predicate]] if predicate in CAREER else []) + [total, doc]:
                    row[0], row[1], row[2] = row[0] + c.tp, row[1] + c.fp, row[2] + c.fn
            if sum(doc):
                means.append(_f1(*doc))
        studied = career["studiedAt"]
        out[who] = {"career F1": _f1(*career["all"]), **{f"{k} F1": _f1(*career[k]) for k in CAREER},
                    "studiedAt P": studied[0] / max(studied[0] + studied[1], 1), "relation F1": _f1(*total),
                    "per-doc mean": sum(means) / max(len(means), 1)}
    return out


def _fold(name: str, folds: int = 5) -> int:
    return zlib.crc32(name.rsplit(".", 1)[0].encode()) % folds


def fit(data: list[Example], object_shape: bool):
    return train([features(p, object_shape) for e in data for _, p in e.proposals], [l for e in data for l, _ in e.labels])


def table(title: str, figures: dict[str, dict[str, float]], documents: int) -> str:
    rows = [f"{title} ({documents} documents)", "| figure | rules alone | with the model | difference |", "|---|---|---|---|"]
    rows += [f"| {k} | {figures['rules'][k]:.3f} | {figures['model'][k]:.3f} | {figures['model'][k] - figures['rules'][k]:+.3f} |"
             for k in figures["rules"]]
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("score", type=Path, help="the evaluation's score.py")
    parser.add_argument("--train", type=Path, required=True, help="gold folder of the training documents")
    parser.add_argument("--docs", type=Path, action="append", default=[], help="folder of the training documents (repeatable)")
    parser.add_argument("--fixtures", action="store_true", help="train on the repository's invented labelled documents too")
    parser.add_argument("--test", type=Path, action="append", default=[], help="folder with gold/ and docs/ (repeatable)")
    parser.add_argument("--margin", type=float, default=0.1)
    parser.add_argument("--object-shape", action="store_true", help="add the object name's shape to the features")
    args = parser.parse_args()
    score = grader(args.score)
    train_set = [example(score, *item) for item in labelled(args.train, args.docs, "train") + (fixtures() if args.fixtures else [])]
    folds = [fit([e for e in train_set if _fold(e.name) != f], args.object_shape) for f in range(5)]
    print(table("5-fold cross-validation, training documents", measure(
        score, train_set, lambda e: folds[_fold(e.name)], args.margin, args.object_shape), len(train_set)) + "\n")
    weights = fit(train_set, args.object_shape)
    tests = {}
    for folder in args.test:
        tests[folder] = [example(score, *item) for item in labelled(folder / "gold", [folder / "docs"], folder.name)]
        print(table(f"{folder} (never trained on)", measure(score, tests[folder], lambda e: weights, args.margin,
                                                             args.object_shape), len(tests[folder])) + "\n")
    print("| set | candidates | right | entity not in gold | pair not in gold | typed wrong | gold career relations | "
          "missed |\n|---|---|---|---|---|---|---|---|")
    for title, data in (("training", train_set), *((str(f), d) for f, d in tests.items())):
        why = Counter(w for e in data for _, w in e.labels)
        gold = missed = 0
        for e in data:
            _, counts, *_ = score.score_document(e.gold, e.extraction.to_json(), [])
            gold += sum(counts[k].tp + counts[k].fn for k in CAREER if k in counts)
            missed += sum(counts[k].fn for k in CAREER if k in counts)
        print(f"| {title} | {sum(why.values())} | {why['right']} | {why['entity not in gold']} | {why['pair not in gold']} | "
              f"{why['typed wrong']} | {gold} | {missed} |")
    print("\n| set | rule family: wrong of candidates |\n|---|---|")
    for title, data in (("training", train_set), *((str(f), d) for f, d in tests.items())):
        family = Counter((p.family, w != "right") for e in data for (_, p), (_, w) in zip(e.proposals, e.labels))
        print(f"| {title} | " + ", ".join(f"{f} {family[(f, True)]}/{family[(f, True)] + family[(f, False)]}"
                                           for f in sorted({f for f, _ in family})) + " |")


if __name__ == "__main__":
    main()
