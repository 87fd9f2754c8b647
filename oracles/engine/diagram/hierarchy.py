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

from .appositives import roles_in_brackets
from .gapping import ungapped
from .model import Graph
from .org_clauses_forms import org_clauses_forms
from .org_opening_forms import org_opening_forms
from .outline import read_outline
from .role_names import named_roles

_COUNT = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|several|\d+)"
_DOWN_RE = re.compile(
    # a bare "leads" / "heads" / "runs" is left out: "the CEO leads the company", "Dana runs engineering"
    # describe a role more often than they name a report
    r"^(?P<boss>[^,;:]+?)\s+(?:(?:leads|heads|runs|manages|has)\s+a\s+(?:small\s+)?(?:team|group|staff|squad|crew)\s+of|"
    r"manages|supervises|oversees|is\s+(?:the\s+)?(?:boss|head|manager|supervisor)\s+of|"
    r"is\s+in\s+charge\s+of|splits\s+into|is\s+(?:divided|split|broken\s+down)\s+into|breaks\s+down\s+into|"
    r"branches\s+into|consists\s+of|is\s+made\s+up\s+of|holds|contains|includes|has)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
# "The treasurer has an assistant treasurer under her": the people after "has" are under the subject
_HAS_UNDER_RE = re.compile(r"^(?P<boss>[^,;:]+?)\s+has\s+(?P<rest>.+?)\s+(?:under|below|beneath|reporting\s+to)\s+"
                           r"(?:him|her|them)$", re.IGNORECASE)
_HAS_RE = re.compile(
    rf"^(?P<boss>[^,;:]+?)\s+has\s+(?P<count>{_COUNT}(?:\s+[\w-]+){{0,2}}?)\s+(?:(?:reporting|who\s+reports?)\s+to|under|below|beneath)\s+"
    r"(?:him|her|them)\s*[,:]\s*(?P<rest>.+)$",
    re.IGNORECASE,
)
_UP_RE = re.compile(
    # "Tom and Sam both report to Ivy", "Both Tom and Sam report to Ivy": "both"/"all" only gathers them
    r"^(?:(?:both|all\s+of)\s+)?(?P<subs>.+?)(?:\s+(?:both|all|all\s+three|each|also))?\s+(?:(?:reports?|answers?|reporting)\s+(?:directly\s+)?to|(?:is|are)\s+(?:managed|supervised|overseen|led|run|headed)\s+by|works?\s+(?:for|under)|(?:is|are|sits?)\s+(?:directly\s+)?(?:under|below))\s+(?P<boss>[^,;:]+?)"
    r"(?:\s+(?:as\s+well|too|also))?(?:(?:\s*:|\s+[—–])\s*(?P<rest>.+))?$",
    re.IGNORECASE,
)
_COUNT_LEAD_RE = re.compile(rf"^(?:(?:the|a|an|our|his|her|their)\s+)?(?P<count>{_COUNT})(?:\s+[\w-]+){{0,2}}"
                            r"(?:\s*[:,—–]|\s+-|\s*(?=\())\s*(?=\S)", re.IGNORECASE)
_OWN_UP_RE = re.compile(r"\bworks?\s+under\b|\b(?:is|are|sits?)\s+(?:directly\s+)?(?:under|below)\b", re.IGNORECASE)
_WHOSE_MANAGER_RE = re.compile(r"['’]s\s+(?:direct\s+|line\s+)?(?:manager|boss|supervisor)\s+is\b", re.IGNORECASE)
_UNDER_RE = re.compile(r"^(?:and\s+)?(?:directly\s+)?(?:under|below|beneath)\s+(?P<boss>[^:,;]+?)\s*(?::|\s(?:is|are|sits?|sit|come|comes|"
                       r"there['’]s|there\s+is|there\s+are))\s+"
                       r"(?P<rest>\S.*)$", re.IGNORECASE)
_TOP_RE = re.compile(r"^(?:the\s+)?(?:top|root|boss|head)\s+is\s+(?P<name>[^,;:]{1,40})$", re.IGNORECASE)
_REPORTS_OF_RE = re.compile(r"^(?:the\s+)?(?:direct\s+)?reports\s+(?:of|to)\s+(?P<boss>[^:,;]+?)\s*:\s*(?P<rest>\S.*)$",
                            re.IGNORECASE)
_TEAM_OF_RE = re.compile(r"\b(?:team|group|staff|squad|crew)\s+of\b", re.IGNORECASE)
_NUMBER_WORDS = {w: n for n, w in enumerate("one two three four five six seven eight nine ten".split(), start=1)}
# "Draw it as a tree.", "Can you draw that as an org chart?": a closing request, no reporting line
_CLOSING_RE = re.compile(
    r"^(?:please\s+)?(?:can|could|would)?\s*(?:you\s+)?(?:draw|make|show|render|keep|lay|sketch|chart|diagram|map)\b[^,;]{0,40}$", re.IGNORECASE
)
# "in the exam the teacher …", "In our factory the plant manager …": an opening scene, no actor
_SCENE_RE = re.compile(
    r"^\s*(?:in|at|inside|within)\s+(?:our|my|the|their|this)\s+(?:[\w'’-]+\s+)?[\w-]+?"
    r"(?:\s*,\s*|\s+(?=(?:the|a|an|our|my)\s))",
    re.IGNORECASE,
)
_QUANTIFIER_RE = re.compile(
    r"^(?:the\s+)?(?:all|both|each|every|everyone|everybody|rest|others?|remaining|other|none|"
    r"they|them|these|those|one|two|three|four|five|six|several|many)\b",
    re.IGNORECASE,
)
# A reporting line that is denied, past, future or conditional is not one to draw as stated.
# ("Mei has no direct reports yet" names nobody under Mei)
_HEDGE_RE = re.compile(r"\b(?:not|no|never|used\s+to|formerly|until|will|would|might|may|should|"
                       r"could|if|unless|temporarily|\w+n[’']t)\b", re.IGNORECASE)
_IN_TURN_RE = re.compile(r",?\s+in\s+turn\b,?(?=\s)", re.IGNORECASE)
_PRONOUN_RE = re.compile(r"^(?:him|her|them|he|she|they)$", re.IGNORECASE)
_HEADING_RE = re.compile(r"^[^.;]{0,80}(?:\?|:)\s*$")
_BULLET_RE = re.compile(r"^\s*(?:[-*•+]|\d{1,2}[.)])\s+")
_NAMES_SPLIT_RE = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*")


# "Sam reports to Jonas, and Noor and Felix report to Lea": a second reporting line, two people its subject
_NEXT_PAIR_CLAUSE_RE = re.compile(r",\s*and\s+(?=[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+and\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)?\s+"
                                  r"(?:both\s+|also\s+)?(?:report|answer)\s+to\b)")
_NEXT_CLAUSE_RE = re.compile(
    r",\s*(?:and\s+)?(?=(?:the\s+)?[\w-]+(?:\s+[\w-]+)?(?:\s*\([^()]{1,30}\))?\s+(?:is|reports?|answers?|leads|manages|has|works|sits|"
    r"heads|supervises|oversees|holds|contains|splits)\b)",
    re.IGNORECASE,
)


def _statements(intent: str) -> list[str]:
    # "Dr. Osei", "Mr. Tanaka": a title's full stop ends no statement
    parts = re.split(
        r"\n+|;\s*|(?<=[\w)\]])(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bProf)(?<!\bSt)\.\s+|\.\s*$|"
        r"(?<=\?)\s+(?=\S)",
        intent,
    )
    # "Ahmed is boss of the welding team, Li is boss of …": a comma before a name and its verb
    parts = [c for p in parts if p for c in _NEXT_CLAUSE_RE.split(p)]
    parts = [c for p in parts if p for c in _NEXT_PAIR_CLAUSE_RE.split(p)]
    return [_BULLET_RE.sub("", p).strip() for p in parts if p and p.strip()]


def _count_of(text: str) -> int | None:
    """The number a count states ("3", "three"); None for "several" or no count."""
    word = re.sub(r"^(?:the|a|an|our|his|her|their)\s+", "", text.strip(), flags=re.IGNORECASE).split()[0].casefold()
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)


def _names(text: str, count: int | None = None) -> list[str] | None:
    """ "three: Ana, Raj and Kofi" → [Ana, Raj, Kofi]; None when a piece is not a short name."""
    text = text.strip().strip(".")
    lead = _COUNT_LEAD_RE.match(text)
    if lead:
        count = _count_of(lead.group("count"))
        text = text[lead.end():]
    text = re.sub(r"^\(\s*(.*?)\s*\)$", r"\1", text)
    names = [n.strip() for n in _NAMES_SPLIT_RE.split(text) if n.strip()]
    if count is not None and count != len(names):
        return None  # "a team of 3: Lee, Kim": who the third is is not said
    if any(_QUANTIFIER_RE.match(n) for n in names):
        return None  # "everyone else", "all three", "the rest": who they are is not said here
    # (a role in brackets after a name is not counted in its length: "Greg Tully (Principal of North Elementary)")
    if not names or any(len(re.sub(r"\s*\([^()]*\)$", "", n).split()) > 5 or re.search(r"[(),:]", re.sub(r"\([^()]*\)$", "", n))
                        for n in names):
        return None
    return names


class _Reading:
    def __init__(self) -> None:
        self.graph = Graph(hierarchy=True)
        self.last: str | None = None  # who "him"/"her" means
        self.counted = False  # a statement states a count ("a team of 3:", "two accountants, …", "has … reporting to")
        self.plain = False  # a plain "A reports to B" line, which the sentence reader reads on its own
        self.recent: str | None = None  # the one name a statement ended with: who "who"/"which" means

    def person(self, text: str) -> str | None:
        if _PRONOUN_RE.match(text.strip()):
            return self.last
        return self.graph.node(text)

    def manages(self, boss_text: str, names: list[str], several_bosses: bool = False, boss_last: bool = False) -> bool:
        """Each boss over each name. Only "reports to A and B" names several bosses (a dotted
        line, as the sentence reader reads it); "A and B manage C" says nothing of who leads."""
        bosses = [boss_text] if _PRONOUN_RE.match(boss_text.strip()) else _names(boss_text)
        if not bosses or (len(bosses) > 1 and not several_bosses):
            return False
        keys = [self.person(boss) for boss in bosses]
        if any(key is None for key in keys):
            return False
        for boss in keys:
            for name in names:
                self.graph.edge(boss, self.graph.node(name))  # type: ignore[arg-type]
        self.last = keys[-1]
        ending = keys if boss_last else [self.graph.node(name) for name in names]
        self.recent = ending[0] if len(ending) == 1 else None  # "Ivy manages Tom and Sam, who …": which one?
        return True

    def statement(self, text: str) -> bool:
        text = _IN_TURN_RE.sub("", text.strip(" ."))  # "Ravi in turn leads …": the aside names nobody
        if _HEDGE_RE.search(text):
            return False  # "Tom no longer reports to Ivy", "Sam will manage Lee": not a line as it stands
        relative = re.match(r"^(?:who|which)\s+(?=\S)", text, re.IGNORECASE)
        if relative:  # "Tom works for Ivy, who has one more report, Lee": the name the clause before ended with
            if self.recent is None:
                return False
            text = self.graph.labels[self.recent] + " " + text[relative.end():]
        self.recent = None
        whose = _WHOSE_MANAGER_RE.search(text)
        if whose:  # "Tom's manager is Sara": Tom reports to Sara
            self.counted = True
            text = text[:whose.start()] + " reports to" + text[whose.end():]
        has_under = _HAS_UNDER_RE.match(text)
        if has_under:
            self.counted = True
            names = _names(re.sub(r"^(?:an?|the)\s+", "", has_under.group("rest"), flags=re.IGNORECASE))
            return names is not None and self.manages(has_under.group("boss"), names)
        has = _HAS_RE.match(text)
        if has:
            self.counted = True
            names = _names(has.group("rest"), _count_of(has.group("count")))
            return names is not None and self.manages(has.group("boss"), names)
        up = _UP_RE.match(text)
        if up:
            # "Two managers report to her: Felix and Joy", "Ivy and Ben report to the controller"
            # plain "A reports to B" lines are read here only beside a counted form ("two accountants,
            # Ivy and Ben, …"): on their own the sentence reader reads them (read_reporting_lines)
            # a count, or a wording the sentence reader does not read ("works under", "Tom's manager is")
            counted = bool(up.group("rest") or _COUNT_LEAD_RE.match(up.group("subs").strip())
                           or _OWN_UP_RE.search(text))
            self.counted, self.plain = self.counted or counted, self.plain or not counted
            names = _names(up.group("rest"), _count_of(up.group("subs"))) if up.group("rest") else _names(up.group("subs"))
            if up.group("rest") and not re.fullmatch(rf"(?:the\s+)?{_COUNT}(?:\s+[\w-]+){{0,2}}", up.group("subs"), re.IGNORECASE):
                return False
            return names is not None and self.manages(up.group("boss"), names, several_bosses=True,
                                                      boss_last=not up.group("rest"))
        if self.graph.known(text) is not None and not _PRONOUN_RE.match(text):
            return True  # "Mei." (from "Mei has no direct reports yet."): a person named again, nobody under them
        top = _TOP_RE.match(text)
        if top and not self.graph.labels:  # "top is Sales", "the boss is Mr. Tanaka": the root, named first
            self.counted = True
            self.recent = self.last = self.graph.node(top.group("name"))
            return True
        under = _UNDER_RE.match(text)
        if under:  # "Under Dana are two supervisors, Moe and Kira", "under him: Sato and Kimura"
            self.counted = True
            names = _names(under.group("rest"))
            return names is not None and self.manages(under.group("boss"), names)
        reports_of = _REPORTS_OF_RE.match(text)
        if reports_of:  # "Direct reports of Sara: Tom, Uma"
            self.counted = True
            names = _names(reports_of.group("rest"))
            return names is not None and self.manages(reports_of.group("boss"), names)
        down = _DOWN_RE.match(text)
        if down:
            self.counted = self.counted or bool(_COUNT_LEAD_RE.match(down.group("rest")) or _TEAM_OF_RE.search(text))
            names = _names(down.group("rest"))
            return names is not None and self.manages(down.group("boss"), names)
        return False


def read_reporting_lines(intent: str) -> Graph | None:
    """None unless every statement is a reporting line (after an optional heading or request)."""
    # "The organisation is headed by the CEO, Dana Reyes.", "The CTO's direct reports are …" (org_opening_forms.py)
    with_roles = ungapped(roles_in_brackets(named_roles(org_clauses_forms(org_opening_forms(intent)))))
    statements = _statements(_SCENE_RE.sub("", with_roles, count=1))
    if statements and _HEADING_RE.match(statements[0]) and len(statements) > 1:
        statements = statements[1:]
    if not statements:
        return None
    # "Draw the finance reporting lines: …", "org chart pls — CEO is Nadia"
    heading = re.match(r"^(?P<head>[^:—–]{1,80})(?::|\s[—–])\s+(?P<body>\S.*)$", statements[0])
    if heading and not re.search(
        r"\b(?:reports?|answers?|leads|manages|heads|has|supervises|oversees|boss|splits|divided|split|consists|holds|"
        r"contains|includes|made|branches|breaks|under|below|beneath)\b",
        heading.group("head"),
        re.IGNORECASE,
    ):
        statements[0] = heading.group("body")  # "Draw the finance reporting lines: the CFO answers to …"
    reading = _Reading()
    # a role beside a name ("the store manager, Dana, answers to …") or a verb said once for two
    # lines is a wording the sentence reader does not read: these lines are claimed here, plain or not
    reading.counted = with_roles != intent
    while len(statements) > 1 and _CLOSING_RE.match(statements[-1].strip(" .!?")):
        statements = statements[:-1]
    for statement in statements:
        if not reading.statement(statement):
            return None
    graph = reading.graph
    # plain lines are claimed only beside a count; "Maria is the head of engineering" beside them
    # is more likely a role than a report, and the sentence reader decides that
    return graph if graph.edges and (reading.counted or not reading.plain) else None


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
