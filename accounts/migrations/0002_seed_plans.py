from django.db import migrations

PLANS = [
    {"code": "free", "name": "Free", "requests_per_minute": 10, "monthly_credits": 100, "features": []},
    {
        "code": "pro",
        "name": "Pro",
        "requests_per_minute": 120,
        "monthly_credits": 5000,
        "features": ["higher_rate_limit", "priority_queue"],
    },
]


def seed(apps, schema_editor):
    Plan = apps.get_model("accounts", "Plan")
    for plan in PLANS:
        Plan.objects.update_or_create(code=plan["code"], defaults=plan)


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
