"""Bounds on everything untrusted, enforced before any parser, compiler or renderer sees it.

vl-convert runs V8 in-process (a huge data.sequence kills the process) and Graphviz's layout
is super-linear in graph size, so the bounds are checked first and cheaply. The limits shared by
every kind live here; each kind's own are in its package and its `limits` shows both.

LAYOUT_LIMIT_REASON explains the node/edge limits in refusals.
"""

from __future__ import annotations

from collections import ChainMap
from typing import Any

from .contracts import EngineRefusal
from .text import clean_intent

# The limits every kind's reading of an intent obeys; each kind adds its own (chart/limits.py,
# diagram/limits.py) and declares the union as its `limits`.
SHARED_LIMITS: dict[str, int | float] = {
    "max_intent_chars": 32_000,
    "max_label_chars": 120,
}

LAYOUT_LIMIT_REASON = "Graphviz's layout time grows steeply with the size of a diagram"


def guard_intent(intent: Any) -> str:
    """Refuse an intent that is not text, is empty, or is too long — before any parsing.

    Returns it cleaned (`text.clean_intent`); `answer()` already cleans, this is for other callers.
    """
    if not isinstance(intent, str):
        raise EngineRefusal("UNREADABLE_INTENT", "The intent must be text.")
    intent = clean_intent(intent)
    limit = int(SHARED_LIMITS["max_intent_chars"])
    if len(intent) > limit:
        raise EngineRefusal(
            "INTENT_TOO_LONG",
            f"The intent is {len(intent):,} characters; the limit is {limit:,}. "
            "Send fewer values or summarise the data first.",
        )
    if not intent.strip():
        raise EngineRefusal("UNREADABLE_INTENT", "The intent is empty. Say what to draw, with its values.")
    return intent


def json_nesting_depth(text: str) -> int:
    """Maximum bracket nesting of JSON-like text, ignoring brackets inside strings.

    Computed with a linear scan so that hostile input (`[[[[…` ten thousand deep) is refused
    before `json.loads`, which would raise RecursionError or worse.
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
    return deepest


def structure_depth(value: Any, limit: int) -> int:
    """Nesting depth of a decoded JSON value, stopping (iteratively) once past `limit`."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def kind_limits(own: dict[str, int | float]) -> ChainMap[str, int | float]:
    """A kind's limits: its `own` over the shared ones, read live (a test may lower one in `own`)."""
    return ChainMap(own, SHARED_LIMITS)
