"""A password validator Django lacks: a short piece repeated (`passwordpassword`, `abcabcabcabc`)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError


class RepeatedPatternValidator:
    """Refuse a password that is one piece of at most half its length, repeated.

    Such a password passes the length check while being as weak as its piece, and
    Django's common-password list holds the piece (`password`) but not its doubles.
    """

    def validate(self, password: str, user: Any = None) -> None:
        lowered = password.lower()
        for size in range(1, len(lowered) // 2 + 1):
            if len(lowered) % size == 0 and lowered == lowered[:size] * (len(lowered) // size):
                raise ValidationError("This password is one short piece repeated. Use a longer, less regular one.", code="password_repeated")

    def get_help_text(self) -> str:
        return "Your password cannot be a short piece repeated."
