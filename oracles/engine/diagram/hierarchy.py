"""Reporting lines: "Ana leads a team of Ben, Chloe and Dev", "Ben answers to Ana", "two
accountants, Ivy and Ben, report to the controller", "Kofi has two agents reporting to him, Liu
and Bea", "the plant manager is boss of two supervisors, Ahmed and Li".

Every statement is one manager over a list of people (manager first or last); a count that
introduces the list ("a team of three:", "two accountants,") is not a person, and "him"/"her"/
"them" is the manager or person named just before. The reader claims an intent only when every
statement (after an optional heading or request) reads this way; otherwise it leaves it to the
other readers (None).
"""

from __future__ import annotations

import re

from .model import Graph
from .outline import read_outline

_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|several|\d+)"
_DOWN_RE = re.compile(
    # a bare "leads" / "heads" / "runs" is left out: "the CEO leads the company", "Dana runs engineering"
    # describe a role more often than they name a report
    r"^(?P<boss>[^,;:]+?)\s+(?:(?:leads|heads|runs|manages|has)\s+a\s+(?:small\s+)?(?:team|group|staff|squad|crew)\s+of|"
    r"manages|supervises|oversees|is\s+(?:the\s+)?(?:boss|head|manager|supervisor)\s+of|"
    r"is\s+in\s+charge\s+of|splits\s+into|is\s+(?:divided|split|broken\s+down)\s+into|breaks\s+down\s+into|"
    r"branches\s+into|consists\s+of|is\s+made\s+up\s+of|holds|contains|includes|has)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_HAS_RE = re.compile(
    rf"^(?P<boss>[^,;:]+?)\s+has\s+(?P<count>{_COUNT}(?:\s+[\w-]+)?)\s+(?:reporting|who\s+reports?)\s+to\s+"
    r"(?:him|her|them)\s*[,:]\s*(?P<rest>.+)$",
    re.IGNORECASE,
)
_UP_RE = re.compile(
    r"^(?P<subs>.+?)\s+(?:reports?|answers?|reporting)\s+to\s+(?P<boss>[^,;:]+?)"
    r"(?:\s+(?:as\s+well|too|also))?(?:\s*:\s*(?P<rest>.+))?$",
    re.IGNORECASE,
)
_COUNT_LEAD_RE = re.compile(rf"^(?:(?:the|a|an|our|his|her|their)\s+)?{_COUNT}(?:\s+[\w-]+)?\s*[:,—–]\s*(?=\S)", re.IGNORECASE)
# "Draw it as a tree.", "Can you draw that as an org chart?": a closing request, no reporting line
_CLOSING_RE = re.compile(
    r"^(?:please\s+)?(?:can|could|would)?\s*(?:you\s+)?(?:draw|make|show|render|keep|lay)\b[^,;]{0,40}$", re.IGNORECASE
)
# "in the exam the teacher …", "In our factory the plant manager …": an opening scene, no actor
_SCENE_RE = re.compile(
    r"^\s*(?:in|at|inside|within)\s+(?:our|my|the|their|this)\s+(?:[\w-]+\s+)?[\w-]+?"
    r"(?:\s*,\s*|\s+(?=(?:the|a|an|our|my)\s))",
    re.IGNORECASE,
)
_QUANTIFIER_RE = re.compile(
    r"^(?:the\s+)?(?:all|both|each|every|everyone|everybody|rest|others?|remaining|other|none|"
    r"they|them|these|those|two|three|four|five|six|several|many)\b",
    re.IGNORECASE,
)
_PRONOUN_RE = re.compile(r"^(?:him|her|them|he|she|they)$", re.IGNORECASE)
_HEADING_RE = re.compile(r"^[^.;]{0,80}(?:\?|:)\s*$")
_BULLET_RE = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s+")
_NAMES_SPLIT_RE = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*")


_NEXT_CLAUSE_RE = re.compile(
    r",\s*(?:and\s+)?(?=(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:is|reports?|answers?|leads|manages|has|"
    r"heads|supervises|oversees|holds|contains|splits)\b)",
    re.IGNORECASE,
)


def _statements(intent: str) -> list[str]:
    # "Dr. Osei", "Mr. Tanaka": a title's full stop ends no statement
    parts = re.split(
        r"\n+|;\s*|(?<=[\w)\]])(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bProf)(?<!\bSt)\.\s+|\.\s*$|"
        r"(?<=\?)\s+(?=[A-Z])",
        intent,
    )
    # "Ahmed is boss of the welding team, Li is boss of …": a comma before a name and its verb
    parts = [c for p in parts if p for c in _NEXT_CLAUSE_RE.split(p)]
    return [_BULLET_RE.sub("", p).strip() for p in parts if p and p.strip()]


def _names(text: str) -> list[str] | None:
    """ "three: Ana, Raj and Kofi" → [Ana, Raj, Kofi]; None when a piece is not a short name."""
    text = _COUNT_LEAD_RE.sub("", text.strip().strip("."))
    text = re.sub(r"^\(\s*(.*?)\s*\)$", r"\1", text)
    names = [n.strip() for n in _NAMES_SPLIT_RE.split(text) if n.strip()]
    if any(_QUANTIFIER_RE.match(n) for n in names):
        return None  # "everyone else", "all three", "the rest": who they are is not said here
    if not names or any(len(n.split()) > 5 or re.search(r"[(),:]", re.sub(r"\([^()]*\)$", "", n)) for n in names):
        return None
    return names


class _Reading:
    def __init__(self) -> None:
        self.graph = Graph(hierarchy=True)
        self.last: str | None = None  # who "him"/"her" means

    def person(self, text: str) -> str | None:
        if _PRONOUN_RE.match(text.strip()):
            return self.last
        return self.graph.node(text)

    def manages(self, boss_text: str, names: list[str]) -> bool:
        boss = self.person(boss_text)
        if boss is None:
            return False
        for name in names:
            self.graph.edge(boss, self.graph.node(name))
        self.last = boss
        return True

    def statement(self, text: str) -> bool:
        text = text.strip(" .")
        has = _HAS_RE.match(text)
        if has:
            names = _names(has.group("rest"))
            return names is not None and self.manages(has.group("boss"), names)
        up = _UP_RE.match(text)
        if up:
            # "Two managers report to her: Felix and Joy", "Ivy and Ben report to the controller"
            if not up.group("rest") and not _COUNT_LEAD_RE.match(up.group("subs").strip()):
                # plain "A reports to B" lines are left to the sentence reader, which reads them on
                # their own; this reader takes only the counted forms ("two accountants, Ivy and Ben, …")
                return False
            names = _names(up.group("rest")) if up.group("rest") else _names(up.group("subs"))
            if up.group("rest") and not re.fullmatch(rf"(?:the\s+)?{_COUNT}(?:\s+[\w-]+)?", up.group("subs"), re.IGNORECASE):
                return False
            return names is not None and self.manages(up.group("boss"), names)
        down = _DOWN_RE.match(text)
        if down:
            names = _names(down.group("rest"))
            return names is not None and self.manages(down.group("boss"), names)
        return False


def read_reporting_lines(intent: str) -> Graph | None:
    """None unless every statement is a reporting line (after an optional heading or request)."""
    statements = _statements(_SCENE_RE.sub("", intent, count=1))
    if statements and _HEADING_RE.match(statements[0]) and len(statements) > 1:
        statements = statements[1:]
    if not statements:
        return None
    heading = re.match(r"^(?P<head>[^:]{1,80}):\s+(?P<body>\S.*)$", statements[0])
    if heading and not re.search(
        r"\b(?:reports?|answers?|leads|manages|heads|has|supervises|oversees|boss|splits|divided|split|consists|holds|"
        r"contains|includes|made|branches|breaks)\b",
        heading.group("head"),
        re.IGNORECASE,
    ):
        statements[0] = heading.group("body")  # "Draw the finance reporting lines: the CFO answers to …"
    reading = _Reading()
    while len(statements) > 1 and _CLOSING_RE.match(statements[-1].strip(" .!?")):
        statements = statements[:-1]
    for statement in statements:
        if not reading.statement(statement):
            return None
    graph = reading.graph
    return graph if graph.edges else None


_TREE_PREFIX_RE = re.compile(r"^(?P<prefix>[\s│┃|├┣└┗─━]*[├┣└┗][─━]+\s*|[\s│┃]*)(?P<name>\S.*?)\s*$")


def read_tree_drawing(intent: str) -> Graph | None:
    """A tree drawn with box characters ("├── src/", "│   └── app.py"), as `tree` prints it: the
    column where a name starts is its depth."""
    lines = [line for line in intent.splitlines() if line.strip()]
    if not any(re.search(r"[├└┣┗]", line) for line in lines):
        return None
    heading = [] if re.search(r"[├└┣┗│┃]", lines[0]) or len(lines[0].split()) <= 2 else [lines[0]]
    outline = []
    for line in lines[len(heading) :]:
        match = _TREE_PREFIX_RE.match(line)
        if match is None:
            return None
        outline.append(" " * len(match.group("prefix")) + "- " + match.group("name"))
    if heading and not heading[0].rstrip().endswith(":"):
        return None
    return read_outline("\n".join([*heading, *outline]))
