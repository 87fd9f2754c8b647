"""Forma's receivers: a personal organization for every new user, and fresh callers after changes.

Why signals, against CONVENTIONS.md's habit: users are created through doors
that do not go through our services — `manage.py createsuperuser` (the manager's
`create_superuser`), the admin's add form (`ModelForm.save()`, no manager at all),
`manage.py shell`, a third-party app. `post_save` on the user is the only place
all of them pass. It stays a one-line call into `organization_create_personal`.

The call runs after the transaction commits: services that create a user together
with a chosen organization (`user_signup` on a plan, `apikey create --org`) do that
in their own transaction, and the service then finds a membership and does nothing.

The same holds for what a bearer credential resolves to (accounts/principals.py
caches it): keys and connections are revoked by our services, but plans and
organizations are edited in the admin, and the OAuth toolkit deletes access tokens
itself (revocation endpoint, refresh-token rotation and replay). Every save or delete
that can change a cached principal starts a new principal generation after commit.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction

from .principal_cache import principals_forget
from .services import organization_create_personal


def user_saved(sender: Any, instance: Any, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if created and not raw:  # raw: loaddata replays rows, memberships included
        transaction.on_commit(partial(organization_create_personal, user_pk=instance.pk))


# Fields of a user that a principal carries or depends on; a sign-in (last_login) changes none.
_USER_FIELDS_IN_PRINCIPAL = frozenset({"email", "is_active"})


def _forget_principals_after_commit() -> None:
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(fn is principals_forget for _, fn, _ in connection.run_on_commit):
        return  # once per transaction is enough, however many rows it touched
    transaction.on_commit(principals_forget)


def credential_changed(sender: Any, instance: Any, created: bool = False, raw: bool = False, **kwargs: Any) -> None:
    """A new row changes no cached principal; an edited or deleted one may."""
    if created or raw:
        return
    update_fields = kwargs.get("update_fields")
    if (
        sender._meta.label == "accounts.User"
        and update_fields is not None
        and not (set(update_fields) & _USER_FIELDS_IN_PRINCIPAL)
    ):
        return
    _forget_principals_after_commit()
