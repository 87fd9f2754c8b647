from __future__ import annotations

import hashlib
import io

import pytest
from django.core.management import CommandError, call_command

from accounts.models import ApiKey, AuditEvent, Organization, User
from accounts.services import api_key_create, api_key_revoke, api_key_verify
from ground.errors import FormaError

pytestmark = pytest.mark.django_db


def test_a_key_is_shown_once_and_stored_only_as_a_hash(account):
    row = ApiKey.objects.get(pk=account.key_row.pk)
    assert account.key.startswith("forma_sk_")
    assert len(account.key) == len("forma_sk_") + 12 + 32
    assert row.prefix == account.key[9:21]
    assert row.secret_hash == hashlib.sha256(account.key.encode()).hexdigest()
    stored = [str(v) for v in ApiKey.objects.filter(pk=row.pk).values().get().values()]
    assert account.key not in stored


def test_verify_accepts_the_key_and_refuses_near_misses(account):
    assert api_key_verify(raw=account.key).public_id == account.key_row.public_id
    tampered = account.key[:-1] + ("a" if account.key[-1] != "a" else "b")
    assert api_key_verify(raw=tampered) is None
    assert api_key_verify(raw=account.key + "x") is None
    assert api_key_verify(raw="") is None


def test_verify_records_last_use(account):
    assert ApiKey.objects.get(pk=account.key_row.pk).last_used_at is None
    api_key_verify(raw=account.key)
    assert ApiKey.objects.get(pk=account.key_row.pk).last_used_at is not None


def test_create_and_revoke_write_audit_rows(account):
    actions = list(AuditEvent.objects.filter(target=account.key_row.public_id).values_list("action", flat=True))
    assert actions == ["api_key.created"]
    api_key_revoke(organization=account.organization, key_id=account.key_row.public_id, actor=account.user)
    api_key_revoke(organization=account.organization, key_id=account.key_row.public_id, actor=account.user)
    actions = sorted(AuditEvent.objects.filter(target=account.key_row.public_id).values_list("action", flat=True))
    assert actions == ["api_key.created", "api_key.revoked"]
    assert api_key_verify(raw=account.key) is None


def test_another_organization_cannot_revoke_a_key(make_account):
    alice, bob = make_account(), make_account()
    with pytest.raises(FormaError) as caught:
        api_key_revoke(organization=bob.organization, key_id=alice.key_row.public_id, actor=bob.user)
    assert caught.value.kind == "not_found"
    assert ApiKey.objects.get(pk=alice.key_row.pk).revoked_at is None


def test_overlong_key_name_is_refused_and_nothing_is_written(account):
    before = (ApiKey.objects.count(), AuditEvent.objects.count())
    with pytest.raises(FormaError):
        api_key_create(organization=account.organization, created_by=account.user, name="n" * 81)
    assert (ApiKey.objects.count(), AuditEvent.objects.count()) == before


def test_signup_creates_a_personal_organization_on_free_with_its_allowance(make_account):
    from accounts.credits import balance_of, ledger_sum

    acct = make_account("new@example.com")
    org = acct.organization
    assert org.personal and org.plan_id == "free" and org.public_id.startswith("org_")
    assert org.memberships.get().role == "owner"
    assert balance_of(org) == ledger_sum(org) == 100


def test_apikey_command_prints_the_key_and_nothing_else(seeded):
    out, err = io.StringIO(), io.StringIO()
    call_command("apikey", "create", "--email", "Cli@Example.com", "--plan", "pro", stdout=out, stderr=err)
    printed = out.getvalue().strip().splitlines()
    assert len(printed) == 1
    key = api_key_verify(raw=printed[0])
    assert key.organization.plan_id == "pro"
    assert key.created_by.email == "cli@example.com"


def test_apikey_command_reuses_the_user_and_names_an_org(seeded):
    call_command("apikey", "create", "--email", "x@example.com", stdout=io.StringIO(), stderr=io.StringIO())
    call_command("apikey", "create", "--email", "x@example.com", "--org", "Acme", stdout=io.StringIO(), stderr=io.StringIO())
    call_command("apikey", "create", "--email", "x@example.com", "--org", "Acme", stdout=io.StringIO(), stderr=io.StringIO())
    assert User.objects.filter(email="x@example.com").count() == 1
    assert sorted(Organization.objects.values_list("name", flat=True)) == ["Acme", "x's workspace"]
    assert ApiKey.objects.count() == 3


def test_apikey_command_refuses_an_unknown_plan_and_writes_nothing(seeded):
    with pytest.raises(CommandError, match="No plan named 'gold'"):
        call_command("apikey", "create", "--email", "y@example.com", "--plan", "gold", stdout=io.StringIO(), stderr=io.StringIO())
    assert not User.objects.filter(email="y@example.com").exists()
