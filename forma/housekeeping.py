"""Housekeeping inside the web process: the credit-hold sweeper, started by the ASGI lifespan.

A hold whose request died (a killed web process, a crash between reserve and
verdict) is returned by `accounts.credits.reservations_sweep`. Served mode also
runs it from Celery beat, but the embedded default has no beat, so each web
process sweeps on startup (both modes: a restart is exactly when a killed
process's holds are found) and then every SWEEP_INTERVAL_SECONDS when tasks run
in-process. Sweeping is conditional updates only, so any number of processes may
sweep at once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress

from celery import current_app
from django.conf import settings
from django.db import close_old_connections

from accounts.credits import reservations_sweep
from oracles.pruning import idempotency_keys_prune

logger = logging.getLogger("forma.housekeeping")


def housekeeping_run() -> tuple[int, int]:
    """One sweep: (holds released, idempotency keys pruned)."""
    close_old_connections()
    try:
        return reservations_sweep(), idempotency_keys_prune()
    finally:
        close_old_connections()


async def _sweep_once() -> None:
    try:
        released, pruned = await asyncio.to_thread(housekeeping_run)
    except Exception:
        # The database may be briefly away; the next sweep (or beat) catches up.
        logger.exception("sweeping credit holds failed")
        return
    if released or pruned:
        logger.info("swept %d orphaned credit holds and %d expired idempotency keys", released, pruned)


async def _sweep_forever(interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        await _sweep_once()


@asynccontextmanager
async def holds_sweeper() -> AsyncIterator[None]:
    """Sweep once before serving, then periodically while serving when no beat runs (the embedded default)."""
    await _sweep_once()
    periodic = None
    if current_app.conf.task_always_eager:
        periodic = asyncio.create_task(_sweep_forever(settings.FORMA["SWEEP_INTERVAL_SECONDS"]), name="forma-sweeper")
    try:
        yield
    finally:
        if periodic is not None:
            periodic.cancel()
            with suppress(asyncio.CancelledError):
                await periodic
