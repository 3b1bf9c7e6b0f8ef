"""Printing rows as a table, CSV or JSON: shared by the commands that list things.

>>> print(render([{"name": "Ada", "year": 1840}], "csv").strip())
name,year
Ada,1840
"""
from __future__ import annotations

import csv
import io
import json
from typing import Any, Iterable, Mapping

__all__ = ["render", "FORMATS"]

FORMATS = ("table", "csv", "json")


def render(rows: Iterable[Mapping[str, Any]], fmt: str = "table", columns: list[str] | None = None) -> str:
    """Render rows (dicts) as ``table``, ``csv`` or ``json`` text."""
    rows = [dict(r) for r in rows]
    if fmt == "json":
        return json.dumps(rows, indent=2, ensure_ascii=False, default=str)
    columns = columns or list(dict.fromkeys(k for r in rows for k in r))
    cells = [[_cell(r.get(c)) for c in columns] for r in rows]
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(cells)
        return out.getvalue()
    if not rows:
        return "(no results)"
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(columns)]
    line = "  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip()
    rule = "  ".join("-" * w for w in widths)
    body = ["  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip() for row in cells]
    return "\n".join([line, rule, *body])


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple, set)):
        return "; ".join(_cell(v) for v in value)
    return " ".join(str(value).split())
