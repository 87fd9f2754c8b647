"""The drafter's reading of two org-chart wordings (words in org_clauses_words.py; the check reads them on its
own in org_clauses_normal.py):

- "The three shift leads - Omar, Wei and Jess - all report to her." → "Omar, Wei and Jess report to her." (the
  form the reporting-line reader reads), only when the count is the number of names listed;
- "Maria manages Tom and Aisha, both team leads." → "Maria manages Tom and Aisha." (the note after the two
  people says what they both are);
- "Teachers of math and physics (Mrs. Weber, Mr. Wolf) are under Mrs. Braun." → "Mrs. Weber and Mr. Wolf are under
  Mrs. Braun." (a person's role, said before the names in brackets at a sentence's start, only introduces them);
- "Support org: Lena runs Support." → "Support org: Lena runs support." (the unit the heading names, run by a
  person: the opening that names the top of the chart).

The clause split "Sam reports to Jonas, and Noor and Felix report to Lea" is read in hierarchy.py.
Anything else is left as written.
"""

from __future__ import annotations

import re

from .appositives import PERSON_NOUN_RE
from .org_clauses_words import (
    BOTH_WORDS,
    COUNT_ARTICLES,
    COUNTS,
    DOWN_VERBS,
    GATHER_WORDS,
    HEADING_NOUNS,
    PLURAL_UP,
    RUN_VERBS,
    SINGULAR_UP,
    UP_VERBS,
)

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


_BOTH_NOTE_RE = re.compile(
    rf"(?P<line>\b(?:{_ALT(sorted(DOWN_VERBS))})\s+{_NAME}(?:\s\([^()\n]{{1,30}}\))?\s+and\s+{_NAME}(?:\s\([^()\n]{{1,30}}\))?),\s+"
    rf"(?:{_ALT(sorted(BOTH_WORDS))})\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}s(?=\s*(?:[.;\n]|$))"
)


_TITLED = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.\s)?[A-Z][\w'’-]*(?:\s[A-Z][\w'’-]*)?"
_ROLE_BEFORE_NAMES_RE = re.compile(
    rf"(?m)(?:(?<=^)|(?<=[.;:!?]\s))(?P<role>[A-Z][a-z-]+(?:\s(?:of|and|[a-z][\w-]*)){{0,5}})\s\((?P<names>{_TITLED}(?:,\s{_TITLED})*)\)\s"
    rf"(?P<verb>{_ALT(re.escape(v) for v in PLURAL_UP + SINGULAR_UP)})\b"
)


def _role_before_names(match: re.Match[str]) -> str:
    """The names and the verb, when the role is a person's and the verb agrees with the number of names."""
    names = match.group("names").split(", ")
    head = match.group("role").split(" of ")[0].split()[-1].casefold()
    if not PERSON_NOUN_RE.search(head.removesuffix("s")):
        return match.group(0)
    if (len(names) > 1) != (match.group("verb") in PLURAL_UP):
        return match.group(0)
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{said} {match.group('verb')}"


def _dashed_group(match: re.Match[str]) -> str:
    """The names and the verb, when the count is the number of names listed; else as written."""
    count = next(COUNTS[w.casefold()] for w in match.group("group").split() if w.casefold() in COUNTS)
    if len(re.split(r",\s+(?:and\s+)?|\s+and\s+", match.group("list"))) != count:
        return match.group(0)
    return f"{match.group('list')} {match.group('verb')}"


def org_clauses_forms(intent: str) -> str:
    """The wordings above as the forms the reporting-line reader reads."""
    intent = _DASHED_GROUP_RE.sub(_dashed_group, intent)
    intent = _BOTH_NOTE_RE.sub(lambda m: m.group("line"), intent)
    intent = _ROLE_BEFORE_NAMES_RE.sub(_role_before_names, intent)
    return _UNIT_RUN_RE.sub(lambda m: f"{m.group('head')}{m.group('name')} {m.group('verb')} {m.group('unit').casefold()}",
                            intent, count=1)
