"""Decision trees written as nested bullets, as agents write triage rules:

    - Is it a security issue?
      - yes: page the on-call security engineer
      - no: Is production down?
        - yes: open a SEV1
        - no: add to backlog

Each answer row ("yes: …", "Yes → …", "If no, …", or a short condition "critical → …") belongs to
the item at the indentation just above it: it is a branch out of that item's step or question,
labelled with the answer. A question after an answer ("no: Is production down?") is that branch's
step and the rows under it are its own answers. An answer with nothing after it ("- no:") takes
the one item nested under it as its step. An answer's steps may be a row of arrows ("Yes →
Investigate → Mitigate"); a plain item nested under an answer row is the step after its last step,
and may be a question with answers of its own.

The reader claims only a tree of two or more levels of answers (one level is a case outline,
flows.case_outline); the check reads the same nesting on its own (decision_outline_check.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .flows import CASE_CONDITION_MAX_WORDS
from .model import Graph, clean_label
from .outline import ITEM_RE, TAB_WIDTH

# "yes: x", "Yes → x", "If no, x", "no - x", "yes:" (its step nested under it)
ANSWER_ROW_RE = re.compile(r"^(?:if\s+)?(?P<cond>yes|no|true|false)\s*(?:(?::|,|->|→|=>|[—–]|-(?=\s))\s*(?P<step>.*)|$)",
                           re.IGNORECASE)
# "critical → page on-call", "over 500: ask a manager": a short condition, as a case row writes it
CASE_ROW_RE = re.compile(r"^(?P<cond>[^:→>\n]{1,40}?)\s*(?:->|→|=>|:)\s*(?P<step>[^:→>\n]*)$")
_ARROW_RE = re.compile(r"\s*(?:->|→|=>)\s*")
# An item that states a relation of its own is a sentence, not one step of the tree.
_RELATION_RE = re.compile(r"->|→|=>|[:;]")


@dataclass
class _Row:
    level: int
    condition: str | None  # None: a plain item (a step or a question)
    step: str  # "" for an answer whose step is nested under it
    key: str | None = None  # the drawn node of the step, once known


def _row(text: str, level: int) -> _Row | None:
    answer = ANSWER_ROW_RE.match(text)
    if answer:
        return _Row(level, answer.group("cond"), (answer.group("step") or "").strip())
    case = CASE_ROW_RE.match(text)
    if case and len(case.group("cond").split()) <= CASE_CONDITION_MAX_WORDS:
        return _Row(level, case.group("cond").strip(), case.group("step").strip())
    return None if _RELATION_RE.search(text) else _Row(level, None, text)


def read_decision_outline(intent: str) -> Graph | None:
    """None unless the intent is a nested decision tree (an optional heading, then list items)."""
    lines = [line for line in intent.splitlines() if line.strip()]
    if lines and not ITEM_RE.match(lines[0]) and lines[0].rstrip().endswith(":"):
        lines = lines[1:]  # "Triage rules (as a flowchart):"
    items = [ITEM_RE.match(line) for line in lines]
    if len(items) < 3 or not all(items):
        return None
    read = [_row(m.group("text"), len(m.group("indent").expandtabs(TAB_WIDTH))) for m in items if m]
    rows = [row for row in read if row is not None]
    if len(rows) != len(read):
        return None
    graph = Graph(flow=True)
    stack: list[_Row] = []
    last_top: str | None = None
    branched = False  # the last top item has answers under it
    nested_answers = False  # an answer's step has answers of its own: a tree, not a case outline
    for row in rows:
        while stack and stack[-1].level >= row.level:
            stack.pop()
        parent = stack[-1] if stack else None
        if parent is None:
            # the top items are steps in order; only the last one branches (where branches would
            # rejoin a later step is not said)
            if row.condition is not None or branched:
                return None
            row.key = graph.node(row.step)
            if last_top is not None:
                graph.edge(last_top, row.key)
            last_top = row.key
        elif parent.condition is not None and parent.key is None:
            # "- no:" then "    - Is production down?": the answer's step, nested under it
            if row.condition is not None or not row.step:
                return None
            row.key = parent.key = graph.node(row.step)
            graph.edge(stack[-2].key, row.key, clean_label(parent.condition))  # type: ignore[arg-type]
            nested_answers = True
        elif row.condition is None and parent.key is not None:
            # "- No → Page on-call" then "    - Acked within 5 min?": the step after that answer's step;
            # "- Alert fires" then "  - False positive?": under a step, the step (or question) after it
            row.key = graph.node(row.step)
            graph.edge(parent.key, row.key)
            nested_answers = nested_answers or parent.condition is not None
        else:
            if row.condition is None or parent.key is None:
                return None  # a plain item under a step: a sub-list, not an answer
            branched = True
            nested_answers = nested_answers or parent.condition is not None
            graph.decisions.add(parent.key)
            if row.step:
                # "Yes → Investigate → Mitigate": the answer's steps in a row; what is nested under
                # the row goes on from the last of them
                steps = [part for part in _ARROW_RE.split(row.step) if part.strip()]
                row.key = graph.node(steps[0])
                graph.edge(parent.key, row.key, clean_label(row.condition))
                for step in steps[1:]:
                    following = graph.node(step)
                    graph.edge(row.key, following)
                    row.key = following
        stack.append(row)
    if not nested_answers or any(row.condition is not None and row.key is None for row in rows):
        return None
    return graph
