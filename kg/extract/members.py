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
from dataclasses import dataclass, field

from kg.extract.context import UNNAMED_SUBJECT
from kg.extract.dates import find_date_range
from kg.extract.gazetteer import word_groups
from kg.extract.orgs import OrgRegistry, classify_segment, is_role
from kg.extract.people import abbreviates, clean_person
from kg.extract.positions import add_affiliation_note
from kg.extract.text import Passage, clean

__all__ = ["list_members", "member_lines", "read_members"]


#: ``kind -> phrases`` of ``data/member_words.tsv``.
_WORDS = word_groups("member_words.tsv", "phrases")
_NORM = re.compile(r"[^\w\s'’.()-]")


def _norm(text: str) -> str:
    return " ".join(_NORM.sub(" ", text.lower()).split())


def _has(text: str, kind: str) -> bool:
    """Whether ``text`` holds one of the ``kind`` words as a whole word (CJK words anywhere)."""
    low = f" {_norm(text)} "
    return any((f" {p} " in low or f" {p}s " in low) if p.isascii() else p in low for p in _WORDS[kind])


#: The section kinds (``data/sections.tsv``) that list people: a lab's members, a CV's supervised students.
_KIND_OF_SECTION = {"members": "members", "students": "supervision"}


#: Where a member's name ends: a separator, a parenthesis, a verb of a sentence about them.
_NAME_END = re.compile(r"\s*(?:[|,;:(（]|\s[-–—]\s|[-–—]\s|\s(?:is|was|has|joined|works|received|completed|ist|war|es|fue|est|était|è|era|é)\s)")
#: A handle or profile link after a name ("Ana Ruiz @aruiz LinkedIn").
_HANDLE = re.compile(r"\s+(?:@\S+|linkedin|github|twitter|scholar|website|homepage|orcid|cv)\b.*$", re.I)
_DATES_FIRST = re.compile(r"^\s*(?:\(?\d{4}\)?\s*(?:[-–—/]\s*(?:\d{4}|present|now|today|heute|actualidad|presente))?\s*[:|,.-]?\s+)")
#: Where an alumnus went: "now at X", "now a postdoc at X", "→ X".
_NOW = re.compile(r"(?:\b(?:now|currently|today|heute|jetzt|ahora|actualmente|maintenant|actuellement|aujourd['’]hui|oggi|attualmente|hoje|atualmente)(?!\w)"
                  r"(?:\s+(?:working|works|is|an?|as)\b)*|→|->|⇒)\s*(?P<rest>[^.;]+)", re.I)


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


#: A nickname between given and family name ("Jinyan (Jim) Yang").
_NICKNAME = re.compile(r"^(\S+)\s+[(（][^()（）]{1,20}[)）]\s+(?=[A-Z])")


def _member_name(text: str) -> tuple[str, str] | None:
    """``(name, rest)`` when a line opens with a person's name.

    >>> _member_name("Jinyan (Jim) Yang, PhD student"), _member_name("2019-2023: Ana Ruiz (MSc)")
    (('Jinyan Yang', ', PhD student'), ('Ana Ruiz', ' (MSc)'))
    """
    text = _NICKNAME.sub(r"\1 ", _DATES_FIRST.sub("", text, count=1), count=1)
    end = _NAME_END.search(text)
    head = text[: end.start()] if end else text
    head = _HANDLE.sub("", head).strip(" *")
    if len(head.split()) > 2 and (is_role(head.split()[-1]) or _has(head.split()[-1], "student")):
        head = head.rsplit(None, 1)[0]  # "森川 健一 教授": the role after the name, no separator between
    if not head or len(head) > 50 or len(head.split()) > 5:
        return None
    name = clean_person(head)
    if not name or is_role(name):
        return None
    return name, text[end.start():] if end else ""


def _columns(text: str) -> dict[int, str] | None:
    """A member table's column meanings from its heading row ("Name | Topic | Position"), else ``None``."""
    heads = text.split("|", 2)[:2]
    if not any(h.strip().lower() in _WORDS["column_name"] for h in heads):
        return None  # most "a | b" lines are CV entries: two cells tell before the whole row is read
    cells = [_norm(c) for c in text.split("|")]
    out = {}
    for i, cell in enumerate(cells):
        for kind in ("column_name", "column_now", "column_school", "column_role"):
            if cell in _WORDS[kind] or (kind != "column_name" and any(cell.startswith(p + " ") for p in _WORDS[kind])):
                out[i] = kind[len("column_"):]
                break
    return out


def list_members(ctx, sections) -> list[_Member]:
    """The people listed under member headings, or in tables with a Name column."""
    lines = ctx.document.lines
    out: list[_Member] = []
    alumni_level: int | None = None
    for section in sections:
        kind = _KIND_OF_SECTION.get(section.kind or "")
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
            if raw.lstrip().startswith("#"):
                # a sub-heading kept inside the section ("### Doctoral students" under "## Alumni")
                current, columns = None, None
                sub_alumni, group = _has(text, "alumni"), text
                continue
            if " | " in text:
                found = _columns(text)
                if found is not None:
                    columns, current = found, None
                    continue
            if not kind and columns is None:
                continue
            named = _member_name(text)
            if named:
                current = _Member(named[0], index, index, alumni=alumni_level is not None or sub_alumni,
                                  supervision=kind == "supervision", group=group)
                out.append(current)
                if columns is not None and "|" in text:
                    cells = [c.strip() for c in text.split("|")]
                    current.cells = {columns.get(i, "other"): c for i, c in enumerate(cells) if i in columns}
                    current.texts.append((index, " ; ".join(c for i, c in enumerate(cells) if columns.get(i) in (None, "name"))))
                else:
                    current.texts.append((index, text))
            elif current is not None and kind:
                current.texts.append((index, text))
                current.last = index
    return out


def _is_owner(name: str, owner: str) -> bool:
    """Whether a listed name is the page's owner ("Vera Holm" / "Vera K. Holm")."""
    a, b = name.split(), owner.split()
    return name == owner or abbreviates(name, owner) or abbreviates(owner, name) or (
        len(a) >= 2 and len(b) >= 2 and a[0] == b[0] and a[-1] == b[-1])


def _page_lab(ctx, registry, owner: str, evidence):
    """The lab the page is about: a lab named in its title, or one named after its owner ("Holm Lab")."""
    from kg.extract.orgs import find_orgs_in_text

    meta = ctx.document.metadata if isinstance(ctx.document.metadata, dict) else {}
    title = meta.get("title") if isinstance(meta.get("title"), str) else ""
    # the page's title, else its first heading ("# Arbeitsgruppe X", "# 森川研究室"); "Lab members" names a section
    heading = next((clean(line.text) for line in ctx.document.lines if line.text.startswith("#")), "")
    for text in (title, heading):
        whole = classify_segment(text) if text and not _has(text, "column_name") else None
        for mention in find_orgs_in_text(text) + [whole] if text else ():
            if mention is not None and mention.type == "Lab":
                return registry.add(mention, evidence)
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


def member_lines(members: list[_Member]) -> set[int]:
    """The line indexes the members' entries hold, which the readers of the owner's own facts leave alone."""
    return {i for member in members for i in range(member.first, member.last + 1)}


def read_members(ctx, registry: OrgRegistry, subject_id: str, members: list[_Member]) -> None:
    """Add the facts of every listed person (after the owner's own, so that units the owner
    names are registered under the owner's organisations first)."""
    from kg.extract.prose import read_prose

    owner = ctx.entity(subject_id).name
    lab = None
    for member in members:
        evidence = ctx.evidence(member.first, member.last)
        if _is_owner(member.name, owner):
            role = member.cells.get("role")
            if role and is_role(role):  # "Vera Holm | ... | PI": the owner heads the page's lab
                lab = lab if lab is not None else (_page_lab(ctx, registry, owner, evidence) or "")
                if lab:
                    ctx.add_relation(subject_id, "workedAt", lab, role=role, end="present", evidence=evidence)
            continue
        pid = ctx.add_entity(member.name, "Person", evidence=evidence)
        before = {(r.predicate, r.object) for r in ctx.relations if r.subject == pid}
        body = " ".join(t for _, t in member.texts)
        role = member.cells.get("role") or body
        student = (_has(role, "student") or _has(member.group, "student")) and not _has(role, "visiting")
        # the entry read as prose about this person: "X is a PhD student at Y", "Jo is now a postdoc at Z",
        # "co-advised with B"
        first_name = member.name.split()[0]
        for index, text in member.texts:
            read_prose(ctx, registry, pid, [Passage(text, index, index, ((0, index),))], [member.name, first_name], entry=True)
        for cell_kind in ("now", "school"):
            cell = member.cells.get(cell_kind)
            if cell:
                add_affiliation_note(ctx, registry, pid, cell, evidence, current=cell_kind == "now" or not member.alumni,
                                     predicate="studiedAt" if cell_kind == "school" else "workedAt")
        for match in _NOW.finditer(body):
            add_affiliation_note(ctx, registry, pid, match.group("rest"), evidence, current=True)
        if member.supervision or (student and not member.cells.get("school")):
            ctx.add_relation(pid, "advisedBy", subject_id, evidence=evidence)
        now = {(r.predicate, r.object) for r in ctx.relations if r.subject == pid}
        stated = any(p in ("workedAt", "studiedAt") for p, _ in now - before)
        if not stated and not member.supervision and not member.alumni and (student or is_role(role)):
            # "Olek Marr — Postdoc": a member of the page's own lab
            lab = lab if lab is not None else (_page_lab(ctx, registry, owner, evidence) or "")
            if lab:
                dates = find_date_range(role)
                ctx.add_relation(pid, "studiedAt" if student else "workedAt", lab, start=dates.start if dates else None,
                                 end=(dates.end if dates else None) or "present", evidence=evidence)
    # the page's group is its owner's too, when nothing the owner wrote names where they work ("Investigador principal")
    if lab and owner != UNNAMED_SUBJECT and not any(r.subject == subject_id and r.predicate == "workedAt" for r in ctx.relations):
        ctx.add_relation(subject_id, "workedAt", lab, end="present", evidence=ctx.evidence(members[0].first, members[-1].last))
