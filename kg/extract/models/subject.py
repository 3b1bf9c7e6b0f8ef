"""Whose document it is: a softmax ranker over the names the subject rules propose, and "nobody named".

Each rule of :mod:`kg.extract.subject` and :mod:`kg.extract.pipeline` that can name a document's owner
proposes a name (a record's name field, the title, the first lines, a lab page's leader, the prose's "I am X",
the bold author of a publication list, the name the e-mail spells, ...). Instead of trusting them in a fixed
order, each distinct person they propose becomes a candidate described by general features (which rules
propose it, where its line is, how often its family name recurs, whether it looks like a person's name, is a
listed member, ...), and a linear model learned from labelled documents scores them; the document's subject is
the best one, or nobody when the "unnamed" candidate scores highest.

>>> doc = _document(["# Ana Ruiz", "I study ants.", "Contact: ana.ruiz@uni.edu"])
>>> pick = choose(doc, [("record", ("Ana Ruiz", (), 0)), ("opening", ("Rui Costa", (), 1))])
>>> pick[0]
'Ana Ruiz'
"""
from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import takewhile
from pathlib import Path

from kg.extract.gazetteer import data_patterns
from kg.extract.models._crf import DATA_DIR
from kg.extract.people import is_person_name, name_stopwords, strip_accents
from kg.extract.publications import same_person
from kg.extract.orgs import classify_segment, is_role
from kg.extract.sections import heading_kind
from kg.extract.text import is_bullet
from kg.extract.subject import EMAIL_LOCAL_PART
from kg.model import Document

__all__ = ["GENERATORS", "Candidate", "candidates", "features", "choose", "train", "build", "MODEL_PATH"]

#: The rules that propose a subject, in the order the hand-written chain trusted them (a feature, not a rule).
GENERATORS = ("record", "title", "heading", "leader", "introduced", "bold", "contact", "opening", "list_owner", "titled",
              "advising", "owned", "front", "copyright", "named")
MODEL_PATH = DATA_DIR / "subject.json"
#: A name beside the words that say the writer speaks of themself ("I", "my", "je", "ich").
_FIRST_PERSON = re.compile(r"\b(?:I|my|My|me|je|ich|mein|mon|ma|mes)\b")
_TITLE_BEFORE = r"(?:Prof\.?|Professor|Dr\.?|Doctor)\s+"
_TITLE = re.compile(_TITLE_BEFORE, re.I)


@dataclass
class Candidate:
    """One person proposed as the subject (``name`` empty: nobody named), the rules proposing them."""

    name: str
    aliases: tuple[str, ...]
    index: int | None
    sources: dict[str, int] = field(default_factory=dict)  # rule -> its proposal's order among the rules

    @property
    def unnamed(self) -> bool:
        return not self.name


def candidates(proposals: Iterable[tuple[str, tuple[str, tuple[str, ...], int | None] | None]]) -> list[Candidate]:
    """The distinct people ``(rule, (name, aliases, line index) or None)`` proposals name, then "nobody".

    >>> [(c.name, sorted(c.sources)) for c in candidates([("title", ("Ana Ruiz", (), 0)), ("bold", ("A. Ruiz", (), 9)), ("leader", None)])]
    [('Ana Ruiz', ['bold', 'title']), ('', [])]
    """
    out: list[Candidate] = []
    for order, (rule, found) in enumerate(proposals):
        if not found or not found[0]:
            continue
        name, aliases, index = found
        same = next((c for c in out if same_person(name, c.name, allow_reversed=True)
                     or same_person(c.name, name, allow_reversed=True)), None)
        if same is None:
            out.append(Candidate(name, tuple(aliases), index, {rule: order}))
        else:
            same.sources.setdefault(rule, order)
            same.aliases = (*same.aliases, *(a for a in aliases if a not in same.aliases))
    return [*out, Candidate("", (), None)]


#: A signature's lead-in before the name it signs: a dash, a tilde ("— Ana Ruiz", "~ Ana").
_LEAD_IN = re.compile(r"^[\s—~]+")
#: A year after a name's comma: a quotation's source or a dated entry ("Ana Ruiz, Letters (1888)"), no signature.
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")
#: A line's end that a sentence runs on from: a comma, a short word in lower case ("focuses on", "and").
_RUNS_ON = re.compile(r"(?:,|\s[^\W\d_A-Z]{1,3})$")


def named_lines(document: Document, skip=frozenset(), first: int = 8, last: int = 4) -> list[tuple[str, tuple[str, ...], int]]:
    """``(name, (), line index)`` of each of the document's last lines that is, or opens with, a person's name, and of
    two one-word lines of its first lines that spell one: the candidates no rule proposes (a signature under a bio,
    a name before an address, a CV's name set large on two lines), for the ranker to weigh.

    >>> named_lines(_document(["# Welcome", "I study ants.", "— Ana Ruiz"]))
    [('Ana Ruiz', (), 2)]
    >>> named_lines(_document(["# Welcome", "I study ants.", "Ana Ruiz, Letters on Ants (1888)"]))
    []
    >>> named_lines(_document(["Ana", "Ruiz", "Entomologist", "Lab work and field work on ants, every summer."]))
    [('Ana Ruiz', (), 0)]
    """
    from kg.extract.text import clean, is_bullet

    if document.data is not None:
        return []  # a record's rendered lines are its fields: "- Labour Economics" is a topic
    written = [i for i, line in enumerate(document.lines) if i not in skip and line.text.strip()]
    # only the first and last lines are read (cleaning every line would cost a long document's worth)
    texts = {at: clean(document.lines[written[at]].text) for at in (*range(min(first, len(written))),
                                                                    *range(max(len(written) - last - 1, 0), len(written)))}
    plain = [not document.lines[i].text.lstrip().startswith("#") for i in written[:first]]  # two headings are two sections
    stacked = next(((name, (), written[at]) for at in range(min(first, len(written)) - 1) if plain[at] and plain[at + 1]
                    and " " not in texts[at] + texts[at + 1] and (name := _signed(f"{texts[at]} {texts[at + 1]}"))), None)
    out = [stacked] if stacked else []
    for at in range(max(len(written) - last, 0), len(written)):
        raw, before = document.lines[written[at]].text, document.lines[written[at - 1]].text if at else ""
        # a list's item, a heading or the name under one (news, members' cards); "My research focuses on" /
        # "Labour Economics, ...": a sentence's words, wrapped
        if is_bullet(raw) or raw.lstrip().startswith("#") or before.lstrip().startswith("#") or at and _RUNS_ON.search(texts[at - 1]):
            continue
        text, _, rest = _LEAD_IN.sub("", texts[at]).partition(",")
        if not _YEAR.search(rest) and (name := _signed(text.strip())):
            out.append((name, (), written[at]))
    return out


def most_advising(members) -> tuple[str, tuple[str, ...], int] | None:
    """``(name, (), line index)`` of the person a page's member rows name as advisor most often (two rows at least):
    the head of an alumni or students' table that names them nowhere else, for the ranker to weigh.

    >>> from kg.extract.members import _Member
    >>> rows = [_Member(n, i, i, cells={"advisor": a}) for i, (n, a) in enumerate([("Ana Ruiz", "Rui Costa"),
    ...         ("Eva Lind", "Rui Costa, Ida Berg"), ("Tom Hale", "Ida Berg")])]
    >>> most_advising(rows)
    ('Rui Costa', (), 0)
    """
    from kg.extract.people import split_people

    named: dict[str, list[int]] = {}
    for member in members:
        for person in split_people(member.cells.get("advisor", "")):
            named.setdefault(person.name, []).append(member.first)
    best = max(named.items(), key=lambda item: len(item[1]), default=None)
    return (best[0], (), best[1][0]) if best and len(best[1]) > 1 else None


#: A run of capitalised words and the possessive that makes a page theirs ("You can find my CV here: Ana Ruiz's CV").
_OWNED = re.compile(r"(?P<name>(?:[^\W\d_a-z][\w'’.-]{{0,30}}\s+){{1,3}}?[^\W\d_a-z][\w'’-]{{0,30}})['’]s\s+(?i:{})\b".format(
    data_patterns("page_titles.txt")["owned"]))


def owned_name(document: Document, skip=frozenset(), first: int = 12) -> tuple[str, tuple[str, ...], int] | None:
    """``(name, aliases, line index)`` of the person a sentence of the first lines says the page or CV is of.

    >>> owned_name(_document(["I study ants.", "You can find my CV here: Ana Ruiz's CV."]))
    ('Ana Ruiz', (), 1)
    """
    from kg.extract.subject import title_name

    for index, line in enumerate(document.lines[:first]):
        # no possessive, no match: most lines are not searched
        owned = index not in skip and ("'s" in line.text or "’s" in line.text) and (match := _OWNED.search(line.text))
        words = match.group("name").split() if owned else []
        # a sentence's capitalised first word ("See Ana Ruiz's CV") that the name model knows as no given name
        opening = bool(words) and not line.text[:match.start()].strip() and words[0].lower() not in _lexicon()
        found = title_name(" ".join(words[opening and len(words) > 2:])) if words else None
        if found:
            return (*found, index)
    return None


def front_matter_person(document: Document) -> tuple[str, tuple[str, ...], int | None] | None:
    """``(name, aliases, line index)`` of the first line of a front matter's blocks that is only a person's name
    (al-folio's ``profile: more_info: <p>Dr. Ana Ruiz</p>``); its "key: value" lines are the record rule's.

    >>> from dataclasses import replace
    >>> from kg.model import Line
    >>> lines = (Line(2, "# Profile"), Line(3, "Dr. Ana Ruiz"), Line(3, "University of Tarnow"))
    >>> front_matter_person(replace(_document(["I study ants."]), metadata={"front_matter_lines": lines}))
    ('Ana Ruiz', (), None)
    """
    from kg.extract.subject import _placed, title_name

    texts = (line.text for line in document.metadata.get("front_matter_lines") or ())
    # "Undergraduate Researchers": a people page's block of members, no name; a list's items ("- Technical
    # Assistance", "- Ana Ruiz, PhD") are a page's groups or members, not the one name a profile block gives
    found = next((found for text in texts if len(text) <= 60 and ":" not in text and not text.startswith("#")
                  and not is_bullet(text) and not heading_kind(text) and (found := title_name(text))), None)
    return _placed(document, found) if found else None


#: A copyright notice and the name it is given in ("© 2025 Ana Ruiz. All rights reserved", "Copyright 2021, Ana Ruiz").
_COPYRIGHT = re.compile(r"(?i:©|\(c\)|copyright)(?:\s*(?i:©|\(c\)|copyright)|\s*\d{4}(?:\s*[-–]\s*\d{4})?|\s*,){0,6}\s*"
                        r"(?P<name>[^\W\d_a-z](?:\.|[\w'’-]*)(?:\s+[^\W\d_a-z](?:\.|[\w'’-]*)){1,3})")
#: Where a copyright holder's name ends: its sentence's end or a separator ("Ana Ruiz. All rights reserved", "Ana Ruiz · Hugo").
_HOLDER_END = re.compile(r"\.\s|\s[·|•–—]\s")


def _before_credits(name: str) -> str:
    """A footer's holder without the theme credits it runs on into ("Ana Ruiz Powered", "Jekyll Theme X"): its
    words up to the first that is never part of a person's name.

    >>> _before_credits("Ana Ruiz Powered")
    'Ana Ruiz'
    """
    return " ".join(takewhile(lambda word: word.lower() not in name_stopwords(), name.split()))


def copyright_owner(document: Document, last: int = 8) -> tuple[str, tuple[str, ...], int] | None:
    """``(name, aliases, line index)`` of the person a copyright notice of the document's last lines names: a
    personal site's footer.

    >>> copyright_owner(_document(["I study ants.", "© 2025 Ana Ruiz. All rights reserved."]))
    ('Ana Ruiz', (), 1)
    >>> copyright_owner(_document(["I study ants.", "© 2025 Ruiz Ant Lab. All rights reserved."]))
    >>> copyright_owner(_document(["I study ants.", "© 2021 Elsevier B.V. All rights reserved."]))
    >>> copyright_owner(_document(["I study ants.", "© 2025 Ana Ruiz Powered by Hugo"]))
    ('Ana Ruiz', (), 1)
    """
    from kg.extract.subject import title_name

    for index in range(len(document.lines) - 1, max(len(document.lines) - last, 0) - 1, -1):
        text = document.lines[index].text
        # the holder as written up to its sentence's end: a publisher's "Elsevier B.V.", "Wiley Periodicals, Inc." is
        # a company, not the name its first words look like
        if (match := _COPYRIGHT.search(text)) and not classify_segment(_HOLDER_END.split(text[match.start("name"):], 1)[0]) \
                and (found := title_name(_before_credits(match.group("name")))):
            return (*found, index)
    return None


def _signed(text: str) -> str | None:
    """The person's name ``text`` is, or ``None``: the writer's words ("I'm Ana Ruiz": the intro rule's), a section's
    name, a job or an organisation is none."""
    from kg.extract.people import clean_person

    if len(text) <= 50 and not _FIRST_PERSON.search(text) and is_person_name(text) and not heading_kind(text) \
            and not is_role(text) and not classify_segment(text):
        return clean_person(text)
    return None


@dataclass
class _Page:
    """What the features of every candidate of a document look at, read once."""

    lines: list[str]
    raw: str  # as written (a family name counts where it is capitalised: "Rose" is a word, not a name, in "rose gardens")
    text: str
    locals_: list[str]
    file: str
    title: str
    author: str
    heading: str
    first_person: float
    people: bool  # titled for its people ("Team", "Alumni", "学生一覧")

    @classmethod
    def of(cls, document: Document) -> _Page:
        lines = [line.text for line in document.lines]
        text = "\n".join(lines)
        meta = document.metadata
        title, author = (str(meta.get(k) or "") for k in ("title", "author"))
        heading = next((t.lstrip("# ") for t in lines[:15] if t.startswith("#")), "")
        prose = [t for t in lines[:80] if len(t) > 40]
        first = sum(1 for t in prose if _FIRST_PERSON.search(t)) / max(len(prose), 1)
        people = any(heading_kind(t) == "members" for t in (title, heading) if t)
        return cls(lines, text, _fold(text), [_squeeze(m.group(1)) for t in lines if "@" in t for m in EMAIL_LOCAL_PART.finditer(t)],
                   _squeeze(Path(document.name).stem + str(meta.get("url") or "")), _fold(title), _fold(author),
                   _fold(heading), first, people)


def _fold(text: str) -> str:
    return strip_accents(text).lower()


_NOT_A_TO_Z = re.compile(r"[^a-z]")


def _squeeze(text: str) -> str:
    return _NOT_A_TO_Z.sub("", _fold(text))


def features(candidate: Candidate, page: _Page, members: Sequence[tuple[str, str]] = ()) -> dict[str, float]:
    """The general features of one candidate (no document's words): its rules, place, recurrence and shape;
    ``members`` are the people the page lists, each with what it says they are (``"leader"``, ``"student"``, ``""``).

    >>> page = _Page.of(_document(["# Ana Ruiz", "Ana Ruiz studies ants."]))
    >>> f = features(Candidate("Ana Ruiz", (), 0, {"heading": 2}), page)
    >>> f["src:heading"], f["in_heading"], f["person_like"]
    (1.0, 1.0, 1.0)
    """
    if candidate.unnamed:
        return {"unnamed": 1.0, "unnamed:first_person": page.first_person,
                "unnamed:members": float(bool(members)), "unnamed:people_page": float(page.people)}
    out: dict[str, float] = {f"src:{rule}": 1.0 for rule in candidate.sources}
    first_rule = min(candidate.sources.values())
    out["first_rule"] = 1.0 - first_rule / len(GENERATORS)
    out["n_rules"] = math.log1p(len(candidate.sources))
    folded = _fold(candidate.name)
    words = folded.replace(".", " ").split()
    family = candidate.name.split()[-1]
    out["family_count"] = math.log1p(_word_count(family, page.raw)) if len(family) > 1 else 0.0
    out["full_count"] = math.log1p(page.text.count(folded))
    folded_family = words[-1] if words else ""
    out["in_title"] = float(bool(folded_family) and folded_family in page.title)
    out["meta_author"] = float(bool(folded_family) and folded_family in page.author)
    out["in_heading"] = float(bool(folded_family) and folded_family in page.heading)
    out["placed"] = float(candidate.index is not None)
    out["position"] = candidate.index / max(len(page.lines), 1) if candidate.index is not None else 0.0
    out["early"] = float(candidate.index is not None and candidate.index < 5)
    squeezed = [_squeeze(w) for w in words if len(_squeeze(w)) > 1]
    out["email"] = float(bool(squeezed) and any(squeezed[-1] in local for local in page.locals_))
    out["file"] = float(bool(squeezed) and squeezed[-1] in page.file)
    out["titled"] = float(_titled(folded, page.text))
    out["person_like"] = float(is_person_name(candidate.name))
    out["one_word"] = float(len(words) < 2)
    out["long"] = float(len(words) > 3)
    out["heading_word"] = float(any(heading_kind(w) for w in (candidate.name, *candidate.name.split())))
    out["role_word"] = float(any(is_role(w) for w in (candidate.name, *candidate.name.split())))
    known = _lexicon()
    written = candidate.name.lower().split()
    out["lexicon"] = sum(w.strip(".,") in known for w in written) / max(len(written), 1)
    out["given_first"] = float(bool(written) and known.get(written[0]) in ("given", "both"))
    listed = next((i for i, (m, _) in enumerate(members) if same_person(m, candidate.name)), None)
    if listed is not None:  # a person the page lists: its first, its leader, a student, or another member
        out["first_member" if listed == 0 else "member"] = 1.0
        if role := members[listed][1]:
            out[f"member:{role}"] = 1.0
        # one of a list none of whom the page says leads them: a team page without its head names nobody
        out["member:leaderless"] = float(all(role != "leader" for _, role in members))
    out["first_person"] = page.first_person * out["early"]
    return out


def _word_count(word: str, text: str) -> int:
    r"""How often ``word`` stands in ``text`` with no letter, digit or "_" beside it: ``len(re.findall(rf"(?<!\w)
    {re.escape(word)}(?!\w)", text))`` without a pattern compiled for each name.

    >>> _word_count("Ruiz", "Ruiz, A. Ruiz; Ruizova, Ruiz_2")
    2
    """
    count = start = 0
    while (at := text.find(word, start)) >= 0:
        end = at + len(word)
        if (at == 0 or not _is_word(text[at - 1])) and (end == len(text) or not _is_word(text[end])):
            count, start = count + 1, end
        else:
            start = at + 1
    return count


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"  # what ``\w`` matches


def _titled(folded: str, text: str) -> bool:
    """Whether an academic title precedes ``folded`` in ``text`` (both folded), as ``re.search(_TITLE_BEFORE +
    re.escape(folded), text, re.I)`` says; the pattern is compiled only when an ignored case could tell (a
    non-ASCII letter: "ı" matches "i"), not for each name.

    >>> _titled("ana ruiz", "with prof.  ana ruiz"), _titled("ana ruiz", "dr. bo chen and ana ruiz")
    (True, False)
    """
    ends = _title_ends(text)
    if any(text.startswith(folded, end) for end in ends):
        return True
    if not ends or folded.isascii() and text.isascii() and not folded[:1].isspace():
        return False
    return bool(re.search(_TITLE_BEFORE + re.escape(folded), text, re.I))


@lru_cache(maxsize=1)
def _title_ends(text: str) -> tuple[int, ...]:
    """Where each academic title of a page's text ends: read once a page, not once a candidate."""
    return tuple(m.end() for m in _TITLE.finditer(text))


@lru_cache(maxsize=1)
def _lexicon() -> dict[str, str]:
    """The words the name model knows as given or family names (lower case, accents kept)."""
    from kg.extract.models._crf import model_path
    from kg.extract.models.names import lexicon_path, read_lexicon

    return read_lexicon(lexicon_path(model_path("name")))


@lru_cache(maxsize=1)
def _weights(path: Path = MODEL_PATH) -> dict[str, float]:
    """The shipped weights, read once."""
    return json.loads(path.read_text(encoding="utf-8"))["weights"]


def _score(values: dict[str, float], weights: dict[str, float]) -> float:
    return sum(weights.get(k, 0.0) * v for k, v in values.items())


def choose(document: Document, proposals, members: Sequence[tuple[str, str]] = (),
           weights: dict[str, float] | None = None) -> tuple[str, tuple[str, ...], int | None] | None:
    """``(name, aliases, line index)`` of the best-scored candidate of the proposals, or ``None`` (nobody named)."""
    found = candidates(proposals)
    if len(found) == 1:
        return None
    page = _Page.of(document)
    weights = _weights() if weights is None else weights
    best = max(found, key=lambda c: _score(features(c, page, members), weights))
    return None if best.unnamed else (best.name, best.aliases, best.index)


def train(examples: Sequence[list[dict[str, float]]], labels: Sequence[int], *, l2: float = 0.01,
          epochs: int = 3000, rate: float = 1.0) -> dict[str, float]:
    """Weights of a softmax over each example's candidates (``labels[i]``: the right one's position), by
    gradient descent on the mean cross-entropy with an L2 penalty.

    >>> w = train([[{"a": 1.0}, {"b": 1.0}], [{"b": 1.0, "c": 1.0}, {"a": 1.0}]], [0, 1])
    >>> w["a"] > w["b"]
    True
    """
    import numpy as np

    names = sorted({k for example in examples for values in example for k in values})
    column = {k: i for i, k in enumerate(names)}
    rows = [values for example in examples for values in example]
    m = np.zeros((len(rows), len(names)))
    for row, values in enumerate(rows):
        for k, v in values.items():
            m[row, column[k]] = v
    # every example's candidates are consecutive rows: ``starts`` opens each, ``group`` names each row's example
    sizes = np.array([len(example) for example in examples])
    starts = np.concatenate(([0], np.cumsum(sizes)[:-1]))
    group = np.repeat(np.arange(len(examples)), sizes)
    right = np.zeros(len(rows))
    right[starts + np.asarray(labels)] = 1.0
    w = np.zeros(len(names))
    for _ in range(epochs):
        s = m @ w
        e = np.exp(s - np.maximum.reduceat(s, starts)[group])
        p = e / np.add.reduceat(e, starts)[group]
        w -= rate * (m.T @ (p - right) / len(examples) + l2 * w)
    return {k: round(float(w[i]), 4) for k, i in column.items() if abs(w[i]) > 1e-4}


def _document(lines: list[str]) -> Document:
    """A plain-text document of ``lines`` (the examples')."""
    from kg.model import Line

    return Document("a.txt", "a.txt", "text", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")


def build(data_dir: Path, path: Path, docs: tuple[Path, ...] = ()) -> list[tuple[str, dict]]:
    """Train on the labelled documents ``data_dir`` and the repository's fixtures, write ``path``; see
    :mod:`kg.extract.models.subject_data`."""
    from kg.extract.models.subject_data import build as _build

    return _build(data_dir, path, docs)
