from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone

from accounts.models import Organization
from ground import ids


class Feedback(models.Model):
    class Sentiment(models.TextChoices):
        POSITIVE = "positive"
        NEGATIVE = "negative"
        NEUTRAL = "neutral"

    public_id = models.CharField(max_length=40, unique=True, default=ids.feedback_id, editable=False)
    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="feedback")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    credential = models.CharField(max_length=60, blank=True)
    sentiment = models.CharField(max_length=16, choices=Sentiment.choices)
    message = models.TextField()
    oracle = models.ForeignKey("oracles.Oracle", on_delete=models.SET_NULL, null=True, blank=True, related_name="feedback")
    answer = models.ForeignKey("oracles.Answer", on_delete=models.SET_NULL, null=True, blank=True, related_name="feedback")
    reviewed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "feedback"

    def __str__(self) -> str:
        return f"{self.sentiment}: {self.message[:60]}"
