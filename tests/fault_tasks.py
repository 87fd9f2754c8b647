"""Test-only Celery tasks, never imported by Forma itself.

tests/test_faults_engine.py starts its worker with CELERY_WORKER_INCLUDE=tests.fault_tasks (the
`--include` option of `celery worker`, read from the environment), so only that worker knows them.
"""

from __future__ import annotations

import logging
import os

from celery import shared_task

from oracles.tasks import DeliveryCountedTask

logger = logging.getLogger("forma.tests")


@shared_task(name="tests.abort_every_time", base=DeliveryCountedTask, acks_late=True, reject_on_worker_lost=True)
def abort_every_time(marker: str) -> None:
    """Kill the worker child running it (SIGABRT), every time: a poison task."""
    logger.warning("fault task running: %s", marker)
    os.abort()
