"""A condition said after a chain, about an earlier step of it: "Receive → validate → store. If validation fails,
reject." The condition names "validate" (validation, invalid …) and not "store", yet the arrow leaves "store", the
step the chain ends on; it may as well leave "validate". The check refuses an arrow whose condition names an
earlier step of the path to its tail and not the tail itself, with the rewrite that says where it leaves.
Read from the drawing and its labels only (check side)."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_CONDITION_RE = re.compile(r"^\s*(?:if|on|when|whenever|unless|once|in\s+case\s+of)\b", re.IGNORECASE)
_WORD_RE = re.compile(r"[^\W\d_]{3,}")
# Three-letter words that name no step ("the", "and"); any other short word is a step's own ("pay", "fix"),
# which a condition names by a longer form ("If payment fails"), so it is matched as the start of a word.
_SHORT_NON_STEPS = frozenset("the and for not any all its was are has had but you our can may one two off yes who "
                             "how why via per new".split())


def _stems(label: str) -> set[str]:
    words = (w.casefold() for w in _WORD_RE.findall(label))
    return {w[:5] for w in words if len(w) > 3 or w not in _SHORT_NON_STEPS}


def _named(stems: set[str], text: str) -> bool:
    words = [w.casefold() for w in _WORD_RE.findall(text)]
    return any(w.startswith(stem) if len(stem) == 3 else stem in w for stem in stems for w in words)


def _before(tail: str, edges: list[tuple[str, str, str | None]]) -> set[str]:
    """Every node with a path to `tail` (the steps before it)."""
    into: dict[str, set[str]] = {}
    for t, h, _ in edges:
        into.setdefault(h, set()).add(t)
    seen: set[str] = set()
    todo = [tail]
    while todo:
        for t in into.get(todo.pop(), set()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return seen - {tail}


def refuse_condition_about_an_earlier_step(edges: list[tuple[str, str, str | None]]) -> None:
    for tail, head, label in edges:
        if not label or not _CONDITION_RE.match(label) or _named(_stems(tail), label):
            continue
        for earlier in sorted(_before(tail, edges)):
            if _named(_stems(earlier), label) and not _named(_stems(head), label):
                raise EngineRefusal("EDGE_NOT_IN_INTENT", (
                    f"The condition '{label}' is about '{earlier}', but its arrow leaves '{tail}'. Say where it leaves, "
                    f"e.g. '{earlier} -> {head}: {label}'."))
