"""The check's normal forms for parallel openers (applied by normal_forms.normal_form): the ways an
intent says that steps run at once, in the one wording the glue grammar reads, "in parallel: a, b
and c". Written apart from the drafter's reader (parallel_forms.py); only the wording list
(vocabulary.PARALLEL_IDIOM) is shared.

- "<count> things happen / run / done in parallel: a, b and c", "these <count> happen at the same
  time: …" → "in parallel: …", only when the count is the number of names listed
- a heading before a dash ("Checklist — these three …:") → "Checklist: in parallel: …"
- a purpose said first ("before a flight can board,", "to open the new store we need") → dropped:
  a clause with its own modal verb, or a purpose before "we need", names no step
- "in parallel — a, b, c — and only then d" → "in parallel: a, b, c. Once all are done, d"
- "→ [a, b] in parallel →", "→ {a, b} side by side →" → "→ (a, b) →"
"""

from __future__ import annotations

import re

from .vocabulary import PARALLEL_IDIOM

_NUMBERS = dict(zip("two three four five six seven eight nine ten".split(), range(2, 11), strict=True))
_DETERMINER = r"(?:a|an|the|our|my|your|this|each|every)"
_PURPOSE = (rf"before\s+{_DETERMINER}\s+[\w'-]+(?:\s+[\w'-]+){{0,2}}\s+(?:can|could|may|is\s+allowed\s+to)\s+[\w'-]+\s*,\s*"
            rf"|to\s+[a-z]+\s+{_DETERMINER}\s+[\w'-]+(?:\s+[\w'-]+){{0,2}}\s+(?=we\s+need\b)")
_OPENING = re.compile(
    rf"(?P<before>^|[.;:\n]|\s[—–])[ \t]*(?P<purpose>{_PURPOSE})?"
    r"(?P<says>(?:we\s+need\s+|there\s+are\s+)?(?:(?:these|the|those|the\s+following)\s+)?"
    r"(?:(?P<n>two|three|four|five|six|seven|eight|nine|ten|\d)\s+)?(?:things\s+|tasks\s+|jobs\s+|steps\s+)?"
    r"(?:(?:that\s+)?(?:happen|run|are\s+done|get\s+done|done|go|start)\s+)?(?:all\s+)?)"
    rf"{PARALLEL_IDIOM}\s*(?:(?P<colon>:)|[—–])\s*(?P<items>[^.;:\n—–]+?)\s*"
    r"(?P<end>(?(colon)(?=[.;\n]|$)|[—–]\s*(?:and\s+)?(?:only\s+)?then\s+))",
    re.IGNORECASE,
)
_NOTED_GROUP = re.compile(
    rf"(?P<arrow>->|→|=>)\s*[\[({{](?P<items>[^\[\](){{}}\n]+)[\])}}]\s*,?\s*(?:all\s+)?(?:(?:run|running)\s+)?"
    rf"{PARALLEL_IDIOM}\s*(?=->|→|=>|$)",
    re.IGNORECASE,
)


def _count(items: str) -> int:
    return sum(1 for item in re.split(r",|\band\b", items) if item.strip())


def _as_list(match: re.Match[str]) -> str:
    if not match.group("says").strip() and not match.group("purpose"):
        return match.group(0)
    stated = match.group("n")
    if stated and (int(stated) if stated.isdigit() else _NUMBERS[stated.lower()]) != _count(match.group("items")):
        return match.group(0)  # a count that is not the list's: left for the glue to refuse
    before = match.group("before")
    lead = {"": "", "\n": "\n", ".": ". ", ";": "; ", ":": ": "}.get(before, ": ")
    then = ". Once all are done, " if match.group("end").strip() else ""
    return f"{lead}in parallel: {match.group('items').strip()}{then}"


def parallel_normal_form(intent: str) -> str:
    """The intent with its parallel openers as "in parallel: a, b and c"."""
    intent = _NOTED_GROUP.sub(lambda m: f"{m.group('arrow')} ({m.group('items').strip()}) ", intent)
    return _OPENING.sub(_as_list, intent)
