"""PDF text extraction with pypdf: lines rebuilt from text positions, page furniture dropped.

Each page's text pieces (runs of the strings pypdf's layout mode places, spaced where the gap is a
word gap in ems, so XeLaTeX's fonts without a space glyph read; icon fonts dropped) are put on lines
by baseline and ordered by x, so a date cell written after its entry still comes first; text in a
much larger or smaller type set apart on the baseline (a form's label beside the name) is a line of
its own, and accents pdfLaTeX draws as glyphs of their own ("Universit¨at") go onto their letters. A page whose left pieces mostly sit on baselines of their own (an altacv sidebar) is read
column by column; one whose left cells share the baselines of the right column (moderncv dates,
europass labels) is read row by row. A stretch of a page in columns of like widths (a word processor's
newspaper columns, a browser's CSS columns, a grid of cards) is read column by column too, and a table
row by row with its cells apart (`` | ``); a heading in a table's left column is a line of its own.
Lines that repeat at the top or bottom of most pages (running headers and footers), page numbers
there and what a browser prints in the margins are dropped; a line wrapped in the middle of
an entry is joined to the line it continues, and a word hyphenated at the line end is rejoined
when the joined word is the more plausible (it occurs elsewhere, or the hyphenated form does not).
Symbol and Wingdings bullets (private-use code points) read as bullets, letter-spaced headings as
their words, and tab leaders' dots go.
A metadata title or author of two words or more the pages never print ("Overleaf Example") is dropped.
Without pypdf's layout internals the reader falls back to ``extract_text()`` lines.
"""
from __future__ import annotations

import io
import logging
import re
import unicodedata
import warnings
from collections import Counter
from dataclasses import dataclass

from kg.ingest._source import Lines, SourceError, clean_inline

__all__ = ["parse_pdf"]

_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi",
                            "\ufb04": "ffl", "\ufb05": "st", "\ufb06": "st", "\u00ad": "", "\u2010": "-",
                            "\u2011": "-"})
# a TeX font without accented letters (pdfLaTeX's default OT1 encoding) draws an accent as a glyph of its
# own over the letter: "Universit¨at", "´Ecole", "¸ca"; each spacing accent and its combining form
_SPACING_ACCENTS = {"\u00a8": "\u0308", "\u00b4": "\u0301", "`": "\u0300", "\u02c6": "\u0302", "^": "\u0302",
                    "\u02dc": "\u0303", "\u02c7": "\u030c", "\u02d8": "\u0306", "\u02d9": "\u0307",
                    "\u02da": "\u030a", "\u00af": "\u0304", "\u02dd": "\u030b", "\u00b8": "\u0327", "\u02db": "\u0328"}
_ACCENT_BEFORE = re.compile(f"[{re.escape(''.join(_SPACING_ACCENTS))}]\\s?([^\\W\\d_])")
# bullets, and the private-use code points a word processor's Symbol or Wingdings bullet is written as
# (U+F0B7 for Symbol's "•", U+F0A7 for Wingdings' "§" square)
_BULLET_GLYPHS = "•●◦▪▫■□‣⁃∙·○◆◇➢➤►▶✓✔\ue000-\uf8ff"
_BULLET = re.compile(f"^\\s*[{_BULLET_GLYPHS}]\\s*")
# fonts of pictograms (envelopes, phones, map pins, calendar icons) rather than letters
ICON_FONT = re.compile(r"awesome|academicons|marvosym|dingbat|wingding|webding|bbding|ifsym", re.IGNORECASE)
# the dots a tab stop's leader draws between an entry and its dates
_LEADER = re.compile(r"\s*(?:[.·…_]\s?){4,}\s*")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
# "Page 2 of 5", "Seite 2 von 3", "Página 2 de 3", "2/5", "- 2 -", "2"
PAGE_NUMBER = re.compile(r"^[-–—\s]*(?:(?:page|seite|p[aá]gina|pag\.|p\.|s\.)\s*)?\d{1,3}"
                         r"(?:\s*(?:of|von|de|sur|di|/)\s*\d{1,3})?[-–—\s]*$", re.IGNORECASE)
# what a browser prints in a page's margins: the date and time ("11/27/26, 2:44 PM", "27.11.26, 14:44"), the address
PRINT_STAMP = re.compile(r"^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4},?\s+\d{1,2}:\d\d(?:\s*[AP]M)?|(?:file|https?)://\S+)(?:\s|$)",
                         re.IGNORECASE)
# what starts a new item rather than continuing a wrapped line: a bullet, "[3]", "3.", a year range,
# month/year, a word and a year before the entry ("Since 2024 Lecturer", "Mai 2022 Chercheuse", "Feb 2023–Jul"),
# or an e-mail address or web address (contact lines)
ITEM_START = re.compile(f"^(?:[{_BULLET_GLYPHS}\\-–]\\s|" r"\[\d+\]|\d{1,3}\.\s|(?:19|20)\d\d\s*[-–—]|\d{1,2}/(?:19|20)\d\d"
                        r"|[^\W\d_]{2,12}\.?(?:[-–][^\W\d_]{2,12})?\s+(?:19|20)\d\d(?:\s*[-–—]|\s+[^\W\d_])"
                        r"|\S+@\S+\.\w|https?://|www\.)")
YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# one to three words in capitals: a section's name set in the margin beside its entries
_MARGIN_HEADING = re.compile(r"^[^\W\da-z]{3,}(?:[\s&-]+[^\W\da-z]+){0,2}$")
# a year or year range ending a line, as CV entries end, the range open or not ("2019 – present", "2019 – heute")
ENTRY_END = re.compile(r"\b(?:19|20)\d\d(?:\s*[-–—]\s*[^\W\d_]+)?[.)]?$")
# the rest of a date range wrapped at its dash, after a line ending in a year: "– 2019", "– present"
RANGE_REST = re.compile(r"^[-–—]\s*(?:(?:19|20)\d\d\b|[^\W\d_]+$)")
_HYPHENATED_END = re.compile(r"(\S*[^\W\d_])-$")
_FIRST_WORD = re.compile(r"^(\S+)")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


@dataclass
class _Row:
    """One line of a page: its text, where it sits (points; None when unknown) and its line number."""

    number: int
    page: int
    text: str
    x0: float | None = None
    x1: float | None = None
    y: float | None = None
    size: float = 0.0
    block: tuple = (0, 1)  # which column of how many on the page
    tail: str = ""  # a cell set off at the line's right end (a right-aligned date), kept last on joins
    tail_x: float | None = None
    right: float | None = None  # the right edge of the line's column, once headers and footers are gone
    pitch: float = 0.0  # the usual distance between the lines of a paragraph in this column
    cells: bool = False  # a table's row, its cells apart
    first: bool = False  # the first line left on its page (after headers)
    last: bool = False  # the last line left on its page (before footers)

    @property
    def full(self) -> str:
        # a right-aligned place is a cell of its own ("Water Board | Harlow, MD"), not the organisation's last word
        return f"{self.text}{' ' if YEAR.search(self.tail) else ' | '}{self.tail}" if self.tail else self.text


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


def _pieces(page) -> list[dict] | None:
    """The text runs of ``page`` (text, tx, displaced_tx, ty, font_height, flip_sort), None if pypdf's
    layout internals are unavailable.

    pypdf's layout mode places every shown string; consecutive strings on one baseline are joined
    into a run here, with a space wherever the gap between them is a word gap (0.15 of the type
    size or more). pypdf's own runs space words by the font's space glyph width, which fonts
    without a space glyph (XeLaTeX's Identity-H fonts, whose word gaps are only TJ offsets) lack,
    so their words ran together. Strings in icon fonts (Font Awesome, dingbats) carry no text.
    """
    try:
        from pypdf._text_extraction._layout_mode import _fixed_width_page as layout
        from pypdf._text_extraction._layout_mode._text_state_manager import TextStateManager
        from pypdf.generic import ArrayObject, ContentStream, StreamObject
    except ImportError:  # pragma: no cover - older pypdf
        return None
    contents = page.get("/Contents")
    if contents is not None:
        contents = contents.get_object()
    if not isinstance(contents, (ArrayObject, StreamObject)):
        return []
    ops = iter(ContentStream(contents, page.pdf, "bytes").operations)
    fonts = page._layout_mode_fonts()
    state = TextStateManager()
    shown = []
    for operands, op in ops:
        if op in (b"BT", b"q"):
            shown += layout.recurse_to_target_op(ops, state, b"ET" if op == b"BT" else b"Q", fonts, True)[1]
        elif op == b"Tf":
            layout.set_font_operation(state, fonts, operands)
        elif op == b"cm":  # a transformation outside any q/Q pair holds to the end of the page
            state.add_cm(*operands)
        else:
            state.set_state_param(op, operands)
    runs: list[dict] = []
    for text in shown:
        # a string of spaces alone carries nothing the positions do not tell (Chromium draws one where a soft
        # hyphen was, off its place)
        if text.rotated or not text.font.interpretable or ICON_FONT.search(str(text.font.name)) or text.text.isspace():
            continue
        height = text.font_height
        last = runs[-1] if runs else None
        if (last and abs(last["ty"] - text.ty) <= 0.2 * height
                and -0.2 * height <= text.tx - last["displaced_tx"] <= height and not _parted(last, text.tx, height, text.text)):
            last["parts"].append((text.tx - last["displaced_tx"], text.text))
            last["text"] += text.text  # spaced once the run is whole
            last["displaced_tx"] = text.displaced_tx
            last["font_height"] = max(last["font_height"], height)
        else:
            runs.append(dict(text=text.text, parts=[(0.0, text.text)], tx=text.tx, displaced_tx=text.displaced_tx, ty=text.ty,
                             font_height=height, flip_sort=-1 if text.flip_vertical else 1))
    for run in runs:
        run["text"] = _spaced(run.pop("parts"), run["font_height"])
    return runs


def _spaced(parts: list[tuple[float, str]], height: float) -> str:
    """The text of a run's strings (each with the gap before it), a space at each word gap: 0.15 em or
    more, or, in text set letter by letter with spacing of its own ("E X P E R I E N C E", a heading
    a word processor or a style sheet spaces out), clearly more than the gaps between its letters.

    >>> _spaced([(0, "C"), (3, "U"), (3, "R"), (11, "V"), (3, "I"), (3, "T")], 13)
    'CUR VIT'
    >>> _spaced([(0, "Ilse"), (3, "Brandt")], 10)
    'Ilse Brandt'
    """
    threshold = 0.15 * height
    if len(parts) >= 4 and sum(len(text.strip()) == 1 for _, text in parts) >= 0.8 * len(parts):
        gaps = sorted(gap for gap, _ in parts[1:])
        if gaps[len(gaps) // 4] >= threshold:  # (nearly) all the letters stand apart
            threshold = 1.5 * gaps[len(gaps) // 2]
    return "".join((" " if index and gap >= threshold else "") + text for index, (gap, text) in enumerate(parts))


def _parted(left: dict, x: float, height: float, text: str) -> bool:
    """Whether ``text`` of ``height`` at ``x`` is another cell than ``left`` on its baseline: set apart from it
    in a type size at least 1.4 times the other (a form's label beside the name it labels), or ``left`` in
    capitals in a type size of its own (a section's label), and no mark.

    >>> _parted(dict(text="PERSONAL INFORMATION", displaced_tx=120, font_height=9), 130, 14, "Ilse Brandt")
    True
    >>> _parted(dict(text="PUBLICATIONS", displaced_tx=120, font_height=9), 125, 10, "Brandt, I. Scour.")
    True
    >>> _parted(dict(text="Brandt, I.", displaced_tx=120, font_height=10), 126, 6, "*")
    False
    """
    small, large = sorted((left["font_height"], height))
    marks = min(len(left["text"].strip()), len(text.strip())) <= 4
    # a label cell in capitals and a type size of its own (a Europass heading beside its first entry)
    label = left["text"].strip().isupper() and len(left["text"].strip()) > 4 and large - small >= 0.5
    return (large >= 1.4 * small and x - left["displaced_tx"] > 0.5 * small and not marks
            or label and x - left["displaced_tx"] > 0.3 * small)


def _compose(text: str) -> str:
    """``text`` with each accent drawn as a glyph of its own set on its letter, where they make one letter.

    An accent over a dotless i (TeX's ``\\'{\\i}``) makes an accented i.

    >>> _compose("Universit¨at Gr´enoble, Th`ese, gar¸con, `quoted`, Mart´ ınez, Maˆ ıtre")
    'Universität Grénoble, Thèse, garçon, `quoted`, Martínez, Maître'
    """
    def letter(match):
        base = "i" if match.group(1) == "\u0131" else match.group(1)
        composed = unicodedata.normalize("NFC", base + _SPACING_ACCENTS[match.group(0)[0]])
        return composed if len(composed) == 1 else match.group(0)

    return _ACCENT_BEFORE.sub(letter, text)


def _baselines(pieces: list[dict]) -> list[list[dict]]:
    """Pieces grouped by baseline (within a fifth of the font height), top line first, each by x;
    a line of smaller pieces just above or below a line and touching its text (superscripts,
    footnote marks) joins that line, as does a heading in capitals in the margin left of it set a
    little off its baseline, and a line of accents alone goes onto the letters below them.

    >>> piece = lambda x, y, h, text: dict(tx=x, displaced_tx=x + 5 * len(text), ty=y, flip_sort=1, font_height=h, text=text)
    >>> [[p["text"] for p in line] for line in _baselines([piece(0, 100, 10, "Brakel"), piece(30, 103, 6, "*"),
    ...                                                     piece(0, 88, 10, "Rostburg")])]
    [['Brakel', '*'], ['Rostburg']]
    """
    lines: list[list[dict]] = []
    for piece in sorted(pieces, key=lambda p: -p["ty"] * p["flip_sort"]):
        y = piece["ty"] * piece["flip_sort"]
        if lines and abs(lines[-1][0]["ty"] * lines[-1][0]["flip_sort"] - y) <= 0.2 * max(piece["font_height"], 1):
            lines[-1].append(piece)
        else:
            lines.append([piece])

    def attaches(small: list[dict], line: list[dict]) -> bool:
        height = max(max(p["font_height"] for p in line), 1)
        offset = abs(small[0]["ty"] * small[0]["flip_sort"] - line[0]["ty"] * line[0]["flip_sort"])
        if _MARGIN_HEADING.match("".join(p["text"] for p in small).strip()) and offset <= 0.4 * height:
            # a heading in capitals in the margin, set a little off its first entry's baseline (res, "EDUCATION")
            return max(p["displaced_tx"] for p in small) + 2 * height <= min(p["tx"] for p in line)
        mark = len("".join(p["text"] for p in small).replace(" ", "")) <= 4  # not a line of text in smaller type
        return (mark and max(p["font_height"] for p in small) < 0.85 * height and offset <= 0.6 * height
                and all(any(q["tx"] - 0.5 * height <= p["tx"] <= q["displaced_tx"] + 0.5 * height for q in line)
                        for p in small))

    def accent(line: list[dict], below: list[dict]) -> bool:  # "´" raised over a capital: "´Ecole"
        return (all(p["text"].strip() and set(p["text"].strip()) <= set(_SPACING_ACCENTS) for p in line)
                and 0 < line[0]["ty"] * line[0]["flip_sort"] - below[0]["ty"] * below[0]["flip_sort"]
                <= below[0]["font_height"])

    merged: list[list[dict]] = []
    for index, line in enumerate(lines):
        if index + 1 < len(lines) and accent(line, lines[index + 1]):
            lines[index + 1] = [_accented(piece, line) for piece in lines[index + 1]]
        elif merged and attaches(line, merged[-1]):
            merged[-1] += line
        elif index + 1 < len(lines) and attaches(line, lines[index + 1]):
            lines[index + 1] = line + lines[index + 1]
        else:
            merged.append(line)
    return [sorted(line, key=lambda p: p["tx"]) for line in merged]


def _accented(piece: dict, accents: list[dict]) -> dict:
    """``piece`` with the accents set over its letters written before them, for :func:`_compose`."""
    text = piece["text"]
    advance = (piece["displaced_tx"] - piece["tx"]) / max(len(text), 1)
    for mark in sorted(accents, key=lambda p: -p["tx"]):
        if piece["tx"] <= mark["tx"] < piece["displaced_tx"] and advance > 0:
            at = int((mark["tx"] - piece["tx"]) / advance)
            text = text[:at] + mark["text"].strip() + text[at:]
    return dict(piece, text=text)


def _joined(pieces: list[dict]) -> str:
    """The text of pieces on one baseline: a space where there is a gap, none where a word was cut, `` | ``
    before a table's cell.

    >>> piece = lambda x, end, text: dict(tx=x, displaced_tx=end, font_height=10, text=text)
    >>> _joined([piece(0, 30, "Nation"), piece(30, 40, "ality"), piece(35, 60, "Dutch"), piece(20, 40, "C1")])
    'Nationality Dutch C1'
    """
    text = ""
    end = None
    for piece in pieces:
        gap = piece["tx"] - end if end is not None else 0
        # runs that overlap were measured with a font's wrong widths: two cells, as runs far apart are
        if text and piece.get("cell"):
            text = f"{text.rstrip()} | "
        elif text and (not -0.2 * piece["font_height"] <= gap <= 0.1 * piece["font_height"]
                       or text.endswith(" ") or piece["text"].startswith(" ")):
            text += " "
        text += piece["text"]
        end = piece["displaced_tx"]
    return text


def _gutter(lines: list[list[dict]]) -> float | None:
    """The x of a gap between two columns: the left edge of at least three lines' text that hardly
    a line's text crosses (a banner name across both columns may), with text on both sides of many lines."""
    starts = Counter(round(p["tx"]) for line in lines for p in line)
    candidates = sorted(x for x, count in starts.items() if count >= 3)
    for x in candidates[1:]:
        # a column's headings may stand out a little to the left of its text
        edge = min([p["tx"] for line in lines for p in line if x - 0.5 * p["font_height"] <= p["tx"] <= x] + [x])
        crossing = sum(any(p["tx"] < edge - 1 < p["displaced_tx"] for p in line) for line in lines)
        if crossing > max(1, len(lines) // 10):
            continue
        left = sum(any(p["displaced_tx"] <= x for p in line) for line in lines)
        right = sum(any(p["tx"] >= edge - 1 for p in line) for line in lines)
        if left >= 3 and right >= 3:
            return edge - 1
    return None


def _banded(lines: list[list[dict]], depth: int = 2) -> list[list[list[dict]]]:
    """``lines`` cut into blocks read one after the other where a stretch of them stands in columns of like
    widths (newspaper columns in a section of a word processor's page, a CSS grid of cards): the lines
    above it, its left column, its right column (cut again, for three columns), the lines below it.

    A stretch is a run of lines that leave one strip blank, at least half an em wide (a blank at least an
    em wide between two pieces of a line, narrowed to what the lines above and below leave blank), at
    least three of them with text on both sides of it, the lines on its right starting at one edge; a line
    at the run's top or bottom belongs to it only at the usual line pitch from the next line on its side
    (a heading above the columns does not).

    >>> piece = lambda x, end, y, text: dict(tx=x, displaced_tx=end, ty=y, flip_sort=1, font_height=10, text=text)
    >>> lines = [[piece(0, 90, 104, "Publications")], [piece(0, 200, 85, "Wave"), piece(220, 420, 85, "Field")],
    ...          [piece(0, 200, 73, "overtopping"), piece(220, 420, 73, "measurements")],
    ...          [piece(0, 150, 61, "of breakwaters"), piece(220, 400, 61, "of flushing")], [piece(0, 400, 40, "Awards 2019")]]
    >>> [[line[0]["text"] for line in block] for block in _banded(lines)]
    [['Publications'], ['Wave', 'overtopping', 'of breakwaters'], ['Field', 'measurements', 'of flushing'], ['Awards 2019']]
    """
    def blank(line):  # the blank strips between a line's pieces, an em or wider
        return [(a["displaced_tx"], b["tx"]) for a, b in zip(line, line[1:])
                if b["tx"] - a["displaced_tx"] >= max(a["font_height"], b["font_height"])]

    def free(line, strip):  # the widest part of ``strip`` that no piece of ``line`` covers, if half an em wide
        best, x = (0.0, 0.0), strip[0]
        for start, end in sorted((p["tx"], p["displaced_tx"]) for p in line) + [(strip[1], strip[1])]:
            if min(start, strip[1]) - x > best[1] - best[0]:
                best = (x, min(start, strip[1]))
            x = max(x, end)
        return best if best[1] - best[0] >= 0.5 * line[0]["font_height"] else None

    def y(line):
        return line[0]["ty"] * line[0]["flip_sort"]

    blanks = [blank(line) for line in lines]
    for start, line in enumerate(lines):
        for strip in blanks[start]:
            # the strip narrows to what the lines above and below leave blank, columns' lines shorter or longer
            begin = end = start
            while end + 1 < len(lines) and free(lines[end + 1], strip):
                end += 1
                strip = free(lines[end], strip)
            while begin > 0 and free(lines[begin - 1], strip):
                begin -= 1
                strip = free(lines[begin], strip)
            both = [index for index in range(begin, end + 1)
                    if lines[index][0]["tx"] < strip[0] and lines[index][-1]["displaced_tx"] > strip[1]]
            if len(both) < 3:
                continue
            middle = (strip[0] + strip[1]) / 2
            # the widths of the two columns beside the strip (each side may hold more columns)
            sides = [[[p for p in line if p["tx"] < middle][-1:] for line in lines[both[0]:both[-1] + 1]],
                     [[p for p in line if p["tx"] >= middle][:1] for line in lines[both[0]:both[-1] + 1]]]
            widths = [max(p["displaced_tx"] for line in side for p in line) - min(p["tx"] for line in side for p in line)
                      for side in sides]
            # a column's lines start at one edge; cells set flush right beside entries (places, dates) do not
            edge = min(p["tx"] for line in sides[1] for p in line)
            starts = [abs(p["tx"] - edge) <= 2 for line in sides[1] for p in line]
            if min(widths) <= 0.5 * max(widths) or sum(starts) < 0.8 * len(starts):
                continue
            # the line pitch within a column
            pitches = sorted(y(above) - y(below) for left in (True, False)
                             for column in [[line for line in lines[both[0]:both[-1] + 1]
                                             if any((p["tx"] < middle) == left for p in line)]]
                             for above, below in zip(column, column[1:]))
            pitch = pitches[len(pitches) // 2]
            first, last = both[0], both[-1]
            while first > begin and _close(lines[first - 1], lines[first:last + 1], middle, pitch):
                first -= 1
            while last < end and _close(lines[last + 1], lines[first:last + 1][::-1], middle, pitch):
                last += 1
            band = lines[first:last + 1]
            ends = [side[0]["displaced_tx"] for side in sides[0] if side]
            full = sum(stop >= max(ends) - 2 * lines[both[0]][0]["font_height"] for stop in ends)
            starts = [lines[index][0]["tx"] for index in both]
            form = full == len(ends) and sum(x <= min(starts) + 2 for x in starts) < 0.5 * len(starts)
            if form:
                # labels set flush right against their values (a Europass form's "Dates" | "2019 - 2021"), a value
                # wrapped onto lines of its own; a heading just above the labels is not a row of theirs
                first, last = both[0], both[-1]
                band = lines[first:last + 1]
            if form or (len(both) == len(band) and len({round(2 * p["font_height"]) for line in band for p in line}) == 1
                        and full < 0.5 * len(ends)):
                # every line has text in every column, all in one type size, and the left column's lines stop short
                # of it in ragged lengths (a column of text runs to its edge), or a form's labels: a table's rows,
                # read row by row with their cells apart, as a table is read from HTML
                band = [[dict(p, cell=index > 0 and p["tx"] - line[index - 1]["displaced_tx"] >= p["font_height"])
                         for index, p in enumerate(line)] for line in band]
                return [part for part in (lines[:first], band, *_banded(lines[last + 1:], depth)) if part]
            parts = [lines[:first], [[p for p in line if p["tx"] < middle] for line in band],
                     [[p for p in line if p["tx"] >= middle] for line in band], lines[last + 1:]]
            parts = [[line for line in part if line] for part in parts]
            cut = [parts[0], parts[1], *(_banded(parts[2], depth - 1) if depth else [parts[2]]), *_banded(parts[3], depth)]
            return [part for part in cut if part]
    return [lines]


def _close(line: list[dict], band: list[list[dict]], middle: float, pitch: float) -> bool:
    """Whether ``line``, beside a band of columns split at x ``middle``, is at most 1.3 line pitches from the
    nearest line of ``band`` with text on its side."""
    left = line[0]["tx"] < middle
    side = [other for other in band if any((p["tx"] < middle) == left for p in other)]
    return bool(side) and abs(line[0]["ty"] - side[0][0]["ty"]) <= 1.3 * pitch


def _headings(lines: list[list[dict]]) -> set[int]:
    """The indexes of the lines whose first piece is a heading in a column of its own left of the entries
    (a word processor's table CV: "Education" in the left cell of the row whose right cell holds the first
    entry): a few words without digits, two ems or more before the entry, and such cells are few beside
    the lines that start at the entries' edge (a label on every line is a form's: moderncv, Europass).

    >>> piece = lambda x, end, text: dict(tx=x, displaced_tx=end, font_height=10, text=text)
    >>> lines = [[piece(0, 50, "Education"), piece(100, 300, "PhD, Ostmark")], [piece(100, 250, "Supervisor: I. Brandt")],
    ...          [piece(100, 280, "MSc, Rostburg")], [piece(0, 40, "Skills"), piece(100, 200, "Flumes")]]
    >>> sorted(_headings(lines))
    [0, 3]
    """
    candidates = [index for index, line in enumerate(lines)
                  if len(line) > 1 and line[1]["tx"] - line[0]["displaced_tx"] >= 2 * line[0]["font_height"]
                  and len(line[0]["text"].split()) <= 3 and not any(char.isdigit() for char in line[0]["text"])]
    if not candidates:
        return set()
    edge = Counter(round(lines[index][1]["tx"]) for index in candidates).most_common(1)[0][0]
    starting = sum(abs(line[0]["tx"] - edge) <= 2 for line in lines)
    labelled = sum(line[0]["tx"] < edge - 2 for line in lines if len(line) > 1 and abs(line[1]["tx"] - edge) <= 2)
    return set(candidates) if starting >= max(2, labelled / 2) else set()


def _wrapped_headings(lines: list[list[dict]], headings: set[int]) -> tuple[dict[int, dict], set[int]]:
    """Headings of the left column that wrap onto the lines below, each word beside an entry's line ("Refereed"
    over "Publications", a pitch apart, in the headings' type and column): ``{index: the whole heading as one
    piece}`` and the indexes of the lines whose first piece is the rest of the heading above them (or who hold
    nothing else).

    >>> piece = lambda x, end, y, text: dict(tx=x, displaced_tx=end, ty=y, flip_sort=1, font_height=10, text=text)
    >>> lines = [[piece(0, 40, 100, "Refereed"), piece(100, 300, 100, "[2] B. Lee, Ostmark flumes")],
    ...          [piece(0, 70, 88, "Publications"), piece(100, 300, 88, "Journal of Flumes, 2020")],
    ...          [piece(100, 300, 76, "[1] B. Lee, Rostburg weirs")]]
    >>> merged, rest = _wrapped_headings(lines, {0})
    >>> merged[0]["text"], rest
    ('Refereed Publications', {1})
    """
    column = [line[0] for index, line in enumerate(lines) if index in headings]
    if not column:
        return {}, set()
    x = Counter(round(p["tx"]) for p in column).most_common(1)[0][0]
    sizes = {round(p["font_height"], 1) for p in column if abs(p["tx"] - x) <= 2}
    ys = [line[0]["ty"] * line[0]["flip_sort"] for line in lines]
    # the pitch of a paragraph's lines: the least distance between baselines (a section's space is more)
    pitch = min((above - below for above, below in zip(ys, ys[1:]) if above - below > 0.5 * column[0]["font_height"]),
                default=0)

    def rest(index: int) -> bool:
        line = lines[index]
        return (abs(line[0]["tx"] - x) <= 2 and round(line[0]["font_height"], 1) in sizes
                and (len(line) == 1 or line[0]["displaced_tx"] < line[1]["tx"]) and len(line[0]["text"].split()) <= 3
                and not any(char.isdigit() for char in line[0]["text"]) and ys[index - 1] - ys[index] <= 1.3 * pitch)

    merged: dict[int, dict] = {}
    continued: set[int] = set()
    for index in sorted(headings - continued):
        heading, below = lines[index][0], index + 1
        if abs(heading["tx"] - x) > 2 or index in continued:
            continue
        while below < len(lines) and rest(below):
            word = lines[below][0]
            heading = dict(heading, text=f"{heading['text'].rstrip()} {word['text'].strip()}",
                           displaced_tx=max(heading["displaced_tx"], word["displaced_tx"]))
            continued.add(below)
            below += 1
        merged[index] = heading
    return merged, continued


def _parts(line: list[dict]) -> list[list[dict]]:
    """``line`` cut where a piece is another cell than the one before it (see :func:`_parted`)."""
    parts = [[line[0]]]
    for piece in line[1:]:
        if _parted(parts[-1][-1], piece["tx"], piece["font_height"], piece["text"]):
            parts.append([])
        parts[-1].append(piece)
    return parts


#: What a date column wraps onto the lines below a range's start: a date, a dash, a joining word ("al", "ad oggi").
_RANGE_REST = re.compile(r"[\d./-]*(?:19|20)\d\d[\d./-]*|[–—-]|(?:[^\W\d_A-Z]{1,8}\s?){1,2}|(?i:present|now|today)")


def _ranges_gathered(lines: list[list[dict]], gutter: float) -> list[list[dict]]:
    """A date column's ranges wrapped onto lines of their own ("01/09/2022" / "al" / "31/08/2025" beside an entry's
    first lines) joined to the line the range starts on, beside its entry: the column then shares the entry's baselines.

    >>> piece = lambda x, y, text: dict(tx=x, displaced_tx=x + 5 * len(text), ty=y, font_height=10, text=text)
    >>> [[p["text"] for p in line] for line in _ranges_gathered([[piece(0, 90, "09/2022"), piece(60, 90, "Postdoc, Univ. X")],
    ...     [piece(0, 80, "al")], [piece(60, 78, "Metz")], [piece(0, 70, "08/2025")]], 50)]
    [['09/2022', 'al', '08/2025', 'Postdoc, Univ. X'], ['Metz']]
    """
    out: list[list[dict]] = []
    opened = None  # the index in ``out`` of the last line whose left side starts a range
    for line in lines:
        left = [p for p in line if p["tx"] < gutter]
        if left and len(left) < len(line):
            opened = len(out) if YEAR.search(" ".join(p["text"] for p in left)) else None
        elif left and opened is not None and all(_RANGE_REST.fullmatch(p["text"].strip()) for p in left):
            start = out[opened]
            at = sum(p["tx"] < gutter for p in start)
            out[opened] = start[:at] + left + start[at:]
            continue
        elif left:
            opened = None
        out.append(line)
    return out


def _page_rows(pieces: list[dict], page: int, number: int) -> list[_Row]:
    """The rows of one page in reading order, numbered from ``number + 1``."""
    lines = _baselines([p for p in pieces if p["text"].strip()])
    if not lines:
        return []
    gutter = _gutter(lines)
    lines = _ranges_gathered(lines, gutter) if gutter is not None else lines
    blocks = [lines]
    if gutter is not None:
        sides = [([p for p in line if p["tx"] < gutter], [p for p in line if p["tx"] >= gutter])
                 for line in lines]
        both = sum(bool(left and right) for left, right in sides)
        lefts = sum(bool(left) for left, _ in sides)
        rights = sum(bool(right) for _, right in sides)
        # a date column or a column of dates at a tab stop shares the other side's baselines and is narrow;
        # a sidebar and a main column each keep their own; two columns of text of like widths share
        # baselines when they share a line pitch, and are still read one after the other
        widths = [max((p["displaced_tx"] for p in side), default=0) - min((p["tx"] for p in side), default=0)
                  for side in ([p for left, _ in sides for p in left], [p for _, right in sides for p in right])]
        if (both < 0.5 * lefts and both < 0.5 * rights) or min(widths) > 0.5 * max(widths):
            blocks = [[left for left, _ in sides if left], [right for _, right in sides if right]]
    blocks = [part for block in blocks for part in _banded(block)]
    rows = []
    for index, block in enumerate(blocks):
        headings = _headings(block)
        merged, continued = _wrapped_headings(block, headings)
        for line in (part for at, whole in enumerate(block)
                     for part in ([whole[1:]] if at in continued else [[merged.get(at, whole[0])], whole[1:]]
                                  if at in headings else _parts(whole)) if part):
            number += 1
            size = max(p["font_height"] for p in line)
            tail = None
            last = line[-1]
            # a cell set off at the right end: far from the text, or (a date column set close to
            # the text, as moderncv's oldstyle does) nearer than a justified line's widest word gap, if it holds a year
            gap = last["tx"] - line[-2]["displaced_tx"] if len(line) > 1 else 0
            if ((gap > 2 * size or gap > 0.8 * size and YEAR.search(last["text"])) and not last.get("cell")
                    and last["displaced_tx"] - last["tx"] < 0.25 * (last["displaced_tx"] - line[0]["tx"])):
                tail, line = last, line[:-1]
            rows.append(_Row(number, page, _joined(line), line[0]["tx"], line[-1]["displaced_tx"],
                             line[0]["ty"] * line[0]["flip_sort"], size, (index, len(blocks)),
                             tail["text"].strip() if tail else "", tail["tx"] if tail else None,
                             cells=any(p.get("cell") for p in line)))
    return rows


def _measure_columns(rows: list[_Row]) -> None:
    """Set each row's column right edge (the second-widest line of that column in the document, so
    that one overlong line such as an e-mail address does not move it) and line pitch (see :func:`_pitch`)."""
    ends: dict = {}
    gaps: dict = {}
    previous = None
    for row in rows:
        if row.x1 is None:
            continue
        column = (row.page, row.block)
        ends.setdefault(row.block, []).append(row.x1 if row.tail_x is None else row.tail_x)
        if (previous and (previous.page, previous.block) == column and abs(previous.size - row.size) <= 0.5
                and previous.y > row.y):  # not two cells of one baseline
            gaps.setdefault((*column, round(row.size)), Counter())[round(previous.y - row.y, 1)] += 1
        previous = row
    edges = {block: sorted(values)[-2] if len(values) > 1 else values[0] for block, values in ends.items()}
    for row in rows:
        if row.x1 is not None:
            row.right = edges[row.block]
            pitches = gaps.get((row.page, row.block, round(row.size)))
            row.pitch = _pitch(pitches) if pitches else 1.5 * row.size


def _pitch(gaps: Counter) -> float:
    """The distance between the lines of one paragraph, from the distances between a column's lines: the
    smallest that is not a stray (twice and a tenth of them at least), since a word processor's paragraphs
    are often set apart by a little more (the cells of a table row, one paragraph a line).

    >>> _pitch(Counter({14.9: 12, 12.7: 3, 9.1: 1}))
    12.7
    """
    common = [gap for gap, count in gaps.items() if count >= max(2, 0.1 * sum(gaps.values()))]
    return min(common) if common else gaps.most_common(1)[0][0]


def _furniture(text: str) -> str:
    return re.sub(r"\d+", "#", clean_inline(text).lower())


def _drop_furniture(pages: list[list[_Row]]) -> list[list[_Row]]:
    """Pages without their running headers and footers: top and bottom lines that repeat on most
    pages (digits aside, so "Page 2 of 5" repeats) or that are a page number, and what a browser
    prints in the margins in small type (the date and time, the page's title beside it, its address).
    A repeat set in larger type than the others stays: the name as page 1's title, when later pages
    carry it as a header; so does a repeat on page 1's top line set larger than the page's text (a
    name or "Lebenslauf" printed as the title of every page), read first. Top and bottom go by
    position, not reading order, which reads a page of columns column by column."""
    def margins(rows):  # the lines on the two top and two bottom baselines of a full page, one of a short one
        count = 2 if len(rows) >= 8 else 1
        if any(row.y is None for row in rows):
            return rows[:count] + rows[-count:]
        heights = sorted({round(row.y) for row in rows})
        edge = set(heights[:count] + heights[-count:])
        return [row for row in rows if round(row.y) in edge]

    seen: dict[str, set] = {}
    smallest: dict[str, float] = {}
    for page, rows in enumerate(pages):
        for row in margins(rows):
            key = _furniture(row.full)
            seen.setdefault(key, set()).add(page)
            smallest[key] = min(smallest.get(key, row.size), row.size)
    needed = max(2, -(-len(pages) * 3 // 5))

    def furniture(row) -> bool:
        key = _furniture(row.full)
        if PAGE_NUMBER.match(clean_inline(row.full)):
            return True
        return len(seen[key]) >= needed and row.size <= 1.2 * smallest[key]

    kept = []
    for page, rows in enumerate(pages):
        sizes = Counter()
        for row in rows:  # the type size of most of the page's text
            sizes[round(row.size)] += len(row.full)
        body_size = sizes.most_common(1)[0][0] if rows else 0
        placed = page == 0 and rows and None not in {row.y for row in rows}
        top = max(rows, key=lambda row: row.y) if placed else None
        title = id(top) if top and top.size > body_size and furniture(top) else None
        stamped = {round(row.y) for row in margins(rows) if row.y is not None and row.size < body_size
                   and PRINT_STAMP.match(clean_inline(row.full))}
        edge = {id(row) for row in margins(rows)} - {title}
        body = [row for row in rows if id(row) not in edge or not (furniture(row) or round(row.y or 0) in stamped)]
        body.sort(key=lambda row: id(row) != title)  # the title first, though a column beside it is read first
        if body:
            body[0].first = body[-1].last = True
        kept.append(body)
    return kept


def _follows(previous: _Row, row: _Row) -> bool:
    """Whether ``row`` is the next line of ``previous``'s column: at the usual line pitch below it,
    or the first line of the next page after the last of this one (an entry broken by a page end)."""
    if previous.y is None or row.y is None:
        return True  # the plain-text fallback has no positions to check
    if previous.block != row.block:
        return False
    if previous.page == row.page:
        return 0 < previous.y - row.y <= 1.15 * previous.pitch  # renderers round positions to pixels
    return row.page == previous.page + 1 and previous.last and row.first


def _continues(previous: _Row, row: _Row) -> bool:
    """Whether ``row`` is the wrapped rest of ``previous``: the next line of its column, in the same
    type size, not starting a new item, whose first word would not have fitted at the end of
    ``previous``; or the rest of a date range wrapped at its dash, or of a short label in capitals set
    flush right."""
    if previous.y is None or row.y is None or previous.cells or row.cells or not _follows(previous, row):
        return False
    if abs(previous.size - row.size) > 0.5:
        return False
    if (previous.text.isupper() and row.text.isupper() and abs(previous.x1 - row.x1) <= 1
            and len(f"{previous.text} {row.text}".split()) <= 4):
        return True  # a label in capitals wrapped in its narrow column, flush right (Europass)
    if row.x0 < previous.x0 - 1:
        return False
    if ENTRY_END.search(previous.text) and RANGE_REST.match(row.text):
        return True
    if ITEM_START.match(row.text):
        return False
    if row.x0 >= previous.x0 + row.size and len(previous.text.split()) > 3 and (
            row.text[:1].islower() or previous.text.endswith(",")):
        # the rest of an entry set with a hanging indent ("e A. Ruiz. J. of Tides"), however short its first word
        return True
    if len(previous.text.split()) < 3:  # a list of short items is not a wrapped paragraph
        return False
    if ENTRY_END.search(previous.text) and row.text[:1].isupper():  # CV entries end with their dates
        return False
    first = row.text.split()[0]
    end = previous.tail_x - previous.size if previous.tail_x is not None else row.right
    room = end - previous.x1
    return room < (row.x1 - row.x0) * (len(first) + 1) / max(len(row.text), 1) and room < 0.4 * (end - previous.x0)


def _dehyphenate(head: str, tail: str, vocabulary: Counter) -> str:
    """``head`` ending in "Univer-" and ``tail`` starting "sity": the joined word unless the
    hyphenated form is the plausible one (it occurs elsewhere, or ``head`` is already a compound).

    >>> _dehyphenate("PhD, Univer-", "sity of Lindmark", Counter())
    'PhD, University of Lindmark'
    >>> _dehyphenate("a state-of-the-", "art flume", Counter())
    'a state-of-the-art flume'
    >>> _dehyphenate("Ilse Brandt-", "Okafor", Counter())
    'Ilse Brandt-Okafor'
    """
    end = _HYPHENATED_END.search(head)
    start = _FIRST_WORD.match(tail)
    if not end or not start:
        return f"{head} {tail}"
    if not start.group(1)[0].islower():  # a compound name broken at its hyphen: "Oduya-" over "Whitlock"
        return f"{head}{tail}"
    part, rest = end.group(1), start.group(1)
    word = part + rest
    joined = word.lower().rstrip(".,;:)")
    hyphened = f"{part}-{rest}".lower().rstrip(".,;:)")
    if vocabulary[joined] or not (vocabulary[hyphened] or "-" in part):
        return f"{head[:-1]}{tail}"
    return f"{head}{tail}"


def _join(rows: list[_Row]) -> list[_Row]:
    """Wrapped lines joined to the line they continue (which keeps its number), hyphens resolved."""
    _measure_columns(rows)
    vocabulary = Counter(word.lower() for row in rows for word in _WORD.findall(row.full))
    body = Counter(round(row.size) for row in rows).most_common(1)[0][0] if rows else 0
    out: list[_Row] = []
    for row in rows:
        previous = out[-1] if out else None
        # the document's title (a name) set large over a narrow sidebar's lines is one line
        title = (len(out) == 1 and previous.y is not None and previous.size >= 1.4 * body
                 and abs(previous.size - row.size) <= 0.5 and not previous.tail and not row.tail)
        if previous and (_continues(previous, row) or (_HYPHENATED_END.search(previous.text) or title)
                         and (row.text[:1].islower() or title) and _follows(previous, row)):
            previous.text = _dehyphenate(previous.text, row.text, vocabulary)
            previous.x1, previous.y, previous.page, previous.last = row.x1, row.y, row.page, row.last
            if row.tail:
                previous.tail = f"{previous.tail} {row.tail}".strip()
            previous.tail_x = row.tail_x
            continue
        out.append(row)
    return out


def parse_pdf(raw: bytes) -> tuple[tuple, dict]:
    """Lines and metadata of a PDF.

    Line numbers count the lines the reader rebuilt, across pages (page 1's first line is 1),
    including dropped headers and footers; a line joined from wrapped lines has the number of
    its first. ``metadata['page_starts']`` gives the first line number of each page. Bullet
    glyphs at a line start become ``- ``. Corrupt and encrypted files raise
    :class:`SourceError`; pypdf's own warnings are silenced.
    """
    logging.getLogger("pypdf").setLevel(logging.CRITICAL)
    try:
        from pypdf import PdfReader
        from pypdf.errors import FileNotDecryptedError, PdfReadError
    except ImportError:  # pragma: no cover - pypdf is a dependency
        raise SourceError("PDF support needs pypdf") from None
    metadata: dict = {}
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
        per_page: list[list[_Row]] = []
        for index in range(count):
            starts.append(number + 1)
            try:
                rows = _page_lines(pages[index], index, number)
            except FileNotDecryptedError:
                raise SourceError("encrypted PDF (needs a password)") from None
            except Exception:
                failed += 1
                rows = []
            number = rows[-1].number if rows else number
            per_page.append(rows)
    out = Lines()
    for row in _join([row for rows in _drop_furniture(per_page) for row in rows]):
        out.add(row.number, _BULLET.sub("- ", _LEADER.sub(" ", _CONTROL.sub("", _compose(row.full)))))
    metadata["pages"] = count
    metadata["page_starts"] = tuple(starts)
    lines = out.result()
    if not lines:
        if failed:
            raise SourceError("corrupt PDF (no page could be read)")
        raise SourceError("PDF has no extractable text (scanned image?)")
    _drop_unprinted(metadata, " ".join(line.text for line in lines))
    return lines, metadata


# where a metadata title's lead ends: "Ada Lund – Curriculum Vitae", "Ada Lund | CV", "Lund, Ada"
_METADATA_LEAD_END = re.compile(r"\s+[-–—|:]\s+|\s*[,;(]")


def _drop_unprinted(metadata: dict, text: str) -> None:
    """Drop a title or author of two words or more whose lead the pages never print: a template's
    default ("Overleaf Example", read as a name), not the document's; a one-word title ("CV") stays.

    >>> metadata = {"title": "Overleaf Example", "author": "Ada Lund"}
    >>> _drop_unprinted(metadata, "Ada Lund  Curriculum vitae")
    >>> metadata
    {'author': 'Ada Lund'}
    """
    printed = clean_inline(text).casefold()
    for key in ("title", "author"):
        lead = clean_inline(_METADATA_LEAD_END.split(metadata.get(key, ""))[0]).casefold()
        if key in metadata and len(lead.split()) > 1 and lead not in printed:
            del metadata[key]


def _page_lines(page, index: int, number: int) -> list[_Row]:
    """The rows of one page: rebuilt from positions, or pypdf's plain text lines as a fallback."""
    try:
        pieces = _pieces(page)
        if pieces is not None:
            for piece in pieces:
                piece["text"] = piece["text"].translate(_LIGATURES)
            return _page_rows(pieces, index, number)
    except Exception:  # layout internals differ between pypdf versions and choke on odd pages; plain text still reads
        pass
    text = (page.extract_text() or "").translate(_LIGATURES).replace("\r\n", "\n").replace("\r", "\n")
    return [_Row(number + offset, index, line) for offset, line in enumerate(text.split("\n"), 1)]
