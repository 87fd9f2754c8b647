"""x/y pairs written with "at": "At 20 km/h it drew 110 W; at 40 km/h, 180 W; at 60 km/h 260 W. Scatter of power
against speed." Read (by the drafter) and placed (by the check) with one rule, so both sides agree:

- each pair opens with "at", then x and x's unit, then at most four plain words ("it drew", "the cart was at"),
  then y and y's unit; every pair has the same x unit and the same y unit;
- the words between may not state a movement ("climbed 35 W", "rose by", "up", "more"): that is a change, not y;
  nor hold another "at" ("the cart was at 2.1 m"): which number is x is then not certain;
- the intent asks for x against y (scatter, "against", "versus", "as a function of", an x axis), and states at
  least two such pairs.
"""

from __future__ import annotations

import re

_NUMBER = r"[-−]?\d+(?:\.\d+)?"
_UNIT = r"(?:°\s?[CFK]|%|[^\W\d_][^\s\d,;.()]{0,7})"
AT_PAIR_RE = re.compile(
    rf"(?<![\w])[Aa]t\s+(?P<x>{_NUMBER})(?![\d.,]\d)\s*(?P<xunit>{_UNIT})?\s*,?\s*"
    rf"(?P<words>(?:[^\W\d_][\w']*\s+){{0,4}}?)(?P<y>{_NUMBER})(?![\d.,]\d)\s*(?P<yunit>{_UNIT})?")
# words between x and y that make y a change or a comparison, not a level
_MOVEMENT = re.compile(r"\b(?:increased|decreased|rose|fell|grew|dropped|climbed|declined|jumped|slipped|gained|lost|"
                       r"added|shed|dipped|slid|sank|surged|soared|plunged|plummeted|by|up|down|more|less|fewer|"
                       r"another|extra|over|under|about|around|roughly|approximately|almost|nearly|some|"
                       # "at 0 m, at 1.5 s": another "at" (or "and at") between them is the next pair's x, not this y
                       r"at|and)\b", re.IGNORECASE)
PAIRS_ASKED = re.compile(r"\b(?:scatter\w*|against|versus|vs\.?|as\s+a\s+function\s+of|x[\s-]axis)\b", re.IGNORECASE)
_CLOCK_UNIT = re.compile(r"(?:am|pm|h|hrs?|o'?clock)$", re.IGNORECASE)


def at_pairs(text: str) -> list[re.Match[str]] | None:
    """The "at x … y" pairs of the text, or None unless the whole rule above holds."""
    if not PAIRS_ASKED.search(text):
        return None
    matches = list(AT_PAIR_RE.finditer(text))
    if len(matches) < 2:
        return None
    if any(_MOVEMENT.search(m.group("words")) for m in matches):
        return None
    x_units = {_unit(m.group("xunit")) for m in matches}
    y_units = {_unit(m.group("yunit")) for m in matches}
    if len(x_units) != 1 or len(y_units) != 1 or any(u and _CLOCK_UNIT.match(u) for u in x_units):
        return None
    return matches


def _unit(unit: str | None) -> str:
    return re.sub(r"\s+", "", unit or "").lower()
