"""Resolving organisations, venues, projects and publications: name keys, aliases, acronyms, fuzzy titles.

>>> org_name_key("Kyoto Univ.") == org_name_key("Kyoto University")
True
>>> venue_name_key("Proceedings of the 38th ICML 2021")
'icml'
>>> acronym("Hong Kong University of Science and Technology")
'HKUST'
"""
from __future__ import annotations

import re
import sys
from collections import defaultdict
from functools import lru_cache
from typing import Callable, Sequence

from kg.extract.context import normalize_name
from kg.model import Extraction, KnownEntity
from kg.namespaces import mint_iri_text
from kg.resolve._cluster import Clusters, Node, assign_iris, build_merges, fold

__all__ = [
    "org_name_key", "venue_name_key", "title_key", "acronym", "is_acronym",
    "resolve_organizations", "resolve_venues", "resolve_projects", "resolve_publications",
]

_STOP = {"of", "the", "and", "for", "at", "in", "on", "de", "du", "la", "le", "und", "fur", "a", "an", "to"}
_LEGAL = {"inc", "ltd", "llc", "corp", "corporation", "co", "gmbh", "limited", "plc", "sa", "ag", "pte"}
_GENERIC_UNIT = re.compile(
    r"^(the\s+)?(department|dept|school|faculty|college|division|program|programme|graduate school)\b"
    r"|\b(department|dept|faculty|division)$",
    re.IGNORECASE,
)


# -- keys ------------------------------------------------------------------------------------
def _gazetteer():
    try:
        from kg.extract import gazetteer
    except ImportError:  # pragma: no cover - the gazetteer ships with kg
        return None
    return gazetteer


@lru_cache(maxsize=65536)
def org_name_key(name: str) -> str:
    """The folded key organisation names are compared by.

    Abbreviations are expanded (by :func:`kg.extract.gazetteer.org_key` when
    available), a leading "the" and legal suffixes (Inc., Ltd.) are dropped and
    "Laboratory" is spelled "lab".

    Examples
    --------
    >>> org_name_key("The FooBar Laboratory"), org_name_key("Acme Robotics, Inc.")
    ('foobar lab', 'acme robotics')
    """
    gaz = _gazetteer()
    key = gaz.org_key(name) if gaz else normalize_name(name)
    words = key.split()
    if words and words[0] == "the":
        words = words[1:]
    while len(words) > 1 and words[-1] in _LEGAL:
        words = words[:-1]
    words = ["lab" if w in ("laboratory", "laboratories", "labs") else w for w in words]
    return " ".join(words)


def is_acronym(name: str) -> bool:
    """A one-word name of 2-10 characters with at least two capitals ("USC", "PPoPP").

    >>> is_acronym("USC"), is_acronym("PPoPP"), is_acronym("Kyoto")
    (True, True, False)
    """
    name = name.strip()
    return (
        " " not in name and 2 <= len(name) <= 10
        and sum(c.isupper() for c in name) >= 2 and name[0].isalpha()
    )


def acronym(name: str) -> str:
    """The initials of the significant words of a long name ("" for one-word names)."""
    words = [w for w in re.split(r"[\s,/\-]+", name) if w and w.lower() not in _STOP and w[0].isalpha()]
    if len(words) < 2:
        return ""
    return "".join(w[0].upper() for w in words)


_ORDINAL = re.compile(r"\b\d+(st|nd|rd|th)\b")
_YEAR = re.compile(r"\b(19|20)\d{2}\b|'\d{2}\b|\b\d{2}$")
_VENUE_PREFIX = re.compile(r"^(in\s+)?(proceedings|proc)(\s+of)?(\s+the)?\s+", re.IGNORECASE)
_ORGANISERS = {"acm", "ieee", "usenix", "acm ieee", "ieee acm", "acm sigplan", "acm sigops", "acm sigmod", "vldb"}


@lru_cache(maxsize=65536)
def venue_name_key(name: str) -> str:
    """The folded key of a venue name: no year, ordinal, "Proceedings of", or organiser prefix.

    >>> venue_name_key("ACM PPoPP '21"), venue_name_key("MLSys 2022")
    ('ppopp', 'mlsys')
    """
    text = _VENUE_PREFIX.sub("", name.strip())
    text = re.sub(r"(?<=[A-Za-z])'?(\d{2}|(19|20)\d{2})$", "", text.strip())
    key = normalize_name(_YEAR.sub(" ", _ORDINAL.sub(" ", text)))
    key = re.sub(r"\b(19|20)\d{2}\b", " ", key)
    words = key.split()
    if words and words[0] == "the":
        words = words[1:]
    for size in (2, 1):
        if len(words) > size and " ".join(words[:size]) in _ORGANISERS:
            words = words[size:]
            break
    return " ".join(words) or normalize_name(name)


def title_key(title: str) -> str:
    """The folded key of a publication title.

    >>> title_key("FooNet: Fast Things.") == title_key("foonet -- fast things")
    True
    """
    return fold(title)


# -- shared helpers --------------------------------------------------------------------------
def _nodes(extractions: Sequence[Extraction], known: Sequence[KnownEntity], accept: Callable[[str], bool]) -> list[Node]:
    nodes = []
    intern = sys.intern  # see _extraction_nodes in kg.resolve.people
    for ex in extractions:
        document = intern(ex.document)
        for e in ex.entities:
            if accept(e.type):
                entity_id = intern(e.id)
                nodes.append(Node(
                    sort_key=(0, document, entity_id), document=document, entity_id=entity_id,
                    name=e.name, names=(e.name, *e.aliases), type=e.type, year=e.year,
                ))
    for k in known:
        if accept(k.type) and k.names:
            nodes.append(Node(
                sort_key=(1, k.iri, ""), document=None, entity_id=None, name=k.names[0],
                names=tuple(k.names), type=k.type, known_iri=k.iri, extra={"documents": tuple(k.documents)},
            ))
    nodes.sort(key=lambda n: n.sort_key)
    return nodes


def _union_by_keys(clusters: Clusters, keys: dict, score_of: Callable[[int, int, str], tuple[str, float, str]]) -> None:
    """Union every node with the first node sharing one of its keys (keys visited in sorted order)."""
    for key in sorted(keys, key=repr):
        members = sorted(set(keys[key]))
        first = members[0]
        for other in members[1:]:
            rule, score, detail = score_of(first, other, key)
            clusters.union(first, other, rule, score, detail)


def _best_name(names: list[str]) -> str:
    """The most complete of several names: the longest folded form, ties alphabetically."""
    return min(names, key=lambda n: (-len(fold(n)), fold(n), n))


def _result(clusters: Clusters, iris: dict[int, str], anchor: Callable[[int], set[str]]):
    mapping = {}
    for root in clusters.roots():
        for i in clusters.members[root]:
            node = clusters.nodes[i]
            if node.document is not None:
                mapping[(node.document, node.entity_id)] = iris[root]
    return mapping, build_merges(clusters, iris, anchor)


def _anchor(clusters: Clusters, canonical: dict[int, str]) -> Callable[[int], set[str]]:
    def anchors(root: int) -> set[str]:
        norms = {normalize_name(canonical[root])}
        for i in clusters.members[root]:
            node = clusters.nodes[i]
            if node.known_iri:
                norms.update(normalize_name(n) for n in node.names)
        return norms
    return anchors


# -- organisations ---------------------------------------------------------------------------
class _Directory:
    """Organisation look-ups: the gazetteer, then an optional ROR index."""

    def __init__(self, ror=None):
        self.gazetteer = _gazetteer()
        self.ror = ror
        self._cache: dict[str, tuple[str, str | None, str] | None] = {}

    def lookup(self, name: str) -> tuple[str, str | None, str] | None:
        """``(canonical name, parent name, source)`` of a known organisation, else ``None``."""
        if name not in self._cache:
            found = None
            org = self.gazetteer.lookup_organization(name) if self.gazetteer is not None else None
            if org is not None:
                found = (org.name, org.parent, "gazetteer")
            elif self.ror is not None:
                record = self.ror.lookup(name)
                if record is not None:
                    found = (record.name, record.parent, "ror")
            self._cache[name] = found
        return self._cache[name]


def _org_roots(ex: Extraction) -> dict[str, str | None]:
    """For each organisation of an extraction, the entity id at the top of its partOf chain."""
    names = {e.id: e.name for e in ex.entities}
    parents: dict[str, list[str]] = defaultdict(list)
    for r in ex.relations:
        if r.predicate == "partOf" and r.object in names and r.subject in names:
            parents[r.subject].append(r.object)
    roots: dict[str, str | None] = {}
    for eid in names:
        seen = {eid}
        current = eid
        while parents.get(current):
            options = sorted(p for p in parents[current] if p not in seen)
            if not options:
                break
            current = min(options, key=lambda p: (normalize_name(names[p]), p))
            seen.add(current)
        roots[eid] = current if current != eid else None
    return roots


def resolve_organizations(extractions, known=(), ror=None, taken=None):
    """Cluster the organisations of all documents; returns ``(iris, merges, names)``.

    ``names`` maps each organisation IRI to its canonical name. Top-level organisations
    merge by name key, alias, the gazetteer (or ROR) and unique acronyms; a unit with a
    ``partOf`` parent is keyed together with the top of its parent chain, so two
    "Department of Physics" under different universities stay two.
    """
    directory = _Directory(ror)
    nodes = _nodes(extractions, known, lambda t: t in ("University", "Company", "Lab", "Institute"))
    index = {(n.document, n.entity_id): i for i, n in enumerate(nodes) if n.document is not None}
    roots_by_doc = {ex.document: _org_roots(ex) for ex in extractions}
    root_entity: dict[int, tuple | None] = {}
    for i, node in enumerate(nodes):
        root_entity[i] = None
        if node.document is not None:
            root_id = roots_by_doc[node.document].get(node.entity_id)
            if root_id is not None:
                root_entity[i] = ("node", index[(node.document, root_id)])
        found = directory.lookup(node.name)
        node.extra["canonical"] = found[0] if found else None
        node.extra["source"] = found[2] if found else None
        if root_entity[i] is None and found and found[1]:
            root_entity[i] = ("name", found[1])
    clusters = Clusters(nodes)

    def keys_of(i: int) -> list[tuple[str, str]]:
        node = nodes[i]
        out = [("name" if n == node.name else "alias", org_name_key(n)) for n in node.names]
        if node.extra["canonical"]:
            out.append((node.extra["source"], org_name_key(node.extra["canonical"])))
        return [(kind, key) for kind, key in out if key]

    def edge(kinds: dict[int, str]):
        def score_of(a: int, b: int, key) -> tuple[str, float, str]:
            na, nb = nodes[a], nodes[b]
            if na.norm == nb.norm:
                return "name", 1.0, ""
            kind = {kinds.get((a, key)), kinds.get((b, key))}
            for rule, score in (("gazetteer", 0.95), ("ror", 0.95), ("alias", 0.9)):
                if rule in kind:
                    shared = key[1] if key[0] == "unit" else key[-1]
                    return rule, score, f"{na.name!r} and {nb.name!r} share the name {shared!r} ({rule})"
            return "name-form", 0.95, f"{na.name!r} and {nb.name!r} are the same name written differently"
        return score_of

    # phase 1: top-level organisations (and parentless units)
    top: dict = defaultdict(list)
    kinds: dict = {}
    for i, node in enumerate(nodes):
        if root_entity[i] is not None:
            continue
        generic = bool(_GENERIC_UNIT.search(node.name)) and not node.extra["canonical"]
        for kind, key in keys_of(i):
            # a generic unit name without a parent never merges by name across documents
            k = ("doc", node.document or node.known_iri, key) if generic else ("top", key)
            top[k].append(i)
            kinds.setdefault((i, k), kind)
    _union_by_keys(clusters, top, edge(kinds))
    _acronyms(clusters, [i for i in range(len(nodes)) if root_entity[i] is None])

    # phase 2: units, keyed with the cluster of the top of their parent chain
    top_index = {key[1]: i for key, members in top.items() if key[0] == "top" for i in members[:1]}

    def root_cluster(i: int):
        ref = root_entity[i]
        if ref is None:
            return None
        if ref[0] == "node":
            return ("c", clusters.find(ref[1]))
        key = org_name_key(ref[1])
        return ("c", clusters.find(top_index[key])) if key in top_index else ("k", key)

    units: dict = defaultdict(list)
    unit_kinds: dict = {}
    unit_root: dict[int, tuple] = {}
    for i in range(len(nodes)):
        parent = root_cluster(i)
        if parent is None:
            continue
        unit_root[i] = parent
        for kind, key in keys_of(i):
            units[("unit", key, parent)].append(i)
            unit_kinds.setdefault((i, ("unit", key, parent)), kind)
    _union_by_keys(clusters, units, edge(unit_kinds))

    # phase 3: a parentless unit joins the one unit cluster of the same name
    parents_used = {ref[1] for ref in unit_root.values() if ref[0] == "c"}
    by_unit_name: dict[str, set[int]] = defaultdict(set)
    for (_, key, _parent), members in units.items():
        by_unit_name[key].add(clusters.find(members[0]))
    for (scope, *rest), members in sorted(top.items(), key=repr):
        if scope != "top":
            continue
        key = rest[0]
        targets = {clusters.find(t) for t in by_unit_name.get(key, ())}
        for i in members:
            if len(targets) == 1 and clusters.find(i) not in parents_used:
                target = next(iter(targets))
                clusters.union(target, i, "unit-parent", 0.85,
                               f"{nodes[i].name!r} has no parent in {nodes[i].document or 'the store'}; "
                               "the only organisation of that name is a unit")

    # a store node whose IRI is exactly the key of a new unit cluster is that unit
    known_singletons = {nodes[i].known_iri: i for i in range(len(nodes))
                        if nodes[i].known_iri and len(clusters.members[clusters.find(i)]) == 1}
    canonical = _org_canonical(clusters, unit_root)
    cluster_unit_root = {}
    for i, parent in unit_root.items():
        cluster_unit_root.setdefault(clusters.find(i), parent)
    for root in sorted(cluster_unit_root):
        if clusters.find(root) == root and not clusters.known(root):
            names = sorted({n for i in clusters.members[root] for n in nodes[i].names},
                           key=lambda n: (n != canonical[root], n))
            for name in names:
                iri = mint_iri_text("org", _org_base_key(clusters, root, canonical, cluster_unit_root, name=name))
                if iri in known_singletons:
                    clusters.union(root, known_singletons.pop(iri), "unit-key", 0.9,
                                   f"the store's node {iri} has the key of {name!r} and its parent")
                    break

    # canonical names and IRIs
    canonical = _org_canonical(clusters, unit_root)
    cluster_unit_root = {}
    for i, parent in unit_root.items():
        cluster_unit_root.setdefault(clusters.find(i), parent)

    def disambiguators(root: int):
        return sorted({n.document for n in (nodes[i] for i in clusters.members[root]) if n.document})

    taken = set() if taken is None else taken
    iris = assign_iris(
        "org", clusters, lambda r: _org_base_key(clusters, r, canonical, cluster_unit_root), disambiguators, taken
    )
    mapping, merges = _result(clusters, iris, _anchor(clusters, canonical))
    names = {iris[root]: canonical[root] for root in clusters.roots()}
    return mapping, merges, names


def _org_canonical(clusters: Clusters, unit_root: dict) -> dict[int, str]:
    """The canonical name of each cluster: the store's name, the gazetteer's, else the most complete.

    In a unit's cluster, the names written together with a parent are preferred.
    """
    canonical: dict[int, str] = {}
    for root in clusters.roots():
        members = [clusters.nodes[i] for i in clusters.members[root] if i in unit_root] or [
            clusters.nodes[i] for i in clusters.members[root]]
        members += [clusters.nodes[i] for i in clusters.members[root] if clusters.nodes[i].known_iri]
        known_names = [n.name for n in members if n.known_iri]
        gaz = sorted({n.extra["canonical"] for n in members if n.extra["canonical"]})
        canonical[root] = known_names[0] if known_names else gaz[0] if gaz else _best_name([n.name for n in members])
    return canonical


def _org_base_key(
    clusters: Clusters, root: int, canonical: dict[int, str], unit_root: dict, depth: int = 0, name: str | None = None
) -> str:
    """The IRI key of an organisation cluster (under ``name``, default its canonical name).

    A unit's key carries the key of the top of its parent chain.
    """
    name = canonical[root] if name is None else name
    key = org_name_key(name) or normalize_name(name)
    parent = unit_root.get(root)
    if parent is not None and depth < 5:
        if parent[0] == "c":
            parent_key = _org_base_key(clusters, clusters.find(parent[1]), canonical, unit_root, depth + 1)
        else:
            parent_key = parent[1]
        return f"{key} {parent_key}"
    first = clusters.nodes[root]
    if _GENERIC_UNIT.search(first.name) and first.document and not first.extra["canonical"]:
        return f"{key} {first.document}"
    return key


def _acronyms(clusters: Clusters, candidates: list[int]) -> None:
    """Join a cluster known only by an acronym to the one cluster whose long name it abbreviates."""
    nodes = clusters.nodes
    roots = sorted({clusters.find(i) for i in candidates})
    long_by_acronym: dict[str, set[int]] = defaultdict(set)
    short_only: list[tuple[int, list[str]]] = []
    for root in roots:
        names = {n for i in clusters.members[root] for n in nodes[i].names}
        shorts = sorted(n for n in names if is_acronym(n))
        longs = [n for n in names if not is_acronym(n)]
        for n in longs:
            a = acronym(n)
            if len(a) >= 2:
                long_by_acronym[a].add(root)
        if shorts and not longs:
            short_only.append((root, shorts))
    for root, shorts in short_only:
        for short in shorts:
            letters = "".join(c for c in short if c.isalpha()).upper()
            targets = long_by_acronym.get(letters, set())
            if len(targets) == 1:
                target = next(iter(targets))
                long_name = next(n for i in clusters.members[target] for n in nodes[i].names if acronym(n) == letters)
                clusters.union(target, root, "acronym", 0.75, f"{short!r} is the acronym of {long_name!r}")
                break


# -- venues ----------------------------------------------------------------------------------
_PAREN = re.compile(r"^(?P<long>.+?)\s*\((?P<short>[^()]+)\)\s*$")


def _venue_names(node: Node) -> list[str]:
    out = []
    for n in node.names:
        out.append(n)
        m = _PAREN.match(n)
        if m:
            out += [m.group("long"), m.group("short")]
    return out


def _known_venue(name: str):
    """The venue list's entry for a name (``kg.extract.venues``), trying it without its year too."""
    try:
        from kg.extract.venues import lookup_venue
    except ImportError:  # pragma: no cover - the venue list ships with kg
        return None
    found = lookup_venue(name)
    if found is None:
        bare = _VENUE_PREFIX.sub("", re.sub(r"\s*'?((19|20)\d{2}|\d{2})$", "", name.strip()))
        found = lookup_venue(bare) if bare and bare != name else None
    return found


def resolve_venues(extractions, known=(), taken=None):
    """Cluster venues by short and long name (aliases, "Long Name (ACR)" forms, unique acronyms).

    The year of an edition belongs to the publication, so "ICML 2021" is ICML.
    """
    nodes = _nodes(extractions, known, lambda t: t == "Venue")
    clusters = Clusters(nodes)
    keys: dict = defaultdict(list)
    for i, node in enumerate(nodes):
        listed = _known_venue(node.name)
        node.extra["listed"] = listed.display if listed else None
        for n in _venue_names(node) + ([listed.short] if listed else []):
            key = venue_name_key(n)
            if key:
                keys[key].append(i)

    def score_of(a, b, key):
        na, nb = nodes[a], nodes[b]
        if na.norm == nb.norm:
            return "name", 1.0, ""
        if na.extra["listed"] and na.extra["listed"] == nb.extra["listed"]:
            return "venue-list", 0.95, f"{na.name!r} and {nb.name!r} are both {na.extra['listed']!r} (known venues)"
        if venue_name_key(na.name) == venue_name_key(nb.name):
            return "name-form", 0.95, f"{na.name!r} and {nb.name!r} name the same venue (year and prefixes ignored)"
        return "alias", 0.9, f"{na.name!r} and {nb.name!r} share the name {key!r}"

    _union_by_keys(clusters, keys, score_of)
    _acronyms(clusters, list(range(len(nodes))))
    canonical = {}
    for root in clusters.roots():
        members = [nodes[i] for i in clusters.members[root]]
        known_names = [n.name for n in members if n.known_iri]
        shorts = sorted({n for m in members for n in _venue_names(m) if is_acronym(n)},
                        key=lambda n: (-sum(1 for m in members if m.name == n), len(n), n))
        listed = sorted({m.extra["listed"] for m in members if m.extra["listed"]})
        canonical[root] = known_names[0] if known_names else listed[0] if listed else (
            re.sub(r"\s*'?\d{2,4}$", "", shorts[0]) if shorts else _best_name([m.name for m in members]))
    taken = set() if taken is None else taken
    iris = assign_iris("venue", clusters, lambda r: venue_name_key(canonical[r]), lambda r: (), taken)
    mapping, merges = _result(clusters, iris, _anchor(clusters, canonical))
    return mapping, merges, {iris[r]: canonical[r] for r in clusters.roots()}


# -- projects --------------------------------------------------------------------------------
def _project_key(name: str) -> str:
    key = normalize_name(name)
    return key[4:] if key.startswith("the ") else key


def _nodes_by_key(nodes, key_of) -> dict[str, list[int]]:
    """The indexes of the nodes each non-empty key of their names points to (the blocks to compare)."""
    keys: dict[str, list[int]] = defaultdict(list)
    for i, node in enumerate(nodes):
        for name in node.names:
            key = key_of(name)
            if key:
                keys[key].append(i)
    return keys


def resolve_projects(extractions, known=(), taken=None):
    """Cluster projects by normalised name and alias."""
    nodes = _nodes(extractions, known, lambda t: t == "Project")
    clusters = Clusters(nodes)
    keys = _nodes_by_key(nodes, _project_key)

    def score_of(a, b, key):
        na, nb = nodes[a], nodes[b]
        if na.norm == nb.norm:
            return "name", 1.0, ""
        return "alias", 0.9, f"{na.name!r} and {nb.name!r} share the name {key!r}"

    _union_by_keys(clusters, keys, score_of)
    canonical = {}
    for root in clusters.roots():
        members = [nodes[i] for i in clusters.members[root]]
        known_names = [n.name for n in members if n.known_iri]
        counts = defaultdict(int)
        for m in members:
            counts[m.name] += 1
        canonical[root] = known_names[0] if known_names else min(counts, key=lambda n: (-counts[n], -len(n), n))
    taken = set() if taken is None else taken
    iris = assign_iris("project", clusters, lambda r: _project_key(canonical[r]) or canonical[r], lambda r: (), taken)
    mapping, merges = _result(clusters, iris, _anchor(clusters, canonical))
    return mapping, merges, {iris[r]: canonical[r] for r in clusters.roots()}


# -- publications ----------------------------------------------------------------------------
def _year(value) -> int | None:
    m = re.search(r"(19|20)\d{2}", str(value or ""))
    return int(m.group(0)) if m else None


class _PublicationClusters(Clusters):
    def __init__(self, nodes):
        super().__init__(nodes)
        self.years = [{y} if (y := _year(n.year)) else set() for n in nodes]

    def can_join(self, a, b):
        years = self.years[a] | self.years[b]
        return super().can_join(a, b) and (not years or max(years) - min(years) <= 1)

    def _merged(self, root, other):
        self.years[root] |= self.years[other]
        self.years[other] = set()


TITLE_THRESHOLD = 95
#: Titles of lengths further apart than this factor cannot reach TITLE_THRESHOLD: fuzz.ratio is
#: at most 100 * (1 - |la - lb| / (la + lb)), under 94.99 once the longer is 1.1055 times the
#: shorter.
TITLE_LENGTH_BAND = 1.12


def _length_bands(titles: list[str]) -> list[list[str]]:
    """``titles`` by length, cut where a title is longer than TITLE_LENGTH_BAND times the first
    of its band: a title can only match titles of its own band and of the next one.

    >>> _length_bands(["a" * 10, "b" * 30, "c" * 11, "d" * 12])
    [['aaaaaaaaaa', 'ccccccccccc'], ['dddddddddddd'], ['bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb']]
    """
    ordered = sorted(titles, key=len)
    bands, start = [], 0
    for n, title in enumerate(ordered):
        if len(title) > len(ordered[start]) * TITLE_LENGTH_BAND:
            bands.append(ordered[start:n])
            start = n
    return [*bands, ordered[start:]]


def resolve_publications(extractions, known=(), taken=None):
    """Cluster publications: the same title (folded, or fuzzy ratio >= 95) with compatible years.

    Years are compatible when missing or at most one apart (preprint and proceedings).
    Fuzzy comparison is blocked by the first two and by the last two words of the title
    (a typo in both ends of a title is missed).
    """
    import numpy
    from rapidfuzz import fuzz, process

    nodes = _nodes(extractions, known, lambda t: t == "Publication")
    clusters = _PublicationClusters(nodes)
    keys = _nodes_by_key(nodes, title_key)

    def score_of(a, b, key):
        na, nb = nodes[a], nodes[b]
        if na.norm == nb.norm:
            return "title", 1.0, ""
        return "title-form", 0.97, f"{na.name!r} and {nb.name!r} are the same title written differently"

    _union_by_keys(clusters, keys, score_of)
    distinct = sorted(keys)
    blocks: dict[tuple[str, str], list[str]] = defaultdict(list)
    for key in distinct:
        words = key.split()
        if len(words) >= 3:
            blocks[("first", " ".join(words[:2]))].append(key)
            blocks[("last", " ".join(words[-2:]))].append(key)
    candidates = set()
    for block in blocks.values():
        if len(block) < 2:
            continue
        # Blocks grow with the corpus (titles share their first words): their pairs are compared
        # in C++ (all at once), and only between titles of compatible lengths (see
        # _length_bands); the scores kept are recomputed exactly, the float32 matrix only
        # filters (with a margin below the threshold for its rounding).
        bands = _length_bands(block)
        for band, following in zip(bands, [*bands[1:], []]):
            columns = band + following
            close = process.cdist(band, columns, scorer=fuzz.ratio, score_cutoff=TITLE_THRESHOLD - 0.01,
                                  dtype=numpy.float32)
            for i, j in zip(*numpy.nonzero(close)):
                if j <= i:  # a pair within the band is compared once
                    continue
                a, b = sorted((band[i], columns[j]))
                score = fuzz.ratio(a, b)
                if score >= TITLE_THRESHOLD:
                    candidates.add((-score, a, b))
    for negative, a, b in sorted(candidates):
        clusters.union(keys[a][0], keys[b][0], "title-fuzzy", round(-negative / 100, 3),
                       f"titles {a!r} and {b!r} match {-negative:.0f}%")
    canonical = {}
    for root in clusters.roots():
        members = [nodes[i] for i in clusters.members[root]]
        known_names = [n.name for n in members if n.known_iri]
        canonical[root] = known_names[0] if known_names else _best_name([m.name for m in members])

    def disambiguators(root):
        years = sorted(clusters.years[root])
        return [str(years[0])] if years else []

    taken = set() if taken is None else taken
    iris = assign_iris("publication", clusters, lambda r: title_key(canonical[r]) or canonical[r], disambiguators, taken)
    mapping, merges = _result(clusters, iris, _anchor(clusters, canonical))
    return mapping, merges, {iris[r]: canonical[r] for r in clusters.roots()}
