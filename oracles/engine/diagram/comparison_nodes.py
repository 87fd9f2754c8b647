"""A node drawn as a comparison is a condition, not a step (a check rule; faithfulness.check_faithful).

"score > 90 -> A; score > 80 -> B; else -> C" was drawn with a step 'score > 90' leading to A and
'score > 80' as the label of A -> B: the same kind of phrase read once as a step, once as a condition.
A name that compares two things with a sign ("score > 90", "temp <= 18", "status == paid") says when
a way is taken; drawn as a plain step it hides the question it asks. Drawn as a question ("score >
90?", a decision with its answers) it is one, and stays; a name that only holds a sign inside a code
or a range without a left side ("<200ms", "x86->arm") is no comparison here."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .case_words import DECIDING_VERBS

# the whole name is a comparison: a left side of one or two words, a sign, a right side of one or two
# ("score > 90", "order.total >= 500", "status == 'paid'"); "Verify free space > 20%" is a step that
# checks one, and keeps its verb (so does "check score > 90")
_SIGN = r"(?:>=|<=|==|!=|≥|≤|(?<![-=<>])>(?![=>])|(?<![<=-])<(?![=<-]))"
_COMPARISON_RE = re.compile(rf"^[\w.'\"()\[\]]+(?:\s+[\w.'\"()\[\]]+)?\s*{_SIGN}\s*[\w.'\"%°$€£()-]+(?:\s+[\w.'\"%°()-]+)?$")


def refuse_comparison_as_step(nodes: list[str]) -> None:
    """Raise when a node that is not a question compares two things."""
    for label in nodes:
        text = label.strip()
        if text.endswith("?") or not _COMPARISON_RE.match(text) or text.split()[0].casefold() in DECIDING_VERBS:
            continue
        raise EngineRefusal("NODE_HOLDS_CONDITION", f"The node '{label}' compares two things, so it reads as a "
                                                    "condition, not a step. Put it on the connection it guards, e.g. "
                                                    "'check score -> A when score > 90', or draw it as a question: "
                                                    "'score > 90? yes -> A; no -> B'.")
