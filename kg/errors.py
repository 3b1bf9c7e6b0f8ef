"""The errors kg raises on purpose: each carries a one-line message for the user.

Anything else escaping a kg function is a bug.

>>> str(DocumentError("cv.bin", "binary file, not text"))
'cv.bin: binary file, not text'
"""
from __future__ import annotations

__all__ = ["KgError", "DocumentError", "QueryError", "StoreError", "StoreLockedError", "NotFoundError"]


class KgError(Exception):
    """Base class of kg's documented errors; the CLI prints the message and exits non-zero."""


class DocumentError(KgError):
    """A document that cannot be read: missing, empty, binary, undecodable, corrupt, too large."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class QueryError(KgError):
    """A malformed SPARQL query; ``line`` and ``column`` are 1-based when known."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        where = f" (line {line}, column {column})" if line is not None else ""
        super().__init__(f"invalid SPARQL{where}: {message}")
        self.line = line
        self.column = column


class StoreError(KgError):
    """The store cannot be opened or written."""


class StoreLockedError(StoreError):
    """Another process holds the store's write lock."""


class NotFoundError(KgError):
    """A name or document that is not in the store, or matches several entries."""
