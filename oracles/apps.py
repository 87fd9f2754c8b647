from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class OraclesConfig(AppConfig):
    name = "oracles"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from .receivers import catalogue_changed

        for model in ("Oracle", "ChangelogEntry"):
            sender = self.get_model(model)
            post_save.connect(catalogue_changed, sender=sender, dispatch_uid=f"oracles.catalogue.saved.{model}")
            post_delete.connect(catalogue_changed, sender=sender, dispatch_uid=f"oracles.catalogue.deleted.{model}")
