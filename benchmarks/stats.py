"""The interval arithmetic the bot-strength benchmarks share (95% confidence)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964


def wilson(losses: int, n: int) -> tuple[float, float]:
    """95% Wilson interval for a proportion."""
    p = losses / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return centre - half, centre + half


def paired(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """Mean of (a - b) over the same seeds, and its 95% half-width."""
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)
