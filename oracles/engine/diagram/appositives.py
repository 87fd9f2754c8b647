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

A documented equivalence, read alike by the drafter (hierarchy.py) and the check's normal form.
"""

from __future__ import annotations

import re

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


def roles_in_brackets(intent: str) -> str:
    """ "the store manager, Dana, answers to …" → "Dana (store manager) answers to …"."""
    if not _REPORTING_RE.search(intent):
        return intent
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
    roles: dict[str, set[str]] = {}
    for match in APPOSITIVE_RE.finditer(intent):
        if bracketed(match) != match.group(0):
            roles.setdefault(match.group("name"), set()).add(match.group("role"))
    for name, said in roles.items():
        if len(said) == 1:
            role = next(iter(said))
            rewritten = re.sub(rf"(?<![\w(]){re.escape(name)}(?![\w'’-])(?!\s*\()", f"{name} ({role})", rewritten)
    return rewritten


# the same name, person's noun and reporting cue, for role_names.py's "CEO is Nadia"
NAME = _NAME
PERSON_NOUN_RE = _PERSON_NOUN_RE
REPORTING_RE = _REPORTING_RE
