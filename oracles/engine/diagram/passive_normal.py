"""The check's own reading of relations said in the passive (the drafter's is passive_forms.py):
"A is used by B and C" → "B and C uses A"; "M is sent by B to C" → "B sends M to C", M the label.

Read word by word: the word before "by" is a participle of passive_words.py, after "is"/"are"/"get(s)";
the words before are the object, the words after the agents, up to "to"/"into" (the receiver of a
message). Only in an intent with no sequence word (a process names its steps in the passive: "the
order is packed by the warehouse, then …" keeps its clauses as steps), only when every name is a
short name without a pronoun: "it is used by them" is left as written and refused."""

from __future__ import annotations

import re

from .passive_words import MESSAGE_PARTICIPLES, NOT_A_NAME, NOT_AN_AGENT, RELATION_PARTICIPLES, SEQUENCE_WORDS

_BE = frozenset({"is", "are", "gets", "get"})
_LIST_WORDS = frozenset({"and", "&"})
_MAX_NAME_WORDS = 5


def _short_names(words: list[str]) -> bool:
    """A list of names: each piece (between commas / "and") has 1..5 words, no pronoun, no verb."""
    pieces: list[list[str]] = [[]]
    for word in words:
        bare = word.rstrip(",")
        if bare.casefold() in _LIST_WORDS:
            pieces.append([])
            continue
        if bare:
            pieces[-1].append(bare)
        if word.endswith(","):
            pieces.append([])
    pieces = [p for p in pieces if p]
    if not pieces:
        return False
    for piece in pieces:
        low = [w.casefold() for w in piece]
        if len(piece) > _MAX_NAME_WORDS or set(low) & NOT_A_NAME or set(low) & {"is", "are", "was", "were", "be", "by"}:
            return False
        if low[-1].endswith("ed"):
            return False
    return True


def _sentence_active(sentence: str) -> tuple[str, str] | None:
    text = sentence.strip()
    end = text[-1] if text and text[-1] in ".;!" else ""
    words = text[:len(text) - len(end)].split()
    if any(":" in w for w in words):
        return None
    by_at = [i for i, w in enumerate(words) if w.casefold() == "by"]
    if len(by_at) != 1:
        return None
    at = by_at[0]
    if at < 3:
        return None
    participle = words[at - 1].casefold()
    be_at = at - 3 if words[at - 2].casefold() == "also" else at - 2
    if be_at < 1 or words[be_at].casefold() not in _BE:
        return None
    obj, after = words[:be_at], words[at + 1:]
    if {w.strip(",").casefold() for w in after} & NOT_AN_AGENT:
        return None  # "sent by email to …": the means, not a party
    if "," in " ".join(obj) or not _short_names(obj):
        return None
    receiver_at = next((i for i, w in enumerate(after) if w.casefold() in {"to", "into"}), None)
    if participle in RELATION_PARTICIPLES:
        if receiver_at is not None or not _short_names(after):
            return None
        verb = RELATION_PARTICIPLES[participle]
        return f"{' '.join(after)} {verb} {' '.join(obj)}{end}", verb
    if participle in MESSAGE_PARTICIPLES and receiver_at:
        agents, receiver = after[:receiver_at], after[receiver_at + 1:]
        if "," in " ".join(agents) or not _short_names(agents) or not _short_names(receiver) or len(obj) > _MAX_NAME_WORDS:
            return None
        verb = MESSAGE_PARTICIPLES[participle]
        return f"{' '.join(agents)} {verb} {' '.join(obj)} to {' '.join(receiver)}{end}", verb
    return None


def _asks_for_the_stated_direction(sentence: str, verbs: set[str]) -> bool:
    """'Draw arrows from each service to what it uses.' after 'A is used by B': the arrow B -> A it asks for
    is the one the sentence states, so it adds nothing to place."""
    words = re.findall(r"[a-z]+", sentence.casefold())
    return len(words) >= 8 and words[0] == "draw" and ("arrows" in words[:3] or "arrow" in words[:3]) \
        and words[-3:-1] == ["what", "it"] and words[-1] in verbs and "from" in words and "to" in words \
        and words[words.index("from") + 1] in {"each", "every", "the"}


def passive_normal_form(intent: str) -> str:
    words = set(re.findall(r"[a-z']+", intent.casefold()))
    if words & SEQUENCE_WORDS or any(arrow in intent for arrow in ("->", "→", "=>")):
        return intent
    sentences = re.split(r"(?<=[.;!])\s+|\n+", intent.strip())
    actives = [_sentence_active(s) for s in sentences]
    verbs = {a[1] for a in actives if a}
    if not verbs:
        return intent
    kept = [a[0] if a else s for s, a in zip(sentences, actives, strict=True)
            if a or not _asks_for_the_stated_direction(s, verbs)]
    return " ".join(kept)
