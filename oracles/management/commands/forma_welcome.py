"""Printed by `make run` before the server starts: where to go and how to get a key."""

from __future__ import annotations

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Print where to sign in, the MCP URL, and how to get a first API key."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--url", default="http://127.0.0.1:8000")

    def handle(self, *args, **options) -> None:
        url = options["url"].rstrip("/")
        self.stdout.write(
            "\n".join(
                [
                    "",
                    "Forma is starting (embedded default: SQLite, tasks in-process).",
                    f"  Sign up / sign in:  {url}/accounts/signup/   ({url}/accounts/login/)",
                    f"  Dashboard:          {url}/dashboard/  (create API keys there)",
                    f"  MCP endpoint:       {url}/mcp",
                    "  First API key:      .venv/bin/python manage.py apikey create --email you@example.com",
                    f"  Try it:             npx @modelcontextprotocol/inspector@latest --cli {url}/mcp --transport http "
                    '--header "Authorization: Bearer <key>" --method tools/list',
                    "",
                ]
            )
        )
