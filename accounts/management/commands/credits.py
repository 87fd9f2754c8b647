"""`manage.py credits grant --org ORG_ID_OR_OWNER_EMAIL --amount N --reason TEXT`."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from accounts.credits import balance_of, credits_grant
from accounts.models import Membership, Organization
from ground.errors import FormaError


def find_organization(ref: str) -> Organization:
    if ref.startswith("org_"):
        org = Organization.objects.filter(public_id=ref).first()
    else:
        membership = (
            Membership.objects.filter(user__email=ref.strip().lower(), role=Membership.Role.OWNER)
            .select_related("organization").order_by("-organization__personal", "created_at").first()
        )
        org = membership.organization if membership else None
    if org is None:
        raise CommandError(f"No organization {ref!r}: pass an org_… id or the email of its owner.")
    return org


class Command(BaseCommand):
    help = "Grant (positive) or adjust (negative) an organization's credits, with a reason. Audited."

    def add_arguments(self, parser) -> None:
        sub = parser.add_subparsers(dest="action", required=True)
        grant = sub.add_parser("grant")
        grant.add_argument("--org", required=True, help="org_… id or the owner's email")
        grant.add_argument("--amount", type=int, required=True)
        grant.add_argument("--reason", required=True)

    def handle(self, *args, **options) -> None:
        org = find_organization(options["org"])
        try:
            credits_grant(organization=org, amount=options["amount"], reason=options["reason"], actor=None)
        except FormaError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"{org.public_id} balance: {balance_of(org)}")
