"""Regenerate the word-processor and browser PDFs of the CV formats set from their sources.

The sources in tests/data/office_pdfs are invented CVs and pages: Flat ODF documents (``.fodt``,
what Word and LibreOffice users write: tables of dates and entries, tab stops, Europass tables,
running headers with page numbers, Symbol/Wingdings bullets, text frames, newspaper columns)
printed by LibreOffice Writer, and HTML pages (a homepage with a sidebar, a lab's people page,
a grid of member cards, a table CV in Japanese, a two-column CSS CV) printed by Chromium.
The PDFs are committed beside the other documents of tests/data/cv_formats, so the tests need
neither program; this script is only for changing a source::

    python tests/office_pdfs.py            # needs soffice (libreoffice-writer-nogui) and chromium
    python tests/office_pdfs.py cv_frames_en europass_tabla_es   # only these

>>> sorted(p.stem for p in SOURCES.glob("*.fodt"))[:2]
['curriculum_tabulazioni_it', 'cv_frames_en']
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["SOURCES", "TARGET", "print_pdf"]

SOURCES = Path(__file__).parent / "data" / "office_pdfs"
TARGET = Path(__file__).parent / "data" / "cv_formats"


def print_pdf(source: Path, target_dir: Path) -> Path:
    """``source`` printed to ``target_dir/<stem>.pdf``: by LibreOffice for .fodt, by Chromium for .html."""
    out = target_dir / f"{source.stem}.pdf"
    if source.suffix == ".fodt":
        with tempfile.TemporaryDirectory(prefix="office-pdfs-") as profile:
            subprocess.run(["soffice", f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
                            "--outdir", str(target_dir), str(source)], check=True, capture_output=True, timeout=300)
    else:
        subprocess.run([shutil.which("chromium") or "chromium", "--headless", "--no-sandbox", f"--print-to-pdf={out}",
                        "--no-pdf-header-footer", source.resolve().as_uri()], check=True, capture_output=True, timeout=120)
    return out


def main(names: list[str]) -> None:
    for source in sorted(p for p in SOURCES.iterdir() if p.suffix in (".fodt", ".html")):
        if not names or source.stem in names:
            print(print_pdf(source, TARGET))


if __name__ == "__main__":
    main(sys.argv[1:])
