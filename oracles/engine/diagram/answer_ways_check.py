"""The check's rule for a way out of a question that no answer names: "3. More items in queue? yes → back to step
1; no → Shut down worker\n4. Log the run" drawn with a third, unlabelled arrow 'More items in queue?' → 'Log the run'.
A step whose arrows carry both answers of a pair ("yes" and "no", "true" and "false") is a question whose ways out
are all said, so a further arrow out of it with no answer is a way the intent never says, and is refused. With one
answer said ("Needs changes? If yes, go back to step 1." then "4. Publish article") the other way is the next
step, unlabelled, and stays.
Read from the drawing only (check side), after every other rule."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_ANSWER_RE = re.compile(r"^\s*(?:yes|no|y|n|true|false)\s*[.!]?\s*$", re.IGNORECASE)
_PAIR_OF = {"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False}


def refuse_unanswered_way_out(edges: list[tuple[str, str, str | None]]) -> None:
    """Raise when a step with answer-labelled arrows also has an arrow out with no label."""
    said: dict[str, set[str]] = {}
    for tail, _, label in edges:
        if label and _ANSWER_RE.match(label):
            said.setdefault(tail, set()).add(_PAIR_OF[label.strip(" .!").casefold()])
    answered = {tail for tail, kinds in said.items() if kinds == {True, False}}
    for tail, head, label in edges:
        if tail in answered and not (label or "").strip():
            answers = sorted({lbl.strip() for t, _, lbl in edges if t == tail and lbl and _ANSWER_RE.match(lbl)})
            raise EngineRefusal("EDGE_NOT_IN_INTENT", (
                f"'{tail}' is a question answered {' / '.join(repr(a) for a in answers)}, but the arrow to '{head}' "
                f"carries no answer. Say which answer leads there, e.g. '{tail} {answers[0]} -> {head}', or what "
                f"comes before '{head}'."))


def refuse_answer_split_over_a_choice(intent: str, edges: list[tuple[str, str, str | None]]) -> None:
    """ "Valid? yes -> save or show error": the answer leads to a choice between two steps, drawn as the answer to
    the first and an unanswered way to the second (a 'no' the intent never says). Which step the answer leads to
    is not said, so the drawing is refused."""
    flat = " ".join(intent.split())
    for tail, head, label in edges:
        if not label or not _ANSWER_RE.match(label):
            continue
        for other_tail, other_head, other_label in edges:
            if other_tail != tail or other_head == head or (other_label or "").strip():
                continue
            said = re.search(rf"\b{re.escape(label.strip())}\s*(?:->|→|=>|:)\s*{re.escape(head)}\s*,?\s+or\s+"
                             rf"{re.escape(other_head)}\b", flat, re.IGNORECASE)
            if said:
                raise EngineRefusal("EDGE_NOT_IN_INTENT", (
                    f"'{label.strip()}' leads to '{head} or {other_head}', but the drawing gives '{other_head}' a way of "
                    f"its own that no answer names. Say where each answer goes, e.g. '{tail} {label.strip()} -> {head}; "
                    f"no -> {other_head}'."))
