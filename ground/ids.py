"""Public ids: a short prefix naming the noun, then a sortable ULID-style body.

`org_01J…`, `req_01J…`, `fig_01J…`, `key_01J…`, `fb_01J…`, `cl_01J…`. The first ten
characters encode the creation time in milliseconds (so ids sort by age); the
last sixteen are 80 random bits (so they cannot be guessed or enumerated).
"""

from __future__ import annotations

import secrets
import time

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32: no I, L, O, U

PREFIXES = ("org", "req", "fig", "key", "fb", "cl")  # cl: a connected agent (OAuth)


def _encode(value: int, length: int) -> str:
    chars = []
    for _ in range(length):
        value, rem = divmod(value, 32)
        chars.append(_ALPHABET[rem])
    return "".join(reversed(chars))


def new_id(prefix: str) -> str:
    if prefix not in PREFIXES:
        raise ValueError(f"unknown id prefix {prefix!r}")
    millis = time.time_ns() // 1_000_000
    return f"{prefix}_{_encode(millis, 10)}{_encode(secrets.randbits(80), 16)}"


def looks_like(prefix: str, value: str) -> bool:
    """True when `value` has the shape of an id with `prefix` (cheap pre-check before a query)."""
    body = value[len(prefix) + 1 :]
    return value.startswith(prefix + "_") and len(body) == 26 and all(c in _ALPHABET for c in body)


def org_id() -> str:
    return new_id("org")


def request_id() -> str:
    return new_id("req")


def figure_id() -> str:
    return new_id("fig")


def key_id() -> str:
    return new_id("key")


def feedback_id() -> str:
    return new_id("fb")
