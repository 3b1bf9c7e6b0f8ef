"""What the extraction tests share: a fixture of tests/data/extract extracted, and its facts read back
as (subject, predicate, object) names."""
from __future__ import annotations

from pathlib import Path

from kg.extract import extract
from kg.ingest import load_document

DATA = Path(__file__).resolve().parent / "data" / "extract"


def run(name: str):
    """The extraction of fixture ``name``."""
    return extract(load_document(DATA / name))


def load_text(folder: Path, name: str, text: str):
    """The document ``text`` written as ``folder/name`` (its extension names its format) and read back."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return load_document(path)


def extract_text(folder: Path, name: str, text: str):
    """The extraction of ``text`` written as ``folder/name``."""
    return extract(load_text(folder, name, text))


def facts(ex) -> set[tuple[str, str, str]]:
    """Every relation of an extraction as ``(subject name, predicate, object name)``."""
    return {(ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) for r in ex.relations}


def relation(ex, subject: str, predicate: str, obj: str):
    """The relation ``subject predicate obj`` (by names); fails the test when there is none."""
    found = [r for r in ex.relations if (ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name)
             == (subject, predicate, obj)]
    assert found, f"no {subject} {predicate} {obj}"
    return found[0]
