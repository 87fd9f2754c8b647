from django.contrib import admin
from django.utils import timezone

from .models import Feedback


@admin.register(Feedback)
class FeedbackAdmin(admin.ModelAdmin):
    list_display = ["created_at", "sentiment", "oracle", "organization", "message", "reviewed_at"]
    list_filter = ["sentiment", "oracle", "reviewed_at"]
    search_fields = ["message", "organization__public_id"]
    actions = ["mark_reviewed"]

    @admin.action(description="Mark as reviewed")
    def mark_reviewed(self, request, queryset):
        queryset.filter(reviewed_at__isnull=True).update(reviewed_at=timezone.now())
