"""The check's own reading of org-chart wordings (words in org_clauses_words.py; the drafter reads them in
org_clauses_forms.py / hierarchy.py):

- "Sam reports to Jonas, and Noor and Felix report to Lea." → "Sam reports to Jonas. Noor and Felix report to
  Lea." — a second reporting line after ", and", whose subject is two capitalised names joined by "and".

Read word by word: after ", and " come a capitalised name (one or two words), "and", a second capitalised name,
an optional "both"/"also"/"all", then a reporting verb and "to".
"""

from __future__ import annotations

import re

from .org_clauses_words import GATHER_WORDS, UP_VERBS


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


def org_clauses_normal_form(intent: str) -> str:
    """The wordings above as the check's canonical forms."""
    return split_reporting_clauses(intent)
