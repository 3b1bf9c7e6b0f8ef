"""Fuzzing the whole front half of the pipeline: random and mutated documents through loading
and extraction. Nothing escapes but kg's documented DocumentError, and no document takes over
a second of CPU time."""
from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kg.errors import DocumentError
from kg.pipeline import extract_file

from conftest import DATA

FIXTURES = sorted(p for folder in ("extract", "ingest") for p in (DATA / folder).iterdir() if p.is_file())
SUFFIXES = sorted({p.suffix for p in FIXTURES} | {"", ".pdf"})
# characters that break markup of every format kg reads
NOISE = list("{}[]\\$&%#*_<>-|:\n \"'`~^=!/()@,.;ab0129") + ["\\section{", "<div>", "---\n", "\\cventry{", "- ", "# "]


@pytest.fixture(scope="module", autouse=True)
def _models_loaded():
    """The models and patterns a first extraction loads or compiles, paid before a timed document."""
    extract_file(FIXTURES[0])


def load_and_extract(path) -> None:
    started = time.process_time()
    try:
        _, extraction = extract_file(path)
    except DocumentError:
        return
    finally:
        assert time.process_time() - started < 1.0, path.name
    ids = {e.id for e in extraction.entities}
    assert extraction.subject in ids
    assert all(r.subject in ids and r.object in ids for r in extraction.relations)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=4000), suffix=st.sampled_from(SUFFIXES))
def test_random_bytes(tmp_path, raw, suffix):
    path = tmp_path / f"doc{suffix}"
    path.write_bytes(raw)
    load_and_extract(path)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fixture=st.sampled_from(FIXTURES),
       edits=st.lists(st.tuples(st.integers(0, 20_000), st.integers(0, 60),
                                st.lists(st.sampled_from(NOISE), max_size=8).map("".join)),
                      min_size=1, max_size=8))
def test_mutated_documents(tmp_path, fixture, edits):
    text = fixture.read_text(encoding="utf-8")
    for position, length, insert in edits:
        position %= len(text) + 1
        text = text[:position] + insert + text[position + length:]
    path = tmp_path / fixture.name
    path.write_text(text, encoding="utf-8")
    load_and_extract(path)


# -- adversarial shapes: what a quadratic pattern chokes on ----------------------------------
N = 16_000
#: one-line texts of ~16k characters, each a long run of something a pattern repeats over
SHAPES = {
    "spaces between words": "A" + " " * N + "b",
    "tabs between words": "A" + "\t" * N + "b",
    "bullet then spaces": "- " + " " * N + "x",
    "heading mark then spaces": "#" + " " * N + "x",
    "unclosed markdown links": "[x " * (N // 3),
    "empty markdown links": "[](" * (N // 3),
    "unclosed link then a space": "[" * N + "](" + " ",
    "unclosed images": "![" * (N // 2) + "](",
    "open brackets": "[" * N,
    "close brackets": "]" * N,
    "open parentheses": "(" * N,
    "parenthesised words": "(A " * (N // 3),
    "open braces": "{" * N,
    "angle brackets": "<" * N,
    "digits": "1" * N,
    "years joined by dashes": "2019-" * (N // 5),
    "year ranges": "2019-2020, " * (N // 11),
    "month dates": "Jan 2019 - " * (N // 11),
    "at signs": "a@" * (N // 2),
    "dashes": "-" * N,
    "pipes": "|" * N,
    "dots": "." * N,
    "commas": ", " * (N // 2),
    "initials": "A. " * (N // 3),
    "capitalised words": "Aaa Bbb Ccc " * (N // 12),
    "organisation words": "University of X, " * (N // 17),
    "role at": "Engineer at " * (N // 12),
    "connectives": "A and " * (N // 6),
    "emphasis marks": "**" * (N // 2),
    "backslashes": "\\" * N,
    "CJK text without spaces": "研究" * (N // 2),
    "copyright signs": "© " * (N // 2),
    "CJK text with Latin letters": "研究A" * (N // 3),
    "numbered dots": "1." * (N // 2),
    "dotted words": "a.b" * (N // 3),
    "glued capitalised words": "UniversityOf" * (N // 12),
    "markup noise": "".join(NOISE[:-6]).replace("\n", "") * (N // 40),
}


def _as(suffix: str, text: str) -> str:
    """``text`` where a document of that format keeps it as one piece of text."""
    import json

    if suffix == ".html":
        return f"<html><body><h1>Ada Quill</h1><p>{text}</p></body></html>"
    if suffix == ".json":
        return json.dumps({"basics": {"name": "Ada Quill", "summary": text}, "work": [{"name": text}, {"position": text}]})
    if suffix == ".yml":
        return json.dumps({"name": "Ada Quill", "summary": text})  # JSON is YAML
    if suffix == ".tex":
        return f"\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Work}}\n{text}\n\\end{{document}}\n"
    return f"# Ada Quill\n\n## Work\n\n{text}\n"


@pytest.mark.slow
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_adversarial_lines_take_under_a_second(tmp_path, shape):
    for suffix in (".txt", ".md", ".html", ".tex", ".json", ".yml"):
        path = tmp_path / f"doc{suffix}"
        path.write_text(_as(suffix, SHAPES[shape]), encoding="utf-8")
        load_and_extract(path)


@pytest.mark.slow
def test_many_short_lines_and_one_huge_line_take_under_a_second(tmp_path):
    # 64k characters on one line: 2,000 sentences of prose, each read once
    for name, text in (("lines.md", "Aa Bb\n" * (N // 6)), ("huge.txt", "Ada Quill works at Harrow Labs. " * 2_000)):
        path = tmp_path / name
        path.write_text(text)
        load_and_extract(path)


def test_a_number_of_thousands_of_digits_is_a_document_error(tmp_path):
    for suffix in (".json", ".yml"):
        path = tmp_path / f"cv{suffix}"
        path.write_text('{"basics": {"name": "Ada Quill"}, "awards": ' + "1" * 5000 + "}")
        with pytest.raises(DocumentError, match="number too long"):
            extract_file(path)
