"""Tests for kg.extract.dates: every date shape CVs use."""
from __future__ import annotations

import pytest

from kg.extract.dates import find_date_range, parse_date


@pytest.mark.parametrize(
    "text, start, end",
    [
        ("2019 - 2022", "2019", "2022"),
        ("July 2019 - Present", "2019-07", "present"),
        ("2017.08-2019.05", "2017-08", "2019-05"),
        ("Oct. 2017 - June, 2025", "2017-10", "2025-06"),
        ("2021 – now", "2021", "present"),
        ("Since August 2022, I have been a lecturer", "2022-08", "present"),
        ("from October 2016 until May 2017", "2016-10", "2017-05"),
        ("Between March 2011 and May 2012 I was", "2011-03", "2012-05"),
        ("Vision Team, Nordwind Systems, July-Aug 2019", "2019-07", "2019-08"),
        ("sept 2021 - juin 2022", "2021-09", "2022-06"),
        ("März 2015 bis Dezember 2018", "2015-03", "2018-12"),
        ("03/2014 – 11/2016", "2014-03", "2016-11"),
        ("2014--17", "2014", "2017"),
        ("PhD, 2020--", "2020", "present"),
        ("Aug.2018 - June.2019", "2018-08", "2019-06"),
        ("Fall 2019 – Spring 2021", "2019", "2021"),
        ("Oct 2017 to date", "2017-10", "present"),
        ("01.10.2016 – 31.03.2020: Postdoc", "2016-10", "2020-03"),
        ("15/09/2012 - 30/09/2016", "2012-09", "2016-09"),
        # Italian "al"/"ad oggi" (a word separator is not the start of a longer word), arrows
        ("01/09/2022 al 31/08/2025", "2022-09", "2025-08"),
        ("dal 2016 al 2019", "2016", "2019"),
        ("01/09/2025 ad oggi", "2025-09", "present"),
        ("2019->2020", "2019", "2020"),
        ("since 01.04.2020: Group Leader", "2020-04", "present"),
        # the languages of CVs: "de" between month and year, Italian and Portuguese abbreviations,
        # CJK open ends joined to the start and "至"/"から" between the dates
        ("março de 2011 – fevereiro de 2015", "2011-03", "2015-02"),
        ("nov. 2012 – ott. 2016", "2012-11", "2016-10"),
        ("out. 2013 – set. 2016", "2013-10", "2016-09"),
        ("gen. 2010 – giu. 2012", "2010-01", "2012-06"),
        ("2015年至今", "2015", "present"),
        ("2012年至2015年", "2012", "2015"),
        ("2015年4月から2019年3月まで", "2015-04", "2019-03"),
        ("2015年4月–2019年3月", "2015-04", "2019-03"),
        ("seit 2019", "2019", "present"),
        ("dal 2016", "2016", "present"),
        ("2012 – actualidad", "2012", "present"),
        ("2018 - Atual", "2018", "present"),
        ("2019 – in corso", "2019", "present"),
        ("平成27年4月 - 令和元年5月", "2015-04", "2019-05"),  # Japanese era years
        ("2015 年 4 月 – 2019 年 3 月", "2015-04", "2019-03"),
        ("2020年10月～", "2020-10", "present"),
        ("dal 1° marzo 2016", "2016-03", "present"),
        ("ab 2019", "2019", "present"),
        ("à partir de 2018", "2018", "present"),
        # a month with its year cut to two digits after an apostrophe, as homepages and CV classes print it
        ("Sep '18 - Dec '19 | Teaching Assistant", "2018-09", "2019-12"),
        ("Nov ’17 – present", "2017-11", "present"),
        # a day, a month name in its genitive and a year: Polish, Russian, Czech; Dutch and Turkish month names
        ("3 listopada 2016 – 14 maja 2021", "2016-11", "2021-05"),
        ("4 lipca 2020 – 29 lipca 2020", "2020-07", "2020-07"),  # "29" is the day, not 2029
        ("kwiecień 2018 – obecnie", "2018-04", "present"),
        ("5 марта 2019 – 20 декабря 2020", "2019-03", "2020-12"),
        ("1. září 2015 – 30. června 2019", "2015-09", "2019-06"),
        ("januari 2015 – maart 2018", "2015-01", "2018-03"),
        ("Eylül 2016 – Haziran 2020", "2016-09", "2020-06"),
        # Korean year and month marks
        ("2019년 3월 – 현재", "2019-03", "present"),
        ("2014년 3월 ~ 2019년 2월", "2014-03", "2019-02"),
        # open ends and "since" in Polish, Ukrainian, Chinese and Dutch
        ("2019 – teraz", "2019", "present"), ("2019 – по даний час", "2019", "present"),
        ("2019年9月 — 今", "2019-09", "present"), ("vanaf september 2018", "2018-09", "present"),
    ],
)
def test_ranges(text, start, end):
    found = find_date_range(text)
    assert (found.start, found.end) == (start, end)


@pytest.mark.parametrize(
    "text, end",
    [("graduated in December 2011", "2011-12"), ("Bac S juillet 2017", "2017-07"), ("B.S., 2014", "2014")],
)
def test_single_dates_are_ends(text, end):
    found = find_date_range(text)
    assert (found.start, found.end) == (None, end)


def test_a_word_ending_like_since_is_no_since():
    assert find_date_range("Vision Lab 2019")[:2] == (None, "2019")  # "Lab", not "ab"


def test_month_abbreviations_that_are_words_need_their_full_stop():
    assert find_date_range("the work carried out 2019 in Kiel").end == "2019"  # "out" is no month here
    assert find_date_range("a data set 2020").end == "2020"
    assert find_date_range("15 de março de 2011").end == "2011-03"


def test_no_dates_in_numbers_and_phone_numbers():
    assert find_date_range("+86 13717819702, arXiv 2403.11421, pages 615-624") is None
    assert find_date_range("the '90s, rock 'n' roll and 12'34") is None


def test_parse_date_open_end_and_garbage():
    assert parse_date("Present") == "present"
    assert parse_date("heute") == "present"
    assert parse_date("n/a") is None


@pytest.mark.parametrize("text, start, end", [
    ("10/18-06/20 | Research Assistant | Quillon University", "2018-10", "2020-06"),
    ("09/97 – 06/01  Diplom, Hochschule Tarvik", "1997-09", "2001-06"),
    ("3/21 -- present, Postdoc", "2021-03", "present"),
    ("11/19-12/23, funded by the Tarvik 2020 programme", "2019-11", "2023-12"),
])
def test_month_ranges_with_two_digit_years_as_cv_classes_print_them(text, start, end):
    assert find_date_range(text)[:2] == (start, end)


def test_a_lone_month_with_two_digit_year_or_a_backwards_pair_is_no_date():
    assert find_date_range("scored 10/18 in the final") is None
    assert find_date_range("ratio 10/18-12/17 of the runs") is None


def test_full_year_reads_two_digits_as_at_most_next_year():
    from datetime import date

    from kg.extract.dates import full_year

    this_year = date.today().year
    assert full_year(f"{(this_year + 1) % 100:02d}") == this_year + 1
    assert full_year(f"{(this_year + 2) % 100:02d}") == this_year + 2 - 100
    assert (full_year("00"), full_year("99")) == (2000, 1999)


@pytest.mark.parametrize("text, written", [
    ("2017年7月: 博士研究員", "2017年7月"),
    ("2021年4月-現在: 講師", "2021年4月-現在"),
    ("于2012年至2015年", "2012年至2015年"),
])
def test_a_cjk_dates_span_covers_it_as_written(text, written):
    span = find_date_range(text)
    assert text[span.begin:span.stop] == written


@pytest.mark.parametrize("text, start, end", [
    ("2月 2023 - 11月 2025: オフィス・アシスタント", "2023-02", "2025-11"),  # a template's "%m月 %Y"
    ("12月 2019 – 現在", "2019-12", "present"),
    ("2월 2023 - 11월 2025", "2023-02", "2025-11"),
    ("2023年12月 - 2025年1月", "2023-12", "2025-01"),  # the year first, as before
])
def test_chinese_japanese_and_korean_month_numbers_before_the_year(text, start, end):
    assert find_date_range(text)[:2] == (start, end)


@pytest.mark.parametrize("text, start, end", [
    ("2019年起担任南岭大学教授", "2019", "present"),  # "since", written after the year
    ("2020年4月より", "2020-04", "present"),
    ("2020년부터", "2020", "present"),
    ("2020年起至2022年", "2020", "2022"),  # the same word before an end date opens a range
    ("2020년 3월부터 2022년 2월까지", "2020-03", "2022-02"),
])
def test_a_cjk_since_word_after_the_start(text, start, end):
    assert find_date_range(text)[:2] == (start, end)


def test_month_and_season_words_grouped_by_first_letter_match_as_joined():
    """The grouped alternation finds the same match as the words joined in order, for every word of
    ``months.tsv`` and the seasons, in any case, cut short and run on ("Juneau", "Mayo")."""
    import re

    from kg.extract.dates import MONTHS, _SEASONS
    from kg.extract.gazetteer import by_first_letter

    for words in (sorted(MONTHS, key=len, reverse=True), _SEASONS.split("|")):
        joined = re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, words))})\.?", re.I)
        grouped = re.compile(rf"(?<!\w)(?:{by_first_letter([re.escape(w) for w in words])})\.?", re.I)
        for word in words:
            for text in (word, word.upper(), word.title() + "au", f"in {word[:3]}. 2019", word[:-1]):
                assert [m.span() for m in grouped.finditer(text)] == [m.span() for m in joined.finditer(text)], text
