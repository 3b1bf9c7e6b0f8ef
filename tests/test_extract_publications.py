"""Tests for kg.extract.publications and kg.extract.venues: citation parsing and publication lists."""
from __future__ import annotations

import json
import time

import pytest

from conftest import DATA
from kg.extract import extract
from kg.extract.context import ExtractContext
from kg.extract.publications import _name_keys, add_publications, parse_citation, same_person, split_entries
from kg.extract.venue_mentions import venue_mentions
from kg.extract.venues import is_preprint, lookup_venue, normalize_venue
from kg.ingest import load_document
from kg.model import Document, Line

CASES = json.loads((DATA / "publications" / "citations.json").read_text(encoding="utf-8"))


#: Citations the learned parser (kg.extract.models.citation) still gets wrong, and why: kept as
#: expected failures so that a better model shows up as XPASS.
KNOWN_MISSES = {
    "cs-multiline-title-first": "a co-author's affiliation in brackets ends the model's author field",
    "title-starts-with-number": "the model reads a number opening the title as the entry's numbering",
}
#: The same for the shapes below: a rule mended them until it was found to mend no real reference or document.
_AFFILIATION_ENDS_NAMES = pytest.mark.xfail(reason=KNOWN_MISSES["cs-multiline-title-first"])
_NUMBER_READ_AS_NUMBERING = pytest.mark.xfail(reason=KNOWN_MISSES["title-starts-with-number"])


@pytest.mark.parametrize("case", [
    pytest.param(c, marks=pytest.mark.xfail(reason=KNOWN_MISSES[c["id"]])) if c["id"] in KNOWN_MISSES else c
    for c in CASES], ids=[c["id"] for c in CASES])
def test_parse_citation_styles(case):
    c = parse_citation(case["text"])
    assert c is not None
    assert (c.authors, c.title, c.venue, c.year) == (case["authors"], case["title"], case["venue"], case["year"])


@pytest.mark.parametrize("text, expected", [
    # title first, no markup: the first name's opening the parser glues to the title goes back to the names
    ("Tidal graphs in shallow seas, A. Ruiz, B. Chen. Journal of Graph Methods 7, 2 (2023).",
     (["A. Ruiz", "B. Chen"], "Tidal graphs in shallow seas", "Journal of Graph Methods", "2023")),
    ("Learning to sample graphs, Ana Ruiz, Bo Chen. Journal of Graph Methods 7, 2 (2023).",
     (["Ana Ruiz", "Bo Chen"], "Learning to sample graphs", "Journal of Graph Methods", "2023")),
    ("Tidal graphs in shallow seas, Oriane M. Vasquez, Bo Chen. Journal of Graph Methods 7, 2 (2023).",
     (["Oriane M. Vasquez", "Bo Chen"], "Tidal graphs in shallow seas", "Journal of Graph Methods", "2023")),
    # the title's first word read into the author list keeps its colon
    ("A. Ruiz, B. Chen, TideNet: Learning coastal graphs, Journal of Graph Methods, 2021.",
     (["A. Ruiz", "B. Chen"], "TideNet: Learning coastal graphs", "Journal of Graph Methods", "2021")),
    # initials and "and", then title and venue in one field; a year before 1900
    ("A. Ruiz and B. Chen. Notes on a counting engine. Scientific Memoirs, 1843.",
     (["A. Ruiz", "B. Chen"], "Notes on a counting engine", "Scientific Memoirs", "1843")),
    # a co-author's affiliation in brackets does not end the names; an arXiv id in brackets is not the title's
    pytest.param("Grain Flow in Silos\nIvan Petrov, Oriane Vasquez (Acme Labs), Mei Lin\nAccepted to ICML 2021",
                 (["Ivan Petrov", "Oriane Vasquez", "Mei Lin"], "Grain Flow in Silos", "ICML", "2021"),
                 marks=_AFFILIATION_ENDS_NAMES),
    # surname-first names before a colon, after a year label (the parser alone reads "und Chen, Bo:" into the title)
    ("2018: Osei, Kwame und Chen, Bo: Leader Election with Drifting Buoys, AAAI 2018",
     (["Kwame Osei", "Bo Chen"], "Leader Election with Drifting Buoys", "AAAI", "2018")),
    ("Mei Lin, Ivan Petrov, et al., Towards Robust Graph Sampling (2105.01234)",
     (["Mei Lin", "Ivan Petrov"], "Towards Robust Graph Sampling", None, "2021")),
    # a list's last surname read as the next field's first word; a title's first words read as the last name's
    ("Ana del Carmen Ortega, Jan van der Meer, Ingrid Solheim. Ciliary length control. Dev Cell 2018;44:1-12.",
     (["Ana del Carmen Ortega", "Jan van der Meer", "Ingrid Solheim"], "Ciliary length control", "Developmental Cell", "2018")),
    ("Vasquez-Ortiz, O.; Petrov, I.; Lindahl, K. Catalytic C–N coupling of arenes. J. Am. Chem. Soc. 2020, 142, 10–19.",
     (["O. Vasquez-Ortiz", "I. Petrov", "K. Lindahl"], "Catalytic C–N coupling of arenes", "JACS", "2020")),
    # a title hard-wrapped after "of"
    ("Ivan Petrov, Oriane Vasquez, and Mei Lin. 2022. Community Gardens as Places of\nLearning. In Proceedings of the 2022 CHI Conference on Human Factors in Computing Systems\n(CHI '22). ACM, 1–12.",
     (["Ivan Petrov", "Oriane Vasquez", "Mei Lin"], "Community Gardens as Places of Learning", "CHI", "2022")),
    # a chapter in an edited book has no venue; edited proceedings are one
    ("Ortega, R. (2019). Vowel drift in island dialects. In M. Lin & B. Chen (Eds.), Studies in Island Phonology (pp. 101–120). Mouton.",
     (["R. Ortega"], "Vowel drift in island dialects", None, "2019")),
    ("Ortega, R. (2019). Vowel drift in island dialects. In M. Lin & B. Chen (Eds.), Proceedings of the 40th Annual Meeting of the Berkeley Linguistics Society (pp. 1–12).",
     (["R. Ortega"], "Vowel drift in island dialects", "Annual Meeting of the Berkeley Linguistics Society", "2019")),
    # ", with" inside a title stays
    ("Ana Ruiz. Sampling, with applications to graphs. KDD 2021.",
     (["Ana Ruiz"], "Sampling, with applications to graphs", "KDD", "2021")),
    # title, names and venue as sentences, the title opening with a number
    pytest.param("4096 Bit Moduli Considered Harmful. O. Vasquez. CCS 2019.",
                 (["O. Vasquez"], "4096 Bit Moduli Considered Harmful", "CCS", "2019"), marks=_NUMBER_READ_AS_NUMBERING),
    pytest.param("1024 Bit Hashes Revisited. I. Petrov. CCS 2018.",
                 (["I. Petrov"], "1024 Bit Hashes Revisited", "CCS", "2018"), marks=_NUMBER_READ_AS_NUMBERING),
    ("1000 Small Graphs and Their Tides. Ana Ruiz, Bo Chen. KDD 2019.",
     (["Ana Ruiz", "Bo Chen"], "1000 Small Graphs and Their Tides", "KDD", "2019")),
    # the journal read into the title, before its volume and pages; a title-first entry with "and"
    ("O. Vasquez and I. Petrov. Sketch of a counting engine. Kessler's Scientific Memoirs 3, 666-731 (1843).",
     (["O. Vasquez", "I. Petrov"], "Sketch of a counting engine", "Kessler's Scientific Memoirs", "1843")),
    ("Coral reef acoustics, Oriane Vasquez and Ivan Petrov, Marine Ecology Progress Series, 2020.",
     (["Oriane Vasquez", "Ivan Petrov"], "Coral reef acoustics", "Marine Ecology Progress Series", "2020")),
    # "Title, Venue, Year": the title's last words, read as the venue's first (here a venue's name themselves)
    ("Tidal Drift Prediction with Explainable Artificial Intelligence, Journal of Coastal Research, 2019.",
     ([], "Tidal Drift Prediction with Explainable Artificial Intelligence", "Journal of Coastal Research", "2019")),
    ("A Two-State Mixed Regression Model for Animal Movement, Annals of Coastal Statistics, 2017.",
     ([], "A Two-State Mixed Regression Model for Animal Movement", "Annals of Coastal Statistics", "2017")),
    # the journal read into the title, before its volume ("vol. 14(2)")
    ("Notes on tidal categories and their coastal limits. Geometry, Shelves and Applications, "
     "vol. 14(2), 2020, pp. 11--19.",
     ([], "Notes on tidal categories and their coastal limits", "Geometry, Shelves and Applications", "2020")),
    ("Tidal shelves and the equivalence of coastal categories. Shelf Geometry and Its Applications, vol. 12(1), 2021, pp. 5--9.",
     ([], "Tidal shelves and the equivalence of coastal categories", "Shelf Geometry and Its Applications", "2021")),
    # Chicago: the comma inside the closing quote ends the title; the book it is in is no venue
    ("Ana Ruiz, “Kelp Forests in the Science Class,” in _The Coastal Classroom: A Guide to Field Resources_. "
     "Armonk: Tideline Press, 2006.", (["Ana Ruiz"], "Kelp Forests in the Science Class", None, "2006")),
    # the names after "herausgegeben von" ("edited by") are the book's editors, even where the parser reads them as authors
    ("Ortega, Rosa. 2020. »Gezeitenkarten der Nordsee im Wandel der Zeit«. In Küste im Wandel – Wattenmeer und "
     "Ostsee, herausgegeben von Haas, Lena, Tom Berg und Rosa Ortega, 243–256. Kiel: Küstenverlag.",
     (["Rosa Ortega"], "Gezeitenkarten der Nordsee im Wandel der Zeit", None, "2020")),
    # a quoted title ends at its closing quote: German »…« after the year, a bracketed translation after it
    ("Wolf, Ines Maria, Rosa Ortega, Bo Chen und Lena Haas. 2023. »Maschinelles Lernen in der Küstenkunde«. "
     "kb - Küstenblätter. DOI: 10.1234/kb-2023-01.",
     (["Ines Maria Wolf", "Rosa Ortega", "Bo Chen", "Lena Haas"], "Maschinelles Lernen in der Küstenkunde", None, "2023")),
    ('Moreira, Lucie, Osei, Kwame, and Ruiz, Ana "Mapas das marés: Experiências do litoral norte" [Tide Maps: '
     'Experiences of the Northern Coast]. *Revista Costeira*, 4(2): 10–19, 2019.',
     (["Lucie Moreira", "Kwame Osei", "Ana Ruiz"], "Mapas das marés: Experiências do litoral norte", "Revista Costeira", "2019")),
])
def test_titles_the_parser_reads_as_names_or_venues(text, expected):
    c = parse_citation(text)
    assert (c.authors, c.title, c.venue, c.year) == expected


@pytest.mark.parametrize("text, authors", [
    # "Surname, Given, & Surname, Given" and ";"-separated pairs: each pair is one person, even where the
    # given names hold initials ("Maren E. M."); the other author rules alone read no name here
    ("Lindqvist, Maren E. M., & Osei, Kwame. 2003. Argument structure in early child speech. "
     "Journal of Child Language 30, 1-20.", ["Maren E. M. Lindqvist", "Kwame Osei"]),
    ("Varga, Tibor S. C.; Moreau, Lucie; Ibarra, Zita; Nakamura, Emi (2009). Past tense formation in young "
     "readers. Cognition 12, 4-9.", ["Tibor S. C. Varga", "Lucie Moreau", "Zita Ibarra", "Emi Nakamura"]),
    # every author surname first, one (often the list's owner) with full given names: still one person a pair
    ("Okafor, B., Lindqvist, M., Haddad, Rami T., Moreau, L., ... Osei, K. (2021). Tides of the inner shelf. "
     "Marine Geology 12, 4-9.", ["B. Okafor", "M. Lindqvist", "Rami T. Haddad", "L. Moreau", "K. Osei"]),
    ("Okafor, Bisi, Haddad, Rami Tariq, Moreau, Lucie Ana da, and Lindqvist, Maren Ana \"Tides of the inner shelf\". "
     "*Marine Geology*, 12: 4-9.", ["Bisi Okafor", "Rami Tariq Haddad", "Lucie Ana da Moreau", "Maren Ana Lindqvist"]),
])
def test_inverted_name_pairs_with_initials_in_the_given_names(text, authors):
    assert parse_citation(text).authors == authors


def test_vancouver_initial_i_is_no_first_person_pronoun():
    # a long Vancouver entry of two sentences: "Okafor I," is a name with its initial, not "I" speaking of itself
    c = parse_citation("Okafor I, Lindqvist M, Petrov AI, Haddad R, Moreau L, Osei K, Tanaka H. Drifting sensors detect "
                       "coastal algal blooms early across three reef systems of the western shelf. Mar Ecol Prog Ser. "
                       "2024; 18(2): e0011912.")
    assert c.authors[:2] == ["Okafor I", "Lindqvist M"]
    assert c.title == "Drifting sensors detect coastal algal blooms early across three reef systems of the western shelf"


def test_equal_contribution_and_et_al():
    c = parse_citation("Mei Lin*, Ana Ruiz†, Bo Chen, et al. Federated optimization under drift. NeurIPS 2023.")
    assert c.authors == ["Mei Lin", "Ana Ruiz", "Bo Chen"]
    assert c.equal_contribution == {"Mei Lin", "Ana Ruiz"}
    assert c.et_al


def test_co_first_mark_is_not_part_of_the_name():
    c = parse_citation("Bo Chen, Ana Ruiz (co-first), Mei Lin, Graph Kernels at Scale (ASPLOS'20)")
    assert c.authors == ["Bo Chen", "Ana Ruiz", "Mei Lin"]
    assert c.equal_contribution == {"Ana Ruiz"}


def test_arxiv_identifier_gives_year_and_no_venue():
    c = parse_citation("Ana Ruiz, Bo Chen. Scaling laws for retrieval. arXiv:2305.01234")
    assert (c.arxiv, c.year, c.venue) == ("2305.01234", "2023", None)


def test_doi_is_kept_and_not_part_of_the_venue():
    c = parse_citation("Ruiz, A. (2019). Soil carbon. Geoderma, 12, 1-9. https://doi.org/10.1016/j.geo.2019.01.002")
    assert c.doi == "10.1016/j.geo.2019.01.002"
    assert c.venue == "Geoderma"


def test_venue_short_name_with_long_alias():
    c = parse_citation("Ana Ruiz. Routing in sparse networks. Proceedings of the 48th International Conference on Parallel Processing (ICPP), 2019.")
    assert c.venue == "ICPP"
    assert "International Conference on Parallel Processing" in c.venue_aliases
    assert c.venue_aliases[0] == "International Conference on Parallel Processing"


@pytest.mark.parametrize(
    "text",
    [
        "(* denotes equal contribution)",
        "https://scholar.google.com/citations?user=abc (citations: 5000+)",
        "I was a research scientist at a large company and enjoyed it very much.",
        "",
        "- Full list on Google Scholar",
        "Total citations 4800+, h-index 20",
        "Best Paper Award, CHI 2019",
        "- Invited talk at a summer school, 2021",
        "Selected papers are listed below.",
        "Research Intern, Acme Robotics, May 2019 - Present",
        "Lycée Central | Lyon, France | Baccalauréat | juillet 2015",
        "Vice President, Head of the Platform Group. Designer and developer of the online judge system.",
    ],
)
def test_notes_and_prose_are_not_citations(text):
    assert parse_citation(text) is None


def test_a_10k_character_citation_parses_in_under_50_ms():
    """A 700-author, 10,000-character entry: best of three fresh runs, in CPU time (the machine is shared)."""

    def entry(k):
        names = ", ".join(f"Au{chr(65 + i % 26)}{chr(97 + i // 26 % 26)}{chr(97 + k)}ra Ro{chr(97 + i % 26)}z" for i in range(700))
        return (names + ". A long title about graph sampling. Nature 580, 1-5 (2020).")[-10_000:]

    parse_citation("Warm Up. A title. Nature 2020.")
    timings = []
    for k in range(3):
        text = entry(k)
        start = time.process_time()
        c = parse_citation(text)
        timings.append(time.process_time() - start)
        assert c.title == "A long title about graph sampling"
    assert min(timings) < 0.05


@pytest.mark.parametrize(
    "text",
    ["Ana Ruiz, " * 1000, "A. " * 3400, "x" * 10_000, '"' + "word " * 2000, "(with " * 1500 + ")" * 1500,
     "Ana Ruiz " * 1200, "a. b, " * 1700, "J. " * 3300 + "Smith", "(x) " * 2500],
    ids=lambda t: t[:8],
)
def test_adversarial_long_lines_do_not_backtrack(text):
    # CPU time, not wall time: on a shared machine the wall clock measures the neighbours
    # (each shape takes 2-50 ms; a backtracking pattern took seconds)
    start = time.process_time()
    parse_citation(text[:10_000])
    assert time.process_time() - start < 0.25


@pytest.mark.parametrize(
    "mention, full, expected",
    [
        ("Z. Qu", "Zhiliang Qu", True),
        ("Qu Z", "Zhiliang Qu", True),
        ("Qu, Z.", "Zhiliang Qu", True),
        ("ZHILIANG QU", "Zhiliang Qu", True),
        ("K. Wang", "Wang Kaiming", True),
        ("J.-P. Dupont", "Jean-Pierre Dupont", True),
        ("Jun Qu", "Zhiliang Qu", False),
        ("Q. Zhi", "Zhiliang Qu", False),
        ("Mei Lin", "Lin Mei", False),
        ("García-López MF", "María Fernanda García López", True),  # a double surname hyphenated
        ("M. Garcia-Lopez", "María García López", True),
        ("M. García-Ruiz", "María García López", False),
        ("Vera Holm", "Vera K. Holm", True),  # a middle initial one spelling leaves out
        ("Vera K. Holm", "Vera Holm", True),
        ("Vera J. Holm", "Vera K. Holm", False),
        ("Holm Vera", "Vera K. Holm", False),
    ],
)
def test_same_person(mention, full, expected):
    assert same_person(mention, full) is expected
    # _listed_owner compares only names that share a key: every pair same_person matches does
    assert not expected or _name_keys(mention) & _name_keys(full)


def test_split_entries_bullets_bare_dash_and_headings():
    texts = ["# Papers", "- A. Li. One. Nature 2020.", "  wrapped", "-", "B. Wu. Two. Cell 2021.", "", "- C. Xu. Three. PNAS 2022."]
    assert split_entries(texts) == [[1, 2], [3, 4], [6]]


def test_split_entries_one_citation_per_line_without_bullets():
    texts = [
        "Ana Ruiz and Bo Chen. Graph kernels for sparse tensors on GPUs. PPoPP 2021.",
        "Ana Ruiz and Mei Lin. Elastic caching for serverless inference. ICML 2022.",
    ]
    assert split_entries(texts) == [[0], [1]]


def test_split_entries_rows_of_one_field_shape_are_records_even_without_a_year():
    # a CV class's publication macro joined into " | " fields; the last is in press, so has no year
    texts = [
        "03/21 | Vell, O.; Marsh, T. | Journal of Tarvik Studies, Volume 12, 1-9 | Salt and silt in the Quill delta",
        "11/23 | Vell, O.; Oduya, K.; Marsh, T. | Sediments & Tides, Forthcoming article | Delta sediments under a changing tide",
    ]
    assert split_entries(texts) == [[0], [1]]


def _document(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    return Document(
        path=str(path), name=path.name, format="text", sha256="0",
        lines=tuple(Line(n, text) for n, text in enumerate(lines, start=1)),
    )


@pytest.fixture
def cv():
    doc = _document(DATA / "publications" / "cv.txt")
    ctx = ExtractContext(doc)
    subject = ctx.set_subject("Ana Ruiz")
    add_publications(ctx, list(range(2, len(doc.lines))), subject)
    return ctx.build()


def _relations(ex, predicate):
    return {(ex.entity(r.subject).name, ex.entity(r.object).name) for r in ex.relations if r.predicate == predicate}


def test_subject_mentions_resolve_to_the_subject(cv):
    people = [e for e in cv.entities if e.type == "Person"]
    subject = cv.entity(cv.subject)
    assert subject.name == "Ana Ruiz"
    assert "A. Ruiz" in subject.aliases
    assert not any("Ruiz" in e.name for e in people if e.id != cv.subject)
    papers = {e.name for e in cv.entities if e.type == "Publication"}
    authored_by_subject = {o for s, o in _relations(cv, "authored") if s == "Ana Ruiz"}
    assert authored_by_subject == papers


def test_publications_years_and_evidence(cv):
    papers = {e.name: e for e in cv.entities if e.type == "Publication"}
    assert set(papers) == {
        "Tide: Fast Graph Sampling at Scale",
        "Sparse Kernels on Many-Core Chips",
        "Elastic Caching for Serverless Inference",
        "Streaming Decoders for Speech",
        "Scaling Laws for Retrieval",
        "Relatedness and growth",
    }
    assert papers["Tide: Fast Graph Sampling at Scale"].year == "2025"
    assert papers["Scaling Laws for Retrieval"].year == "2023"
    sparse = papers["Sparse Kernels on Many-Core Chips"].evidence
    assert (sparse.line_start, sparse.line_end) == (5, 6)  # the bare "-" line and the text under it
    caching = papers["Elastic Caching for Serverless Inference"].evidence
    assert (caching.line_start, caching.line_end) == (7, 9)


def test_coauthored_pairs_only_with_the_subject_and_et_al_adds_nobody(cv):
    coauthors = {b if a == "Ana Ruiz" else a for a, b in _relations(cv, "coauthored")}
    assert coauthors == {"Bo Chen", "Carla Diaz", "Mei Lin", "N. C. Okafor", "D. Orlov", "Priya Raman", "Lukas Brandt"}
    assert all("Ana Ruiz" in pair for pair in _relations(cv, "coauthored"))
    sparse_authors = {s for s, o in _relations(cv, "authored") if o == "Sparse Kernels on Many-Core Chips"}
    assert sparse_authors == {"Mei Lin", "Ana Ruiz", "Bo Chen"}
    # "M. Lin" in a later entry is the Mei Lin already named
    assert [e.name for e in cv.entities if e.type == "Person" and "Lin" in e.name] == ["Mei Lin"]


@pytest.mark.xfail(reason="a workshop named with its host conference ('NeurIPS 2020 StreamML workshop') is read as the conference")
def test_venues_are_short_names_and_preprints_have_none(cv):
    published = dict(_relations(cv, "publishedIn"))
    assert published == {
        "Tide: Fast Graph Sampling at Scale": "ATC",
        "Sparse Kernels on Many-Core Chips": "PPoPP",
        "Elastic Caching for Serverless Inference": "ICML",
        "Streaming Decoders for Speech": "StreamML",
    }
    venues = {e.name: e for e in cv.entities if e.type == "Venue"}
    assert "USENIX Annual Technical Conference" in venues["ATC"].aliases
    assert all(e.year is None for e in venues.values())


def test_abstract_after_a_field_bar_is_not_part_of_the_entry(cv):
    relatedness = next(e for e in cv.entities if e.name == "Relatedness and growth")
    assert relatedness.evidence.line_start == relatedness.evidence.line_end == 16
    assert {s for s, o in _relations(cv, "authored") if o == "Relatedness and growth"} == {
        "Ana Ruiz", "Priya Raman", "Lukas Brandt"}


def test_lookup_and_normalize_venue():
    assert lookup_venue("Proc. Natl. Acad. Sci. USA").short == "PNAS"
    assert normalize_venue("In Proceedings of the 2020 CHI Conference on Human Factors in Computing Systems (CHI '20)")[0] == "CHI"
    assert normalize_venue("Journal of Economic Theory, 12(3), 45-67")[0] == "JET"
    assert normalize_venue("Proceedings of the 12th Workshop on Unknown Things, 2019") == ("Workshop on Unknown Things", ())
    assert normalize_venue("Some Regional Journal of Soil Science 14: 1-9") == ("Some Regional Journal of Soil Science", ())
    assert normalize_venue("AAAI 2024, deployable AI workshop")[0] == "deployable AI workshop"
    assert normalize_venue("EuroSys 2024, EuroMLSys workshop")[0] == "EuroMLSys"
    assert is_preprint("bioRxiv 2021.01.01.123456") and normalize_venue("Under review at ICLR 2025") is None


def test_venues_in_prose_skip_ordinary_words():
    names = [n for n, _ in venue_mentions("Science matters; papers at UIST'24, ICCV 2021 and in Nature Communications.")]
    assert names == ["UIST", "ICCV", "Nature Communications"]


def test_venue_acronyms_need_a_year_a_word_about_papers_or_a_list():
    assert [n for n, _ in venue_mentions("venues such as ACM CHI, UbiComp, DIS and ICSE")] == ["CHI", "UbiComp", "DIS", "ICSE"]
    assert [n for n, _ in venue_mentions("She studies CHI, CSCW and DIS communities")] == ["CHI", "CSCW", "DIS"]
    assert venue_mentions("We built a FAST pipeline with the APL team for Machine Learning research.") == []


def test_venues_a_reviewer_line_names_are_found_with_their_long_names():
    found = venue_mentions("Reviewer for the Journal of the American Chemical Society and Nature Catalysis.")
    assert found == [("JACS", "Journal of the American Chemical Society"), ("Nature Catalysis", "Nature Catalysis")]


def test_split_entries_field_groups_without_bullets_or_blank_lines():
    texts = [
        "Elastic Caching for Serverless Inference", "Ana Ruiz, Bo Chen, Mei Lin", "ICML 2021",
        "Graph Kernels at Scale", "Ana Ruiz and Bo Chen", "NeurIPS 2020",
        "Patience and the timing of migration", "Economics Letters, 2024",
        "A. Smith, B. Jones. A very long title about protein folding that",
        "wraps onto the next line. Nature 580, 1-5 (2020).",
    ]
    assert split_entries(texts) == [[0, 1, 2], [3, 4, 5], [6, 7], [8, 9]]
    titles = [parse_citation("\n".join(texts[i] for i in entry)).title for entry in split_entries(texts)]
    assert titles == [
        "Elastic Caching for Serverless Inference", "Graph Kernels at Scale", "Patience and the timing of migration",
        "A very long title about protein folding that wraps onto the next line",
    ]


def test_bibtex_records_over_several_lines():
    texts = [
        "@inproceedings{ruiz2021,",
        "  author = {Ruiz, Ana and Chen, Bo},",
        "  title = {Graph Sampling at Scale},",
        "  booktitle = {Proceedings of the VLDB Endowment},",
        "  year = {2021}",
        "}",
        "@article{ruiz2019, author = {Ruiz, Ana}, title = {Soil Carbon Under Drought}, journal = {Ecology}, year = {2019}}",
    ]
    entries = split_entries(texts)
    assert entries == [[0, 1, 2, 3, 4, 5], [6]]
    first = parse_citation("\n".join(texts[i] for i in entries[0]))
    assert (first.authors, first.title, first.venue, first.year) == (["Ana Ruiz", "Bo Chen"], "Graph Sampling at Scale", "VLDB", "2021")
    second = parse_citation(texts[6])
    assert (second.authors, second.title, second.venue, second.year) == (["Ana Ruiz"], "Soil Carbon Under Drought", "Ecology", "2019")


def test_title_line_then_authors_and_venue_line():
    c = parse_citation("Sparse Attention for Long Documents\nAnna Kowalski, Jonas Berg. EMNLP 2021.")
    assert (c.authors, c.title, c.venue, c.year) == (["Anna Kowalski", "Jonas Berg"], "Sparse Attention for Long Documents", "EMNLP", "2021")


@pytest.mark.parametrize(
    "text, authors",
    [
        ("Albuquerque Tavares, M. and J. Whitfield (2021). Regional banking shocks. J. Monet. Econ. 118, 45–62.",
         ["M. Albuquerque Tavares", "J. Whitfield"]),
        ("van der Berg, A., & Mokoena, T. (2018). A corpus of spoken isiXhosa. Lingua, 52(4), 1–20.",
         ["A. van der Berg", "T. Mokoena"]),
        ('Albuquerque Tavares, Mateus, and Janet Whitfield. 2021. "Regional Banking Shocks." '
         "Journal of Monetary Economics 118: 45–62.", ["Mateus Albuquerque Tavares", "Janet Whitfield"]),
    ],
)
def test_surnames_of_several_words_written_first(text, authors):
    assert parse_citation(text).authors == authors


def test_journal_names_with_commas_and_society_proceedings():
    assert normalize_venue("Brain, Behavior, and Immunity, 80, 1-9")[0] == "Brain, Behavior, and Immunity"
    assert normalize_venue("Journal of Law, Economics, and Organization 36(1)")[0] == \
        "Journal of Law, Economics, and Organization"
    assert normalize_venue("Language, 96, 1-20")[0] == "Language"
    assert normalize_venue("Proceedings of the Royal Society A 476, 20190001")[0] == "Proceedings of the Royal Society A"
    assert normalize_venue("Proceedings of the Annual Meeting of the Cognitive Science Society")[0] == \
        "Annual Meeting of the Cognitive Science Society"


def test_a_books_publisher_is_no_venue():
    c = parse_citation("Okafor, Ngozi. 2019. The Syntax of Silence. Oxford: Oxford University Press.")
    assert (c.title, c.venue) == ("The Syntax of Silence", None)
    assert normalize_venue("Amsterdam: John Benjamins") is None
    assert normalize_venue("Lecture Notes in Computer Science, Springer")[0] == "Lecture Notes in Computer Science"


def test_proceedings_of_a_society_is_a_journal_and_of_an_acronym_a_conference():
    assert normalize_venue("Proceedings of the IEEE, 108(5), 2020")[0] == "Proceedings of the IEEE"
    assert normalize_venue("In Proceedings of ABCDE 2021")[0] == "ABCDE"


def test_a_year_inside_the_title_stays_in_the_title_when_the_entry_has_its_own_date():
    c = parse_citation("- Storm surges along the Gizmo coast during the 2013–2014 winter\n"
                       "Holm, Mira, and Strand, Tala\nJournal of Gizmo Science, 2019")
    assert (c.title, c.authors, c.venue, c.year) == (
        "Storm surges along the Gizmo coast during the 2013–2014 winter", ["Mira Holm", "Tala Strand"],
        "Journal of Gizmo Science", "2019")


def test_table_cells_are_fields_of_their_own():
    c = parse_citation("Sparse gizmos for tidal forecasting | Journal of Gizmo Science | 2024 | Holm M., Strand T., and Vogel J.")
    assert (c.title, c.venue, c.year) == ("Sparse gizmos for tidal forecasting", "Journal of Gizmo Science", "2024")
    assert c.authors == ["Holm M", "Strand T", "Vogel J"]


@pytest.mark.parametrize("line, authors, title", [
    ("Teodora Vasquelle, Brannoc Ilvers. Notes on tidal gauges. Ocean Letters, 2019.",
     ["Teodora Vasquelle", "Brannoc Ilvers"], "Notes on tidal gauges"),
    ("Orsolya Quenneville and Tarik Haldorsen. Dune migration under storms. Journal of Coastal Gizmos, 2021.",
     ["Orsolya Quenneville", "Tarik Haldorsen"], "Dune migration under storms"),
    # MLA: the list read as one author, the rest of it as the title
    ('Vasquelle, Teodora, Brannoc Ilvers, and Rufaro Okonjo. "Notes on tidal gauges." Ocean Letters 3 (2019): 1-9.',
     ["Teodora Vasquelle", "Brannoc Ilvers", "Rufaro Okonjo"], "Notes on tidal gauges"),
    # title first, names after its full stop
    ("Notes on tidal gauges. Teodora Vasquelle, Brannoc Ilvers. Ocean Letters, 2019.",
     ["Teodora Vasquelle", "Brannoc Ilvers"], "Notes on tidal gauges"),
])
def test_names_the_model_has_never_seen_are_the_authors(line, authors, title):
    c = parse_citation(line)
    assert (c.authors, c.title) == (authors, title)


@pytest.mark.parametrize("line, authors, title", [
    # Vancouver names ("Lee C") and initials before a colon or a full stop: the author field ends where the title begins
    ("Lee C, Ruiz A. Tidal graphs in shallow seas. J Graph Methods. 2021;7:1-9.", ["Lee C", "Ruiz A"], "Tidal graphs in shallow seas"),
    ("A. Ruiz, Lee C. Tidal graphs in shallow seas. Nature 2021.", ["A. Ruiz", "Lee C"], "Tidal graphs in shallow seas"),
    ("Ruiz, A., Lee, C. Tidal graphs in shallow seas. Journal of Graph Methods, 7, 2021.", ["A. Ruiz", "C. Lee"],
     "Tidal graphs in shallow seas"),
    ("Chen, B., Ruiz, A.: A survey of graph tides. ACM Comput. Surv. 2022.", ["B. Chen", "A. Ruiz"], "A survey of graph tides"),
    # a stray full stop inside a name of the list ("Minh. Tran,"): the list goes on after it, a title opens no "Word,"
    ("Ana Ruiz, Bo Chen, Minh. Tran, Li Na. Tidal graphs in shallow seas. Journal of Graph Methods, 2021.",
     ["Ana Ruiz", "Bo Chen", "Minh Tran", "Li Na"], "Tidal graphs in shallow seas"),
])
def test_the_names_end_where_the_title_begins(line, authors, title):
    c = parse_citation(line)
    assert (c.authors, c.title) == (authors, title)


def test_a_title_that_opens_with_a_name_keeps_it():
    c = parse_citation("Alan Turing and the Enigma. History Today, 2012.")
    assert (c.authors, c.title) == ([], "Alan Turing and the Enigma")


def test_markdown_escaped_equal_contribution_marks_are_marks():
    c = parse_citation("Tidal gizmos at scale\nR. Okonjo\\*, T. Vale\\*, **M. Strand**, P. Ilves\nGIZMO 2025")
    assert c.authors == ["R. Okonjo", "T. Vale", "M. Strand", "P. Ilves"]
    assert c.equal_contribution == {"R. Okonjo", "T. Vale"}


@pytest.mark.parametrize("journal", ["Atmospheric Measurement Letters", "Coastal Chemistry and Physics", "Social Networks"])
@pytest.mark.parametrize("form", ["{authors}. {title}. {journal}, 8:44–59, 2019.", "{authors}. {title}. {journal} 8, 44–59 (2019)."])
def test_a_journal_whose_first_word_is_no_venue_word_is_not_read_into_the_title(journal, form):
    c = parse_citation(form.format(authors="Lindqvist, P. and Marwick, A.", journal=journal,
                                   title="Isoprene oxidation products measured from a tethered balloon platform"))
    assert c.title == "Isoprene oxidation products measured from a tethered balloon platform"
    assert c.venue == journal


def test_a_title_whose_last_sentence_ends_with_a_stop_keeps_it():
    c = parse_citation("Lindqvist, P. Tidal graphs in estuaries. A Field Guide. Ocean Letters, 8:44–59, 2019.")
    assert c.title == "Tidal graphs in estuaries. A Field Guide"


def test_an_edition_ordinal_does_not_end_a_venue_name():
    assert normalize_venue("The 41st Annual Meeting of the Fenland Geology Society, 2020")[0] == \
        "The Annual Meeting of the Fenland Geology Society"


def test_a_two_digit_venue_year_is_never_read_as_more_than_a_year_ahead():
    from datetime import date

    from kg.extract.venues import venue_year

    this_year = date.today().year
    assert venue_year(f"Tarvik Symposium'{(this_year + 1) % 100:02d}") == str(this_year + 1)
    assert int(venue_year(f"Tarvik Symposium'{(this_year + 5) % 100:02d}")) < this_year
    assert venue_year("Tarvik Symposium'97") == "1997"


@pytest.mark.parametrize("text, authors, title, venue", [
    # GB/T 7714: authors, a full stop, the title with its type mark, the journal
    ("[2] 林晓东, 周明远. 基于图网络的蛋白质结构预测[J]. 生物信息学报, 2019, 17(3): 45-56.",
     ["林晓东", "周明远"], "基于图网络的蛋白质结构预测", "生物信息学报"),
    # a Japanese 業績 entry: the title in 「」, the journal after it
    ("森川健一, 早瀬美咲: 「薄膜の熱伝導率測定」, 日本機械学会論文集, 第80巻, pp. 1-9, 2014年.",
     ["森川健一", "早瀬美咲"], "薄膜の熱伝導率測定", "日本機械学会論文集"),
])
def test_chinese_and_japanese_citations(text, authors, title, venue):
    c = parse_citation(text)
    assert (c.authors, c.title, c.venue) == (authors, title, venue)


def test_a_first_person_paragraph_under_a_publications_heading_is_no_publication(tmp_path):
    # its sentences end in acronyms ("... JGR and GRL."), so only its first person marks it as prose
    page = tmp_path / "bio.md"
    page.write_text(
        "# Ada Quill\n\n## Publications and honours\n\n"
        "My students and I write mostly about coastal sensing, and since 2011 we have placed some 60 reviewed "
        "articles in outlets like IEEE TGRS, JGR and GRL. A handful were recognised, among them prizes at "
        "IGARSS'16 and OCEANS'19 and a featured-article note from EGU, while our survey of tide gauges was "
        "reprinted twice by AGU.\n\n"
        "- Ada Quill and Bo Tarn. Sensing tides with phones. In Proc. CSCW 2021.\n",
        encoding="utf-8",
    )
    ex = extract(load_document(page))
    assert [e.name for e in ex.entities if e.type == "Publication"] == ["Sensing tides with phones"]


def test_a_quoted_title_ends_at_its_closing_quote_and_a_research_list_of_quoted_titles_is_a_paper_list():
    # an economist's "Research": working papers by their quoted titles, "with" the coauthors, a status after
    c = parse_citation("“Tariffs and Ferry Prices in the Ostmark Archipelago” with Lise Brandt and Omar Quill. "
                       "Conditionally accepted at Journal of Island Economics")
    assert (c.title, c.authors) == ("Tariffs and Ferry Prices in the Ostmark Archipelago", ["Lise Brandt", "Omar Quill"])
    lines = ["Ilse Varnholt", "# Research", "- “Tariffs and Ferry Prices in the Ostmark Archipelago” with Lise Brandt",
             "- “Harbour Fees and Entry”", "# Research Interests", "- Industrial organisation, trade"]
    ex = extract(Document("cv.tex", "cv.tex", "latex", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0"))
    assert sorted(e.name for e in ex.entities if e.type == "Publication") == [
        "Harbour Fees and Entry", "Tariffs and Ferry Prices in the Ostmark Archipelago"]


def test_each_publication_list_is_split_on_its_own_and_a_note_on_authors_marks_is_no_entry():
    # a numbered list, the note on its authors' marks, then a list whose entries wrap without bullets
    lines = ["Ilse Varnholt", "Refereed Publications",
             "[2] Varnholt, I., & Quill, O.* (2016). Tides of the Ostmark plain. Journal of Flumes, 4, 1-20.",
             "[1] Varnholt, I. (2014). Weirs of the Rostburg plain and their sediment budgets. Hydraulic Letters, 2, 5-9.",
             "* Student co-author", "Other Publications",
             "Varnholt, I., & Lind, S.* (2019). Sediment pulses in braided channels of",
             "the Ostmark delta. Coastal Review, Spring.", "Varnholt, I. (2017). Harbour silt and tidal flats in the",
             "Rostburg estuary. Coastal Review, Spring."]
    ex = extract(Document("cv.pdf", "cv.pdf", "pdf", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0"))
    assert sorted(e.name for e in ex.entities if e.type == "Publication") == [
        "Harbour silt and tidal flats in the Rostburg estuary", "Sediment pulses in braided channels of the Ostmark delta",
        "Tides of the Ostmark plain", "Weirs of the Rostburg plain and their sediment budgets"]


def test_coauthors_in_parentheses_before_a_comma_and_a_journal_with_its_volume_after_it():
    c = parse_citation("[9] Harbour silt and ferry fees (joint with Omar Quill and Lise Brandt), Coastal Finance "
                       "and Policy 5(3): 317-348, 2010.")
    assert (c.title, c.authors, c.venue) == ("Harbour silt and ferry fees", ["Omar Quill", "Lise Brandt"],
                                             "Coastal Finance and Policy")


def test_coauthors_in_parentheses_at_a_line_s_end_leave_the_venue_on_its_own_line():
    c = parse_citation("Harbour silt and ferry fees (with Omar Quill)\nCoastal Studies, 2021")
    assert (c.title, c.authors, c.venue) == ("Harbour silt and ferry fees", ["Omar Quill"], "Coastal Studies")


def test_a_page_titled_publications_is_read_as_its_list_without_a_heading(tmp_path):
    # the site generator prints the front matter's title as the page's heading: the text has none of its own
    page = tmp_path / "papers.md"
    page.write_text(
        "---\ntitle: Publications\nauthor: Ines Varga\n---\n\nEverything in APA style.\n\n"
        "**Varga, I.**, Lund, P. K., & Osei, M. (2021). Tidal habits of estuarine crabs. "
        "_Journal of Shore Ecology_, _12_(3), 45–67.\n\n"
        "Lund, P. K., & **Varga, I.** (2019). Mudflat foraging at dusk. _Coastal Biology_, _4_, 1–9.\n",
        encoding="utf-8",
    )
    ex = extract(load_document(page))
    assert sorted(e.name for e in ex.entities if e.type == "Publication") == [
        "Mudflat foraging at dusk", "Tidal habits of estuarine crabs"]
    assert ("Ines Varga", "coauthored", "M. Osei") in {
        (ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) for r in ex.relations}


def test_a_paper_whose_title_is_a_heading_takes_the_lines_under_it(tmp_path):
    # a year heading groups the papers; each paper's heading is its title, its DOI a line of its own
    page = tmp_path / "papers.md"
    page.write_text(
        "---\ntitle: Publications\n---\n\n## 2021\n\n### Tidal habits of estuarine crabs\n\n"
        "*Journal of Shore Ecology* 2021\n\ndoi: <https://doi.org/10.1000/crabs.12>\n\n"
        "Petra Lund, **Ines Varga**, Mensah Osei\n\n"
        "### Mudflat foraging at dusk\n\n*Coastal Biology* 2021\n\nPetra Lund & **Ines Varga**\n",
        encoding="utf-8",
    )
    ex = extract(load_document(page))
    titles = {e.name: e.year for e in ex.entities if e.type == "Publication"}
    assert titles == {"Tidal habits of estuarine crabs": "2021", "Mudflat foraging at dusk": "2021"}
    authored = {(ex.entity(r.subject).name, ex.entity(r.object).name) for r in ex.relations if r.predicate == "authored"}
    assert ("Mensah Osei", "Tidal habits of estuarine crabs") in authored
    assert ("Ines Varga", "Mudflat foraging at dusk") in authored


def test_an_author_line_ending_in_a_comma_ends_the_names_before_a_title_line():
    # a physics CV breaks the entry after the names: the title's opening words are no name of the list
    c = parse_citation("- A Ruiz, BM Chen, JP Osei,\nQuantum Science with Lattices of Cold Rydberg Atoms\n"
                       "PRX Quantum 7, 033011 (2026) [In the News]")
    assert c.authors == ["A Ruiz", "BM Chen", "JP Osei"]


def test_a_non_breaking_hyphen_in_initials_and_surnames_reads_as_a_hyphen():
    # a citation copied from a PDF writes "P.‑C." and "Osei‑Bonsu" with U+2011
    c = parse_citation("Lund, K., Osei\u2011Bonsu, R., & Varga, P.\u2011C. (2019). Tidal habits of estuarine crabs. "
                       "Journal of Shore Ecology, 12(3), 45–67.")
    assert c.authors == ["K. Lund", "R. Osei-Bonsu", "P.-C Varga"]


def test_a_preprint_link_after_the_journal_link_is_no_part_of_the_venue():
    # "[Phys. Rev. B](doi) [arXiv](url)": the two links' texts follow one another
    assert normalize_venue("Phys. Rev. B arXiv")[0] == normalize_venue("Phys. Rev. B")[0]
    assert normalize_venue("Shore Letters bioRxiv") == ("Shore Letters", ())


@pytest.mark.parametrize("text, coauthors", [
    ('"Tidal Time," with Ana Ruiz, Journal of Shore Studies (4:1) 2010: 1-9.', ["Ana Ruiz"]),
    ('"Tidal Time," with Ana Ruiz, Bo Chen, and Li Wu, Shore Review (4:1) 2010.', ["Ana Ruiz", "Bo Chen", "Li Wu"]),
    ('"Tidal Time," with Ana Ruiz, Philosophy and Shore Research (81.1) 2010: 24–39.', ["Ana Ruiz"]),
])
def test_coauthors_after_with_end_where_the_venue_begins(text, coauthors):
    # a humanities CV names the subject's co-authors after "with"; the subject wrote the paper too
    c = parse_citation(text)
    assert (c.authors, c.with_subject) == (coauthors, True)


def test_a_publication_page_that_names_its_owner_only_in_its_entries_has_them_as_subject(tmp_path):
    # no heading, bold or byline: the author of every entry but one is whose list it is
    page = tmp_path / "papers.md"
    page.write_text(
        "---\ntitle: Publications\n---\n\nAlways up to date on arXiv.\n\n### 2021\n\n"
        "* K. Osei, I. Varga. *Tidal habits of estuarine crabs.* [Shore Letters](https://doi.org/10.1/a)\n"
        "* I. Varga, M. Chen. *Salt transport and tidal mixing in shallow estuaries.* [arXiv](https://arxiv.org/abs/2101.00001)\n\n### 2019\n\n"
        "* I. Varga, P. Lund, et al. *Mudflat foraging at dusk.* [Coastal Biology](https://doi.org/10.1/b)\n"
        "* P. Lund, K. Osei. *Reed beds in winter.* [Coastal Biology](https://doi.org/10.1/c)\n",
        encoding="utf-8",
    )
    ex = extract(load_document(page))
    assert ex.entity(ex.subject).name == "I. Varga"
    assert ("I. Varga", "coauthored", "K. Osei") in {
        (ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) for r in ex.relations}


@pytest.mark.parametrize("ellipsis", ["...", "…", ". . ."])
def test_an_apa_ellipsis_before_the_last_author_keeps_the_last_author(ellipsis):
    # APA 7 lists the first nineteen authors, an ellipsis, then the last one
    c = parse_citation(f"Lund, K., Osei, R., Varga, P., {ellipsis} Chen, B. (2016). Tidal habits of estuarine crabs. "
                       "Journal of Shore Ecology, 11(4), 546–573.")
    assert (c.authors, c.et_al) == (["K. Lund", "R. Osei", "P. Varga", "B. Chen"], True)


@pytest.mark.parametrize("journal", [
    "Shore Ecology Letters",
    pytest.param("mShores", marks=pytest.mark.xfail(strict=True, reason="the model reads a one-word journal alone on a line as no "
                                                        "container; a rule mended it for one real document only")),
])
def test_a_line_of_a_journal_and_its_year_under_a_title_is_the_venue(journal):
    # title, "journal year" and authors each on a line
    c = parse_citation(f"Tidal habits of estuarine crabs in winter\n{journal} 2021\nAna Ruiz, Bo Chen, Li Wu")
    assert (c.title, c.venue, c.year, c.authors) == (
        "Tidal habits of estuarine crabs in winter", journal, "2021", ["Ana Ruiz", "Bo Chen", "Li Wu"])


def test_work_in_progress_names_no_venue():
    assert parse_citation('"Tidal Nonfictionalism" (in progress)').venue is None


def test_a_preprint_server_glued_to_a_title_is_no_part_of_it():
    # a Vancouver entry in LaTeX: "\href{url}{Title} \textit{medRxiv}. 2025 Jun." loses the stop after the title
    c = parse_citation("Osei RB, Lund K, Ruiz A. Environmental surveillance of estuary pathogens medRxiv. 2025 Jun.")
    assert (c.title, c.authors) == ("Environmental surveillance of estuary pathogens", ["Osei RB", "Lund K", "Ruiz A"])


@pytest.mark.parametrize("text, title", [
    ("Varga, Ilona, Bruno Lind und Karla Osei. 2022. »Gezeiten im Roman. Ein Ansatz«. Zeitschrift für Küstenliteratur 12 (3): 1–20.",
     "Gezeiten im Roman. Ein Ansatz"),
    ("Varga, Ilona, Bruno Lind y Karla Osei. 2022. «Mareas en la novela». Revista de Costas 12 (3): 1–20.", "Mareas en la novela"),
])
def test_an_author_list_joined_by_und_or_y_ends_before_the_year_and_title(text, title):
    # author-date style in German and Spanish: the first name inverted, the last joined by the language's "and"
    c = parse_citation(text)
    assert (c.authors, c.title, c.year) == (["Ilona Varga", "Bruno Lind", "Karla Osei"], title, "2022")


def test_the_subject_written_with_a_middle_name_in_the_publication_list_is_the_subject():
    # the heading names "Ilse Varnholt", her papers "Varnholt, Ilse Marie": one person, who coauthored with the others
    lines = ["# Ilse Varnholt", "## Publications",
             "1. Quill, Omar, Varnholt, Ilse Marie, and Lind, Sara \"Tides of the Ostmark plain\". *Journal of Flumes*, 4: 1-20.",
             "2. Varnholt, Ilse Marie (2014). \"Weirs of the Rostburg plain\". *Hydraulic Letters*, 2: 5-9."]
    ex = extract(Document("cv.md", "cv.md", "markdown", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0"))
    assert ex.entity(ex.subject).name == "Ilse Varnholt"
    assert _relations(ex, "coauthored") == {("Ilse Varnholt", "Omar Quill"), ("Ilse Varnholt", "Sara Lind")}
    assert [e.name for e in ex.entities if e.type == "Person" and "Varnholt" in e.name] == ["Ilse Varnholt"]


@pytest.mark.parametrize("name, text", [
    ("papers.org", "#+TITLE: Wendel Arkwright\n\n* Publications\n** Sparse spectral methods for tidal flows\n"
     "W. Arkwright, B. Okafor and C. Lindqvist. Journal of Coastal Modelling, 12(3):45-67, 2019.\n"
     "** A note on shallow-water stability\nW. Arkwright and D. Fenwick. /Proceedings of the Harwick Symposium on Fluids/, 2017.\n"),
    ("papers.md", "# Wendel Arkwright\n\n## Publications\n\n### Sparse spectral methods for tidal flows\n"
     "W. Arkwright, B. Okafor and C. Lindqvist. Journal of Coastal Modelling, 12(3):45-67, 2019.\n\n"
     "### A note on shallow-water stability\nW. Arkwright and D. Fenwick. *Proceedings of the Harwick Symposium on Fluids*, 2017.\n"),
])
def test_a_paper_titled_by_a_heading_over_its_authors_and_venue_is_one_citation(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    ex = extract(load_document(path))
    found = {(ex.entity(r.subject).name, r.predicate, ex.entity(r.object).name) for r in ex.relations}
    assert {("Wendel Arkwright", "authored", "Sparse spectral methods for tidal flows"),
            ("B. Okafor", "authored", "Sparse spectral methods for tidal flows"),
            ("Sparse spectral methods for tidal flows", "publishedIn", "Journal of Coastal Modelling"),
            ("Wendel Arkwright", "authored", "A note on shallow-water stability"),
            ("D. Fenwick", "authored", "A note on shallow-water stability")} <= found


@pytest.mark.parametrize("entry, authors, title", [
    ("Ruiz, A., Osei, K. et al. (incl. supplementary data) Tidal crabs of the northern coast. Marine Letters, 2019.",
     ["A. Ruiz", "K. Osei"], "Tidal crabs of the northern coast"),
    ("Lund, B. et al. (including code) A survey of crab habitats. Ocean Review, 2020.", ["B. Lund"], "A survey of crab habitats"),
    ("Brissac, P. et al. (including Ruiz, A.) A survey of crab habitats. Ocean Review, 2020.",
     ["P. Brissac", "A. Ruiz"], "A survey of crab habitats"),
])
def test_only_names_after_et_al_including_are_authors(entry, authors, title):
    # "(including Ruiz, A.)" names an author the cut list left out; "(including code)" names material, no author
    c = parse_citation(entry)
    assert c.authors == authors and c.title.endswith(title) and "et al" not in c.title
