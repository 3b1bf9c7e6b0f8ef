"""kg commands: visual."""
from __future__ import annotations

from kg.cli import cli  # noqa: F401
