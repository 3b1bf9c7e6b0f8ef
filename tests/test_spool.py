"""Tests of kg.spool: documents' extractions written to disk and read back."""
from __future__ import annotations

from kg.model import Document, Entity, Evidence, Extraction, Relation
from kg.spool import Spool


def _record(name: str, person: str) -> tuple[str, Document, Extraction]:
    document = Document(name, name, "markdown", (), "ab" * 32, metadata={"page_starts": [1, 40]})
    entities = (Entity("p", person, "Person", evidence=Evidence(1, 1, f"# {person}")),
                Entity("u", "Marsh Hollow Polytechnic", "University"))
    return f"/corpus/{name}", document, Extraction(name, "p", entities, (Relation("p", "studiedAt", "u", start="2011"),))


def test_records_come_back_equal_in_the_order_added_and_extractions_sorted_by_document():
    records = [_record("c.md", "Odile Brackwater"), _record("a.md", "Fenna Quillon"), _record("b.md", "Ravi Tamsett")]
    with Spool() as spool:
        for record in records:
            spool.add(*record)
        assert len(spool) == 3 and spool.keys() == [key for key, _, _ in records]
        assert list(spool.records()) == records
        assert list(spool.records(1, 2)) == records[1:2]
        assert list(spool.records(2, 99)) == records[2:]
        assert [ex.document for ex in spool] == ["a.md", "b.md", "c.md"]
        assert list(spool) == list(spool)  # read as often as needed
        spool.add(*_record("0.md", "Ines Halloway"))  # added after reading: in the order too
        assert [ex.document for ex in spool][0] == "0.md" and len(list(spool.records())) == 4

