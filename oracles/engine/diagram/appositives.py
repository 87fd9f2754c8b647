"""A person's role said beside their name, the way org charts are described: "the store manager,
Dana, answers to …", "… answers to the regional manager, Felix." — one person, drawn as
"Dana (store manager)", the form "Dana (store manager) answers to Felix (regional manager)" has.

The role is lowercase words after "the"; the name is capitalised (an optional title first); after
it the clause ends, or a comma and a lowercase word that opens no new list item ("answers", "who")
follow. "the cook, Ana, Bo and Cy" (a list) and "the API, Redis" (no lowercase role) are left as
written. Only intents that state a reporting line are rewritten.

A plural role before bracketed names ("the charge nurses (Okafor, Lindqvist) answer to …") only
introduces them: "Okafor and Lindqvist answer to …".

The person named alone elsewhere in the intent ("Under Dana are …") is the same person and gets
the same label; a name said with two roles is left alone there.

A role after the name ("Maria Lopez, the CEO, has …", "… reports to Sam, our engineering manager."),
a capitalised role before it ("the Department Chair, Dr. Helen Park, oversees …") and two such
persons joined by "and" ("Tom Baker, our CTO, and Aisha Khan, the CFO") are read the same way. A
name right after a list comma ("Sue, Tom, the designer.") and one person's role before a plain "and"
("Tom, the designer, and Sue": a third person?) are left as written.

A documented equivalence, read alike by the drafter (hierarchy.py) and the check's normal form.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

_ROLE = r"[a-z][a-z-]*(?:\s+(?:of\s+)?[a-z][a-z-]*){0,3}"
_NAME = r"(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}"
_LIST_WORDS = r"(?:the|a|an|our|my|their|his|her|and|or|plus)\b"
APPOSITIVE_RE = re.compile(
    rf"\bthe\s+(?P<role>{_ROLE}),\s+(?P<name>{_NAME})"
    rf"(?P<comma>\s*,\s*(?=(?!{_LIST_WORDS})[a-z])|(?=\s*(?:[.;\n]|$)))"
)
# A role names a person: its last word is a person's noun ("manager", "head nurse", "director of
# nursing"), not a thing or a team ("the sales team, Kim" may be a list that lost its "and").
_PERSON_NOUN_RE = re.compile(r"(?:er|or|ist|ant|ent|ian|ee)$|^(?:head|lead|chef|nurse|chair|boss|coach|chief|principal|"
                             r"deputy|dean|captain|clerk|cook|intern|trainee|apprentice|junior|aide|physio|medic|"
                             r"secretary|treasurer|analyst|architect|partner|associate|specialist|steward)$")
# "the charge nurses (Okafor, Lindqvist) answer to …": a plural role before the bracketed names only
# introduces them, like a counted noun ("two charge nurses, Okafor and Lindqvist").
PLURAL_ROLE_RE = re.compile(
    rf"\bthe\s+(?P<role>{_ROLE}s)\s*\(\s*(?P<names>{_NAME}(?:\s*(?:,|,?\s*and)\s*{_NAME})+)\s*\)"
)
_REPORTING_RE = re.compile(r"\b(?:reports?|answers?|manages?|supervises?|oversees?|leads?|under|boss|managed|supervised)\b",
                           re.IGNORECASE)


# A role after a name, or a capitalised one before it: "Maria Lopez, the CEO, has …", "… reports to Ivan,
# our practice manager.", "the Department Chair, Dr. Helen Park, oversees …". The role's last word is a
# person's noun or a chief officer's acronym ("the API, Redis" names no person).
_ANY_ROLE = r"(?:[A-Za-z][\w-]*)(?:\s+(?:of\s+)?[A-Za-z][\w-]*){0,3}"
_EXEC_RE = re.compile(r"^(?:C[A-Z]{1,2}O|CISO|CHRO|VP|SVP|EVP)$")
_NAME_ROLE = rf"(?P<name@>{_NAME}),\s+(?:the|our|their|my)\s+(?P<role@>{_ANY_ROLE})"
_ROLE_NAME = rf"\b(?:[Tt]he)\s+(?P<role@>{_ANY_ROLE}),\s+(?P<name@>{_NAME})"
_NAME_ROLE_1, _NAME_ROLE_2 = _NAME_ROLE.replace("@", "1"), _NAME_ROLE.replace("@", "2")
_ROLE_NAME_1, _ROLE_NAME_2 = _ROLE_NAME.replace("@", "1"), _ROLE_NAME.replace("@", "2")
# after the pair: a comma and a lowercase word that opens no list item ("…, has"), or the clause's end
_PAIR_END = rf"(?P<comma>\s*,\s*(?=(?!{_LIST_WORDS})[a-z])|(?=\s*(?:[.;:\n]|$)))"
# one person with a role: not right after a comma ("Sue, Tom, the designer." may list three)
_NAME_ROLE_RE = re.compile(rf"(?<!,\s)(?<!,)\b{_NAME_ROLE_1}{_PAIR_END}")
# two persons each with a role, joined by "and": "Tom Baker, our CTO, and Aisha Khan, the CFO"
_NAME_ROLE_PAIR_RE = re.compile(rf"(?<!,\s)\b{_NAME_ROLE_1},?\s+and\s+{_NAME_ROLE_2}{_PAIR_END}")
_ROLE_NAME_PAIR_RE = re.compile(rf"{_ROLE_NAME_1},?\s+and\s+{_ROLE_NAME_2}{_PAIR_END}")
_CAPITAL_ROLE_NAME_RE = re.compile(rf"{_ROLE_NAME_1}{_PAIR_END}")


# "Omar has a designer, Kate." / "… manages an intern, Greg, who …" / "Omar has a designer, Kate, and Li
# has …": one person said with an indefinite role first (an unnamed designer beside Kate would be said
# "a designer and Kate"); a plain list after it ("a designer, Kate, and Li") is left as written
_INDEFINITE_ROLE_NAME_RE = re.compile(
    rf"\b(?:a|an)\s+(?P<role1>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}),\s+(?P<name1>{_NAME})"
    rf"(?P<comma>\s*,\s*(?=(?!{_LIST_WORDS})[a-z])|(?=\s*(?:[.;:\n]|$))|"
    r"(?=\s*,\s*and\s+[A-Z][\w'’-]*\s+(?:has|have|manages|leads|supervises|oversees|runs|reports|answers|is|works)\b))"
)


def _a_person_role(role: str) -> bool:
    words = role.split()
    noun = re.split(r"\s+of\s+", role)[0].split()[-1]
    return bool(_EXEC_RE.match(words[0]) and len(words) <= 3 or _EXEC_RE.match(noun)
                or _PERSON_NOUN_RE.search(noun.casefold()))


def _roles_beside_names(intent: str, roles: dict[str, set[str]]) -> str:
    """The roles said beside names in the ways _NAME_ROLE_RE and its pairs read, as "Name (role)";
    each name's roles noted in `roles`."""
    def _named(match: re.Match[str], n: int) -> str | None:
        role, name = match.group(f"role{n}"), match.group(f"name{n}")
        if not _a_person_role(role) or re.match(r"^(?:The|Our|My|Their|This|That|It|He|She|They)$", name.split()[0]):
            return None
        roles.setdefault(name, set()).add(role)
        return f"{name} ({role})"

    def pair(match: re.Match[str]) -> str:
        first, second = _named(match, 1), _named(match, 2)
        if first is None or second is None:
            return match.group(0)
        return f"{first} and {second}" + (" " if match.group("comma") else "")

    def one(match: re.Match[str]) -> str:
        person = _named(match, 1)
        return match.group(0) if person is None else person + (" " if match.group("comma") else "")

    intent = _INDEFINITE_ROLE_NAME_RE.sub(one, intent)
    intent = _ROLE_NAME_PAIR_RE.sub(pair, _NAME_ROLE_PAIR_RE.sub(pair, intent))
    return _CAPITAL_ROLE_NAME_RE.sub(one, _NAME_ROLE_RE.sub(one, intent))


# What the rewrites above leave: a role between a name and a list's "and" ("Ana manages Bo, the designer,
# and Cy": Bo the designer and Cy, or three people?). Which is meant is a guess: refused.
_ROLE_IN_LIST_RES = (
    re.compile(rf"(?<![\w,])(?P<name>{_NAME}),\s+(?:the|our|a|an|my|their)\s+(?P<role>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}),"
               r"\s+(?:and|or)\s+(?=[A-Z])"),
    re.compile(rf"\b(?:the|a|an|our)\s+(?P<role>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,2}}),\s+(?P<name>{_NAME}),\s+(?:and|or)\s+"
               r"(?=[A-Z])"),
)


_LIST_AND_RE = re.compile(r",?\s+(?:and|or)\s*$")


def _refuse_role_in_list(intent: str) -> None:
    for pattern in _ROLE_IN_LIST_RES:
        for match in pattern.finditer(intent):
            if _a_person_role(match.group("role")):
                said = _LIST_AND_RE.sub("", match.group(0))
                raise EngineRefusal(
                    "UNREADABLE_RELATION",
                    f"I could not tell whether '{said}' is one person "
                    "with a role or two people. "
                    f"Put the role in brackets, e.g. '{match.group('name')} ({match.group('role')})', or name each person.")


def roles_in_brackets(intent: str) -> str:
    """ "the store manager, Dana, answers to …" → "Dana (store manager) answers to …"."""
    if not _REPORTING_RE.search(intent):
        return intent
    roles: dict[str, set[str]] = {}
    intent = _roles_beside_names(intent, roles)
    def bracketed(match: re.Match[str]) -> str:
        if not _PERSON_NOUN_RE.search(re.split(r"\s+of\s+", match.group("role"))[0].split()[-1]):
            return match.group(0)
        return f"{match.group('name')} ({match.group('role')})" + (" " if match.group("comma") else "")

    def listed(match: re.Match[str]) -> str:
        noun = re.split(r"\s+of\s+", match.group("role"))[0].split()[-1]
        if not _PERSON_NOUN_RE.search(noun[:-1]):
            return match.group(0)
        names = [n.strip() for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", match.group("names")) if n.strip()]
        return ", ".join(names[:-1]) + " and " + names[-1]

    rewritten = APPOSITIVE_RE.sub(bracketed, PLURAL_ROLE_RE.sub(listed, intent))
    # the person named alone elsewhere is the same person: one node, one label
    for match in APPOSITIVE_RE.finditer(intent):
        if bracketed(match) != match.group(0):
            roles.setdefault(match.group("name"), set()).add(match.group("role"))
    for name, said in roles.items():
        if len(said) == 1:
            role = next(iter(said))
            rewritten = re.sub(rf"(?<![\w(]){re.escape(name)}(?![\w'’-])(?!\s*\()", f"{name} ({role})", rewritten)
    _refuse_role_in_list(rewritten)
    return rewritten


# the same name, person's noun and reporting cue, for role_names.py's "CEO is Nadia"
NAME = _NAME
PERSON_NOUN_RE = _PERSON_NOUN_RE
REPORTING_RE = _REPORTING_RE
