"""The check's own reading of a message given with two objects (the drafter's is message_objects.py;
the words are message_object_words.py): "S hands O M" → "S -> O: M", when O is a party the intent
also names as the subject of a clause of its own ("the customer tells the barista their order; … the
barista hands the customer the coffee"). O is the longest such run of words after the verb; "that"
before a told clause is dropped ("tells the app that it succeeded" → "the app: it succeeded"). A clause
is read between sentence marks and the commas or "and"s that open a new clause; the rewritten one
becomes a sentence of its own, so the order word before it ("then") says nothing more. A receiver said
after "to" is the plain form and is never rewritten; a pronoun is never a party."""

from __future__ import annotations

import re

from .actor_glue import ACTOR_VERBS
from .message_object_words import GIVING_VERBS, MESSAGE_MAX_WORDS, NOT_A_PARTY, NOT_IN_A_MESSAGE, RECEIVER_PREPOSITIONS

_PARTY_MAX_WORDS = 4
_SUBJECT_MAX_WORDS = 4
_OPENERS = frozenset("then and so finally next first".split())
# where a clause begins inside a sentence: ", ", ", and ", ", then ", ", and then ", " and then "
_CLAUSE_SPLIT_RE = re.compile(r"(,\s*(?:and\s+)?(?:then\s+)?|\s+and\s+then\s+)")
_WORD_RE = re.compile(r"[\w'’-]+")


def _subject_of_a_clause(party: list[str], intent: str, at: int) -> bool:
    """Whether the party opens a clause of its own elsewhere: after a sentence mark, a comma or an order
    word, (an article,) its words, then an actor verb."""
    bare = party[1:] if party[0].casefold() == "the" else party
    if not bare:
        return False
    name = r"\s+".join(re.escape(w) for w in bare)
    pattern = rf"(?:^|[.;:,\n]\s*|\b(?:and|then)\s+)(?:the\s+)?{name}\s+(?P<verb>[\w-]+)\b"
    for match in re.finditer(pattern, intent, re.IGNORECASE):
        if match.start() <= at < match.end():
            continue
        if match.group("verb").casefold() in ACTOR_VERBS:
            return True
    return False


def _arrow(clause: str, intent: str, at: int) -> str | None:
    words = clause.split()
    lead: list[str] = []
    while words and words[0].casefold() in _OPENERS:
        lead.append(words.pop(0))
    for index in range(1, min(len(words), _SUBJECT_MAX_WORDS + 1)):
        if words[index].casefold() not in GIVING_VERBS:
            continue
        subject, rest = words[:index], words[index + 1:]
        if {w.casefold() for w in subject} & NOT_A_PARTY or not all(_WORD_RE.fullmatch(w) for w in subject):
            return None
        if any(w.casefold() in RECEIVER_PREPOSITIONS or w.casefold() in NOT_IN_A_MESSAGE for w in rest):
            return None
        for size in range(min(_PARTY_MAX_WORDS + 1, len(rest) - 1), 0, -1):
            party, message = rest[:size], rest[size:]
            if {w.casefold() for w in party} & NOT_A_PARTY or not all(_WORD_RE.fullmatch(w) for w in party):
                continue
            if not _subject_of_a_clause(party, intent, at):
                continue
            if message[0].casefold() == "that":
                message = message[1:]
            if not message or len(message) > MESSAGE_MAX_WORDS:
                return None
            return f"{' '.join(subject)} -> {' '.join(party)}: {' '.join(message)}"
        return None
    return None


def message_object_normal_form(intent: str) -> str:
    if not re.search(rf"\b(?:{'|'.join(sorted(GIVING_VERBS))})\b", intent, re.IGNORECASE):
        return intent
    out: list[str] = []
    offset = 0
    changed = False
    for sentence in re.split(r"((?:[.;](?=\s|$)|\n)\s*)", intent):
        pieces = _CLAUSE_SPLIT_RE.split(sentence)
        clauses, separators = pieces[::2], ["", *pieces[1::2]]
        arrows = [_arrow(c, intent, offset + sentence.find(c)) if c.strip() else None for c in clauses]
        offset += len(sentence)
        if not any(arrows):
            out.append(sentence)
            continue
        changed = True
        text = ""
        for i, (clause, separator, arrow) in enumerate(zip(clauses, separators, arrows, strict=True)):
            if i and (arrow or arrows[i - 1]):
                separator = ". "  # the arrow is a sentence of its own
            trailing = re.match(r"^(.*?)(\s*)$", clause, re.DOTALL)
            text += separator + (arrow + trailing.group(2) if arrow else clause)  # type: ignore[union-attr]
        out.append(text)
    return "".join(out) if changed else intent
