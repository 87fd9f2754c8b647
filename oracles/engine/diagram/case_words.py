"""Words shared by the drafter (case_lists.py) and the check (case_list_check.py) for a case list's
default row: "severity? P1 -> page oncall, P2 -> ticket, otherwise -> backlog". Only words, no reading."""

from __future__ import annotations

# The last row's case that stands for every case not listed before it.
ELSE_CASES = frozenset({
    "otherwise", "else", "anything else", "everything else", "everyone else", "anyone else",
    "all else", "all others", "any other", "others", "default", "the rest", "rest",
})


def else_case(case: str) -> bool:
    """Whether a case, as written or as a drawn label's key, is the default ("Otherwise", "anything else")."""
    return " ".join(case.casefold().split()) in ELSE_CASES
