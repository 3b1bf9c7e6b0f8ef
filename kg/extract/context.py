"""The builder every extraction rule writes into: entities deduplicated, relations with evidence.

>>> from kg.model import Document, Line
>>> doc = Document(path="a.txt", name="a.txt", format="text", sha256="0",
...                lines=(Line(1, "Ada Lovelace"), Line(3, "PhD, University of London, 1840")))
>>> ctx = ExtractContext(doc)
>>> ada = ctx.set_subject("Ada Lovelace", evidence=ctx.evidence(0))
>>> uol = ctx.add_entity("University of London", "University", evidence=ctx.evidence(1))
>>> ctx.add_relation(ada, "studiedAt", uol, degree="PhD", start="1840", evidence=ctx.evidence(1))
>>> ex = ctx.build()
>>> [(r.predicate, ex.entity(r.object).name, r.evidence.line_start) for r in ex.relations]
[('studiedAt', 'University of London', 3)]
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from dataclasses import replace

from kg.model import Document, Entity, Evidence, Extraction, Relation, coarse_type

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_NON_WORD = re.compile(r"[^\w\s]")
WHITESPACE_RUN = re.compile(r"\s+")

__all__ = ["ExtractContext", "normalize_name", "strip_accents", "UNNAMED_SUBJECT", "WHITESPACE_RUN"]

#: The name given to the subject of a document that never names its subject. The
#: resolver never merges two such subjects by name; only evidence can join them.
UNNAMED_SUBJECT = "Unnamed document subject"


def strip_accents(text: str) -> str:
    """The text without its accents and other combining marks.

    >>> strip_accents("Hølm Ñúñez")
    'Hølm Nunez'
    """
    if text.isascii():  # nothing for NFKD to decompose
        return text
    return unicodedata.normalize("NFKD", text).translate(_COMBINING_MARKS)


class _CombiningMarks(dict):
    """``str.translate``'s table that drops combining marks: each character looked up once (a loop over every
    character of a page in Python was slow); at most 65,536 characters are kept, so a long-running process reading
    text of every character holds no table of the whole of Unicode."""

    def __missing__(self, code: int) -> int | None:
        kept = None if unicodedata.combining(chr(code)) else code
        if len(self) < 65536:
            self[code] = kept
        return kept


_COMBINING_MARKS = _CombiningMarks()


@lru_cache(maxsize=65536)
def normalize_name(name: str) -> str:
    """Case-, accent- and punctuation-folded form of a name, for deduplication.

    >>> normalize_name("  Kyoto  Univ. ")
    'kyoto univ'
    >>> normalize_name("École Normale")
    'ecole normale'
    """
    text = strip_accents(name).lower()
    text = text.replace("&", " and ")
    text = _NON_WORD.sub(" ", text)
    return WHITESPACE_RUN.sub(" ", text).strip()


def _blank(value) -> bool:
    """A missing attribute value: ``None`` or ``""`` (tested without ``in (None, "")``, which calls
    the ``__eq__`` of every evidence object)."""
    return value is None or (isinstance(value, str) and not value)


def _widened(old, new: dict) -> dict:
    """The dates that widen a relation over another statement of it: a BSc and a PhD at one school, two
    roles at one employer are one relation from the earliest start to the latest end (as the gold files write them).

    >>> from kg.model import Relation
    >>> _widened(Relation("p", "studiedAt", "o", degree="PhD", start="2015", end="2019"), {"start": "2011", "end": "2014"})
    {'start': '2011'}
    """
    out = {}
    if new.get("start") and old.start and new["start"] < old.start:
        out["start"] = new["start"]
    # an open end a sentence's tense gave ("I am a final-year student") leaves a stated end year alone
    end = new.get("end")
    if end and old.end and old.end != "present" and (end > old.end if end != "present" else bool(new.get("start"))):
        out["end"] = end
    return out


class ExtractContext:
    """Collects the entities and relations of one document.

    Entities are deduplicated by coarse type and normalised name or alias; adding
    the same name twice returns the same id. Relations are deduplicated by
    (subject, predicate, object): a later mention fills attributes the first lacked.
    """

    def __init__(self, document: Document):
        self.document = document
        self.subject_id: str | None = None
        self._entities: dict[str, Entity] = {}
        self._keys: dict[tuple[str, str], str] = {}
        self._relations: dict[tuple[str, str, str], Relation] = {}
        self._counter = 0
        #: ids of entities as they are added or changed, in order: indexes kept beside the context
        #: (see :mod:`kg.extract.publications`) read it to catch up instead of rescanning every entity
        self.changes: list[str] = []
        # rules ask for the evidence of the same lines many times; Evidence is immutable
        self._evidence: dict[tuple[int, int | None], tuple[tuple, Evidence]] = {}

    # -- evidence ---------------------------------------------------------------------------
    def evidence(self, first: int, last: int | None = None) -> Evidence:
        """Evidence for document lines ``first..last`` (indexes into ``document.lines``)."""
        lines = self.document.lines
        key = (first, last)
        cached = self._evidence.get(key)
        if cached is not None and cached[0] is lines:
            return cached[1]
        last = first if last is None else last
        first = max(0, min(first, len(lines) - 1))
        last = max(first, min(last, len(lines) - 1))
        text = " ".join(line.text.strip() for line in lines[first : last + 1])
        evidence = Evidence(line_start=lines[first].number, line_end=lines[last].number, text=text[:500])
        self._evidence[key] = (lines, evidence)
        return evidence

    # -- entities ---------------------------------------------------------------------------
    def find(self, name: str, entity_type: str) -> str | None:
        """The id of an entity already added under this name or alias, else ``None``."""
        return self._keys.get((coarse_type(entity_type), normalize_name(name)))

    def add_entity(
        self,
        name: str,
        entity_type: str,
        *,
        aliases: tuple[str, ...] | list[str] = (),
        identifiers: dict[str, str] | None = None,
        year: str | None = None,
        evidence: Evidence | None = None,
    ) -> str:
        """Add (or merge into) an entity and return its id."""
        name = " ".join(name.split())
        coarse = coarse_type(entity_type)
        keys = [(coarse, k) for k in map(normalize_name, (name, *aliases)) if k]
        index = self._keys
        existing = next((index[key] for key in keys if key in index), None)
        if existing is None:
            self._counter += 1
            entity_id = f"e{self._counter}"
            entity = self._entities[entity_id] = Entity(
                id=entity_id, name=name, type=entity_type, aliases=(), evidence=evidence
            )
            self.changes.append(entity_id)
        else:
            entity_id = existing
            entity = self._entities[entity_id]
        # the same name again has nothing to merge (aliases are always distinct from the name)
        if aliases or identifiers or name != entity.name or entity_type != entity.type \
                or (entity.year or year) != entity.year:
            self._merge_into(entity, name, entity_type, aliases, identifiers, year)
        for key in keys:
            index.setdefault(key, entity_id)
        return entity_id

    def _merge_into(self, entity, name, entity_type, aliases, identifiers, year) -> None:
        seen: dict[str, str] = {}  # each spelling by its folded key, the first written kept
        for n in filter(None, (" ".join(n.split()) for n in (entity.name, *entity.aliases, name, *aliases))):
            seen.setdefault(normalize_name(n), n)
        primary = entity.name
        # the most complete form is the name; shorter forms become aliases
        if len(normalize_name(name)) > len(normalize_name(primary)) and entity.coarse != "Publication":
            primary = name
        primary_key = normalize_name(primary)
        alias_list = tuple(n for k, n in seen.items() if k != primary_key)
        ids = dict(entity.identifiers)  # an identifier the entity has keeps its value
        id_items = tuple({**ids, **{k: v for k, v in (identifiers or {}).items() if k not in ids}}.items())
        # a more specific organisation type wins over the generic guess
        new_type = entity.type
        if entity.type != entity_type and entity.coarse == coarse_type(entity_type) == "Organization":
            new_type = entity_type if entity.type in ("Company", "Institute") and entity_type in ("University", "Lab") else entity.type
        new_year = entity.year or year
        if primary == entity.name and new_type == entity.type and alias_list == entity.aliases \
                and id_items == entity.identifiers and new_year == entity.year:
            return
        self._entities[entity.id] = Entity(
            id=entity.id, name=primary, type=new_type, aliases=alias_list,
            identifiers=id_items, year=new_year, evidence=entity.evidence,
        )
        self.changes.append(entity.id)

    def set_type(self, entity_id: str, entity_type: str) -> None:
        """Override the type of an entity (within the same coarse class)."""
        self._entities[entity_id] = replace(self._entities[entity_id], type=entity_type)
        self.changes.append(entity_id)

    def entity(self, entity_id: str) -> Entity:
        """The current state of an entity."""
        return self._entities[entity_id]

    @property
    def entities(self) -> list[Entity]:
        """All entities added so far, in order."""
        return list(self._entities.values())

    def set_subject(self, name: str, *, aliases=(), identifiers=None, evidence=None) -> str:
        """Name the document's subject (a Person) and return its id."""
        self.subject_id = self.add_entity(
            name, "Person", aliases=aliases, identifiers=identifiers, evidence=evidence
        )
        return self.subject_id

    def subject(self) -> str:
        """The subject's id; a document that never names its subject gets an unnamed one."""
        if self.subject_id is None:
            self.subject_id = self.add_entity(UNNAMED_SUBJECT, "Person")
        return self.subject_id

    # -- relations --------------------------------------------------------------------------
    def add_relation(self, subject_id: str, predicate: str, object_id: str, **attributes) -> None:
        """Add a relation; repeated (subject, predicate, object) triples fill in missing attributes, and
        widen an affiliation's dates over both statements."""
        if subject_id == object_id:
            return
        key = (subject_id, predicate, object_id)
        if attributes:
            attributes = {k: v for k, v in attributes.items() if not _blank(v)}
        old = self._relations.get(key)
        if old is not None:
            fill = {k: v for k, v in attributes.items() if _blank(getattr(old, k))}
            if predicate in ("workedAt", "studiedAt"):
                fill.update(_widened(old, attributes))
            if fill:
                self._relations[key] = replace(old, **fill)
            return
        self._relations[key] = Relation(subject=subject_id, predicate=predicate, object=object_id, **attributes)

    @property
    def relations(self) -> list[Relation]:
        """All relations added so far, in order."""
        return list(self._relations.values())

    def build(self) -> Extraction:
        """The finished, immutable :class:`Extraction`."""
        return Extraction(
            document=self.document.name,
            subject=self.subject_id,
            entities=tuple(self._entities.values()),
            relations=tuple(self._relations.values()),
        )
