"""Tests for kg.extract.models: the CRF base and the citation parser (features, readers, renderings, training, the shipped model)."""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import pytest

from conftest import DATA, ROOT
from kg.extract.models import _crf, citation

FIXTURE = DATA / "models" / "citations.xml"


def _fields(text: str) -> dict[str, str]:
    """The first field of each label, trimmed of edge punctuation."""
    out: dict[str, str] = {}
    for f in citation.parse(text):
        out.setdefault(f.label, f.text.strip(" .,;:()“”\"|"))
    return out


# -- features ----------------------------------------------------------------------------------

def test_markup_becomes_features_and_leaves_the_text():
    tokens, fs = citation.features("<b>Mira Holm</b>, \\emph{Tidal gizmos}, [PDF](a.pdf) “Quoted words here”")
    words = [t.text for t in tokens]
    assert words[:2] == ["Mira", "Holm"] and "\\" not in "".join(words) and "<" not in "".join(words)
    assert "bold" in fs[0] and "bold" not in fs[3]
    assert "italic" in fs[words.index("Tidal")]
    assert "link" in fs[words.index("PDF")]
    assert "quote" in fs[words.index("Quoted")]
    assert "-2:bold" in fs[words.index("Tidal")] and "-1:lower:holm" in fs[words.index(",")]  # a neighbour's markup and word


def test_markdown_italic_and_a_lone_equal_contribution_mark():
    clean, marks = citation.strip_markup("Mira Holm*, Bo Chen. *Tidal gizmos*. _Gizmo Letters_")
    assert clean == "Mira Holm*, Bo Chen. Tidal gizmos. Gizmo Letters"
    assert marks[clean.index("Tidal")] == {"italic"} and marks[clean.index("Gizmo")] == {"italic"}
    assert marks[clean.index("*")] == frozenset()


def test_dictionary_year_and_line_features():
    tokens, fs = citation.features("Holm, M. Tidal gizmos.\nProceedings of NeurIPS 2021, (ICML'22)")
    by_word = {t.text: f for t, f in zip(tokens, fs)}
    assert "nl" in by_word["Proceedings"] and "nl" not in by_word["Tidal"] and "+2:nl" in by_word["gizmos"]
    assert "year" in by_word["2021"] and "shortyear" in by_word["ICML'22"]
    assert "venuename" in by_word["NeurIPS"] and "venuename" in by_word["ICML'22"]
    assert "inparen" in by_word["ICML'22"] and "inparen" not in by_word["2021"]


def test_field_scores_need_the_whole_span():
    scores = _crf.field_scores([["author", "author", "title"]], [["author", "title", "title"]])
    assert scores["author"][:3] == (0.0, 0.0, 0.0) and scores["title"][:3] == (0.0, 0.0, 0.0)
    assert _crf.field_scores([["a", "t"]], [["a", "t"]])["ALL"][2] == 1.0


# -- readers and renderings --------------------------------------------------------------------

def test_grobid_reader_maps_levels_and_glues_punctuation(tmp_path):
    (tmp_path / "g.xml").write_text(
        '<TEI xmlns="http://www.tei-c.org/ns/1.0"><listBibl>'
        '<bibl><author>B. Ng</author>, <title level="a">Rain on gizmos</title>, in <title level="m">Proc. Gizmo Conf.</title>'
        ' (<date>1999</date>) <biblScope unit="page">3</biblScope>.</bibl>'
        '<bibl><author>C. Li</author>, <title level="m">A Book of Gizmos</title> (<date>2001</date>).</bibl>'
        '</listBibl></TEI>', encoding="utf-8")
    first, second = citation.read_grobid(tmp_path / "g.xml")
    assert [label for label, _ in first if label] == ["author", "title", "container", "date", "other"]
    assert ("title", "A Book of Gizmos") in second
    feats, labels, tokens = citation._sequence(first)
    assert list(zip([t.text for t in tokens], labels))[-6:] == [
        (".", "container"), ("(", "date"), ("1999", "date"), (")", "date"), ("3", "other"), (".", "other")]


def test_renderings_keep_each_field_labelled():
    refs = citation.read_anystyle(FIXTURE)
    rng = random.Random(3)
    for ref in refs[:20]:
        fields = citation._fields(ref)
        rendered = citation.render_cv(ref, rng, [("GIZ", "Conference on Gizmos")])
        title_words = "".join(text for label, text in rendered if label == "title")
        assert fields["title"].split()[0] in title_words
        assert {"author", "title"} <= {label for label, _ in rendered}


def test_renderings_write_inverted_lists_given_name_first_and_hyphenate_names():
    ref = [("author", "Holm, Mira K. and Strand, J. P."), (None, " "), ("date", "(2019)."), (None, " "),
           ("title", "Soil gizmos under drought."), (None, " "), ("container", "Gizmo Letters,")]
    rng = random.Random(5)
    lists = [" ".join(text for label, text in citation.render_cv(ref, rng, []) if label == "author")
             for _ in range(300)]
    assert any("Mira K. Holm" in a and "J. P. Strand" in a for a in lists)  # given name first
    assert any("J.-P." in a for a in lists)  # initials of one given name hyphenated
    assert any(re.search(r"(?:Mira|Holm|Strand)-(?:[Mm]ira|[Hh]olm|[Ss]trand)\b", a) for a in lists)
    assert sum("Holm, Mira K." in a for a in lists) > 60  # many lists stay as written


def test_renderings_move_some_years_to_a_cvs_recent_ones():
    ref = [("author", "Holm, M."), (None, " "), ("date", "(1987)."), (None, " "), ("title", "Soil gizmos under drought."),
           (None, " "), ("container", "Gizmo Letters,")]
    rng = random.Random(5)
    years = [text for _ in range(100) for label, text in citation.render_cv(ref, rng, []) if label == "date"]
    assert any("1987" in y for y in years)
    assert any(re.search(r"20(?:0[5-9]|1\d|2[0-6])", y) for y in years)


# -- training ----------------------------------------------------------------------------------

def test_a_model_trained_on_a_small_sample_learns(tmp_path):
    refs = citation.read_anystyle(FIXTURE)
    train, held_out = refs[:30], refs[30:]
    path = citation.train_references(train, tmp_path / "small.crfsuite", renderings=1, venues=[],
                                     max_iterations=60)
    scores = citation.evaluate(held_out, path)
    assert scores["author"][2] >= 0.8 and scores["title"][2] >= 0.8 and scores["date"][2] >= 0.9
    tagger = _crf.Tagger(path)
    tokens, fs = citation.features("Vogel, T., & Lind, S. (2012). Graph caches in practice. Gizmo Letters, 4, 1-9.")
    labels = dict(zip([t.text for t in tokens], tagger.tag(fs)))
    assert (labels["Vogel"], labels["2012"], labels["caches"], labels["Gizmo"]) == ("author", "date", "title", "container")


_TRAIN_SMALL = """
import sys
from pathlib import Path
from kg.extract.models import citation
refs = citation.read_anystyle(Path(sys.argv[1]))[:30]
citation.train_references(refs, sys.argv[2], renderings=2, venues=[("ICGS", "International Conference on Gizmo Science")], max_iterations=30)
"""


def test_training_writes_the_same_file_whatever_the_hash_seed(tmp_path):
    # the train command must rebuild the shipped file byte for byte: each process hashes strings its own way
    files = []
    for seed in ("1", "2", "3"):
        path = tmp_path / f"seed{seed}.crfsuite"
        subprocess.run([sys.executable, "-c", _TRAIN_SMALL, str(FIXTURE), str(path)], check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}, cwd=ROOT)
        files.append(path.read_bytes())
    assert files[0] == files[1] == files[2]


# -- the shipped model -------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("*Tidal Gizmos at Scale*, Mira Holm, **Tala Strand**, Jonas Vogel. Journal of Gizmo Science 7, 2 (2023).",
     {"title": "Tidal Gizmos at Scale", "author": "Mira Holm, Tala Strand, Jonas Vogel", "container": "Journal of Gizmo Science"}),
    ("2021. Mira Holm, Jonas Vogel. Sparse gizmos for long documents. NeurIPS.",
     {"date": "2021", "author": "Mira Holm, Jonas Vogel", "title": "Sparse gizmos for long documents"}),
    ("Mira Holm, Tala Strand, Elastic Pipelines for Gizmo Training (PPoPP'24)",
     {"author": "Mira Holm, Tala Strand", "title": "Elastic Pipelines for Gizmo Training", "container": "PPoPP'24"}),
    ("Holm, M., & Strand, T. (2019). Soil gizmos under drought. Ecology Letters, 22(3), 45-67.",
     {"author": "Holm, M., & Strand, T", "date": "2019", "title": "Soil gizmos under drought"}),
    ("- Mira Holm*, Tala Strand*, Bo Vogel. Robust gizmo routing. In *Proceedings of the Conference on Gizmos*, 2020. [PDF] [code]",
     {"author": "Mira Holm*, Tala Strand*, Bo Vogel", "title": "Robust gizmo routing", "link": "[PDF] [code]"}),
])
def test_the_shipped_model_parses_cv_styles(text, expected):
    found = _fields(text)
    assert {k: found.get(k) for k in expected} == expected


def test_the_shipped_model_is_loaded_once_per_process():
    assert _crf.load("citation") is _crf.load("citation")
    assert set(_crf.load("citation").labels()) <= set(citation.LABELS)
