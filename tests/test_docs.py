"""The README's console transcripts are what the commands print (``docs/transcripts.py``)."""
from __future__ import annotations

import doctest
import importlib.util
import re
import struct
import sys
from pathlib import Path

import pytest

from conftest import ROOT



def _script(name: str):
    """A script of docs/ as a module (docs/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "docs" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


transcripts = _script("transcripts")
seeds_graph = _script("seeds_graph")
quality = _script("quality")

FENCE = "```"


def test_the_module_examples_hold():
    assert doctest.testmod(transcripts).failed == 0


def test_a_command_goes_on_while_a_quote_is_open_and_blank_lines_separate_outputs():
    text = f"intro\n{FENCE}console\n# a note\n$ printf 'a\n b'\na\n b\n\n$ echo c \\\n  d\nc d\n{FENCE}\n"
    (block,) = transcripts.parse(text)
    assert [c.text for c in block.commands] == ["printf 'a\n b'", "echo c \\\n  d"]
    assert [c.output for c in block.commands] == [["a", " b"], ["c d"]]
    assert [c.gap for c in block.commands] == [1, 0]
    assert block.render() == text.split("\n")[3:-2]


def test_outputs_match_across_elisions_and_timings_but_not_other_changes():
    assert transcripts.matches(["built 3 in 0.4 s", "  ...", "end"], ["built 3 in 12.5 s", "x", "y", "end"])
    assert not transcripts.matches(["built 3 in 0.4 s"], ["built 4 in 0.4 s"])
    assert not transcripts.matches(["a", "..."], ["b", "c"])


def test_rewriting_keeps_elisions_and_timings_and_checking_then_finds_no_drift(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(
        "# A tool\n\n<!-- transcript: fresh -->\n"
        f"{FENCE}console\n$ printf 'Items (3):\\n  one\\n  two\\n  six\\nTotal (3)\\n'\nItems (2):\n  one\n  ...\n"
        f"Total (2)\n\n$ echo 'took 0.2 s, in 0.2 s'; ls\ntook 0.2 s, in 9.9 s\nnothing\n{FENCE}\n\nThe end.\n")
    drifted = transcripts.drift(readme)
    assert len(drifted) == 2 and "+seeds" in drifted[1]

    assert transcripts.rewrite(readme) == 2
    assert readme.read_text() == (
        "# A tool\n\n<!-- transcript: fresh -->\n"
        f"{FENCE}console\n$ printf 'Items (3):\\n  one\\n  two\\n  six\\nTotal (3)\\n'\nItems (3):\n  one\n  ...\n"
        f"Total (3)\n\n$ echo 'took 0.2 s, in 0.2 s'; ls\ntook 0.2 s, in 9.9 s\nseeds\n{FENCE}\n\nThe end.\n")
    assert transcripts.drift(readme) == []


def test_a_command_that_never_ends_is_stopped_and_named(tmp_path, monkeypatch):
    monkeypatch.setattr(transcripts, "COMMAND_TIMEOUT", 1)
    readme = tmp_path / "README.md"
    readme.write_text(f"<!-- transcript: fresh -->\n{FENCE}console\n$ sleep 30 &\n{FENCE}\n")
    with pytest.raises(RuntimeError, match="`sleep 30 &` did not finish in 1 s"):
        transcripts.drift(readme)


def test_a_background_process_lives_until_the_end_of_its_block(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(f"<!-- transcript: fresh -->\n{FENCE}console\n$ sleep 30 > /dev/null 2>&1 & echo $! > pid\n"
                      f"$ kill -0 $(cat pid) && echo running\nrunning\n{FENCE}\n")
    assert transcripts.drift(readme) == []


@pytest.mark.slow
def test_a_block_runs_on_the_store_built_from_the_seeds_unless_marked_fresh(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(f"{FENCE}console\n$ ls\nkg-data\nseeds\n$ kg stats | grep documents\n"
                      f"documents               5\n{FENCE}\n")
    assert transcripts.drift(readme) == []


@pytest.mark.slow
def test_the_readme_transcripts_are_what_the_commands_print():
    drifted = transcripts.drift(transcripts.README)
    assert not drifted, "README transcripts drifted; run `python docs/transcripts.py`:\n\n" + "\n\n".join(drifted)


@pytest.mark.browser
@pytest.mark.slow
def test_the_picture_script_draws_what_kg_viz_makes_of_the_seeds(tmp_path):
    if not Path(seeds_graph.CHROMIUM).exists():
        pytest.skip(f"browser tests need Debian's chromium at {seeds_graph.CHROMIUM} (apt-get install chromium)")
    out = tmp_path / "seeds.png"
    said = seeds_graph.draw(out)
    assert re.fullmatch(r"Wrote seeds\.html: [1-9][\d,]* nodes, [1-9][\d,]* edges\.", said)
    png = out.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (seeds_graph.WINDOW["width"], seeds_graph.WINDOW["height"])


def test_the_quality_figures_are_rewritten_between_their_markers_only(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text(f"Before.\n\n{quality.START}\nold figures\n{quality.END}\n\nAfter.\n")
    evaluate_data = ROOT / "tests" / "data" / "evaluate"
    assert quality.main([str(evaluate_data / "gold"), str(evaluate_data / "docs"), "--readme", str(readme)]) == 0
    text = readme.read_text()
    assert text.startswith(f"Before.\n\n{quality.START}\n| class | P | R | F1 |\n|---|---|---|---|\n")
    assert text.endswith(f"\n{quality.END}\n\nAfter.\n")
    flowing = text.replace("\n", " ")
    assert re.search(r"start and end both right for [01]\.\d{3} of the matched", flowing)
    assert "| workedAt | " in text and "the subject found in 1 of the 2 documents" in flowing
    assert re.search(r"The three documents with the most missed relations hold (\d+) of the \1 missed\.", flowing)
    assert "old figures" not in text
