from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.db.models.signals import post_delete, post_migrate, post_save

from oracles.engine import KindRegistrationError, native, registry_reload
from oracles.engine.registry import BUILT_IN_KINDS, kind_paths_source


def _engine_setting(name: str) -> object:
    return settings.FORMA.get(name)


def _kind_paths() -> tuple[str, ...]:
    return tuple(getattr(settings, "FORMA_ORACLE_KINDS", BUILT_IN_KINDS))


class OraclesConfig(AppConfig):
    name = "oracles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Django's registration point: models are loaded only now.
        from . import checks  # noqa: F401 - registers the catalogue check
        from .receivers import catalogue_changed

        # The engine imports no Django; it reads its process settings through this source.
        native.settings_source(_engine_setting)
        kind_paths_source(_kind_paths)
        # Load the kinds now: a bad registration line stops the process before it serves.
        try:
            registry_reload()
        except KindRegistrationError as exc:
            raise ImproperlyConfigured(str(exc)) from exc
        post_migrate.connect(_seed_catalogue, sender=self, dispatch_uid="oracles.seed_catalogue")
        setting_changed.connect(_reload_kinds, dispatch_uid="oracles.reload_kinds")
        # The cached catalogue and changelog are dropped once a change commits (oracles/receivers.py).
        for model in ("Oracle", "ChangelogEntry"):
            sender = self.get_model(model)
            post_save.connect(catalogue_changed, sender=sender, dispatch_uid=f"oracles.catalogue.saved.{model}")
            post_delete.connect(catalogue_changed, sender=sender, dispatch_uid=f"oracles.catalogue.deleted.{model}")


def _seed_catalogue(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    # After every migrate (and every flush in tests): each registered kind has its catalogue row.
    from .catalogue import catalogue_seed  # models: only importable once the app registry is ready

    catalogue_seed(using=using)


def _reload_kinds(setting: str, **kwargs: Any) -> None:
    if setting == "FORMA_ORACLE_KINDS":
        registry_reload()
