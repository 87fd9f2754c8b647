"""The check's own reading of org-chart wordings (words in org_clauses_words.py; the drafter reads them in
org_clauses_forms.py and hierarchy.py):

- "Sam reports to Jonas, and Noor and Felix report to Lea." → "Sam reports to Jonas. Noor and Felix report to
  Lea." — a second reporting line after ", and", whose subject is two capitalised names joined by "and";
- "The three shift leads - Omar, Wei and Jess - all report to her." → "Omar, Wei and Jess report to her." —
  only when the count is the number of capitalised names between the dashes (the group is those names);
- "Support org: Lena runs Support." → "Support org: Lena runs support." — the unit the heading names, run by
  a person (the opening sentence after the heading only), is what the chart is of.

Read word by word.
"""

from __future__ import annotations

import re

from .org_clauses_words import COUNT_ARTICLES, COUNTS, GATHER_WORDS, HEADING_NOUNS, RUN_VERBS, UP_VERBS


def _capitalised_name(words: list[str]) -> bool:
    return 0 < len(words) <= 2 and all(w[:1].isupper() and w.replace("-", "").replace("'", "").isalpha() for w in words)


def _second_line(rest: str) -> bool:
    """ "Noor and Felix report to Lea": two names and an upward reporting verb."""
    words = rest.split()
    if "and" not in words:
        return False
    first_end = words.index("and")
    first = words[:first_end]
    after = words[first_end + 1:]
    for size in (1, 2):
        second, tail = after[:size], after[size:]
        if tail and tail[0].casefold() in GATHER_WORDS:
            tail = tail[1:]
        if (_capitalised_name(first) and _capitalised_name(second) and len(tail) >= 2
                and tail[0] in UP_VERBS and tail[1] == "to"):
            return True
    return False


def split_reporting_clauses(intent: str) -> str:
    """ "A reports to B, and C and D report to E" → "A reports to B. C and D report to E"."""
    pieces = intent.split(", and ")
    if len(pieces) == 1:
        return intent
    out = pieces[0]
    for piece in pieces[1:]:
        before_words = out.split()
        said_up = len(before_words) >= 3 and any(w in UP_VERBS for w in before_words[-6:])
        out += (". " if said_up and _second_line(piece) else ", and ") + piece
    return out


def _listed_names(text: str) -> list[str] | None:
    """ "Omar, Wei and Jess" → the names; None when an item is not a capitalised name."""
    items = [item.strip() for part in text.split(",") for item in part.split(" and ")]
    items = [item for item in items if item]
    return items if items and all(_capitalised_name(item.split()) for item in items) else None


def _dashed_group(sentence: str) -> str:
    """ "The three shift leads - Omar, Wei and Jess - all report to her" → "Omar, Wei and Jess report to her"."""
    for dash in (" - ", " – ", " — "):
        parts = sentence.split(dash)
        if len(parts) != 3:
            continue
        group, listed, rest = parts
        words = group.split()
        if len(words) < 2:
            continue
        count_at = 1 if words[0].casefold() in COUNT_ARTICLES else 0
        if count_at >= len(words) or words[count_at].casefold() not in COUNTS or len(words) - count_at > 4:
            continue
        names = _listed_names(listed)
        if names is None or len(names) != COUNTS[words[count_at].casefold()]:
            continue
        rest_words = rest.split()
        if rest_words and rest_words[0].casefold() in GATHER_WORDS:
            rest_words = rest_words[1:]
        if len(rest_words) < 3 or rest_words[0] not in UP_VERBS or rest_words[1] != "to":
            continue
        return f"{listed.strip()} {' '.join(rest_words)}"
    return sentence


def _unit_run(intent: str) -> str:
    """ "Support org: Lena runs Support. …" → "Support org: Lena runs support. …"."""
    head, colon, rest = intent.partition(":")
    head_words = head.split()
    if not colon or not 2 <= len(head_words) <= 3 or head_words[-1].casefold() not in HEADING_NOUNS:
        return intent
    unit = head_words[-2]
    sentence, stop, after = rest.partition(".")
    words = sentence.split()
    if not stop or len(words) != 3 or not _capitalised_name(words[:1]) or words[1] not in RUN_VERBS or words[2] != unit:
        return intent
    return f"{head}{colon}{rest[: len(rest) - len(rest.lstrip())]}{words[0]} {words[1]} {unit.casefold()}.{after}"


def org_clauses_normal_form(intent: str) -> str:
    """The wordings above as the check's canonical forms."""
    pieces = re.split(r"((?<=[.;!?])\s+|\n)", split_reporting_clauses(intent))
    return _unit_run("".join(_dashed_group(piece) for piece in pieces))
