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
