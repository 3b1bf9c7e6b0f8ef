"""Load stage: read a CV or homepage file into a :class:`kg.model.Document` of readable lines.

Every format is turned into the same shape of text, so the extractor needs one set of rules.
Each :class:`kg.model.Line` holds one logical item and the 1-based number of the *source* line it
starts on (for PDFs, the line of the extracted text, counted across pages). Blank lines are left
out, runs of spaces are collapsed (plain text keeps its indentation).

The conventions, for every format:

* **Headings** start with ``#`` marks and a space, the count being the level:
  ``# Publications``, ``## Journal articles``. Markdown ATX and setext headings, HTML
  ``<h1>``..``<h6>``, LaTeX ``\\section`` (``#``), ``\\subsection`` (``##``),
  ``\\subsubsection``/``\\paragraph`` (``###``), ``\\cvsection`` and ``\\begin{rSection}{X}``
  (``#``), and the keys of structured CVs (``# Education``), org-mode ``*``/``**`` headings,
  reStructuredText titles (``#`` by section depth). Plain text and PDF lines are
  kept as written (a heading there is just a short line).
* **List items** start with ``- `` whatever the source marker (``*``, ``+``, ``1.``, ``<li>``,
  ``\\item``, ``•`` in text and PDF). A LaTeX ``\\item[label]`` gives ``- label: text``.
* **Table rows and multi-field entries** are one line with fields joined by `` | ``: markdown
  and HTML table rows (separator rows dropped), an HTML ``<dt>`` with the first line of its
  ``<dd>`` (``2019 | Lecturer``), LaTeX ``tabular`` rows (``&`` cells, ``\\\\``
  ends a row), ``\\hfill`` between two parts of a line, ``\\newblock`` between a reference's blocks,
  raw HTML cells and a bold label with the value that runs on from it (``<b>Present post</b>Vellmar``), ``\\cventry{dates}{title}{employer}{city}{grade}{description}``
  -> ``title | employer | city | dates | grade`` with the description on the following
  line(s) (the entries of awesome-cv, altacv, res, friggeri-cv and europasscv in the same
  ``role | organisation | place | dates`` order, read by each class's signature; in a
  publication list an entry is one citation line), an org-mode heading with org-cv
  ``:FROM:``/``:EMPLOYER:`` properties likewise, any other macro or environment with several brace arguments
  (``\\resumeSubheading{A}{B}{C}{D}`` -> ``A | B | C | D``), ``\\cvitem{a}{b}`` -> ``a: b``, and
  each record of a JSON Resume / YAML CV (``Company | Position | 2019-01 - 2020-05``).
  An HTML table whose cells hold several lines is a layout table: its lines are emitted
  one by one instead.
* **Inline markup** is removed: emphasis, code marks, HTML tags (``<br>`` splits a line),
  Markdown links keep their text (``[text](url)`` -> ``text``) and images their alt text;
  LaTeX ``\\href{url}{text}`` -> ``text``, ``\\url{x}`` -> ``x``, accents to Unicode (babel's German
  ``"a`` and ``"`x"'`` too), ``~`` -> space, ``--``/``---`` -> en/em dash. The label of a link to a paper (arXiv,
  DOI, PDF) in Markdown, org and reStructuredText is its title, quoted: ``“Title”``. Bare URLs are kept. Markdown paragraphs
  soft-wrapped over several source lines are joined when the break is mid-sentence (the
  line ends with a comma or a word like "of", or the next starts in lower case); HTML
  paragraphs are one line each.
* **Dropped**: front matter (parsed into metadata), HTML/Markdown comments, LaTeX comments
  and preamble, ``<script>``, ``<style>``, ``<nav>``, forms, Quarto ``:::`` fences and
  ``{.class}`` attributes.

``metadata`` holds what the source states explicitly: ``title``, ``name``, ``author``,
``email``, ``homepage``, ``role``, ``description``, ... from front matter, ``<title>`` and
``<meta>``, LaTeX ``\\name``/``\\author``/``\\email``/``\\social``, PDF document info and JSON/YAML
identity fields (Markdown front matter's own top-level keys are copied too, e.g.
``organizations``, when they do not clash); ``links`` lists profile links (ORCID, GitHub, Scholar, LinkedIn, ``mailto:``...)
as ``{"url", "text", "line"}``; ``bold`` lists the short phrases set in bold or underlined (Markdown ``**``,
HTML ``<b>``/``<strong>``/``<u>``, LaTeX ``\\textbf``/``\\underline``, org ``*``/``_``), whose markup the lines lose; Markdown front matter is also kept whole in ``front_matter``
and rendered like a YAML CV in ``front_matter_lines`` (lines of the same file, not part of
``lines``); PDFs add ``pages`` and ``page_starts``.

A LaTeX CV's lines include the records of the ``.bib`` files it prints (``\\addbibresource{pubs.bib}`` or
``\\bibliography{pubs}`` beside it, the records it cites), one record a line numbered by the line of the
``\\printbibliography`` or ``\\bibliography`` that prints them; the files it inputs (``\\input{cv/education}``,
``\\include``, CurVe's ``\\makerubric``) are read from beside it, their lines numbered by the line that inputs them;
a ``.bib`` or input file it names but that is missing is one of the document's ``warnings``.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "cv.md").write_text("# Ada Lovelace\\n\\n## Work\\n\\n* Analyst, *Babbage & Co*\\n")
>>> doc = load_document(folder / "cv.md")
>>> doc.format, [(line.number, line.text) for line in doc.lines]
('markdown', [(1, '# Ada Lovelace'), (3, '## Work'), (5, '- Analyst, Babbage & Co')])
"""
from __future__ import annotations

import hashlib
import importlib
import os
import re
from pathlib import Path
from typing import Iterable

from kg.errors import DocumentError
from kg.model import Document

__all__ = ["load_document", "iter_paths", "SUPPORTED_SUFFIXES", "FORMATS"]

#: File suffixes (lower case) and the format each is read as. Other suffixes are sniffed.
SUFFIX_FORMATS: dict[str, str] = {
    ".txt": "text", ".text": "text",
    ".md": "markdown", ".markdown": "markdown", ".qmd": "markdown", ".rmd": "markdown",
    ".html": "html", ".htm": "html", ".xhtml": "html",
    ".pdf": "pdf",
    ".tex": "latex", ".latex": "latex",
    ".json": "json",
    ".yml": "yaml", ".yaml": "yaml",
    ".toml": "toml",
    ".org": "org",
    ".rst": "rst", ".rest": "rst",
}
#: The suffixes :func:`iter_paths` picks up when walking a folder.
SUPPORTED_SUFFIXES: frozenset[str] = frozenset(SUFFIX_FORMATS)
#: The values of :attr:`kg.model.Document.format`.
FORMATS: tuple[str, ...] = ("text", "markdown", "html", "pdf", "latex", "jsonresume", "yamlcv", "tomlcv", "org", "rst")

_INNER_TABS = re.compile(r"(?<=\S)[ \t]*\t[ \t]*(?=\S)")
_BULLET = re.compile(r"^(\s*)[•●◦▪▫■□‣⁃∙○◆◇➢➤►▶✓✔]\s*")


def _parse_text(text: str) -> tuple:
    from kg.ingest._source import Lines

    out = Lines()
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            # a tab between words is a column break however few spaces it would expand to ("Nome\tBARTOLINI")
            out.add(number, _BULLET.sub(r"\1- ", _INNER_TABS.sub("   ", line).expandtabs(4)), clean=False)
    return out.result()


def _sniff(raw: bytes, text: str | None) -> str:
    if raw.lstrip()[:5] == b"%PDF-":
        return "pdf"
    if text is None:
        return "text"
    head = text.lstrip()[:200].lower()
    if head.startswith(("<!doctype html", "<html", "<?xml")) and "<html" in text[:2000].lower() or head.startswith(
        ("<!doctype html", "<html")
    ):
        return "html"
    if head.startswith("{"):
        from kg.ingest._source import SourceError
        from kg.ingest._structured import load_json

        try:
            if isinstance(load_json(text), dict):
                return "json"
        except SourceError:
            pass
    if re.search(r"\\documentclass|\\begin\s*\{document\}", text[:20000]):
        return "latex"
    return "text"


def load_document(path: str | os.PathLike, *, max_bytes: int = 20_000_000) -> Document:
    """Read one file into a :class:`~kg.model.Document` of readable, line-numbered text.

    Parameters
    ----------
    path : str or path-like
        A ``.txt``, ``.md``/``.markdown``/``.qmd``/``.rmd``, ``.html``/``.htm``, ``.pdf``,
        ``.tex``, ``.org`` (org-mode), ``.rst`` (reStructuredText), ``.json`` (JSON Resume),
        ``.yml``/``.yaml`` (YAML CV) or ``.toml`` (TOML CV) file. Other
        suffixes are sniffed: PDF magic, an HTML start, a JSON object, a LaTeX
        ``\\documentclass``, else plain text.
    max_bytes : int
        Files larger than this are refused before being read.

    Returns
    -------
    Document
        ``lines`` follow the conventions of :mod:`kg.ingest`; ``sha256`` is the digest of
        the raw bytes; ``data`` is the parsed record for JSON Resume / YAML CV files.

    Raises
    ------
    DocumentError
        Missing, unreadable, too large, empty, binary, undecodable, malformed (JSON,
        YAML, with line and column), corrupt or encrypted (PDF), or absurdly nested (HTML).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> cv = pathlib.Path(tempfile.mkdtemp()) / "cv.txt"
    >>> _ = cv.write_text("Ada Lovelace\\n\\nEducation\\n• Self-taught, London\\n")
    >>> [(line.number, line.text) for line in load_document(cv).lines]
    [(1, 'Ada Lovelace'), (3, 'Education'), (4, '- Self-taught, London')]
    >>> try:
    ...     load_document(cv, max_bytes=10)
    ... except DocumentError as exc:
    ...     print(exc.reason)
    too large (48 bytes, limit 10)
    """
    from kg.ingest._source import SourceError, decode

    shown = str(path)
    file = Path(path)
    try:
        size = file.stat().st_size
        if file.is_dir():
            raise DocumentError(shown, "is a directory, not a file")
        if size > max_bytes:
            raise DocumentError(shown, f"too large ({size} bytes, limit {max_bytes})")
        # st_size is 0 for devices and pipes (/dev/zero, <(...)): the read itself is bounded
        with open(file, "rb") as handle:
            raw = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise DocumentError(shown, "no such file") from None
    except PermissionError:
        raise DocumentError(shown, "permission denied") from None
    except OSError as exc:
        raise DocumentError(shown, f"cannot read ({exc.strerror or exc})") from None
    if len(raw) > max_bytes:
        raise DocumentError(shown, f"too large (over {max_bytes} bytes, the limit)")
    if not raw.strip():
        raise DocumentError(shown, "empty document")
    digest = hashlib.sha256(raw).hexdigest()
    kind = SUFFIX_FORMATS.get(file.suffix.lower())
    data = None
    warnings: list[str] = []
    try:
        text = None
        if raw.lstrip()[:5] == b"%PDF-":
            kind = "pdf"  # the magic number wins over a wrong suffix
        if kind != "pdf":
            text = decode(raw).translate(_ARABIC_PUNCTUATION)
        if kind is None:
            kind = _sniff(raw, text)
        if kind == "pdf":
            from kg.ingest._pdf import parse_pdf

            lines, metadata = parse_pdf(raw)
            fmt = "pdf"
        else:
            assert text is not None
            if kind == "latex":  # with the records of the .bib files it prints, read from beside it
                from kg.ingest._latex import included_files, parse_latex, printed_bibliography

                whole, numbers, inputs, unread = included_files(text, file.parent)
                records, unread_bib, sources = printed_bibliography(whole, file.parent)
                lines, metadata = parse_latex(whole, records, numbers)
                # an edited section file or .bib changes the CV
                digest = hashlib.sha256(raw + b"".join(inputs + sources)).hexdigest()
                fmt = kind
                warnings += filter(None, [unbalanced_braces(text), *unread, *unread_bib])
            elif kind in _MARKUP_READERS:
                module, function = _MARKUP_READERS[kind]
                lines, metadata = getattr(importlib.import_module(module), function)(text)
                fmt = kind
            elif kind == "json":
                from kg.ingest._structured import json_resume_problems, parse_json_document

                lines, metadata, data = parse_json_document(text)
                fmt = "jsonresume"
                warnings += json_resume_problems(data)
            elif kind == "yaml":
                from kg.ingest._structured import parse_yaml_document

                lines, metadata, data = parse_yaml_document(text)
                fmt = "yamlcv"
                if isinstance(data, str):
                    lines, data, fmt = _parse_text(text), None, "text"
            elif kind == "toml":
                from kg.ingest._structured import parse_toml_document

                lines, metadata, data = parse_toml_document(text)
                fmt = "tomlcv"
            else:
                lines, metadata, fmt = _parse_text(text), {}, "text"
    except SourceError as exc:
        raise DocumentError(shown, str(exc)) from None
    if not lines and metadata.get("front_matter_lines"):
        lines = metadata["front_matter_lines"]  # a page that is all front matter (a Hugo widget's entries) reads as it
    if not lines:
        raise DocumentError(shown, "no readable text")
    return Document(
        path=shown, name=file.name, format=fmt, lines=lines, sha256=digest, metadata=metadata, data=data,
        warnings=tuple(warnings),
    )


#: The Arabic comma and semicolon as the ASCII ones, one character for one, so that every rule that splits a
#: list or an entry at a comma splits Arabic and Persian text too.
_ARABIC_PUNCTUATION = str.maketrans("،؛", ",;")

#: The readers of the markup formats, each ``text -> (lines, metadata)``; imported when first
#: needed, so that reading plain text never loads docutils (LaTeX, read with its .bib files, is apart).
_MARKUP_READERS = {
    "markdown": ("kg.ingest._markdown", "parse_markdown"),
    "html": ("kg.ingest._html", "parse_html"),
    "org": ("kg.ingest._org", "parse_org"),
    "rst": ("kg.ingest._rst", "parse_rst"),
}

#: what LaTeX's braces scan steps over: an escaped character (``\{``, ``\%``, ``\\``), a comment
#: to the end of its line, a brace, a newline
LATEX_BRACE_TOKEN = re.compile(r"\\.|%[^\n]*|[{}\n]", re.S)


def unbalanced_braces(text: str) -> str | None:
    r"""Why LaTeX source has unbalanced braces (text after an unclosed group is read as one
    argument and mostly lost), or ``None`` when every group is closed.

    >>> unbalanced_braces("\\section{Work\nEngineer, 2019 \\{ % }\n")
    'unbalanced braces: the { on line 1 is never closed'
    >>> unbalanced_braces("a} b"), unbalanced_braces("\\textbf{a} \\} 50\\%")
    ('unbalanced braces: the } on line 1 closes no group', None)
    """
    line, opened = 1, []
    for match in LATEX_BRACE_TOKEN.finditer(text):
        token = match.group()
        if token == "\n":
            line += 1
        elif token == "{":
            opened.append(line)
        elif token == "}":
            if not opened:
                return f"unbalanced braces: the }} on line {line} closes no group"
            opened.pop()
    if opened:
        return f"unbalanced braces: the {{ on line {opened[0]} is never closed"
    return None


def iter_paths(paths: Iterable[str | os.PathLike], *, errors: list | None = None,
               skipped: list | None = None) -> list[Path]:
    """The files to load: files as given, folders walked recursively.

    Folders contribute the files with a suffix in :data:`SUPPORTED_SUFFIXES`, sorted, leaving
    out hidden files and folders (names starting with ``.``) and the section files a LaTeX CV of the
    folder inputs (read through that CV). A file named explicitly is
    kept whatever its name. Duplicates are dropped, the first occurrence wins. Only regular
    files are returned: reading a FIFO would wait for a writer forever, and a device never ends.

    Parameters
    ----------
    paths : iterable of str or path-like
        Files and folders.
    errors : list, optional
        Receives ``(path, reason)`` for each path that cannot be read: a given path that does
        not exist or is not a regular file, a symbolic link loop or a broken link in a folder,
        an unreadable folder. Without it, the first such path raises.
    skipped : list, optional
        Receives ``(path, reason)`` for each FIFO, socket or device found in a folder (they are
        left out either way).

    Returns
    -------
    list of Path

    Raises
    ------
    DocumentError
        A path that cannot be read, when ``errors`` is not given.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> root = pathlib.Path(tempfile.mkdtemp())
    >>> for name in ("b/cv.tex", "a.md", ".git/x.md", "logo.png"):
    ...     (root / name).parent.mkdir(parents=True, exist_ok=True)
    ...     _ = (root / name).write_text("x")
    >>> [p.relative_to(root).as_posix() for p in iter_paths([root])]
    ['a.md', 'b/cv.tex']
    >>> (root / "loop.md").symlink_to(root / "loop.md")
    >>> problems = []
    >>> [p.name for p in iter_paths([root, root / "gone.md"], errors=problems)]
    ['a.md', 'cv.tex']
    >>> [(pathlib.Path(p).name, reason) for p, reason in problems]
    [('loop.md', 'symbolic link loop'), ('gone.md', 'no such file or directory')]
    """
    found: list[Path] = []
    seen: set[Path] = set()

    def add(item: Path) -> None:
        if item not in seen:
            seen.add(item)
            found.append(item)

    def report(item, reason: str) -> None:
        if errors is None:
            raise DocumentError(str(item), reason)
        errors.append((str(item), reason))

    for given in paths:
        path = Path(given)
        kind = _file_kind(path)
        if kind == "directory":
            batch = []
            walk_errors: list[OSError] = []
            for folder, dirs, files in os.walk(path, onerror=walk_errors.append):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                for name in files:
                    if not name.startswith(".") and os.path.splitext(name)[1].lower() in SUPPORTED_SUFFIXES:
                        batch.append(Path(folder) / name)
            for exc in walk_errors:
                report(exc.filename, f"cannot read folder ({exc.strerror or exc})")
            inputs = _input_files([item for item in batch if item.suffix.lower() in (".tex", ".latex")])
            for item in sorted(batch, key=lambda p: p.relative_to(path).parts):
                item_kind = _file_kind(item)
                if item_kind == "file":
                    if not inputs or item.resolve() not in inputs:  # a section file is read through its CV
                        add(item)
                elif item_kind.startswith("not a regular file"):
                    if skipped is not None:
                        skipped.append((str(item), item_kind))
                else:
                    report(item, item_kind)
        elif kind == "file":
            add(path)
        else:
            report(given, kind)
    return found


def _input_files(tex_files: list[Path]) -> set[Path]:
    """The files the LaTeX documents ``tex_files`` input (``\\input{sections/jobs}``), resolved."""
    from kg.ingest._latex import INCLUDED_FILE, _strip_comments

    named: set[Path] = set()
    for tex in tex_files:
        try:
            text = _strip_comments(tex.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
        for match in INCLUDED_FILE.finditer(text):
            named.update(path.resolve() for path in (tex.parent / match.group(1), tex.parent / (match.group(1) + ".tex")))
    return named


def _file_kind(path: Path) -> str:
    """``"file"``, ``"directory"``, or why ``path`` cannot be read as a document."""
    import errno
    import stat

    try:
        mode = path.stat().st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link loop"
        if exc.errno == errno.ENOENT:
            return "broken symbolic link" if path.is_symlink() else "no such file or directory"
        return f"cannot read ({exc.strerror or exc})"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISREG(mode):
        return "file"
    what = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    return f"not a regular file ({what})"
