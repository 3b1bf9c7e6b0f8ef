"""A build's extractions kept on disk, pickled, between extraction, resolution and writing.

Held as objects, a document's extraction takes ~30 KB of the build's memory and its pickle
~5 KB of disk: at 100,000 documents the objects were the larger part of the build's peak.
A :class:`Spool` appends each document's ``(key, document, extraction)`` to an anonymous
temporary file (gone when the spool is closed or the process dies) and reads them back one
at a time: in document order for resolution (:func:`kg.resolve.resolve` takes a spool as it
takes a list), in the order they were added for writing.

>>> from kg.model import Document, Entity, Extraction
>>> with Spool() as spool:
...     for name in ("b.txt", "a.txt"):
...         spool.add(name, Document(name, name, "text", (), "0"),
...                   Extraction(name, "p", (Entity("p", "Ada Obi", "Person"),)))
...     [ex.document for ex in spool], [key for key, _, _ in spool.records()], len(spool)
(['a.txt', 'b.txt'], ['b.txt', 'a.txt'], 2)
"""
from __future__ import annotations

import pickle
import tempfile
from array import array
from typing import Iterator

from kg.model import Document, Extraction


def spool_record(key: str, document: Document, extraction: Extraction) -> bytes:
    """One document as a spool stores it, for :meth:`Spool.add_record`: made where the document
    is extracted, so that the process holding the spool only writes the bytes.

    >>> with Spool() as spool:
    ...     spool.add_record("a.txt", "a.txt", spool_record("a.txt", Document("a.txt", "a.txt", "text", (), "0"),
    ...                                                      Extraction("a.txt", "p")))
    ...     [key for key, _, _ in spool.records()]
    ['a.txt']
    """
    return pickle.dumps((key, document, extraction), protocol=pickle.HIGHEST_PROTOCOL)


class Spool:
    """Documents' extractions on disk: ``add`` them, then iterate them as often as needed.

    Iterating a spool yields its extractions sorted by document name (what resolution
    reads, twice); :meth:`records` yields ``(key, document, extraction)`` in the order
    they were added (what the build writes).
    """

    def __init__(self):
        self._file = tempfile.TemporaryFile(prefix="kg-spool-")
        self._starts = array("q")  # each record's offset in the file, in the order added
        self._keys: list[str] = []
        self._names: list[str] = []  # each extraction's document name, for the sorted order
        self._order: list[int] | None = None

    def add(self, key: str, document: Document, extraction: Extraction) -> None:
        """Append one document (``key`` names it for writing; ``extraction.document`` sorts it)."""
        self.add_record(key, extraction.document, spool_record(key, document, extraction))

    def add_record(self, key: str, name: str, record: bytes) -> None:
        """Append one document as :func:`spool_record` made it (``name``: its extraction's document)."""
        self._file.seek(0, 2)
        self._starts.append(self._file.tell())
        self._file.write(record)
        self._keys.append(key)
        self._names.append(name)
        self._order = None

    def __len__(self) -> int:
        return len(self._starts)

    def flush(self) -> None:
        """Write what is buffered to the file: a forked process reading it shares the file's offset, not
        this buffer, which written later would land where that offset had moved."""
        self._file.flush()

    def keys(self) -> list[str]:
        """The documents' keys, in the order added."""
        return list(self._keys)

    def _read(self, index: int) -> tuple[str, Document, Extraction]:
        start = self._starts[index]
        end = self._starts[index + 1] if index + 1 < len(self._starts) else None
        self._file.seek(start)
        return pickle.loads(self._file.read(-1 if end is None else end - start))

    def records(self, start: int = 0, stop: int | None = None) -> Iterator[tuple[str, Document, Extraction]]:
        """``(key, document, extraction)`` of the documents ``start`` to ``stop`` (in the order added)."""
        self.flush()
        for index in range(start, len(self) if stop is None else min(stop, len(self))):
            yield self._read(index)

    def __iter__(self) -> Iterator[Extraction]:
        self.flush()
        if self._order is None:
            self._order = sorted(range(len(self)), key=self._names.__getitem__)
        for index in self._order:
            yield self._read(index)[2]

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> "Spool":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
