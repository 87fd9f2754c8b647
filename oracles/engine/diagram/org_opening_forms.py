"""The drafter's reading of two org-chart wordings (words in org_opening_words.py; the check reads them
on its own in org_opening_normal.py):

- "The organisation is headed by the Chief Executive Officer, Dana Reyes. …" (the opening sentence
  only) → "Dana Reyes (Chief Executive Officer). …", the opening that names the top of the chart;
  without a role, "The foundation is led by Helen." → "Helen.".
- "The CTO's direct reports are A and B." → "The CTO manages A and B.".
- "A recruiting coordinator, Farah Ali, reports to …" (a sentence's start) → "The recruiting coordinator, Farah Ali,
  reports to …", the appositive the reporting-line reader reads ("Farah Ali (recruiting coordinator)").

Anything else is left as written: a unit that is not one ("The API is run by Ops."), a role that is not a
person's, a name in lowercase, more after the name than the sentence's end.
"""

from __future__ import annotations

import re

from .appositives import PERSON_NOUN_RE, REPORTING_RE
from .org_opening_words import DIRECT_REPORTS, LEAD_VERBS, LIST_WORDS, ROLE_ARTICLES, TITLES, UNIT_ARTICLES, UNIT_NOUNS

_ALT = "|".join
_NAME = (rf"(?:(?i:{_ALT(sorted(TITLES))})\.?\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){{0,2}}")
_OPENING_RE = re.compile(
    rf"^(?P<lead>\s*)(?i:{_ALT(sorted(UNIT_ARTICLES))})\s+(?:[\w-]+\s+){{0,3}}?(?i:{_ALT(sorted(UNIT_NOUNS))})\s+is\s+"
    rf"(?i:{_ALT(sorted(LEAD_VERBS))})\s+by\s+"
    rf"(?:(?i:{_ALT(sorted(ROLE_ARTICLES))})\s+(?P<role>[A-Za-z][\w-]*(?:\s+(?:of\s+)?[A-Za-z][\w-]*){{0,3}}),\s+)?"
    rf"(?P<name>{_NAME})\.(?=\s)"
)
# one person in the list: "Ivan Petrov", "Ivan (platform)", "the Head of Platform (Ivan Petrov)"
_ITEM = (rf"(?:(?:the\s+)?[A-Z][\w-]*(?:\s+(?:of\s+)?[A-Z][\w-]*){{0,3}}\s*\({_NAME}\)|{_NAME}(?:\s*\([^(),\n]{{1,30}}\))?)")
_DIRECT_REPORTS_RE = re.compile(
    r"(?m)(?:(?<=^)|(?<=[.;!?]\s))(?P<boss>(?:[Tt]he\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})['’]s\s+"
    + r"\s+".join(DIRECT_REPORTS) + rf"\s+(?P<list>{_ITEM}(?:,\s+{_ITEM})*(?:,?\s+and\s+{_ITEM})?)(?=\s*(?:[.;\n]|$))"
)


def _direct_reports(match: re.Match[str]) -> str:
    """ "The CTO's direct reports are A and B" → "The CTO manages A and B", only when the boss is said elsewhere as
    the person ("Sam") or as a role beside a name ("the CTO (Sam Okafor)"): "the CEO's" with the CEO never named
    would be a box of its own."""
    boss = re.sub(r"^[Tt]he\s+", "", match.group("boss"))
    rest = match.string[: match.start()] + match.string[match.end():]
    if boss != match.group("boss"):  # "the CTO": a role, said beside its person's name in brackets
        said = re.search(rf"(?<![\w-]){re.escape(boss)}\s*\(|\(\s*{re.escape(boss)}\s*\)", rest)
    else:  # "Sam": a person named elsewhere
        said = re.search(rf"(?<![\w-]){re.escape(boss)}(?![\w'’-])", rest)
    if said is None:
        return match.group(0)
    return f"{match.group('boss')} manages {match.group('list')}"


def _persons_role(role: str) -> bool:
    noun = re.split(r"\s+of\s+", role)[0].split()[-1]
    return bool(PERSON_NOUN_RE.search(noun.casefold()))


# "A recruiting coordinator, Farah Ali, reports to Elena.": one person with their role, said with "a"
_A_ROLE_NAME_RE = re.compile(
    rf"(?m)(?:(?<=^)|(?<=[.;!?]\s))(?:An?)\s+(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,3}}),\s+(?P<name>{_NAME}),"
    rf"(?=\s+(?!(?:{_ALT(sorted(LIST_WORDS))})\b)[a-z])"
)


def _a_role_name(match: re.Match[str]) -> str:
    if not _persons_role(match.group("role")):
        return match.group(0)
    return f"The {match.group('role')}, {match.group('name')},"


def org_opening_forms(intent: str) -> str:
    """The wordings above as the forms the reporting-line reader reads."""
    if REPORTING_RE.search(intent):  # where the intent speaks of people
        intent = _A_ROLE_NAME_RE.sub(_a_role_name, intent)
    intent = _DIRECT_REPORTS_RE.sub(_direct_reports, intent)
    match = _OPENING_RE.match(intent)
    if match is None:
        return intent
    role = match.group("role")
    if role is not None and not _persons_role(role):
        return intent
    name = match.group("name")
    return f"{match.group('lead')}{name}{f' ({role})' if role else ''}.{intent[match.end():]}"
