"""One writer, any number of readers, with real processes: `kg serve` beside `kg build` and the
read-only commands, readers beside a writer, and a second writer refused with a clear message."""
from __future__ import annotations

import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from kg.store import Store

ROOT = Path(__file__).resolve().parent.parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT))
KG_PREFIX = "PREFIX kg: <https://w3id.org/kg/ontology#>\n"

DOCUMENTS = {
    "mira.txt": "Mira Okafor\n\nEmployment\n2015-2019 Research Scientist, Northgate Institute of Technology\n"
                "2019-present Professor, Halvorsen University\n",
    "tomas.txt": "Tomas Lindqvist\n\nEmployment\n2016-2020 Postdoctoral Researcher, Northgate Institute of Technology\n",
}
LATER = ("ines.txt", "Ines Marchetti\n\nEmployment\n2018-2022 Lecturer, Halvorsen University\n")


def kg(*args: str, store: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kg", *args, "--store", str(store)], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def built(tmp_path) -> Path:
    """A store built from two invented CVs."""
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in DOCUMENTS.items():
        (docs / name).write_text(text, encoding="utf-8")
    store = tmp_path / "kg-data"
    done = kg("build", str(docs), store=store)
    assert done.returncode == 0, done.stderr
    return store


@pytest.fixture
def server(built):
    """`kg serve --port 0` on the built store, in its own process; yields (endpoint URL, process)."""
    started = []

    def start(*options: str):
        process = subprocess.Popen([sys.executable, "-m", "kg", "serve", "--store", str(built), "--port", "0",
                                    *options], cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        started.append(process)
        lines = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = process.stderr.readline()
            lines.append(line)
            found = re.search(r"SPARQL endpoint (http://\S+/sparql)", line)
            if found:
                return found.group(1), process
            assert line or process.poll() is None, "".join(lines)
        raise AssertionError("kg serve did not start: " + "".join(lines))

    yield start
    for process in started:
        process.terminate()
        process.wait(timeout=30)


def ask(endpoint: str, pattern: str) -> bool:
    response = httpx.post(endpoint, data={"query": KG_PREFIX + f"ASK {{ {pattern} }}"}, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()["boolean"]


def test_serve_prints_the_port_it_bound(server):
    endpoint, _ = server()
    assert not endpoint.endswith(":0/sparql")
    assert ask(endpoint, '?p kg:name "Mira Okafor"')


def test_read_commands_and_a_build_beside_a_running_server(server, built, tmp_path):
    endpoint, _ = server()
    commands = [
        ("stats",),
        ("query", KG_PREFIX + "SELECT ?name WHERE { ?p a kg:Person ; kg:name ?name } ORDER BY ?name"),
        ("shared", "Mira Okafor", "Tomas Lindqvist"),
        ("viz", "--out", str(tmp_path / "graph.html")),
        # analyses side by side, all building the store's analysis cache at once
        ("collaborators", "Mira Okafor"),
        ("central",),
    ]
    with concurrent.futures.ThreadPoolExecutor(len(commands)) as pool:
        results = list(pool.map(lambda args: kg(*args, store=built), commands))
    for args, result in zip(commands, results):
        assert result.returncode == 0, (args, result.stderr)
    stats, query, shared, viz, collaborators, _ = results
    assert re.search(r"documents\s+2", stats.stdout)
    assert "Mira Okafor" in query.stdout and "Tomas Lindqvist" in query.stdout
    assert "Northgate Institute of Technology" in shared.stdout
    assert (tmp_path / "graph.html").stat().st_size > 0
    assert "Tomas Lindqvist" in collaborators.stdout

    new = tmp_path / LATER[0]
    new.write_text(LATER[1], encoding="utf-8")
    build = kg("build", str(new), store=built)
    assert build.returncode == 0, build.stderr
    # the running endpoint answers from the new build, without a restart
    assert ask(endpoint, '?p kg:name "Ines Marchetti"')
    assert ask(endpoint, '?p kg:name "Mira Okafor"')


WRITER = """
import sys
from rdflib import Literal, URIRef
from kg.store import Store
store = Store.open(sys.argv[1])
store.replace_document(URIRef("https://example.org/graph/pending"),
                       [(URIRef("https://example.org/pending"), URIRef("https://example.org/p"), Literal("x"))])
print("written", flush=True)
sys.stdin.readline()
store.close()
"""


def test_any_number_of_readers_beside_a_writer(built):
    before = Store.open(built, read_only=True)
    quads = len(before)
    before.close()
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(built)], cwd=ROOT, env=ENV,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "written"
        with concurrent.futures.ThreadPoolExecutor(6) as pool:
            readers = list(pool.map(lambda _: kg("stats", "--format", "json", store=built), range(6)))
        for reader in readers:
            assert reader.returncode == 0, reader.stderr
            counts = {row["what"]: row["count"] for row in json.loads(reader.stdout)}
            assert counts["quads"] == quads  # the store as the last writer left it: not half a write
        second = kg("build", str(built.parent / "docs"), store=built)
        assert second.returncode == 1
        assert "in use by another kg process" in second.stderr and f"pid {writer.pid}" in second.stderr
        assert "Traceback" not in second.stderr
    finally:
        writer.communicate("\n", timeout=60)
    assert writer.returncode == 0, writer.stderr
    after = kg("stats", "--format", "json", store=built)
    assert {row["what"]: row["count"] for row in json.loads(after.stdout)}["quads"] == quads + 1


def test_a_build_beside_an_updating_server_is_told_where_to_send_it(server, built):
    endpoint, _ = server("--allow-update", "--update-token", "t0ken")
    build = kg("build", str(built.parent / "docs"), store=built)
    assert build.returncode == 1
    assert endpoint in build.stderr and "Traceback" not in build.stderr
    # readers still read
    assert kg("stats", store=built).returncode == 0
