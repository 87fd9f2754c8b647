"""The drafter's reading of branches whose condition is said after their step: "approve when the
risk is low, review when it is medium, block when it is high" → "when the risk is low, approve;
when it is medium, review; …", the wording the sentence reader reads as sibling branches of the
step before (reading.py, SINGLE_BRANCH_RE).

- "<step> when|if <condition>" two or more times in one sentence, parted by commas, semicolons or
  "and" / "or": "ship it if it is paid, hold it if it is unpaid"
- a last "otherwise <step>" / "<step> otherwise" / "else <step>": "…, escalate otherwise" →
  "…; otherwise, escalate"

Only when every condition is about the same thing (branch_forms' rule: the same first word, or a
comparison each): "ship when packed, invoice when shipped" may be a sequence, left as written. A
step of more than six words may hold a clause of its own: left as written.

The check reads these on its own (condition_after_normal.py)."""

from __future__ import annotations

import re

from .branch_forms import _same_subject

_STEP_WORDS_MAX = 6
_SENTENCE_RE = re.compile(r"[^.\n]+")
# parts of a sentence: commas (not inside "10,000"), semicolons, and "and" / "or" after either
_PART_SPLIT_RE = re.compile(r"\s*(?:;|,(?!\d{3}\b))\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+(?=\S+(?:\s+\S+){0,5}\s+(?:when|if)\s)",
                            re.IGNORECASE)
_STEP_THEN_CONDITION_RE = re.compile(r"^(?P<step>(?!(?:when|if|otherwise|else)\b)[^,;]+?)\s+(?P<kw>when|if)\s+(?P<cond>\S.*)$",
                                     re.IGNORECASE)
_OTHERWISE_RE = re.compile(r"^(?:(?:otherwise|else)\s*,?\s+(?P<a>[^,;]+)|(?P<b>[^,;]+?)\s*,?\s+otherwise)$", re.IGNORECASE)


def _as_branches(match: re.Match[str]) -> str:
    sentence = match.group(0)
    parts = [p for p in _PART_SPLIT_RE.split(sentence.strip()) if p]
    branches, rest = [], None
    for index, part in enumerate(parts):
        said = _STEP_THEN_CONDITION_RE.match(part)
        if said and len(said.group("step").split()) <= _STEP_WORDS_MAX and not re.search(
                r"\b(?:when|if)\b", said.group("cond"), re.IGNORECASE):
            branches.append((said.group("step"), said.group("kw").lower(), said.group("cond")))
            continue
        other = _OTHERWISE_RE.match(part)
        if other and index == len(parts) - 1 and branches:
            rest = other.group("a") or other.group("b")
            continue
        return sentence
    if len(branches) < 2 or not _same_subject([f"{kw} {cond}" for _, kw, cond in branches]):
        return sentence
    said = "; ".join(f"{kw} {cond}, {step}" for step, kw, cond in branches)
    space = sentence[: len(sentence) - len(sentence.lstrip())]
    return space + said + (f"; otherwise, {rest.strip()}" if rest else "")


def conditions_after_steps(text: str) -> str:
    """ "approve when risk < 30, block when risk > 70" → "when risk < 30, approve; when risk > 70, block"."""
    return _SENTENCE_RE.sub(_as_branches, text)
