"""The whole store in the JSON shape of the extraction contract, with entity ids as graph IRIs.

>>> from kg.store import Store
>>> store_json(Store.open(":memory:"))["entities"]
[]
"""
from __future__ import annotations

from typing import Any

__all__ = ["store_json"]

_ENTITY_TYPES = {"Person", "University", "Company", "Lab", "Institute", "Venue", "Project", "Publication"}


def store_json(store) -> dict[str, Any]:
    """Every entity and relation in the store, in the GUIDELINES shape (``kg export --format json``).

    Entities are resolved nodes (``id`` is the IRI) with every name any document gives them;
    relations name entities by id and keep each document's attributes and source lines.
    """
    entities: dict[str, dict[str, Any]] = {}
    for row in store.rows("export_entities"):
        item = entities.setdefault(str(row["entity"]), {
            "id": str(row["entity"]), "name": row["name"], "type": _local(row["type"]),
            "aliases": [], "documents": [],
        })
        for alias in (row["name"], row["alias"]):
            if alias and alias != item["name"] and alias not in item["aliases"]:
                item["aliases"].append(alias)
        if row["document"] not in item["documents"]:
            item["documents"].append(row["document"])
        if row["year"] is not None:
            item["year"] = str(row["year"])[:4]
    relations = []
    for row in store.rows("export_relations"):
        item = {"subject": str(row["subject"]), "predicate": _local(row["predicate"]), "object": str(row["object"])}
        for key in ("role", "degree", "field", "location", "start", "end"):
            if row[key] is not None:
                item[key] = str(row[key])
        if row["ongoing"]:
            item["end"] = "present"
        item["document"] = row["document"]
        if row["lineStart"] is not None:
            item["evidence"] = {"lines": [row["lineStart"], row["lineEnd"]], "text": row["evidence"]}
        relations.append(item)
    return {
        "store": store.location,
        "documents": [d["document"] for d in store.documents()],
        "entities": [e for e in entities.values() if e["type"] in _ENTITY_TYPES],
        "relations": relations,
    }


def _local(iri) -> str:
    return str(iri).rsplit("#", 1)[-1]
