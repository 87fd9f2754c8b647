from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.admin_lists import LargeTableAdmin
from accounts.services import audit_record

from .catalogue import catalogue_row_problems
from .engine import REGISTRY
from .models import Answer, ChangelogEntry, Oracle
from .services import changelog_entry_publish


class OracleForm(forms.ModelForm):
    """A catalogue row may narrow what its kind offers, never promise more: the same rule as the system check."""

    class Meta:
        model = Oracle
        fields = [
            "name", "kind", "title", "description", "formats", "default_format", "drawable_formats", "price",
            "is_active", "sort_order",
        ]
        help_texts = {
            "kind": "A registered oracle kind (FORMA_ORACLE_KINDS).",
            "formats": "A JSON list: some of the formats its kind makes.",
            "drawable_formats": "A JSON list: some of the row's formats that its kind draws.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A choice of the registered kinds (and a retired kind a row already names, so it can be deactivated).
        registered = REGISTRY.names()
        current = self.instance.kind if self.instance.pk else ""
        choices = [(name, name) for name in registered]
        if current and current not in registered:
            choices.append((current, f"{current} (not registered)"))
        self.fields["kind"] = forms.ChoiceField(choices=choices, help_text=self.fields["kind"].help_text)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data  # a field is already refused; its own message says why
        problems = catalogue_row_problems(
            kind=data.get("kind", ""), formats=data.get("formats"), default_format=data.get("default_format", ""),
            drawable_formats=data.get("drawable_formats", []), is_active=data.get("is_active", True),
        )
        if problems:
            kinds = {kind.name: list(kind.formats) for kind in REGISTRY}
            raise ValidationError(
                [ValidationError(f"This row disagrees with its oracle kind: {p}.") for p in problems]
                + [ValidationError(f"Registered kinds and their formats: {kinds}.")]
            )
        return data


@admin.register(Oracle)
class OracleAdmin(admin.ModelAdmin):
    form = OracleForm
    list_display = ["name", "kind", "price", "is_active", "default_format"]

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            audit_record(action="oracle.changed" if change else "oracle.published", organization=None, actor=request.user,
                         target=obj.name, data={"price": obj.price, "active": obj.is_active})


@admin.register(ChangelogEntry)
class ChangelogEntryAdmin(admin.ModelAdmin):
    list_display = ["effective_on", "title", "category", "published_at"]
    actions = ["publish"]

    @admin.action(description="Publish selected entries")
    def publish(self, request, queryset):
        published = sum(changelog_entry_publish(entry=entry, actor=request.user) for entry in queryset)
        self.message_user(request, f"Published {published} of {queryset.count()} selected entries (the others already were).")


@admin.register(Answer)
class AnswerAdmin(LargeTableAdmin):
    list_display = ["request_id", "organization", "oracle", "status", "cost", "created_at"]
    list_filter = ["status", "oracle"]
    list_select_related = ["organization", "oracle"]
    id_search = {"req_": "request_id", "org_": "organization__public_id", "key_": "credential", "cl_": "credential"}
    readonly_fields = [f.name for f in Answer._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False
