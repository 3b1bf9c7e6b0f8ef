"""Readable-text helpers: markup removal, bullets, paragraphs and sentences with line maps.

>>> clean("- **Kyoto University** [link](https://x.org) Kyoto")
'Kyoto University link Kyoto'
>>> text = "He got a Ph.D. in 2013. She is Dr. Lee. Done"
>>> [text[a:b].strip() for a, b in sentence_spans(text)]
['He got a Ph.D. in 2013.', 'She is Dr. Lee.', 'Done']
"""
from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache, wraps
from operator import itemgetter

from kg.extract.gazetteer import data_patterns

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow); their
# vocabularies are the kinds of ``data/sentence_patterns.tsv``.
_WORDS = data_patterns("sentence_patterns.tsv")
_SENTENCE_END = re.compile(r"[.!?;](?=\s+[\"'(\[]?[A-Z0-9])")

__all__ = ["alternation", "clean", "is_bullet", "strip_bullet", "Passage", "passages", "sentence_spans", "cached_copy",
           "COLUMN_GAP", "SPACED_AND", "LEADING_THE", "PAREN_ASIDE", "LETTER_WORD", "CJK_CHAR", "ANY_YEAR"]

# Patterns the rule modules share.
#: A wide gap between words: the column break of a CV laid out in a PDF or a plain-text table.
COLUMN_GAP = re.compile(r"(?<=\S)(?: {3,}|\t+)(?=\S)")
SPACED_AND = re.compile(r"\s+and\s+")
LEADING_THE = re.compile(r"^the\s+", re.I)
PAREN_ASIDE = re.compile(r"\([^)]*\)")
LETTER_WORD = re.compile(r"[^\W\d_][\w-]*")
#: A Chinese character or a Hangul syllable.
CJK_CHAR = re.compile(r"[\u3400-\u9fff\uac00-\ud7af]")
#: A year of the 20th or 21st century, anywhere ("2019", "x2019y").
ANY_YEAR = re.compile(r"(?:19|20)\d\d")

# A Markdown image and link: ``![alt](url)``, ``[text](url "title")``. The text holds no bracket (the
# innermost brackets make the link, as in CommonMark) and the URL no "](": so an attempt that fails
# stops at the next bracket, where the next attempt starts; else each "[" of a line of thousands
# ("[](" * 5000) read the rest of the line again, quadratic in its length.
_MD_IMAGE = re.compile(r"!\[[^\[\]]*\]\((?:[^)\]]|\](?!\())*\)")
_MD_LINK = re.compile(r"\[([^\[\]]*)\]\(((?:[^)\s\]]|\](?!\())*)(?:\s+\"[^\"]*\")?\)")
_ANGLE_URL = re.compile(r"<((?:https?|mailto):[^>\s]+)>")
_HTML_TAG = re.compile(r"</?[a-zA-Z][^>]{0,300}>")
_EMPHASIS = re.compile(r"(\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`)")
_ESCAPE = re.compile(r"\\([*_#\[\]()&$%{}])")
_BULLET = re.compile(r"^\s*(?:[-*+•◦▪►●○·–]|\d{1,3}[.)]|\[\d{1,3}\]|\(\d{1,3}\)|[a-z][.)])\s+")


def cached_copy(maxsize: int, copy=list):
    """``functools.lru_cache(maxsize)`` for a function whose answer its callers may change: the cache keeps
    the answer, and each call returns ``copy`` of it.

    >>> @cached_copy(16)
    ... def letters(word): return list(word)
    >>> mine = letters("ab"); mine.append("c"); letters("ab")
    ['a', 'b']
    """
    def decorate(function):
        cached = lru_cache(maxsize=maxsize)(function)
        return wraps(function)(lambda *args, **kwargs: copy(cached(*args, **kwargs)))
    return decorate


@lru_cache(maxsize=65536)
def clean(text: str) -> str:
    """The line without markdown/HTML markup or bullet, whitespace collapsed.

    >>> clean("* [Jane Roe](https://j.org) (*co-advisor*)")
    'Jane Roe (co-advisor)'
    """
    # each substitution runs only when the text holds the characters its pattern needs
    if "](" in text:
        text = _MD_IMAGE.sub(" ", text)
        text = _MD_LINK.sub(lambda m: m.group(1), text)
    if "<" in text:
        text = _ANGLE_URL.sub(lambda m: m.group(1), text)
        text = _HTML_TAG.sub(" ", text)
    text = text.replace("&nbsp;", " ").replace("&amp;", "&")
    if "\\" in text:
        text = _ESCAPE.sub(r"\1", text)
    if "*" in text or "_" in text or "`" in text:
        text = _EMPHASIS.sub("", text)
    text = strip_bullet(text.lstrip("#").strip())
    if text.startswith("#"):  # "- # University of X": a heading written inside a list item
        text = text.lstrip("#").strip()
    return " ".join(text.split())


def alternation(words) -> str:
    """``"|".join(map(re.escape, sorted(words)))`` with the openings the words share written once: the same matches,
    the words tried in the same order, but the engine drops a word at its first differing letter instead of trying
    each of hundreds at every place.

    >>> alternation(["in", "intern", "editor"])
    'editor|i(?:n(?:|tern))'
    """
    words, out = sorted(set(words)), []
    while words:
        group = [w for w in words if w[:1] == words[0][:1]]  # sorted: the words a letter opens follow each other
        words = words[len(group):]
        out.append(re.escape(group[0]) if len(group) == 1 else re.escape(group[0][0]) + f"(?:{alternation([w[1:] for w in group])})")
    return "|".join(out)


def is_bullet(text: str) -> bool:
    """Whether the raw line starts with a list marker."""
    return bool(_BULLET.match(text))


def strip_bullet(text: str) -> str:
    """The line without its list marker."""
    return _BULLET.sub("", text, count=1) if _BULLET.match(text) else text


_CONNECTOR_END = re.compile(r"\b(?:of|the|at|in|and|with|from|by|for|to|a|an|as|under|on)$")
#: Words that open a new sentence: after a line without a full stop (HTML paragraphs), or after an
#: abbreviation that is no title ("Tech.", "Ph.D.").
_SENTENCE_START = re.compile(rf"\s*(?:{_WORDS['sentence_start']})\b")

#: A labelled line ("Research Areas: ...", "Email: ...", "E-Mail: ...") starts afresh after a line without a full stop.
_LABEL_START = re.compile(r"^[A-Z][^\W\d_]*(?:-[^\W\d_]+)?(?: [^\W\d_]+){0,3} ?: ")


@dataclass(frozen=True)
class Passage:
    """Text joined from consecutive lines, with the line index of every character run."""

    text: str
    first: int
    last: int
    starts: tuple[tuple[int, int], ...]  # (char offset, line index), ascending

    def line_at(self, offset: int) -> int:
        """The document line index that holds character ``offset``."""
        at = bisect_right(self.starts, offset, key=itemgetter(0))
        return self.starts[at - 1][1] if at else self.first


def passages(lines: list[tuple[int, str]], *, numbers: dict[int, int] | None = None) -> list[Passage]:
    """Group ``(line index, cleaned text)`` pairs into prose passages.

    Lines are joined while they continue a sentence (no blank/heading/bullet break and
    the previous line does not end a sentence), so prose wrapped over several source
    lines reads as one passage. With the source line ``numbers`` of the indexes, a capitalised
    line after a gap in the source (a blank line) opens a new paragraph unless the line before
    runs on ("... in the" / "Department of X,").

    >>> [p.text for p in passages([(0, "Professor of Practice, Rice University"), (1, "Ana Ruiz joined Rice in 2021.")],
    ...                           numbers={0: 3, 1: 5})]
    ['Professor of Practice, Rice University', 'Ana Ruiz joined Rice in 2021.']
    """
    out: list[Passage] = []
    text, starts, first, last = "", [], None, None
    prev_line = ""
    for index, line in lines:
        if not line:
            if text:
                out.append(Passage(text, first, last, tuple(starts)))
            text, starts, first, last = "", [], None, None
            continue
        continues = (text and last is not None and index == last + 1 and not text.endswith((".", ":", "!", "?"))
                     and (len(prev_line) >= 40 or _CONNECTOR_END.search(prev_line))
                     and not (_SENTENCE_START.match(line) and not _CONNECTOR_END.search(prev_line))
                     and not _LABEL_START.match(line) and " | " not in line and " | " not in prev_line  # table rows stand alone
                     and not (numbers and numbers[index] > numbers[last] + 1 and line[:1].isupper()
                              and not prev_line.endswith(",") and not _CONNECTOR_END.search(prev_line)))
        if text and not continues:
            out.append(Passage(text, first, last, tuple(starts)))
            text, starts, first = "", [], None
        prev_line = line
        if first is None:
            first = index
        if text:
            text += " "
        starts.append((len(text), index))
        text += line
        last = index
    if text:
        out.append(Passage(text, first, last, tuple(starts)))
    return out


_ABBREV_END = re.compile(rf"(?:\b(?:{_WORDS['title']}|{_WORDS['abbreviation']})|\b[A-Z])\.$")

_TITLE_OR_INITIAL_END = re.compile(rf"(?:\b(?:{_WORDS['title']})|\b[A-Z])\.\s*$")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence: split at ``. ``/``! ``/``? `` not after an abbreviation or initial."""
    out, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        end = match.end()
        if _ABBREV_END.search(text[max(start, end - 12):end]) and not (
                _SENTENCE_START.match(text, end) and not _TITLE_OR_INITIAL_END.search(text[max(start, end - 6):end])):
            continue  # "Ph.D. in", "Dr. Lee"; but "... at Virginia Tech. I am" ends a sentence
        out.append((start, end))
        start = end
    if text[start:].strip():
        out.append((start, len(text)))
    return out
