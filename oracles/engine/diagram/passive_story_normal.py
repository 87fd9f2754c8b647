"""The check's own reading of a process told in the passive about one thing (words shared with the
drafter in passive_story_words.py, the reading here its own): it walks the words, cuts clauses at
punctuation, "then" and "and", and drops "it is"/"they are" before a step only when the first clause
says the one thing ("The order is picked by …") and every later clause is a participle said of it.
Anything else in the story (another subject, a condition, a choice, a relative clause) leaves the
intent as written, so a node that keeps or guesses the pronoun is refused as before."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .passive_story_words import (
    IRREGULAR_PARTICIPLES,
    NOT_ONE_THING,
    PLURAL_AUXILIARY,
    PLURAL_SUBJECT,
    SINGULAR_AUXILIARY,
    SINGULAR_SUBJECT,
    STEP_JOINERS,
    SUBJECT_MAX_WORDS,
)

_WORD_RE = re.compile(r"[A-Za-z][\w'’-]*|[,.;!?:]")
_BREAKS = frozenset(",.;!?:")


def _clauses(words: list[str]) -> list[list[int]]:
    """Word positions of each clause: cut at punctuation, "then" and "and"; joiners left out."""
    clauses: list[list[int]] = [[]]
    for index, word in enumerate(words):
        if word in _BREAKS or word in {"then", "and"}:
            clauses.append([])
        elif clauses[-1] or word not in STEP_JOINERS:
            clauses[-1].append(index)
    return [clause for clause in clauses if clause]


def _said_of_it(words: list[str], clause: list[int], pronouns: list[list[str]]) -> tuple[int, int] | None | bool:
    """(start, end) of the pronoun and its auxiliary, None when the clause has none; False when the
    clause is not a step said of the one thing."""
    said = [words[i] for i in clause]
    span: tuple[int, int] | None = None
    for pronoun in pronouns:
        if said[:len(pronoun)] == pronoun:
            span, said = (clause[0], clause[len(pronoun) - 1]), said[len(pronoun):]
            break
    if not said or not (said[0].endswith("ed") or said[0] in IRREGULAR_PARTICIPLES):
        return False
    if set(said) & (NOT_ONE_THING | {"it", "they", "is", "are"}):
        return False
    return span


def passive_story_normal_form(intent: str) -> str:
    """The story with the one thing's pronoun dropped before each step, or the intent unchanged."""
    found = list(_WORD_RE.finditer(intent))
    words = [m.group().casefold().replace("’", "'") for m in found]
    # "it's" is one word here; the pronoun lists say it as one
    clauses = _clauses(words)
    if len(clauses) < 2:
        return intent
    first = [words[i] for i in clauses[0]]
    aux = next((i for i, w in enumerate(first) if w in SINGULAR_AUXILIARY | PLURAL_AUXILIARY), None)
    if aux is None or not 1 <= aux <= SUBJECT_MAX_WORDS or first[0] in STEP_JOINERS:
        return intent
    after = [w for w in first[aux + 1:] if w != "first"]  # "is first screened by HR"
    part = after[0] if after else ""
    if not (part.endswith("ed") or part in IRREGULAR_PARTICIPLES) or set(first) & NOT_ONE_THING:
        return intent
    said = SINGULAR_SUBJECT if first[aux] in SINGULAR_AUXILIARY else PLURAL_SUBJECT
    pronouns = [p.split() for p in said]
    spans = [_said_of_it(words, clause, pronouns) for clause in clauses[1:]]
    if any(span is False for span in spans):
        return intent
    cut = [span for span in spans if isinstance(span, tuple)]
    if not cut:
        return intent
    text = intent
    for start, end in reversed(cut):  # from the end, so earlier positions stay right
        text = text[:found[start].start()] + text[found[end].end():].lstrip()
    return text


def refuse_pronoun_subject_in_node(nodes: list[str]) -> None:
    """Refuse a step drawn with its pronoun subject kept ('it's packed by them', "they're interviewed"):
    which thing it means is not said in the node, and dropping it is only read in a story of one thing."""
    pronouns = [p.split() for p in SINGULAR_SUBJECT + PLURAL_SUBJECT]
    for label in nodes:
        words = [m.group().casefold().replace("’", "'") for m in _WORD_RE.finditer(label)]
        if any(words[:len(p)] == p and len(words) > len(p) for p in pronouns):
            raise EngineRefusal("NODE_NOT_IN_INTENT", f"The node '{label}' starts with a pronoun; which thing it "
                                                      "means is not said. Say each step of one thing, e.g. 'the order "
                                                      "is picked by the warehouse, then packed by the packing team'.")
