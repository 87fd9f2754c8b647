"""The drafter's reading of two org-chart wordings (words in org_clauses_words.py; the check reads them on its
own in org_clauses_normal.py):

- "The three shift leads - Omar, Wei and Jess - all report to her." → "Omar, Wei and Jess report to her." (the
  form the reporting-line reader reads), only when the count is the number of names listed;
- "Support org: Lena runs Support." → "Support org: Lena runs support." (the unit the heading names, run by a
  person: the opening that names the top of the chart).

The clause split "Sam reports to Jonas, and Noor and Felix report to Lea" is read in hierarchy.py.
Anything else is left as written.
"""

from __future__ import annotations

import re

from .org_clauses_words import COUNT_ARTICLES, COUNTS, GATHER_WORDS, HEADING_NOUNS, RUN_VERBS, UP_VERBS

_ALT = "|".join
_NAME = r"[A-Z][\w'’-]*(?:\s[A-Z][\w'’-]*)?"
_DASHED_GROUP_RE = re.compile(
    rf"(?m)(?:(?<=^)|(?<=[.;:!?]\s))(?P<group>(?:(?i:{_ALT(sorted(COUNT_ARTICLES))})\s+)?(?i:{_ALT(sorted(COUNTS))})"
    rf"(?:\s+[a-z][\w-]*){{1,3}})\s+(?P<dash>[-–—])\s+(?P<list>{_NAME}(?:,\s+{_NAME})*,?\s+and\s+{_NAME})\s+(?P=dash)\s+"
    rf"(?:(?:{_ALT(sorted(GATHER_WORDS))})\s+)?(?P<verb>(?:{_ALT(sorted(UP_VERBS))})\s+to\b)"
)
_UNIT_RUN_RE = re.compile(
    rf"^(?P<head>\s*(?:[\w-]+\s+)?(?P<unit>[A-Z][\w-]*)\s+(?i:{_ALT(sorted(HEADING_NOUNS))}):\s+)"
    rf"(?P<name>[A-Z][\w'’-]*)\s+(?P<verb>{_ALT(sorted(RUN_VERBS))})\s+(?P=unit)(?=\.)"
)


def _dashed_group(match: re.Match[str]) -> str:
    """The names and the verb, when the count is the number of names listed; else as written."""
    count = next(COUNTS[w.casefold()] for w in match.group("group").split() if w.casefold() in COUNTS)
    if len(re.split(r",\s+(?:and\s+)?|\s+and\s+", match.group("list"))) != count:
        return match.group(0)
    return f"{match.group('list')} {match.group('verb')}"


def org_clauses_forms(intent: str) -> str:
    """The wordings above as the forms the reporting-line reader reads."""
    intent = _DASHED_GROUP_RE.sub(_dashed_group, intent)
    return _UNIT_RUN_RE.sub(lambda m: f"{m.group('head')}{m.group('name')} {m.group('verb')} {m.group('unit').casefold()}",
                            intent, count=1)
