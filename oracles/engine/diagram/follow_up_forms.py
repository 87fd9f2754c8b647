"""The drafter's reading of a follow-up condition, said as the arrow the sentence reader reads (reading.py;
the check reads it apart, follow_up_normal.py):

    "If no ack within 10 min, page secondary. If still no ack, page the manager."
    → "If no ack within 10 min, page secondary. page secondary -> page the manager: if still no ack."

A condition with "still" / "again" / "even then" right after another "If C, step." sentence is about
what that step led to: its arrow leaves that step, not the step both follow. Only sentences "If C,
step." whose step is one plain step (a few words, no "and" / "then" / "otherwise" / comma) are read,
and the follow-up must say a word of the condition before it again ("no ack" / "still no ack"); a
follow-up after anything else is left as written."""

from __future__ import annotations

import re

from .follow_up_words import CONDITION_OPENERS, FOLLOW_UP_PHRASES, NOT_ONE_STEP, NOT_SHARED, SHARED_STEM, STEP_MAX_WORDS

_SENTENCE_RE = re.compile(r"[^.!?]+[.!?]?")


def _if_parts(sentence: str) -> tuple[str, str, str] | None:
    """(opener, condition, step) of "If C, step." with one plain step, else None."""
    text = sentence.strip().rstrip(".").strip()
    opener = text.split(" ", 1)[0]
    if opener.lower() not in CONDITION_OPENERS or ";" in text or ":" in text or text.count(",") != 1:
        return None
    condition, step = (part.strip() for part in text[len(opener):].split(","))
    words = re.findall(r"[\w'’-]+", step.lower())
    if not condition or not words or len(words) > STEP_MAX_WORDS or any(w in NOT_ONE_STEP for w in words):
        return None
    if "->" in step or "→" in step:
        return None
    return opener.lower(), condition, step


def _follows_up(condition: str, earlier: str) -> bool:
    """ "still no ack within another 10 min" after "no ack within 10 min": a follow-up word, and a word
    of the earlier condition said again (by its first letters: "fail" / "failing")."""
    words = re.findall(r"[\w'’]+", condition.lower())
    spaced = " " + " ".join(words) + " "
    if not any(f" {phrase} " in spaced for phrase in FOLLOW_UP_PHRASES):
        return False
    earlier_stems = {w[:SHARED_STEM] for w in re.findall(r"[\w'’]+", earlier.lower()) if w not in NOT_SHARED}
    return any(w[:SHARED_STEM] in earlier_stems for w in words if w not in NOT_SHARED)


def follow_up_branches(text: str) -> str:
    """Each follow-up "If still C, S." after "If C0, S0." said as "S0 -> S: if still C."."""
    pieces: list[str] = []
    cursor = 0
    before: tuple[str, str] | None = None  # (condition, step) of the condition sentence just read
    for found in _SENTENCE_RE.finditer(text):
        pieces.append(text[cursor:found.start()])
        cursor = found.end()
        sentence = found.group(0)
        parts = _if_parts(sentence)
        if parts is None:
            before = None
            pieces.append(sentence)
            continue
        opener, condition, step = parts
        if before is not None and _follows_up(condition, before[0]):
            lead = sentence[: len(sentence) - len(sentence.lstrip())]
            stop = "." if sentence.rstrip().endswith(".") else ""
            pieces.append(f"{lead}{before[1]} -> {step}: {opener} {condition}{stop}")
        else:
            pieces.append(sentence)
        before = (condition, step)
    pieces.append(text[cursor:])
    return "".join(pieces)
