"""Tests for kg.extract.gazetteer: known organisations, abbreviations, keyword types."""
from __future__ import annotations

import re
from importlib import resources
from types import SimpleNamespace

import pytest

from kg.extract import gazetteer
from kg.extract.gazetteer import (
    CaselessPattern,
    DataFileError,
    canonical_org_name,
    classify_organization,
    data_patterns,
    known_organizations,
    lookup_organization,
    word_groups,
)


@pytest.mark.parametrize(
    "written, name",
    [
        ("MIT", "Massachusetts Institute of Technology"),
        ("CMU", "Carnegie Mellon University"),
        ("USC", "University of Southern California"),
        ("Facebook", "Meta"),
        ("ETH Zürich", "ETH Zurich"),
        ("EPFL", "École Polytechnique Fédérale de Lausanne"),
        ("Tsinghua Univ.", "Tsinghua University"),
        ("the University of Tokyo", "University of Tokyo"),
        ("Univ. of Sao Paulo", "University of São Paulo"),
        ("KAIST", "Korea Advanced Institute of Science and Technology"),
        ("IIT Bombay", "Indian Institute of Technology Bombay"),
    ],
)
def test_lookup_finds_aliases_and_acronyms(written, name):
    assert lookup_organization(written).name == name


def test_lookup_acronyms_are_case_sensitive_and_places_need_context():
    assert lookup_organization("who") is None
    assert lookup_organization("Princeton") is None
    assert lookup_organization("Princeton", short_names=True).name == "Princeton University"


def test_known_parents_exist():
    names = {org.name for org in known_organizations()}
    assert all(org.parent in names for org in known_organizations() if org.parent)
    assert lookup_organization("Tencent AI Lab").parent == "Tencent"


@pytest.mark.parametrize(
    "written, canonical",
    [
        ("Dept. of Chemistry, Kyoto Univ.", "Department of Chemistry, Kyoto University"),
        ("CS Dept.", "Department of Computer Science"),
        ("Dept. EE", "Department of Electrical Engineering"),
        ("Natl. Lab. for Plasma Physics", "National Laboratory for Plasma Physics"),
        ("Georgia Tech", "Georgia Tech"),
    ],
)
def test_canonical_org_name(written, canonical):
    assert canonical_org_name(written) == canonical


@pytest.mark.parametrize(
    "name, org_type",
    [
        ("Lawrence Livermore National Laboratory", "Institute"),
        ("Max Planck Institute for Chemistry", "Institute"),
        ("Universität Wien", "University"),
        ("Université Laval", "University"),
        ("Department of Linguistics", "Lab"),
        ("Computational Phonology Group", "Lab"),
        ("Hanfield Biotech GmbH", "Company"),
        ("Quillmark Research", "Company"),
        ("National Supercomputing Center in Jinan", "Institute"),
    ],
)
def test_classify_organization(name, org_type):
    assert classify_organization(name) == org_type


PATTERN_FILES = sorted(p.name for p in resources.files("kg.extract").joinpath("data").iterdir()
                       if p.name.endswith("_patterns.tsv") or p.name == "page_titles.txt")


@pytest.mark.parametrize("filename", PATTERN_FILES)
def test_every_row_of_a_pattern_file_is_a_regular_expression_of_its_own(filename):
    # a row that compiles only joined to its neighbours (an unclosed group) would change their meaning
    rows = [line for line in resources.files("kg.extract").joinpath("data").joinpath(filename)
            .read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")]
    assert rows
    for row in rows:
        kind, tab, pattern = row.partition("\t")
        assert tab and kind.strip() and pattern.strip(), row
        re.compile(pattern)


def test_data_patterns_keeps_the_file_order_of_a_kind():
    assert data_patterns("org_patterns.tsv")["strong_org"].split("|")[:3] == ["universit\\w*", "univ", "institut\\w*"]
    assert data_patterns("entry_patterns.tsv")["advisor_label"].startswith("advisors?|advisers?|")


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A ``data`` folder the loaders read in place of the package's own."""
    (tmp_path / "data").mkdir()
    monkeypatch.setattr(gazetteer, "resources", SimpleNamespace(files=lambda package: tmp_path))
    return tmp_path / "data"


@pytest.mark.parametrize("filename, text, load, message", [
    ("tabless_patterns.tsv", "# words\nfruit\tapple\nfruit pear\n", data_patterns,
     r"tabless_patterns\.tsv:3: a row is kind<TAB>pattern: 'fruit pear'"),
    ("extra_words.tsv", "kind\twords\nfruit\tapple;pear\nveg\tleek\tkale\n", word_groups,
     r"extra_words\.tsv:3: 3 tab-separated cells where the header names 2 \(kind, words\)"),
])
def test_a_bad_row_names_the_file_the_line_and_the_fault(data_dir, filename, text, load, message):
    (data_dir / filename).write_text(text, encoding="utf-8")
    with pytest.raises(DataFileError, match=message):
        load(filename)


def test_well_formed_files_load(data_dir):
    (data_dir / "good_patterns.tsv").write_text("# fruit\nfruit\tapples?\nfruit\tpears?\n", encoding="utf-8")
    (data_dir / "good_words.tsv").write_text("kind\twords\nfruit\tapple; pear\n", encoding="utf-8")
    assert data_patterns("good_patterns.tsv") == {"fruit": "apples?|pears?"}
    assert word_groups("good_words.tsv") == {"fruit": frozenset({"apple", "pear"})}


def test_caseless_pattern_finds_what_a_case_insensitive_search_finds():
    patterns = [
        r"\b(?:advisor|co-?supervisor|mentor)\s*:",
        r"(?<![\w.])(?:(?P<phd>ph\.?\s?d\.?)|(?P<md>m\.?\s?d\.?(?!\s+(?-i:[A-Z][a-z]{2,}))))(?![\w])",
        r"\bdanışman\b|\b(?-i:in\s+the\s+lab\s+of)\b",
        r"\b[A-Z][a-z]+\s+(?:University|Institute)\b",
    ]
    texts = [
        "Thesis ADVISOR: Prof. Orla Quennell", "co-supervisor : Dr. Taavi Merelund", "MD Brenholt, MD, PhD",
        "m.d. Ystradgynlais Hospital", "She worked In The Lab Of Ilse Varnow", "in the lab of Ilse Varnow",
        "DANIŞMAN: Kerem Aydoğdu", "Danisman Kerem", "Ph.D. at Quellmoor University", "Ålesund Institute, ph d",
        "nothing to see here", "",
    ]
    for pattern in patterns:
        caseless = CaselessPattern(pattern)
        assert caseless._folded is not None
        for text in texts + [t.upper() for t in texts] + [t.lower() for t in texts]:
            want = re.search(pattern, text, re.IGNORECASE)
            got = caseless.search(text)
            assert (got and (got.span(), got.groupdict())) == (want and (want.span(), want.groupdict())), (pattern, text)


def test_caseless_pattern_keeps_no_copy_where_lower_casing_would_change_the_pattern():
    assert CaselessPattern(r"[A-z]+").search("^_^").group() == "^_^"  # "A-z" holds "^" and "_"
    assert CaselessPattern(r"\x41da").search("ADA").group() == "ADA"
    assert CaselessPattern(r"[Ā-Ž]").search("i").group() == "i"  # the range holds "ı", which matches "i"


def test_caseless_pattern_on_text_beyond_ascii():
    # "ſ" matches "s" and "ς" matches "Σ" case-insensitively, which lower-casing does not give: the pattern's own search
    for pattern, text in [(r"\bcusp\b", "Ein CUſP"), (r"ς\b", "ΣΟΦΟΣ"), (r"\bcafé\b", "Das CAFÉ am Meer"),
                          (r"(?P<role>professeure?)\s+à", "Professeure À l'Université de Quimperlé")]:
        want = re.search(pattern, text, re.IGNORECASE)
        assert want is not None
        assert CaselessPattern(pattern).search(text).span() == want.span()


def test_words_grouped_by_first_letter_match_as_joined_and_not_grouped_otherwise():
    """Grouping keeps the first alternative that matches at each position ("now" before "nowadays" stays first);
    a pattern that is more than words, or letters that match one another's case ("ſ" and "s"), are joined as given."""
    words = ["now", "nowadays", "currently", "at present", "cur"]
    grouped = re.compile(rf"(?:{gazetteer.by_first_letter(words)})", re.I)
    joined = re.compile(rf"(?:{'|'.join(words)})", re.I)
    for text in ("Nowadays at Present", "CURrently", "now and then", "cur"):
        assert [m.span() for m in grouped.finditer(text)] == [m.span() for m in joined.finditer(text)]
    assert gazetteer.by_first_letter(words) == "n(?:ow|owadays)|c(?:urrently|ur)|a(?:t present)"
    assert gazetteer.by_first_letter(["sa", "ſb", "sc"]) == "sa|ſb|sc"
    assert gazetteer.by_first_letter(["curates?", "co-founded"]) == "curates?|co-founded"


def test_any_of_the_rules_matches_where_one_of_them_does():
    """The gates of the inflection and keyword rules: a match wherever one rule matches, none elsewhere."""
    names = ["Technischen Universität Ellerbach", "des Max-Planck-Instituts", "Wydziału Chemii", "Acme Widgets GmbH",
             "Universidad de Quillon", "Zorblax", "Department of Linguistics", "Die Arbeitsgruppe Nordlicht", "研究所",
             "Forschungszentrums Jülich-Süd", "the bfoo bar", "Politechnice Gdańskiej", "TU Tarnow", "Tu Anh Nguyen"]
    for rules, flags in (([p.pattern for p, _ in gazetteer._INFLECTIONS], 0),
                         ([p.pattern for p, _ in gazetteer._KEYWORD_RULES], re.I)):
        gate = re.compile(gazetteer.any_of(rules), flags)
        for name in names:
            assert bool(gate.search(name)) == any(re.search(rule, name, flags) for rule in rules), name
