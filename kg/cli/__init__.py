"""The ``kg`` command line: a thin layer over the library, one short function per command.

Each area of commands lives in its own module and registers on :data:`cli`.
"""
from __future__ import annotations

import functools

import click

from kg import __version__
from kg.errors import KgError

__all__ = ["cli"]


class KgGroup(click.Group):
    """A click group that turns kg's documented errors into one-line messages and exit code 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KgError as exc:
            raise click.ClickException(str(exc)) from None

    def list_commands(self, ctx):
        # keep the pipeline order of registration: kg --help reads like a table of contents
        return list(self.commands)


@click.group(cls=KgGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kg")
def cli():
    """Build a knowledge graph of researchers and institutions from CVs and homepages.

    \b
    Example:
        kg build seeds/            # documents -> ./kg-data
        kg query "SELECT ..."      # SPARQL over the graph
        kg shared "A. Person" "B. Person"
    """


store_option = click.option(
    "--store",
    envvar="KG_STORE",
    default="kg-data",
    show_default=True,
    help="Store directory (or a SPARQL endpoint URL); also KG_STORE.",
)

format_option = functools.partial(
    click.option, "--format", "fmt", show_default=True, help="Output format."
)

from kg.cli import documents, analysis, visual, server, evaluate  # noqa: E402,F401  (registers commands)
