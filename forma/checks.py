"""System checks of Forma's own deployment settings (registered by forma.apps.FormaConfig).

`manage.py check --deploy` runs them before a deployment, and the ASGI app
(forma.asgi.application) runs the secret-key one when it starts and refuses to serve.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import checks


def public_secret_key_errors() -> list[checks.CheckMessage]:
    """An Error when SECRET_KEY is one anybody can read in this repository and the site is not a debug checkout.

    With the published key, anyone can forge what Django signs (password-reset links,
    signed cookies, messages). It is tolerated only with DEBUG on over plain http.
    """
    if settings.SECRET_KEY not in settings.PUBLIC_SECRET_KEYS:
        return []
    if settings.DEBUG and not settings.PUBLIC_URL.startswith("https://"):
        return []
    return [
        checks.Error(
            "SECRET_KEY is the key published in Forma's repository.",
            hint="Set FORMA_SECRET_KEY to a long random value of your own, e.g. "
            "`python3 -c 'import secrets; print(secrets.token_urlsafe(50))'`. "
            "(`make run` keeps one in var/secret-key.)",
            id="forma.E001",
        )
    ]


@checks.register(checks.Tags.security, deploy=True)
def check_secret_key(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    return public_secret_key_errors()
