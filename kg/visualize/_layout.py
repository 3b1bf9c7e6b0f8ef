"""Node positions computed before drawing, in bounded time (a numpy force layout)."""
from __future__ import annotations

import math

__all__ = ["layout"]

EXACT_MAX = 700        # up to this many nodes in a component, repulsion is computed pair by pair
GRID_CELLS = 16        # above it, nodes are repelled by the centres of mass of a 16 x 16 grid
NEAR = 12              # grid mode: each node is also repelled exactly by up to 12 cell-mates each side
WORK = 2.5e7           # pair interactions per component and layout: bounds the time spent
WORK_GRID = 1e8        # the same for the grid approximation, whose interactions are cheaper
REPULSION = 2.0        # ForceAtlas2's scaling ratio
GRAVITY = 1.0          # pull to the centre per unit of mass
SPACING_QUANTILE = 0.2  # 80% of nodes have their nearest neighbour at least one unit away
UNIT_PX = 30.0         # pixels per unit at least: nodes are 16-60 px wide
SCREEN_PX2 = 600_000   # about the area of the drawing on a laptop screen, in px^2


def layout(n: int, edges: list[tuple[int, int]], *, seed: int = 7) -> list[tuple[float, float]]:
    """Place ``n`` nodes in the plane so that linked nodes sit near each other.

    A force layout per connected component, ForceAtlas2-like (linear attraction, repulsion
    weighted by degree so a hub's leaves spread around it), with exact repulsion for small
    components and repulsion by a grid's centres of mass for large ones, and a number of
    iterations chosen from the component's size so the time spent is bounded. Each component
    is scaled so that nodes rarely overlap, and the components are packed in rows, largest
    first. Deterministic for a given input and seed.

    Parameters
    ----------
    n : int
        Number of nodes, numbered ``0 .. n-1``.
    edges : list of (int, int)
        Undirected links between node numbers; duplicates and self-loops are ignored.
    seed : int
        Seed of the random initial positions.

    Returns
    -------
    list of (float, float)
        Pixel coordinates for vis-network, one pair per node.

    Examples
    --------
    >>> pos = layout(3, [(0, 1), (1, 2)])
    >>> len(pos), all(isinstance(x, float) for p in pos for x in p)
    (3, True)
    >>> layout(3, [(0, 1), (1, 2)]) == pos
    True
    """
    import numpy as np

    if n == 0:
        return []
    rng = np.random.default_rng(seed)
    # small drawings get room for their labels (the page zooms out to fit, never in past 1:1)
    unit_px = min(110.0, max(UNIT_PX, 0.7 * math.sqrt(SCREEN_PX2 / n)))
    parent = list(range(n))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    pairs = {(min(a, b), max(a, b)) for a, b in edges if a != b}
    for a, b in pairs:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    members: dict[int, list[int]] = {}
    for node in range(n):
        members.setdefault(find(node), []).append(node)
    comp_edges: dict[int, list[tuple[int, int]]] = {}
    for a, b in sorted(pairs):
        comp_edges.setdefault(find(a), []).append((a, b))

    pieces = []  # (nodes, positions with the bounding box starting at 0,0, width, height)
    for root, nodes in sorted(members.items(), key=lambda kv: (-len(kv[1]), kv[1][0])):
        index = {node: i for i, node in enumerate(nodes)}
        local = np.array([(index[a], index[b]) for a, b in comp_edges.get(root, [])], dtype=np.int64)
        pos = _component(len(nodes), local.reshape(-1, 2), rng) * unit_px
        pos -= pos.min(axis=0) if len(nodes) else 0
        pieces.append((nodes, pos, *(pos.max(axis=0) if len(nodes) else (0.0, 0.0))))
    out = np.zeros((n, 2))
    _pack(pieces, out)
    return [(round(float(x), 1), round(float(y), 1)) for x, y in out]


def _component(n, edges, rng):
    """Positions of one connected component (ForceAtlas2-like forces), in edge-length units.

    Attraction grows linearly with distance; repulsion between two nodes is the product of
    their "masses" (degree + 1) over their distance, so hubs push each other apart and their
    leaves spread in a ring around them instead of piling up.
    """
    import numpy as np

    if n == 1:
        return np.zeros((1, 2))
    if n == 2:
        return np.array([[0.0, 0.0], [1.0, 0.0]])
    u, v = edges[:, 0], edges[:, 1]
    mass = np.sqrt(1.0 + np.bincount(u, minlength=n) + np.bincount(v, minlength=n))
    pos = rng.uniform(-1.0, 1.0, (n, 2)) * math.sqrt(n) * 2.0
    exact = n <= EXACT_MAX
    cost = WORK / (n * n) if exact else WORK_GRID / (n * GRID_CELLS * GRID_CELLS)
    iterations = int(max(30, min(150 if exact else 60, cost, 20 + 2 * n)))  # tiny parts settle fast
    temperature = math.sqrt(n) * 1.0
    cooling = (0.05 / temperature) ** (1.0 / iterations) if temperature > 0.05 else 1.0
    for _ in range(iterations):
        disp = (_repulsion_exact(pos, mass) if exact else _repulsion_grid(pos, mass)) * REPULSION
        delta = pos[u] - pos[v]
        for axis in (0, 1):
            disp[:, axis] -= np.bincount(u, weights=delta[:, axis], minlength=n)
            disp[:, axis] += np.bincount(v, weights=delta[:, axis], minlength=n)
        # gravity: a pull to the centre, as strong as the node is heavy, keeps parts together
        norm = np.sqrt((pos * pos).sum(axis=1)) + 1e-9
        disp -= pos * (GRAVITY * mass / norm)[:, None]
        # each node moves at most ``temperature``, scaled down for heavy nodes (hubs move slowly)
        length = np.sqrt((disp * disp).sum(axis=1)) + 1e-9
        step = np.minimum(length, temperature * 3.0 / np.sqrt(mass))
        pos += disp * (step / length)[:, None]
        temperature *= cooling
    # scale so that most nodes have their nearest neighbour at least a unit away: the nodes
    # (drawn about half a unit wide) then overlap little, whatever the forces did
    sample = pos[rng.choice(n, size=min(n, 400), replace=False)]
    d2 = ((sample[:, None, :] - pos[None, :, :]) ** 2).sum(axis=2)
    d2[d2 == 0] = np.inf
    nearest = np.sqrt(d2.min(axis=1))
    return pos / max(float(np.quantile(nearest, SPACING_QUANTILE)), 1e-6)


def _repulsion_exact(pos, mass):
    import numpy as np

    x, y = pos[:, 0], pos[:, 1]
    dx = x[:, None] - x[None, :]
    dy = y[:, None] - y[None, :]
    inv = mass[None, :] / (dx * dx + dy * dy + 1e-4)  # m_i m_j / |d| along d
    return np.stack([(dx * inv).sum(axis=1), (dy * inv).sum(axis=1)], axis=1) * mass[:, None]


def _repulsion_grid(pos, mass_of):
    """Repulsion by the centres of mass of the occupied cells of a grid (softened nearby)."""
    import numpy as np

    lo = pos.min(axis=0)
    span = max(float((pos.max(axis=0) - lo).max()), 1e-9)
    size = span / GRID_CELLS
    cell = np.minimum(((pos - lo) / size).astype(np.int64), GRID_CELLS - 1)
    flat = cell[:, 0] * GRID_CELLS + cell[:, 1]
    mass = np.bincount(flat, weights=mass_of, minlength=GRID_CELLS * GRID_CELLS)
    used = np.nonzero(mass)[0]
    mass = mass[used]
    centre = np.stack(
        [np.bincount(flat, weights=pos[:, axis] * mass_of, minlength=GRID_CELLS * GRID_CELLS)[used] / mass
         for axis in (0, 1)], axis=1)
    dx = pos[:, 0, None] - centre[None, :, 0]
    dy = pos[:, 1, None] - centre[None, :, 1]
    weight = mass / (dx * dx + dy * dy + (0.25 * size) ** 2 + 1e-4)
    disp = np.stack([(dx * weight).sum(axis=1), (dy * weight).sum(axis=1)], axis=1) * mass_of[:, None]
    # near field: exact repulsion between nodes of the same cell (up to NEAR neighbours in
    # cell order), so that leaves of one hub do not pile up on one spot
    order = np.argsort(flat, kind="stable")
    for step in range(1, NEAR + 1):
        a, b = order[:-step], order[step:]
        same = flat[a] == flat[b]
        a, b = a[same], b[same]
        if not len(a):
            break
        delta = pos[a] - pos[b]
        push = delta * (mass_of[a] * mass_of[b] / ((delta * delta).sum(axis=1) + 1e-4))[:, None]
        for axis in (0, 1):
            disp[:, axis] += np.bincount(a, weights=push[:, axis], minlength=len(pos))
            disp[:, axis] -= np.bincount(b, weights=push[:, axis], minlength=len(pos))
    return disp


def _pack(pieces, out):
    """Shelf-pack the components' boxes in rows about as wide as the largest is tall."""
    gap = 3 * UNIT_PX
    total = sum((w + gap) * (h + gap) for _, _, w, h in pieces)
    row_width = max(math.sqrt(total) * 1.4, pieces[0][2] + gap)
    x = y = row_height = 0.0
    for nodes, pos, w, h in pieces:
        if x > 0 and x + w > row_width:
            x, y, row_height = 0.0, y + row_height + gap, 0.0
        out[nodes] = pos + (x, y)
        x += w + gap
        row_height = max(row_height, h)
