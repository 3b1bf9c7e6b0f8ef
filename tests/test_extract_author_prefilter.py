"""The one-test prefilter before comparing an author with each of the subject's names never hides a match."""
from __future__ import annotations

import itertools

from kg.extract.publications import _may_be_same_person, same_person

# invented name parts: given names, initials, surnames (hyphenated, several words, particles)
GIVEN = ["Ryo", "R.", "R", "Ana Maria", "A. M.", "AM", "Min-ho", "M.-H.", "Li", "Wei"]
SURNAME = ["Sato", "Lopez-Vidal", "Lopez Vidal", "van der Berg", "Shen", "Li", "Okoro"]


def _forms(given: str, surname: str) -> list[str]:
    return [f"{given} {surname}", f"{surname}, {given}", f"{surname} {given}"]


def test_prefilter_is_a_necessary_condition_of_same_person():
    names = [form for g, s in itertools.product(GIVEN, SURNAME) for form in _forms(g, s)]
    for mention, full in itertools.product(names, repeat=2):
        if same_person(mention, full, allow_reversed=True) or same_person(mention, full):
            assert _may_be_same_person(mention, (full,)), (mention, full)


def test_prefilter_rules_out_unrelated_names():
    assert not _may_be_same_person("Wei Okoro", ("Ryo Sato", "R. Sato"))
    assert _may_be_same_person("Sato, R.", ("Ryo Sato",))
