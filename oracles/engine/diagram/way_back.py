"""Which step a conditional way back leaves from, checked against the drawing.

"build → test → deploy. If tests fail, go back to build." The condition is about "test", so the way
back leaves "test" — or the writer meant the last step; it is not written which. A drawing whose back
edge carries that condition from another step ("deploy → build: if tests fail") is refused, whatever
the drafter read. A condition that names its step ("if test fails") or is about no drawn step ("if it
fails") leaves the step the drafter chose.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .flows import step_named_in, steps_the_condition_is_about
from .model import node_key

_CONDITION_RE = re.compile(r"^\s*(?:if|when|unless)\s+(?P<cond>.+)$", re.IGNORECASE)


def _reaches(heads: dict[str, list[tuple[int, str]]], start: str, goal: str, skip: int) -> bool:
    """Whether `goal` is reached from `start` along the edges (by their tail's list), edge `skip` left out."""
    seen, todo = {start}, [start]
    while todo:
        for index, head in heads.get(todo.pop(), []):
            if index != skip and head not in seen:
                if head == goal:
                    return True
                seen.add(head)
                todo.append(head)
    return False


def refuse_way_back_from_another_step(intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    labels = {node_key(n): n for n in nodes}
    heads: dict[str, list[tuple[int, str]]] = {}  # built once: each tail's edges, for linear searches
    for index, (tail, head, _) in enumerate(edges):
        heads.setdefault(tail, []).append((index, head))
    for index, (tail, head, label) in enumerate(edges):
        condition = _CONDITION_RE.match(label or "")
        if condition is None or not _reaches(heads, head, tail, index):
            continue  # only a way back (an edge closing a loop) with a condition on it
        if step_named_in(condition.group("cond"), labels):
            continue  # "if pick fails": named outright, checked with the other conditions (EDGE_LABEL_WRONG)
        # a sentence of its own ("… → deploy. If tests fail, go back"), not a branch written after its step's arrow
        if not re.search(rf"(?:^|[.!?;\n])\s*{re.escape(label or '')}\s*,?\s*(?:then\s+)?"
                         r"(?:go(?:es)?|loops?|comes?|jumps?|return|back)", intent, re.IGNORECASE):
            continue
        # a step before the drawn tail that the condition is about
        concerned = steps_the_condition_is_about(condition.group("cond"), labels)
        about = [k for k in concerned if k not in (node_key(tail), node_key(head)) and _reaches(heads, labels[k], tail, index)]
        if about and node_key(tail) not in concerned:
            raise EngineRefusal("EDGE_NOT_IN_INTENT", (
                f"The way back '{label}' is drawn from '{tail}', but the condition is about '{labels[about[0]]}'. "
                f"Say which step it leaves, e.g. '{labels[about[0]]} -> {head} {label}'."))
