"""Time every named query (``kg/queries/*.rq``) with hub parameters on a store of >= 1M quads.

The store is built from ``bench/generate.py`` documents (or reused with ``--store``). The
parameters are the hubs of that store, found by a query: the person with the most direct
edges (either direction), the organisation with the most people and sub-units, the person who
shares an organisation with the first and has the most edges (``?b`` of a pair), the hub
organisation's name (``?label``, and lower-cased for ``?key``). Each query then runs:

- ``cli``: ``python -m kg query --name Q --param ... --format csv`` in a fresh process, its wall
  time and its CPU time (user + system: the steadier figure on a loaded machine); ``start-up`` is
  the same process for ``ASK {}``, so ``cli - start-up`` is what the query adds to a command
  (planning, evaluation and printing every row);
- ``query``: ``Store.query`` in a worker process, reading every row (what ``kg explain`` and the
  endpoint run), wall and CPU time, and ``rows``: ``Store.select`` (what the analyses run);
- with ``--raw``, for a query that takes parameters: Oxigraph itself, the parameters given as
  ``substitutions`` and as a ``VALUES`` block at the head of the WHERE group (how to bind them
  is a measurement, not a belief).

The ``conflict_*`` queries take their values as an empty ``VALUES`` block that kg.analyze.conflicts
fills; ``kg query --name`` runs them empty (no rows), the worker runs them filled with the hub
person, the ``?b`` person and their publications, organisations and edges.

Usage::

    python bench/queries.py --docs 2000 [--store DIR] [--repeat 5] [--limit-ms 1000] [--raw]
    python bench/queries.py --store DIR --code /tmp/kg-before --code .   # before and after, one run
    python bench/queries.py --store DIR --paths query --repeat 1 --queries export_entities,known_entities

Prints one table per code tree (query, rows, median ms of each path) and exits 1 if any
query's ``query`` time (``Store.query``, the path of ``kg query --name``) exceeds ``--limit-ms``.
With several ``--code`` trees, the trees take turns query by query (before and after meet the
same load) and each row's ``answer`` says whether its rows equal the first tree's; a query that
answers otherwise also makes the run exit 1.
A run that exceeds ``--timeout`` seconds is stopped and reported as ``>T``.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

KG = "https://w3id.org/kg/ontology#"
PREFIX = f"PREFIX kg: <{KG}>\nPREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#>\n"
RELATIONS = "kg:workedAt kg:studiedAt kg:advisedBy kg:mentoredBy kg:authored kg:coauthored kg:contributedTo"
#: the empty ``VALUES`` block a conflict query's caller fills: ``VALUES ?x { }`` or ``VALUES (?x ?y) { }``
#: the ways a query is timed: ``kg query --name`` in a fresh process, ``Store.query``, ``Store.select``
PATHS = ("cli", "query", "rows")
EMPTY_VALUES = re.compile(r"^(\s*)VALUES (\?\w+|\((?:\?\w+ ?)+\)) \{ \}", re.MULTILINE)


# -- the store and its hubs ---------------------------------------------------------------------
def ensure_store(store: Path, docs: int, out: Path) -> None:
    """Build ``docs`` generated documents into ``store`` with ``kg build``, unless it holds documents."""
    if (store / "oxigraph").exists():
        return
    corpus = out / f"docs-{docs}"
    if not corpus.exists():
        subprocess.run([sys.executable, str(HERE / "generate.py"), str(docs), "--out", str(corpus), "--seed", "7"],
                       check=True)
    subprocess.run([sys.executable, "-m", "kg", "build", str(corpus), "--store", str(store)], check=True, cwd=ROOT)


def hubs(store) -> dict:
    """The hub entities of ``store`` (a :class:`kg.store.Store`), each found by one query."""
    person = store.select(PREFIX + f"""SELECT ?p (COUNT(*) AS ?n) WHERE {{
        VALUES ?r {{ {RELATIONS} }} ?p a kg:Person . {{ ?p ?r ?o }} UNION {{ ?s ?r ?p }}
    }} GROUP BY ?p ORDER BY DESC(?n) ?p LIMIT 1""")[0]["p"]
    org = store.select(PREFIX + """SELECT ?o (COUNT(*) AS ?n) WHERE {
        VALUES ?r { kg:workedAt kg:studiedAt kg:partOf } ?s ?r ?o . ?o a ?t .
        FILTER(?t IN (kg:University, kg:Company, kg:Lab, kg:Institute))
    } GROUP BY ?o ORDER BY DESC(?n) ?o LIMIT 1""")[0]["o"]
    other = store.select(PREFIX + f"""SELECT ?b (COUNT(*) AS ?n) WHERE {{
        {{ SELECT DISTINCT ?b WHERE {{ <{person}> kg:workedAt|kg:studiedAt ?u . ?u kg:partOf* ?shared .
                                       ?unit kg:partOf* ?shared . ?b kg:workedAt|kg:studiedAt ?unit .
                                       FILTER(?b != <{person}>) }} }}
        VALUES ?r {{ {RELATIONS} }} {{ ?b ?r ?o }} UNION {{ ?s ?r ?b }}
    }} GROUP BY ?b ORDER BY DESC(?n) ?b LIMIT 1""")[0]["b"]
    label = store.select(PREFIX + f"SELECT (MIN(?n) AS ?name) WHERE {{ <{org}> kg:name ?n }}")[0]["name"]
    fill = {
        "person": [person, other],
        "publication": [r["x"] for r in store.select(PREFIX + f"SELECT DISTINCT ?x WHERE {{ <{person}> kg:authored ?x }}")],
        "unit": [r["x"] for r in store.select(PREFIX + f"SELECT DISTINCT ?x WHERE {{ <{person}> kg:workedAt|kg:studiedAt ?x }}")],
        "(subject relation object)": [
            [person, r["r"], r["o"]] for r in store.select(
                PREFIX + f"SELECT DISTINCT ?r ?o WHERE {{ VALUES ?r {{ {RELATIONS} }} <{person}> ?r ?o }}")],
    }
    fill["entity"] = fill["unit"]
    return {"person": person, "org": org, "other": other, "label": label, "fill": fill}


def kept_hubs(store, path: Path) -> dict:
    """:func:`hubs` of ``store``, kept in ``path`` for the store's state (minutes on a 10,000-document store)."""
    state = store.generation
    if path.exists():
        kept = json.loads(path.read_text())
        if kept.get("generation") == state:
            return kept["hubs"]
    found = hubs(store)
    path.write_text(json.dumps({"generation": state, "hubs": found}))
    return found


def parameters(name: str, hub: dict) -> dict[str, str]:
    """``--param`` values (``VAR -> text``) for the named query: its documented parameters, from the hubs."""
    from kg.queries import query_parameters

    by_variable = {"person": f"<{hub['person']}>", "entity": f"<{hub['person']}>", "a": f"<{hub['person']}>",
                   "b": f"<{hub['other']}>", "org": f"<{hub['org']}>", "label": hub["label"],
                   "key": " ".join(hub["label"].lower().split())}
    out = {}
    for variable, expects in query_parameters(name).items():
        if expects.startswith("optional"):
            continue  # unbound: the query over the whole store, its heaviest use
        if variable not in by_variable:
            raise SystemExit(f"{name}: no hub value for its parameter ?{variable}: add one to bench/queries.py")
        out[variable] = by_variable[variable]
    return out


def filled(text: str, fill: dict) -> str:
    """``text`` with its empty ``VALUES`` block (a conflict query's) holding the hub values."""
    def block(match):
        head = match.group(2)
        key = head.strip("?").replace("?", "") if head.startswith("(") else head[1:]
        rows = fill[key]
        cells = [" ".join(f"<{v}>" for v in row) if isinstance(row, list) else f"<{row}>" for row in rows]
        body = "\n".join(f"({c})" if head.startswith("(") else c for c in cells)
        return f"{match.group(1)}VALUES {head} {{\n{body}\n}}"

    return EMPTY_VALUES.sub(block, text)


# -- one query in a worker process ----------------------------------------------------------------
def worker(args) -> None:
    """Time one query on one path in this process (``--worker``); print ``{"rows", "ms", "answer"}`` as
    JSON, ``answer`` a digest of the rows (:func:`answer_digest`) so that two code trees' answers compare."""
    sys.path.insert(0, str(Path(args.code).resolve()))
    from kg.queries import load_query, parameter_bindings
    from kg.store import Store

    params = json.loads(args.params)
    text = load_query(args.name)
    fill = json.loads(args.fill) if args.fill else None
    if fill:
        text = filled(text, fill)
    with Store.open(args.store, read_only=True) as store:
        bindings = parameter_bindings(store, params, args.name) if params else {}
        run = _path(store, args.path, text, bindings)
        times, cpu, rows = [], [], []
        for _ in range(args.repeat):
            started, started_cpu = time.perf_counter(), time.process_time()
            rows = run()
            times.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
            if sum(times) > args.timeout * 1000:
                break  # a slow query: fewer runs rather than minutes more
    print(json.dumps({"rows": len(rows), "ms": times, "cpu ms": cpu,
                      "answer": answer_digest(rows, ordered="\nORDER BY" in text)}))


def answer_digest(rows: list, ordered: bool) -> str:
    """A digest of ``rows`` (each a sequence of terms, or a dict): equal for equal answers.

    An unordered answer is compared as a multiset; ``GROUP_CONCAT``'s values, whose order SPARQL
    leaves open, are compared as sets of their parts.

    >>> answer_digest([["b"], ["a; c"]], ordered=False) == answer_digest([["c; a"], ["b"]], ordered=False)
    True
    """
    import hashlib

    def cell(value):
        text = "" if value is None else str(value)
        return "; ".join(sorted(text.split("; "))) if "; " in text else text

    lines = [repr([cell(v) for v in (row.values() if isinstance(row, dict) else row)]) for row in rows]
    return hashlib.sha256("\n".join(lines if ordered else sorted(lines)).encode()).hexdigest()[:16]


def _path(store, path: str, text: str, bindings: dict):
    """A function running ``text`` with ``bindings`` on ``path``; it returns the rows."""
    if path == "query":
        return lambda: list(store.query(text, bindings))
    if path == "rows":
        return lambda: store.select(text, bindings)
    import pyoxigraph
    from oxrdflib._converter import to_ox

    from kg.namespaces import PREFIXES
    from kg.remote import bind_values

    prefixes = {p: str(ns) for p, ns in PREFIXES.items()}
    if path == "substitutions":
        # kg.queries.parameter_bindings gives pyoxigraph terms since kg query stopped importing rdflib
        subs = {pyoxigraph.Variable(k): v if isinstance(v, (pyoxigraph.NamedNode, pyoxigraph.Literal)) else to_ox(v)
                for k, v in bindings.items()}
        return lambda: [[t and t.value for t in row] for row in store._ox.query(
            text, use_default_graph_as_union=True, substitutions=subs, prefixes=prefixes)]
    if path == "values":
        bound = bind_values(text, bindings)
        return lambda: [[t and t.value for t in row] for row in store._ox.query(
            bound, use_default_graph_as_union=True, prefixes=prefixes)]
    raise SystemExit(f"unknown path {path!r}")


# -- the parent: every query, every path ------------------------------------------------------------
def _timed_worker(code: Path, store: Path, name: str, path: str, params: dict, fill: dict | None,
                  repeat: int, timeout: float) -> tuple[int | None, float | None, str | None, float | None]:
    """(rows, median ms, answer digest, median CPU ms) of one query on one path, in a worker process;
    ``(None, None, None, None)`` past ``timeout``."""
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", "--code", str(code), "--store", str(store),
               "--name", name, "--path", path, "--params", json.dumps(params), "--repeat", str(repeat),
               "--timeout", str(timeout)]
    if fill:
        command += ["--fill", json.dumps(fill)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=2 * timeout + 30, cwd=code)
    except subprocess.TimeoutExpired:
        return None, None, None, None
    if done.returncode != 0:
        raise SystemExit(f"{name} ({path}, {code}) failed:\n{done.stderr}")
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    return answer["rows"], statistics.median(answer["ms"]), answer["answer"], statistics.median(answer["cpu ms"])


def _cli_ms(code: Path, args: list[str], repeat: int, timeout: float) -> tuple[int | None, float | None, float | None]:
    """(rows, median wall ms, median CPU ms: user + system) of ``python -m kg ARGS`` run ``repeat`` times
    from ``code``."""
    import resource

    def children_cpu():
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    times, cpu, rows = [], [], None
    for _ in range(repeat):
        started, started_cpu = time.perf_counter(), children_cpu()
        try:
            done = subprocess.run([sys.executable, "-m", "kg", *args], capture_output=True, text=True,
                                  timeout=timeout, cwd=code)
        except subprocess.TimeoutExpired:
            return None, None, None
        times.append((time.perf_counter() - started) * 1000)
        cpu.append((children_cpu() - started_cpu) * 1000)
        if done.returncode != 0:
            raise SystemExit(f"kg {' '.join(args)} failed ({code}):\n{done.stderr}")
        rows = max(len(done.stdout.splitlines()) - 1, 0)  # csv: a header line
        if sum(times) > timeout * 1000:
            break  # a slow query: fewer runs rather than minutes more
    return rows, statistics.median(times), statistics.median(cpu)


def bench(codes: list[Path], store: Path, hub: dict, names: list[str], repeat: int, timeout: float, raw: bool,
          paths: set[str] = frozenset(PATHS)) -> dict[Path, list[dict]]:
    """For each kg checkout in ``codes``, one row per query: rows and the median ms of each of ``paths``.

    The checkouts take turns query by query, so that before and after meet the same load; a row's
    ``answer`` is ``same`` when its ``Store.query`` rows equal the first checkout's (``differs``
    otherwise: a rewrite that changed what a query answers).
    """
    from kg.queries import load_query

    store_arg = ["--store", str(store), "--format", "csv"]
    for code in codes if "cli" in paths else ():
        # as installed: compiled once (with PYTHONDONTWRITEBYTECODE set, each kg command compiles kg again)
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(code / "kg")], check=True)
    startup = {code: _cli_ms(code, ["query", "ASK {}", *store_arg], repeat, timeout)[1:] if "cli" in paths else None
               for code in codes}
    tables: dict[Path, list[dict]] = {code: [] for code in codes}
    for name in names:
        params = parameters(name, hub)
        fill = hub["fill"] if EMPTY_VALUES.search(load_query(name)) else None
        first = None
        for code in codes:
            row = {"query": name}
            if "query" in paths:
                row["rows"], row["query ms"], digest, row["query cpu ms"] = _timed_worker(
                    code, store, name, "query", params, fill, repeat, timeout)
                first = digest if code == codes[0] else first  # a timed-out first tree leaves nothing to compare with
                if len(codes) > 1:
                    row["answer"] = "-" if digest is None or first is None else "same" if digest == first else "differs"
            if "rows" in paths:
                row["select rows"], row["rows ms"], _, _ = _timed_worker(code, store, name, "rows", params, fill,
                                                                         repeat, timeout)
            if "cli" in paths:
                cli_args = ["query", "--name", name, *[a for v, t in params.items() for a in ("--param", f"{v}={t}")],
                            *store_arg]
                row["cli rows"], row["cli ms"], row["cli cpu ms"] = _cli_ms(code, cli_args, repeat, timeout)
                row["cli - start-up ms"] = None if row["cli ms"] is None else row["cli ms"] - startup[code][0]
            if raw and params:
                row["substitutions ms"] = _timed_worker(code, store, name, "substitutions", params, fill, repeat, timeout)[1]
                row["values ms"] = _timed_worker(code, store, name, "values", params, fill, repeat, timeout)[1]
            tables[code].append(row)
            print(f"{code.name or code}: {_line(row, timeout)}", file=sys.stderr, flush=True)
    if "cli" in paths:
        for code in codes:
            tables[code].append({"query": "(start-up: kg query 'ASK {}')", "cli ms": startup[code][0],
                                 "cli cpu ms": startup[code][1]})
    return tables


def _cell(value, timeout: float, column: str = "ms") -> str:
    if value is None:
        return f">{timeout * 1000:.0f}" if column.endswith("ms") else "-"
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def _line(row: dict, timeout: float) -> str:
    return " | ".join(f"{k}={_cell(v, timeout, k)}" for k, v in row.items())


def render(table: list[dict], timeout: float) -> str:
    columns = ["query", "rows", "answer", "select rows", "cli rows", "query ms", "query cpu ms", "rows ms", "cli ms",
               "cli cpu ms", "cli - start-up ms", "substitutions ms", "values ms"]
    columns = [c for c in columns if any(c in row for row in table)]
    lines = ["| " + " | ".join(columns) + " |", "| --- |" + " ---: |" * (len(columns) - 1)]
    for row in table:
        lines.append("| " + " | ".join(_cell(row[c], timeout, c) if c in row else "" for c in columns) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--docs", type=int, default=2000, help="generated documents (2,000 gave ~1.38M quads)")
    parser.add_argument("--store", type=Path, help="store directory: reused if it holds a store, else built there")
    parser.add_argument("--out", type=Path, default=Path("/tmp/kg-bench-queries"), help="where corpora and stores go")
    parser.add_argument("--repeat", type=int, default=5, help="runs per query and path; the median is reported")
    parser.add_argument("--limit-ms", type=float, default=1000.0, help="fail if a query's Store.query time exceeds it")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds one run may take before it is stopped")
    parser.add_argument("--queries", help="comma-separated names (default: every .rq in kg/queries)")
    parser.add_argument("--code", type=Path, action="append",
                        help="a kg checkout to measure (repeatable: before and after in one run); default: this one")
    parser.add_argument("--paths", default=",".join(PATHS),
                        help="comma-separated subset of cli,query,rows (the whole-store queries: one path saves minutes)")
    parser.add_argument("--raw", action="store_true", help="also time Oxigraph with substitutions and with VALUES")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--name", help=argparse.SUPPRESS)
    parser.add_argument("--path", help=argparse.SUPPRESS)
    parser.add_argument("--params", help=argparse.SUPPRESS)
    parser.add_argument("--fill", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        args.code = args.code[0]
        worker(args)
        return 0
    sys.path.insert(0, str(ROOT))
    from kg.queries import query_names
    from kg.store import Store

    store = (args.store or args.out / f"store-{args.docs}").resolve()
    args.out.mkdir(parents=True, exist_ok=True)
    ensure_store(store, args.docs, args.out)
    with Store.open(store, read_only=True) as opened:
        quads, hub = len(opened), kept_hubs(opened, args.out / f"hubs-{store.name}.json")
    names = args.queries.split(",") if args.queries else query_names()
    print(f"# {store}: {quads:,} quads; hubs: person {hub['person']}, ?b {hub['other']}, org {hub['org']} "
          f"({hub['label']!r}); repeat {args.repeat}; load average {' '.join(map(str, os.getloadavg()))}")
    failed = []
    codes = [code.resolve() for code in args.code or [ROOT]]
    tables = bench(codes, store, hub, names, args.repeat, args.timeout, args.raw, set(args.paths.split(",")))
    for code, table in tables.items():
        print(f"\n## {code}\n\n{render(table, args.timeout)}")
        failed += [f"{row['query']} ({code})" for row in table
                   if "query ms" in row and (row["query ms"] is None or row["query ms"] > args.limit_ms)]
        failed += [f"{row['query']} ({code}: answers differ from {codes[0]})" for row in table
                   if row.get("answer") == "differs"]
    print(f"\n# load average after: {' '.join(map(str, os.getloadavg()))}")
    if failed:
        print(f"over {args.limit_ms:.0f} ms or answering otherwise: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
