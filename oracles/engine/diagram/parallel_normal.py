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
# the first step said as the moment the others start ("when a new customer signs up, …"); not a person's
# own doing ("once I've done the shopping"), which names no step in the words said
_MOMENT = (r"(?:when|once|as\s+soon\s+as|upon)\s+(?!(?:i|we|you|they|he|she|i've|we've|you've|they've|i'm|we're)\b)"
           r"(?P<moment>[^,;:.\n—–()]{3,60}?)\s*,\s*")
_NEXT = r"(?:(?:and\s+)?then|after\s+that|afterwards|next)\s*,?\s+"  # "…; after that, three things …"
_OPENING = re.compile(
    rf"(?P<before>^|[.;:\n]|\s[—–])[ \t]*(?P<purpose>{_PURPOSE})?(?P<moment_said>{_MOMENT})?(?P<next>{_NEXT})?"
    r"(?P<says>(?:we\s+need\s+|there\s+are\s+)?(?:(?:these|the|those|the\s+following)\s+)?"
    r"(?:(?P<n>two|three|four|five|six|seven|eight|nine|ten|\d)\s+)?"
    r"(?:things\s+|tasks\s+|jobs\s+|steps\s+|activities\s+|workstreams\s+|checks\s+)?"
    r"(?:(?:that\s+)?(?:happen|run|are\s+done|get\s+done|done|go|start|begin|kick\s+off|take\s+place|proceed|occur)\s+)?"
    r"(?:all\s+)?)"
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
    moment = match.group("moment")
    if not match.group("says").strip() and not match.group("purpose") and not moment:
        return match.group(0)
    stated = match.group("n")
    if stated and (int(stated) if stated.isdigit() else _NUMBERS[stated.lower()]) != _count(match.group("items")):
        return match.group(0)  # a count that is not the list's: left for the glue to refuse
    before = match.group("before")
    if moment and (match.group("next") or not _opens(match.string[: match.start("moment_said")])):
        return match.group(0)  # a moment said later may name a step said before another way
    if match.group("next") and before not in (".", ";"):
        return match.group(0)
    lead = {"": "", "\n": "\n", ".": ". ", ";": "; ", ":": ": "}.get(before, ": ")
    if moment:
        lead += moment.strip() + ". "  # "when a customer signs up, …" → "a customer signs up. in parallel: …"
    then = ". Once all are done, " if match.group("end").strip() else ""
    items = match.group("items").strip()
    pieces = re.split(r"(\s*,\s*(?:and\s+)?|\s+and\s+)", items)
    if len(pieces) > 1 and all(re.match(r"we\s+\w", piece, re.IGNORECASE) for piece in pieces[::2]):
        items = "".join(re.sub(r"^we\s+", "", piece, flags=re.IGNORECASE) for piece in pieces)  # "we create …, we send …"
    return f"{lead}in parallel: {items}{then}"


def _opens(before: str) -> bool:
    """Nothing but a heading ("For the acquisition DD:") said before: the moment is the first step."""
    before = before.strip()
    return not before or (before.endswith(":") and not re.search(r"[.;\n→>]", before[:-1]))


# "After all three are done, …" after a parallel list: the join, in the wording the glue reads ("once …")
_AFTER_ALL = re.compile(
    r"(?P<open>(?:^|[.;]\s*|\n\s*))after(?=\s+(?:all|both)(?:\s+(?:two|three|four|five|six|seven|eight|nine|ten|\d+))?"
    r"\s+(?:are|have\s+been)\s+(?:done|finished|complete|completed)\s*,)",
    re.IGNORECASE,
)


def parallel_normal_form(intent: str) -> str:
    """The intent with its parallel openers as "in parallel: a, b and c"."""
    intent = _NOTED_GROUP.sub(lambda m: f"{m.group('arrow')} ({m.group('items').strip()}) ", intent)
    intent = _OPENING.sub(_as_list, intent)
    if re.search(r"\bin\s+parallel\s*:", intent, re.IGNORECASE):
        intent = _AFTER_ALL.sub(lambda m: m.group("open") + "once", intent)
    return intent
