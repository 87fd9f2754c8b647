"""Steps said to run at once, drawn as one node: "merge → lint and test in parallel → staging" drawn
with a node "lint and test". Every connection of the merged node is stated, so only a rule that
reads the intent on its own sees that the "and" joins two steps: a drawn name that holds "and", "&"
or a comma, said right before "in parallel" (or after "in parallel:"), is two steps glued together."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .vocabulary import PARALLEL_IDIOM

_JOINS_RE = re.compile(r"\s(?:and|&)\s|,\s", re.IGNORECASE)
_AFTER_RE = re.compile(rf"^[\s),]*(?:(?:all|both|each|run|runs|running|done|happen|happens|at once)\s+)*{PARALLEL_IDIOM}",
                       re.IGNORECASE)
_BEFORE_RE = re.compile(rf"{PARALLEL_IDIOM}\s*[:,(]?\s*(?:both\s+)?$", re.IGNORECASE)


def refuse_merged_parallel_steps(intent: str, nodes: dict[str, str]) -> None:
    """Refuse a node whose name joins steps the intent says run in parallel."""
    for label in nodes.values():
        if not _JOINS_RE.search(label):
            continue
        pattern = r"\W+".join(re.escape(word) for word in re.findall(r"\w+", label))
        if not pattern:
            continue
        for match in re.finditer(rf"(?<!\w){pattern}(?!\w)", intent, re.IGNORECASE):
            if _AFTER_RE.match(intent[match.end():]) or _BEFORE_RE.search(intent[:match.start()]):
                raise EngineRefusal("NODE_HOLDS_RELATION", f"The node '{label}' joins steps the intent says run in "
                                                           "parallel; draw each as its own node, e.g. 'merge -> lint, "
                                                           "merge -> test, both -> staging'.")


_GLUE_RE = re.compile(r"\s[+&]\s|\s+and\s+", re.IGNORECASE)


def refuse_glued_steps_as_label(intent: str, edges: list[tuple[str, str, str | None]]) -> None:
    """ "sign contract -> (laptop setup + badge + email account) -> first day": a bracket of steps glued
    with "+", "&" or "and" between two arrows is steps, not a message; drawn as the one edge's label it is refused.
    Read from the intent as written (its normal form already takes the bracket for a label); a message
    "request + JWT" after a colon stays a label."""
    for _, _, label in edges:
        if not label or not _GLUE_RE.search(label):
            continue
        glued = r"\s*(?:[+&,]|and)\s*".join(r"\W+".join(map(re.escape, part.split())) for part in _GLUE_RE.split(label))
        if re.search(rf"(?:->|→|=>|⇒)\s*\(\s*{glued}[^()]*\)\s*(?:->|→|=>|⇒)", intent):
            raise EngineRefusal("EDGE_LABEL_HOLDS_NODE", f"The edge label '{label}' joins several steps "
                                                         "between two arrows; draw each step, e.g. 'sign contract -> "
                                                         "(laptop setup, badge, email account in parallel) -> first day'.")
