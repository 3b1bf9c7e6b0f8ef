"""Reading raw bytes into text: size limit, encodings, binary detection, line arithmetic."""
from __future__ import annotations

import re
from bisect import bisect_right
from typing import Iterable

__all__ = ["SourceError", "decode", "LineIndex", "Lines", "identifier_link", "clean_inline", "record_link",
           "record_bold", "paper_title", "table_row"]


class SourceError(Exception):
    """A reason a document cannot be loaded; :func:`kg.ingest.load_document` adds the path."""


_BOMS = (
    (b"\xef\xbb\xbf", "utf-8"),
    (b"\xff\xfe\x00\x00", "utf-32-le"),
    (b"\x00\x00\xfe\xff", "utf-32-be"),
    (b"\xff\xfe", "utf-16-le"),
    (b"\xfe\xff", "utf-16-be"),
)
# C0 controls other than tab, newline, vertical tab, form feed and carriage return; DEL; C1 controls.
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_PAGE_BREAKS = re.compile(r"[\f\v]")
_NEWLINE = re.compile(r"\r\n?")


def _utf16_without_bom(raw: bytes) -> str | None:
    """Text that is UTF-16 without a BOM: ASCII-range text leaves every other byte NUL."""
    sample = raw[:4096]
    if len(sample) < 4 or len(raw) % 2:
        return None
    even = sample[0::2].count(0)
    odd = sample[1::2].count(0)
    half = len(sample) // 2
    if odd >= 0.4 * half and even == 0:
        encoding = "utf-16-le"
    elif even >= 0.4 * half and odd == 0:
        encoding = "utf-16-be"
    else:
        return None
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError:
        return None


def decode(raw: bytes) -> str:
    """Decode a document's bytes to text with ``\\n`` line ends.

    UTF-8 (with or without BOM), UTF-16/32 with BOM, BOM-less UTF-16, and
    Windows-1252/Latin-1 as the fallback. Binary content raises :class:`SourceError`.

    >>> decode("Zoë\\r\\nLine 2".encode("utf-16"))
    'Zoë\\nLine 2'
    >>> decode("Zoë".encode("cp1252"))
    'Zoë'
    """
    text = None
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            try:
                text = raw[len(bom):].decode(encoding)
            except UnicodeDecodeError as exc:
                raise SourceError(f"undecodable {encoding} text (byte {exc.start + len(bom)})") from None
            break
    if text is None:
        if b"\x00" in raw:
            text = _utf16_without_bom(raw)
            if text is None:
                raise SourceError("binary file, not text")
        else:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                try:
                    text = raw.decode("cp1252")
                except UnicodeDecodeError:
                    text = raw.decode("latin-1")
    sample = text[:8192]
    if sample and len(_CONTROL.findall(sample)) > 0.05 * len(sample):
        raise SourceError("binary file, not text")
    text = _NEWLINE.sub("\n", text)
    text = _CONTROL.sub("", text)
    text = _PAGE_BREAKS.sub(" ", text)
    if not text.strip():
        raise SourceError("empty document")
    return text


class LineIndex:
    """Maps character offsets of a text to 1-based line numbers.

    >>> LineIndex("a\\nbb\\nc").line(3)
    2
    >>> LineIndex("a\\nbb\\nc", numbers=[1, 4, 4]).line(5)
    4

    With ``numbers``, line *i* of the text is line ``numbers[i - 1]`` of the document it was put together from.
    """

    def __init__(self, text: str, numbers: list[int] | None = None):
        self.numbers = numbers
        starts = [0]
        find = text.find
        pos = find("\n")
        while pos != -1:
            starts.append(pos + 1)
            pos = find("\n", pos + 1)
        self.starts = starts

    def line(self, offset: int) -> int:
        """The 1-based line holding character ``offset``."""
        line = bisect_right(self.starts, offset)
        return self.numbers[line - 1] if self.numbers else line


_SPACES = re.compile(r"[ \t\n\r\u00a0\u2000-\u200b\u202f\u205f\u3000\f\v]+")


def clean_inline(text: str) -> str:
    """Collapse runs of spaces (including no-break spaces) and strip.

    >>> clean_inline("  a\\u00a0\\t b ")
    'a b'
    """
    return _SPACES.sub(" ", text).strip()


def table_row(cells: list[str], keep_empty: bool) -> str:
    """A table row's text, its cells apart by " | ". With ``keep_empty`` (a table whose header row labels its
    columns), an empty cell before the row's last full one keeps its place, so the row lines up with the header (a
    header's empty first cell over the rows' photos, a row without a photo under it); else empty cells are dropped.

    >>> table_row(["", "Name", "Role"], True), table_row(["", "Ana Ruiz", "", ""], True), table_row(["", "2019", "", "PhD"], False)
    ('| Name | Role', '| Ana Ruiz', '2019 | PhD')
    """
    if not keep_empty:
        return " | ".join(cell for cell in cells if cell)
    last = max((i for i, cell in enumerate(cells) if cell), default=-1)
    return clean_inline(" | ".join(cells[:last + 1]))


class Lines:
    """Collects output lines, dropping empty ones and collapsing spaces.

    >>> out = Lines()
    >>> out.add(3, "  Hello   world ")
    >>> out.add(4, "   ")
    >>> [(line.number, line.text) for line in out.result()]
    [(3, 'Hello world')]
    """

    def __init__(self) -> None:
        from kg.model import Line

        self._line = Line
        self.items: list = []

    def add(self, number: int, text: str, *, clean: bool = True, cells: tuple = ()) -> None:
        """Append one line (ignored when blank), with its typed fields (:class:`kg.model.Cell`) if any."""
        if clean:
            text = clean_inline(text)
        else:
            text = text.rstrip()
        if text.strip():
            self.items.append(self._line(max(1, number), text, cells))

    def extend(self, pairs: Iterable[tuple[int, str]]) -> None:
        """Append several ``(number, text)`` pairs."""
        for number, text in pairs:
            self.add(number, text)

    def result(self) -> tuple:
        """The collected :class:`kg.model.Line` objects."""
        return tuple(self.items)


_IDENTIFIER_HOSTS = re.compile(
    r"^(?:mailto:|https?://(?:[\w-]+\.)*(?:orcid\.org|github\.com|gitlab\.com|scholar\.google\.[\w.]+|"
    r"linkedin\.com|dblp\.(?:org|uni-trier\.de)|researchgate\.net|semanticscholar\.org|"
    r"twitter\.com|x\.com|openreview\.net|huggingface\.co|bsky\.app|mastodon\.\w+|"
    r"scopus\.com|webofscience\.com|publons\.com|ssrn\.com|osf\.io|zenodo\.org|"
    r"kaggle\.com|stackoverflow\.com|ieeexplore\.ieee\.org/author|"
    r"dl\.acm\.org/profile|arxiv\.org/a/)(?:[/:?#]|$))",
    re.IGNORECASE,
)


def identifier_link(url: str) -> bool:
    """True when a URL names a person on a profile site (ORCID, GitHub, Scholar...) or is ``mailto:``.

    >>> identifier_link("https://orcid.org/0000-0002-1825-0097"), identifier_link("https://example.org/x")
    (True, False)
    """
    return bool(_IDENTIFIER_HOSTS.match(url.strip()))


def record_link(metadata: dict, url: str, text: str, line: int) -> None:
    """Remember an identifier-looking link in ``metadata['links']`` (dicts: url, text, line).

    >>> meta = {}
    >>> record_link(meta, "https://github.com/ada", "code", 4)
    >>> record_link(meta, "https://example.org", "home", 5)
    >>> meta["links"]
    [{'url': 'https://github.com/ada', 'text': 'code', 'line': 4}]
    """
    url = url.strip()
    if not identifier_link(url):
        return
    links = metadata.setdefault("links", [])
    if len(links) < 500 and not any(link["url"] == url for link in links):
        links.append({"url": url, "text": clean_inline(text), "line": line})


#: A bold phrase read as a label when its value runs on from it with no space, a lower-case letter into a capital:
#: two words or more ("<b>Present post</b>Vellmar"); one word is part of a name ("<b>Mc</b>Intyre", "<b>Deep</b>Mind").
BOLD_LABEL = re.compile(r"\S\s+\S")

#: Bold phrases kept per document, and their longest length (an author's name, not a paragraph).
_MAX_BOLD, _MAX_BOLD_CHARS = 2000, 60


def record_bold(metadata: dict, text: str) -> None:
    """Remember a short bold (or underlined) phrase in ``metadata['bold']``: inline markup is removed on ingest,
    but a CV's owner is often the one author set in bold, or underlined, in every entry of a publication list.

    >>> meta = {}
    >>> record_bold(meta, " A.  Ruiz ")
    >>> record_bold(meta, "x" * 80)
    >>> meta["bold"]
    ['A. Ruiz']
    """
    text = clean_inline(text)
    if 2 < len(text) <= _MAX_BOLD_CHARS:
        bold = metadata.setdefault("bold", [])
        if len(bold) < _MAX_BOLD:
            bold.append(text)


#: A link to a paper: an arXiv or DOI address, a PDF, a publisher's article or chapter page.
PAPER_LINK = re.compile(r"arxiv\.org/(?:abs|pdf)/|\bdoi\b|\.pdf(?:$|[?#])|/(?:article|chapter|abs|paper)s?\b", re.I)


#: A link label that says where a paper appeared rather than what it is called: a year, a volume with
#: its pages or article number, or abbreviated words alone ("Phys. Rev. Lett.", "Sci. Adv. 11, e17 (2025)").
VENUE_CITATION = re.compile(r"\b(?:1[89]|20)\d\d\b|\d+\W*[,:(]\s*[A-Za-z]*\d|^\s*(?:[A-Z][\w-]*\.\s*)+$")


#: A title the line already gave before a link: an emphasised or quoted run (bold, the subject's habit, aside).
TITLE_BEFORE = re.compile(r"(?<![\w*])[*_](?=\w)|[“\"]\w|<(?:em|i|cite)\b", re.I)
STRONG_RUN = re.compile(r"\*\*[^*]+\*\*|__[^_]+__")


#: A link label that names the link, not the paper ("Download PDF here", "Read the preprint", "Published version").
LINK_WORDS = re.compile(r"\b(?:pdf|download|preprint|here|full[- ]?text|(?:published|accepted|author'?s?|final) version"
                        r"|read (?:the|more|online)|view (?:the|online))\b", re.I)


def paper_title(url: str, label: str, before: str = "") -> str:
    """A link's label as the text to read: the label of a link to a paper is the paper's title, quoted as
    citations quote one, so that the title stops where the link does ("Ruiz, A. `Tidal gauges <doi>`_" does
    not read "A. Tidal" as a name); a label citing the journal, a label after a title the line already gave
    (``before``: the line's text up to the link), and any other label, as it is.

    >>> paper_title("https://doi.org/10.1/x", "Tidal gauges of small estuaries."), paper_title("https://a.org", "Home")
    ('“Tidal gauges of small estuaries”', 'Home')
    >>> paper_title("https://doi.org/10.1/x", "Coast. Eng. Lett."), paper_title("https://doi.org/10.1/x", "Tidal Letters 7, 113 (2021)")
    ('Coast. Eng. Lett.', 'Tidal Letters 7, 113 (2021)')
    >>> paper_title("https://doi.org/10.1/x", "Coastal Engineering Letters", before="**V. Holm**. *Brackish fronts.* ")
    'Coastal Engineering Letters'
    >>> paper_title("files/fronts.pdf", "Download PDF here")
    'Download PDF here'
    """
    if (PAPER_LINK.search(url) and len(label.split()) >= 3 and not re.search("[\"“”]", label)
            and not VENUE_CITATION.search(label) and not LINK_WORDS.search(label) and not TITLE_BEFORE.search(STRONG_RUN.sub("", before))):
        return f"“{label.strip().rstrip('.')}”"
    return label
