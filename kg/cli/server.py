"""kg commands: server."""
from __future__ import annotations

import click

from kg.cli import cli, store_option

__all__ = ["serve"]


@cli.command()
@store_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on (loopback only by default).")
@click.option("--port", default=7878, show_default=True, type=click.IntRange(0, 65535),
              help="Port to listen on (0: any free port; the one chosen is printed).")
@click.option("--allow-update", is_flag=True,
              help="Accept SPARQL 1.1 Update requests carrying the update token (refused by default).")
@click.option("--update-token", envvar="KG_UPDATE_TOKEN", metavar="TOKEN",
              help="The token updates must carry (Authorization: Bearer TOKEN); also KG_UPDATE_TOKEN. "
                   "With --allow-update and no token, one is made up and printed.")
@click.option("--allow-service", is_flag=True,
              help="Let queries call other endpoints with SERVICE (off by default: the server would "
                   "fetch any URL a query names).")
@click.option("--cors-origin", "cors_origins", multiple=True, metavar="ORIGIN",
              help="A browser origin (https://app.example.org) allowed to read answers; repeatable. None by default.")
@click.option("--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
              help="A host name clients may use to reach the server (Host header), besides the loopback "
                   "names and --host; repeatable; '*' for any.")
@click.option("--timeout", default=10.0, show_default=True, type=click.FloatRange(min=0.01),
              help="Seconds a query may take; then the answer is 503 and its work is stopped.")
@click.option("--max-rows", default=10_000, show_default=True, type=click.IntRange(min=1),
              help="Most rows (or triples) in one answer; longer answers are cut.")
@click.option("--workers", default=4, show_default=True, type=click.IntRange(min=1),
              help="Queries answered at once (one process each).")
@click.option("--max-memory", default=2048, show_default=True, type=click.IntRange(min=0), metavar="MB",
              help="Memory one query may take in its process, beyond the open store; a query needing more "
                   "gets a 503. 0: no limit.")
def serve(store, host, port, allow_update, update_token, allow_service, cors_origins, allowed_hosts, timeout,
          max_rows, workers, max_memory):
    """Serve the store as a SPARQL 1.1 endpoint at /sparql, with a query page at /.

    Read-only unless --allow-update: then it is the store's writer, and updates need the
    token. A read-only server does not keep anyone else from the store: `kg build` beside
    it works, and the server answers from the new build as soon as it is done. SELECT/ASK
    answers as SPARQL JSON, XML, CSV or TSV and CONSTRUCT/DESCRIBE as Turtle, N-Triples
    or JSON-LD, chosen by the Accept header.

    \b
    Example:
        kg serve --port 7878 &
        curl -H 'Accept: text/csv' --data-urlencode 'query=SELECT * WHERE { ?s ?p ?o } LIMIT 3' \\
             http://127.0.0.1:7878/sparql
    """
    import secrets

    from kg import serve as serving
    from kg.store import Store

    if host not in serving.LOOPBACK_HOSTS:
        click.echo(f"warning: listening on {host}: anyone who can reach it can query the store "
                   "(by a host name that --allowed-host gives)", err=True)
    if allow_update and not update_token:
        update_token = secrets.token_urlsafe(24)
        click.echo(f"kg: updates need the header 'Authorization: Bearer {update_token}'", err=True)
    opened = Store.open(store, read_only=not allow_update)

    def ready(endpoint: str) -> None:
        if allow_update:
            opened.describe_writer(endpoint=endpoint)
        click.echo(f"kg: SPARQL endpoint {endpoint}  (query page {endpoint.removesuffix('sparql')})", err=True)

    try:
        serving.serve(opened, host=host, port=port, allow_update=allow_update, update_token=update_token,
                      allow_service=allow_service, cors_origins=cors_origins,
                      allowed_hosts=(*serving.LOOPBACK_HOSTS, host, *allowed_hosts), timeout=timeout,
                      max_rows=max_rows, workers=workers, max_memory_mb=max_memory or None, log_level="warning",
                      on_ready=ready)
    finally:
        opened.close()
