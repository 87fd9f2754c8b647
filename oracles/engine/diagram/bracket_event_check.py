"""Check rule: when the intent says its square brackets hold events ("Bug workflow (event in
brackets):"), no drawn node may keep a bracketed part ("Closed [close]" of "Open -> Closed [close]
if the user asks"): the intent says that part is an event, which belongs on the arrow. Independent
of the drafter; it uses the check's own reading of the note (bracket_event_normal.py)."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .bracket_event_normal import says_events_in_brackets

_BRACKETED_RE = re.compile(r"\[[^\[\]]*\]")


def refuse_bracketed_event_in_node(intent: str, nodes: list[str]) -> None:
    """Raise when the intent says brackets hold events and a node still holds one."""
    if not says_events_in_brackets(intent):
        return
    for label in nodes:
        bracket = _BRACKETED_RE.search(label)
        if bracket:
            name = label.replace(bracket.group(0), "").strip()
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' holds '{bracket.group(0)}', which the intent says is an event, not part of the "
                f"name. Put each event alone at the end of its line, e.g. 'A -> {name or 'B'} {bracket.group(0)}', or "
                f"on the arrow, e.g. 'A -{bracket.group(0)}-> {name or 'B'}'."))
