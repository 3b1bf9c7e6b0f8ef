"""kg commands: evaluate (grade extraction against hand-annotated documents)."""
from __future__ import annotations

import json

import click

from kg.cli import cli, format_option
from kg.cli._output import render

__all__ = ["evaluate"]


@cli.command()
@click.argument("gold_dir", type=click.Path(exists=True, file_okay=False))
@click.argument("docs_dirs", nargs=-1, required=True, type=click.Path(exists=True, file_okay=False))
@format_option(type=click.Choice(["table", "json"]), default="table")
@click.option("--verbose", "-v", is_flag=True, help="List every missed and false entity and relation, per document.")
def evaluate(gold_dir, docs_dirs, fmt, verbose):
    """Extract documents and grade them against gold files you annotated by hand.

    GOLD_DIR holds a gold file per document, named after it (cv.md.json for cv.md): the
    JSON of `kg extract cv.md --format json`, corrected by hand, where `"optional": true`
    marks items that may be found or not. The documents are looked up in DOCS_DIRS.
    Prints precision, recall and F1 per entity class and per relation, per document, and
    the headline figures.

    \b
    Example:
        kg evaluate gold/ cvs/
        kg evaluate gold/ cvs/ pages/ --verbose
        kg evaluate gold/ cvs/ --format json > scores.json
    """
    from kg.evaluate import evaluate as grade

    report = grade(gold_dir, docs_dirs)
    if report.missing:
        names = ", ".join(report.missing[:5]) + (", ..." if len(report.missing) > 5 else "")
        click.secho(f"warning: {len(report.missing)} gold files have no document in {', '.join(docs_dirs)}: {names}",
                    fg="yellow", err=True)
    if fmt == "json":
        click.echo(json.dumps(report.to_json(verbose=verbose), indent=2, ensure_ascii=False))
        return
    click.echo(render(report.class_rows()))
    click.echo()
    click.echo(render(report.document_rows()))
    if verbose:
        for document in report.documents:
            if document.misses:
                click.echo(f"\n{document.document}:")
                click.echo("\n".join(f"  {miss}" for miss in document.misses))
    click.echo()
    summary = report.summary()
    width = max(map(len, summary))
    for key, value in summary.items():
        shown = "-" if value is None else f"{value:.3f}" if isinstance(value, float) else value
        click.echo(f"{key:<{width}}  {shown}")
