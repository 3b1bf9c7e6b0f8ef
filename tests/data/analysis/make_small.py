"""Write ``small.trig``: an invented, hand-checked graph for the analysis tests.

Run ``python tests/data/analysis/make_small.py`` after editing; the output is committed.
It follows the RDF layout of :mod:`kg.rdf`: one named graph per document, entities with
``kg:name``, direct edges, one ``kg:passage`` node per source line, and an assertion node
(``kg:Affiliation`` for workedAt/studiedAt) per relation: each relation here is stated on a line of
its own, so none goes without one.

The world (all invented):

- Northfield University (alias NFU) has the Quantum Systems Lab and the Department of
  Computing, which has the Vision Group (two levels of ``kg:partOf``).
- Alice Moreau: PhD at NFU 2012-2017 (advised by Carol Zhang), postdoc at the Quantum
  Systems Lab 2017-2019, Acme Robotics 2019-07 to present. Wrote two papers.
- Bob Tanaka: PhD at NFU 2014-2019 (advised by Carol Zhang), Vision Group 2019-2021,
  intern at Acme Robotics 2015-2016 (no overlap with Alice there). Co-author of Alice.
- Carol Zhang: professor at NFU since 2005, advised by Frank Oduya.
- Gina Park: advised by Alice; Dan Li and Erin Walsh: co-authors.
- Two different people are both called Sam Lee (for ambiguity), and one person has a
  name full of quotes and brackets.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from rdflib import Dataset, Literal, URIRef
from rdflib.namespace import PROV, RDF, XSD

from kg.namespaces import KG, bind_prefixes, document_graph_iri, mint_iri

HERE = Path(__file__).resolve().parent
P = {k: mint_iri("person", k) for k in [
    "Alice Moreau", "Bob Tanaka", "Carol Zhang", "Dan Li", "Erin Walsh", "Frank Oduya", "Gina Park",
    'Ann "O\'Neil" {x} >y']}
P["Sam Lee 1"] = mint_iri("person", "Sam Lee")
P["Sam Lee 2"] = mint_iri("person", "Sam Lee 2")
O = {k: mint_iri("org", k) for k in [
    "Northfield University", "Quantum Systems Lab", "Department of Computing", "Vision Group",
    "Acme Robotics", "Lakeside Institute"]}
V = {k: mint_iri("venue", k) for k in ["ICWX", "JGAD"]}
PUB = {k: mint_iri("publication", k) for k in ["Sparse Widgets", "Robust Gadgets", "Gadget Vision", "Quiet Proofs"]}


class Doc:
    def __init__(self, ds: Dataset, name: str, about: URIRef):
        key = f"/invented/{name}"
        self.graph = ds.graph(document_graph_iri(key))
        self.iri = mint_iri("doc", hashlib.sha1(key.encode()).hexdigest())
        self.key = key
        self.line = 1
        g = self.graph
        g.add((self.iri, RDF.type, KG.Document))
        g.add((self.iri, KG.graph, self.graph.identifier))
        g.add((self.iri, KG.sourcePath, Literal(key)))
        g.add((self.iri, KG.fileName, Literal(name)))
        g.add((self.iri, KG["format"], Literal("text")))
        g.add((self.iri, KG.contentHash, Literal(hashlib.sha256(name.encode()).hexdigest())))
        g.add((self.iri, KG.extractorVersion, Literal("0.1.0")))
        g.add((self.iri, PROV.generatedAtTime, Literal("2026-01-01T00:00:00Z", datatype=XSD.dateTime)))
        g.add((self.iri, KG.about, about))

    def entity(self, iri, type_, name, *aliases, year=None, **identifiers):
        g = self.graph
        g.add((iri, RDF.type, KG[type_]))
        g.add((iri, KG.name, Literal(name)))
        for alias in aliases:
            g.add((iri, KG.alias, Literal(alias)))
        for scheme, value in identifiers.items():
            g.add((iri, KG[scheme], Literal(value)))
        if year:
            g.add((iri, KG.year, Literal(year, datatype=XSD.gYear)))
        self._evidence(iri, name)
        return iri

    def rel(self, s, p, o, evidence, start=None, end=None, **attrs):
        g = self.graph
        g.add((s, KG[p], o))
        a = mint_iri("assertion", hashlib.sha1(f"{self.key}\n{s}\n{p}\n{o}".encode()).hexdigest())
        if p in ("workedAt", "studiedAt"):
            g.add((a, RDF.type, KG.Affiliation))
        g.add((a, RDF.subject, s))
        g.add((a, RDF.predicate, KG[p]))
        g.add((a, RDF.object, o))
        for name, value in attrs.items():
            g.add((a, KG[name], Literal(value)))
        for value, full, year in ((start, KG.start, KG.startYear), (end, KG.end, KG.endYear)):
            if value == "present":
                g.add((a, KG.ongoing, Literal(True)))
            elif value:
                g.add((a, full, Literal(value, datatype=XSD.gYearMonth if "-" in value else XSD.gYear)))
                g.add((a, year, Literal(int(value[:4]))))
        self._evidence(a, evidence)

    def _evidence(self, node, text):
        passage = mint_iri("passage", hashlib.sha1(f"{self.key}\n{self.line}\n{self.line}\n{text}".encode()).hexdigest())
        self.graph.add((node, KG.passage, passage))
        self.graph.add((passage, KG.lineStart, Literal(self.line)))
        self.graph.add((passage, KG.lineEnd, Literal(self.line)))
        self.graph.add((passage, KG.evidence, Literal(text)))
        self.line += 1


def build() -> Dataset:
    ds = Dataset(default_union=True)
    bind_prefixes(ds)

    d = Doc(ds, "alice.txt", P["Alice Moreau"])
    alice = d.entity(P["Alice Moreau"], "Person", "Alice Moreau", "A. Moreau", email="alice@example.org")
    nfu = d.entity(O["Northfield University"], "University", "Northfield University", "NFU")
    qsl = d.entity(O["Quantum Systems Lab"], "Lab", "Quantum Systems Lab")
    acme = d.entity(O["Acme Robotics"], "Company", "Acme Robotics Inc.")
    carol = d.entity(P["Carol Zhang"], "Person", "Carol Zhang")
    bob = d.entity(P["Bob Tanaka"], "Person", "Bob Tanaka")
    dan = d.entity(P["Dan Li"], "Person", "Dan Li")
    sw = d.entity(PUB["Sparse Widgets"], "Publication", "Sparse Widgets", year="2018")
    rg = d.entity(PUB["Robust Gadgets"], "Publication", "Robust Gadgets", year="2020")
    icwx = d.entity(V["ICWX"], "Venue", "ICWX")
    jgad = d.entity(V["JGAD"], "Venue", "JGAD")
    d.rel(alice, "studiedAt", nfu, "PhD, Northfield University, 2012 - 2017", "2012", "2017", degree="PhD")
    d.rel(alice, "advisedBy", carol, "Advisor: Carol Zhang")
    d.rel(alice, "workedAt", qsl, "Postdoc, Quantum Systems Lab, NFU, 2017 - 2019", "2017", "2019", role="Postdoc")
    d.rel(qsl, "partOf", nfu, "Quantum Systems Lab, NFU")
    d.rel(alice, "workedAt", acme, "Research Scientist, Acme Robotics Inc., July 2019 - present", "2019-07",
          "present", role="Research Scientist")
    d.rel(alice, "authored", sw, "A. Moreau, B. Tanaka. Sparse Widgets. ICWX 2018.")
    d.rel(bob, "authored", sw, "A. Moreau, B. Tanaka. Sparse Widgets. ICWX 2018.")
    d.rel(alice, "coauthored", bob, "A. Moreau, B. Tanaka. Sparse Widgets. ICWX 2018.")
    d.rel(sw, "publishedIn", icwx, "A. Moreau, B. Tanaka. Sparse Widgets. ICWX 2018.")
    d.rel(alice, "authored", rg, "A. Moreau, D. Li. Robust Gadgets. JGAD 2020.")
    d.rel(dan, "authored", rg, "A. Moreau, D. Li. Robust Gadgets. JGAD 2020.")
    d.rel(alice, "coauthored", dan, "A. Moreau, D. Li. Robust Gadgets. JGAD 2020.")
    d.rel(rg, "publishedIn", jgad, "A. Moreau, D. Li. Robust Gadgets. JGAD 2020.")

    d = Doc(ds, "bob.txt", P["Bob Tanaka"])
    bob = d.entity(P["Bob Tanaka"], "Person", "Bob Tanaka", "B. Tanaka")
    nfu = d.entity(O["Northfield University"], "University", "Northfield University")
    doc_ = d.entity(O["Department of Computing"], "Lab", "Department of Computing")
    vg = d.entity(O["Vision Group"], "Lab", "Vision Group")
    acme = d.entity(O["Acme Robotics"], "Company", "Acme Robotics", "Acme")
    alice = d.entity(P["Alice Moreau"], "Person", "Alice Moreau")
    erin = d.entity(P["Erin Walsh"], "Person", "Erin Walsh")
    carol = d.entity(P["Carol Zhang"], "Person", "Carol Zhang")
    sw = d.entity(PUB["Sparse Widgets"], "Publication", "Sparse Widgets", year="2018")
    gv = d.entity(PUB["Gadget Vision"], "Publication", "Gadget Vision", year="2021")
    icwx = d.entity(V["ICWX"], "Venue", "ICWX")
    d.rel(bob, "studiedAt", nfu, "PhD, Northfield University, 2014 - 2019", "2014", "2019", degree="PhD")
    d.rel(bob, "advisedBy", carol, "Advisor: Prof. Carol Zhang")
    d.rel(bob, "workedAt", vg, "Researcher, Vision Group, 2019 - 2021", "2019", "2021", role="Researcher")
    d.rel(vg, "partOf", doc_, "Vision Group, Department of Computing")
    d.rel(doc_, "partOf", nfu, "Department of Computing, Northfield University")
    d.rel(bob, "workedAt", acme, "Intern, Acme, 2015 - 2016", "2015", "2016", role="Intern")
    d.rel(bob, "authored", sw, "Sparse Widgets. ICWX 2018.")
    d.rel(alice, "authored", sw, "Sparse Widgets. ICWX 2018.")
    d.rel(bob, "coauthored", alice, "Sparse Widgets. ICWX 2018.")
    d.rel(sw, "publishedIn", icwx, "Sparse Widgets. ICWX 2018.")
    d.rel(bob, "authored", gv, "B. Tanaka, E. Walsh. Gadget Vision. ICWX 2021.")
    d.rel(erin, "authored", gv, "B. Tanaka, E. Walsh. Gadget Vision. ICWX 2021.")
    d.rel(bob, "coauthored", erin, "B. Tanaka, E. Walsh. Gadget Vision. ICWX 2021.")
    d.rel(gv, "publishedIn", icwx, "B. Tanaka, E. Walsh. Gadget Vision. ICWX 2021.")

    d = Doc(ds, "carol.html", P["Carol Zhang"])
    carol = d.entity(P["Carol Zhang"], "Person", "Carol Zhang", "C. Zhang")
    nfu = d.entity(O["Northfield University"], "University", "Northfield University")
    frank = d.entity(P["Frank Oduya"], "Person", "Frank Oduya")
    d.rel(carol, "workedAt", nfu, "Professor, Northfield University, 2005 - present", "2005", "present",
          role="Professor")
    d.rel(carol, "advisedBy", frank, "PhD advisor: Frank Oduya")

    d = Doc(ds, "gina.md", P["Gina Park"])
    gina = d.entity(P["Gina Park"], "Person", "Gina Park")
    alice = d.entity(P["Alice Moreau"], "Person", "Alice Moreau")
    acme = d.entity(O["Acme Robotics"], "Company", "Acme Robotics")
    d.rel(gina, "advisedBy", alice, "Internship advisor: Alice Moreau")
    d.rel(gina, "workedAt", acme, "Intern, Acme Robotics, 2021", "2021", "2021", role="Intern")

    d = Doc(ds, "ann.txt", P['Ann "O\'Neil" {x} >y'])
    ann = d.entity(P['Ann "O\'Neil" {x} >y'], "Person", 'Ann "O\'Neil" {x} >y')
    dan = d.entity(P["Dan Li"], "Person", "Dan Li")
    lake = d.entity(O["Lakeside Institute"], "Institute", "Lakeside Institute")
    qp = d.entity(PUB["Quiet Proofs"], "Publication", "Quiet Proofs", year="2019")
    jgad = d.entity(V["JGAD"], "Venue", "JGAD")
    d.rel(ann, "workedAt", lake, "Fellow, Lakeside Institute, 2018 - 2020", "2018", "2020", role="Fellow")
    d.rel(dan, "workedAt", lake, "Dan Li (Lakeside Institute)", "2019", "present")
    d.rel(ann, "authored", qp, "Ann O'Neil, Dan Li. Quiet Proofs. JGAD 2019.")
    d.rel(dan, "authored", qp, "Ann O'Neil, Dan Li. Quiet Proofs. JGAD 2019.")
    d.rel(ann, "coauthored", dan, "Ann O'Neil, Dan Li. Quiet Proofs. JGAD 2019.")
    d.rel(qp, "publishedIn", jgad, "Ann O'Neil, Dan Li. Quiet Proofs. JGAD 2019.")

    d = Doc(ds, "sam-a.txt", P["Sam Lee 1"])
    sam1 = d.entity(P["Sam Lee 1"], "Person", "Sam Lee")
    acme = d.entity(O["Acme Robotics"], "Company", "Acme Robotics")
    d.rel(sam1, "workedAt", acme, "Engineer, Acme Robotics, 2020 - present", "2020", "present", role="Engineer")

    d = Doc(ds, "sam-b.txt", P["Sam Lee 2"])
    sam2 = d.entity(P["Sam Lee 2"], "Person", "Sam Lee", "S. Lee")
    lake = d.entity(O["Lakeside Institute"], "Institute", "Lakeside Institute")
    d.rel(sam2, "workedAt", lake, "Analyst, Lakeside Institute, 2010 - 2012", "2010", "2012", role="Analyst")
    return ds


if __name__ == "__main__":
    (HERE / "small.trig").write_bytes(build().serialize(format="trig", encoding="utf-8"))
