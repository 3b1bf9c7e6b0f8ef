"""The extraction rules in order: subject, identifiers, structured records, CV sections,
prose, projects, publications, then organisation nesting.

>>> from kg.model import Document, Line
>>> lines = ["Ana Lima", "Education", "PhD in Linguistics, University of Lisbon, 2015 - 2019",
...          "Advisor: Prof. Rui Costa", "Experience", "Postdoctoral Fellow, Max Planck Society, 2019 - present"]
>>> doc = Document("a.txt", "a.txt", "text", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
>>> ex = extract(doc)
>>> sorted((r.predicate, ex.entity(r.object).name, r.start, r.end) for r in ex.relations)
[('advisedBy', 'Rui Costa', None, None), ('studiedAt', 'University of Lisbon', '2015', '2019'), ('workedAt', 'Max Planck Society', '2019', 'present')]
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any

from kg.extract.context import UNNAMED_SUBJECT, ExtractContext
from kg.extract.dates import find_date_range
from kg.extract.identifiers import find_identifiers
from kg.extract.orgs import OrgRegistry
from kg.extract.people import clean_person
from kg.extract.members import (list_members, member_role, member_lines, names_collaborators, page_leader, read_members,
                                read_prose_students, table_headings)
from kg.extract.positions import ADVISOR_TRIGGER, extract_entries, reference_people, role_text
from kg.extract.projects import grant_project, item_project, project_mentions, repository_project
from kg.extract.prose import _opening_person, family_opening, read_prose
from kg.extract.publications import add_publications, list_owner, parse_author_list, same_person
from kg.extract.sections import find_sections, split_labelled_lines
from kg.extract.structured import read_structured
from kg.extract.models.subject import (choose, copyright_owner, front_matter_person, most_advising, named_lines,
                                       owned_name)
from kg.extract.subject import find_subject, introduced_subject, name_aliases, named_by_contact, title_name
from kg.extract.text import Passage, clean, is_bullet, passages, sentence_spans
from kg.extract.venue_mentions import talk_venue, venue_mentions
from kg.model import Document, Extraction

#: Sections that list a group's people ("## Post-docs", "## Students", "## Principal Investigator").
_GROUP_KINDS = ("members", "students", "people_roles")

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow).
_PROJECTS_HEADING = re.compile(r"proje[ck]?t", re.I)
_EMPHASISED_LINE = re.compile(r"^(?:[-*+]\s+)?(?:\*\*|\*|__|_)\S.*\S(?:\*\*|\*|__|_)$")
_PERSONAL_PRONOUN = re.compile(r"\b(?:I|he|she)\b")
#: A pronoun of a sentence written in the first person ("With X, I study", "Avec X, je travaille", "Con X, io studio").
_FIRST_PERSON = re.compile(r"\b(?:I|[Mm]y|[Ww]e|[Oo]ur|[Jj]e|[Jj](?=['’])|[Nn]ous|[Ii]ch|[Ww]ir|[Yy]o|[Ii]o|[Ee]u|[Mm]ein|[Mm]eu|[Mm]inha)\b")
_BOLD_PHRASE = re.compile(r"\*\*([^*]{3,40}?)\\?\*?\*\*|<b>([^<]{3,40})</b>|<strong>([^<]{3,40})</strong>")
_LETTER_RUN = re.compile(r"[^\W\d_]+")
#: A list item that opens with a quoted title: ``- “Free Riding the Wave” with A. Author``.
_QUOTED_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+[“\"«„]\w")
#: A line's last word, short and in lower case ("of", "su", "und"): the line breaks a sentence.
_SHORT_LAST_WORD = re.compile(r"(?<![\w'’-])[^\W\d_A-Z]{1,3}$")
#: Two or three capitalised words: a name the bold author's initialled form may abbreviate.
_CAPITALISED_NAME = re.compile(r"[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){1,2}")

__all__ = ["extract"]

_CV_KINDS = ("experience", "education")
#: The metadata keys that name a page's owner or the page: left out to read whom the lines themselves name.
_NAMING_KEYS = ("name", "author", "full_name", "fullname", "display_name", "title")
_PROSE_SKIP = ("publications", "references", "skills", "talks", "awards", "grants", "teaching", "memberships")
_TITLED = re.compile(r"\b(?:Prof\.|Professor|Dr\.)\s+(?P<name>[A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+){1,3})")


def _front_matter(document: Document) -> tuple[dict[str, Any], set[int]]:
    """Front matter written inside a text document (``---`` YAML / ``+++`` TOML) and its lines."""
    from kg.ingest._markdown import split_front_matter  # the loader's own reading of the fences

    texts = [line.text for line in document.lines]
    first = next((i for i, text in enumerate(texts[:3]) if text.strip()), None)
    kind, body, _, last = split_front_matter("\n".join(texts[first:first + 200])) if first is not None else (None, "", 0, 0)
    if kind is None:
        return {}, set()
    import tomllib

    import yaml

    try:
        data = yaml.safe_load(body) if kind == "yaml" else tomllib.loads(body)
    except Exception:  # malformed front matter is just text
        data = None
    return (data if isinstance(data, dict) else {}), set(range(first, first + last))


def subject_inputs(document: Document):
    """``(ctx, document, front matter lines, sections, members, stop)``: the document as the rules read it, and
    what its subject is chosen from (the line of its first section that is no bio)."""
    ctx = ExtractContext(document)
    meta, skip = _front_matter(document)
    if meta:  # the loader's metadata wins over front matter left in the text
        document = replace(document, metadata={**meta, **document.metadata})
    document = ctx.document = split_labelled_lines(document)
    sections = find_sections(document)
    members = list_members(ctx, sections)
    stop = next((s.heading_index for s in sections if s.heading_index is not None and s.kind not in (None, "bio")), None)
    return ctx, document, skip, sections, members, stop


def subject_proposals(ctx, document: Document, skip, sections, members, stop) -> list[tuple[str, Any]]:
    """``(rule, (name, aliases, line index) or None)``: whom each rule that can name the owner proposes, for
    :func:`kg.extract.models.subject.choose` to choose from."""
    # a member table's row, or a person a page titled for its people ("title: Students") lists before any heading, names
    # no owner, unless headings of the page's groups follow ("title: People", its head, then "## Post-docs")
    groups = any(s.kind in _GROUP_KINDS for s in sections[1:])
    page = sections[0].lines if sections and sections[0].heading_index is None and not groups else []
    # a member listed as a student ("## PhD." over "- Lic. Ana Ruiz") is someone's student, not the page's owner
    unlisted = skip | {m.first for m in members if m.cells or m.first in page or member_role(m) == "student"} \
        | table_headings(document.lines)
    title = document.metadata.get("title")
    publications = {i for s in sections if s.kind in ("publications", "references") for i in s.lines}
    # a sentence inside a CV's section is an entry ("Cours X, Collège Y": an award), not a bio's opening; a list of
    # the writer's collaborators ("## Colaboradores", a page titled so) names people who work elsewhere
    listed = names_collaborators(str(title or ""))
    entries = {i for s in sections if listed or s.kind not in (None, "bio") or s.heading_index is not None
               and names_collaborators(document.lines[s.heading_index].text) for i in s.lines}
    record = find_subject(document, unlisted, stop)
    # whom the lines name without the metadata's naming keys: the record's answer when it has none
    heading = find_subject(replace(document, metadata={k: v for k, v in document.metadata.items() if k not in _NAMING_KEYS}),
                           unlisted, stop) if any(k in _NAMING_KEYS for k in document.metadata) else record
    # a record's publications are read by their fields, never as a list (add_publications skips them): with its
    # name found, its list's entries are not parsed for an owner
    owner = list_owner(document.lines, [i for s in sections if s.kind == "publications" for i in s.lines]) \
        if document.data is None or record is None else None
    return [("record", record),
            ("title", next(((*named, None) for text in (title, document.metadata.get("og_title"),  # a social card's title too
                                                        document.metadata.get("description"))  # "CV of X: education, ..."
                            if isinstance(text, str) and (named := title_name(text))), None)),
            ("heading", heading), ("leader", page_leader(ctx, members)),
            ("introduced", introduced_subject(document, skip)), ("bold", _bold_author(document, sections)),
            ("contact", named_by_contact(document, skip, publications)),
            ("opening", _first_person_named(document, skip | entries)),
            ("list_owner", (owner[0], (), owner[1]) if owner else None),
            ("titled", _most_titled(document, skip | publications)),
            ("advising", most_advising(members)), ("owned", owned_name(document, skip)),
            ("front", front_matter_person(document)), ("copyright", copyright_owner(document)),
            *(("named", found) for found in named_lines(document, skip | publications | entries | member_lines(members)))]


def extract(document: Document) -> Extraction:
    """The rules of :func:`kg.extract.extract`, in order (see the example above)."""
    ctx, document, skip, sections, members, stop = subject_inputs(document)
    registry = OrgRegistry(ctx)
    lines = document.lines

    # -- subject: the candidate the trained model scores highest --------------------------------------
    found = choose(document, subject_proposals(ctx, document, skip, sections, members, stop),
                   [(m.name, member_role(m)) for m in members])
    kind_of = {index: section.kind for section in sections for index in section.lines}
    if found:
        name, aliases, index = found
        if name.isupper() or any(w.isupper() and len(w) > 2 for w in name.split()):
            proper = " ".join(_title_word(w) if w.isupper() and len(w) > 1 else w for w in name.split())
            aliases = (*aliases, name)
            name = proper
        evidence = ctx.evidence(index) if index is not None else None
        subject_id = ctx.set_subject(name, aliases=aliases, evidence=evidence)
        for alias, _ in name_aliases(document, skip):
            if alias.lower() != name.lower():
                ctx.add_entity(ctx.entity(subject_id).name, "Person", aliases=[alias])
    else:
        subject_id = ctx.subject()
    subject_names = _names(ctx.entity(subject_id).name) if ctx.entity(subject_id).name != UNNAMED_SUBJECT else []

    # -- identifiers (outside references and publications) ---------------------------------------
    identifiers: dict[str, str] = {}
    for index, line in enumerate(lines):
        if kind_of.get(index) in ("references", "publications") or index in skip:
            continue
        for key, value in find_identifiers(line.text).items():
            identifiers.setdefault(key, value)
    identifiers |= {k: v for k, v in _meta_identifiers(document.metadata).items() if k not in identifiers}
    if identifiers:
        ctx.add_entity(ctx.entity(subject_id).name, "Person", identifiers=identifiers)

    # -- structured records ----------------------------------------------------------------------
    known = len(ctx.relations)
    read_structured(ctx, registry, subject_id, document)

    # -- sections --------------------------------------------------------------------------------
    publication_lines: list[int] = []
    prose_lines: list[tuple[int, str]] = []
    skill_lines: list[tuple[int, str]] = []  # a skills section's lines, read for the projects they name only
    # a record read by its fields (or as a list of people) is not read again as text, unless kg knew none of
    # its fields: then the lines it renders to ("2019 | Research Assistant | University X" under "# Jobs") say it;
    # a career section written as a list of strings ("- Postdoc, X, 2019") has no fields: its lines say it
    structured = document.data is not None and document.format in ("jsonresume", "yamlcv", "tomlcv") \
        and (len(ctx.relations) > known or bool(members))
    listed = member_lines(members)
    for section in sections:
        body = [i for i in section.lines if i not in skip and i not in listed]
        if structured and not (section.kind in _CV_KINDS and body and all(lines[i].text.startswith("- ") for i in body)):
            continue
        if section.kind == "publications" or section.kind in (None, "bio") and _quoted_titles(lines, body):
            publication_lines.extend(body)
            continue
        if section.kind in _CV_KINDS:
            extract_entries(ctx, registry, subject_id, body, section.kind,
                            projects=bool(_PROJECTS_HEADING.search(section.heading)))
        elif section.kind in (None, "bio", "service", "teaching"):
            # a paragraph that opens with another person's name is theirs (read as prose), not the subject's entry;
            # a teaching section's entry is a position when it names a role ("Lecturer, X"), not a course or workshop
            own = [i for i in body if not _opens_with_other(document, clean(lines[i].text), subject_names)
                   and (section.kind != "teaching" or role_text(clean(lines[i].text)))]
            extract_entries(ctx, registry, subject_id, own, "experience", strict=True,
                            header=section.kind is None and (stop is None or (section.heading_index or 0) < stop))
        if section.kind in ("projects", "experience", "bio", None):
            _project_items(ctx, subject_id, body, listed=section.kind == "projects")
        if section.kind == "grants":
            _grant_items(ctx, subject_id, body)
        elif section.kind == "references":
            reference_people(ctx, registry, body)
        if section.kind == "skills":
            # "Écriture d'un solveur nommé X", "Developed the R package X": what was built, under "Compétences"
            for i in body:  # each line its own passage: a list's items are no sentence
                skill_lines.extend(((i, clean(lines[i].text)), (i, "")))
        if section.kind not in _PROSE_SKIP:
            if prose_lines and section.heading_index is not None:
                prose_lines.append((section.heading_index, ""))
            for i in body:
                text = clean(lines[i].text)
                raw = lines[i].text.strip()
                if _EMPHASISED_LINE.match(raw) or raw.startswith("#"):
                    prose_lines.append((i, ""))  # an emphasised title line stands alone
                if section.kind in _CV_KINDS and len(text) < 100 and not _PERSONAL_PRONOUN.search(text):
                    prose_lines.append((i, ""))
                    continue
                prose_lines.append((i, text))
    prose = passages(prose_lines, numbers={i: lines[i].number for i, _ in prose_lines})
    read_prose(ctx, registry, subject_id, prose, subject_names)
    read_members(ctx, registry, subject_id, members)
    read_prose_students(ctx, registry, subject_id, prose)

    # -- projects: the subject's in prose, a listed person's in their entry, a repository's by the line linking it
    owner = ctx.entity(subject_id).name
    person_of = {index: subject_id if same_person(member.name, owner) else ctx.add_entity(member.name, "Person")
                 for member in members for index in range(member.first, member.last + 1)}
    skills = passages(skill_lines, numbers={i: lines[i].number for i, _ in skill_lines}) if skill_lines else []
    said = [(subject_id, passage) for passage in prose + skills] + [
        (person_of[index], Passage(text, index, index, ((0, index),))) for member in members for index, text in member.texts]
    for person, passage in said:
        for begin, end in sentence_spans(passage.text):
            sentence = passage.text[begin:end]
            mentions = project_mentions(sentence)
            span = find_date_range(sentence) if mentions else None
            for name, offset in mentions:
                start, end = (span.start, span.end) if span and span.start else (None, None)
                _contributed(ctx, person, name, passage.line_at(begin + offset), start, end)
    index_of = {}
    for index, line in enumerate(lines):
        index_of.setdefault(line.number, index)
    for link in document.metadata.get("links") or ():
        index = index_of.get(link["line"])
        name = repository_project(link["url"], link["text"], lines[index].text if index is not None else "")
        if name and index is not None and kind_of.get(index) not in ("publications", "references"):
            _contributed(ctx, person_of.get(index, subject_id), name, index)

    # -- titled people anywhere outside publications ---------------------------------------------
    for index, line in enumerate(lines):
        if kind_of.get(index) == "publications" or index in skip or "Prof" not in line.text and "Dr" not in line.text:
            continue
        for match in _TITLED.finditer(clean(line.text)):
            name = clean_person(match.group("name"))
            if name:
                ctx.add_entity(name, "Person", evidence=ctx.evidence(index))

    # -- venues named outside publication lists ---------------------------------------------------
    for section, index in ((s, i) for s in sections for i in s.lines if i not in skip and clean(lines[i].text)):
        text = clean(lines[index].text)
        talk = talk_venue(text) if section.kind == "talks" else None  # "Invited talk, X Workshop": where it was given
        for name, written in venue_mentions(text, lines[index].text) + ([(talk, talk)] if talk else []):
            ctx.add_entity(name, "Venue", aliases=[written] if written != name else [], evidence=ctx.evidence(index))

    # -- publications ----------------------------------------------------------------------------
    if publication_lines:
        add_publications(ctx, publication_lines, subject_id)

    registry.link_by_prefix()
    return ctx.build()


def _quoted_titles(lines, body: list[int]) -> bool:
    """Whether a section of no known kind lists papers by their quoted titles (an economist's "Research":
    ``- “Title” with A. Author``): two items or more, most of its items.

    >>> from kg.model import Line
    >>> lines = [Line(1, "- “A Paper on Trade” with B. Lee"), Line(2, "- “Another Paper”"), Line(3, "- Trade, labour")]
    >>> _quoted_titles(lines, [0, 1, 2]), _quoted_titles(lines, [0, 2])
    (True, False)
    """
    items = [i for i in body if is_bullet(lines[i].text)]
    quoted = sum(1 for i in items if _QUOTED_ITEM.match(lines[i].text))
    return quoted >= 2 and 2 * quoted > len(items)


def _opens_with_other(document: Document, text: str, names: list[str]) -> bool:
    """Whether a line of prose opens with a person other than the subject ("Rui Pinto earned his PhD ...")."""
    if len(text) < 40 or not names:
        return False
    head = text[: 200]
    other = _opening_person(head, names) or family_opening(document, head, names)
    return bool(other) and not any(n in other.split() for n in names)


def _first_person_named(document: Document, skip) -> tuple[str, tuple[str, ...], int] | None:
    """The person the first sentence about somebody opens with ("Élodie Marchand, docteure de X, reçoit ..."):
    the subject of a news item or a bio whose headings name nobody (a record's lines are its fields, no sentences)."""
    previous = ""
    bold = document.metadata.get("bold") or ()
    for index, line in enumerate(document.lines[:80] if document.data is None else ()):
        text = clean(line.text) if index not in skip and not line.text.lstrip().startswith("#") else ""
        # a line the sentence above runs on to ("... works on" then "Labour Economics, with ...") opens no sentence
        runs_on, previous = bool(_SHORT_LAST_WORD.search(previous)), clean(line.text)
        for begin, end in sentence_spans(text) if len(text) > 40 else ():
            name = None if begin == 0 and runs_on else _opening_person(text[begin:end], []) or family_opening(document, text[begin:end], [])
            if name:
                return name, (), index
            # the bio's first sentence sets its subject in bold, wherever it stands ("Passionate about X, **Ana Ruiz** works on");
            # one in the first person is the writer's, its bold names others ("With **Hugo Barral**, I study ...")
            first = min(((at, phrase) for phrase in bold if (at := text.find(phrase, begin, end)) >= 0), default=None)
            if first and clean_person(first[1]) == first[1] and not ADVISOR_TRIGGER.search(text[begin:first[0]]) \
                    and not _FIRST_PERSON.search(text[begin:end]):
                return first[1], (), index
            bold = ()
    return None


def _most_titled(document: Document, skip) -> tuple[str, tuple[str, ...], int] | None:
    """The one person a page names with an academic title three times or more, more often than anybody else
    ("Professor Ana Ruiz, Keynote Talk" in a lab page's news): the head of a page whose headings name nobody;
    not the advisor of the page's writer ("advised by Prof. Ana Ruiz" on a student's page)."""
    counts: Counter = Counter()
    where: dict[str, int] = {}
    advisors = set()
    for index, line in enumerate(document.lines):
        if index in skip or len(line.text) >= 400:  # a news item or a list's entry, not a long paragraph
            continue
        text = clean(line.text)
        for match in _TITLED.finditer(text):
            if name := clean_person(match.group("name")):
                counts[name] += 1
                where.setdefault(name, index)
                if ADVISOR_TRIGGER.search(text[max(0, match.start() - 30): match.start()]):
                    advisors.add(name)
    (name, count), *others = counts.most_common(2) or [("", 0)]
    return (name, (), where[name]) if count >= 3 and name not in advisors and not (others and others[0][1] == count) else None


def _bold_author(document: Document, sections) -> tuple[str, tuple[str, ...], int] | None:
    """The author highlighted in bold in most publication entries, with the fullest
    spelling of that name found in the document (an unnamed homepage's owner)."""
    counts: Counter = Counter()
    where: dict[str, int] = {}
    pub = {i for s in sections if s.kind == "publications" for i in s.lines}
    # Markdown, HTML and LaTeX lose their bold on ingest, which lists the bold phrases apart
    recorded = {phrase: name for phrase in dict.fromkeys(document.metadata.get("bold") or ())
                if (name := _author_name(phrase))}
    for index in sorted(pub):
        text = document.lines[index].text
        bold = (_author_name(next(g for g in match.groups() if g)) for match in _BOLD_PHRASE.finditer(text))
        for name in [*bold, *(name for phrase, name in recorded.items() if phrase in text)]:
            if name:
                counts[name] += 1
                where.setdefault(name, index)
    name, count = counts.most_common(1)[0] if counts else ("", 0)
    if count < 2:
        return None
    full = next((m.group(0) for line in document.lines for m in _CAPITALISED_NAME.finditer(clean(line.text))
                 if same_person(name, m.group(0))), None)
    return (full, (name,), where[name]) if full else (name, (), where[name])


def _author_name(text: str) -> str | None:
    """One author's name as written in a citation, turned first-name-first ("Okafor, C. N." -> "C. N. Okafor")."""
    name = clean_person(text)
    if name and "," in name:
        parsed = parse_author_list(text)
        return parsed[0][0] if parsed and len(parsed[0]) == 1 else None
    return name


def _contributed(ctx, person: str, name: str, index: int, start: str | None = None, end: str | None = None) -> None:
    """``person`` contributed to the project ``name`` (in the years given), as line ``index`` says."""
    pid = ctx.add_entity(name, "Project", evidence=ctx.evidence(index))
    ctx.add_relation(person, "contributedTo", pid, start=start, end=end, evidence=ctx.evidence(index))


def _project_items(ctx, subject_id: str, indexes: list[int], listed: bool) -> None:
    """The projects list items name (:func:`~kg.extract.projects.item_project`), the subject's, in the years
    the line gives."""
    for index in indexes:
        if not listed and {"role", "org"} <= {cell.meaning for cell in ctx.document.lines[index].cells}:
            continue  # a class entry's "Sommerpraktikum | Acme" outside a projects section: a job title, no project
        found = item_project(ctx.document.lines[index].text, listed)
        if found and not ctx.find(found[0], "Organization"):  # "Acme Cloud. 2017-2018": a unit named as an employer
            _contributed(ctx, subject_id, found[0], index, *found[1:])


def _grant_items(ctx, subject_id: str, indexes: list[int]) -> None:
    """The funded projects of a Grants section, each named by its acronym: the subject contributed to them
    in the years the line gives."""
    for index in indexes:
        text = clean(ctx.document.lines[index].text)
        name = grant_project(text)
        if name:
            dates = find_date_range(text)
            _contributed(ctx, subject_id, name, index, dates.start if dates else None, dates.end if dates else None)


def _title_word(word: str) -> str:
    """"NDLOVU-HARTMANN" -> "Ndlovu-Hartmann", "O'BRIEN" -> "O'Brien": each part of a joined name."""
    return _LETTER_RUN.sub(lambda m: m.group(0).capitalize(), word)


def _names(name: str) -> list[str]:
    parts = name.split()
    return [name, *[p for p in parts if len(p) > 2]]


def _meta_identifiers(meta) -> dict[str, str]:
    """The identifiers of a metadata record: its e-mail, and those its social, links and profiles lists hold."""
    email = meta.get("email")
    out = {"email": email.strip()} if isinstance(email, str) and "@" in email else {}
    listed = [value for key in ("social", "links", "profiles") if isinstance(meta.get(key), list)
              for item in meta[key] if isinstance(item, dict) for value in item.values() if isinstance(value, str)]
    for value in listed:
        for k, v in find_identifiers(value.replace("mailto:", "")).items():
            out.setdefault(k, v)
    return out
