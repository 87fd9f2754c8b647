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
