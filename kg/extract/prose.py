"""Biographical prose: "I received my PhD in X from Y in 2017", "Since 2022 I have been a
Lecturer in the Department of Z at W", advisors and projects named in sentences."""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from itertools import islice

from kg.extract.dates import find_date_range, find_dates
from kg.extract.gazetteer import CaselessPattern, data_patterns, word_groups
from kg.extract.orgs import (ROLE_OF_UNIT, OrgMention, OrgRegistry, CJK_ROLES, ROLES, classify_segment, contains_units, find_orgs_in_text,
                             is_generic_unit, is_location, is_role)
from kg.extract.people import clean_person, name_stopwords, split_people
from kg.extract.positions import (ADVISOR_TRIGGER, HEADER_LINES, POSTDOC, TRIGGER_HINT, add_affiliation_note,
                                  add_people_with_notes, role_text, trigger_predicate)
from kg.extract.publications import same_person
from kg.extract.text import LETTER_WORD, Passage, alternation, sentence_spans
from kg.extract.vocab import degree_span, field_of

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow); their
# vocabularies are the kinds of ``data/prose_patterns.tsv``.
_WORDS = data_patterns("prose_patterns.tsv")
_EMPLOYER_LIST_END = re.compile(r"\s+(?:for|on|as|in|during|from|since|to|where|which)\s+(?=[a-z0-9])|[.;]")
_EMPLOYER_LIST_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s+&\s+")
# the other languages' pronouns and first-person verbs are the "first_person" words of data/prose_words.tsv
#: A sentence that opens, after its dates and marks, with a Han or kana word: no name or pronoun before its verb.
_SUBJECTLESS = re.compile(r"^[\W\d_]*[\u3400-\u9fff\u3040-\u30ff]")
#: Other people named before such a sentence's first verb or particle ("课题组毕业生就职于X": the group's graduates).
_CJK_OTHERS_FIRST = re.compile(r"^[^于在任为，,。]*?(?:毕业生|校友|成员|成員|同学|卒業生|修了生|メンバー)")
#: A sentence in English, where "Su", "Ela" or "Er" opening it is a name, not a pronoun.
_ENGLISH = re.compile(r"\b(?:the|is|was|are|were|and|at|has|have|runs)\b")
_PRONOUN = re.compile(r"(?:^|[\s,;(])(?:I|I'm|I've|my|My|me|he|He|she|She|they|They|his|His|her|Her)\b")
_OWN_WORK = re.compile(r"\b(?:this|the|my|our)\s+(?:work|thesis|dissertation|research|project|phd|doctorate)\b", re.I)
#: "work" the noun of a result ("This work is featured on X", "Our work was funded by Y"), not a job ("my work at X").
_WORK_NOUN = re.compile(r"\b(?:this|that|the|our|my|his|her|their)\s+work\b(?!\s+(?:at|as|for|with|in)\b)", re.I)
_TRIGGER_TAIL_END = re.compile(
    r"(?<!Prof)(?<!prof)(?<!Dr)(?<!dr)(?<!Dra)(?<!Drs)(?<!Profs)(?<!Mr)(?<!Ms)(?<!Mrs)(?<!Assoc)(?<!Asst)(?<!Jr)(?<=[a-z]{2})[.;](?:\s|$)|\s+(?:on|and was|and is|which|who|where|to|in order)\s+(?=[a-z])|"
    # "advised by A, and co-supervised by B": the second trigger is read on its own
    r",?\s+and\s+(?=(?:an?|the|my|his|her|I|he|she|later|then|(?:co-?)?(?:advised|supervised|mentored|directed|hosted))\b)"
)
# the genitive of the other languages too: "Institut für X der Universität Y", "Dipartimento di X dell'Università di Y"
_UNIT_JOINER = re.compile(rf"\s*(?:{_WORDS['unit_joiner']})\s*", re.I)
#: A bracketed aside between two organisations of a sentence ("(Zürich, Switzerland)").
_BRACKETED = re.compile(r"\s*\([^()]*\)")
_AT_OPENING = re.compile(r"^\s*(?:and\s+)?At\s+(?:the\s+)?")
#: A name of two to four capitalised words with a bracketed note after it ("with Dr. Ana Ruiz (Kellridge University)").
_NAME_AND_NOTE = re.compile(r"(?P<name>[A-ZÀ-Ý][\w.'’-]{1,30}(?:\s+[A-ZÀ-Ý][\w.'’-]{1,30}){1,3})\s*\((?P<note>[^()]{2,80})\)")
#: People an organisation is written with, each titled ("X University (Prof. Ana Ruiz, Dr. Bo Chen)").
_TITLED_PEOPLE = re.compile(r"\s*\((?P<people>(?:prof|dr)\.?\s[^()]{2,80})\)", re.I)
_DEGREE_RECEIVED = re.compile(r"\b(?:received|completed|earned|obtained|got|did)\b[^.]{0,40}\b(?:degree|ph\.?d|m\.?s|b\.?s|b\.?a|m\.?a|master|bachelor|doctor)", re.I)
_POSITION_STATEMENT = re.compile(r"\b(?:I|he|she)\s*(?:am|'m|was|is|have been|has been)\s+(?:also\s+)?(?:an?|the)\s|\b(?:worked|joined)\b", re.I)
_PLACE_PREPOSITION = re.compile(r"\b(?:at|with|for|in)\b")
_WORK_VERB_CLAUSE = re.compile(r"\b(?:I|he|she|they)\s+(?:have\s+|has\s+)?(?:worked|work|was|am|is|joined|spent)\b", re.I)
_JOB_WORD = re.compile(r"\b(?:intern\w*|worked|work as|employed|joined|professor|lecturer|postdoc\w*|scientist|engineer|director|researcher|fellow|faculty)\b", re.I)
#: A job named in a sentence: "working with Dr. A" there is a job's, not a student's.
_JOB_NOUN = re.compile(rf"\b(?:{_WORDS['job_noun']})\b", re.I)
#: A capitalised name after a job noun: the noun is a title ("worked with Professor Ana Ruiz"), no job of the sentence's.
_NAME_AFTER_TITLE = re.compile(r"\s+[A-Z][\w'’.-]*\s+[A-Z]")
#: A sentence saying its person studies or studied: a student, a candidate, a degree or thesis.
_STUDENT_STATE = re.compile(rf"\b(?:{_WORDS['student_state']})(?!\w)", re.I)
_PAST_WORD = re.compile(r"\b(?:was|were|had|did|worked|used to|previously|formerly)\b", re.I)
_CURRENT_STUDY = re.compile(r"\b(?:currently|now|am|is)\b[^.]{0,30}\b(?:student|pursuing|candidate)", re.I)
# a role word that also opens a longer title keeps the noun after it ("postdoctoral research fellow", "associate professor")
_ROLE_AFTER_VERB = re.compile(r"\b(?:am|is|was|as|been|be)\s+(?:(?:also|currently|now|still|previously|formerly)\s+)?(?:an?\s+|the\s+)?(?P<role>(?:[A-Z]?[a-z-]+\s+){0,4}?(?:professor|lecturer|researcher|scientist|postdoc\w*|fellow|engineer|director|scholar|intern|associate|analyst|consultant|founder|student|member)(?:\s+(?:research\s+)?(?:professor|researcher|scientist|fellow|scholar|associate)\b)?)\b", re.I)

_PEOPLE_STOP = re.compile(rf"\s(?:at|in|as|from|during|between|since|until|{_WORDS['at_abroad']})\s")

__all__ = ["read_prose"]


def _after_people(tail: str) -> str:
    """The rest of a clause after the names that follow a trigger ("Prof. A at the B from
    2019" -> " at the B from 2019"): from the first preposition outside a parenthetical note."""
    return next((tail[m.start():] for m in _PEOPLE_STOP.finditer(tail)
                 if tail.count("(", 0, m.start()) == tail.count(")", 0, m.start())), "")

_STUDY = CaselessPattern(rf"\b(?:{_WORDS['study']})\b")
_WORK = CaselessPattern(rf"\b(?:{_WORDS['work']})\b")
_AWARD = CaselessPattern(rf"\b(?:{_WORDS['award']})\b")
_PRESENT = re.compile(rf"\b(?:{_WORDS['present']})(?!\w)", re.I)
#: The role after "to be" in the other languages ("Je suis maîtresse de conférences à ...", "Sono ricercatrice presso ...").
_ROLE_AFTER_VERB_ABROAD = re.compile(rf"\b(?:{_WORDS['be_abroad']})\s+(?:(?:ich|er|sie)\s+)?(?:(?:{_WORDS['article_abroad']})\s+)?"
                                     rf"(?P<role>[^\W\d][^,;.]{{2,60}}?)\s+(?:{_WORDS['at_abroad']})(?!\w)", re.I)
_OTHERS = CaselessPattern(r"\b(?:students?|alumni|mentees|graduates)\b(?:\s+\w+){0,2}\s+(?:have|has|are|were|went|now|include)")


#: What puts an employer after it: "worked at", "joined", a job title and "at" ("Director of Process Development at").
_EMPLOY = CaselessPattern(r"\b(?:(?:worked|work|working|interned|intern|employed|joined|spent time)\s+(?:at|with|for)"
                     rf"|(?:{alternation(ROLES)})\b(?:\s+of(?:\s+[A-Z][\w-]*){{1,3}})?\s+at)\s+")


def _employer_list(head: str, orgs):
    """"I have worked at Nokia, Acme Robotics and X Lab": every name of the list is an employer."""
    match = _EMPLOY.search(head)
    if not match:
        return orgs
    rest = _EMPLOYER_LIST_END.split(head[match.end():], maxsplit=1)[0]
    covered = {(o.begin, o.end) for o in orgs}
    out = list(orgs)
    for piece in _EMPLOYER_LIST_SEPARATOR.split(rest):
        piece = piece.strip(" *")
        if not piece or not piece[:1].isupper() or len(piece.split()) > 5:
            continue
        begin = match.end() + rest.find(piece)
        if any(b <= begin < e for b, e in covered):
            continue
        mention = classify_segment(piece, context_org=True)
        if mention is not None:
            out.append(OrgMention(mention.name, mention.written, mention.type, mention.known, begin, begin + len(piece)))
    out.sort(key=lambda o: o.begin)
    return out


#: A person's group written after an organisation ("University of X in A. Bello's"): no part of its name.
_IN_SOMEONES = re.compile(r"\s+in\s+(?:[A-Z][\w.-]*\s+){0,3}[A-Z][\w-]*['’]s?$")
#: A town written after an organisation ("Department of Health in Poughkeepsie"): no part of its name.
_IN_TOWN = re.compile(r"\s+in\s+(?P<town>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2})$")
#: What follows a town: its state or country ("..., NY", "..., Germany").
_REGION_AFTER = re.compile(r"^\s*,\s*(?P<region>[A-Z]{2}\b|[A-Z][\w.-]+(?:\s+[A-Z][\w.-]+)?)")


def _without_tail(org, text: str):
    """The mention without a trailing "in <Name>'s" ("University of Exeter in A. Bello's" -> "University of Exeter"),
    or "in <Town>" when the text goes on with the town's region, or the town is a known place ("... Community Health
    in Poughkeepsie, NY" -> "... Community Health"); itself when what is left names nothing.

    >>> from kg.extract.orgs import find_orgs_in_text
    >>> text = "I interned at the Harlow Department of Public Health in Brenton, NY."
    >>> _without_tail(find_orgs_in_text(text)[0], text).name
    'Harlow Department of Public Health'
    """
    cut = _IN_SOMEONES.search(org.written) if "’" in org.written or "'" in org.written else None
    if cut is None and " in " in org.written and not org.known:  # a known name keeps its town ("... Center in Wuxi")
        cut = _IN_TOWN.search(org.written)
        region = _REGION_AFTER.match(text[org.end:]) if cut else None
        if cut and not (is_location(cut.group("town")) or (region and (len(region.group("region")) == 2
                                                                       or is_location(region.group("region"))))):
            cut = None
    inner = classify_segment(org.written[: cut.start()], context_org=True) if cut else None
    return org if inner is None else OrgMention(inner.name, inner.written, inner.type, inner.known, org.begin,
                                                org.begin + cut.start())


#: "... earned his PhD ... in 2020 with A and B", "a postdoc until 2023 with C": who a degree or postdoc was done with.
_DONE_WITH = re.compile(r"\bwith\s+(?=(?:(?:Prof(?:essor)?|Dr)\.?\s+)?[A-ZÀ-Ý][a-zà-ÿ])")  # "with Émile Roux"
#: Where the people a degree was done with end and the sentence goes on (", studying X", ", followed by").
_CLAUSE_GOES_ON = re.compile(r",\s+(?!and\s)(?=[a-z])|;")
#: What a degree is "with" that is no person ("with Honors", "with a Minor in X").
_NOT_PEOPLE = re.compile(rf"\b(?:{_WORDS['not_people']})\b", re.I)


def _done_with(clause: str) -> tuple[str, str] | None:
    """``(people text, predicate)`` for a clause stating a degree (advisedBy) or a postdoc (mentoredBy)
    done "with" people named at its end, else ``None``.

    >>> _done_with("He earned his PhD in Physics from X in 2020 with Émile Lopes and Ivo Marsh.")
    ('Émile Lopes and Ivo Marsh', 'advisedBy')
    >>> _done_with("She completed her Ph.D. at X with Dr. Ivo Marsh, studying yeast, followed by a move.")
    ('Dr. Ivo Marsh', 'advisedBy')
    >>> _done_with("He earned his PhD in Physics with Highest Honors."), _done_with("I worked at X with Ana Lopes.")
    (None, None)
    """
    match = _DONE_WITH.search(clause)
    if match is None:
        return None
    before = clause[: match.start()]
    predicate = "mentoredBy" if POSTDOC.search(before) else "advisedBy" if degree_span(before) else None
    tail = _CLAUSE_GOES_ON.split(clause[match.end():], maxsplit=1)[0].rstrip(" .")
    if predicate is None or _NOT_PEOPLE.search(tail):
        return None
    people = split_people(tail)
    # the whole rest names people, none of them an organisation ("with the Ocean Lab", "with Acme Robotics")
    if not people or len(tail) > sum(len(p.name) for p in people) + 14 * len(people) \
            or any(classify_segment(p.name) for p in people):
        return None
    return tail, predicate


def _says(text: str, kind: str) -> bool:
    """Whether a text holds a ``kind`` word of ``data/prose_words.tsv`` (capitals runs such as "EU" are no words
    there; a pronoun with a capital only opens the text, elsewhere it is a name: "Hao Su", "Ela Brandt").

    >>> _says("Trabajo como investigador en el Instituto X", "first_person"), _says("We met J. Su at the EU", "first_person")
    (True, False)
    """
    words = word_groups("prose_words.tsv")[kind]
    return any(w.lower() in words for i, w in enumerate(LETTER_WORD.findall(text))
               if (len(w) == 1 or not w.isupper()) and (i == 0 or w.islower() or kind != "first_person")) or (
        not text.isascii() and any(w in text for w in words if w[0] >= "\u3040"))  # Chinese and Japanese: no spaces


def _without_adverbs(role: str) -> str:
    """A role without the dates and adverbs a sentence writes before it ("seit 2017 Professorin" -> "Professorin").

    >>> _without_adverbs("anschließend Postdoktorandin"), _without_adverbs("profesora titular")
    ('Postdoktorandin', 'profesora titular')
    """
    words, skip = role.split(), word_groups("prose_words.tsv")
    while len(words) > 1 and (any(c.isdigit() for c in words[0]) or any(words[0].lower() in skip[k] for k in (
            "since", "clause_opener", "present", "past"))):
        words.pop(0)
    return " ".join(words)


def _names_role_word(text: str) -> bool:
    """Whether a text holds a job title word of ``data/roles.tsv`` ("Je suis maîtresse de conférences", "Soy investigadora").

    >>> _names_role_word("Sono ricercatrice presso il X"), _names_role_word("Ho conseguito il dottorato")
    (True, False)
    """
    return any(w.lower() in ROLES for w in LETTER_WORD.findall(text)) or (not text.isascii() and any(r in text for r in CJK_ROLES))


#: ``kind -> words`` of ``data/member_words.tsv``: what a sentence about the subject's students says; and the
#: ``column_*`` labels of ``data/table_columns.tsv``: what a table's header row says its columns hold.
_MEMBER_WORDS = word_groups("member_words.tsv", "phrases") | word_groups("table_columns.tsv", "labels")


def _alternatives(*kinds: str) -> str:
    """The words of the ``kinds`` as alternatives of a pattern, longest first."""
    return "|".join(re.escape(w) for w in sorted(set().union(*(_MEMBER_WORDS[k] for k in kinds)), key=len, reverse=True))


@lru_cache(maxsize=1)
def prose_students() -> re.Pattern:
    """Students a sentence names as the subject's: a list after what it calls them ("supervises three doctoral
    students: A, B and C", "quattro dottorandi, tra cui X"), or one after a possessive ("her former student X").

    >>> prose_students().search("She supervises two doctoral students: Ana Ruiz and Bo Lind.")["names"]
    ' Ana Ruiz and Bo Lind.'
    >>> prose_students().search("Her former student Dr. Ana Ruiz is now at Acme.")["one"]
    'Dr. Ana Ruiz is now at Acme.'
    """
    nouns = _alternatives("student_noun")
    return re.compile(rf"(?<!\w)(?:{nouns})\s*(?::|,?\s+(?:{_alternatives('names_follow')})\s+)(?P<names>[^;:]+)"
                      rf"|(?<!\w)(?:{_alternatives('possessive')})\s+(?:\w+\s+){{0,2}}?(?:{nouns})\s+(?P<one>[^;:]+)", re.I)


def _about_subject(sentence: str, names: list[str]) -> bool:
    if _OTHERS.search(sentence) or prose_students().search(sentence):
        return False
    if _SUBJECTLESS.match(sentence):
        # "2020年毕业于X大学": Chinese and Japanese leave out the subject a sentence is about, unless it names others
        return not _CJK_OTHERS_FIRST.match(sentence)
    if _PRONOUN.search(sentence) or (not _ENGLISH.search(sentence) and (_says(sentence, "first_person")
                                                                        or _opens_with_verb(sentence))):
        return True
    return any(n and _has_word(sentence, n) for n in names)


def _opens_with_verb(sentence: str) -> bool:
    """Whether a sentence opens, after its dates and a "since", with a verb or a participle of ``data/prose_words.tsv``
    or a degree a study verb follows: the other languages leave out the subject of a bio's sentence ("Dal 2015 è
    professoressa presso X", "Graduada en Química por Y", "Se doctoró en Z", "Doctor en Física egresado de W"; not a
    list's "Ph.D. en statistique, Université X - Chargé de cours, Y" joined into one passage).

    >>> _opens_with_verb("Dal 2015 è professoressa presso X."), _opens_with_verb("La Universidad X es pública.")
    (True, False)
    """
    groups = word_groups("prose_words.tsv")
    words = list(islice(LETTER_WORD.finditer(sentence), 3))  # the opening words only, not a long sentence's all
    while words and (words[0].group().lower() in groups["since"] or words[0].group().lower() in groups["before_verb"]):
        words.pop(0)
    if not words:
        return False
    if any(words[0].group().lower() in groups[kind] for kind in ("present", "past", "clause_opener", "study", "work")):
        return True
    degree = degree_span(sentence[words[0].start(): words[0].start() + 40])  # a degree's name opens it, if any
    return bool(degree and degree[1] == 0 and _says(sentence[words[0].start() + degree[2]:], "study"))


@lru_cache(maxsize=4096)
def _whole_word(word: str) -> re.Pattern:
    """``word`` between word boundaries, compiled once per name (a document asks for the same few names often)."""
    return re.compile(rf"\b{re.escape(word)}\b")


def _has_word(text: str, word: str) -> bool:
    """Whether ``word`` stands in ``text`` as a whole word."""
    # Chinese and Japanese write no spaces: a name there is a word whatever stands beside it; a name's pattern
    # is compiled only for a text that holds it (most sentences hold none, and each document names others)
    return word in text and (word[:1] >= "\u3040" or bool(_whole_word(word).search(text)))


# "..., and was previously a PhD student at Y": a clause whose subject is left out is another clause too
_CLAUSE = re.compile(rf",?\s+(?:and|but|while|whereas)\s+(?=(?:{_WORDS['clause_opener']})\b)|;\s+|,\s+(?=where\b)"
                     # "... at X from 2016 to 2018, after a PhD at Y": another stage of the career
                     r"|,\s+(?=(?:after|before|following)\s+(?:a|an|his|her|their|my|completing|obtaining|receiving)\s)"
                     # "... y realizó", "und war", ", puis a été": the other languages' "and then"
                     rf"|,?\s+(?:y|e|et|und)\s+(?=(?:{'|'.join(word_groups('prose_words.tsv')['clause_opener'])})(?!\w))"
                     rf"|,\s+(?:{_WORDS['then_abroad']})\s+|[。，；]|(?<=[しり])、")


def _all_degrees(text: str) -> list[tuple[str, int, int]]:
    """Every degree a text names, in order: ``(degree, begin, end)``."""
    out, offset = [], 0
    while offset < len(text) and (span := degree_span(text[offset:])):
        out.append((span[0], offset + span[1], offset + span[2]))
        offset += span[2]
    return out


#: A sentence that opens with a person's name as its subject: before a verb, an apposition or a note
#: ("Dr. Ana Ruiz, assistant professor of ...", "Pierre Lacombe est directeur ..."), not its writer's ("Ich bin Ana Ruiz").
_OPENING_PERSON = re.compile(
    r"^\s*(?:(?:The|A|O|La|Le|El|Il|Die|Der|De|Het)\s+(?:[^\W\d_A-Z][\w-]*\s+){1,2})?"  # "A física Helena Barros, ..."
    r"(?:(?:Dr|Dra|Prof|Profa|Pr|Mr|Ms|Mrs)\.?\s+)*(?!I\b|I['’]|(?i:" + data_patterns("page_titles.txt")["intro"] + r"))(?P<name>[^\W\d_][\w'’.-]+(?:\s+(?:(?:de|da|do|dos|van|von|del|di|le|la|der|den)\s+)*"
    r"[^\W\d_][\w'’.-]+){1,3})(?=,\s+(?:an?\s|the\s|(?:[^\W\d_]+\s+){1,3}(?:of|de|di|da|at|à|an)\s|[a-zà-ÿ])|\s(?:"
    + _WORDS["subject_verb"] + r")\s)")


def _opening_person(sentence: str, names: list[str]) -> str | None:
    """The person other than the subject (``names``) whose name opens a sentence as its subject, else ``None``.

    >>> _opening_person("Dr. Lucia Moreno, associate professor of biology, was cited.", ["Ana Ruiz"])
    'Lucia Moreno'
    >>> _opening_person("Ana Ruiz is a chemist.", ["Ana Ruiz"]), _opening_person("Since 2019 she is at X.", [])
    (None, None)
    """
    match = _OPENING_PERSON.match(sentence)
    name = clean_person(match.group("name")) if match and match.group("name")[:1].isupper() else None
    if not name or len(name.split()) < 2 or is_role(name) or is_location(name) or classify_segment(name) \
            or (names and same_person(name, names[0])):
        return None
    return name


#: A sentence that opens with one capitalised word and goes on ("Fjeldstad comes to ...", "Riedlinger, who ..."):
#: perhaps a family name of a person named in full before.
_FAMILY_OPENING = re.compile(r"^\s*(?P<family>[^\W\d_a-z][\w'’-]{2,})(?=,\s+[a-z]|\s+[a-z])")


_TITLE_BEFORE = re.compile(r"^(?:Dr|Dra|Prof|Profa|Pr|Mr|Ms|Mrs|Mme|Herr|Frau|Sr|Sra)\.?$")


@lru_cache(maxsize=256)
def _full_name_of(text: str, family: str) -> str | None:
    """The one person ``text`` names in full with ``family`` among their names, after a title or a role as news
    items introduce people ("Dr. Annelise Fjeldstad", "la profesora de investigación Carmen Azpilicueta Lozano")."""
    found = set()
    for match in re.finditer(rf"(?<![\w.])(?:[^\W\d_a-z][\w'’.-]+\s+){{1,2}}{re.escape(family)}(?:\s+[^\W\d_a-z][\w'’-]+)?(?![\w'’-])", text):
        name = clean_person(match.group(0))
        before = text[max(0, match.start() - 60): match.start()].split()
        introduced = _TITLE_BEFORE.match(match.group(0).split()[0]) or _TITLE_BEFORE.match(" ".join(before[-1:])) or any(is_role(" ".join(before[-k:])) for k in (1, 2, 3, 4))
        if name and introduced and family in name.split() and len(name.split()) >= 2 and not classify_segment(name) \
                and not is_role(name):
            found.add(name)
    found = {n for n in found if not any(n != m and n in m for m in found)}  # "Carmen Azpilicueta" in "... Lozano"
    return found.pop() if len(found) == 1 else None


def family_opening(document, sentence: str, names: list[str]) -> str | None:
    """The person named in full elsewhere whose family name alone opens ``sentence`` (news items name a
    person in full once, then by family name), unless that is the subject (``names``)."""
    match = _FAMILY_OPENING.match(sentence)
    family = match.group("family") if match else None
    if not family or family in names or any(family in n.split() for n in names):
        return None
    if family.lower() in name_stopwords() or is_role(family) or degree_span(family) or classify_segment(family):
        return None  # "Master degree in ...", "Professor emeritus": a word of a CV line, not a name
    text, words = _text_of(document)
    return _full_name_of(text, family) if words[family] >= 2 else None


_LAST_TEXT: list = [None, "", Counter()]
_WORD = re.compile(r"[\w'’-]+")


def _text_of(document) -> tuple[str, Counter]:
    """The document's text and how often each word occurs in it, once per document (the family-name rule
    asks sentence after sentence)."""
    if _LAST_TEXT[0] is not document:
        text = "\n".join(line.text for line in document.lines)
        _LAST_TEXT[:] = [document, text, Counter(_WORD.findall(text))]
    return _LAST_TEXT[1], _LAST_TEXT[2]


def read_prose(ctx, registry: OrgRegistry, subject_id: str, passages: list[Passage], names: list[str],
               entry: bool = False) -> None:
    """Add the affiliations, degrees and advisors stated in prose passages; ``entry``: the passages
    are one person's entry in a list, so every sentence is about that person. A sentence that opens with
    another person's name ("Pierre Lacombe est directeur de recherche au CNRS") is about that person, and
    so are the sentences after it, until the subject is named again (a news item about several people)."""
    owner, owner_names = subject_id, names
    for passage in passages:
        text = passage.text
        studying = False
        for begin, end in sentence_spans(text):
            sentence = text[begin:end]
            first, last = passage.line_at(begin), passage.line_at(max(begin, end - 1))
            evidence = ctx.evidence(first, last)
            other = None if entry else (_opening_person(sentence, owner_names) or family_opening(ctx.document, sentence, owner_names))
            if other:
                subject_id, names = ctx.add_entity(other, "Person", evidence=evidence), [other, *other.split()]
                studying = False
            elif subject_id != owner and any(n and _has_word(sentence, n) for n in owner_names):
                subject_id, names = owner, owner_names
            # "Associate Professor in the Department of X, University Y. My work ..." opening a page: its owner's title, no
            # verb, before sentences about them (a title line alone is a CV's header entry); not "Lei Su is a professor"
            opening_role = begin == 0 and end < len(text) and first < HEADER_LINES and not degree_span(sentence) \
                and (role := role_text(ROLE_OF_UNIT.split(sentence, maxsplit=1)[0])) and sentence.startswith(role) \
                and len(role.split()) <= 4 and not _ENGLISH.search(role) and not _PRONOUN.search(role)
            about = entry or _about_subject(sentence, names) or bool(_OWN_WORK.search(sentence)) or bool(opening_role)
            if about:
                # what the passage last said the person does: "I'm a PhD candidate at X. I work with Dr. A"
                if _names_a_job(sentence) and not degree_span(sentence):
                    studying = False
                elif _STUDENT_STATE.search(sentence):
                    studying = True
            previous: list = []
            for clause in _CLAUSE.split(sentence):
                if clause and clause.strip():
                    found = _sentence(ctx, registry, subject_id, clause, evidence, about,
                                      studying and not _names_a_job(sentence))
                    # "..., where I run the X Lab": the lab is part of the organisation just named
                    if previous and found and clause.lstrip().lower().startswith("where"):
                        parent = previous[-1]
                        for oid in found:
                            if ctx.entity(oid).type == "Lab" and ctx.entity(parent).type in ("University", "Company", "Institute"):
                                registry.part_of(oid, parent, evidence)
                    previous = found or previous


#: An organisation of Chinese or Japanese prose: the characters after a verb or particle ("现任", "于", "在", "は", "で")
#: up to an organisation's last word ("现任南岭大学化学系教授" -> "南岭大学化学系"); a university named first is split off.
_CJK_ORG = re.compile(r"(?:(?![于於任至到入为往获]|在(?!线))[\u3400-\u9fff\u30a0-\u30ffA-Z]){1,20}"
                      rf"(?:{'|'.join(sorted(word_groups('prose_words.tsv')['cjk_org_end'], key=len, reverse=True))})")
_CJK_BEFORE_ORG = re.compile(r"[于於任至到入为往获はでのにを、，。\s（(]|在(?!线)|その後|以後|之后|随后|より|から")


_UNIVERSITY_END = re.compile(r"大[学學](?!院)")


def _cjk_orgs(text: str) -> list:
    """The organisations a Chinese or Japanese sentence names, a university before its unit ("北浜大学理学部").

    >>> [(o.name, o.type) for o in _cjk_orgs("林晓东，现任南岭大学化学系教授。")]
    [('南岭大学', 'University'), ('化学系', 'Lab')]
    """
    out = []
    for begin in [0] + [m.end() for m in _CJK_BEFORE_ORG.finditer(text)]:
        match = _CJK_ORG.match(text, begin)
        if match is None:
            continue
        name = match.group(0)
        # "英国南岭大学": the country of an organisation abroad, unless the name goes on with it ("美国国家...", national)
        cut = next((n for n in (2, 3, 4) if is_location(name[:n]) and len(name) - n >= 3 and name[n] != "国"), 0)
        begin, name = begin + cut, name[cut:]
        if name.endswith(tuple(word_groups("prose_words.tsv")["cjk_not_org_end"])):
            continue  # "联系" (contact), "关系": common words that end like a department
        # the university's name ends at its 大学, not at the 大学 of a graduate school (大学院) that opens a unit
        found_cut = _UNIVERSITY_END.search(name, 1)
        cut = found_cut.start() if found_cut else -1
        for part, at in ((name[: cut + 2], 0), (name[cut + 2:], cut + 2)) if 0 <= cut < len(name) - 2 else ((name, 0),):
            found = classify_segment(part)
            if found is not None:
                out.append(OrgMention(found.name, part, found.type, found.known, begin + at, begin + at + len(part)))
    return out


def _names_a_job(sentence: str) -> bool:
    """Whether a sentence names a job ("as a postdoc"), not only a person's title ("with Professor Ana Ruiz").

    >>> _names_a_job("She was a professor at X."), _names_a_job("She worked with Professor Ana Ruiz.")
    (True, False)
    """
    return any(not (m.group(0)[:1].isupper() and _NAME_AFTER_TITLE.match(sentence, m.end()))
               for m in _JOB_NOUN.finditer(sentence))


def _sentence(ctx, registry, subject_id, sentence, evidence, about, studying=False) -> list[str]:
    """Read one clause; returns the ids of the organisations it names. ``studying``: the passage
    has said the person studies (a student's "working with Dr. A" names an advisor)."""
    trig = ADVISOR_TRIGGER.search(sentence) if TRIGGER_HINT.search(sentence) else None
    head = sentence[: trig.start()] if trig else sentence
    if trig:
        rest = sentence[trig.end():]
        parts = _TRIGGER_TAIL_END.split(rest, maxsplit=1)
        tail = parts[0]
        pred = trigger_predicate(trig.group("trigger"), head, rest, studying=studying)
        add_people_with_notes(ctx, registry, subject_id, tail, pred if about else None, evidence)
        if pred == "mentoredBy" and degree_span(head):
            # "a PhD at X with Dr. A, followed by a postdoc with B at Y": the degree's clause is read on its own, Y is the job's
            _sentence(ctx, registry, subject_id, head, evidence, about, studying)
            head = ""
        if pred == "mentoredBy" or (pred == "advisedBy" and (degree_span(head) or _STUDY.search(head) or _says(head, "study"))):
            # "a postdoc with Prof. A at the University of B": the subject works where the host does;
            # "my PhD was supervised by Prof. A at the B Institute": studied where the advisor is; a postdoc's trigger
            # stays in the clause ("postdoctoral training with A at B"): it says the stay was a job
            head = (head + trig.group("trigger") if POSTDOC.search(trig.group("trigger")) else head) + _after_people(tail)
        if len(parts) == 2 and parts[1].strip():
            _sentence(ctx, registry, subject_id, "and " + parts[1], evidence, about, studying)
    # "a PhD at X with Dr. A, ..., followed by a postdoc with B": the degree's people before a trigger's too
    if about and "with" in head and (done_with := _done_with(head)):
        add_people_with_notes(ctx, registry, subject_id, done_with[0], done_with[1], evidence)
        at = head.rindex(done_with[0])  # "a postdoc at X with A": X, not "X with A", is the place
        head = head[:at] + head[at + len(done_with[0]):]
    orgs = [_without_tail(o, head) for o in find_orgs_in_text(head)] or (
        _cjk_orgs(head) if not head.isascii() else [])
    orgs = _employer_list(head, orgs)
    # "University X, Department Y, Institute Z": written outermost first, each unit is inside the one before it
    # (a place in brackets may follow the organisation: "Quillon University (Quillon, Norway), Department of X, ...")
    outer_first = len(orgs) > 2 and contains_units(orgs[0]) and all(is_generic_unit(o.name) for o in orgs[1:]) \
        and all(_UNIT_JOINER.fullmatch(_BRACKETED.sub("", head[a.end:b.begin])) for a, b in zip(orgs, orgs[1:]))
    # chains: "Lab at University", "Department, University"
    nests = [bool(_UNIT_JOINER.fullmatch(head[a.end:b.begin])) and a.type in ("Lab", "Institute")
             and b.type in ("University", "Company", "Institute", "Lab") and not outer_first
             and not (is_generic_unit(b.name) and contains_units(a))  # "Academy X, Institute of Y"
             for a, b in zip(orgs, orgs[1:])] + [False]
    # organisations mentioned anywhere are entities; register outermost first so units know their parent
    ids: list = [None] * len(orgs)
    for i in range(len(orgs)) if outer_first else range(len(orgs) - 1, -1, -1):
        parent = (ids[i - 1] if i else None) if outer_first else ids[i + 1] if nests[i] else None
        ids[i] = registry.add(orgs[i], evidence, parent_id=parent)
        if parent is not None:
            if nests[i] and orgs[i].type == "Institute" and orgs[i + 1].type in ("University", "Lab"):
                ctx.set_type(ids[i], "Lab")
            registry.part_of(ids[i], parent, evidence)
    for i, (a, b) in enumerate(zip(orgs, orgs[1:])):
        # a unit written right after its organisation: "南岭大学化学系", "at Quillon University in the Department of X"
        if a.end == b.begin and a.type == "University" and b.type == "Lab" or not nests[i] and contains_units(a) \
                and (is_generic_unit(b.name) or a.type == "University" and b.type == "Lab") \
                and _UNIT_JOINER.fullmatch(_BRACKETED.sub("", head[a.end:b.begin]).lstrip(" ,") or ","):
            registry.part_of(ids[i + 1], ids[i], evidence)
    # "The X Group is part of Y", "Die Arbeitsgruppe X gehört zum Y", "El Grupo X forma parte de la Y"
    if len(orgs) > 1 and orgs[0].type == "Lab" and ids[0] not in registry.parent_of \
            and _says(head[orgs[0].end:orgs[1].begin], "part_of"):
        registry.part_of(ids[0], ids[1], evidence)
    # "At UW, she directs the X Lab": the lab belongs to the organisation the sentence opens with
    opening = _AT_OPENING.match(head)
    if opening and orgs and orgs[0].begin <= opening.end() + 1:
        for i in range(1, len(orgs)):
            if orgs[i].type == "Lab" and ids[i] not in registry.parent_of:
                registry.part_of(ids[i], ids[0], evidence)
    elsewhere = set()  # "together with Ana Ruiz (Kellridge University)": where she works, not the subject
    for match in _NAME_AND_NOTE.finditer(head):
        name = clean_person(match.group("name")) or clean_person(match.group("name").split(None, 1)[-1])  # "With Ana Ruiz"
        inside = {i for i, o in enumerate(orgs) if match.start("note") <= o.begin and o.end <= match.end("note")}
        # not a unit's last words ("Institute for Gravitational Physics (AEI)"), a publisher or school with its year
        within = any(o.begin < match.end("name") and match.start("name") < o.end for o in orgs) \
            or find_dates(head[match.start("note"): match.end() + 8])
        if name and inside and not within and not classify_segment(match.group("name")) and not is_role(name) \
                and not same_person(ctx.entity(subject_id).name, name):  # not "Principal Investigator (X Lab)"
            add_affiliation_note(ctx, registry, ctx.add_entity(name, "Person", evidence=evidence), match.group("note"), evidence)
            elsewhere |= inside
    degree = degree_span(head)
    # "Kellridge University (Prof. A. Veil, Dr. B. Marr)": the people there, not the writer; in a sentence about a
    # degree the brackets name its advisor ("a PhD from X (Prof. Y)"), and X stays where the writer studied
    for i, o in enumerate(orgs if not degree else ()):
        for name in filter(None, map(clean_person, (m.group("people").split(",") if (m := _TITLED_PEOPLE.match(head, o.end)) else ()))):
            ctx.add_relation(ctx.add_entity(name, "Person", evidence=evidence), "workedAt", ids[i], evidence=evidence)
            elsewhere.add(i)
    if len(elsewhere) == len(orgs) or not about:
        return [i for i in ids if i]
    plain = head
    for o in reversed(orgs):
        plain = plain[: o.begin] + " " * (o.end - o.begin) + plain[o.end:]
    study = bool(degree) or bool(_STUDY.search(plain)) or _says(plain, "study")
    work = bool(_WORK.search(_WORK_NOUN.sub(" ", plain))) or _names_role_word(plain) or _says(plain, "work")
    if _AWARD.search(head) and not _DEGREE_RECEIVED.search(head) and not (work and _POSITION_STATEMENT.search(head)):
        return list(ids)
    work = work or not study and bool(_PLACE_PREPOSITION.search(head) and _WORK_VERB_CLAUSE.search(head))
    if not (study or work):
        return list(ids)
    dates = find_date_range(head)
    start, end = (dates.start, dates.end) if dates else (None, None)
    if start is None and end not in (None, "present") and _says(head, "start"):
        start, end = end, None  # "joined X in 2015", "wurde 2015 berufen": the year it began; a degree's year is its end
    # degree sentences: the relation is study, unless the degree is a role ("PhD student" is study too)
    work_verb = _JOB_WORD.search(head) or (work and not degree and not _STUDENT_STATE.search(plain))
    predicate = "studiedAt" if study and not (work_verb and not degree) else "workedAt"
    if predicate == "workedAt" and start is None and end is None and (_PRESENT.search(head) or _says(head, "present")) \
            and not (_PAST_WORD.search(head) or _says(head, "past")):
        end = "present"
    if predicate == "studiedAt" and start is None and end is None and _CURRENT_STUDY.search(head):
        end = "present"
    role = None
    if predicate == "workedAt":
        m = _ROLE_AFTER_VERB.search(head)
        if m:
            role = m.group("role").strip()
        elif not head.isascii() or _PRONOUN.search(head) or _says(head, "first_person") or _opens_with_verb(head):
            abroad = _ROLE_AFTER_VERB_ABROAD.search(head)
            if abroad and is_role(abroad.group("role")):
                role = _without_adverbs(abroad.group("role").strip())
            elif not head.isascii():  # "南岭大学化学系教授", "北浜大学理学部の准教授": the title after the organisation
                role = next((r for r in CJK_ROLES if r in head[orgs[-1].end:]), None)
    field = field_of(head[degree[1]:]) if degree else None
    # several degrees in one clause ("a DPhil from X (2016) and an MSc from Y"): each
    # organisation takes the degree written before it, and the dates of that stretch
    degrees = _all_degrees(head) if predicate == "studiedAt" else []
    # a department before its university is studied/worked at too; all named orgs get the relation
    for i, oid in enumerate(ids):
        if orgs[i].from_award or i in elsewhere:
            continue
        if predicate == "studiedAt":
            o_degree, o_field, o_start, o_end = (degree[0] if degree else None), field, start, end
            if len(degrees) > 1:
                previous_end = max((o.end for o in orgs[:i] if o.end <= orgs[i].begin), default=0)
                mine = [d for d in degrees if previous_end <= d[1] <= orgs[i].begin]
                if len(mine) == 1:
                    d = mine[0]
                    later = [x[1] for x in degrees if x[1] > d[1]]
                    stretch = head[d[1]: later[0] if later else len(head)]
                    o_degree, o_field = d[0], field_of(head[d[1]:])
                    span = find_date_range(stretch)
                    o_start, o_end = (span.start, span.end) if span else (None, None)
                elif len(mine) > 1:
                    # "an M.S. in 2012 and a B.S. in 2010 from X": one relation, the latest end
                    years = [v for v, _, _ in find_dates(head[mine[0][1]: orgs[i].end + 12])]
                    o_degree, o_field = mine[0][0], field_of(head[mine[0][1]:])
                    o_start, o_end = None, (max(years) if years else end)
            ctx.add_relation(subject_id, "studiedAt", oid, degree=o_degree, field=o_field,
                             start=o_start, end=o_end, evidence=evidence)
        else:
            ctx.add_relation(subject_id, "workedAt", oid, role=role, start=start, end=end, evidence=evidence)
    return list(ids)
