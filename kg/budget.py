"""What extracting one document may cost (:class:`Budget`; :mod:`kg.pipeline` enforces it).

A module of its own so that the command line shows the defaults in ``kg build --help`` without
importing the pipeline (and its process pool) on every ``kg`` command.
"""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Budget"]


@dataclass(frozen=True)
class Budget:
    """What extracting one document may cost: CPU seconds, and memory (MB) beyond what its
    extraction process holds before it starts. A document over either is reported and skipped.

    >>> Budget().seconds, Budget(megabytes=512).megabytes
    (60.0, 512)
    """

    seconds: float = 60.0
    megabytes: int = 2048
