"""Markdown, Quarto and R Markdown to readable lines."""
from __future__ import annotations

import html
import re

from kg.ingest._source import BOLD_LABEL, Lines, SourceError, clean_inline, paper_title, record_bold, record_link, table_row

__all__ = ["parse_markdown", "inline_markdown", "split_front_matter", "strip_html_comments"]

_ESCAPABLE = "\\`*_{}[]()#+-.!$|<>~\"'&:;@=^"
_PLACEHOLDER = {c: chr(0xF0000 + i) for i, c in enumerate(_ESCAPABLE)}
_RESTORE = {v: k for k, v in _PLACEHOLDER.items()}
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!$|<>~\"'&:;@=^])")
_RESTORE_RE = re.compile("[" + "".join(_RESTORE) + "]")

_HTML_COMMENT = re.compile(
    r"<!--.*?(?:-->|\Z)|<(script|style|svg|template)\b[^<>]{0,1000}>.*?(?:</\1\s*>|\Z)", re.DOTALL | re.IGNORECASE
)
_IMG_TAG = re.compile(
    r"<img\b[^<>]{0,1000}?\balt\s*=\s*(?:\"([^\"<>]{0,1000})\"|'([^'<>]{0,1000})'|([^\s<>]+))[^<>]{0,1000}>", re.IGNORECASE
)
_A_TAG = re.compile(
    r"<a\b[^<>]{0,1000}?\bhref\s*=\s*(?:\"([^\"<>]{0,2000})\"|'([^'<>]{0,2000})'|([^\s<>]+))[^<>]{0,1000}>"
    r"(.{0,2000}?)</a\s*>",
    re.IGNORECASE | re.DOTALL,
)
_BR_TAG = re.compile(r"<br\s*/?>|</?(?:p|div|li|tr|h[1-6])\b[^<>]{0,1000}>", re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>")
#: A raw HTML heading written on one line (``<h4 class="x"><strong>Ana Ruiz</strong></h4>``): it is a heading of
#: its level, as an ATX one is, not a paragraph.
_HEADING_TAG = re.compile(r"<h([1-6])\b[^<>]{0,1000}>(.{0,2000}?)</h\1\s*>", re.IGNORECASE | re.DOTALL)
#: Where raw HTML puts two fields side by side with no space between them: the cells of a row (``</td><td>``), a
#: term and its definition (``</dt><dd>``), a bold label and the value that runs on from it ("<b>Present
#: post</b>Vellmar"), two sibling elements whose texts run together ("post</span><span>Vellmar"; not
#: "Mc<b>Intyre</b>", a word's text and an element). The HTML reader puts `` | `` there; dropping the tags alone
#: would glue "postVellmar".
_FIELD_BOUNDARY = re.compile(
    r"(?P<cells></(?:td|th|dt)\s*>\s*<(?:td|th|dd)\b[^<>]{0,1000}>)"
    r"|(?P<label><(?:b|strong)\b[^<>]{0,200}>(?P<bold>[^<]{1,200})</(?:b|strong)\s*>)(?=[^\W\d_])"
    r"|(?<=[^\W\d_])(?:</[A-Za-z][A-Za-z0-9-]*\s*>)+(?:<[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]{0,1000})?>)+(?=[^\W\d_])",
    re.IGNORECASE,
)
_IMAGE = re.compile(r"!\[([^\[\]]{0,1000})\]\(\s*<?([^()\s>]{0,2000})>?(?:\s+[\"'(][^()]{0,500})?\s*\)")
_LINK = re.compile(
    r"\[([^\[\]]{0,1000}(?:\[[^\[\]]{0,1000}\][^\[\]]{0,1000}){0,3})\]"
    r"\(\s*<?([^()\s>]{0,2000})>?(?:\s+[\"'(][^()]{0,500})?\s*\)"
)
_REF_LINK = re.compile(r"\[([^\[\]]{1,1000})\]\[[^\[\]]{0,200}\]")
_FOOTNOTE = re.compile(r"\[\^[^\[\]]{1,200}\]")
_AUTOLINK = re.compile(r"<((?:https?|ftp|mailto):[^<>\s]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)>", re.IGNORECASE)
_ATTRS = re.compile(r"\{\s*(?::|\.|#|[\w-]+=)[^{}]{0,500}\}")
#: A site generator's shortcode, up to a card's long description ({{< team_member Title="X" Description="..." >}}).
_SHORTCODE = re.compile(r"\{\{[<%].{0,2000}?[%>]\}\}|\{%.{0,2000}?%\}|\{\{.{0,2000}?\}\}")
#: A shortcode's quoted value that is text to read: capitalised, not a file or a link ("Ana Ruiz", "Postdoc").
_SHORTCODE_TEXT = re.compile(r"""\w+=(["'])(?P<value>[^\W\d_](?:(?!\1).){0,2000}?)\1""")
_FILE_NAME = re.compile(r"\.[a-z]{2,4}$")
_BOLD_TAG = re.compile(r"<(b|strong|u)\b[^<>]{0,200}>([^<]{1,200})</\1>", re.I)
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.{1,500}?)(?<=\S)\1")
_EM_STAR = re.compile(r"(?<![\w*])\*(?=[^\s*])(.{1,500}?)(?<=[^\s*])\*(?![\w*])")
_EM_UNDER = re.compile(r"(?<![\w])_(?=[^\s_])(.{1,500}?)(?<=[^\s_])_(?![\w])")
_STRIKE = re.compile(r"~~(.{1,500}?)~~")
_CODE = re.compile(r"(`{1,10})(.{1,500}?)\1")
_CITE_SPAN = re.compile(r"\[([^\[\]]{1,1000})\]\{[^{}]{0,500}\}")
#: A shortcut reference link to a person or a unit ("Co-advised with [Ada Lind]", "[[Ada Lind]]{.name}") whose
#: definition may be in a file the site includes: its capitalised words are its text.
_SHORTCUT_NAME = re.compile(r"(?<![!\]\w])\[\[?([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){1,4})\]\]?(?![(\[:])")

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_HR = re.compile(r"^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*(\{?)")
_DIV_FENCE = re.compile(r"^ {0,3}:{3,}")
_LIST = re.compile(r"^([ \t]*)(?:[-*+]|\d{1,3}[.)])(?:[ \t]+(.*))?$")  # "2019. x" is not a list
_TASK = re.compile(r"^\[[ xX]\][ \t]+")
_QUOTE = re.compile(r"^ {0,3}>[ \t]?")
_REF_DEF = re.compile(r"^ {0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(?:\s.*)?$")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")
_CONNECTORS = frozenset(
    "and or of the a an at in on for with by to from as under via de del des du la le von van der y e et und".split()
)


#: R Markdown's LaTeX between two fields ("**Studium** _Univ. X_ \\hfill\\ _2004 - 2009_"): a column gap
_LATEX_GAP = re.compile(r"\s*\\(?:hfill|dotfill|hrulefill|quad|qquad|hspace\*?\{[^{}]{0,20}\})(?![A-Za-z])(?:\\ )?\s*")


def _field_boundary(match: re.Match) -> str:
    """`` | `` where :data:`_FIELD_BOUNDARY` finds two fields: always between cells, else where the text runs from a
    lower-case letter into a capital (after a bold label of two words or more, :data:`BOLD_LABEL`)."""
    if match.group("cells"):
        return " | "
    text, bold = match.string, match.group("bold")
    before = bold[-1:] if bold else text[match.start() - 1]
    runs_on = before.islower() and text[match.end()].isupper()
    if bold is not None:
        return match.group("label") + " | " if runs_on and BOLD_LABEL.search(bold.strip()) else match.group("label")
    return " | " if runs_on else ""


def strip_html_comments(text: str) -> str:
    """HTML comments (and ``<script>``/``<style>`` blocks) removed, keeping their newlines.

    >>> strip_html_comments("a<!-- x\\ny -->b")
    'a\\nb'
    """
    return _HTML_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def split_front_matter(text: str) -> tuple[str | None, str, int, int]:
    """Find ``---`` YAML or ``+++`` TOML front matter at the top.

    Returns ``(kind, body, first_line, last_line)``; ``kind`` is ``"yaml"``, ``"toml"`` or
    ``None``; ``body`` is the front matter text (without its fences).

    >>> split_front_matter("---\\ntitle: Hi\\n---\\n# Body")
    ('yaml', 'title: Hi', 1, 3)
    """
    first_end = text.find("\n")
    first = text[: first_end if first_end >= 0 else len(text)].strip()
    if first not in ("---", "+++") or first_end < 0:
        return None, "", 0, 0
    closers = ("---", "...") if first == "---" else ("+++",)
    lines = text.split("\n")
    for index in range(1, len(lines)):
        if lines[index].strip() in closers:
            return ("yaml" if first == "---" else "toml"), "\n".join(lines[1:index]), 1, index + 1
    return None, "", 0, 0


_RESERVED = frozenset({"links", "front_matter", "front_matter_lines", "front_matter_error", "source_lines"})


def _front_matter(kind: str, body: str, offset: int, metadata: dict) -> None:
    """Parse front matter into metadata (lenient: a broken header is reported, not fatal)."""
    from kg.ingest._structured import _blank_comments, as_json_resume, load_yaml, plain_values, render, structured_metadata

    try:
        if kind == "yaml":
            data = load_yaml(body)
        else:
            import tomllib

            try:
                data = tomllib.loads(body)
            except tomllib.TOMLDecodeError as exc:
                raise SourceError(f"malformed TOML: {exc}") from None
    except SourceError as exc:
        metadata["front_matter_error"] = str(exc)
        return
    if not isinstance(data, dict):
        return
    written, data = data, plain_values(data)
    metadata["front_matter"] = data
    structured_metadata(data, metadata)
    for key, value in as_json_resume(data).items():  # the header's own keys too, for readers of a flat record
        if isinstance(key, str) and key not in metadata and key not in _RESERVED:
            metadata[key] = value
    from kg.model import Line

    source = ("\n" * offset) + (_blank_comments(body) if kind == "yaml" else _blank_toml_comments(body))
    rendered = render(written, source, metadata)  # its markup read where it is, its links recorded
    metadata["front_matter_lines"] = tuple(Line(line.number, line.text) for line in rendered)


def _blank_toml_comments(source: str) -> str:
    return re.sub(r"(?m)^[ \t]*#[^\n]*", lambda m: " " * len(m.group(0)), source)


def _shortcode_text(match: re.Match) -> str:
    """The text a shortcode holds: its short fields on one line, each value in sentences on a line of its own.

    >>> _shortcode_text(re.match(".*", '{{< member img="a.png" name="Ana Ruiz" role="Postdoc" bio="Ana studies tides. She" >}}'))
    'Ana Ruiz — Postdoc<br>Ana studies tides. She'
    """
    values = [v for v in (t.group("value") for t in _SHORTCODE_TEXT.finditer(match.group(0)))
              if v[0].isupper() and not _FILE_NAME.search(v)]
    prose = [". " in v or len(v.split()) > 12 for v in values]
    return " — ".join(v for v, long in zip(values, prose) if not long) + "".join(
        "<br>" + v for v, long in zip(values, prose) if long)


def inline_markdown(text: str, metadata: dict | None = None, number: int = 0) -> list[str]:
    """Inline markdown to plain text; ``<br>`` splits the result into several strings.

    Links keep their text (profile links are recorded in ``metadata['links']``), images
    their alt text, emphasis and code markers go, escapes are resolved.

    >>> inline_markdown("**Ada** [Lovelace](https://github.com/ada) \\\\*1815<br>`Analyst`")
    ['Ada Lovelace *1815', 'Analyst']
    >>> inline_markdown('{{< member name="Ana Ruiz" role="Postdoc" image="ruiz.jpg" >}}')
    ['Ana Ruiz — Postdoc']
    """
    meta = metadata if metadata is not None else {}
    text = _LATEX_GAP.sub(" | ", text) if "\\" in text else text
    text = _ESCAPE.sub(lambda m: _PLACEHOLDER[m.group(1)], text)
    # a site generator's shortcode keeps the text it holds ({{< member name="Ana Ruiz" role="Postdoc" >}}); a value
    # in sentences (a card's description) is a paragraph of its own below the card's fields
    text = _SHORTCODE.sub(_shortcode_text, text)
    text = _IMG_TAG.sub(lambda m: " " + (m.group(1) or m.group(2) or m.group(3) or "") + " ", text)

    def a_tag(m: re.Match) -> str:
        url = m.group(1) or m.group(2) or m.group(3) or ""
        record_link(meta, html.unescape(url), _TAG.sub("", m.group(4)), number)
        return paper_title(url, m.group(4), m.string[:m.start()])

    text = _A_TAG.sub(a_tag, text)
    text = _HEADING_TAG.sub(lambda m: "\n" + "#" * int(m.group(1)) + " " + _BR_TAG.sub(" ", m.group(2)) + "\n", text)
    text = _BR_TAG.sub("\n", text)
    for match in _BOLD_TAG.finditer(text):
        record_bold(meta, match.group(2))
    text = _FIELD_BOUNDARY.sub(_field_boundary, text)
    text = _TAG.sub("", text)
    text = _IMAGE.sub(lambda m: m.group(1), text)

    def link(m: re.Match) -> str:
        record_link(meta, m.group(2), m.group(1), number)
        return paper_title(m.group(2), m.group(1), m.string[:m.start()])

    for _ in range(3):  # nested [![img](a)](b) and [text [x]](y)
        new = _LINK.sub(link, text)
        if new == text:
            break
        text = new
    text = _REF_LINK.sub(r"\1", text)
    text = _FOOTNOTE.sub("", text)
    text = _CITE_SPAN.sub(r"\1", text)
    text = _AUTOLINK.sub(lambda m: m.group(1), text)
    text = _ATTRS.sub("", text)
    text = _SHORTCUT_NAME.sub(r"\1", text)
    text = _CODE.sub(lambda m: m.group(2).strip(), text)
    for match in _STRONG.finditer(text):
        # "***Ana Ruiz***" (bold and italic) leaves the italic's stars at the phrase's edges
        record_bold(meta, _EM_STAR.sub(r"\1", match.group(2)).strip("*_"))
    text = _STRONG.sub(r"\2", text)
    text = _STRONG.sub(r"\2", text)
    text = _EM_STAR.sub(r"\1", text)
    text = _EM_UNDER.sub(r"\1", text)
    text = _STRIKE.sub(r"\1", text)
    text = _RESTORE_RE.sub(lambda m: _RESTORE[m.group(0)], text)
    text = html.unescape(text)
    return [part for part in (clean_inline(p) for p in text.split("\n")) if part]


def _joins(previous: str, following: str) -> bool:
    """Does a soft-wrapped source line continue the previous one (same sentence)?"""
    if not previous or not following:
        return False
    if previous[-1] in ",;([–—-&/":
        return True
    last = previous.rsplit(None, 1)[-1].lower()
    if last in _CONNECTORS:
        return True
    if previous[-1] in ".!?:" :
        return False
    return following[0].islower() or following[0] in "(["


class _Block:
    """The open paragraph or list item that soft-wrapped lines may join."""

    __slots__ = ("number", "prefix", "parts", "hard_break", "raw_count")

    def __init__(self, number: int, prefix: str, parts: list[str], hard_break: bool):
        self.number = number
        self.prefix = prefix
        self.parts = parts
        self.hard_break = hard_break
        self.raw_count = 1


#: A line of Pandoc's title block: "% Title", "% Author; Author", "% Date".
_TITLE_BLOCK_LINE = re.compile(r"^%\s*(.*?)\s*\\?\s*$")


def _title_block(source_lines: list[str], metadata: dict) -> set[int]:
    """Pandoc's title block at the top ("% Title" / "% Authors" / "% Date", each perhaps continued on
    indented lines) read into ``title``, ``author`` (the first) and ``date``: the indexes of its "%" lines
    (their continuations, such as an address under the author, stay text).

    >>> meta = {}
    >>> sorted(_title_block(["% Curriculum Vitae", "% Ada Quill\\\\", "  Department of Botany", "% 2012", "", "# Work"], meta)), meta
    ([0, 1, 3], {'title': 'Curriculum Vitae', 'author': 'Ada Quill', 'date': '2012'})
    """
    fields, marked, index = [], set(), 0
    while index < len(source_lines) and len(fields) < 3 and source_lines[index].startswith("%"):
        fields.append(_TITLE_BLOCK_LINE.match(source_lines[index]).group(1))
        marked.add(index)
        index += 1
        while index < len(source_lines) and source_lines[index][:1] in (" ", "\t") and source_lines[index].strip():
            index += 1  # a continuation line
    for key, value in zip(("title", "author", "date"), fields):
        value = value.split(";")[0].strip() if key == "author" else value
        if value:
            metadata[key] = value
    return marked


def parse_markdown(text: str) -> tuple[tuple, dict]:
    """Lines and metadata of a Markdown / Quarto / R Markdown document.

    >>> lines, meta = parse_markdown("---\\ntitle: CV\\n---\\n## Work\\n\\n* **Analyst**, Babbage & Co\\n")
    >>> [(l.number, l.text) for l in lines], meta["title"]
    ([(4, '## Work'), (6, '- Analyst, Babbage & Co')], 'CV')
    """
    metadata: dict = {}
    kind, body, _first, last = split_front_matter(text)
    source_lines = strip_html_comments(text).split("\n")
    start = 0
    if kind is not None:
        _front_matter(kind, body, 1, metadata)
        start = last
    title_block = _title_block(source_lines, metadata) if kind is None else set()
    out: list[list] = []  # [number, text] pairs, mutable for setext headings and joins
    block: _Block | None = None
    fence: str | None = None
    drop_fence = False
    in_table = headed = False  # in a table; its header row labels two columns or more

    def close() -> None:
        nonlocal block
        if block is not None:
            parts = block.parts
            if parts:
                out.append([block.number, block.prefix + parts[0]])
                for part in parts[1:]:
                    out.append([block.number, part])
            block = None

    for index in range(start, len(source_lines)):
        if index in title_block:
            continue
        number = index + 1
        raw = source_lines[index]
        line = raw.rstrip()
        if fence is not None:
            if line.strip().startswith(fence):
                fence = None
                continue
            if not drop_fence and line.strip():
                out.append([number, line.strip()])
            continue
        if not line.strip():
            close()
            in_table = headed = False
            continue
        match = _FENCE.match(line)
        if match:
            close()
            fence = match.group(1)[0] * 3
            drop_fence = bool(match.group(2))
            continue
        if _DIV_FENCE.match(line):
            close()
            continue
        quote = _QUOTE.match(line)
        while quote:
            line = line[quote.end():]
            quote = _QUOTE.match(line)
        if not line.strip():
            close()
            continue
        if block is not None and block.raw_count == 1 and block.prefix == "" and _SETEXT.match(line) and len(block.parts) <= 1:
            level = 1 if line.strip()[0] == "=" else 2
            if block.parts:
                block.parts[0] = "#" * level + " " + block.parts[0]
            close()
            continue
        if _HR.match(line):
            close()
            continue
        match = _ATX.match(line)
        if match:
            close()
            parts = inline_markdown(match.group(2) or "", metadata, number)
            if parts:
                out.append([number, match.group(1) + " " + " ".join(parts)])
            continue
        if _REF_DEF.match(line):
            ref = _REF_DEF.match(line)
            record_link(metadata, ref.group(2), ref.group(1), number)
            close()
            continue
        stripped = line.strip()
        is_row = stripped.startswith("|") or (in_table and "|" in stripped)
        if not is_row and "|" in stripped and index + 1 < len(source_lines):
            following = source_lines[index + 1]
            is_row = "-" in following and "|" in following and bool(_TABLE_SEP.match(following))
        if is_row:
            close()
            in_table = True
            if _TABLE_SEP.match(stripped):
                continue
            body_text = stripped.strip("|")
            cells = re.split(r"(?<!\\)\|", body_text)
            texts = [" ".join(inline_markdown(cell, metadata, number)) for cell in cells]
            header = index + 1 < len(source_lines) and bool(_TABLE_SEP.match(source_lines[index + 1].strip()))
            headed = sum(map(bool, texts)) > 1 if header else headed
            row = table_row(texts, headed)
            if row:
                out.append([number, row])
            if row and row == texts[0] and header:
                record_bold(metadata, row)  # "| Past students | |": a header cell alone captions its table, set in bold
            continue
        match = _LIST.match(line)
        if match and (match.group(2) or "").strip():
            close()
            content = _TASK.sub("", match.group(2).strip())
            parts = inline_markdown(content, metadata, number)
            block = _Block(number, "- ", parts, raw.endswith("  ") or raw.endswith("\\"))
            continue
        if match:  # a bare list marker
            continue
        parts = inline_markdown(stripped, metadata, number)
        hard = raw.endswith("  ") or raw.rstrip().endswith("\\") or bool(re.search(r"<br\s*/?>\s*$", raw, re.I))
        if block is not None and not block.hard_break and parts and block.parts:
            continuation = (block.prefix == "- " and raw[:1] in " \t") or _joins(block.parts[-1], parts[0])
            if continuation:
                block.parts[-1] = block.parts[-1] + " " + parts[0]
                block.parts.extend(parts[1:])
                block.hard_break = hard
                block.raw_count += 1
                continue
        if block is not None and block.prefix == "- " and raw[:1] in " \t" and parts:
            # an indented paragraph inside a list item after a hard break
            block.parts.extend(parts)
            block.hard_break = hard
            block.raw_count += 1
            continue
        close()
        if parts and parts[0].rstrip("\\").strip():
            parts[-1] = parts[-1].rstrip("\\").rstrip()
            block = _Block(number, "", parts, hard)
    close()
    lines = Lines()
    for number, text_line in out:
        lines.add(number, text_line)
    title = metadata.get("title")
    if isinstance(title, str):
        metadata["title"] = title
    return lines.result(), metadata
