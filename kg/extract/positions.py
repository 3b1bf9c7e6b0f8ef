"""CV entries (positions, education) and the people attached to them (advisors, mentors, references).

An entry starts at a line naming an organisation and collects the following lines'
role, degree, dates and advisors until the next organisation line.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field as dc_field

from kg.extract.dates import OPENING_WORD_BEFORE, DateRange, OPEN_END_ABROAD, find_date_range, find_dates
from kg.extract.gazetteer import CaselessPattern, data_patterns, data_words, lookup_organization, word_groups
from kg.extract.orgs import (AT_ABROAD, ROLES, OrgMention, OrgRegistry, classify_segment, find_orgs_in_text, is_location, is_role,
                             field_series, org_chain, segments)
from kg.extract.people import PersonMention, clean_person, split_people
from kg.extract.projects import _project_shape, looks_like_project
from kg.extract.text import CJK_CHAR, COLUMN_GAP, clean, is_bullet
from kg.extract.vocab import degree_of, field_of

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow); their
# vocabularies are the kinds of ``data/entry_patterns.tsv``.
_WORDS = data_patterns("entry_patterns.tsv")
#: Where a person's note parts: a comma or semicolon, not the comma before a company's legal form ("X, Inc.").
_NOTE_PARTS = re.compile(r"\s*(?:;|,(?!\s*(?:Inc|Ltd|LLC|LLP|GmbH|Corp|PLC|plc)\b))\s*")
_NOW_OPENING = re.compile(r"^(?:now|currently|today)\s+", re.I)
#: "director at X", "VP@X", "investigadora en la X": a role, the word for "at" in the languages of the
#: vocabularies, an article, the organisation
_ROLE_AT_ORG = re.compile(rf"^(?P<role>[^@]{{0,60}}?)\s*(?:@|\b(?:{_WORDS['role_at']})(?:\b|(?<=['’])))\s*"
                          r"(?:(?:the|la|el|le|der|die|das|il|lo|a|o)\s+)?(?P<org>.+)$")
_PARENTHESES = re.compile(r"\s*[(（][^()（）]*[)）]")
_EMPTY_PARENTHESES = re.compile(r"\s*[(（]\s*[)）]")  # what a role's dates leave: "Postdoc (2012–2016)"
_ACRONYM = re.compile(r"[A-Z][A-Za-z&-]{1,7}")
#: A name that can only be an employer's where the text says where a person works now ("Equinor", "삼성전자", "3M"); a
#: year has no letter ("(Harlow Institute, 2019)": no employer "2019").
_PROPER_NAME = re.compile(r"^(?=.*[^\W\d_])(?:[A-Z0-9][\w&.-]*(?:\s+[\w&.-]+){0,4}|[A-Z]*[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]\w{1,15})$")
#: The words of an open or bounded date range, in the languages of :mod:`kg.extract.dates`.
_DATE_RANGE_WORDS = re.compile(rf"\b(?:{_WORDS['date_range_word']})\b|[–—]", re.I)
# "Research Assistant to Prof. A. Bello": the role ends before the professor it served
_ROLE_END = re.compile(rf"\s+(?:at|@|in the|at the|on the|{AT_ABROAD})\s+|\s+(?:to|for)\s+(?=(?:Prof|Professor|Dr)\.?\s)")
#: a sentence in an entry ("I was a postdoctoral researcher at X", "Oskar Brandt est professeur à X", "ist Ana Roth
#: Professorin an X"): the role is what follows the person and the verb
_NAME_WORDS = r"(?:[A-ZÀ-Þ][^\W\d_]*[.'-]?\s+){1,3}"
_SUBJECT_VERB_ROLE = re.compile(
    rf"^(?:(?:(?i:I|he|she|they)\s+|{_NAME_WORDS})(?i:am|was|is|were|have been|has been|worked as|served as|est|était|"
    rf"ist|war|è|era|es|fue|é|foi)\s+|(?:ist|war)\s+{_NAME_WORDS}(?=[A-ZÀ-Þ]))(?i:(?:an?|the|une?|ein|eine|una?|uma?)\s+)?")
# the lookahead (every match starts with * or _) lets the engine skip to those characters
_EMPHASIS_MARK = re.compile(r"(?=[*_])(?:\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*]))")
_NEXT_LABELLED_PART = re.compile(r";\s*(?=[^;]*:)")
_LABEL_PREFIX = re.compile(r"^[^:]{0,30}:\s*")
#: Where the next field's label opens ("Directeur : A. Titre : X", "Voto finale : 110", a PDF's "Direttori: A e B Commissione : C"): the
#: names before it end there.
_NEXT_FIELD = re.compile(r"(?<=[^\W\d_]{2})\.?\s+(?=[A-Z][^\W\d_]{1,30}(?:\s[a-zà-ÿ]{2,20})?\s?:\s)")
# a label ("Research Areas: ..."), not a date ("Since 2021: Lecturer, ...", "Depuis 2021 : ...")
_LABEL_LINE = re.compile(r"^[A-Z](?:[^\W\d]| |\((?:[^\W\d]){1,3}\)){2,30}:\s")  # "Bolsista do(a): X" too
#: A labelled line naming the employer, school or unit ("Employer: X", "Entidad empleadora: X", "Arbeitgeber: X").
_EMPLOYER_LABEL = re.compile(rf"^(?:{_WORDS['employer_label']})\s*(?::|\s\|)\s*", re.I)
#: A labelled line of dates ("Fecha de inicio: 01/09/2016", "Zeitraum: 2015 - 2019", "Date (da – a)    2015 - 2019").
_DATE_LABEL = re.compile(r"^(?:fechas?|dates?|datum|datas?|période|periodo|período|zeitraum|duration|duración)\b[^:|]{0,25}(?::|\s\|)", re.I)
#: A labelled line stating the role ("Position: X", "Categoría profesional: Profesor Titular de Universidad"): its
#: value is the job title whatever words it holds.
_ROLE_LABEL = re.compile(rf"^(?:{_WORDS['role_label']})\s*:\s*", re.I)
#: A Europass record's role or qualification label: the line is its value alone.
_RECORD_LABEL = re.compile(rf"^(?:{_WORDS['record_label']})\s*:\s*", re.I)
#: A date label that names the start ("Fecha de inicio", "Start date", "Beginn"): a lone date there is a start.
_START_LABEL = re.compile(r"inicio|start|beginn|début|início|inizio", re.I)
_PROJECT_HINT = re.compile(r"github\.com|gitlab\.com|\bproje[ck]?t\b", re.I)
_PROJECT_NAME_END = re.compile(r"\s*(?:\||:|\s[-–—]\s|https?://|\(|,)\s*")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\S*@\S*")
_LETTER = re.compile(r"[^\W\d_]")
_ROLE_JOINED = re.compile(r"\b(?:of|at|in|with|for|within|on)(?:\s+the)?$", re.I)
#: Job titles that make an entry in an education section a job (a teaching or research assistantship).
#: A job's title; whole words for the ones a field or a word of another sense holds ("Engineering", "International").
_JOB_TITLE = re.compile(r"assistant|\bengineers?\b|lecturer|professor|researcher|scientist|\bintern(?:s|ship)?\b|fellow|postdoc", re.I)
_AT_WORD = re.compile(r"\bat\b")
#: The break between a degree and where it is held ("PhD in Physics, ETH", "MSc at X", "MA | Y").
_DEGREE_THEN_ORG = re.compile(r"(?:[,|@–—]|\s-|\b(?:at|from|of)\b)\s*(?:the\s+)?$", re.I)
#: How far into a document its header (name, current position, contact) reaches.
HEADER_LINES = 12
_PEOPLE_END = re.compile(r"\s*(?:[,;|()\]]|\s[-–—]\s|\s(?:at|in|from|since)\s)")
#: The names inside a bracket up to its closing bracket, a note in brackets of their own included.
_BRACKETED_LIST = re.compile(r"(?:[^()\[\]]|[(\[][^()\[\]]*[)\]])*(?=[)\]])")

__all__ = ["Entry", "extract_entries", "ADVISOR_TRIGGER", "add_people_with_notes", "parse_note", "TRIGGER_HINT"]

#: Phrases that introduce advisors, supervisors or mentors, and the predicate they give.
#: A label ("Advisor:", optionally "PhD co-advisor of the thesis:", "2nd supervisor:"; "Betreuer Prof. Dr. A": a PDF's table
#: cell lost its colon, the title says a person follows), or a phrase ("supervised by").
ADVISOR_TRIGGER = CaselessPattern(
    rf"(?P<trigger>(?:(?<![\w.])(?:{_WORDS['advisor_rank']})\s*)?(?:research\s+|phd\s+|doctoral\s+|thesis\s+|internship\s+|postdoc(?:toral)?\s+)?(?:co-?)?"
    rf"(?:{_WORDS['advisor_label']})(?:\s+of\s+(?:the\s+)?(?:thesis|dissertation))?(?:\s*[:：]|\s+(?=(?-i:Prof|Dr)\.?\s))"
    rf"|{_WORDS['advisor_phrase']})")
#: A rank alone as a label ("2nd: Dr. B" under "1st supervisor: Prof. A"): the next advisor of an entry that names one
#: already; elsewhere it ranks a prize ("2nd: Dr. X Prize for the best thesis").
_RANK_ALONE = CaselessPattern(rf"(?P<trigger>^(?:{_WORDS['advisor_rank']})\s*[:：]\s*(?=(?-i:Prof|Dr)\.?\s))")

#: Full-width punctuation of Chinese and Japanese CVs, as the separators the entry rules read.
_FULL_WIDTH = str.maketrans({"，": ", ", "、": ", ", "；": "; ", "：": ": ", "（": " (", "）": ") ", "｜": " | "})
#: A slash between two CJK names ("实验室/大学"): two organisations.
_CJK_SLASH = re.compile(r"(?<=[\u3400-\u9fff])\s*/\s*|\s*/\s*(?=[\u3400-\u9fff])")
#: A referee's relation to the owner that makes them the owner's advisor.
_SUPERVISOR_NOTE = re.compile(rf"\b(?:{_WORDS['supervisor_note']})\b", re.I)
#: The triggers naming who heads the entry's group ("PI:", "group leader:").
_GROUP_HEAD = re.compile(r"(?:pi|principal\s+investigator|lab\s+head|group\s+leader)\b", re.I)
#: "Postdoc with A. Person": a role joined to the person who hosted it.
ROLE_WITH = re.compile(r"postdoc\w*(?:\s+\w+){0,2}\s+with", re.IGNORECASE)
_AS_POSTDOC = re.compile(r"^[^,;:]{0,60}?\bas\s+an?\s+postdoc", re.IGNORECASE)
#: A postdoc named ("Postdoctoral Fellow", "post-doc").
POSTDOC = re.compile(r"\bpost-?doc", re.IGNORECASE)
#: A student's position; "graduate" as a role ("Graduate Research Assistant"), not a school's name ("Graduate School of X").
_STUDENT = re.compile(r"\b(?:ph\.?d|doctoral|doctorate|student|thesis|dissertation|master"
                      r"|(?:under)?graduates?\b(?!\s+(?:school|universit|institute|college|cent(?:er|re))))", re.IGNORECASE)


#: A title or honorific written after a name in a Chinese or Japanese text ("石黒 誠一 教授", "周明远老师", "森下一郎氏",
#: "Ana Ruiz教授", "北野正博名誉教授・K. Lind准教授"), not part of the name.
_CJK_TITLE_AFTER = re.compile(r"(?<=[\u3400-\u9fffA-Za-z.])\s*(?:(?:名誉|特任|客員)?教授|准教授|副教授|助教|講師|讲师|研究员|研究員|先生|老师|老師|博士|氏)"
                              r"(?=\s*(?:[,;()（）・]|$))")

#: Five Han characters standing alone in a list, none that ends a unit's name or a title ("理学研究科", "客員研究員", "杨振华院士").
_FIVE_HAN_NAME = re.compile(r"(?<![\u3400-\u9fff\w])[\u3400-\u9fff]{5}(?![\u3400-\u9fff\w])(?<![学院部科所室館局課会社系員员生者授師师長长士])")

#: A person named first after a trigger, with or without a title ("... working with Dr. A. Bello", "with Ana Ruiz").
_PERSON_OPENING = re.compile(r"^\s*(?P<title>(?:Prof(?:essor)?|Dr|Dra)s?\.?\s+)?(?P<name>[A-ZÀ-Ý][\w'’.-]*(?:\s+[A-ZÀ-Ý][\w'’-]*)+)")

#: A professor or doctor written as a field of an entry's line ("Postdoctoral Researcher, Prof. A. Bello (2008 - 2011)",
#: "Graduate Research Assistant, Profs. A and B"): who hosted or advised the position; never a possessive ("Prof. X's course").
_TITLED_PEOPLE_FIELD = re.compile(r"(?:^|[,;(|]|\s[-–—])\s*(?![^,;()|]*['’]s\b)(?P<people>(?:Profs?|Professors?|Drs?)\.?\s+[A-Z][^,;()|]{0,80}?)"
                                  r"(?=\s*(?:[,;()|]|\s[-–—]\s|\.?$))")

#: The words that call a person an advisor or supervisor (or a committee member) whatever the position.
_ADVISOR_WORD = re.compile(r"advis|supervis|committee", re.I)

#: A cheap test run before :data:`ADVISOR_TRIGGER`.
TRIGGER_HINT = CaselessPattern(_WORDS["trigger_hint"])


def trigger_predicate(trigger: str, before: str = "", after: str = "", studying: bool = False) -> str | None:
    """advisedBy / mentoredBy / None (a collaborator) for a trigger phrase, with the text
    ``before`` and ``after`` it for the triggers whose sense depends on the position, and
    ``studying`` when it stands in an education entry.

    A postdoc is a job, so whoever hosts one is a mentor, not an advisor.

    >>> trigger_predicate("worked with", "Before that she ", " Dr. A. Bello as a postdoc at X")
    'mentoredBy'
    >>> trigger_predicate("in the lab of", "He did his PhD "), trigger_predicate("collaborated with")
    ('advisedBy', None)
    >>> trigger_predicate("working with", "I am currently ", " Dr. A. Bello on X", studying=True)
    'advisedBy'
    >>> trigger_predicate("working with", "I got my Ph.D. at X, ", " Ana Ruiz."), trigger_predicate("working with", "I ", " Ana Ruiz.")
    ('advisedBy', None)
    >>> trigger_predicate("working with", "I got my Ph.D. at X, ", " Kelso Robotics on drones.")
    >>> trigger_predicate("under ", "Coordinated the trial "), trigger_predicate("under ", "PhD student ")
    ('mentoredBy', 'advisedBy')
    """
    t = trigger.lower()
    if any(word in t for word in ("mentor", "host", "postdoc", "受入", "受け入れ")):  # 受入教員: the host
        return "mentoredBy"
    if "collaborat" in t:
        return None
    if "work" in t or t.startswith("in the"):
        if POSTDOC.search(before[-40:]) or _AS_POSTDOC.search(after):
            return "mentoredBy"
        if (studying or _STUDENT.search(before)) and (
                t.startswith("in the") or (opening := _PERSON_OPENING.match(after)) and (
                    opening.group("title") or not classify_segment(opening.group("name"), context_org=True))):
            return "advisedBy"  # a student "in the X group", "working with Dr. A" or "with Ana Ruiz" (not "with Acme Robotics")
        return None
    if t.startswith(("pi", "principal", "lab head", "group leader")) or t.strip() == "under":  # "RA under Dr. A"
        return "advisedBy" if studying or _STUDENT.search(before) else "mentoredBy"
    if POSTDOC.search(before) and not studying and not _STUDENT.search(t) and not _ADVISOR_WORD.search(t):
        return "mentoredBy"  # "Postdoc, X (dir. A)": the host of a job; "Postdoc (supervisor: A)" names an advisor
    return "advisedBy"


@dataclass
class Entry:
    """One CV entry being read."""

    first: int
    last: int
    chain: list[OrgMention]
    units: list[list[OrgMention]] = dc_field(default_factory=list)
    role: str | None = None
    degree: str | None = None
    field: str | None = None
    start: str | None = None
    end: str | None = None
    advisors: list[tuple[str, str | None, int, str]] = dc_field(default_factory=list)
    project: str | None = None
    place: str | None = None


#: An image's alt text left as a line ("Acme Logo"), beside the line naming the organisation.
_ALT_LOGO = re.compile(r"\s(?:logo|logotipo|logotype)$", re.I)


def describes_work(text: str) -> bool:
    """Whether a line opens with an action word, or a label of duties, so it says what someone did, not where.

    >>> describes_work("Developed a fuzzer with Acme Labs"), describes_work("Research Intern, Acme Labs")
    (True, False)
    >>> describes_work("zentrale Aufgaben: Lehre; Mitarbeit am Lehrstuhl für Geodäsie"), describes_work("Cargo: Assessor")
    (True, False)
    """
    words = data_words("action_verbs.txt")
    first = text.split(maxsplit=1)[0].lower().strip(",.:;") if text.strip() else ""
    label = text.split(":", 1)[0].split() if ":" in text[:40] else []
    return first in words or 0 < len(label) <= 3 and label[-1].lower() in words


def parse_note(note: str) -> list[tuple[str | None, str, bool]]:
    """``(role, organisation text, ongoing)`` pieces of a person's note such as
    ``"VP@Acme, now CEO@Zeta Ltd"`` or ``"director at X"`` or ``"UL"``; a role standing alone
    belongs to the organisation after it ("Assist. Prof., Univ. of X").

    >>> parse_note("Director@Cloud Group, Nokia")
    [('Director', 'Cloud Group', False), (None, 'Nokia', False)]
    >>> parse_note("VP@Acme, now CEO@Zeta Ltd")
    [('VP', 'Acme', False), ('CEO', 'Zeta Ltd', True)]
    >>> parse_note("Postdoc, Valdar lab"), parse_note("investigadora en la Universidad de Leon")
    ([('Postdoc', 'Valdar lab', False)], [('investigadora', 'Universidad de Leon', False)])
    >>> parse_note("Analyst, Brisk Analytics, Inc. (BA)")
    [('Analyst', 'Brisk Analytics, Inc. (BA)', False)]
    """
    out = []
    ongoing = False
    pending_role = None
    for part in _NOTE_PARTS.split(note):
        part = part.strip()
        m = _NOW_OPENING.match(part)
        if m:
            ongoing, part = True, part[m.end():]
        if not part or part.lower() in ("link", "pdf", "homepage", "website", "web"):
            continue
        at = _ROLE_AT_ORG.match(part)
        if at and (not at.group("role") or is_role(at.group("role"))):  # "at X" after "now"
            out.append((at.group("role").strip() or pending_role, at.group("org").strip(), ongoing))
        elif (split := _role_before_org(part) if pending_role is None else (None, part))[0]:
            out.append((*split, ongoing))
        elif is_role(part) and not degree_of(part):
            pending_role = part
            continue
        else:
            out.append((pending_role, part, ongoing))
        pending_role = None
    return out


def _role_before_org(part: str) -> tuple[str | None, str]:
    """A job title written straight before its organisation, with no "at" or comma ("Assistant Professor North
    Vire College", a table's Current Position cell): ``(role, organisation)``, else ``(None, part)``.

    >>> _role_before_org("Assistant Professor Harrow State U"), _role_before_org("Research Institute of Vire")
    (('Assistant Professor', 'Harrow State U'), (None, 'Research Institute of Vire'))
    """
    words = part.split()
    for cut in range(min(len(words) - 1, 4), 0, -1):  # the longest title first ("Senior Research Scientist X")
        role, org = " ".join(words[:cut]), " ".join(words[cut:])
        if words[cut - 1].lower() in ROLES and words[cut][:1].isupper() and is_role(role) \
                and classify_segment(org, context_org=True) is not None:
            return role, org
    return None, part


def add_people_with_notes(ctx, registry: OrgRegistry, subject_id: str, text: str, predicate: str | None, evidence) -> list[str]:
    """Add each person of ``text`` (a list after a trigger) with ``predicate`` from the
    subject, and the affiliations written in their parenthetical notes."""
    ids = []
    if not text.isascii():
        text = _CJK_TITLE_AFTER.sub("", text)
    # after a trigger, five Han characters are a Japanese name with a three-character given name ("吉田健太郎")
    five = [PersonMention(m.group(), None, 0, 0) for m in _FIVE_HAN_NAME.finditer(_PARENTHESES.sub("", text))]
    for person in split_people(text) + five:
        pid = ctx.add_entity(person.name, "Person", evidence=evidence)
        ids.append(pid)
        if predicate:
            ctx.add_relation(subject_id, predicate, pid, evidence=evidence)
        if person.note:
            add_affiliation_note(ctx, registry, pid, person.note, evidence)
    return ids


def add_affiliation_note(ctx, registry: OrgRegistry, person_id: str, note: str, evidence, *,
                         current: bool = False, predicate: str = "workedAt", guess: bool = True) -> None:
    """``Kenji Mori (director at Nokia Bell Labs)``, an alumnus "now a postdoc at X": the person works
    (or, with ``predicate="studiedAt"``, studies) at the organisations the note names. ``current``
    says the note tells where the person is now: the relation is open-ended, and a proper name
    standing alone there is taken for an employer (a school has a word that says so), unless not
    ``guess``: a note that may say something else ("(Retired)") names one by its words or a role's."""
    previous = None
    for role, org_text, ongoing in parse_note(note):
        bare = _PARENTHESES.sub("", org_text).strip()  # "UMD (Patro)": the group leader's name aside
        at = find_orgs_in_text(bare)[-1:] if " at " in bare else []  # "(Professor of) Mathematics at X College": X College
        # a short capitalised word is an employer's name; not guessing, only with capitals inside ("(HPE)", not "(Retired)")
        acronym = bool(_ACRONYM.fullmatch(bare)) and (guess or sum(c.isupper() for c in bare) > 1)
        mention = at[0] if at else classify_segment(bare, context_org=bool(role) or acronym)
        if mention is None and (role or current and guess) and predicate == "workedAt" and _PROPER_NAME.match(bare) \
                and not is_location(bare) and not is_role(bare):
            mention = OrgMention(bare, bare, "Company", False)  # employers bear people's names too ("Eli Lilly")
        if mention is None:
            previous = None
            continue
        if role is None and previous is not None:
            parent = registry.add(mention, evidence)
            registry.part_of(previous, parent, evidence)
            previous = None
            continue
        oid = registry.add(mention, evidence)
        ctx.add_relation(person_id, predicate, oid, role=role if predicate == "workedAt" else None,
                         end="present" if ongoing or current else None, evidence=evidence)
        previous = oid if role else None


def role_text(text: str) -> str | None:
    for _, begin, end in reversed(find_dates(text)):
        text = text[:begin] + "," + text[end:]
    text = _DATE_RANGE_WORDS.sub(",", text)
    for seg, _ in segments(text):
        seg = seg.strip(" *.")
        sub = _ROLE_END.split(seg, maxsplit=1)
        head = sub[0].strip()
        head = _SUBJECT_VERB_ROLE.sub("", head)
        if head and is_role(head) and len(head) <= 80 and not degree_of(head):
            return head
    return None


#: An open end of a date range in another language ("2018 - Atual"): no organisation's name.
_OPEN_END_WORD = re.compile(rf"(?<!\w)(?:{OPEN_END_ABROAD})(?!\w)", re.I)


#: A copyright notice ("© 2024 X", "Copyright 2023 X").
_COPYRIGHT = re.compile(r"^(?:©|\(c\)\s|copyright\b)", re.I)


def _place(text: str) -> bool:
    """Whether a text is only a place: a town and the country or region a known place name ends it with.

    >>> _place(" · Harwick, UK"), _place("Vellmark, Norway"), _place("Tarrant University, UK")
    (True, True, False)
    """
    pieces = [p.strip() for p in text.strip(" ·|,;–—-").split(",")]
    return len(pieces) >= 2 and is_location(pieces[-1]) and all(
        p[:1].isupper() and len(p.split()) <= 3 and not classify_segment(p, context_org=False) for p in pieces)


def _dated_opening(text: str) -> bool:
    """Whether a line opens with its dates, then a colon, bar, comma or a role and its comma: an entry, however long.

    >>> _dated_opening("2019 - 2021: Postdoc, X"), _dated_opening("Depuis 2024 Postdoctorante, X, Chaire Y")
    (True, True)
    >>> _dated_opening("In 2019 she joined X, where"), _dated_opening("Desde 2018, María es profesora en X")
    (False, False)
    >>> _dated_opening("(08/2014 – presente) Acme S. A., desarrollador web. Lider técnico en proyecto X")  # in brackets
    True
    """
    span = find_date_range(text[:40])
    since = OPENING_WORD_BEFORE.search(text, 0, span.begin) if span else None
    # "Desde 2018, María es ...": a sentence opens with its since-word and a comma; an entry's label has a colon
    head = text[span.stop:].lstrip() if span else ""
    if span is not None and text[: span.begin].strip() in ("(", "[") and head[:1] in (")", "]"):
        return True
    if span is None or head[:1] not in ((":", "|") if since else (":", "|", ",")) and not is_role(head.split(",")[0]):
        return False
    return not text[: since.start() if since else span.begin].strip()


def _chain_text(raw: str) -> str:
    """The line with emphasis markers, full stops and labels between fields turned into segment breaks
    ("**Org** Place", "PhD, Physics. University of X. 2015", "PhD (2015) X University Thesis: Y") and open ends
    of dates left out."""
    text = _EMPHASIS_MARK.sub(" | ", raw)
    if _DATE_RANGE_WORDS.search(text) or not text.isascii():
        text = _OPEN_END_WORD.sub(" | ", text)
    if ". " in text:
        text = _FIELD_STOP.sub(_field_break, text)
    return clean(_LABEL_INSIDE.sub(" | ", text))


#: A thesis's label that opens a field inside the line ("X Institute of Technology Thesis: Y"); not any
#: capitalised word before a colon ("Y University: Ankara" names a place).
_LABEL_INSIDE = re.compile(r"(?<=\w)\s+(?=(?:Thesis|Th[eè]se|Dissertation|Title|Topic):\s)")


#: A word and full stop before a capital: the end of an entry's field, unless the word is abbreviated.
_FIELD_STOP = re.compile(r"(?P<word>\b\w+|\))\.\s+(?=[A-Z])")
_ABBREVIATED = data_words("entry_abbreviations.txt")


def _field_break(match: re.Match) -> str:
    """" | " for a full stop after a whole lower-case word or a parenthesis ("Physics. University"),
    the text unchanged after an initial or an abbreviation ("A. Bello", "Dept. Physics")."""
    word = match.group("word")
    whole = match.group(0)
    if word == ")" or (len(word) >= 3 and word[-1].islower() and word.lower() not in _ABBREVIATED):
        return word + " | "
    return whole


_SPACES_BEFORE_CAPITAL = re.compile(r"\s+(?=[A-ZÀ-Þ])")
_AFTER_WORD = re.compile(r"(?<=[\w-])")


def _bold_ends(text: str, phrases: tuple[str, ...]) -> str:
    """``text`` with " | " for the spaces after a bold phrase that ends a field, before a capitalised word; at each
    place the first of ``phrases`` that does (no pattern compiled per line: a line's bold phrases are its own).

    >>> _bold_ends("Acme Lab Senior Engineer at Acme Labs, Boston", ("Acme Labs", "Acme Lab"))
    'Acme Lab | Senior Engineer at Acme Labs, Boston'
    """
    out, done, start = [], 0, 0
    while (at := min((i for p in phrases if (i := text.find(p, start)) >= 0), default=-1)) >= 0:
        start = at + 1
        if _AFTER_WORD.match(text, at):
            continue
        for p in phrases:
            if text.startswith(p, at) and (spaces := _SPACES_BEFORE_CAPITAL.match(text, at + len(p))):
                out += (text[done:at], p, " | ")
                done = start = spaces.end()
                break
    return "".join(out) + text[done:] if out else text


def extract_entries(ctx, registry: OrgRegistry, subject_id: str, indexes: list[int], kind: str,
                    strict: bool = False, projects: bool = False, header: bool = False) -> list[Entry]:
    """Read the entries of one experience/education section and add their relations.

    ``strict`` (sections that are not CV sections) keeps only entries whose first line
    names both an organisation and a date range. ``header`` says the lines open the
    document, under its owner's name, where "Reader in Economics, University of Kent"
    states the current position without dates.
    """
    lines = ctx.document.lines
    entries: list[Entry] = []
    current: Entry | None = None
    inline: dict[int, list[tuple[str, str, int, str]]] = {}
    pending_role: tuple[int, str] | None = None  # a role on its own line, above its employer's line
    previous = -1
    pending_dates: tuple[int, DateRange] | None = None  # a line of dates alone, above the position
    pending_degree: tuple[int, str, str | None] | None = None  # a degree on its own line, above its school's line
    pending_through = -1  # the last line of the pending block (dates, then a degree: "2012 - 2016" / "Doutorado em X")
    school_below = -1  # a class entry's line that names no organisation: its description names it
    bold = sorted((p for p in ctx.document.metadata.get("bold", ()) if len(p) >= 4), key=len, reverse=True)
    for index in indexes:
        if pending_role is not None and pending_role[0] != previous:
            pending_role = None
        if pending_dates is not None and previous not in (pending_dates[0], pending_through):
            pending_dates = None
        if pending_degree is not None and pending_degree[0] != previous:
            pending_degree = None
        prior, previous = previous, index
        present = tuple(p for p in bold if p in lines[index].text)  # a pattern for the bold phrases the line holds
        raw = COLUMN_GAP.sub(" | ", _bold_ends(lines[index].text, present) if present else lines[index].text)
        if not raw.isascii():
            raw = _CJK_SLASH.sub(", ", raw.translate(_FULL_WIDTH))  # "厦门大学，材料学院" reads as "厦门大学, 材料学院"
        text = clean(raw)
        if _COPYRIGHT.match(text):
            continue  # "© 2024 Tarrant Coastal Lab": a page's footer, no unit of the entry above
        record_label = _RECORD_LABEL.match(text)
        if record_label:
            text = raw = text[record_label.end():]
        if not text:
            continue
        trig = ADVISOR_TRIGGER.search(text) if TRIGGER_HINT.search(text) else None
        if trig is None and current is not None and (current.advisors or any(current.first <= i <= current.last for i in inline)):
            trig = _RANK_ALONE.search(text)  # "PhD, X (1st supervisor: Prof. A)" / "2nd: Dr. B"
        for _ in range(3):  # a line may name a host and a group leader: "Postdoc with the X Lab (PI: B)"
            role_with = trig and ROLE_WITH.fullmatch(trig.group("trigger"))
            if not (trig and (role_with or trig.group("trigger").lower().startswith("in the")
                              # a CJK trigger or a label anywhere ("博士　导师：X", "PhD, X University Promotor: Y")
                              or (trig.start() > 0 and (CJK_CHAR.match(trig.group("trigger")) or trig.group("trigger")[-1] in ":："))
                              or (trig.start() > 0 and text[: trig.start()].rstrip().endswith(("(", "[", ".", ";", ",", "|", "—", "–"))))):
                break
            # "Postdoc with Prof. A, Org, 2019 - 2021", "PhD, Org (advisor: B)", "PhD, Org, supervised by B": the mentor or
            # advisor is named inside the entry's own line, which is read on without the name
            after = text[trig.end():]
            # "(advisors: A, B (KAIST))": a list in brackets runs to its closing bracket, commas and all
            bracketed = text[: trig.start()].rstrip().endswith(("(", "[")) and _BRACKETED_LIST.match(after)
            stop = _PEOPLE_END.search(after, bracketed.end()) if bracketed else _PEOPLE_END.search(after)
            keep = trig.group("trigger")[: -len("with")].rstrip() if role_with else ""
            names = after[: stop.start()] if stop else after
            if not role_with and classify_segment(names.strip(" .")) and not split_people(names):
                trig = None  # "Directeur : Laboratoire X": a label's organisation is the post's, no advisor's
                break
            if role_with and not split_people(names):
                # "Postdoctoral Researcher with the Ecosystems Lab": a host organisation, read as one
                text = text[: trig.start() + len(keep)] + "," + after
                raw = text
            else:
                named = text[trig.start() + len(keep): trig.end() + len(names)]
                pred = trigger_predicate(trig.group("trigger"), text[: trig.start()], after, studying=kind == "education")
                if pred:
                    inline.setdefault(index, []).append((_NEXT_FIELD.split(names, maxsplit=1)[0], pred, index, trig.group("trigger")))
                text = text.replace(named, "", 1)
                raw = raw.replace(named, "", 1) if named in raw else text
            trig = ADVISOR_TRIGGER.search(text) if TRIGGER_HINT.search(text) else None
        titled = None if trig or strict or header or len(text) > 300 else _TITLED_PEOPLE_FIELD.search(text)
        # not a firm named after its founder ("Dr. Holm Medical GmbH") nor a course ("Prof. Ruiz's Physics 101")
        if titled and titled.start("people") > 0 and split_people(titled.group("people")) and not classify_segment(titled.group("people")):
            role = text[: titled.start()]  # the role before the person decides, not the duties after ("Masterstudium")
            pred = "advisedBy" if (kind == "education" or _STUDENT.search(role)) and not POSTDOC.search(role) else "mentoredBy"
            inline.setdefault(index, []).append((titled.group("people"), pred, index, "with"))
            text = text.replace(titled.group("people"), "", 1)
            raw = raw.replace(titled.group("people"), "", 1) if titled.group("people") in raw else text
        typed = {cell.meaning: _CJK_SLASH.sub(", ", cell.text.translate(_FULL_WIDTH)) for cell in reversed(lines[index].cells)}
        if typed.keys() & {"org", "role", "degree"} and not (projects or strict):
            entries.extend(found := typed_entries(index, typed))  # the format says what each field is: nothing to guess
            current = found[-1] if found else None
            pending_role = pending_dates = pending_degree = None
            title = typed.get("degree") or typed.get("role") or ""
            if not found and not typed.get("org") and (degree := degree_of(title) or (is_role(title) and title)):
                # moderncv's \cventry{dates}{Doctorat}{}{}{}{Université X ...}: the school opens the description,
                # read below as the line under a degree or role with its dates
                pending_through = school_below = index
                pending_dates = (index, span) if (span := find_date_range(typed.get("dates", ""))) else None
                pending_degree, pending_role = ((index, degree, field_of(title)), None) if degree != title else (None, (index, title))
            continue
        if trig and current is not None and trig.start() <= 40:
            rest = _NEXT_FIELD.split(text[trig.end():], maxsplit=1)[0]
            # "Advisor: A; Co-Advisor: B"
            for part in _NEXT_LABELLED_PART.split(rest):
                part = _LABEL_PREFIX.sub("", part) if ":" in part[:32] else part
                pred = trigger_predicate(trig.group("trigger"), studying=kind == "education")
                current.advisors.append((part, pred, index, trig.group("trigger")))
            current.last = index
            continue
        if "description" in typed and prior != school_below:
            # what the entry above involved: its advisors were read above, no employer
            if current is not None:
                current.last = index
            continue
        # no prose: a label, a row's 5th field, a thesis's title ("X University Thesis: ...") are not counted
        words = sum(len(cell.split()) for cell in _EMPLOYER_LABEL.sub("", _LABEL_INSIDE.split(text)[0]).split(" | ")[:4])
        dated_above = pending_dates is not None and pending_dates[0] == prior  # "**seit 08/2022**" / the position, told long
        if words > 18 and not dated_above and not (words <= 40 and (_dated_opening(text) or (" | " in text and find_date_range(text)))):
            continue  # prose; a line that opens with its dates, or a dated row of cells, is an entry however long
        if describes_work(text) or _ALT_LOGO.search(text):
            # "- Developed X with Acme": what the position involved; "Acme Logo": an image's caption
            if current is not None:
                current.last = index
            continue
        employer_label = _EMPLOYER_LABEL.match(text)
        if employer_label:
            text = raw = text[employer_label.end():]  # "Entidad empleadora: Universidad X": the organisation
        elif (_LABEL_LINE.match(text) and not _term_then_entry(text)) or _DATE_LABEL.match(text):
            # "Research Areas: ...", "Products: ..." label lines; "Position: Lecturer, Hours: 40" states the role,
            # "Fecha de inicio: 01/09/2016" the dates, "Programa de doctorado: X" the degree of the entry below
            value = text[text.find(":") + 1:].strip()
            span = find_date_range(value) if _DATE_LABEL.match(text) else None
            if span is not None and (current is None or current.start or current.end):
                pending_dates = (index, span)  # Europass: "Dates: 2017 - 2020" above the position it dates
                continue
            label_degree = degree_of(text) if not _DATE_LABEL.match(text) else None  # in the label or the value
            if label_degree:
                pending_degree, pending_through = (index, label_degree, field_of(value)), index
                continue
            if current is not None:
                current.last = index
                if span is not None:  # the entry above is not dated yet
                    lone_start = span.start is None and _START_LABEL.search(text[: text.find(":")])
                    # a start and no end stated: the position goes on
                    current.start, current.end = (span.end, "present") if lone_start else (span.start, span.end)
                elif not current.role and _ROLE_LABEL.match(text) and len(value.split()) <= 8 and value[:1].isupper():
                    current.role = value.rstrip(" .")
                elif not current.role:
                    current.role = next((v for v in (_LABEL_PREFIX.sub("", part).strip(" .") for part in _NOTE_PARTS.split(text))
                                         if v and is_role(v) and not degree_of(v) and len(v.split()) <= 6), None)
            continue
        project = _project_head(raw, text) if projects or _PROJECT_HINT.search(raw) else None
        if project:
            current = Entry(first=index, last=index, chain=[], project=project)
            entries.append(current)
            dates = find_date_range(text)
            if dates:
                current.start, current.end = dates.start, dates.end
            continue
        chain = org_chain(_chain_text(raw), context_org=not is_bullet(raw) or current is None)
        if not chain and not strict and kind == "experience" and is_bullet(raw) and find_date_range(text):
            chain = org_chain(_chain_text(raw), context_org=True)  # a dated bullet names its firm alone ("- Engineer, Acme, 2019")
        chain = [] if chain and all(m.guessed for m in chain) and _place(text) else chain  # "Vellmark, Norway" under its entry
        role = role_text(text) if header and chain and index < HEADER_LINES and len(text.split()) <= 14 else None
        head_role = bool(role) and text.startswith(role) and not find_date_range(text)
        if header and chain and index < HEADER_LINES and pending_role is not None and not find_date_range(text):
            head_role = True  # "Assistant Professor of Sociology" above "Universidade de Coimbra", under the name
        # "Doctoral student in Physics, ETH Zürich" under the owner's name: the degree they hold or study for
        before = _chain_text(raw)[: chain[0].begin] if header and chain and index < HEADER_LINES else ""
        head_degree = degree_of(before) and _DEGREE_THEN_ORG.search(before)  # not "PhD in Energy Systems Analysis"
        # "- 2009 - 2010: Research Fellow." / "Acme Institute, Japan.": an item broken after its dated role
        dated_role_above = pending_role is not None and pending_role[0] == prior == (pending_dates or (None,))[0]
        if strict and chain and not head_role and not head_degree and not employer_label and not dated_role_above \
                and not (find_date_range(text) and (find_date_range(text).start or degree_of(text))):
            chain = []  # a degree needs only its year ("2019: Habilitation, Heidelberg University")
        degree = degree_of(text)
        dates = find_date_range(text)
        if chain and dates and all(m.guessed for m in chain) and chain[0].begin > dates.begin \
                and (0 <= text.find(role_text(text) or "\0") < dates.begin or (dates.begin == 0 and _place(text[dates.stop:]))):
            # "Senior Data Scientist | 2020 - present | Bergen", "September 2021 – Present · Harwick, UK": a place
            # after the role and dates, or after the dates of the entry above
            chain = []
        if chain and all(m.guessed for m in chain) and not dates and not raw.lstrip().startswith("#") \
                and "**" not in raw and not _role_first(raw, chain) \
                and not any(is_location(seg) for seg, _ in segments(text)):
            chain = []  # "Data Science | Regression, ...": a capitalised label, not an employer
        if not chain and dates and not degree and (current is None or current.start or current.end) \
                and not _LETTER.search(_DATE_RANGE_WORDS.sub("", text[: dates.begin] + text[dates.stop:])):
            pending_dates = (index, dates)  # "#### 2014 - 2016", "seit 2019" above the position it dates
            continue
        if not chain and degree and not trig and len(text.split()) <= 12 \
                and (current is None or current.degree or (pending_dates is not None and pending_dates[0] == prior)):
            # "2012 - 2016" / "Doutorado em Oceanografia." / "Universidade X": the degree above its school
            pending_degree = (index, degree, field_of(text))
            if dates is not None and pending_dates is None:
                pending_dates = (index, dates)
            pending_through = index
            continue
        undated = _EMPTY_PARENTHESES.sub("", text[: dates.begin] + text[dates.stop:]).strip(" |,;:–—-") if dates else text
        if not chain and not degree and is_role(undated) and len(undated.split()) <= 6 and (current is None or (
                (current.start or current.end) and (not is_bullet(raw) or _dated_opening(text)) if dates else current.role)):
            # "Teaching Fellow" / "Institute X, Pune" / "2015 - 2016"; a column after the role is left out;
            # "Lecturer | 2019 - 2021" / "Institute X" after a dated entry: the role and dates above their employer
            pending_role = (index, role_text(undated) or undated if "|" in undated else undated)
            if dates:
                pending_dates = (index, dates)
            pending_through = index  # "2017 - 2020" / "Engineer" / "Acme Ltd": the dates above the role stay pending
            continue
        if current is not None and current.last == prior and current.chain and chain and not dates and not degree \
                and all(m.type == "Lab" for m in current.chain) and all(m.type != "Lab" for m in chain) \
                and not role_text(text):
            # "Assistant Professor, Department of X     2017-2021" / "Aarhus University, Denmark":
            # the organisation the units of the line above belong to
            current.chain.extend(chain)
            current.last = index
            continue
        starts_new = bool(chain) and (
            current is None
            or (dates is not None and chain[0].begin <= 3 and not is_bullet(raw) and not _same_chain(current.chain, chain))
            # "2015 - 2016  Research Associate, X Centre", "März 2005: Centre X": a dated line of its own is another position
            or (dates is not None and dates.begin <= 3 and (current.start or current.end) is not None
                and (dates.start, dates.end) != (current.start, current.end) and not is_bullet(raw))
            or (current.chain and any(m.type != "Lab" for m in chain) and not _same_chain(current.chain, chain))
            or (not current.chain)
            # "Programa de doctorado: X" / "Entidad de titulación: Y" after another degree at Y: another entry
            or (pending_degree is not None and pending_degree[0] == prior and current.degree is not None)
            # "* 2018 - present: Researcher" / "  * Theory Centre": a role and its dates above their own employer
            or (pending_role is not None and pending_role[0] == prior)
            # "Research Scientist, Vision Lab" after a position with its own role: a new job, not a unit of it
            or (current.role is not None and _role_first(raw, chain) not in (None, current.role))
            # "BSc, Kestrel University, 2011 - 2014" after "PhD, Kestrel University, 2019": another degree, another entry
            or (degree is not None and current.degree is not None and degree != current.degree)
        )
        if chain and current is not None and current.chain and not starts_new:
            # sub-units of the open entry ("Nokia Bell Labs, Nokia Networks")
            if all(m.type == "Lab" for m in chain):
                groups = [org_chain(g, context_org=False) for g in text.split(";")] if ";" in text else [chain]
                current.units.extend(g for g in groups if g)
                if not current.role:
                    current.role = role_text(text)
                if dates and not current.end:
                    current.start, current.end = dates.start, dates.end
                current.last = index
                continue
        if starts_new:
            current = Entry(first=index, last=index, chain=chain)
            if pending_role is not None and not _role_first(raw, chain):
                current.first, current.role = pending_role
            if pending_dates is not None and dates is None:
                current.first, dates = pending_dates[0], pending_dates[1]
            if pending_degree is not None and not degree:
                current.first = min(current.first, pending_degree[0])
                current.degree, current.field = pending_degree[1], pending_degree[2]
            entries.append(current)
        elif current is None:
            continue
        current.last = index
        if degree and not current.degree:
            current.degree, current.field = degree, field_of(text)
        if dates and current.end is None and current.start is None:
            current.start, current.end = dates.start, dates.end
        elif head_role and starts_new and current.end is None:
            current.end = "present"
        if not current.role:
            current.role = role_text(text)
    for entry in entries:
        entry.advisors.extend(a for i in sorted(inline) if entry.first <= i <= entry.last for a in inline[i])
        _emit(ctx, registry, subject_id, entry, "strict" if strict else kind)
    # "PhD; title of dissertation: X; supervisor: A" on a line of a CV section no entry reaches: still the owner's advisor
    for text, pred, index, trigger in (a for i in inline for a in inline[i] if not strict and a[3] != "with"
                                       and not any(e.first <= i <= e.last for e in entries)):
        add_people_with_notes(ctx, registry, subject_id, text, pred, ctx.evidence(index))
    return entries


def typed_entries(index: int, typed: dict[str, str], dates: DateRange | None = None) -> list[Entry]:
    """The entries of a line or record whose fields the format names (``{"role": ..., "org": ...}``,
    with ``dates``, ``place``, ``degree`` and ``field`` when stated), one per organisation it joins.

    A degree is told from a job title by its words; a job title may name the unit after it
    ("Assistant Professor, Department of Biology"). An organisation field that names none beside a
    place field that does (moderncv's ``{Diplom}{Informatik}{Hochschule X}``) holds the field of study;
    one unknown word ("Gap year | Tewksbridge"), as likely a town as an employer, needs a job title or degree.

    >>> [(e.role, [m.name for m in e.chain], e.start, e.end) for e in typed_entries(4, {
    ...     "role": "Pantry driver (volunteer)", "org": "Harbourside Food Bank", "dates": "2016--2019"})]
    [('Pantry driver (volunteer)', ['Harbourside Food Bank'], '2016', '2019')]
    """
    org, title, place = typed.get("org", ""), typed.get("degree") or typed.get("role") or "", typed.get("place")
    if org_chain(place or "", context_org=False) and not org_chain(org, context_org=False):
        org, title, place = place, f"{title} in {org}", None
    elif not org and len(title) < 300 and (named := org_chain(title, context_org=False)):  # \ecvtitle{dates}{PhD, Org}
        head = _DEGREE_THEN_ORG.sub("", title[: named[0].begin].rstrip())
        org, title = (title[named[0].begin:], head) if not head or degree_of(head) or is_role(head) else (title, "")
    elif (is_role(org) or (_TOWN.fullmatch(org) and is_location(org.split(",")[-1]) and _NAME_BEFORE_NOTE.match(title))) \
            and not (degree_of(title) or is_role(title) or org_chain(org, context_org=False)):
        # friggeri-cv's \entry{dates}{Employer}{Town}{role}, twentysecondcv's \twentyitem{dates}{Employer}{Job}
        org, title, place = (title, org, place) if is_role(org) else (title, "", org)
    degree = degree_of(title) or typed.get("degree") or None
    role, _, tail = title.partition(", ")
    unit = classify_segment(tail) if tail and not degree and is_role(role) else None
    units = [[unit]] if unit is not None and unit.type == "Lab" else []
    trusted = bool(degree or is_role(title) or place) or len(org.split()) > 1
    dates = dates or find_date_range(typed.get("dates", "")) or DateRange(None, None, 0, 0)
    entries = []
    for name in joined_organisations(org):
        # a field with no mark of nesting is one name, whatever full stops it holds ("Acme Labs Pvt. Ltd.")
        chain = org_chain(name) if _NESTING_MARK.search(name) else [m for m in [classify_segment(name, context_org=True)] if m]
        head = (name[: chain[0].begin] if chain else name.split(",")[0]).strip(" ,;")
        if head and not is_location(head) and (chain or trusted):  # "Pharmacology Unit, X Hospital": a unit of X
            kind = "Lab" if chain else "University" if degree else "Company"
            chain.insert(0, OrgMention(head, head, kind, False, guessed=not chain))
        if chain and (trusted or not all(m.guessed for m in chain)):
            entries.append(Entry(index, index, chain, units=units, role=None if degree else (role if units else title) or None,
                                 degree=degree, field=typed.get("field") or (field_of(title) if degree else None),
                                 start=dates.start, end=dates.end, place=place or None))
    return entries


def add_typed_entry(ctx, registry: OrgRegistry, subject_id: str, index: int, typed: dict[str, str],
                    dates: DateRange | None, kind: str) -> None:
    """Add the relations of a record's typed fields (a JSON Resume ``work`` item) as those of a CV entry."""
    for entry in typed_entries(index, typed, dates):
        _emit(ctx, registry, subject_id, entry, kind)


def joined_organisations(text: str) -> list[str]:
    """The organisations a field joins with "and", "&", " / " or ";", when each part names one (each nesting
    units with commas, if any part does); else the field.

    >>> joined_organisations("Aarhus University and KU Leuven"), joined_organisations("Department of Sea, Ice & Sky, KU Leuven")
    (['Aarhus University', 'KU Leuven'], ['Department of Sea, Ice & Sky, KU Leuven'])
    >>> joined_organisations("Center for Tides and Coastal Research"), joined_organisations("University of Oslo and University of Bergen")
    (['Center for Tides and Coastal Research'], ['University of Oslo', 'University of Bergen'])
    >>> joined_organisations("Institute for Tides and Currents of the Sea / Aarhus University")
    ['Institute for Tides and Currents of the Sea', 'Aarhus University']
    """
    names = [n.strip() for n in _JOINED_ORGANISATIONS.split(text) if n.strip()]
    if "," in text:  # "ETH Zürich, Institute of Geochemistry and Petrology": one nested name, unless all nest
        nested = len(names) > 1 and not field_series(text) \
            and all("," in n and not all(m.guessed for m in org_chain(n)) for n in names)
        return names if nested else [text]  # "Lab A, Univ. X and Lab B, Univ. Y": two
    words = word_groups("org_words.tsv")  # "Center for Climate and Resilience Research": a unit named by fields "and" joins
    if len(parts := [p.strip() for p in re.split(r"\s/\s|;", text) if p.strip()]) > 1:
        names = [n for part in parts for n in joined_organisations(part)]  # "/" and ";" part names that "and" may be inside
    elif len(names) > 1 and _NAMED_BY_FIELD.search(names[0]) and not any(
            n.split()[0].lower() in words["bare_keywords"] | words["type_words"] or lookup_organization(n) for n in names[1:]):
        return [text]
    return names if names and all(classify_segment(n, context_org=True) for n in names) else [text]


#: A town and its country, no acronym before them ("Bergen, Norway", "Oxford, UK", not "UVSQ, Versailles, France").
_TOWN = re.compile(r"(?:(?!\b[A-Z]{2,}\b)[^,])+(?:,[^,]+)?")
#: A field that opens with a capitalised name ("Acme Optics - Ref: ..."), not an activity ("Private tuition").
_NAME_BEFORE_NOTE = re.compile(r"[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)+(?:\s+-\s|$)")
#: What parts a unit from its parent in one field: "Unit, Org", "Org (Parent)", "Parent – Unit", "Parent | Unit".
_NESTING_MARK = re.compile(r",|\(|\s(?:--|[-–—|])\s")
#: A unit named by its field ("Center for Climate", "Institute of Physics"), whose field "and" may go on.
_NAMED_BY_FIELD = re.compile(r"\b(?:for|of|on)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?$")
_JOINED_ORGANISATIONS = re.compile(r"(?<!\s)\s+(?:&|and|/)\s+|;")  # a run of spaces tried once, from its start


def _role_first(raw: str, chain: list[OrgMention]) -> str | None:
    """The role a line states before its first organisation, set apart from it ("**Engineer** | Acme
    Labs"), else ``None``; "Member of the X Team" names a unit of the position, not another job."""
    head = _chain_text(raw)[: chain[0].begin].strip(" ,;:|–—-") if chain else ""
    return head if head and is_role(head) and not _ROLE_JOINED.search(head) else None


def _term_then_entry(text: str) -> bool:
    """Whether a "label: value" line is a role or degree, then where and when: a description list's
    term and description ("Investigadora postdoctoral: Instituto de Ciencias del Mar, 2017-2021"),
    an entry, not a label.

    >>> _term_then_entry("Investigadora postdoctoral: Instituto de Ciencias del Mar, 2017--2021")
    True
    >>> _term_then_entry("Research Areas: glaciology, Arctic Ice Institute"), _term_then_entry("Postgrado: (2011) Doctor. Universidad X")
    (False, True)
    """
    label, _, value = text.partition(":")
    return bool((is_role(label) or degree_of(label) or _dated_opening(value.strip())) and find_date_range(value)
                and org_chain(value, context_org=True))


def _project_head(raw: str, text: str) -> str | None:
    """The project an entry line names ("Raft | CS244 https://github.com/...", "RiverWatch")."""
    head = _PROJECT_NAME_END.split(text)[0].strip(" *")
    words = head.split()
    if not head or len(words) > 6 or is_role(head) or degree_of(head) or find_date_range(head):
        return None
    if looks_like_project(head) and (_project_shape(head) or (len(words) >= 2 and all(w[:1].isupper() for w in words))
                                     or _PROJECT_HINT.search(raw)):
        return head
    return None


def _same_chain(a: list[OrgMention], b: list[OrgMention]) -> bool:
    return [m.name for m in a] == [m.name for m in b]


def _emit(ctx, registry: OrgRegistry, subject_id: str, entry: Entry, kind: str) -> None:
    evidence = ctx.evidence(entry.first, entry.last)
    if entry.project:
        pid = ctx.add_entity(entry.project, "Project", evidence=evidence)
        ctx.add_relation(subject_id, "contributedTo", pid, start=entry.start or entry.end, end=entry.end, evidence=evidence)
        return
    ids = registry.chain(entry.chain, evidence)
    top = ids[-1] if ids else None
    for group in entry.units:
        group_ids = registry.chain(group, evidence, outer_id=top)
        for uid in group_ids if top else ():
            registry.part_of(uid, top, evidence)
        ids[:0] = group_ids
    # the entry's own words decide before its section's kind: a degree with no job title is study
    # wherever the CV lists it ("Academic History"), a visit as a student too
    # under Experience an engineer's title at a company is the job ("Ingeniera química en Repsol S.A.", "Ingénieur R&D,
    # Airbus S.A.S."): the national engineering degrees are job titles too
    engineer = kind == "experience" and entry.degree == "Engineering Diploma" and any(m.type == "Company" for m in entry.chain)
    studied = (kind == "education" or (entry.degree and not entry.role) or (kind == "strict" and entry.degree)
               or entry.degree == "Visit") and not (entry.role and not entry.degree and _JOB_TITLE.search(entry.role)) \
        and not engineer
    start, end = entry.start, entry.end
    if start is None and end is not None and not studied and end != "present":
        start = end
    stated = {"degree": entry.degree, "field": entry.field} if studied else {"role": entry.role}
    for oid in ids:
        ctx.add_relation(subject_id, "studiedAt" if studied else "workedAt", oid, **stated, start=start, end=end,
                         location=entry.place, evidence=evidence)
    for text, pred, index, trigger in entry.advisors:
        people = add_people_with_notes(ctx, registry, subject_id, text, pred, ctx.evidence(index))
        if ids and _GROUP_HEAD.match(trigger):
            for pid in people:  # "(PI: B)": the group leader works at the entry's group
                ctx.add_relation(pid, "workedAt", ids[0], evidence=ctx.evidence(index))


def reference_people(ctx, registry: OrgRegistry, indexes: list[int]) -> None:
    """A References section: each name with the roles and organisations under it."""
    lines = ctx.document.lines
    person = None
    for index in indexes:
        text = clean(lines[index].text)
        if "@" in text and not _AT_WORD.search(text):
            text = _EMAIL.sub("", text).strip(" ,;|")  # "..., University Y, a.bello@y.edu"
        if not text:
            continue
        name = clean_person(text) if len(text) <= 50 else None
        if name:
            person = ctx.add_entity(name, "Person", evidence=ctx.evidence(index))
            continue
        cells = [c.strip() for c in text.split(" | ")]
        named = next((c for c in cells if clean_person(c) and not is_role(c)), None) if len(cells) > 1 else None
        if named:
            # "Professor, University X | A. Bello | PhD Supervisor": one line per referee, in cells
            person = ctx.add_entity(clean_person(named), "Person", evidence=ctx.evidence(index))
            cells.remove(named)
        # "PhD Supervisor" said of a referee: the owner's advisor
        notes = [c for c in cells if len(c.split()) <= 4 and _SUPERVISOR_NOTE.search(c)]
        if notes and person is not None and ctx.subject_id:
            ctx.add_relation(ctx.subject_id, "advisedBy", person, evidence=ctx.evidence(index))
            cells = [c for c in cells if c not in notes]
        text = ", ".join(cells)
        head, comma, rest = text.partition(", ")
        if comma and (name := clean_person(head)) and not is_role(name) and org_chain(rest, context_org=False):
            # "Prof. A. Bello, Department of X, University Y, a.bello@y.edu": one line per referee
            person = ctx.add_entity(name, "Person", evidence=ctx.evidence(index))
            text = rest
        if person is None:
            continue
        # "Senior Economist, International Monetary Fund" / "Department of X, University of Y": one position
        chain = org_chain(text, context_org=False)
        role = _ROLE_JOINED.sub("", text[: chain[0].begin].strip(" ,;:|–—-")).strip() if chain else ""
        if chain and (not role or is_role(role)) and "@" not in text:
            ids = registry.chain(chain, ctx.evidence(index), hierarchical=True)
            ctx.add_relation(person, "workedAt", ids[0], role=role or None, evidence=ctx.evidence(index))
