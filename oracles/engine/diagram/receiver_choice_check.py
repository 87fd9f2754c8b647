"""The check's rule for a message sent to one of two parties: "the shipper hands the parcel to the driver or
the courier" drawn with a receiver 'driver or the courier' names two parties with "or", and which one gets the
message is not said. Refused with the rewrite that says it: one party, or both with "and". Only a node that
receives a message (an edge into it labelled with an actor's verb) is read so; a step "approve or reject" in
a flow is not a receiver. Read from the drawing (check side), after every other rule."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .actor_glue import ACTOR_VERBS

_CHOICE_RE = re.compile(r"(?P<one>\S.*?)\s+(?:or|and/or)\s+(?:(?:the|a|an)\s+)?(?P<other>\S.*)", re.IGNORECASE)


def refuse_receiver_choice(edges: list[tuple[str, str, str | None]]) -> None:
    """Raise on a message's receiver named 'A or B'."""
    for tail, head, label in edges:
        words = (label or "").split()
        if not words or words[0].casefold() not in ACTOR_VERBS:
            continue
        choice = _CHOICE_RE.fullmatch(" ".join(head.split()))
        if choice is not None:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{head}' names two parties with 'or': which one {tail} sends to is not said. Name the "
                f"party, or both with 'and', e.g. '{tail} {label} to {choice.group('one')} and {choice.group('other')}'."))
