"""Known organisations, abbreviation normalisation and keyword typing of organisation names.

The data lives in ``kg/extract/data/``: ``organizations.tsv`` (well-known universities,
companies and institutes with aliases, acronyms and parents), ``org_keywords.tsv``
(type by keyword) and ``department_fields.tsv`` (field acronyms such as ``CS``).

>>> lookup_organization("USC").name
'University of Southern California'
>>> canonical_org_name("Dept. CS, Kyoto Univ.")
'Department of Computer Science, Kyoto University'
>>> classify_organization("Soft Matter Lab")
'Lab'
"""
from __future__ import annotations

import re
from re import _parser
from re._casefix import _EXTRA_CASES
from re._constants import AT, AT_BOUNDARY
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from kg.extract.context import normalize_name

__all__ = [
    "KnownOrganization",
    "lookup_organization",
    "canonical_org_name",
    "classify_organization",
    "known_organizations",
    "org_key",
    "data_words",
    "data_patterns",
    "word_groups",
    "DataFileError",
]


@dataclass(frozen=True)
class KnownOrganization:
    """A well-known organisation: its full name, type, other names and parent's name.

    ``short_names`` are names that are also places ("Berkeley", "Princeton"): they
    identify the organisation only where the text already says it is one.
    """

    name: str
    type: str
    aliases: tuple[str, ...] = ()
    parent: str | None = None
    short_names: tuple[str, ...] = ()


class DataFileError(ValueError):
    """A row of a ``kg/extract/data`` file without the file's shape; the message names the file and line."""


def _data_lines(filename: str) -> list[tuple[int, str]]:
    """``(line number, line)`` of a file of ``kg/extract/data``, but blank lines and ``#`` comments."""
    text = resources.files("kg.extract").joinpath("data").joinpath(filename).read_text(encoding="utf-8")
    return [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip() and not line.startswith("#")]


def _data_rows(filename: str):
    """The rows of a tab-separated file of ``kg/extract/data`` as dicts by the names its header gives."""
    (_, header), *rows = _data_lines(filename)
    columns = header.split("\t")
    for number, line in rows:
        cells = line.split("\t")
        if len(cells) != len(columns):
            raise DataFileError(f"{filename}:{number}: {len(cells)} tab-separated cells where the header "
                                f"names {len(columns)} ({', '.join(columns)}): {line!r}")
        yield dict(zip(columns, cells))


def split_cell(value: str | None, separator: str = ";") -> tuple[str, ...]:
    """The items of a data file's cell that lists several, stripped ("a; b" -> ``("a", "b")``)."""
    return tuple(part.strip() for part in (value or "").split(separator) if part.strip())


@lru_cache(maxsize=None)
def data_words(filename: str) -> frozenset[str]:
    """The lower-case words of a one-word-a-line file of ``kg/extract/data`` (``#`` lines are comments).

    >>> "usa" in data_words("locations.txt")
    True
    """
    return frozenset(w.strip().lower() for _, w in _data_lines(filename))


@lru_cache(maxsize=None)
def data_patterns(filename: str) -> dict[str, str]:
    """``kind -> "a|b|..."``: the regular expressions of a ``kind<TAB>pattern`` file of
    ``kg/extract/data``, one a line, joined as alternatives in file order; the rules that use a
    kind write the pattern around them (word boundaries, flags).

    >>> data_patterns("org_patterns.tsv")["product_end"].split("|")[:3]
    ['system', 'platform', 'engine']
    """
    out: dict[str, list[str]] = {}
    for number, line in _data_lines(filename):
        kind, tab, pattern = line.partition("\t")
        if not (tab and kind.strip() and pattern.strip()):
            raise DataFileError(f"{filename}:{number}: a row is kind<TAB>pattern: {line!r}")
        out.setdefault(kind.strip(), []).append(pattern.strip())
    return {kind: "|".join(patterns) for kind, patterns in out.items()}


@lru_cache(maxsize=None)
def word_groups(filename: str, column: str = "words") -> dict[str, frozenset[str]]:
    """``kind -> words`` of a ``kind<TAB>words`` file of ``kg/extract/data``, the words ";"-separated.

    >>> "robotics" in word_groups("org_words.tsv")["trades"]
    True
    """
    return {row["kind"].strip(): frozenset(split_cell(row[column])) for row in _data_rows(filename)}


#: An alternative that opens with a letter and holds nothing but literal characters (escaped or not) after it.
_PLAIN_ALTERNATIVE = re.compile(r"[^\W\d_](?:[^\\.^$*+?{}\[\]|()#]|\\\W)*")


def by_first_letter(alternatives: list[str]) -> str:
    """Plain words of a case-insensitive pattern joined with "|", grouped by first letter in their order unless two
    first letters match one another's case ("ſ", "s"): the same matches, but the engine enters one group at each
    position instead of every word. Other alternatives are joined as they are.

    >>> by_first_letter(["june", "jan", "feb"]), by_first_letter(["june", "fr(?:ü|ue)h"])
    ('j(?:une|an)|f(?:eb)', 'june|fr(?:ü|ue)h')
    """
    groups: dict[str, list[str]] = {}
    for alternative in alternatives:
        groups.setdefault(alternative[:1].lower(), []).append(alternative)
    firsts = [group[0][:1] for group in groups.values()]
    if not all(map(_PLAIN_ALTERNATIVE.fullmatch, alternatives)) or any(
            re.fullmatch(re.escape(a), b, re.I) for k, a in enumerate(firsts) for b in firsts[k + 1:]):
        return "|".join(alternatives)
    return "|".join(f"{group[0][0]}(?:{'|'.join(a[1:] for a in group)})" for group in groups.values())


class CaselessPattern:
    """A case-insensitive pattern whose :meth:`search` finds what ``re.search`` does, two to four times faster: the
    engine enters every alternative of a case-insensitive alternation at each position, while a lower-cased copy
    matched case-sensitively on the lower-cased text drops most at their first letter. The copy matches wherever
    the pattern does (maybe elsewhere too), so the pattern runs from the copy's first match on.

    >>> CaselessPattern(r"\\b(?:advisor|mentor):").search("Thesis Mentor: A. Bello").group()
    'Mentor:'
    """

    def __init__(self, pattern: str):
        self.pattern = re.compile(pattern, re.IGNORECASE)
        # escapes ("\S") and "(?P<name>" keep their letters; the letters outside ASCII that match ASCII ones become them
        folded = re.sub(r"(?s)\\.|\(\?P|[^\\(]+|\(", lambda m: m.group() if m.group()[0] == "\\" or m.group() == "(?P"
                        else m.group().translate(str.maketrans("ıİſ\u212a", "iisk")).lower(), pattern)
        # a negative lookaround with a case-sensitive part would make the copy stricter: in the copy it never rejects;
        # a numeric escape ("\x41") or a range the lower-casing changes ("A-z"; "Ā-Ž" holds "ı") leaves no copy
        folded = re.sub(r"(?<!\\)\(\?<?!(?=(?:[^()\\]|\\.|\([^()]*\))*\(\?-i)", lambda m: m.group() + "(?!)", folded)
        ranges = re.findall(r"(?<![\\(])([^\\])-([^\]\\])", pattern)
        unsafe = re.search(r"\\[xuUN0-7]", pattern) or any(
            a < b and (a.isupper() != b.isupper() or not (a + b).isascii()) for a, b in ranges)
        if "(?P=" not in pattern:  # a group opening an alternative keeps the engine from rejecting it at its first letter
            folded = re.sub(r"\(\?P<\w+>", "(?:", folded)
        self._folded = None if unsafe else re.compile(folded)

    def search(self, text: str, pos: int = 0) -> re.Match | None:
        lower = text.lower() if self._folded is not None and (text.isascii() or not _CASE_TWINS.search(text)) else None
        if lower is None or len(lower) != len(text):
            return self.pattern.search(text, pos)
        first = self._folded.search(lower, pos)
        return first and self.pattern.search(text, first.start())


#: The letters that match others case-insensitively beyond their lower case ("ſ" matches "s", "ς" "Σ"): in a text
#: holding one, the lower-cased copy could miss a match.
_CASE_TWINS = re.compile("[%s]" % re.escape("".join(
    {t for c in (chr(k) for k in _EXTRA_CASES) for t in (c, c.upper(), *map(chr, _EXTRA_CASES[ord(c)])) if not t.isascii()})))


@lru_cache(maxsize=1)
def known_organizations() -> tuple[KnownOrganization, ...]:
    """Every organisation of the gazetteer, in file order.

    >>> any(org.name == "ETH Zurich" for org in known_organizations())
    True
    """
    return tuple(
        KnownOrganization(
            name=row["name"].strip(),
            type=row["type"].strip(),
            aliases=split_cell(row.get("aliases")),
            parent=(row.get("parent") or "").strip() or None,
            short_names=split_cell(row.get("short_names")),
        )
        for row in _data_rows("organizations.tsv")
    )


def _is_acronym(name: str) -> bool:
    letters = [c for c in name if c.isalpha()]
    return bool(letters) and len(name) <= 8 and all(c.isupper() for c in letters) and " " not in name


@lru_cache(maxsize=1)
def _index() -> tuple[dict[str, KnownOrganization], dict[str, KnownOrganization], dict[str, KnownOrganization]]:
    """(folded names -> org, case-sensitive acronyms -> org, folded short names -> org)."""
    folded: dict[str, KnownOrganization] = {}
    acronyms: dict[str, KnownOrganization] = {}
    short: dict[str, KnownOrganization] = {}
    for org in known_organizations():
        for name in (org.name, *org.aliases):
            if _is_acronym(name):
                acronyms.setdefault(name, org)
            else:
                folded.setdefault(org_key(name), org)
        for name in org.short_names:
            short.setdefault(org_key(name), org)
    return folded, acronyms, short


def any_of(patterns: list[str]) -> str:
    r"""A pattern that matches wherever one of ``patterns`` does; those opening with ``\b`` (no "|" outside a group)
    share it, so that the engine tries them only where a word starts or ends.

    >>> print(any_of([r"\bUniv\.", r"\bDept\b", r"^The ", r"\bfoo|bar"]))
    \b(?:(?:Univ\.)|(?:Dept\b))|(?:^The )|(?:\bfoo|bar)
    """
    bounded = [p.startswith(r"\b") and _parser.parse(p)[0] == (AT, AT_BOUNDARY) for p in patterns]
    shared = [rf"\b(?:{'|'.join(f'(?:{p[2:]})' for p, b in zip(patterns, bounded) if b)})"] if any(bounded) else []
    return "|".join(shared + [f"(?:{p})" for p, b in zip(patterns, bounded) if not b])


# -- abbreviations ---------------------------------------------------------------------------
#: The rules of ``data/org_inflections.tsv``: a name a German sentence inflects, back to its own form.
_INFLECTIONS = [(re.compile(row["pattern"]), row["nominative"].strip()) for row in _data_rows("org_inflections.tsv")]
#: Where any inflection rule applies (most names need none): one search instead of a substitution per rule.
_ANY_INFLECTION = re.compile(any_of([pattern.pattern for pattern, _ in _INFLECTIONS]))
_ABBREVIATION_ROWS = [(row["pattern"], row["expansion"].strip()) for row in _data_rows("org_abbreviations.tsv")]
#: The rules of ``data/org_abbreviations.tsv``.
_ABBREVIATIONS = [(re.compile(p), r) for p, r in _ABBREVIATION_ROWS]
#: Where any abbreviation applies: one search finds the names with nothing to expand (most of them) instead of
#: one per abbreviation; the lookahead on the capitals the abbreviations start with (their words' own) lets the
#: engine skip other positions.
_ANY_ABBREVIATION = re.compile(f"(?=[{''.join(sorted({r[0] for _, r in _ABBREVIATION_ROWS}))}])(?:"
                               + "|".join(p for p, _ in _ABBREVIATION_ROWS) + ")")
#: The fields of ``data/department_fields.tsv`` by acronym ("CS").
_FIELDS = {row["acronym"].strip(): row["field"].strip() for row in _data_rows("department_fields.tsv")}

#: The job titles and statuses of ``data/roles.tsv``, lower case: a department is never named by one.
ROLES = frozenset(row["word"].strip().lower() for row in _data_rows("roles.tsv"))
_DEPT_BEFORE = re.compile(r"^(?P<field>[A-Z][A-Za-z&]{0,5})\s+Department$")
# "Department CS", "Dept. Physics", "Department Chemistry and Biology": maybe without the "of" the abbreviation dropped
_DEPT_AFTER = re.compile(r"^Department\s+(?:of\s+)?(?P<field>[A-Z][A-Za-z&]{0,5}|[A-Z][a-z]+(?:\s+(?:and|&)\s+[A-Z][a-z]+)?)$")


def _expand_department(part: str) -> str:
    """``CS Department`` / ``Department CS`` -> ``Department of Computer Science``.

    >>> _expand_department("Department Physics"), _expand_department("Department Chair")
    ('Department of Physics', 'Department Chair')
    """
    match = _DEPT_BEFORE.match(part) or _DEPT_AFTER.match(part)
    if match and match.group("field").split()[0].lower() not in ROLES:  # "Department Chair" is who leads it
        field = _FIELDS.get(match.group("field"), match.group("field"))
        return f"Department of {field}"
    return part


@lru_cache(maxsize=4096)
def canonical_org_name(name: str) -> str:
    """Expand the common abbreviations of an organisation name; other words are kept.

    ``Univ.`` becomes ``University``, ``Dept.`` ``Department``, ``Inst.`` ``Institute``,
    ``Tech.`` (with its dot; "Georgia Tech" keeps its name) ``Technology``, ``Natl.``
    ``National``; a department named by a field acronym is spelled out
    (``Dept. CS`` -> ``Department of Computer Science``). Each comma-separated part is
    treated separately. Acronyms of whole organisations are left to
    :func:`lookup_organization`. Whitespace runs become one space.

    >>> canonical_org_name("Natl. Inst. of Standards & Tech.")
    'National Institute of Standards & Technology'
    >>> canonical_org_name("ECE Dept.")
    'Department of Electrical and Computer Engineering'
    >>> canonical_org_name("Georgia Tech"), canonical_org_name("Technischen Universität Ellerbach")
    ('Georgia Tech', 'Technische Universität Ellerbach')
    """
    text = " ".join(name.split())
    for pattern, replacement in _ABBREVIATIONS if _ANY_ABBREVIATION.search(text) else ():
        text = pattern.sub(replacement, text)
    for pattern, replacement in _INFLECTIONS if _ANY_INFLECTION.search(text) else ():
        text = pattern.sub(replacement, text)
    parts = [_expand_department(part.strip()) for part in text.split(",")]
    return ", ".join(part for part in parts if part)


@lru_cache(maxsize=65536)
def org_key(name: str) -> str:
    """The folded key organisation names are compared by (abbreviations expanded, no leading "the").

    >>> org_key("The Univ. of Tokyo")
    'university of tokyo'
    """
    key = normalize_name(canonical_org_name(name))
    return key[4:] if key.startswith("the ") else key


@lru_cache(maxsize=65536)
def lookup_organization(name: str, *, short_names: bool = False) -> KnownOrganization | None:
    """The well-known organisation a name or acronym refers to, else ``None``.

    Acronyms written in capitals ("MIT", "USC") match case-sensitively, so that ordinary
    words are never taken for an organisation; other names match case-, accent- and
    abbreviation-insensitively ("Kyoto Univ."). ``short_names`` also accepts names that are
    places too ("Berkeley"), where the caller already knows the text names an organisation.

    >>> lookup_organization("Kyoto Univ.").name
    'Kyoto University'
    >>> lookup_organization("Facebook").name
    'Meta'
    >>> lookup_organization("mit") is None
    True
    >>> lookup_organization("Berkeley") is None, lookup_organization("Berkeley", short_names=True).type
    (True, 'University')
    """
    text = " ".join(name.split()).strip(" ,;:.")
    if not text:
        return None
    folded, acronyms, short = _index()
    if text in acronyms:
        return acronyms[text]
    key = org_key(text)
    return folded.get(key) or (short.get(key) if short_names else None)


#: The rules of ``data/org_keywords.tsv``: the type of an organisation whose name holds the keyword.
_KEYWORD_RULES = tuple((re.compile(row["pattern"], re.IGNORECASE), row["type"].strip()) for row in _data_rows("org_keywords.tsv"))
#: Whether any rule applies: one search answers for the names with no keyword (most names asked about).
_ANY_KEYWORD = CaselessPattern(any_of([pattern.pattern for pattern, _ in _KEYWORD_RULES]))


@lru_cache(maxsize=4096)
def classify_organization(name: str, default: str = "Company") -> str:
    """The organisation type of a name: University, Company, Lab or Institute.

    The first keyword rule of ``org_keywords.tsv`` that matches decides (units such as labs, groups and
    departments first, then universities, institutes and companies); with no keyword, ``default``.
    A known organisation's type is :func:`lookup_organization`'s: callers ask it first.

    >>> classify_organization("Oak Ridge National Laboratory")
    'Institute'
    >>> classify_organization("Universidad de Chile")
    'University'
    >>> classify_organization("Department of Linguistics")
    'Lab'
    >>> classify_organization("Acme Widgets Ltd.")
    'Company'
    >>> classify_organization("Zorblax", default="University")
    'University'
    """
    text = canonical_org_name(name)
    found = _ANY_KEYWORD.search(text) and next((org_type for pattern, org_type in _KEYWORD_RULES if pattern.search(text)), None)
    return found or default
