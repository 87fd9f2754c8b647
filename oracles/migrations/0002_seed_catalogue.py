import datetime

from django.db import migrations

ORACLES = [
    {
        "name": "chart",
        "kind": "chart",
        "title": "Chart",
        "description": (
            "A Vega-Lite chart (bar, grouped or stacked bars, line, area, pie or donut, scatter) from values "
            "stated in the intent: 'Mon 34, Tue 41', CSV, a markdown table, JSON, several series, x/y pairs. "
            "Checked against the Vega-Lite schema and compiler; every value in the intent is in the chart and "
            "nothing else is. Put the numbers in the intent: Forma does not fetch data."
        ),
        "formats": ["vega-lite", "vega"],
        "default_format": "vega-lite",
        "drawable_formats": ["vega-lite", "vega"],
        "price": 1,
        "sort_order": 10,
    },
    {
        "name": "diagram",
        "kind": "diagram",
        "title": "Diagram",
        "description": (
            "A Graphviz (DOT) diagram from a flow or relations described in the intent: 'submit -> validate -> "
            "save', 'if valid, save, otherwise show error', 'the browser talks to nginx'. Checked by Graphviz "
            "itself; every node and edge named in the intent is in the graph and nothing else is."
        ),
        "formats": ["dot"],
        "default_format": "dot",
        "drawable_formats": ["dot"],
        "price": 1,
        "sort_order": 20,
    },
]

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
    Oracle = apps.get_model("oracles", "Oracle")
    ChangelogEntry = apps.get_model("oracles", "ChangelogEntry")
    for row in ORACLES:
        Oracle.objects.update_or_create(name=row["name"], defaults=row)
    for day, category, title, body in CHANGELOG:
        published_at = datetime.datetime.combine(day, datetime.time(9, 0), tzinfo=datetime.UTC)
        ChangelogEntry.objects.get_or_create(
            title=title, defaults={"body": body, "category": category, "effective_on": day, "published_at": published_at}
        )


class Migration(migrations.Migration):
    dependencies = [("oracles", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
