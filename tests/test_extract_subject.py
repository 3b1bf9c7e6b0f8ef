"""Whose document it is: the places a real page keeps its owner's name, and the names that are not the owner's."""
from __future__ import annotations

import time

from kg.extract import extract
from kg.ingest import load_document
from kg.model import Document, Line


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


def test_a_name_and_a_surname_in_front_matter_name_the_owner(tmp_path):
    # R's vitae CVs write the given name under "name" and the family name under "surname"
    page = "---\nname: Ines\nsurname: Vidal\nposition: Lecturer\n---\n\n# Education\n\nPhD, Northfold University, 2019\n"
    assert _subject(tmp_path, "cv.md", page)[0] == "Ines Vidal"


def test_a_writer_who_introduces_themselves_in_another_language_is_the_subject(tmp_path):
    # "Ich bin X." / "Je m'appelle X": the sentence ends after the name, the next one is no part of it
    page = "# Über mich\n\nIch bin Ines Vidal. Auf dieser Seite zeige ich meine Forschung.\n"
    assert _subject(tmp_path, "about.md", page)[0] == "Ines Vidal"
    assert _subject(tmp_path, "moi2.md", "Je m'appelle Ines Vidal et j'étudie les sols.\n")[0] == "Ines Vidal"


def test_a_blog_page_s_author_header_names_its_owner(tmp_path):
    # a Pelican page opens on "Key: value" lines, its owner under "Authors"
    page = "Title: Sobre mí\nDate: 2018-02-23\nSlug: about-me\nAuthors: Ines Vidal-Soto\n\nSoy química en Northfold.\n"
    assert _subject(tmp_path, "about.md", page)[0] == "Ines Vidal-Soto"


def test_a_quotations_author_is_not_the_subject(tmp_path):
    # an epigraph's author wrote the quotation, not the page
    quote = ('"Whatever you can do, or dream you can, begin it; boldness has genius in it."\n\n'
             "Bruno Quell — Letters from the North\n\nWelcome to my site: I study soils and rivers.\n")
    assert _subject(tmp_path, "index.md", quote)[0] == "Unnamed document subject"


def test_a_line_a_sentence_runs_on_to_does_not_open_on_a_person(tmp_path):
    # "... focuses on" / "Labour Economics, with ...": a wrapped sentence's topics, not a person and an apposition
    page = ("Welcome to my personal site.\n\nMy research focuses on\n\nLabour Economics, Public Finance, Urban Economics, Development and\n\n"
            "Health Economics, with a particular interest in how institutions and behaviour interact.\n")
    assert _subject(tmp_path, "index.md", page)[0] == "Unnamed document subject"


def test_a_record_that_names_nobody_has_no_subject_in_its_fields(tmp_path):
    # a YAML CV's rendered fields ("Health Policy, Journal of X") are no name line nor a sentence about somebody
    record = ("- title: interests\n  contents:\n    - field: Labour Economics\n    - field: Public Finance\n"
              "- title: reviewing\n  contents:\n    - value: Regional Economics, Journal of Northfold Studies\n")
    assert _subject(tmp_path, "cv.yml", record)[0] == "Unnamed document subject"
    # a field labelled as the name still names the owner, wherever the record nests it
    header = '[header]\nname = "Ines Vidal"\nemail = "ines@northfold.edu"\naddress = ["Department of Soil Science"]\n'
    assert _subject(tmp_path, "cv.toml", header)[0] == "Ines Vidal"


def test_a_supervisor_or_professor_heading_in_chinese_or_japanese_is_a_role_not_the_name(tmp_path):
    # "## 导师" (supervisor) heads a group page's leader, named on the next heading
    page = "---\ntitle: 团队成员\n---\n\n## 导师\n\n#### 李文远 教授 (Wenyuan Li)\n\n教授、博士生导师\n\n## 博士在读\n\n#### 王小明\n"
    assert _subject(tmp_path, "team.md", page)[0] == "李文远"
    # a Japanese lab page heads its professor with the role: "## 准教授" (associate professor) is nobody's name
    page = "---\ntitle: メンバー\n---\n\n## 准教授\n\n## 田中 太郎\n\n博士（理学）、北嶺大学\n\n## 学生\n\n## 山本 花子\n"
    assert _subject(tmp_path, "members.md", page)[0] == "田中 太郎"


def test_a_member_card_parts_name_and_role_with_slashes(tmp_path):
    # "Name // Role" on each card of a team page: the name with its initial, the head by their role
    page = ("---\ntitle: Miembros\n---\n\n# Miembros\n\n- ### Ines M. Vidal // Investigadora principal\n\n"
            "Ines M. Vidal es doctora en Física.\n\n- ### Bruno Quell // Estudiante predoctoral\n\nBruno estudia redes.\n")
    assert _subject(tmp_path, "miembros.md", page)[0] == "Ines M. Vidal"


def test_a_lab_page_that_names_its_head_only_by_title_in_its_news(tmp_path):
    # "Professor X, Keynote Talk" again and again: the lab's head; two people as often name no head
    news = ("# Soil Data Lab\n\nThe Soil Data Lab at Northfold University studies soils and rivers with data.\n\n## News\n\n"
            "- Professor Ines Vidal, Guest Editor, Journal of Soil Data, 2020\n- Professor Ines Vidal, Keynote Talk, SoilConf 2020\n"
            "- Professor Ines Vidal, Program Chair, SoilConf 2021\n")
    assert _subject(tmp_path, "index.md", news)[0] == "Ines Vidal"
    awards = "".join(f"- Dr. Bruno Quell, Best Paper Award, SoilConf {year}\n" for year in (2019, 2020, 2021))
    assert _subject(tmp_path, "index2.md", news + awards)[0] == "Unnamed document subject"


def test_a_member_list_in_yaml_names_its_head_in_the_first_rendered_record(tmp_path):
    # a lab's member records, the head first: the rendered row "Dr Ines Vidal | Principal Investigator | ..." names
    # the page's owner, a record's other lines (a topic, a bio) do not
    data = ("current:\n  - name: Dr Ines Vidal\n    role: Research Fellow, Principal Investigator\n    email: iv@example.org\n"
            "    bio: |\n      I studied soils at Northfold University.\n  - name: Bruno Quell\n    role: Research Associate\n")
    assert _subject(tmp_path, "people.yml", data)[0] == "Ines Vidal"


def test_a_people_page_introduces_its_head_before_its_groups_headings(tmp_path):
    # "title: People", the head's card, then "## Post-docs": the first person is the group's head, not a member
    page = ("---\ntitle: People\n---\n\n[**Ines Vidal**](ines.html)\n\nSoil carbon and rivers.\n\n## Post-docs\n\n"
            "**Bruno Quell**\n\nRiver sediments.\n\n## PhD students\n\n**Olek Marr**\n\nPeat.\n")
    assert _subject(tmp_path, "people.md", page)[0] == "Ines Vidal"


def test_an_unnamed_students_page_is_not_its_advisors(tmp_path):
    # the advisor a student's page names again and again is no head of the page: its writer stays unnamed
    page = """# Welcome

I am a third-year PhD student in the Lakeside Vision Group, advised by Prof. Hana Berg.

## News

- 2024: Our paper with Prof. Hana Berg was accepted at an imaginary conference.
- 2023: I gave a talk at the seminar of Prof. Hana Berg's group.
- 2022: I joined the group of Prof. Hana Berg at Lakeside University.
"""
    assert _subject(tmp_path, "index.md", page)[0] != "Hana Berg"


def test_a_long_heading_is_no_sentence_the_next_line_runs_on_from(tmp_path):
    # a biography's heading lists what its owner was; the image's caption under it is the owner's name, and a
    # later caption (a place) under a short heading names nobody
    page = ("---\ntitle: Lebenslauf\n---\n\n## Geologin / Kartografin / Lehrerin / Übersetzerin\n\n"
            '<img src="a.jpg" alt="Ines Vidal-Holt" />\n\nInes Vidal-Holt (* 1871 in Nordstadt) studierte am Konservatorium '
            "Nordstadt und wurde 1902 Direktorin der Kartensammlung Nordstadt.\n\n### Ines Vidal-Holt und die Karten\n\n"
            '<img src="b.jpg" alt="Kartenhaus Nordstadt" />\n\nDie Sammlung verdankt ihr viel.\n')
    assert _subject(tmp_path, "lebenslauf.md", page)[0] == "Ines Vidal-Holt"


def test_a_japanese_affiliation_heading_is_a_section_not_a_name(tmp_path):
    # "所属" (affiliation) heads a Japanese CV's current post; with no name anywhere the owner is unnamed
    page = ("---\ntitle: 自己紹介\n---\n\n### <strong>所属</strong>\n- 北嶺大学 理学部 助教\n\n"
            "### <strong>学歴</strong>\n- 2011/04 - 2015/03: 北嶺大学 理学部\n")
    assert _subject(tmp_path, "about.md", page)[0] == "Unnamed document subject"


def test_a_greeting_before_a_cjk_self_introduction_and_a_spaced_name(tmp_path):
    # "こんにちは、私は 北野 美咲 (きたの みさき) です。": a greeting, then the writer's name written with spaces
    page = "---\ntitle: 北野美咲って誰？\n---\n\nこんにちは、私は 北野 美咲 (きたの みさき) です。北嶺大学の博士課程2年です。\n"
    assert _subject(tmp_path, "about.md", page)[0].replace(" ", "") == "北野美咲"
    assert _subject(tmp_path, "zh.md", "你好，我是李文远。我在北岭大学学习。\n")[0] == "李文远"


def test_a_titled_name_under_a_leader_heading_below_the_team_heading(tmp_path):
    # "## Equipe", a sentence, "### PESQUISADORA-CHEFE", a photo's caption, then "#### Dra. <name> 🔗": the head of the
    # group, her name with particles and a link icon
    page = ("---\ntitle: Equipe\n---\n\n## Equipe do Grupo Solos\n\nEste grupo é composto por pesquisadores e alunos que "
            "estudam os solos do Norte.\n\n### PESQUISADORA-CHEFE\n\n<img src=\"ana.png\" alt=\"Ana\">\n\n"
            "#### Dra. Ana Stern da Fonseca Ruiz [🔗](http://example.org/ana)\nPesquisadora no Jardim Norte.\n\n"
            "### ALUNOS\n\n#### Bruno Quell [🔗](http://example.org/bruno)\n##### Doutorando no PPGB\n")
    assert _subject(tmp_path, "equipe.md", page)[0] == "Ana Stern da Fonseca Ruiz"


def test_a_former_postdocs_title_later_on_a_people_page_names_no_head(tmp_path):
    # a page listing its students first, then former postdocs with where they are now ("Assistant Professor at X"):
    # the page never names its head, and a member's "is now" stays with that member
    page = ("---\ntitle: people\n---\n\nOur lab studies soils and rivers.\n\n### Current Members\n\n"
            "- Bruno Quell (PhD student; started Fall 2019)\n- Carla Marrow (undergraduate researcher; started 2022)\n\n"
            "### Postdocs\n\n- Olek Marr Assistant Research Professor at Northfold University\n"
            "- Dana Holt, Associate Professor at Southmere University\n")
    assert _subject(tmp_path, "people.md", page)[0] == "Unnamed document subject"
    # the head listed first with a leader's title is the page's
    led = page.replace("- Bruno Quell", "- Ines Vidal (Professor and Principal Investigator)\n- Bruno Quell")
    assert _subject(tmp_path, "people2.md", led)[0] == "Ines Vidal"


def test_a_list_of_the_writers_collaborators_names_no_subject(tmp_path):
    # a page of collaborators, grouped under their institutions, and a lab page's collaborators section: the people
    # listed work elsewhere, neither is the page's owner or head
    page = ("---\ntitle: Collaborateurs\n---\n\nListe des scientifiques avec lesquels j’ai pu collaborer sur différents "
            "projets de recherche.\n\n### Recherche doctorale\n\n#### Institut Nordique de Biologie, Nordstadt, Allemagne\n"
            "- Bruno Quell Directeur de recherche, Parasitologie\n- Carla Marrow Post-doctorante, Parasitologie\n\n"
            "#### Fondation Nordique pour la Science (FNS) - Programme Prioritaire 1399\n\n### Mémoire de Recherche (Master)\n\n"
            "#### Université de Southmere, Southmere, France\n- Olek Marr Professeur, Département de Biologie\n")
    assert _subject(tmp_path, "collaborateurs.md", page)[0] == "Unnamed document subject"
    lab = ("---\ntitle: Membros\n---\n\nEstamos animados para apresentar os membros do Laboratório de Solos (LS), "
           "incluindo nossos pesquisadores, alunos e colaboradores.\n\n## Pesquisadores\n\n- Dana Holt\n- Pia Lund\n\n"
           "## Colaboradores\n\nInternacionais\n\nProf. Bruno Quell, Department of Statistics, Northfold University, USA\n"
           "Profa. Carla Marrow, Departamento de Estatística, Universidade do Sul, Brasil\n")
    assert _subject(tmp_path, "membros.md", lab)[0] == "Unnamed document subject"


def test_a_team_page_of_hugo_cards_with_long_descriptions_is_its_first_cards(tmp_path):
    # each member a shortcode card whose description runs long; the head's card comes first
    card = ('{{{{< team_member ImagePath="/images/{0}.png" Title="{1}" Description="{1} {2} ' + "und arbeitet seit vielen "
            "Jahren an Fragen der digitalen Textanalyse, der Methodologie und der Wissenschaftsphilosophie; " * 4 + '" >}}}}\n\n')
    page = ("---\ndraft: false\n---\n\n" + card.format("vidal", "Ines Vidal", "ist Professorin und Leiterin des Textlabors")
            + card.format("quell", "Bruno Quell", "ist wissenschaftlicher Mitarbeiter im Textlabor")
            + '{{< team_member ImagePath="/images/marr.png" Title="Olek Marr" Description="Olek Marr ist Redakteur." >}}\n')
    assert _subject(tmp_path, "team.md", page)[0] == "Ines Vidal"


def test_a_long_word_before_an_at_sign_with_no_domain_is_read_in_linear_time():
    # every document's e-mail local parts are read now (the subject ranker weighs every rule): a run of 40,000 letters
    # before an "@" whose host has no dot (a key, an encoded blob) was searched from each of its letters to the "@"
    from kg.extract.subject import named_by_contact

    lines = ["Ana Quillfeather", "key: " + "Q" * 40_000 + "@localhost", "Contact: ana.quillfeather@vireland.edu"]
    document = Document("a.txt", "a.txt", "text", tuple(Line(i + 1, t) for i, t in enumerate(lines)), "0")
    started = time.process_time()
    assert named_by_contact(document)[0] == "Ana Quillfeather"
    assert time.process_time() - started < 1.0
