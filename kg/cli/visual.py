"""kg commands: visual (``kg viz``)."""
from __future__ import annotations

import click

from kg.cli import cli, store_option

__all__ = ["viz"]


def _names(ctx, param, values):
    """``--types Person,Lab --types Venue`` -> ['Person', 'Lab', 'Venue'] (None when not given)."""
    names = [part.strip() for value in values for part in value.split(",") if part.strip()]
    return names or None


@cli.command()
@store_option
@click.option("--out", "-o", default="kg-graph.html", show_default=True, type=click.Path(dir_okay=False),
              help="HTML file to write.")
@click.option("--focus", metavar="NAME", help="Draw only the neighbourhood of this entity (name, alias or IRI).")
@click.option("--depth", default=2, show_default=True, type=click.IntRange(min=0),
              help="Links from --focus to include.")
@click.option("--types", multiple=True, callback=_names, metavar="TYPE[,TYPE]",
              help="Entity types to keep (Person, University, Company, Lab, Institute, Venue, Project, Publication).")
@click.option("--predicates", multiple=True, callback=_names, metavar="PRED[,PRED]",
              help="Relations to keep (workedAt, studiedAt, advisedBy, mentoredBy, authored, coauthored, "
                   "publishedIn, partOf, contributedTo).")
@click.option("--since", type=int, metavar="YEAR", help="Keep dated relations that end in or after YEAR.")
@click.option("--until", type=int, metavar="YEAR", help="Keep dated relations that start in or before YEAR.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=None,
              help="Most nodes to draw (default 2000): the nearest to --focus, else the most connected.")
@click.option("--size-by", type=click.Choice(["degree", "betweenness", "pagerank"]), default="degree",
              show_default=True, help="What node size shows.")
def viz(store, out, focus, depth, types, predicates, since, until, max_nodes, size_by):
    """Draw the graph (or part of it) as one HTML page that works offline.

    Colour and shape show the entity type, size the degree, edge colour the relation.
    Hover for an entity's facts and their source lines; click to highlight neighbours.

    \b
    Example:
        kg viz --out graph.html
        kg viz --focus "Ada Lovelace" --depth 2 --out ada.html
        kg viz --types Person,University --predicates workedAt,studiedAt --since 2015
    """
    from kg import visualize
    from kg.store import Store

    with Store.open(store, read_only=True) as opened:
        report = visualize.draw_store(
            opened, out, focus=focus, depth=depth, types=types, predicates=predicates, since=since,
            until=until, max_nodes=max_nodes or visualize.DEFAULT_MAX_NODES, size_by=size_by,
        )
    click.echo(f"Wrote {report.path}: {report.nodes:,} nodes, {report.edges:,} edges.")
    if report.message:
        click.echo(report.message, err=True)
