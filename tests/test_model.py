from kg.model import Entity, Evidence, Extraction, Relation


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
