"""The affiliation model: it learns from GROBID-shaped TEI, and the shipped model parses affiliations."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from kg.extract.models import _crf
from kg.extract.models.affiliations import (
    _parents,
    affiliation_features,
    build,
    paired,
    parse_affiliation,
    plain,
    read_affiliations,
    rendered,
)
from kg.extract.models.train import MODELS

DATA = Path(__file__).parent / "data" / "models"


def test_reader_labels_units_and_address():
    train, held_out = read_affiliations(DATA / "grobid" / "affiliation-address")
    assert len(train) == 24 and len(held_out) == 2
    first = train[0]
    assert [t for t, label in first if plain(label) == "laboratory"] == ["Soil", "Ecology", "Laboratory"]
    assert [label for _, label in first][:2] == ["B-laboratory", "laboratory"]  # a unit's first token is marked
    assert [t for t, label in first if label == "country"] == ["Zembla"]


def test_cv_renderings_drop_the_address():
    train, _ = read_affiliations(DATA / "grobid" / "affiliation-address")
    rng = random.Random(1)
    for a in train[:9]:
        r = rendered(a, rng)
        assert r and {plain(label) for _, label in r} <= {"laboratory", "department", "institution", "O"}
    joined = paired(train[0], train[1], rng)
    joiner = next(t for t, label in joined if label == "O")
    assert joiner in ("and", "&", "y", "e", "et", "und")
    assert [label for _, label in joined].count("B-" + joined[0][1].removeprefix("B-")) == 2  # two units, each marked


def test_model_learns_from_a_small_sample(tmp_path):
    path = tmp_path / "affiliation.crfsuite"
    scores = dict(build(DATA, path))
    as_written = scores["affiliation (held-out, as written)"]
    assert as_written["institution"][2] >= 0.9 and as_written["department"][2] >= 0.9, as_written
    tokens = ["Department", "of", "Ecology", ",", "Brackmoor", "University"]
    assert _crf.Tagger(path).tag(affiliation_features(tokens)) == (
        ["B-department"] + ["department"] * 2 + ["O"] + ["B-institution", "institution"])


def test_nesting_reads_from_the_smallest_unit():
    assert _parents(["laboratory", "department", "institution"]) == [1, 2, None]
    assert _parents(["institution", "department"]) == [None, 0]
    assert _parents(["institution", "institution"]) == [None, None]


def units(text):
    parsed = parse_affiliation(text)
    return [(u.name, u.kind, None if u.part_of is None else parsed.units[u.part_of].name) for u in parsed.units]


def test_shipped_model_parses_units_and_nesting():
    assert units("Soil Ecology Group, Department of Biology, University of Xanadu") == [
        ("Soil Ecology Group", "laboratory", "Department of Biology"),
        ("Department of Biology", "department", "University of Xanadu"),
        ("University of Xanadu", "institution", None)]
    # the largest unit first, as CVs often write it
    assert units("University of Zembla, Department of Glaciology") == [
        ("University of Zembla", "institution", None), ("Department of Glaciology", "department", "University of Zembla")]
    # no comma between the units
    assert [n for n, _, _ in units("Department of Chemistry University of Brackmoor")] == [
        "Department of Chemistry", "University of Brackmoor"]


def test_shipped_model_reads_the_address():
    parsed = parse_affiliation("Marine Acoustics Lab, Quillon Institute of Technology, 4127 Quillon, Xanadu")
    assert [u.name for u in parsed.units] == ["Marine Acoustics Lab", "Quillon Institute of Technology"]
    assert dict(parsed.address) == {"postCode": "4127", "settlement": "Quillon", "country": "Xanadu"}


def test_two_organisations_joined_by_and():
    assert [n for n, _, _ in units("Zembla University and Xanadu Polytechnic")] == ["Zembla University", "Xanadu Polytechnic"]
    assert len(units("Institute of Glacier and Climate Research")) == 1
    assert len(units("Research and Development Centre")) == 1


@pytest.mark.parametrize("text, names", [
    # "and" in the other languages
    ("Universidad de Altamira y Universidad de Sierra Clara", ["Universidad de Altamira", "Universidad de Sierra Clara"]),
    ("Università di Borgoalto e Istituto Nazionale di Ottica Marina",
     ["Università di Borgoalto", "Istituto Nazionale di Ottica Marina"]),
    # two units of one kind with nothing between them: each unit's first token is marked
    ("Faculty of Science University of Lindby Department of Chemistry",
     ["Faculty of Science", "University of Lindby", "Department of Chemistry"]),
    ("School of Engineering Faculty of Applied Sciences Kestrel University",
     ["School of Engineering", "Faculty of Applied Sciences", "Kestrel University"]),
    # a unit's name starts after "the", and goes on past a "the" inside it
    ("Marine Systems Research Centre at the University of Tarnow", ["Marine Systems Research Centre", "University of Tarnow"]),
    ("Kestrel Institute for the Study of Coastal Systems", ["Kestrel Institute for the Study of Coastal Systems"]),
])
def test_units_written_without_commas(text, names):
    assert [n for n, _, _ in units(text)] == names


def test_registered_in_the_train_command():
    assert MODELS["affiliation"] == "kg.extract.models.affiliations"
