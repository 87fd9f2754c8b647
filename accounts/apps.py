from django.apps import AppConfig
from django.db.models.signals import post_save


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from .receivers import user_saved

        post_save.connect(user_saved, sender=self.get_model("User"), dispatch_uid="accounts.personal_organization")
