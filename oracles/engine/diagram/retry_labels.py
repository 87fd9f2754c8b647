"""A retry kept inside an edge label, with no loop drawn: "run migration. if it fails retry up to 3
times, then alert #ops-oncall" drawn as run migration -> alert #ops-oncall labelled "if it fails retry
up to 3 times". The label says the step is tried again, but the diagram has no way back: the loop is
lost, so the answer is refused with where the retry goes left for the writer to say.

A label on an edge that closes a loop may say so ("wrong password, try again" on verify -> enter
password), and a count of retries is an exit's condition, not a retry ("after 3 failed retries",
"after the third retry"): both are left alone.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .model import node_key
from .vocabulary import ORDINALS

_COUNT_RE = re.compile(r"^(?:\d{1,2}(?:st|nd|rd|th)?|one|two|three|four|five|six|seven|eight|nine|ten|"
                       + "|".join(ORDINALS) + ")$", re.IGNORECASE)
# "retry", "re-try", "try again", "try it again", "call again", "once more"
_RETRY_RE = re.compile(r"\b(?:re-?try\b|try(?:\s+it)?\s+again\b|\w+\s+again\b|(?:\w+\s+)?once\s+more\b)", re.IGNORECASE)


# outcomes said "again" ("fails again", "times out again"): a condition, not a retry
_OUTCOMES = frozenset("""fails fail failed failing declines declined errors errored breaks broke crashes crashed rejects
    rejected bounces bounced out happens occurs is are was were""".split())


def _retry_in(label: str) -> str | None:
    """The retry a label says, if any; a count before it ("3 failed retries", "the third retry") makes it an
    exit's condition, not a retry."""
    for found in _RETRY_RE.finditer(label):
        before = label[: found.start()].split()[-2:]
        first = found.group(0).split()[0].casefold()
        if first in _OUTCOMES:  # "if it fails again": how the retry turned out, the exit's condition
            continue
        if not any(_COUNT_RE.match(word) for word in before):
            return found.group(0)
    return None


def _closes_loop(edges: list[tuple[str, str, str | None]], tail: str, head: str) -> bool:
    """Whether the edge tail -> head is a way back: its head leads back to its tail (or it is a self-loop)."""
    heads: dict[str, set[str]] = {}
    for t, h, _ in edges:
        heads.setdefault(node_key(t), set()).add(node_key(h))
    goal, seen, todo = node_key(tail), {node_key(head)}, [node_key(head)]
    while todo:
        current = todo.pop()
        if current == goal:
            return True
        for nxt in heads.get(current, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def refuse_retry_in_label(edges: list[tuple[str, str, str | None]]) -> None:
    for tail, head, label in edges:
        found = _retry_in(label or "")
        if found and not _closes_loop(edges, tail, head):
            raise EngineRefusal("EDGE_LABEL_WRONG", (
                f"The label of {tail} -> {head} holds '{found}', a retry, but no way back is drawn. "
                "Say which step is tried again and what happens after the last try, e.g. 'if it fails, go back "
                "to <step> (at most 3 times); after the third failure, <step>'."))


# "if it fails, call again, then page ops" drawn as run job -> call -> page ops: the step named before "again"
_AGAIN_AFTER = r"\s+(?:it\s+|them\s+|that\s+)?(?:again|once\s+more|one\s+more\s+time)\b"


def refuse_repeat_drawn_as_new_step(intent: str, nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    """A step said again ("call again", "run it again") drawn as a new step with no way back is refused: the
    repeat is a loop to an earlier step, and which step that is the drawing leaves out."""
    for label in nodes:
        words = label.split()
        if not words:
            continue
        said = r"\s+".join(re.escape(word) for word in words)
        if not re.search(rf"(?<!\w){said}{_AGAIN_AFTER}", intent, re.IGNORECASE):
            continue
        if any(node_key(head) == node_key(label) and _closes_loop(edges, tail, head) for tail, head, _ in edges):
            continue  # the repeat is drawn as the way back to the step
        raise EngineRefusal("NODE_NOT_IN_INTENT", (
            f"The intent says '{label}' again, which repeats an earlier step, but the diagram draws '{label}' as a new "
            "step with no way back. Say which step is repeated, e.g. 'if it fails, go back to <step> (at most 3 "
            "times); after the third failure, <step>'."))
