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

import json
import re
from typing import Any

# Removed outright, in both modes (tab, LF and CR are handled separately). The astral
# non-characters U+1FFFE … U+10FFFF are matched by arithmetic, not listed in a character class: a
# class of 32 scattered astral code points makes every scan ten times slower.
_BMP_DROP = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff"
_BMP_DROP_RE = re.compile(f"[{_BMP_DROP}]")
_TEXT_UNSAFE_RE = re.compile(f"[{_BMP_DROP}\t\n\r]")
_INTENT_UNSAFE_RE = re.compile(f"[{_BMP_DROP}\r]")
_LAYOUT_RE = re.compile("[\t\n\r]")
_CRLF_RE = re.compile("\r\n?")
_ASTRAL_RE = re.compile("[\U00010000-\U0010ffff]")


def _is_noncharacter(ch: str) -> bool:
    return ord(ch) & 0xFFFE == 0xFFFE  # U+nFFFE and U+nFFFF of every plane


def _has_astral_noncharacter(text: str) -> bool:
    return any(_is_noncharacter(match.group()) for match in _ASTRAL_RE.finditer(text))


def _drop(text: str) -> str:
    text = _BMP_DROP_RE.sub("", text)
    return _ASTRAL_RE.sub(lambda match: "" if _is_noncharacter(match.group()) else match.group(), text)


def clean_text(text: str) -> str:
    """`text` without control characters, non-characters or lone surrogates; tab, LF and CR become spaces."""
    if _TEXT_UNSAFE_RE.search(text) is None and not _has_astral_noncharacter(text):
        return text  # the common case: two scans, no copy
    return _drop(_LAYOUT_RE.sub(" ", text))


def clean_intent(text: str) -> str:
    """Like `clean_text`, but line feeds and tabs stay (they carry table structure); CR/CRLF become LF."""
    if _INTENT_UNSAFE_RE.search(text) is None and not _has_astral_noncharacter(text):
        return text
    return _drop(_CRLF_RE.sub("\n", text))


def clean_strings(value: Any) -> Any:
    """A copy of a JSON value with `clean_text` applied to every string in it, keys included.

    Iterative, so even a hostile nesting depth cannot exhaust the stack; the input is not modified.
    """
    if isinstance(value, str):
        return clean_text(value)
    if not isinstance(value, dict | list):
        return value
    root: list[Any] = [value]
    # (container, slot in its parent, parent) frames: each container is copied into its parent's slot.
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



def clean_json(value: Any) -> str:
    """`value` as JSON text with every string cleaned (`clean_strings`), ready for a renderer.

    Serialising first and scanning the text once is far cheaper than walking a large spec (a
    thousand data rows) when, as nearly always, there is nothing to clean.
    """
    text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    # In this JSON text C0 controls can only appear as escapes (\n, \u0001), so any backslash
    # sends the value through cleaning (a literal backslash merely costs a needless pass); DEL is
    # the one other ASCII code point to remove, and only non-ASCII text needs the full scan.
    if "\\" not in text and "\x7f" not in text and (
        text.isascii() or (_BMP_DROP_RE.search(text) is None and not _has_astral_noncharacter(text))
    ):
        return text
    return json.dumps(clean_strings(value), ensure_ascii=False, allow_nan=False)
