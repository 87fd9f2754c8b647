"""The check's normal form for parallel steps said after their list, and for two steps said with
"while" (applied by normal_forms.normal_form). Written apart from the drafter's reader
(fan_in_forms.py); only the wording list (vocabulary.PARALLEL_IDIOM) is shared.

- "<a>, <b> and <c> (all) in parallel / at the same time / concurrently, (and) once all three are
  done, <d>" → "in parallel: <a>, <b> and <c>. Once all are done, <d>"
- "<x>, then run <a>, <b> and <c> in parallel; all three must pass before <d>" → "<x>, then in
  parallel: <a>, <b> and <c>. Once all are done, <d>"
- "<a> while <b> (at the same time). Once both are done, <d>" ("<a> and at the same time <b>",
  "<a>; meanwhile <b>") → "in parallel: <a> and <b>. Once all are done, <d>"

Only with a join that says the next step waits for them; a count in the join must be the number of
steps listed; a side of "while" that holds "and" or a comma may be two steps; a list that opens with
a clause word ("before the trip we need …") names a scene, not a step: all left as written.
"""

from __future__ import annotations

import re

from .vocabulary import PARALLEL_IDIOM

_NUMBER_WORDS = {"both": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNTED = r"(?:both|all(?:\s+(?:two|three|four|five|six))?|those|these|they)"
# the step after says it waits: "once both are done,", "after all three,", "all three must pass before";
# "when they open the app" says no step is finished: not a join
_WAIT = re.compile(
    rf"\s*[,;.]?\s*(?:and\s+)?(?:(?:once|when|after)\s+(?P<said>{_COUNTED})(?:\s+(?:are|have|have\s+been))?(?:\s+all)?"
    r"\s+(?:done|finished|complete|completed|ready|passed|pass|finish)\s*,?\s+"
    r"|after\s+(?P<bare>both|all(?:\s+(?:two|three|four|five|six))?)\s*,\s*"
    rf"|(?P<must>{_COUNTED})\s+(?:must|need\s+to|have\s+to)\s+(?:pass|finish|be\s+done|be\s+finished|complete|succeed)\s+before\s+)",
    re.IGNORECASE,
)
# the idiom, after an optional word for how the steps run ("happen", "can all run", "are done")
_RUN_VERB = r"(?:happen|run|go|proceed|start|occur|execute)(?:s|ing)?"
_IDIOM_AT_END = re.compile(rf"(?:\s+(?:can|should|will|must|may|are)(?:\s+all)?)?(?:\s+{_RUN_VERB}|\s+(?:are|get|be)\s+"
                           rf"(?:run|done|executed)|\s+take\s+place)?,?\s+(?:all\s+)?{PARALLEL_IDIOM}\s*$", re.IGNORECASE)
_SIDE_BY_SIDE = re.compile(
    r"\s+whilst\s+|\s+while\s+|\s*,?\s+and\s+at\s+(?:the\s+)?same\s+time\s*,?\s+|\s*[;,]\s*meanwhile\s*,?\s+", re.IGNORECASE)
_CLAUSE_OPENER = re.compile(r"^(?:before|to|when|after|once|if|for)\b", re.IGNORECASE)
# a moment said before the first step ("every morning the nurse …") may be glued onto it; so may a long step
_MOMENT = re.compile(r"^(?:every|each|on|in|at|during|first|today|daily|nightly|weekly|usually|normally|also)\b", re.IGNORECASE)
_LONGEST_STEP = 6
_THEN = re.compile(r"^(?P<head>.*?)\s*,?\s*\bthen\s+(?:(?:run|do|start)\s+)?(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
_STOPS = ".;:\n"


def _items(text: str) -> list[str]:
    return [item for item in re.split(r",|\band\b", text) if item.strip()]


def _agrees(wait: re.Match[str], listed: int) -> bool:
    said = (wait.group("said") or wait.group("bare") or wait.group("must") or "").split()
    return not said or said[-1].lower() not in _NUMBER_WORDS or _NUMBER_WORDS[said[-1].lower()] == listed


def _as_list(stretch: str, wait: re.Match[str]) -> str | None:
    """ "<steps> in parallel" (or "<a> while <b>") as "in parallel: <steps>", or None when it is not one."""
    lead, steps = "", stretch.strip()
    idiom = _IDIOM_AT_END.search(steps)
    if idiom is not None:
        steps = steps[: idiom.start()]
        then = _THEN.match(steps)
        if then is not None:  # "build, then run a, b and c in parallel": the step before stays before
            lead, steps = then.group("head") + ", then ", then.group("rest")
        listed = _items(steps)
        if re.search(r"\bthen\b", steps, re.IGNORECASE):
            return None
    else:
        sides = _SIDE_BY_SIDE.split(steps)
        if len(sides) != 2 or any("," in side or re.search(r"\band\b", side, re.IGNORECASE) for side in sides):
            return None  # "packs and labels the box while …": one step or two
        sides = [re.sub(rf"\s+{PARALLEL_IDIOM}$", "", side.strip(), flags=re.IGNORECASE) for side in sides]
        steps, listed = f"{sides[0]} and {sides[1]}", sides
    if len(listed) < 2 or _CLAUSE_OPENER.match(steps.strip()) or not _agrees(wait, len(listed)):
        return None  # "before the trip we need …": a scene, not a step
    if _MOMENT.match(steps.strip()) or any(len(item.split()) > _LONGEST_STEP for item in listed):
        return None
    return f"{lead}in parallel: {steps.strip()}. Once all are done, "


def fan_in_normal_form(intent: str) -> str:
    """The intent with parallel steps said after their list, or with "while", as "in parallel: …"."""
    out, done = [], 0
    for wait in _WAIT.finditer(intent):
        if wait.start() < done:
            continue
        begin = max(intent.rfind(stop, done, wait.start()) for stop in _STOPS) + 1
        if intent[begin:].lstrip().lower().startswith("meanwhile") and intent[begin - 1: begin] == ";":
            begin = max(intent.rfind(stop, done, begin - 1) for stop in _STOPS) + 1  # "a; meanwhile b": one stretch
        begin = max(begin, done)
        rewritten = _as_list(intent[begin: wait.start()], wait)
        if rewritten is None:
            continue
        space = re.match(r"\s*", intent[begin:]).group(0)
        out.append(intent[done:begin] + space + rewritten)
        done = wait.end()
    return "".join(out) + intent[done:]
