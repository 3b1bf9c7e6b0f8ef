"""The extraction stage: one :class:`~kg.model.Document` in, one :class:`~kg.model.Extraction` out.

Rules live in small modules: :mod:`~kg.extract.sections` (headings and their kinds),
:mod:`~kg.extract.dates`, :mod:`~kg.extract.subject`, :mod:`~kg.extract.identifiers`,
:mod:`~kg.extract.orgs` and :mod:`~kg.extract.gazetteer` (organisations, ``partOf``),
:mod:`~kg.extract.positions` (CV entries, advisors, references), :mod:`~kg.extract.prose`
(biographies), :mod:`~kg.extract.projects`, :mod:`~kg.extract.structured` (JSON Resume,
YAML CVs, RenderCV, front matter) and :mod:`~kg.extract.publications`; vocabularies are
data files in ``kg/extract/data/``. :mod:`~kg.extract.pipeline` runs them in order.
"""
from __future__ import annotations

import gc

from kg.model import Document, Extraction

__all__ = ["extract", "freeze_long_lived"]


def extract(document: Document) -> Extraction:
    """Extract the entities and relations of one document.

    Every entity and relation carries the source lines it came from as evidence.

    Parameters
    ----------
    document : Document
        A loaded document (see :func:`kg.ingest.load_document`).

    Returns
    -------
    Extraction

    Examples
    --------
    >>> from kg.model import Document, Line
    >>> doc = Document("a.txt", "a.txt", "text", (Line(1, "Ines Duarte"),
    ...     Line(2, "Lecturer, Department of History, University of Porto, 2021 - present")), "0")
    >>> ex = extract(doc)
    >>> sorted((ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) for r in ex.relations)[:2]
    [('Department of History', 'partOf', 'University of Porto'), ('Ines Duarte', 'workedAt', 'Department of History')]
    """
    # Extraction makes no reference cycles (a collection after extracting a thousand documents
    # finds none), so the cyclic collector would only rescan the caches and vocabularies that
    # live on between documents: a tenth of the time. It is off before the import below, whose
    # allocations would otherwise start a full collection inside this call.
    enabled = gc.isenabled()
    gc.disable()
    try:
        from kg.extract.pipeline import extract as _extract

        return _extract(document)
    finally:
        if enabled:
            gc.enable()


def freeze_long_lived() -> None:
    """Leave every object alive now out of the cyclic collector's later scans.

    For a process that extracts many documents: call it once after loading what stays for the
    whole run and extracting one document (which loads the vocabularies and compiles the
    patterns). The collections that still run between documents (see :func:`extract`) then
    scan only what was made since, instead of every vocabulary, cache and loaded document:
    rescanning those was most of the collector's time in a benchmark pass.
    Objects made later are collected as usual.
    """
    gc.collect()
    gc.freeze()
