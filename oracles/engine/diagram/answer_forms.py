"""The drafter's placing of branch answers written inline ("In stock? → Yes: ship → end; No: backorder",
"Is it raining? Yes -> umbrella. No -> Is it cold? Yes -> coat. No -> go out"): each answer hangs
off the nearest open question before it — in a tree written on one line, the innermost question not
yet answered on that side — never off the step the sentence before happened to end on.

A question opens when a name ending in "?" is first named; an answer written after an arrow answers
the step the arrow leaves. "otherwise: …" is the "no" of the innermost question still without one,
unless a condition ("if urgent, …") was read since that question: then it may be the condition's. An answer passed over an outer question that never gets that answer
later ("Q1? Yes: Q2? Yes: A. No: B.": whose "No"?) leaves the tree unsettled, and the reader refuses
it. The check places answers on its own (answer_placement.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ANSWER_SIDES = {"yes": "yes", "true": "yes", "no": "no", "false": "no"}
IF_SIDES = {"so": "yes", "not": "no"}  # "if so", "if not": answers only after "if"
_ARROW = r"(?:-{1,2}>|—>|–>|=>|→|⟶|➜|➔|⇒)"
# "Yes: …", "no -> …", "If no, …", "if yes: …", "yes — …", "(no) …", "If so, …": an answer opening its clause
ANSWER_RE = re.compile(rf"^(?:(?P<if>if\s+)?(?P<answer>yes|no|true|false)\s*(?:{_ARROW}|:|(?<=\S)\s+[—–-]\s+|"
                       rf"(?(if),|(?!)))|\((?P<bracketed>yes|no|true|false)\)|"
                       rf"if\s+(?P<iffed>so|not)\s*(?:,|:|{_ARROW}))\s*(?:then\s+)?(?P<rest>\S.*)$", re.IGNORECASE)
# ", no -> …", ", if no, …" inside one statement: the next answer's own clause
_NEXT_ANSWER_RE = re.compile(rf",\s*(?=(?:if\s+)?(?:yes|no|true|false)\s*(?:{_ARROW}|:))|,\s*(?=if\s+(?:yes|no)\s*,)",
                             re.IGNORECASE)


# "Rate limited? — if yes: wait": a dash after a question leads into its answers, as an arrow would
_DASHED_ANSWER_RE = re.compile(rf"\?[ \t]*[—–-]{{1,2}}[ \t]*(?=(?:if\s+)?(?:yes|no|true|false)\s*(?:[:,]|{_ARROW}))",
                               re.IGNORECASE)


def dashed_answers(text: str) -> str:
    """ "Q? — if yes: A" → "Q? → if yes: A" (the check reads the dash after a "?" alike)."""
    return _DASHED_ANSWER_RE.sub("? → ", text)


def answer_label(answer: re.Match[str]) -> str:
    """The answer an ANSWER_RE match holds, as its edge's label: as written ("Yes", "no"), with its
    "if" ("if yes", "if so")."""
    if answer.group("iffed"):
        return "if " + answer.group("iffed").lower()
    word = answer.group("answer") or answer.group("bracketed")
    return "if " + word.lower() if answer.group("if") else word


def answer_side(label: str | None) -> str | None:
    """The side an edge label answers ("Yes", "if no" → "no"); None for any other label."""
    words = (label or "").casefold().split()
    if words[:1] == ["if"] and len(words) == 2:
        return ANSWER_SIDES.get(words[1]) or IF_SIDES.get(words[1])
    return ANSWER_SIDES.get(words[0]) if len(words) == 1 else None


def answer_clauses(statement: str) -> list[str]:
    """ "yes -> refund, no -> ask to return it" → its two answers, one clause each; a statement that
    opens with no answer is left whole (an arrow chain's "→ yes: a, no: b" is read by the chain)."""
    if not ANSWER_RE.match(statement.strip()):
        return [statement]
    return [part for part in _NEXT_ANSWER_RE.split(statement) if part.strip()]


@dataclass
class _Asked:
    key: str
    answered: set[str] = field(default_factory=set)
    conditions: int = 0  # how many conditions had been read when it was asked


@dataclass
class OpenQuestions:
    """The questions asked so far, innermost last, with the answers each has had."""

    stack: list[_Asked] = field(default_factory=list)
    asked: dict[str, _Asked] = field(default_factory=dict)
    passed: list[tuple[_Asked, str]] = field(default_factory=list)
    conditions: int = 0  # conditions read so far ("if urgent, …", "< 1 kg → …"): an "otherwise" may be theirs

    def ask(self, key: str) -> None:
        """A name ending in "?" named for the first time opens a question (named again, it is a way back)."""
        if key not in self.asked:
            self.asked[key] = _Asked(key, conditions=self.conditions)
            self.stack.append(self.asked[key])

    def condition(self, label: str | None) -> None:
        """A branch read with a condition of its own (not an answer, not "otherwise")."""
        if label and not answer_side(label) and label.casefold().split()[0] not in ("otherwise", "else"):
            self.conditions += 1

    def otherwise(self) -> str | None:
        """The question "otherwise: …" is the other way of: the innermost open one without its "no",
        when no condition was read since it was asked (else the condition's other way, or either's)."""
        open_ones = [q for q in reversed(self.stack) if "no" not in q.answered]
        if not open_ones or open_ones[0].conditions != self.conditions:
            return None
        return self.answer("no")

    def answered_at(self, key: str, side: str) -> None:
        """ "X → yes: …": the answer the arrow from X carries answers X (a question of its own if it
        was none); the questions opened inside X's branches are closed."""
        self.ask(key)
        entry = self.asked[key]
        if entry in self.stack:
            del self.stack[self.stack.index(entry) + 1:]
        entry.answered.add(side)

    def answer(self, side: str) -> str | None:
        """The question an answer opening a statement answers: the innermost open one not yet answered
        on that side; None when none is open."""
        open_ones = [q for q in reversed(self.stack) if side not in q.answered]
        if not open_ones:
            return None
        chosen = open_ones[0]
        del self.stack[self.stack.index(chosen) + 1:]
        self.passed += [(outer, side) for outer in open_ones[1:]]
        chosen.answered.add(side)
        return chosen.key

    def unsettled(self) -> tuple[str, str] | None:
        """(question, side) when an answer was given to an inner question while an outer one still
        lacked that answer, and the outer one never got it: either could be meant."""
        return next(((q.key, side) for q, side in self.passed if side not in q.answered), None)
