"""HTML pages to readable lines, with selectolax (lexbor) and an iterative walk."""
from __future__ import annotations

import json
import re

from kg.ingest._source import BOLD_LABEL, LineIndex, Lines, SourceError, clean_inline, record_bold, record_link, table_row

__all__ = ["parse_html", "MAX_DEPTH"]

#: Deeper element nesting than this is refused (the HTML parser slows down quadratically).
MAX_DEPTH = 1500

_SKIP = frozenset(
    "script style noscript template svg nav form head iframe object embed canvas button select "
    "textarea math input dialog audio video map".split()
)
_BLOCK = frozenset(
    "address article aside blockquote body center details dd div dl dt fieldset figcaption figure "
    "footer header hgroup html main menu ol p section summary table tbody thead tfoot ul caption "
    "legend hr".split()
)
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_NOT_NESTING = frozenset(
    name.encode()
    for name in "area base br col embed hr img input link meta param source track wbr p li dt dd tr td th "
    "option optgroup thead tbody tfoot colgroup rb rt rp keygen basefont frame isindex "
    # inline elements: lexbor nests thousands of these cheaply
    "span a b i u s em strong small big font code kbd samp var sub sup abbr cite q mark tt strike "
    "time data bdi bdo label".split()
)
#: The class of an inline element that holds one field of a person's card ("name", "role", "job-title"):
#: fields written side by side are read apart, as a table's cells are.
_CARD_FIELD = re.compile(r"(?:^|[\s_-])(?:name|role|title|position|job|affiliation|degree|status|program|programme"
                         r"|advisor|supervisor|destination|department|institution)s?(?:$|[\s_-])", re.I)
#: A word in capitals, then a capitalised word run on with no space ("ACME LAB" + "Tarnow ...").
_CAPITALS_RUN_ON = re.compile(r"[A-Z]{4}[a-z]")
_TAG_RE = re.compile(rb"<(/?)([A-Za-z][A-Za-z0-9-]*)[^<>]*?(/?)>")  # [^<>]: linear on unclosed tags


def _check_depth(raw: str) -> None:
    """Refuse pathologically nested markup before the parser spends minutes on it."""
    depth = 0
    deepest = 0
    data = raw.encode("utf-8", "surrogatepass")
    if data.count(b"<") < MAX_DEPTH:
        return
    for match in _TAG_RE.finditer(data):
        name = match.group(2).lower()
        if name in _NOT_NESTING:
            continue
        if match.group(1):
            depth = max(0, depth - 1)
        elif not match.group(3):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    raise SourceError(f"HTML nested too deeply (more than {MAX_DEPTH} levels)")


class _Locator:
    """Finds the source line of a text node by searching the raw HTML forward."""

    def __init__(self, raw: str):
        self.raw = raw
        self.index = LineIndex(raw)
        body = re.search(r"<body\b", raw, re.IGNORECASE)
        self.cursor = body.start() if body else 0

    def _outside_tag(self, pos: int) -> bool:
        return self.raw.rfind("<", 0, pos) <= self.raw.rfind(">", 0, pos)

    def locate(self, text: str, in_tag: bool = False) -> int:
        text = text.strip()
        keys = []
        cut = re.split(r"[&<>\u00a0]", text, maxsplit=1)[0][:40].strip()
        if cut:
            keys.append(cut)
        ascii_cut = re.split(r"[^\x20-\x7e]|[&<>]", text, maxsplit=1)[0][:40].strip()
        if len(ascii_cut) >= 3 and ascii_cut != cut:
            keys.append(ascii_cut)
        for key in keys:
            pos = self.raw.find(key, self.cursor)
            tries = 0
            while pos >= 0 and not in_tag and not self._outside_tag(pos) and tries < 8:
                pos = self.raw.find(key, pos + 1)
                tries += 1
            if pos >= 0:
                self.cursor = pos + len(key)
                return self.index.line(pos)
        return self.index.line(self.cursor)


class _Row:
    __slots__ = ("cells", "header")

    def __init__(self) -> None:
        self.cells: list[list[tuple[int, str]]] = []
        self.header = True  # all its cells <th>


class _Walker:
    def __init__(self, raw: str, metadata: dict):
        self.locator = _Locator(raw)
        self.metadata = metadata
        self.main: list[tuple[int, str]] = []
        self.rows: list[_Row] = []
        self.headed: list[bool] = []  # of each open table, whether a header row labels its columns
        self.buf: list[str] = []
        self.anchor: int | None = None
        self.prefix = ""
        self.pre = 0
        self.term: tuple[list, int] | None = None  # the line of the last <dt>, while its <dd> may follow
        self.in_dd = False

    def target(self) -> list[tuple[int, str]]:
        if self.rows:
            row = self.rows[-1]
            if not row.cells:
                row.cells.append([])
            return row.cells[-1]
        return self.main

    def flush(self) -> None:
        text = clean_inline("".join(self.buf))
        if text:
            target = self.target()
            term = self.term
            if term is not None and term[0] is target and term[1] == len(target) - 1 and self.in_dd:
                # <dt>2019</dt><dd>Lecturer</dd> -> "2019 | Lecturer"
                number, first = target[-1]
                target[-1] = (number, f"{first} | {text}")
                self.term = None
            else:
                target.append((self.anchor or self.locator.index.line(self.locator.cursor), self.prefix + text))
            self.prefix = ""
        self.buf.clear()
        self.anchor = None

    def text(self, content: str, in_tag: bool = False) -> None:
        if not content:
            return
        if self.pre:
            parts = content.split("\n")
            for i, part in enumerate(parts):
                if i:
                    self.flush()
                if part.strip():
                    if self.anchor is None:
                        self.anchor = self.locator.locate(part, in_tag)
                    self.buf.append(part)
            return
        if self.anchor is None and content.strip():
            self.anchor = self.locator.locate(content, in_tag)
        self.buf.append(content)

    def end_row(self) -> None:
        self.flush()
        row = self.rows.pop()
        cells = [cell for cell in row.cells if cell]
        destination = self.target()
        if not cells:
            return
        simple = all(len(cell) == 1 and not cell[0][1].startswith("#") for cell in cells)
        if self.headed and row.header and len(cells) > 1:
            self.headed[-1] = True
        if simple:
            # an empty cell between two full ones keeps its place: the columns of a row keep their headings; under a
            # header row that labels them, the empty cells before the first full one too
            texts = [cell[0][1] if cell else "" for cell in row.cells]
            start = 0 if self.headed and self.headed[-1] else row.cells.index(cells[0])
            destination.append((cells[0][0][0], table_row(texts[start:], True)))
        else:
            for cell in cells:
                destination.extend(cell)

    def enter(self, node) -> bool:
        """Handle an element's start; False to skip its subtree."""
        tag = node.tag
        if tag in _SKIP:
            return False
        attrs = node.attributes
        if "hidden" in attrs or attrs.get("aria-hidden") == "true" or attrs.get("role") == "navigation":
            return False
        if tag in _HEADINGS:
            self.flush()
            self.prefix = "#" * _HEADINGS[tag] + " "
        elif tag == "li":
            self.flush()
            self.prefix = "- "
        elif tag == "tr":
            self.flush()
            self.rows.append(_Row())
        elif tag in ("td", "th"):
            self.flush()
            if self.rows:
                self.rows[-1].cells.append([])
                self.rows[-1].header &= tag == "th"
        elif tag == "table":
            self.headed.append(False)
        elif tag == "br":
            self.flush()
        elif tag == "pre":
            self.flush()
            self.pre += 1
        elif tag == "img":
            alt = attrs.get("alt")
            # a photo in a link that names its person ("<a><img alt=..>Ana Ruiz</a>"): the link's text is the name
            named = node.parent is not None and node.parent.tag == "a" and any(
                child.tag == "-text" and child.text().strip() for child in node.parent.iter(include_text=True))
            if alt and alt.strip() and not named:
                self.text(" " + alt.strip() + " ", in_tag=True)
        elif tag == "dd":
            self.flush()
            self.in_dd = True
        elif tag in _BLOCK:
            self.flush()
            if tag == "dt":
                self.term = None
        elif tag not in _BLOCK and (_CARD_FIELD.search(attrs.get("class") or "") and "".join(self.buf).strip() or (
                self.buf and (self.buf[-1][-1:].islower() or self.buf[-1][-1:].isdigit()) and node.prev is not None and node.prev.tag != "-text"
                and (node.text(deep=True)[:1] or "a").isupper()) or self.buf and _CAPITALS_RUN_ON.fullmatch(self.buf[-1][-3:] + node.text(deep=True)[:2])):
            # a field of a card, or an element whose text runs on from its sibling element's (or a capitals' word's) with no
            # space ("<a>Ana Ruiz</a><span>Professor, X</span>", "<span>PhD thesis · 2024</span><b>Ana Ruiz</b>",
            # "ACME LAB<small>Tarnow Institute</small>", not "Mc<b>Intyre</b>"): shown apart by the style sheet
            self.buf.append(" | ")
        if tag in ("b", "strong", "u") or tag == "span" and "underline" in (attrs.get("style") or ""):
            record_bold(self.metadata, node.text(deep=True, separator=" ")[:200])
        elif tag == "a":
            href = attrs.get("href")
            if href:
                record_link(self.metadata, href, node.text(deep=True, separator=" ")[:200],
                            self.anchor or self.locator.index.line(self.locator.cursor))
        return True

    def leave(self, node) -> None:
        tag = node.tag
        if tag == "dt":
            self.flush()
            target = self.target()
            self.term = (target, len(target) - 1) if target else None
            return
        if tag == "dd":
            self.flush()
            self.in_dd = False
            self.term = None
            return
        if tag == "tr":
            if self.rows:
                self.end_row()
        elif tag == "table" and self.headed:
            self.headed.pop()
        elif tag == "pre":
            self.flush()
            self.pre = max(0, self.pre - 1)
        elif tag in _HEADINGS or tag in _BLOCK or tag in ("li", "td", "th"):
            self.flush()

    def walk(self, root) -> None:
        stack: list[tuple[object, bool]] = [(root, False)]
        while stack:
            node, leaving = stack.pop()
            if leaving:
                self.leave(node)
                continue
            if node.is_text_node:
                content = node.text_content or ""
                label = node.prev
                if (label is not None and label.tag in ("b", "strong", "span", "label", "small", "em") and content[:1].isupper()
                        and self.buf and self.buf[-1][-1:].islower() and BOLD_LABEL.search(label.text(deep=True).strip())):
                    # "<b>Present post</b>Vellmar", "<span>Current affiliation</span>Acme": a label and its value, run on
                    self.buf.append(" | ")
                self.text(content)
                continue
            if not node.is_element_node:
                continue
            if not self.enter(node):
                continue
            stack.append((node, True))
            children = []
            child = node.child
            while child is not None:
                children.append(child)
                child = child.next
            for child in reversed(children):
                stack.append((child, False))
        self.flush()
        while self.rows:
            self.end_row()


def _head_metadata(tree, metadata: dict) -> None:
    title = tree.css_first("head title") or tree.css_first("title")
    if title is not None:
        text = clean_inline(title.text())
        if text:
            metadata["title"] = text
    wanted = {
        "author": "author",
        "description": "description",
        "keywords": "keywords",
        "og:title": "og_title",
        "og:description": "og_description",
        "og:site_name": "site_name",
        "citation_author": "author",
        "dc.creator": "author",
        "profile:first_name": "first_name",
        "profile:last_name": "last_name",
    }
    for meta in tree.css("meta"):
        attrs = meta.attributes
        key = (attrs.get("name") or attrs.get("property") or "").strip().lower()
        content = clean_inline(attrs.get("content") or "")
        if key in wanted and content and wanted[key] not in metadata:
            metadata[wanted[key]] = content
    # the site's name in its navigation bar (Bootstrap's navbar-brand, Jekyll/Hugo site-title):
    # on a personal site, the owner's name; kept although navigation itself is dropped
    brand = tree.css_first(".navbar-brand") or tree.css_first(".site-title")
    if brand is not None and "site_name" not in metadata:
        text = clean_inline(brand.text())
        if text:
            metadata["site_name"] = text
    for script in tree.css('script[type="application/ld+json"]'):
        try:
            data = json.loads(script.text())
        except (ValueError, RecursionError):
            continue
        if isinstance(data, dict):
            metadata.setdefault("jsonld", data)
            if data.get("@type") == "Person" and isinstance(data.get("name"), str):
                metadata.setdefault("name", data["name"])


def parse_html(raw: str) -> tuple[tuple, dict]:
    """Lines and metadata of an HTML page.

    Headings become ``# text`` (``##`` for ``<h2>``...), list items ``- text``, table rows
    their cells joined by `` | ``; scripts, styles, navigation, forms and comments are dropped.

    >>> html = "<title>Ada</title>\\n<h2>Work</h2>\\n<ul><li>Analyst, <b>Babbage</b></li></ul>"
    >>> lines, meta = parse_html(html)
    >>> [(l.number, l.text) for l in lines], meta["title"]
    ([(2, '## Work'), (3, '- Analyst, Babbage')], 'Ada')
    """
    from selectolax.lexbor import LexborHTMLParser

    _check_depth(raw)
    metadata: dict = {}
    tree = LexborHTMLParser(raw)
    _head_metadata(tree, metadata)
    walker = _Walker(raw, metadata)
    root = tree.body or tree.root
    if root is not None:
        walker.walk(root)
    out = Lines()
    out.extend(walker.main)
    return out.result(), metadata
