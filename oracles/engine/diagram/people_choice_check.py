"""The check's rules for two kinds of node that name no one: a choice between two people ("The CTO manages Ivan or
Aisha" drawn with a node 'Ivan or Aisha': which of them?) in an intent of reporting lines, and a pointer to what
another part has ("The CTO manages the same as the CFO's" drawn with a node 'same as the CFO's'). Each is refused
with the rewrite that says it. Read from the intent and the drawing (check side), after every other rule."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .appositives import REPORTING_RE

_NAME = r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,2}"
_PEOPLE_CHOICE_RE = re.compile(rf"(?P<one>{_NAME})\s+(?:or|and/or)\s+(?P<other>{_NAME})")
_SAMENESS_RE = re.compile(r"\b(?:(?:the\s+)?same\s+(?:as|ones?)|similar\s+to|likewise|ditto)\b", re.IGNORECASE)


def refuse_people_choice_and_sameness(intent: str, nodes: list[str]) -> None:
    """Raise on a node 'A or B' of two people (in an org chart) or on a node pointing at another's."""
    org = REPORTING_RE.search(intent) is not None
    for label in nodes:
        flat = " ".join(label.split())
        choice = _PEOPLE_CHOICE_RE.fullmatch(flat) if org else None
        if choice is not None:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' names two people with 'or': which one is meant is not said. Name the person, or "
                f"both, e.g. '… manages {choice.group('one')} and {choice.group('other')}'."))
        same = _SAMENESS_RE.search(flat)
        if same is not None:
            raise EngineRefusal("NODE_NOT_IN_INTENT", (
                f"The node '{label}' points at another part ('{same.group(0)}') instead of naming one. Name each "
                "one, e.g. 'The CTO manages Ivan and Aisha'."))
