from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from oauth2_provider.models import get_access_token_model

        from .receivers import credential_changed, user_saved

        post_save.connect(user_saved, sender=self.get_model("User"), dispatch_uid="accounts.personal_organization")
        # What a bearer credential resolves to (accounts/principals.py) depends on these rows.
        access_token = get_access_token_model()
        for model in ("User", "Plan", "Organization", "ApiKey", "AgentConnection"):
            sender = self.get_model(model)
            post_save.connect(credential_changed, sender=sender, dispatch_uid=f"accounts.principals.saved.{model}")
            post_delete.connect(credential_changed, sender=sender, dispatch_uid=f"accounts.principals.deleted.{model}")
        post_save.connect(credential_changed, sender=access_token, dispatch_uid="accounts.principals.saved.AccessToken")
        post_delete.connect(credential_changed, sender=access_token, dispatch_uid="accounts.principals.deleted.AccessToken")
