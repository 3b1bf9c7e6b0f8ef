"""The person-name model: it learns from GROBID-shaped TEI, and the shipped model parses names."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kg.extract.models import _crf
from kg.extract.models.names import (
    ParsedName,
    build,
    lexicon_path,
    name_features,
    parse_name,
    read_lexicon,
    read_names,
    rendered,
    with_particle,
)
from kg.extract.models.train import MODELS

DATA = Path(__file__).parent / "data" / "models"


def test_reader_splits_author_lists_into_people():
    train, held_out = read_names(DATA / "grobid" / "name")
    written = [" ".join(t for t, _ in p) for p in train]
    assert "Maresca T" in written and "Tolliver ER" in written  # "Maresca T, Quadri Y, Tolliver ER"
    assert "Wrenfield , T . A ." in written
    assert [label for _, label in held_out[-1]] == ["family", "O", "given", "O"]  # "Lefebvre, Y."
    assert not any(t in ("1", "2", "3") for p in train for t, _ in p)  # footnote markers dropped


def test_renderings_keep_the_labels_of_their_words():
    person = [("Hamish", "given"), ("J", "middle"), (".", "O"), ("Corrigan", "family")]
    rng = random.Random(0)
    for _ in range(30):
        for seq in rendered(person, rng):
            fields = {label: [t for t, lab in seq if lab == label and t[0].isalpha()] for _, label in seq}
            assert fields["family"] in (["Corrigan"], ["CORRIGAN"])
            assert fields["given"] in (["Hamish"], ["H"], ["HJ"])
    assert [t for t, _ in with_particle(person, "van der")] == ["Hamish", "J", ".", "van", "der", "Corrigan"]


def test_model_learns_from_a_small_sample(tmp_path):
    path = tmp_path / "name.crfsuite"
    scores = dict(build(DATA, path))
    as_written = scores["name (held-out, as written)"]
    assert as_written["ALL"][2] >= 0.9, as_written
    tagger = _crf.Tagger(path)
    tokens = ["Okonjo", ",", "Hamish"]
    assert tagger.tag(name_features(tokens, read_lexicon(lexicon_path(path)))) == ["family", "O", "given"]


@pytest.mark.parametrize("name, expected", [
    ("Nakamura Haruto", ParsedName(given="Haruto", family="Nakamura")),
    ("van der Berg, Anneke", ParsedName(given="Anneke", family="van der Berg")),
    ("J.-P. Moreau", ParsedName(given="J.-P.", family="Moreau")),
    ("Penhallow OM", ParsedName(given="OM", family="Penhallow")),
    ("Tobias A. Wrenfield Jr.", ParsedName(given="Tobias", middle="A.", family="Wrenfield", suffix="Jr.")),
    ("Prof. Dr. Marit Solvang", ParsedName(given="Marit", family="Solvang", title="Prof. Dr")),
    ("Anna Maria van der Berg", ParsedName(given="Anna", middle="Maria", family="van der Berg")),
    ("LEFEBVRE Bastien", ParsedName(given="Bastien", family="LEFEBVRE")),
])
def test_shipped_model_parses_names(name, expected):
    assert parse_name(name) == expected


def test_initials_of_the_given_names():
    assert parse_name("Penhallow OM").given_parts() == (("O", True), ("M", True))
    assert parse_name("J.-P. Moreau").given_parts() == (("J", True), ("P", True))
    assert parse_name("Orla Penhallow").given_parts() == (("Orla", False),)


def test_registered_in_the_train_command():
    assert MODELS["name"] == "kg.extract.models.names"
