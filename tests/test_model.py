import pickle

import pytest

from kg.model import Document, Entity, Evidence, Extraction, KnownEntity, Line, Merge, Relation, Resolution


def test_json_round_trip_keeps_attributes_and_evidence():
    ev = Evidence(3, 4, "PhD, MIT, 2001 - 2005")
    ex = Extraction(
        document="cv.txt",
        subject="p",
        entities=(Entity("p", "Ada Lovelace", "Person", identifiers=(("email", "a@b.c"),)),
                  Entity("o", "Massachusetts Institute of Technology", "University", aliases=("MIT",))),
        relations=(Relation("p", "studiedAt", "o", degree="PhD", start="2001", end="2005", evidence=ev),),
    )
    data = ex.to_json()
    assert data["subject"] == "Ada Lovelace"
    assert data["relations"][0] == {"subject": "Ada Lovelace", "predicate": "studiedAt",
                                    "object": "Massachusetts Institute of Technology", "degree": "PhD",
                                    "start": "2001", "end": "2005",
                                    "evidence": {"lines": [3, 4], "text": "PhD, MIT, 2001 - 2005"}}
    assert Extraction.from_json(data) == ex


def test_pickle_round_trip_of_every_model_object():
    # extractions cross from the worker processes to the build's by pickle
    ev = Evidence(2, 2, "Lecturer, Univ. of Tessaly, 2019 - present")
    objects = [
        Document("/cv/ines.txt", "ines.txt", "text", (Line(1, "Ines Varga"),), "ab", {"title": "CV"}, None, ("odd",)),
        Extraction("/cv/ines.txt", "p", (Entity("p", "Ines Varga", "Person", ("I. Varga",), (("orcid", "0000"),),
                                               None, ev),),
                   (Relation("p", "workedAt", "o", role="Lecturer", start="2019", end="present", evidence=ev),)),
        KnownEntity("https://w3id.org/kg/id/person/ines-varga", "Person", ("Ines Varga",), documents=("ines.txt",)),
        Resolution({("ines.txt", "p"): "https://w3id.org/kg/id/person/ines-varga"},
                   (Merge("ines.txt", "p", "I. Varga", "https://w3id.org/kg/id/person/ines-varga", "initials", 0.8),)),
    ]
    for obj in objects:
        copy = pickle.loads(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL))
        assert copy == obj and type(copy) is type(obj)


def test_a_document_whose_metadata_is_no_mapping_is_refused_where_it_is_made():
    with pytest.raises(TypeError, match="metadata must be a mapping"):
        Document("cv.txt", "cv.txt", "text", (Line(1, "Tove Marsk"),), "0", metadata=None)
    assert Document("cv.txt", "cv.txt", "text", (Line(1, "Tove Marsk"),), "0").metadata == {}
