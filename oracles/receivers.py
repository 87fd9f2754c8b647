"""Drop the cached catalogue and changelog when either changes (see oracles/selectors.py).

A signal rather than a service call: staff edit oracles and publish entries in
the admin, whose saves go through no service of ours.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction


def catalogue_changed(sender: Any, **kwargs: Any) -> None:
    from .selectors import catalogue_forget

    # After commit: a reader in between would cache the old rows again.
    transaction.on_commit(catalogue_forget)
