"""A step list with conditions in its items, the way runbooks are written:

    1. Confirm the alert                   - Check the meter.
    2. Check the largest dirs              - If the meter is still moving: shut the main valve.
    3. If logs are the culprit, rotate     - Else if there is a damp patch: call the plumber.
       logs; otherwise expand the volume   - Otherwise: log it and monitor.
    4. Verify free space

A list is a sequence: the item after a run of conditional items comes after every branch of it, and
the conditional items branch from the plain item before them. Written as the sentences the readers
already read, that is

    Confirm the alert → Check the largest dirs. If logs are the culprit, rotate logs; otherwise expand
    the volume. In both cases, Verify free space.

("Either way, …" when no item says "otherwise": the step after a lone "if" item follows it and the
way around it.) Only a flat list of one level is rewritten, whose conditional items each name one
plain step, or plain steps joined by "then": a way back ("go back to step 1"), an end ("stop here"), an
arrow or a second condition in an item leaves the list as written, for the other readers to read or refuse, and so does a nested
list.

Read alike by the drafter (reading.py, before its cascade) and the check's normal form: both then
read the sentences with their own grammar.
"""

from __future__ import annotations

import re

_ITEM_RE = re.compile(r"^(?P<indent>[ \t]*)(?:[-*•+]|\d{1,2}[.)])[ \t]+(?P<text>\S.*?)\s*$")
_IF_RE = re.compile(r"^(?P<kw>if|else\s+if|otherwise\s+if)\s+(?P<cond>[^,:;]+?)\s*[,:]\s*(?P<body>\S.*)$", re.IGNORECASE)
_ELSE_RE = re.compile(r"^(?P<kw>otherwise|else|if\s+not)\s*[,:]?\s+(?P<body>\S.*)$", re.IGNORECASE)
# "If C, X; otherwise Y" in one item
_FULL_RE = re.compile(r"^(?P<if>if\s+[^,:;]+?\s*[,:]\s*[^;]+?)\s*[;,]\s*(?P<else>(?:otherwise|else)\b.*)$", re.IGNORECASE)
# what a plain step of a branch never holds: a way back, an end, an arrow, a second condition, a note
_NOT_PLAIN_RE = re.compile(r"->|→|=>|[()\[\]]|\b(?:back|return|returns|again|repeat|step\s+\d|stop|end|ends|done|if|when|"
                           r"unless|otherwise|else|then)\b", re.IGNORECASE)
_THEN_RE = re.compile(r",?\s+(?:and\s+)?then\s+", re.IGNORECASE)
_CONDITIONAL_RE = re.compile(r"^(?:if|else|otherwise)\b", re.IGNORECASE)
_REJOIN_SAID_RE = re.compile(r"^(?:either\s+way|in\s+(?:both|either|any|all)\s+cases?|whichever\s+happens)\s*,\s*", re.IGNORECASE)


def _plain(step: str) -> bool:
    """One plain step, or plain steps one after another ("photograph it, then file a claim")."""
    return all(bool(part.strip(" .;")) and not _NOT_PLAIN_RE.search(part) for part in _THEN_RE.split(step))


def _branch_sentences(item: str) -> list[str] | None:
    """ "If C: X" → ["If C, X."]; "If C, X; otherwise Y" → ["If C, X; otherwise Y."]; None otherwise."""
    text = item.strip().rstrip(".")
    full = _FULL_RE.match(text)
    if full:
        first, other = _IF_RE.match(full.group("if")), _ELSE_RE.match(full.group("else"))
        if first and other and _plain(first.group("body")) and _plain(other.group("body")):
            return [f"{first.group('kw')} {first.group('cond')}, {first.group('body')}; {other.group('kw').lower()} "
                    f"{other.group('body')}."]
        return None
    branch = _IF_RE.match(text)
    if branch and _plain(branch.group("body")):
        return [f"{branch.group('kw')} {branch.group('cond')}, {branch.group('body')}."]
    other = _ELSE_RE.match(text)
    if other and _plain(other.group("body")):
        return [f"{other.group('kw')}, {other.group('body')}."]
    return None


def list_branches_as_sentences(intent: str) -> str:
    """The intent with such a list written as sentences; as written when it holds none."""
    lines = intent.split("\n")
    items = [(i, _ITEM_RE.match(line)) for i, line in enumerate(lines)]
    listed = [(i, m) for i, m in items if m]
    if len(listed) < 3:
        return intent
    first, last = listed[0][0], listed[-1][0]
    if any(not items[i][1] and lines[i].strip() for i in range(first, last + 1)):
        return intent  # a line inside the list that is no item (a note, a nested block)
    if len({m.group("indent") for _, m in listed}) != 1:
        return intent  # nested: a tree, or branches under their step (the outline readers' forms)
    texts = [m.group("text").strip() for _, m in listed]
    if not any(_CONDITIONAL_RE.match(t) for t in texts) or _CONDITIONAL_RE.match(texts[0]):
        return intent
    # "3. Either way, send the email": the rejoin said in the item itself, said again below
    texts = [_REJOIN_SAID_RE.sub("", t) for t in texts]
    sentences: list[str] = []
    run: list[str] = []  # plain steps, one after another
    after_branch = ""  # how the next plain run joins the branches before it
    otherwise = False
    for text in texts:
        if _CONDITIONAL_RE.match(text):
            said = _branch_sentences(text)
            if said is None:
                return intent
            if run:
                sentences.append(after_branch + " → ".join(run) + ".")
                run, after_branch, otherwise = [], "", False
            elif not sentences:
                return intent
            otherwise = otherwise or bool(re.search(r"\b(?:otherwise|else)\b|^if\s+not\b", said[0], re.IGNORECASE))
            sentences += said
            continue
        if not run and sentences and not after_branch:
            after_branch = "In both cases, " if otherwise else "Either way, "
        if "→" in text or "->" in text:
            return intent
        run.append(text.rstrip("."))
    if run:
        sentences.append(after_branch + " → ".join(run) + ".")
    return "\n".join([*lines[:first], " ".join(sentences), *lines[last + 1:]])
