"""reStructuredText CVs to readable lines, read with docutils (the reference rST parser).

docutils resolves what a hand reader gets wrong: underlined and overlined titles whose level
depends on the order the adornments first appear, the document title and subtitle promoted
from the first titles, the bibliographic field list at the top (``:Author:``, ``:Contact:``,
``:Organization:``...) turned into docinfo, grid and simple tables, nested lists, definition
lists, inline markup and hyperlink references. It is run with file inclusion and raw output
disabled, no configuration files read and no messages reported.

* The document title is ``# Title``; sections are ``#`` marks by depth (one more when the
  document has a title).
* Docinfo and other field lists give ``Field: value`` lines; docinfo also goes to
  ``metadata`` (keys lower-cased: ``author``, ``contact``, ``organization``, ``email``...),
  the title and subtitle too.
* List items are ``- item``, definition list items ``- term: definition`` (each paragraph of a
  definition one such item), table rows their cells joined by `` | ``; literal blocks keep their
  lines; comments, substitution definitions, targets and system messages are dropped; ``**strong**`` phrases are listed in
  ``metadata['bold']``, links with a profile URL in ``metadata['links']``.

docutils numbers a title by its underline and a term by its definition, so each line's number
is checked against the source and moved to the nearest earlier line that holds its first word.
"""
from __future__ import annotations

import re

from kg.ingest._source import Lines, clean_inline, paper_title, record_bold, record_link, table_row

__all__ = ["parse_rst"]

_SETTINGS = {
    "report_level": 5, "halt_level": 5, "warning_stream": False, "file_insertion_enabled": False,
    "raw_enabled": False, "_disable_config": True, "input_encoding": "unicode", "syntax_highlight": "none",
    "character_level_inline_markup": False, "smart_quotes": False, "embed_stylesheet": False,
}
_DOCINFO_KEY = {"contact": "email", "authors": "author"}
_EMAIL = re.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
_WORD = re.compile(r"[^\W_]{2,}|\w")
#: Beyond these, docutils' time grows faster than the text (nested blocks, table columns);
#: no CV comes near them, so such a text is read line by line instead.
_MAX_INDENT = 120
_MAX_TABLE_MARKS = 400
_MAX_LINE = 10_000  # docutils' own limit: it refuses a longer line and drops the document
_INDENT = re.compile(r"^[ \t]*", re.MULTILINE)
_SEVERE = 4  # docutils' level of a message whose literal block holds text it could not parse
_LOOKBACK = 4  # docutils numbers a multi-line construct (title, term) by a later line
_LOOKAHEAD = 200  # how far a docinfo field without a number is looked for


class _Renderer:
    """Walks a docutils doctree, emitting ``(number, text)`` lines."""

    def __init__(self, source_lines: list[str], metadata: dict):
        self.source = source_lines
        self.lower = [line.lower() for line in source_lines]
        self.metadata = metadata
        self.out: list[tuple[int, str]] = []
        self.last = 1

    # -- line numbers ------------------------------------------------------------------------
    def number(self, node, text: str, token: str | None = None) -> int:
        """The source line ``text`` starts on, near docutils' number for ``node``.

        ``token`` is what to look for instead of the first word of ``text``.
        """
        guess = None
        probe = node
        while probe is not None and guess is None:
            guess = probe.line
            probe = probe.parent
        if token is None:
            word = _WORD.search(text)
            token = word.group(0).lower() if word else None
        if guess is None or node.line is None and token and token.startswith(":"):
            # no number of its own (docinfo): the first line at or after the last one holding it
            start = self.last
            for candidate in range(start, min(len(self.source), start + _LOOKAHEAD) + 1):
                if token and token in self.lower[candidate - 1]:
                    self.last = candidate
                    return candidate
            guess = guess or self.last
        guess = max(1, min(guess, len(self.source)))
        if token:
            for candidate in range(guess, max(0, guess - _LOOKBACK - 1), -1):
                if token in self.lower[candidate - 1]:
                    guess = candidate
                    break
        self.last = guess
        return guess

    def emit(self, node, text: str, prefix: str = "") -> None:
        text = clean_inline(text)
        if text:
            self.out.append((self.number(node, text), prefix + text))

    # -- inline ------------------------------------------------------------------------------
    def inline(self, node) -> str:
        from docutils import nodes

        parts = []
        for child in node.children:
            if isinstance(child, nodes.Text):
                parts.append(child.astext())
            elif isinstance(child, (nodes.target, nodes.system_message, nodes.substitution_definition,
                                    nodes.footnote_reference, nodes.citation_reference, nodes.comment)):
                continue
            elif isinstance(child, nodes.image):
                parts.append(child.get("alt", ""))
            else:
                text = self.inline(child)
                if isinstance(child, nodes.strong):
                    record_bold(self.metadata, text)
                if isinstance(child, nodes.reference) and child.get("refuri"):
                    record_link(self.metadata, child["refuri"], text, child.line or self.last)
                    text = paper_title(child["refuri"], text)
                parts.append(text)
        return "".join(parts)

    # -- blocks ------------------------------------------------------------------------------
    def walk(self, node, level: int, prefix: str = "") -> None:
        from docutils import nodes

        for child in node.children:
            if isinstance(child, nodes.section):
                self.walk(child, level + 1)
            elif isinstance(child, nodes.title):
                self.emit(child, self.inline(child), "#" * max(1, min(level, 6)) + " ")
            elif isinstance(child, nodes.subtitle):
                subtitle = self.inline(child)
                self.metadata.setdefault("subtitle", clean_inline(subtitle))
                self.emit(child, subtitle, "#" * max(1, min(level + 1, 6)) + " ")
            elif isinstance(child, (nodes.paragraph, nodes.rubric, nodes.line, nodes.attribution)):
                self.emit(child, self.inline(child), prefix)
                prefix = ""
            elif isinstance(child, nodes.literal_block):
                # a literal block keeps its source lines one for one: number the first, count on
                block = child.astext().split("\n")
                first = next((offset for offset, line in enumerate(block) if line.strip()), None)
                if first is not None:
                    start = self.number(child, block[first]) - first
                    for offset, line in enumerate(block):
                        if line.strip():
                            self.out.append((min(start + offset, len(self.source)), prefix + clean_inline(line)))
                            prefix = ""
            elif _initial_read_as_enumerator(child):
                # "#. G. Ferraresi, L. Castiglioni. Title": docutils reads the initial "G." as a
                # one-item list lettered from G; the letter is the text's
                letter = chr(ord("A" if child["enumtype"] == "upperalpha" else "a") + child.get("start", 1) - 1)
                self.walk(child.children[0], level, f"{prefix}{child.get('prefix', '')}{letter}{child['suffix']} ")
                prefix = ""
            elif isinstance(child, (nodes.bullet_list, nodes.enumerated_list)):
                for item in child.children:
                    self.walk(item, level, "- ")
            elif isinstance(child, nodes.definition_list):
                for item in child.children:
                    self.definition(item, level)
            elif isinstance(child, (nodes.field_list, nodes.docinfo)):
                self.fields(child, level, docinfo=isinstance(child, nodes.docinfo))
            elif isinstance(child, nodes.table):
                self.table(child)
            elif isinstance(child, nodes.system_message):
                if child.get("level", 0) >= _SEVERE:  # text docutils could not parse, kept as written
                    for block in child.findall(nodes.literal_block):
                        self.walk(nodes.Element("", block), level, prefix)
            elif isinstance(child, (nodes.comment, nodes.target, nodes.substitution_definition,
                                    nodes.raw, nodes.pending)):
                continue
            elif isinstance(child, nodes.image):
                if child.get("alt"):
                    self.emit(child, child["alt"], prefix)
            elif isinstance(child, nodes.Element):
                self.walk(child, level, prefix)  # admonitions, block quotes, line blocks, topics
                prefix = ""

    def first_text(self, node, level: int, prefix: str) -> list[tuple[int, str]]:
        """The lines of ``node`` rendered on their own."""
        saved, self.out = self.out, []
        self.walk(node, level, prefix)
        lines, self.out = self.out, saved
        return lines

    def definition(self, item, level: int) -> None:
        from docutils import nodes

        term = next((c for c in item.children if isinstance(c, nodes.term)), None)
        body = next((c for c in item.children if isinstance(c, nodes.definition)), None)
        label = clean_inline(self.inline(term)) if term is not None else ""
        lines = self.first_text(body, level, "") if body is not None else []
        number = self.number(term, label) if label else None
        if lines and not lines[0][1].startswith(("- ", "#")):
            head = lines.pop(0)[1]
            self.out.append((number or lines and lines[0][0] or self.last, f"- {label}: {head}" if label else "- " + head))
        elif label:
            self.out.append((number or self.last, "- " + label))
        # each further paragraph is another item of the term (a year over two papers, two talks)
        self.out.extend((at, f"- {label}: {text}" if label and not text.startswith(("- ", "#")) else text) for at, text in lines)

    def fields(self, node, level: int, docinfo: bool) -> None:
        from docutils import nodes

        for field in node.children:
            if isinstance(field, nodes.field):
                name_node, body = field.children[0], field.children[1]
                name = clean_inline(self.inline(name_node))
                if docinfo:
                    self.number(field, name, ":" + name.lower())  # moves past the field's own line
                lines = self.first_text(body, level, "")
                value = " ".join(text for _, text in lines)
                number = lines[0][0] if lines else self.number(field, name, ":" + name.lower())
            elif isinstance(field, nodes.Element):  # docinfo's author, organization, contact...
                name = field.tagname.replace("_", " ").capitalize()
                value = clean_inline(self.inline(field) if not isinstance(field, nodes.authors)
                                     else ", ".join(self.inline(author) for author in field.children))
                number = self.number(field, value, ":" + field.tagname)
            else:
                continue
            if not (name or value):
                continue
            if docinfo and value:
                key = name.lower().replace(" ", "_")
                key = _DOCINFO_KEY.get(key, key) if key != "contact" or _EMAIL.match(value) else key
                if key not in self.metadata:
                    self.metadata[key] = value
                    self.metadata.setdefault("source_lines", {})[key] = number
            self.out.append((number, f"{name}: {value}" if name and value else name or value))

    def table(self, node) -> None:
        from docutils import nodes

        headed = False  # a header row labels the columns
        for row in node.findall(nodes.row):
            rendered = [self.first_text(entry, 1, "") for entry in row.children]
            cells = [clean_inline(" ".join(text for _, text in lines)) for lines in rendered]
            headed = headed or isinstance(row.parent, nodes.thead) and sum(map(bool, cells)) > 1
            text = table_row(cells, headed)
            numbers = [lines[0][0] for lines in rendered if lines]
            if text:
                self.out.append((min(numbers) if numbers else self.number(row, text), text))


def parse_rst(text: str) -> tuple[tuple, dict]:
    """Lines and metadata of a reStructuredText document.

    >>> source = "Ana Ruiz\\n========\\n\\n:Author: Ana Ruiz\\n\\nWork\\n----\\n\\n* Geologist, *Servicio Nacional*\\n"
    >>> lines, meta = parse_rst(source)
    >>> [(l.number, l.text) for l in lines], meta["author"]
    ([(1, '# Ana Ruiz'), (4, 'Author: Ana Ruiz'), (6, '## Work'), (9, '- Geologist, Servicio Nacional')], 'Ana Ruiz')
    """
    import docutils.core
    import docutils.utils

    metadata: dict = {}
    source_lines = text.split("\n")
    try:
        if _pathological(text, source_lines):
            raise ValueError("too deeply nested for docutils")
        tree = docutils.core.publish_doctree(text, settings_overrides=_SETTINGS)
    except (docutils.utils.SystemMessage, RecursionError, ValueError, IndexError, AttributeError,
            AssertionError, TypeError):
        # docutils gave up on malformed markup (or would take too long): the text is still
        # readable line by line
        lines = Lines()
        lines.extend((number, line) for number, line in enumerate(source_lines, start=1))
        return lines.result(), metadata
    renderer = _Renderer(source_lines, metadata)
    title = tree.get("title")
    has_title = any(child.tagname == "title" for child in tree.children)
    renderer.walk(tree, 1 if has_title else 0)
    if has_title and title:
        metadata["title"] = clean_inline(title)
    if "author" in metadata and "name" not in metadata:
        metadata["name"] = metadata["author"]
    lines = Lines()
    lines.extend(sorted(renderer.out, key=lambda pair: pair[0]) if _out_of_order(renderer.out) else renderer.out)
    return lines.result(), metadata


def _initial_read_as_enumerator(node) -> bool:
    """Whether ``node`` is a one-item lettered list that is really a name's initial ("G. Ferraresi").

    >>> from docutils.core import publish_doctree
    >>> _initial_read_as_enumerator(publish_doctree("#. G. Ferraresi, L. Aho. Title.")[0][0][0])
    True
    """
    from docutils import nodes

    return (isinstance(node, nodes.enumerated_list) and node.get("enumtype") in ("upperalpha", "loweralpha")
            and len(node.children) == 1 and node.get("suffix") == ".")


def _pathological(text: str, source_lines: list[str]) -> bool:
    """Indentation, table widths or line lengths no document has, on which docutils fails or is slow.

    >>> _pathological("a\\n" + " " * 500 + "b", []), _pathological("- a\\n  - b", [])
    (True, False)
    """
    if max((len(m.group(0).expandtabs(8)) for m in _INDENT.finditer(text)), default=0) > _MAX_INDENT:
        return True
    return any(len(line) > _MAX_LINE or line.count("+") + line.count("|") > _MAX_TABLE_MARKS
               for line in source_lines)


def _out_of_order(pairs: list[tuple[int, str]]) -> bool:
    return any(later[0] < earlier[0] for earlier, later in zip(pairs, pairs[1:]))
