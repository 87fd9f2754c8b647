"""The check's rules for a sequence read as something else: "Server answer to Database" after "Client send request
to Server" drawn as the reporting line Database → Server (is it a reply, Server → Database, or who reports to
whom?), and a question glued to its receiver ("Website asks Availability service whether the room is free" drawn
with a node 'Availability service whether the room is free'). Each is refused with the rewrite that is read.
Read from the intent and the drawing (check side), after every other rule."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_MESSAGES_RE = re.compile(r"\b(?:sends?|send|asks?|requests?|calls?|replies|reply|returns?|forwards?)\b[^.;\n]*\bto\b",
                          re.IGNORECASE)
_ANSWER_TO_RE = re.compile(r"(?P<who>[\w-]+(?:\s[\w-]+)?)\s+answers?\s+to\s+(?:the\s+)?(?P<whom>[\w-]+(?:\s[\w-]+)?)",
                           re.IGNORECASE)
_QUESTION_GLUED_RE = re.compile(r"\swhether\s", re.IGNORECASE)


def refuse_reply_read_as_report(intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    """Raise when "X answer(s) to Y" beside messages is drawn as the unlabelled line Y → X; or a node holds a
    question after its name ('… whether the room is free')."""
    for label in nodes:
        glued = _QUESTION_GLUED_RE.search(label)
        if glued is not None and label[:1].isupper() and len(label.split()) >= 4:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' holds a question ('{label[glued.start():].strip()}') after a name; the question is "
                f"the message. Say it on the arrow, e.g. '… -> {label[:glued.start()].strip()}: "
                f"{label[glued.start():].strip()}'."))
    if not _MESSAGES_RE.search(intent):
        return
    keys = {" ".join(n.split()).casefold(): n for n in nodes}
    drawn = {(t, h): lbl for t, h, lbl in edges}
    for said in _ANSWER_TO_RE.finditer(intent):
        who, whom = keys.get(said.group("who").casefold()), keys.get(said.group("whom").casefold())
        if who is None or whom is None:
            continue
        if (whom, who) in drawn and not (drawn[(whom, who)] or "").strip():
            raise EngineRefusal("EDGE_NOT_IN_INTENT", (
                f"'{said.group(0)}' among messages may be a reply ({who} → {whom}) or a reporting line ({whom} → "
                f"{who}); the drawing took it for a reporting line. Say the reply as a message, e.g. '{who} replies to "
                f"{whom} with the result'."))
