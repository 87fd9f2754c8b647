"""The check's own reading of a message label that keeps a comma or a full stop of its own.

A comma or a full stop usually separates names ("Ana, Raj", "… the API. The DB …"), so a drawn label is
placed on the intent only between its words' other punctuation. Two kinds are no separator:
- a comma inside brackets the label itself opens right after a word and closes, "charge(card, amount)":
  the arguments of a call, never a list of names (a bracket after a space, "publish (to Billing,
  Shipping)", may list receivers, and stays a separator);
- a full stop glued to the word after it, "referral to .com TLD", ".env": part of a name, never a
  sentence's end (that one is followed by a space).
A label is placed with them only when each comma and each full stop in the intent's words it covers is
of one of those kinds; anything else keeps them as separators.
"""

from __future__ import annotations

import re

_GLUED_STOP_RE = re.compile(r"(?:^|\s)\.\w")


def keeps_inner_punct(label: str, names: list[str] = ()) -> bool:
    """Whether the label's every comma is inside its own brackets and every full stop is glued to the
    word after it (with at least one of them), and no drawn name (`names`, lower-case keys) is said
    inside its brackets ("notify(Billing, Shipping)" may name receivers: not read here)."""
    for inside in re.findall(r"[(\[]([^()\[\]]*)[)\]]", label):
        words = " " + " ".join(re.findall(r"\w+", inside.casefold())) + " "
        if any(f" {name} " in words for name in names if name):
            return False
    depth, has_inner, call = 0, False, []
    for at, char in enumerate(label):
        if char in "([":
            depth += 1
            call.append(bool(at) and (label[at - 1].isalnum() or label[at - 1] == "_"))
        elif char in ")]":
            depth -= 1
            if depth < 0:
                return False
            call.pop()
        elif char == ",":
            if depth == 0 or not all(call):
                return False
            has_inner = True
        elif char == ".":
            if at + 1 >= len(label) or not (label[at + 1].isalnum() or label[at + 1] == "_") \
                    or (at and not label[at - 1].isspace()):
                return False
            has_inner = True
    return depth == 0 and has_inner and not re.search(r"[;!?|]", label)


def span_keeps_inner_punct(tokens: list, start: int, end: int) -> bool:
    """Whether tokens [start, end) hold each comma inside brackets opened right after a word and closed
    within them, and
    each full stop right before a word (no space between) after a space or the span's start."""
    depth, call = 0, []
    for index in range(start, end):
        token = tokens[index]
        if token.kind != "punct":
            continue
        if token.text in "([":
            depth += 1
            before = tokens[index - 1] if index > start else None
            call.append(before is not None and before.kind == "word" and before.start >= 0
                        and before.start + len(before.text) == token.start)
        elif token.text in ")]":
            depth -= 1
            if depth < 0:
                return False
            call.pop()
        elif token.text == ",":
            if depth == 0 or not all(call):
                return False
        elif token.text == ".":
            after = tokens[index + 1] if index + 1 < end else None
            if after is None or after.kind != "word" or token.start < 0 or after.start != token.start + 1:
                return False
            before = tokens[index - 1] if index > start else None
            if before is not None and before.start >= 0 and before.start + len(before.text) == token.start:
                return False  # "API.Send": glued on both sides, not a name's leading dot
    return depth == 0


def span_emphasis_paired(tokens: list, start: int, end: int, names: list[str] = ()) -> bool:
    """Whether tokens [start, end) hold asterisks only as emphasis that pairs up within them: each run
    of one or two opens right before a word (no space between) and the same run closes right after one
    ("click *Log in*", "**Go**"), and at least one pair is there; an emphasised drawn name ("*Auth*",
    `names` as lower-case keys) may be a receiver, not part of the message, and is not read here."""
    runs: list[tuple[int, int]] = []  # (first index, length) of each run of asterisks
    index = start
    while index < end:
        if tokens[index].kind == "punct" and tokens[index].text == "*":
            first = index
            while index < end and tokens[index].kind == "punct" and tokens[index].text == "*" \
                    and (index == first or tokens[index].start == tokens[index - 1].start + 1):
                index += 1
            runs.append((first, index - first))
            continue
        index += 1
    if not runs or len(runs) % 2 or any(length > 2 for _, length in runs):
        return False
    for (opener, size), (closer, closing_size) in zip(runs[::2], runs[1::2], strict=True):
        after_open = tokens[opener + size] if opener + size < end else None
        before_close = tokens[closer - 1]
        if size != closing_size or after_open is None or after_open.kind != "word" \
                or after_open.start != tokens[opener + size - 1].start + 1 \
                or before_close.kind != "word" or before_close.start + len(before_close.text) != tokens[closer].start:
            return False
        inner = " ".join(t.text.casefold() for t in tokens[opener + size:closer] if t.kind == "word")
        if inner in names:
            return False
    return True
