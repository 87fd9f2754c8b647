"""Illustrative values for a chart whose intent gives none (only with allow_generated_data).

Deterministic: the values are seeded from the intent text, so the same intent always draws
the same chart, and the chart itself says the data is illustrative.
"""

from __future__ import annotations

import hashlib
import re

from .calendar import MONTHS, WEEKDAYS, expand_ranges
from .reading_model import ReadData, SeriesData


def _seeded_values(intent: str, count: int, low: int = 20, high: int = 100) -> list[int]:
    digest = b""
    counter = 0
    while len(digest) < count * 2:
        digest += hashlib.sha256(f"{counter}:{intent}".encode()).digest()
        counter += 1
    return [low + int.from_bytes(digest[2 * i:2 * i + 2], "big") % (high - low + 1) for i in range(count)]


def _labels_named_in(intent: str) -> list[str] | None:
    ranges = expand_ranges(intent)
    if ranges:
        return ranges[0]
    listed = re.search(r"\b(?:for|across|between|by|of)\s+((?:[A-Z][\w&'-]*(?:\s[A-Z][\w&'-]*)?,\s*)+"
                       r"(?:and\s+|&\s+)?[A-Z][\w&'-]*(?:\s[A-Z][\w&'-]*)?)", intent)
    if listed:
        names = [n.strip() for n in re.split(r",|\band\b|&", listed.group(1)) if n.strip()]
        if len(names) >= 2:
            return names
    return None


def illustrative_data(intent: str, pairs: bool) -> ReadData:
    """Plausible-looking, clearly illustrative values with labels the intent suggests."""
    if pairs:
        xs = _seeded_values(intent + "|x", 12, 10, 100)
        ys = _seeded_values(intent + "|y", 12, 10, 100)
        return ReadData([SeriesData(None, list(zip(xs, ys, strict=True)))], pairs=True, source="generated")
    lowered = intent.lower()
    labels = _labels_named_in(intent)
    if labels is None:
        if re.search(r"\bmonth(?:s|ly)?\b", lowered):
            labels = [m[:3].capitalize() for m in MONTHS[:6]]
        elif re.search(r"\b(?:week(?:s|ly)?|weekdays?|days?|daily)\b", lowered):
            labels = [d[:3].capitalize() for d in WEEKDAYS]
        elif re.search(r"\bquarter(?:s|ly)?\b", lowered):
            labels = ["Q1", "Q2", "Q3", "Q4"]
        elif re.search(r"\b(?:years?|yearly|annual(?:ly)?)\b", lowered):
            labels = ["2021", "2022", "2023", "2024", "2025"]
        else:
            labels = [f"Category {letter}" for letter in "ABCDE"]
    values = _seeded_values(intent, len(labels))
    return ReadData([SeriesData(None, list(zip(labels, values, strict=True)))], source="generated")
