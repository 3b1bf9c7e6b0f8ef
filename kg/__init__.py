"""kg: turn researchers' CVs, homepages and bio pages into a knowledge graph.

The pipeline, one module per stage::

    kg.ingest.load_document(path)        -> Document
    kg.extract.extract(document)         -> Extraction
    kg.resolve.resolve(extractions, ...) -> Resolution
    kg.store.Store / kg.pipeline.build   -> RDF in a persistent store
    kg.analyze / kg.visualize / kg.serve -> answers, pictures, an endpoint

Importing kg is cheap: stages are imported when first used.
"""
from __future__ import annotations

__version__ = "0.1.0"
