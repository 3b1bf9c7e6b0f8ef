"""Entity resolution: map every entity of every document to one graph IRI, with the reasons.

The same real-world person, organisation, venue, project or publication gets the same
IRI in every document, so that the union of the documents' named graphs is one
knowledge graph. IRIs of new nodes are minted from canonical keys (never counters),
and everything is sorted first, so the same documents always give the same IRIs,
whatever their order.

Rules (see each module for details):

- organisations (:mod:`kg.resolve.things`): folded names, aliases, the gazetteer (and an
  optional ROR dump), unique acronyms; units (labs, departments) are keyed together with
  the top of their ``partOf`` chain.
- venues: short and long names, years ignored; projects: folded names;
  publications: the same title (fuzzy >= 95) with compatible years.
- people (:mod:`kg.resolve.people`): identifiers; the same full name unless facts conflict;
  initials, middle names and swapped order only with evidence (shared publications,
  coauthors, organisations); an unnamed document subject only with strong evidence.

Examples
--------
>>> from kg.model import Entity, Extraction, Relation
>>> a = Extraction("a.txt", "p", (Entity("p", "Ada Byron", "Person"),
...                              Entity("u", "Univ. of Londinium", "University")),
...                (Relation("p", "workedAt", "u"),))
>>> b = Extraction("b.txt", "q", (Entity("q", "Byron, Ada", "Person"),
...                              Entity("v", "University of Londinium", "University")))
>>> r = resolve([a, b])
>>> r.iris[("a.txt", "p")] == r.iris[("b.txt", "q")], r.iris[("a.txt", "u")] == r.iris[("b.txt", "v")]
(True, True)
>>> r.iris[("a.txt", "p")]
'https://w3id.org/kg/id/person/ada-byron'
>>> sorted((m.document, m.rule) for m in r.merges)
[('a.txt', 'name-form'), ('b.txt', 'name-form')]
"""
from __future__ import annotations

import gc
from dataclasses import replace
from pathlib import Path
from typing import Sequence

from kg.model import ENTITY_TYPES, Extraction, KnownEntity, Resolution
from kg.resolve.people import resolve_people
from kg.resolve.ror import RorIndex, load_ror
from kg.spool import Spool
from kg.resolve.things import (
    org_name_key,
    resolve_organizations,
    resolve_projects,
    resolve_publications,
    resolve_venues,
    title_key,
    venue_name_key,
)

__all__ = ["resolve", "load_ror", "RorIndex", "release_caches"]


def resolve(
    extractions: Sequence[Extraction],
    known: Sequence[KnownEntity] = (),
    *,
    ror: RorIndex | str | Path | None = None,
) -> Resolution:
    """Map every ``(document, entity id)`` of the extractions to a graph IRI.

    Parameters
    ----------
    extractions : sequence of Extraction
        The documents to resolve (document names must be unique).
    known : sequence of KnownEntity
        What the store already holds: an entity that is one of these takes its IRI.
    ror : RorIndex, path or None
        An optional ROR dump (see :func:`load_ror`) to canonicalise organisation names.

    Returns
    -------
    Resolution
        ``iris[(document, entity_id)]`` is an IRI string; ``merges`` holds a
        :class:`~kg.model.Merge` for every mention that joined a node by more than an
        identical (normalised) name, sorted by document and entity id.

    Examples
    --------
    >>> from kg.model import Entity, Extraction
    >>> ex = Extraction("cv.txt", "p", (Entity("p", "Grace Hopper", "Person"),))
    >>> resolve([ex]).iris
    {('cv.txt', 'p'): 'https://w3id.org/kg/id/person/grace-hopper'}
    """
    if ror is not None and not isinstance(ror, RorIndex):
        ror = load_ror(ror)
    # Resolution builds millions of small, long-lived containers and no reference cycles: the
    # cyclic collector would only rescan them, a third of the time at 8,000 documents.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _resolve(extractions, known, ror)
    finally:
        if enabled:
            gc.enable()


def release_caches() -> None:
    """Empty what resolution keeps from call to call: parsed person names (sized for a whole
    corpus), folded names, organisation and venue keys. A build calls it once it has resolved,
    so that writing does not carry them (~0.6 KB a distinct name); the next resolution fills
    them again.

    >>> from kg.resolve.names import parse_person_name
    >>> _ = parse_person_name("Ada Obi"); release_caches(); parse_person_name.cache_info().currsize
    0
    """
    from kg.resolve._cluster import fold
    from kg.resolve.names import parse_person_name

    for cached in (parse_person_name, fold, org_name_key, venue_name_key):
        cached.cache_clear()


def _resolve(extractions: Sequence[Extraction], known: Sequence[KnownEntity], ror: RorIndex | None) -> Resolution:
    # a spool is read from disk, already in document order: read twice (the things, then the
    # people), never held whole
    if not isinstance(extractions, Spool):
        extractions = sorted(extractions, key=lambda ex: ex.document)
    things = [_things(ex) for ex in extractions]
    known = sorted(known, key=lambda k: k.iri)
    taken = {k.iri for k in known}
    iris: dict[tuple[str, str], str] = {}
    merges = []
    labels: dict[str, str] = {}

    org_iris, org_merges, org_names = resolve_organizations(things, known, ror=ror, taken=taken)
    venue_iris, venue_merges, venue_names = resolve_venues(things, known, taken=taken)
    project_iris, project_merges, project_names = resolve_projects(things, known, taken=taken)
    pub_iris, pub_merges, pub_names = resolve_publications(things, known, taken=taken)
    for part, part_merges, names in (
        (org_iris, org_merges, org_names), (venue_iris, venue_merges, venue_names),
        (project_iris, project_merges, project_names), (pub_iris, pub_merges, pub_names),
    ):
        iris.update(part)
        merges.extend(part_merges)
        labels.update(names)

    org_index: dict[str, str] = {}
    pub_index: dict[str, str] = {}
    org_types: dict[str, dict[str, int]] = {}  # IRI -> how many mentions give each type, in document order
    for ex in things:
        for e in ex.entities:
            if (ex.document, e.id) in org_iris:
                org_iri = org_iris[(ex.document, e.id)]
                for n in (e.name, *e.aliases):
                    org_index.setdefault(org_name_key(n), org_iri)
                counts = org_types.setdefault(org_iri, {})
                counts[e.type] = counts.get(e.type, 0) + 1
            elif (ex.document, e.id) in pub_iris:
                pub_index.setdefault(title_key(e.name), pub_iris[(ex.document, e.id)])
    for k in known:
        index = org_index if k.type in ("University", "Company", "Lab", "Institute") else (
            pub_index if k.type == "Publication" else None)
        if index is not None:
            key = org_name_key if index is org_index else title_key
            for n in k.names:
                index.setdefault(key(n), k.iri)

    # entity types outside the model: keyed like projects, by name
    odd = [replace(ex, entities=tuple(replace(e, type="Project") for e in ex.entities if e.type not in ENTITY_TYPES),
                   relations=()) for ex in things if any(e.type not in ENTITY_TYPES for e in ex.entities)]
    del things
    person_iris, person_merges = resolve_people(
        extractions, known, org_iris, pub_iris, org_index, pub_index, labels, taken=taken
    )
    iris.update(person_iris)
    merges.extend(person_merges)

    if odd:
        extra, extra_merges, _ = resolve_projects(odd, (), taken=taken)
        iris.update(extra)
        merges.extend(extra_merges)
    merges.sort(key=lambda m: (m.document, m.entity_id, m.rule, m.iri))
    return Resolution(iris=iris, merges=tuple(merges), types=_one_type_each(org_types, known))


def _one_type_each(counts: dict[str, dict[str, int]], known: Sequence[KnownEntity]) -> dict[str, str]:
    """The type of each organisation whose mentions disagree on it ("CNRS" a Lab in one document,
    an Institute in another), so the graph gives every node one type: the type the store already
    has, else the one most mentions give, else the first mention's.

    >>> _one_type_each({"o": {"Lab": 1, "Institute": 2}, "p": {"Lab": 1, "Company": 1}, "q": {"Lab": 3}}, ())
    {'o': 'Institute', 'p': 'Lab'}
    """
    stored = {k.iri: k.type for k in known if k.iri in counts}
    chosen = {}
    for iri, by_type in counts.items():
        if len(by_type) > 1 or iri in stored and stored[iri] not in by_type:
            chosen[iri] = stored.get(iri) or max(by_type, key=by_type.__getitem__)
    return chosen


def _things(ex: Extraction) -> Extraction:
    """What the organisation, venue, project and publication phases read of an extraction: its
    entities other than people (their evidence left out) and its ``partOf`` chains."""
    part_of = tuple(r for r in ex.relations if r.predicate == "partOf")
    in_chains = {r.subject for r in part_of} | {r.object for r in part_of}
    entities = tuple(replace(e, evidence=None) for e in ex.entities if e.type != "Person" or e.id in in_chains)
    return Extraction(ex.document, ex.subject, entities, part_of)
