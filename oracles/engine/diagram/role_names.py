"""A sentence that names who holds a role, the way org charts open: "CEO is Nadia.", "Head of
Support is Benedikt.", "the director is Mr. Okafor.", "Principal is Mrs. Adeyemi.", and the opening "Dana runs
engineering." - the person is the node; the role only says who they are, like "the boss is Lin"
("top is …").

Such a sentence is read as "top is <Name>." (the form hierarchy.py and the check's normal form both
read: the root, named first). Only a sentence of its own (it ends at a full stop, a semicolon or a
line end), whose role is a person's role (a person's noun, "head/chief of …", or an acronym such as
"CEO"), whose name is capitalised, and only in an intent that states a reporting line, is rewritten:
"The API is Postgres." or "the plan is Basic." are left as written.

"Sam's team: Jin, Olu" is "Sam manages Jin, Olu" (team_lists_as_manages); "Tom" after the one
"Tom Baker" is Tom Baker (first_names_as_full); "Pia's got A and B" is "Pia has A and B".

Documented equivalences, read alike by the drafter (hierarchy.py) and the check's normal form.
"""

from __future__ import annotations

import re

from .appositives import NAME, PERSON_NOUN_RE, REPORTING_RE
from .first_person import first_person_as_named
from .people_clauses import who_lists_apart
from .role_brackets import plural_roles_before_names, roles_before_bracketed_names, singular_roles_before_names

_ROLE_IS_NAME_RE = re.compile(
    rf"(?m)(?:(?<=^)|(?<=[.;:?!—–]\s))(?:the\s+|our\s+)?(?P<role>[A-Za-z][\w-]*(?:\s+(?:of\s+)?[A-Za-z][\w-]*){{0,3}})"
    rf"\s+is\s+(?P<name>{NAME})(?=\s*(?:[.;\n]|$))"
)
# "Dana runs engineering.", "Coach Alvarez runs the club;", "Maria (CTO) heads marketing": the person
# who leads a part of the company, named first; the part is lowercase words (a name after "runs"
# would be a person, a reporting line the readers read as such)
_RUNS_PART_RE = re.compile(
    rf"^(?P<lead>\s*(?:[^.;:\n]{{0,60}}(?::|\s[—–])\s+)?)(?P<name>{NAME}(?:\s*\([^()\n]{{1,30}}\))?)\s+"
    r"(?:runs|heads|leads|owns)\s+(?:the\s+|our\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}(?=\s*(?:[.;\n]|$))"
)
_ACRONYM_RE = re.compile(r"^[A-Z]{2,4}$")
_LEAD_NOUN_RE = re.compile(r"^(?:head|chief|director|principal|president|founder|owner)$", re.IGNORECASE)


def _person_role(role: str) -> bool:
    words = role.split()
    if re.match(r"^(?:top|root|boss)$", role, re.IGNORECASE):
        return False  # "the boss is Lin" is read as it stands
    noun = re.split(r"\s+of\s+", role)[0].split()[-1]
    return bool(_ACRONYM_RE.match(words[-1]) or _ACRONYM_RE.match(noun) or _LEAD_NOUN_RE.match(words[0])
                or PERSON_NOUN_RE.search(noun.casefold()))


# the opening sentence that only names a person with a role: "org chart: Dana Whitfield (CEO).", and
# the same said as "Maria is the VP of Sales." / "Alice is CEO." (the name first, then the role)
_OPENING_LEAD = r"(?P<lead>\s*(?:[^.;:\n]{0,60}(?::|\s[—–])\s+)?)"
_NOTED_OPENING_RE = re.compile(rf"^{_OPENING_LEAD}(?P<name>{NAME})\s*\((?P<role>[^()\n]{{1,30}})\)(?=\s*[.;\n])")
_NAME_IS_ROLE_RE = re.compile(
    rf"^{_OPENING_LEAD}(?P<name>{NAME})\s+is\s+(?:the\s+|our\s+|an?\s+)?"
    r"(?P<role>[A-Za-z][\w-]*(?:\s+(?:of\s+)?[A-Za-z][\w-]*){0,3})(?=\s*[.;\n])"
)


def _opening_person(intent: str) -> str | None:
    """ "Maria is the VP of Sales. Tom …" → "top is Maria (VP of Sales). Tom …"; None when the
    opening sentence is not a person and their role (or nothing follows it)."""
    for pattern in (_NOTED_OPENING_RE, _NAME_IS_ROLE_RE):
        match = pattern.match(intent)
        if match and intent[match.end():].strip(" .;\n") and _person_role(match.group("role").strip()):
            name = match.group("name")
            if re.match(r"^(?:the|our|my|this|that|it|he|she|they)$", name.split()[0], re.IGNORECASE):
                return None
            role = match.group("role").strip()
            return f"{match.group('lead')}top is {name} ({role}){_role_as_name(intent[match.end():], role, name)}"
    return None


def role_sentence_as_top(intent: str) -> str:
    """ "Head of Support is Benedikt. Two leads report to him …" → "top is Benedikt. Two leads …"."""
    if not REPORTING_RE.search(intent):
        return intent
    if _PEOPLE_RE.search(intent):
        opening = _opening_person(intent)
        if opening is not None:
            return opening
    runs = _RUNS_PART_RE.match(intent)
    if runs:  # the opening sentence only: "… Bo runs QA" later is a reporting line left to the readers
        return f"{runs.group('lead')}top is {runs.group('name')}{intent[runs.end():]}"
    match = next((m for m in _ROLE_IS_NAME_RE.finditer(intent) if _person_role(m.group("role"))), None)
    if match is None:
        return intent
    # "The CEO is Ana. Bo and Cy report to the CEO.": the role said again later is the person it named
    name = match.group("name")
    return f"{intent[:match.start()]}top is {name}{_role_as_name(intent[match.end():], match.group('role').strip(), name)}"


def _role_as_name(rest: str, role: str, name: str) -> str:
    """ "… report to the CEO" after "The CEO is Ana." → "… report to Ana": the role said again is the person."""
    def named(match: re.Match[str]) -> str:
        before = re.search(r"([\w-]+)\s+$", rest[: match.start()])
        if before and before.group(1)[:1].isupper():
            return match.group(0)  # "Vice Principal" after "Principal is …": another role
        if re.search(r"\(\s*$", rest[: match.start()]):
            return match.group(0)  # "… to Adeyemi (director)": the role said again beside the name is its note
        return name

    return re.sub(rf"(?<![\w-])(?:(?:the|our)\s+)?{re.escape(role)}(?![\w-])", named, rest, flags=re.IGNORECASE)


# "Yuki (Tier 1)", "Quinn (controller)": a capitalised name with a short note in brackets
_NOTED_NAME_RE = re.compile(rf"(?<![\w(])(?P<name>{NAME})\s*\((?P<note>[^()\n]{{1,30}})\)")


def noted_names_everywhere(intent: str) -> str:
    """ "… Yuki (Tier 1) and Omari. Yuki has Ivy" → "… Yuki (Tier 1) and Omari. Yuki (Tier 1) has Ivy":
    a person named once with a note in brackets is the same person when named alone elsewhere (one
    node, one label). A name said with two different notes is left alone."""
    if not REPORTING_RE.search(intent):
        return intent
    notes: dict[str, set[str]] = {}
    for match in _NOTED_NAME_RE.finditer(intent):
        notes.setdefault(match.group("name"), set()).add(match.group("note").strip())
    for name, said in notes.items():
        if len(said) == 1:
            note = next(iter(said))
            intent = re.sub(rf"(?<![\w(]){re.escape(name)}(?![\w'’(-])(?!\s*\()", f"{name} ({note})", intent)
    return intent


# "Sam's team: Jin, Olu, Marta", "Carlos's direct reports: Ola, Finn": the people listed after a
# person's team are that person's reports
_TEAM_LIST_RE = re.compile(
    rf"(?m)(?:(?<=^)|(?<=[.;:?!—–]\s))(?P<boss>{NAME})['’]s?\s+(?:direct\s+)?"
    r"(?:team|reports|people|staff|crew|squad)\s*:\s*(?=\S)"
)


# "Dr. Amal Reza (Superintendent) - direct reports: A, B", "Sara — reports: Tom, Uma": a person, then
# the list of their reports after a dash
_DASH_REPORTS_RE = re.compile(
    rf"(?m)(?:(?<=^)|(?<=[.;:?!]\s))(?P<boss>{NAME}(?:\s*\([^()\n]{{1,40}}\))?)\s+[-—–]\s+(?:direct\s+)?reports\s*:\s*(?=\S)"
)


def team_lists_as_manages(intent: str) -> str:
    """ "Sam's team: Jin, Olu" → "Sam manages Jin, Olu"."""
    intent = _DASH_REPORTS_RE.sub(lambda m: f"{m.group('boss')} manages ", intent)
    return _TEAM_LIST_RE.sub(lambda m: f"{m.group('boss')} manages ", intent)


# "Tom Baker … Under Tom there are …": a person's full name (two or three capitalised words) said once,
# then the first name alone
_FULL_NAME_RE = re.compile(r"(?<![\w.])(?P<first>[A-Z][a-z]+)(?:\s+[A-Z][a-z'’-]+){1,2}(?![\w'’])")
_SENTENCE_OPENERS = frozenset("under below above reporting the a an our my his her their and also then "
                              "both all each every can could please".split())


# a first name is read as a person's only where the intent speaks of people ("leads to" and
# "under 5 MB" in a flow do not: "Send" after "Send Request" is left alone there)
_PEOPLE_RE = re.compile(r"\b(?:reports?\s+to|answers?\s+to|reporting\s+to|(?:direct\s+)?reports|manages|supervises|"
                        r"boss|org\s*chart|team|staff)\b", re.IGNORECASE)


def first_names_as_full(intent: str) -> str:
    """ "Tom Baker and Aisha Khan … Under Tom there are …" → "… Under Tom Baker there are …": one
    person, one node. A first name shared by two full names is left alone (which one is meant?)."""
    if not _PEOPLE_RE.search(intent):
        return intent
    full: dict[str, set[str]] = {}
    for match in _FULL_NAME_RE.finditer(intent):
        if match.group("first").casefold() not in _SENTENCE_OPENERS:
            full.setdefault(match.group("first"), set()).add(match.group(0))
    for first, names in full.items():
        if len(names) == 1:
            name = next(iter(names))
            intent = re.sub(rf"(?<![\w.]){first}(?![\w'’-])(?!\s+[A-Z])", name, intent)
    return intent


# "Dr. Petrov" after "Dr. Ivan Petrov", "Ms. Owusu" after "Grace Owusu": a title and a surname
_TITLED_SURNAME_RE = re.compile(r"(?<![\w.])(?P<title>(?:Dr|Mr|Mrs|Ms|Prof)\.?)\s+(?P<surname>[A-Z][a-z'’-]+)(?![\w'’-])(?!\s+[A-Z])")
_FULL_WITH_TITLE_RE = re.compile(r"(?<![\w.])(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][a-z'’-]+\s+(?P<surname>[A-Z][a-z'’-]+)(?![\w'’-])")


def titled_surnames_as_full(intent: str) -> str:
    """ "Dr. Ivan Petrov … Dr. Petrov supervises …" → "… Dr. Ivan Petrov supervises …": one person, one
    node. A surname two full names share is left alone (which one is meant?)."""
    if not _PEOPLE_RE.search(intent):
        return intent
    full: dict[str, set[str]] = {}
    for match in _FULL_WITH_TITLE_RE.finditer(intent):
        if match.group(0).split()[0].casefold() not in _SENTENCE_OPENERS:
            full.setdefault(match.group("surname"), set()).add(match.group(0))

    def named(match: re.Match[str]) -> str:
        names = full.get(match.group("surname"), set())
        return next(iter(names)) if len(names) == 1 else match.group(0)

    return _TITLED_SURNAME_RE.sub(named, intent)


# "Pia's got two ops managers", "Ken has got Ivy": "has", said casually
_HAS_GOT_RE = re.compile(r"(?<=[A-Za-z])(?:['’]s|\s+has)\s+got\b")


def has_got_as_has(intent: str) -> str:
    """ "Pia's got two managers, Ravi and Sofia" → "Pia has two managers, Ravi and Sofia"."""
    return _HAS_GOT_RE.sub(" has", intent) if _PEOPLE_RE.search(intent) else intent


# "Reporting to Dana: Raj, Lena", "Reporting directly to the CFO are Ivy and Ben": the people listed
# after an opening "reporting to X" are X's reports
_REPORTING_TO_LIST_RE = re.compile(
    r"(?im)(?:(?<=^)|(?<=[.;:?!—–]\s))(?:directly\s+)?reporting\s+(?:directly\s+)?to\s+"
    r"(?P<boss>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.\s+)?(?:(?!\s(?:is|are|was|were|will)\b)[^:,;.\n—–]){1,40}?)\s*(?::|\s[—–]|\s(?:are|is)(?=\s+(?:(?-i:[A-Z])|(?:the|two|three|four|five|six|\d+)\b)))\s*(?=\S)"
)


def reporting_lists_as_manages(intent: str) -> str:
    """ "Reporting to Dana: Raj, Lena" → "Dana manages Raj, Lena"."""
    return _REPORTING_TO_LIST_RE.sub(lambda m: f"{m.group('boss')} manages ", intent)


# "CEO Dana Whitfield", "CTO Raj": an executive's title (a chief-officer acronym) said before a
# capitalised name is that person's role: "Dana Whitfield (CEO)", the form a role in brackets has
_EXEC_TITLE = r"(?:C[A-Z]{1,2}O|CISO|CHRO)"
_TITLED_NAME_RE = re.compile(
    rf"(?<![\w(/&'’-])(?P<title>{_EXEC_TITLE})[ \t]+(?P<name>[A-Z][a-z]+(?:[-'’][A-Za-z]+)?"
    r"(?:[ \t]+[A-Z][a-z]+(?:[-'’][A-Za-z]+)?){0,2})(?![\w'’(-])(?![ \t]*\()"
)
# words that make "CFO Approval", "CEO Office" a thing, not a person
_NOT_A_NAME = frozenset("office approval approvals review sign signoff team staff group level board council desk "
                        "report reports dashboard meeting call update memo".split())


def titled_names(intent: str) -> str:
    """ "CTO Raj Patel reports to …" → "Raj Patel (CTO) reports to …", only where the intent speaks
    of people."""
    if not _PEOPLE_RE.search(intent):
        return intent

    def titled(match: re.Match[str]) -> str:
        if any(word.casefold() in _NOT_A_NAME for word in match.group("name").split()):
            return match.group(0)
        return f"{match.group('name')} ({match.group('title')})"

    return _TITLED_NAME_RE.sub(titled, intent)


# "the Registrar directly supervises …": "directly" says nothing more of who is over whom
_DIRECTLY_RE = re.compile(r"\bdirectly\s+(?=(?:manages|supervises|oversees|leads|heads)\b)", re.IGNORECASE)


def named_roles(intent: str) -> str:
    """The rewrites above: the role sentence as the root, a noted name the same everywhere, a
    person's team list as the people they manage."""
    intent = first_person_as_named(intent)  # "I'm Priya; Sam reports to me" → "top is Priya; Sam reports to Priya"
    intent = who_lists_apart(intent)  # ": Felix, who leads …, and Joy, who has …" → ": Felix and Joy. Felix leads …"
    intent = roles_before_bracketed_names(intent)  # "a producer (Hana)" → "Hana (producer)"
    intent = plural_roles_before_names(intent)  # "the line cooks Pedro and Amira" → "Pedro and Amira"
    intent = singular_roles_before_names(intent)  # "supervises postdoc Max Weber" → "supervises Max Weber"
    intent = reporting_lists_as_manages(_DIRECTLY_RE.sub("", intent) if _PEOPLE_RE.search(intent) else intent)
    intent = titled_names(has_got_as_has(first_names_as_full(titled_surnames_as_full(intent))))
    return noted_names_everywhere(role_sentence_as_top(team_lists_as_manages(intent)))
