"""Compare store backends on the same researcher graph: load time and named-query latency.

The graph is made the way ``kg build`` makes it: generated documents (``bench/generate.py``)
are loaded, extracted, resolved and mapped to RDF once, written to an N-Quads file, and
then loaded into each backend:

- rdflib's in-memory Dataset (pure Python),
- rdflib over Oxigraph through oxrdflib (what ``kg.store.Store`` uses),
- raw pyoxigraph (the floor: no rdflib layer).

Usage::

    python bench/store_backends.py --docs 6000 [--repeat 20] [--skip-memory]

Prints one row per backend: quads, load seconds, and the median latency of each query.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: every named query that takes parameters (the others read the whole store)
QUERIES = ("shared_affiliations", "coauthors", "people_at_org", "timeline", "venues", "person_details", "academic_tree")


def make_quads(n_docs: int, out: Path) -> Path:
    """Generate ``n_docs`` documents and write the graph kg builds from them as N-Quads (cached)."""
    from generate import write_corpus

    from kg.store import Store
    from kg.pipeline import build

    nq = out / f"graph-{n_docs}.nq"
    if nq.exists():
        return nq
    docs = out / f"docs-{n_docs}"
    if not docs.exists():
        write_corpus(n_docs, docs, seed=7)
    with tempfile.TemporaryDirectory() as tmp, Store.open(Path(tmp) / "store") as store:
        build([docs], store)
        nq.write_bytes(store.serialize("nquads"))
    return nq


def sample_bindings(nq: Path) -> dict[str, dict]:
    """Pick parameters for each query from the data: the two most affiliated people, the biggest organisation
    (the most affiliated person for every per-person query)."""
    from collections import Counter

    import pyoxigraph as ox

    from kg.namespaces import KG

    store = ox.Store()
    store.load(path=str(nq), format=ox.RdfFormat.N_QUADS)
    people, orgs = Counter(), Counter()
    for quad in store.quads_for_pattern(None, ox.NamedNode(str(KG.workedAt)), None):
        people[quad.subject] += 1
        orgs[quad.object] += 1
    (a, _), (b, _) = people.most_common(2)
    org = orgs.most_common(1)[0][0]
    return {
        "shared_affiliations": {"a": a, "b": b},
        "people_at_org": {"org": org},
        **{name: {"person": a} for name in ("coauthors", "timeline", "venues", "person_details", "academic_tree")},
    }


def _median_ms(run, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def bench_rdflib_memory(nq: Path, params, repeat: int, queries=QUERIES) -> dict:
    from rdflib import Dataset
    from rdflib.term import URIRef

    from kg.queries import load_query

    started = time.perf_counter()
    dataset = Dataset(default_union=True)
    dataset.parse(nq, format="nquads")
    row = {"backend": "rdflib memory", "quads": len(dataset), "load s": time.perf_counter() - started}
    for name in queries:
        bindings = {k: URIRef(v.value) for k, v in params[name].items()}
        row[f"{name} ms"] = _median_ms(lambda: list(dataset.query(load_query(name), initBindings=bindings)),
                                       max(1, repeat // 10))
    return row


def bench_oxrdflib(nq: Path, params, repeat: int, tmp: Path, queries=QUERIES) -> dict:
    from rdflib.term import URIRef

    from kg.queries import load_query
    from kg.store import Store

    started = time.perf_counter()
    store = Store.open(tmp / "oxrdflib")
    store.load(nq, format="nq")
    row = {"backend": "rdflib + oxrdflib (kg)", "quads": len(store), "load s": time.perf_counter() - started}
    for name in queries:
        bindings = {k: URIRef(v.value) for k, v in params[name].items()}
        row[f"{name} ms"] = _median_ms(lambda: list(store.query(load_query(name), bindings)), repeat)
    store.close()
    return row


def bench_pyoxigraph(nq: Path, params, repeat: int, tmp: Path, queries=QUERIES) -> dict:
    import pyoxigraph as ox

    from kg.namespaces import PREFIXES
    from kg.queries import load_query

    started = time.perf_counter()
    store = ox.Store(str(tmp / "raw"))
    store.bulk_load(path=str(nq), format=ox.RdfFormat.N_QUADS)
    row = {"backend": "raw pyoxigraph", "quads": len(store), "load s": time.perf_counter() - started}
    prefixes = {p: str(ns) for p, ns in PREFIXES.items()}
    for name in queries:
        subs = {ox.Variable(k): v for k, v in params[name].items()}
        row[f"{name} ms"] = _median_ms(
            lambda: list(store.query(load_query(name), use_default_graph_as_union=True,
                                     substitutions=subs, prefixes=prefixes)), repeat)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=2000, help="generated documents (6000 gives ~1M quads)")
    parser.add_argument("--repeat", type=int, default=20, help="runs per query; the median is reported")
    parser.add_argument("--out", type=Path, default=HERE / "out")
    parser.add_argument("--skip-memory", action="store_true", help="skip rdflib's (slow) memory store")
    parser.add_argument("--queries", default=",".join(QUERIES),
                        help="comma-separated named queries to time (rdflib's memory store can take minutes on each)")
    args = parser.parse_args(argv)
    queries = tuple(q for q in args.queries.split(",") if q)
    args.out.mkdir(parents=True, exist_ok=True)
    nq = make_quads(args.docs, args.out)
    params = sample_bindings(nq)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        if not args.skip_memory:
            rows.append(bench_rdflib_memory(nq, params, args.repeat, queries))
        rows.append(bench_oxrdflib(nq, params, args.repeat, Path(tmp), queries))
        rows.append(bench_pyoxigraph(nq, params, args.repeat, Path(tmp), queries))
    columns = list(rows[0])
    print(" | ".join(columns))
    for row in rows:
        print(" | ".join(f"{row[c]:.3f}" if isinstance(row[c], float) else str(row[c]) for c in columns))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
