"""Explain one entity: its names, every fact with its source, the merges behind it, and disagreements.

The library side of ``kg explain NAME``. :func:`explain` gathers everything the store
says about one entity (three queries: ``explain_labels``, ``explain_facts`` and
``explain_merges`` in :mod:`kg.queries`) into a plain dict; :func:`render_explanation`
turns that dict into text for the terminal.

>>> from kg.store import Store
>>> with Store.open(":memory:") as store:
...     explain(store, "Nobody")
Traceback (most recent call last):
...
kg.errors.NotFoundError: no entity named 'Nobody'
"""
from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter, defaultdict
from typing import Any

from kg.extract.context import UNNAMED_SUBJECT

__all__ = ["explain", "render_explanation"]

_PROPERTIES = {"email", "orcid", "homepage", "github", "scholar", "rorId"}
_ATTRIBUTES = ("role", "degree", "field", "location", "start", "end", "ongoing")


def _local(iri: Any) -> str:
    return re.split(r"[#/]", str(iri))[-1]


def _value(term: Any) -> Any:
    if term is None:
        return None
    value = term.toPython() if hasattr(term, "toPython") else term
    if hasattr(value, "isoformat") or not isinstance(value, (str, int, float, bool)):
        return str(term)
    return value


def _rows(store, name: str, entity: str) -> list[dict[str, Any]]:
    from rdflib import URIRef

    from kg.queries import load_query

    result = store.query(load_query(name), {"entity": URIRef(entity)})
    names = [str(v) for v in result.vars]
    return [{n: _value(row[i]) for i, n in enumerate(names)} for row in result]


def explain(store, name: str, *, types=None) -> dict[str, Any]:
    """Everything the store says about the entity called ``name``, with its sources.

    Parameters
    ----------
    store : kg.store.Store
        An open store (local or remote).
    name : str
        A name or alias (case-insensitive), or the entity's IRI.
    types : iterable of str, optional
        Only consider entities of these types (``{"Person"}``).

    Returns
    -------
    dict
        ``iri``, ``name`` (the most complete ``kg:name``), ``types``, ``names``,
        ``aliases``, ``identifiers`` (scheme -> values), ``year``,
        ``documents`` (``document``, ``path``, ``names``, ``lines``, ``pages``: first and last
        page of those lines in a PDF, else ``None``),
        ``facts`` (one per assertion: ``subject``, ``subject_name``, ``predicate``,
        ``object``, ``object_name``, ``direction`` "out" or "in", the attributes, ``document``,
        ``lines``, ``pages``, ``evidence``), ``merges`` (``document``, ``mention``, ``rule``,
        ``score``, ``detail``) and ``disagreements`` (the same subject, predicate and
        object with different attribute values in different documents: ``subject``,
        ``predicate``, ``object``, names, ``attribute``, ``values`` as
        ``[{"value", "documents"}]``).

    Raises
    ------
    kg.errors.NotFoundError
        No entity has that name; or several do (then an
        :class:`~kg.analyze.AmbiguousNameError` listing the candidates).

    Examples
    --------
    >>> from rdflib import Literal, URIRef
    >>> from kg.namespaces import KG
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> ada = URIRef("https://w3id.org/kg/id/person/ada")
    >>> store.replace_document(URIRef("https://w3id.org/kg/id/graph/1"),
    ...     [(ada, URIRef("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), KG.Person),
    ...      (ada, KG.name, Literal("Ada Byron")), (ada, KG.alias, Literal("A. Byron"))])
    >>> info = explain(store, "a. byron")
    >>> info["name"], info["types"], info["aliases"]
    ('Ada Byron', ['Person'], ['A. Byron'])
    """
    from kg.analyze import resolve as find_entity

    iri = find_entity(store, name, types)
    labels = _rows(store, "explain_labels", iri)
    facts = _rows(store, "explain_facts", iri)
    merges = _rows(store, "explain_merges", iri)

    types_seen = sorted({_local(r["type"]) for r in labels if str(r["type"]).startswith("https://w3id.org/kg/ontology#")})
    name_counts = Counter(r["value"] for r in labels if _local(r["property"]) == "name")
    names = sorted(name_counts)
    aliases = sorted({r["value"] for r in labels if _local(r["property"]) == "alias"} - set(names))
    identifiers: dict[str, list[str]] = defaultdict(list)
    years = sorted({str(r["value"]) for r in labels if _local(r["property"]) == "year"})
    documents: dict[str, dict[str, Any]] = {}
    for r in labels:
        prop = _local(r["property"])
        if prop in _PROPERTIES and str(r["value"]) not in identifiers[prop]:
            identifiers[prop].append(str(r["value"]))
        doc = documents.setdefault(r["document"], {"document": r["document"], "path": r["path"], "names": [],
                                                   "lines": _lines(r), "page_starts": _page_starts(r)})
        if prop == "name" and r["value"] not in doc["names"]:
            doc["names"].append(r["value"])

    # the most complete name (longest), then the most frequent
    # (a document's unnamed subject is shown by the name other documents give it)
    display = min(name_counts, key=lambda n: (n == UNNAMED_SUBJECT, -len(n), -name_counts[n], n)) if name_counts else iri
    fact_list = []
    for r in facts:
        fact = {
            "subject": str(r["subject"]), "subject_name": _most_complete(r["subjectName"]),
            "predicate": _local(r["predicate"]),
            "object": str(r["object"]), "object_name": _most_complete(r["objectName"]),
            "direction": "out" if str(r["subject"]) == iri else "in",
        }
        fact[f"{'subject' if fact['direction'] == 'out' else 'object'}_name"] = display
        for attribute in _ATTRIBUTES:
            value = r.get(attribute)
            fact[attribute] = None if value in (None, "") else (bool(value) if attribute == "ongoing" else str(value))
        fact.update(document=r["document"], lines=_lines(r), evidence=r["evidence"])
        fact["pages"] = _pages(fact["lines"], documents.get(r["document"], {}).get("page_starts"))
        fact_list.append(fact)
    fact_list.sort(key=lambda f: (f["direction"] != "out", f["predicate"], f["subject_name"] or "",
                                  f["object_name"] or "", f["document"] or "", f["lines"] or []))

    for doc in documents.values():
        doc["pages"] = _pages(doc["lines"], doc.pop("page_starts"))
    return {
        "iri": iri,
        "name": display,
        "types": types_seen,
        "names": names,
        "aliases": aliases,
        "identifiers": {k: sorted(v) for k, v in sorted(identifiers.items()) if v},
        "year": years[0] if len(years) == 1 else (years or None),
        "documents": sorted(documents.values(), key=lambda d: d["document"] or ""),
        "facts": fact_list,
        "merges": [
            {"document": r["document"], "mention": r["mention"], "rule": r["rule"],
             "score": None if r["score"] is None else float(r["score"]), "detail": r["detail"] or ""}
            for r in merges
        ],
        "disagreements": _disagreements(fact_list),
    }


def _most_complete(names: str | None) -> str | None:
    """The longest of newline-separated names (ties alphabetically; an unnamed subject's label last)."""
    options = [n for n in str(names or "").split("\n") if n]
    return min(options, key=lambda n: (n == UNNAMED_SUBJECT, -len(n), n)) if options else None


def _lines(row: dict[str, Any]) -> list[int] | None:
    start, end = row.get("lineStart"), row.get("lineEnd")
    if start is None:
        return None
    return [int(start), int(end if end is not None else start)]


def _page_starts(row: dict[str, Any]) -> list[int] | None:
    starts = row.get("pageStarts")
    return [int(n) for n in str(starts).split()] if starts else None


def _pages(lines: list[int] | None, page_starts: list[int] | None) -> list[int] | None:
    """The first and last page of ``lines`` in a document whose pages start on ``page_starts``.

    >>> _pages([40, 52], [1, 30, 48])
    [2, 3]
    """
    if not lines or not page_starts:
        return None
    return [bisect_right(page_starts, lines[0]), bisect_right(page_starts, lines[1])]


def _disagreements(facts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Attributes of the same (subject, predicate, object) whose values differ between documents.

    A document that gives no value for an attribute does not disagree; ``ongoing`` and
    ``end`` are compared together (an ongoing position has no end).
    """
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for fact in facts:
        groups[(fact["subject"], fact["predicate"], fact["object"])].append(fact)
    out = []
    for (subject, predicate, obj), group in sorted(groups.items()):
        if len({f["document"] for f in group}) < 2:
            continue
        for attribute in ("start", "end", "role", "degree", "field", "location"):
            values: dict[str, set[str]] = defaultdict(set)
            for f in group:
                value = "present" if attribute == "end" and f["ongoing"] else f[attribute]
                if value is not None:
                    values[str(value)].add(f["document"] or "?")
            if len(values) > 1:
                out.append({
                    "subject": subject, "subject_name": group[0]["subject_name"], "predicate": predicate,
                    "object": obj, "object_name": group[0]["object_name"], "attribute": attribute,
                    "values": [{"value": v, "documents": sorted(d)} for v, d in sorted(values.items())],
                })
    return out


def render_explanation(info: dict[str, Any]) -> str:
    """The explanation of :func:`explain` as text for the terminal.

    Examples
    --------
    >>> print(render_explanation({"iri": "https://w3id.org/kg/id/person/ada", "name": "Ada Byron",
    ...     "types": ["Person"], "names": ["Ada Byron"], "aliases": ["A. Byron"], "identifiers": {},
    ...     "year": None, "documents": [], "facts": [], "merges": [], "disagreements": []}))
    Ada Byron (Person) <https://w3id.org/kg/id/person/ada>
      also called: A. Byron
    <BLANKLINE>
    Facts: none
    """
    lines = [f"{info['name']} ({', '.join(info['types']) or 'unknown type'}) <{info['iri']}>"]
    other_names = [n for n in info["names"] if n != info["name"]]
    if other_names:
        lines.append(f"  names in documents: {'; '.join(other_names)}")
    if info["aliases"]:
        lines.append(f"  also called: {'; '.join(info['aliases'])}")
    for scheme, values in info["identifiers"].items():
        lines.append(f"  {scheme}: {', '.join(values)}")
    if info.get("year"):
        lines.append(f"  year: {info['year'] if isinstance(info['year'], str) else ', '.join(info['year'])}")
    if info["documents"]:
        lines.append("")
        lines.append(f"Documents ({len(info['documents'])}):")
        for d in info["documents"]:
            lines.append(f"  {d['document']}{_where(d['lines'], d['pages'])}: as {'; '.join(d['names']) or 'an unnamed subject'}")
    lines.append("")
    if not info["facts"]:
        lines.append("Facts: none")
    else:
        lines.append(f"Facts ({len(info['facts'])}):")
        for f in info["facts"]:
            lines.append(f"  {_fact(f)}")
            lines.append(f"      from {f['document'] or '?'}{_where(f['lines'], f['pages'])}"
                         + (f": \"{_short(f['evidence'])}\"" if f["evidence"] else ""))
    if info["merges"]:
        lines.append("")
        lines.append(f"Merged mentions ({len(info['merges'])}):")
        for m in info["merges"]:
            score = "" if m["score"] is None else f", score {m['score']:.2f}"
            lines.append(f"  {m['mention']!r} in {m['document'] or '?'}: {m['rule']}{score}")
            if m["detail"]:
                lines.append(f"      {m['detail']}")
    if info["disagreements"]:
        lines.append("")
        lines.append(f"Sources disagree ({len(info['disagreements'])}):")
        for d in info["disagreements"]:
            what = f"{d['subject_name'] or d['subject']} {d['predicate']} {d['object_name'] or d['object']}"
            values = "; ".join(f"{v['value']} ({', '.join(v['documents'])})" for v in d["values"])
            lines.append(f"  {what}: {d['attribute']} is {values}")
    return "\n".join(lines)


def _where(lines: list[int] | None, pages: list[int] | None = None) -> str:
    """Where a passage is: its lines, and for a paged document (PDF) its pages first.

    >>> _where([3, 3]), _where([40, 52], [2, 3])
    (' line 3', ' pages 2-3, lines 40-52')
    """
    if not lines:
        return ""
    where = f" line {lines[0]}" if lines[0] == lines[1] else f" lines {lines[0]}-{lines[1]}"
    if pages:
        where = (f" page {pages[0]}," if pages[0] == pages[1] else f" pages {pages[0]}-{pages[1]},") + where
    return where


def _short(text: str, width: int = 100) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _fact(f: dict[str, Any]) -> str:
    parts = [f"{f['subject_name'] or f['subject']} {f['predicate']} {f['object_name'] or f['object']}"]
    extras = [f"{a} {f[a]}" for a in ("role", "degree", "field", "location") if f.get(a)]
    if f.get("start") or f.get("end") or f.get("ongoing"):
        end = "present" if f.get("ongoing") else (f.get("end") or "?")
        extras.append(f"{f.get('start') or '?'}–{end}")
    if extras:
        parts.append(f"({', '.join(extras)})")
    return " ".join(parts)
