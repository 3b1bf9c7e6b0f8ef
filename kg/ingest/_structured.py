"""Structured CVs (JSON Resume, YAML CV data, front matter) rendered to readable lines."""
from __future__ import annotations

import csv
import datetime as _dt
import json
import re
from importlib import resources
from typing import Any

from kg.ingest._source import LineIndex, Lines, SourceError, record_link

__all__ = ["load_json", "load_yaml", "load_toml", "render", "structured_metadata", "is_json_resume", "json_resume_problems",
           "as_json_resume"]

_MAX_DEPTH = 12
_MAX_LINES = 20_000

_TEXT_KEYS = frozenset(
    "summary description abstract bio biography details note notes content body text blurb "
    "about overview comment comments caption".split()
)
_BULLET_KEYS = frozenset(
    "highlights courses bullets items achievements responsibilities keywords_long accomplishments "
    "duties tasks".split()
)
_LINK_KEYS = frozenset(
    "url urls link links href website web homepage image img photo picture avatar icon icon_pack "
    "src pdf slides video code logo thumbnail banner cover permalink slug id uid layout weight "
    "draft type_icon".split()
)
#: The keys of a record whose value is the person who advised or supervised it.
_ADVISOR_KEYS = frozenset("advisor advisors adviser advisers supervisor supervisors mentor mentors promotor "
                          "promoter".split())
_START_KEYS = ("startDate", "start_date", "date_start", "start", "from", "begin", "since")  # date_start: Hugo's widgets
_END_KEYS = ("endDate", "end_date", "date_end", "end", "to", "until")
#: Markup in a value: an HTML tag (``<a href=..>``, ``<i>``, ``<br>``, ``</li>``) or a Markdown link ``[text](url)``.
_MARKUP = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>|\[[^\[\]]+\]\([^()\s]+\)")
_URLISH = re.compile(r"^(?:https?://|mailto:|www\.|/[\w./-]*$)", re.IGNORECASE)
_JSON_RESUME_KEYS = frozenset(
    "basics work volunteer education awards certificates publications skills languages interests "
    "references projects".split()
)


def _end_of(record: dict) -> Any:
    """The end date of a dated record; an end key left empty (Hugo's ``date_end = ""``, YAML's ``end:``) is the
    current position, no end at all a single date.

    >>> _end_of({"start": "2019", "end": "2021"}), _end_of({"date_start": "2025-02", "date_end": ""}), _end_of({"start": "2019"})
    ('2021', 'present', None)
    """
    ends = [record[k] for k in _END_KEYS if k in record]
    return next((end for end in ends if end not in (None, "")), "present" if ends else None)


def is_json_resume(data: Any) -> bool:
    """True for a mapping with JSON Resume sections.

    >>> is_json_resume({"basics": {"name": "Ada"}}), is_json_resume({"x": 1})
    (True, False)
    """
    return isinstance(data, dict) and bool(_JSON_RESUME_KEYS & set(data))


#: JSON Resume's sections: ``basics`` is one record, every other a list of records
_JSON_RESUME_LISTS = _JSON_RESUME_KEYS - {"basics"}
#: the record fields JSON Resume gives as text, which kg reads entities and dates from
_JSON_RESUME_TEXT_FIELDS = frozenset(
    "name label email url position institution area studyType startDate endDate date organization "
    "title awarder issuer publisher releaseDate entity".split()
)
_JSON_TYPE_NAMES = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a number",
                    float: "a number", type(None): "null"}


def json_resume_problems(data: Any) -> list[str]:
    """What in a parsed JSON CV does not have JSON Resume's shape, and so gives no facts.

    >>> json_resume_problems({"basics": {"name": ["Ada"]}, "work": {"name": "Acme"}})
    ['basics.name is a list, JSON Resume expects text', 'work is an object, JSON Resume expects a list of records']
    >>> json_resume_problems([{"basics": {"name": "Ada"}}])
    ['the file holds a list, JSON Resume is one object ({"basics": ..., "work": [...]})']
    """
    def kind(value: Any) -> str:
        return _JSON_TYPE_NAMES.get(type(value), type(value).__name__)

    if isinstance(data, list):
        return ['the file holds a list, JSON Resume is one object ({"basics": ..., "work": [...]})']
    if not is_json_resume(data):
        return []
    problems = []

    def check_record(record: Any, where: str) -> None:
        if not isinstance(record, dict):
            problems.append(f"{where} is {kind(record)}, JSON Resume expects an object")
            return
        for key in sorted(_JSON_RESUME_TEXT_FIELDS & set(record)):
            if isinstance(record[key], (dict, list)):
                problems.append(f"{where}.{key} is {kind(record[key])}, JSON Resume expects text")

    if "basics" in data:
        check_record(data["basics"], "basics")
    for section in sorted(_JSON_RESUME_LISTS & set(data)):
        records = data[section]
        if records is None:
            continue
        if not isinstance(records, list):
            problems.append(f"{section} is {kind(records)}, JSON Resume expects a list of records")
            continue
        for number, record in enumerate(records):
            if not (section in ("skills", "interests", "languages") and isinstance(record, str)):
                check_record(record, f"{section}[{number}]")
    return problems


def _resume_schemas() -> dict[str, list[tuple[str, str, str]]]:
    """The rows of ``data/resume_schemas.tsv``: for each schema, ``(section, key, json_resume_key)``.

    >>> _resume_schemas()["fresh"][:2]
    [('basics', 'name', 'name'), ('basics', 'info.label', 'label')]
    """
    text = resources.files("kg.ingest").joinpath("data", "resume_schemas.tsv").read_text(encoding="utf-8")
    schemas: dict = {}
    for row in csv.DictReader((line for line in text.splitlines() if line.strip() and not line.startswith("#")),
                              delimiter="\t", quoting=csv.QUOTE_NONE):
        schemas.setdefault(row["schema"], []).append((row["section"], row["key"], row["json_resume_key"]))
    return schemas


#: Other résumé schemas' keys as JSON Resume's (FRESH's ``employment.history[].employer`` is ``work[].name``).
RESUME_SCHEMAS = _resume_schemas()


def _at(record: Any, key: str) -> Any:
    """The value at ``key`` (``a.b``: ``b`` in the mapping ``a``), ``None`` where there is none."""
    for part in key.split("."):
        record = record.get(part) if isinstance(record, dict) else None
    return record


def _moved(record: Any, keys: list[tuple[str, str]]) -> dict:
    """The values at each ``(key, json_resume_key)`` of ``record`` under their JSON Resume key, the first
    row that finds one winning (``title`` before ``studyType`` for FRESH's degree)."""
    return {target: _at(record, key) for key, target in reversed(keys) if _at(record, key) is not None}


def _renamed(record: dict, keys: list[tuple[str, str]]) -> dict:
    """``record`` with the values at each ``(key, json_resume_key)`` moved to their JSON Resume key."""
    read = {key.split(".")[0] for key, _ in keys}
    return {**{key: value for key, value in record.items() if key not in read}, **_moved(record, keys)}


def as_json_resume(data: Any) -> Any:
    """A résumé of a schema :data:`RESUME_SCHEMAS` maps (FRESH) in JSON Resume's shape, which extraction
    reads; the keys no row maps are kept as they are, and any other data is returned unchanged.

    >>> as_json_resume({"name": "Ada", "employment": {"history": [{"employer": "Acme", "start": "2019"}]}})
    {'basics': {'name': 'Ada'}, 'work': [{'startDate': '2019', 'name': 'Acme'}]}
    >>> as_json_resume({"basics": {"name": "Ada"}, "projects": [{"title": "Tide"}]})
    {'basics': {'name': 'Ada'}, 'projects': [{'title': 'Tide'}]}
    >>> as_json_resume({"title": "Ada", "work": [{"company_name": "Acme", "date_start": "2019-04-01"}]})
    {'title': 'Ada', 'work': [{'startDate': '2019-04-01', 'name': 'Acme'}]}
    """
    for rows in RESUME_SCHEMAS.values():
        lists = {section: key for section, key, target in rows if target == "*" and isinstance(_at(data, key), list)}
        # a schema whose lists JSON Resume names alike (HugoBlox's work, education) is told by its records' own keys
        own_keys = {key for section, key, target in rows if target != "*" and section != "basics"} - _JSON_RESUME_TEXT_FIELDS
        if all(key == section for section, key in lists.items()) and not any(
                isinstance(record, dict) and own_keys & set(record) for key in lists.values() for record in _at(data, key)):
            continue
        sections = {section: [_renamed(record, [(k, t) for s, k, t in rows if s == section and t != "*"])
                              for record in _at(data, key) if isinstance(record, dict)]
                    for section, key in lists.items()}
        basics = _moved(data, [(key, target) for section, key, target in rows if section == "basics"])
        used = {key.split(".")[0] for section, key, target in rows if section == "basics" or target == "*"}
        return {**{key: value for key, value in data.items() if key not in used},
                **({"basics": basics} if basics else {}), **sections}
    return data


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool, _dt.date))


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).strip()


def _heading(key: Any) -> str:
    text = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(key))
    text = re.sub(r"[_\-]+", " ", text).strip()
    return text[:1].upper() + text[1:]


class _Locator:
    """Finds where values occur in the source, moving forward like a reader."""

    def __init__(self, source: str):
        self.source = source
        self.index = LineIndex(source)
        self.cursor = 0

    def find(self, value: str) -> int | None:
        first = value.strip().split("\n", 1)[0].strip()
        if not first:
            return None
        for fragment in self._candidates(first):
            pos = self.source.find(fragment, self.cursor)
            if pos >= 0:
                self.cursor = pos + len(fragment)
                return self.index.line(pos)
        return None

    @staticmethod
    def _candidates(first: str):
        yield first[:40]
        if len(first) > 12:
            yield first[:12]
        escaped = json.dumps(first[:40])[1:-1]
        if escaped != first[:40]:
            yield escaped
        if first.lower() in ("true", "false"):
            yield first.lower()

    def key(self, key: Any) -> int | None:
        for fragment in (f"{key}:", f'"{key}"', f"{key} =", f"[{key}", str(key)):
            pos = self.source.find(fragment, self.cursor)
            if pos >= 0:
                self.cursor = pos + len(fragment)
                return self.index.line(pos)
        return None

    @property
    def here(self) -> int:
        return self.index.line(self.cursor)


class _Renderer:
    def __init__(self, source: str, metadata: dict):
        self.loc = _Locator(source)
        self.out = Lines()
        self.metadata = metadata
        self.budget = _MAX_LINES

    # ---------------------------------------------------------------------------------------
    def emit(self, number: int | None, text: str) -> None:
        if self.budget <= 0:
            return
        self.budget -= 1
        number = number or self.loc.here
        if not _MARKUP.search(text):
            self.out.add(number, text)
            return
        # a site's data file holds the HTML or Markdown its template prints as it is: read as the page shows it
        from kg.ingest._markdown import inline_markdown

        bullet = "- " if text.startswith("- ") else ""
        for index, part in enumerate(inline_markdown(text[len(bullet):], self.metadata, number)):
            self.out.add(number, (bullet if index == 0 else "") + part)

    def value_line(self, value: str, key: Any = None) -> int:
        found = self.loc.find(value)
        if found is None and key is not None:
            found = self.loc.key(key)
        return found or self.loc.here

    def block(self, value: str, prefix: str = "") -> None:
        """A possibly multi-line string, each source line located separately."""
        for part in value.split("\n"):
            if part.strip():
                self.emit(self.value_line(part), prefix + part)

    # ---------------------------------------------------------------------------------------
    def mapping(self, data: dict, level: int, depth: int) -> None:
        if depth > _MAX_DEPTH:
            return
        for key, value in data.items():
            if self.budget <= 0:
                return
            if value is None or value == "" or value == [] or value == {}:
                continue
            if _scalar(value):
                text = _text(value)
                if isinstance(value, str) and _URLISH.match(text):
                    record_link(self.metadata, text, str(key), self.loc.here)
                lines = [part for part in text.split("\n") if part.strip()]
                if not lines:
                    continue
                if len(lines) == 1:
                    self.emit(self.value_line(lines[0], key), f"{key}: {lines[0]}")
                    continue
                # a block of text is a section of its own: its first line may be a heading or a bullet
                self.emit(self.loc.key(key), "#" * min(level, 6) + " " + _heading(key))
                self.block(text)
            elif isinstance(value, list):
                self.emit(self.loc.key(key), "#" * min(level, 6) + " " + _heading(key))
                self.sequence(value, level + 1, depth + 1)
            elif isinstance(value, dict):
                if all(_scalar(v) or v is None for v in value.values()) and len(value) <= 4 and not any(
                    isinstance(v, str) and ("\n" in v or len(v) > 80) for v in value.values()
                ):
                    number = self.loc.key(key)
                    parts = self.entry_parts(value)
                    if parts:
                        self.emit(number, f"{key}: " + ", ".join(parts))
                    continue
                self.emit(self.loc.key(key), "#" * min(level, 6) + " " + _heading(key))
                self.mapping(value, level + 1, depth + 1)

    def sequence(self, items: list, level: int, depth: int, prefix: str = "") -> None:
        if depth > _MAX_DEPTH:
            return
        for item in items:
            if self.budget <= 0:
                return
            if item is None:
                continue
            if _scalar(item):
                text = _text(item)
                if text:
                    if isinstance(item, str) and _URLISH.match(text):
                        record_link(self.metadata, text, "", self.loc.here)
                    self.block(text, prefix="- ")
            elif isinstance(item, dict):
                self.entry(item, depth + 1, prefix)
            elif isinstance(item, list):
                self.sequence(item, level, depth + 1, prefix)

    def entry_parts(self, data: dict, skip: set | None = None) -> list[str]:
        parts: list[str] = []
        skip = skip if skip is not None else set()
        for key, value in data.items():
            if key in skip or value is None or not _scalar(value):
                continue
            text = _text(value)
            if not text:
                continue
            if str(key).lower() in _LINK_KEYS or (isinstance(value, str) and _URLISH.match(text)):
                if isinstance(value, str):
                    record_link(self.metadata, text, " ".join(parts), self.loc.here)
                continue
            if key in _START_KEYS:
                end = _end_of(data)
                parts.append(f"{text} - {_text(end)}" if end is not None else text)
                skip.update(_END_KEYS)
                continue
            if str(key).lower() in _TEXT_KEYS or "\n" in text or len(text) > 150:
                continue
            parts.append(text)
        return parts

    def entry(self, data: dict, depth: int, prefix: str = "") -> None:
        """A dict inside a list: one ``a | b | c`` line, then its texts and bullets."""
        if depth > _MAX_DEPTH:
            return
        parts: list[str] = []
        number: int | None = None
        skip: set = set()
        start = self.loc.cursor
        for key, value in data.items():
            if key in skip or value is None or value == "":
                continue
            if _scalar(value):
                text = _text(value)
                if (
                    str(key).lower() in _LINK_KEYS
                    or (isinstance(value, str) and _URLISH.match(text))
                    or str(key).lower() in _TEXT_KEYS
                    or "\n" in text
                    or len(text) > 150
                ):
                    continue
                found = self.loc.find(text)
                if number is None:
                    number = found
            elif isinstance(value, list) and value and all(_scalar(v) for v in value):
                if str(key).lower() in _BULLET_KEYS or any(len(_text(v)) > 60 for v in value):
                    continue
                found = self.loc.find(_text(value[0]))
                if number is None:
                    number = found
                parts.append(", ".join(_text(v) for v in value if _text(v)))
                continue
            elif isinstance(value, dict) and all(_scalar(v) or v is None for v in value.values()):
                nested = self.entry_parts(value)
                if nested:
                    found = self.loc.find(nested[0])
                    if number is None:
                        number = found
                    parts.append(", ".join(nested))
                continue
            else:
                continue
            if key in _START_KEYS:
                end = _end_of(data)
                parts.append(f"{text} - {_text(end)}" if end is not None else text)
                skip.update(_END_KEYS)
            elif str(key).lower() in _ADVISOR_KEYS:  # the key says who the name is: "Mentor: Ana Ruiz"
                parts.append(f"{_heading(key)}: {text}")
            else:
                parts.append(text)
        # links of the entry, after locating its fields
        for key, value in data.items():
            if isinstance(value, str) and (str(key).lower() in _LINK_KEYS or _URLISH.match(value.strip())):
                record_link(self.metadata, value, parts[0] if parts else "", number or self.loc.here)
        if parts:
            self.emit(number, prefix + " | ".join(parts))
        # the record's texts and lists are sought from its start again: a text may come before a field
        # located above ("slink:" above "description:"), and sought from there it would match a later record
        end, self.loc.cursor = self.loc.cursor, start
        for key, value in data.items():
            if self.budget <= 0:
                break
            if value is None or value == "":
                continue
            if _scalar(value):
                self.entry_text(key, value)
            elif isinstance(value, list):
                if value and all(_scalar(v) for v in value):
                    if str(key).lower() in _BULLET_KEYS or any(len(_text(v)) > 60 for v in value):
                        self.sequence(value, 6, depth + 1)
                else:
                    self.sequence(value, 6, depth + 1, prefix="- ")
            elif isinstance(value, dict) and not all(_scalar(v) or v is None for v in value.values()):
                self.mapping(value, 6, depth + 1)
            elif isinstance(value, dict):  # a record's texts in a field of it ("content: {title, text}" of a page block)
                for inner_key, inner in value.items():
                    self.entry_text(inner_key, inner)
        self.loc.cursor = max(self.loc.cursor, end)

    def entry_text(self, key: Any, value: Any) -> None:
        """A record's long text (a summary, a description, a Markdown block) as lines of their own."""
        text = _text(value) if _scalar(value) else ""
        if not text or str(key).lower() in _LINK_KEYS or (isinstance(value, str) and _URLISH.match(text)):
            return
        if str(key).lower() in _TEXT_KEYS or "\n" in text or len(text) > 150:
            self.block(text)


def render(data: Any, source: str, metadata: dict) -> tuple:
    """Readable lines for parsed structured data, each mapped to the source line of its value.

    Top-level keys with lists or mappings become ``# Key`` headings (deeper levels
    ``## Key``...), scalars become ``key: value``, each record of a list becomes one
    line of its short fields joined by `` | `` (a start and end date joined as
    ``start - end``), followed by its long texts and ``- bullet`` lines.

    >>> src = 'name: Ada\\neducation:\\n  - degree: PhD\\n    institution: Cambridge\\n    year: 1840\\n'
    >>> import yaml
    >>> [(l.number, l.text) for l in render(yaml.safe_load(src), src, {})]
    [(1, 'name: Ada'), (2, '# Education'), (3, 'PhD | Cambridge | 1840')]
    """
    renderer = _Renderer(source, metadata)
    if isinstance(data, dict):
        renderer.mapping(data, 1, 0)
    elif isinstance(data, list):
        renderer.sequence(data, 1, 0)
    elif _scalar(data):
        renderer.block(_text(data))
    return renderer.out.result()


_META_KEYS = {
    "name": "name",
    "full_name": "name",
    "fullname": "name",
    "author": "author",
    "title": "title",
    "email": "email",
    "mail": "email",
    "phone": "phone",
    "url": "homepage",
    "website": "homepage",
    "homepage": "homepage",
    "label": "role",
    "role": "role",
    "position": "role",
    "institution": "institution",
    "affiliation": "institution",
    "organization": "institution",
    "department": "department",
    "orcid": "orcid",
    "github": "github",
    "location": "location",
    "description": "description",
}


def structured_metadata(data: Any, metadata: dict) -> None:
    """Copy explicit identity fields (name, email, homepage, role...) into ``metadata``.

    Looks at the top level and at JSON Resume ``basics`` and RenderCV ``cv``.

    >>> meta = {}
    >>> structured_metadata({"basics": {"name": "Ada", "email": "ada@x.org", "url": "https://ada.org"}}, meta)
    >>> meta
    {'name': 'Ada', 'email': 'ada@x.org', 'homepage': 'https://ada.org'}
    """
    if not isinstance(data, dict):
        return
    scopes = [data]
    for key in ("basics", "cv", "person", "profile", "about"):
        if isinstance(data.get(key), dict):
            scopes.append(data[key])
    for scope in scopes:
        for key, value in scope.items():
            target = _META_KEYS.get(str(key).lower())
            if target is None or target in metadata:
                continue
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                value = ", ".join(value)
            if target == "homepage" and not (isinstance(value, str) and _URLISH.match(value) and "//" in value):
                continue
            if isinstance(value, (str, int, float)) and not isinstance(value, bool) and str(value).strip():
                metadata[target] = str(value).strip()
            elif target == "location" and isinstance(value, dict):
                parts = [str(v) for v in value.values() if _scalar(v) and str(v).strip()]
                if parts:
                    metadata["location"] = ", ".join(parts)


#: A line whose value is a literal or folded block (``summary: |``, ``- >-``): the lines indented
#: under it are its text, where a leading ``#`` is a Markdown heading, not a comment.
BLOCK_SCALAR_START = re.compile(r"^(?P<indent>[ \t]*)(?:-[ \t]+)?(?:[^#\n]*?:[ \t]+)?[|>][-+0-9]*[ \t]*(?:#.*)?$")
YAML_COMMENT_LINE = re.compile(r"^[ \t]*#")


def _blank_comments(source: str) -> str:
    r"""YAML comment lines blanked (same length), so values are not found in commented-out text.

    >>> _blank_comments("# draft\nbio: |\n  ### Research\nx: 1")
    '       \nbio: |\n  ### Research\nx: 1'
    """
    lines = source.split("\n")
    block_indent: int | None = None  # the indent of the line that opened a block scalar
    for i, line in enumerate(lines):
        indent = len(line) - len(line.lstrip(" \t"))
        if block_indent is not None and (not line.strip() or indent > block_indent):
            continue
        block_indent = None
        if YAML_COMMENT_LINE.match(line):
            lines[i] = " " * len(line)
        elif opened := BLOCK_SCALAR_START.match(line):
            block_indent = len(opened.group("indent"))
    return "\n".join(lines)


#: A ``key: value`` line whose plain value holds ": " itself ("title: Summer School: Deep Learning"), which
#: YAML refuses ("mapping values are not allowed here") and site generators' authors write all the same.
_UNQUOTED_COLON_VALUE = re.compile(r"^(?P<key>[ \t]*(?:-[ \t]+)?[\w.-]+:[ \t]+)(?P<value>[^'\"\s|>&*!#{\[][^\n]*?:\s[^\n]*?)[ \t]*$")
_MAX_QUOTED_VALUES = 50


def load_yaml(text: str) -> Any:
    """Parse YAML safely; malformed YAML raises :class:`SourceError` with line and column. A plain value
    holding ": " is read as the text it is meant to be (quoted, on the line YAML stops at).

    >>> try:
    ...     load_yaml("a: 1\\n b: [2")
    ... except SourceError as exc:
    ...     print("line 2" in str(exc), str(exc).startswith("malformed YAML"))
    True True
    >>> load_yaml("awards:\\n  - title: Summer School: Deep Learning\\n    date: 2024-02-30")
    {'awards': [{'title': 'Summer School: Deep Learning', 'date': '2024-02-30'}]}
    """
    import yaml

    loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
    for _ in range(_MAX_QUOTED_VALUES):
        try:
            return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader (libyaml's when available)
        except yaml.MarkedYAMLError as exc:
            lines = text.split("\n")
            at = exc.problem_mark.line if exc.problem_mark and "mapping values" in (exc.problem or "") else -1
            found = _UNQUOTED_COLON_VALUE.match(lines[at]) if 0 <= at < len(lines) else None
            if found is None:
                break
            lines[at] = found.group("key") + json.dumps(found.group("value"), ensure_ascii=False)
            text = "\n".join(lines)
        except ValueError:  # a date that is none ("2029-04-31"): the dates kept as written
            loader = _dates_as_written(loader)
    try:
        return yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader (libyaml's when available)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = exc.problem or exc.context or "syntax error"
        raise SourceError(f"malformed YAML: {problem}{where}") from None
    except yaml.YAMLError as exc:
        raise SourceError(f"malformed YAML: {str(exc).splitlines()[0] if str(exc) else 'syntax error'}") from None
    except RecursionError:
        raise SourceError("malformed YAML: nested too deeply") from None
    except ValueError:  # a number of thousands of digits (Python's int conversion limit)
        raise SourceError("malformed YAML: a number too long to read (thousands of digits)") from None


def _dates_as_written(loader: type) -> type:
    """``loader`` reading YAML timestamps as their text (a generator's template date "2029-04-31" is no date)."""
    lenient = type("DatesAsWritten", (loader,), {})
    lenient.add_constructor("tag:yaml.org,2002:timestamp", lambda self, node: self.construct_scalar(node))
    return lenient


#: A JSON string, or a comment of JSON with comments (a site's ``resume.json``, an editor's settings).
_JSON_STRING_OR_COMMENT = re.compile(r'"(?:[^"\\\n]|\\.)*"|(?P<comment>//[^\n]*|/\*.*?\*/)', re.S)


def load_json(text: str) -> Any:
    """Parse JSON, also with ``//`` and ``/* */`` comments; malformed JSON raises :class:`SourceError` with
    line and column.

    >>> load_json('{"a": "x//y", // the note\\n "b": 2 /* two */}')
    {'a': 'x//y', 'b': 2}
    >>> load_json('{"a": 1,}')
    Traceback (most recent call last):
    ...
    kg.ingest._source.SourceError: malformed JSON: Expecting property name enclosed in double quotes (line 1, column 9)
    """
    try:
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            if "/" not in text:
                raise
            # comments blanked, their line breaks kept: an error's line and column stay the file's
            return json.loads(_JSON_STRING_OR_COMMENT.sub(
                lambda m: re.sub(r"[^\n]", " ", m.group(0)) if m.group("comment") else m.group(0), text))
    except json.JSONDecodeError as exc:
        raise SourceError(f"malformed JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SourceError("malformed JSON: nested too deeply") from None
    except ValueError:  # a number of thousands of digits (Python's int conversion limit)
        raise SourceError("malformed JSON: a number too long to read (thousands of digits)") from None


def named_people(data: Any) -> Any:
    """A list of people's records (a lab site's ``_data/people.yml``: ``first_name``, ``last_name``, ``position``),
    also directly, by group or keyed by id in a mapping, with each record's ``name`` written whole when it has none
    (``display_name``, or its given and family names).

    >>> named_people([{"first_name": "Ines", "last_name": "Vidal", "position": "PhD student"}])
    [{'first_name': 'Ines', 'last_name': 'Vidal', 'position': 'PhD student', 'name': 'Ines Vidal'}]
    >>> named_people({"ines": {"display_name": "Dr. Ines Vidal"}})
    {'ines': {'display_name': 'Dr. Ines Vidal', 'name': 'Dr. Ines Vidal'}}
    """
    groups = [data] + (list(data.values()) if isinstance(data, dict) else [])
    records = (r for group in groups for r in (group if isinstance(group, list) else [group]))
    for record in (r for r in records if isinstance(r, dict) and r is not data):
        given, family = record.get("first_name"), record.get("last_name")
        whole = next((record[k] for k in ("display_name", "full_name") if isinstance(record.get(k), str)), None)
        if "name" not in record and (whole or isinstance(given, str) and isinstance(family, str)):
            record["name"] = whole or f"{given.strip()} {family.strip()}"
    return data


def keyed_records(section: Any) -> Any:
    """A section written as a table of named records (TOML's ``[work.acme]``, ``[work.lab]``) as the list of its
    records, which is how CV data lists them; any other value unchanged.

    >>> keyed_records({"acme": {"company": "Acme"}, "lab": {"company": "Lab"}})
    [{'company': 'Acme'}, {'company': 'Lab'}]
    >>> keyed_records({"name": "Ada", "location": {"city": "Oslo"}})
    {'name': 'Ada', 'location': {'city': 'Oslo'}}
    """
    if isinstance(section, dict) and section and all(isinstance(value, dict) for value in section.values()):
        return list(section.values())
    return section


#: A key numbering one entry of a section ("education1", "job_2", "position-3").
_NUMBERED_KEY = re.compile(r"(?P<section>[A-Za-z][A-Za-z_ -]*?)[ _-]*\d+")
#: A hand-typed list inside a string value: every line a bullet ("- PhD, X\n- MSc, Y").
_BULLET = re.compile(r"^\s*[-*•]\s+")


def numbered_sections(data: Any) -> Any:
    """A mapping whose keys number the entries of a section (``education1``, ``education2``) with each section one
    list where its first entry was, and each string value written as bullets a list of its items.

    >>> numbered_sections({"name": "Ada", "job_1": {"title": "Fellow"}, "job_2": "- Tutor, X\\n- Clerk, Y"})
    {'name': 'Ada', 'job': [{'title': 'Fellow'}, 'Tutor, X', 'Clerk, Y']}
    """
    if not isinstance(data, dict):
        return data
    out: dict = {}
    for key, value in data.items():
        if isinstance(value, str) and _BULLET.match(value) and all(_BULLET.match(l) for l in value.splitlines() if l.strip()):
            value = [_BULLET.sub("", line) for line in value.splitlines() if line.strip()]
        numbered = _NUMBERED_KEY.fullmatch(key) if isinstance(key, str) else None
        section = numbered.group("section") if numbered else None
        # "url2: https://...", "phone1: 555": a second address or number, no entry of a section
        if section is None or section in data or not isinstance(value, (str, dict, list)) or _URLISH.match(str(value)):
            out[key] = value
        else:
            out.setdefault(section, []).extend(value if isinstance(value, list) else [value])
    return out


def parse_yaml_document(text: str) -> tuple[tuple, dict, Any]:
    """Lines, metadata and data of a YAML CV file (in JSON Resume's shape if its schema is mapped:
    :func:`as_json_resume`); the lines are the file's as written."""
    written = load_yaml(text)
    if written is None or (_scalar(written) and not isinstance(written, str)):
        raise SourceError("YAML document holds no record")
    metadata: dict = {}
    written = numbered_sections(written)
    data = named_people(as_json_resume(plain_values(written)))
    structured_metadata(data, metadata)
    lines = render(written, _blank_comments(text), metadata)
    return lines, metadata, data


def plain_values(data: Any) -> Any:
    """The data with the HTML or Markdown markup of its values read as plain text, as the template prints
    them (``<a href="https://acme.org">Acme</a>`` and ``[Acme](https://acme.org)`` are Acme). In a RenderCV file
    (``cv: sections:``) every field is Markdown; the authors of a publication keep their ``**bold**``, which marks
    the CV's owner.

    >>> plain_values({"cv": {"sections": {"work": [{"company": "[Acme Labs](https://acme.org)", "authors": ["**A. Ruiz**"]}]}}})
    {'cv': {'sections': {'work': [{'company': 'Acme Labs', 'authors': ['**A. Ruiz**']}]}}}
    >>> plain_values([{"role": "Postdoc<br>Fellow", "org": "<a href='https://acme.org'>Acme</a>", "note": "*1815"}])
    [{'role': 'Postdoc Fellow', 'org': 'Acme', 'note': '*1815'}]
    """
    from kg.ingest._markdown import inline_markdown

    cv = data.get("cv") if isinstance(data, dict) else None
    rendercv = isinstance(cv, dict) and isinstance(cv.get("sections"), dict)

    done: dict[tuple[int, bool], Any] = {}  # a YAML alias is one value written many times: read once

    def plain(value: Any, key: str = "") -> Any:
        if isinstance(value, str) and key != "authors" and (rendercv or _MARKUP.search(value)):
            return " ".join(inline_markdown(value))
        if not isinstance(value, (list, dict)):
            return value
        seen = (id(value), key == "authors")
        if seen not in done:
            done[seen] = [plain(item, key) for item in value] if isinstance(value, list) else {
                k: plain(v, str(k)) for k, v in value.items()}
        return done[seen]

    return plain(data)


def parse_json_document(text: str) -> tuple[tuple, dict, Any]:
    """Lines, metadata and data of a JSON CV file (see :func:`parse_yaml_document`)."""
    written = load_json(text)
    if not isinstance(written, (dict, list)):
        raise SourceError("JSON document holds no record (not an object or array)")
    return _record_document(written, text)


def load_toml(text: str) -> dict:
    """Parse TOML; malformed TOML raises :class:`SourceError` with line and column.

    >>> load_toml('[header]\\nname = "Ada"\\n[education.cam]\\ndegrees = ["PhD"]')
    {'header': {'name': 'Ada'}, 'education': {'cam': {'degrees': ['PhD']}}}
    >>> load_toml("name = Ada")
    Traceback (most recent call last):
    ...
    kg.ingest._source.SourceError: malformed TOML: Invalid value (at line 1, column 8)
    """
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SourceError(f"malformed TOML: {exc}") from None


def parse_toml_document(text: str) -> tuple[tuple, dict, Any]:
    """Lines, metadata and data of a TOML CV file (see :func:`parse_yaml_document`): tables and their
    keys read as YAML's mappings are, each line numbered where its value is written."""
    written = load_toml(text)
    if not written:
        raise SourceError("TOML document holds no record")
    return _record_document(written, text)


def _record_document(written: Any, text: str) -> tuple[tuple, dict, Any]:
    """Lines, metadata and data of a parsed JSON or TOML record, its lines located in ``text``."""
    metadata: dict = {}
    if isinstance(written, dict):
        written = numbered_sections({key: keyed_records(value) for key, value in written.items()})
    data = named_people(as_json_resume(plain_values(written)))
    structured_metadata(data, metadata)
    lines = render(written, text, metadata)
    return lines, metadata, data
