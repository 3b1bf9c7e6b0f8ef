"""People a document lists under a heading of its own: a lab page's members and alumni, a CV's
supervised students. Each person gets the facts their entry states (where they study or work, in
which role, where alumni went) and ``advisedBy`` the page's owner when they are the owner's students.

>>> from kg.model import Document, Line
>>> lines = ["# Vera Holm", "Professor of Ecology, University of Tarnow", "## Lab members",
...          "Ines Vidal, PhD student (co-advised with Tomas Berg)", "Olek Marr — Postdoctoral researcher (2021–)",
...          "## Alumni", "Rui Pinto, PhD 2019, now at Helio Instruments"]
>>> doc = Document("lab.md", "lab.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
>>> from kg.extract import extract
>>> ex = extract(doc)
>>> sorted((ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) for r in ex.relations
...        if ex.entity(r.subject).name != "Vera Holm")
[('Ines Vidal', 'advisedBy', 'Tomas Berg'), ('Ines Vidal', 'advisedBy', 'Vera Holm'), ('Rui Pinto', 'advisedBy', 'Vera Holm'), ('Rui Pinto', 'workedAt', 'Helio Instruments')]
"""
from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass, field

from kg.extract.context import UNNAMED_SUBJECT
from kg.extract.dates import find_date_range, find_dates
from kg.extract.gazetteer import by_first_letter, word_groups
from kg.extract.orgs import ROLES, OrgRegistry, classify_segment, find_orgs_in_text, is_generic_unit, is_location, is_role
from kg.extract.people import _DEGREE_AFTER_NAME, _TITLES, clean_person, split_people
from kg.extract.positions import add_affiliation_note, parse_note
from kg.extract.prose import _MEMBER_WORDS, _alternatives, _cjk_orgs, prose_students, read_prose
from kg.extract.publications import same_person
from kg.extract.sections import exact_kind, heading_kind
from kg.extract.subject import _TITLE_PARTS, _TRAILING_ICON, family_last
from kg.extract.text import Passage, clean, is_bullet, sentence_spans
from kg.extract.vocab import degree_of

__all__ = ["list_members", "member_lines", "member_role", "names_collaborators", "page_leader", "read_members", "read_prose_students"]


#: ``kind -> phrases`` of ``data/member_words.tsv`` and the ``column_*`` labels of ``data/table_columns.tsv``.
_WORDS = _MEMBER_WORDS
#: The roles a column's label gives it besides the name, the first that fits ("Thesis advisor" heads advisors,
#: "Thesis title" titles, "Current position" destinations).
_COLUMN_KINDS = ("column_now", "column_school", "column_coadvisor", "column_advisor", "column_topic", "column_years", "column_contact", "column_role")
_COLUMN_LABELS = frozenset().union(*(_WORDS[kind] for kind in _COLUMN_KINDS))
#: The columns read as the row's text, for what it says of the person ("Dormancy; co-supervised with B. Lind"); an
#: e-mail or a web page is none.
_TEXT_COLUMNS = (None, "name", "role", "years", "topic")
_NORM = re.compile(r"[^\w\s'’.()-]")
_TWO_LETTERS_OR_MORE = re.compile(r"[^\W\d_]{2,}")


def _norm(text: str) -> str:
    return " ".join(_NORM.sub(" ", text.lower()).split())


def _has(text: str, kind: str) -> bool:
    """Whether ``text`` holds one of the ``kind`` words as a whole word (CJK words anywhere)."""
    low = f" {_norm(text).replace('(', ' ').replace(')', ' ')} "  # "(PhD 2022)"
    words, phrases, anywhere = _WORD_FORMS[kind]
    return not words.isdisjoint(low.split()) or any(f" {p} " in low for p in phrases) or any(p in low for p in anywhere)


#: The words of each kind as :func:`_has` looks for them: one-word forms, phrases, CJK words; a word ends a sentence
#: too ("PhD. Soil seed banks", "she is a PhD student."): each also with "s", "." and "s." after it.
_WORD_FORMS = {kind: (frozenset(f for f in forms if " " not in f), tuple(f for f in forms if " " in f), tuple(w for w in words if not w.isascii()))
               for kind, words in _WORDS.items() for forms in [[w + end for w in words if w.isascii() for end in ("", "s", ".", "s.")]]}


#: The section kinds (``data/sections.tsv``) that list people: a lab's members, a CV's supervised students.
_KIND_OF_SECTION = {"members": "members", "people_roles": "members", "students": "supervision", "committee": "committee",
                    "advisors": "advisors"}


#: Where a member's name ends: a separator ("Ana Ruiz // PhD student"), a parenthesis, a verb of a sentence about them.
_NAME_END = re.compile(r"\s*(?:[|,;:：(（，、]|\s(?:[-–—]|//?)\s|[-–—]\s|\s(?:is|was|has|joined|works|received|completed|ist|war|es|fue|est|était|è|era|é)\s"
                       r"|\s(?i:now|currently)\s)")
#: A handle or profile link after a name ("Ana Ruiz @aruiz LinkedIn"), or alone on a card's line ("Profile Page").
_HANDLE = re.compile(r"(?:^|\s+)(?:@\S+|linkedin|github|twitter|scholar|website|homepage|orcid|cv|profile)\b.*$", re.I)
_DATES_FIRST = re.compile(r"^\s*(?:\(?\d{4}(?:[./]\d{1,2})?\)?\s*(?:[-–—/]\s*(?:\d{4}|present|now|today|heute|actualidad|presente))?\s*[:|,.-]?\s+)")
#: What an alumnus's entry names after its last date, in capitalised words or in brackets: where they went
#: ("M.S., 2014. Northwind", "2016 – 2019 (University of Eastmarch (UE), Norway)").
_AFTER_LAST_DATE = re.compile(r"\s*(?:[.,;]\s+[A-Z][\w&'’+-]*(?:,?\s+(?:[A-Z0-9][\w&'’+-]*|of|and|for|the|group|lab|team))*"
                              r"|[(（][A-Z][^()（）]*(?:[(（][^()（）]*[)）][^()（）]*)*[)）])\s*$")


@lru_cache(maxsize=1)
def _now() -> re.Pattern:
    """Where an alumnus went: "now at X", "now a postdoc at X", "→ X", "现就职于X" (the ``now`` words)."""
    words = sorted(_WORDS["now"], key=len, reverse=True)
    latin = by_first_letter([re.escape(w) for w in words if w.isascii() or w[0] < "\u3040"])
    cjk = "|".join(re.escape(w) for w in words if not (w.isascii() or w[0] < "\u3040"))
    return re.compile(rf"(?:(?<!\w)(?:{latin})(?!\w)(?:\s+(?:working|works|is|an?|as)\b)*\s*[:：]?|(?:{cjk})|→|->|⇒)"
                      r"\s*(?P<rest>[^.;。；]+)", re.I)


#: A co-advisor in a student's note ("co-supervised with Prof. Ormsby", "in co-tutela con X", "co-direction : X").
_CO_ADVISOR = re.compile(r"(?:\b(?:with|mit|con|avec|com|met)|(?<!\w)co-?(?:direction|encadrement|supervision|supervisor|"
                         r"advisor|adviser|director|directora|directeur|directrice|orientador|orientadora|relatore|tutela|tutelle))"
                         r"\s*[:：]?\s+(?P<name>.+)$", re.I)


def _co_advisor(note: str, people: list[str]) -> str | None:
    """The co-advisor a student's note names, a family name alone read as one of ``people``.

    >>> _co_advisor("co-direction : Paul Sorel, Université de Vire", []), _co_advisor("co-supervised with Prof. Marr", ["Ivo Marr"])
    ('Paul Sorel', 'Ivo Marr')
    """
    match = _CO_ADVISOR.search(note)
    if not match:
        return None
    found = split_people(match.group("name"))
    family = match.group("name").split()[-1]
    return found[0].name if found else next((p for p in people if p.split()[-1] == family), None)


def read_prose_students(ctx, registry: OrgRegistry, subject_id: str, prose: list[Passage]) -> None:
    """The students a bio's sentences name: each advised by whom the last sentence opening with a name is about
    (the subject unless another person), and by a co-advisor the name's note gives; working where the sentence says
    they are now.

    >>> from kg.model import Document, Line
    >>> lines = ["# Vera Holm", "She supervises two PhD students: Ines Vidal and Olek Marr (co-supervised with Tomas Berg).",
    ...          "Her former student Dr. Rui Pinto is now a lecturer at the University of Tarnow."]
    >>> doc = Document("bio.md", "bio.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
    >>> from kg.extract import extract
    >>> ex = extract(doc)
    >>> sorted((ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) for r in ex.relations)
    [('Ines Vidal', 'advisedBy', 'Vera Holm'), ('Olek Marr', 'advisedBy', 'Tomas Berg'), ('Olek Marr', 'advisedBy', 'Vera Holm'), ('Rui Pinto', 'advisedBy', 'Vera Holm'), ('Rui Pinto', 'workedAt', 'University of Tarnow')]
    """
    if ctx.entity(subject_id).name == UNNAMED_SUBJECT:
        return
    subject = ctx.entity(subject_id).name
    people = [e.name for e in ctx.entities if e.type == "Person"]
    for passage, (begin, end) in ((p, span) for p in prose for span in sentence_spans(p.text)):
        for match in prose_students().finditer(passage.text[begin:end]):
            evidence = ctx.evidence(passage.line_at(begin + match.start()))
            # whose students: the person the last sentence opening with a name is about ("Ruiz-Okafor, who ... Her student X")
            openers = [passage.text[b:e].split(None, 1)[0].strip(",;:") for b, e in sentence_spans(passage.text) if b <= begin]
            named = next((p for word in reversed(openers) if len(word) > 2 and word[0].isupper() for p in [
                subject, *people, *(clean_person(m.group(0)) or "" for m in re.finditer(
                    rf"[A-Z][\w'’-]+\s+{re.escape(word)}\b", passage.text[:begin]))]  # "Idris Bakare ... Bakare, who"
                          if word in p.split()), subject)
            advisor = subject_id if same_person(named, subject) else ctx.add_entity(named, "Person")
            if match.group("one"):
                words = match.group("one").split()[:6]  # the student's name: the capitalised words after the noun
                end = next((i for i, w in enumerate(words) if i and not w[:1].isupper()), 6)
                name = clean_person(" ".join(words[:end]).strip(","))
                found = [(name, match.group("one"))] if name else []
            else:
                found = [(p.name, p.note or "") for p in split_people(match.group("names"))]
            for name, note in found:
                pid = ctx.add_entity(name, "Person", evidence=evidence)
                ctx.add_relation(pid, "advisedBy", advisor, evidence=evidence)
                other = _co_advisor(note, people) if match.group("names") else None
                if other and not same_person(other, ctx.entity(advisor).name):
                    ctx.add_relation(pid, "advisedBy", ctx.add_entity(other, "Person", evidence=evidence), evidence=evidence)
                went = _now().search(note)
                if went:
                    add_affiliation_note(ctx, registry, pid, went.group("rest"), evidence, current=True)


def _went_apart(text: str, alumni: bool = False) -> list[str]:
    """An entry cut where it turns to where the person went ("PhD 2021, now Assistant Professor at X",
    "(PhD 2022) → Postdoc at Y", an alumnus's "M.S., 2014. Northwind"): what they did in the group, then where they are."""
    went = _now().search(text)
    if went is None and alumni and (dates := find_dates(text)) and _AFTER_LAST_DATE.match(text, dates[-1][2]):
        return [text[: dates[-1][2]], text[dates[-1][2]:]]
    return [text[: went.start()], text[went.start():]] if went else [text]


@dataclass
class _Member:
    name: str
    first: int
    last: int
    texts: list[tuple[int, str]] = field(default_factory=list)
    cells: dict[str, str] = field(default_factory=dict)
    alumni: bool = False
    supervision: bool = False
    group: str = ""  # the sub-heading the person is listed under ("Doctoral students")
    panel: str = ""  # "advisors" or "committee": a thesis's supervisors or examiners, listed with where they work


#: A dash or dot that bullets a plain-text list item ("– Dr. Timo Berg (2015–2019)", Markdown's "-[Timo Berg](url)").
_DASH_BULLET = re.compile(r"^\s*(?:[–—•·‣▪*-]\s+|-(?=[A-Z]))")
#: A label and the people it lists on one line ("在读博士生：秦雪（2020级）、韩哲（2022级）", "PhD students: A, B"), or the
#: value a card's label shows beside it ("Current affiliation | Kelso Instruments").
_LABELLED_LIST = re.compile(r"^\s*(?P<label>[^:：|]{1,40}?)\s*(?:[:：]|\s\|)\s*(?P<people>.+)$")


#: Nothing, or only a bracketed aside, after a phrase ("ML Compilers (TVM Relay)").
_ASIDE_ONLY = re.compile(r"\s*(?:[(（][^()（）\d]*[)）]\s*)?")
#: A bracketed note with a year before a member's name ("[2021, Master student] Ana Ruiz"), written after it.
_LEAD_NOTE = re.compile(r"^(?P<bullet>\s*(?:[–—•·*-]\s+)?)\[(?P<note>[^\[\]]*\d{4}[^\[\]]*)\]\s*(?P<rest>\S.*)$")
#: A nickname between given and family name ("Jinyan (Jim) Yang", "Seo Yun (Mia) Park").
_NICKNAME = re.compile(r"^(\S+|\S+\s+\S+(?=\s+[(（][A-Z][a-z]+[)）]))\s+[(（][^()（）]{1,20}[)）]\s+(?=[A-Z])")


def _member_name(text: str) -> tuple[str, str] | None:
    """``(name, rest)`` when a line opens with a person's name.

    >>> _member_name("Jinyan (Jim) Yang, PhD student"), _member_name("2019-2023: Ana Ruiz (MSc)")
    (('Jinyan Yang', ', PhD student'), ('Ana Ruiz', ' (MSc)'))
    >>> _member_name("Seo Yun (Mia) Park (Data Engineer, Helio Labs)"), _member_name("Ana Ruiz, PhD")
    (('Seo Yun Park', ' (Data Engineer, Helio Labs)'), ('Ana Ruiz', ''))
    """
    text = _NICKNAME.sub(r"\1 ", _DATES_FIRST.sub("", _DASH_BULLET.sub("", text, count=1), count=1), count=1)
    text = _TRAILING_ICON.sub("", text)
    # "Ana Ruiz professor at X": a name no separator ends ends before a job title written in lower case
    words = text.split(" ")
    cut = next((len(" ".join(words[:i])) for i in range(2, min(len(words), 5)) if words[i][:1].islower()
                and any(w.strip(",;") in ROLES for w in words[i:i + 2])), len(text))
    end = min(found.start() if (found := _NAME_END.search(text)) else len(text), cut)
    head, rest = text[:end], text[end:]
    head = _HANDLE.sub("", head).strip(" *")
    rest = "" if _DEGREE_AFTER_NAME.fullmatch(rest.rstrip()) else rest  # "Ana Ruiz, PhD": a card's title, no note
    if len(head.split()) > 1 and (is_role(head.split()[-1]) or _has(head.split()[-1], "student")) \
            and clean_person(head.rsplit(None, 1)[0]):
        head = head.rsplit(None, 1)[0]  # "森川 健一 教授": the role after the name, no separator between
    words = len(_TITLES.sub("", _TITLES.sub("", head)).split())  # "prof. dr hab. inż. A. Nowak": a name of two words
    if (not head or len(head) > 50 or words > 5 or ". " in head and not clean_person(head)) and ". " in text:
        # "Ana Duarte Rego. Dispersão de sementes ... Orientador: X": a thesis listed after its author's name
        head, rest = text[: text.index(". ")], text[text.index(". "):]
        head = head if len(head.split()) >= 2 else ""
        words = len(head.split())
    if not head or len(head) > 50 or words > 5:
        return None
    name = clean_person(head)
    org = classify_segment(name) if name else None
    # "Research Fellow", "Científico Titular del CSIC" are roles; "Dean Marlow" a name that a title's word opens;
    # "Junior Researchers" a group's name
    given_title = [w.lower() in ROLES for w in name.split()] == [True, False] if name else False
    if not name or is_role(name) and not given_title or name.endswith("s") and is_role(name[:-1]) \
            or (org is not None and org.type != "Company"):
        return None  # "Wydział Mechaniczny, Politechnika X": a unit's name, not a member's
    return name, rest


def _lead_name(text: str, bold: set[str]) -> tuple[str, str] | None:
    """``(name, rest)`` when a line opens with a person's name set in bold, which ends the name where no separator
    does ("**Ana Ruiz** Post-doctorante, Parasitologie").

    >>> _lead_name("Ana Ruiz Post-doctorante, Parasitologie", {"Ana Ruiz"})
    ('Ana Ruiz', ' Post-doctorante, Parasitologie')
    """
    name = next((b for b in bold if text.startswith(b) and text[len(b):len(b) + 1] in (" ", ",", "")), None)
    return (clean_person(name), text[len(name):]) if name and clean_person(name) and _member_name(name) else None


#: What a line that only lists people holds between their names.
_BETWEEN_NAMES = re.compile(r"^(?:[\s,;&，、；]|\band\b)*$")
_LIST_JOINS = re.compile(r"[,;&，、；]|\band\b")


def _name_list(text: str) -> list:
    """The people of a line that is nothing but three or more names ("Ana Ruiz, Olek Marr and Rui Pinto"), or two
    an enumeration comma joins ("秦雪，韩哲": a comma of Chinese or Japanese writing never ends a name), else ``[]``.

    >>> [p.name for p in _name_list("Ana Ruiz, Olek Marr and Rui Pinto")], _name_list("Ana Ruiz, PhD student, 2019")
    (['Ana Ruiz', 'Olek Marr', 'Rui Pinto'], [])
    >>> [p.name for p in _name_list("秦雪，韩哲")]
    ['秦雪', '韩哲']
    """
    least = 2 if "，" in text or "、" in text else 3
    people = split_people(text) if len(_LIST_JOINS.findall(text)) >= least - 1 else []
    if len(people) < least:
        return []
    rest = "".join(text[a.end: b.begin] for a, b in zip([*people[:1], *people], people)) + text[people[-1].end:] + text[: people[0].begin]
    return people if _BETWEEN_NAMES.match(rest) and all(_member_name(p.name) for p in people) else []


def _names_column(cell: str, first: bool, group: bool = False) -> bool:
    """Whether a table's heading cell heads its people's names: "Name", or, as the first cell, who they are
    ("Doctorant·e", "Alumni"; a row of the table opens with a name instead); with ``group`` (no table above
    says what its cells are) the heading of any group of people ("Past graduate students")."""
    words = _TWO_LETTERS_OR_MORE.findall(cell.lower())  # "Doctorant·e": the gender ending aside
    return _norm(cell) in _WORDS["column_name"] or first and (1 <= len(words) <= 2 and all(
        w in _WORDS["student"] or w in _WORDS["alumni"] for w in words) or group and heading_kind(cell) == "members") \
        and not degree_of(cell)  # not "PhD | Univ. X"


def _only_roles(cell: str) -> bool:
    """Whether a cell names what a person is and no place ("Doktorandin", "PhD student"; not "Data Scientist, Brakwald").

    >>> _only_roles("Doktorandin"), _only_roles("PhD student"), _only_roles("Engineer at Halvik"), _only_roles("Halvik")
    (True, True, False, False)
    """
    return (is_role(cell) or _has(cell, "student")) and all(is_role(o) or _has(o, "student") for _, o, _ in parse_note(cell))


def _columns(text: str, group: bool = False) -> dict[int, str] | None:
    """A member table's column meanings from its heading row ("Name | Topic | Position"), else ``None``; a
    heading cell names its column in its first or last words ("Advisor(s) of thesis", "Thesis advisor").

    >>> _columns("Doctorant·e | Sujet | Direction de thèse | Début"), _columns("Name | Role | Thesis advisor")
    ({0: 'name', 1: 'topic', 2: 'advisor'}, {0: 'name', 1: 'role', 2: 'advisor'})
    >>> _columns("Postdocs | Years | Current position"), _columns("Postdoc | 2019 | University of Tarnow")
    ({0: 'name', 1: 'years', 2: 'now'}, None)
    """
    parts = text.split("|")
    heads = parts[:2]
    # or a header that opens with who its people are ("Postdoc | Years | Current position"): its other cells all labels;
    # not a label itself ("Advisor | Years | University" lists the owner's own advisors, not people of the page)
    titled = len(heads) > 1 and _norm(heads[1]) in _COLUMN_LABELS and all(_norm(c) in _COLUMN_LABELS for c in parts[2:]
                                                                          if c.strip()) and (
        is_role(heads[0]) or heading_kind(heads[0]) == "members") and _norm(heads[0]) not in _COLUMN_LABELS
    # a header of labels only, its Name column after the second ("Year | Degree | Name")
    if not titled and not any(_names_column(h, i == 0, group) for i, h in enumerate(heads)) and not (
            any(_norm(c) in _WORDS["column_name"] for c in parts)
            and all(_column_kind(_norm(c)) or _norm(c) in _WORDS["column_name"] for c in parts if c.strip())):
        return None  # most "a | b" lines are CV entries: two cells tell before the whole row is read
    cells = [_norm(c) for c in parts]
    out = {}
    for i, cell in enumerate(cells):
        if (_names_column(cell, i == 0, group) or titled and i == 0) and "name" not in out.values():
            out[i] = "name"
            continue
        if kind := _column_kind(cell):
            out[i] = kind
    return out


def _column_kind(cell: str) -> str | None:
    """What a table's heading cell (normalised) says its column holds besides names, by its first or last words.

    >>> _column_kind("thesis advisor"), _column_kind("卒業 修了年月"), _column_kind("d3")
    ('advisor', 'years', None)
    """
    return next((kind[len("column_"):] for kind in _COLUMN_KINDS if cell in _WORDS[kind] or any(
        cell.startswith(p + " ") or cell.endswith(" " + p) for p in _WORDS[kind])), None)


#: A data file's identifier of a kind ("phd-alumni", "postdoc_alumni"): words a site's templates join.
_DATA_KEY = re.compile(r"[a-z]+(?:[-_][a-z]+)+")


def _front_matter_members(ctx) -> list[_Member]:
    """The people a site generator's front matter or data file lists (``pi: {name: ...}``, ``alumni: [{name, now}]``,
    ``[{name, position, status: former}]``), each record read as a row of a member table whose columns are its keys."""
    out = []
    meta, data = ctx.document.metadata, ctx.document.data
    keyed = isinstance(data, dict) and len(data) > 1 and all(isinstance(v, dict) and "name" in v for v in data.values())
    # people listed by group ("current: [{name, role}]", "alumni: [...]"), a key naming a group of people (not a CV's "work")
    grouped = isinstance(data, dict) and any(isinstance(k, str) and (heading_kind(k) == "members" or _has(k, "alumni")) for k in data) \
        and any(isinstance(v, list) and v and all(isinstance(r, dict) and "name" in r for r in v) for v in data.values())
    # people keyed by id ("ana: {name}"); of a file listing people by group, its groups ("current:"), not its "projects:"
    records = {"": data} if isinstance(data, list) else meta["front_matter"] if isinstance(meta.get("front_matter"), dict) \
        else {"": list(data.values())} if keyed else {k: v for k, v in data.items() if heading_kind(str(k).replace("_", " "))
                                                        in (None, *_KIND_OF_SECTION)} if grouped else meta
    for key, value in records.items():
        for record in [value] if isinstance(value, dict) else value if isinstance(value, list) else []:
            name = clean_person(record["name"]) if isinstance(record, dict) and isinstance(record.get("name"), str) else None
            if not name or not isinstance(key, str):
                continue
            said_of = f"{key} {record.get('status', '')} {record.get('type', '')}".replace("-", " ").replace("_", " ")
            member = _Member(name, 0, 0, alumni=_has(said_of, "alumni"), group=key)  # "status: former", "type: phd-alumni"
            member.first = member.last = next((i for i, line in enumerate(ctx.document.lines) if record["name"] in line.text), 0)
            said = [name]
            for label, text in ((k, v) for k, v in record.items() if v is not None):
                text = ", ".join(map(str, text)) if isinstance(text, list) else str(text)
                text = text.replace("-", " ").replace("_", " ") if _DATA_KEY.fullmatch(text) else text  # "phd-alumni"
                kind = next((k for k in _COLUMN_KINDS if _norm(str(label)) in _WORDS[k]), None)
                if kind and not _TITLES.fullmatch(f"{text} "):  # the first of title, position, status that is no "Dr."
                    member.cells.setdefault(kind[len("column_"):], text)
                if kind in (None, "column_role", "column_years") and label != "name":
                    said.append(text)  # "education: PhD, Selworth University" is read as the entry's text
            member.texts.append((member.first, " ; ".join(said)))
            out.append(member)
    return out


def list_members(ctx, sections) -> list[_Member]:
    """The people listed under member headings, or in tables with a Name column, or in the front matter."""
    lines = ctx.document.lines
    out: list[_Member] = _front_matter_members(ctx)
    alumni_level: int | None = None
    bold = set(ctx.document.metadata.get("bold", ()))  # "**Profesorado**" alone on its line heads a group
    supervision_level: int | None = None  # a "Supervision" heading's level: "### Postdocs" under it lists supervisees
    def name_heading(index: int) -> bool:  # "### Ana Ruiz"
        return 0 <= index < len(lines) and lines[index].text.startswith("#") and \
            not (_member_name(clean(lines[index].text)) or ("", "-"))[1].strip()

    def role_over_name(text: str, index: int) -> bool:  # "PHD CANDIDATE" over "### Ana Ruiz", as the run's first card is
        first = index
        while first >= 2 and name_heading(first - 1) and is_role(clean(lines[first - 2].text)):
            first -= 2
        return len(text.split()) <= 5 and is_role(text) and name_heading(index + 1) and not name_heading(first - 1)

    for section in sections:
        kind = _KIND_OF_SECTION.get(section.kind or "")
        if section.heading_index is not None and supervision_level is not None:
            if section.level <= supervision_level:
                supervision_level = None
            elif kind in (None, "members"):
                kind = "supervision"
        if kind == "supervision" and supervision_level is None:  # "title: Supervision": the whole page
            supervision_level = section.level
        if section.heading_index is not None:
            if alumni_level is not None and section.level <= alumni_level:
                alumni_level = None
            if kind and _has(section.heading, "alumni"):
                alumni_level = section.level
        # "#### Institut X, Town ####" over bullets that each open with a person ("- **Ana Ruiz** Post-doctorante"):
        # the people of that organisation
        employer = ", ".join(m.name for m in find_orgs_in_text(section.heading)) if not kind and section.lines and all(
            is_bullet(lines[i].text) and _lead_name(clean(lines[i].text), bold) for i in section.lines) else ""  # not its town
        kind = "members" if employer else kind
        columns: dict[int, str] | None = None
        current: _Member | None = None
        sub_alumni, group = bool(kind) and _has(section.heading, "alumni"), section.heading if kind else ""  # "title: Alumni"
        examined = False  # under "Thesis Committee Member": students the subject examined, not supervised
        unit = ""  # "### Kelso Institute" over a table of trainees: where the people below it were
        for index in section.lines:
            raw = lines[index].text
            text = _TRAILING_ICON.sub("", _LEAD_NOTE.sub(r"\g<bullet>\g<rest>, \g<note>", clean(raw)))
            if not text:
                continue
            level = len(raw.lstrip()) - len(raw.lstrip().lstrip("#"))
            above = lines[index - 1].text.lstrip() if index else ""
            # the line under a card's name that stands alone: its role, in bold or as a deeper heading than the name
            # ("## Ana Ruiz" / "### Postdoctoral Researcher"), not a group of people
            # or what the person is or does there ("##### Doutoranda no PPG/X" under "#### Ana Ruiz")
            card_role = (text in bold or (level > len(above) - len(above.lstrip("#")) > 0 and (is_role(text) or not heading_kind(text)
                         and not heading_kind(clean(above)) and (_member_name(text) or ("", "-"))[1].strip()))) \
                and (named_above := _member_name(clean(above))) and not named_above[1].strip()
            # "I have supervised the following PhD students:": a sentence that says who the people below it are
            heading = (level or text in bold or kind and text.endswith(":") and not is_bullet(raw)) and not card_role
            named = (_lead_name(text, bold) or _member_name(text)) if kind and not (card_role and level and not is_role(text)) else None
            # what a card's title says after the name, when it opens with the person's role ("### Ana Ruiz, PhD student, X",
            # "### Ana Ruiz (Research Engineer)")
            titled = named and (role := named[1].strip(" ,;:–—-").split(",")[0].strip("()")) and (
                is_role(role) or _has(role, "student"))
            if heading and not (named and (not named[1] or titled) and not heading_kind(text)):
                # a sub-heading kept inside the section ("### Doctoral students" under "## Alumni"); a heading
                # that is only a name, or a name and a role, is the title of a person's card in a grid, an entry
                current, columns = None, None
                sub_alumni, group = _has(text, "alumni"), text
                unit = orgs[0].name if kind and not heading_kind(text) and len(orgs := find_orgs_in_text(text)) == 1 else ""
                examined = kind == "supervision" and _has(text, "committee_service")
                if sub_alumni and kind and text not in bold:  # "## Former members" in "# Osei Lab": the sections below too
                    alumni_level = len(raw.lstrip()) - len(raw.lstrip().lstrip("#"))
                continue
            if " | " in text and (found := _columns(text, group=bool(kind) and columns is None)) is not None:
                # a table outside a people section: its Name heading says who they are
                columns, current = found, None
                head = next(text.split("|")[i].strip() for i, c in found.items() if c == "name")
                if _norm(head) in _WORDS["column_name"]:
                    group = group or head
                else:  # "Past graduate students | Thesis title": the group of the people below, like a sub-heading
                    sub_alumni, group = _has(head, "alumni"), head
                continue
            if examined and named:  # "Ana Ruiz (jury member, 2019, Univ. X)": a candidate whose thesis the subject examined
                out.append(_Member(named[0], index, index, [(index, text)], group=group, panel="committee", supervision=True))
            if not kind and columns is None or examined:
                continue
            name_at = next((i for i, c in (columns or {}).items() if c == "name" and i <= text.count("|")), None)
            named = _member_name(family_last(text.split("|")[name_at])) if name_at is not None else named if kind else \
                _member_name(text)  # a table row's name is its Name cell
            label = _LABELLED_LIST.match(text) if kind and not columns and not _advisor_label().search(text) else None
            said_of = _norm(label.group("label")).split()[:1] if label else []  # "Thesis: X" titles; "Theses: A, B" lists
            listed = split_people(label.group("people")) if label and not set(said_of) & _WORDS["work_label"] and (
                _has(label.group("label"), "student") or _has(label.group("label"), "alumni")) else []
            listed = listed if all(_member_name(p.name) for p in listed) else []  # not "PhD: Universität X"
            for person in listed:  # "在读博士生：秦雪（2020级）、韩哲（2022级）"
                entry = f"{label.group('label')}: {person.name} ({person.note or ''})"
                out.append(_Member(person.name, index, index, [(index, entry)], alumni=alumni_level is not None or sub_alumni
                                   or _has(entry, "alumni"), supervision=kind == "supervision", group=group))
            if listed:
                current = None
                continue
            for person in _name_list(text) if kind and not columns else ():  # "Ana Ruiz, Olek Marr, Rui Pinto, ..."
                out.append(_Member(person.name, index, index, [(index, person.name)], alumni=alumni_level is not None
                                   or sub_alumni, supervision=kind == "supervision", group=group))
                current = None
            if current is None and out and out[-1].first == index:
                continue
            if kind and named and not named[1].strip() and (_has(named[0], "student") or _has(named[0], "alumni")):
                sub_alumni, group, current = _has(text, "alumni"), text, None  # "Abgeschlossene Promotionen"
                continue
            if named and current is not None and current.last >= index - 2 and (named[0] == current.name or named[0].startswith(
                    f"{current.name} ") and current.last == current.first):
                # the name again: a photo's alt text ("Ana", "Ana Maria"), then the card's title; or the card's text about the person
                current.name, current.last = max(current.name, named[0], key=len), index
                if named[1].strip():
                    current.texts.append((index, text))
                continue
            if named and current is not None and is_bullet(raw) and not is_bullet(lines[current.first].text) \
                    and not columns and _ASIDE_ONLY.fullmatch(named[1]) and not is_role(named[0]):
                # a card opened by a name line, then bullets of its topics ("- Rewrite Synthesis"): the card's text
                current.texts.append((index, text))
                current.last = index
                continue
            if named:
                # a table of students with their advisors is the page's members, not its owner's supervisions
                current = _Member(named[0], index, index, alumni=alumni_level is not None or sub_alumni,
                                  supervision=kind == "supervision" and "advisor" not in (columns or {}).values(), group=group,
                                  panel=kind if kind in ("advisors", "committee") else "")
                out.append(current)
                if employer:
                    current.cells["now"] = employer
                if columns is not None and "|" in text:
                    cells = [c.strip() for c in text.split("|")]
                    # "Aktuell | Doktorandin" over present members: a now column's cell that names no place is their role there
                    kinds = {i: "role" if k == "now" and not current.alumni and "role" not in columns.values() and i < len(cells)
                             and _only_roles(cells[i]) else k for i, k in columns.items()}
                    current.cells = {kinds.get(i, "other"): c for i, c in enumerate(cells) if i in kinds}
                    current.texts.append((index, " ; ".join(c for i, c in enumerate(cells) if kinds.get(i) in _TEXT_COLUMNS)))
                else:
                    current.texts.append((index, text))
                if unit:
                    current.cells["unit"] = unit
                if index and (above := clean(lines[index - 1].text)) and role_over_name(above, index - 1):
                    current.texts.append((index - 1, above))  # the role the card shows above its name
                    current.first = index - 1
            elif current is not None and kind and not role_over_name(text, index):
                current.texts.append((index, text))
                current.last = index
                if label and (cell := next((k for k in ("column_now", "column_school")
                                            if _norm(label.group("label")) in _WORDS[k]), None)):
                    current.cells.setdefault(cell[len("column_"):], label.group("people").strip(" ."))  # "Current position: X"
    return out


@lru_cache(maxsize=1)
def _led_by() -> re.Pattern:
    """Where a line names the person heading the group: "led by X", "Director: Prof. X", "Leitung: X"."""
    return re.compile(rf"(?:\b(?:{_alternatives('led_by')})\s+"
                      rf"|(?:^|(?<=[\s(]))(?:{_alternatives('leader')})\s*[:：]\s*)", re.I)


@lru_cache(maxsize=1)
def _rank() -> re.Pattern:
    """An academic rank in a member's title ("Assistant Professor", "Maître de conférences"): no head of anything."""
    return re.compile(rf"(?<!\w)(?:{_alternatives('rank')})", re.I)


def page_leader(ctx, members: list[_Member]) -> tuple[str, tuple[str, ...], int] | None:
    """``(name, aliases, line index)`` of the person heading a lab page that names no owner otherwise: the
    first current member listed under a leader's heading or with a leader's title ("Principal Investigator",
    "Leitung", "지도교수"; "Professor", "教授"), else the person a line says leads the group ("led by X")."""
    if not members or names_collaborators(str(ctx.document.metadata.get("title", ""))):
        return None  # a CV's "PI: X" names a host, not the page's owner; a page of collaborators has none
    leaders = []
    for member in members:
        role = _role_line(member)
        # a group of students names no leader, unless its heading names the leader too ("PI and graduate students");
        # a leader's title in a later group ("Postdocs: A, Assistant Professor at X") is where a former member went
        students = _has(member.group, "student") and not _has(member.group, "leader")
        if not member.alumni and not member.supervision and not member.panel and not students \
                and not names_collaborators(member.group) and (
                _has(member.group, "leader") and not _has(member.group, "student")
                or (_has(role, "leader") and not _has(role, "student") and not _has(role, "visiting")
                    and member.group == members[0].group)):
            leaders.append(member)
    # the first whose title names a head ("Chef d'équipe") over one whose title is a rank only ("Assistant Professor")
    if leader := next((m for m in leaders if _has(_rank().sub(" ", f"{m.group} {_role_line(m)}"), "leader")),
                      leaders[0] if leaders else None):
        return leader.name, (), leader.first
    for index, line in enumerate(ctx.document.lines):
        text = clean(line.text)
        match = _led_by().search(text) if len(text) < 400 else None
        named = _member_name(text[match.end():]) if match else None
        if named:
            return named[0], (), index
    return None


def member_role(member: _Member) -> str:
    """What a listed person's group heading or entry says they are: ``"student"``, ``"leader"`` or ``""``."""
    said = f"{member.group} {_role_line(member)}"
    return "student" if _has(said, "student") else "leader" if _has(said, "leader") else ""


def names_collaborators(text: str) -> bool:
    """Whether a heading or a page's title lists the writer's collaborators, people who work elsewhere.

    >>> names_collaborators("Colaboradores externos"), names_collaborators("Current Members")
    (True, False)
    """
    return _has(text, "collaborator")


@lru_cache(maxsize=1)
def _advisor_label() -> re.Pattern:
    """Where an entry names its advisors: "Supervisors: Vermeulen, Oudemans", "tutor: O. Bellandi"."""
    return re.compile(rf"(?<!\w)(?:{_alternatives('column_advisor', 'column_coadvisor')})\s*[:：]?\s+(?P<names>[^;()|\n]+)", re.I)


def _labelled_advisors(member: _Member, members: list[_Member], owner: str) -> list[str]:
    """The advisors an entry names after a label, a family name alone read as the listed member (or the
    page's owner) of that family name."""
    known = [owner, *(m.name for m in members)]
    out = []
    for _, text in member.texts:
        for match in _advisor_label().finditer(text):
            # "A i Dr. B": the Catalan "and" before a title (inside a name it joins two surnames: "Vilaplana i Roca")
            for piece in re.split(r"\s*(?:,|、|;|\band\b|\bund\b|\bet\b|\be\b|\by\b|\bi(?=\s+(?i:dr|dra|prof|profa)\.)|&)\s*",
                                  match.group("names")):
                label = _advisor_label().match(piece)  # "A. Nowak, promotor pomocniczy: B. Lis": a second label
                piece = (label.group("names") if label else piece).strip(" .")
                family = piece.split()[-1] if piece.split() else ""
                same = [k for k in known if k.split() and k.split()[-1] == family and (
                    len(piece.split()) == 1 or same_person(piece, k))]
                if same:
                    out.append(same[0])
                elif len(piece.split()) >= 2 and clean_person(piece):
                    out.append(clean_person(piece))
    return [name for name in dict.fromkeys(out) if name != member.name]


def _names_job(text: str) -> bool:
    """Whether a role or a group's heading names a job, not study or an internship ("Mentoring, Postdocs",
    "research engineer", "Faculty"), its plural folded.

    >>> _names_job("Mentoring, Postdocs"), _names_job("Research Assistants and post-docs"), _names_job("PhD students"), _names_job("Interns")
    (True, True, False, False)
    """
    if _has(text, "student") or _has(text, "trainee") or _has(text, "visiting"):
        return False
    return any(word in ROLES or (word[-1:] == "s" and word[:-1] in ROLES) for word in re.findall(r"[^\W\d_][\w-]*", text.lower()))


def _role_line(member: _Member) -> str:
    """What an entry says the person is: its Role column, the rest of its name line ("Ana Ruiz, M.Sc. –
    Doktorandin"), or the line under a name that stands alone (a card's "Postdoctoral Researcher" above its
    "PhD, Imperial College London")."""
    if member.cells.get("role"):
        return member.cells["role"]
    rest = [_went_apart(text)[0] for _, text in member.texts]
    at = rest[0].find(member.name) if rest else -1
    head = rest[0][at + len(member.name):] if at >= 0 else (_member_name(rest[0]) or ("", ""))[1] if rest else ""
    head = rest[0][:at] if at > 0 and not head.strip(" ,;:|–—-()") else head  # "PhD thesis · 2024: Ana Ruiz": the label first
    inner = head.strip(" ,;:|–—-")
    # "Ana Ruiz (Postdoc, 2015–2018)": the role and years of the stay; "(Data Engineer, Helio)" may be where she went
    head = inner[1:-1] if inner[:1] + inner[-1:] == "()" and "(" not in inner[1:-1] and find_dates(inner) else head
    # the first sentence: "— Principal Investigator. PhD, University X" is a PI whose degree follows
    head = "" if _DEGREE_AFTER_NAME.fullmatch(head.rstrip()) and len(rest) > 1 else head  # "Ana Ruiz, PhD" / "Postdoc"
    if (held := _DEGREES_BEFORE_ROLE.match(head)) and is_role(head[held.end():]):
        head = head[held.end():]  # "Ana Ruiz, MS – Research Technician": a degree she holds, then what she is
    return _ROLE_SENTENCE_END.split(head if head.strip(" ,;:|–—-") or len(rest) < 2 else rest[1], maxsplit=1)[0]


#: The degrees after a name and the mark before a role ("Ana Ruiz, MS – ", "Bo Chen, PhD, ").
_DEGREES_BEFORE_ROLE = re.compile(_DEGREE_AFTER_NAME.pattern.removesuffix("$") + r"\s*[-–—|,:]\s*")
#: A doctor's or professor's title before a member's name ("Dr. Ana Ruiz", "Prof. Dr. X", "Doç. Dr. X", "Δρ. X").
_DOCTOR = re.compile(r"^\W*(?:dr|dra|prof|profa|doç|δρ|καθ)\b", re.I)
#: The end of the sentence that gives a member's role (not the dot of "Ph.D." or "Dr.").
_ROLE_SENTENCE_END = re.compile(r"(?<=[a-z0-9)\u03ac-\u03ce\u0430-\u045f]{2})\.\s+(?=[A-Z\u0386-\u03AB\u0400-\u042F])")


#: What an affiliation line holds besides its organisations: separators, an abbreviation in brackets, a label.
_AFFILIATION_FILL = re.compile(r"[\s,;/|·–—-]+|\([^()]{1,15}\)|（[^（）]{1,15}）|^\w+\s*:")


def _affiliation_line(ctx) -> list:
    """The organisations, innermost first, of the front matter's institution or the first line near the top of the
    page that names nothing else ("Department of Biology, University of Eastmarch", "北浜大学 工学部 機械工学科 森田研究室"):
    where the page's group belongs."""
    meta = [ctx.document.metadata.get(key) for key in ("institution", "affiliation", "organization")]
    for text in [m for m in meta if isinstance(m, str)] + [clean(line.text) for line in ctx.document.lines[:15]]:
        if not text or len(text) > 160:
            continue
        orgs = find_orgs_in_text(text) or ([] if text.isascii() else _cjk_orgs(text)[::-1])
        rest = "".join(c for at, c in enumerate(text) if not any(o.begin <= at < o.end for o in orgs))
        if len(orgs) >= 2 and all(not piece or is_location(piece) for piece in _AFFILIATION_FILL.split(rest)):
            return orgs
    return []


#: The words that join a section's name to the group's ("Members of the", "Equipe do", "Mitglieder der").
_OF = r"(?:of(?:\s+the)?|do|da|dos|das|de(?:\s+la|\s+l['’])?|du|des|del|della|dello|van\s+de|der)"
#: A section's name before the group's ("Equipe do Laboratório X", "Members of the X Lab"): the page, not the group.
_SECTION_OF = re.compile(rf"^(?P<section>.+?)\s+{_OF}\s+(?=\w)", re.I)
#: The same word just before the group a sentence names ("we present the members of the X Lab", "os membros do X").
_SECTION_BEFORE = re.compile(rf"(?<!\w)(?P<section>[^\W\d_]+)\s+{_OF}\s*$", re.I)


def _names_section(text: str) -> bool:
    """Whether a title or heading names a section of people, not a lab ("Lab Alumni", "Current Lab Members").

    >>> _names_section("Current Lab Members"), _names_section("Lab Alumni"), _names_section("Holm Lab")
    (True, True, False)
    """
    return bool(exact_kind(text)) or _has(text, "alumni") or _has(text, "column_name") and heading_kind(text) == "members"


def _page_lab(ctx, registry, owner: str, evidence):
    """The lab the page is about: a lab named in its title, or one named after its owner ("Holm Lab"), or
    the innermost unit of the line under the title that names where the group belongs."""
    # the page's title, else its first heading ("# Arbeitsgruppe X", "# 森川研究室"); "Lab members" names a section
    heading = next((clean(line.text) for line in ctx.document.lines if line.text.startswith("#")), "")
    # each part of a title ("Lab Alumni — Osei Lab", "メンバー｜高橋研究室") but the ones that name a section; a site's front matter
    named = [ctx.document.metadata.get("title"), heading, *(ctx.document.metadata.get(key) for key in ("lab", "group", "team", "site_name"))]
    parts = [p.strip() for text in named if isinstance(text, str) for p in _TITLE_PARTS.split(text)]
    parts = [p[named.end():] if (named := _SECTION_OF.match(p)) and exact_kind(named.group("section")) else p
             for p in parts]
    for text in (p for p in parts if p and not _names_section(p)):
        whole = classify_segment(text)
        # the units a part names, innermost first: "X Institute, Leiden University"; "复旦大学 生命科学学院 X课题组"
        named = find_orgs_in_text(text) or ([] if text.isascii() else _cjk_orgs(text)[::-1])
        for at, mention in enumerate([*named, whole]):
            if mention is not None and mention.type in ("Lab", "Institute"):
                return registry.nest([mention, *named[at + 1:]], evidence)[0]
    named = _affiliation_line(ctx)
    if named and named[0].type == "Lab":
        return registry.nest(named, evidence)[0]
    for line in ctx.document.lines[:15]:  # the unit a sentence places, opens with or lists the members of: "De Onderzoeksgroep
        text = clean(line.text)  # X is onderdeel van ...", "The X Group at Y studies ...", "We are the X Lab", "the members of the X Lab"
        if _names_section(text):
            continue
        at = _part_of_at(text.lower())
        unit = next((o for o in find_orgs_in_text(text[:at] if at > 0 else text) if o.type == "Lab" and (
            at > 0 or o.begin <= 4 or _has(text[:o.begin], "page_intro") and len(text[:o.begin].split()) <= 4 or (
                (before := _SECTION_BEFORE.search(text[:o.begin])) is not None and exact_kind(before.group("section")) == "members"))), None)
        if unit is not None:
            return registry.add(unit, evidence)
    family = owner.split()[-1]
    pattern = re.compile(rf"\b{re.escape(family)}(?:['’]s)?\s+(?-i:[A-Z][a-z]+\s+){{0,2}}(?:Lab|Laboratory|Group)\b", re.I)
    for line in (line for line in ctx.document.lines if family in line.text):
        match = pattern.search(clean(line.text))
        mention = classify_segment(match.group(0), context_org=True) if match else None
        if mention is not None:
            return registry.add(mention, evidence)
    return None


def _part_of_at(low: str) -> int:
    """Where a lower-cased line says what it names belongs to ("is part of", "fa parte del", "に所属"), else -1."""
    said = [low.find(w) for w in word_groups("prose_words.tsv")["part_of"]
            if w in low and (not w.isascii() or re.search(rf"(?<!\w){re.escape(w)}(?!\w)", low))]
    return min(said, default=-1)


def _lab_parent(ctx, registry: OrgRegistry, lab: str, listed: set[int]) -> None:
    """The page's lab is part of the organisation a sentence of the page says it belongs to ("Il gruppo fa
    parte del Dipartimento di Fisica", "X研究室は東北大学大学院工学研究科に所属", "The X Lab studies ... in the Department of Y")."""
    for index, line in enumerate(ctx.document.lines):
        text = clean(line.text) if index not in listed else ""
        low = text.lower()
        named = low.find(ctx.entity(lab).name.lower()) if index < 15 else -1
        # the sentence is about the lab: it names it before the words, or opens with few words ("Il gruppo fa parte"),
        # or a line at the top names the lab and then units ("The X Lab studies ... in the Department of Y at Z")
        said = _part_of_at(low) >= 0
        at = _part_of_at(low) if said or named < 0 else named + len(ctx.entity(lab).name)
        if at < 0 or not (ctx.entity(lab).name.lower() in low[:at] or len(low[:at].split()) <= 3):
            continue
        orgs = find_orgs_in_text(text) or (_cjk_orgs(text) if not text.isascii() else [])
        # the first organisation named after the words, or before them in a language that ends with its verb
        after = [o for o in orgs if o.begin >= at and o.type != "Company" and not _ROLE_SENTENCE_END.search(text, at, o.begin)] \
            or ([] if text.isascii() or not said else orgs)  # in the same sentence
        for mention in after:
            parent = registry.add(mention, ctx.evidence(index))
            if parent != lab:
                registry.part_of(lab, parent, ctx.evidence(index))
                return
    # else the line under the title that names where the group belongs, the lab itself among its units or not
    units = [lab, *(u for u in (registry.add(m, ctx.evidence(0)) for m in _affiliation_line(ctx)) if u != lab)]
    for unit, parent in zip(units, units[1:]):
        registry.part_of(unit, parent, ctx.evidence(0))


#: Between the organisations of a card's affiliation line ("UHH/HCDS", "Institute X · University Y").
_AFFILIATION_SPLIT = re.compile(r"\s*[/,;·|]\s*")
#: The words and dashes that join two organisations in one cell ("X University and Y University", "A & B", "A - B").
_JOINED = re.compile(r"\s+(?:and|&|und|et|y|e|en|i|[-–—])\s+")
#: The marks between an entry's quoted lines ("Ana Ruiz > Thesis title > > Univ. X").
_QUOTED_LINES = re.compile(r"(?:\s+>)+\s+")
_CAPITALS = re.compile(r"[A-Z][A-Z&-]{1,7}")


def _joined_organizations(cell: str) -> list[str]:
    """A cell's organisations joined by a word or a dash, each apart; else the cell whole (a comma, a part that names
    no organisation, or a part that is a unit's name: "Institute of Science and Technology X").

    >>> _joined_organizations("Kelso University and University of Tarnow")
    ['Kelso University', 'University of Tarnow']
    >>> _joined_organizations("Department of Physics and Astronomy")
    ['Department of Physics and Astronomy']
    """
    parts = _JOINED.split(cell) if "," not in cell else []
    if len(parts) > 1 and all(_names_only_orgs(p) and not is_generic_unit(p) for p in parts):
        return parts
    return [cell]


def _names_only_orgs(text: str) -> bool:
    """Whether a line of a person's card names organisations and places only, no role, date or sentence.

    >>> _names_only_orgs("UHH/HCDS"), _names_only_orgs("University of Tarnow, Poland"), _names_only_orgs("PhD student")
    (True, True, False)
    """
    pieces = [p for p in _AFFILIATION_SPLIT.split(text.strip(" .")) if p]
    if not pieces or len(text.split()) > 12 or find_dates(text) or ":" in text or _CO_ADVISOR.search(text) or _HANDLE.match(text):
        return False  # "Co-advised with Dr X": an advisor; "Next position: X": a label's value, read for what it says
    orgs = [p for p in pieces if not is_location(p)]
    # a name the words do not mark as an organisation's is one only in capitals ("KTU"), not "Photo of Ana Ruiz"
    return bool(orgs) and all(not is_role(p) and not degree_of(p) and (m := classify_segment(p, context_org=True))
                              and (not m.guessed or _CAPITALS.fullmatch(p)) for p in orgs)


def table_headings(lines) -> set[int]:
    """The lines that head a member table ("Position | Name", "Year | Degree | Name"): labels, never a person."""
    return {i for i, line in enumerate(lines) if " | " in line.text and any(
        _norm(c) in _WORDS["column_name"] for c in line.text.split("|")) and _columns(clean(line.text)) is not None}


def member_lines(members: list[_Member]) -> set[int]:
    """The line indexes the members' entries hold, which the readers of the owner's own facts leave alone."""
    return {i for member in members for i in range(member.first, member.last + 1)}


def read_members(ctx, registry: OrgRegistry, subject_id: str, members: list[_Member]) -> None:
    """Add the facts of every listed person (after the owner's own, so that units the owner
    names are registered under the owner's organisations first)."""
    owner = ctx.entity(subject_id).name
    lab = None
    # the page's students are its owner's, unless it is a group's page that names no owner (one titled or named for the
    # writer's students is theirs) or it lists other seniors who may advise them ("Maître de conférences", a second
    # coordinator; not a visiting professor)
    named = f"{ctx.document.metadata.get('title') or ''} {re.sub(r'[_-]', ' ', ctx.document.name.rsplit('.', 1)[0])}"
    advising = (owner != UNNAMED_SUBJECT or _has(named, "student")) and not any(
        not m.alumni and not m.panel and not same_person(m.name, owner) and member_role(m) == "leader"
        and not _has(f"{m.group} {_role_line(m)}", "visiting") for m in members)
    for member in members:
        evidence = ctx.evidence(member.first, member.last)
        if member.panel:  # "Prof. A. Bello (promotor), University of X": where they work; the subject's advisor
            pid = subject_id if same_person(member.name, owner) else ctx.add_entity(member.name, "Person", evidence=evidence)
            # under "Thesis committees" (others' theses the subject examined) the people are the candidates
            examined = member.panel == "committee" and (_has(member.group, "examined") or member.supervision)
            # a table's row: its Institution cell ("Nom | Rôle | Fonction | Institution"); the other cells are roles
            notes = [(0, cell) for cell in (member.cells.get("school"), member.cells.get("now")) if cell] or member.texts
            for _, text in notes:  # "A. Bello, University of X", "A. Bello (University of X, Country)"
                note = (_member_name(text) or ("", text))[1].strip(" ,;:–—-") if notes is member.texts else text
                add_affiliation_note(ctx, registry, pid, note[1:-1] if note[:1] + note[-1:] == "()" else note, evidence,
                                     current=True, predicate="studiedAt" if examined else "workedAt")
            if member.panel == "advisors" and pid != subject_id:
                ctx.add_relation(subject_id, "advisedBy", pid, evidence=evidence)
            elif member.panel == "committee" and member.cells and any(
                    _has(" ".join(t for _, t in member.texts), kind) for kind in ("column_advisor", "column_coadvisor")):
                # a jury table's "Directeur de thèse", "Co-encadrant" row advises the candidate listed just above it
                candidate = next((m for m in reversed(members[: members.index(member)]) if not m.panel
                                  and member.first - m.last <= 15), None)
                if candidate is not None and not same_person(candidate.name, member.name):
                    ctx.add_relation(subject_id if same_person(candidate.name, owner) else ctx.add_entity(candidate.name, "Person"),
                                     "advisedBy", pid, evidence=evidence)
            continue
        if same_person(member.name, owner):
            role = member.cells.get("role") or _role_line(member)
            # "Vera Holm | ... | PI", "Group Leader · Reader"; "Professor at the University of X" is a post there, read below
            if role and (is_role(role) or _has(role, "leader")) and not find_orgs_in_text(role):
                lab = lab if lab is not None else (_page_lab(ctx, registry, owner, evidence) or "")
                if lab:
                    ctx.add_relation(subject_id, "workedAt", lab, role=role, end="present", evidence=evidence)
            for cell in filter(None, (member.cells.get("school"), member.cells.get("now"))):  # "PI | A. Ruiz | Univ. X"
                add_affiliation_note(ctx, registry, subject_id, cell, evidence, current=True)
            for index, text in member.texts:  # the owner's own card: "PhD, Princeton University, 2011"
                read_prose(ctx, registry, subject_id, [Passage(text, index, index, ((0, index),))], [member.name], entry=True)
            continue
        pid = ctx.add_entity(member.name, "Person", evidence=evidence)
        before = {(r.predicate, r.object) for r in ctx.relations if r.subject == pid}
        # "PhD Olek Marr, TU Tarnow": a degree written before the name is one the person holds, no study at what follows
        held = [(index, text[at:] if at > 0 and _DEGREE_AFTER_NAME.fullmatch(f", {text[:at].strip()}") else text)
                for index, text in member.texts for at in [text.find(member.name)]]
        said = [(index, part) for index, text in held for part in _went_apart(text, member.alumni) if part.strip()]
        role = member.cells.get("role") or " ".join(_went_apart(t, member.alumni)[0] for _, t in member.texts)
        # what the entry's role line says, else its heading ("Researchers and students" says neither)
        line = _role_line(member).split("。")[0]  # "副研究员。2018年博士毕业于X": the title, not the story after it
        line = line[: label.start()] if (label := _advisor_label().search(line)) else line  # not "promotor: prof. X"
        # a sentence over the list that names students among other posts ("twenty members (doctorants, ingénieurs, ...)
        # from several labs:") says no one of them is a student
        words = re.findall(r"[^\W\d_][\w-]*", member.group)
        mixed = len(words) > 8 and _names_job(" ".join(w for w in words if not _has(w, "student") and not _has(w, "leader")))
        student = (_has(line, "student") if is_role(line) or _has(line, "student") else _has(member.group, "student") and not mixed) \
            and not _has(role, "visiting") and (member.alumni or not _DOCTOR.match(member.texts[0][1]))  # "Dr. X": a doctor now
        # the entry read as prose about this person: "X is a PhD student at Y", "Jo is now a postdoc at Z",
        # "co-advised with B"; what it says before and after where the person went apart ("(PhD 2022) → Postdoc at X")
        for index, text in said:  # the person called by their given name too ("Jo is now a postdoc at Z")
            read_prose(ctx, registry, pid, [Passage(text, index, index, ((0, index),))], [member.name, member.name.split()[0]], entry=True)
        # a card's line that only names organisations ("UHH/HCDS"), or a quoted line under the name ("- Ana Ruiz" over
        # "> Thesis title" and "> Univ. X", joined as "Ana Ruiz > Thesis title > Univ. X"): where the person is
        for index, text in ((i, line) for i, t in member.texts for line in _QUOTED_LINES.split(t)):
            if member.name not in text and _names_only_orgs(text) and not _HANDLE.fullmatch(f" {text}"):  # not "LinkedIn"
                pieces = [p for p in _AFFILIATION_SPLIT.split(text.strip(" .")) if p and not is_location(p)]
                if "," not in text or len(pieces) < 2:  # "UHH/HCDS", "Researcher @ University X": read as a note
                    add_affiliation_note(ctx, registry, pid, _AFFILIATION_SPLIT.sub(", ", text), ctx.evidence(index),
                                         current=True, predicate="studiedAt" if student else "workedAt")
                    continue
                # "Institut für Geographie, Universität X": each unit registered in the organisation written after it,
                # so that one university's "Institut für Geographie" is not another's
                for oid in registry.chain([m for p in pieces if (m := classify_segment(p, context_org=True))], ctx.evidence(index)):
                    ctx.add_relation(pid, "studiedAt" if student else "workedAt", oid, end="present", evidence=ctx.evidence(index))
        # an Advisor(s) column, with a co-advisor its bracketed note names ("A (co-direction : B, Université X)")
        # a Co-advisor column's people advise the student with the page's owner, who supervises them
        written = split_people(", ".join(filter(None, (member.cells.get("advisor"), member.cells.get("coadvisor")))))
        advisors = [name for p in written for name in (p.name, _co_advisor(p.note or "", [owner])) if name] \
            or _labelled_advisors(member, members, owner)
        for name in advisors:  # an Advisor(s) column
            ctx.add_relation(pid, "advisedBy", subject_id if same_person(name, owner) else ctx.add_entity(name, "Person"),
                             evidence=evidence)
        for advisor in (p for p in written if p.note and not _CO_ADVISOR.search(p.note)):  # "A. Bello (University X)"
            add_affiliation_note(ctx, registry, subject_id if same_person(advisor.name, owner) else ctx.add_entity(
                advisor.name, "Person"), advisor.note, evidence, current=True)
        if member.cells.get("unit"):  # a student at a university, else a post ("Undergraduate" at a research institute)
            add_affiliation_note(ctx, registry, pid, member.cells["unit"], evidence, predicate="studiedAt" if student and (
                classify_segment(member.cells["unit"]) or ctx.entity(pid)).type == "University" else "workedAt")
        # "X University and University of Y", "Univ. X - Program Y": two organisations joined by a word or a dash, each read
        # apart (not "Department of Physics and Astronomy", whose second part is none, nor "Institute of Science and
        # Technology X" or "X University - School of Medicine", where a part is a unit's name)
        for cell_kind, cell in ((k, part) for k in ("now", "school") if member.cells.get(k)
                                for part in _joined_organizations(member.cells[k])):
            # a destination that names a study ("PhD, Univ. X", "MD/PhD student, Y") is studied at, else a post; a School cell
            # is a student's, or a current member's whose row says no role ("Librarian | Univ. X" is a post, as an alumnus's is)
            add_affiliation_note(ctx, registry, pid, cell, evidence, current=cell_kind == "now" or not member.alumni,
                                 predicate="studiedAt" if ((student or not member.alumni and not (
                                     member.cells.get("role") or is_role(line))) if cell_kind == "school"
                                                           else _has(cell, "student")) else "workedAt")
        # where the entry says the person went, unless a table's destination column says it (its cells after the years are
        # what they did in the group)
        for went in (parts[1] for _, text in member.texts
                     if "now" not in member.cells and len(parts := _went_apart(text, member.alumni)) > 1):
            now = _now().search(went)  # "now a PhD student at X": studies there
            # a bracketed destination may say something else ("(Industry)", "(deceased)"): an employer by its words only
            add_affiliation_note(ctx, registry, pid, now.group("rest") if now else went.strip(" .,;()（）"), evidence, current=True,
                                 predicate="studiedAt" if _has(went, "student") else "workedAt", guess=went.lstrip()[:1] not in "(（")
        # where the person is: a School or Now column, or the entry in their role ("PhD, X" is a postdoc's past,
        # "holds a BS from X" a student's)
        stated = bool(member.cells.get("school") or member.cells.get("now")) or any(
            r.subject == pid and (r.predicate, r.object) not in before and r.predicate == ("studiedAt" if student else "workedAt")
            and not (student and r.degree and r.end != "present") for r in ctx.relations)
        # where the entry placed the person; under a students heading a job is where a former student went ("A, professor at X")
        placed = {r.predicate for r in ctx.relations if r.subject == pid and (r.predicate, r.object) not in before}
        # a co-advisor (a column, a label: "coorientador: X") and no advisor named leaves the page's owner the advisor
        owner_advises = "advisor" not in member.cells and ("coadvisor" in member.cells or any(
            _has(text, "column_coadvisor") and not _has(text, "column_advisor") for _, text in member.texts))
        if member.supervision or owner_advises or ((student or _has(member.group, "student") and "workedAt" in placed)
                                                   and not member.cells.get("school") and not advisors and advising):
            # a postdoc, an engineer, a junior colleague a supervision section lists holds a job: mentored, not advised
            # not the title of a co-advisor the group names ("Co-supervised with Prof. X:")
            job = member.supervision and not student and not _has(member.group, "student") and (
                _names_job(line) or _names_job(_CO_ADVISOR.split(member.group, maxsplit=1)[0]))
            ctx.add_relation(pid, "mentoredBy" if job else "advisedBy", subject_id, evidence=evidence)
        dates = find_date_range(" ".join(_went_apart(t)[0] for _, t in member.texts))
        # "Olek Marr — Postdoc": a member of the page's own lab; "Rui Pinto (PhD 2016–21), now at X": a former one
        # a group heading that says the role ("Postdoctoral researchers") says it of each person under it; a former
        # student's degree and its year ("Ph.D. 2021") and a visit's year ("Harrow University, 2016") date a stay too
        visitor = _has(member.group, "visiting")
        role_group = not names_collaborators(member.group) and any(  # "Postdocs", "Pesquisadores", "Investigadores"
            is_role(member.group[: len(member.group) - len(end)]) for end in ("", "s", "es") if member.group.endswith(end))
        # a bare name under a former group's role ("Undergraduate students" among the alumni) was one of them too; an
        # entry that says where the person went is read for that ("PhD 2021, now at X")
        bare = all(text == member.name for _, text in member.texts)
        went = member.cells.get("now") or any(len(_went_apart(text, True)) > 1 for _, text in member.texts)
        # a row of a table with a destination column is a former member's ("Name | Degree | Now at")
        former = (member.alumni or "now" in member.cells) and (bare or dates is not None and (dates.start is not None or visitor or (
            student and bool(degree_of(role)) and (not went or "role" in member.cells)))) and (student or is_role(line) or role_group or visitor)
        # (not when a heading over the table names where its people were: "### Kelso Institute" over a past trainees' table)
        if (former or not stated and not member.alumni) and not member.supervision and not member.cells.get("unit") and (
                student or is_role(role) or is_role(line) or role_group or visitor):
            lab = lab if lab is not None else (_page_lab(ctx, registry, owner, evidence) or "")
            if lab:
                ctx.add_relation(pid, "studiedAt" if student else "workedAt", lab, start=dates.start if dates else None,
                                 end=(dates.end if dates else None) or (None if member.alumni else "present"), evidence=evidence)
        home = (_member_name(member.texts[0][1]) or ("", ""))[1]
        listed = home.lstrip()[:1] in ",;"  # "A. Ruiz, Universität X", a row's "A. Ruiz | EEB"; not "A. Ruiz: Population dynamics"
        home = home.strip(" ,;:–—-")
        bracketed = home[:1] == "("
        home = home[1:].split(")")[0] if bracketed else home[: (find_dates(home) or [(0, len(home))])[0][1]]
        # "A. Ruiz (Universidad X), spring 2026", "A. Ruiz, Univ. X, Spain, 2016": a guest's home; an alumna's bare note;
        # told: the entry already placed the person somewhere besides the page's lab
        told = any(r.subject == pid and (r.predicate, r.object) not in before and r.object != lab
                   for r in ctx.relations if r.predicate in ("workedAt", "studiedAt"))
        # a current member's bracket that names organisations only ("A. Ruiz (UMR Terres, CERES)"), or the organisations
        # a member's note opens with ("Dr. A. Ruiz, Universität X, Institut Y, Musikwissenschaft"): where they are
        pieces = _AFFILIATION_SPLIT.split(home.strip(" ,;"))
        note = home if bracketed else ", ".join(pieces[: next((i for i, p in enumerate(pieces) if not _names_only_orgs(p)), len(pieces))
                                                       if listed else 0])
        units = not (bracketed and member.alumni) and _names_only_orgs(note) and not told
        note = note if units else home
        if (visitor or units or member.alumni and bracketed and not told and not went) and note.strip(" ,;"):  # "(ML Engineer, X)"
            # an alumna's bare note names an employer by its words or a role's: a word alone ("(Retired)") is none
            add_affiliation_note(ctx, registry, pid, note.strip(" ,;"), evidence, current=True, guess=visitor,
                                 predicate="studiedAt" if _has(home, "student") or degree_of(home) or units and student
                                 else "workedAt")
    # the page's group is its owner's too, when nothing the owner wrote names where they work ("Investigador principal")
    if lab is None and members and owner != UNNAMED_SUBJECT:
        lab = _page_lab(ctx, registry, owner, ctx.evidence(members[0].first)) or ""
    if lab and lab not in registry.parent_of:
        _lab_parent(ctx, registry, lab, member_lines(members))
    if lab and owner != UNNAMED_SUBJECT and not any(  # a past post elsewhere ("postdoc at X, 2005-2007") is no job now
            r.subject == subject_id and r.predicate == "workedAt" and r.end in (None, "present") for r in ctx.relations):
        ctx.add_relation(subject_id, "workedAt", lab, end="present", evidence=ctx.evidence(members[0].first, members[-1].last))
