"""A condition that follows up on the one before it: "Run the tests. If they fail, fix the code. If still failing,
ask for help." / "page primary. If no ack within 10 min, page secondary. If still no ack within another 10 min,
page the manager." "still" (or "again", "even then", "that also fails") says the second condition is about what
the first one led to, so its arrow leaves the first condition's step ("fix the code"), never the step both
conditions follow ("Run the tests"). A drawing with both arrows from one step is refused by the check, with a
rewrite that names the step the follow-up leaves.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_SENTENCES_RE = re.compile(r"(?<=[.;!?\n])\s+|\n")
_CONDITION_RE = re.compile(r"^\s*(?:and\s+|then\s+)?(?:if|when|once)\b(?P<condition>[^,]+),\s*(?:then\s+)?(?P<step>.+?)[.;!?]?\s*$",
                           re.IGNORECASE)
_FOLLOW_UP_RE = re.compile(r"\b(?:still|again|even\s+then|also\s+fails?|keeps?\s+failing|that\s+fails\s+too)\b", re.IGNORECASE)


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def _node_in(step: str, nodes: list[str]) -> str | None:
    """The drawn node the step text names (the longest label found in it), or None."""
    folded = _fold(step)
    found = [n for n in nodes if _fold(n) and re.search(rf"(?<!\w){re.escape(_fold(n))}(?!\w)", folded)]
    return max(found, key=len) if found else None


def refuse_follow_up_from_the_same_step(intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    sentences = [s for s in _SENTENCES_RE.split(intent) if s.strip()]
    tails: dict[str, set[str]] = {}
    for tail, head, _ in edges:
        tails.setdefault(head, set()).add(tail)
    for first, second in zip(sentences, sentences[1:], strict=False):
        earlier, later = _CONDITION_RE.match(first), _CONDITION_RE.match(second)
        if earlier is None or later is None or not _FOLLOW_UP_RE.search(later.group("condition")):
            continue
        first_step, follow_up = _node_in(earlier.group("step"), nodes), _node_in(later.group("step"), nodes)
        if first_step is None or follow_up is None or first_step == follow_up:
            continue
        shared = tails.get(first_step, set()) & tails.get(follow_up, set())
        if shared:
            raise EngineRefusal("EDGE_NOT_IN_INTENT", (
                f"'{later.group(0).strip()}' follows up on '{first.strip()}', so it leaves '{first_step}', not "
                f"'{sorted(shared)[0]}'. Say it from that step, e.g. '{first_step} -> {follow_up}: if"
                f"{later.group('condition')}'."))
