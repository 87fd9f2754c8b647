"""The check's rule for messages drawn as steps: "Prometheus fires alert to Alertmanager → Alertmanager notifies
PagerDuty → PagerDuty pages the on-call" drawn as three steps, each a whole sentence, where the part that
receives in one step ('Alertmanager') is the part that acts in the next. Those are messages between parts, not
steps: the parts are the nodes and each message labels the arrow from its sender. An arrow from a sentence to a
sentence whose subject is named inside the first, as its receiver, is refused with the rewrite that is read.
Read from the drawing only (check side), after every other rule."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

# "Prometheus fires alert to Alertmanager", "the API sends a token to the client": a subject, a verb in -s, the rest
_SENTENCE_RE = re.compile(r"^(?:(?:the|a|an)\s+)?(?P<subject>[\w-]+(?:\s[\w-]+)?)\s+(?P<verb>[a-z]+s)\s+(?P<rest>\S.*)$")


# In an intent that asks for a sequence, the verb may come without its -s ("client send request to server")
_SEQUENCE_ASKED_RE = re.compile(r"\bsequence\b", re.IGNORECASE)
_BASE_SENTENCE_RE = re.compile(r"^(?:(?:the|a|an)\s+)?(?P<subject>[\w-]+)\s+(?P<verb>[a-z]+)\s+(?P<rest>\S.*)$")


def refuse_message_handoffs(edges: list[tuple[str, str, str | None]], intent: str = "") -> None:
    """Raise when an arrow joins two sentence nodes and the second's subject receives in the first."""
    patterns = [_SENTENCE_RE, _BASE_SENTENCE_RE] if _SEQUENCE_ASKED_RE.search(intent) else [_SENTENCE_RE]
    for tail, head, _ in edges:
        for pattern in patterns:
            _refuse_handoff(pattern, tail, head)


def _refuse_handoff(pattern: re.Pattern[str], tail: str, head: str) -> None:
    one = pattern.match(" ".join(tail.split()))
    other = pattern.match(" ".join(head.split()))
    if one is None or other is None:
        return
    receiver = other.group("subject")
    if receiver.casefold() == one.group("subject").casefold():
        return
    if re.search(rf"(?<![\w-]){re.escape(receiver)}(?![\w-])", one.group("rest"), re.IGNORECASE):
        sender = one.group("subject")
        raise EngineRefusal("NODE_HOLDS_RELATION", (
            f"The steps '{tail}' and '{head}' are messages: '{receiver}' receives in the first and acts in the "
            f"next. Draw the parts and label each arrow with its message, e.g. '{sender} -> {receiver}: "
            f"{one.group('verb')}'."))
