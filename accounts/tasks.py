"""Periodic housekeeping for credits and limits. Each is safe to run twice."""

from __future__ import annotations

from celery import shared_task

from . import credits, ratelimit
from .oauth.pruning import unused_clients_prune


@shared_task(name="accounts.renew_allowances")
def renew_allowances() -> int:
    return credits.allowances_renew()


@shared_task(name="accounts.sweep_reservations")
def sweep_reservations() -> int:
    return credits.reservations_sweep()


@shared_task(name="accounts.prune_rate_windows")
def prune_rate_windows() -> int:
    return ratelimit.rate_windows_prune()


@shared_task(name="accounts.prune_unused_oauth_clients")
def prune_unused_oauth_clients() -> int:
    return unused_clients_prune()
