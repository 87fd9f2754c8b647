"""The drafter's reading of a parallel group said inside a "then" chain (applied before
parallel_join_forms.py):

    "checkout, then compile, then unit tests and integration tests in parallel, then package"
        → "checkout, then compile, then in parallel: unit tests and integration tests. Once all are done, package"
    "lint and typecheck run at the same time, then build, then push"
        → "in parallel: lint and typecheck. Once all are done, build, then push"

The group is the steps between "then" (or the sentence's start) and the next ", then": two or more
names parted by commas, "and", "+" or "&", followed by the words that say they run at once ("in
parallel", "at the same time", "concurrently", "(in parallel)", "run simultaneously"). The ", then"
after the group is the wait for all of them (the join). A group of one name, names that may share
their last noun ("unit and integration tests"), a name holding "or", a negation ("not", "never"), a
pronoun or another "then", and a group not followed by ", then" are left as written (the check
refuses them). The check reads these on its own (parallel_then_normal.py); only word lists are shared.
"""

from __future__ import annotations

import re

from .parallel_words import SHARED_HEAD_NOUNS, STANDALONE_STEPS
from .vocabulary import PARALLEL_IDIOM

_ONCE = rf"(?:{PARALLEL_IDIOM}|(?:at\s+)?(?:the\s+)?same\s+time)"
_RUNS = r"(?:(?:all\s+|both\s+)?(?:run|runs|happen|happens|go|goes|execute|executes|proceed|proceeds)\s+)?"
_NOTE = rf"(?:\s*\(\s*{_RUNS}{_ONCE}\s*\)|,?\s+{_RUNS}{_ONCE})"
_GROUP_RE = re.compile(
    rf"(?P<open>(?:^|(?<=[.;!?\n]))[ \t]*|,[ \t]*(?:and[ \t]+)?then[ \t]+)"
    rf"(?P<steps>(?:(?!,[ \t]*(?:and[ \t]+)?then\b)[^.;:!?\n()\[\]{{}}—–])+?){_NOTE}[ \t]*,[ \t]*(?:and[ \t]+)?then[ \t]+(?=\S)"
    # "…, then deploy when both pass": the wait said after is parallel_join_forms.py's reading
    r"(?![^.;!?\n,]*\bor\b)"  # "…, then build or deploy": one step or a choice? left as written
    r"(?![^.;!?\n]*\b(?:when|once|after|until)\s+(?:both|all|they|those|these|the\s+\w+\s+(?:are|have)))",
    re.IGNORECASE,
)
_NOT_IN_NAME = frozenset("or then not never no nor it they them this that these those we you he she both all".split())
# a name opens with none of these: "After X, A and B in parallel" says what comes before the group
_NOT_FIRST = frozenset("after before when once if on first while until as since so and but also next finally".split())


def _names(steps: str) -> list[str]:
    return [n.strip() for n in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*[+&]\s*", steps.strip()) if n.strip()]


def _group_ok(names: list[str]) -> bool:
    if len(names) < 2 or len({n.casefold() for n in names}) < len(names):
        return False  # one step, or a step named twice
    for name in names:
        words = name.casefold().replace("n't", " not").split()
        if not words or words[0] in _NOT_FIRST or any(w in _NOT_IN_NAME for w in words):
            return False
    firsts, last = names[:-1], names[-1].casefold().split()
    shared = len(last) > 1 and last[-1] in SHARED_HEAD_NOUNS and \
        all(" " not in n and n.casefold() not in STANDALONE_STEPS for n in firsts)
    return not shared


def _rewrite(found: re.Match[str]) -> str:
    names = _names(found.group("steps"))
    if not _group_ok(names):
        return found.group(0)
    steps = ", ".join(names[:-1]) + " and " + names[-1]  # "lint + test" → "lint and test"
    opened = found.group("open")
    if opened.strip():  # ", then A and B in parallel, then" — the step before starts them
        return f"{opened}in parallel: {steps}. Once all are done, "
    return f"{opened}In parallel: {steps}. Once all are done, "


def parallel_then_groups(intent: str) -> str:
    """Each parallel group said inside a "then" chain, said as "in parallel: … Once all are done, …"."""
    if not re.search(_ONCE, intent, re.IGNORECASE):
        return intent
    return _GROUP_RE.sub(_rewrite, intent)
