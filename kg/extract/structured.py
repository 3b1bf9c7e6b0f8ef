"""Structured CV records read by field: JSON Resume, academic YAML CVs, RenderCV, Hugo front matter.

>>> from kg.model import Document, Line
>>> data = {"basics": {"name": "Lena Berg"}, "work": [{"name": "Acme Labs", "position": "Chemist",
...         "startDate": "2019-04-01", "endDate": ""}], "education": [{"institution": "Lund University",
...         "studyType": "PhD", "area": "Chemistry", "endDate": "2019"}]}
>>> doc = Document("cv.json", "cv.json", "jsonresume", (Line(1, "{"),), "0", data=data)
>>> from kg.extract import extract
>>> sorted((r.predicate, extract(doc).entity(r.object).name, r.start, r.end) for r in extract(doc).relations)
[('studiedAt', 'Lund University', None, '2019'), ('workedAt', 'Acme Labs', '2019-04', 'present')]
"""
from __future__ import annotations

import re
from typing import Any

from kg.extract.dates import DateRange, find_date_range, parse_date
from kg.extract.orgs import OrgMention, OrgRegistry, classify_segment, find_orgs_in_text, is_role, org_chain
from kg.extract.people import clean_person, split_people
from kg.extract.positions import ADVISOR_TRIGGER, add_people_with_notes, add_typed_entry, trigger_predicate
from kg.extract.projects import grant_project, project_mentions, role_project
from kg.extract.publications import add_publication_record
from kg.extract.sections import heading_kind
from kg.extract.text import sentence_spans
from kg.extract.vocab import field_of

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_STUDENT_ROLE = re.compile(r"\b(?:student|candidate|ph\.?d\.?\s+student|doctoral)\b", re.I)

__all__ = ["read_structured"]


def _s(value: Any) -> str | None:
    """A field's text: a string stripped (``None`` when blank), a number written out, else ``None``."""
    if isinstance(value, (int, float)):
        return str(value)
    return (value.strip() or None) if isinstance(value, str) else None


def _line(ctx, *needles: str | None) -> int:
    """The first document line containing all the needles (for evidence: the record's own line, where
    another record names the same school), else the first containing one, in the needles' order, else 0."""
    lows = [needle.lower()[:60] for needle in needles if needle]
    texts = [line.text.lower() for line in ctx.document.lines]
    return next((index for index, text in enumerate(texts) if lows and all(low in text for low in lows)), None) \
        or next((index for low in lows for index, text in enumerate(texts) if low in text), 0)


def _dates(item: dict, single_is_end: bool) -> tuple[str | None, str | None]:
    start = parse_date(_s(item.get("startDate") or item.get("start_date") or item.get("date_start") or item.get("start")
                          or item.get("from")) or "")  # date_start / date_end: Hugo's experience widget
    end_text = item.get("endDate") or item.get("end_date") or item.get("date_end") or item.get("end") or item.get("to")
    end = parse_date(_s(end_text) or "") if end_text not in (None, "") else None
    if start and end_text in ("", None) and ({"endDate", "end_date", "date_end", "end"} & item.keys()):
        end = "present"
    date = _s(item.get("date") or item.get("year") or item.get("years") or item.get("dates"))
    if date and not (start or end) and (found := find_date_range(date)):
        start, end = found.start, found.end
    if start and not end and not single_is_end and not end_text:
        end = "present"
    return start, end


def read_structured(ctx, registry: OrgRegistry, subject_id: str, document) -> None:
    """Add the facts of ``document.data`` (and CV-like front matter in ``metadata``)."""
    data = document.data
    if isinstance(data, dict):
        cv = data.get("cv")
        if isinstance(cv, dict) and isinstance(cv.get("sections"), dict):  # RenderCV: {title: entries}
            _record(ctx, registry, subject_id, _titled_sections(cv["sections"].items()))
        else:
            _record(ctx, registry, subject_id, data)
    elif isinstance(data, list):  # [{title, contents}]: the cv.yml of Jekyll academic themes
        _record(ctx, registry, subject_id, _titled_sections(
            (s.get("title"), s.get("contents") or s.get("items")) for s in data if isinstance(s, dict)))
    meta = document.metadata
    if isinstance(meta, dict) and meta is not data:
        _record(ctx, registry, subject_id, meta, front_matter=True)


def _titled_sections(sections) -> dict[str, list[dict]]:
    """A CV written as titled sections of entries, ``(title, entries)`` pairs (RenderCV's
    ``cv.sections``, the ``- title: Education / contents: [...]`` list of Jekyll academic themes),
    turned into the record :func:`_record` reads: each section's kind from its title.

    >>> _titled_sections([("Education", [{"title": "PhD", "institution": "X", "year": 2014}])])
    {'education': [{'title': 'PhD', 'institution': 'X', 'year': 2014, 'degree': 'PhD'}]}
    """
    out: dict[str, list[dict]] = {}
    for title, entries in sections:
        if not isinstance(title, str):
            continue
        items = [i for i in _list(entries) if isinstance(i, dict)]
        kind = heading_kind(title.replace("_", " "))
        if kind == "education":
            out.setdefault("education", []).extend({**i, "degree": i.get("degree") or i.get("title")} for i in items)
        elif kind == "experience":
            out.setdefault("work", []).extend({**i, "position": i.get("position") or i.get("title")} for i in items
                                              if i.get("institution") or i.get("company"))
        elif kind in ("publications", "projects"):
            out.setdefault(kind, []).extend(items)
    return out


def _record(ctx, registry, subject_id, data: dict, front_matter: bool = False) -> None:
    basics = data.get("basics") if isinstance(data.get("basics"), dict) else {}
    # education: the lists under a key that names an education section ("education", "degrees")
    for item in _section_items(data, "education"):
        _advisors(ctx, subject_id, item, studying=True)  # named whether the school is or not
        inst = _s(item.get("institution") or item.get("school") or item.get("university") or item.get("organization")
                  or item.get("affiliation"))
        if inst:
            degree_text = _s(item.get("studyType") or item.get("degree") or item.get("course") or item.get("title")) or ""
            area = _s(item.get("area") or item.get("field") or item.get("major")) or field_of(degree_text)
            start, end = _dates(item, single_is_end=True)
            add_typed_entry(ctx, registry, subject_id, _line(ctx, inst, degree_text), {"org": inst, "degree": degree_text,
                            "field": area or ""}, DateRange(start, end, 0, 0), "education")
            _named_in_notes(ctx, registry, subject_id, item, studying=True)
    # current affiliation: the institution (after its department) and the organisations a profile lists
    institution = _s(data.get("institution") or data.get("affiliation") or data.get("organization"))
    role = _s(data.get("role") or data.get("position") or data.get("title") if not front_matter else data.get("role"))
    names = [", ".join(filter(None, (_s(data.get("department")), institution)))] if institution else []
    names += filter(None, (_s(i.get("name")) if isinstance(i, dict) else _s(i)
                           for i in _list(data.get("organizations") or data.get("affiliations"))))
    for name in names:
        if role:
            add_typed_entry(ctx, registry, subject_id, _line(ctx, name), {"org": name, "role": role},
                            DateRange(None, "present", 0, 0), "education" if _STUDENT_ROLE.search(role) else "experience")
        else:  # named with no role: an organisation (or a unit and its parent: "Department of X, University Y"), no position
            evidence = ctx.evidence(_line(ctx, name))
            registry.nest(find_orgs_in_text(name)[:3] or [
                classify_segment(name, context_org=True) or OrgMention(name, name, "Company", False)], evidence)
    # positions: the lists under a key that names an experience section ("work", "positions", "visiting_positions")
    for item in _section_items(data, "experience"):
        org = _s(item.get("name") or item.get("company") or item.get("institution") or item.get("organization")
                 or item.get("employer") or item.get("affiliation") or item.get("place"))
        role = _s(item.get("position") or item.get("role") or item.get("title")) or ""
        studying = bool(_STUDENT_ROLE.search(role))  # a visiting student's stay is a study, its host an advisor
        _advisors(ctx, subject_id, item, studying)
        if not org:
            continue
        add_typed_entry(ctx, registry, subject_id, _line(ctx, org, role), {"org": org, "place": _s(item.get("location")) or "",
                        "role": role}, DateRange(*_dates(item, single_is_end=False), 0, 0),
                        "education" if studying else "experience")
        _named_in_notes(ctx, registry, subject_id, item, studying=studying)
    _advisors(ctx, subject_id, data, studying=False)  # the record's own: advisors, and mentors in a job
    # projects
    named = [_s(i.get("name") or i.get("title")) if isinstance(i, dict) else _s(i)
             for i in _list(data.get("projects"))]
    named = [re.split(r"\s[—–]\s", name)[0] for name in named if name]  # "OptoFly — a tracking platform": its name
    _add_projects(ctx, subject_id, [name for name in named if len(name) <= 80], [], (None, None))
    # the projects a position names ("Project Leader 'X'", a volunteer Maintainer of "tensorpool") and its texts tell of
    for key in ("work", "volunteer"):
        for item in (i for i in _list(data.get(key)) if isinstance(i, dict)):
            org = _s(item.get("organization") or item.get("name")) or ""
            role = _s(item.get("position")) or ""
            named = role_project(org, role) if key == "volunteer" else grant_project(role, listed=False)
            texts = [t for k in ("summary", "highlights") for t in _list(item.get(k)) if isinstance(t, str)]
            _add_projects(ctx, subject_id, [named] if named else [], texts, _dates(item, single_is_end=False))
    _add_projects(ctx, subject_id, [], [_s(basics.get("summary")) or ""], (None, None))
    # publications: the subject's own, with the co-authors the record names
    for item in _list(data.get("publications")):
        title = _s(item.get("name") or item.get("title")) if isinstance(item, dict) else None
        if not title or len(title) > 300:
            continue
        venue = _s(item.get("publisher") or item.get("venue") or item.get("journal") or item.get("booktitle")
                   or item.get("conference"))
        when = find_date_range(_s(item.get("releaseDate") or item.get("year") or item.get("date")) or "")
        add_publication_record(ctx, subject_id, title, item.get("authors") or item.get("author"), venue,
                               when.end if when else None, ctx.evidence(_line(ctx, title)))
    # references: each referee, and where their note says they work ("Professor of X, UC Santa Cruz")
    for item in _list(data.get("references")):
        if not isinstance(item, dict) or not (person := clean_person(_s(item.get("name")) or "")):
            continue
        ev = ctx.evidence(_line(ctx, person))
        pid = ctx.add_entity(person, "Person", evidence=ev)
        note = _s(item.get("reference")) or ""
        chain = org_chain(note, context_org=False) if len(note) <= 200 else []
        if chain:
            role = note[: chain[0].begin].strip(" ,;:-–") or None
            org_ids = registry.chain(chain, ev)
            ctx.add_relation(pid, "workedAt", org_ids[0], role=role if role and is_role(role) else None, evidence=ev)
    if basics:
        ids = {key: value for key, value in (("email", _s(basics.get("email"))),
                                             ("homepage", _s(basics.get("url") or basics.get("website")))) if value}
        for profile in _list(basics.get("profiles")):
            if isinstance(profile, dict):
                network = (_s(profile.get("network")) or "").lower()
                user = _s(profile.get("username")) or _s(profile.get("url"))
                if user and network in ("github", "orcid"):
                    ids.setdefault(network, user.rstrip("/").rsplit("/", 1)[-1])
                elif user and "scholar" in network:
                    ids.setdefault("scholar", user)
        if ids:
            ctx.add_entity(ctx.entity(subject_id).name, "Person", identifiers=ids)


def _add_projects(ctx, subject_id: str, named: list[str], texts: list[str], dates: tuple[str | None, str | None]) -> None:
    """The subject's projects: those named, in the record's years, and those its texts tell of."""
    said = [name for text in texts for begin, end in sentence_spans(text) for name, _ in project_mentions(text[begin:end])]
    for name in named + said:
        ev = ctx.evidence(_line(ctx, name))
        pid = ctx.add_entity(name, "Project", evidence=ev)
        ctx.add_relation(subject_id, "contributedTo", pid, start=dates[0] if name in named else None,
                         end=dates[1] if name in named else None, evidence=ev)


def _section_items(data: dict, kind: str) -> list[dict]:
    """The records listed under the keys of ``data`` whose words name a CV section of ``kind``
    ("education", "experience"), in the order of the keys.

    >>> _section_items({"visiting_positions": [{"title": "Guest"}], "degrees": [{"title": "BA"}]}, "experience")
    [{'title': 'Guest'}]
    """
    items = []
    # the YAML of LaTeX CV generators prints each key's section under a title it lists in "order":
    # ``order: [[research, Research Experience], ...]`` makes "research" an experience section
    titles = {pair[0]: pair[1] for pair in _list(data.get("order")) if isinstance(pair, list) and len(pair) == 2
              and all(isinstance(p, str) for p in pair)}
    for key, value in data.items():
        if isinstance(key, str) and heading_kind(titles.get(key, key).replace("_", " ")) == kind:
            if isinstance(value, dict):  # {courses: [...]} / {items: [...]}: a section with its entries inside
                value = value.get("courses") or value.get("items")
            items.extend(i for i in _list(value) if isinstance(i, dict))
    return items


def _advisors(ctx, subject_id: str, item: dict, studying: bool) -> None:
    """The people a record's advisor keys name ("advisor", "supervisors", "mentor"): the advisors of a study,
    a job's mentors."""
    for key in ("advisors", "advisor", "supervisors", "supervisor", "mentors", "mentor"):
        predicate = "advisedBy" if studying else trigger_predicate(key)
        for advisor in _list(item.get(key)):
            # "Prof. A. Bello & Prof. B. Cole": one value naming each supervisor
            named = split_people(advisor) if isinstance(advisor, str) else []
            for person in [p.name for p in named] if len(named) > 1 else [advisor]:
                _person(ctx, subject_id, person, predicate)


def _list(value: Any) -> list:
    return [] if value is None else value if isinstance(value, list) else [value]


def _person(ctx, subject_id: str, value: Any, predicate: str) -> None:
    person = clean_person((_s(value.get("name")) if isinstance(value, dict) else _s(value)) or "")
    if person:
        ev = ctx.evidence(_line(ctx, person))
        pid = ctx.add_entity(person, "Person", evidence=ev)
        ctx.add_relation(subject_id, predicate, pid, evidence=ev)


def _named_in_notes(ctx, registry, subject_id: str, item: dict, studying: bool) -> None:
    """Advisors and mentors named in an entry's highlights or notes ("Advisor: Prof. A. Bello", or
    the mapping ``{Mentor: Dr. B. Cole}`` an unquoted YAML highlight becomes)."""
    for key in ("highlights", "notes", "summary", "description", "courses"):
        for note in _list(item.get(key)):
            if isinstance(note, dict) and len(note) == 1:
                label, value = next(iter(note.items()))
                note = f"{label}: {value}"
            if not isinstance(note, str) or len(note) > 300:
                continue
            trigger = ADVISOR_TRIGGER.search(note)
            if trigger is None or ":" not in trigger.group("trigger") or (  # "Advisor: X" opening it, "(advisor: X)" anywhere
                    trigger.start() > 40 and not note[: trigger.start()].endswith("(")):
                continue
            predicate = trigger_predicate(trigger.group("trigger"), note[: trigger.start()], studying=studying)
            if predicate:  # with where each works, when a note says it: "Supervisors: A. Bello (Tarnow), ..."
                add_people_with_notes(ctx, registry, subject_id, note[trigger.end():], predicate,
                                      ctx.evidence(_line(ctx, note[trigger.end():].strip())))
