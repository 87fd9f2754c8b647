"""A tool call written as Python, read as the JSON it stands for (both kinds, drafter and check alike).

Agents often pass a request as the call they would make: `create_chart(kind="bar", labels=["Go", "Rust"],
values=[3, 5])`, `sequence_diagram(participants=[…], messages=[("A", "B", "hi")])`. When the whole intent is one
call with keyword arguments only, each a literal (strings, numbers, booleans, lists, tuples, dicts), it is the
JSON object of those arguments: a change of syntax, like reading JSON, not a reading of what the words mean, so
the drafter and the check both start from it. Anything else (a positional argument, a name, an expression, text
around the call) is left as written."""

from __future__ import annotations

import ast
import json
import re
from typing import Any


def _plain(value: Any) -> Any:
    """A Python literal as JSON would hold it: tuples as lists; None for anything JSON cannot hold."""
    if isinstance(value, (tuple, list)):
        items = [_plain(v) for v in value]
        return None if any(i is None for i in items) else items
    if isinstance(value, dict):
        pairs = {k: _plain(v) for k, v in value.items()}
        return None if any(not isinstance(k, str) or v is None for k, v in pairs.items()) else pairs
    return value if isinstance(value, (str, int, float, bool)) else None


def keyword_call(intent: str) -> dict[str, Any] | None:
    """The call's keyword arguments as a JSON object; None unless the whole intent is such a call."""
    text = intent.strip().rstrip(";").strip()
    if len(text) > 20_000 or not re.match(r"^[A-Za-z_][\w.]*\(", text) or not text.endswith(")") or "=" not in text:
        return None
    try:
        call = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if not isinstance(call, ast.Call) or call.args or len(call.keywords) < 2 or any(k.arg is None for k in call.keywords):
        return None
    value: dict[str, Any] = {}
    for keyword in call.keywords:
        try:
            plain = _plain(ast.literal_eval(keyword.value))
        except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
            return None
        if plain is None or keyword.arg in value:
            return None
        value[keyword.arg] = plain  # type: ignore[index]
    return value


def call_as_json_text(intent: str) -> str:
    """The intent as JSON text when it is one keyword call of literals holding data (a list or a mapping); the
    intent as written otherwise."""
    value = keyword_call(intent)
    if value is None or not any(isinstance(v, (list, dict)) for v in value.values()):
        return intent  # `open_chart(kind='bar', text='Desks: 40 on Floor 1, …')`: the prose argument is read as text
    if any(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value.values()):
        return intent  # `plot(labels=[…], limit=7, values=[…])`: a number beside the data is left to the text readers
    return json.dumps(value, ensure_ascii=False)
