"""A branch's step drawn as two steps glued by "and" (the check's rule; the drafter never calls it):
"if not, order from supplier and wait for delivery" drawn as one node 'order from supplier and wait
for delivery' on the edge labelled "if not". Whether that is one step or two in a row ("order from
supplier → wait for delivery") is not settled by the words (authors write both), and the way back
together after the branch depends on which; so such a node on a condition's edge is refused.

Only two full actions are meant: each side of the "and" opens with a verb of doing and holds more
than the verb ("pick and pack it", "bring passport and photo" share one verb or one object and stay
read). Read from the drawn graph only: a head of an edge with a label, its own name."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

# Verbs a step opens with (imperative), as written in process intents.
_STEP_VERBS = frozenset("""
    add approve archive ask assign bake bill book build call cancel charge check clean clear close collect confirm
    contact copy create decline delete deliver deploy draft email enter escalate file fill fix get give grade hand
    inform install invoice issue label log make mark move notify open order pack page pay pick place post print
    publish read record redirect refund reject release remind repack repair replace reply request restart restock
    retry return review run schedule scan send ship sign sort start stop submit take tell test transfer update
    upload validate verify wait weigh write
""".split())
_AND_RE = re.compile(r"\s+and\s+(?:then\s+)?", re.IGNORECASE)


def _action(words: list[str]) -> bool:
    """A verb of doing and what it acts on ("order from supplier", "wait for delivery")."""
    return len(words) >= 2 and words[0] in _STEP_VERBS


def refuse_glued_branch_steps(edges: list[tuple[str, str, str | None]]) -> None:
    """Refuse a node reached by a labelled edge whose name is two actions joined by "and"."""
    for _, head, label in edges:
        if not label:
            continue
        parts = _AND_RE.split(head.casefold())
        if len(parts) != 2:
            continue
        first, second = (re.findall(r"[\w'’-]+", part) for part in parts)
        if _action(first) and _action(second):
            raise EngineRefusal("NODE_HOLDS_RELATION", f"The step '{head}' on the branch '{label}' holds two steps "
                                                       f"joined by 'and'; I could not tell whether it is one step or "
                                                       f"'{' '.join(first)}' then '{' '.join(second)}'. Say it as "
                                                       f"'{label}, {' '.join(first)}, then {' '.join(second)}', or name "
                                                       "it as one step.")
