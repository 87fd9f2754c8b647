"""Two steps drawn from words that may be one step's or two steps' (the check's rule; the drafter never
calls this module): "unit and integration tests", "Design & Legal review" drawn as 'unit' and
'integration tests' (or 'Design' and 'Legal review'). The first word may take the last step's noun
("unit tests") or not; which is meant is a guess, so the drawing is refused with a rewrite. A word that
is a step on its own ("lint and unit tests") is no such case (parallel_words.py holds both lists).
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .parallel_words import SHARED_HEAD_NOUNS, STANDALONE_STEPS


def refuse_shared_head(intent: str, nodes: list[str]) -> None:
    """Refuse a drawn single word and a drawn 'Y <noun>' said as the pair "<word> and/&/+ Y <noun>"."""
    drawn = {n.strip().lower() for n in nodes}
    for single in drawn:
        if " " in single or single in STANDALONE_STEPS or not re.fullmatch(r"[\w-]+", single):
            continue
        # a pair only: in a longer list ("pricing, tax and fraud checks") the names before read as steps of their own
        for said in re.finditer(rf"(?<![\w-])(?<!,\s){re.escape(single)}\s*(?:,\s*)?(?:and|&|\+)\s+(?P<rest>[\w-]+(?:\s+[\w-]+){{0,2}}?)\s+"
                                r"(?P<noun>[\w-]+)(?![\w-])", intent, re.IGNORECASE):
            noun = said.group("noun").lower()
            other = f"{said.group('rest')} {said.group('noun')}".lower()
            if noun in SHARED_HEAD_NOUNS and other in drawn:
                raise EngineRefusal(
                    "NODE_NOT_IN_INTENT",
                    f"'{single}' and '{other}' may share the word '{noun}' ('{single} {noun}') or not; write each step in "
                    f"full, e.g. '{single} {noun} and {other}', or '{single}, {other}' if '{single}' is a step on its own.")
