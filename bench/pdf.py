"""PDF CVs: facts found from the PDF against the same CV as text, per layout, and reading cost.

Renders every invented CV of ``tests/pdf_cvs.py`` with every layout there (moderncv-like date
column, altacv-like sidebar, running header/footer over page breaks, hyphenated justified column,
numbered publications with a hanging indent), extracts each PDF with the PDF reader of a git ref
(``--before``, default ``main``) and with this working tree's, and compares the facts (as in
``tests/test_formats.py``: entities and relations without ids and line numbers) with those of the
CV's text source. Prints, per layout, the relations of the text found from the PDF, the relations
the PDF alone gave, and the CPU milliseconds per page of ``parse_pdf`` (best of ``--repeat``
passes, the two readers alternating), both timed in this one run; ``--pdf`` times them on more
PDF files too, each file's reading and, all files together, what ``kg extract`` does with them (reading and
extraction, CPU seconds, best of the passes, the two readers alternating).

Usage::

    python bench/pdf.py [--before main] [--repeat 20] [--show LAYOUT] [--pdf FILE ...]
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import pdf_cvs  # noqa: E402
from test_formats import facts  # noqa: E402

import kg.ingest._pdf as current  # noqa: E402


def reader_at(ref: str):
    """The ``kg.ingest._pdf`` module as it is at git ``ref``."""
    source = subprocess.run(["git", "show", f"{ref}:kg/ingest/_pdf.py"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("kg_pdf_before", loader=None)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    exec(compile(source, f"{ref}:kg/ingest/_pdf.py", "exec"), module.__dict__)
    return module


def pdf_facts(path: Path, module) -> tuple:
    original = current.parse_pdf
    current.parse_pdf = module.parse_pdf  # load_document imports parse_pdf from this module at each call
    try:
        return facts(path)
    finally:
        current.parse_pdf = original


def ms_per_page(modules, pdfs: list[bytes], repeat: int) -> list[float]:
    """CPU milliseconds per page of each reader's ``parse_pdf`` over ``pdfs``: the best of
    ``repeat`` passes, the readers alternating pass by pass so both see the same load."""
    pages = sum(modules[0].parse_pdf(raw)[1]["pages"] for raw in pdfs)
    best = [float("inf")] * len(modules)
    for _ in range(repeat):
        for index, module in enumerate(modules):
            start = time.process_time()
            for raw in pdfs:
                module.parse_pdf(raw)
            best[index] = min(best[index], time.process_time() - start)
    return [1000 * seconds / pages for seconds in best]


def extract_seconds(modules, paths: list[Path], repeat: int) -> list[float]:
    """CPU seconds of reading and extracting every file of ``paths`` with each reader: the best of ``repeat``
    passes, the readers alternating pass by pass."""
    from kg.extract import extract
    from kg.ingest import load_document

    best = [float("inf")] * len(modules)
    original = current.parse_pdf
    try:
        for _ in range(repeat):
            for index, module in enumerate(modules):
                current.parse_pdf = module.parse_pdf
                start = time.process_time()
                for path in paths:
                    extract(load_document(path))
                best[index] = min(best[index], time.process_time() - start)
    finally:
        current.parse_pdf = original
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="main", help="git ref of the reader to compare with (default main)")
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--show", help="print the relations each side alone found for this layout")
    parser.add_argument("--pdf", nargs="*", default=[], help="more PDF files to time both readers on")
    args = parser.parse_args(argv)
    before = reader_at(args.before)
    work = Path(tempfile.mkdtemp(prefix="kg-pdf-bench-"))
    print(f"load average {os.getloadavg()[0]:.1f}; readers: {args.before} -> working tree")
    print(f"{'layout':<15} {'text':>5} {'before found':>13} {'extra':>6} {'after found':>12} {'extra':>6}"
          f" {'ms/page before':>15} {'after':>6}")
    totals = [0, 0, 0, 0, 0]
    for name in pdf_cvs.LAYOUTS:
        row = [0, 0, 0, 0, 0]
        pdfs = []
        for index, cv in enumerate(pdf_cvs.CVS):
            text = work / f"cv{index}.txt"
            text.write_text(cv.text(), encoding="utf-8")
            pdf = work / f"cv{index}-{name}.pdf"
            pdf.write_bytes(pdf_cvs.render(cv, name))
            pdfs.append(pdf.read_bytes())
            expected = facts(text)[2]
            row[0] += len(expected)
            for offset, module in ((1, before), (3, current)):
                found = pdf_facts(pdf, module)[2]
                row[offset] += len(found & expected)
                row[offset + 1] += len(found - expected)
                if args.show == name:
                    side = "before" if module is before else "after"
                    for fact in sorted(expected - found, key=str):
                        print(f"  {cv.name} {side} missing {fact}")
                    for fact in sorted(found - expected, key=str):
                        print(f"  {cv.name} {side} extra   {fact}")
        totals = [a + b for a, b in zip(totals, row)]
        old, new = ms_per_page([before, current], pdfs, args.repeat)
        print(f"{name:<15} {row[0]:>5} {row[1]:>13} {row[2]:>6} {row[3]:>12} {row[4]:>6} {old:>15.2f} {new:>6.2f}")
    print(f"{'all':<15} {totals[0]:>5} {totals[1]:>13} {totals[2]:>6} {totals[3]:>12} {totals[4]:>6}")
    for path in args.pdf:
        raw = Path(path).read_bytes()
        old, new = ms_per_page([before, current], [raw], max(1, args.repeat // 5))
        pages = current.parse_pdf(raw)[1]["pages"]
        print(f"{Path(path).name} ({pages} pages): {old:.1f} -> {new:.1f} CPU ms per page")
    if args.pdf:
        old, new = extract_seconds([before, current], [Path(path) for path in args.pdf], max(1, args.repeat // 5))
        print(f"kg extract on the {len(args.pdf)} files: {old:.3f} -> {new:.3f} CPU s ({new / old:.2f}x)")
    for path in work.iterdir():
        path.unlink()
    work.rmdir()


if __name__ == "__main__":
    main()
