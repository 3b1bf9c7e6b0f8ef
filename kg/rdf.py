"""Extraction -> RDF: the one place the typed model becomes triples of the kg ontology.

Each document becomes one named graph, and the graph is the provenance of everything in it:
a ``kg:Document`` node (with ``kg:graph`` naming the graph), the entities it names (under the
IRIs the resolver chose), a direct edge per relation, and one ``kg:passage`` node per distinct
passage (lines and text) that mentions and statements link to with ``kg:passage``.
Each name and alias of an entity also gets its :func:`search_key` (``kg:searchKey``), so that
finding an entity by a name written in any case is an index lookup, not a scan of every name.

A relation gets an assertion node (``rdf:subject``, ``rdf:predicate``, ``rdf:object``, its role,
degree, field, location, dates and passages) unless the edge alone says it all: no attribute,
not an affiliation (``workedAt``/``studiedAt`` always have one, typed ``kg:Affiliation``), and
stated in exactly the passages that mention its object. The rule for readers: **an edge in
graph g without an assertion node in g has the passages of its object's mention in g.**

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
import unicodedata
from dataclasses import replace
from datetime import datetime, timezone
from typing import Sequence

from rdflib import Literal, URIRef

from kg import __version__
from kg.extract.context import UNNAMED_SUBJECT
from kg.model import Document, Extraction, Merge, Resolution
from kg.namespaces import KG, KGR, document_graph_iri, mint_iri

__all__ = ["document_triples", "document_ntriples", "ntriples_value", "document_graph", "entity_kind", "search_key",
           "with_search_keys",
           "AFFILIATION_PREDICATES"]

AFFILIATION_PREDICATES = frozenset({"workedAt", "studiedAt"})
#: a relation's attributes written as they are (its dates become kg:start/kg:startYear, ...)
_ATTRIBUTES = ("role", "degree", "field", "location")
#: identifier scheme -> the kg property (local name) that holds it
_IDENTIFIER_PROPERTIES = {
    "email": "email", "orcid": "orcid", "homepage": "homepage",
    "github": "github", "scholar": "scholar", "ror": "rorId",
}
_KG, _KGR = str(KG), str(KGR)
_RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
_RDF_TYPE = _RDF + "type"
_XSD = "http://www.w3.org/2001/XMLSchema#"
_PROV_GENERATED = "http://www.w3.org/ns/prov#generatedAtTime"
_KINDS = {"Person": "person", "Venue": "venue", "Project": "project", "Publication": "publication"}
_DATE = re.compile(r"^(\d{4})(?:-(0[1-9]|1[0-2]))?$")


def entity_kind(entity_type: str) -> str:
    """The IRI kind (see :func:`kg.namespaces.mint_iri`) of an entity type.

    >>> entity_kind("Lab"), entity_kind("Person")
    ('org', 'person')
    """
    return _KINDS.get(entity_type, "org")


def search_key(name: str) -> str:
    """How names are compared: Unicode-normalised (NFKC), lower case, runs of white space collapsed.
    The graph holds it per name and alias (``kg:searchKey``); the analyses' name index uses it too.

    >>> search_key("  Ines   LARSEN ")
    'ines larsen'
    """
    return " ".join(unicodedata.normalize("NFKC", str(name)).lower().split())


def with_search_keys(triples) -> list[tuple]:
    """``triples`` (rdflib terms) and the ``kg:searchKey`` of each name and alias among them that
    lacks it: what a store adds to triples written by hand or by a kg before search keys.

    >>> from rdflib import Literal, URIRef
    >>> ada = URIRef("https://example.org/ada")
    >>> [str(o) for s, p, o in with_search_keys([(ada, KG.name, Literal("Ada  BYRON"))])]
    ['Ada  BYRON', 'ada byron']
    """
    triples = list(triples)
    keys = [(s, KG.searchKey, Literal(search_key(o))) for s, p, o in triples
            if p in (KG.name, KG.alias) and isinstance(o, Literal) and search_key(o)]
    return list(dict.fromkeys([*triples, *keys]))


def document_triples(
    document: Document,
    extraction: Extraction,
    resolution: Resolution,
    *,
    key: str,
    built_at: str | None = None,
) -> tuple[URIRef, list[tuple]]:
    """The named graph IRI and the triples of one document, as rdflib terms.

    Parameters
    ----------
    document : the loaded document (for its provenance: path, name, format, hash).
    extraction : what was extracted from it; ``extraction.document`` is ``key``.
    resolution : maps ``(key, entity id)`` to the entity's graph IRI.
    key : the document's identity in the store (its absolute path).
    built_at : ISO timestamp of the build (defaults to now).
    """
    return _map(document, extraction, resolution, key, built_at, None, _RDFLIB)


def document_ntriples(
    document: Document,
    extraction: Extraction,
    resolution: Resolution,
    *,
    key: str,
    built_at: str | None = None,
    merges: Sequence[Merge] | None = None,
) -> tuple[str, list[tuple[str, str, str]]]:
    """The same graph and triples as :func:`document_triples`, each term in N-Triples syntax.

    The bulk path of a build (:meth:`kg.store.Store.add_documents`): no rdflib term is made,
    and the store parses the terms in Rust. ``merges`` are this document's merge records when
    the caller has grouped them already (default: picked out of ``resolution.merges``).
    An IRI that N-Triples cannot hold raises ``ValueError``.

    >>> from kg.model import Document, Entity, Extraction, Resolution
    >>> doc = Document(path="/cv/ada.txt", name="ada.txt", format="text", sha256="00", lines=())
    >>> ex = Extraction("/cv/ada.txt", "p", (Entity("p", 'Ada "Byron"', "Person"),))
    >>> graph, triples = document_ntriples(doc, ex, Resolution({}), key="/cv/ada.txt")
    >>> [o for s, p, o in triples if p.endswith("#name>")]
    ['"Ada \\\\"Byron\\\\""']
    """
    return _map(document, extraction, resolution, key, built_at, merges, _NTRIPLES)


def ntriples_value(term: str) -> str:
    """The IRI or the lexical form of a term written by :func:`document_ntriples`.

    >>> ntriples_value("<https://example.org/a>"), ntriples_value('"say \\\\"hi\\\\""^^<https://example.org/t>')
    ('https://example.org/a', 'say "hi"')
    """
    if term.startswith("<"):
        return term[1:-1]
    lexical = term[1:term.rindex('"')]
    return _NT_UNESCAPE.sub(lambda m: _NT_UNESCAPES[m.group(1)], lexical) if "\\" in lexical else lexical


def _map(document, extraction, resolution, key, built_at, merges, terms: "_Terms"):
    """The one mapping of a document to RDF, in ``terms``' representation."""
    iri, literal, v = terms.iri, terms.literal, terms  # ``v[iri]``: a vocabulary term, remembered
    type_ = v[_RDF_TYPE]
    graph = iri(str(document_graph_iri(key)))
    doc_iri = iri(_KGR + "doc/" + hashlib.sha1(key.encode()).hexdigest())
    resolved = resolution.iris
    iris = {
        e.id: iri(resolved.get((extraction.document, e.id)) or str(mint_iri(entity_kind(e.type), e.name)))
        for e in extraction.entities
    }
    built_at = built_at or datetime.now(timezone.utc).isoformat(timespec="seconds")
    out: list[tuple] = [
        (doc_iri, type_, v[_KG + "Document"]),
        (doc_iri, v[_KG + "graph"], graph),
        (doc_iri, v[_KG + "sourcePath"], literal(document.path)),
        (doc_iri, v[_KG + "fileName"], literal(document.name)),
        (doc_iri, v[_KG + "format"], literal(document.format)),
        (doc_iri, v[_KG + "contentHash"], literal(document.sha256)),
        (doc_iri, v[_KG + "extractorVersion"], literal(__version__)),
        (doc_iri, v[_PROV_GENERATED], literal(built_at, _XSD + "dateTime")),
    ]
    if document.metadata.get("page_starts"):  # so that a PDF's line numbers can be shown as pages
        out.append((doc_iri, v[_KG + "pageStarts"], literal(" ".join(map(str, document.metadata["page_starts"])))))
    if extraction.subject:
        out.append((doc_iri, v[_KG + "about"], iris[extraction.subject]))

    if merges is None:
        merges = [m for m in resolution.merges if m.document == extraction.document]
    merged = {m.entity_id for m in merges}
    name, alias, search_key_, passage_ = v[_KG + "name"], v[_KG + "alias"], v[_KG + "searchKey"], v[_KG + "passage"]
    passages: dict = {}  # evidence -> its passage node, written once per document
    mentioned: dict = {}  # entity IRI -> the passage nodes of its mentions here (a dict: ordered, as a set)

    def passage_of(evidence):
        node = passages.get(evidence)  # one look-up: an Evidence hashes its fields in Python
        if node is None:
            digest = hashlib.sha1(f"{key}\n{evidence.line_start}\n{evidence.line_end}\n{evidence.text}".encode())
            node = passages[evidence] = iri(f"{_KGR}passage/{digest.hexdigest()}")
            out.extend(_evidence(node, evidence, terms))
        return node

    types = resolution.types
    for entity in extraction.entities:
        node = iris[entity.id]
        kind = types.get(resolved.get((extraction.document, entity.id)), entity.type) if types else entity.type
        out.append((node, type_, v[_KG + kind]))
        labels = list(entity.aliases)
        if not (entity.name == UNNAMED_SUBJECT and entity.id in merged):
            # an unnamed subject merged into a named person must not give that person its label
            out.append((node, name, literal(entity.name)))
            labels.insert(0, entity.name)
        out += [(node, alias, literal(a)) for a in entity.aliases]
        out += [(node, search_key_, literal(k)) for k in dict.fromkeys(search_key(label) for label in labels) if k]
        out += [(node, v[_KG + _IDENTIFIER_PROPERTIES[scheme]], literal(value))
                for scheme, value in entity.identifiers if scheme in _IDENTIFIER_PROPERTIES]
        if entity.year and _DATE.match(entity.year):
            out.append((node, v[_KG + "year"], literal(entity.year[:4], _XSD + "gYear")))
        passages_here = mentioned.setdefault(terms.text(node), {})
        if entity.evidence:
            passage = passage_of(entity.evidence)
            if passage not in passages_here:
                passages_here[passage] = None
                out.append((node, passage_, passage))

    # a document states each (subject, predicate, object) once, however often it repeats it
    statements: dict[tuple, tuple[list, dict]] = {}
    for relation in extraction.relations:
        s, o = iris[relation.subject], iris[relation.object]
        attributes, said = statements.setdefault((s, relation.predicate, o), ([], {}))
        attributes += [(v[_KG + a], literal(getattr(relation, a))) for a in _ATTRIBUTES if getattr(relation, a)]
        attributes += _dates(relation.start, relation.end, terms)
        if relation.evidence:
            said[passage_of(relation.evidence)] = None
    subject_, predicate_, object_ = v[_RDF + "subject"], v[_RDF + "predicate"], v[_RDF + "object"]
    for (s, predicate, o), (attributes, said) in statements.items():
        p = v[_KG + predicate]
        out.append((s, p, o))
        affiliation = predicate in AFFILIATION_PREDICATES
        if not (attributes or affiliation) and said.keys() == mentioned[terms.text(o)].keys():
            continue  # the edge alone says it all: read its passages off its object's mention
        # the assertion's IRI hashes the IRIs' text, whatever the terms' representation
        digest = hashlib.sha1(f"{key}\n{terms.text(s)}\n{_KG}{predicate}\n{terms.text(o)}".encode())
        assertion = iri(f"{_KGR}assertion/{digest.hexdigest()}")
        if affiliation:
            out.append((assertion, type_, v[_KG + "Affiliation"]))
        out += [(assertion, subject_, s), (assertion, predicate_, p), (assertion, object_, o)]
        out += [(assertion, attribute, value) for attribute, value in dict.fromkeys(attributes)]
        out += [(assertion, passage_, node) for node in said]

    for merge in merges:
        digest = hashlib.sha1(f"{key}\n{merge.entity_id}\n{merge.iri}".encode()).hexdigest()
        record = iri(f"{_KGR}merge/{digest}")
        out += [(record, type_, v[_KG + "Resolution"]), (record, v[_KG + "mention"], literal(merge.mention)),
                (record, v[_KG + "resolvedTo"], iri(merge.iri)), (record, v[_KG + "rule"], literal(merge.rule)),
                (record, v[_KG + "score"], literal(str(round(float(merge.score), 3)), _XSD + "decimal"))]
        if merge.detail:
            out.append((record, v[_KG + "detail"], literal(merge.detail)))
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


def _evidence(node, evidence, terms: "_Terms") -> list[tuple]:
    literal = terms.literal
    return [(node, terms[_KG + "lineStart"], literal(str(evidence.line_start), _XSD + "integer")),
            (node, terms[_KG + "lineEnd"], literal(str(evidence.line_end), _XSD + "integer")),
            (node, terms[_KG + "evidence"], literal(evidence.text))]


def _dates(start: str | None, end: str | None, terms: "_Terms") -> list[tuple]:
    """The (property, value) pairs of a relation's dates."""
    out = []
    for value, full, year in ((start, "start", "startYear"), (end, "end", "endYear")):
        if value == "present":
            out.append((terms[_KG + "ongoing"], terms.literal("true", _XSD + "boolean")))
            continue
        match = _DATE.match(value or "")
        if not match:
            continue
        datatype = _XSD + ("gYearMonth" if match.group(2) else "gYear")
        out += [(terms[_KG + full], terms.literal(value, datatype)),
                (terms[_KG + year], terms.literal(str(int(match.group(1))), _XSD + "integer"))]
    return out


class _Terms(dict):
    """Makes IRIs and literals in one representation; ``terms[iri]`` remembers vocabulary IRIs
    (a few dozen, used in every document), while entity IRIs are made afresh."""

    def __missing__(self, value: str):
        term = self[value] = self.iri(value)
        return term


class _RdflibTerms(_Terms):
    @staticmethod
    def iri(value: str) -> URIRef:
        return URIRef(value)

    @staticmethod
    def literal(lexical: str, datatype: str | None = None) -> Literal:
        return Literal(lexical, datatype=URIRef(datatype) if datatype else None)

    @staticmethod
    def text(term: URIRef) -> str:
        return str(term)


class _NTriplesTerms(_Terms):
    @staticmethod
    def iri(value: str) -> str:
        if not _NT_IRI.match(value):
            raise ValueError(f"not an absolute IRI that N-Triples can hold: {value!r}")
        return f"<{value}>"

    @staticmethod
    def literal(lexical: str, datatype: str | None = None) -> str:
        # most literals need no escape, and str.translate with a multi-character table is slow
        if '"' in lexical or "\\" in lexical or "\n" in lexical or "\r" in lexical:
            lexical = lexical.translate(_NT_ESCAPES)
        return f'"{lexical}"^^<{datatype}>' if datatype else f'"{lexical}"'

    @staticmethod
    def text(term: str) -> str:
        return term[1:-1]


_RDFLIB = _RdflibTerms()
_NTRIPLES = _NTriplesTerms()
_NT_IRI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\x00-\x20<>\"{}|^`\\]*\Z")
#: what a quoted N-Triples (and SPARQL) string may not hold unescaped
_NT_ESCAPES = str.maketrans({"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r"})
_NT_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "r": "\r"}
_NT_UNESCAPE = re.compile(r'\\([\\"nr])')
