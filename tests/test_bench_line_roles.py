"""The line-role model of ``bench/line_roles_model.py``: weak labels from gold files, and a model trained
on a few invented CVs that labels the lines of another one it never saw."""
from __future__ import annotations

import doctest
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import line_roles_model  # noqa: E402
from line_roles_model import cross_validate, folds, line_roles, read_documents, train_on  # noqa: E402

from kg.extract.models import _crf  # noqa: E402
from kg.model import Document, Line  # noqa: E402

DATA = Path(__file__).parent / "data" / "line_roles"


def test_doctests_pass():
    assert doctest.testmod(line_roles_model).failed == 0


def test_weak_labels_follow_the_gold_file():
    documents = read_documents(DATA)
    assert [name for name, _, _ in documents] == [f"cv{n}.md" for n in range(6)]
    _, document, labels = documents[0]
    by_text = {line.text: label for line, label in zip(document.lines, labels)}
    assert by_text["## Publications"] == "heading"
    assert next(label for text, label in by_text.items() if "Sediment pulses" in text) == "citation"
    assert by_text["- Intern, Fenwick Labs, 2010"] == "entry"
    # a biography's sentence naming the employer is prose, and a skill is no entry
    assert by_text["I study questions of my field at the Brackmoor Institute, where I lead a small group."] == "other"
    assert by_text["- Python, R, field surveys"] == "other"


def test_model_learns_from_a_few_documents(tmp_path):
    documents = read_documents(DATA)
    path = train_on(documents[:5], tmp_path / "line.crfsuite")
    held_out = documents[5]
    assert line_roles(_crf.Tagger(path), held_out[1]) == held_out[2]
    scores, models = cross_validate(documents, tmp_path, k=3)
    assert len(models) == 3 and set().union(*(held for _, held in models)) == {name for name, _, _ in documents}
    assert scores["citation"][2] == 1.0 and scores["heading"][2] == 1.0, scores


def test_trained_model_labels_lines_it_never_saw(tmp_path):
    tagger = _crf.Tagger(train_on(read_documents(DATA), tmp_path / "line.crfsuite"))
    lines = ["# Hana Ostrova", "## Employment", "- Lecturer, Dunmere College, 2015 - 2020",
             "## Selected Papers", "- H. Ostrova, P. Lind. Frost heave under rail beds. *Ground Works*, 2018.",
             "- P. Lind, H. Ostrova. Drainage of clay embankments. *Soil Letters*, 2020.",
             "## Hobbies", "- Rowing, chess"]
    document = Document("h.md", "h.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
    assert line_roles(tagger, document) == ["heading", "heading", "entry", "heading", "citation", "citation",
                                            "heading", "other"]


def test_folds_split_documents_not_lines():
    parts = folds([f"d{n}" for n in range(7)], 3)
    assert [len(p) for p in parts] == [3, 2, 2] and set().union(*parts) == {f"d{n}" for n in range(7)}
