"""Validation: check a graph against the SHACL shapes of the kg ontology (pySHACL).

>>> from rdflib import Graph, Literal, URIRef
>>> from rdflib.namespace import RDF
>>> from kg.namespaces import KG
>>> g = Graph()
>>> g.add((URIRef("https://w3id.org/kg/id/person/ada"), RDF.type, KG.Person))
<Graph ...>
>>> report = validate(g)
>>> report.conforms, report.violations[0]["path"]
(False, 'kg:name')
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path

__all__ = ["ValidationReport", "validate", "ontology_path"]


@dataclass
class ValidationReport:
    """The outcome of a validation: whether the graph conforms, and each violation as a row."""

    conforms: bool
    violations: list[dict[str, str]] = field(default_factory=list)
    text: str = ""


def ontology_path(name: str = "kg.ttl") -> Path:
    """The path of an ontology file (``kg.ttl`` or ``shapes.ttl``), installed or in a source checkout.

    >>> ontology_path("shapes.ttl").name
    'shapes.ttl'
    """
    installed = files("kg") / "ontology" / name
    if installed.is_file():
        return Path(str(installed))
    return Path(__file__).resolve().parent.parent / "ontology" / name


@functools.cache
def _graph(name: str):
    from rdflib import Graph

    return Graph().parse(ontology_path(name), format="turtle")


def validate(data, *, shapes=None) -> ValidationReport:
    """Validate ``data`` (an rdflib Graph, or a Dataset, whose union is checked) against kg's shapes.

    Parameters
    ----------
    data : rdflib.Graph or rdflib.Dataset
    shapes : an rdflib Graph of SHACL shapes (default: ``ontology/shapes.ttl``).

    Returns
    -------
    ValidationReport
        ``violations`` rows have ``focus``, ``path``, ``severity``, ``message`` and ``shape``.
    """
    import pyshacl
    from rdflib import Graph
    from rdflib.namespace import SH

    from kg.namespaces import bind_prefixes

    union = Graph()
    bind_prefixes(union)
    for triple in data.triples((None, None, None)):
        union.add(triple)
    shapes = shapes if shapes is not None else _graph("shapes.ttl")
    conforms, results, text = pyshacl.validate(
        union, shacl_graph=shapes,
        ont_graph=_graph("kg.ttl"), inference="none", advanced=True, allow_warnings=True,
    )
    violations = []
    for result in results.subjects(SH.resultSeverity, None):
        row = {}
        for key, predicate in (("focus", SH.focusNode), ("path", SH.resultPath), ("severity", SH.resultSeverity),
                               ("message", SH.resultMessage), ("shape", SH.sourceShape)):
            value = results.value(result, predicate)
            if key == "shape":
                # a property shape is a blank node: name the node shape that holds it
                value = shapes.value(None, SH.property, value) or value
            row[key] = "" if value is None else _short(union, value)
        violations.append(row)
    violations.sort(key=lambda r: (r["focus"], r["path"], r["message"]))
    return ValidationReport(conforms=bool(conforms), violations=violations, text=text)


def _short(graph, term) -> str:
    """``kg:name`` for ontology terms, ``kgr:person/ada`` for kg's own nodes, else the IRI or value."""
    from rdflib import URIRef

    from kg.namespaces import KGR

    if isinstance(term, URIRef):
        if term.startswith(str(KGR)):
            return "kgr:" + term[len(KGR):]
        short = graph.namespace_manager.normalizeUri(term)
        return short.strip("<>")
    return str(term)
