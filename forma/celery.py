"""The Celery app. Without a broker (the embedded default) tasks run inline."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forma.settings")

app = Celery("forma")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
