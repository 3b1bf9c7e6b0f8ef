"""Shared fixtures: the repository's folders, a CLI runner, a fresh store path."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def store_path(tmp_path) -> Path:
    """A path for a fresh, empty store."""
    return tmp_path / "kg-data"
