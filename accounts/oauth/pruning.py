"""The beat job: registrations that never obtained a token, and old code redemptions, are deleted."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db.models import Exists, OuterRef
from django.utils import timezone
from oauth2_provider.models import get_access_token_model, get_application_model, get_refresh_token_model
from oauth2_provider.settings import oauth2_settings

from accounts.models import OAuthCodeRedemption


def unused_clients_prune(*, now: Any = None) -> int:
    """Delete dynamically registered or CIMD clients older than the limit that never obtained a token.

    "Obtained a token" means a refresh token exists (revoked ones are kept) or a
    non-registration access token does; the RFC 7592 registration token every
    DCR client gets does not count. Safe to run twice.
    """
    now = now or timezone.now()
    cutoff = now - timedelta(hours=settings.FORMA["OAUTH_UNUSED_CLIENT_HOURS"])
    Application = get_application_model()
    AccessToken = get_access_token_model()
    RefreshToken = get_refresh_token_model()
    stale = (
        Application.objects.filter(
            registration_source__in=[Application.RegistrationSource.DCR, Application.RegistrationSource.CIMD],
            created__lt=cutoff,
        )
        .exclude(Exists(RefreshToken.objects.filter(application=OuterRef("pk"))))
        .exclude(Exists(AccessToken.objects.filter(application=OuterRef("pk")).exclude(scope=oauth2_settings.DCR_REGISTRATION_SCOPE)))
    )
    deleted = 0
    for pk in list(stale.values_list("pk", flat=True)[:1000]):
        count, _ = Application.objects.filter(pk=pk).delete()
        deleted += 1 if count else 0
    OAuthCodeRedemption.objects.filter(created_at__lt=now - timedelta(days=1)).delete()
    return deleted
