"""Load test of ``kg serve``: many SPARQL queries from concurrent clients, on the loopback interface only.

Starts ``kg serve`` (a subprocess) on a free 127.0.0.1 port over a store (a synthetic one
in a temporary folder unless ``--store`` is given), fires a fixed number of queries from
N client threads (each with its own HTTP connection), and prints throughput, latency
percentiles and errors. Bounded in count (``--queries``) and time (``--max-seconds``);
stops the server when done. Exit status 1 if any query failed.

Usage::

    python bench/load.py                       # 1,000 queries, 10 clients, synthetic store
    python bench/load.py --queries 5000 --clients 10 --people 500
    python bench/load.py --store kg-data --json

The query mix: kg's parameter-free named queries (documents, counts, edges), a person
looked up by name, an ASK, a CONSTRUCT of one person, and CSV / XML answers.

Then the overload phase (``--pathological N``, default 8; 0 skips it): N queries that never
finish (a COUNT over a three-way cartesian product of the store) sent at once, against a
server started with ``--timeout`` (default 10 s); it reports their statuses, how long after
their time limit an ``ASK {}`` sent then is answered (``ask_after_timeout_s``, counted from
when the client sent them; ``ask_after_last_503_s`` from the last of their answers), and the server's
memory (its processes' resident set) before, at the peak, and 3 s after.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KG = "https://w3id.org/kg/ontology#"
PREFIX = f"PREFIX kg: <{KG}>\n"


def synthetic_store(path: Path, people: int, seed: int = 7) -> int:
    """Write a store of ``people`` one-person documents in kg's RDF layout; returns the quad count."""
    from rdflib import Literal
    from rdflib.namespace import RDF, XSD

    from kg.namespaces import KG as K, mint_iri, document_graph_iri
    from kg.store import Store

    rng = random.Random(seed)
    orgs = [mint_iri("org", f"Synthetic University {i}") for i in range(max(5, people // 10))]
    documents = []
    for i in range(people):
        key = f"synthetic/person-{i}.txt"
        graph = document_graph_iri(key)
        doc = mint_iri("doc", key)
        person = mint_iri("person", f"Person {i}")
        triples = [
            (doc, RDF.type, K.Document), (doc, K.graph, graph), (doc, K.sourcePath, Literal(key)),
            (doc, K.fileName, Literal(f"person-{i}.txt")), (doc, K["format"], Literal("text")),
            (doc, K.contentHash, Literal(f"{i:064x}")), (doc, K.about, person),
            (person, RDF.type, K.Person), (person, K.name, Literal(f"Person {i}")),
        ]
        for org in rng.sample(orgs, 3):
            start = rng.randint(1990, 2020)
            assertion = mint_iri("assertion", f"{key} {org}")
            triples += [
                (org, RDF.type, K.University), (org, K.name, Literal(str(org).rsplit("/", 1)[-1])),
                (person, K.workedAt, org), (assertion, RDF.type, K.Affiliation),
                (assertion, RDF.subject, person), (assertion, RDF.predicate, K.workedAt), (assertion, RDF.object, org),
                (assertion, K.start, Literal(str(start), datatype=XSD.gYear)), (assertion, K.startYear, Literal(start)),
            ]
            line = rng.randint(1, 40)
            passage = mint_iri("passage", f"{key} {line}")
            triples += [(assertion, K.passage, passage), (passage, K.lineStart, Literal(line)),
                        (passage, K.lineEnd, Literal(line)), (passage, K.evidence, Literal(f"line {line}"))]
        documents.append((graph, triples))
    with Store.open(str(path)) as store:
        store.replace_documents(documents)
        return len(store)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def query_mix(people: int) -> list[tuple[str, str, str]]:
    """(label, query, Accept) triples that the clients cycle through."""
    from kg.queries import load_query

    mix = [(name, load_query(name), "application/sparql-results+json")
           for name in ("documents", "count_entities", "count_relations", "relation_edges")]
    for i in range(0, people, max(1, people // 5)):
        mix.append(("person-by-name", PREFIX + f'SELECT ?p ?org WHERE {{ ?p kg:name "Person {i}" ; '
                    "kg:workedAt ?org } ORDER BY ?org", "application/sparql-results+json"))
        mix.append(("construct", PREFIX + f'CONSTRUCT {{ ?p ?x ?y }} WHERE {{ ?p kg:name "Person {i}" ; ?x ?y }}',
                    "text/turtle"))
    mix.append(("ask", PREFIX + "ASK { ?p a kg:Person }", "application/sparql-results+json"))
    mix.append(("csv", PREFIX + "SELECT ?p ?n WHERE { ?p a kg:Person ; kg:name ?n } ORDER BY ?n LIMIT 50",
                "text/csv"))
    mix.append(("xml", PREFIX + "SELECT ?o (COUNT(?p) AS ?n) WHERE { ?p kg:workedAt ?o } GROUP BY ?o ORDER BY ?o",
                "application/sparql-results+xml"))
    return mix


def start_server(store: str, port: int, timeout: float) -> subprocess.Popen:
    import httpx

    process = subprocess.Popen(
        [sys.executable, "-m", "kg", "serve", "--store", store, "--host", "127.0.0.1", "--port", str(port),
         "--timeout", str(timeout)],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )
    url = f"http://127.0.0.1:{port}/sparql"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"kg serve exited with {process.returncode}: {process.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(url, params={"query": "ASK {}"}, timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.terminate()
    raise SystemExit("kg serve did not answer within 30 s")


PATHOLOGICAL = "SELECT (COUNT(*) AS ?n) WHERE { ?a ?p ?b . ?c ?q ?d . ?e ?r ?f }"


def tree_rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` and all its descendants, in MB (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    family, grew = {pid}, True
    while grew:
        more = {child for child, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    total = 0
    for member in family:
        try:
            for line in Path(f"/proc/{member}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return round(total / 1024, 1)


def overload(url: str, server_pid: int, count: int, timeout: float) -> dict:
    """Send ``count`` never-ending queries at once; then how soon ``ASK {}`` is answered, and memory."""
    import httpx

    baseline = tree_rss_mb(server_pid)
    statuses: list[int | str] = []
    peak = [baseline]

    answers: list[float] = []

    def slow() -> None:
        try:
            response = httpx.post(url, data={"query": PATHOLOGICAL}, timeout=timeout + 120)
            statuses.append(response.status_code)
        except httpx.HTTPError as exc:
            statuses.append(type(exc).__name__)
        answers.append(time.monotonic())

    threads = [threading.Thread(target=slow) for _ in range(count)]
    started = time.monotonic()
    for t in threads:
        t.start()

    def sample() -> None:
        while any(t.is_alive() for t in threads) and time.monotonic() < started + timeout + 120:
            peak[0] = max(peak[0], tree_rss_mb(server_pid))
            time.sleep(0.2)

    sampler = threading.Thread(target=sample)
    sampler.start()
    limit = started + timeout
    time.sleep(max(0.0, limit - time.monotonic()))
    answered, ask_status = None, None
    while time.monotonic() < limit + 120:
        try:
            response = httpx.post(url, data={"query": "ASK {}"}, timeout=120)
            ask_status = response.status_code
            if response.status_code == 200:
                answered = time.monotonic()
                break
        except httpx.HTTPError as exc:
            ask_status = type(exc).__name__
        time.sleep(0.05)
    sampler.join()
    for t in threads:
        t.join(timeout=1)
    time.sleep(3)
    return {
        "queries": count, "timeout_s": timeout,
        "statuses": sorted(str(s) for s in statuses),
        "ask_after_timeout_s": round(answered - limit, 2) if answered else None,
        "ask_after_last_503_s": round(answered - max(answers), 2) if answered and answers else None,
        "ask_status": ask_status,
        "rss_mb": {"before": baseline, "peak": peak[0], "after_3s": tree_rss_mb(server_pid)},
    }


def run(url: str, mix, total: int, clients: int, max_seconds: float) -> dict:
    """Fire ``total`` queries from ``clients`` threads; returns the measurements."""
    import httpx

    lock = threading.Lock()
    issued = [0]
    latencies: list[float] = []
    by_label: dict[str, list[float]] = {}
    errors: list[str] = []
    stop_at = time.monotonic() + max_seconds

    def client(number: int) -> None:
        rng = random.Random(number)
        with httpx.Client(timeout=30) as http:
            while True:
                with lock:
                    if issued[0] >= total or time.monotonic() > stop_at:
                        return
                    issued[0] += 1
                label, query, accept = rng.choice(mix)
                started = time.perf_counter()
                try:
                    response = http.post(url, data={"query": query}, headers={"Accept": accept})
                    ok = response.status_code == 200 and response.content
                    problem = None if ok else f"{label}: HTTP {response.status_code} {response.text[:200]}"
                except httpx.HTTPError as exc:
                    problem = f"{label}: {type(exc).__name__}: {exc}"
                elapsed = time.perf_counter() - started
                with lock:
                    latencies.append(elapsed)
                    by_label.setdefault(label, []).append(elapsed)
                    if problem:
                        errors.append(problem)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    ordered = sorted(latencies)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000 if ordered else 0.0

    return {
        "queries": len(latencies), "clients": clients, "seconds": round(wall, 3),
        "throughput_qps": round(len(latencies) / wall, 1) if wall else 0.0,
        "p50_ms": round(pct(50), 2), "p99_ms": round(pct(99), 2), "max_ms": round(ordered[-1] * 1000, 2) if ordered else 0,
        "mean_ms": round(statistics.fmean(ordered) * 1000, 2) if ordered else 0,
        "errors": len(errors), "first_errors": errors[:5],
        "stopped_by_time_limit": len(latencies) < total,
        "median_ms_by_query": {label: round(statistics.median(v) * 1000, 2) for label, v in sorted(by_label.items())},
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--queries", type=int, default=1000, help="how many queries in all (default 1000)")
    parser.add_argument("--clients", type=int, default=10, help="concurrent clients (default 10)")
    parser.add_argument("--max-seconds", type=float, default=120.0, help="stop firing after this long")
    parser.add_argument("--store", help="an existing store directory (default: a synthetic one in a temp folder)")
    parser.add_argument("--people", type=int, default=300, help="documents in the synthetic store")
    parser.add_argument("--timeout", type=float, default=10.0, help="kg serve --timeout")
    parser.add_argument("--pathological", type=int, default=8,
                        help="never-ending queries sent at once after the mix (default 8; 0 skips)")
    parser.add_argument("--json", action="store_true", help="print the measurements as JSON")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="kg-load-") as tmp:
        store = args.store
        quads = None
        if store is None:
            store = str(Path(tmp) / "kg-data")
            quads = synthetic_store(Path(store), args.people)
        port = free_port()
        server = start_server(store, port, args.timeout)
        try:
            url = f"http://127.0.0.1:{port}/sparql"
            results = run(url, query_mix(args.people), args.queries, args.clients, args.max_seconds)
            if args.pathological:
                results["overload"] = overload(url, server.pid, args.pathological, args.timeout)
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
    results["store"] = args.store or f"synthetic: {args.people} documents, {quads} quads"
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(f"kg serve load test: {results['store']}")
        print(f"  {results['queries']} queries from {results['clients']} clients in {results['seconds']} s")
        print(f"  throughput {results['throughput_qps']} queries/s")
        print(f"  latency p50 {results['p50_ms']} ms, p99 {results['p99_ms']} ms, max {results['max_ms']} ms")
        print("  median latency by query: " + ", ".join(f"{k} {v} ms" for k, v in results["median_ms_by_query"].items()))
        print(f"  errors {results['errors']}")
        for problem in results["first_errors"]:
            print(f"    {problem}")
        if "overload" in results:
            o = results["overload"]
            print(f"  overload: {o['queries']} never-ending queries at once, time limit {o['timeout_s']} s: "
                  f"statuses {' '.join(o['statuses'])}")
            print(f"    ASK {{}} answered {o['ask_after_timeout_s']} s after their time limit, "
                  f"{o['ask_after_last_503_s']} s after the last of their 503s (last status "
                  f"{o['ask_status']}); server memory {o['rss_mb']['before']} MB before, "
                  f"{o['rss_mb']['peak']} MB at the peak, {o['rss_mb']['after_3s']} MB 3 s after")
    failed = results["errors"] or (
        "overload" in results and results["overload"]["ask_after_timeout_s"] is None)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
