"""A heading that explains which way the arrows point: "Direct routes (arrow from origin to
destination): Oslo → Bergen, …", "deps, draw an arrow from the first item of each pair (the
service) to the second (what it needs): [["api", "db"], …]". The explanation says no step; it is
dropped from the heading when it cannot disagree with the data: the data after the colon writes
its arrows out ("→", "->"), or the explanation points from the first item of a pair to the second,
which is how a pair is read anyway. Any other explanation (from the second to the first, …) stays
and must be placed, so the answer is refused rather than drawn the wrong way round.

Read alike by the drafter (reading.py) and the check's normal form; the check refuses an
explanation left in the heading (faithfulness.check_faithful).
"""

from __future__ import annotations

import re

_EXPLANATION_RE = re.compile(
    r"\s*(?:,\s*|\(\s*)(?:please\s+)?(?:draw\s+)?(?:an?\s+|the\s+|each\s+)?arrows?\s+(?:goes\s+|go\s+|points?\s+|runs?\s+|"
    r"leads?\s+)?from\s+(?P<tail>[^:\n]*?)\s+to\s+(?P<head>(?:the\s+)?(?:second|last|[^:\n()]+)[^:\n]*?)\)?(?=\s*:)",
    re.IGNORECASE,
)


def without_arrow_explanation(intent: str) -> str:
    """The intent with its heading's arrow explanation dropped, when the data cannot disagree."""
    colon = intent.find(":")
    if colon < 0:
        return intent
    match = _EXPLANATION_RE.search(intent[: colon + 1])
    if match is None or "\n" in intent[: match.start()]:
        return intent
    data = intent[colon + 1 :]
    written_out = bool(re.search(r"->|→", data)) and not re.search(r"[\[{]", data)
    pair_order = bool(re.search(r"\bfirst\b", match.group("tail"), re.IGNORECASE)) and bool(
        re.match(r"(?:the\s+)?(?:second|last)\b", match.group("head"), re.IGNORECASE))
    if not (written_out or pair_order):
        return intent
    return intent[: match.start()] + intent[match.end() :]


# "(keys are units, values are their sub-units)" before a JSON object of objects: the way a keyed
# tree is read anyway (each key over the keys inside it). Values said to be parents are not this.
_TREE_SHAPE_RE = re.compile(
    r"\s*\(\s*keys?\s+are\s+(?:the\s+)?[\w -]{1,30}?,\s*(?:and\s+)?values?\s+are\s+(?:their|the|its)\s+"
    r"(?:sub-?\s?[\w-]+|children|child\s+[\w-]+|(?:direct\s+)?reports|members)\s*\)",
    re.IGNORECASE,
)


# "Org chart (manager -> report):", "(arrows from manager down to direct report):" before a nested list:
# the arrows go down the tree, the way an indented list is read anyway (a report -> manager one is not this)
_DOWN_ARROWS_RE = re.compile(
    r"\s*\(\s*(?:(?:draw\s+)?(?:the\s+)?arrows?\s+(?:go(?:es)?\s+|point\s+|run\s+)?from\s+)?(?:the\s+|each\s+)?"
    r"(?:manager|boss|parent|supervisor|superior)s?\s+(?:down\s+)?(?:->|→|=>|to)\s+(?:the\s+|their\s+|each\s+|a\s+)?"
    r"(?:direct\s+)?(?:reports?|child(?:ren)?|employees?|subordinates?|person|people)\s*\)",
    re.IGNORECASE,
)
_NESTED_ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)[-*•+][ \t]+\S")


def _nested_list(text: str) -> bool:
    """Every line an item of a bulleted list indented to two depths or more."""
    lines = [line for line in text.splitlines() if line.strip()]
    items = [_NESTED_ITEM_RE.match(line) for line in lines]
    return len(lines) >= 2 and all(items) and len({m.group("indent") for m in items if m}) >= 2


def without_tree_shape_explanation(intent: str) -> str:
    """ "org tree (keys are units, values are their sub-units): {"CEO": {"CTO": {}}}" → without the
    explanation, which says what a keyed tree means anyway; so "Org chart (manager -> report):" over
    a nested list; other intents unchanged."""
    down = _DOWN_ARROWS_RE.search(intent)
    if down is not None and "\n" not in intent[: down.start()]:
        rest = intent[down.end():]
        if re.match(r"\s*:[ \t]*\n", rest) and _nested_list(rest.split(":", 1)[1]):
            return intent[: down.start()] + rest
    match = _TREE_SHAPE_RE.search(intent)
    if match is None or not re.match(r"\s*:\s*\{\s*\"[^\"]+\"\s*:\s*\{", intent[match.end():]):
        return intent
    return intent[: match.start()] + intent[match.end() :]


# "(child to parent)", "(report -> manager)": arrows said to go up a tree; a tree is drawn down, so
# drawing it as listed would turn every arrow round (its words are connecting words, never placed)
_UP_ARROWS_RE = re.compile(
    r"\(\s*(?:(?:draw\s+)?(?:the\s+)?arrows?\s+(?:go(?:es)?\s+|point\s+|run\s+)?from\s+)?(?:the\s+|each\s+)?(?:direct\s+)?"
    r"(?:reports?|child(?:ren)?|employees?|subordinates?|person|people)\s+(?:up\s+)?(?:->|→|=>|to)\s+"
    r"(?:the\s+|their\s+|its\s+)?(?:manager|boss|parent|supervisor|superior)s?\s*\)",
    re.IGNORECASE,
)


def unplaced_arrow_explanation(intent: str) -> str | None:
    """The heading's arrow explanation still in the intent (one that may reverse the data), or None.
    The check refuses it: which way the pairs point is not something to guess."""
    colon = intent.find(":")
    match = _EXPLANATION_RE.search(intent[: colon + 1]) if colon >= 0 else None
    match = match or (_UP_ARROWS_RE.search(intent[: colon + 1]) if colon >= 0 else None)
    return match.group(0).strip(" ,()") if match else None
