import datetime

from django.db import migrations

# The catalogue's rows are not seeded here: each registered oracle kind declares its own row,
# and oracles.apps creates the missing ones after every migrate (oracles/catalogue.py).

CHANGELOG = [
    (
        datetime.date(2026, 11, 16),
        "platform",
        "Forma is open",
        "Sign in, create an API key, and ask an oracle from the dashboard, the REST API or any MCP client. "
        "Every answer is checked before it is returned and says what it cost.",
    ),
    (
        datetime.date(2026, 11, 16),
        "oracle",
        "New oracle: chart",
        "Vega-Lite charts from values stated in the intent, in vega-lite or compiled vega, drawable as PNG or SVG.",
    ),
    (
        datetime.date(2026, 11, 16),
        "oracle",
        "New oracle: diagram",
        "Graphviz diagrams from flows and relations described in the intent, checked and laid out by Graphviz.",
    ),
    (
        datetime.date(2026, 11, 23),
        "tool",
        "MCP: six tools at /mcp",
        "forma_status, list_oracles, ask_oracle, show_figure, whats_new and send_feedback over Streamable HTTP. "
        "Authenticate with an API key as a bearer token.",
    ),
]


def seed(apps, schema_editor):
    ChangelogEntry = apps.get_model("oracles", "ChangelogEntry")
    for day, category, title, body in CHANGELOG:
        published_at = datetime.datetime.combine(day, datetime.time(9, 0), tzinfo=datetime.UTC)
        ChangelogEntry.objects.get_or_create(
            title=title, defaults={"body": body, "category": category, "effective_on": day, "published_at": published_at}
        )


class Migration(migrations.Migration):
    dependencies = [("oracles", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
