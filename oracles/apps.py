from typing import Any

from django.apps import AppConfig
from django.core.exceptions import ImproperlyConfigured


class OraclesConfig(AppConfig):
    name = "oracles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.core.signals import setting_changed
        from django.db.models.signals import post_migrate

        from . import checks  # noqa: F401 - registers the catalogue check
        from .engine import KindRegistrationError, registry_reload

        # Load the kinds now: a bad registration line stops the process before it serves.
        try:
            registry_reload()
        except KindRegistrationError as exc:
            raise ImproperlyConfigured(str(exc)) from exc
        post_migrate.connect(_seed_catalogue, sender=self, dispatch_uid="oracles.seed_catalogue")
        setting_changed.connect(_reload_kinds, dispatch_uid="oracles.reload_kinds")


def _seed_catalogue(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    # After every migrate (and every flush in tests): each registered kind has its catalogue row.
    from .catalogue import catalogue_seed

    catalogue_seed(using=using)


def _reload_kinds(setting: str, **kwargs: Any) -> None:
    if setting == "FORMA_ORACLE_KINDS":
        from .engine import registry_reload

        registry_reload()
