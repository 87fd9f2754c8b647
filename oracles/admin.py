from __future__ import annotations

from django.contrib import admin
from django.db import transaction

from accounts.admin_lists import LargeTableAdmin
from accounts.services import audit_record

from .models import Answer, ChangelogEntry, Oracle
from .services import changelog_entry_publish


@admin.register(Oracle)
class OracleAdmin(admin.ModelAdmin):
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
