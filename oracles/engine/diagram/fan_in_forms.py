"""The drafter's reading of parallel steps said after their list, and of two steps said with
"while": both rewritten to the wording the sentence reader reads, "in parallel: a, b and c. Once
all are done, d" (parallel_forms.py reads the openers said before the list).

- "chop the onions, boil the water and warm the pan all at the same time, and once all three are
  done, start cooking" → "in parallel: chop the onions, boil the water and warm the pan. Once all
  are done, start cooking"
- "Checkout, then run pricing, tax and fraud checks concurrently; all three must pass before
  payment" → "Checkout, then in parallel: pricing, tax and fraud checks. Once all are done, payment"
- "the cook plates the starter while the waiter pours the wine. Once both are done, serve" and
  "… and at the same time …", "…; meanwhile …" → "in parallel: the cook plates the starter and the
  waiter pours the wine. Once all are done, serve"

Only when the step after says it waits for them ("once both are done", "when all three finish",
"after all three", "all three must pass before"): a list without its join is left as written. A
count in the join ("all three", "both") must be the number of steps listed, and a step that holds
"and" or a comma next to "while" could be two steps: left as written, for the check to refuse.

The check reads these on its own (fan_in_normal.py); only the wording list is shared."""

from __future__ import annotations

import re

from .vocabulary import PARALLEL_IDIOM

_HOW_MANY = {"both": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# "once all three are done,", "when both have finished,", "once those are all complete,", "after all three,":
# a word that says they are finished is needed ("when they open the app" is not a join)
_WHICH = r"(?:both|all(?:\s+(?:two|three|four|five|six))?|those|these|they)"
_WAITS = (rf"(?:(?:once|when|after)\s+(?P<waited>{_WHICH})(?:\s+(?:are|have|have\s+been))?(?:\s+all)?"
          r"\s+(?:done|finished|complete|completed|ready|passed|pass|finish)\s*,?\s+"
          r"|after\s+(?P<after>both|all(?:\s+(?:two|three|four|five|six))?)\s*,\s*)")
# "all three must pass before", "both need to finish before"
_MUST = (rf"(?P<needed>{_WHICH})\s+(?:must|need\s+to|have\s+to)\s+"
         r"(?:pass|finish|be\s+done|be\s+finished|complete|succeed)\s+before\s+")
_JOIN = rf"(?:{_WAITS}|{_MUST})"
# "… happen in parallel", "… can all run concurrently": how the steps run, not part of the last step's name
_HOW_THEY_RUN = (r"(?:\s+(?:can|should|will|must|may|are)(?:\s+all)?)?(?:\s+(?:happen|run|go|proceed|start|occur|execute)"
                 r"(?:s|ing)?|\s+(?:are|get|be)\s+(?:run|done|executed)|\s+take\s+place)?")
# a step of the list: no sentence stop, no "then", no clause opener
_STEP_TEXT = r"(?:(?!\bthen\b)[^.;:\n])"
TRAILING_IDIOM_RE = re.compile(
    rf"(?P<lead>^|[.;:\n]|,?\s*\bthen\b)\s*(?:(?:run|do|start)\s+)?"
    rf"(?P<steps>(?!(?:before|to|when|after|once|if|for)\b){_STEP_TEXT}+?(?:,|\band\b){_STEP_TEXT}+?)"
    rf"{_HOW_THEY_RUN},?\s+(?:all\s+)?{PARALLEL_IDIOM}\s*[,;.]?\s+(?:and\s+)?{_JOIN}",
    re.IGNORECASE,
)
_ONE = r"[^.;:\n,]+?"
_ALONGSIDE = r"(?:\s+while\s+|\s+whilst\s+|\s*,?\s+and\s+at\s+(?:the\s+)?same\s+time\s*,?\s+|\s*[;,]\s*meanwhile\s*,?\s+)"
WHILE_RE = re.compile(
    rf"(?P<lead>^|[.;:\n])\s*(?P<first>(?!(?:before|to|when|after|once|if|for)\b){_ONE}){_ALONGSIDE}(?P<second>{_ONE})"
    rf"(?:\s+{PARALLEL_IDIOM})?\s*[.;,]\s*(?:and\s+)?{_JOIN}",
    re.IGNORECASE,
)


# a list that opens with a moment ("every morning the nurse …", "on Fridays …") or holds a long step may
# have a scene glued onto its first step: left as written
_SCENE_WORDS_RE = re.compile(r"^(?:every|each|on|in|at|during|first|today|daily|nightly|weekly|usually|normally|also)\b",
                             re.IGNORECASE)
_STEP_WORDS_MAX = 6


def _listed_steps(steps: str) -> list[str]:
    return [s for s in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", steps.strip()) if s.strip()]


def _plain_steps(listed: list[str]) -> bool:
    return not _SCENE_WORDS_RE.match(listed[0].strip()) and all(len(s.split()) <= _STEP_WORDS_MAX for s in listed)


def _count_agrees(match: re.Match[str], listed: int) -> bool:
    said = (match.group("waited") or match.group("after") or match.group("needed") or "").split()[-1:]  # "all three" → "three"
    return not said or said[0].lower() not in _HOW_MANY or _HOW_MANY[said[0].lower()] == listed


def _lead(lead: str) -> str:
    if not lead:
        return ""
    if lead == "\n":
        return "\n"
    if lead in ".;:":
        return lead + " "
    return ", then "  # ", then run a, b and c in parallel" → ", then in parallel: a, b and c"


def _trailing(match: re.Match[str]) -> str:
    steps = match.group("steps").strip()
    listed = _listed_steps(steps)
    if not _count_agrees(match, len(listed)) or not _plain_steps(listed):
        return match.group(0)
    return f"{_lead(match.group('lead'))}in parallel: {steps}. Once all are done, "


def _alongside(match: re.Match[str]) -> str:
    first, second = match.group("first").strip(), match.group("second").strip()
    if re.search(r"\band\b", first + " " + second, re.IGNORECASE) or not _count_agrees(match, 2) or \
            not _plain_steps([first, second]):
        return match.group(0)  # "packs and labels the box while …": one step or two; left as written
    return f"{_lead(match.group('lead'))}in parallel: {first} and {second}. Once all are done, "


def trailing_parallel(text: str) -> str:
    """The intent with parallel steps said after their list, or with "while", as "in parallel: …"."""
    return WHILE_RE.sub(_alongside, TRAILING_IDIOM_RE.sub(_trailing, text))
