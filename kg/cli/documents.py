"""kg commands that build, inspect and export the store: build, extract, query, export, stats, validate, explain, remove."""
from __future__ import annotations

import json
import sys
import time

import click

from kg.cli import cli, format_option, store_option
from kg.cli._output import FORMATS, render


def _open(store: str, *, read_only: bool = True, rebuild: bool = False):
    """The store, for reading unless ``read_only=False`` (only writers take the lock: see kg.store)."""
    from kg.store import Store

    return Store.open(store, read_only=read_only, rebuild=rebuild)


def _budget_options(command):
    """``--max-seconds`` and ``--max-memory``: a document's extraction budget (:class:`kg.budget.Budget`)."""
    from kg.budget import Budget

    command = click.option("--max-memory", type=click.IntRange(min=1), default=Budget.megabytes, show_default=True,
                           metavar="MB", help="Memory one document's extraction may use.")(command)
    return click.option("--max-seconds", type=click.FloatRange(min=0), default=Budget.seconds, show_default=True,
                        help="CPU seconds one document's extraction may use (0: no budget).")(command)


def _budget(max_seconds: float, max_memory: int):
    from kg.budget import Budget

    return Budget(seconds=max_seconds, megabytes=max_memory) if max_seconds else None


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@store_option
@click.option("--force", is_flag=True, help="Rebuild documents even when their bytes are unchanged.")
@click.option("--rebuild", is_flag=True,
              help="Empty the store first, then build (a store an older kg built must be rebuilt).")
@click.option("--workers", type=click.IntRange(min=1), default=None, help="Extraction processes (default: all cores).")
@click.option("--ror", type=click.Path(exists=True, dir_okay=False),
              help="A ROR data dump (JSON) to enrich organisation names, acronyms and parents.")
@click.option("--prune", is_flag=True,
              help="Remove the documents whose file is gone from the folders given (deleted or renamed).")
@_budget_options
def build(paths, store, force, rebuild, workers, ror, prune, max_seconds, max_memory):
    """Build documents (files or folders) into the store.

    Unchanged documents are skipped; a changed document replaces its old facts; a
    file that cannot be read, or whose extraction goes over --max-seconds of CPU or
    --max-memory, is reported and skipped, and the others are built. A document whose
    file is gone from a folder given is listed, and removed with --prune.

    \b
    Example:
        kg build seeds/
        kg build cv.pdf homepage.html --store lab-graph
        kg build crawl/ --ror ror-data.json
        kg build seeds/ --prune
        kg build seeds/ --rebuild
    """
    from kg.pipeline import build as build_documents

    with _open(store, read_only=False, rebuild=rebuild) as kg_store, _BuildProgress() as progress:
        ror_index = None
        if ror:
            from kg.resolve import load_ror

            ror_index = load_ror(ror)
        report = build_documents(paths, kg_store, progress=progress, workers=workers, force=force, ror=ror_index,
                                 prune=prune, budget=_budget(max_seconds, max_memory))
        totals = kg_store.stats(count=False)  # what the store keeps: a build ends without a pass over it
    for path, reason in report.skipped:
        click.secho(f"skipped: {path}: {reason}", fg="yellow", err=True)
    for path, message in report.warnings:
        click.secho(f"warning: {path}: {message}", fg="yellow", err=True)
    for _, message in report.errors:
        click.secho(f"error: {message}", fg="red", err=True)
    for path in report.pruned:
        now = f", now {report.renamed[path]}" if path in report.renamed else ""
        click.echo(f"removed {path} (its file is gone{now})")
    if report.stale:
        listed = ", ".join(f"{path} (now {report.renamed[path]}?)" if path in report.renamed else path
                           for path in report.stale)
        click.secho(f"{len(report.stale)} documents in the store are gone from the folder (deleted or renamed), "
                    f"their facts kept: {listed}; `kg build --prune` removes them", fg="yellow", err=True)
    click.echo(report.summary())
    if totals is None:
        click.echo(f"store {store}: `kg stats --store {store}` counts what it holds")
    else:
        click.echo(f"store {store}: {totals['documents']} documents, "
                   f"{sum(totals['entities'].values())} entities, {sum(totals['relations'].values())} relations, "
                   f"{totals['quads']} quads")
    if report.errors:
        raise click.exceptions.Exit(1)


class _BuildProgress:
    """``kg build``'s progress on stderr: one bar per stage, with its documents per second.

    Called as the ``progress`` of :func:`kg.pipeline.build`; a terminal shows
    ``extracting  [####----]  412/1000  587 docs/s``, a log only each stage's label.
    """

    def __init__(self):
        self._bar, self._stage, self._started = None, None, 0.0

    def __call__(self, done: int, total: int, stage: str) -> None:
        if stage != self._stage:
            self.close()
            self._bar = click.progressbar(length=total, label=f"{stage:<10}", file=sys.stderr, show_pos=True,
                                          show_eta=False, item_show_func=lambda rate: rate)
            self._bar.__enter__()
            self._stage, self._started = stage, time.perf_counter()
        elapsed = time.perf_counter() - self._started
        rate = f"{done / elapsed:,.0f} docs/s" if done and elapsed > 0 else None
        self._bar.update(done - self._bar.pos, current_item=rate)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None

    def __enter__(self):
        return self

    def __exit__(self, *exc_info):
        self.close()


@cli.command()
@click.argument("file", type=click.Path())
@format_option(type=click.Choice(["json", "turtle"]), default="json")
@_budget_options
def extract(file, fmt, max_seconds, max_memory):
    """Extract one document and print what was found, without touching the store.

    \b
    Example:
        kg extract seeds/cv.txt --format json
        kg extract homepage.html --format turtle
    """
    from kg.pipeline import document_warnings, extract_file, extract_files

    budget = _budget(max_seconds, max_memory)
    if budget is None:
        document, extraction = extract_file(file)
    else:
        _, document, extraction, error = next(extract_files([file], budget=budget))
        if error:
            raise click.ClickException(error)
    for warning in document_warnings(document, extraction):
        click.secho(f"warning: {file}: {warning}", fg="yellow", err=True)
    if fmt == "json":
        click.echo(json.dumps(extraction.to_json(), indent=2, ensure_ascii=False))
        return
    from kg.pipeline import document_key
    from kg.rdf import document_graph
    click.echo(document_graph(document, extraction, key=document_key(file)).serialize(format="turtle"))


@cli.command()
@click.argument("sparql", required=False)
@click.option("--file", "query_file", type=click.File("r"), help="Read the query from a .rq file.")
@click.option("--name", "query_name", help="Run a query packaged with kg (see `kg query --list`).")
@click.option("--param", "params", multiple=True, metavar="VAR=VALUE",
              help="Bind ?VAR to a string, or an IRI written <...>; a packaged query's IRI parameter "
                   "also takes an entity's name. Repeatable.")
@click.option("--list", "list_queries", is_flag=True, help="List the packaged queries.")
@store_option
@format_option(type=click.Choice(FORMATS), default="table")
def query(sparql, query_file, query_name, params, list_queries, store, fmt):
    """Run a SPARQL query over the whole graph.

    Values are bound as parameters, never pasted into the query text.

    \b
    Example:
        kg query "SELECT ?name WHERE { ?p a kg:Person ; kg:name ?name } ORDER BY ?name"
        (kg's prefixes kg:, kgr:, foaf:, schema:, org:, prov: ... are predeclared)
        kg query --file people.rq --format csv
        kg query --list
        kg query --name people_at_org --param org="<https://w3id.org/kg/id/org/kyoto-university>"
        kg query --name people_at_org --param org="Kyoto University"
    """
    from kg.queries import load_query, query_names

    if list_queries:
        click.echo("\n".join(query_names()))
        return
    sources = [s for s in (sparql, query_file, query_name) if s]
    if len(sources) != 1:
        raise click.UsageError("give exactly one of SPARQL text, --file or --name")
    if query_file:
        text = query_file.read()
    elif query_name:
        try:
            text = load_query(query_name)
        except KeyError as exc:
            raise click.BadParameter(exc.args[0], param_hint="--name") from None
    else:
        text = sparql
    with _open(store) as kg_store:
        answer = kg_store.answer(text, _bindings(kg_store, params, query_name))
        click.echo(_render_answer(answer, fmt).rstrip("\n"))


@cli.command()
@store_option
@format_option(type=click.Choice(["turtle", "trig", "nquads", "ntriples", "jsonld", "json"]), default="trig")
@click.option("--out", type=click.Path(dir_okay=False, writable=True), help="Write to a file instead of stdout.")
def export(store, fmt, out):
    """Export the whole store as RDF, or as the extraction JSON of every document.

    \b
    Example:
        kg export --format trig --out graph.trig
        kg export --format json > extractions.json
    """
    with _open(store) as kg_store:
        if fmt == "json":
            from kg.export import store_json

            data = json.dumps(store_json(kg_store), indent=2, ensure_ascii=False).encode()
        else:
            data = kg_store.serialize(fmt)
    if out:
        with open(out, "wb") as handle:
            handle.write(data)
        click.echo(f"wrote {len(data)} bytes to {out}", err=True)
    else:
        click.echo(data.decode(), nl=False)


@cli.command()
@store_option
@click.option("--documents", "list_documents", is_flag=True, help="List the documents instead of counting.")
@format_option(type=click.Choice(FORMATS), default="table")
def stats(store, list_documents, fmt):
    """Count what the store holds: documents, entities by type, relations by predicate.

    \b
    Example:
        kg stats
        kg stats --documents --format csv
    """
    with _open(store) as kg_store:
        if list_documents:
            rows = [{k: d[k] for k in ("document", "format", "path", "built")} for d in kg_store.documents()]
            click.echo(render(rows, fmt))
            return
        totals = kg_store.stats()
    rows = [{"what": "documents", "count": totals["documents"]}, {"what": "quads", "count": totals["quads"]}]
    rows += [{"what": f"entity {k}", "count": v} for k, v in totals["entities"].items()]
    rows += [{"what": f"relation {k}", "count": v} for k, v in totals["relations"].items()]
    click.echo(render(rows, fmt))


@cli.command()
@store_option
@format_option(type=click.Choice(FORMATS), default="table")
def validate(store, fmt):
    """Check the graph against the SHACL shapes of the kg ontology.

    Prints each violation (focus node, path, message); exits 1 if any.

    \b
    Example:
        kg validate
    """
    from kg.validate import validate as validate_graph

    with _open(store) as kg_store:
        report = validate_graph(kg_store.dataset)
    if report.conforms:
        click.echo("conforms: no violations")
        return
    click.echo(render(report.violations, fmt))
    raise click.ClickException(f"{len(report.violations)} violations")


@cli.command()
@click.argument("name")
@store_option
@click.option("--type", "types", multiple=True, help="Only entities of this type (Person, University, ...).")
@format_option(type=click.Choice(["text", "json"]), default="text")
def explain(name, store, types, fmt):
    """Everything known about one entity: each fact with its source line, merges, disagreements.

    \b
    Example:
        kg explain "Ada Lovelace"
        kg explain "University of London" --format json
    """
    from kg.explain import explain as explain_entity, render_explanation

    with _open(store) as kg_store:
        info = explain_entity(kg_store, name, types=types or None)
    if fmt == "json":
        click.echo(json.dumps(info, indent=2, ensure_ascii=False, default=str))
    else:
        click.echo(render_explanation(info))


@cli.command()
@click.argument("documents", nargs=-1, required=True)
@store_option
def remove(documents, store):
    """Remove documents' facts from the store, by path or file name.

    \b
    Example:
        kg remove seeds/old-cv.txt
    """
    from kg.pipeline import remove as remove_document

    with _open(store, read_only=False) as kg_store:
        for document in documents:
            for path in remove_document(kg_store, document):
                click.echo(f"removed {path}")


def _bindings(kg_store, params, query_name) -> dict:
    from kg.queries import parameter_bindings

    values = {}
    for param in params:
        name, sep, value = param.partition("=")
        if not sep or not name.strip():
            raise click.BadParameter(f"{param!r} is not VAR=VALUE", param_hint="--param")
        values[name] = value
    return parameter_bindings(kg_store, values, query_name)


def _render_answer(answer, fmt: str) -> str:
    if answer.form == "ASK":
        return json.dumps(answer.boolean) if fmt == "json" else str(answer.boolean).lower()
    if answer.form != "SELECT":
        return answer.graph.serialize(format="json-ld" if fmt == "json" else "turtle")
    return render([dict(zip(answer.columns, row)) for row in answer.rows], fmt, answer.columns)
