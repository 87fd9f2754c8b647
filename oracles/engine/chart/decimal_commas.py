"""Semicolon-separated data and the comma inside its numbers (check side).

Data whose fields are parted by semicolons ("KW 1;1,094") is the way spreadsheets write CSV where the comma is the
decimal mark: there "1,094" is more likely 1.094 than 1094, and nothing in the number says which. A chart that
draws such a number as a thousand is refused with the two readings named, never drawn on a guess."""

from __future__ import annotations

import re

from .values import StatedNumber

# two or more lines of "field;field" (a header and rows, or rows alone)
_SEMICOLON_ROWS = re.compile(r"(?m)^[^;\n]+;[^;\n]*(?:;[^;\n]*)*$")
# one comma then exactly three digits, and nothing else: "1,094", "12,500" (thousands or a decimal comma)
_ONE_COMMA_GROUP = re.compile(r"[-−]?\d{1,3},\d{3}")


def semicolon_comma_refusal(intent: str, numbers: list[StatedNumber], drawn: set[float]) -> str | None:
    """The message when semicolon-separated data holds a number like '1,094' drawn as 1094; None otherwise."""
    if ";" not in intent or len(_SEMICOLON_ROWS.findall(intent)) < 2:  # every chart check passes here: scan only if it can match
        return None
    for number in numbers:
        text = number.text.strip()
        if not _ONE_COMMA_GROUP.fullmatch(text):
            continue
        thousand = float(text.replace("−", "-").replace(",", ""))
        if thousand in drawn:
            decimal = text.replace(",", ".")
            return (f"'{text}' is in data parted by semicolons, where the comma is often the decimal mark: it may be "
                    f"{decimal} or {thousand:g}. Write it without the doubt, e.g. '{decimal}' or '{thousand:g}'.")
    return None
