"""Connecting words of other languages inside a drawn name.

The check's grammar knows English glue ("and", "when", "then"); a Spanish, French, German,
Portuguese or Dutch connector inside a node name ("Pruebas unitarias y Análisis estático",
"cuando ambos terminan") means two steps were drawn as one, or a condition was drawn as a step. The
check refuses it rather than reading the name as whole.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

# "y"/"und"/"et"/"oder"/"ou"/"en"/"of"(nl) between two words: left out are "e"/"o" (letters, Italian/Portuguese
# and a name's initial) and the Dutch "of", which is English too
_JOINING_RE = re.compile(r"\S\s+(?P<word>y|und|et|oder|ou|en|sowie|puis|luego|dann|danach|después|ensuite|depois)\s+\S",
                         re.IGNORECASE)
_CONDITION_START_RE = re.compile(
    r"^(?P<word>cuando|si|wenn|falls|sobald|quand|lorsque|dès\s+que|quando|caso|als|wanneer|zodra|una\s+vez\s+que)\s",
    re.IGNORECASE)


def refuse_foreign_glue(nodes: list[str]) -> None:
    """Raise EngineRefusal for a node holding another language's connector or opening with its condition word."""
    for label in nodes:
        opening = _CONDITION_START_RE.match(label.strip())
        if opening:
            raise EngineRefusal("NODE_HOLDS_CONDITION", (
                f"The node '{label}' opens with '{opening.group('word')}', a condition, not a step. Put the "
                "condition on the arrow it guards, e.g. 'A -> B: cuando ambos terminan', or write it in English."))
        joined = _JOINING_RE.search(label)
        if joined and len(label.split()) >= 3:
            raise EngineRefusal("NODE_HOLDS_RELATION", (
                f"The node '{label}' holds '{joined.group('word')}', which joins two steps: each step is a node of its "
                "own. Write them apart, e.g. 'A -> B' and 'A -> C', or write the connection in English."))
