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
from kg.extract.dates import find_date_range
from kg.extract.gazetteer import word_groups
from kg.extract.orgs import OrgRegistry, classify_segment, find_orgs_in_text, is_role
from kg.extract.people import clean_person, same_person, split_people
from kg.extract.positions import add_affiliation_note
from kg.extract.prose import _cjk_orgs, read_prose
from kg.extract.sections import exact_kind, heading_kind
from kg.extract.subject import _TITLE_PARTS
from kg.extract.text import Passage, clean

__all__ = ["list_members", "member_lines", "page_leader", "read_members"]


#: ``kind -> phrases`` of ``data/member_words.tsv``.
_WORDS = word_groups("member_words.tsv", "phrases")
_NORM = re.compile(r"[^\w\s'’.()-]")


def _norm(text: str) -> str:
    return " ".join(_NORM.sub(" ", text.lower()).split())


def _has(text: str, kind: str) -> bool:
    """Whether ``text`` holds one of the ``kind`` words as a whole word (CJK words anywhere)."""
    low = f" {_norm(text).replace('(', ' ').replace(')', ' ')} "  # "(PhD 2022)"
    return any((f" {p} " in low or f" {p}s " in low) if p.isascii() else p in low for p in _WORDS[kind])


#: The section kinds (``data/sections.tsv``) that list people: a lab's members, a CV's supervised students.
_KIND_OF_SECTION = {"members": "members", "people_roles": "members", "students": "supervision"}


#: Where a member's name ends: a separator, a parenthesis, a verb of a sentence about them.
_NAME_END = re.compile(r"\s*(?:[|,;:(（，、]|\s[-–—]\s|[-–—]\s|\s(?:is|was|has|joined|works|received|completed|ist|war|es|fue|est|était|è|era|é)\s)")
#: A handle or profile link after a name ("Ana Ruiz @aruiz LinkedIn").
_HANDLE = re.compile(r"\s+(?:@\S+|linkedin|github|twitter|scholar|website|homepage|orcid|cv)\b.*$", re.I)
_DATES_FIRST = re.compile(r"^\s*(?:\(?\d{4}\)?\s*(?:[-–—/]\s*(?:\d{4}|present|now|today|heute|actualidad|presente))?\s*[:|,.-]?\s+)")


@lru_cache(maxsize=1)
def _now() -> re.Pattern:
    """Where an alumnus went: "now at X", "now a postdoc at X", "→ X", "现就职于X" (the ``now`` words)."""
    words = sorted(_WORDS["now"], key=len, reverse=True)
    latin = "|".join(re.escape(w) for w in words if w.isascii() or w[0] < "\u3040")
    cjk = "|".join(re.escape(w) for w in words if not (w.isascii() or w[0] < "\u3040"))
    return re.compile(rf"(?:(?<!\w)(?:{latin})(?!\w)(?:\s+(?:working|works|is|an?|as)\b)*\s*[:：]?|(?:{cjk})|→|->|⇒)"
                      r"\s*(?P<rest>[^.;。；]+)", re.I)


def _went_apart(text: str) -> list[str]:
    """An entry cut where it turns to where the person went ("PhD 2021, now Assistant Professor at X",
    "(PhD 2022) → Postdoc at Y"): what they did in the group, then where they are."""
    went = _now().search(text)
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


#: A dash or dot that bullets a plain-text list item ("– Dr. Timo Berg (2015–2019)").
_DASH_BULLET = re.compile(r"^\s*[–—•·‣▪*-]\s+")
#: A label and the people it lists on one line ("在读博士生：秦雪（2020级）、韩哲（2022级）", "PhD students: A, B").
_LABELLED_LIST = re.compile(r"^\s*(?P<label>[^:：]{1,40}?)\s*[:：]\s*(?P<people>.+)$")
_LIST_SEPARATOR = re.compile(r"\s*[、;；]\s*|\s*[,，]\s+(?=[^\W\d_])")


def _listed_people(text: str) -> list[tuple[str, str]]:
    """``(name, entry)`` of each person a labelled list of students or alumni names, each entry read with the label."""
    match = _LABELLED_LIST.match(text)
    if not match or not (_has(match.group("label"), "student") or _has(match.group("label"), "alumni")):
        return []
    out = []
    for piece in _LIST_SEPARATOR.split(match.group("people")):
        named = _member_name(piece)
        if named is None:
            return []
        out.append((named[0], f"{match.group('label')}: {piece}"))
    return out


#: A nickname between given and family name ("Jinyan (Jim) Yang").
_NICKNAME = re.compile(r"^(\S+)\s+[(（][^()（）]{1,20}[)）]\s+(?=[A-Z])")


def _member_name(text: str) -> tuple[str, str] | None:
    """``(name, rest)`` when a line opens with a person's name.

    >>> _member_name("Jinyan (Jim) Yang, PhD student"), _member_name("2019-2023: Ana Ruiz (MSc)")
    (('Jinyan Yang', ', PhD student'), ('Ana Ruiz', ' (MSc)'))
    """
    text = _NICKNAME.sub(r"\1 ", _DATES_FIRST.sub("", _DASH_BULLET.sub("", text, count=1), count=1), count=1)
    end = _NAME_END.search(text)
    head = text[: end.start()] if end else text
    rest = text[end.start():] if end else ""
    head = _HANDLE.sub("", head).strip(" *")
    if len(head.split()) > 1 and (is_role(head.split()[-1]) or _has(head.split()[-1], "student")) \
            and clean_person(head.rsplit(None, 1)[0]):
        head = head.rsplit(None, 1)[0]  # "森川 健一 教授": the role after the name, no separator between
    if (not head or len(head) > 50 or len(head.split()) > 5) and ". " in text:
        # "Ana Duarte Rego. Dispersão de sementes ... Orientador: X": a thesis listed after its author's name
        head, rest = text[: text.index(". ")], text[text.index(". "):]
        head = head if len(head.split()) >= 2 else ""
    if not head or len(head) > 50 or len(head.split()) > 5:
        return None
    name = clean_person(head)
    if not name or is_role(name):
        return None
    return name, rest


def _columns(text: str) -> dict[int, str] | None:
    """A member table's column meanings from its heading row ("Name | Topic | Position"), else ``None``."""
    heads = text.split("|", 2)[:2]
    if not any(h.strip().lower() in _WORDS["column_name"] for h in heads):
        return None  # most "a | b" lines are CV entries: two cells tell before the whole row is read
    cells = [_norm(c) for c in text.split("|")]
    out = {}
    for i, cell in enumerate(cells):
        for kind in ("column_name", "column_now", "column_school", "column_advisor", "column_role"):
            if cell in _WORDS[kind] or (kind != "column_name" and any(cell.startswith(p + " ") for p in _WORDS[kind])):
                out[i] = kind[len("column_"):]
                break
    return out


def list_members(ctx, sections) -> list[_Member]:
    """The people listed under member headings, or in tables with a Name column."""
    lines = ctx.document.lines
    out: list[_Member] = []
    alumni_level: int | None = None
    members_level: int | None = None  # a "People" heading's level: the groups under it list people too
    for section in sections:
        kind = _KIND_OF_SECTION.get(section.kind or "")
        if section.heading_index is not None and members_level is not None:
            if section.level <= members_level:
                members_level = None
            elif section.kind is None:
                kind = "members"  # "## PhD candidates", "## Support staff" under "# People"
        if kind == "members" and members_level is None and section.heading_index is not None:
            members_level = section.level
        if section.heading_index is not None:
            if alumni_level is not None and section.level <= alumni_level:
                alumni_level = None
            if kind and _has(section.heading, "alumni"):
                alumni_level = section.level
        columns: dict[int, str] | None = None
        current: _Member | None = None
        sub_alumni, group = False, section.heading if kind else ""
        for index in section.lines:
            raw = lines[index].text
            text = clean(raw)
            if not text:
                continue
            heading = raw.lstrip().startswith("#")
            named = _member_name(text) if kind else None
            if heading and not (named and not named[1] and not heading_kind(text)):
                # a sub-heading kept inside the section ("### Doctoral students" under "## Alumni"); a heading
                # that is only a name is the title of a person's card in a grid, an entry
                current, columns = None, None
                sub_alumni, group = _has(text, "alumni"), text
                if sub_alumni and kind:  # "## Former members" inside "# Osei Lab": the sections under it too
                    alumni_level = len(raw.lstrip()) - len(raw.lstrip().lstrip("#"))
                continue
            if " | " in text:
                found = _columns(text)
                if found is not None:
                    columns, current = found, None
                    continue
            if not kind and columns is None:
                continue
            named = named if kind else _member_name(text)
            listed = _listed_people(text) if kind and not columns else []
            if listed:  # "在读博士生：秦雪（2020级）、韩哲（2022级）"
                for name, entry in listed:
                    out.append(_Member(name, index, index, [(index, entry)], alumni=alumni_level is not None or sub_alumni
                                       or _has(entry, "alumni"), supervision=kind == "supervision", group=group))
                current = None
                continue
            if kind and named and not named[1].strip() and (_has(named[0], "student") or _has(named[0], "alumni")):
                sub_alumni, group, current = _has(text, "alumni"), text, None  # "Abgeschlossene Promotionen"
                continue
            if named and current is not None and named[0] == current.name and current.last >= index - 2:
                # the name again: a photo's alt text, then the card's title; or the card's text about the person
                current.last = index
                if named[1].strip():
                    current.texts.append((index, text))
                continue
            if named:
                current = _Member(named[0], index, index, alumni=alumni_level is not None or sub_alumni,
                                  supervision=kind == "supervision", group=group)
                out.append(current)
                if columns is not None and "|" in text:
                    cells = [c.strip() for c in text.split("|")]
                    current.cells = {columns.get(i, "other"): c for i, c in enumerate(cells) if i in columns}
                    current.texts.append((index, " ; ".join(c for i, c in enumerate(cells) if columns.get(i) in (None, "name", "role"))))
                else:
                    current.texts.append((index, text))
            elif current is not None and kind:
                current.texts.append((index, text))
                current.last = index
    return out


@lru_cache(maxsize=1)
def _led_by() -> re.Pattern:
    """Where a line names the person heading the group: "led by X", "Director: Prof. X", "Leitung: X"."""
    words = _WORDS
    phrases = "|".join(re.escape(p) for p in sorted(words["led_by"], key=len, reverse=True))
    labels = "|".join(re.escape(p) for p in sorted(words["leader"], key=len, reverse=True))
    return re.compile(rf"(?:\b(?:{phrases})\s+|(?:^|(?<=[\s(]))(?:{labels})\s*[:：]\s*)", re.I)


def page_leader(ctx, members: list[_Member]) -> tuple[str, tuple[str, ...], int] | None:
    """``(name, aliases, line index)`` of the person heading a lab page that names no owner otherwise: the
    first current member listed under a leader's heading or with a leader's title ("Principal Investigator",
    "Leitung", "지도교수"; "Professor", "教授"), else the person a line says leads the group ("led by X")."""
    if not members:
        return None  # a CV's "PI: X" names a host, not the page's owner
    for member in members:
        role = _role_line(member)
        if not member.alumni and not member.supervision and (_has(member.group, "leader") or (
                _has(role, "leader") and not _has(role, "student") and not _has(role, "visiting"))):
            return member.name, (), member.first
    for index, line in enumerate(ctx.document.lines):
        text = clean(line.text)
        match = _led_by().search(text) if len(text) < 400 else None
        named = _member_name(text[match.end():]) if match else None
        if named:
            return named[0], (), index
    return None


@lru_cache(maxsize=1)
def _advisor_label() -> re.Pattern:
    """Where an entry names its advisors: "Supervisors: Vermeulen, Oudemans", "tutor: O. Bellandi"."""
    words = "|".join(re.escape(w) for w in sorted(_WORDS["column_advisor"], key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{words})\s*[:：]?\s+(?P<names>[^;()|\n]+)", re.I)


def _labelled_advisors(member: _Member, members: list[_Member], owner: str) -> list[str]:
    """The advisors an entry names after a label, a family name alone read as the listed member (or the
    page's owner) of that family name."""
    known = [owner, *(m.name for m in members)]
    out = []
    for _, text in member.texts:
        for match in _advisor_label().finditer(text):
            for piece in re.split(r"\s*(?:,|、|;|\band\b|\bund\b|\bet\b|\be\b|\by\b|&)\s*", match.group("names")):
                piece = piece.strip(" .")
                family = piece.split()[-1] if piece.split() else ""
                same = [k for k in known if k.split() and k.split()[-1] == family and (
                    len(piece.split()) == 1 or same_person(piece, k))]
                if same:
                    out.append(same[0])
                elif len(piece.split()) >= 2 and clean_person(piece):
                    out.append(clean_person(piece))
    return [name for name in dict.fromkeys(out) if name != member.name]


def _role_line(member: _Member) -> str:
    """What an entry says the person is: its Role column, the rest of its name line ("Ana Ruiz, M.Sc. –
    Doktorandin"), or the line under a name that stands alone (a card's "Postdoctoral Researcher" above its
    "PhD, Imperial College London")."""
    if member.cells.get("role"):
        return member.cells["role"]
    rest = [_went_apart(text)[0] for _, text in member.texts]
    at = rest[0].find(member.name) if rest else -1
    head = rest[0][at + len(member.name):] if at >= 0 else (_member_name(rest[0]) or ("", ""))[1] if rest else ""
    return head if head.strip(" ,;:|–—-") or len(rest) < 2 else rest[1]


def _page_lab(ctx, registry, owner: str, evidence):
    """The lab the page is about: a lab named in its title, or one named after its owner ("Holm Lab")."""
    title = ctx.document.metadata.get("title")
    title = title if isinstance(title, str) else ""
    # the page's title, else its first heading ("# Arbeitsgruppe X", "# 森川研究室"); "Lab members" names a section
    heading = next((clean(line.text) for line in ctx.document.lines if line.text.startswith("#")), "")
    # each part of a title ("Lab Alumni — Osei Lab", "メンバー｜高橋研究室") but the ones that name a section
    parts = [p.strip() for text in (title, heading) for p in _TITLE_PARTS.split(text)]
    for text in (p for p in parts if p and not exact_kind(p) and not _has(p, "alumni")):
        whole = classify_segment(text) if not _has(text, "column_name") else None
        # the units a part names, innermost first: "X Institute, Leiden University"; "复旦大学 生命科学学院 X课题组"
        named = find_orgs_in_text(text) or ([] if text.isascii() else _cjk_orgs(text)[::-1])
        for at, mention in enumerate([*named, whole]):
            if mention is not None and mention.type in ("Lab", "Institute"):
                units = [registry.add(m, evidence) for m in [mention, *named[at + 1:]]]
                for unit, parent in zip(units, units[1:]):
                    registry.part_of(unit, parent, evidence)
                return units[0]
    family = owner.split()[-1] if owner.split() else ""
    if len(family) < 3:
        return None
    pattern = re.compile(rf"\b{re.escape(family)}(?:['’]s)?\s+(?:Lab|Laboratory|Group)\b", re.I)
    for line in ctx.document.lines:
        if family in line.text:
            match = pattern.search(clean(line.text))
            if match:
                mention = classify_segment(match.group(0), context_org=True)
                if mention is not None:
                    return registry.add(mention, evidence)
    return None


def _lab_parent(ctx, registry: OrgRegistry, lab: str, listed: set[int]) -> None:
    """The page's lab is part of the organisation a sentence of the page says it belongs to ("Il gruppo fa
    parte del Dipartimento di Fisica", "X研究室は東北大学大学院工学研究科に所属")."""
    words = word_groups("prose_words.tsv")["part_of"]
    for index, line in enumerate(ctx.document.lines):
        text = clean(line.text) if index not in listed else ""
        low = text.lower()
        said = [low.find(w) for w in words if w in low and (not w.isascii() or re.search(rf"(?<!\w){re.escape(w)}(?!\w)", low))]
        name = ctx.entity(lab).name.lower()
        # the sentence is about the lab: it names it before the words, or opens with few words ("Il gruppo fa parte")
        if not said or not (name in low[: min(said)] or len(low[: min(said)].split()) <= 3):
            continue
        orgs = find_orgs_in_text(text) or (_cjk_orgs(text) if not text.isascii() else [])
        # the first organisation named after the words, or before them in a language that ends with its verb
        after = [o for o in orgs if o.begin >= min(said)] or ([] if text.isascii() else orgs)
        for mention in after:
            parent = registry.add(mention, ctx.evidence(index))
            if parent != lab:
                registry.part_of(lab, parent, ctx.evidence(index))
                return


def member_lines(members: list[_Member]) -> set[int]:
    """The line indexes the members' entries hold, which the readers of the owner's own facts leave alone."""
    return {i for member in members for i in range(member.first, member.last + 1)}


def read_members(ctx, registry: OrgRegistry, subject_id: str, members: list[_Member]) -> None:
    """Add the facts of every listed person (after the owner's own, so that units the owner
    names are registered under the owner's organisations first)."""
    owner = ctx.entity(subject_id).name
    lab = None
    for member in members:
        evidence = ctx.evidence(member.first, member.last)
        if same_person(member.name, owner):
            role = member.cells.get("role")
            if role and is_role(role):  # "Vera Holm | ... | PI": the owner heads the page's lab
                lab = lab if lab is not None else (_page_lab(ctx, registry, owner, evidence) or "")
                if lab:
                    ctx.add_relation(subject_id, "workedAt", lab, role=role, end="present", evidence=evidence)
            for index, text in member.texts:  # the owner's own card: "PhD, Princeton University, 2011"
                read_prose(ctx, registry, subject_id, [Passage(text, index, index, ((0, index),))], [member.name], entry=True)
            continue
        pid = ctx.add_entity(member.name, "Person", evidence=evidence)
        before = {(r.predicate, r.object) for r in ctx.relations if r.subject == pid}
        said = [(index, part) for index, text in member.texts for part in _went_apart(text) if part.strip()]
        role = member.cells.get("role") or " ".join(_went_apart(t)[0] for _, t in member.texts)
        # what the entry's role line says, else its heading ("Researchers and students" says neither)
        line = _role_line(member).split("。")[0]  # "副研究员。2018年博士毕业于X": the title, not the story after it
        student = (_has(line, "student") if is_role(line) or _has(line, "student") else _has(member.group, "student")) \
            and not _has(role, "visiting")
        # the entry read as prose about this person: "X is a PhD student at Y", "Jo is now a postdoc at Z",
        # "co-advised with B"; what it says before and after where the person went apart ("(PhD 2022) → Postdoc at X")
        first_name = member.name.split()[0]
        for index, text in said:
            read_prose(ctx, registry, pid, [Passage(text, index, index, ((0, index),))], [member.name, first_name], entry=True)
        advisors = [p.name for p in split_people(member.cells.get("advisor", ""))] or _labelled_advisors(member, members, owner)
        for name in advisors:  # an Advisor(s) column
            ctx.add_relation(pid, "advisedBy", subject_id if same_person(name, owner) else ctx.add_entity(name, "Person"),
                             evidence=evidence)
        for cell_kind in ("now", "school"):
            cell = member.cells.get(cell_kind)
            if cell:
                add_affiliation_note(ctx, registry, pid, cell, evidence, current=cell_kind == "now" or not member.alumni,
                                     predicate="studiedAt" if cell_kind == "school" else "workedAt")
        for match in (m for _, text in member.texts for m in _now().finditer(text)):
            add_affiliation_note(ctx, registry, pid, match.group("rest"), evidence, current=True)
        # where the person is: a School or Now column, or the entry in their role ("PhD, X" is a postdoc's past,
        # "holds a BS from X" a student's)
        stated = bool(member.cells.get("school") or member.cells.get("now")) or any(
            r.subject == pid and (r.predicate, r.object) not in before and r.predicate == ("studiedAt" if student else "workedAt")
            and not (student and r.degree and r.end != "present") for r in ctx.relations)
        if member.supervision or (student and not member.cells.get("school") and not advisors):
            ctx.add_relation(pid, "advisedBy", subject_id, evidence=evidence)
        if not stated and not member.supervision and not member.alumni and (student or is_role(role) or is_role(line) or is_role(member.group)):
            # "Olek Marr — Postdoc": a member of the page's own lab
            lab = lab if lab is not None else (_page_lab(ctx, registry, owner, evidence) or "")
            if lab:
                dates = find_date_range(role)
                ctx.add_relation(pid, "studiedAt" if student else "workedAt", lab, start=dates.start if dates else None,
                                 end=(dates.end if dates else None) or "present", evidence=evidence)
    # the page's group is its owner's too, when nothing the owner wrote names where they work ("Investigador principal")
    if lab is None and members and owner != UNNAMED_SUBJECT:
        lab = _page_lab(ctx, registry, owner, ctx.evidence(members[0].first)) or ""
    if lab and lab not in registry.parent_of:
        _lab_parent(ctx, registry, lab, member_lines(members))
    if lab and owner != UNNAMED_SUBJECT and not any(r.subject == subject_id and r.predicate == "workedAt" for r in ctx.relations):
        ctx.add_relation(subject_id, "workedAt", lab, end="present", evidence=ctx.evidence(members[0].first, members[-1].last))
