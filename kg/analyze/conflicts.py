"""Conflicts of interest between two lists of people (reviewers and authors, a panel and applicants).

Every pair ``(a, b)`` that conflicts, with each reason and the document and line stating it:

- ``same person``: the two lists name the same person;
- ``advisor`` / ``mentor``: one advised (mentored) the other, at any time;
- ``co-author``: a shared publication from the last ``years`` years (counted from the
  publication's year: with ``years=4`` in 2026, 2022 onwards); publications without a year are
  reported with ``year unknown``, not dropped;
- ``organisation``: both at the same organisation at overlapping dates that reach into the
  window (current positions run to now); ``level`` says how close: ``lab`` (a lab or another
  unit of a larger organisation, the stronger tie) or the whole ``university``, ``company``
  or ``institute``. Only the closest shared organisation counts: two people in one lab share
  the lab, not also the university above it. Undated stints are reported with ``dates unknown``.

Names are matched as resolution matches them: e-mail and ORCID first, then the name or an alias,
then the same full name written otherwise ("Sato, Ryo"); initials or a missing middle name only
with support (the row's affiliation is one of the candidate's organisations). A name that
matches nobody, several people, or someone by initials alone is listed as such, never guessed.

The facts are read in one pass, a handful of queries (``kg/queries/conflict_*.rq``) for all the
listed people at once (the names of everyone are kept in the analysis cache of a directory store
until it changes), then every pair is found from indexes: no query per pair.

Examples
--------
>>> from kg.store import Store
>>> store = Store.open(":memory:")
>>> store.load(EXAMPLE)
>>> report = conflicts(store, ["Alice Moreau"], ["Gina Park", "Frank Oduya", "Nobody Known"], now=2020)
>>> [(r["a"], r["b"], r["kind"], r["when"]) for r in report.conflicts]
[('Alice Moreau', 'Gina Park', 'advisor', 'any time')]
>>> [(n["name"], n["status"]) for n in report.names if n["status"] != "matched"]
[('Nobody Known', 'unknown')]
"""
from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any, Iterable, Mapping

from kg.analyze._store import _TYPE_ORDER, KG_NS, _value, local_name, normalise, rows, rows_in, snapshot
from kg.analyze._years import Span, _merge, format_ranges, overlap, this_year

__all__ = ["conflicts", "read_people", "ConflictReport", "DEFAULT_YEARS"]

#: NSF counts co-authors of the last 48 months.
DEFAULT_YEARS = 4

#: Header cells of a people list, folded (lower case, letters only), by what they hold.
COLUMN_NAMES = {
    "name": {"name", "fullname", "person", "reviewer", "author", "applicant", "member"},
    "first": {"first", "firstname", "givenname", "given"},
    "last": {"last", "lastname", "familyname", "family", "surname"},
    "email": {"email", "mail", "emailaddress"},
    "orcid": {"orcid", "orcidid"},
    "affiliation": {"affiliation", "institution", "organisation", "organization", "employer"},
}

#: The order reasons are listed in for a pair: the strongest first.
KIND_ORDER = {"same person": 0, "advisor": 1, "mentor": 2, "co-author": 3, "organisation": 4}

_YEAR = re.compile(r"\d{4}")


@dataclass
class ConflictReport:
    """What :func:`conflicts` found.

    ``conflicts``: one row per conflicting pair and reason (``a``, ``b``, ``kind``, ``level``,
    ``when``, ``detail``, ``sources``, and in JSON ``a_iri``, ``b_iri``, ``evidence``);
    ``names``: one row per list entry, how it was matched (``status``: ``matched``,
    ``ambiguous``, ``unconfirmed`` or ``unknown``; ``matched_by``; ``candidates``).
    """

    conflicts: list[dict[str, Any]]
    names: list[dict[str, Any]]
    years: int
    now: int

    @property
    def unresolved(self) -> list[dict[str, Any]]:
        """The list entries that matched no one person."""
        return [n for n in self.names if n["status"] != "matched"]

    def to_dict(self) -> dict[str, Any]:
        """Everything, as ``kg conflicts --format json`` prints it."""
        return {"years": self.years, "as_of": self.now, "conflicts": self.conflicts, "names": self.names}

    def pairs(self) -> list[dict[str, Any]]:
        """One row per conflicting pair, for a conference system's import: the two names, their
        e-mail addresses where known (from the list, else from the documents) and the reasons.

        >>> report = ConflictReport([{"a": "A", "b": "B", "a_email": "a@x.org", "b_email": "",
        ...     "kind": "advisor", "level": "", "when": "any time", "detail": "A advised B"}], [], 4, 2026)
        >>> report.pairs()
        [{'name_a': 'A', 'email_a': 'a@x.org', 'name_b': 'B', 'email_b': '', 'reasons': 'advisor: A advised B'}]
        """
        grouped: dict[tuple, list[dict[str, Any]]] = {}
        for row in self.conflicts:
            grouped.setdefault((row["a"], row["a_email"], row["b"], row["b_email"]), []).append(row)
        return [{"name_a": a, "email_a": ea, "name_b": b, "email_b": eb,
                 "reasons": "; ".join(_reason(r) for r in found)}
                for (a, ea, b, eb), found in grouped.items()]


def _reason(row: Mapping[str, Any]) -> str:
    kind = f"{row['kind']} ({row['level']})" if row["level"] else row["kind"]
    when = f", {row['when']}" if row["kind"] == "organisation" else ""  # the others' details give their years
    return f"{kind}: {row['detail']}{when}"


# -- reading the lists ------------------------------------------------------------------------

def read_people(path: str | Path) -> list[dict[str, str]]:
    """The people of a list file: a CSV with a header (name, or first and last name; optional
    e-mail, ORCID and affiliation columns), or plain text with one name a line.

    Examples
    --------
    >>> import tempfile, os
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "panel.csv")
    >>> _ = open(path, "w").write("First name,Last name,E-mail\\nIrma,Vance,irma@example.org\\n")
    >>> read_people(path)
    [{'name': 'Irma Vance', 'email': 'irma@example.org', 'orcid': '', 'affiliation': '', 'line': 2}]
    >>> _ = open(path, "w").write("Vance, Irma\\n\\nTomas Reyes\\n")
    >>> [p["name"] for p in read_people(path)]
    ['Vance, Irma', 'Tomas Reyes']
    """
    return parse_people(Path(path).read_text(encoding="utf-8-sig"))


def parse_people(text: str) -> list[dict[str, str]]:
    """The people of a list's text (see :func:`read_people`)."""
    lines = text.splitlines()
    header = next((ln for ln in lines if ln.strip()), "")
    columns = _columns(next(csv.reader([header])) if header else [])
    if "name" not in columns and not {"first", "last"} <= columns.keys():
        return [_entry(" ".join(ln.split()), "", "", "", i) for i, ln in enumerate(lines, 1) if ln.strip()]
    out = []
    reader = csv.reader(io.StringIO(text))
    header_read = False
    for cells in reader:
        if not any(c.strip() for c in cells):
            continue
        if not header_read:
            header_read = True
            continue

        def cell(kind: str) -> str:
            index = columns.get(kind)
            return cells[index].strip() if index is not None and index < len(cells) else ""

        name = cell("name") or " ".join(filter(None, (cell("first"), cell("last"))))
        out.append(_entry(name, cell("email"), cell("orcid"), cell("affiliation"), reader.line_num))
    return out


def _columns(cells: list[str]) -> dict[str, int]:
    found: dict[str, int] = {}
    for index, cell in enumerate(cells):
        folded = re.sub(r"[^a-z]", "", cell.lower())
        for kind, names in COLUMN_NAMES.items():
            if folded in names:
                found.setdefault(kind, index)
    return found


def _entry(name: str, email: str, orcid: str, affiliation: str, line: int) -> dict[str, Any]:
    return {"name": " ".join(name.split()), "email": email, "orcid": orcid, "affiliation": affiliation,
            "line": line}


def _as_entries(people: Iterable[str | Mapping[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for index, person in enumerate(people, 1):
        if isinstance(person, str):
            out.append(_entry(person, "", "", "", index))
        else:
            out.append(_entry(person.get("name", ""), person.get("email") or "", person.get("orcid") or "",
                              person.get("affiliation") or "", person.get("line", index)))
    return out


# -- the facts, read once ---------------------------------------------------------------------

@dataclass
class _People:
    """Every person's names and identifiers, indexed the ways list entries are matched.

    ``by_word`` holds every folded word of every name: a list name that is not a known name is
    compared (parsed, as resolution compares names) with the people one of whose names has its
    family name, rather than parsing every name of the store up front.
    """

    labels: dict[str, str] = field(default_factory=dict)
    names: dict[str, set[str]] = field(default_factory=dict)
    emails: dict[str, list[str]] = field(default_factory=dict)
    by_identifier: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    by_name: dict[str, set[str]] = field(default_factory=dict)
    by_word: dict[str, set[str]] = field(default_factory=dict)
    #: person -> the ``(property, value)`` pairs these are made from (a later state updates them)
    rows: dict[str, list[tuple[str, str]]] = field(default_factory=dict)


def _read_people(store) -> _People:
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for r in rows(store, "conflict_people"):
        found[r["person"]].append((local_name(r["property"]), r["value"]))
    return _indexed(found)


def _indexed(found: dict[str, list[tuple[str, str]]]) -> _People:
    """The people's indexes, from each person's ``(property, value)`` pairs (``found``, kept as ``rows``)."""
    from kg.extract.context import normalize_name
    from kg.resolve.people import normalize_identifier

    labels: dict[str, set[str]] = defaultdict(set)
    names: dict[str, set[str]] = defaultdict(set)
    by_identifier, by_name, by_word = defaultdict(set), defaultdict(set), defaultdict(set)
    emails: dict[str, list[str]] = defaultdict(list)
    for person, pairs in found.items():
        for prop, value in pairs:
            if prop in ("email", "orcid"):
                key = normalize_identifier(prop, value)
                if key:
                    by_identifier[(prop, key)].add(person)
                    if prop == "email":
                        emails[person].append(value)
                continue
            (labels if prop == "name" else names)[person].add(value)
            by_name[normalise(value)].add(person)
            for word in normalize_name(value).split():
                by_word[word].add(person)
    return _People(
        labels={p: min(n) for p, n in labels.items()},  # as the other analyses label a node
        names={p: labels.get(p, set()) | names.get(p, set()) for p in labels.keys() | names.keys()},
        emails={p: sorted(set(e)) for p, e in emails.items()}, by_identifier=dict(by_identifier),
        by_name=dict(by_name), by_word=dict(by_word), rows=dict(found))


_PERSON = KG_NS + "Person"


def _people(store) -> _People:
    """The people of the store's current state: from the analysis cache when it has them, else
    those of the state before the last build with the people it touched read again, else read."""
    # the key names the fields: a cache written by a version of kg with other fields is not read back
    key = "conflicts:people:" + ",".join(f.name for f in fields(_People))
    snap = snapshot(store)
    return snap.result(key, lambda: _updated_people(snap, key) or _read_people(store))


def _updated_people(snap, key: str) -> _People | None:
    """The previous state's people (kept in its analysis cache) with the entities the changed
    document graphs touch read again (``kg.analyze._patch``); ``None`` when either is unknown."""
    from kg.analyze._cache import base, stored_result

    if snap.cache is None:
        return None
    tables = snap.tables
    before = base(snap.folder, tables.since) if tables.since is not None and tables.touched is not None else None
    kept = stored_result(before, key) if before is not None and before != snap.cache.path else None
    if kept is None:
        return None
    found = {person: pairs for person, pairs in kept.rows.items() if person not in tables.touched}
    # a person has a name or an alias (a labels row typed kg:Person); the other entities touched
    # (publications, organisations, venues: most of them) have no rows to read
    labels = tables.naming("labels")
    people = {e for e in tables.touched if e in kept.rows or any(r[1] == _PERSON for r in labels.get(e, ()))}
    for r in rows_in(snap.store, "conflict_people_of", "person", sorted(people)):
        found.setdefault(r["person"], []).append((local_name(r["property"]), r["value"]))
    return _indexed(found)


@dataclass
class _Facts:
    """What the listed people did: the facts conflicts are made of, with their provenance."""

    people: _People
    advising: list[dict[str, Any]] = field(default_factory=list)
    authorship: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    coauthored: list[dict[str, Any]] = field(default_factory=list)
    affiliations: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    organisations: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: organisation -> itself and the organisations above it, filled as they are asked for
    above: dict[str, list[str]] = field(default_factory=dict)

    @property
    def labels(self) -> dict[str, str]:
        return self.people.labels


def _select(store, name: str, variables: str, values: Iterable) -> list[dict[str, Any]]:
    """Run the named query with its empty ``VALUES`` block of ``variables`` (``"person"``, or
    ``"subject relation object"``) filled with ``values`` (IRIs, or tuples of IRIs): one query for
    all of them, starting from them (a parameter binds one value only)."""
    from kg.queries import load_query

    names = variables.split()
    head = f"?{names[0]}" if len(names) == 1 else "(" + " ".join(f"?{n}" for n in names) + ")"
    found = sorted((value,) if isinstance(value, str) else tuple(value) for value in values)
    cells = [" ".join(f"<{iri}>" for iri in row) for row in found]
    block = f"VALUES {head} {{\n" + "\n".join(c if len(names) == 1 else f"({c})" for c in cells) + "\n}"
    empty = re.compile(r"^(\s*)" + re.escape(f"VALUES {head} {{ }}"), re.MULTILINE)  # on its own line, not a comment
    text, filled = empty.subn(lambda m: m.group(1) + block, load_query(name))
    if not filled:
        raise KeyError(f"query {name!r} has no empty VALUES {head} block")
    if not found:
        return []
    if hasattr(store, "select"):
        return store.select(text)
    result = store.query(text)
    return [{str(v): _value(row[i]) for i, v in enumerate(result.vars)} for row in result]


def _read_facts(store, people: _People, listed: set[str]) -> _Facts:
    """What the listed people did, in one pass: their edges, then where the edges between two of
    them (and their shared publications) are stated, their affiliations, and the organisations
    those are part of, with their names; a query each, for all of them at once."""
    facts = _Facts(people)
    edges = [{**r, "relation": local_name(r["relation"])} for r in _select(store, "conflict_edges", "person", listed)]
    authors: dict[str, set[str]] = defaultdict(set)
    for r in edges:
        if r["relation"] == "authored":
            authors[r["other"]].add(r["person"])
    shared = {p for p, who in authors.items() if len(who) > 1}
    wanted = [r for r in edges if r["other"] in listed or r["other"] in shared]
    stated: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in _select(store, "conflict_statements", "subject relation object",
                     [(r["person"], KG_NS + r["relation"], r["other"]) for r in wanted]):
        stated[(r["subject"], local_name(r["relation"]), r["object"])].append(r)
    publications = {r["publication"]: r for r in _select(store, "conflict_publications", "publication", shared)}
    for r in wanted:
        # an edge no assertion states (a graph written by other tools) still counts, without a source
        sources = stated.get((r["person"], r["relation"], r["other"])) or [{"document": None, "line": None,
                                                                            "evidence": None}]
        for source in sources:
            where = {"document": source["document"], "line": source["line"], "evidence": source["evidence"]}
            if r["relation"] == "authored":
                publication = publications.get(r["other"], {})
                facts.authorship.setdefault(r["other"], []).append(
                    {"person": r["person"], "title": publication.get("title"), "year": publication.get("year"),
                     **where})
            elif r["relation"] == "coauthored":
                facts.coauthored.append({"person": r["person"], "coauthor": r["other"], **where})
            else:
                facts.advising.append({"student": r["person"], "relation": r["relation"], "advisor": r["other"],
                                       **where})
    affiliations: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in _select(store, "conflict_affiliations", "person", listed):
        r["relation"] = local_name(r["relation"])
        r["span"] = Span.parse(r["start"], r["end"], bool(r["ongoing"]), r["startYear"],
                               None if r["ongoing"] else r["endYear"])
        affiliations[r["person"]].append(r)
    facts.affiliations = {p: sorted(found, key=lambda r: (r["startYear"] or 0, r["document"] or "", r["line"] or 0,
                                                           r["unit"]))
                          for p, found in affiliations.items()}
    units = {r["unit"] for found in affiliations.values() for r in found}
    for r in _select(store, "conflict_organisations", "unit", units):
        kind = local_name(r["type"])
        org = facts.organisations.setdefault(r["org"], {"name": local_name(r["org"]), "type": kind, "parents": []})
        if _TYPE_ORDER[kind] < _TYPE_ORDER[org["type"]]:
            org["type"] = kind
        if r["above"] != r["org"] and r["above"] not in org["parents"]:
            org["parents"] = sorted([*org["parents"], r["above"]])
    for r in _select(store, "conflict_names", "entity", facts.organisations):
        facts.organisations[r["entity"]]["name"] = r["name"]
    return facts


# -- matching the lists' names ----------------------------------------------------------------

def _match(entry: dict[str, Any], people: _People) -> dict[str, Any]:
    """How one list entry matches the graph's people: identifiers, then names, then name variants.

    A variant match (initials, a missing middle name, swapped order) comes back with status
    ``variants`` and ``variants`` (person -> how): :func:`_support` decides it.
    """
    from kg.resolve.names import name_relation, parse_person_name
    from kg.resolve.people import normalize_identifier

    for scheme in ("orcid", "email"):
        key = normalize_identifier(scheme, entry[scheme]) if entry[scheme] else None
        found = people.by_identifier.get((scheme, key), set()) if key else set()
        if found:
            return _decide(found, scheme if scheme == "email" else "ORCID", people)
    found = people.by_name.get(normalise(entry["name"]), set())
    if found:
        return _decide(found, "name", people)
    parsed = parse_person_name(entry["name"]) if entry["name"] else None
    family = parsed.family.split()[-1] if parsed and parsed.family else None
    same, variants = set(), {}
    for person in sorted(people.by_word.get(family, ())) if family else ():
        relations = {name_relation(parsed, parse_person_name(n)) for n in people.names.get(person, ())} - {None}
        if "same" in relations:  # the same full name written otherwise ("Sato, Ryo")
            same.add(person)
        elif relations:
            variants[person] = min(relations)
    if same:
        return _decide(same, "name", people)
    if variants:
        return {"status": "variants", "person": None, "matched_by": "", "candidates": [], "variants": variants}
    return {"status": "unknown", "person": None, "matched_by": "", "candidates": []}


def _decide(found: set[str], how: str, people: _People) -> dict[str, Any]:
    if len(found) == 1:
        person = next(iter(found))
        return {"status": "matched", "person": person, "matched_by": how,
                "candidates": [people.labels.get(person, person)]}
    return {"status": "ambiguous", "person": None, "matched_by": how,
            "candidates": sorted(f"{people.labels.get(p, p)} <{p}>" for p in found)}


def _support(entry: dict[str, Any], variants: dict[str, str], facts: _Facts) -> dict[str, Any]:
    """A variant match stands when the entry's affiliation is a place of exactly one candidate."""
    supported = [p for p in variants if entry["affiliation"] and _has_been_at(p, entry["affiliation"], facts)]
    if len(supported) == 1:
        return {"status": "matched", "person": supported[0], "matched_by": f"{variants[supported[0]]} and affiliation",
                "candidates": [facts.labels.get(supported[0], supported[0])]}
    return {"status": "unconfirmed", "person": None, "matched_by": "",
            "candidates": [f"{facts.labels.get(p, p)} ({how})" for p, how in variants.items()]}


def _has_been_at(person: str, affiliation: str, facts: _Facts) -> bool:
    """Whether the person worked or studied at an organisation (or a unit of one) called ``affiliation``."""
    from kg.resolve.things import org_name_key

    wanted = org_name_key(affiliation)
    return any(org_name_key(facts.organisations.get(org, {}).get("name", "")) == wanted
               for aff in facts.affiliations.get(person, ()) for org in _ancestors(aff["unit"], facts))


def _ancestors(org: str, facts: _Facts) -> list[str]:
    """``org`` and every organisation above it (``kg:partOf*``), nearest first."""
    found = facts.above.get(org)
    if found is None:
        found, queue = [org], [org]
        while queue:
            for parent in facts.organisations.get(queue.pop(0), {}).get("parents", ()):
                if parent not in found:
                    found.append(parent)
                    queue.append(parent)
        facts.above[org] = found
    return found


# -- the conflicts ----------------------------------------------------------------------------

def conflicts(store, people_a: Iterable[str | Mapping[str, Any]], people_b: Iterable[str | Mapping[str, Any]],
              *, years: int = DEFAULT_YEARS, now: int | None = None) -> ConflictReport:
    """Every conflict of interest between two lists of people, each reason with its sources.

    Parameters
    ----------
    store : kg.store.Store
    people_a, people_b : iterable of str or mapping
        Names, or rows with ``name`` and optionally ``email``, ``orcid``, ``affiliation``
        (what :func:`read_people` returns).
    years : int
        The window of co-authorship and shared organisations, in years back from ``now``.
    now : int, optional
        The current year (default: this year): the end of ongoing positions and of the window.

    Returns
    -------
    ConflictReport
        ``conflicts`` (a row per pair and reason, strongest first) and ``names`` (how each
        entry was matched).

    Examples
    --------
    >>> from kg.store import Store
    >>> store = Store.open(":memory:")
    >>> store.load(EXAMPLE)
    >>> report = conflicts(store, ["Alice Moreau"], ["B. Tanaka"], now=2021)
    >>> [(r["kind"], r["level"], r["when"]) for r in report.conflicts]
    [('co-author', '', '2018'), ('organisation', 'university', '2014-2019')]
    >>> report.conflicts[1]["detail"]
    'Northfield University: Alice Moreau (PhD 2012-2017; Quantum Systems Lab, Postdoc 2017-2019) and Bob Tanaka (PhD 2014-2019; Vision Group, Researcher 2019-2021)'
    """
    now = now or this_year()
    people = _people(store)
    entries = [(side, entry) for side, listed in (("a", people_a), ("b", people_b)) for entry in _as_entries(listed)]
    matches = [_match(entry, people) for _, entry in entries]
    wanted = {m["person"] for m in matches if m["person"]}
    wanted |= {p for (_, entry), m in zip(entries, matches) if entry["affiliation"] for p in m.get("variants", ())}
    facts = _read_facts(store, people, wanted)
    names = []
    by_person: dict[str, dict[str, list[dict[str, Any]]]] = {"a": defaultdict(list), "b": defaultdict(list)}
    for (side, entry), match in zip(entries, matches):
        if match["status"] == "variants":
            match = _support(entry, match["variants"], facts)
        entry["person"] = match["person"]
        names.append({"list": side.upper(), "line": entry["line"], "name": entry["name"], "email": entry["email"],
                      "orcid": entry["orcid"], "status": match["status"], "matched_by": match["matched_by"],
                      "candidates": match["candidates"], "iri": match["person"] or ""})
        if match["person"]:
            by_person[side][match["person"]].append(entry)
    found: list[dict[str, Any]] = []
    found += _same_people(by_person, facts)
    found += _advising(by_person, facts)
    found += _coauthorship(by_person, facts, years, now)
    found += _organisations(by_person, facts, years, now)
    out = []
    for reason in found:
        for ea in by_person["a"][reason["a_iri"]]:
            for eb in by_person["b"][reason["b_iri"]]:
                out.append({"a": ea["name"], "b": eb["name"], **reason,
                            "a_email": _email(ea, facts), "b_email": _email(eb, facts)})
    out.sort(key=lambda r: (r["a"], r["b"], r["a_iri"], r["b_iri"], KIND_ORDER[r["kind"]], r["level"] != "lab",
                            r["detail"]))
    return ConflictReport(out, names, years, now)


def _email(entry: dict[str, Any], facts: _Facts) -> str:
    return entry["email"] or "; ".join(facts.people.emails.get(entry["person"], ()))


def _evidence(found: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    seen = {}
    for r in found:
        if r.get("document"):
            seen.setdefault((r["document"], r.get("line")), r.get("evidence") or "")
    return [{"document": d, "line": ln, "text": text}
            for (d, ln), text in sorted(seen.items(), key=lambda kv: (kv[0][0], kv[0][1] is None, kv[0][1] or 0))]


def _reason_row(kind: str, a: str, b: str, detail: str, when: str, level: str = "",
                provenance: Iterable[Mapping[str, Any]] = ()) -> dict[str, Any]:
    evidence = _evidence(provenance)
    sources = "; ".join(f"{e['document']}:{e['line']}" if e["line"] is not None else e["document"]
                        for e in evidence)
    return {"kind": kind, "level": level, "when": when, "detail": detail, "sources": sources,
            "a_iri": a, "b_iri": b, "evidence": evidence}


def _same_people(by_person, facts: _Facts) -> list[dict[str, Any]]:
    return [_reason_row("same person", iri, iri, f"both lists name {facts.labels.get(iri, iri)}", "")
            for iri in sorted(by_person["a"].keys() & by_person["b"].keys())]


def _pair(by_person, x: str, y: str) -> tuple[str, str] | None:
    """``(a, b)`` when ``x`` and ``y`` are on the two lists (either way round), else ``None``."""
    if x == y:
        return None
    if x in by_person["a"] and y in by_person["b"]:
        return x, y
    if y in by_person["a"] and x in by_person["b"]:
        return y, x
    return None


def _advising(by_person, facts: _Facts) -> list[dict[str, Any]]:
    grouped: dict[tuple, list[dict[str, Any]]] = defaultdict(list)
    for r in facts.advising:
        for ends in {_pair(by_person, r["student"], r["advisor"])} - {None}:
            grouped[(ends, r["relation"], r["advisor"], r["student"])].append(r)
    out = []
    for ((a, b), relation, advisor, student), found in sorted(grouped.items()):
        verb = "advised" if relation == "advisedBy" else "mentored"
        detail = f"{facts.labels.get(advisor, advisor)} {verb} {facts.labels.get(student, student)}"
        out.append(_reason_row("advisor" if relation == "advisedBy" else "mentor", a, b, detail, "any time",
                               provenance=found))
    return out


def _publication_year(row: Mapping[str, Any]) -> int | None:
    match = _YEAR.match(row["year"] or "")
    return int(match.group(0)) if match else None


def _coauthorship(by_person, facts: _Facts, years: int, now: int) -> list[dict[str, Any]]:
    """Shared publications from ``now - years`` on (or without a year), then co-authorship
    edges with no shared publication in the store (whose year no document gives)."""
    listed = by_person["a"].keys() | by_person["b"].keys()
    shared: dict[tuple[str, str], dict[str, list[dict[str, Any]]]] = defaultdict(lambda: defaultdict(list))
    wrote_together: set[tuple[str, str]] = set()
    for publication, authors in facts.authorship.items():
        mine = [r for r in authors if r["person"] in listed]
        if len(mine) < 2:
            continue
        people = {r["person"] for r in mine}
        year = _publication_year(mine[0])
        for a in people & by_person["a"].keys():
            for b in people & by_person["b"].keys() - {a}:
                wrote_together.add((a, b))
                if year is None or year >= now - years:
                    shared[(a, b)][publication] += [r for r in mine if r["person"] in (a, b)]
    out = []
    for (a, b), publications in sorted(shared.items()):
        published = {_publication_year(found[0]) for found in publications.values()}
        when = ", ".join([str(y) for y in sorted(published - {None})] + ["year unknown"] * (None in published))
        titles = [f"{found[0]['title'] or local_name(p)!r} ({_publication_year(found[0]) or 'year unknown'})"
                  for p, found in sorted(publications.items(), key=lambda kv: (-(_publication_year(kv[1][0]) or 0),
                                                                              kv[1][0]["title"] or ""))]
        out.append(_reason_row("co-author", a, b, "; ".join(titles), when,
                               provenance=[r for found in publications.values() for r in found]))
    edges: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for r in facts.coauthored:
        ends = _pair(by_person, r["person"], r["coauthor"])
        if ends is not None and ends not in wrote_together:
            edges[ends].append(r)
    for (a, b), found in sorted(edges.items()):
        out.append(_reason_row("co-author", a, b, "co-authors (no publication named)", "year unknown",
                               provenance=found))
    return out


def _ended_before(span: Span, year: int, now: int) -> bool:
    bounds = span.bounds(now)
    return bounds is not None and bounds[1] < year


def _level(org: str, facts: _Facts) -> str:
    """``lab`` for a lab or another unit of a larger organisation, else the organisation's type."""
    info = facts.organisations.get(org, {})
    if info.get("type") == "Lab" or info.get("parents"):
        return "lab"
    return (info.get("type") or "organisation").lower()


def _stint(aff: Mapping[str, Any], org: str, facts: _Facts) -> str:
    """One position or study as a conflict's detail shows it: ``'Vision Group, Researcher 2019-2021'``."""
    role = aff["role"] or ("student" if aff["relation"] == "studiedAt" else "")
    what = f"{role} {aff['span']}" if aff["span"].bounds() else ", ".join(filter(None, (role, "dates unknown")))
    unit = facts.organisations.get(aff["unit"], {}).get("name", local_name(aff["unit"]))
    return ", ".join(filter(None, (unit if aff["unit"] != org else "", what.strip())))


def _organisations(by_person, facts: _Facts, years: int, now: int) -> list[dict[str, Any]]:
    """Pairs at the same organisation (the closest both were at) whose dates overlap in the window."""
    members: dict[str, dict[str, list[tuple[str, dict]]]] = defaultdict(lambda: {"a": [], "b": []})
    for side in ("a", "b"):
        for person in by_person[side]:
            for aff in facts.affiliations.get(person, ()):
                if _ended_before(aff["span"], now - years, now):
                    continue  # over before the window: no overlap with anyone can reach into it
                for org in _ancestors(aff["unit"], facts):
                    members[org][side].append((person, aff))
    found: dict[tuple[str, str, str], dict[str, Any]] = {}
    for org, sides in members.items():
        for pa, aff_a in sides["a"]:
            above_a = _ancestors(aff_a["unit"], facts)
            for pb, aff_b in sides["b"]:
                if pa == pb:
                    continue
                above_b = set(_ancestors(aff_b["unit"], facts))
                if next(o for o in above_a if o in above_b) != org:
                    continue  # they share an organisation below this one
                years_shared = overlap([aff_a["span"]], [aff_b["span"]], now)
                if years_shared is not None and not any(hi >= now - years for _, hi in years_shared):
                    continue
                entry = found.setdefault((pa, pb, org), {"ranges": [], "unknown": False, "a": {}, "b": {}, "rows": []})
                if years_shared is None:
                    entry["unknown"] = True
                entry["ranges"] += years_shared or []
                for side, aff in (("a", aff_a), ("b", aff_b)):
                    # a line naming a unit and its university states both: show it once, with the unit
                    line = (aff["document"], aff["line"], aff["relation"], aff["role"], aff["span"])
                    if aff["unit"] != org or line not in entry[side]:
                        entry[side][line] = _stint(aff, org, facts)
                entry["rows"] += [aff_a, aff_b]
    closest = defaultdict(set)
    for pa, pb, org in found:
        closest[(pa, pb)].add(org)
    out = []
    for (pa, pb, org), entry in sorted(found.items()):
        if any(other != org and org in _ancestors(other, facts) for other in closest[(pa, pb)]):
            continue  # a closer shared organisation is reported
        when = format_ranges(_merge(entry["ranges"]), now)
        when = ", ".join(filter(None, (when, "dates unknown" if entry["unknown"] else "")))
        name = facts.organisations.get(org, {}).get("name", local_name(org))
        detail = (f"{name}: {facts.labels.get(pa, pa)} ({'; '.join(dict.fromkeys(entry['a'].values()))}) and "
                  f"{facts.labels.get(pb, pb)} ({'; '.join(dict.fromkeys(entry['b'].values()))})")
        out.append(_reason_row("organisation", pa, pb, detail, when, _level(org, facts), entry["rows"]))
    return out
