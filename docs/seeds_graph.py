"""Redraw docs/seeds-graph.png: the page ``kg viz`` makes of the seeds, as a browser shows it.

    python docs/seeds_graph.py [--out docs/seeds-graph.png]

Builds ``seeds/`` into a store in a temporary directory with this repository's ``kg``, writes
the page with ``kg viz`` (default options), opens it in Debian's headless Chromium
(``/usr/bin/chromium``, driven by playwright; ``apt-get install chromium``) and saves what the
window shows once the graph is drawn.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PICTURE = ROOT / "docs" / "seeds-graph.png"
CHROMIUM = "/usr/bin/chromium"
WINDOW = {"width": 1100, "height": 700}


def _kg(*args: str, cwd: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("KG_STORE", None)
    done = subprocess.run([sys.executable, "-m", "kg", *args], cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"kg {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout.strip()


def draw(out: Path = PICTURE) -> str:
    """Write the picture to ``out``; returns what ``kg viz`` said (nodes and edges drawn)."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="kg-picture-") as tmp:
        workdir = Path(tmp)
        shutil.copytree(ROOT / "seeds", workdir / "seeds")
        _kg("build", "seeds/", cwd=workdir)
        said = _kg("viz", "--out", "seeds.html", cwd=workdir)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            try:
                page = browser.new_page(viewport=WINDOW)
                page.goto((workdir / "seeds.html").as_uri())
                page.wait_for_function("window.kgViz && window.kgViz.ready", timeout=60_000)
                page.wait_for_timeout(500)  # the canvas paints on the frame after ready
                page.screenshot(path=str(out))
            finally:
                browser.close()
    return said


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=PICTURE, help="PNG to write (default: %(default)s)")
    args = parser.parse_args(argv)
    print(f"{draw(args.out)}\n{args.out}: written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
