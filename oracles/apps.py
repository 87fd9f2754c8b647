from django.apps import AppConfig
from django.conf import settings

from oracles.engine import native


def _engine_setting(name: str) -> object:
    return settings.FORMA.get(name)


class OraclesConfig(AppConfig):
    name = "oracles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The engine imports no Django; it reads its process settings through this source.
        native.settings_source(_engine_setting)
