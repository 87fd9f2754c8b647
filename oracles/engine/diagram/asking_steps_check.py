"""The check's reading of a step that asks: "then check if it has doubled. If not doubled, wait another hour
…; when doubled, mix the dough". The node 'check if it has doubled' holds "if", but the "if" right after the
asking verb opens what is asked, not a condition on the step: with two or more labelled arrows out of it (its
answers, each checked by the grammar like any other), it is the question, drawn as a step.

Only "<verb> if …" / "<verb> whether …" with the verb first ("check if", "see whether"); a condition later in
the name ("check the logs if it fails"), a single arrow out, or unlabelled arrows leave the node refused as
before."""

from __future__ import annotations

from .checked_question_words import ASKED_OPENERS, ASKING_VERBS

_MIN_ANSWERS = 2


def asking_step(words: list[str], key: str, edges: dict[tuple[str, str], str]) -> bool:
    """Whether the node `key` (its words `words`) asks "check if …" and its drawn arrows answer it."""
    if len(words) < 3 or words[0] not in ASKING_VERBS or words[1] not in ASKED_OPENERS:
        return False
    answers = [label for (tail, _), label in edges.items() if tail == key]
    return len(answers) >= _MIN_ANSWERS and all(answers)
