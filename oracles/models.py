"""The catalogue, the changelog, and the answers oracles gave."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from accounts.models import Organization


class Oracle(models.Model):
    """A catalogue row. `kind` names the engine module that drafts, checks and renders it."""

    name = models.SlugField(max_length=40, unique=True)
    kind = models.CharField(max_length=40)
    title = models.CharField(max_length=120)
    description = models.TextField()
    formats = models.JSONField(default=list)
    default_format = models.CharField(max_length=40)
    drawable_formats = models.JSONField(default=list, blank=True)
    price = models.PositiveIntegerField(default=1)
    is_active = models.BooleanField(default=True)
    sort_order = models.PositiveIntegerField(default=100)

    class Meta:
        ordering = ["sort_order", "name"]

    def __str__(self) -> str:
        return self.name


class ChangelogEntry(models.Model):
    class Category(models.TextChoices):
        ORACLE = "oracle"
        TOOL = "tool"
        ENDPOINT = "endpoint"
        PLATFORM = "platform"

    title = models.CharField(max_length=160)
    body = models.TextField()
    category = models.CharField(max_length=16, choices=Category.choices, default=Category.PLATFORM)
    effective_on = models.DateField(default=timezone.localdate, db_index=True)
    published_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-effective_on", "-id"]
        verbose_name_plural = "changelog entries"

    def __str__(self) -> str:
        return f"{self.effective_on} {self.title}"


class Answer(models.Model):
    """One `ask_oracle` call and its verdict. Never edited after the verdict."""

    class Status(models.TextChoices):
        VALID = "valid"
        INVALID = "invalid"
        ERROR = "error"

    request_id = models.CharField(max_length=40, unique=True)
    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="answers")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    credential = models.CharField(max_length=60, db_index=True)
    oracle = models.ForeignKey(Oracle, on_delete=models.PROTECT, related_name="answers")
    intent = models.TextField()
    format = models.CharField(max_length=40)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices)
    result = models.JSONField(null=True, blank=True)
    verified_by = models.JSONField(null=True, blank=True)
    reason = models.JSONField(null=True, blank=True)
    notes = models.JSONField(default=list, blank=True)
    cost = models.PositiveIntegerField(default=0)
    figure_token = models.CharField(max_length=40, unique=True, null=True, blank=True)
    timings = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["credential", "-created_at"], name="answer_by_credential"),
            # The admin's filters and id search, newest first, without a scan (accounts/admin_lists.py).
            models.Index(fields=["status", "-created_at"], name="answer_by_status"),
            models.Index(fields=["oracle", "-created_at"], name="answer_by_oracle"),
            models.Index(fields=["organization", "-created_at"], name="answer_by_org"),
        ]

    def __str__(self) -> str:
        return self.request_id


class IdempotencyKey(models.Model):
    """An `Idempotency-Key` sent with an ask: the same request again gets the first answer, billed once.

    Unique per organization (keys are the client's, so two organizations may pick
    the same one). `response` is empty while the first request is being answered
    and is written in the same transaction as its charge. Expires after
    FORMA["IDEMPOTENCY_KEY_HOURS"].
    """

    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)  # SHA-256 of the normalised request
    request_id = models.CharField(max_length=40)  # the request answering it
    response = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["organization", "key"], name="idempotency_key_once_per_org")]

    def __str__(self) -> str:
        return f"{self.key} -> {self.request_id}"
