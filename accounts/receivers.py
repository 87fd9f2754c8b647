"""The one receiver in Forma: every new user gets a personal organization.

Why a signal, against CONVENTIONS.md's habit: users are created through doors
that do not go through our services — `manage.py createsuperuser` (the manager's
`create_superuser`), the admin's add form (`ModelForm.save()`, no manager at all),
`manage.py shell`, a third-party app. `post_save` on the user is the only place
all of them pass. It stays a one-line call into `organization_create_personal`.

The call runs after the transaction commits: services that create a user together
with a chosen organization (`user_signup` on a plan, `apikey create --org`) do that
in their own transaction, and the service then finds a membership and does nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.db import transaction

from .services import organization_create_personal


def user_saved(sender: Any, instance: Any, created: bool, raw: bool = False, **kwargs: Any) -> None:
    if created and not raw:  # raw: loaddata replays rows, memberships included
        transaction.on_commit(partial(organization_create_personal, user_pk=instance.pk))
