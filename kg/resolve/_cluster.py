"""Union-find over mentions, deterministic IRI assignment and Merge records (resolver internals)."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable

from kg.extract.context import UNNAMED_SUBJECT, normalize_name
from kg.model import Merge
from kg.namespaces import mint_iri_text

__all__ = ["Node", "Clusters", "assign_iris", "build_merges", "fold"]

#: :func:`~kg.extract.context.normalize_name`, cached: the resolver folds the same names often.
fold = lru_cache(maxsize=262144)(normalize_name)


@dataclass(slots=True)
class Node:
    """One mention of an entity in one document, or one entity the store already knows."""

    sort_key: tuple
    document: str | None
    entity_id: str | None
    name: str
    names: tuple[str, ...]
    type: str
    known_iri: str | None = None
    year: str | None = None
    extra: dict = field(default_factory=dict)
    #: a person mention's parsed names, ``(node index, PersonName)``, and what its cluster starts
    #: from, ``(identifiers, publications, organisations, coauthor keys)`` (see kg.resolve.people):
    #: fields rather than ``extra`` entries, since a dict per mention was the largest part of the
    #: resolver's memory after the mentions themselves
    pnames: tuple | None = None
    context: tuple | None = None

    @property
    def norm(self) -> str:
        return fold(self.name)

    @property
    def unnamed(self) -> bool:
        return self.name == UNNAMED_SUBJECT


class Clusters:
    """Union-find over nodes ``0..n-1``; the root of a cluster is its smallest node.

    Nodes are sorted by their sort key before clustering, so the smallest-index root
    (and therefore every tie-break) does not depend on the order of the input.
    """

    def __init__(self, nodes: list[Node]):
        self.nodes = nodes
        self.parent = list(range(len(nodes)))
        # a node's own one-member tuple until its cluster first grows (48 bytes, a list 72)
        self.members: list[list[int] | tuple[int, ...]] = [(i,) for i in range(len(nodes))]
        # each root's known IRI, kept up to date by union(): scanning the members on every
        # can_join() made merging into a large cluster (a popular organisation) quadratic
        self._known: list[str | None] = [n.known_iri or None for n in nodes]
        self.edges: list[tuple[int, int, str, float, str]] = []

    def find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def can_join(self, a: int, b: int) -> bool:
        """Whether the clusters of roots ``a`` and ``b`` may merge (subclasses add rules)."""
        return not (self.nodes and self.known(a) and self.known(b))

    def known(self, root: int) -> str | None:
        """The IRI of the first member (in member order) that the store already knows, if any."""
        return self._known[root]

    def union(self, i: int, j: int, rule: str, score: float, detail: str = "", *, check: bool = True) -> bool:
        """Merge the clusters of nodes ``i`` and ``j``; ``False`` if already one or not allowed."""
        a, b = self.find(i), self.find(j)
        if a == b or (check and not self.can_join(a, b)):
            return False
        if b < a:
            a, b = b, a
        self.parent[b] = a
        if not isinstance(self.members[a], list):
            self.members[a] = list(self.members[a])
        self.members[a].extend(self.members[b])
        self.members[b] = ()
        self._known[a], self._known[b] = self._known[a] or self._known[b], None
        self._merged(a, b)
        self.edges.append((i, j, rule, round(score, 3), detail))
        return True

    def _merged(self, root: int, other: int) -> None:
        """Hook for subclasses keeping per-cluster state."""

    def roots(self) -> list[int]:
        return [i for i in range(len(self.nodes)) if self.parent[i] == i]


def assign_iris(
    kind: str,
    clusters: Clusters,
    base_key: Callable[[int], str],
    disambiguators: Callable[[int], Iterable[str]],
    taken: set[str],
) -> dict[int, str]:
    """The IRI of every cluster root: the known node's IRI, else ``mint_iri_text(kind, key)``.

    Two clusters with the same key (namesakes) are told apart by a disambiguator (an
    identifier, a year, a document name): the cluster whose first mention sorts first
    keeps the plain key. ``taken`` (IRIs already in use) is updated.
    """
    result: dict[int, str] = {}
    pending = []
    known_nodes = {n.known_iri: i for i, n in enumerate(clusters.nodes) if n.known_iri}
    for root in clusters.roots():
        iri = clusters.known(root)
        if iri:
            result[root] = iri
            taken.add(iri)
        else:
            pending.append((base_key(root), root))
    pending.sort()
    for key, root in pending:
        iri = mint_iri_text(kind, key)
        if iri in taken and _adopt(clusters, root, known_nodes.get(iri)):
            result[root] = iri
            continue
        if iri in taken:
            for extra in disambiguators(root):
                candidate = mint_iri_text(kind, f"{key} {extra}")
                if candidate not in taken:
                    iri = candidate
                    break
            n = 2
            while iri in taken:
                iri = mint_iri_text(kind, f"{key} {n}")
                n += 1
        taken.add(iri)
        result[root] = iri
    return result


def _adopt(clusters: Clusters, root: int, known: int | None) -> bool:
    """Take over the store's node with the same key when it came from the documents of this cluster only.

    This is a rebuilt document meeting its own earlier version: an unnamed subject or
    an abbreviated name that no evidence joined keeps the IRI it had, so rebuilding
    gives the same graph.
    """
    if known is None:
        return False
    other = clusters.find(known)
    node = clusters.nodes[known]
    if len(clusters.members[other]) != 1 or not node.extra.get("documents"):
        return False
    mine = {clusters.nodes[i].document for i in clusters.members[root] if clusters.nodes[i].document}
    names = {d.replace("\\", "/").rsplit("/", 1)[-1] for d in mine} | mine
    if not set(node.extra["documents"]) <= names or not clusters.can_join(root, other):
        return False
    return clusters.union(root, known, "same-key", 0.9,
                          f"the store's node {node.known_iri} came from the same document and has the same key")


def build_merges(clusters: Clusters, iris: dict[int, str], anchor_norms: Callable[[int], set[str]]) -> list[Merge]:
    """Merge records for every mention that joined its cluster by more than exact name identity.

    Within a cluster, mentions are grouped by normalised name; the group(s) named like
    the canonical node (``anchor_norms``) need no record. Every other group records the
    best edge that links it to the rest, preferring an edge to the anchor.
    """
    by_root: dict[int, list[tuple[int, int, str, float, str]]] = defaultdict(list)
    for edge in clusters.edges:
        by_root[clusters.find(edge[0])].append(edge)
    merges: list[Merge] = []
    nodes = clusters.nodes
    for root, edges in by_root.items():
        members = clusters.members[root]
        anchors = anchor_norms(root)

        def group_of(i: int) -> str:
            node = nodes[i]
            if node.unnamed:
                return f"\0unnamed:{i}"
            return node.norm

        groups: dict[str, list[int]] = defaultdict(list)
        for i in members:
            groups[group_of(i)].append(i)
        for norm, group in sorted(groups.items()):
            if norm in anchors:
                continue
            inside = set(group)
            crossing = [e for e in edges if (e[0] in inside) != (e[1] in inside)]
            if not crossing:
                continue

            def rank(e):
                other = e[1] if e[0] in inside else e[0]
                return (group_of(other) not in anchors, -e[3], e[0], e[1])

            _, _, rule, score, detail = min(crossing, key=rank)
            for i in sorted(group):
                node = nodes[i]
                if node.document is None:
                    continue
                merges.append(Merge(
                    document=node.document, entity_id=node.entity_id, mention=node.name,
                    iri=iris[root], rule=rule, score=score, detail=detail,
                ))
    return merges
