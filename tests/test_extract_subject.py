"""Whose document it is: the places a real page keeps its owner's name, and the names that are not the owner's."""
from __future__ import annotations

from kg.extract import extract
from kg.ingest import load_document


def _subject(tmp_path, name: str, text: str):
    page = tmp_path / name
    page.write_text(text, encoding="utf-8")
    ex = extract(load_document(page))
    subject = ex.entity(ex.subject)
    return subject.name, set(subject.aliases)


def test_a_page_title_of_academic_pages_names_their_owner(tmp_path):
    # academicpages sites title their home page "Academic Pages of <owner>"
    page = '---\ntitle: "Academic Pages of Ines Vidal"\npermalink: /\n---\n\nThis site presents my research.\n'
    assert _subject(tmp_path, "about.md", page)[0] == "Ines Vidal"


def test_a_name_written_in_two_scripts_keeps_the_second_as_an_alias(tmp_path):
    # Hugo Blox author pages and headings write the Chinese name and its romanisation side by side
    page = "---\ntitle: 李文远 Wenyuan Li\nfirst_name: Wenyuan\nlast_name: Li\n---\n\n你好，我是李文远。\n"
    assert _subject(tmp_path, "_index.md", page) == ("李文远", {"Wenyuan Li"})
    assert _subject(tmp_path, "index.md", "# Wenyuan Li 李文远\n\nI study fungi.\n") == ("Wenyuan Li", {"李文远"})


def test_a_traditional_chinese_profile_title_names_its_owner_not_its_first_heading(tmp_path):
    # "X的簡介" ("X's profile") titles the CV; "學歷" (education) is the first section, not a name
    cv = ("\\documentclass{article}\n\\title{Oren Halvey的簡介}\n\\begin{document}\n\\section{學歷}\n"
          "博士，北嶺大學，2019年--至今\n\\end{document}\n")
    assert _subject(tmp_path, "cv.tex", cv)[0] == "Oren Halvey"
    assert _subject(tmp_path, "cv2.tex", cv.replace("\\title{Oren Halvey的簡介}\n", ""))[0] == "Unnamed document subject"


def test_the_advisors_a_line_labels_are_not_the_subject(tmp_path):
    # "supervisors: A, B, C" among a CV's affiliations names the owner's advisors, never the owner
    cv = ("## Affiliations\n\nDepartment of Mathematics, Northfold University.\n\n"
          "- supervisors: B. Quell, C. Marrow, D. Ostrander\n\n## Research Fields\n\n- Numerical analysis\n")
    assert _subject(tmp_path, "cv.md", cv)[0] == "Unnamed document subject"


def test_given_and_family_names_in_their_own_fields_name_the_owner(tmp_path):
    # a Hugo author page whose title is a role, and a JSON record, write the name as given and family names
    page = "---\ntitle: Soil chemist\nfirst_name: Ines\nlast_name: Vidal\n---\n\nI study soils.\n"
    assert _subject(tmp_path, "_index.md", page)[0] == "Ines Vidal"
    record = '{"personal": {"firstName": "Ines", "lastName": "Vidal"}, "education": [{"institution": "Northfold University"}]}'
    assert _subject(tmp_path, "cv.json", record)[0] == "Ines Vidal"
    assert _subject(tmp_path, "cv.yml", "first: 文远\nlast: 李\nposition: Lecturer\n")[0] == "李文远"


def test_another_persons_given_and_family_names_in_front_matter_name_no_owner(tmp_path):
    # the supervisor's fields of a page's front matter: the page's heading still names its owner
    page = "---\ntitle: About\nsupervisor:\n  first_name: Lea\n  last_name: Kranz\n---\n\n# Ines Vidal\n\nI study soils.\n"
    assert _subject(tmp_path, "about.md", page)[0] == "Ines Vidal"


def test_a_group_page_that_opens_on_its_students_is_not_the_first_students(tmp_path):
    # the names under "## PhD Students" are the group's students; the page names no head, so its subject is unnamed
    page = ("---\ntitle: Team\n---\n\n## PhD Students\n\n### Bruno Quell\nPhD student, 2019-\n\n"
            "### Carla Marrow\nPhD student, 2020-\n")
    assert _subject(tmp_path, "team.md", page)[0] == "Unnamed document subject"
    # a page that opens on its members keeps reading them: the head is listed first
    assert _subject(tmp_path, "people.md", page.replace("PhD Students", "Members").replace("PhD student", "Professor"))[0] == "Bruno Quell"
