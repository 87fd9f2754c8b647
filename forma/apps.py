from django.apps import AppConfig


class FormaConfig(AppConfig):
    """The project package as an app only to register its system checks."""

    name = "forma"
    verbose_name = "Forma"

    def ready(self) -> None:
        from forma import checks  # noqa: F401 - registers the checks
