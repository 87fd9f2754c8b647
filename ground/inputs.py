"""What text Forma accepts, defined once for every door (MCP schemas, REST serializers, services).

PostgreSQL refuses NUL (U+0000) in text, so a NUL that reached the database
would surface as a bug, not as the caller's mistake; and the other C0 control
characters (but tab, newline and carriage return) and U+FFFE/U+FFFF are not
characters XML can carry: a chart whose title quoted an intent holding U+0006
made vl-convert's SVG text parser panic and abort the whole process (found by
Schemathesis). So every text argument, free text and short identifier alike,
is refused with `invalid_request` naming where the character is, before
anything is reserved or written. (Lone surrogates never arrive: MCP's JSON
parser refuses them, and DRF's CharField does on REST.)

Each rule is here twice, kept equal by a property test: a pattern, published
in the MCP tools' JSON Schemas and the OpenAPI document (written with `\\uXXXX`
escapes, which ECMA-262 and Python's `re` read alike), and a `*_problem`
function that applies it and says where the offending character is.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import AfterValidator, StrictStr, StringConstraints

from ground.errors import invalid_request

NUL = "\x00"
# Not XML characters (XML 1.0 `Char`), and never part of what a person means.
_FORBIDDEN = r"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF"

# Exactly the characters Python's str.isspace() and str.strip() treat as blank, so the published
# pattern and the services' `not text.strip()` agree on what an empty intent or message is.
_BLANK = r"\u0009-\u000D\u001C-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"

# Free text (an intent, a feedback message): none of those, and at least one character that is not blank.
TEXT_PATTERN = rf"^[^{_FORBIDDEN}]*[^{_FORBIDDEN}{_BLANK}][^{_FORBIDDEN}]*$"
# Short identifiers (an oracle name, a format, a token, a request id): none of those, not empty.
IDENTIFIER_PATTERN = rf"^[^{_FORBIDDEN}]+$"
# A calendar day as YYYY-MM-DD (the shape; `parse_day` checks that the day exists).
DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
DATE_FORMAT = "YYYY-MM-DD"

_FORBIDDEN_CHAR = re.compile(rf"[{_FORBIDDEN}]")


def _describe(char: str) -> str:
    if char == NUL:
        return "NUL (U+0000)"
    kind = "noncharacter" if char in "\ufffe\uffff" else "control character"
    return f"the {kind} U+{ord(char):04X}"


def _character_problem(value: str) -> str | None:
    bad = _FORBIDDEN_CHAR.search(value)
    if bad is None:
        return None
    return f"contains {_describe(bad.group())} at character index {bad.start()}; remove it"


def text_problem(value: str) -> str | None:
    """Why `value` is refused as free text (a forbidden character, naming where; or nothing but blanks)."""
    if problem := _character_problem(value):
        return problem
    if not value.strip():
        return "is empty or blank; say it in words"
    return None


def identifier_problem(value: str) -> str | None:
    """Why `value` is refused as a short identifier (empty, or a forbidden character, naming where)."""
    if value == "":
        return "is empty; give a value or leave the argument out"
    return _character_problem(value)


def refuse_bad_text(argument: str, value: Any) -> None:
    """The services' last line: `invalid_request` when a text argument holds a forbidden character."""
    if isinstance(value, str) and (bad := _FORBIDDEN_CHAR.search(value)):
        raise invalid_request(f"'{argument}' {_character_problem(value)}.", argument=argument, position=bad.start())


def refuse_bad_identifier(argument: str, value: Any) -> None:
    """The services' last line: raise `invalid_request` when an identifier argument is malformed."""
    if isinstance(value, str) and (problem := identifier_problem(value)):
        raise invalid_request(f"'{argument}' {problem}.", argument=argument)


def day_problem(value: str) -> str | None:
    """Why `value` is refused as a calendar day (YYYY-MM-DD, a day that exists); None when it is one."""
    if re.fullmatch(DATE_PATTERN, value):
        try:
            datetime.date.fromisoformat(value)
            return None
        except ValueError:
            pass
    return f"must be a calendar date written {DATE_FORMAT} (for example 2026-11-01); got {value!r}"


def parse_day(argument: str, value: Any, *, hint: str = "") -> datetime.date:
    """The services' reading of a day argument: 2024-02-30, 20240201 and "" are `invalid_request`."""
    problem = day_problem(value) if isinstance(value, str) else f"must be a string {DATE_FORMAT}; got {value!r}"
    if problem:
        raise invalid_request(f"'{argument}' {problem}. {hint}".rstrip(), argument=argument, expected_format=DATE_FORMAT)
    return datetime.date.fromisoformat(value)


# ---- the same rules as pydantic types, for the MCP tools' argument schemas ------------
# Strict: JSON types are never coerced ("yes" is not a boolean, 5 is not a string).
# The check runs as a validator (so the refusal says where the bad character is);
# the pattern is published in the JSON Schema so a client can check before calling.


@dataclass(frozen=True)
class _Publish:
    """Adds keywords (a pattern, a format) to the published JSON Schema of a type."""

    keywords: tuple[tuple[str, str], ...]

    def __get_pydantic_json_schema__(self, core_schema: Any, handler: Any) -> dict[str, Any]:
        return {**handler(core_schema), **dict(self.keywords)}


def _validator(problem_of: Callable[[str], str | None]) -> AfterValidator:
    def check(value: str) -> str:
        problem = problem_of(value)
        if problem:
            raise ValueError(problem)
        return value

    return AfterValidator(check)


def mcp_text(*, max_length: int | None = None) -> Any:
    """Required free text for an MCP tool argument: a JSON string, not blank, without control characters but tab/LF/CR."""
    return Annotated[
        StrictStr, StringConstraints(min_length=1, max_length=max_length),
        _Publish((("pattern", TEXT_PATTERN),)), _validator(text_problem),
    ]


def mcp_identifier(*, max_length: int = 40) -> Any:
    """A short identifier for an MCP tool argument: a non-empty JSON string without control characters."""
    return Annotated[
        StrictStr, StringConstraints(min_length=1, max_length=max_length),
        _Publish((("pattern", IDENTIFIER_PATTERN),)), _validator(identifier_problem),
    ]


McpDay = Annotated[StrictStr, _Publish((("pattern", DATE_PATTERN), ("format", "date"))), _validator(day_problem)]
