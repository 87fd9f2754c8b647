"""Periodic clean-ups of the oracles app's tables (run by Celery beat and the in-process sweeper).

Apart from services.py because services.py submits the engine tasks (oracles/tasks.py), and
the beat task that prunes must not import back up into it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from .models import IdempotencyKey


def idempotency_keys_prune(*, now: datetime | None = None) -> int:
    """Delete keys past IDEMPOTENCY_KEY_HOURS. Safe to run any time, in any process."""
    cutoff = (now or timezone.now()) - timedelta(hours=settings.FORMA["IDEMPOTENCY_KEY_HOURS"])
    deleted, _ = IdempotencyKey.objects.filter(created_at__lt=cutoff).delete()
    return deleted
