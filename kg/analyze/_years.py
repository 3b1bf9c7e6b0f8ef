"""Year ranges of affiliations, and how two of them overlap."""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Iterable

__all__ = ["Span", "overlap", "format_ranges", "this_year", "this_month"]

_DATE = re.compile(r"^(\d{4})(?:-(\d{2}))?")


def this_year() -> int:
    """The current year: the end of an ongoing range."""
    return datetime.date.today().year


@dataclass(frozen=True)
class Span:
    """The years (and months, when the document gives them) of one affiliation.

    A range runs from the start (or the end when only that is known) to the end, to now when
    it is ongoing, or to the start when no end is given. A start without a month starts in
    January; an end without a month ends in December.

    Examples
    --------
    >>> Span(2012, 2017).bounds(), str(Span(2019, None, ongoing=True))
    ((2012, 2017), '2019-present')
    >>> Span(None, None).bounds() is None
    True
    >>> str(Span.parse("2018-11", "2019-03"))
    '2018-11 to 2019-03'
    """

    start: int | None
    end: int | None
    ongoing: bool = False
    start_month: int | None = None
    end_month: int | None = None

    @classmethod
    def parse(cls, start: str | None, end: str | None, ongoing: bool = False,
              start_year: int | None = None, end_year: int | None = None) -> "Span":
        """A span from ``'YYYY'`` / ``'YYYY-MM'`` strings (``end`` may be ``'present'``), or years."""
        def split(value, year):
            match = _DATE.match(str(value)) if value is not None else None
            if match:
                return int(match.group(1)), (int(match.group(2)) if match.group(2) else None)
            return year, None

        if end == "present":
            end, ongoing = None, True
        (sy, sm), (ey, em) = split(start, start_year), split(end, end_year)
        return cls(sy, None if ongoing else ey, bool(ongoing), sm, None if ongoing else em)

    def months(self, now: tuple[int, int] | None = None) -> tuple[int, int] | None:
        """``(first, last)`` as month numbers (year * 12 + month - 1), or ``None`` when undated."""
        now = now or this_month()
        if self.start is not None:
            first = self.start * 12 + (self.start_month or 1) - 1
        elif self.end is not None:
            first = self.end * 12 + (self.end_month or 1) - 1
        else:
            return None
        if self.end is not None:
            last = self.end * 12 + (self.end_month or 12) - 1
        elif self.ongoing:
            last = now[0] * 12 + now[1] - 1
        else:
            last = self.start * 12 + (self.start_month or 12) - 1
        return first, max(first, last)

    def bounds(self, now: int | None = None) -> tuple[int, int] | None:
        """``(first, last)`` year, or ``None`` when the document gives no year."""
        months = self.months((now, 12) if now else None)
        return None if months is None else (months[0] // 12, months[1] // 12)

    def __str__(self) -> str:
        start = _date(self.start, self.start_month)
        end = _date(self.end, self.end_month)
        if start is None and end is None:
            return "present" if self.ongoing else "years unknown"
        sep = " to " if self.start_month or self.end_month else "-"
        if self.ongoing:
            return f"{start or '?'}{sep}present"
        if start is None or end is None or start == end:
            return start or end
        return f"{start}{sep}{end}"


def _date(year: int | None, month: int | None) -> str | None:
    if year is None:
        return None
    return f"{year}-{month:02d}" if month else str(year)


def this_month() -> tuple[int, int]:
    """``(year, month)`` today: the end of an ongoing range."""
    today = datetime.date.today()
    return today.year, today.month


def overlap(spans_a: Iterable[Span], spans_b: Iterable[Span], now: int | None = None) -> list[tuple[int, int]] | None:
    """The years two sets of ranges share, merged into ranges; ``None`` when no year is known on a side.

    Ranges are compared by month when the documents give months (a stint ending 2019-03 and one
    starting 2019-07 do not overlap) and by year otherwise.

    Examples
    --------
    >>> overlap([Span(2012, 2017)], [Span(2014, 2019)])
    [(2014, 2017)]
    >>> overlap([Span(2019, None, True)], [Span(2015, 2016)])
    []
    >>> overlap([Span.parse("2018-11", "2019-03")], [Span.parse("2019-07", "2022-02")])
    []
    >>> overlap([Span(None, None)], [Span(2015, 2016)]) is None
    True
    """
    clock = (now, 12) if now else this_month()
    return overlap_months(known_months(spans_a, clock), known_months(spans_b, clock))


def known_months(spans: Iterable[Span], clock: tuple[int, int]) -> list[tuple[int, int]]:
    """The ``(first, last)`` months of the dated spans (:meth:`Span.months`): what :func:`overlap_months` compares.

    >>> known_months([Span(2012, 2012), Span(None, None)], (2030, 1))
    [(24144, 24155)]
    """
    return [m for m in (s.months(clock) for s in spans) if m]


def overlap_months(known_a: list[tuple[int, int]], known_b: list[tuple[int, int]]) -> list[tuple[int, int]] | None:
    """:func:`overlap` of spans already turned into months (:func:`known_months`): for comparing
    many pairs, each side's months computed once."""
    if not known_a or not known_b:
        return None
    pieces = sorted((max(a0, b0) // 12, min(a1, b1) // 12) for a0, a1 in known_a for b0, b1 in known_b
                    if max(a0, b0) <= min(a1, b1))
    return _merge(pieces)


def _merge(pieces: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for lo, hi in sorted(pieces):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def format_ranges(ranges: Iterable[tuple[int, int]], now: int | None = None) -> str:
    """``[(2014, 2017), (2020, 2026)]`` as ``'2014-2017, 2020-present'`` (when 2026 is this year).

    >>> format_ranges([(2014, 2017), (2019, 2019)], now=2030)
    '2014-2017, 2019'
    """
    now = now or this_year()
    out = []
    for lo, hi in ranges:
        end = "present" if hi >= now else str(hi)
        out.append(str(lo) if str(lo) == end else f"{lo}-{end}")
    return ", ".join(out)
