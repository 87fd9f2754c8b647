"""The check's normal form for a follow-up condition (applied by normal_forms.normal_form; the drafter
reads it apart, follow_up_forms.py):

    "Page primary. If no ack within 10 min, page secondary. If still no ack within another 10 min,
    page the manager."  →  "… If no ack within 10 min, page secondary. page secondary -> page the
    manager: if still no ack within another 10 min."

"still" / "again" / "even then" say the second condition is about what the first one led to, so its
arrow leaves the first condition's step. Rewritten only when both sentences are "If C, step." with a
plain step of a few words (no "and", "then", "otherwise", comma …) and the follow-up sentence comes
right after, speaking of the same thing (a word in common: "no ack" / "still no ack"); a chain of
follow-ups leaves each from the step before. Anything else is left as written
(and refused as before by follow_up_conditions.py when drawn from the shared step).
"""

from __future__ import annotations

import re

from .follow_up_words import CONDITION_OPENERS, FOLLOW_UP_PHRASES, NOT_ONE_STEP, NOT_SHARED, SHARED_STEM, STEP_MAX_WORDS

_PIECES = re.compile(r"(?<=[.!?])(\s+)")
_IF_SENTENCE = re.compile(rf"^(?P<kw>{'|'.join(CONDITION_OPENERS)})\s+(?P<cond>[^,;:]+?),\s*(?P<step>[^,;:]+?)\s*\.?$",
                          re.IGNORECASE)
_FOLLOW_UP = re.compile(r"\b(?:" + "|".join(p.replace(" ", r"\s+") for p in FOLLOW_UP_PHRASES) + r")\b", re.IGNORECASE)


def _plain_step(step: str) -> bool:
    words = re.findall(r"[\w'’-]+", step.casefold())
    return 0 < len(words) <= STEP_MAX_WORDS and not set(words) & NOT_ONE_STEP and "->" not in step and "→" not in step


def _stems(condition: str) -> set[str]:
    return {w[:SHARED_STEM] for w in re.findall(r"[\w'’]+", condition.casefold()) if w not in NOT_SHARED}


def follow_up_normal_form(intent: str) -> str:
    """The intent with each follow-up condition said from the step of the condition before it."""
    out: list[str] = []
    previous_step: str | None = None  # the step of the "If C, step." sentence just before
    previous_condition = ""
    for piece in _PIECES.split(intent):
        if not piece.strip():
            out.append(piece)
            continue
        sentence = _IF_SENTENCE.match(piece.strip())
        if sentence is None or not _plain_step(sentence.group("step")):
            previous_step = None
            out.append(piece)
            continue
        step = sentence.group("step")
        if previous_step is not None and _FOLLOW_UP.search(sentence.group("cond")) \
                and _stems(sentence.group("cond")) & _stems(previous_condition):
            ending = "." if piece.rstrip().endswith(".") else ""
            out.append(f"{previous_step} -> {step}: {sentence.group('kw').lower()} {sentence.group('cond')}{ending}")
        else:
            out.append(piece)
        previous_step, previous_condition = step, sentence.group("cond")
    return "".join(out)
