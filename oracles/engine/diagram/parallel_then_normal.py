"""The check's normal form for a parallel group said inside a "then" chain (applied by
normal_forms.normal_form before parallel_join_normal.py). Written apart from the drafter's reader
(parallel_then_forms.py); only word lists are shared.

A sentence is cut at each ", then" (", and then"). A piece, not the last, that ends in the words
saying its steps run at once ("in parallel", "at the same time", "(concurrently)", "run
simultaneously") and lists two or more plain names is a group: the piece before it (if any) starts
it, the piece after it waits for all of them:

    "checkout, then A and B in parallel, then package" → "checkout, then in parallel: A and B. once all are done, package"
    "A and B run at the same time, then build"         → "in parallel: A and B. once all are done, build"

A piece of one name, names that may share their last noun, a name holding "or", a negation, a
pronoun, "both"/"all", "then", or opening with a word that says when ("after X, A and B …") is left
as written: the sentence stays refused as before.
"""

from __future__ import annotations

import re

from .parallel_words import SHARED_HEAD_NOUNS, STANDALONE_STEPS
from .vocabulary import PARALLEL_IDIOM

_AT_ONCE_END = re.compile(
    rf"(?:\s*\(\s*(?P<inner>(?:(?:all|both)\s+)?(?:(?:run|happen|go|execute|proceed)s?\s+)?(?:{PARALLEL_IDIOM}|(?:at\s+)?(?:the\s+)?same\s+time))\s*\)"
    rf"|,?\s+(?P<outer>(?:(?:all|both)\s+)?(?:(?:run|happen|go|execute|proceed)s?\s+)?(?:{PARALLEL_IDIOM}|(?:at\s+)?(?:the\s+)?same\s+time)))\s*$",
    re.IGNORECASE)
_THEN_CUT = re.compile(r",[ \t]*(?:and[ \t]+)?then[ \t]+", re.IGNORECASE)
_WAIT_SAID = re.compile(r"\b(?:when|once|after|until)\s+(?:both|all|they|those|these|the\s+\w+\s+(?:are|have))\b",
                        re.IGNORECASE)
_SENTENCE_RE = re.compile(r"[^.;!?\n]+")
_BAD_WORDS = frozenset("or nor not never no then it they them this that these those we you he she both all".split())
_WHEN_WORDS = frozenset("after before when once if on first while until as since so and but also next finally".split())
_BAD_CHARS = set(":()[]{}—–")


def _steps(listed: str) -> list[str]:
    parts = re.split(r",\s*and\s+|,\s*|\s+and\s+|\s*\+\s*|\s*&\s*", listed.strip())
    return [p.strip() for p in parts if p.strip()]


def _plain_group(steps: list[str]) -> bool:
    if len(steps) < 2 or len(set(map(str.casefold, steps))) != len(steps):
        return False
    for step in steps:
        if _BAD_CHARS & set(step):
            return False
        words = re.sub(r"n't\b", " not", step.casefold()).split()
        if not words or words[0] in _WHEN_WORDS or _BAD_WORDS.intersection(words):
            return False
    last = steps[-1].casefold().split()
    if len(last) > 1 and last[-1] in SHARED_HEAD_NOUNS and \
            all(len(s.split()) == 1 and s.casefold() not in STANDALONE_STEPS for s in steps[:-1]):
        return False  # "unit and integration tests": one step or two
    return True


def _sentence(text: str) -> str:
    cuts = list(_THEN_CUT.finditer(text))
    if not cuts:
        return text
    bounds = [0] + [c.end() for c in cuts]
    ends = [c.start() for c in cuts] + [len(text)]
    out: list[str] = []
    last = 0
    for index, (start, end) in enumerate(zip(bounds, ends, strict=True)):
        if index == len(cuts):
            break  # the last piece is never a group: nothing after it waits
        if re.search(r"\bor\b", text[bounds[index + 1]:ends[index + 1]], re.IGNORECASE):
            break  # "…, then build or deploy": one step or a choice?
        if _WAIT_SAID.search(text, ends[index]):
            break  # "…, then deploy when both pass": the join said in words is parallel_join_normal.py's
        piece = text[start:end]
        note = _AT_ONCE_END.search(piece)
        if note is None:
            continue
        steps = _steps(piece[: note.start()])
        if not _plain_group(steps):
            continue
        listed = " and ".join([", ".join(steps[:-1]), steps[-1]])
        before = text[last:start]
        if index == 0:
            lead = piece[: len(piece) - len(piece.lstrip())]
            out.append(f"{before}{lead}in parallel: {listed.strip()}. once all are done, ")
        else:
            out.append(f"{before}in parallel: {listed.strip()}. once all are done, ")
        last = cuts[index].end()
    out.append(text[last:])
    return "".join(out)


def parallel_then_normal_form(intent: str) -> str:
    """The intent with each group said inside a "then" chain as "in parallel: … once all are done, …"."""
    if not re.search(rf"{PARALLEL_IDIOM}|same\s+time", intent, re.IGNORECASE):
        return intent
    return _SENTENCE_RE.sub(lambda m: _sentence(m.group(0)), intent)
