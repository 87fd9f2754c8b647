"""The Celery app. Without a broker (the embedded default) tasks run inline."""

from __future__ import annotations

import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "forma.settings")

app = Celery("forma")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _start_engine_process(**_: object) -> None:
    # Each prefork child renders in its own engine processes (oracles/engine/native.py): start
    # one now, so the child's first check does not wait for V8 to start.
    from oracles.engine.native import pool

    pool().prewarm()
