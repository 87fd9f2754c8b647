"""A count the intent states for the whole diagram must be the number of nodes drawn.

"Org chart with 3 people: Lee manages Kim, Park and Choi" names four people: one of the names, or
the count, is wrong, and drawing four answers a question the intent did not ask. Only a count of the
diagram itself is held to this ("a state machine with 3 states", "a 4-step process", "the team of 5
people"); a count inside a relation ("Lee manages 3 people: …") counts a part, and is checked by the
list rule of faithfulness.py.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_NUMBERS = {w: n for n, w in enumerate(
    "one two three four five six seven eight nine ten eleven twelve".split(), start=1)}
_N = r"(?P<n>\d{1,2}|" + "|".join(_NUMBERS) + ")"
_WHOLE = r"(?:chart|diagram|graph|flow(?:chart)?|process|pipeline|workflow|machine|structure|team|org|journey|map|tree)"
_NOUN = r"(?P<noun>people|persons|members|employees|steps|stages|states|services|nodes|boxes|components|phases|" \
        r"actors|systems|tasks)"
_STATED_COUNT_RES = (
    re.compile(rf"\b{_WHOLE}\s+(?:with|of|having)\s+(?:exactly\s+|just\s+|only\s+)?{_N}\s+{_NOUN}\b", re.IGNORECASE),
    re.compile(rf"\b{_N}[- ](?P<noun>step|stage|state|phase)\s+(?:process|flow|pipeline|workflow|machine|"
               rf"runbook|procedure|diagram|flowchart)\b", re.IGNORECASE),
    # "a traffic signal cycles through three states": the machine's states, all of them
    re.compile(rf"\b(?:cycles|goes|moves|passes|switches)\s+(?:through|between)\s+{_N}\s+(?:different\s+)?"
               rf"(?P<noun>states|stages|phases)\b", re.IGNORECASE),
)


def refuse_count_mismatch(intent: str, nodes: list[str]) -> None:
    """Raise EngineRefusal when the intent counts the diagram's nodes and the drawing has another number."""
    for pattern in _STATED_COUNT_RES:
        match = pattern.search(intent)
        if match is None:
            continue
        word = match.group("n").casefold()
        stated = int(word) if word.isdigit() else _NUMBERS[word]
        if stated != len(nodes):
            raise EngineRefusal("CONTENT_NOT_PLACED", (
                f"The intent says '{match.group(0)}' but names {len(nodes)}: which count is right is not "
                f"certain. Make the count match the names, or leave the count out."))
