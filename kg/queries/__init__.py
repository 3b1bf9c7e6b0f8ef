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
import re
from importlib.resources import files
from typing import Mapping

__all__ = ["load_query", "query_names", "query_parameters", "parameter_bindings"]


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


#: the header line naming a query's parameters: ``# Parameters: ?a ?b (IRIs of the two people).``
PARAMETERS_LINE = re.compile(r"^#\s*Parameters:\s*(?P<variables>(?:[?$]\w+\s*)*)(?:\((?P<expects>[^)]*)\))?", re.M)


def query_parameters(name: str) -> dict[str, str]:
    """The variables the named query is meant to have bound, each with what its header says it
    expects (``"IRI"``, ``"IRI of the organisation"``, ``"xsd:string"``...).

    >>> query_parameters("people_at_org")
    {'org': 'IRI of the organisation'}
    >>> query_parameters("documents")
    {}
    """
    match = PARAMETERS_LINE.search(load_query(name))
    if not match:
        return {}
    expects = (match.group("expects") or "").strip()
    return {variable[1:]: expects for variable in match.group("variables").split()}


#: words of a parameter's name or description -> the entity types a name given for it may resolve to
_ENTITY_WORDS = {"person": {"Person"}, "people": {"Person"},
                 "org": {"University", "Company", "Lab", "Institute"},
                 "organisation": {"University", "Company", "Lab", "Institute"}}


def parameter_bindings(store, values: Mapping[str, str], query_name: str | None = None) -> dict:
    """Terms to bind from ``VAR -> text`` (what ``kg query --param VAR=VALUE`` gives), as
    pyoxigraph terms (the store's own: ``kg query`` then needs no rdflib, whose import was about half
    of its CPU before the query; bench/RESULTS.md).

    ``<...>`` is an IRI, anything else a string, except for a packaged query's parameter whose
    header asks for an IRI: there the text is an entity's name (or alias), resolved as the
    analysis commands resolve names (:func:`kg.analyze.resolve`). A packaged query takes only
    the parameters it documents.

    Raises :class:`~kg.errors.QueryError` for a bad variable name, a bad IRI or a parameter the
    query does not take, and :class:`~kg.errors.NotFoundError` for a name that matches no
    entity or several (the message lists them).

    >>> from kg.store import Store
    >>> parameter_bindings(Store.open(":memory:"), {"org": "<https://example.org/acme>"}, "people_at_org")
    {'org': <NamedNode value=https://example.org/acme>}
    >>> parameter_bindings(Store.open(":memory:"), {"org": "Acme"}, "people_at_org")
    Traceback (most recent call last):
    ...
    kg.errors.NotFoundError: ?org: no organisation named 'Acme'
    """
    from pyoxigraph import Literal, NamedNode, Variable

    from kg.errors import NotFoundError, QueryError

    expected = query_parameters(query_name) if query_name else None
    out = {}
    for variable, text in values.items():
        variable = variable.strip().removeprefix("?").removeprefix("$")
        text = text.strip()
        try:
            Variable(variable)  # Oxigraph checks SPARQL's VARNAME
        except ValueError:
            raise QueryError(f"cannot bind {variable!r}: not a variable name") from None
        if expected is not None and variable not in expected:
            takes = ", ".join(f"?{v} ({e})" for v, e in expected.items()) or "no parameters"
            raise QueryError(f"{query_name} has no parameter ?{variable}; it takes {takes}")
        if text.startswith("<") and text.endswith(">"):
            try:
                out[variable] = NamedNode(text[1:-1])  # Oxigraph checks the IRI
            except ValueError:
                raise QueryError(f"cannot bind ?{variable} to {text}: not an IRI") from None
        elif expected and "IRI" in expected[variable]:
            from kg.analyze import AmbiguousNameError, resolve

            words = re.findall(r"\w+", f"{variable} {expected[variable]}".lower())
            types = set().union(*(_ENTITY_WORDS.get(w, set()) for w in words)) or None
            try:
                out[variable] = NamedNode(resolve(store, text, types=types))
            except AmbiguousNameError as exc:
                raise AmbiguousNameError(f"?{variable}: {exc}", exc.candidates) from None
            except NotFoundError as exc:
                raise NotFoundError(f"?{variable}: {exc}") from None
        else:
            out[variable] = Literal(text)
    return out
