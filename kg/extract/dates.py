"""Dates and date ranges as CVs write them, normalised to ``YYYY`` / ``YYYY-MM`` / ``present``.

>>> find_date_range("Ocean Optics Lab, Oct. 2016 - June, 2023")
DateRange(start='2016-10', end='2023-06', begin=18, stop=40)
>>> find_date_range("2014--17").end
'2017'
>>> find_date_range("Since August 2022, I have been a lecturer").end
'present'
"""
from __future__ import annotations

import re
from datetime import date
from functools import lru_cache
from typing import NamedTuple

from kg.extract.gazetteer import by_first_letter, data_patterns
from kg.extract.text import ANY_YEAR, cached_copy

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow); their
# vocabularies are the kinds of ``data/date_patterns.tsv``.
_WORDS = data_patterns("date_patterns.tsv")
_DATE_JOINER = re.compile(r"\s*(?:and|&|-|–|e|y|et|und)\s*(?:il\s+)?")
_TWO_DIGITS = re.compile(r"(\d\d)(?!\d)")

__all__ = ["DateRange", "find_date_range", "find_dates", "parse_date", "full_year", "MONTHS", "OPEN_END_ABROAD", "OPENING_WORD_BEFORE"]

#: Month names and abbreviations (English, French, German, Spanish, Portuguese, Italian): ``data/months.tsv``.
_MONTH_WORDS = [(word, int(number)) for number, words in data_patterns("months.tsv").items() for word in words.split()]
MONTHS: dict[str, int] = {word.removesuffix("."): number for word, number in _MONTH_WORDS}
#: Abbreviations that are also common words ("out", "set", "ago") name a month only with their full stop.
_DOTTED_ONLY = {word.removesuffix(".") for word, _ in _MONTH_WORDS if word.endswith(".")}
_SEASONS = _WORDS["season"]  # "Spring 2019", "Frühjahr 2002": a season dates by its year alone

_MONTH_RE = "(?:(?:" + by_first_letter(sorted((re.escape(m) for m in MONTHS if m not in _DOTTED_ONLY), key=len, reverse=True)) \
    + r")\.?|(?:" + by_first_letter(sorted(_DOTTED_ONLY)) + r")\.)"
_YEAR = r"(?:19|20)\d\d"
#: An open end in the languages of CVs other than English ("2018 - Atual", "seit 2019 - heute").
OPEN_END_ABROAD = _WORDS["open_end_abroad"]
_OPEN_WORDS = rf"present|now|current|currently|today|ongoing|date|till\s+date|to\s+date|present\.|{OPEN_END_ABROAD}"
_OPEN_RE = re.compile(rf"^(?:{_OPEN_WORDS})\b", re.IGNORECASE)

#: The first letters of the month and season names: with the digits, every character a date can
#: start with. The lookahead on them in :data:`_DATE` lets the engine skip every other position
#: instead of trying each alternative there (an alternative starting otherwise must extend it).
_DATE_FIRST = "".join(sorted({w[0] for w in MONTHS} | {s[0] for s in _SEASONS.split("|")}))

# one date: the alternatives are tried in order at each position
_DATE = re.compile(
    rf"""
    (?=[\d{_DATE_FIRST}])(?:
    (?P<dnum>(?<![\d./])(?:0?[1-9]|[12]\d|3[01])(?P<dnum_sep>[./])(?P<dnum_m>0?[1-9]|1[0-2])(?P=dnum_sep)(?P<dnum_y>{_YEAR})(?!\d))
  | (?P<ym>(?<!\d)(?P<ym_y>{_YEAR})\s?[./](?P<ym_m>0?[1-9]|1[0-2])(?![\d.]))
  | (?P<ymd>(?<!\d)(?P<ymd_y>{_YEAR})-(?P<ymd_m>0[1-9]|1[0-2])(?:-\d\d)?(?!\d))
  | (?P<my>(?<![\d/])(?P<my_m>0?[1-9]|1[0-2])[/.](?P<my_y>{_YEAR})(?!\d))
  | (?P<dmy>(?<!\w)\d{{1,2}}(?:st|nd|rd|th|er|°|º)?\.?\s+(?:de\s+)?(?P<dmy_m>{_MONTH_RE})\s*,?\s*(?:de\s+)?(?P<dmy_y>{_YEAR})(?!\d))
  | (?P<mon>(?<!\w)(?P<mon_m>{_MONTH_RE})(?:\s*\d{{1,2}}(?:st|nd|rd|th)?)?(?:\s*,\s*|\s*\.\s*|\s+de\s+|\s+|(?<=\.))(?P<mon_y>{_YEAR}|['’]\d\d)(?![\d']))
  | (?P<season>(?<!\w)(?:{by_first_letter(_SEASONS.split("|"))})\s*,?\s*(?P<season_y>{_YEAR})(?!\d))
  | (?P<year>(?<![\w/.])(?P<year_y>{_YEAR})(?![\d]))
    )""",
    re.IGNORECASE | re.VERBOSE,
)
#: a separator that is a word ends where the word does: "a" is not the start of Italian "al" ("2022 al 2025")
_SEP = re.compile(rf"^\s*(?:{_WORDS['separator']})(?:(?<=[^\W\d_])(?![^\W\d_])|(?<![^\W\d_]))\s*", re.IGNORECASE)
#: "2015年至今", "2015年以来", "2015年起", "2015年より", "2015년부터": an open end joined to its start without a separator.
_OPEN_JOINED = re.compile(r"^\s*(?:至今|迄今|以来|以降|起|开始|より|から(?![\s\d])|부터)")
_BARE_MONTH = re.compile(rf"(?<!\w)(?P<m>{_MONTH_RE})\s*(?:-{{1,2}}|–|—|to)\s*$", re.IGNORECASE)
_SINCE = re.compile(rf"(?<!\w)(?:{_WORDS['since']})\s+(?:in\s+|the\s+)?$", re.IGNORECASE)
_BETWEEN = re.compile(rf"(?:{_WORDS['between']})\s+(?:in\s+|il\s+)?$", re.IGNORECASE)
#: A word that opens a range just before its first date ("seit ", "dal ", "entre "): part of the dates, no name.
OPENING_WORD_BEFORE = re.compile(rf"(?<!\w)(?:{_WORDS['since']}|{_WORDS['between']})\s+(?:in\s+|il\s+|the\s+)?$", re.I)
#: "10/18-06/20", "09/06 – present": a range of months with two-digit years, as CV classes print
#: them. Read only as a range: a lone "10/18" is as likely a fraction, a score or a day.
MONTH_SHORT_YEAR_RANGE = re.compile(
    rf"(?<![\d/.])(?P<m1>0?[1-9]|1[0-2])/(?P<y1>\d\d)\s*(?:-{{1,2}}|–|—)\s*"
    rf"(?:(?P<m2>0?[1-9]|1[0-2])/(?P<y2>\d\d)(?![\d/])|(?P<open>{_OPEN_WORDS})\b)",
    re.IGNORECASE,
)
#: The last two-digit year read as this century's: the next year's, so that a CV may name a
#: position that starts soon.
_PIVOT = date.today().year % 100 + 1


class DateRange(NamedTuple):
    """A start and end (``None`` when not written), and where in the text they were found."""

    start: str | None
    end: str | None
    begin: int
    stop: int


def _month_number(word: str) -> int | None:
    return MONTHS.get(word.lower().rstrip("."))


def _value(match: re.Match) -> str:
    """The normalised date of a token match."""
    # each alternative of _DATE is one named group around its inner groups ("mon": "mon_y", "mon_m"), so
    # the group that closed last names the alternative that matched
    kind = match.lastgroup
    year = year if len(year := match.group(f"{kind}_y")) == 4 else str(full_year(year[1:]))  # "Sep '18"
    if f"{kind}_m" in _DATE.groupindex:
        month_text = match.group(f"{kind}_m")
        month = int(month_text) if month_text.isdigit() else _month_number(month_text)
        return f"{year}-{month:02d}" if month else year
    return year


#: A Chinese, Japanese or Korean date: "2020年4月", "2020年4月1日", "2020年", "2020년 4월"; Japanese era years
#: too ("平成27年4月").
_CJK_DATE = re.compile(r"((?:19|20)\d\d|(?:昭和|平成|令和)(?:\d{1,2}|元)) ?[年년](?: ?(\d{1,2}) ?[月월](?: ?\d{1,2} ?[日일])?)?")
#: The year before the first of each Japanese era.
_ERA_START = {"昭和": 1925, "平成": 1988, "令和": 2018}


def _cjk_year(written: str) -> str:
    """The Western year of a CJK date's year: ``"2015"``, ``"平成27"`` -> ``"2015"``, ``"令和元"`` -> ``"2019"``."""
    era = _ERA_START.get(written[:2])
    return written if era is None else str(era + (1 if written[2:] == "元" else int(written[2:])))


def _has_cjk_year(text: str) -> bool:
    """Whether the text may hold a CJK date: its year mark ("年", the Korean "년")."""
    return "年" in text or "년" in text


def _western(text: str) -> str:
    """The text with CJK dates written as `` 2020.4`` and padded to their length, so every offset
    into it is an offset into the original; the space before sets the date apart from a word
    joined to it ("至2015年").

    >>> _western("2020年4月 - 現在"), _western("2012年至2015年"), _western("平成27年4月")
    (' 2020.4 - 現在', ' 2012至 2015', ' 2015.4')
    """
    return _CJK_DATE.sub(lambda m: _padded(_cjk_year(m.group(1)), m.group(2), len(m.group(0))), text)


def _padded(year: str, month: str | None, width: int) -> str:
    """``" 2020.4"`` in ``width`` characters: a space before when it fits (a date joined to a word
    before it stands apart), spaces after."""
    date = f"{year}.{month}" if month else year
    return (" " + date if len(date) < width else date).ljust(width)


@cached_copy(16384)
def find_dates(text: str) -> list[tuple[str, int, int]]:
    """Every single date in the text as ``(value, begin, end)``.

    >>> find_dates("from 2017.08 to 08/2019, and July 20, 2022")
    [('2017-08', 5, 12), ('2019-08', 16, 23), ('2022-07', 29, 42)]
    """
    western = _western(text) if _has_cjk_year(text) else text
    if not ANY_YEAR.search(western) and "'" not in western and "’" not in western:  # "Sep '18": two digits
        return ()
    return tuple((_value(match), *_widened(text, western, match.start(), match.end())) for match in _DATE.finditer(western))


def _widened(text: str, western: str, begin: int, end: int) -> tuple[int, int]:
    """A span found in the ``western`` form of the text stretched over a CJK date's padding ("2017年7月" as "2017.7 ")."""
    while begin > 0 and western[begin - 1] == " " != text[begin - 1]:
        begin -= 1
    while end < len(text) and western[end] == " " != text[end]:
        end += 1
    return begin, end


def parse_date(text: str) -> str | None:
    """One date as ``YYYY`` or ``YYYY-MM``; ``"present"`` for an open end; else ``None``.

    >>> parse_date("Oct. 2017"), parse_date("2019.05"), parse_date("Present"), parse_date("n/a")
    ('2017-10', '2019-05', 'present', None)
    """
    text = text.strip()
    if _OPEN_RE.match(text):
        return "present"
    match = _DATE.search(text)
    return _value(match) if match else None


@lru_cache(maxsize=16384)
def find_date_range(text: str) -> DateRange | None:
    """The first date or date range written in the text, else ``None``.

    A range is two dates joined by a dash, "to", "until" and the like, "between X and Y",
    "from X until Y", "since X" (open end) or "X - present". A lone date comes back
    as ``start=None, end=date``; the caller decides what it means (a graduation date,
    a one-year position).

    >>> find_date_range("2019 - 2022")[:2]
    ('2019', '2022')
    >>> find_date_range("July-Aug 2020")[:2]
    ('2020-07', '2020-08')
    >>> find_date_range("2017.08-2019.05")[:2]
    ('2017-08', '2019-05')
    >>> find_date_range("2021 – now")[:2]
    ('2021', 'present')
    >>> find_date_range("from October 2016 until May 2017")[:2]
    ('2016-10', '2017-05')
    >>> find_date_range("Between 2015 and March 2019, I was")[:2]
    ('2015', '2019-03')
    >>> find_date_range("PhD, 2020--")[:2]
    ('2020', 'present')
    >>> find_date_range("março de 2011 – out. 2015")[:2], find_date_range("2015年至今")[:2]
    (('2011-03', '2015-10'), ('2015', 'present'))
    >>> find_date_range("graduated in 2013")[:2]
    (None, '2013')
    """
    if _has_cjk_year(text) and (western := _western(text)) != text:
        span = find_date_range(western)  # a CJK date read in its western form, its span on the text as written
        return span and span._replace(**dict(zip(("begin", "stop"), _widened(text, western, span.begin, span.stop))))
    # the dates come from find_dates' cache: the lines whose ranges are read have mostly had
    # their dates found already
    matches = find_dates(text)
    if "/" in text:
        short = _month_short_year_range(text)
        if short and (not matches or short.begin < matches[0][1]):
            return short
    if not matches:
        return None
    (value, begin, stop), *later = matches  # the first date opens the range, or is the date
    year = int(value[:4])
    before = text[:begin]
    after = text[stop:]
    # "Between X and Y"
    if _BETWEEN.search(before) and later and _DATE_JOINER.fullmatch(text[stop: later[0][1]]):
        return DateRange(value, later[0][0], begin, later[0][2])
    sep = _SEP.match(after)
    if sep:
        rest = after[sep.end():]
        rest_begin = stop + sep.end()
        if later and later[0][1] == rest_begin and int(later[0][0][:4]) >= year:  # the next date ends the range
            return DateRange(value, later[0][0], begin, later[0][2])
        open_match = _OPEN_RE.match(rest)
        if open_match:
            return DateRange(value, "present", begin, rest_begin + open_match.end())
        dash = sep.group(0).strip()
        two = _TWO_DIGITS.match(rest)
        if two and dash in ("-", "--", "–", "—", "−") and (end_year := year // 100 * 100 + int(two.group(1))) >= year:
            return DateRange(value, str(end_year), begin, rest_begin + 2)  # "2014--17"
        if dash in ("--", "–", "—", "-", "−", "~", "～", "〜") and (not rest.strip() or rest.lstrip()[:1] in ")|,;]}"):
            return DateRange(value, "present", begin, rest_begin)
    if joined := _OPEN_JOINED.match(after):  # "2015年起" with no end date after it
        return DateRange(value, "present", begin, stop + joined.end())
    # "July-Aug 2020": a bare month before the date
    if bare := _month_from_bare(before, value):
        return DateRange(bare[0], value, bare[1], stop)
    if _SINCE.search(before):
        return DateRange(value, "present", begin, stop)
    return DateRange(None, value, begin, stop)


def _month_short_year_range(text: str) -> DateRange | None:
    """The first :data:`MONTH_SHORT_YEAR_RANGE` in the text whose end is not before its start.

    >>> _month_short_year_range("10/18-06/20 | Research Assistant")[:2]
    ('2018-10', '2020-06')
    >>> _month_short_year_range("09/97 – 06/01"), _month_short_year_range("score 10/18-12/17")
    (DateRange(start='1997-09', end='2001-06', begin=0, stop=13), None)
    """
    for match in MONTH_SHORT_YEAR_RANGE.finditer(text):
        start = f"{full_year(match['y1'])}-{int(match['m1']):02d}"
        end = "present" if match["open"] else f"{full_year(match['y2'])}-{int(match['m2']):02d}"
        if end >= start:  # "YYYY-MM" texts sort as their dates, and "present" after all of them
            return DateRange(start, end, match.start(), match.end())
    return None


def full_year(digits: str) -> int:
    """The year two digits name: this century's up to next year's, else the last century's
    (the pivot is :data:`_PIVOT`, so a two-digit year is never read as more than a year ahead).

    >>> full_year("09"), full_year("97")
    (2009, 1997)
    """
    year = int(digits)
    return 2000 + year if year <= _PIVOT else 1900 + year


def _month_from_bare(before: str, value: str) -> tuple[str, int] | None:
    """``July-`` just before ``Aug 2020``: the start ``2020-07`` and where it begins."""
    # the pattern ends in a dash or "to": test that before running it over the whole text
    tail = before.rstrip()[-2:]
    if len(value) != 7 or not (tail.endswith(("-", "–", "—")) or tail.lower() == "to" or not tail.isascii()):
        return None
    bare = _BARE_MONTH.search(before)
    month = bare and _month_number(bare.group("m"))
    return (f"{value[:4]}-{month:02d}", bare.start()) if month else None
