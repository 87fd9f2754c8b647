"""Words shared by the drafter (case_lists.py) and the check (case_list_check.py) for a case list's
default row: "severity? P1 -> page oncall, P2 -> ticket, otherwise -> backlog". Only words, no reading."""

from __future__ import annotations

from .code_branch_words import TITLE_NOUNS

# The last row's case that stands for every case not listed before it.
ELSE_CASES = frozenset({
    "otherwise", "else", "anything else", "everything else", "everyone else", "anyone else",
    "all else", "all others", "any other", "others", "default", "the rest", "rest",
})


def else_case(case: str) -> bool:
    """Whether a case, as written or as a drawn label's key, is the default ("Otherwise", "anything else")."""
    return " ".join(case.casefold().split()) in ELSE_CASES

# A lead of one step before ":" or "." is the decision, not a heading over the rows, when it opens with
# a verb that sorts what comes in: "check severity: critical -> page oncall, minor -> ticket".
DECIDING_VERBS = frozenset({
    "check", "checks", "detect", "detects", "classify", "classifies", "triage", "triages", "inspect", "inspects",
    "evaluate", "evaluates", "assess", "assesses", "determine", "determines", "route", "routes", "sort", "sorts",
})


def deciding_lead(step: str) -> bool:
    """Whether a lone step before the cases is the decision ("check severity", "detect language")."""
    words = step.casefold().split()
    return 2 <= len(words) <= 5 and words[0] in DECIDING_VERBS

# A title before the case list's deciding step ("Ticket routing: check the plan. Enterprise → …"): a few words
# ending in a word that names a drawing or a set of rules, with an optional hedge before its colon.
CASE_TITLE_NOUNS = TITLE_NOUNS
CASE_TITLE_HEDGES = frozenset({"roughly", "basically", "briefly", "simplified", "approximately"})
CASE_TITLE_MAX_WORDS = 5
