"""The check's rule for a plural role glued to the first of the names it introduces: "Team leads Eli and Fay report
to Dana. Agents Gus and Hal report to Eli." drawn with 'Team leads Eli' and 'Agents Gus' beside 'Fay' and 'Hal'
(and the same in lower case: "cto maya -> eng leads tom and ines" drawn with 'eng leads tom').
A role said in the plural ("leads", "agents", "engineers") names several people, so it is no part of one
person's name; the node is refused with the rewrite that is read ("Eli and Fay report to Dana").
Read from the drawing only (check side), after every other rule."""

from __future__ import annotations

import re

from ..contracts import EngineRefusal

# up to two words of the role ("Team leads", "Support agents"), then a capitalised name
_PLURAL_ROLE_THEN_NAME_RE = re.compile(r"^(?P<role>(?:[A-Za-z][\w-]*\s+){0,2}(?P<noun>[A-Za-z][\w-]*?)s)\s+"
                                       r"(?P<name>[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?)$")
# the same written all in lower case ("eng leads tom", "devs ali"): one lower-case word as the name
_LOWER_PLURAL_ROLE_THEN_NAME_RE = re.compile(r"^(?P<role>(?:[a-z][\w-]*\s+){0,2}(?P<noun>[a-z][\w-]*?)s)\s+"
                                             r"(?P<name>[a-z][a-z'’-]+)$")
# Roles of people said in the plural (a closed list: "Orders Service", "Doors Open", "Payments API" are names)
_PLURAL_ROLES = frozenset("""leads agents engineers managers developers designers analysts directors reps interns
contractors nurses teachers heads officers associates specialists consultants admins supervisors coordinators assistants
members employees workers scientists researchers writers editors accountants recruiters testers architects programmers
technicians operators clerks cooks chefs doctors physicians paralegals lawyers attorneys vps executives trainees
apprentices volunteers coaches tutors postdocs devs""".split())
# "Developers Guild", "Engineers Inc": a body's name, not a person's
_BODY_WORDS = frozenset("inc ltd llc gmbh co corp group team teams guild council board union association club society "
                        "committee office unit department division".split())
# "sales leads db", "support agents queue": a thing named after the people, not a person (lower case only)
_THING_WORDS = frozenset("db database api service svc queue table list tracker app tool portal board sheet page "
                         "system pool channel inbox dashboard report".split())


def refuse_plural_role_in_name(nodes: list[str]) -> None:
    """Raise when a node opens with a plural person noun right before a capitalised name."""
    for label in nodes:
        glued = _PLURAL_ROLE_THEN_NAME_RE.match(label.strip())
        if glued is None and label.strip().islower():
            glued = _LOWER_PLURAL_ROLE_THEN_NAME_RE.match(label.strip())
            if glued is not None and glued.group("name") in _THING_WORDS:
                continue
        if glued is None or f"{glued.group('noun')}s".casefold() not in _PLURAL_ROLES \
                or any(w.casefold() in _BODY_WORDS for w in glued.group("name").split()):
            continue
        name = label.strip()[glued.start("name"):]
        raise EngineRefusal("NODE_NOT_IN_INTENT", (
            f"The node '{label}' holds '{glued.group('role')}', a role said of several people, before the name "
            f"'{name}'. Name the people without it, e.g. '{name} and … report to …'."))
