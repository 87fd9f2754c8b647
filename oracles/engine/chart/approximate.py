"""Values stated as approximate: one rule for the reader and the check (docs/verdicts.md, "Approximate values").

A value marked as approximate by a marker of `APPROXIMATE_BEFORE` ("~15", "≈ 15", "about 15", "around 15",
"roughly 15", "approximately 15", "approx 15", "circa 15", "maybe 15", "perhaps 15") or of
`APPROXIMATE_AFTER` ("15 or so", "15 give or take") is drawn as the number written, and the answer's notes
name it: the number is the writer's best figure, and the note keeps the approximation visible.

Any other hedge is refused with a rewrite hint, because the number written is not the value meant:
"nearly 15", "almost 15", "just under 15", "close to 15" are below (or above) it, "15±2" and "15 +/- 2"
carry an error the chart cannot show, and "15ish" is a guess the reader does not read in every layout.
Abbreviations with a full stop ("approx. 15", "ca. 15", "c. 15") are not markers: the stop reads as the end of
a statement, so they are refused as unreadable, with the usual hint to write 'label value'.

The reader blanks the markers (`blank_approximate_markers`, same length so positions hold) and writes the
note (`approximate_note`); the check reads the intent on its own (`hedged_value_refusal`,
`hedged_label_refusal`) and never trusts the drafter's reading of a marker.
"""

from __future__ import annotations

import re
from typing import Any

from .scanning import Scanned

Refusal = tuple[str, str]

_CURRENCY = r"[$€£¥]?\s?"
# The words of the markers, for the check's list of words that link a label to its value ("ca." is not one:
# read as a word, "CA" is a state in "Sacramento CA 40").
APPROXIMATE_WORDS = frozenset(("about", "around", "roughly", "approximately", "approx", "circa", "maybe", "perhaps"))
# "~15", "≈ 15", "approx 15": a marker right before a number (a year alone is left alone: "about 2024").
APPROXIMATE_BEFORE = re.compile(
    r"(?:(?<![\w~≈])[~≈]|\b(?:about|around|roughly|approximately|approx(?!\.)|circa|maybe|perhaps))[ \t]*"
    rf"(?={_CURRENCY}[-−+]?\d)(?!{_CURRENCY}(?:19|20)\d\d\b(?![,.]\d))", re.IGNORECASE)
# "15 or so", "15k give or take": a marker right after a number (and its scale or unit sign).
APPROXIMATE_AFTER = re.compile(r"(?<=\d)([%kKmMbB]{0,2})([ \t]+(?:or\s+so|give\s+or\s+take)\b)", re.IGNORECASE)

# Hedges whose number is not the value meant: refused (see the module docstring).
HEDGE_BEFORE = re.compile(
    r"\b(?:nearly|almost|just\s+(?:under|over|below|above)|close\s+to|not\s+quite)\s*[$€£¥]?\s*[-−+]?$", re.IGNORECASE)
HEDGE_AFTER = re.compile(r"^(?:[%kKmMbB]{0,2})\s*(?:-?ish\b|±|\+/-|\+-\s*\d)", re.IGNORECASE)
# A drawn label that ends on a marker or hedge word carries the value's hedge, not a name ("Ben approx").
_HEDGE_WORD_AT_END = re.compile(
    r"(?:(?:^|\s)(?:about|around|roughly|approximately|approx\.?|circa|maybe|perhaps|nearly|almost)|[~≈±])$",
    re.IGNORECASE)
_NUMBER = re.compile(r"[$€£¥]?\s?[-−+]?\d(?:[\d,.]*\d)?")
_NUMBER_BEFORE = re.compile(r"\d(?:[\d,.]*\d)?(?=[%kKmMbB]{0,2}$)")


def _blank(match: re.Match[str]) -> str:
    return " " * len(match.group(0))


def blank_approximate_markers(text: str) -> str:
    """The text with every documented approximate marker blanked (same length: positions hold)."""
    text = APPROXIMATE_BEFORE.sub(_blank, text)
    return APPROXIMATE_AFTER.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)


def approximate_note(intent: str) -> str | None:
    """The answer's note naming the values stated as approximate, or None when there are none."""
    stated = [intent[m.start():m.end() + _NUMBER.match(intent, m.end()).end() - m.end()]  # type: ignore[union-attr]
              for m in APPROXIMATE_BEFORE.finditer(intent)]
    stated += [intent[_NUMBER_BEFORE.search(intent, 0, m.start()).start():m.end()]  # type: ignore[union-attr]
               for m in APPROXIMATE_AFTER.finditer(intent)]
    if not stated:
        return None
    return ("Numbers marked approximate in the intent are taken as written: " + ", ".join(f"'{s}'" for s in stated) + ".")


def hedge_around(intent: str, start: int, end: int) -> str | None:
    """The hedge right before or after the number at intent[start:end] that makes it not the value meant."""
    before = HEDGE_BEFORE.search(intent[max(0, start - 24):start])
    if before:
        return before.group(0).strip()
    after = HEDGE_AFTER.search(intent[end:end + 12])
    return after.group(0).strip() if after else None


def hedged_value_refusal(intent: Scanned, numbers: list[Any], used: set[int]) -> Refusal | None:
    """A drawn value written with a hedge that is not a documented approximate marker is refused."""
    if not (intent.may_match(HEDGE_BEFORE) or intent.may_match(HEDGE_AFTER)):
        return None  # no hedge anywhere in the intent, so none beside any value
    for token in numbers:
        if token.start not in used:
            continue
        hedge = hedge_around(intent.text, token.start, token.end)
        if hedge:
            return ("VALUE_NOT_PLACED", (
                f"'{token.text}' is hedged ('{hedge}'), so the number written is not the value meant and the chart "
                f"cannot draw it. Write the value, e.g. 'Ben 15', or mark it approximate with '~' or 'about' "
                f"('Ben ~15' is drawn as 15 and noted as approximate)."))
    return None


def hedged_label_refusal(labels: list[str], names: Scanned) -> Refusal | None:
    """A drawn label ending on an approximate or hedge word ("Ben approx") holds its value's marker.
    `names` holds every label: when it cannot match a hedge word, no label is searched."""
    if not names.may_match(_HEDGE_WORD_AT_END):
        return None
    for label in labels:
        if _HEDGE_WORD_AT_END.search(label.strip()) and len(label.split()) > 1:
            return ("LABEL_NOT_IN_INTENT", (
                f"The label '{label}' ends on a word that hedges its value, not on the name. Write the name, then "
                f"the value, e.g. 'Ben ~15' or 'Ben about 15' (drawn as 15 and noted as approximate)."))
    return None
