"""Namespaces, prefixes and IRI minting: the one place IRIs are made.

>>> str(mint_iri("person", "Ryo Sato"))
'https://w3id.org/kg/id/person/ryo-sato'
>>> mint_iri("person", "Ryo  SATO") == mint_iri("person", "ryo sato")
True
>>> str(mint_iri("person", "王小明")).startswith('https://w3id.org/kg/id/person/x-')
True
"""
from __future__ import annotations

import hashlib
import re
import unicodedata

from rdflib import Namespace, URIRef
from rdflib.namespace import DCTERMS, FOAF, OWL, PROV, RDF, RDFS, SDO, SKOS, XSD

__all__ = ["KG", "KGR", "ORG", "PREFIXES", "IRI_TEXT", "bind_prefixes", "mint_iri", "mint_iri_text", "slug", "document_graph_iri"]

KG = Namespace("https://w3id.org/kg/ontology#")
KGR = Namespace("https://w3id.org/kg/id/")
_KGR_TEXT = str(KGR)
ORG = Namespace("http://www.w3.org/ns/org#")

PREFIXES = {
    "kg": KG, "kgr": KGR, "org": ORG, "foaf": FOAF, "schema": SDO, "prov": PROV,
    "dcterms": DCTERMS, "skos": SKOS, "owl": OWL, "rdf": RDF, "rdfs": RDFS, "xsd": XSD,
}

#: an absolute IRI as SPARQL and N-Triples write it between ``<`` and ``>``: a scheme, then no
#: space, quote, angle bracket, brace, pipe, caret, backquote or backslash
IRI_TEXT = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^<>\"{}|^`\\\x00-\x20]*")

KINDS = {"person", "org", "venue", "project", "publication", "doc", "graph", "assertion", "passage", "merge"}


def bind_prefixes(graph) -> None:
    """Bind kg's prefixes on an rdflib graph or dataset, for readable serialisations."""
    for prefix, namespace in PREFIXES.items():
        graph.bind(prefix, namespace, override=True)


#: what a slug keeps of a name: runs of anything else become one hyphen
_SLUG_SEPARATORS = re.compile(r"[^a-z0-9]+")


def slug(text: str, max_length: int = 64) -> str:
    """A stable, readable, ASCII slug for an IRI; non-Latin or long text gets a hash.

    >>> slug("University of Eastern Patagonia")
    'university-of-eastern-patagonia'
    >>> slug("Café Müller & Co.")
    'cafe-muller-co'
    """
    if text.isascii():  # nothing to fold (most names): the passes per character were a fifth of resolving
        ascii_text = text
    else:
        folded = unicodedata.normalize("NFKD", text)
        ascii_text = "".join(c for c in folded if not unicodedata.combining(c))
    words = _SLUG_SEPARATORS.sub("-", ascii_text.lower()).strip("-")
    if words and len(words) <= max_length and ascii_text.isascii():
        return words  # most keys: no hash to compute
    digest = hashlib.sha1(" ".join(text.lower().split()).encode()).hexdigest()[:10]
    if not words:
        return f"x-{digest}"
    return f"{words[:max_length].rstrip('-')}-{digest}"


def mint_iri(kind: str, key: str) -> URIRef:
    """The IRI of a ``kind`` of thing (person, org, venue, ...) with this normalised key."""
    return URIRef(mint_iri_text(kind, key))


def mint_iri_text(kind: str, key: str) -> str:
    """:func:`mint_iri` as a plain string, for the resolver, which mints one per cluster and
    candidate (a slug is always a valid IRI path: no rdflib term to make and check).

    >>> mint_iri_text("person", "Ryo Sato")
    'https://w3id.org/kg/id/person/ryo-sato'
    """
    if kind not in KINDS:
        raise ValueError(f"unknown IRI kind {kind!r}")
    return f"{_KGR_TEXT}{kind}/{slug(key)}"


def document_graph_iri(document_key: str) -> URIRef:
    """The named graph that holds one document's facts.

    >>> str(document_graph_iri("seeds/cv.txt")).startswith('https://w3id.org/kg/id/graph/')
    True
    """
    return KGR[f"graph/{hashlib.sha1(document_key.encode()).hexdigest()[:16]}"]
