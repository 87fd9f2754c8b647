"""Numbers a reading could take two ways, refused with a rewrite instead of guessed.

    "North 1 200, South 980"    a space that groups thousands, or a label "North 1" and 200?
    "North 1.200, South 980"    a dot that groups thousands (1200), or one and a fifth?
    "Q1 (12), Q2 (8), Q3 4"     brackets that mark a loss (accounting), or only wrap a value?

Each rule looks at the values the reader drew and at how the intent writes them; a list that is
consistent (every label numbered, every value in brackets, every value with three decimals) is
not ambiguous and passes.
"""

from __future__ import annotations

import re

from ..contracts import EngineRefusal
from .numbers import ValueToken, find_value_tokens
from .reading_model import ReadData

SPACED_THOUSANDS_RE = re.compile(r"(?<![\w.,])(?P<label>[^\W\d_][\w'-]*(?:\s[^\W\d_][\w'-]*)*)\s(?P<head>\d{1,3})\s(?P<tail>\d{3})(?![\d.,]\d|\w)")
DOT_THOUSANDS_RE = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d.,]\d)")


def refuse_ambiguous_numbers(intent: str, read: ReadData) -> None:
    """Raise UNREADABLE_INTENT when a drawn value is written in a way that reads two ways."""
    if read.pairs or read.source in ("json", "table", "csv"):
        return  # a cell or a JSON number is one number
    labels = [str(label) for s in read.series for label, _ in s.points]
    _spaced_thousands(intent, labels)
    tokens = find_value_tokens(intent)
    drawn = {value for s in read.series for _, value in s.points}
    _dot_thousands(tokens, drawn)
    _bracketed(intent, tokens, drawn)


def _spaced_thousands(intent: str, labels: list[str]) -> None:
    numbered = [re.match(r"(.*\S)\s\d{1,4}$", label) for label in labels]
    if all(numbered) and len({m.group(1).casefold() for m in numbered if m}) == 1:
        return  # "Week 1 200, Week 2 210": every label is the same word numbered ("Bergen 289 330" is not)
    for match in SPACED_THOUSANDS_RE.finditer(intent):
        written = f"{match.group('label')} {match.group('head')}"
        if any(label.endswith(" " + match.group("head")) and written.casefold().endswith(label.casefold())
               for label in labels):  # the reader took the first group into the label
            raise EngineRefusal(
                "UNREADABLE_INTENT",
                f"'{match.group(0)}' reads two ways: '{written}' {match.group('tail')}, or "
                f"{match.group('label')} {match.group('head')}{match.group('tail')} with a space between thousands. "
                f"Write thousands without spaces, e.g. '{match.group('label')}: {match.group('head')}{match.group('tail')}'.",
            )


def _dot_thousands(tokens: list[ValueToken], drawn: set[float]) -> None:
    dotted = [t for t in tokens if t.value in drawn and DOT_THOUSANDS_RE.fullmatch(t.text.lstrip("-−+$€£¥").rstrip("%"))]
    whole = [t for t in tokens if t.value in drawn and t.plain_integer and abs(t.value) >= 100]
    if dotted and whole:
        first = dotted[0].text
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            f"'{first}' reads two ways next to whole numbers such as '{whole[0].text}': a dot between thousands "
            f"({first.replace('.', '')}) or a decimal ({first}). Write thousands without a dot, e.g. "
            f"'{first.replace('.', '')}', or give every value its decimals.",
        )


# Requests to change the values before drawing them: Forma draws the values as stated.
TRANSFORM_RE = re.compile(
    r"\b(?:projected|forecast|predicted|extrapolated|estimated|missing)\s+(?:values|numbers|figures|months|data)\b[^.;\n]{0,40}?"
    r"\b(?:filled\s+in|added|included)\b|\b(?:extrapolat|interpolat)\w*|"
    r"\b(?:add|with|plus|including)\s+(?:an?\s+)?(?:linear\s+)?(?:trend\s*line|line\s+of\s+best\s+fit|regression\s+line|"
    r"moving\s+average)\b|\blog(?:arithmic)?[\s-]*(?:scale|axis)\b|\b(?:average|sum|total|add\s+up|double|halve|multiply|divide|"
    r"normali[sz]e|round|convert)\s+(?:them|these|those|all|the\s+(?:values|numbers|figures))\b|"
    r"\b(?:double|halve|multiply|divide|convert)\s+the\s+[^.;:\n]{1,40}?\s+(?:first|before)\b",
    re.IGNORECASE)
SELECTION_RE = re.compile(r"\b(?:top|bottom|best|worst|largest|biggest|highest|lowest|smallest)\s+(\d{1,3})\b", re.IGNORECASE)


def _bracketed(intent: str, tokens: list[ValueToken], drawn: set[float]) -> None:
    def wrapped(token: ValueToken) -> bool:
        return bool(re.search(r"\(\s*$", intent[max(0, token.start - 3):token.start])
                    and re.match(r"\s*\)", intent[token.end:token.end + 3])) and token.text[0] not in "-−+"
    inside = [t for t in tokens if t.value in drawn and wrapped(t)]
    outside = [t for t in tokens if t.value in drawn and not wrapped(t)]
    if inside and outside:
        raise EngineRefusal(
            "UNREADABLE_INTENT",
            f"'({inside[0].text})' is in brackets and '{outside[0].text}' is not: brackets may mark a loss "
            f"(-{inside[0].text}) or only wrap the value. Write the sign, e.g. '-{inside[0].text}', or no brackets.",
        )


def refuse_unhonoured_requests(intent: str, count: int) -> None:
    """A transformation ("log scale", "average them", "double the Tuesday figure first") or a selection
    smaller than the data ("top 2" of three values) asks for a chart other than the values as stated."""
    transform = TRANSFORM_RE.search(intent)
    if transform:
        raise EngineRefusal(
            "REQUEST_NOT_HONOURED",
            f"The intent asks to change the values or scale ('{transform.group(0)}'); I chart the values as given, on a "
            "linear axis. Send the values to draw, e.g. 'line chart of signups: Mon 34, Tue 41'.",
        )
    for match in SELECTION_RE.finditer(intent):
        if int(match.group(1)) < count:
            raise EngineRefusal(
                "REQUEST_NOT_HONOURED",
                f"The intent asks for '{match.group(0)}' but gives {count} values; I chart every value given and pick "
                "none. Send just the values to draw, e.g. the top ones only.",
            )
