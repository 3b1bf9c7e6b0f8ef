"""Benchmark the resolver: N generated person mentions (default 10,000) resolved in one call.

Each generated document has a subject and coauthors drawn from a shared pool of people;
mentions use full names, "Last, First" forms and initials, some carry e-mails or ORCIDs,
some documents have no named subject, and papers and organisations are shared, so every
phase of the resolver (identifiers, names, initials with evidence, unnamed subjects) runs.

Usage::

    python bench/resolve.py [--mentions 10000] [--seed 7] [--repeat 3]

It prints the best wall-clock time and the number of nodes and merges. The target is
< 5 s for 10,000 mentions.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kg.extract.context import UNNAMED_SUBJECT  # noqa: E402
from kg.model import Entity, Extraction, Relation  # noqa: E402
from kg.resolve import resolve  # noqa: E402

_SYLLABLES = ["ka", "lo", "mi", "ren", "tas", "vo", "zel", "bri", "dun", "fa", "gor", "hal", "is", "jun", "quo", "sar"]


def _word(rng: random.Random, parts: int) -> str:
    return "".join(rng.choice(_SYLLABLES) for _ in range(parts)).capitalize()


def generate(mentions: int = 10_000, seed: int = 7, per_document: int = 10) -> list[Extraction]:
    """Generated extractions holding about ``mentions`` person mentions in all."""
    rng = random.Random(seed)
    people = [(_word(rng, 2), _word(rng, rng.choice((2, 3)))) for _ in range(max(50, mentions // 4))]
    orgs = [f"University of {_word(rng, 3)}" for _ in range(200)]
    titles = [" ".join(_word(rng, 2) for _ in range(6)) for _ in range(mentions // 3)]
    extractions = []
    for d in range(max(1, mentions // per_document)):
        entities: list[Entity] = []
        relations: list[Relation] = []

        def add(name, type_, **kw):
            entities.append(Entity(f"e{len(entities) + 1}", name, type_, **kw))
            return entities[-1].id

        first, last = rng.choice(people)
        subject_name = UNNAMED_SUBJECT if rng.random() < 0.05 else rng.choice(
            [f"{first} {last}", f"{last}, {first}"])
        ids = (("email", f"{first}.{last}@example.org".lower()),) if rng.random() < 0.3 else ()
        subject = add(subject_name, "Person", identifiers=ids)
        org = add(rng.choice(orgs), "University")
        start = rng.randint(2000, 2020)
        relations.append(Relation(subject, "workedAt", org, start=str(start), end=str(start + 4)))
        seen = {(first, last)}
        for _ in range(per_document - 1):
            f2, l2 = rng.choice(people)
            if (f2, l2) in seen:
                continue
            seen.add((f2, l2))
            name = f"{f2[0]}. {l2}" if rng.random() < 0.3 else f"{f2} {l2}"
            other = add(name, "Person")
            paper = add(rng.choice(titles), "Publication", year=str(rng.randint(2010, 2024)))
            relations += [Relation(subject, "authored", paper), Relation(other, "authored", paper),
                          Relation(subject, "coauthored", other)]
        extractions.append(Extraction(f"doc{d:05d}.txt", subject, tuple(entities), tuple(relations)))
    return extractions


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mentions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    extractions = generate(args.mentions, args.seed)
    count = sum(1 for ex in extractions for e in ex.entities if e.type == "Person")
    best = cpu = float("inf")
    for _ in range(args.repeat):
        started, started_cpu = time.perf_counter(), time.process_time()
        resolution = resolve(extractions)
        best = min(best, time.perf_counter() - started)
        cpu = min(cpu, time.process_time() - started_cpu)
    people = {iri for (doc, eid), iri in resolution.iris.items() if "/person/" in iri}
    print(f"resolved {count} person mentions ({len(resolution.iris)} entities in {len(extractions)} documents) "
          f"into {len(people)} people with {len(resolution.merges)} merge records in {best:.2f} s "
          f"(CPU {cpu:.2f} s; best of {args.repeat})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
