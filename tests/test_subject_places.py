"""Where real pages put their owner's name, and the subject found there: a bold-and-italic author of the
publication list, a front matter block's name (al-folio's ``profile: more_info``), a sentence's "Name's CV", and
a section heading that is no one's name, a copyright notice, a greeting's "I'm Name", a photo's alt text, an og:title, a LaTeX name line moved left by a length or opened
by a TeX logo. The invented pages are in ``tests/data/subject_cases`` (the ranker trains
on them)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kg.extract import extract
from kg.ingest import load_document

CASES = Path(__file__).parent / "data" / "subject_cases"


def _subject(path: Path) -> str:
    ex = extract(load_document(path))
    return ex.entity(ex.subject).name


@pytest.mark.parametrize(("page", "owner"), [
    ("bold_italic_author.md", "Tavita Okonkwo-Lind"),  # "***Name***" in every entry, named nowhere else
    ("profile_more_info.md", "Ilvana Prestwick Soto"),  # "more_info: <p>Dr. Name</p>", a first-person bio
    ("owned_cv_link.md", "Kesh Varanasi-Holm"),  # "You can find my CV here: [Name's CV](cv.pdf)"
    ("career_heading.md", "Unnamed document subject"),  # "## Academic Career" heads a CV that names nobody
    ("copyright_footer.html", "Marisol Achterberg-Nunez"),  # "© 2025 Name. All rights reserved." under a bio
    ("author_logo.tex", "Linnea Tavernier-Oduya"),  # "\\author{\\LaTeX{} Name}": the logo is no part of the name
    ("profile_readme_hi.md", "Orvar Kastelein"),  # a profile README's "### Hi there 👋, I'm Name"
    ("alt_photo_of.html", "Tomasz Wierchel-Abara"),  # a photo's alt text, "Photo of Name"
    ("og_title.html", "Ruben Ostwald-Ferri"),  # <title>Home</title> and the social card's og:title
    ("res_moveleft.tex", "Оскар Вельмонт"),  # "\\moveleft.5\\hoffset\\centerline{\\bf Name}": no ".5" before the name
    ("title_name_cv.org", "Ilse Varga-Normand"),  # "#+TITLE: Name CV"
    ("description_cv_es.md", "Tadeo Quilapán-Reyes"),  # title "Currículum vitae", description "Currículum vitae de Name: ..."
    ("elided_particle_header.tex", "Aurèle d'Esquerdes"),  # a surname after an elided particle ("d'")
    ("bold_in_opening_it.md", "Gianmarco Sellari"),  # "Appassionato di X, **Name** lavora ...": the first sentence's bold name
])
def test_the_owner_is_found_where_the_page_names_them(page, owner):
    assert _subject(CASES / page) == owner


def test_a_bold_and_italic_phrase_is_recorded_without_its_stars(tmp_path):
    page = tmp_path / "pubs.md"
    page.write_text("# Publications\n\n* ***Ana Ruiz***, Bo Chen*. \"Ants\" 2020\n* __*Ana Ruiz*__. \"Bees\" 2021\n",
                    encoding="utf-8")
    assert load_document(page).metadata["bold"] == ["Ana Ruiz", "Ana Ruiz"]


def test_a_front_matter_block_of_an_address_alone_names_nobody(tmp_path):
    page = tmp_path / "about.md"
    page.write_text("---\nlayout: about\ntitle: about\nprofile:\n  more_info: >\n    <p>Fennick Road 14</p>\n"
                    "    <p>Carrowmore, Ireland</p>\n---\n\nI am a historian of medieval trade routes and their ports.\n",
                    encoding="utf-8")
    assert _subject(page) == "Unnamed document subject"


def test_a_front_matter_block_of_members_names_nobody():
    # a people page's front matter lists its groups ("Undergraduate Researchers"): no owner's name among them
    from dataclasses import replace

    from kg.extract.models.subject import _document, front_matter_person
    from kg.model import Line

    lines = (Line(2, "sections:"), Line(3, "Undergraduate Researchers"), Line(4, "Postdocs"))
    page = replace(_document(["Lab Alumni", "- Ravi Okonjo (postdoc)"]), metadata={"front_matter_lines": lines})
    assert front_matter_person(page) is None


def test_a_front_matter_list_of_groups_and_members_names_nobody():
    # a landing page's blocks list its user groups and alumni as YAML list items: none of them owns the page
    from dataclasses import replace

    from kg.extract.models.subject import _document, front_matter_person
    from kg.model import Line

    lines = (Line(2, "###### User groups"), Line(3, "- Field Technicians"), Line(4, "- Technical Assistance"),
             Line(5, "markdown | Alumni"), Line(6, "- Ravi Okonjo, Ph.D."))
    page = replace(_document(["Meet the team."]), metadata={"front_matter_lines": lines})
    assert front_matter_person(page) is None


def test_a_first_heading_that_is_a_name_ending_in_a_section_word_is_the_owner(tmp_path):
    # a family name that is also a section's word ("Work"): the given name before it makes the heading a name
    page = tmp_path / "cv.md"
    page.write_text("---\ntitle: CV\n---\n\n# Owen Work\n\nResearch Scientist at Halvik Instruments.\n\n## Experience\n\n"
                    "- Research Scientist, Halvik Instruments, 2019–present\n", encoding="utf-8")
    assert _subject(page) == "Owen Work"


def test_a_greeting_before_a_run_of_symbols_is_read_in_linear_time():
    # "Hi !!!!…" / "Hello 👋👋👋…": each symbol is read once, not split every way (2^n tries before "I'm" is missing)
    import time

    from kg.extract.subject import _TITLE_OPENING

    started = time.process_time()
    assert _TITLE_OPENING.match("Hi " + "!" * 24 + " welcome") is None
    assert _TITLE_OPENING.match("Hi there 👋, I'm Orvar Kastelein")
    assert time.process_time() - started < 0.5


@pytest.mark.parametrize("notice", ["© 2021 Elsevier B.V. All rights reserved.", "© 2020 Wiley Periodicals, Inc."])
def test_a_publishers_copyright_under_a_publication_list_names_no_owner(tmp_path, notice):
    # a pasted abstract's notice: the holder is a company, not the person its first words look like
    page = tmp_path / "pubs.html"
    page.write_text("<html><head><title>Publications</title></head><body><h2>Publications</h2><ol>"
                    "<li>M. Velkoff, T. Brenner. Coherent transport in disordered wires. Physical Review B 12 (2021) 45-60.</li>"
                    "<li>M. Velkoff. Quantum sensing in cold traps. Journal of Applied Physics 3 (2020) 1-9.</li></ol>"
                    f"<p>{notice}</p></body></html>", encoding="utf-8")
    assert _subject(page) not in ("Elsevier B", "Wiley Periodicals")


@pytest.mark.parametrize("footer, owner", [("© 2024 Tamsin Oduya Powered by Hugo", "Tamsin Oduya"),
                                           ("© 2024 Jekyll Theme Quillfold", None)])
def test_a_footers_theme_credits_are_no_part_of_its_owners_name(footer, owner):
    from kg.extract.models.subject import _document, copyright_owner

    found = copyright_owner(_document(["I study how glaciers carve fjords.", footer]))
    assert (found[0] if found else None) == owner


@pytest.mark.parametrize(("opening", "owner"), [
    ("Together with **Hugo Barral** and **Lena Osei**, I study tidal crabs at the Harlow Marine Station.",
     "Unnamed document subject"),
    ("Depuis 2019, je travaille avec **Hugo Barral** sur les crabes des marées de la station marine de Harlow.",
     "Unnamed document subject"),
    ("Passionate about open data, **Hugo Barral** studies tidal crabs at the Harlow Marine Station.", "Hugo Barral"),
])
def test_the_bold_name_of_a_first_person_opening_is_a_colleague(tmp_path, opening, owner):
    # the writer of "With **X**, I study ..." is not X; a third-person bio's bold name is its subject
    page = tmp_path / "about.md"
    page.write_text(f"---\ntitle: \"About\"\n---\n\n{opening}\n\n## Education\n\n- PhD in Biology, Tarnow University, 2019\n",
                    encoding="utf-8")
    assert _subject(page) == owner
