"""The overview: plan, balance, prices, connecting an agent, and the first steps."""

from __future__ import annotations

import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from accounts import selectors
from accounts.credits import balance_of
from oracles.selectors import answered_once, answers_of, oracle_list

from .common import dashboard_view

KEY_PLACEHOLDER = "forma_sk_YOUR_KEY"


def client_snippets(mcp_url: str, key: str = KEY_PLACEHOLDER) -> list[dict[str, str]]:
    """Setup for each client, in that client's current configuration format.

    Clients that do OAuth (Claude, ChatGPT) need only the URL: they open the consent
    page. The others take the API key as a bearer header.
    """
    cursor = {"mcpServers": {"forma": {"url": mcp_url, "headers": {"Authorization": f"Bearer {key}"}}}}
    vscode = {
        "servers": {"forma": {"type": "http", "url": mcp_url, "headers": {"Authorization": "Bearer ${input:forma-key}"}}},
        "inputs": [{"type": "promptString", "id": "forma-key", "description": "Forma API key", "password": True}],
    }
    rest_url = mcp_url.removesuffix(settings.FORMA["MCP_PATH"]) + "/v1/ask"
    return [
        {"id": "claude-desktop", "label": "Claude Desktop", "lang": "text",
         "intro": "Settings → Connectors → Add custom connector. Paste the URL, click Add, then Connect: "
                  "Claude opens Forma's consent page in your browser.",
         "code": mcp_url},
        {"id": "claude-code", "label": "Claude Code", "lang": "shell",
         "intro": "Add the server, then run /mcp in Claude Code and choose Authenticate (OAuth). "
                  "Or pass a key as a header instead.",
         "code": f"claude mcp add --transport http forma {mcp_url}\n\n"
                 f"# or with an API key:\nclaude mcp add --transport http forma {mcp_url} --header \"Authorization: Bearer {key}\""},
        {"id": "chatgpt", "label": "ChatGPT", "lang": "text",
         "intro": "Settings → Apps & Connectors → Advanced settings → turn on Developer mode. Then Create: name it Forma, "
                  "paste the URL, choose OAuth, and approve on Forma's consent page.",
         "code": mcp_url},
        {"id": "cursor", "label": "Cursor", "lang": "json",
         "intro": "In ~/.cursor/mcp.json (all projects) or .cursor/mcp.json (one project):",
         "code": json.dumps(cursor, indent=2)},
        {"id": "vscode", "label": "VS Code", "lang": "json",
         "intro": "In .vscode/mcp.json; VS Code asks for the key once and stores it securely:",
         "code": json.dumps(vscode, indent=2)},
        {"id": "inspector", "label": "MCP Inspector", "lang": "shell",
         "intro": "List the tools from a terminal (Node.js 22+):",
         "code": f"npx @modelcontextprotocol/inspector --cli {mcp_url} --transport http \\\n"
                 f"  --header \"Authorization: Bearer {key}\" --method tools/list"},
        {"id": "http", "label": "HTTP (curl)", "lang": "shell",
         "intro": "Any HTTP client with a bearer token: MCP's JSON-RPC at /mcp, or the same operations over REST.",
         "code": f"curl -s {mcp_url} \\\n  -H \"Authorization: Bearer {key}\" \\\n"
                 "  -H \"Content-Type: application/json\" -H \"Accept: application/json, text/event-stream\" \\\n"
                 "  -d '{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\", "
                 "\"params\": {\"name\": \"forma_status\", \"arguments\": {}}}'\n\n"
                 f"curl -s {rest_url} \\\n  -H \"Authorization: Bearer {key}\" -H \"Content-Type: application/json\" \\\n"
                 "  -d '{\"oracle\": \"chart\", \"intent\": \"bar chart of signups: Mon 34, Tue 41, Wed 29\"}'"},
    ]


@dashboard_view
def dashboard(request: HttpRequest) -> HttpResponse:
    organization = request.organization
    mcp_url = settings.FORMA["MCP_RESOURCE_URL"]
    steps = selectors.first_steps(organization)
    steps["first_answer"] = answered_once(organization_pk=organization.pk)
    month_start = timezone.now().replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    this_month = answers_of(organization_pk=organization.pk).filter(created_at__gte=month_start)
    return render(
        request,
        "accounts/overview.html",
        {
            "organization": organization,
            "balance": balance_of(organization),
            "oracles": oracle_list(),
            "mcp_url": mcp_url,
            "snippets": client_snippets(mcp_url),
            "steps": steps,
            "steps_done": sum(steps.values()),
            "month_answers": this_month.count(),
            "month_credits": sum(this_month.values_list("cost", flat=True)),
        },
    )
