"""Questions about one or two people, answered by SPARQL queries (``kg/queries/*.rq``).

These read only what they need, so they stay fast on large stores.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Any

from kg.analyze._store import local_name, resolve, rows
from kg.analyze._years import Span, format_ranges, overlap
from kg.errors import KgError
from kg.model import ORGANIZATION_TYPES

__all__ = ["shared", "timeline", "person", "members", "tree", "RELATION_LABELS"]

#: How each relation reads in a timeline or a path, forwards and backwards.
RELATION_LABELS = {
    "workedAt": ("worked at", "employed"), "studiedAt": ("studied at", "taught"),
    "advisedBy": ("advised by", "advisor of"), "mentoredBy": ("mentored by", "mentor of"),
    "authored": ("published", "written by"), "coauthored": ("co-authored with", "co-authored with"),
    "publishedIn": ("published in", "published"), "partOf": ("part of", "has unit"),
    "contributedTo": ("contributed to", "built by"),
}


def _iri(value: str):
    from rdflib import URIRef

    return URIRef(value)


def _name(store, iri: str) -> str:
    names = [r["value"] for r in rows(store, "person_details", person=_iri(iri)) if r["property"].endswith("#name")]
    return min(names) if names else local_name(iri)


def _source(document: str | None, line: int | None) -> str | None:
    if not document:
        return None
    return f"{document}:{line}" if line is not None else document


def _join(items) -> str:
    return "; ".join(dict.fromkeys(i for i in items if i))


def _when(start: Any, end: Any, ongoing: Any) -> str:
    start = str(start) if start is not None else None
    end = "present" if ongoing else (str(end) if end is not None else None)
    if start and end:
        sep = " to " if "-" in start or "-" in end else "-"
        return start if start == end else f"{start}{sep}{end}"
    return start or (f"until {end}" if end else "")


def shared(store, a: str, b: str) -> list[dict[str, Any]]:
    """What two people have in common: organisations, venues and co-authors, with overlapping years.

    Organisations count through their units (``kg:partOf``): two people at different labs of one
    university share the university, and ``via`` says through which units. ``overlap`` gives the
    years both were there (an open end is the current year), or says ``no overlap`` with both
    ranges, or ``years unknown``.

    Parameters
    ----------
    store : kg.store.Store
    a, b : str
        Names (or aliases, or IRIs) of two people.

    Returns
    -------
    list of dict
        Rows with ``kind`` (``organisation``, ``venue``, ``coauthor``, ``coauthored``), ``name``,
        ``via``, ``overlap``, ``sources``.

    Raises
    ------
    kg.errors.NotFoundError
        When a name matches no person, or several (the message lists them).

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> row = shared(store, "Alice Moreau", "Bob Tanaka")[1]
    >>> row["name"], row["overlap"]
    ('Northfield University', '2014-2019')
    >>> row["via"]
    'Alice Moreau: Northfield University (PhD, 2012-2017), Quantum Systems Lab (Postdoc, 2017-2019); Bob Tanaka: Northfield University (PhD, 2014-2019), Vision Group (Researcher, 2019-2021)'
    """
    ia, ib = resolve(store, a, {"Person"}), resolve(store, b, {"Person"})
    if ia == ib:
        raise KgError(f"{a!r} and {b!r} are the same person")
    name_a, name_b = _name(store, ia), _name(store, ib)
    out = _shared_organisations(store, ia, ib, name_a, name_b)
    out += _shared_venues(store, ia, ib, name_a, name_b)
    out += _shared_coauthors(store, ia, ib, name_a, name_b)
    return out


def _overlap_text(spans_a: list[Span], spans_b: list[Span], name_a: str, name_b: str) -> str:
    years = overlap(spans_a, spans_b)
    if years is None:
        return "years unknown"
    if years:
        return format_ranges(years)
    ranges_a = ", ".join(dict.fromkeys(str(s) for s in spans_a if s.bounds()))
    ranges_b = ", ".join(dict.fromkeys(str(s) for s in spans_b if s.bounds()))
    return f"no overlap ({name_a} {ranges_a}; {name_b} {ranges_b})"


def _shared_organisations(store, ia, ib, name_a, name_b) -> list[dict[str, Any]]:
    by_org: dict[str, dict[str, Any]] = {}
    for r in rows(store, "shared_affiliations", a=_iri(ia), b=_iri(ib)):
        org = by_org.setdefault(r["org"], {"name": r["orgName"], "a": {}, "b": {}, "sources": []})
        for side in ("A", "B"):
            span = Span.parse(r[f"start{side}"], r[f"end{side}"], bool(r[f"ongoing{side}"]),
                              r[f"from{side}"], None if r[f"ongoing{side}"] else r[f"to{side}"])
            role = r[f"role{side}"]
            detail = ", ".join(x for x in (role, str(span) if span.bounds() else None) if x)
            label = f"{r[f'unit{side}Name']} ({detail})" if detail else r[f"unit{side}Name"]
            org[side.lower()][(r[f"unit{side}"], r[f"relation{side}"], role, span)] = label
            org["sources"].append(_source(r[f"document{side}"], r[f"line{side}"]))
    out = []
    for iri, org in sorted(by_org.items(), key=lambda kv: (kv[1]["name"], kv[0])):
        spans_a = [key[3] for key in org["a"]]
        spans_b = [key[3] for key in org["b"]]
        out.append({
            "kind": "organisation",
            "name": org["name"],
            "via": f"{name_a}: {', '.join(dict.fromkeys(org['a'].values()))}; "
                   f"{name_b}: {', '.join(dict.fromkeys(org['b'].values()))}",
            "overlap": _overlap_text(spans_a, spans_b, name_a, name_b),
            "sources": _join(sorted(set(filter(None, org["sources"])))),
            "iri": iri,
        })
    return out


def _shared_venues(store, ia, ib, name_a, name_b) -> list[dict[str, Any]]:
    venues_a = {r["venue"]: r for r in rows(store, "venues", person=_iri(ia))}
    venues_b = {r["venue"]: r for r in rows(store, "venues", person=_iri(ib))}
    out = []
    for venue in sorted(venues_a.keys() & venues_b.keys(), key=lambda v: (venues_a[v]["name"], v)):
        ra, rb = venues_a[venue], venues_b[venue]
        span_a, span_b = Span(ra["firstYear"], ra["lastYear"]), Span(rb["firstYear"], rb["lastYear"])

        def count(r, span):
            n = r["publications"]
            return f"{n} publication{'s' if n != 1 else ''}" + (f" ({span})" if span.bounds() else "")

        out.append({
            "kind": "venue", "name": ra["name"],
            "via": f"{name_a}: {count(ra, span_a)}; {name_b}: {count(rb, span_b)}",
            "overlap": _overlap_text([span_a], [span_b], name_a, name_b), "sources": "", "iri": venue,
        })
    return out


def _coauthor_table(store, iri) -> dict[str, dict[str, Any]]:
    table: dict[str, dict[str, Any]] = {}
    for r in rows(store, "coauthors", person=_iri(iri)):
        entry = table.setdefault(r["coauthor"], {"name": r["name"], "titles": [], "years": []})
        if r["title"]:
            entry["titles"].append(f"{r['title']!r}" + (f" ({r['year']})" if r["year"] else ""))
        if r["year"] and str(r["year"]).isdigit():
            entry["years"].append(int(r["year"]))
    return table


def _shared_coauthors(store, ia, ib, name_a, name_b) -> list[dict[str, Any]]:
    table_a, table_b = _coauthor_table(store, ia), _coauthor_table(store, ib)
    out = []
    if ib in table_a:
        out.append({"kind": "coauthored", "name": f"{name_a} and {name_b}",
                    "via": ", ".join(table_a[ib]["titles"]) or "co-authors",
                    "overlap": "", "sources": "", "iri": ib})
    for other in sorted((table_a.keys() & table_b.keys()) - {ia, ib}, key=lambda c: (table_a[c]["name"], c)):
        ea, eb = table_a[other], table_b[other]
        span_a = Span(min(ea["years"]), max(ea["years"])) if ea["years"] else Span(None, None)
        span_b = Span(min(eb["years"]), max(eb["years"])) if eb["years"] else Span(None, None)
        out.append({
            "kind": "coauthor", "name": ea["name"],
            "via": f"{name_a}: {', '.join(ea['titles']) or 'co-authors'}; {name_b}: {', '.join(eb['titles']) or 'co-authors'}",
            "overlap": _overlap_text([span_a], [span_b], name_a, name_b), "sources": "", "iri": other,
        })
    return out


def timeline(store, name: str) -> list[dict[str, Any]]:
    """A person's positions, studies, advisors, publications and projects, earliest first.

    Parameters
    ----------
    store : kg.store.Store
    name : str
        A person's name, alias or IRI.

    Returns
    -------
    list of dict
        Rows with ``when``, ``relation``, ``name``, ``role``, ``sources``; undated rows come last.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> [(r["when"], r["relation"], r["name"]) for r in timeline(store, "alice moreau")][:3]
    [('2012-2017', 'studied at', 'Northfield University'), ('2017-2019', 'worked at', 'Quantum Systems Lab'), ('2018', 'published', 'Sparse Widgets')]
    """
    iri = resolve(store, name, {"Person"})
    merged: dict[tuple, dict[str, Any]] = {}
    for r in rows(store, "timeline", person=_iri(iri)):
        relation = local_name(r["relation"])
        when = _when(r["start"], r["end"], r["ongoing"]) if relation in ("workedAt", "studiedAt") else (
            str(r["year"]) if r["year"] is not None else "")
        role = r["role"] or r["degree"]
        key = (relation, r["object"], when, role)
        entry = merged.setdefault(key, {"when": when, "relation": RELATION_LABELS[relation][0],
                                        "name": r["objectName"], "role": role, "sources": [],
                                        "iri": r["object"], "_year": r["year"]})
        entry["sources"].append(_source(r["document"], r["line"]))
    out = sorted(merged.values(), key=lambda e: (e["_year"] is None, e["_year"] or 0, e["when"], e["relation"], e["name"]))
    for entry in out:
        entry.pop("_year")
        entry["sources"] = _join(entry["sources"])
    return out


def members(store, organisation: str) -> list[dict[str, Any]]:
    """The people at an organisation or any of its units (``kg:partOf*``), with role and years.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> [(r["name"], r["unit"]) for r in members(store, "NFU")][:2]
    [('Alice Moreau', 'Northfield University'), ('Alice Moreau', 'Quantum Systems Lab')]
    """
    iri = resolve(store, organisation, ORGANIZATION_TYPES)
    merged: dict[tuple, dict[str, Any]] = {}
    for r in rows(store, "people_at_org", org=_iri(iri)):
        relation = local_name(r["relation"])
        role = r["role"] or r["degree"]
        when = _when(r["start"], r["end"], r["ongoing"])
        key = (r["person"], r["unit"], relation, role, when)
        entry = merged.setdefault(key, {"name": r["name"], "unit": r["unitName"], "relation": RELATION_LABELS[relation][0],
                                        "role": role, "years": when, "sources": [], "iri": r["person"]})
        entry["sources"].append(_source(r["document"], r["line"]))
    for entry in merged.values():
        entry["sources"] = _join(entry["sources"])
    return list(merged.values())


def tree(store, name: str) -> list[dict[str, Any]]:
    """The academic tree around a person: advisors above (generation -1, -2, ...) and students below.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> [(r["generation"], r["student"], r["advisor"]) for r in tree(store, "Alice Moreau")]
    [(-2, 'Carol Zhang', 'Frank Oduya'), (-1, 'Alice Moreau', 'Carol Zhang'), (1, 'Gina Park', 'Alice Moreau')]
    """
    iri = resolve(store, name, {"Person"})
    result = rows(store, "academic_tree", person=_iri(iri))
    up: dict[str, list[dict]] = defaultdict(list)
    down: dict[str, list[dict]] = defaultdict(list)
    for r in result:
        (up[r["student"]] if r["direction"] == "ancestor" else down[r["advisor"]]).append(r)
    out = []
    for edges, step, nxt in ((up, -1, "advisor"), (down, 1, "student")):
        seen, frontier, generation = {iri}, [iri], 0
        while frontier:
            generation += step
            following = []
            for node in frontier:
                for r in edges.get(node, ()):
                    out.append({"generation": generation, "student": r["studentName"], "advisor": r["advisorName"],
                                "student_iri": r["student"], "advisor_iri": r["advisor"]})
                    if r[nxt] not in seen:
                        seen.add(r[nxt])
                        following.append(r[nxt])
            frontier = following
    return sorted(out, key=lambda r: (r["generation"], r["student"], r["advisor"]))


def person(store, name: str) -> list[dict[str, Any]]:
    """A profile: names, identifiers, documents, affiliations, advisors, students, co-authors, venues.

    Returns
    -------
    list of dict
        Rows with ``section``, ``value``, ``detail``, ``sources``.

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> [(r["section"], r["value"]) for r in person(store, "A. Moreau")][:4]
    [('name', 'Alice Moreau'), ('alias', 'A. Moreau'), ('email', 'alice@example.org'), ('document', 'alice.txt')]
    """
    iri = resolve(store, name, {"Person"})
    details = rows(store, "person_details", person=_iri(iri))
    names = [r["value"] for r in details if r["property"].endswith("#name")]
    label = min(names) if names else local_name(iri)
    out: list[dict[str, Any]] = [{"section": "name", "value": label, "detail": iri, "sources": ""}]
    others = sorted({r["value"] for r in details if local_name(r["property"]) in ("name", "alias")} - {label})
    out += [{"section": "alias", "value": v, "detail": "", "sources": ""} for v in others]
    for prop in ("email", "orcid", "homepage", "github", "scholar"):
        out += [{"section": prop, "value": r["value"], "detail": "", "sources": ""}
                for r in details if local_name(r["property"]) == prop]
    out += [{"section": "document", "value": r["value"], "detail": "about this person", "sources": ""}
            for r in details if local_name(r["property"]) == "about"]
    sections = {"worked at": "position", "studied at": "education", "mentored by": "mentor",
                "contributed to": "project"}
    for row in timeline(store, iri):
        if row["relation"] in sections:
            detail = ", ".join(x for x in (row["role"], row["when"]) if x)
            out.append({"section": sections[row["relation"]], "value": row["name"], "detail": detail,
                        "sources": row["sources"]})
    for r in tree(store, iri):
        if r["generation"] == -1:
            out.append({"section": "advisor", "value": r["advisor"], "detail": "", "sources": ""})
        elif r["generation"] == 1:
            out.append({"section": "student", "value": r["student"], "detail": "", "sources": ""})
    for other, entry in sorted(_coauthor_table(store, iri).items(), key=lambda kv: (-len(kv[1]["titles"]), kv[1]["name"])):
        n = len(entry["titles"])
        out.append({"section": "coauthor", "value": entry["name"],
                    "detail": f"{n} publication{'s' if n != 1 else ''}" if n else "", "sources": ""})
    for r in rows(store, "venues", person=_iri(iri)):
        span = Span(r["firstYear"], r["lastYear"])
        n = r["publications"]
        out.append({"section": "venue", "value": r["name"],
                    "detail": f"{n} publication{'s' if n != 1 else ''}" + (f", {span}" if span.bounds() else ""),
                    "sources": ""})
    return out
