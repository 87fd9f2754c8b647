"""The drafter's reading of a process told in the passive about one thing (words in
passive_story_words.py): "The order is picked by the warehouse, then it's packed by the packing team,
and then labeled by the shipping desk." is read as the steps 'order is picked by the warehouse' ->
'packed by the packing team' -> 'labeled by the shipping desk': the pronoun "it's" is dropped, as
the third step already says it without one. Only when the story names exactly one thing (its first
step's subject) and every clause is a step said of it; otherwise the intent is left as written (and
a pronoun kept in a node is refused by the check)."""

from __future__ import annotations

import re

from .passive_story_words import (
    IRREGULAR_PARTICIPLES,
    NOT_ONE_THING,
    PLURAL_SUBJECT,
    SINGULAR_AUXILIARY,
    SINGULAR_SUBJECT,
    STEP_JOINERS,
    SUBJECT_MAX_WORDS,
)

_CLAUSE_SPLIT_RE = re.compile(r"\s*[,.;!]\s*|\s+(?:and\s+)?then\s+|\s+and\s+")
_FIRST_STEP_RE = re.compile(r"^(?P<subject>[a-z][\w'-]*(?:\s+[\w'-]+)*?)\s+(?P<aux>is|are|gets|get)\s+(?:first\s+)?(?P<part>[a-z]+)\b")


def _participle(word: str) -> bool:
    return word.endswith("ed") or word in IRREGULAR_PARTICIPLES


def _pronouns(number: str) -> tuple[str, ...]:
    return SINGULAR_SUBJECT if number == "one" else PLURAL_SUBJECT


def _clause_is_step(clause: str, number: str) -> bool:
    """'it's packed by the packing team', 'labeled by the shipping desk': a step said of the thing."""
    words = clause.split()
    while words and words[0] in STEP_JOINERS:
        words = words[1:]
    text = " ".join(words)
    for pronoun in _pronouns(number):
        if text.startswith(pronoun + " "):
            text = text[len(pronoun) + 1:]
            break
    rest = text.split()
    return bool(rest) and _participle(rest[0]) and not set(rest) & NOT_ONE_THING and "it" not in rest and "they" not in rest


def pronoun_steps_plain(intent: str) -> str:
    """The story with "it is"/"they are" dropped before each step, or the intent unchanged."""
    text = intent.strip()
    lowered = text.casefold().replace("’", "'")
    clauses = [c for c in _CLAUSE_SPLIT_RE.split(lowered) if c and not set(c.split()) <= STEP_JOINERS]
    first = _FIRST_STEP_RE.match(clauses[0]) if clauses else None
    if first is None or not _participle(first.group("part")):
        return intent
    subject = first.group("subject").split()
    if len(subject) > SUBJECT_MAX_WORDS or subject[0] in STEP_JOINERS or set(subject) & NOT_ONE_THING:
        return intent
    number = "one" if first.group("aux") in SINGULAR_AUXILIARY else "many"
    first_rest = clauses[0][first.end():].split()
    if set(first_rest) & NOT_ONE_THING or not all(_clause_is_step(c, number) for c in clauses[1:]):
        return intent
    pronoun_re = re.compile(r"\b(?:" + "|".join(re.escape(p).replace("'", "['’]") for p in _pronouns(number)) + r")\s+",
                            re.IGNORECASE)
    return pronoun_re.sub("", text) if pronoun_re.search(text) else intent
