"""Check rules for actor sequences, applied after the check's own reading (so its more precise reasons
come first): a drawn node that is a clause whose receiver is only a pronoun ("the API sends it a token"
drawn as the node 'API sends it a token') is a message whose receiver the intent leaves to a guess, not
a part's name."""

from __future__ import annotations

from ..contracts import EngineRefusal
from .actor_glue import ACTOR_VERBS
from .message_object_words import NOT_A_PARTY

_DETERMINERS = frozenset("the a an our my their its this that each every".split())
_PRONOUN_OBJECTS = frozenset("it them him her us me".split())


def refuse_pronoun_receiver_in_node(nodes: list[str]) -> None:
    for label in nodes:
        words = label.split()
        for index in range(1, len(words) - 1):
            if words[index].casefold() in ACTOR_VERBS and words[index + 1].casefold() in _PRONOUN_OBJECTS \
                    and words[index - 1].casefold() not in _DETERMINERS | NOT_A_PARTY:
                raise EngineRefusal("NODE_HOLDS_RELATION", (
                    f"The node '{label}' is a sentence ('{words[index]} {words[index + 1]} …'), not a part's name, and "
                    f"'{words[index + 1]}' leaves who receives it to a guess. Name the receiver, e.g. "
                    f"'{' '.join(words[:index])} {words[index]} {' '.join(words[index + 2:]) or 'the reply'} to the client'."))


def _parts(nodes: list[str], edges: list[tuple[str, str, str | None]]) -> list[set[str]]:
    parts: list[set[str]] = [{n} for n in nodes]
    for tail, head, _ in edges:
        a = next(p for p in parts if tail in p)
        b = next(p for p in parts if head in p)
        if a is not b:
            a |= b
            parts.remove(b)
    return parts


def refuse_split_messages(nodes: list[str], edges: list[tuple[str, str, str | None]]) -> None:
    """Messages between parties (every arrow labelled, some label opening with an actor's verb) that fall
    into groups no message joins: "the browser sends a POST to /signup, and the django view writes the
    user to postgres" names the receiving party twice, as '/signup' and 'django view' — which one is meant
    is a guess."""
    if len(edges) < 2 or any(not label for _, _, label in edges):
        return
    if not any(label.split()[0].casefold() in ACTOR_VERBS for _, _, label in edges if label and label.split()):
        return
    # (a part drawn with no arrow at all, a group's lone member, is no message's: not counted here)
    parts = _parts([n for n in nodes if any(n in (t, h) for t, h, _ in edges)], edges)
    if len(parts) > 1:
        first, second = (sorted(p) for p in parts[:2])
        raise EngineRefusal("UNREADABLE_RELATION", (
            f"No message joins {', '.join(repr(n) for n in first)} to {', '.join(repr(n) for n in second)}: a party "
            "may be named twice under two names. Say who receives each message with one name, e.g. 'the browser "
            "sends a POST to the django view; the django view writes the user to postgres'."))
