"""Every user gets an organization; active API key names become unique per organization.

Users made before the post_save receiver (accounts/receivers.py) existed — notably
with `createsuperuser` — had no organization and a broken dashboard: each gets a
personal workspace on the free plan with this month's allowance, as sign-up gives.
Duplicate active key names (the old default "API key") get a numeric suffix first,
so the constraint can be added.
"""

from django.db import migrations, models
from django.db.models import Count
from django.utils import timezone


def repair(apps, schema_editor):
    User = apps.get_model("accounts", "User")
    Plan = apps.get_model("accounts", "Plan")
    Organization = apps.get_model("accounts", "Organization")
    Membership = apps.get_model("accounts", "Membership")
    CreditBalance = apps.get_model("accounts", "CreditBalance")
    LedgerEntry = apps.get_model("accounts", "LedgerEntry")
    AuditEvent = apps.get_model("accounts", "AuditEvent")
    ApiKey = apps.get_model("accounts", "ApiKey")

    period = timezone.now().strftime("%Y-%m")
    plan = Plan.objects.filter(code="free").first()
    orphans = User.objects.filter(memberships__isnull=True).order_by("pk")
    if plan is not None:
        for user in orphans:
            org = Organization.objects.create(name=f"{user.email.split('@')[0]}'s workspace"[:120], plan=plan, personal=True)
            Membership.objects.create(user=user, organization=org, role="owner")
            AuditEvent.objects.create(organization=org, actor=user, action="organization.created", target=org.public_id,
                                      data={"plan": plan.code, "repaired": True})
            CreditBalance.objects.create(organization=org, balance=plan.monthly_credits)
            LedgerEntry.objects.create(organization=org, kind="allowance", amount=plan.monthly_credits,
                                       idempotency_key=f"allowance:{org.public_id}:{period}", reason=f"{plan.code} allowance {period}")
            AuditEvent.objects.create(organization=org, action="credits.allowance", target=org.public_id,
                                      data={"amount": plan.monthly_credits, "period": period})

    duplicates = (
        ApiKey.objects.filter(revoked_at__isnull=True).values("organization_id", "name").annotate(n=Count("id")).filter(n__gt=1)
    )
    for group in duplicates:
        keys = ApiKey.objects.filter(revoked_at__isnull=True, **group_filter(group)).order_by("created_at", "id")
        for number, key in enumerate(keys[1:], start=2):
            key.name = f"{key.name[:74]} ({number})"
            key.save(update_fields=["name"])


def group_filter(group):
    return {"organization_id": group["organization_id"], "name": group["name"]}


class Migration(migrations.Migration):
    dependencies = [("accounts", "0003_oauth_agents")]

    operations = [
        migrations.RunPython(repair, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="apikey",
            constraint=models.UniqueConstraint(
                condition=models.Q(("revoked_at__isnull", True)), fields=("organization", "name"), name="api_key_active_name_unique"
            ),
        ),
    ]
