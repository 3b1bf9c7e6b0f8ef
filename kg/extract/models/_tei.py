"""Reading GROBID's labelled TEI files into token sequences, for the name and affiliation models.

A TEI training file marks fields with elements (``<forename>Ada</forename>``); the text between
them (commas, "and", markers) belongs to no field. :func:`labelled_segments` turns an element
into ``(text, label)`` pieces in reading order, and :func:`labelled_tokens` cuts those into
tokens, each with the label of the piece it came from.

>>> from xml.etree import ElementTree as ET
>>> el = ET.fromstring("<author><surname>Quill</surname>, <forename>Ada</forename></author>")
>>> labelled_tokens(labelled_segments(el, lambda e: e.tag if e.tag != "author" else None))
[('Quill', 'surname'), (',', None), ('Ada', 'forename')]
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from xml.etree import ElementTree as ET

from kg.extract.models._crf import tokenize

__all__ = ["labelled_segments", "labelled_tokens", "tei_files", "local_name", "held_out"]


def local_name(element: ET.Element) -> str:
    """An element's tag without its namespace."""
    return element.tag.rpartition("}")[2]


def labelled_segments(element: ET.Element, label_of: Callable[[ET.Element], str | None]) -> list[tuple[str, str | None]]:
    """The text of ``element`` as ``(text, label)`` pieces in reading order.

    ``label_of`` names the field of an element (its whole text takes that label) or returns
    ``None`` to read into its children; text outside any field has the label ``None``.
    """
    out: list[tuple[str, str | None]] = []

    def walk(el: ET.Element) -> None:
        if el.text:
            out.append((el.text, None))
        for child in el:
            label = label_of(child)
            if label is not None:
                out.append(("".join(child.itertext()), label))
            else:
                walk(child)
            if child.tail:
                out.append((child.tail, None))

    walk(element)
    return out


def labelled_tokens(segments: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    """The tokens of ``(text, label)`` pieces, each with its piece's label."""
    return [(token.text, label) for text, label in segments for token in tokenize(text)]


def tei_files(folder: Path) -> Iterator[tuple[Path, ET.Element]]:
    """The parsed ``*.xml`` files under ``folder`` (sorted; unreadable files are skipped)."""
    for path in sorted(folder.rglob("*.xml")):
        try:
            yield path, ET.parse(path).getroot()
        except ET.ParseError:
            continue


def held_out(path: Path) -> bool:
    """Whether a training file belongs to the held-out split: GROBID's own ``evaluation``
    folders, and every tenth corpus file by a stable hash of its name."""
    if "evaluation" in path.parts:
        return True
    return sum(path.name.encode()) % 10 == 0
