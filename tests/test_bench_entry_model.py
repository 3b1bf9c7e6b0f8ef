"""The entry reader of ``bench/entry_model.py``: invented entries labelled span by span, and a model trained on a
few affiliations' units that labels entries written here, in several orders and languages."""
from __future__ import annotations

import doctest
import random
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import entry_model  # noqa: E402
from entry_model import _labelled_tokens, build, entry_spans, model_boundaries, render_entry  # noqa: E402

from kg.extract.models import _crf  # noqa: E402
from kg.extract.orgs import org_chain  # noqa: E402

DATA = Path(__file__).parent / "data" / "models"


def test_doctests_pass():
    assert doctest.testmod(entry_model).failed == 0


def test_a_rendered_entry_labels_each_unit():
    rng = random.Random(4)
    for _ in range(50):
        text, tokens = _labelled_tokens(render_entry(["Soil Ecology Group", "Brackmoor University"], rng))
        labels = [label for _, label in tokens]
        assert labels.count("B-ORG") >= 2, text
        assert {label[2:] for label in labels if label != "O"} <= set(entry_model.LABELS)
        assert sum(label.startswith("B-") and label[2:] in ("ROLE", "DEGREE") for label in labels) == 1, text


def test_model_learns_from_a_small_sample(tmp_path):
    path = tmp_path / "entry.crfsuite"
    scores = dict(build(DATA, path, count=1500))["entry (held-out organisations, rendered)"]
    assert scores["ORG"][2] >= 0.75 and scores["DATE"][2] >= 0.95 and scores["ALL"][2] >= 0.85, scores
    tagger = _crf.Tagger(path)

    def read(text: str) -> list[tuple[str, str]]:
        return [(label, text[s:e]) for label, s, e in entry_spans(text, tagger)]

    assert read("Assistant Professor, Department of Geosciences, Harwick University, 2018 - present") == [
        ("ROLE", "Assistant Professor"), ("ORG", "Department of Geosciences"), ("ORG", "Harwick University"),
        ("DATE", "2018 - present")]
    assert read("2014–2018 | Norvale Institute of Technology | PhD in Physics") == [
        ("DATE", "2014–2018"), ("ORG", "Norvale Institute of Technology"), ("DEGREE", "PhD in Physics")]
    assert read("Doctorado, Universidad de Valmar (2010-2014)") == [
        ("DEGREE", "Doctorado"), ("ORG", "Universidad de Valmar"), ("DATE", "2010-2014")]
    assert read("Maître de conférences, Université de Brestal (depuis 2016)") == [
        ("ROLE", "Maître de conférences"), ("ORG", "Université de Brestal"), ("DATE", "depuis 2016")]
    assert read("PhD in Physics, University of Tarrant (advisor: Prof. Ana Bello)") == [
        ("DEGREE", "PhD in Physics"), ("ORG", "University of Tarrant"), ("PERSON", "Prof. Ana Bello")]
    assert read("Wissenschaftlicher Mitarbeiter, Institut für Geodäsie, Technische Universität Arnsdorf, seit 2019") == [
        ("ROLE", "Wissenschaftlicher Mitarbeiter"), ("ORG", "Institut für Geodäsie"),
        ("ORG", "Technische Universität Arnsdorf"), ("DATE", "seit 2019")]
    # a bar parts two cells: no span runs across it
    assert ("ORG", "Tarrant Labs") in read("Research Scientist | Tarrant Labs | 2020")
    # wired into the rules' chain: an organisation the rules glued to another unit is split where the model parts them
    text = "Research Scientist, Vision Group Tarrant University, 2019"
    chain = org_chain(text)
    assert [m.written for m in model_boundaries(text, chain, tagger, "split")] in (
        [m.written for m in chain], ["Vision Group", "Tarrant University"])
