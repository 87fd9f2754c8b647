"""The drafter's reading of parallel openers: ways of saying "these steps run at once" that the
sentence reader reads in the wording "in parallel: a, b and c" (flows.py, PARALLEL_LIST_RE).

- "three things happen in parallel: a, b and c", "these three happen at the same time: a, b, c"
  → "in parallel: a, b and c" (a count must be the number of names listed)
- "Checklist — these three run side by side: a, b, c" → "Checklist: in parallel: a, b, c"
- "Before a flight can board, three things happen in parallel: …", "To open the new store we need
  three things done in parallel — …": the purpose said first sets the scene; it names no step
- "… in parallel — a, b, c — and only then d" → "in parallel: a, b, c. Once all are done, d"
- "→ [a, b, c] in parallel →", "→ {a, b} side by side →" → "→ (a, b, c) →" (a chain's group)

The check reads these on its own (parallel_normal.py); only the wording list is shared."""

from __future__ import annotations

import re

from .vocabulary import PARALLEL_IDIOM

_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d)"
# a purpose or moment said before the steps: "before a flight can board,", "to open the new store we need"
_SCENE = (r"(?:before\s+(?:a|an|the|our|my|your|this|each|every)\s+[\w'-]+(?:\s+[\w'-]+){0,2}\s+(?:can|could|may|is\s+allowed\s+to)"
          r"\s+[\w'-]+\s*,\s*|to\s+[a-z]+\s+(?:a|an|the|our|my|your|this)\s+[\w'-]+(?:\s+[\w'-]+){0,2}\s+(?=we\s+need\b))")
# the moment the steps start said first, as the first step: "when a new customer signs up, …", "once the
# NDA is signed, …" (never a person's own doing, "once I've done the shopping": that names no step as said)
_TRIGGER = (r"(?:when|once|as\s+soon\s+as|upon)\s+(?!(?:i|we|you|they|he|she|i've|we've|you've|they've|i'm|we're)\b)"
            r"(?P<trigger>[^,;:.\n—–()]{3,60}?)\s*,\s*")
# "after that, …", "then …": the steps start after the step said before
_AFTER_STEP = r"(?:(?:and\s+)?then|after\s+that|afterwards|next)\s*,?\s+"
OPENER_RE = re.compile(
    rf"(?P<sep>^|[.;:\n]|\s[—–])[ \t]*(?P<scene>{_SCENE})?(?P<trigger_said>{_TRIGGER})?(?P<after_step>{_AFTER_STEP})?"
    rf"(?P<what>(?:we\s+need\s+|there\s+are\s+)?(?:(?:these|the|those|the\s+following)\s+)?(?:(?P<count>{_COUNT})\s+)?"
    r"(?:things\s+|tasks\s+|jobs\s+|steps\s+|activities\s+|workstreams\s+|checks\s+)?"
    r"(?:(?:that\s+)?(?:happen|run|are\s+done|get\s+done|done|go|start|begin|kick\s+off|take\s+place|proceed|occur)\s+)?"
    r"(?:all\s+)?)"
    rf"{PARALLEL_IDIOM}\s*(?:(?P<colon>:)|[—–])\s*(?P<names>[^.;:\n—–]+?)\s*"
    r"(?P<close>(?(colon)(?=[.;\n]|$)|[—–]\s*(?:and\s+)?(?:only\s+)?then\s+))",
    re.IGNORECASE,
)
# "→ [a, b, c] in parallel →": a bracketed group of a chain with the note that its steps run at once
BRACKET_NOTE_RE = re.compile(
    rf"(?P<arrow>->|→|=>)\s*[\[({{](?P<names>[^\[\](){{}}\n]+)[\])}}]\s*,?\s*(?:all\s+)?(?:(?:run|running)\s+)?{PARALLEL_IDIOM}"
    r"\s*(?=->|→|=>|$)",
    re.IGNORECASE,
)


def _listed(names: str) -> int:
    return len([n for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", names.strip()) if n.strip()])


def _opener(match: re.Match[str]) -> str:
    what = match.group("what").strip()
    count = match.group("count")
    trigger = match.group("trigger")
    if not what and not match.group("scene") and not trigger:
        return match.group(0)  # already "in parallel: …" ("then in parallel: …")
    if count and (int(count) if count.isdigit() else _COUNTS[count.lower()]) != _listed(match.group("names")):
        return match.group(0)  # "three things …: a, b": the count is not the list's; left as written
    sep = match.group("sep")
    if trigger and (match.group("after_step") or not _first_said(match.string, match.start("trigger_said"))):
        return match.group(0)  # "after the build, …" later on may name a step said before: left as written
    if match.group("after_step") and sep not in ".;":
        return match.group(0)  # "after that" follows a step said before
    lead = "" if not sep else "\n" if sep == "\n" else sep + " " if sep in ".;:" else ": "  # "Checklist — …" → "Checklist: …"
    lead += f"{trigger.strip()}. " if trigger else ""  # "when a customer signs up, …" → "a customer signs up. in parallel: …"
    after = ". Once all are done, " if match.group("close").strip() else ""
    names = match.group("names").strip()
    # "we create the account, we provision the workspace and we send an email": the steps without their subject
    said = re.split(r"(\s*,\s*(?:and\s+)?|\s+and\s+)", names)
    if len(said) > 1 and all(re.match(r"we\s+\w", item, re.IGNORECASE) for item in said[::2]):
        names = "".join(re.sub(r"^we\s+", "", item, flags=re.IGNORECASE) for item in said)
    return f"{lead}in parallel: {names}{after}"


def _first_said(text: str, at: int) -> bool:
    """Whether nothing but a heading ("For the acquisition DD:") comes before `at`: the moment opens the steps."""
    before = text[:at].strip()
    return not before or (before.endswith(":") and not re.search(r"[.;\n→>]", before[:-1]))


def parallel_openers(text: str) -> str:
    """The intent with its parallel openers in the wording "in parallel: a, b and c"."""
    text = BRACKET_NOTE_RE.sub(lambda m: f"{m.group('arrow')} ({m.group('names').strip()}) ", text)
    return OPENER_RE.sub(_opener, text)
