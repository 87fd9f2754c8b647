"""People listed after a colon, each with what they do in a "who" clause: "Two managers report to
her: Felix, who leads a team of three (Gus, Hana, Ivo), and Joy, who has Kai and Lina." → "Two
managers report to her: Felix and Joy. Felix leads a team of three (Gus, Hana, Ivo). Joy has Kai and
Lina." - the list first, then one sentence per person, the way each is read on its own.

Only a list after a colon (or a dash) whose every item is a capitalised name, a comma and "who …"
is rewritten; a list with a plain item, or one "who" clause alone ("Tom works for Ivy, who has …",
which the readers read already), is left as written.

A documented equivalence, read alike by the drafter (hierarchy.py, through role_names.py) and the
check's normal form.
"""

from __future__ import annotations

import re

from .appositives import NAME

# the sentence: what comes before the colon, then the list up to the sentence's end
_LISTED_RE = re.compile(r"(?P<lead>(?:^|(?<=[.;!?]\s)|(?<=\n))[^.;:!?\n]*?(?::|\s[—–])\s+)(?P<list>[^.;\n]+?)(?P<end>[.;]|\n|$)")
_ITEM_RE = re.compile(rf"^(?P<name>{NAME}),\s+who\s+(?P<clause>\S.*)$")


def _items(listed: str) -> list[str]:
    """The list's items, split at top-level ", and " / ", " before a name and ", who"."""
    cuts, depth = [0], 0
    for i, ch in enumerate(listed):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and ch == ",":
            after = re.match(rf",\s+(?:and\s+)?(?={NAME},\s+who\b)", listed[i:])
            if after:
                cuts.append(i)
                cuts.append(i + after.end())
    cuts.append(len(listed))
    return [listed[cuts[k]:cuts[k + 1]].strip() for k in range(0, len(cuts), 2)]


def who_lists_apart(intent: str) -> str:
    """The lists of "Name, who …" items as the names, then one sentence each; other intents unchanged."""
    def apart(match: re.Match[str]) -> str:
        items = _items(match.group("list"))
        read = [_ITEM_RE.match(item) for item in items]
        if len(items) < 2 or not all(read):
            return match.group(0)
        names = [m.group("name") for m in read if m]
        said = ", ".join(names[:-1]) + " and " + names[-1]
        clauses = " ".join(f"{m.group('name')} {m.group('clause').rstrip(' ,')}." for m in read if m)
        end = match.group("end") if match.group("end") in ("\n", "") else ""
        return f"{match.group('lead')}{said}. {clauses}{end}"

    return _LISTED_RE.sub(apart, intent) if ", who " in intent else intent
