"""x/y pairs with their coordinates named on every pair: "x=0 y=1, x=1 y=2.7" or, with other one-letter
names, "t=0 d=0, t=1 d=4.9". Shared by the drafter (lists.py) and the check (faithful_placement.py)."""

from __future__ import annotations

import re

_COORDINATE = r"[-−]?[$€£¥]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[kKMB]|bn)?%?"
NAMED_PAIR_RE = re.compile(rf"(?<![\w.])(?P<xn>[A-Za-z])\s*[=:]\s*(?P<x>{_COORDINATE})\s*[,;/]?\s*"
                           rf"(?P<yn>[A-Za-z])\s*[=:]\s*(?P<y>{_COORDINATE})(?![\d.])")


def named_pairs(text: str) -> tuple[tuple[str, str], list[re.Match[str]]] | None:
    """((x's name, y's name), the pairs) when two or more pairs name their coordinates, the same two
    names on each (x and y, or any two one-letter names: "t=0 d=0"); None otherwise."""
    matches = list(NAMED_PAIR_RE.finditer(text))
    by_names: dict[tuple[str, str], list[re.Match[str]]] = {}
    for match in matches:
        by_names.setdefault((match.group("xn").lower(), match.group("yn").lower()), []).append(match)
    if len(by_names.get(("x", "y"), [])) >= 2:
        return ("x", "y"), by_names[("x", "y")]
    if len(by_names) != 1:
        return None
    (names, found), = by_names.items()
    if names[0] == names[1] or len(found) < 2:
        return None
    return names, found


def named_coordinates(text: str) -> tuple[str, str] | None:
    """The two names of the coordinates in named_pairs, or None."""
    read = named_pairs(text)
    return read[0] if read else None


# "x/y = 3/7, 5/9, 8/4": the coordinates named once before a list of x/y pairs written with a slash
_SLASHED_PAIR = rf"({_COORDINATE})\s*/\s*({_COORDINATE})(?![\d./])"
SLASHED_PAIRS_HEAD_RE = re.compile(r"(?<![\w/.])x\s*/\s*y\s*(?:[=:]|\s[-–—]\s)\s*", re.IGNORECASE)
SLASHED_PAIR_RE = re.compile(_SLASHED_PAIR)
SLASHED_PAIR_SEPARATOR_RE = re.compile(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+")


def slashed_pairs(text: str) -> tuple[int, list[re.Match[str]]] | None:
    """(where the pairs start, the pairs) of "x/y = 3/7, 5/9, 8/4": two or more pairs after one "x/y =" head."""
    heads = list(SLASHED_PAIRS_HEAD_RE.finditer(text))
    if len(heads) != 1:
        return None
    position, found = heads[0].end(), []
    while (match := SLASHED_PAIR_RE.match(text, position)) is not None:
        found.append(match)
        separator = SLASHED_PAIR_SEPARATOR_RE.match(text, match.end())
        if separator is None:
            break
        position = separator.end()
    return (found[0].start(), found) if len(found) >= 2 else None
