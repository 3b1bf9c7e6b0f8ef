"""Organisation names from a ROR (Research Organization Registry) data dump.

A dump is a JSON list of records with ``id``, ``name`` (or ``names`` in schema v2),
``aliases``, ``acronyms``, ``labels``, ``types`` and ``relationships``; a record's
``Parent`` relationship names the organisation it belongs to.

>>> index = RorIndex([RorRecord("https://ror.org/x", "Foo Institute of Science", ("FIS",))])
>>> index.lookup("FIS").name
'Foo Institute of Science'
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from kg.errors import DocumentError

__all__ = ["RorRecord", "RorIndex", "load_ror"]


@dataclass(frozen=True)
class RorRecord:
    """One ROR organisation: its id, name, other names (aliases, acronyms, labels), parent and types."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    parent: str | None = None
    types: tuple[str, ...] = ()


class RorIndex:
    """Look organisations up by any of their ROR names (acronyms only when unambiguous)."""

    def __init__(self, records):
        from kg.resolve.things import is_acronym, org_name_key

        self.records = tuple(records)
        self._by_key: dict[str, RorRecord] = {}
        acronyms: dict[str, set[str]] = {}
        by_id = {r.id: r for r in self.records}
        for record in sorted(self.records, key=lambda r: r.id):
            for name in (record.name, *record.aliases):
                if is_acronym(name):
                    acronyms.setdefault(name, set()).add(record.id)
                else:
                    self._by_key.setdefault(org_name_key(name), record)
        self._acronyms = {a: by_id[next(iter(ids))] for a, ids in acronyms.items() if len(ids) == 1}

    def __len__(self) -> int:
        return len(self.records)

    def lookup(self, name: str) -> RorRecord | None:
        """The record a name refers to, else ``None``; acronyms match case-sensitively."""
        from kg.resolve.things import org_name_key

        text = " ".join(name.split())
        if text in self._acronyms:
            return self._acronyms[text]
        return self._by_key.get(org_name_key(text))


def _record(data: dict) -> RorRecord:
    names = data.get("names")
    if isinstance(names, list):  # ROR schema v2
        name = next((n["value"] for n in names if "ror_display" in n.get("types", ())), names[0]["value"] if names else "")
        others = tuple(n["value"] for n in names if n.get("value") and n["value"] != name)
    else:
        name = data.get("name", "")
        labels = tuple(label.get("label", "") for label in data.get("labels", ()) if isinstance(label, dict))
        others = tuple(data.get("aliases", ())) + tuple(data.get("acronyms", ())) + labels
    parent_names = {}
    for rel in data.get("relationships", ()):
        if str(rel.get("type", "")).lower() == "parent":
            parent_names[rel.get("id", "")] = rel.get("label")
    parent = parent_names[min(parent_names)] if parent_names else None
    return RorRecord(
        id=str(data.get("id", name)), name=name, aliases=tuple(o for o in others if o),
        parent=parent, types=tuple(data.get("types", ())),
    )


def load_ror(path: str | Path) -> RorIndex:
    """Read a ROR JSON dump (a list of records) into an index for :func:`kg.resolve.resolve`.

    Parameters
    ----------
    path : str or Path
        A ROR data dump (``.json``).

    Returns
    -------
    RorIndex

    Raises
    ------
    DocumentError
        The file is missing or is not a JSON list of ROR records.

    Examples
    --------
    >>> import json, tempfile, os
    >>> record = {"id": "https://ror.org/0", "name": "Foo University", "acronyms": ["FU"],
    ...           "aliases": [], "types": ["Education"], "relationships": []}
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     json.dump([record], f)
    >>> load_ror(f.name).lookup("Foo Univ.").name
    'Foo University'
    >>> os.unlink(f.name)
    """
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DocumentError(str(path), "no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DocumentError(str(path), f"not a ROR JSON dump ({exc.__class__.__name__})") from None
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        data = data["items"]
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise DocumentError(str(path), "not a ROR JSON dump (expected a list of records)")
    return RorIndex(_record(r) for r in data if r.get("name") or r.get("names"))
