"""The typed model that flows between the pipeline stages.

load (``kg.ingest``) -> :class:`Document`
extract (``kg.extract``) -> :class:`Extraction` of :class:`Entity` and :class:`Relation`
resolve (``kg.resolve``) -> :class:`Resolution` (entity ids -> graph IRIs, with :class:`Merge` records)
store (``kg.rdf`` / ``kg.store``) -> RDF

The model imports neither rdflib nor networkx, so every stage before RDF is
testable with plain ``==``.

Examples
--------
>>> person = Entity(id="p1", name="Ada Lovelace", type="Person")
>>> org = Entity(id="o1", name="University of London", type="University")
>>> rel = Relation(subject="p1", predicate="studiedAt", object="o1", start="1840")
>>> ex = Extraction(document="ada.txt", subject="p1", entities=(person, org), relations=(rel,))
>>> ex.to_json()["relations"][0]["object"]
'University of London'
>>> Extraction.from_json(ex.to_json()) == ex
True
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

__all__ = [
    "ENTITY_TYPES",
    "ORGANIZATION_TYPES",
    "PREDICATES",
    "Cell",
    "Line",
    "Document",
    "Evidence",
    "Entity",
    "Relation",
    "Extraction",
    "KnownEntity",
    "Merge",
    "Resolution",
    "coarse_type",
]

EntityType = Literal[
    "Person", "University", "Company", "Lab", "Institute", "Venue", "Project", "Publication"
]
Predicate = Literal[
    "workedAt", "studiedAt", "advisedBy", "mentoredBy", "authored",
    "coauthored", "publishedIn", "partOf", "contributedTo",
]

ENTITY_TYPES: tuple[str, ...] = (
    "Person", "University", "Company", "Lab", "Institute", "Venue", "Project", "Publication",
)
ORGANIZATION_TYPES: frozenset[str] = frozenset({"University", "Company", "Lab", "Institute"})
PREDICATES: tuple[str, ...] = (
    "workedAt", "studiedAt", "advisedBy", "mentoredBy", "authored",
    "coauthored", "publishedIn", "partOf", "contributedTo",
)


def coarse_type(entity_type: str) -> str:
    """The coarse class of an entity type: organisation types fold into ``Organization``.

    >>> coarse_type("Lab"), coarse_type("Person")
    ('Organization', 'Person')
    """
    return "Organization" if entity_type in ORGANIZATION_TYPES else entity_type


def _by_fields(self):
    """Pickle a model object as its class called with its field values.

    Frozen, slotted dataclasses otherwise pickle through ``dataclasses``' Python-level
    ``__getstate__``/``__setstate__`` (a ``fields()`` call per object, one ``object.__setattr__``
    per field): every extraction crosses from a worker process to the build's, and reading
    them back cost 0.69 ms per generated document, 0.16 ms this way.

    >>> import pickle
    >>> pickle.loads(pickle.dumps(Line(3, "PhD, 1840")))
    Line(number=3, text='PhD, 1840')
    """
    return type(self), tuple(getattr(self, name) for name in self.__slots__)


@dataclass(frozen=True, slots=True)
class Cell:
    """One field of a CV entry whose format says what it holds (a LaTeX class macro's argument):
    ``meaning`` is ``org``, ``role``, ``place``, ``dates``, ``note`` (a grade, an advisor) or
    ``description`` (a line of what the entry involved), the meanings of ``kg/ingest/data/latex_classes.tsv``.

    >>> Cell("org", "Acme Labs")
    Cell(meaning='org', text='Acme Labs')
    """

    meaning: str
    text: str


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a document's readable text, with the source line it came from.

    ``number`` is 1-based and counts lines of the *original file*, so that a fact
    found on this line can be traced back to the file a user opens. ``cells`` are the line's
    fields with their declared meanings when the format states them (an entry line of a CV
    class), so extraction need not guess them from ``text``; untyped lines have none.
    """

    number: int
    text: str
    cells: tuple[Cell, ...] = field(default=(), repr=False)


@dataclass(frozen=True, slots=True)
class Document:
    """A loaded document: readable text lines plus what the loader learned.

    Attributes
    ----------
    path : the path as given by the user.
    name : the file name, used as the ``document`` field of the JSON contract.
    format : ``text``, ``markdown``, ``html``, ``pdf``, ``latex``, ``jsonresume``, ``yamlcv`` or ``tomlcv``.
    lines : the readable text, line by line, each mapped to its source line.
    sha256 : hex digest of the raw bytes (a LaTeX CV's followed by those of the ``.bib`` files it prints);
        re-ingesting identical bytes is a no-op.
    metadata : front matter, ``<title>``, ``\\author{}`` and similar hints for the subject.
    data : the parsed record of a structured CV (JSON Resume, YAML CV; a FRESH résumé in JSON Resume's
        shape), else ``None``.
    warnings : what the loader found wrong but read anyway (a JSON Resume field of the wrong
        type, unbalanced LaTeX braces...), each a sentence for the user.
    """

    path: str
    name: str
    format: str
    lines: tuple[Line, ...]
    sha256: str
    metadata: Mapping[str, Any] = field(default_factory=dict)
    data: Any = None
    warnings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # extraction reads the metadata with .get() wherever it looks; say so here, not deep inside it
        if not isinstance(self.metadata, Mapping):
            raise TypeError("Document.metadata must be a mapping ({} when there is none), "
                            f"not {type(self.metadata).__name__}")

    @property
    def text(self) -> str:
        """The readable text, lines joined by newlines."""
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True, slots=True)
class Evidence:
    """Where a fact came from: a source line range (1-based, inclusive) and its text."""

    line_start: int
    line_end: int
    text: str


@dataclass(frozen=True, slots=True)
class Entity:
    """A named thing found in one document.

    ``id`` is local to the extraction; the resolver maps it to a graph IRI.
    ``identifiers`` holds pairs such as ``("email", "a@b.org")``, ``("orcid", ...)``,
    ``("homepage", ...)``, ``("github", ...)``, ``("scholar", ...)``.
    """

    id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    identifiers: tuple[tuple[str, str], ...] = ()
    year: str | None = None
    evidence: Evidence | None = None

    @property
    def coarse(self) -> str:
        """``Organization`` for the organisation types, else the type itself."""
        return coarse_type(self.type)


@dataclass(frozen=True, slots=True)
class Relation:
    """A typed edge between two entities of the same extraction, by entity id.

    Dates are ``YYYY`` or ``YYYY-MM``; an open end is ``"present"``.
    """

    subject: str
    predicate: str
    object: str
    role: str | None = None
    degree: str | None = None
    field: str | None = None
    start: str | None = None
    end: str | None = None
    location: str | None = None
    evidence: Evidence | None = None


_RELATION_ATTRIBUTES = ("role", "degree", "field", "start", "end", "location")


@dataclass(frozen=True, slots=True)
class Extraction:
    """Everything extracted from one document."""

    document: str
    subject: str | None
    entities: tuple[Entity, ...] = ()
    relations: tuple[Relation, ...] = ()

    def entity(self, entity_id: str) -> Entity:
        """The entity with this id (``KeyError`` if none)."""
        for entity in self.entities:
            if entity.id == entity_id:
                return entity
        raise KeyError(entity_id)

    def to_json(self) -> dict[str, Any]:
        """The JSON shape of ``GUIDELINES.md``: names in relations, ids and evidence kept as extras."""
        names = {e.id: e.name for e in self.entities}
        entities = []
        for e in self.entities:
            item: dict[str, Any] = {"id": e.id, "name": e.name, "type": e.type}
            if e.aliases:
                item["aliases"] = list(e.aliases)
            if e.identifiers:
                item["identifiers"] = dict(e.identifiers)
            if e.year:
                item["year"] = e.year
            if e.evidence:
                item["evidence"] = _evidence_json(e.evidence)
            entities.append(item)
        relations = []
        for r in self.relations:
            item = {"subject": names[r.subject], "predicate": r.predicate, "object": names[r.object]}
            for key in _RELATION_ATTRIBUTES:
                value = getattr(r, key)
                if value:
                    item[key] = value
            if r.evidence:
                item["evidence"] = _evidence_json(r.evidence)
            relations.append(item)
        return {
            "document": self.document,
            "subject": names.get(self.subject) if self.subject else None,
            "entities": entities,
            "relations": relations,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Extraction":
        """Rebuild an extraction from :meth:`to_json` output."""
        entities = tuple(
            Entity(
                id=e["id"],
                name=e["name"],
                type=e["type"],
                aliases=tuple(e.get("aliases", ())),
                identifiers=tuple(e.get("identifiers", {}).items()),
                year=e.get("year"),
                evidence=_evidence_from_json(e.get("evidence")),
            )
            for e in data["entities"]
        )
        ids = {}
        for e in entities:
            ids.setdefault(e.name, e.id)
        relations = tuple(
            Relation(
                subject=ids[r["subject"]],
                predicate=r["predicate"],
                object=ids[r["object"]],
                evidence=_evidence_from_json(r.get("evidence")),
                **{key: r.get(key) for key in _RELATION_ATTRIBUTES},
            )
            for r in data["relations"]
        )
        subject = ids.get(data["subject"]) if data.get("subject") else None
        return cls(document=data["document"], subject=subject, entities=entities, relations=relations)


def _evidence_json(evidence: Evidence) -> dict[str, Any]:
    return {"lines": [evidence.line_start, evidence.line_end], "text": evidence.text}


def _evidence_from_json(data: Mapping[str, Any] | None) -> Evidence | None:
    if not data:
        return None
    start, end = data["lines"]
    return Evidence(line_start=start, line_end=end, text=data["text"])


@dataclass(frozen=True, slots=True)
class KnownEntity:
    """What the store already knows about one entity, as the resolver needs it.

    ``affiliations`` holds ``(organisation name, predicate, start, end)``;
    ``publications`` and ``coauthors`` are names, for evidence-based person merges.
    """

    iri: str
    type: str
    names: tuple[str, ...]
    identifiers: tuple[tuple[str, str], ...] = ()
    affiliations: tuple[tuple[str, str, str | None, str | None], ...] = ()
    publications: tuple[str, ...] = ()
    coauthors: tuple[str, ...] = ()
    documents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Merge:
    """Why an entity of a document was mapped onto a graph node it shares with others."""

    document: str
    entity_id: str
    mention: str
    iri: str
    rule: str
    score: float
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Resolution:
    """The resolver's answer: the graph IRI of every ``(document, entity id)``, with the merges, and
    the one type of each organisation whose mentions disagree on it (``types[iri]``)."""

    iris: Mapping[tuple[str, str], str]
    merges: tuple[Merge, ...] = ()
    types: Mapping[str, str] = field(default_factory=dict)


for _pickled in (Line, Document, Evidence, Entity, Relation, Extraction, KnownEntity, Merge, Resolution):
    _pickled.__reduce__ = _by_fields
