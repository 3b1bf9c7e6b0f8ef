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

__all__ = ["KG", "KGR", "ORG", "PREFIXES", "IRI_TEXT", "bind_prefixes", "mint_iri", "slug", "document_graph_iri"]

KG = Namespace("https://w3id.org/kg/ontology#")
KGR = Namespace("https://w3id.org/kg/id/")
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
    words = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    digest = hashlib.sha1(" ".join(text.lower().split()).encode()).hexdigest()[:10]
    lossy = not ascii_text.isascii()
    if not words:
        return f"x-{digest}"
    if lossy or len(words) > max_length:
        return f"{words[:max_length].rstrip('-')}-{digest}"
    return words


def mint_iri(kind: str, key: str) -> URIRef:
    """The IRI of a ``kind`` of thing (person, org, venue, ...) with this normalised key."""
    if kind not in KINDS:
        raise ValueError(f"unknown IRI kind {kind!r}")
    return KGR[f"{kind}/{slug(key)}"]


def document_graph_iri(document_key: str) -> URIRef:
    """The named graph that holds one document's facts.

    >>> str(document_graph_iri("seeds/cv.txt")).startswith('https://w3id.org/kg/id/graph/')
    True
    """
    return KGR[f"graph/{hashlib.sha1(document_key.encode()).hexdigest()[:16]}"]
