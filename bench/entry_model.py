"""Can a learned reader of career entries set the organisations' boundaries better than the rules? Train one, wire it
into the entry rules three ways, and grade.

The model: a CRF (python-crfsuite, the feature helpers of ``kg.extract.models._crf`` and the affiliation model's)
that tags one career entry ("Research Scientist, Vision Lab, Acme Corp., Bergen, 2019 - present", "PhD in Physics,
University X (advisor: Prof. A. Bello)", "2015 – 2019 | Universidad Y | Doctorado en Química") token by token:
``ROLE``, ``DEGREE`` (with its field), ``ORG`` (each organisational unit its own span, ``B-ORG`` on its first
token, so two units written side by side stay two), ``LOCATION``, ``DATE``, ``PERSON`` (advisors and hosts) and
``O``; a bar (a table's cell separator) is never inside a span.

There is no hand-labelled corpus of CV entries: it is trained on entries rendered from templates of many orders,
separators, markups and languages (:func:`render_entry`), filled with the organisational units of GROBID's
hand-labelled affiliations (``grobid/affiliation-address``, Apache-2.0; bracketed acronyms dropped from the unit
and written after it as ``O`` at times), the gazetteer's organisations and invented companies, the role, degree,
field, month and place words of ``kg/extract/data``, invented people and towns, and dates in the formats
:mod:`kg.extract.dates` reads. Its held-out table renders entries around the affiliations of GROBID's held-out
files, which training never sees. No development document is read for training.

The ways it is wired in (``extract --mode``), each replacing the organisation chain that the entry rules of
:mod:`kg.extract.positions` read from a line (``org_chain`` as ``positions`` calls it):

- ``on``: each organisation the rules found is replaced by the model's units overlapping it, when each names an
  organisation (``classify_segment``) and they differ from it;
- ``split``: the same, only where the model reads two or more units in what the rules read as one;
- ``known``: the same, only where the rules' mention is not in the gazetteer and each of the model's units is;
- ``gap``: the rules' chain is kept; where it is empty, the model's units that name a known or typed organisation
  (not a guessed capitalised name), on a line the model also finds a role or degree and dates in.

Usage::

    python bench/entry_model.py train /work/shared/data /tmp/entry.crfsuite
    python /work/shared/eval/score.py /work/shared/eval/gold --docs /work/shared/seeds --docs /work/shared/eval/docs \
        --run 'python bench/entry_model.py kg --model /tmp/entry.crfsuite --mode on -- extract {doc} --format json'
    python bench/entry_model.py pages --model /tmp/entry.crfsuite --mode on   # the pages proxy

Results: bench/RESULTS.md, "entrymodel".
"""
from __future__ import annotations

import random
import re
import sys
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPOSITORY))  # this tree's kg, not the installed one

from kg.extract.dates import MONTHS  # noqa: E402
from kg.extract.gazetteer import data_words, known_organizations, word_groups  # noqa: E402
from kg.extract.vocab import _CJK_DEGREES, _data_rows  # noqa: E402
from kg.extract.models import _crf  # noqa: E402
from kg.extract.models._crf import format_scores, tokenize  # noqa: E402
from kg.extract.models.affiliations import UNIT_KINDS, affiliation_features, read_affiliations, runs  # noqa: E402

LABELS = ("ROLE", "DEGREE", "ORG", "LOCATION", "DATE", "PERSON")

# -- lexicons (the project's data files) ----------------------------------------------------

_ROLES = data_words("roles.tsv")
_FIELDS = data_words("field_words.txt")
_PLACES = data_words("locations.txt")
_ORG_WORDS = word_groups("org_words.tsv")
_ORG_KEYWORDS = _ORG_WORDS["bare_keywords"] | _ORG_WORDS["type_words"]
_MONTHS = frozenset(MONTHS)
#: A degree's spelling standing alone in ``degrees.tsv`` (an alternative with no pattern syntax in it).
_PLAIN = re.compile(r"[^\W\d_][^\W\d_' .]*(?: [^\W\d_]+)*")


@lru_cache(maxsize=1)
def _degree_words() -> tuple[tuple[str, ...], frozenset[str]]:
    """The plain spellings of the degrees of ``degrees.tsv`` and ``cjk_degrees.tsv``, and their words."""
    spellings: list[str] = []
    for row in _data_rows("degrees.tsv"):
        pattern = re.sub(r"\(\?<?[!=][^)]*\)", "", row["pattern"]).replace("(?:", "(").replace("(?-i:", "(")
        for alternative in re.sub(r"\[[^\]]*\]|\\s[?+*]?|\\\.|[?]", " ", pattern).split("|"):
            alternative = " ".join(alternative.strip("() ").split())
            if len(alternative) >= 2 and _PLAIN.fullmatch(alternative):
                parts = alternative.split()
                # "ph d", "m b a": the letters of an abbreviation, written together ("PhD", "MBA")
                spellings.append("".join(parts) if all(len(p) <= 3 for p in parts) else alternative)
    spellings += list(_CJK_DEGREES)
    return tuple(dict.fromkeys(spellings)), frozenset(w.lower() for s in spellings for w in s.split())


# -- features -------------------------------------------------------------------------------


def entry_features(tokens: list[str]) -> list[dict]:
    """CRF features of an entry's tokens: the affiliation model's (word, comma-part and neighbours), the
    lexicons a token is in (role, degree, field, organisation keyword, place, month), a year's shape, a token
    inside brackets or after a colon, and the separators around it (bar, dash, emphasis marks).

    >>> f = entry_features(["PhD", ",", "Univ", "(", "2019", ")"])
    >>> f[0]["degree"], f[4]["year"], f[4]["bracket"]
    (1.0, 1.0, 1.0)
    """
    features = [dict.fromkeys(f, 1.0) for f in affiliation_features(tokens)]  # its attributes, weight 1 each
    degree_words = _degree_words()[1]
    depth, colon = 0, False
    marks = []
    for i, (token, f) in enumerate(zip(tokens, features)):
        lower = token.lower()
        if token in "([（":
            depth += 1
        elif token in ")]）":
            depth = max(0, depth - 1)
        elif token in ":：":
            colon = True
        elif token in "|;":
            colon = False
        if depth:
            f["bracket"] = 1.0
        if colon:
            f["after_colon"] = 1.0
        if lower in _ROLES or (not token.isascii() and any(lower.endswith(r) for r in ("员", "員", "教授", "讲师", "講師", "助教"))):
            f["role"] = 1.0
        if lower in degree_words or lower.rstrip(".") in degree_words:
            f["degree"] = 1.0
        if lower in _FIELDS:
            f["field"] = 1.0
        if lower in _ORG_KEYWORDS or (not token.isascii() and token.endswith(("大学", "大學", "学院", "研究所", "研究院", "实验室", "研究室"))):
            f["orgword"] = 1.0
        if lower in _PLACES:
            f["place"] = 1.0
        if lower.rstrip(".") in _MONTHS:
            f["month"] = 1.0
        if len(token) == 4 and token.isdigit() and token[:2] in ("19", "20"):
            f["year"] = 1.0
        marks.append({k: 1.0 for k in ("role", "degree", "orgword", "year", "place") if k in f})
    for i, f in enumerate(features):  # the lexicons two tokens either side
        for d in (-2, -1, 1, 2):
            if 0 <= i + d < len(features):
                for k in marks[i + d]:
                    f[f"{d:+d}:{k}"] = 1.0
    return features


# -- tagging --------------------------------------------------------------------------------


def entry_spans(text: str, tagger: _crf.Tagger) -> list[tuple[str, int, int]]:
    """The labelled spans of an entry as ``(label, start, end)`` character offsets, in writing order."""
    tokens = tokenize(text)
    if not tokens:
        return []
    labels = tagger.tag(entry_features([t.text for t in tokens]))
    # a bar parts the cells of a row: no span runs across it
    labels = ["O" if t.text == "|" else label for t, label in zip(tokens, labels)]
    out = []
    for label, s, e in _token_spans(labels):
        out.append((label, tokens[s].start, tokens[e - 1].end))
    return out


def _token_spans(labels: list[str]) -> list[tuple[str, int, int]]:
    """The labelled spans of the model's labels as ``(label, start, end)`` token ranges: a run of one label, a new
    organisation from each ``B-ORG``.

    >>> _token_spans(["ROLE", "B-ORG", "ORG", "B-ORG", "O", "DATE"])
    [('ROLE', 0, 1), ('ORG', 1, 3), ('ORG', 3, 4), ('DATE', 5, 6)]
    """
    return [(label, s, e) for label, s, e in runs(labels) if label != "O"]


# -- training data --------------------------------------------------------------------------

_SYLLABLES = ("ka", "lo", "mer", "vin", "ta", "dor", "bre", "sa", "lin", "ho", "ven", "ar", "mi", "ros", "tel",
              "na", "quil", "bo", "ren", "dal", "fe", "gor", "is", "pa", "wyn", "te", "zan", "ul", "cor", "eth")
_HAN = "明华国安伟志文建立新德海林山川田中村木原高石小松井竹清正光和平春秋东南北西金银长"
_SEPARATORS = (", ", ", ", ", ", " | ", " – ", " - ", " — ", " · ", "; ", "   ", ". ", " / ")
_ROLE_HEADS = tuple(sorted(w for w in _ROLES if w.isalpha() and len(w) > 3 and w.isascii()))
_ROLE_CJK = tuple(sorted(w for w in _ROLES if not w.isascii()))
_MODIFIERS = ("Senior", "Junior", "Assistant", "Associate", "Visiting", "Research", "Principal", "Lead", "Postdoctoral",
              "Adjunct", "Staff", "Chief", "Graduate", "Doctoral", "Full", "Deputy", "Head", "Teaching", "Software")
#: The words for "at" before an organisation, by language, and the articles that may follow them.
_AT = ("at", "at", "at the", "@", "en la", "en el", "bei der", "an der", "am", "à l'", "au", "presso", "na", "no", "em", "of the",
       "of the", "of", "in the", "with the")
_OF = ("in", "in", "of", "en", "em", "in", "de", "di", "für", "en")
_ADVISOR = ("Advisor:", "Advisor:", "Supervisor:", "advisor:", "supervised by", "under", "Thesis advisor:", "Betreuer:",
            "Director:", "directeur de thèse :", "Orientador:", "Relatore:", "Promotor:", "with", "PI:", "Host:", "导师：", "指導教員：")
_TITLES = ("Prof.", "Prof.", "Dr.", "Professor", "Prof. Dr.", "Dr", "")
_PRESENT = ("present", "Present", "now", "today", "heute", "presente", "actualidad", "aujourd'hui", "atual", "oggi", "至今", "現在")
_SINCE = ("since", "Since", "seit", "desde", "depuis", "dal", "from")
_BULLETS = ("", "", "", "- ", "• ", "* ", "· ", "– ")
_EMPHASIS = ("", "", "", "", "**", "*", "_")


def _invented_word(rng: random.Random, parts: int = 2) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(parts, parts + 1))).capitalize()


def _person(rng: random.Random) -> str:
    if rng.random() < 0.1:
        return "".join(rng.choice(_HAN) for _ in range(rng.randint(2, 3)))
    first = _invented_word(rng)
    if rng.random() < 0.3:
        first = first[0] + "."
    name = f"{first} {_invented_word(rng)}"
    return f"{rng.choice(_TITLES)} {name}".strip()


def _date(rng: random.Random) -> str:
    y1 = rng.randint(1985, 2024)
    y2 = y1 + rng.randint(0, 6)
    months = rng.sample(sorted(m for m in _MONTHS if m.isalpha() and len(m) >= 3), 2)
    dash = rng.choice(("–", "-", " - ", " – ", " to ", "—", " bis ", " a ", "--"))
    end = str(y2) if rng.random() < 0.7 else rng.choice(_PRESENT)
    shape = rng.random()
    if shape < 0.3:
        return f"{y1}{dash}{end}"
    if shape < 0.45:
        return f"{months[0].capitalize()} {y1}{dash}{months[1].capitalize()} {y2}"
    if shape < 0.55:
        return f"{rng.randint(1, 12):02d}/{y1}{dash}{rng.randint(1, 12):02d}/{y2}"
    if shape < 0.65:
        return f"{rng.choice(_SINCE)} {y1}"
    if shape < 0.72:
        return f"{y1}年{rng.randint(1, 12)}月{dash}{y2}年{rng.randint(1, 12)}月"
    if shape < 0.8:
        return f"{y1}{dash}{rng.choice(_PRESENT)}"
    return str(y1)


def _role(rng: random.Random, cjk: bool = False) -> str:
    if cjk and _ROLE_CJK:
        return rng.choice(_ROLE_CJK)
    words = [rng.choice(_ROLE_HEADS).capitalize()]
    for _ in range(rng.choice((0, 1, 1, 2))):
        words.insert(0, rng.choice(_MODIFIERS))
    if rng.random() < 0.15:
        words += [rng.choice(("of", "in", "de", "für")), rng.choice(sorted(_FIELDS)).capitalize()]
    role = " ".join(words)
    return role.lower() if rng.random() < 0.05 else role


def _degree(rng: random.Random, cjk: bool = False) -> str:
    spellings = _degree_words()[0]
    degree = rng.choice([s for s in spellings if not s.isascii()] if cjk else [s for s in spellings if s.isascii()] or spellings)
    if cjk:
        return degree
    degree = degree.upper() if len(degree) <= 4 and rng.random() < 0.5 else degree.title() if rng.random() < 0.7 else degree
    if rng.random() < 0.6:
        field = " ".join(rng.choice(sorted(_FIELDS)).capitalize() for _ in range(rng.choice((1, 1, 2))))
        degree = f"{degree} {rng.choice(_OF)} {field}" if rng.random() < 0.7 else f"{degree}, {field}"
    return degree


def _place(rng: random.Random) -> str:
    if rng.random() < 0.5:
        town = _invented_word(rng) + rng.choice(("", "", "burg", "ville", " City", "stad"))
    else:
        town = rng.choice(sorted(p for p in _PLACES if p.isalpha() and len(p) > 3)).title()
    if rng.random() < 0.4:
        town += ", " + rng.choice(sorted(p for p in _PLACES if len(p) > 2 and " " not in p)).title()
    return town


def _company(rng: random.Random) -> list[str]:
    """An invented company ("Velkaro Robotics GmbH") or a known organisation of the gazetteer, and at times a unit
    of it ("Search Group")."""
    if rng.random() < 0.5:
        name = rng.choice(_KNOWN).name
    else:
        name = _invented_word(rng, rng.choice((1, 2)))
        if rng.random() < 0.6:
            name += " " + rng.choice(_TRADES).capitalize()
        if rng.random() < 0.3:
            name += rng.choice((" Inc.", " Ltd.", " GmbH", " LLC", " S.A.", " AG", " Corp."))
    units = [name]
    if rng.random() < 0.25:
        units.insert(0, f"{_invented_word(rng)} {rng.choice(('Group', 'Lab', 'Team', 'Research', 'Labs', 'Division'))}")
    return units


_KNOWN = tuple(known_organizations())
_TRADES = tuple(sorted(_ORG_WORDS["trades"]))


def _cjk_org(rng: random.Random) -> list[str]:
    name = "".join(rng.choice(_HAN) for _ in range(rng.randint(2, 4)))
    units = [name + rng.choice(("大学", "大学", "研究所", "科学院", "工業大学"))]
    if rng.random() < 0.5:
        units.append("".join(rng.choice(_HAN) for _ in range(2)) + rng.choice(("学院", "研究科", "系", "实验室", "研究室")))
    return units


def _units(affiliation: list[tuple[str, str]], rng: random.Random) -> list[str]:
    """The organisational units of a labelled affiliation as texts, largest first or smallest first."""
    units = [_detokenized([t for t, _ in affiliation[s:e]]) for label, s, e in runs([label for _, label in affiliation])
             if label in UNIT_KINDS]
    units = [u for u in (_BRACKETED.sub("", u).strip(" ,;-") for u in units) if u]
    if rng.random() < 0.5:
        units.reverse()
    return units[: rng.choice((1, 1, 2, 2, 3))]


_BRACKETED = re.compile(r"\s*[(\[][^()\[\]]*[)\]]")
_NO_SPACE_BEFORE = frozenset(",.;:)]'’")
_NO_SPACE_AFTER = frozenset("([‘'’-/")


def _detokenized(tokens: list[str]) -> str:
    out = ""
    for t in tokens:
        if out and t not in _NO_SPACE_BEFORE and out[-1] not in _NO_SPACE_AFTER:
            out += " "
        out += t
    return out.strip(" ,;")


def render_entry(units: list[str], rng: random.Random, other: list[str] = ()) -> list[tuple[str, str]]:
    """One invented career entry around the organisational units ``units``, as ``(text, label)`` pieces (label
    ``O`` for separators and words of no span): a job or a degree, with dates, a place and an advisor or not, in
    one of many orders, separators and markups; ``other`` are the units of another organisation the entry may name
    too ("X and Y").

    >>> pieces = render_entry(["Department of Soils", "University of Xanadu"], random.Random(3))
    >>> [label for _, label in pieces if label != "O"].count("ORG")
    2
    """
    cjk = bool(units) and not units[0].isascii() and any("\u3400" <= c <= "\u9fff" for c in units[0])
    study = rng.random() < 0.4
    title = (_degree(rng, cjk), "DEGREE") if study else (_role(rng, cjk), "ROLE")
    org: list[tuple[str, str]] = []
    joiner = rng.choice((", ", ", ", " – ", " - ", ". ", " ", ", ", " at ")) if not cjk else rng.choice(("", " ", "，"))
    for unit in units:
        if org:
            org.append((joiner, "O"))
        org.append((unit, "ORG"))
    if not cjk and rng.random() < 0.12:  # an acronym or the organisation's web address after it
        acronym = "".join(w[0] for w in org[-1][0].split() if w[:1].isupper())
        org.append((f" ({acronym})" if len(acronym) > 1 and rng.random() < 0.7 else f" (www.{_invented_word(rng).lower()}.com)", "O"))
    if not cjk and other and rng.random() < 0.1:  # two organisations of one position
        org += [(rng.choice((" and ", " & ", " / ", " and ", ", ", " y ", " et ", " und ")), "O"), (other[-1], "ORG")]
    fields: list[list[tuple[str, str]]] = [[title], org]
    if rng.random() < 0.3:
        fields.append([(_place(rng), "LOCATION")])
    dated = rng.random() < 0.75
    shape = rng.random()
    if shape < 0.15 and not cjk:  # "Role at Org", "Investigadora en la Org"
        fields = [[title, (" " + rng.choice(_AT if not study else ("at", "from", "at the", "en la", "an der", "à l'")) + " ", "O"), *org], *fields[2:]]
    elif shape < 0.55:
        rng.shuffle(fields)
    pieces: list[tuple[str, str]] = []
    separator = rng.choice(_SEPARATORS) if not cjk else rng.choice(("，", "、", " ", "  ", " | "))
    emphasis = rng.choice(_EMPHASIS)
    for n, field_pieces in enumerate(fields):
        if n:
            pieces.append((separator, "O"))
        if emphasis and n == 0:
            pieces += [(emphasis, "O"), *field_pieces, (emphasis, "O")]
        else:
            pieces += field_pieces
    if dated:
        date = (_date(rng), "DATE")
        where = rng.random()
        if where < 0.4:
            pieces = [date, (rng.choice((": ", " | ", ", ", "  ", " – ", " ")), "O"), *pieces]
        elif where < 0.55:
            pieces += [(" (", "O"), date, (")", "O")]
        else:
            pieces += [(rng.choice((", ", " | ", "  ", " · ", " – ", ". ")), "O"), date]
    if rng.random() < (0.3 if study else 0.08):
        trigger = rng.choice(_ADVISOR)
        people = [(_person(rng), "PERSON")]
        if rng.random() < 0.25:
            people += [(rng.choice((" and ", ", ", " & ", " y ", " e ", " und ")), "O"), (_person(rng), "PERSON")]
        bracket = rng.random() < 0.5
        pieces += [(" (" if bracket else rng.choice((", ", "; ", ". ", " ")), "O"), (trigger + " ", "O"), *people]
        if bracket:
            pieces.append((")", "O"))
    if rng.random() < 0.06:  # contact details or a link after the entry
        user, host = _invented_word(rng).lower(), _invented_word(rng).lower()
        pieces += [(rng.choice((" | ", ", ", " · ", "  ")), "O"),
                   (rng.choice((f"{user}@{host}.edu", f"https://{host}.org/{user}", f"+{rng.randint(1, 99)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}")), "O")]
    bullet = rng.choice(_BULLETS)
    return ([(bullet, "O")] if bullet else []) + pieces


def _labelled_tokens(pieces: list[tuple[str, str]]) -> tuple[str, list[tuple[str, str]]]:
    """The text of rendered pieces and its tokens' labels (``B-X`` on each span's first token)."""
    text, out = "", []
    for piece, label in pieces:
        for k, token in enumerate(tokenize(piece)):
            out.append((token.text, "O" if label == "O" else ("B-" if k == 0 else "I-") + label))
        text += piece
    return text, out


def rendered_entries(affiliations: list[list[tuple[str, str]]], count: int, seed: int) -> list[list[tuple[str, str]]]:
    """``count`` invented entries (token and label) around the units of ``affiliations``, of the gazetteer's
    organisations and invented companies, and of invented Chinese or Japanese names for one in twelve."""
    rng = random.Random(seed)
    out = []
    pool = [a for a in affiliations if any(label.removeprefix("B-") in UNIT_KINDS for _, label in a)]
    while len(out) < count and pool:
        kind = rng.random()
        units = _cjk_org(rng) if kind < 1 / 12 else _company(rng) if kind < 0.3 else _units(rng.choice(pool), rng)
        if units:
            other = _company(rng) if rng.random() < 0.5 else _units(rng.choice(pool), rng)
            out.append(_labelled_tokens(render_entry(units, rng, other))[1])
    return out


# -- training -------------------------------------------------------------------------------


def _train_labels(labels: list[str]) -> list[str]:
    """Labels as the CRF learns them: ``B-`` kept for ORG (two units side by side), the other spans plain.

    >>> _train_labels(["B-ROLE", "I-ROLE", "B-ORG", "I-ORG", "B-ORG"])
    ['ROLE', 'ROLE', 'B-ORG', 'ORG', 'B-ORG']
    """
    return [label if label == "B-ORG" else label[2:] if label[:2] in ("B-", "I-") else label for label in labels]


def build(data_dir: Path, path: Path, count: int = 12000) -> list[tuple[str, dict]]:
    """Train the entry model on entries rendered around the affiliations of ``data_dir/grobid/affiliation-address``
    into ``path``; return the span scores of entries rendered around the held-out affiliations (and, for a fifth
    of them, the gazetteer's organisations and invented companies, which training draws from too)."""
    train_aff, test_aff = read_affiliations(Path(data_dir) / "grobid" / "affiliation-address")
    train_set = rendered_entries(train_aff, count, seed=11)
    test_set = rendered_entries(test_aff, max(200, count // 6), seed=12)
    _crf.train((entry_features([t for t, _ in s]) for s in train_set),
               (_train_labels([label for _, label in s]) for s in train_set), path, c1=0.05, c2=0.01, max_iterations=150)
    tagger = _crf.Tagger(path)
    gold = [_train_labels([label for _, label in s]) for s in test_set]
    predicted = [tagger.tag(entry_features([t for t, _ in s])) for s in test_set]
    # each unit of an organisation its own span: two units written side by side count as two
    return [("entry (held-out organisations, rendered)",
             _crf.field_scores(gold, predicted, ignore=frozenset({"O"}), spans_of=runs))]


# -- wired into the entry rules -------------------------------------------------------------


def model_boundaries(text: str, chain: list, tagger: _crf.Tagger, mode: str) -> list:
    """The organisations of an entry line (``chain``, as the rules read them from ``text``) with the model's
    boundaries, as ``mode`` (``on``, ``split``, ``gap``) says."""
    from kg.extract.orgs import classify_segment

    spans = entry_spans(text, tagger)
    if mode == "gap":
        if chain or not ({"ROLE", "DEGREE"} & {label for label, _, _ in spans} and any(label == "DATE" for label, _, _ in spans)):
            return chain
        found = [(classify_segment(text[s:e], context_org=True), s, e) for label, s, e in spans if label == "ORG"]
        return [replace(m, begin=s, end=e) for m, s, e in found if m is not None and not m.guessed]
    units = [(s, e) for label, s, e in spans if label == "ORG"]
    out, covered = [], set()
    for m in chain:
        over = [(s, e) for s, e in units if s < m.end and m.begin < e]
        found = [classify_segment(text[s:e], context_org=True) for s, e in over]
        if over and all(found) and [text[s:e].strip(" .,") for s, e in over] != [m.written.strip(" .,")] \
                and (mode == "on" or (mode == "split" and len(over) > 1) or (mode == "known" and not m.known and all(f.known for f in found))):
            out += [replace(f, begin=s, end=e) for f, (s, e) in zip(found, over) if (s, e) not in covered]
            covered.update(over)
        else:
            out.append(m)
    return out


def wire(model: Path, mode: str) -> None:
    """Read every organisation chain of :mod:`kg.extract.positions` through :func:`model_boundaries` (this process)."""
    from kg.extract import positions

    tagger, rules = _crf.Tagger(model), positions.org_chain

    def org_chain(text: str, *, context_org: bool = True) -> list:
        return model_boundaries(text, rules(text, context_org=context_org), tagger, mode)

    positions.org_chain = org_chain


# -- training -------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    train = commands.add_parser("train", help="train on DATA_DIR's GROBID affiliations into MODEL; print held-out F1")
    train.add_argument("data_dir", type=Path)
    train.add_argument("model", type=Path)
    train.add_argument("--count", type=int, default=12000, help="rendered training entries")
    for name, what in (("kg", "run the kg command line (its arguments after --)"), ("pages", "grade the pages proxy")):
        command = commands.add_parser(name, help=f"{what}, with the model wired in")
        command.add_argument("--model", type=Path, required=True)
        command.add_argument("--mode", choices=("on", "split", "known", "gap"), required=True)
        if name == "kg":
            command.add_argument("arguments", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.command == "train":
        for title, scores in build(args.data_dir, args.model, args.count):
            print(format_scores(scores, title))
        return
    wire(args.model, args.mode)
    if args.command == "kg":
        from kg.cli import cli

        cli([a for a in args.arguments if a != "--"])
    from tests.test_extract_pages import grade

    graded = grade()
    print(f"relation F1 {graded.relation_f1:.3f}, mean over documents {graded.macro_relation_f1:.3f}, "
          f"career relations {graded.career_f1:.3f}, entity F1 {graded.entity_f1:.3f}")


if __name__ == "__main__":
    main()
