"""Organisations in CV lines and prose: segments, types, partOf chains, registration.

>>> segs = org_chain("Soft Matter Lab, Dept. Physics, Kyoto Univ., Oct. 2016 - June, 2023")
>>> [(o.name, o.type) for o in segs]
[('Soft Matter Lab', 'Lab'), ('Department of Physics', 'Lab'), ('Kyoto University', 'University')]
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from rapidfuzz import fuzz

from kg.extract.context import ExtractContext, normalize_name
from kg.extract.dates import MONTHS, OPENING_WORD_BEFORE, find_dates
from kg.extract.gazetteer import (
    ROLES,
    CaselessPattern,
    canonical_org_name,
    classify_organization,
    data_patterns,
    data_words,
    lookup_organization,
    org_key,
    word_groups,
)
from kg.extract.models.affiliations import parse_affiliation
from kg.extract.people import is_person_name, name_stopwords
from kg.extract.text import CJK_CHAR, LEADING_THE, LETTER_WORD, PAREN_ASIDE, cached_copy
from kg.extract.venues import lookup_venue
from kg.extract.vocab import degree_of, degree_span, field_of

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow); their
# vocabularies are the kinds of ``data/org_patterns.tsv``.
_WORDS = data_patterns("org_patterns.tsv")
_ORG_NOUN = re.compile(r"\b(?:universit\w*|institut\w*|laborator\w*|lab|department|inc|corp\w*)\b", re.I)
_LEGAL_FORM_END = re.compile(r"\b(?:Inc|Ltd|Co|Corp|S\.\s?A|N\.V|Bros)$")
_LEADING_ARTICLE = re.compile(r"^(?:the(?!\s+university)|a|an)\s+", re.I)
_LOWER_THEN_CAPITAL = re.compile(r"^[a-z]+[A-Z]")
_LOWERCASE_GROUP_NAME = re.compile(r"^[a-z][\w-]*\s+(?:research\s+)?(?:group|lab|team)$")
# a verb opening prose ("Collaborating with"), not a hyphenated name ("Alfred-Wegener-Institut")
#: A capitalised verb form opening a segment ("Collaborating with ...", "Worked on ..."): two letters at least
#: before its ending, so that a name such as "Reed College" is no verb.
_PROSE_VERB_OPENING = re.compile(r"^[A-Z][a-z]{2,}(?:ing|ed)(?=\s|$)")
_CAPITALS_RUN = re.compile(r"[A-Z]{2,}")
_ACRONYM_OPENING = re.compile(r"[A-Z]{3,}(?![\w'’-])")
_NON_SPACE_RUN = re.compile(r"\S+")
#: A town after an organisation, with the word for "in" of the Romance languages ("LKTR à Brest", "CNR a Pisa").
_TRAILING_PLACE = re.compile(r"\s+(?:à|a|en|em|in)\s+[A-ZÀ-Þ][\w'’-]*(?:[\s-][A-ZÀ-Þ][\w'’-]*){0,2}$")
_LEADING_PREPOSITION = re.compile(rf"^\s*(?:(?:à l|all|dell)['’]|(?:{_WORDS['leading_preposition']})\s+)(?:the\s+)?")
_NOW_WORD = re.compile(r"\b(?:present|now|current|today)\b", re.I)
_AND_JOINER = re.compile(r"\s+(?:and|&)\s+(?:the\s+)?")
_ROLE_CONNECTOR = re.compile(r"\s+(?:at|@|in|with|of|on|from)\s+(?:the\s+)?")
_LATIN_LETTER = re.compile(r"[A-Za-z]")
_COMPANY_NAME_BEFORE = re.compile(r"([A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,3}),?\s+$")
_UNIT_WORD_END = re.compile(r"(?:\s(?:Ph\.\s?D|PhD|M\.?Sc|M\.S)\.?)?\s(?:team|group|lab|laboratory|center|centre|program|programme|department|institute)$")
_THE_NAMED_UNIT_END = re.compile(r"\bthe\s+(?:[A-Z][\w'’&.+-]*\s+){1,5}\S+$")
_AWARD_WORD = re.compile(r"\b(?:Award|Awards|Awardee|Prize|Fellowship|Scholarship|Medal|Grant)\b")
_SITE_WORD_END = re.compile(r"(?:center|centre|laboratory|lab|institute|campus)$", re.I)
_PROSE_ORG_KEYWORD = CaselessPattern(rf"\b(?:{_WORDS['prose_org_keyword']})\b|\b\w+\s+research$")
_COMMA_CAMPUS = re.compile(r",\s*([A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)")
_LEGAL_FORM_AFTER = re.compile(r",?\s+(?:Inc|Ltd|LLC|GmbH|Corp|Co|S\.A|AG|plc)\b\.?")
#: "at" in the other languages: "Gruppenleiter am X", "investigador en el Y", "ricercatore presso Z", "chercheur au W"
AT_ABROAD = _WORDS["at_abroad"]
#: How many of a segment's connectors of each kind are read, the last first: a title names its employer after one
#: of its last few ("Research Intern at X"); trying each of a run of thousands ("at ... at ...") is quadratic.
_CONNECTORS_READ = 8
_CONNECTOR_SPLITS = tuple(re.compile(rf"\s+(?:{c})\s+(?:(?:the|il|lo|la|el|der|dem)\s+|l['’])?")
                          for c in (rf"at|@|from|{AT_ABROAD}", r"in", r"with|of|on"))

__all__ = [
    "OrgMention",
    "org_chain",
    "classify_segment",
    "is_location",
    "is_role",
    "find_orgs_in_text",
    "OrgRegistry",
    "STRONG_ORG",
]

#: Words that make a phrase an organisation even when it also holds a job-title word.
STRONG_ORG = CaselessPattern(rf"\b(?:{_WORDS['strong_org']})\b")
#: The opening word of an organisation's name in the Romance languages.
_ORG_WORD_ABROAD = re.compile(r"instituto?|istituto|universi(?:dad|dade|tà|té)|escuela|escola|école|scuola|laborat[oó]rio|centro")
_ROLE_EXCEPT_RESEARCH = re.compile(r"\bresearch\s+(?:intern|scientist|engineer|assistant|associate|fellow|scholar|staff|analyst|professor)", re.I)


#: The role words written in CJK characters, longest first.
CJK_ROLES = tuple(sorted((r for r in ROLES if "\u3400" <= r[:1] <= "\u9fff"), key=len, reverse=True))
_FIELD_WORDS = data_words("field_words.txt")
#: ``kind -> words`` of ``data/org_words.tsv`` (trades, labels, bare_keywords, award_words).
_ORG_WORDS = word_groups("org_words.tsv")


_US_STATE_CODE = re.compile(r"^(?![IVX]{2}\b)(?:[A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?$")  # "Lyon II", "Paris VI": numerals


@lru_cache(maxsize=32768)
def _names_a_kind(name: str) -> bool:
    """Whether ``name`` says only what kind of organisation it is ("Technische Universität"), not which.

    >>> _names_a_kind("Technische Universität"), _names_a_kind("Technische Universität Graz")
    (True, False)
    """
    words = _ORG_WORDS
    return all(w in words["bare_keywords"] or w in words["type_words"] for w in name.lower().split())


def is_location(segment: str) -> bool:
    """Whether a segment names a place ("Beijing", "CA 94305", "USA").

    >>> is_location("Los Angeles"), is_location("CA 94305"), is_location("Google")
    (True, True, False)
    """
    text = segment.strip(" .")
    return text.lower() in data_words("locations.txt") or bool(_US_STATE_CODE.match(text))


@lru_cache(maxsize=32768)
def is_role(segment: str) -> bool:
    """Whether a segment is a job title or status ("Research Intern", "PhD Student").

    >>> is_role("Senior Software Engineer (T5)"), is_role("Nokia Bell Labs"), is_role("Research Scientist")
    (True, False, True)
    >>> is_role("Vice-President for Research"), is_role("Acting Department Chair"), is_role("Affiliate Faculty")
    (True, True, True)
    """
    lowered = segment.lower()
    # "(...)" asides removed up to the last ")" only: from each "(" of a run with no ")" after it the
    # pattern would read to the end of the segment, quadratic in its length
    closed = lowered.rfind(")") + 1
    words = LETTER_WORD.findall(PAREN_ASIDE.sub(" ", lowered[:closed]) + lowered[closed:])
    if words and not segment.isascii() and words[-1] not in ROLES and not words[-1].isascii():
        # Chinese and Japanese write titles without spaces: "博士后研究员" ends with the title "研究员"
        words[-1] = next((r for r in CJK_ROLES if words[-1].endswith(r)), words[-1])
    # "Vice-President", "Pro-Rector": a title written with a hyphen is its words
    words = [part for word in words for part in ((word,) if word in ROLES else word.split("-"))]
    if not words or not any(w in ROLES for w in words):
        return False
    if words[-1] in ("head", "chair") and len(words) <= 3 and not set(words) & _NAME_JOINERS:
        return True  # "Department Chair", "Undergraduate Program Chair": who leads a unit
    if words[-1] in ("faculty", "staff") and len(words) == 2 and words[0] in ROLES:
        return True  # "Affiliate Faculty", "Adjunct Staff": an appointment, not a faculty of a university
    if words[-1] in ROLES and words[-1] not in ("faculty", "staff", "member", "head", "chair", "lead", "principal", "partner"):
        # "Instituto Superior Técnico": a name in a language that writes its adjectives after the organisation's
        # word may end with a role's word ("University Research Fellow" is a role)
        return not (len(words) > 2 and _ORG_WORD_ABROAD.fullmatch(words[0]))
    if _ROLE_EXCEPT_RESEARCH.search(segment):
        return not _ORG_NOUN.search(segment)
    last = max(i for i, w in enumerate(words) if w in ROLES)
    if last == 0 and len(words) > 1 and not any(w[:1].isupper() for w in segment.split()[1:]):
        return True  # "Chef d'équipe projet", "Membre élu du conseil de laboratoire": a title and what it heads, no name
    rest = words[last + 1:]
    if len(rest) >= 2 and rest[0] in ("of", "de", "di", "du", "des", "der", "für") \
            and _names_a_kind(" ".join(w for w in rest[1:] if w not in _NAME_JOINERS)):
        return True  # "Catedrático de Universidad", "Profesor Titular de Universidad": a rank, no employer named
    strong = STRONG_ORG.search(segment)
    return not (strong and strong.group(0).lower() != "research")


@dataclass(frozen=True)
class OrgMention:
    """An organisation named in a text: its canonical name, the written form and type."""

    name: str
    written: str
    type: str
    known: bool
    begin: int = 0
    end: int = 0
    #: named inside an award ("NSF CAREER Award"): an entity, not an affiliation
    from_award: bool = False
    #: an unknown capitalised name taken for an organisation only by its place in a CV line
    guessed: bool = False


_GENERIC_UNIT = re.compile(
    rf"^(?:the\s+)?(?:{_WORDS['generic_unit']})\s+(?:of|for|in)\s+[a-z]|^(?:[A-Za-z&]+\s+){{1,3}}(?:department|faculty)$|"
    rf"^(?:{_WORDS['generic_unit_abroad']})\s+(?:de|di|da|do|des|du|del|della|für|d['’])\s*(?:la\s+|l['’])?\w",
    re.IGNORECASE,
)


#: a name that opens with a unit word: "Department Energy Systems Analysis", "Institute of Energy Research",
#: "Instituto de Física"; such a unit sits inside the organisation written beside it
_UNIT_WORD_FIRST = re.compile(rf"^(?:the\s+)?(?:{_WORDS['generic_unit']}|{_WORDS['generic_unit_abroad']})\b", re.I)


def is_generic_unit(name: str) -> bool:
    """A unit name that many organisations share ("Department of Physics").

    >>> is_generic_unit("Department of Economics"), is_generic_unit("Nokia Bell Labs")
    (True, False)
    """
    return bool(_GENERIC_UNIT.match(name))


# the lookahead names the characters every match starts with, which lets the engine skip to them
_SEGMENT_SPLIT = re.compile(r"(?=[\s,;|•·()\[\]:@])\s*(?:[,;|•·]|\s[-–—]\s|\(|\)|\[|\]|:\s|\s@\s?|@)\s*")
_URL = re.compile(r"(?:https?://|www\.)\S+|\b[\w.-]{1,100}\.(?:com|org|edu|net|io|ai|cn|ac\.\w\w)\b\S*", re.I)


@lru_cache(maxsize=32768)
def classify_segment(segment: str, *, context_org: bool = False) -> OrgMention | None:
    """The organisation a CV segment names, or ``None`` (role, degree, place, date, prose).

    ``context_org`` says the segment stands where the CV puts an employer or school
    (an entry's first segment): an unknown proper name there is taken for a company.
    """
    text = segment.strip(" .,;:*-–")
    while (last := text.rsplit(None, 1))[1:] and last[1].lower() in _TRAILING_JOINERS:
        text = last[0].rstrip(" .,;:*-–")  # "University of X in" (2022): a name ends with no preposition
    if _LEGAL_FORM_END.search(text) and segment.rstrip().endswith("."):
        text += "."
    text = text if degree_of(text) else _LEADING_ARTICLE.sub("", text)  # "The University of X" keeps its article; "A Levels"
    if len(text) < 2 or len(text) > 120 or text.endswith("”") and "“" not in text:
        return None  # the end of a quoted title ("Workshop: “How to Present Your Research”")
    if (not text[:1].isalpha() or text[:1].islower()) and not _LOWER_THEN_CAPITAL.match(text):
        # organisations start with a capital ("eBay" aside) or a letter of a script without capitals (Han, Arabic)
        if not (context_org and _LOWERCASE_GROUP_NAME.match(text)):
            return None
    known = lookup_organization(text, short_names=context_org)
    if known is not None:
        return OrgMention(known.name, text, known.type, True)
    if is_location(text) or lookup_venue(text) or _VENUE_OR_EVENT.search(text):
        return None  # a journal an editor or referee serves ("Physical Review D") or a summer school employs nobody
    if context_org and _AWARD_END.search(text) and not STRONG_ORG.search(text):
        return None  # "Marie Skłodowska-Curie Individual Fellowship, Institute X": what one holds there, not where
    words_all = text.split()
    if len(words_all) > 8 and not (len(words_all) <= 12 and STRONG_ORG.search(text) and all(
            w[:1].isupper() or w in _NAME_JOINERS for w in words_all)):
        return None  # prose; a long name ("Max Planck Institute for the Physics of Complex Systems") is title-cased
    # "Uppsala University Uppsala": a place written after the name; not the campus of a system ("University of
    # Maryland Easton") nor the place a German name ends with ("Hochschule für Musik Arnsdorf")
    for cut in (1, 2):
        # "University of Iceland": a place after a joiner is the name's own end, not a trailing place
        if len(words_all) > cut + 1 and words_all[-cut - 1].lower() not in _NAME_JOINERS and is_location(place := " ".join(words_all[-cut:])) \
                and (place in words_all[:-cut] or not _ORG_WORDS["place_after"] & {w.lower() for w in words_all[:-cut]}):
            inner = classify_segment(" ".join(words_all[:-cut]), context_org=context_org)
            if inner is not None and (inner.known or STRONG_ORG.search(inner.name) or _ACRONYM_OPENING.fullmatch(inner.name)) \
                    and not _names_a_kind(inner.name) and not _SYSTEMS.match(inner.written):
                return inner
    if (place := _TRAILING_PLACE.search(text)) and (inner := classify_segment(text[:place.start()], context_org=context_org)) \
            and (inner.known or inner.type == "University" or _ACRONYM_OPENING.fullmatch(inner.name)) and not _SYSTEMS.match(inner.written):
        return inner  # "Norvale State University in Tarnby", "LKTR à Brest": where a university or an acronym's body is
    if _PROSE_VERB_OPENING.match(text) and not lookup_organization(words_all[0]):
        return None  # "Collaborating with ...", "Did research ..."
    # "Siemens Healthineers", "Nokia Research Europe": a unit named after a known organisation
    if len(words_all) >= 2 and not STRONG_ORG.search(text) and not _PRODUCT_END.search(text):
        for cut in (2, 1):
            if len(words_all) > cut:
                head = lookup_organization(" ".join(words_all[:cut]))
                if head is not None and head.type == "Company" and not is_role(text):
                    if is_location(" ".join(words_all[cut:])):
                        return OrgMention(text, text, "Company", False)  # a national office ("Acme Japan")
                    return OrgMention(canonical_org_name(text), text, "Lab", False)
    if degree_of(text) and (not STRONG_ORG.search(text) or _degree_and_field(text)):
        return None
    if text.lower() in name_stopwords() or text.lower() in _ORG_WORDS["labels"] or text.lower() in MONTHS or is_role(text) \
            or _GOVERNING_BODY.fullmatch(text):
        return None  # "May" of "May-June 2019", "Avril" of "Avril-Juin 2019"; a board alone ("Bureau (secrétaire)")
    canonical = canonical_org_name(text)
    org_type = classify_organization(canonical, default="")
    words = canonical.split()
    if org_type:
        if org_type in ("Company", "Institute") and len(words) >= 2 and all(w.islower() and w not in _NAME_JOINERS for w in words[1:]) \
                and (org_type == "Company" or not classify_organization(words[0], default="")):
            return None  # "Systems engineering", "Debian server administration": a topic or duty ("Instituto tecnológico" stays)
        if org_type == "Lab" and len(words) >= 3 and words[1].lower() == "school" and is_location(words[0]):
            org_type = "University"  # "Stockholm School of Economics": a school named after its city stands alone
        return OrgMention(canonical, text, org_type, False)
    if context_org and 1 <= len(words) <= 6 and all(w[:1].isupper() or w[:1].isdigit() or w.lower() in ("of", "and", "&", "for", "de") for w in words):
        if is_person_name(canonical) and not _CAPITALS_RUN.search(canonical) \
                and words[-1].lower() not in _ORG_WORDS["trades"]:
            return None  # a person; "Nimbus Robotics", "Helix Genomics" have a person's shape too
        if any(c.isdigit() for c in canonical):
            return None  # "T11", "Q3": grades and codes, not employers
        if all(w.lower() in _FIELD_WORDS or w.lower() in _NAME_JOINERS for w in words):
            return None  # "Applied Linguistics": a field of study
        return OrgMention(canonical, text, "Company", False, guessed=True)
    return None


_BODY = re.compile(r"\b(?:Academy|Academies|Society|Council|Agency|Ministry|Foundation|Organi[sz]ation)\b")


def contains_units(mention: OrgMention) -> bool:
    """Whether an organisation is one that departments and institutes are part of (a university,
    a company, an academy or society of institutes), not itself a unit ("Student Association")."""
    return not is_generic_unit(mention.name) and (
        mention.type in ("University", "Company") or (mention.type == "Institute" and bool(_BODY.search(mention.name))))


def _degree_and_field(text: str) -> bool:
    """"BSc in Laboratory Medicine": a degree and then only its field, whatever words the field has."""
    span = degree_span(text)
    field = field_of(text) if span and span[1] == 0 else None
    return bool(field) and text.rstrip(" .").endswith(field)


_NAME_JOINERS = frozenset({"of", "for", "the", "and", "&", "in", "on", "de", "des", "du", "la", "di", "der", "für", "y"})
_PRODUCT_END = re.compile(rf"\b(?:{_WORDS['product_end']})$", re.I)


#: the fields a unit's name lists after "of"/"for", the last after "and", in the languages of the vocabulary:
#: "Department of Earth, Ocean and Atmospheric Sciences", "Institute of Cultural, Cognitive, and Linguistic
#: Studies", "Dipartimento di Scienze Agrarie, Alimentari e Ambientali"
_SERIES_AND = r"(?:and|&|e|y|et|und|i)"
_FIELD_SERIES = re.compile(
    r"\b(?:of|for|di|de|des|du|für|do|da|della|del)\s+(?P<items>[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*){0,2}"
    r"(?:,\s+[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*){0,2})*),?"
    rf"\s+{_SERIES_AND}\s+[A-ZÀ-Þ][\w'’-]*(?:\s+[A-ZÀ-Þ][\w'’-]*){{0,2}}")
_SERIES_HINT = re.compile(rf"\s{_SERIES_AND}\s")


def field_series(text: str) -> list[tuple[int, int]]:
    """The spans of :data:`_FIELD_SERIES` whose listed words are no place ("University of Oslo, Norway and ...") nor
    organisation: ``field_series("Master of Arts, History, X Institute and State University") == []``."""
    return [m.span() for m in _FIELD_SERIES.finditer(text) if "," in m.group("items") or re.search(rf",\s+{_SERIES_AND}\s", m.group(0))
            if not any(is_location(item.strip()) or STRONG_ORG.search(item) for item in m.group("items").split(","))]


@lru_cache(maxsize=16384)
def segments(text: str) -> tuple[tuple[str, int], ...]:
    """``(segment, offset)`` pieces of a CV line split at commas, bars, dashes and brackets; the commas of
    a unit's list of fields ("Faculty of Technology, Policy and Management") split nothing.

    >>> [s for s, _ in segments("Faculty of Technology, Policy and Management, Quillon University")]
    ['Faculty of Technology, Policy and Management', 'Quillon University']
    """
    out, start = [], 0
    series = field_series(text) if "," in text and _SERIES_HINT.search(text) else []
    for match in _SEGMENT_SPLIT.finditer(text):
        if any(b < match.start() < e for b, e in series):
            continue
        if match.start() > start:
            out.append((text[start:match.start()], start))
        start = match.end()
    if start < len(text):
        out.append((text[start:], start))
    cleaned = []
    for piece, at in out:
        # CJK CVs separate their fields with spaces
        split = [(m.group(0), at + m.start()) for m in _NON_SPACE_RUN.finditer(piece)] \
            if CJK_CHAR.search(piece) and " " in piece.strip() else [(piece, at)]
        for seg, offset in split:
            lead = _LEADING_PREPOSITION.match(seg)
            if lead and seg[lead.end():lead.end() + 1].isupper():
                seg, offset = seg[lead.end():], offset + lead.end()
            if seg.strip():
                cleaned.append((seg, offset))
    return tuple(cleaned)


@lru_cache(maxsize=16384)
def run_together(text: str) -> tuple[tuple[str, int], ...]:
    """Organisations written one after another without a comma, innermost first, as ``(name,
    offset)``: the units the affiliation model (:mod:`kg.extract.models.affiliations`) finds,
    each one an organisation. Empty when the text is one name (or none).

    >>> [n for n, _ in run_together("Department of Chemistry University of Toronto")]
    ['Department of Chemistry', 'University of Toronto']
    >>> [n for n, _ in run_together("Catalysis Group at Acme Petrochem Corp")], run_together("University of Toronto")
    (['Catalysis Group', 'Acme Petrochem Corp'], ())
    """
    if text.count(" ") < 2 or not STRONG_ORG.search(text) or lookup_organization(text):
        return ()
    units = parse_affiliation(text).units
    if len(units) < 2 or any(u.part_of is not None and u.part_of < i for i, u in enumerate(units)):
        return ()  # a unit written after its parent's name is named by both ("UW College of Engineering")
    if any(classify_segment(unit.name, context_org=False) is None for unit in units):
        return ()
    return tuple((unit.name, unit.start) for unit in units)


@cached_copy(32768)
def org_chain(text: str, *, context_org: bool = True) -> list[OrgMention]:
    """The organisations of a CV line, innermost first ("Lab, Dept., University").

    Dates, URLs, places, roles and degrees are skipped.
    """
    cleaned = text
    for _, begin, end in reversed(find_dates(text)):
        # "Dal 2021", "Entre 2015 e 2019": no organisation "Dal" (a word just before the date: a short look back)
        since = OPENING_WORD_BEFORE.search(cleaned, max(0, begin - 30), begin)
        begin = since.start() if since else begin
        cleaned = cleaned[:begin] + "," + " " * (end - begin - 1) + cleaned[end:]
    return _blanked_chain(_NOW_WORD.sub(",", cleaned), context_org)


@lru_cache(maxsize=32768)
def _blanked_chain(cleaned: str, context_org: bool) -> list[OrgMention]:
    """The rest of :func:`org_chain`, on a line whose dates are blanked out (offsets kept): cached
    apart, so that lines that differ only in their dates are read once."""
    cleaned = _URL.sub(lambda m: "," + " " * (len(m.group(0)) - 1), cleaned)
    out: list[OrgMention] = []
    pieces = _merge_campus(segments(cleaned))
    # pieces[:free_upto] are each a role, a place or nameless; grown as needed (asking anew for every
    # piece read the line's pieces once per piece: quadratic on a line of thousands of dates)
    free_upto = 0
    for i, (seg, offset) in enumerate(pieces):
        if cleaned[offset + len(seg): offset + len(seg) + 2].startswith(":") and not (  # not "2013: X College: Postdoc"
                i + 1 < len(pieces) and is_role(pieces[i + 1][0]) and classify_segment(seg, context_org=False)):
            seg = seg.rpartition(". ")[0]  # "University of Oxford. Thesis: ...": the sentence before a label
            if not seg.strip():
                continue  # a label ("Dissertation: ...")
        if out and i + 1 < len(pieces) and _US_STATE_CODE.match(pieces[i + 1][0].strip(" .")) \
                and getattr(classify_segment(seg, context_org=False), "type", None) == out[-1].type:
            continue  # "Pennsylvania State University, University Park, PA": the town before its state, no second university
        if (stop := seg.rfind(". ")) > 0 and degree_of(seg[:stop]) and seg[stop + 2:stop + 3].isupper() and classify_segment(seg[stop + 2:]):
            offset, seg = offset + stop + 2, seg[stop + 2:]  # "Doctor en Física. Universidad de X": a sentence each
        lead = degree_span(seg)
        after_degree = False
        if lead and lead[1] == 0 and seg[lead[2]:lead[2] + 1].isspace():
            rest = seg[lead[2]:].lstrip()
            if rest[:1].isupper() and classify_segment(_AND_JOINER.split(rest, maxsplit=1)[0], context_org=False):
                # "Ph.D. University of Edinburgh": a degree written before its school, no comma between
                offset += len(seg) - len(rest)
                seg, after_degree = rest, True
        elif (opening := _KEYWORD_OPENING.search(seg)) and is_role(title := seg[: opening.start()]) and not _TITLE_JOINED.search(title) \
                and title.lower() not in _ORG_WORDS["unit_openers"] \
                and classify_segment(unit := seg[opening.end()].upper() + seg[opening.end() + 1:], context_org=False):
            # "Maître de conférences Université X", "Stagiaire centre X": title, employer; not "Member of the X Group"
            offset, seg = offset + opening.end(), unit
        # "Intern at X" / "PhD student in the Y" / "Professor of Economics at the Z"
        target, shift, mention = seg, 0, None
        if not lookup_organization(seg):
            # each place a connector stands, the last first ("Licenciado en Química por la Universidad de X")
            for at, inside, sub in ((c is _CONNECTOR_SPLITS[0], c is _CONNECTOR_SPLITS[1], [seg[:m.start()], seg[m.end():]])
                                    for c in _CONNECTOR_SPLITS for m in reversed(list(c.finditer(seg))[-_CONNECTORS_READ:])):
                # "Diplom Mathematik an der Universität X": after a degree, what stands before "at" is its field
                if is_role(sub[0]) or degree_of(sub[0]) or (after_degree and at and not classify_segment(sub[0], context_org=False)):
                    if (not is_role(sub[0]) and field_of(seg) == sub[1].strip(" .,") or inside and degree_of(sub[0])
                            and not STRONG_ORG.search(sub[1])) and not lookup_organization(sub[1]):
                        break  # "Certificate IV in Laboratory Techniques", "PhD Candidate in Business Administration": a field
                    # "Stagiaire au LSEET", "Intern at the EPNS": an acronym after "at" names the employer
                    candidate = classify_segment(sub[1], context_org=at and bool(_ACRONYM_OPENING.match(sub[1])))
                    if candidate is not None:
                        target, shift = sub[1], seg.find(sub[1])
                        mention = None if _AND_JOINER.search(sub[1]) else candidate
                        break
            else:
                sub = _ROLE_CONNECTOR.split(seg, maxsplit=1)
                if len(sub) == 2 and (is_role(sub[0]) or degree_of(sub[0])):
                    target, shift = sub[1], seg.find(sub[1])
        together, named = run_together(target), False
        if not together and len(halves := _AND_JOINER.split(target)) == 2 and all(
                (_CAPITALS_RUN.search(h) or lookup_organization(h)) and classify_segment(h, context_org=True) for h in halves) \
                and not all(classify_segment(h, context_org=True).guessed for h in halves):  # not "GPUs and FPGAs"
            together, named = ((halves[0], 0), (halves[1], target.rindex(halves[1]))), True  # "TU Tarnow and Fraunhofer QXM"
        if together:
            for name, at in together:
                begin = offset + shift + at
                out.append(replace(classify_segment(name, context_org=named), begin=begin, end=begin + len(name)))
            continue
        if mention is None:
            first_free = context_org and shift == 0 and not out
            while first_free and free_upto < i and (is_role(p := pieces[free_upto][0]) or is_location(p)
                                                    or not _LATIN_LETTER.search(p)):
                free_upto += 1
            first_free = first_free and free_upto >= i
            mention = classify_segment(target, context_org=first_free)
            if mention is not None and mention.guessed and i and cleaned[:offset].rstrip().endswith("(") \
                    and is_role(pieces[i - 1][0]):
                mention = None  # "Ricercatrice (RTD-B)": the role's short form, no employer
        if mention is not None:
            begin = offset + shift
            out.append(replace(mention, begin=begin, end=begin + len(target)))
    # "海洋数据实验室 (OD Lab)": the Latin name in brackets after a CJK organisation is the same organisation, and so is
    # the acronym in brackets of the name before it ("Karlsruher Institut für Technologie (KIT)")
    out = [m for j, m in enumerate(out) if not (j and cleaned[out[j - 1].end:m.begin].strip() == "(" and (
        CJK_CHAR.search(out[j - 1].name) and not CJK_CHAR.search(m.name)
        or "".join(w[0] for w in _CAPITALISED_WORD.findall(out[j - 1].written)) == m.written))]
    out = [part for m in out for part in _with_glued_university(m)]
    if len(out) > 1 and all(CJK_CHAR.search(m.name) for m in out) and out[-1].type != "University":
        out.reverse()  # CJK writes the larger organisation first ("清华大学 计算机系"), unless "实验室/大学"
    return out


_CAPITALISED_WORD = re.compile(r"(?<![\w'’])[A-ZÀ-Þ][\w'’-]*")
#: The space before an organisation's keyword that opens its name ("... Université X"), and what joins a title to a name.
_KEYWORD_OPENING = re.compile(rf"\s+(?=(?:{'|'.join(sorted(_ORG_WORDS['bare_keywords'], key=len, reverse=True))})\b)", re.I)
_TITLE_JOINED = re.compile(rf"\s(?:the|at|@|from|{AT_ABROAD})\s", re.I)
#: A university's CJK name opening a longer name ("東北大学" in "東北大学理学部物理学科"); not a sentence's "现任职于X" (at X).
_GLUED_UNIVERSITY = re.compile(r"[^\s\W\d_a-zA-Z于]+?(?:大学|大學)(?=[^\s\W\d_a-zA-Z])")


def _with_glued_university(mention: OrgMention) -> tuple[OrgMention, ...]:
    """The mention, after the university its CJK name opens with ("東北大学" before "東北大学理学部"), which holds it."""
    if mention.type == "University" or not (glued := _GLUED_UNIVERSITY.match(mention.name)):
        return (mention,)
    return replace(mention, name=glued.group(0), written=glued.group(0), type="University"), mention


_SYSTEMS = re.compile(rf"^(?:the\s+)?(?:University of|Universi(?:dad|dade|té|tà) d[eiu]) (?:{_WORDS['university_system_state']})$"
                      rf"|^(?:{_WORDS['university_system']})$", re.I)


def _is_campus(name: str, after: str) -> bool:
    """Whether ``after`` (written after a comma) is the campus of ``name``, a university system's name.

    >>> _is_campus("Universidad de California", "Davis"), _is_campus("Uppsala University", "Uppsala")
    (True, False)
    """
    return bool(_SYSTEMS.match(name)) and len(after.split()) <= 3 and not any(c.isdigit() for c in after)


def _merge_campus(pieces: tuple[tuple[str, int], ...]) -> list[tuple[str, int]]:
    """Join "University of California" and "Davis" back into one organisation name, and a company's
    name and its legal form ("Acme Widgets, Inc.")."""
    out: list[tuple[str, int]] = []
    i = 0
    while i < len(pieces):
        seg, offset = pieces[i]
        if i + 1 < len(pieces):
            nxt = pieces[i + 1][0].strip()
            joined = f"{seg.strip()}, {nxt}"
            if lookup_organization(joined) or _is_campus(seg.strip(), nxt) or _LEGAL_FORM_AFTER.fullmatch(" " + nxt):
                out.append((joined, offset))
                i += 2
                continue
        out.append((seg, offset))
        i += 1
    return out


# -- organisations in prose -------------------------------------------------------------------
#: a capitalised word of an organisation's name, or one that starts with digits ("3M", "23andMe"); a digit
#: run is tried from its first digit only (from each of its digits, a long run costs its length squared)
_CAP = rf"(?!(?:{_WORDS['not_name_opening']})\b)(?:[A-Z\u00C0-\u024F\u0386-\u03AB\u0400-\u042F](?:[\w'’&.+-]|–(?=[A-Z]))*|(?<![0-9])[0-9]+[A-Za-z][\w-]*)"
_CONNECT = rf"(?:{_WORDS['name_connector']})"
_PHRASE = re.compile(
    rf"(?<!\w)(?:(?:[Tt]he)\s+)?{_CAP}(?:[ \t]+(?:(?:{_CONNECT}[ \t]+){{1,2}}(?:the[ \t]+|d['’])?|d['’])?{_CAP})*(?:[ \t]+(?:team|group|lab|laboratory|center|centre|program|programme|department|institute))?"
)


#: The lower-case words of a unit's field after its unit word ("Avdelningen" + " för tillämpad matematik",
#: "Dipartimento" + " di ingegneria civile e ambientale"): up to five, none a word that goes on with the sentence.
_FIELD_WORD = rf"(?!(?:{_WORDS['not_a_field_word']})(?![\w-]))[a-zß-öø-ÿ][\w-]*"
_LOWER_CASE_FIELD = re.compile(
    rf"[ \t]+(?:{_WORDS['lower_case_field_of']})[ \t]+{_FIELD_WORD}"
    rf"(?:[ \t]+(?:(?:{_WORDS['lower_case_field_join']})[ \t]+)?{_FIELD_WORD}){{0,4}}(?![\w-])")
_LOWER_CASE_FIELD_UNIT = CaselessPattern(rf"(?<![\w-])(?:{_WORDS['lower_case_field_unit']})$")
#: "Université de Tarnow" + " 5": the number of one of a city's universities ("Université Lyon 1", "Universidad de Paris 5").
_NUMBERED_UNIVERSITY = re.compile(r"\bUniversi\w*\b.*\s[A-ZÀ-Þ][\w-]+$")
_SCHOOL_NUMBER = re.compile(r"[ \t]+(?:[1-9]\d?|[IVX]{1,4})(?!\w|[.,]\d)")
#: "Sundsvik" + " universitet": a Nordic school's noun after its place's capitalised words.
_LOWER_CASE_SCHOOL_END = re.compile(rf"[ \t]+(?:{_WORDS['lower_case_school_end']})(?![\w-])")


@cached_copy(32768)
def find_orgs_in_text(text: str) -> list[OrgMention]:
    """Organisations named in a sentence: capitalised phrases that are known or have an
    organisation keyword, trimmed at prepositions when the whole phrase is not one.

    >>> [o.name for o in find_orgs_in_text("I was a Visiting Fellow in the Department of Linguistics at the University of Vienna in 2014.")]
    ['Department of Linguistics', 'University of Vienna']
    >>> [o.name for o in find_orgs_in_text("Hon forskar vid Avdelningen för tillämpad matematik vid Sundsvik universitet sedan 2019.")]
    ['Avdelningen för tillämpad matematik', 'Sundsvik universitet']
    """
    out: list[OrgMention] = []
    series, covered = field_series(text) if "," in text and _SERIES_HINT.search(text) else [], 0
    for match in (m for m in _PHRASE.finditer(text) if m.end() > covered):
        # a unit that lists its fields with commas is one ("Department of Electronics, Information and Bioengineering")
        begin = max(match.start(), covered)
        covered = next((end for start, end in series if begin <= start < match.end() < end), match.end())
        phrase = text[begin:covered]
        # a name that goes on in lower case: a unit's field in the Nordic languages and Italian, a Nordic school's noun
        tail = (_LOWER_CASE_FIELD.match(text, match.end()) if _LOWER_CASE_FIELD_UNIT.search(phrase) else None) \
            or _LOWER_CASE_SCHOOL_END.match(text, match.end()) or _NUMBERED_UNIVERSITY.search(phrase) and _SCHOOL_NUMBER.match(text, match.end())
        phrase = text[begin:tail.end()] if tail else phrase
        noun = _NOUN_BEFORE_GENITIVE.match(phrase)
        if noun and not classify_segment(noun.group(1)) and not STRONG_ORG.search(noun.group(1)):
            # "Teil des Instituts für X": a German noun before the organisation it is of
            phrase, begin = phrase[noun.end():], begin + noun.end()
        lead = ROLE_OF_UNIT.search(phrase)
        if lead is not None and len(phrase[: lead.start()].split()) <= 4 and is_role(phrase[: lead.start()]):
            # "Profesor Asociado del Departamento de X": the title before the unit it is of
            phrase, begin = phrase[lead.end():], begin + lead.end()
        if _LEGAL_FORM_AFTER.fullmatch(" " + phrase):
            owner = _COMPANY_NAME_BEFORE.search(text[:begin])
            if owner:
                written = text[owner.start():match.end()]
                out.append(OrgMention(written, written, "Company", False, owner.start(), match.end()))
            continue
        suffix = _UNIT_WORD_END.search(phrase)
        if suffix and not _THE_NAMED_UNIT_END.search(text[: begin + len(phrase)]):
            phrase = phrase[: suffix.start()]
        award = _AWARD_WORD.search(phrase)
        if award:
            trimmed = _trim_award(phrase[: award.end()])
            if not trimmed:
                continue
            phrase = trimmed
        for piece, offset in _org_pieces(phrase):
            mention = _prose_org(piece, text, begin + offset)
            if mention is not None:
                if award:
                    mention = replace(mention, from_award=True)
                out.append(mention)
    return out


#: "of the" between a title and the unit it is of ("Profesor Asociado del Departamento X", "Professore della Scuola Y").
ROLE_OF_UNIT = re.compile(r"\s(?:del|della|dello|dell['’]|of\s+the)\s*(?=[A-ZÀ-Þ])")
#: "of the" before a school, the genitive of a unit's name: "Institute X of the University Y", "Instituto X da Universidade Y".
_OF_THE_SCHOOL = re.compile(r"\s(?:of\s+the|van\s+de|van\s+het|da|do|della|de\s+la|del|der|des)\s+(?=(?:Univers|Hochschule|Technische\s+Univers))"
                            r"|\sdell['’](?=Univers)")
#: The prepositions and articles a name never ends with: the words before a date a segment was cut at.
_TRAILING_JOINERS = frozenset("in at of from on the and since de en em à der im am seit desde depuis dal dès".split())
#: A capitalised noun and a genitive article opening a phrase ("Teil des", "Mitglied der").
_NOUN_BEFORE_GENITIVE = re.compile(r"^([^\W\d_]+)\s+(?:des|der)\s+(?=[A-ZÀ-Þ])")
#: "and" before a capitalised word, in the languages of the vocabularies.
_AND_BEFORE_CAPITAL = re.compile(r"\s(?:and|e|y|et|und|en)\s(?=[A-ZÀ-Þ])")
#: "at"/"in" between two organisations of a sentence, read as the comma an affiliation string writes there
_PROSE_CONNECTOR = re.compile(r"\s(?:at|in|en|@)\s(?:the\s|(?-i:la|el|le|les|los|las)\s|(?-i:l)['’])?", re.I)


#: "University of Texas at Austin": a university named for a state or region, then its campus's town
_CAMPUS_AT = re.compile(r"\s+at\s+")
_NAMED_FOR_A_PLACE = re.compile(r"(?:State\s+)?University\s+of\s+[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+)?")
#: The text between two commas, without the spaces around it.
_COMMA_FREE_TEXT = re.compile(r"[^,\s](?:[^,]*[^,\s])?")


def _org_pieces(phrase: str):
    """The organisations of a capitalised phrase as ``(piece, offset)``, with "at" and "in" read as
    the commas an affiliation string writes there. A part that names nothing alone joins the
    organisation after it or before it (:func:`_joins`); a part is then a known organisation whole,
    or the units the affiliation model finds in it ("Lab X Department of Y"), a unit that names no
    organisation alone joined to its neighbour ("UW Allen" of "UW Allen School of X"), or, when no
    unit names one, the part itself.

    >>> [p for p, _ in _org_pieces("Robotics Lab at the University of Xanadu Fairbanks in Peru")]
    ['Robotics Lab', 'University of Xanadu Fairbanks', 'Peru']
    >>> [p for p, _ in _org_pieces("Institute for Soil Science in Ecology at the Vision Studies in Biology Department")]
    ['Institute for Soil Science in Ecology', 'Vision Studies in Biology Department']
    """
    phrase = phrase.rstrip(" .,'’")  # a sentence's full stop is no part of a name, and the model reads it as one
    for joint in _AND_BEFORE_CAPITAL.finditer(phrase):
        rest = phrase[joint.end():]
        if len(rest) <= 60 and (is_role(rest) or degree_of(rest) or rest.lower() in _ORG_WORDS["bare_keywords"]) \
                and not _PROSE_CONNECTOR.search(rest):
            # "Instituto X e Professor Auxiliar", "University of X and Master’s degree", "Université X et
            # Observatoire" (a keyword before its lower-case words: "Observatoire océanologique")
            phrase = phrase[: joint.start()]
            break
    commas = _PROSE_CONNECTOR.sub(lambda m: "," + " " * (len(m.group(0)) - 1), phrase)
    commas = _OF_THE_SCHOOL.sub(lambda m: "," + " " * (len(m.group(0)) - 1), commas)
    role = _ROLE_PREFIX.match(commas)  # "Visiting Researcher on the X team": the model reads the name alone
    commas = " " * role.end() + commas[role.end():] if role and is_role(role.group(1)) else commas
    parts = [[m.start(), m.end(), False] for m in _COMMA_FREE_TEXT.finditer(commas)]  # [start, end, joined]
    for i in range(len(parts) - 1, 0, -1):
        part, before = commas[parts[i][0]:parts[i][1]], commas[parts[i - 1][0]:parts[i - 1][1]]
        between = phrase[parts[i - 1][1]:parts[i][0]]
        # "Institute for X in Oncology", "Center in Wuxi"; a name that starts after "the" and goes on past "in"
        # ("... at the Vision Studies in Biology Department")
        if _joins(part, before, before=True) or _CAMPUS_AT.fullmatch(between) \
                and _NAMED_FOR_A_PLACE.fullmatch(LEADING_THE.sub("", before)) and is_location(part) \
                or (i == 1 or "the" in phrase[parts[i - 2][1]:parts[i - 1][0]].lower().split()) \
                and between.split()[0].lower() == "in" and _joins(before, part):
            parts[i - 1][1:] = parts[i][1], True
            del parts[i]
    units = parse_affiliation(commas).units
    for at, end, joined in parts:
        name, spans = commas[at:end], []
        words = name.split()  # "University of Texas Dallas": a system and its campus, one name
        campus = any(_is_campus(" ".join(words[:k]), " ".join(words[k:])) for k in range(max(2, len(words) - 3), len(words)))
        for unit in () if joined or campus or lookup_organization(LEADING_THE.sub("", name)) else units:
            if not (at <= unit.start and unit.end <= end):
                continue
            if spans and not lookup_organization(unit.name) and not (
                    _prose_type(commas[spans[-1][0]:spans[-1][1]]) and _prose_type(unit.name)):
                spans[-1][1] = unit.end
            else:
                spans.append([unit.start, unit.end])
        if not any(_prose_type(commas[b:e]) for b, e in spans):
            spans = [[at, end]]
        spans[0][0] = at  # words before the first unit are its own ("Journal of the X"); a role there is cut later
        for b, e in spans:
            joint = _AND_JOINER.search(phrase, b, e)
            if joint and not lookup_organization(phrase[b:e]) and (
                    lookup_organization(phrase[b:joint.start()]) or lookup_organization(phrase[joint.end():e])
                    or (joint.group(0).endswith("the ") and _prose_type(phrase[b:joint.start()]) and _prose_type(phrase[joint.end():e]))):
                # "X and Y", one known; "X and the Y", both organisations
                yield from ((phrase[b:joint.start()], b), (phrase[joint.end():e], joint.end()))
            else:
                yield phrase[b:e], b


def _joins(part: str, neighbour: str, *, before: bool = False) -> bool:
    """Whether a part of a phrase is a piece of the organisation ``neighbour`` names, after it
    (``before``: the neighbour stands before the part) or before it: words that name nothing
    alone, no role or degree ("Institute for X in Oncology", "University of X at Chapel Hill"),
    or a place after a site ("Center in Wuxi").

    >>> _joins("Oncology", "Institute for Data Science", before=True), _joins("Peru", "University of Xanadu", before=True)
    (True, False)
    """
    if not (_prose_type(neighbour) or lookup_organization(neighbour)):
        return False
    if is_location(part) or _DATE_WORD.search(part):
        return before and bool(_SITE_WORD_END.search(neighbour)) and not _DATE_WORD.search(part)
    return not (_prose_type(part) or is_role(part) or degree_of(part) or lookup_organization(part))


_DATE_WORD = re.compile(
    r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s|$)|\b(?:19|20)\d\d\b", re.I
)


_VENUE_OR_EVENT = re.compile(rf"^(?:{_WORDS['venue_start']})\b|\b(?:{_WORDS['event_name']})\b|(?:{_WORDS['venue_inside']})", re.I)


@lru_cache(maxsize=32768)
def _prose_type(phrase: str) -> str | None:
    text = LEADING_THE.sub("", phrase.strip(" .,'’"))
    if not text or len(text) < 2 or _VENUE_OR_EVENT.search(text):
        return None
    known = lookup_organization(text)
    if known:
        return known.type
    if is_location(text) or is_role(text) or not _PROSE_ORG_KEYWORD.search(text):
        return None
    words = text.split()
    if len(words) == 1 and words[0].lower() in _ORG_WORDS["bare_keywords"]:
        return None  # "École" of "École normale supérieure" cut at its lower-case words
    return classify_organization(canonical_org_name(text), default="") or None


_AWARD_END = re.compile(rf"\b(?:{_WORDS['award_end']})$", re.I)
#: A governing board before the organisation it governs ("Board of Trustees of the X"), or alone.
_GOVERNING_BODY = re.compile(rf"^(?:the\s+)?(?:{_WORDS['governing_body']})(?:$|\s+(?:of|de|di|du|des|der|van|del)\s+(?:the\s+)?)", re.I)
#: the words before the first "of/at/in/on (the)": a role there ("Visiting Researcher on the X team") is no name's part
_ROLE_PREFIX = re.compile(r"^((?:[\w-]+\s+){1,4}?)(?:of|at|in|on)\s+(?:the\s+)?", re.I)


def _trim_award(piece: str) -> str | None:
    """"KTH School of Engineering Sciences Teaching Prize" -> "KTH School of Engineering Sciences"."""
    words = piece.split()
    while words and (_AWARD_END.search(words[-1]) or words[-1].lower() in _ORG_WORDS["award_words"]):
        words.pop()
    while words:
        rest = " ".join(words)
        if lookup_organization(rest) or (_prose_type(rest) and not _AWARD_END.search(rest)):
            return rest
        words.pop()
        while words and words[-1].lower() in _ORG_WORDS["award_words"]:
            words.pop()
    return None


def _prose_org(piece: str, text: str, begin: int) -> OrgMention | None:
    # no award word: find_orgs_in_text cut the phrase before its first one (_trim_award)
    piece = piece.strip(" .,'’")
    prefix = _ROLE_PREFIX.match(piece)
    if prefix and is_role(prefix.group(1)):
        begin += prefix.end()
        piece = piece[prefix.end():]
    body = _GOVERNING_BODY.match(piece)
    if body:  # the board governs the organisation named after it (a board alone names none)
        begin += body.end()
        piece = piece[body.end():]
    if _AWARD_END.search(piece):
        trimmed = _trim_award(piece)
        if not trimmed:
            return None
        piece = trimmed
    lead = LEADING_THE.match(piece)
    written = piece[lead.end():] if lead and not lookup_organization(piece) else piece
    org_type = _prose_type(written) if not (written[:1].islower() and " " not in written) else None
    if not org_type:
        return None  # "responsable d'équipe": a lower-case word alone names no organisation
    # "University of California, Berkeley": extend over a campus written after a comma
    tail = _COMMA_CAMPUS.match(text[begin + len(piece):])
    if tail:
        longer = f"{written}, {tail.group(1)}"
        known = lookup_organization(longer)
        if known:
            return OrgMention(known.name, longer, known.type, True, begin, begin + len(piece) + tail.end())
    known = lookup_organization(written)
    if known:
        return OrgMention(known.name, written, known.type, True, begin, begin + len(piece))
    return OrgMention(canonical_org_name(written), written, org_type, False, begin, begin + len(piece))


# -- registration -------------------------------------------------------------------------------
# "Sainsbury Laboratory": a laboratory named after someone or something holds labs of its own
_CONTAINER = re.compile(rf"\b(?:{_WORDS['container']})\b|^(?:department|school|faculty|college|division)\b"
                        rf"|^(?!.*[{_WORDS['cjk_verb']}])\S*(?:{_WORDS['container_cjk']})$", re.I)


class OrgRegistry:
    """Adds organisations to an :class:`ExtractContext`, keeping same-named units of
    different parents apart ("Department of Physics" of two universities) and linking
    ``partOf`` chains.
    """

    def __init__(self, ctx: ExtractContext):
        self.ctx = ctx
        self.parent_of: dict[str, str] = {}
        self._units: dict[tuple[str, str | None], str] = {}

    def add(self, mention: OrgMention, evidence, parent_id: str | None = None) -> str:
        """The entity id of an organisation mention (added or merged)."""
        ctx = self.ctx
        aliases = [mention.written] if normalize_name(mention.written) != normalize_name(mention.name) else []
        if is_generic_unit(mention.name):
            key = org_key(mention.name)
            if (key, parent_id) in self._units:
                entity_id = self._units[(key, parent_id)]
                ctx.add_entity(ctx.entity(entity_id).name, mention.type, aliases=aliases, evidence=evidence)
                return entity_id
            # a near-identical unit of the same parent ("Dept. CS" / "Department of Computer Science and Technology")
            for (k, p), eid in self._units.items():
                if p == parent_id and parent_id is not None and (k.startswith(key) or key.startswith(k) or fuzz.ratio(k, key) >= 85):
                    ctx.add_entity(ctx.entity(eid).name, mention.type, aliases=[mention.name, *aliases], evidence=evidence)
                    self._units[(key, parent_id)] = eid
                    return eid
            same = ctx.find(mention.name, mention.type)
            if same is not None and parent_id is not None and self.parent_of.get(same) in (parent_id, None):
                self._units[(key, parent_id)] = same  # the unit met before without its parent: no namesake elsewhere
                return same
            if any(k == key for k, _ in self._units) or same:  # a namesake elsewhere
                parent_name = ctx.entity(parent_id).name if parent_id else None
                name = f"{mention.name}, {parent_name}" if parent_name else mention.name
                entity_id = ctx.add_entity(name, mention.type, evidence=evidence)
            else:
                entity_id = ctx.add_entity(mention.name, mention.type, aliases=aliases, evidence=evidence)
                entity = ctx.entity(entity_id)
                qualified = f"{entity.name}, {ctx.entity(parent_id).name}" if parent_id else None
                if qualified and ctx.find(qualified, entity.type) is None:  # its parent-qualified name, an alias
                    ctx.add_entity(entity.name, entity.type, aliases=[qualified])
            self._units[(key, parent_id)] = entity_id
            return entity_id
        existing = ctx.find(mention.name, mention.type) or ctx.find(mention.written, mention.type)
        if existing is not None:
            ctx.add_entity(ctx.entity(existing).name, mention.type, aliases=[mention.name, *aliases], evidence=evidence)
            if ctx.entity(existing).type != mention.type and mention.known:
                ctx.set_type(existing, mention.type)
            return existing
        return ctx.add_entity(mention.name, mention.type, aliases=aliases, evidence=evidence)

    def chain(self, mentions: list[OrgMention], evidence, outer_id: str | None = None, *,
              hierarchical: bool = False) -> list[str]:
        """Register a chain (innermost first) and link each unit ``partOf`` the next
        organisation; two independent top-level organisations are not chained.
        ``hierarchical``: "A, B" always reads as A inside B (a referee's line). Returns the
        ids, innermost first.
        """
        if len(mentions) >= 2 and (contains_units(mentions[0]) or not _UNIT_WORD_FIRST.match(mentions[0].name)) \
                and all(is_generic_unit(m.name) or _UNIT_WORD_FIRST.match(m.name) or mentions[0].type == "University"
                        and m.type == "Lab" for m in mentions[1:]):
            # written outermost first: "University of X, Department of Y", "Jülich Research Centre | Institute of Z",
            # "X University, Coastal Processes Laboratory"
            mentions = mentions[::-1]
            hierarchical = True
        ids: list[str | None] = [None] * len(mentions)
        # register from the outermost so generic units know their parent
        for i in range(len(mentions) - 1, -1, -1):
            m = mentions[i]
            parent = ids[i + 1] if i + 1 < len(mentions) and self._nests(m, mentions[i + 1], hierarchical) else None
            if i == len(mentions) - 1 and outer_id is not None and outer_id != m.name:
                parent = outer_id
            inside = mentions[i + 1] if i + 1 < len(mentions) else None  # None: the parent is outer_id
            if parent is not None and m.type not in ("Lab",) and inside is not None and inside.type in ("University", "Lab") and not m.known:
                m = OrgMention(m.name, m.written, "Lab", m.known, m.begin, m.end)
            ids[i] = self.add(m, evidence, parent_id=parent)
            if parent is not None:
                self.part_of(ids[i], parent, evidence)
        return [i for i in ids if i is not None]

    def nest(self, mentions: list[OrgMention], evidence) -> list[str]:
        """Register ``mentions`` (innermost first) with each ``partOf`` the next, as written: for a line
        that names only where something belongs ("Department of X, University Y"), where :meth:`chain`'s
        judgement of which units nest is not wanted. Returns the ids, innermost first.
        """
        ids = [self.add(m, evidence) for m in mentions]
        for unit, parent in zip(ids, ids[1:]):
            self.part_of(unit, parent, evidence)
        return ids

    def _nests(self, child: OrgMention, parent: OrgMention, hierarchical: bool) -> bool:
        if child.type == "Lab" and parent.type == "Lab" and not _CONTAINER.search(parent.name) and not hierarchical:
            return False
        if hierarchical and _UNIT_WORD_FIRST.match(child.name) and (
                not _UNIT_WORD_FIRST.match(parent.name) or parent.type == "Lab" and _CONTAINER.search(parent.name)):
            # "Institute of Energy Research" in the research centre it is written with, or in the department
            # written before it ("University X, Department of Y, Institute of Z")
            return True
        if child.known and parent.known:
            known = lookup_organization(child.name)
            return bool(known and known.parent and org_key(known.parent) == org_key(parent.name)) or child.type == "Lab"
        if child.type == "Lab":
            return True
        # a university is inside nothing; an unknown company or institute is a unit of the organisation after it
        return child.type in ("Company", "Institute") and parent.type in ("University", "Company", "Institute") \
            and not (child.known or child.guessed and not _CAPITALS_RUN.search(child.name))

    def part_of(self, child_id: str, parent_id: str, evidence) -> None:
        """Add ``child partOf parent`` (ignored when it would make a cycle)."""
        if child_id == parent_id:
            return
        node = parent_id
        seen = set()
        while node in self.parent_of and node not in seen:
            seen.add(node)
            node = self.parent_of[node]
            if node == child_id:
                return
        self.parent_of.setdefault(child_id, parent_id)
        self.ctx.add_relation(child_id, "partOf", parent_id, evidence=evidence)

    def link_by_prefix(self) -> None:
        """``Siemens Energy Research partOf Siemens``: a unit whose name starts with the name of
        another organisation of the document (or its acronym) is part of it."""
        ctx = self.ctx
        orgs = [e for e in ctx.entities if e.coarse == "Organization"]
        names: list[tuple[str, str]] = []
        for e in orgs:
            known = lookup_organization(e.name)
            names.extend((n, e.id) for n in (e.name, *e.aliases) if len(n) >= 2)
            names.extend((a, e.id) for a in ((*known.aliases, *known.short_names) if known else ()))
        names.sort(key=lambda p: -len(p[0]))
        for e in orgs:
            if e.id in self.parent_of:
                continue
            for n, oid in names:
                if oid == e.id or not e.name.startswith(n + " ") or len(e.name) <= len(n) + 1:
                    continue
                if e.type == "University" and not _SITE_WORD_END.search(e.name[len(n):]):
                    break  # "Quillon University Marine Institute" is a unit; "University of X Y" a campus
                self.part_of(e.id, oid, e.evidence)
                if e.type in ("Institute", "University") and ctx.entity(oid).type == "University":
                    ctx.set_type(e.id, "Lab")
                break

