"""Projects the subject (or a person a page lists) built, led or contributed to: "developed X", "creator of X",
"contributed to projects such as X and Y", "the X project", "X is a framework for ...", the entries of a
Projects section, funded projects by their acronyms, repositories linked by name, in several languages.

>>> [name for name, _ in project_mentions("I initialized and developed QuickSolve, a fast sparse solver.")]
['QuickSolve']
>>> [name for name, _ in project_mentions("He contributed to projects such as NumPy and JAX.")]
['NumPy', 'JAX']
"""
from __future__ import annotations

import re

from kg.extract.dates import find_date_range
from kg.extract.gazetteer import data_patterns, data_words, lookup_organization, word_groups
from kg.extract.orgs import classify_segment, is_location, is_role, org_chain
from kg.extract.people import is_person_name
from kg.extract.sections import heading_kind
from kg.extract.text import clean, is_bullet, strip_bullet
from kg.extract.venues import lookup_venue

# Patterns of the rules below, compiled once (the ``re`` module's cache is small and slow); their
# vocabularies are the kinds of ``data/project_patterns.tsv``.
_WORDS = data_patterns("project_patterns.tsv")
#: "led (the) development of X": the work on a project named after the verb
_WORK_ON = re.compile(r"(?:the\s+)?(?:development|design|implementation|maintenance|creation|architecture)\s+of\s+(?:the\s+)?")
#: a project written in lower case ("fastkde"), named only after a product phrase or before one
_LOWER_NAME = re.compile(r"[a-z][\w+-]{2,30}(?![\w-])")
_PAREN_PRODUCT = re.compile(rf"\s*\((?:an?\s+)?(?:{_WORDS['language']})\s+(?:package|library|module|toolbox|toolkit)\b")
#: "the R package fastDR": a language before the product noun
_LANGUAGE_LEAD = re.compile(rf"(?:{_WORDS['language']})\s+(?:package|library|module|toolbox|toolkit|plugin|app)\s+(?=\w)")
#: "Lingua Franca, an annotation tool", "the Haddock simulation code": a product noun right after the name
_PRODUCT_AFTER = re.compile(
    rf"(?:,\s+(?:an?|the)(?:\s+[\w-]+){{0,4}}?|(?:\s+[a-z][\w-]*){{0,2}}?)\s+(?:{_WORDS['product_after']})\b")

__all__ = ["project_mentions", "looks_like_project", "grant_project", "item_project", "repository_project", "role_project"]

#: A verb or noun phrase after which a sentence names a project someone made or joined, then an article; a
#: letter first (a word's start: the alternatives are tried at half the places)
_VERB = re.compile(rf"\b(?=[^\W\d_])(?:{_WORDS['verb']})\s+(?:(?:the|a|an|our|my|his|her|der|die|das|den|le|la|les|el|il|lo|o)\s+)?", re.I)
_NAME = re.compile(
    r"(?P<name>(?:[A-Z][\w+.-]*|[a-z]+[A-Z][\w+.-]*|[A-Za-z]*\d[\w.-]*)(?:[ -](?:[A-Z][\w+.-]*|of|for|\d[\w.]*))*)"
)
_NOT = data_words("project_stopwords.txt")
#: A table's column labels (``data/table_columns.tsv``): a label, never a project's name ("时间：2021 – 2022", "| Years |").
_COLUMN_LABELS = frozenset().union(*word_groups("table_columns.tsv", "labels").values())
_CAMEL_OR_DIGIT = re.compile(r"[a-z][A-Z]|\d")
_YEAR_ONLY = re.compile(r"^(?:19|20)\d\d$")
_INITIAL = re.compile(r"(?:^|\s)[A-Z](?:\.|\s|$)")
_MONTH_START = re.compile(r"^(?:January|February|March|April|May|June|July|August|September|October|November|December)\b")
#: A compound adjective ("GPU-based", "city-wide", "large-scale"): a word, a hyphen and a modifier's ending
_COMPOUND_ADJECTIVE = re.compile(rf"^[^\W\d_]+-(?:{_WORDS['adjective_end']})$", re.I)


def looks_like_project(name: str, listed: bool = False, called: bool = False) -> bool:
    """Whether a name has the shape of a software/project name (not a person or organisation);
    ``listed``: a Projects section lists it, where two capitalised words are a name's shape, not a person's;
    ``called``: the sentence calls it a project ("the X project"), and a name only guessed to be a company's is the project's.

    >>> looks_like_project("libHMC"), looks_like_project("Jane Doe"), looks_like_project("Kyoto University")
    (True, False, False)
    >>> looks_like_project("Glacier Census", listed=True), looks_like_project("Roe J", listed=True)
    (True, False)
    """
    name = name.strip(" .,;:")
    if len(name) < 2 or len(name) > 60 or name.lower() in _NOT:
        return False
    person = is_person_name(name) and not ((listed or called) and not _INITIAL.search(name))
    if lookup_organization(name) or lookup_venue(name) or person or is_role(name):
        return False  # "Project Scientist": a job title
    organisation = classify_segment(name)
    if is_location(name) or (organisation is not None and not _CAMEL_OR_DIGIT.search(name) and not (called and not organisation.known)):
        return False
    return not (_YEAR_ONLY.match(name) or _MONTH_START.match(name) or _COMPOUND_ADJECTIVE.match(name))


_PRODUCT = re.compile(rf"\b(?:{_WORDS['product_end']})$", re.I)
_INNER_CAPITAL_DIGIT_OR_HYPHEN = re.compile(r"[a-z][A-Z]|[A-Z].*[A-Z]|\d|-")
_CAMEL_CASE_START = re.compile(r"^[A-Z]?[a-z]+[A-Z]")
_NUMBER_OR_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)?")


def _project_shape(name: str) -> bool:
    """CamelCase / digits / hyphenated / acronym single names, or product phrases."""
    words = name.split()
    if words[0] == "Project" and len(words) >= 2:
        return True
    if len(words) == 1:
        return bool(_INNER_CAPITAL_DIGIT_OR_HYPHEN.search(name)) and not _NUMBER_OR_ORDINAL.fullmatch(name)
    # "Ocean Carbon SDK", "TensorFlow Lite": a product noun, or a CamelCase word, in a capitalised name
    return (bool(_PRODUCT.search(name)) or bool(_CAMEL_CASE_START.search(words[0]))) and all(
        w[:1].isupper() or w in ("of", "for") for w in words)


def _named_product(name: str, after: str) -> bool:
    """A name the sentence calls a product ("Lingua Franca, an annotation tool"), even in a
    person's shape, but not an organisation or a place."""
    if len(name) < 3 or name.lower() in _NOT or not _PRODUCT_AFTER.match(after):
        return False
    return not (lookup_organization(name) or is_location(name) or classify_segment(name) or len(name.split()) > 4)


#: "on the FAST project", "for the TerraNet consortium", "in the ATLAS experiment": what the noun after a name calls a project
_ON_PROJECT = re.compile(r"\b(?:on|in|for|of|within|to)\s+the\s+(?P<name>[A-Z][\w-]*(?:\s+(?!the\s)[\w-]+){0,7}?)\s*(?:\([^)]*\))?"
                         r"\s+(?:project|consortium|experiment|collaboration|initiative)\b")
_PRODUCT_WORD_LEAD = re.compile(rf"(?:[a-z][\w-]*\s+){{0,3}}(?i:{_WORDS['product_before']})\s+(?=[A-Z]|[a-z]+[A-Z])")
_TRAILING_CONNECTOR = re.compile(r"\s+(?:and|for|of)$")
_LIST_JOINER = re.compile(r"(?:\s*\([^)]*\))?\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s+&\s+)(?:the\s+|The\s+)?")
_AUTHORSHIP_VERB = re.compile(_WORDS["authorship"], re.I)
_TEAM_NOUN = re.compile(r"\s+(?:team|group|lab|members?|engineers?)\b", re.I)
_CAPITALISED_WORD = re.compile(r"[A-Z][a-z]{2,}")
#: "Tessera is a lightweight toolkit for ...", "Marrow Tide Engine (MTE) is a lightweight engine": a name the sentence
#: defines as a product, the product noun ending its phrase ("a software engineer" is no product)
_DEFINED = re.compile(rf"(?:^|(?<=[\s(]))(?P<name>[\w.+-]+)\)?\s+is\s+an?\s+(?:[\w/-]+,?\s+){{0,5}}?"
                      rf"(?:{_WORDS['product_after']})(?=\s+(?:for|that|which|to|of|in|on|with|used)\b|\s*[,.;(]|$)")
_CAMEL_OR_DIGIT_OR_HYPHEN = re.compile(r"[a-z][A-Z]|\d|\w-\w")
#: Where a name written in lower case ends: punctuation, the end, "and", or a product noun.
_NAME_ENDS = re.compile(rf"\s*(?:$|[,.;:)]|\s(?:and|{_WORDS['product_after']})\b)")


def project_mentions(sentence: str) -> list[tuple[str, int]]:
    """``(project name, offset)`` for the projects a sentence says someone made or joined."""
    out: list[tuple[str, int]] = []
    for cue, pattern, accepts in _NAMED_BY:
        for match in pattern.finditer(sentence) if cue in sentence else ():
            if accepts(match.group("name"), sentence[max(0, match.start() - 40): match.start()]):
                out.append((match.group("name"), match.start("name")))
    for verb in _VERB.finditer(sentence):
        if verb.group(0)[:1].isupper() and verb.start() > 2 and " " not in verb.group(0).strip():
            continue  # a capitalised verb inside a title ("... Custom Designed Sensor ..."), not a noun ("Entwickler von")
        # "Designing Fast Storage Layers for X": an entry's title says what was done, it names no product
        title = verb.start() <= 2 and verb.group(0)[:1].isupper() and verb.group(0).split()[0].endswith("ing")
        rest = sentence[verb.end():]
        names = []
        # a list: "X, Y and Z" / "X and Y"
        pos = 0
        lead = _PRODUCT_WORD_LEAD.match(rest)
        named, after_lead = _NAME.match(rest), lead and _NAME.match(rest, lead.end())
        if after_lead and _project_shape(after_lead.group("name")) and not (named and _project_shape(named.group("name"))):
            pos = lead.end()  # "the open-source toolkit IgboNLP", "das Werkzeug SeaMesh"
        elif language := _LANGUAGE_LEAD.match(rest):
            pos = language.end()  # "the R package fastDR"
        elif work_on := _WORK_ON.match(rest):
            pos = work_on.end()  # "led (the) development of SeaGrid"
        lower = _LOWER_NAME.match(rest, pos) if not _NAME.match(rest, pos) else None
        strong = _AUTHORSHIP_VERB.search(verb.group(0))
        # "core developer of scikit-learn, ...": a name with a hyphen or a digit, alone before a comma or the end
        coined = strong and lower and _CAMEL_OR_DIGIT_OR_HYPHEN.search(lower.group(0)) and _NAME_ENDS.match(rest, lower.end())
        if lower and (language or coined or _PAREN_PRODUCT.match(rest, lower.end())) and looks_like_project(lower.group(0)):
            out.append((lower.group(0), verb.end() + lower.start()))  # "the Python library fastkde", "tidyphon (R package)"
            continue
        while m := _NAME.match(rest, pos):
            name = _TRAILING_CONNECTOR.sub("", m.group("name").rstrip("."))
            names.append((name, verb.end() + m.start()))
            tail = _LIST_JOINER.match(rest[m.end():])
            if not tail:
                break
            pos = m.end() + tail.end()
        for k, (name, offset) in enumerate(names):
            after = sentence[offset + len(name): offset + len(name) + 12]
            if _TEAM_NOUN.match(after) or (title and " " in name and not _CAMEL_CASE_START.match(name)):
                continue
            if k > 0 and not _project_shape(name) and not (
                    strong and _CAPITALISED_WORD.fullmatch(name) and len(names[0][0].split()) == 1):
                continue
            if looks_like_project(name) and (_project_shape(name) or (strong and _CAPITALISED_WORD.fullmatch(name))):
                out.append((name, offset))
            elif k == 0 and _named_product(name, sentence[offset + len(name): offset + len(name) + 80]):
                out.append((name, offset))
    first: dict[str, tuple[str, int]] = {}
    for name, offset in out:
        first.setdefault(name.lower(), (name, offset))  # each project as it is first named
    return list(first.values())


#: A title in quotes of any language: "...", “...”, „...“, «...», 「...」.
_QUOTED_TITLE = re.compile(r"[\"“„«「『]\s*(?P<title>[^\"“”»」』]{2,200}?)\s*[\"”“»」』]")
#: A grant's acronym: capitals, digits and hyphens ("PROBA-VERIF", "HEART-AGE"), at least three capitals.
_ACRONYM = re.compile(r"(?<![\w/-])(?=(?:[A-Z0-9-]*[A-Z]){3})[A-Z][A-Z0-9]*(?:-[A-Z0-9][A-Za-z0-9]*)*(?![\w/-])")
#: "the EU project HALCYON", "Projekt KARST", "consortium TERRA": a project noun in a language, an optional
#: word ("europeo"), then the project's acronym or CamelCase name
_PROJECT_THEN_NAME = re.compile(rf"\b(?:{_WORDS['project_noun']})\s+(?:[^\W\d_]+\s+)?(?P<name>{_ACRONYM.pattern}|[A-Z][a-z]+[A-Z]\w*)")
#: "MARLIN (the regional tide model)", "KESTREL, Norway's snow model": an acronym or CamelCase name
#: that an apposition defines as a product or a model
_APPOSITIVE = re.compile(
    rf"(?P<name>(?=[A-Z])(?:{_ACRONYM.pattern}|\b[A-Z][a-z]+[A-Z]\w*))\s*(?:\(|,\s+)(?:the|an?|[A-Z]\w+['’]s)\s+(?:[\w/-]+\s+){{0,4}}?"
    rf"(?:{_WORDS['product_after']}|model)\b")
_USED = re.compile(r"\b(?:us(?:e|es|ed|ing)|appl(?:y|ied|ying)|fine-tun\w*|based on|leverag\w*|with)\s+(?:the\s+)?$", re.I)
#: The patterns that name a project outright, each after a cue the sentence must hold (a cheap test first) and
#: with what its name must be (given the text before it).
_NAMED_BY = (
    ("the", _ON_PROJECT, lambda name, _: looks_like_project(name, called=True)
     and sum(w[:1].isupper() for w in name.split()) >= min(2, len(name.split()))),
    (" is a", _DEFINED, lambda name, _: looks_like_project(name) and bool(_project_shape(name) or _CAPITALISED_WORD.fullmatch(name))),
    # "We fine-tuned BERT, a language model": a tool the work used is not the work's
    ("", _APPOSITIVE, lambda name, before: _project_shape(name) and looks_like_project(name) and not _USED.search(before)),
    ("", _PROJECT_THEN_NAME, lambda name, _: _grant_acronym(name) and looks_like_project(name)),
)
_TITLE_HEAD = re.compile(r"\s*(?:[:–—]|\s-\s)\s*")
_GRANT_NUMBER = re.compile(r"\d{4}")
_FUNDER = re.compile(rf"(?:{_WORDS['funder']})")
_FUNDING = re.compile(rf"(?:{_WORDS['funding']})", re.I)


def _grant_acronym(word: str) -> bool:
    """A project's acronym, not a funder's, a grant number, a funder's project or a currency ("MSCA-ITN", "BCS-2100000",
    "DFG-Projekt", "JPY")."""
    return word.lower() not in _NOT and not _GRANT_NUMBER.search(word) and not all(
        _FUNDER.fullmatch(part) or _FUNDING.fullmatch(part) for part in word.split("-"))


def grant_project(text: str, listed: bool = True) -> str | None:
    """The project a grant entry names: the acronym its quoted title opens with, a short quoted name,
    else the first acronym that is not a funder's; ``listed=False`` (a Projects section, which also
    lists software) asks a line without such a title to speak of funding first.

    >>> grant_project('DFG-Projekt „KARSTFLOW – Strömung in Karstgrundwasserleitern“, 2020–2023')
    'KARSTFLOW'
    >>> grant_project("Projet ANR JCJC QUASAR-LOG (2015–2019), coordinatrice")
    'QUASAR-LOG'
    >>> grant_project("NSF BCS-2100000, Reward and attention, PI") is None
    True
    """
    for quoted in _QUOTED_TITLE.finditer(text):
        title = quoted.group("title").strip()
        head = _TITLE_HEAD.split(title, maxsplit=1)[0]
        if _ACRONYM.fullmatch(head) and _grant_acronym(head):
            return head
    if not listed and not _FUNDING.search(text):
        return None
    bare = _QUOTED_TITLE.sub(" ", text)
    return next((m.group(0) for m in _ACRONYM.finditer(bare) if _grant_acronym(m.group(0)) and not _named_before(bare, m.start())), None)


def _named_before(text: str, at: int) -> bool:
    """Whether the acronym at ``at`` is in brackets after the organisation it abbreviates ("National Institute for
    Health Research (NIHR)"): the funder's, not the project's.

    >>> _named_before("DynAIRx, Avon Council for Health Research (ACHR), Co-I", 43), _named_before("Grant (TIDEWALK)", 7)
    (True, False)
    """
    before = text[:at].rstrip()
    if not before.endswith("("):
        return False
    name = re.split(r"[,;:]", before[:-1])[-1].strip()
    return bool(name) and classify_segment(name) is not None



#: A list item opening with a project name: the name, an optional "[link]" or "(...)", then ":", a dash,
#: "is a" or "|" (one run of spaces around the optional part: two adjacent ``\s*`` split a long run of
#: spaces every possible way, quadratic in its length)
_ITEM_HEAD = re.compile(
    r"^(?:\*\*|__)?(?P<name>[A-Za-z][\w.+-]*(?:\s[A-Z][\w.+-]*){0,3})(?:\*\*|__)?\s*(?:(?:\[link\]|\([^)]*\))\s*)?"
    r"(?:[:：–—]|\s-\s|is\s+an?\b|\|)"
)
#: Where an entry's fields part: a bar, a colon, a dash between spaces, the end of a sentence.
_ITEM_FIELD_BREAK = re.compile(r"\s*(?:[|:：]|\s[-–—]\s|\.\s)\s*")
#: What a listed name carries after it: the languages it is written in ("(Python, Rust)"), a contributor's mark ("⋆").
_NAME_TRIMMINGS = re.compile(r"(?:\s*\([^()]*\)|\s*[⋆*†‡]+)+$")
#: What a clause holds and a name does not: quotes, brackets, commas (in any script).
_CLAUSE_MARK = re.compile(r"[\"“”„«»「」『』（）()，,;；、]")
#: The lower-case words a title-cased name holds ("Toolkit for MATLAB", "Map the Coast").
_TITLE_WORDS = frozenset({"of", "for", "and", "in", "a", "the", "with", "on", "to"})


def _listed_name(name: str) -> bool:
    """Whether the first field of a Projects entry is a name: one word of any case ("driftcal"), a project's
    shape, or a few capitalised words; not a label ("Languages", "Role"), a sentence or a gerund's title."""
    words = name.split()
    if not 1 <= len(words) <= 6 or (len(words) > 1 and words[0].lower().endswith("ing")) or heading_kind(name) \
            or _CLAUSE_MARK.search(name):
        return False
    return looks_like_project(name, listed=True) and (len(words) == 1 or _project_shape(name) or all(
        w[:1].isupper() or w in _TITLE_WORDS or not w[:1].isalpha() for w in words))


#: "Lake schemes in the Regional Climate Model (RCM5)": the acronym a phrase opened by a product noun is given
_PRODUCT_ACRONYM = re.compile(rf"\b(?i:{_WORDS['product_before']})\w{{0,2}}\b(?:\s+[^\s().;:]+){{0,15}}?\s+\((?P<name>[A-Z][A-Z\d-]+[A-Z\d])\)")


def item_project(raw: str, listed: bool) -> tuple[str, str | None, str | None] | None:
    """``(name, start, end)`` of the project a list item or entry line names: "2. **QuickSolve**: ...",
    "Tidewater [link] is a ..."; in a Projects section (``listed``) also a table row's or entry's first
    field ("orbitfit (Python) | Docs | 2019-2021", "Zenodo | Tern Toolkit | 2023": a host is no name),
    a bare list item ("- Glacier Census") and a funded project's acronym.

    >>> item_project("- **QuickSolve**: a sparse solver", listed=False)
    ('QuickSolve', None, None)
    >>> item_project("orbitfit (Python, C) | Docs | 2019-2021", listed=True)
    ('orbitfit', '2019', '2021')
    >>> item_project("- Glacier Census", listed=True), item_project("- Languages: Python, R", listed=True)
    (('Glacier Census', None, None), None)
    """
    line = strip_bullet(raw.strip())
    match = _ITEM_HEAD.match(line)
    if match and _project_shape(match.group("name")) and looks_like_project(match.group("name")):
        return match.group("name"), None, None
    if not listed:
        named = _PRODUCT_ACRONYM.search(line) if "(" in line else None
        # not a job title's grade ("Software Engineer (T11)") nor an organisation's acronym ("... Tidal Systems (ITS)")
        head = line[: named.start("name") - 1].rstrip() if named else ""
        return (named.group("name"), None, None) if named and not is_role(head[named.start():]) \
            and not any(m.end == len(head) for m in org_chain(head, context_org=False)) \
            and looks_like_project(named.group("name")) else None
    text = clean(line)
    dates = find_date_range(text)
    later = find_date_range(text[dates.stop:]) if dates and not dates.start else None
    # "PRIN 2022 «X», 2023 – 2025", "Horizon 2020 project X (2016-2019)": a programme's year, then the project's years
    start, end = (later.start, later.end) if later and later.start else (dates.start or dates.end, dates.end) if dates else (None, None)
    grant = grant_project(text, listed=False)
    if grant:
        return grant, start, end
    fields = [_NAME_TRIMMINGS.sub("", f).strip(" .,;") for f in _ITEM_FIELD_BREAK.split(text[: dates.begin] if dates else text)]
    fields = [f for f in fields if f]
    # "Developer | occuR - occupancy models in R | 2019": the name after the role; "Zenodo | X": after the host
    head = next((f for f in fields if not is_role(f) and f.lower() not in _NOT and f.lower() not in _COLUMN_LABELS and not _FUNDER.fullmatch(f)), "")
    # a name with something said about it (a description, a link, its years), or alone as a list item; a label
    # before the languages or tools it lists ("Programmierung: Python, Julia") is a skill's
    said = len(fields) > 1 or dates or (is_bullet(raw.strip()) and len(head.split()) <= 4)
    if raw[:1].isspace() and not is_bullet(raw.strip()) and not _project_shape(head or "-"):
        return None  # an indented line goes on with the entry above ("    Descrição: ..."): its head is a label
    tools = [item.strip().lower() for field in fields[1:] if "," in field for item in field.split(",")]
    if len(tools) >= 2 and 2 * sum(item in _NOT for item in tools) >= len(tools):
        return None
    return (head, start, end) if head and said and _listed_name(head) else None


#: A repository's address on a code host: ``https://github.com/owner/repo`` (a profile has no second part).
_REPOSITORY_URL = re.compile(r"^https?://(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)/[\w.-]+/(?P<repo>[\w.-]+)/?$", re.I)
_NOT_ALPHANUMERIC = re.compile(r"[\W_]+")


#: A page's credit to the software that built the site ("Powered by Hugo & Coder").
_SITE_CREDIT = re.compile(rf"\b(?:{_WORDS['site_credit']})\b", re.I)


def repository_project(url: str, text: str, line: str = "") -> str | None:
    """The project a link to its repository names, when the link's text is the repository's name and
    its ``line`` is no credit to the site's own software.

    >>> repository_project("https://github.com/ada/python-tidewalk", "TideWalk")
    'TideWalk'
    >>> repository_project("https://github.com/ada/notes", "GitHub"), repository_project("https://github.com/ada", "ada")
    (None, None)
    >>> repository_project("https://github.com/ada/hugo-quill", "Quill", "Powered by Hugo & Quill.")
    """
    if _SITE_CREDIT.search(line):
        return None
    match = _REPOSITORY_URL.match(url.strip())
    name = text.strip()
    key = _NOT_ALPHANUMERIC.sub("", name.lower())
    if not match or len(key) < 3 or key not in _NOT_ALPHANUMERIC.sub("", match.group("repo").lower()):
        return None
    return name if looks_like_project(name, listed=True) else None


#: A role held in a project, not in an organisation ("Core Contributor", "Maintainer", "Lead Developer").
_CONTRIBUTOR_ROLE = re.compile(r"contribut|develop|maintain|committer|creator|founder|author", re.I)


def role_project(organisation: str, role: str) -> str | None:
    """The project a record's volunteer position names: the "organisation" itself when the role is a
    contributor's and it has a project's shape.

    >>> role_project("tensorpool", "Maintainer"), role_project("Acme Robotics", "Software Developer")
    ('tensorpool', None)
    """
    if _CONTRIBUTOR_ROLE.search(role) and looks_like_project(organisation) and (
            _project_shape(organisation) or organisation.islower()):
        return organisation
    return None
