"""Extraction -> RDF: the one place the typed model becomes triples of the kg ontology.

Each document becomes one named graph: a ``kg:Document`` node with its provenance, the
entities it names (under the IRIs the resolver chose), a direct edge per relation and,
beside it, a ``kg:Assertion`` node carrying the relation's role, degree, dates and the
source lines it was read from.

>>> from kg.model import Document, Entity, Extraction, Line, Relation, Resolution
>>> doc = Document(path="/cv/ada.txt", name="ada.txt", format="text", sha256="00", lines=(Line(1, "Ada"),))
>>> ex = Extraction("/cv/ada.txt", "p", (Entity("p", "Ada Lovelace", "Person"),
...                  Entity("u", "University of London", "University")),
...                  (Relation("p", "studiedAt", "u", start="1840", end="present"),))
>>> res = Resolution({("/cv/ada.txt", "p"): "https://w3id.org/kg/id/person/ada-lovelace",
...                   ("/cv/ada.txt", "u"): "https://w3id.org/kg/id/org/university-of-london"})
>>> graph, triples = document_triples(doc, ex, res, key="/cv/ada.txt", built_at="2026-01-01T00:00:00Z")
>>> from kg.namespaces import KG
>>> sorted(str(o) for s, p, o in triples if p == KG.startYear)
['1840']
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from datetime import datetime, timezone

from rdflib import BNode, Literal, URIRef
from rdflib.namespace import PROV, RDF, XSD

from kg import __version__
from kg.extract.context import UNNAMED_SUBJECT
from kg.model import Document, Extraction, Resolution
from kg.namespaces import KG, document_graph_iri, mint_iri

__all__ = ["document_triples", "document_graph", "entity_kind", "AFFILIATION_PREDICATES"]

AFFILIATION_PREDICATES = frozenset({"workedAt", "studiedAt"})
_IDENTIFIER_PROPERTIES = {
    "email": KG.email, "orcid": KG.orcid, "homepage": KG.homepage,
    "github": KG.github, "scholar": KG.scholar, "ror": KG.rorId,
}
_KINDS = {"Person": "person", "Venue": "venue", "Project": "project", "Publication": "publication"}
_DATE = re.compile(r"^(\d{4})(?:-(0[1-9]|1[0-2]))?$")


def entity_kind(entity_type: str) -> str:
    """The IRI kind (see :func:`kg.namespaces.mint_iri`) of an entity type.

    >>> entity_kind("Lab"), entity_kind("Person")
    ('org', 'person')
    """
    return _KINDS.get(entity_type, "org")


def document_triples(
    document: Document,
    extraction: Extraction,
    resolution: Resolution,
    *,
    key: str,
    built_at: str | None = None,
) -> tuple[URIRef, list[tuple]]:
    """The named graph IRI and the triples of one document.

    Parameters
    ----------
    document : the loaded document (for its provenance).
    extraction : what was extracted from it; ``extraction.document`` is ``key``.
    resolution : maps ``(key, entity id)`` to the entity's graph IRI.
    key : the document's identity in the store (its absolute path).
    built_at : ISO timestamp of the build (defaults to now).
    """
    graph = document_graph_iri(key)
    doc_iri = mint_iri("doc", hashlib.sha1(key.encode()).hexdigest())
    iris = {
        e.id: URIRef(resolution.iris.get((extraction.document, e.id)) or mint_iri(entity_kind(e.type), e.name))
        for e in extraction.entities
    }
    built_at = built_at or datetime.now(timezone.utc).isoformat(timespec="seconds")
    out: list[tuple] = [
        (doc_iri, RDF.type, KG.Document),
        (doc_iri, KG.graph, graph),
        (doc_iri, KG.sourcePath, Literal(document.path)),
        (doc_iri, KG.fileName, Literal(document.name)),
        (doc_iri, KG["format"], Literal(document.format)),
        (doc_iri, KG.contentHash, Literal(document.sha256)),
        (doc_iri, KG.extractorVersion, Literal(__version__)),
        (doc_iri, PROV.generatedAtTime, Literal(built_at, datatype=XSD.dateTime)),
    ]
    if extraction.subject:
        out.append((doc_iri, KG.about, iris[extraction.subject]))

    merged = {m.entity_id for m in resolution.merges if m.document == extraction.document}
    for entity in extraction.entities:
        node = iris[entity.id]
        out += [(node, RDF.type, KG[entity.type]), (node, KG.sourceDocument, doc_iri)]
        if not (entity.name == UNNAMED_SUBJECT and entity.id in merged):
            # an unnamed subject merged into a named person must not give that person its label
            out.append((node, KG.name, Literal(entity.name)))
        out += [(node, KG.alias, Literal(alias)) for alias in entity.aliases]
        out += [(node, _IDENTIFIER_PROPERTIES[scheme], Literal(value))
                for scheme, value in entity.identifiers if scheme in _IDENTIFIER_PROPERTIES]
        if entity.year and _DATE.match(entity.year):
            out.append((node, KG.year, Literal(entity.year[:4], datatype=XSD.gYear)))
        if entity.evidence:
            out += _evidence(node, entity.evidence)

    for relation in extraction.relations:
        s, o, p = iris[relation.subject], iris[relation.object], KG[relation.predicate]
        out.append((s, p, o))
        digest = hashlib.sha1(f"{key}\n{s}\n{p}\n{o}".encode()).hexdigest()
        assertion = mint_iri("assertion", digest)
        kind = KG.Affiliation if relation.predicate in AFFILIATION_PREDICATES else KG.Assertion
        out += [(assertion, RDF.type, kind), (assertion, RDF.subject, s), (assertion, RDF.predicate, p),
                (assertion, RDF.object, o), (assertion, KG.sourceDocument, doc_iri)]
        for name in ("role", "degree", "field", "location"):
            value = getattr(relation, name)
            if value:
                out.append((assertion, KG[name], Literal(value)))
        out += _dates(assertion, relation.start, relation.end)
        if relation.evidence:
            out += _evidence(assertion, relation.evidence)

    for merge in resolution.merges:
        if merge.document != extraction.document:
            continue
        record = mint_iri("merge", hashlib.sha1(f"{key}\n{merge.entity_id}\n{merge.iri}".encode()).hexdigest())
        out += [(record, RDF.type, KG.Resolution), (record, KG.mention, Literal(merge.mention)),
                (record, KG.resolvedTo, URIRef(merge.iri)), (record, KG.rule, Literal(merge.rule)),
                (record, KG.score, Literal(round(float(merge.score), 3), datatype=XSD.decimal)),
                (record, KG.sourceDocument, doc_iri)]
        if merge.detail:
            out.append((record, KG.detail, Literal(merge.detail)))
    return graph, out


def document_graph(document: Document, extraction: Extraction, *, key: str):
    """One document's facts as an :class:`rdflib.Graph` (what ``kg extract --format turtle`` prints).

    Entities get the IRIs the resolver gives them when this document is built alone.
    """
    from rdflib import Graph

    from kg.namespaces import bind_prefixes
    from kg.resolve import resolve

    extraction = replace(extraction, document=key)
    _, triples = document_triples(document, extraction, resolve([extraction]), key=key)
    graph = Graph()
    bind_prefixes(graph)
    for triple in triples:
        graph.add(triple)
    return graph


def _evidence(node, evidence) -> list[tuple]:
    return [(node, KG.lineStart, Literal(evidence.line_start)),
            (node, KG.lineEnd, Literal(evidence.line_end)),
            (node, KG.evidence, Literal(evidence.text))]


def _dates(node: URIRef | BNode, start: str | None, end: str | None) -> list[tuple]:
    out = []
    for value, full, year in ((start, KG.start, KG.startYear), (end, KG.end, KG.endYear)):
        if value == "present":
            out.append((node, KG.ongoing, Literal(True)))
            continue
        match = _DATE.match(value or "")
        if not match:
            continue
        datatype = XSD.gYearMonth if match.group(2) else XSD.gYear
        out += [(node, full, Literal(value, datatype=datatype)), (node, year, Literal(int(match.group(1))))]
    return out
