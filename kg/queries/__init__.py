"""SPARQL queries as ``.rq`` files in this package, loaded by name.

Every file starts with a comment block giving its purpose, its parameters (variables
bound with ``initBindings``) and its output variables; it declares its own prefixes
and ends with ``ORDER BY`` so that results are deterministic.

>>> "SELECT" in load_query("documents")
True
>>> "documents" in query_names()
True
"""
from __future__ import annotations

import functools
from importlib.resources import files

__all__ = ["load_query", "query_names"]


@functools.cache
def load_query(name: str) -> str:
    """The text of the named query (``kg/queries/<name>.rq``).

    Raises ``KeyError`` for an unknown name.

    >>> load_query("no-such-query")
    Traceback (most recent call last):
    ...
    KeyError: "no query named 'no-such-query'"
    """
    resource = files(__name__) / f"{name}.rq"
    if not resource.is_file():
        raise KeyError(f"no query named {name!r}")
    return resource.read_text(encoding="utf-8")


def query_names() -> list[str]:
    """The names of all packaged queries, sorted."""
    return sorted(r.name[:-3] for r in files(__name__).iterdir() if r.name.endswith(".rq"))
