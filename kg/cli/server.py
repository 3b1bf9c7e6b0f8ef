"""kg commands: server."""
from __future__ import annotations

import click

from kg.cli import cli, store_option

__all__ = ["serve"]

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


@cli.command()
@store_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on (loopback only by default).")
@click.option("--port", default=7878, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--allow-update", is_flag=True, help="Accept SPARQL 1.1 Update requests (refused by default).")
@click.option("--timeout", default=10.0, show_default=True, type=click.FloatRange(min=0.01),
              help="Seconds a query may take before the answer is 503.")
@click.option("--max-rows", default=10_000, show_default=True, type=click.IntRange(min=1),
              help="Most rows (or triples) in one answer; longer answers are cut.")
def serve(store, host, port, allow_update, timeout, max_rows):
    """Serve the store as a SPARQL 1.1 endpoint at /sparql, with a query page at /.

    Read-only unless --allow-update. SELECT/ASK answers as SPARQL JSON, XML, CSV or TSV
    and CONSTRUCT/DESCRIBE as Turtle, N-Triples or JSON-LD, chosen by the Accept header.

    \b
    Example:
        kg serve --port 7878 &
        curl -H 'Accept: text/csv' --data-urlencode 'query=SELECT * WHERE { ?s ?p ?o } LIMIT 3' \\
             http://127.0.0.1:7878/sparql
    """
    from kg import serve as serving
    from kg.store import Store

    if host not in _LOOPBACK:
        click.echo(f"warning: listening on {host}: anyone who can reach it can query the store", err=True)
    opened = Store.open(store)
    try:
        click.echo(f"kg: SPARQL endpoint http://{host}:{port}/sparql  (query page http://{host}:{port}/)", err=True)
        serving.serve(opened, host=host, port=port, allow_update=allow_update, timeout=timeout,
                      max_rows=max_rows, log_level="warning")
    finally:
        opened.close()
