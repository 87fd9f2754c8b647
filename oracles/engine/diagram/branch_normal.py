"""The check's normal forms for two branch idioms (applied by normal_forms.normal_form), written
apart from the drafter's reader (branch_forms.py):

- two "if"s in one sentence joined by "and" / "but" / a comma, the sentence opening with its first
  "if" (after an optional heading and a moment: "when the scan finishes, …") → one statement per
  "if", so each is a sibling branch of the step before: "the scan finishes. if …; if …" (after
  "when", "once" or "after" alike). Each part must hold its step (a comma after the condition, or the
  step's subject / a move right after it): "if it is late and if it is urgent, call" is one
  condition, left whole. And each must be about the same thing (the same opening word, or a
  comparison each): "if above 5 bar, open valve, if it sticks, call engineer" may nest — left whole.
- "then, with or without a coupon, take payment", "then deploy (with or without migrations)" →
  "then either way, take payment" (the step after one "if" follows its step and the way around it)
"""

from __future__ import annotations

import re

_CLAUSE = re.compile(r"[^.;\n]+")
_OPENING = re.compile(r"^(?P<lead>\s*(?:[^:,;]{1,40}:\s+)?)(?:(?P<word>when|whenever|once|after)\s+(?P<what>[^,:;]{3,60}?)\s*,\s+)?"
                      r"(?P<body>if\s.+)$", re.IGNORECASE)
_SECOND_IF = re.compile(r"\s*,?\s+(?:and|but)\s+(?=if\s)|\s*,\s+(?=if\s)", re.IGNORECASE)
_HOLDS_STEP = re.compile(r",|^if\s+\S.*?\s(?:we|you|they|go|goes|proceed|move|jump|skip|head)\s", re.IGNORECASE)
_WITH_OR_WITHOUT = re.compile(r"\bthen\s*,?\s*with\s+or\s+without\s+[^,;.()\n]{1,30}?\s*,\s*", re.IGNORECASE)
_THEN_STEP_WITH_OR_WITHOUT = re.compile(r"\bthen\s+(?P<step>[^,;.()\n→>]{1,40}?)\s*\(\s*with\s+or\s+without\s+[^()\n]{1,30}\)",
                                        re.IGNORECASE)


_COMPARATIVES = frozenset({"over", "under", "above", "below", "more", "less", "fewer", "at", "between"})


def _one_subject(parts: list[str]) -> bool:
    """Each "if" is about the same thing: its condition opens with the same word as the first's
    ("it is damaged" / "it is fine"; "it's" as "it"), or every condition is a comparison ("over
    100 kg" / "under"). "if above 5 bar, open valve, if it sticks" may be about the valve: nested."""
    openers = []
    for part in parts:
        words = re.findall(r"[\w’']+", part.casefold())
        openers.append(re.sub(r"['’]s$", "", words[1]) if len(words) > 1 else None)
    if None in openers:
        return False
    return len(set(openers)) == 1 or set(openers) <= _COMPARATIVES


def _one_statement_per_if(match: re.Match[str]) -> str:
    clause = match.group(0)
    opening = _OPENING.match(clause)
    if opening is None or re.search(r"\b(?:else|otherwise|then)\b", opening.group("body"), re.IGNORECASE):
        return clause
    parts = _SECOND_IF.split(opening.group("body"))
    if len(parts) < 2 or not all(_HOLDS_STEP.search(part) for part in parts) or not _one_subject(parts):
        return clause
    word, lead = opening.group("word"), opening.group("lead")
    if word is None:
        return lead + "; ".join(parts)
    return f"{lead}{opening.group('what')}. " + "; ".join(parts)  # the moment is the step they leave


def branch_normal_form(intent: str) -> str:
    """The intent with sibling "if"s one statement each and "with or without X" as "either way"."""
    intent = _WITH_OR_WITHOUT.sub("then either way, ", intent)
    intent = _THEN_STEP_WITH_OR_WITHOUT.sub(lambda m: f"then either way, {m.group('step')}", intent)
    return _CLAUSE.sub(_one_statement_per_if, intent)
