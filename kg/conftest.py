"""Doctest names for kg: ``EXAMPLE`` is the invented graph of the analysis tests."""
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[1] / "tests" / "data" / "analysis" / "small.trig"


@pytest.fixture(autouse=True)
def _example(doctest_namespace):
    doctest_namespace["EXAMPLE"] = str(EXAMPLE)
