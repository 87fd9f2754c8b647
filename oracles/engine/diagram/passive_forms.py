"""The drafter's reading of relations said in the passive: "Redis is used by the Session Service and
the Rate Limiter" is "the Session Service and the Rate Limiter uses Redis"; "The request is sent by
the client to the server" is "the client sends The request to the server" (what travels is the
label). Rewritten before the relation sentences are read (reading.py), only in an intent that is a
set of relations, not a process: there a passive clause is a step's name ("the order is packed by
the warehouse, then …"). The check reads the same wordings on its own (passive_normal.py)."""

from __future__ import annotations

import re

from .passive_words import MESSAGE_PARTICIPLES, NOT_A_NAME, NOT_AN_AGENT, RELATION_PARTICIPLES, SEQUENCE_WORDS

_PASSIVE_RE = re.compile(
    r"^(?P<obj>[^,;:]+?)\s+(?:is|are|gets|get)\s+(?:also\s+)?(?P<part>[a-z]+)\s+by\s+(?P<agents>[^;:]+?)"
    r"(?:\s+(?:to|into)\s+(?P<target>[^,;:]+?))?\s*(?P<end>[.;!]?)$", re.IGNORECASE)
_SENTENCE_END_RE = re.compile(r"(?<=[.;!])\s+|\n+")
# "Draw arrows from each service to what it uses.": says the edges go agent -> object, as read
_AGREEING_DIRECTION_RE = re.compile(
    r"^(?:please\s+)?draw\s+(?:the\s+)?arrows?\s+from\s+(?:each|every|the)\s+[\w-]+\s+to\s+(?:what|whatever)\s+it\s+"
    r"(?P<verb>[a-z]+)\s*\.?$", re.IGNORECASE)
_NAME_SPLIT_RE = re.compile(r",\s*(?:and\s+)?|\s+and\s+|\s*&\s*", re.IGNORECASE)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z']+", text.casefold())


def _names(text: str) -> bool:
    """Every piece of a name list is a short name: no pronoun, no verb said after it."""
    pieces = [p for p in _NAME_SPLIT_RE.split(text) if p.strip()]
    return bool(pieces) and all(
        0 < len(_words(p)) <= 5 and not set(_words(p)) & NOT_A_NAME
        and not re.search(r"\b(?:is|are|was|were|be|by)\b|\w+ed$", p.strip(), re.IGNORECASE) for p in pieces)


def _active(sentence: str) -> tuple[str, str] | None:
    """The sentence said in the active, and its verb; None when it is not a passive relation."""
    match = _PASSIVE_RE.match(sentence.strip())
    if not match:
        return None
    part, target = match.group("part").casefold(), match.group("target")
    obj, agents, end = match.group("obj").strip(), match.group("agents").strip(), match.group("end")
    if not _names(agents) or set(_words(agents)) & NOT_AN_AGENT or len(_words(obj)) > 5 or set(_words(obj)) & NOT_A_NAME:
        return None
    if part in RELATION_PARTICIPLES and target is None and _names(obj):
        verb = RELATION_PARTICIPLES[part]
        return f"{agents} {verb} {obj}{end}", verb
    if part in MESSAGE_PARTICIPLES and target is not None and _names(target) and "," not in agents:
        verb = MESSAGE_PARTICIPLES[part]
        return f"{agents} {verb} {obj} to {target}{end}", verb
    return None


def passive_relations_active(intent: str) -> str:
    """Each passive relation sentence said in the active; the intent unchanged when any sentence is a
    process's (a sequence word) or when none is passive."""
    if set(_words(intent)) & SEQUENCE_WORDS or re.search(r"->|→|=>", intent):
        return intent
    pieces = _SENTENCE_END_RE.split(intent.strip())
    rewritten = [_active(p) for p in pieces]
    verbs = {r[1] for r in rewritten if r}
    if not verbs:
        return intent
    out = []
    for piece, active in zip(pieces, rewritten, strict=True):
        agreeing = _AGREEING_DIRECTION_RE.match(piece.strip())
        if agreeing and agreeing.group("verb").casefold() in verbs:
            continue  # the direction it asks for is the one the sentences state
        out.append(active[0] if active else piece)
    return " ".join(out)
