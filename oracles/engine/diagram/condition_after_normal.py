"""The check's normal form for branches whose condition is said after their step (applied by
normal_forms.normal_form), written apart from the drafter's reader (condition_after_forms.py):

- "<step> when|if <condition>, <step> when|if <condition>[, (and|or) …]" in one sentence →
  "when <condition>, <step>; …": sibling branches of the step before
- the sentence may end with "otherwise <step>", "else <step>" or "<step> otherwise" → "; otherwise,
  <step>"

Left as written: fewer than two such parts; any part that is not one; a step of more than six words;
conditions not about one thing (branch_normal's rule): "ship when packed, invoice when shipped"
may be a sequence.
"""

from __future__ import annotations

import re

from .branch_normal import _one_subject

_LONGEST_STEP = 6
# a sentence ends at a full stop or a line end; its parts at commas (not the one in "10,000"),
# semicolons and "and" / "or" after them
_SENTENCE = re.compile(r"[^.\n]+")
_BETWEEN_PARTS = re.compile(r"\s*(?:;|,(?!\d{3}\b))\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+(?=(?:\S+\s+){1,6}(?:when|if)\s)",
                            re.IGNORECASE)
_KEYWORD = re.compile(r"\s(when|if)\s", re.IGNORECASE)
_FALLBACK = re.compile(r"^(?:(?:otherwise|else)\b\s*,?\s*(?P<first>.+)|(?P<last>.+?)\s*,?\s+otherwise)$", re.IGNORECASE)
_OPENS_WITH_CONTROL = re.compile(r"^(?:when|if|otherwise|else)\b", re.IGNORECASE)


def _step_and_condition(part: str) -> tuple[str, str] | None:
    """ "approve when risk < 30" → ("approve", "when risk < 30"); None when the part is not that."""
    keywords = list(_KEYWORD.finditer(f" {part} "))
    if len(keywords) != 1 or _OPENS_WITH_CONTROL.match(part):
        return None
    cut = keywords[0].start()  # offsets in the padded text: one more than in the part
    step, condition = part[:cut].strip(), part[cut:].strip()
    if not step or len(step.split()) > _LONGEST_STEP or len(condition.split()) < 2:
        return None
    return step, condition


def _rewritten(sentence: str) -> str:
    parts = [part for part in _BETWEEN_PARTS.split(sentence.strip()) if part]
    if len(parts) < 2:
        return sentence
    fallback = None
    last = _FALLBACK.match(parts[-1])
    if last is not None and _step_and_condition(parts[-1]) is None:
        fallback = (last.group("first") or last.group("last")).strip()
        parts = parts[:-1]
    pairs = [_step_and_condition(part) for part in parts]
    if len(pairs) < 2 or None in pairs:
        return sentence
    conditions = [condition for _, condition in pairs]  # type: ignore[misc]
    if not _one_subject(conditions):
        return sentence
    said = "; ".join(f"{condition}, {step}" for step, condition in pairs)  # type: ignore[misc]
    if fallback:
        said += f"; otherwise, {fallback}"
    return sentence[: len(sentence) - len(sentence.lstrip())] + said


def condition_after_normal_form(intent: str) -> str:
    """The intent with "<step> when <condition>, …" sentences as "when <condition>, <step>; …"."""
    return _SENTENCE.sub(lambda sentence: _rewritten(sentence.group(0)), intent)
