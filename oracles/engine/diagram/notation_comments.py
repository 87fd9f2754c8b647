"""Comments inside a pasted notation block ("%% …" in Mermaid, "' …" in PlantUML, "// …", "# …" or
"/* … */" in DOT) are skipped by the notation's parse, so the drafter and the check's normal form
both read past them. A comment can still change what the diagram must say: "%% Quarantine must be
in the flow but nobody said where", "' actually B goes to D", "// skip the audit step". The check
reads each comment on its own: a short heading-like remark ("%% order fulfilment") is no content;
a comment that names a drawn node, or says how steps relate or should change, is content the
parse did not draw, so the answer is refused with the comment quoted. Notes ("Note over A,B: …") are
not drawn either; a note that says the flow changes or goes on is refused the same way (a note that
only describes its node, "Note right of API: validates JWT", stays undrawn)."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .notation_reader import read_notation
from .vocabulary import phrase_key

_LINE_COMMENT_RE = {
    "mermaid": re.compile(r"^\s*%%(?P<text>.*)$"),
    "plantuml": re.compile(r"^\s*'(?P<text>.*)$"),
    "dot": re.compile(r"^\s*(?://|#)(?P<text>.*)$"),
}
_BLOCK_COMMENT_RE = {"plantuml": re.compile(r"/'(?P<text>.*?)'/", re.DOTALL),
                     "dot": re.compile(r"/\*(?P<text>.*?)\*/", re.DOTALL)}
# Words by which a comment says something about the flow rather than titling it.
_MEANING_WORDS = frozenset("""not no never don't dont doesn't skip skipped skips actually instead must should shall
    need needs needed missing todo fixme fix wrong broken connect connects connected connection connections link
    linked arrow arrows between after before then goes go going leads remove removed delete deleted drop
    replace replaced add added also except only unless if when loop loops back again parallel ignore ignored
    optional disabled deprecated unused later first last moved move swap swapped reversed
    but however""".split())
_REMARK_MAX_WORDS = 5
# Words by which a note says the drawing changes or goes on.
_NOTE_CHANGE_WORDS = frozenset("replaced replaces replace becomes retry retries repeat repeats again expires fails".split())


def _comments(intent: str, kind: str) -> list[str]:
    family = kind.split("-")[0]
    found = [m.group("text") for line in intent.splitlines()
             if (m := _LINE_COMMENT_RE[family].match(line)) is not None]
    if family in _BLOCK_COMMENT_RE:
        found += [m.group("text") for m in _BLOCK_COMMENT_RE[family].finditer(intent)]
    return [text.strip() for text in found if text.strip()]


_NOTE_LINE_RE = re.compile(r"^\s*note\b[^:\n]*:\s*(?P<text>.+)$", re.IGNORECASE)
_NOTE_OPEN_RE = re.compile(r"^\s*note\b[^:]*$", re.IGNORECASE)
_NOTE_CLOSE_RE = re.compile(r"^\s*end\s*note\b", re.IGNORECASE)


def _notes(intent: str) -> list[str]:
    """The text of each note ("Note over A,B: …", "note right of X : …", "note … end note")."""
    found: list[str] = []
    block: list[str] | None = None
    for line in intent.splitlines():
        if block is not None:
            if _NOTE_CLOSE_RE.match(line):
                found.append(" ".join(block))
                block = None
            else:
                block.append(line.strip())
        elif (m := _NOTE_LINE_RE.match(line)) is not None:
            found.append(m.group("text").strip())
        elif _NOTE_OPEN_RE.match(line):
            block = []
    return [text for text in found if text]


def refuse_meaningful_comments(intent: str, nodes: list[str]) -> None:
    """Refuse a notation whose comments say what the parse cannot draw."""
    try:
        notation = read_notation(intent)
    except EngineRefusal:
        return  # not a notation the parse reads: the other checks refuse it
    if notation is None:
        return
    keys = {phrase_key(label) for label in nodes}
    for comment in _comments(intent, notation.kind):
        words = phrase_key(comment).split()
        padded = f" {' '.join(words)} "
        names = next((k for k in keys if k and f" {k} " in padded), None)
        if len(words) > _REMARK_MAX_WORDS or names or set(words) & _MEANING_WORDS:
            raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not place the comment '{comment[:80]}' in the diagram: "
                                                      "a comment is not drawn, yet this one says something about the "
                                                      "steps. Put it in the diagram itself (e.g. 'B --> C[Quarantine]') "
                                                      "or leave the comment out.")
    for note in _notes(intent):
        # a note is drawn by no notation reader (documented); one that says the flow changes or goes
        # on ("then U must log in again", "DB is replaced by DynamoDB") is not dropped silently
        if set(phrase_key(note).split()) & (_MEANING_WORDS | _NOTE_CHANGE_WORDS):
            raise EngineRefusal("CONTENT_NOT_PLACED", f"I could not place the note '{note[:80]}' in the diagram: notes "
                                                      "are not drawn, yet this one says something about the steps. "
                                                      "Write it as a connection (e.g. 'User -> Server: login again') "
                                                      "or leave the note out.")
