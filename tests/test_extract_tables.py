"""Tables of people read by their header row: a column's label (``data/table_columns.tsv``) says what its cells
hold, in any of the page's languages and formats (fixtures in tests/data/extract/tables/, all invented)."""
from __future__ import annotations

import pytest

from extract_helpers import facts, run


def _read(tmp_path, name: str, text: str) -> set[tuple[str, str, str]]:
    """The facts extracted from the invented document ``text`` saved as ``name`` (its suffix chooses the reader)."""
    from kg.extract import extract
    from kg.ingest import load_document
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return facts(extract(load_document(path)))


@pytest.mark.parametrize("name, expected", [
    # "Current position": a destination; "Degree" with the page's lab: a study there, in the "Year" it ended
    ("alumni_en.html", {("Odile Brantmer", "workedAt", "Halvik Instruments"), ("Odile Brantmer", "studiedAt", "Vantor Lab"),
                        ("Tomasz Quellen", "studiedAt", "Vantor Lab")}),
    ("ehemalige_de.md", {("Gerlinde Osterkamp", "workedAt", "Brakwald Technik GmbH"),  # "Heute bei"
                         ("Henrik Zeidler", "workedAt", "Universität Lorsheim")}),
    # "Zweitbetreuer": a co-advisor, the page's owner the advisor
    ("betreute_de.md", {("Jonas Pietzker", "advisedBy", "Ulrich Danneberg"), ("Jonas Pietzker", "advisedBy", "Wiebke Harlander"),
                        ("Jonas Pietzker", "workedAt", "Aerovent GmbH")}),
    # "Co-encadrant", "Devenir"; "Niveau" with the page's team
    ("doctorants_fr.org", {("Lucien Bardolet", "advisedBy", "Marc Ivernel"), ("Lucien Bardolet", "advisedBy", "Hélène Sorvalle"),
                           ("Lucien Bardolet", "workedAt", "Talvène SA"), ("Inès Pradelou", "workedAt", "Institut Orvanne"),
                           ("Inès Pradelou", "studiedAt", "Équipe Sorvalle")}),
    ("tesis_es.tex", {("Paloma Cernuda", "workedAt", "Oceantek S.L"),  # "Situación actual"
                      ("Iker Zubiaurre", "workedAt", "Universidad de Brenca")}),
    ("tesi_it.tex", {("Matteo Scandolari", "advisedBy", "Paolo Vinciguerra"),  # "Correlatore"
                     ("Matteo Scandolari", "advisedBy", "Giulia Ferraresi")}),
    ("orientacoes_pt.rst", {("Rui Tavares Leme", "advisedBy", "Paulo Seixas"),  # "Co-orientador", "Destino"
                            ("Rui Tavares Leme", "workedAt", "Ondalux S.A.")}),
    ("biye_zh.html", {("周明远", "advisedBy", "陈立群"), ("陈思琪", "advisedBy", "许慕白"),  # "合作导师"
                      ("周明远", "workedAt", "华锐科技有限公司"), ("周明远", "studiedAt", "钱塘课题组")}),
    ("shido_ja.md", {("森田 健吾", "advisedBy", "大河内 聡"), ("森田 健吾", "advisedBy", "高瀬 美咲"),  # "共同指導教員"
                     ("森田 健吾", "workedAt", "潮見電機株式会社")}),
])
def test_a_tables_columns_are_read_by_their_labels(name, expected):
    assert expected <= facts(run(f"tables/{name}"))


@pytest.mark.parametrize("name", ["alumni_en.html", "ehemalige_de.md", "doctorants_fr.org", "tesis_es.tex", "biye_zh.html",
                                  "shido_ja.md", "orientacoes_pt.rst", "tesi_it.tex", "betreute_de.md"])
def test_a_header_rows_labels_and_a_thesis_title_are_no_entities(name):
    ex = run(f"tables/{name}")
    labels = {"name", "degree", "year", "thesis", "current position", "abschluss", "zeitraum", "thema der arbeit", "heute bei",
              "niveau", "sujet", "devenir", "co-encadrant", "situación actual", "título de la tesis", "destino", "去向", "进路",
              "論文題目", "研究テーマ", "correlatore", "posizione attuale", "zweitbetreuer"}
    assert not [e.name for e in ex.entities if e.name.lower() in labels or e.type != "Person" and "Rauschen" in e.name]


def test_a_destination_that_names_a_study_is_studied_at(tmp_path):
    # a "Next" column's "PhD student, X" is a study at X, not a post
    f = _read(tmp_path, "alumni.md",
              "# Quellmoor Lab\n\n## Alumni\n\n| Name | Years | Role | Next |\n|---|---|---|---|\n"
              "| Ada Varnholt | 2019–2021 | Research Technician | PhD student, University of Ostwick |\n")
    assert ("Ada Varnholt", "studiedAt", "University of Ostwick") in f and ("Ada Varnholt", "workedAt", "University of Ostwick") not in f


@pytest.mark.parametrize("label", ["时间", "Zeitraum", "Période"])
def test_a_column_label_before_its_value_names_no_project(label):
    from kg.extract.projects import item_project

    assert item_project(f"  * {label}：2021.08 – 2022.08", listed=True) is None


@pytest.mark.parametrize("header", [
    "Student | Degree | Year | Co-advisor | Now at", "Name | Abschluss | Jahr | Zweitbetreuerin | Verbleib",
    "Nombre | Titulación | Año | Codirector | Situación actual", "Nome | Nível | Ano | Coorientador | Situação atual",
    "Dottorando | Livello | Anno | Correlatore | Oggi", "学生 | 学位 | 年份 | 合作导师 | 毕业去向", "学生 | 課程 | 年度 | 共同指導教員 | 就職先",
])
def test_a_header_rows_labels_give_their_columns_roles(header):
    from kg.extract.members import _columns

    assert _columns(header) == {0: "name", 1: "role", 2: "years", 3: "coadvisor", 4: "now"}


def test_a_heading_over_a_table_that_names_where_its_people_were_is_that_unit_not_the_pages_lab(tmp_path):
    f = _read(tmp_path, "team.md",
              "# Holm Lab\n\nThe Holm Lab is part of the University of Tarnow. Principal investigator: Vera Holm.\n\n"
              "## Past Trainees\n\n### Kelso Institute for Marine Ecology\n\n| Name | Years | Role | Next |\n|---|---|---|---|\n"
              "| Ana Ruivo | 2021–2023 | Undergraduate | PhD, Vire University |\n")
    assert ("Ana Ruivo", "workedAt", "Kelso Institute for Marine Ecology") in f
    assert not {o for s, _, o in f if s == "Ana Ruivo"} & {"Holm Lab", "University of Tarnow"}


def test_a_header_that_opens_with_who_its_people_are_lists_them_outside_a_people_section(tmp_path):
    # "Postdoc | Years | Current position": the first column's label is a role, the others column labels
    f = _read(tmp_path, "cv.md",
              "# Vera Ostrander\n\nProfessor at the University of Tarnow.\n\n## Where are they now\n\n"
              "| Postdoc | Years | Current position |\n|---|---|---|\n"
              "| Ana Ruivo | 2018–2021 | Assistant Professor, University of Eastmarch |\n"
              "| Olek Marrin | 2019–2022 | Kelso Instruments |\n")
    assert {("Ana Ruivo", "workedAt", "University of Eastmarch"), ("Olek Marrin", "workedAt", "Kelso Instruments")} <= f
    assert ("Vera Ostrander", "workedAt", "University of Eastmarch") not in f


def test_a_co_advisor_label_leaves_the_pages_owner_the_advisor(tmp_path):
    f = _read(tmp_path, "equipe.html",
              "<html><body><h1>Beatriz Lacerda</h1><p>Professora da Universidade de Tarnow.</p><h2>Doutorandos</h2>"
              "<ul><li>Larissa Moura – doutoranda (coorientador: Prof. Dr. Caio Fernandes)</li></ul></body></html>")
    assert {("Larissa Moura", "advisedBy", "Caio Fernandes"), ("Larissa Moura", "advisedBy", "Beatriz Lacerda")} <= f


def test_a_header_that_opens_with_a_label_lists_no_people_of_the_page(tmp_path):
    # "Advisor | Years | University" on a student's page: the owner's own advisors, not members who studied there
    f = _read(tmp_path, "student.md",
              "# Jonah Prell\n\nPhD candidate in Physics at the University of Eastmarch.\n\n## Research Experience\n\n"
              "| Advisor | Years | University |\n|---|---|---|\n| Prof. Tomas Brenner | 2019–present | University of Eastmarch |\n"
              "| Dr. Ilse Marwick | 2017–2019 | Vire University |\n")
    assert not {(s, p, o) for s, p, o in f if s in ("Tomas Brenner", "Ilse Marwick") and p in ("studiedAt", "workedAt")}


@pytest.mark.parametrize("heading, header, rows", [
    ("Mitarbeitende", "Name | Zeitraum | Aktuell", ("Greta Osterloh | seit 2019 | Doktorandin", "Henrik Zeidler | 2020–heute | Postdoc")),
    ("People", "Name | Years | Currently", ("Greta Osterloh | 2019–present | PhD student", "Henrik Zeidler | 2020–present | Postdoc")),
])
def test_a_now_column_that_names_a_role_gives_present_members_their_role_in_the_group(tmp_path, heading, header, rows):
    # "Aktuell: Doktorandin" over the group's present members: what they are there, no destination
    table = "\n".join(f"| {row} |" for row in rows)
    f = _read(tmp_path, "group.md",
              f"# Feldmoor Group\n\nThe Feldmoor Group is part of Kestrelbach University. Principal investigator: Albrecht Feldmoor."
              f"\n\n## {heading}\n\n| {header} |\n|---|---|---|\n{table}\n")
    assert {("Greta Osterloh", "studiedAt", "Feldmoor Group"), ("Greta Osterloh", "advisedBy", "Albrecht Feldmoor"),
            ("Henrik Zeidler", "workedAt", "Feldmoor Group")} <= f
