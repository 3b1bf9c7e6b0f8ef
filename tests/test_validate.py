"""SHACL validation: the ontology and shapes parse; a good fixture conforms; a bad one fails where it should."""
from __future__ import annotations

import pytest
from rdflib import Dataset, Graph

from kg.validate import ontology_path, validate

from conftest import DATA


@pytest.mark.parametrize("name", ["kg.ttl", "shapes.ttl"])
def test_ontology_files_parse(name):
    graph = Graph().parse(ontology_path(name), format="turtle")
    assert len(graph) > 50


def test_every_class_and_property_used_by_the_mapping_is_declared():
    from kg.model import ENTITY_TYPES, PREDICATES
    from kg.namespaces import KG

    ontology = Graph().parse(ontology_path("kg.ttl"), format="turtle")
    declared = set(ontology.subjects())
    for name in (*ENTITY_TYPES, *PREDICATES, "Assertion", "Affiliation", "Document", "Resolution",
                 "Passage", "passage", "lineStart", "lineEnd", "evidence"):
        assert KG[name] in declared, name


def _dataset(name: str) -> Dataset:
    return Dataset(default_union=True).parse(DATA / "validate" / name, format="trig")


def test_valid_fixture_conforms():
    report = validate(_dataset("valid_person.trig"))
    assert report.conforms, report.text


def test_invalid_fixture_reports_the_broken_nodes_and_shapes():
    report = validate(_dataset("invalid_person.trig"))
    assert not report.conforms
    found = {(v["focus"], v["path"], v["shape"]) for v in report.violations}
    nameless = "kgr:person/nameless"
    assert any(focus == nameless and path == "kg:name" for focus, path, _ in found)
    assert any(focus == nameless and path == "kg:orcid" for focus, path, _ in found)
    # the position ends before it starts, and points at a publication
    assert any(focus == "kgr:assertion/bad" and path == "kg:startYear" for focus, path, _ in found)
    assert ("kgr:assertion/bad", "kg:startYear", "kg:AssertionShape") in found
    assert ("kgr:assertion/bad", "rdf:object", "kg:AffiliationShape") in found
    assert ("kgr:publication/a-paper", "", "kg:OrganizationEdgesShape") in found
    assert ("kgr:passage/backwards", "kg:lineStart", "kg:PassageShape") in found
