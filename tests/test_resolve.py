"""Tests of kg.resolve: every rule with a positive and a negative case (invented people only)."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from kg.extract.context import UNNAMED_SUBJECT
from kg.model import Entity, Extraction, KnownEntity, Relation
from kg.resolve import load_ror, resolve
from kg.resolve.names import name_relation, parse_person_name

DATA = Path(__file__).parent / "data" / "resolve"


class Doc:
    """A tiny builder of Extraction objects: ``doc.person(...)`` returns the entity id."""

    def __init__(self, name: str):
        self.name = name
        self.entities: list[Entity] = []
        self.relations: list[Relation] = []
        self.subject: str | None = None

    def _add(self, name, type_, aliases=(), identifiers=None, year=None) -> str:
        entity_id = f"e{len(self.entities) + 1}"
        self.entities.append(Entity(entity_id, name, type_, tuple(aliases), tuple((identifiers or {}).items()), year))
        return entity_id

    def person(self, name, *aliases, subject=False, **identifiers) -> str:
        entity_id = self._add(name, "Person", aliases, identifiers)
        if subject:
            self.subject = entity_id
        return entity_id

    def org(self, name, type_="University", *aliases, part_of=None) -> str:
        entity_id = self._add(name, type_, aliases)
        if part_of:
            self.rel(entity_id, "partOf", part_of)
        return entity_id

    def pub(self, title, year=None, authors=(), venue=None) -> str:
        entity_id = self._add(title, "Publication", year=year)
        for author in authors:
            self.rel(author, "authored", entity_id)
        if venue:
            self.rel(entity_id, "publishedIn", venue)
        return entity_id

    def venue(self, name, *aliases) -> str:
        return self._add(name, "Venue", aliases)

    def project(self, name) -> str:
        return self._add(name, "Project")

    def rel(self, subject, predicate, obj, **attributes) -> None:
        self.relations.append(Relation(subject, predicate, obj, **attributes))

    def build(self) -> Extraction:
        return Extraction(self.name, self.subject, tuple(self.entities), tuple(self.relations))


def iri(resolution, document, entity_id) -> str:
    return resolution.iris[(document.name if isinstance(document, Doc) else document, entity_id)]


def merges_of(resolution, document, entity_id):
    name = document.name if isinstance(document, Doc) else document
    return [m for m in resolution.merges if (m.document, m.entity_id) == (name, entity_id)]


# -- name parsing ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("Orla Penhallow", "Penhallow, Orla", "same"),
        ("Orla Penhallow", "ORLA PENHALLOW", "same"),
        ("Orla-Mae Penhallow", "Orlamae Penhallow", "same"),
        ("O. Penhallow", "Orla Penhallow", "initials"),
        ("O. M. Penhallow", "Orla Penhallow", "initials"),
        ("Penhallow OM", "Orla Mae Penhallow", "initials"),
        ("Penhallow O", "O. Penhallow", "initials"),
        ("Orla M. Penhallow", "Orla Penhallow", "initials"),
        ("Orla Mae Penhallow", "Orla Penhallow", "middle"),
        ("Quan Lio", "Lio Quan", "swap"),
        ("Orla Penhallow", "Osric Penhallow", None),
        ("O. Penhallow", "Tamsin Penhallow", None),
        ("O. B. Penhallow", "Orla A. Penhallow", None),
        ("Orla Penhallow", "Orla Trevail", None),
    ],
)
def test_name_relation(a, b, expected):
    assert name_relation(parse_person_name(a), parse_person_name(b)) == expected
    assert name_relation(parse_person_name(b), parse_person_name(a)) == expected


# -- people: identifiers ---------------------------------------------------------------------
def test_people_merge_by_identifier_despite_different_names():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa = a.person("Dorian Vexley", subject=True, orcid="0000-0002-0000-0001")
    pb = b.person("Dori Vex", subject=True, orcid="https://orcid.org/0000-0002-0000-0001")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) == iri(r, b, pb)
    [merge] = merges_of(r, b, pb)
    assert merge.rule == "identifier:orcid" and merge.score == 1.0 and "Dori Vex" in merge.detail


@pytest.mark.parametrize("kind, one, two", [
    ("email", "Dorian@Example.org", "mailto:dorian@example.org"),
    ("github", "https://github.com/dvex/", "@DVex"),
    ("homepage", "https://www.dvex.example/", "http://dvex.example/index.html"),
])
def test_identifier_forms_are_normalised(kind, one, two):
    a, b = Doc("a.txt"), Doc("b.txt")
    pa = a.person("Dorian Vexley", **{kind: one})
    pb = b.person("D. Vexley-Orr", **{kind: two})
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) == iri(r, b, pb)


def test_conflicting_orcids_never_merge_even_with_evidence():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa = a.person("Mirela Castavet", subject=True, orcid="0000-0001-1111-1111")
    pb = b.person("Mirela Castavet", subject=True, orcid="0000-0001-2222-2222")
    for d, p in ((a, pa), (b, pb)):
        d.pub("Lattice Sieves for Tiny Gardens", "2020", authors=[p])
        d.rel(p, "workedAt", d.org("University of Nordhaven"), start="2018", end="2021")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) != iri(r, b, pb)
    assert {iri(r, a, pa), iri(r, b, pb)} >= {"https://w3id.org/kg/id/person/mirela-castavet"}


# -- people: names ---------------------------------------------------------------------------
def test_common_full_name_alone_merges_without_a_record():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa, pb = a.person("Marta Quillfeather"), b.person("marta  QUILLFEATHER")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) == iri(r, b, pb) == "https://w3id.org/kg/id/person/marta-quillfeather"
    assert r.merges == ()


def test_last_first_form_merges_with_a_record():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa, pb = a.person("Marta Quillfeather", subject=True), b.person("Quillfeather, Marta")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) == iri(r, b, pb)
    assert [m.rule for m in merges_of(r, b, pb)] == ["name-form"]


def test_different_emails_need_evidence():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa = a.person("Tobin Harrowgate", subject=True, email="tobin@one.example")
    pb = b.person("Tobin Harrowgate", subject=True, email="tobin@two.example")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) != iri(r, b, pb)
    a.rel(pa, "workedAt", a.org("Kestrel Valley University"), start="2015", end="2019")
    b.rel(pb, "workedAt", b.org("Kestrel Valley University"), start="2017", end="2020")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) == iri(r, b, pb)


def test_namesake_without_identifiers_joins_only_the_one_evidence_points_to():
    a, b, c = Doc("a.txt"), Doc("b.txt"), Doc("c.txt")
    pa = a.person("Elif Sarnow", subject=True, orcid="0000-0003-0000-000A")
    pb = b.person("Elif Sarnow", subject=True, orcid="0000-0003-0000-000B")
    pc = c.person("Elif Sarnow", subject=True)
    r = resolve([a.build(), b.build(), c.build()])
    assert len({iri(r, a, pa), iri(r, b, pb), iri(r, c, pc)}) == 3  # ambiguous: stays alone
    b.rel(pb, "workedAt", b.org("Brackwater Institute", "Institute"))
    c.rel(pc, "workedAt", c.org("Brackwater Institute", "Institute"))
    r = resolve([a.build(), b.build(), c.build()])
    assert iri(r, c, pc) == iri(r, b, pb) != iri(r, a, pa)


def _paper(doc: Doc, authors, title="Sparse Gizmos for Tiny Robots", year="2021"):
    return doc.pub(title, year, authors=authors)


def test_initials_merge_with_a_shared_publication():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa = a.person("Tobias Wrenfield", subject=True)
    _paper(a, [pa])
    sb = b.person("Ilse Marrow", subject=True)
    tb = b.person("T. Wrenfield")
    _paper(b, [sb, tb], title="Sparse gizmos for tiny robots.")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) == iri(r, b, tb)
    [merge] = merges_of(r, b, tb)
    assert merge.rule == "initials+publication" and merge.mention == "T. Wrenfield"
    assert "Sparse Gizmos" in merge.detail and 0.5 < merge.score <= 0.95
    assert merges_of(r, a, pa) == []


def test_initials_without_evidence_stay_apart():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa = a.person("Tobias Wrenfield", subject=True)
    _paper(a, [pa])
    sb = b.person("Ilse Marrow", subject=True)
    tb = b.person("T. Wrenfield")
    _paper(b, [sb, tb], title="Dense Gadgets for Huge Ships")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) != iri(r, b, tb)
    assert r.merges == ()


def test_identical_initials_alone_do_not_merge():
    a, b = Doc("a.txt"), Doc("b.txt")
    ta, tb = a.person("T. Wrenfield"), b.person("T. Wrenfield")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, ta) != iri(r, b, tb)


def test_initials_merge_with_shared_coauthors():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa = a.person("Tobias Wrenfield", subject=True)
    for name in ("Ilse Marrow", "Pim Okonkwo-Laird"):
        a.rel(pa, "coauthored", a.person(name))
    sb = b.person("Ilse Marrow", subject=True)
    tb = b.person("T. Wrenfield")
    b.rel(sb, "coauthored", tb)
    b.rel(tb, "coauthored", b.person("P. Okonkwo-Laird"))
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) == iri(r, b, tb)
    assert merges_of(r, b, tb)[0].rule == "initials+coauthor"


def test_same_surname_different_people_stay_two():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa, pb = a.person("Tobias Wrenfield", subject=True), b.person("Tessa Wrenfield", subject=True)
    _paper(a, [pa])
    _paper(b, [pb])
    for d, p in ((a, pa), (b, pb)):
        d.rel(p, "workedAt", d.org("Kestrel Valley University"), start="2019", end="present")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) != iri(r, b, pb)


def test_initials_join_the_best_supported_of_two_namesakes_only():
    a, b, c = Doc("a.txt"), Doc("b.txt"), Doc("c.txt")
    tobias, tessa = a.person("Tobias Wrenfield", subject=True), b.person("Tessa Wrenfield", subject=True)
    _paper(a, [tobias])
    _paper(a, [tobias], title="Gizmo Benchmarks Considered Harmful")
    _paper(b, [tessa])
    sc = c.person("Ilse Marrow", subject=True)
    tc = c.person("T. Wrenfield")
    _paper(c, [sc, tc])
    _paper(c, [sc, tc], title="Gizmo Benchmarks Considered Harmful")
    r = resolve([a.build(), b.build(), c.build()])
    assert iri(r, c, tc) == iri(r, a, tobias) != iri(r, b, tessa)


def test_order_swap_without_evidence_stays_two():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa, pb = a.person("Quan Lio", subject=True), b.person("Lio Quan", subject=True)
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) != iri(r, b, pb)


def test_order_swap_with_evidence_merges():
    a, b = Doc("a.txt"), Doc("b.txt")
    pa, pb = a.person("Quan Lio", subject=True), b.person("Lio Quan", subject=True)
    _paper(a, [pa])
    _paper(b, [pb])
    r = resolve([a.build(), b.build()])
    assert iri(r, a, pa) == iri(r, b, pb)
    assert {m.rule for m in r.merges} == {"swap+publication"}


def test_people_in_one_document_are_never_merged():
    a = Doc("a.txt")
    p1, p2 = a.person("Tobias Wrenfield", subject=True), a.person("T. Wrenfield")
    _paper(a, [p1, p2])
    r = resolve([a.build()])
    assert iri(r, a, p1) != iri(r, a, p2)


# -- people: unnamed subjects ----------------------------------------------------------------
def _named_cv() -> tuple[Doc, str]:
    a = Doc("cv-a.txt")
    pa = a.person("Saoirse Tallowmere", subject=True)
    a.rel(pa, "studiedAt", a.org("Kestrel Valley University"), degree="PhD", start="2014", end="2019")
    a.rel(pa, "workedAt", a.org("Brackwater Institute", "Institute"), start="2019", end="present")
    _paper(a, [pa], title="Cold Storage of Warm Thoughts", year="2020")
    return a, pa


def test_unnamed_subject_merges_with_enough_evidence():
    a, pa = _named_cv()
    b = Doc("homepage-b.html")
    ub = b.person(UNNAMED_SUBJECT, subject=True)
    b.rel(ub, "studiedAt", b.org("Kestrel Valley Univ."), start="2015", end="2019")
    b.rel(ub, "workedAt", b.org("Brackwater Institute", "Institute"), start="2020")
    _paper(b, [ub], title="Cold storage of warm thoughts", year="2020")
    r = resolve([a.build(), b.build()])
    assert iri(r, b, ub) == iri(r, a, pa)
    [merge] = merges_of(r, b, ub)
    assert merge.rule == "unnamed-subject+publication+affiliation"
    assert merge.mention == UNNAMED_SUBJECT
    assert "Kestrel Valley University" in merge.detail and "overlapping dates" in merge.detail
    assert 0.4 < merge.score <= 0.95


def test_unnamed_subject_without_enough_evidence_gets_its_own_iri():
    a, pa = _named_cv()
    b, c = Doc("homepage-b.html"), Doc("bio-c.md")
    ub = b.person(UNNAMED_SUBJECT, subject=True)
    b.rel(ub, "workedAt", b.org("Brackwater Institute", "Institute"), start="2021")  # one shared org only
    uc = c.person(UNNAMED_SUBJECT, subject=True)
    r = resolve([a.build(), b.build(), c.build()])
    assert len({iri(r, a, pa), iri(r, b, ub), iri(r, c, uc)}) == 3
    assert iri(r, b, ub) == "https://w3id.org/kg/id/person/unnamed-subject-homepage-b-html"
    assert r.merges == ()


def test_unnamed_subject_fitting_two_people_stays_unnamed():
    a, pa = _named_cv()
    a2 = Doc("cv-a2.txt")
    pa2 = a2.person("Ewan Gorseby", subject=True)
    a2.rel(pa2, "studiedAt", a2.org("Kestrel Valley University"), start="2014", end="2019")
    a2.rel(pa2, "workedAt", a2.org("Brackwater Institute", "Institute"), start="2019", end="present")
    b = Doc("homepage-b.html")
    ub = b.person(UNNAMED_SUBJECT, subject=True)
    b.rel(ub, "studiedAt", b.org("Kestrel Valley University"), start="2015", end="2019")
    b.rel(ub, "workedAt", b.org("Brackwater Institute", "Institute"), start="2020")
    r = resolve([a.build(), a2.build(), b.build()])
    assert iri(r, b, ub) not in {iri(r, a, pa), iri(r, a2, pa2)}


# -- organisations ---------------------------------------------------------------------------
def test_organisation_abbreviations_and_aliases_merge():
    a, b, c = Doc("a.txt"), Doc("b.txt"), Doc("c.txt")
    oa = a.org("Nordhaven Institute of Technology", "University", "NHIT")
    ob = b.org("NHIT")
    oc = c.org("Nordhaven Inst. of Technology")
    r = resolve([a.build(), b.build(), c.build()])
    assert iri(r, a, oa) == iri(r, b, ob) == iri(r, c, oc)
    assert iri(r, a, oa) == "https://w3id.org/kg/id/org/nordhaven-institute-of-technology"
    assert [m.rule for m in merges_of(r, b, ob)] == ["alias"]
    assert [m.rule for m in merges_of(r, c, oc)] == ["name-form"]


def test_acronym_merges_only_when_unique():
    a, b = Doc("a.txt"), Doc("b.txt")
    oa, ob = a.org("Kestrel Valley University"), b.org("KVU")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, oa) == iri(r, b, ob)
    assert merges_of(r, b, ob)[0].rule == "acronym"
    c = Doc("c.txt")
    oc = c.org("Kingsmoor Veterinary University")
    r = resolve([a.build(), b.build(), c.build()])
    assert iri(r, b, ob) not in {iri(r, a, oa), iri(r, c, oc)}


def test_gazetteer_aliases_merge_companies():
    a, b = Doc("a.txt"), Doc("b.txt")
    oa, ob = a.org("Facebook", "Company"), b.org("Meta", "Company")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, oa) == iri(r, b, ob)


def test_departments_under_different_universities_stay_two():
    a, b, c = Doc("a.txt"), Doc("b.txt"), Doc("c.txt")
    da = a.org("Department of Philosophy", "Lab", part_of=a.org("University of Nordhaven"))
    db = b.org("Department of Philosophy", "Lab", part_of=b.org("Kestrel Valley University"))
    dc = c.org("Dept. of Philosophy", "Lab", part_of=c.org("Univ. of Nordhaven"))
    r = resolve([a.build(), b.build(), c.build()])
    assert iri(r, a, da) != iri(r, b, db)
    assert iri(r, a, da) == iri(r, c, dc)
    assert iri(r, a, da) == "https://w3id.org/kg/id/org/department-of-philosophy-university-of-nordhaven"


def test_parentless_generic_departments_stay_apart():
    a, b = Doc("a.txt"), Doc("b.txt")
    da, db = a.org("Department of Philosophy", "Lab"), b.org("Department of Philosophy", "Lab")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, da) != iri(r, b, db)


def test_named_lab_without_parent_joins_its_unique_parented_namesake():
    a, b = Doc("a.txt"), Doc("b.txt")
    la = a.org("Gullwing Systems Lab", "Lab", part_of=a.org("University of Nordhaven"))
    lb = b.org("Gullwing Systems Laboratory", "Lab")
    r = resolve([a.build(), b.build()])
    assert iri(r, a, la) == iri(r, b, lb)
    assert {m.rule for m in r.merges} == {"unit-parent"}


def test_lab_under_a_sub_unit_is_keyed_by_the_top_organisation():
    a, b = Doc("a.txt"), Doc("b.txt")
    uni = a.org("University of Nordhaven")
    la = a.org("Gullwing Systems Lab", "Lab", part_of=a.org("School of Computing", "Lab", part_of=uni))
    lb = b.org("Gullwing Systems Lab", "Lab", part_of=b.org("University of Nordhaven"))
    r = resolve([a.build(), b.build()])
    assert iri(r, a, la) == iri(r, b, lb)


def test_ror_dump_names_organisations(tmp_path):
    ror = load_ror(DATA / "ror.json")
    a, b, c, d = Doc("a.txt"), Doc("b.txt"), Doc("c.txt"), Doc("d.txt")
    oa, ob, oc = a.org("Vesterby Polytechnic"), b.org("VPT"), c.org("Vesterby Tekniske Skole")
    od = d.org("Vesterby Robotics Laboratory", "Lab")
    r = resolve([a.build(), b.build(), c.build(), d.build()], ror=ror)
    assert iri(r, a, oa) == iri(r, b, ob) == iri(r, c, oc)
    assert iri(r, d, od) == "https://w3id.org/kg/id/org/vesterby-robotics-lab-vesterby-polytechnic"
    assert ror.lookup("QI") is None  # an ambiguous acronym names nothing
    r = resolve([a.build(), b.build(), c.build()])
    assert iri(r, a, oa) != iri(r, c, oc)  # without ROR, nothing says they are one


def test_load_ror_rejects_other_files(tmp_path):
    from kg.errors import DocumentError

    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x"}')
    with pytest.raises(DocumentError):
        load_ror(bad)
    with pytest.raises(DocumentError):
        load_ror(tmp_path / "missing.json")


# -- venues, projects, publications ---------------------------------------------------------
def test_venues_by_short_and_long_name():
    a, b, c, d = Doc("a.txt"), Doc("b.txt"), Doc("c.txt"), Doc("d.txt")
    va = a.venue("GIZMOCON 2021")
    vb = b.venue("International Conference on Gizmos and Machines (GIZMOCON)")
    vc = c.venue("Proceedings of the 12th International Conference on Gizmos and Machines")
    vd = d.venue("SPROCKETS")
    r = resolve([a.build(), b.build(), c.build(), d.build()])
    assert iri(r, a, va) == iri(r, b, vb) == iri(r, c, vc) == "https://w3id.org/kg/id/venue/gizmocon"
    assert iri(r, d, vd) != iri(r, a, va)


def test_projects_by_normalised_name():
    a, b, c = Doc("a.txt"), Doc("b.txt"), Doc("c.txt")
    pa, pb, pc = a.project("the Frobnicator"), b.project("Frobnicator"), c.project("Frobnicator Pro")
    r = resolve([a.build(), b.build(), c.build()])
    assert iri(r, a, pa) == iri(r, b, pb) != iri(r, c, pc)


def test_publications_fuzzy_titles_and_years():
    a, b, c, d = Doc("a.txt"), Doc("b.txt"), Doc("c.txt"), Doc("d.txt")
    pa = a.pub("Scalable Gizmo Placement for Heterogeneous Robot Swarms", "2021")
    pb = b.pub("Scalable Gizmo Placment for Heterogeneous Robot Swarms.", "2022")  # typo, next year
    pc = c.pub("Scalable Gizmo Placement for Heterogeneous Robot Swarms", "2015")  # another paper
    pd = d.pub("Scalable Gadget Placement for Homogeneous Robot Fleets", "2021")
    r = resolve([a.build(), b.build(), c.build(), d.build()])
    assert iri(r, a, pa) == iri(r, b, pb)
    assert merges_of(r, b, pb)[0].rule == "title-fuzzy"
    assert len({iri(r, a, pa), iri(r, c, pc), iri(r, d, pd)}) == 3


def test_publications_fuzzy_titles_of_lengths_in_neighbouring_bands():
    # titles are compared within length bands (kg.resolve.things._length_bands): a title that
    # lost its last word still meets its longer form when that one starts the next band
    from kg.resolve.things import _length_bands

    long_title = "Gizmo Placement for Heterogeneous Robot Swarms on Rough Terrain with Mud"
    near = long_title[:-4]  # " Mud" lost: ratio 97
    other = "Gizmo Placement for Heterogeneous Robot Swarms in Shallow Water"
    short = "Gizmo Placement for Heterogeneous Robot Swarms"
    titles = (long_title, near, other, short)
    assert _length_bands(list(titles)) == [[short], [other, near], [long_title]]
    docs = [Doc(f"{name}.txt") for name in "abcd"]
    ids = [doc.pub(title, "2020") for doc, title in zip(docs, titles)]
    r = resolve([doc.build() for doc in docs])
    assert iri(r, docs[0], ids[0]) == iri(r, docs[1], ids[1])
    assert len({iri(r, doc, i) for doc, i in zip(docs, ids)}) == 3
    assert merges_of(r, docs[1], ids[1])[0].rule == "title-fuzzy"


# -- the store's entities --------------------------------------------------------------------
def test_known_entities_keep_their_iris():
    known = [
        KnownEntity("https://w3id.org/kg/id/person/old-node", "Person", ("Tobias Wrenfield",),
                    publications=("Sparse Gizmos for Tiny Robots",)),
        KnownEntity("https://w3id.org/kg/id/org/kvu-node", "University", ("Kestrel Valley University",)),
    ]
    b = Doc("b.txt")
    sb = b.person("Ilse Marrow", subject=True)
    tb = b.person("T. Wrenfield")
    _paper(b, [sb, tb])
    ob = b.org("Kestrel Valley Univ.")
    r = resolve([b.build()], known)
    assert iri(r, b, tb) == "https://w3id.org/kg/id/person/old-node"
    assert iri(r, b, ob) == "https://w3id.org/kg/id/org/kvu-node"


def test_known_namesake_with_another_orcid_is_not_reused():
    known = [KnownEntity("https://w3id.org/kg/id/person/mirela-castavet", "Person", ("Mirela Castavet",),
                         identifiers=(("orcid", "0000-0001-1111-1111"),))]
    a = Doc("a.txt")
    pa = a.person("Mirela Castavet", subject=True, orcid="0000-0001-2222-2222")
    r = resolve([a.build()], known)
    assert iri(r, a, pa) != known[0].iri
    assert iri(r, a, pa).startswith("https://w3id.org/kg/id/person/mirela-castavet-")


# -- determinism -----------------------------------------------------------------------------
def _corpus() -> list[Extraction]:
    a, pa = _named_cv()
    b = Doc("homepage-b.html")
    ub = b.person(UNNAMED_SUBJECT, subject=True)
    b.rel(ub, "studiedAt", b.org("Kestrel Valley Univ."), start="2015", end="2019")
    _paper(b, [ub, b.person("T. Wrenfield")], title="Cold Storage of Warm Thoughts", year="2020")
    c = Doc("c.txt")
    tc = c.person("Tobias Wrenfield", subject=True, email="tw@example.org")
    _paper(c, [tc], title="Cold storage of warm thoughts.", year="2021")
    c.rel(tc, "workedAt", c.org("Gullwing Systems Lab", "Lab", part_of=c.org("Kestrel Valley University")))
    d = Doc("d.txt")
    d.person("Wrenfield, Tobias", subject=True, email="TW@example.org")
    d.org("Gullwing Systems Laboratory", "Lab")
    return [x.build() for x in (a, b, c, d)]


def test_order_of_documents_and_entities_does_not_matter():
    corpus = _corpus()
    expected = resolve(corpus)
    rng = random.Random(7)
    for _ in range(5):
        shuffled = []
        for ex in rng.sample(corpus, len(corpus)):
            shuffled.append(replace(ex, entities=tuple(rng.sample(ex.entities, len(ex.entities))),
                                    relations=tuple(rng.sample(ex.relations, len(ex.relations)))))
        got = resolve(shuffled)
        assert dict(got.iris) == dict(expected.iris)
        assert got.merges == expected.merges
    assert len(set(expected.iris.values())) < len(expected.iris)  # the corpus does merge things


def test_a_spool_resolves_as_the_list_of_its_extractions():
    from kg.model import Document
    from kg.spool import Spool

    corpus = _corpus()
    odd = Doc("e.txt")
    odd.person("Tobias Wrenfield", subject=True)
    odd.entities.append(Entity("x1", "Lantern Tide", "Ship"))  # a type outside the model
    corpus.append(odd.build())
    with Spool() as spool:
        for ex in reversed(corpus):
            spool.add(ex.document, Document(ex.document, ex.document, "text", (), "0"), ex)
        got = resolve(spool)
    expected = resolve(corpus)
    assert dict(got.iris) == dict(expected.iris) and got.merges == expected.merges
    assert got.iris[("e.txt", "x1")] == "https://w3id.org/kg/id/project/lantern-tide"


def test_a_spools_resolution_keys_share_one_string_per_entity_id_and_document():
    # each document read back from a spool brings its own copies of the ids and its key; the
    # resolution keeps a key per mention until the build has written, so it keeps one copy each
    from kg.model import Document
    from kg.spool import Spool

    corpus = _corpus()
    with Spool() as spool:
        for ex in corpus:
            spool.add(ex.document, Document(ex.document, ex.document, "text", (), "0"), ex)
        got = resolve(spool)
    ids: dict[str, set[int]] = {}
    documents: dict[str, set[int]] = {}
    for document, entity_id in got.iris:
        ids.setdefault(entity_id, set()).add(id(entity_id))
        documents.setdefault(document, set()).add(id(document))
    assert len(got.iris) > len(ids) > 1 and len(documents) == len(corpus)
    assert all(len(objects) == 1 for objects in [*ids.values(), *documents.values()])


def test_every_entity_gets_an_iri():
    corpus = _corpus()
    r = resolve(corpus)
    assert set(r.iris) == {(ex.document, e.id) for ex in corpus for e in ex.entities}
    assert all(m.iri in r.iris.values() for m in r.merges)


def test_rebuilding_a_document_keeps_the_iris_of_its_unjoined_nodes():
    b = Doc("/data/homepage-b.html")
    ub = b.person(UNNAMED_SUBJECT, subject=True)
    tb = b.person("T. Wrenfield")
    db = b.org("Department of Philosophy", "Lab")
    first = resolve([b.build()])
    known = [KnownEntity(first.iris[(b.name, e)], t, (n,), documents=("homepage-b.html",))
             for e, t, n in ((ub, "Person", UNNAMED_SUBJECT), (tb, "Person", "T. Wrenfield"),
                             (db, "Lab", "Department of Philosophy"))]
    again = resolve([b.build()], known)
    assert dict(again.iris) == dict(first.iris)
    # a node of the same key from another document is not taken over without evidence
    c = Doc("/data/c.txt")
    tc = c.person("T. Wrenfield")
    other = resolve([c.build()], [replace(known[1], documents=("homepage-b.html",))])
    assert iri(other, c, tc) != known[1].iri


@pytest.mark.parametrize("name", [
    "T. Wrenfield", "Wrenfield, Tobias", "G. L. Penhallow", "Tobias A. Wrenfield", "Penhallow, Orla-Mae",
    "Wrenfield, T. A.", "Quan Lio", "ORLA PENHALLOW", "Tobias Wrenfield Jr.", "Dr. Tobias Wrenfield",
    "Jan van der Berg", "Wrenfield, Dr. Tobias",
])
def test_fast_name_split_agrees_with_nameparser(name):
    from nameparser import HumanName

    from kg.resolve.names import _simple_split

    fast = _simple_split(name)
    if fast is not None:
        parsed = HumanName(name)
        assert (fast[0].split(), fast[1]) == (f"{parsed.first} {parsed.middle}".split(), parsed.last)


def test_venue_list_joins_old_and_new_names():
    a, b, c = Doc("a.txt"), Doc("b.txt"), Doc("c.txt")
    va, vb, vc = a.venue("NIPS 2017"), b.venue("Advances in Neural Information Processing Systems"), c.venue("ICML")
    r = resolve([a.build(), b.build(), c.build()])
    assert iri(r, a, va) == iri(r, b, vb) == "https://w3id.org/kg/id/venue/neurips" != iri(r, c, vc)


def test_a_unit_in_the_store_is_found_under_any_of_its_names():
    a = Doc("a.txt")
    da = a.org("Department of Physics", "Lab", part_of=a.org("University of Nordhaven"))
    first = resolve([a.build()])
    known = [KnownEntity(first.iris[("a.txt", da)], "Lab", ("Department of Physics",), documents=("a.txt",)),
             KnownEntity(first.iris[("a.txt", "e1")], "University", ("University of Nordhaven",), documents=("a.txt",))]
    b = Doc("b.txt")
    db = b.org("Department of Physics and Astronomy", "Lab", "Department of Physics",
               part_of=b.org("University of Nordhaven"))
    c = Doc("c.txt")
    dc = c.org("Department of Physics", "Lab", part_of=c.org("Kestrel Valley University"))
    r = resolve([b.build(), c.build()], known)
    assert iri(r, b, db) == known[0].iri != iri(r, c, dc)


def test_a_name_shared_by_many_people_costs_no_pairwise_comparison():
    import time

    many = [Extraction(f"d{i:04d}.txt", "p", (Entity("p", "Orla Penhallow", "Person", (),
                                                     (("email", f"o{i}@example.org"),)),)) for i in range(1000)]
    many += [Extraction(f"i{i:04d}.txt", "p", (Entity("p", "O. Penhallow", "Person"),)) for i in range(1000)]
    started = time.process_time()
    r = resolve(many)
    assert time.process_time() - started < 5  # about 0.2 s; quadratic work took minutes
    assert len(set(r.iris.values())) == 2000  # nothing supports any merge


def test_resolution_parses_each_person_name_of_a_document_once(monkeypatch):
    # a cache that keeps nothing, as happens to a bounded one once a corpus has more distinct
    # names than it holds: what resolution parses again then costs a parse each time
    import kg.resolve.people as people

    parsed = []

    def counted(name):
        parsed.append(name)
        return parse_person_name.__wrapped__(name)

    monkeypatch.setattr(people, "parse_person_name", counted)
    doc = Doc("lab-paper.txt")
    authors = [doc.person(f"{given} Quellmoor") for given in
               ("Ansel", "Birte", "Cosmo", "Delphine", "Emrys", "Fenna", "Gideon", "Hesper", "Ivo", "Jorun")]
    doc.pub("Slow Tides in Shallow Basins", year="2020", authors=authors)
    r = resolve([doc.build()])
    assert len(set(r.iris.values())) == 11
    # each author's name once for its node and once for its coauthors' keys (it was once per
    # coauthor, 90 times, and once more for the cluster's canonical name)
    assert len(parsed) == 2 * len(authors)


def test_people_without_identifiers_or_organisations_share_one_empty_context_never_written_into():
    # mentions with no identifier or organisation share one empty mapping (memory at scale); a merge
    # that brings some must give the cluster a dict of its own, whichever side had them
    from kg.resolve.people import _EMPTY

    bare = [Extraction(f"{d}.txt", "p", (Entity("p", "Ilse Varnholm", "Person"),)) for d in ("a", "c")]
    rich = Extraction("b.txt", "p", (Entity("p", "Ilse Varnholm", "Person", identifiers=(("email", "ilse@varn.example"),)),
                                     Entity("o", "Tallmark Institute", "Institute")),
                      (Relation("p", "workedAt", "o", start="2019"),))
    other = Extraction("d.txt", "p", (Entity("p", "Oren Quillby", "Person"),))
    result = resolve([*bare, rich, other])
    assert len({result.iris[(d, "p")] for d in ("a.txt", "b.txt", "c.txt")}) == 1
    assert result.iris[("d.txt", "p")] != result.iris[("a.txt", "p")]
    assert not _EMPTY and dict(_EMPTY) == {}
