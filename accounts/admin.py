from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.shortcuts import redirect, render

from ground.errors import FormaError

from .admin_lists import LargeTableAdmin
from .credits import balance_of, credits_grant
from .models import ApiKey, AuditEvent, LedgerEntry, Membership, Organization, Plan, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["email"]
    list_display = ["email", "is_staff", "date_joined"]
    search_fields = ["email"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        ("Permissions", {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "password1", "password2")}),)


@admin.register(Plan)
class PlanAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "requests_per_minute", "monthly_credits"]


class GrantForm(forms.Form):
    amount = forms.IntegerField(help_text="Positive to grant, negative to adjust down (never below zero).")
    reason = forms.CharField(max_length=240)


@admin.register(Organization)
class OrganizationAdmin(admin.ModelAdmin):
    list_display = ["public_id", "name", "plan", "created_at"]
    search_fields = ["public_id", "name", "memberships__user__email"]
    readonly_fields = ["public_id", "credit_balance"]
    actions = ["grant_credits"]

    @admin.display(description="Credits")
    def credit_balance(self, obj: Organization) -> int:
        return balance_of(obj)

    @admin.action(description="Grant or adjust credits…")
    def grant_credits(self, request, queryset):
        if "apply" in request.POST:
            form = GrantForm(request.POST)
            if form.is_valid():
                for org in queryset:
                    try:
                        credits_grant(organization=org, amount=form.cleaned_data["amount"], reason=form.cleaned_data["reason"], actor=request.user)
                    except FormaError as error:
                        self.message_user(request, f"{org.public_id}: {error.message}", messages.ERROR)
                    else:
                        self.message_user(request, f"{org.public_id}: balance {balance_of(org)}")
                return redirect(request.get_full_path())
        else:
            form = GrantForm()
        return render(request, "admin/grant_credits.html", {"form": form, "orgs": queryset, "title": "Grant credits"})


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    list_display = ["public_id", "name", "organization", "prefix", "created_at", "last_used_at", "revoked_at"]
    readonly_fields = ["public_id", "prefix", "secret_hash", "created_at", "last_used_at"]
    search_fields = ["public_id", "prefix", "organization__public_id"]


class ReadOnlyAdmin(LargeTableAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "organization", "kind", "amount", "request_id", "reason"]
    list_filter = ["kind"]
    list_select_related = ["organization"]
    id_search = {"req_": "request_id", "org_": "organization__public_id"}


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "action", "target", "organization", "actor"]
    list_filter = ["action"]
    list_select_related = ["organization", "actor"]
    id_search = {"org_": "organization__public_id"}


admin.site.register(Membership)
