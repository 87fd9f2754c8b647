"""`manage.py apikey create --email EMAIL [--org NAME] [--plan PLAN]`: print a new key and nothing else."""

from __future__ import annotations

import secrets

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from accounts.services import api_key_create, user_with_organization_ensure
from ground.errors import FormaError


class Command(BaseCommand):
    help = "Create an API key (creating the user and organization if missing) and print it on stdout."

    def add_arguments(self, parser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        create = sub.add_parser("create", help="create a key")
        create.add_argument("--email", required=True)
        create.add_argument("--org", default=None, help="organization name (created if the user has none by that name)")
        create.add_argument("--plan", default="free", help="plan for an organization this command creates")
        create.add_argument("--name", default=None, help="a name to recognise the key by (unique among active keys)")

    def handle(self, *args, **options) -> None:
        try:
            user, org = user_with_organization_ensure(email=options["email"], org_name=options["org"], plan_code=options["plan"])
            # Active key names are unique per organization: a default that differs every run.
            name = options["name"] or f"CLI key {timezone.now():%Y-%m-%d} {secrets.token_hex(2)}"
            _, secret = api_key_create(organization=org, created_by=user, name=name)
        except FormaError as error:
            raise CommandError(error.message) from None
        self.stderr.write(f"Key for {user.email} in {org.name} ({org.public_id}, plan {org.plan_id}):")
        self.stdout.write(secret)
