"""kg commands that answer questions about people: shared, collaborators, path, central,
communities, suggest, timeline, person, members, tree, conflicts.

Each command calls one function of :mod:`kg.analyze` and prints its rows.
"""
from __future__ import annotations

import click

from kg.cli import cli, format_option, store_option
from kg.cli._output import FORMATS, render

__all__ = ["shared", "collaborators", "path", "central", "communities", "suggest", "timeline", "person",
           "members", "tree", "conflicts"]

_fmt = format_option(type=click.Choice(FORMATS), default="table")


def _show(rows: list[dict], fmt: str, columns: list[str]) -> None:
    """Print rows: tables and CSV show ``columns``; JSON has every field (IRIs included)."""
    click.echo(render(rows, fmt) if fmt == "json" else render(rows, fmt, columns=columns))


def _store(location: str):
    from kg.store import Store

    return Store.open(location, read_only=True)


@cli.command()
@click.argument("a")
@click.argument("b")
@store_option
@_fmt
def shared(a, b, store, fmt):
    """What two people share: organisations (through their units), venues, co-authors, with overlapping years.

    \b
    Example:
        kg shared "Ada Lovelace" "Charles Babbage"
        kg shared "A. Lovelace" babbage --format json
    """
    from kg.analyze import shared as shared_

    with _store(store) as kg_store:
        _show(shared_(kg_store, a, b), fmt, ["kind", "name", "overlap", "via", "sources"])


@cli.command()
@click.argument("name")
@click.option("--depth", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many steps away: 1 = direct collaborators.")
@click.option("--limit", type=click.IntRange(min=1), default=100, show_default=True, help="At most this many rows.")
@store_option
@_fmt
def collaborators(name, depth, limit, store, fmt):
    """A person's collaborators (co-authors, advisors, mentors, colleagues at the same time), nearest first.

    \b
    Example:
        kg collaborators "Ada Lovelace"
        kg collaborators "Ada Lovelace" --depth 2 --format json
    """
    from kg.analyze import collaborators as collaborators_

    with _store(store) as kg_store:
        rows = collaborators_(kg_store, name, depth=depth, limit=limit)
    _show(rows, fmt, ["name", "depth", "weight", "relations", "via", "reasons"])


@cli.command()
@click.argument("a")
@click.argument("b")
@store_option
@_fmt
def path(a, b, store, fmt):
    """The shortest chain of people and organisations between two names, with relation and years per hop.

    \b
    Example:
        kg path "Ada Lovelace" "Alan Turing"
        kg path "Ada Lovelace" "University of London" --format json
    """
    from kg.analyze import path as path_

    with _store(store) as kg_store:
        _show(path_(kg_store, a, b), fmt, ["step", "from", "relation", "to", "years", "role", "sources", "note"])


@cli.command()
@click.option("--by", type=click.Choice(["degree", "betweenness", "pagerank"]), default="degree", show_default=True,
              help="Centrality measure (betweenness is sampled on large graphs).")
@click.option("--type", "type_", default="Person", show_default=True,
              type=click.Choice(["Person", "University", "Company", "Lab", "Institute", "Venue", "Project",
                                 "Publication", "Organization", "any"], case_sensitive=False),
              help="Rank only entities of this type.")
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True, help="How many to list.")
@store_option
@_fmt
def central(by, type_, limit, store, fmt):
    """The most central people (or organisations, venues, ...) of the graph.

    \b
    Example:
        kg central
        kg central --by pagerank --type Organization --limit 10
    """
    from kg.analyze import central as central_

    with _store(store) as kg_store:
        rows = central_(kg_store, by=by, type=type_, limit=limit)
    _show(rows, fmt, ["rank", "name", "type", "score", "degree", "note"])


@cli.command()
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True, help="How many communities.")
@click.option("--min-size", type=click.IntRange(min=1), default=2, show_default=True, help="Smallest community.")
@click.option("--method", type=click.Choice(["auto", "louvain", "label-propagation"]), default="auto",
              show_default=True, help="Louvain, or label propagation (auto: Louvain up to 50,000 ties).")
@store_option
@_fmt
def communities(limit, min_size, method, store, fmt):
    """Groups of people who work together (communities of the collaboration graph).

    \b
    Example:
        kg communities
        kg communities --min-size 5 --format json
    """
    from kg.analyze import communities as communities_

    with _store(store) as kg_store:
        rows = communities_(kg_store, limit=limit, min_size=min_size, method=method)
    _show(rows, fmt, ["community", "size", "members", "organisations"])


@cli.command()
@click.argument("name")
@click.option("--limit", type=click.IntRange(min=1), default=10, show_default=True, help="How many suggestions.")
@store_option
@_fmt
def suggest(name, limit, store, fmt):
    """Likely collaborators a person is not linked to yet (Adamic-Adar), with the reason.

    \b
    Example:
        kg suggest "Ada Lovelace"
        kg suggest "Ada Lovelace" --limit 3 --format json
    """
    from kg.analyze import suggest as suggest_

    with _store(store) as kg_store:
        rows = suggest_(kg_store, name, limit=limit)
    _show(rows, fmt, ["name", "score", "common", "reason"])


@cli.command()
@click.argument("name")
@store_option
@_fmt
def timeline(name, store, fmt):
    """A person's positions, studies, advisors, publications and projects, earliest first.

    \b
    Example:
        kg timeline "Ada Lovelace"
        kg timeline "A. Lovelace" --format json
    """
    from kg.analyze import timeline as timeline_

    with _store(store) as kg_store:
        _show(timeline_(kg_store, name), fmt, ["when", "relation", "name", "role", "sources"])


@cli.command()
@click.argument("name")
@store_option
@_fmt
def person(name, store, fmt):
    """A profile: names, identifiers, documents, positions, education, advisors, co-authors, venues.

    \b
    Example:
        kg person "Ada Lovelace"
        kg person "ada lovelace" --format json
    """
    from kg.analyze import person as person_

    with _store(store) as kg_store:
        _show(person_(kg_store, name), fmt, ["section", "value", "detail", "sources"])


@cli.command()
@click.argument("organisation")
@store_option
@_fmt
def members(organisation, store, fmt):
    """The people at an organisation or any of its labs and departments, with role and years.

    \b
    Example:
        kg members "University of London"
        kg members UCL --format json
    """
    from kg.analyze import members as members_

    with _store(store) as kg_store:
        _show(members_(kg_store, organisation), fmt, ["name", "unit", "relation", "role", "years", "sources"])


@cli.command()
@click.argument("name")
@store_option
@_fmt
def tree(name, store, fmt):
    """The academic tree around a person: advisors above (negative generations), students below.

    \b
    Example:
        kg tree "Ada Lovelace"
        kg tree "Ada Lovelace" --format json
    """
    from kg.analyze import tree as tree_

    with _store(store) as kg_store:
        _show(tree_(kg_store, name), fmt, ["generation", "student", "advisor"])


@cli.command()
@click.option("--between", "lists", nargs=2, required=True, type=click.Path(exists=True, dir_okay=False),
              metavar="A B", help="Two lists of people: CSV with a name (or first/last) column and optional "
                                  "email, orcid, affiliation columns; or plain text, one name a line.")
@click.option("--years", type=click.IntRange(min=0), default=4, show_default=True,
              help="Window of co-authorship and shared organisations, in years back from now.")
@click.option("--as-of", "now", type=int, default=None, help="The current year (default: this year).")
@store_option
@format_option(type=click.Choice([*FORMATS, "conference"]), default="table",
               help="Output format; 'conference': one CSV row per pair (names, e-mails, reasons).")
def conflicts(lists, years, now, store, fmt):
    """Conflicts of interest between two lists of people: advisors, mentors, co-authors, colleagues.

    Every conflicting pair with each reason and the document and line stating it. Names that
    match nobody, several people, or someone by initials alone are listed (on stderr, or under
    "names" in JSON), never guessed.

    \b
    Example:
        kg conflicts --between reviewers.csv authors.csv
        kg conflicts --between panel.txt applicants.csv --years 6 --format conference > conflicts.csv
    """
    import json

    from kg.analyze import conflicts as conflicts_, read_people

    with _store(store) as kg_store:
        report = conflicts_(kg_store, read_people(lists[0]), read_people(lists[1]), years=years, now=now)
    if fmt == "json":
        click.echo(json.dumps(report.to_dict(), indent=2, ensure_ascii=False))
        return
    if fmt == "conference":
        click.echo(render(report.pairs(), "csv"), nl=False)
    else:
        _show(report.conflicts, fmt, ["a", "b", "kind", "level", "when", "sources", "detail"])
    if report.unresolved:
        click.echo(f"\n{len(report.unresolved)} names not matched to one person (not checked):", err=True)
        click.echo(render(report.unresolved, "table", columns=["list", "line", "name", "status", "candidates"]),
                   err=True)
