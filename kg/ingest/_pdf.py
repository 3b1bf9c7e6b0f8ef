"""PDF text extraction with pypdf, page by page, quietly."""
from __future__ import annotations

import io
import logging
import re
import warnings

from kg.ingest._source import Lines, SourceError, clean_inline

__all__ = ["parse_pdf"]

_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi",
                            "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st", "\u00ad": ""})
_BULLET = re.compile(r"^\s*[•●◦▪▫■□‣⁃∙·○◆◇➢➤►▶✓✔]\s*")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")


def _info(reader, metadata: dict) -> None:
    try:
        info = reader.metadata
    except Exception:  # pypdf raises many types on broken trailers
        return
    if not info:
        return
    for key, target in (("/Title", "title"), ("/Author", "author"), ("/Subject", "description")):
        try:
            value = info.get(key)
        except Exception:
            continue
        if isinstance(value, str) and clean_inline(value):
            metadata[target] = clean_inline(value)


def parse_pdf(raw: bytes) -> tuple[tuple, dict]:
    """Lines and metadata of a PDF.

    Line numbers count the lines of the extracted text across pages (page 1's first
    line is 1); ``metadata['page_starts']`` gives the first line number of each page.
    Bullet glyphs at a line start become ``- ``. Corrupt and encrypted files raise
    :class:`SourceError`; pypdf's own warnings are silenced.
    """
    logging.getLogger("pypdf").setLevel(logging.CRITICAL)
    try:
        from pypdf import PdfReader
        from pypdf.errors import FileNotDecryptedError, PdfReadError
    except ImportError:  # pragma: no cover - pypdf is a dependency
        raise SourceError("PDF support needs pypdf") from None
    metadata: dict = {}
    out = Lines()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            reader = PdfReader(io.BytesIO(raw), strict=False)
            if reader.is_encrypted:
                try:
                    ok = reader.decrypt("")
                except Exception:
                    ok = 0
                if not ok:
                    raise SourceError("encrypted PDF (needs a password)")
            pages = reader.pages
            count = len(pages)
        except SourceError:
            raise
        except FileNotDecryptedError:
            raise SourceError("encrypted PDF (needs a password)") from None
        except (PdfReadError, Exception) as exc:  # noqa: B014 - pypdf raises arbitrary types on bad input
            raise SourceError(f"corrupt PDF ({type(exc).__name__})") from None
        _info(reader, metadata)
        number = 0
        starts = []
        failed = 0
        for index in range(count):
            try:
                text = pages[index].extract_text() or ""
            except FileNotDecryptedError:
                raise SourceError("encrypted PDF (needs a password)") from None
            except Exception:
                failed += 1
                text = ""
            starts.append(number + 1)
            text = text.translate(_LIGATURES).replace("\r\n", "\n").replace("\r", "\n")
            for line in text.split("\n"):
                number += 1
                line = _CONTROL.sub("", line)
                line = _BULLET.sub("- ", line)
                out.add(number, line)
    metadata["pages"] = count
    metadata["page_starts"] = tuple(starts)
    lines = out.result()
    if not lines:
        if failed:
            raise SourceError("corrupt PDF (no page could be read)")
        raise SourceError("PDF has no extractable text (scanned image?)")
    return lines, metadata
