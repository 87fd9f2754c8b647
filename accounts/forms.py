from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.contrib.auth import password_validation
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError

from ground import contract

from .models import User
from .services import sign_in_failure_record, sign_in_retry_after


class SignupForm(forms.Form):
    email = forms.EmailField(max_length=254, widget=forms.EmailInput(attrs={"autocomplete": "email"}))
    password = forms.CharField(
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}), min_length=10, max_length=128,
        help_text="At least 10 characters; not a common password, not like your email address.",
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        email, password = data.get("email"), data.get("password")
        if email and password:
            # Validated against the user it will belong to, so "similar to the email" is caught.
            try:
                password_validation.validate_password(password, user=User(email=email.strip().lower()))
            except ValidationError as error:
                self.add_error("password", error)
        return data


class SignInForm(AuthenticationForm):
    """Django's sign-in form, refused for a while after repeated failures per account and per address."""

    def clean(self) -> dict[str, Any]:
        email = (self.data.get("username") or "").strip().lower()
        ip = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        retry_after = sign_in_retry_after(email=email, ip=ip)
        if retry_after is not None:
            minutes = max(1, round(retry_after / 60))
            raise ValidationError(
                f"Too many failed sign-ins for this account or from this address. Try again in about {minutes} "
                f"minute{'s' if minutes != 1 else ''}, or reset your password.",
                code="throttled",
            )
        try:
            return super().clean()
        except ValidationError:
            sign_in_failure_record(email=email, ip=ip)
            raise


class ApiKeyCreateForm(forms.Form):
    name = forms.CharField(
        max_length=80, required=True,
        error_messages={"required": "Name the key after where it will be used, for example “Claude Desktop”."},
    )


class PlaygroundForm(forms.Form):
    oracle = forms.ChoiceField()
    format = forms.CharField(required=False, max_length=40)
    intent = forms.CharField(widget=forms.Textarea(attrs={"rows": 5}), max_length=20_000)
    allow_generated_data = forms.BooleanField(required=False)

    def __init__(self, *args: Any, oracles: list[contract.Oracle], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["oracle"].choices = [(o.name, o.title) for o in oracles]


class UsageFilterForm(forms.Form):
    oracle = forms.ChoiceField(required=False)
    status = forms.ChoiceField(required=False, choices=[("", "Any status"), ("valid", "valid"), ("invalid", "invalid"), ("error", "error")])
    credential = forms.ChoiceField(required=False)
    day_from = forms.DateField(required=False, label="From", widget=forms.DateInput(attrs={"type": "date"}))
    day_to = forms.DateField(required=False, label="To", widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args: Any, oracles: list[str], credentials: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["oracle"].choices = [("", "Any oracle")] + [(name, name) for name in oracles]
        self.fields["credential"].choices = [("", "Any credential")] + sorted(credentials.items(), key=lambda item: item[1])


class StatementForm(forms.Form):
    month = forms.RegexField(regex=r"^\d{4}-(0[1-9]|1[0-2])$", error_messages={"invalid": "Pick a month as YYYY-MM."})

    def period(self) -> tuple[int, int]:
        year, month = self.cleaned_data["month"].split("-")
        return int(year), int(month)


def recent_months(today: datetime.date, count: int = 12) -> list[str]:
    months, year, month = [], today.year, today.month
    for _ in range(count):
        months.append(f"{year:04d}-{month:02d}")
        year, month = (year - 1, 12) if month == 1 else (year, month - 1)
    return months
