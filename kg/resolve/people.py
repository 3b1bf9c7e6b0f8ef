"""Resolving people: identifiers first, then names with evidence, then unnamed document subjects.

Policy
------
1. Identifiers: the same e-mail, ORCID, homepage, GitHub or Scholar profile is the same
   person, whatever the names. Different ORCIDs / GitHub / Scholar profiles (one per
   person) never merge, not even with evidence.
2. The same full name (``Last, First`` and ``First Last`` agree; case, accents, hyphens
   in given names ignored) merges on the name alone, unless the facts conflict:
   different one-per-person identifiers block it; different e-mails or homepages (and
   nothing shared) need evidence >= 0.3. A namesake without identifiers that fits two
   or more conflicting people joins the one with strictly the best evidence, or stays
   a node of its own.
3. Initials ("G. He"), a missing middle name and swapped order ("Lin Mei" / "Mei Lin")
   need evidence >= 0.5: a shared publication, or two shared coauthors/organisations.
   Identical abbreviated names also need it. Two full names with the same family name
   and different given names never end in one node.
4. A document's unnamed subject joins the person with evidence >= 0.9 (e.g. a shared
   publication and organisation, or two organisations with overlapping dates), and
   only if no other person comes within 0.5 of it; otherwise it gets its own IRI,
   keyed by the document.
5. Two people of one document are never merged (the extractor already folds a
   document's mentions of one person).

Evidence weights (:data:`WEIGHTS`): shared publication 0.6, shared coauthor/advisor 0.3,
shared organisation 0.3 (+0.15 when the dates overlap). Every merge beyond identical
names is recorded as a :class:`~kg.model.Merge` with its rule, score and evidence.

>>> normalize_identifier("github", "https://github.com/Foo-Bar/")
'foo-bar'
>>> normalize_identifier("orcid", "https://orcid.org/0000-0002-1825-009X")
'0000-0002-1825-009X'
"""
from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, Sequence

from kg.extract.context import normalize_name
from kg.model import Extraction, KnownEntity
from kg.resolve._cluster import Clusters, Node, assign_iris, build_merges
from kg.resolve.names import PersonName, name_relation, names_conflict, parse_person_name

__all__ = ["normalize_identifier", "resolve_people", "HARD_IDENTIFIERS", "THRESHOLDS", "WEIGHTS"]

#: Identifier kinds a person has at most one of: two different values never merge.
HARD_IDENTIFIERS = ("orcid", "github", "scholar")
#: Identifier kinds a person may have several of (e-mail, homepage): different values only
#: block a merge on the name alone.
_ID_SCORES = {"orcid": 1.0, "github": 0.99, "scholar": 0.99, "email": 0.99, "homepage": 0.95}
_ID_ORDER = ["orcid", "github", "scholar", "email", "homepage"]

#: Evidence weights: a shared publication, a shared coauthor (or advisor/mentor), a shared
#: organisation, and the bonus when the dates at that organisation overlap.
WEIGHTS = {"publication": 0.6, "coauthor": 0.3, "affiliation": 0.3, "overlap": 0.15}
#: Evidence a merge needs: beyond the name when identifiers disagree softly, for initials,
#: middle names and swapped name order, and for an unnamed document subject.
THRESHOLDS = {"soft-conflict": 0.3, "variant": 0.5, "unnamed": 0.9, "unnamed-margin": 0.5}


def normalize_identifier(kind: str, value: str) -> str | None:
    """The comparable form of a person identifier, or ``None`` when it is empty."""
    kind = kind.lower()
    text = str(value).strip()
    if not text:
        return None
    if kind == "orcid":
        m = re.search(r"\d{4}-\d{4}-\d{4}-\d{3}[\dXx]", text)
        return m.group(0).upper() if m else text.upper()
    if kind == "email":
        return text.lower().removeprefix("mailto:")
    if kind == "github":
        m = re.search(r"github\.com/([^/?#\s]+)", text, re.IGNORECASE)
        return (m.group(1) if m else text).lstrip("@").lower()
    if kind == "scholar":
        m = re.search(r"user=([\w-]+)", text)
        return m.group(1) if m else text
    if kind == "homepage" or text.startswith(("http://", "https://")):
        text = re.sub(r"^https?://", "", text.lower())
        text = re.sub(r"^www\.", "", text)
        text = re.sub(r"/(index\.html?)?$", "", text)
        return text.rstrip("/")
    return text.lower()


def _year(value) -> int | None:
    if value is None:
        return None
    if str(value).lower() in ("present", "now", "current"):
        return 9999
    m = re.search(r"(19|20)\d{2}", str(value))
    return int(m.group(0)) if m else None


def _span(start, end) -> tuple[int, int] | None:
    a, b = _year(start), _year(end)
    if a is None and b is None:
        return None
    a = b if a is None else a
    b = a if b is None else b
    return (a, b) if a <= b else (b, a)


def _overlap(xs, ys) -> bool:
    return any(x and y and x[0] <= y[1] and y[0] <= x[1] for x in xs for y in ys)


def _show_key(key: tuple[str, str]) -> str:
    family, initial = key
    return f"{initial.upper()}. {family.title()}"


@dataclass
class Evidence:
    """What two clusters share, with its score."""

    score: float
    kinds: tuple[str, ...]
    detail: str


class _People(Clusters):
    """Person clusters with their identifiers, names and context (publications, organisations, coauthors)."""

    def __init__(self, nodes: list[Node], labels: Mapping[str, str]):
        super().__init__(nodes)
        self.labels = labels
        # a cluster's context starts as its node's own containers, taken rather than copied (a
        # hundred thousand documents make millions of author mentions), its documents,
        # publications and coauthors as tuples (a set takes 216 bytes even when it holds one
        # item): a cluster's become sets when it first grows (see _grown); its identifiers and
        # organisations, when it has none, the one shared empty mapping (most mentions are
        # coauthors in a publication list), a dict of its own when a merge brings some. Its names
        # are its node's tuple until then, as the name phases read each mention's own.
        self.docs = [(n.document,) if n.document else () for n in nodes]
        self.ids, self.pubs = [n.context[0] for n in nodes], [n.context[1] for n in nodes]
        self.orgs, self.assoc = [n.context[2] for n in nodes], [n.context[3] for n in nodes]
        self.pnames = [n.pnames for n in nodes]
        for n in nodes:
            n.context = None  # the cluster's now: a merge replaces them

    def _merged(self, root: int, other: int) -> None:
        self.docs[root] = _grown(self.docs[root], self.docs[other])
        if self.ids[other]:
            if self.ids[root] is _EMPTY:
                self.ids[root] = {}
            for kind, values in self.ids[other].items():
                self.ids[root].setdefault(kind, set()).update(values)
        if not isinstance(self.pnames[root], list):
            self.pnames[root] = list(self.pnames[root])
        self.pnames[root].extend(self.pnames[other])
        self.pubs[root] = _grown(self.pubs[root], self.pubs[other])
        if self.orgs[other]:
            if self.orgs[root] is _EMPTY:
                self.orgs[root] = {}
            for org, spans in self.orgs[other].items():
                self.orgs[root].setdefault(org, []).extend(spans)
        self.assoc[root] = _grown(self.assoc[root], self.assoc[other])
        self.docs[other], self.ids[other], self.pnames[other] = (), _EMPTY, ()
        self.pubs[other], self.orgs[other], self.assoc[other] = (), _EMPTY, ()

    def can_join(self, a: int, b: int) -> bool:
        if not super().can_join(a, b) or _common(self.docs[a], self.docs[b]):
            return False
        return not any(
            self.ids[a].get(kind) and self.ids[b].get(kind) and not self.ids[a][kind] & self.ids[b][kind]
            for kind in HARD_IDENTIFIERS
        )

    def shared_identifier(self, a: int, b: int) -> bool:
        return any(values & self.ids[b].get(kind, set()) for kind, values in self.ids[a].items())

    def soft_conflict(self, a: int, b: int) -> bool:
        """Both have e-mails (or homepages) and share none, and share no identifier at all."""
        if self.shared_identifier(a, b):
            return False
        return any(
            self.ids[a].get(kind) and self.ids[b].get(kind) and not self.ids[a][kind] & self.ids[b][kind]
            for kind in self.ids[a] if kind not in HARD_IDENTIFIERS
        )

    def kinds(self, root: int) -> frozenset:
        """The identifier kinds a cluster has."""
        return frozenset(kind for kind, values in self.ids[root].items() if values)

    @staticmethod
    def kinds_conflict(a: frozenset, b: frozenset) -> bool:
        """Two clusters that both have a one-per-person identifier (they differ, or they would be one)."""
        return any(kind in a and kind in b for kind in HARD_IDENTIFIERS)

    def features(self, root: int) -> list[tuple]:
        """The context a cluster can share with another: publications, organisations, coauthors."""
        return ([("pub", p) for p in self.pubs[root]] + [("org", o) for o in self.orgs[root]]
                + [("assoc", k) for k in self.assoc[root]])

    def has_ids(self, root: int) -> bool:
        return any(self.ids[root].values())

    def names_clash(self, a: int, b: int) -> bool:
        full_a = {pn for _, pn in self.pnames[a] if pn.full}
        full_b = {pn for _, pn in self.pnames[b] if pn.full}
        return any(names_conflict(x, y) for x in full_a for y in full_b)

    def unnamed(self, root: int) -> bool:
        return all(pn.unnamed for _, pn in self.pnames[root])

    def self_keys(self, root: int) -> set:
        return {pn.loose_key for _, pn in self.pnames[root] if pn.loose_key}

    def evidence(self, a: int, b: int) -> Evidence:
        """Shared publications, coauthors and organisations (dates overlapping or not)."""
        pubs = sorted(_common(self.pubs[a], self.pubs[b]))
        assoc = sorted(_common(self.assoc[a], self.assoc[b]) - self.self_keys(a) - self.self_keys(b))
        orgs = []
        for org in sorted(self.orgs[a].keys() & self.orgs[b].keys()):
            orgs.append((org, _overlap(self.orgs[a][org], self.orgs[b][org])))
        orgs.sort(key=lambda o: (not o[1], o[0]))
        score = WEIGHTS["publication"] * min(len(pubs), 2) + WEIGHTS["coauthor"] * min(len(assoc), 3)
        score += sum(WEIGHTS["affiliation"] + (WEIGHTS["overlap"] if overlap else 0) for _, overlap in orgs[:3])
        kinds, parts = [], []
        if pubs:
            kinds.append("publication")
            parts.append("shared publications: " + "; ".join(repr(self.labels.get(p, p)) for p in pubs[:3]))
        if assoc:
            kinds.append("coauthor")
            parts.append("shared coauthors: " + ", ".join(_show_key(k) for k in assoc[:5]))
        if orgs:
            kinds.append("affiliation")
            parts.append("shared organisations: " + ", ".join(
                self.labels.get(o, o) + (" (overlapping dates)" if overlap else "") for o, overlap in orgs[:3]))
        return Evidence(round(score, 3), tuple(kinds), "; ".join(parts))


def _grown(mine, theirs) -> set:
    """A cluster's items (a set, or its node's own tuple) with another's added."""
    if not isinstance(mine, set):
        mine = set(mine)
    mine.update(theirs)
    return mine


def _common(a, b) -> set:
    """The items two clusters share (each a set or a tuple)."""
    if not isinstance(a, set):
        a, b = b, a
    return (a if isinstance(a, set) else set(a)).intersection(b)


# -- building the nodes ----------------------------------------------------------------------
def _extraction_nodes(ex: Extraction, org_iris, pub_iris, keys_seen: dict) -> list[Node]:
    persons = {e.id: e for e in ex.entities if e.type == "Person"}
    orgs: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    pubs: dict[str, set] = defaultdict(set)
    assoc: dict[str, set] = defaultdict(set)
    authors: dict[str, list[str]] = defaultdict(list)
    for r in ex.relations:
        if r.subject not in persons:
            continue
        if r.predicate in ("workedAt", "studiedAt") and (ex.document, r.object) in org_iris:
            orgs[r.subject][org_iris[(ex.document, r.object)]].append(_span(r.start, r.end))
        elif r.predicate == "authored" and (ex.document, r.object) in pub_iris:
            pubs[r.subject].add(pub_iris[(ex.document, r.object)])
            authors[r.object].append(r.subject)
        elif r.predicate in ("coauthored", "advisedBy", "mentoredBy") and r.object in persons:
            assoc[r.subject].add(r.object)
            assoc[r.object].add(r.subject)
    for names in authors.values():
        for a in names:
            assoc[a].update(b for b in names if b != a)
    # each name parsed once per document, not once per coauthor that names it
    loose_keys = {p: parse_person_name(persons[p].name).loose_key for p in persons}
    # interned: entity ids ("p", "e12") repeat in every document, and each pass over the spool reads
    # a document's key anew; the resolution keeps a (document, id) key per mention until the build
    # has written (three million at 100,000 documents), each with its own two strings otherwise
    document, intern = sys.intern(ex.document), sys.intern
    nodes = []
    for e in persons.values():
        keys = {loose_keys[p] for p in assoc[e.id]}
        entity_id = intern(e.id)
        nodes.append(_node(
            (0, document, entity_id), document, entity_id, e.name, (e.name, *e.aliases), None,
            e.identifiers, pubs[e.id], dict(orgs[e.id]), {keys_seen.setdefault(k, k) for k in keys if k},
        ))
    return nodes


#: a person node's ``extra`` (its names and context are fields of their own), and its identifiers
#: or organisations when it has none: one empty mapping, shared (an empty dict takes 64 bytes)
_EMPTY = MappingProxyType({})


def _node(sort_key, document, entity_id, name, names, known_iri, identifiers, pubs, orgs, assoc) -> Node:
    ids: dict[str, set] = {}
    for kind, value in identifiers:
        norm = normalize_identifier(kind, value)
        if norm:
            ids.setdefault(kind.lower(), set()).add(norm)
    pnames = tuple(parse_person_name(n) for n in dict.fromkeys(names))
    return Node(sort_key=sort_key, document=document, entity_id=entity_id, name=name, names=tuple(names),
                type="Person", known_iri=known_iri, extra=_EMPTY, pnames=pnames,
                context=(ids or _EMPTY, tuple(pubs), orgs or _EMPTY, tuple(assoc)))


def _known_node(k: KnownEntity, org_index: Mapping[str, str], pub_index: Mapping[str, str]) -> Node:
    from kg.resolve.things import org_name_key, title_key

    orgs: dict[str, list] = defaultdict(list)
    for org, _predicate, start, end in k.affiliations:
        orgs[org_index.get(org_name_key(str(org)), f"name:{org_name_key(str(org))}")].append(_span(start, end))
    pubs = {pub_index.get(title_key(str(t)), f"title:{title_key(str(t))}") for t in k.publications}
    keys = {parse_person_name(str(n)).loose_key for n in k.coauthors}
    names = tuple(str(n) for n in k.names)
    node = _node((1, k.iri, ""), None, None, names[0], names, k.iri, k.identifiers, pubs, dict(orgs),
                 {key for key in keys if key})
    node.extra = {"documents": tuple(k.documents)}
    return node


# -- the phases ------------------------------------------------------------------------------
def _identifier_phase(cl: _People) -> None:
    index: dict[tuple[str, str], list[int]] = defaultdict(list)
    for i, ids in enumerate(cl.ids):  # before any union: each node's own identifiers
        for kind, values in ids.items():
            for value in values:
                index[(kind, value)].append(i)
    order = {kind: n for n, kind in enumerate(_ID_ORDER)}
    for kind, value in sorted(index, key=lambda kv: (order.get(kv[0], len(order)), kv)):
        members = index[(kind, value)]
        for other in members[1:]:
            a, b = cl.nodes[members[0]], cl.nodes[other]
            detail = f"same {kind} {value}" + ("" if a.norm == b.norm else f": {a.name!r} and {b.name!r}")
            cl.union(members[0], other, f"identifier:{kind}", _ID_SCORES.get(kind, 0.95), detail)


def _name_phase(cl: _People) -> None:
    """Same full name: merge, unless identifiers conflict; namesakes with distinct identifiers stay apart.

    Clusters with identifiers are placed first; each next cluster joins the single
    compatible one, or the one with strictly the best evidence, and otherwise stays alone
    (an ambiguous namesake). E-mails or homepages that differ (and nothing shared) need
    evidence >= 0.3; different ORCIDs, GitHub or Scholar profiles never merge.

    Placed clusters are bucketed by the identifier kinds they have and indexed by their
    context, so that a name shared by thousands of people costs no pairwise comparison.
    """
    groups: dict[str, list[tuple[int, bool]]] = defaultdict(list)
    for i, node in enumerate(cl.nodes):
        for pn in node.pnames:
            key = pn[1].full_key
            if key:
                groups[key].append((i, pn[1].raw == node.name))
    for key in sorted(groups):
        rep: dict[int, tuple[int, bool]] = {}
        for i, primary in groups[key]:
            root = cl.find(i)
            if root not in rep or (primary and not rep[root][1]):
                rep[root] = (i, primary)
        if len(rep) < 2:
            continue
        roots = sorted(rep)
        anchored = [r for r in roots if cl.has_ids(r) or cl.known(r)]
        ordered = anchored + [r for r in roots if not (cl.has_ids(r) or cl.known(r))]
        buckets: dict[frozenset, list[int]] = defaultdict(list)
        index: dict[tuple, list[int]] = defaultdict(list)

        def place(root: int) -> None:
            buckets[cl.kinds(root)].append(root)
            for feature in cl.features(root):
                index[feature].append(root)

        for r in ordered:
            r = cl.find(r)
            kinds = cl.kinds(r)
            scored: dict[int, Evidence] = {}
            for t in {cl.find(t) for f in cl.features(r) for t in index.get(f, ())}:
                if t != r and not cl.kinds_conflict(kinds, cl.kinds(t)) and cl.can_join(t, r):
                    ev = cl.evidence(t, r)
                    if ev.score > 0 and (ev.score >= THRESHOLDS["soft-conflict"] or not cl.soft_conflict(t, r)):
                        scored[t] = ev
            plain: list[int] = []
            for bucket_kinds, members in buckets.items():
                if bucket_kinds & kinds:
                    continue
                for t in dict.fromkeys(cl.find(t) for t in members):
                    if t != r and t not in scored and cl.can_join(t, r):
                        plain.append(t)
                        if len(plain) > 1:
                            break
                if len(plain) > 1:
                    break
            if scored:
                ranked = sorted(scored.items(), key=lambda c: (-c[1].score, c[0]))
                if len(ranked) > 1 and ranked[0][1].score <= ranked[1][1].score:
                    continue  # ambiguous namesake: stays a node of its own
                t, ev = ranked[0]
            elif len(plain) == 1:
                t, ev = plain[0], Evidence(0.0, (), "")
            elif plain:
                continue  # ambiguous namesake: stays a node of its own
            else:
                place(r)
                continue
            i, pi = rep[t]
            j, pj = rep[r]
            a, b = cl.nodes[i], cl.nodes[j]
            if a.norm == b.norm:
                rule, score, detail = "name", 1.0, ""
            elif pi and pj:
                rule, score, detail = "name-form", 0.95, f"{a.name!r} and {b.name!r} are the same full name"
            else:
                rule, score, detail = "alias", 0.9, f"{a.name!r} and {b.name!r} share the full name {key!r}"
            if ev.detail and rule != "name":
                detail = f"{detail}; {ev.detail}"
            cl.union(i, j, rule, score, detail)
            merged = cl.find(i)
            rep[merged] = rep[t] if rep[t][1] or not rep[r][1] else rep[r]
            if merged != t:
                place(merged)
            else:
                for feature in cl.features(r):
                    index[feature].append(merged)


def _variant_phase(cl: _People) -> None:
    """Initials, a missing middle name or swapped name order: merge only with evidence >= 0.5."""
    def block_keys(root: int) -> set[tuple]:
        keys = set()
        for _, pn in cl.pnames[root]:
            if pn.loose_key:
                keys.add(("loose", pn.loose_key))
            if pn.swap_key:
                keys.add(("swap", pn.swap_key))
        return keys

    # a block of one cluster proposes no pair: blocks are counted first and only those of two
    # or more clusters kept (a set per name key of every cluster was a fifth of the peak)
    sizes = Counter(key for root in cl.roots() for key in block_keys(root))
    blocks: dict[tuple, list[int]] = defaultdict(list)
    for root in cl.roots():
        for key in block_keys(root):
            if sizes[key] > 1:
                blocks[key].append(root)
    del sizes
    pairs: dict[tuple[int, int], tuple[str, int, int]] = {}
    named: dict[int, list] = {}  # no union until every pair is found: each root's names listed once
    for block_key in sorted(blocks, key=repr):
        roots = sorted(blocks[block_key])
        for x, y in _candidate_pairs(cl, roots):
            if (x, y) not in pairs:
                for root in (x, y):
                    if root not in named:
                        named[root] = _named(cl, root)
                found = _relation(named[x], named[y])
                if found:
                    pairs[(x, y)] = found
    candidates = []
    for (x, y), (rel, i, j) in pairs.items():
        if not cl.can_join(x, y) or cl.names_clash(x, y):
            continue
        ev = cl.evidence(x, y)
        if ev.score >= THRESHOLDS["variant"]:
            candidates.append((-ev.score, x, y, rel, i, j, ev))
    for negative, x, y, rel, i, j, ev in sorted(candidates, key=lambda c: c[:3]):
        a, b = cl.find(x), cl.find(y)
        if a == b or cl.names_clash(a, b):
            continue
        rule = f"{rel}+" + "+".join(ev.kinds)
        score = round(min(0.95, 0.5 + 0.5 * min(1.0, ev.score)), 3)
        what = {"initials": "initials agree", "middle": "one lacks a middle name",
                "swap": "the same two names in the other order"}[rel]
        detail = f"{cl.nodes[i].name!r} and {cl.nodes[j].name!r}: {what}; {ev.detail}"
        cl.union(i, j, rule, score, detail)


#: A feature (organisation, coauthor) shared by more people of one name block than this
#: is too common to propose pairs; evidence still counts it for pairs proposed otherwise.
COMMON_FEATURE = 100


def _weights(feature: tuple) -> int:
    return 2 if feature[0] == "pub" else 1


def _candidate_pairs(cl: _People, roots: list[int]):
    """Pairs of a name block that could reach the evidence threshold (0.5).

    That takes a shared publication or two shared items, so small blocks are compared
    pairwise and large ones through an index of their context.
    """
    if len(roots) <= 30:
        return [(x, y) for n, x in enumerate(roots) for y in roots[n + 1:]]
    index: dict[tuple, list[int]] = defaultdict(list)
    for root in roots:
        for feature in cl.features(root):
            index[feature].append(root)
    counts: Counter = Counter()
    for feature, members in index.items():
        if 1 < len(members) <= COMMON_FEATURE:
            for n, x in enumerate(members):
                for y in members[n + 1:]:
                    counts[(x, y) if x < y else (y, x)] += _weights(feature)
    return sorted(pair for pair, weight in counts.items() if weight >= 2)


def _relation(names_x: list, names_y: list) -> tuple[str, int, int] | None:
    """The closest variant relation between two clusters' names (see :func:`_named`), with
    the nodes that have them."""
    rank = {"initials": 0, "middle": 1, "swap": 2}
    best = None
    for i, pa in names_x:
        for j, pb in names_y:
            rel = name_relation(pa, pb)
            if rel in rank and (best is None or rank[rel] < rank[best[0]]):
                best = (rel, i, j)
    return best


def _named(cl: _People, root: int):
    out = []
    for i in cl.members[root]:
        for _, pn in cl.nodes[i].pnames:
            out.append((i, pn))
    return out


def _unnamed_phase(cl: _People) -> None:
    """An unnamed document subject joins the person it shares enough evidence with (>= 0.9)."""
    unnamed = [r for r in cl.roots() if cl.unnamed(r)]
    # only the unnamed subjects' features are looked up: the index holds those alone (every
    # cluster's, at 100,000 documents, was the resolver's peak); a subject that joins someone
    # is named from then on, so the features looked up are all known here
    wanted = {feature for u in unnamed for feature in cl.features(u)}
    index: dict[tuple, set[int]] = defaultdict(set)
    for root in cl.roots() if wanted else ():
        for feature in cl.features(root):
            if feature in wanted:
                index[feature].add(root)
    del wanted
    for u in unnamed:
        u = cl.find(u)
        if not cl.unnamed(u):
            continue
        # 0.9 takes at least a publication and one more item, or two items
        shared: Counter = Counter()
        for feature in cl.features(u):
            for t in index.get(feature, ()):
                shared[cl.find(t)] += _weights(feature)
        candidates = {t for t, weight in shared.items() if weight >= 2} - {u}
        scored = []
        for t in sorted(candidates):
            if cl.can_join(u, t):
                ev = cl.evidence(u, t)
                if ev.score >= THRESHOLDS["unnamed"]:
                    scored.append((ev, t))
        if not scored:
            continue
        scored.sort(key=lambda s: (-s[0].score, s[1]))
        ev, t = scored[0]
        if len(scored) > 1 and ev.score < scored[1][0].score + THRESHOLDS["unnamed-margin"]:
            continue  # two people fit: leave the subject unnamed
        rule = "unnamed-subject+" + "+".join(ev.kinds)
        target = min(cl.members[t])
        document = str(cl.nodes[u].document).replace("\\", "/").rsplit("/", 1)[-1]
        detail = f"the unnamed subject of {document} is {cl.nodes[target].name!r}: {ev.detail}"
        cl.union(target, u, rule, round(min(0.95, 0.5 + 0.25 * ev.score), 3), detail)


# -- entry point -----------------------------------------------------------------------------
def resolve_people(
    extractions: Sequence[Extraction],
    known: Sequence[KnownEntity],
    org_iris: Mapping[tuple[str, str], str],
    pub_iris: Mapping[tuple[str, str], str],
    org_index: Mapping[str, str],
    pub_index: Mapping[str, str],
    labels: Mapping[str, str],
    taken: set[str] | None = None,
):
    """Cluster the people of all documents; returns ``(iris, merges)``.

    ``org_iris`` / ``pub_iris`` map each document's organisations and publications to the
    IRIs already resolved; ``org_index`` / ``pub_index`` map folded names and titles to
    IRIs (for the store's known people); ``labels`` gives readable names for IRIs.
    """
    nodes: list[Node] = []
    keys_seen: dict = {}  # one tuple per coauthor key: each author's set would hold its own copy
    for ex in extractions:
        nodes.extend(_extraction_nodes(ex, org_iris, pub_iris, keys_seen))
    nodes.extend(_known_node(k, org_index, pub_index) for k in known if k.type == "Person" and k.names)
    nodes.sort(key=lambda n: n.sort_key)
    for i, node in enumerate(nodes):
        node.pnames = tuple((i, pn) for pn in node.pnames)
    cl = _People(nodes, labels)
    _identifier_phase(cl)
    _name_phase(cl)
    _variant_phase(cl)
    _unnamed_phase(cl)

    canonical = {root: _canonical(cl, root) for root in cl.roots()}

    def base_key(root: int) -> str:
        pn = canonical[root]
        if pn.unnamed:
            documents = sorted(d for d in cl.docs[root] if d)
            return f"unnamed subject {documents[0] if documents else root}"
        return pn.full_key or pn.norm or "person"

    def disambiguators(root: int):
        out = [f"{kind} {v}" for kind in HARD_IDENTIFIERS for v in sorted(cl.ids[root].get(kind, ()))]
        out += [f"{kind} {v}" for kind in ("email", "homepage") for v in sorted(cl.ids[root].get(kind, ()))]
        return out + sorted(d for d in cl.docs[root] if d)

    iris = assign_iris("person", cl, base_key, disambiguators, set() if taken is None else taken)

    def anchors(root: int) -> set[str]:
        norms = {canonical[root].norm}
        for i in cl.members[root]:
            if cl.nodes[i].known_iri:
                norms.update(normalize_name(n) for n in cl.nodes[i].names)
        return norms

    mapping = {}
    for root in cl.roots():
        for i in cl.members[root]:
            node = nodes[i]
            if node.document is not None:
                mapping[(node.document, node.entity_id)] = iris[root]
    return mapping, build_merges(cl, iris, anchors)


def _canonical(cl: _People, root: int) -> PersonName:
    """The name a person cluster is keyed by: the store's, else the most complete full name."""
    # each node's name as parsed when the node was made (the first of its names): parsing them
    # again here, all of them in one pass, missed parse_person_name's bounded cache once a
    # corpus had more distinct names than it holds (30,000 documents: 12 s of 71)
    members = [cl.nodes[i] for i in cl.members[root]]
    for node in members:
        if node.known_iri:
            return node.pnames[0][1]
    names = [n.pnames[0][1] for n in members]
    named = [pn for pn in names if not pn.unnamed] or names
    return min(named, key=lambda pn: (not pn.full, -len(pn.given), -len(pn.norm), pn.norm, pn.raw))
