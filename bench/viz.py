"""Benchmark ``kg viz``: HTML generation time and in-browser time to a drawn, still layout.

Usage::

    python bench/viz.py                      # 1k and 5k nodes, against the targets
    python bench/viz.py --sizes 1000 5000 20000
    python bench/viz.py screenshot --store kg-data --out docs/seeds-graph.png
    python bench/viz.py store --store /tmp/s2k --before /tmp/kg-before --focus "Aarav Gupta"

``store`` times ``kg viz`` as people run it (a fresh process each) on a store that ``kg build``
made, for two trees of kg in one run: ``--before`` (a checkout of the code before a change, e.g.
``git archive``) and ``--after`` (default: this one): the whole graph first (nothing cached), again
(warm), with other options, and a focus's neighbourhood. The store's analysis caches are deleted
before each tree's first run; everything else in it is left as it is.

The graphs are synthetic but shaped like the knowledge graph (every entity type, hubs such
as universities and venues, dated affiliations), built directly in the networkx contract of
kg.analyze.typed_graph. The browser is Debian's headless Chromium (/usr/bin/chromium) driven
by playwright; "still" means the first frame is drawn with physics off, and the positions
are checked to be unchanged half a second later (not counted in the time).

Targets (from the issue): 1k nodes readable in under 5 s, 5k nodes in under 10 s.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
TARGETS = {1000: 5.0, 5000: 10.0}
KINDS = ["Person"] * 6 + ["Publication"] * 4 + ["University", "Company", "Lab", "Venue", "Project", "Institute"]
PREDICATES = {("Person", "University"): "studiedAt", ("Person", "Company"): "workedAt",
              ("Person", "Lab"): "workedAt", ("Person", "Institute"): "workedAt", ("Person", "Person"): "coauthored",
              ("Person", "Publication"): "authored", ("Publication", "Venue"): "publishedIn",
              ("Lab", "University"): "partOf", ("Person", "Project"): "contributedTo"}


def synthetic(n: int, seed: int = 1):
    """A typed graph of ``n`` entities with about 2.5 links each and a few heavy hubs."""
    import networkx as nx

    rng = random.Random(seed)
    graph = nx.MultiDiGraph()
    by_kind: dict[str, list[str]] = {}
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        iri = f"https://w3id.org/kg/id/{kind.lower()}/{i}"
        by_kind.setdefault(kind, []).append(iri)
        graph.add_node(iri, label=f"{kind} {i}", type=kind, aliases=[],
                       facts=[{"text": f"{kind} {i} as written in a CV", "document": f"cv{i % 300}.txt", "line": i % 60 + 1}])
    pairs = list(PREDICATES)
    for i in range(int(n * 1.25)):
        a, b = rng.choice(pairs)
        src = rng.choice(by_kind.get(a, [])) if by_kind.get(a) else None
        targets = by_kind.get(b) or []
        if not src or not targets:
            continue
        dst = targets[int(rng.random() ** 2.5 * len(targets))]  # a few hubs get most links
        if src == dst:
            continue
        pred = PREDICATES[(a, b)]
        start = rng.randint(1995, 2022)
        graph.add_edge(src, dst, key=pred, predicate=pred, role="Researcher" if pred == "workedAt" else None,
                       degree="PhD" if pred == "studiedAt" else None, start=str(start), end=str(start + 3),
                       start_year=start, end_year=start + 3, document=f"cv{i % 300}.txt", line=i % 60 + 1,
                       evidence="a passage of the CV")
    return graph


def open_page(browser, path: Path, viewport=(1280, 800)):
    """Open the page, refusing any request that is not a file: or data: URL; return (page, seconds, refused)."""
    page = browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
    refused, errors = [], []

    def route(r):
        if r.request.url.startswith(("file:", "data:")):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    started = time.perf_counter()
    page.goto(path.as_uri())
    page.wait_for_function("window.kgViz && window.kgViz.ready", timeout=120_000, polling=50)
    wall = time.perf_counter() - started
    if refused or errors:
        raise SystemExit(f"page problems: refused={refused[:3]} errors={errors[:3]}")
    return page, wall


def measure(sizes, out_dir: Path) -> int:
    from playwright.sync_api import sync_playwright

    from kg.visualize import to_html

    failures = 0
    print(f"{'nodes':>6} {'edges':>6} {'generate s':>10} {'in-browser s':>12} {'total s':>8} {'MB':>5} "
          f"{'click ms':>8}  target")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for n in sizes:
            graph = synthetic(n)
            started = time.perf_counter()
            report = to_html(graph, out_dir / f"viz-{n}.html", max_nodes=n)
            generate = time.perf_counter() - started
            page, wall = open_page(browser, report.path)
            in_page = page.evaluate("window.kgViz.readyAt") / 1000  # since navigation start
            before = page.evaluate("JSON.stringify(window.kgViz.network.getPositions())")
            page.wait_for_timeout(500)
            still = page.evaluate("JSON.stringify(window.kgViz.network.getPositions())") == before
            # responsiveness: a click's neighbour highlight plus one redraw, in milliseconds
            click_ms = page.evaluate("""() => { const t = performance.now();
                window.kgViz.highlight(0); window.kgViz.network.redraw(); return performance.now() - t; }""")
            page.close()
            target = TARGETS.get(n)
            ok = still and (target is None or wall < target)
            failures += not ok
            size = report.path.stat().st_size / 1e6
            verdict = ("ok" if ok else "MISSED") + (f" (< {target:.0f} s in browser)" if target else "")
            print(f"{report.nodes:>6} {report.edges:>6} {generate:>10.2f} {wall:>12.2f} {generate + wall:>8.2f} "
                  f"{size:>5.1f} {click_ms:>8.0f}  {verdict}{'' if still else ' (still moving!)'}   [drawn {in_page:.2f} s after navigation start]")
        browser.close()
    return failures


def screenshot(store: str, out: Path, width: int, height: int) -> None:
    """Draw the store with ``kg viz`` defaults and save a small PNG of the page."""
    from playwright.sync_api import sync_playwright

    from kg import analyze
    from kg.store import Store
    from kg.visualize import to_html

    with Store.open(store) as opened:
        graph = analyze.typed_graph(opened)
    with tempfile.TemporaryDirectory() as tmp:
        report = to_html(graph, Path(tmp) / "seeds.html", title="kg viz: the seed documents")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page, _ = open_page(browser, report.path, viewport=(width, height))
            page.wait_for_timeout(300)
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out))
            browser.close()
    print(f"{out}: {report.nodes} nodes, {report.edges} edges, {out.stat().st_size / 1024:.0f} KB")


def time_store(store: Path, trees: dict[str, Path], focus: str) -> None:
    """``kg viz`` on a built store, per tree of kg: whole graph cold and warm, other options, a focus."""
    import os
    import subprocess

    steps = [("whole graph, nothing cached", []), ("whole graph again (warm)", []),
             ("whole graph, --types Person,University (tables kept)", ["--types", "Person,University"]),
             (f"--focus {focus!r} --depth 2", ["--focus", focus, "--depth", "2"]),
             (f"--focus {focus!r} --depth 2 again", ["--focus", focus, "--depth", "2"])]
    times: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, tree in trees.items():
            for cached in [*store.glob("analysis-*")]:
                cached.unlink()
            times[name] = []
            for label, args in steps:
                started = time.perf_counter()
                done = subprocess.run([sys.executable, "-m", "kg", "viz", "--store", str(store), "--out",
                                       str(Path(tmp) / f"{name}.html"), *args], cwd=tree, capture_output=True, text=True)
                if done.returncode != 0:
                    raise SystemExit(f"kg viz {' '.join(args)} ({tree}) failed: {done.stderr.strip()[-2000:]}")
                times[name].append(time.perf_counter() - started)
                print(f"[{name}] {label}: {times[name][-1]:.2f} s, {done.stdout.strip()} (load "
                      f"{os.getloadavg()[0]:.1f})", file=sys.stderr, flush=True)
    print("| `kg viz` (a fresh process each) | " + " | ".join(f"{n} s" for n in trees) + " |")
    print("| --- |" + " ---: |" * len(trees))
    for i, (label, _) in enumerate(steps):
        print(f"| {label} | " + " | ".join(f"{times[n][i]:.1f}" for n in trees) + " |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--out", type=Path, default=None, help="keep the pages in this folder")
    shot = sub.add_parser("screenshot", help="PNG of the page for a store (the README picture)")
    shot.add_argument("--store", default="kg-data")
    shot.add_argument("--out", type=Path, default=Path("docs/seeds-graph.png"))
    shot.add_argument("--size", default="960x600", help="viewport WIDTHxHEIGHT")
    timed = sub.add_parser("store", help="time kg viz on a built store, before and after a change")
    timed.add_argument("--store", type=Path, required=True)
    timed.add_argument("--before", type=Path, help="a tree of kg before the change")
    timed.add_argument("--after", type=Path, default=Path(__file__).resolve().parent.parent)
    timed.add_argument("--focus", required=True, help="a name or IRI to draw the neighbourhood of")
    args = parser.parse_args(argv)
    if args.command == "store":
        time_store(args.store, {"before": args.before, "after": args.after} if args.before else {"after": args.after},
                   args.focus)
        return 0
    if args.command == "screenshot":
        width, height = (int(v) for v in args.size.split("x"))
        screenshot(args.store, args.out, width, height)
        return 0
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        return 1 if measure(args.sizes, args.out) else 0
    with tempfile.TemporaryDirectory() as tmp:
        return 1 if measure(args.sizes, Path(tmp)) else 0


if __name__ == "__main__":
    sys.exit(main())
