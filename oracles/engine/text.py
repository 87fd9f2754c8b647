"""Cleaning text that reaches a native renderer: one function, used everywhere.

vl-convert (Rust) panics on a control character or a non-character such as U+FFFE in a title
or label, and its panic aborts the whole process; Graphviz writes control characters raw into
its JSON output, which no JSON reader accepts; a lone surrogate cannot even be encoded as UTF-8.
None of them is visible text, so removing them changes nothing a person meant to draw.

Removed: C0 controls (U+0000–U+001F), DEL (U+007F), C1 controls (U+0080–U+009F), every Unicode
non-character (U+FDD0–U+FDEF and U+nFFFE/U+nFFFF in each of the 17 planes) and lone surrogates
(U+D800–U+DFFF, which a Python str can hold after decoding `"\\ud800"` from JSON). Tab, line feed
and carriage return are whitespace rather than garbage: `clean_text` makes each one a space
(a label is one line), `clean_intent` keeps line feeds and tabs (CSV/TSV and markdown tables are
read by their lines and columns) and turns a carriage return into a line feed.
"""

from __future__ import annotations

import re
from typing import Any

_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(
    f"{chr(plane << 16 | 0xFFFE)}{chr(plane << 16 | 0xFFFF)}" for plane in range(17)
)
# Everything removed outright, in both modes (tab, LF and CR are handled separately).
_DROP = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff" + _NONCHARACTERS
_DROP_RE = re.compile(f"[{_DROP}]")
_LAYOUT_RE = re.compile("[\t\n\r]")
_UNSAFE_RE = re.compile(f"[{_DROP}\t\n\r]")
_INTENT_UNSAFE_RE = re.compile(f"[{_DROP}\r]")
_CRLF_RE = re.compile("\r\n?")


def clean_text(text: str) -> str:
    """`text` without control characters, non-characters or lone surrogates; tab, LF and CR become spaces."""
    if _UNSAFE_RE.search(text) is None:  # the common case costs one scan and no copy
        return text
    return _DROP_RE.sub("", _LAYOUT_RE.sub(" ", text))


def clean_intent(text: str) -> str:
    """Like `clean_text`, but line feeds and tabs stay (they carry table structure); CR/CRLF become LF."""
    if _INTENT_UNSAFE_RE.search(text) is None:
        return text
    return _DROP_RE.sub("", _CRLF_RE.sub("\n", text))


def clean_strings(value: Any) -> Any:
    """A copy of a JSON value with `clean_text` applied to every string in it, keys included.

    Iterative, so even a hostile nesting depth cannot exhaust the stack; the input is not modified.
    """
    if isinstance(value, str):
        return clean_text(value)
    if not isinstance(value, dict | list):
        return value
    root: list[Any] = [value]
    # (container, key or index, parent) frames; each container is rebuilt only if a child changed.
    stack: list[tuple[Any, Any, Any]] = [(value, 0, root)]
    while stack:
        node, slot, parent = stack.pop()
        if isinstance(node, dict):
            cleaned = {clean_text(k) if isinstance(k, str) else k: v for k, v in node.items()}
            parent[slot] = cleaned
            for key, child in cleaned.items():
                if isinstance(child, str):
                    cleaned[key] = clean_text(child)
                elif isinstance(child, dict | list):
                    stack.append((child, key, cleaned))
        elif isinstance(node, list):
            cleaned_list = list(node)
            parent[slot] = cleaned_list
            for index, child in enumerate(cleaned_list):
                if isinstance(child, str):
                    cleaned_list[index] = clean_text(child)
                elif isinstance(child, dict | list):
                    stack.append((child, index, cleaned_list))
    return root[0]

