"""Writes for accounts: sign-up, organizations, API keys, audit rows."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.core import signing
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone

from ground.errors import invalid_request, not_found

from .credits import allowance_grant
from .models import ApiKey, AuditEvent, Membership, Organization, Plan, User
from .ratelimit import counter_hit, counter_reached

API_KEY_PREFIX_CHARS = 12
_SECRET_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"  # noqa: S105 - an alphabet, not a secret


def audit_record(
    *, action: str, organization: Organization | None, actor: User | None = None, target: str = "", data: dict[str, Any] | None = None
) -> AuditEvent:
    """Append an audit row. Call inside the transaction of the action it records."""
    return AuditEvent.objects.create(
        organization=organization, actor=actor, action=action, target=target, data=data or {}
    )


def _plan(code: str) -> Plan:
    try:
        return Plan.objects.get(code=code)
    except Plan.DoesNotExist:
        valid = sorted(Plan.objects.values_list("code", flat=True))
        raise invalid_request(f"No plan named {code!r}. Use one of: {', '.join(valid)}.", plans=valid) from None


@transaction.atomic
def organization_create(*, name: str, owner: User, plan_code: str = "free", personal: bool = False) -> Organization:
    """Create an organization on a plan, with `owner` as its owner.

    The plan's first monthly allowance is granted in the same transaction, so a
    new organization can use the service at once.
    """
    org = Organization.objects.create(name=name, plan=_plan(plan_code), personal=personal)
    Membership.objects.create(user=owner, organization=org, role=Membership.Role.OWNER)
    audit_record(action="organization.created", organization=org, actor=owner, target=org.public_id, data={"plan": plan_code})
    allowance_grant(organization=org, period=timezone.now().strftime("%Y-%m"))
    return org


def _personal_name(email: str) -> str:
    return f"{email.split('@')[0]}'s workspace"[:120]


@transaction.atomic
def organization_create_personal(*, user_pk: int, plan_code: str = "free") -> Organization | None:
    """Give a user who belongs to no organization a personal one; do nothing otherwise.

    Called for every new user, however made (see accounts/receivers.py), and by the
    dashboard as a last repair. The user's row is locked so two callers cannot both
    find no membership and create two workspaces.
    """
    user = User.objects.select_for_update().filter(pk=user_pk).first()
    if user is None or Membership.objects.filter(user=user).exists():
        return None
    return organization_create(name=_personal_name(user.email), owner=user, plan_code=plan_code, personal=True)


@transaction.atomic
def user_signup(*, email: str, password: str | None, plan_code: str = "free", is_active: bool = True) -> User:
    """Create a user and their personal organization on `plan_code`."""
    email = email.strip().lower()
    try:
        with transaction.atomic():
            user = User.objects.create_user(email=email, password=password, is_active=is_active)
    except IntegrityError:
        raise invalid_request(f"An account for {email} already exists. Sign in instead.") from None
    organization_create(name=_personal_name(email), owner=user, plan_code=plan_code, personal=True)
    return user


def _hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def split_api_key(raw: str) -> tuple[str, str] | None:
    """(lookup prefix, full key) when `raw` has the shape of one of our keys, else None."""
    marker = settings.FORMA["API_KEY_PREFIX"]
    if not raw.startswith(marker) or len(raw) != len(marker) + API_KEY_PREFIX_CHARS + 32:
        return None
    return raw[len(marker) : len(marker) + API_KEY_PREFIX_CHARS], raw


@transaction.atomic
def api_key_create(*, organization: Organization, created_by: User | None, name: str) -> tuple[ApiKey, str]:
    """Create an API key and return it with its secret, which is never shown again.

    Keys look like `forma_sk_<12-char lookup prefix><32-char secret>`: the fixed
    marker lets secret scanners recognise a leaked key; only its SHA-256 is stored.
    """
    name = (name or "").strip()
    if not name:
        raise invalid_request("Name the key after where it will be used (for example \"Claude Desktop\"), so you can tell keys apart.")
    if len(name) > 80:
        raise invalid_request("A key name is at most 80 characters.")
    lookup = "".join(secrets.choice(_SECRET_ALPHABET) for _ in range(API_KEY_PREFIX_CHARS))
    secret = "".join(secrets.choice(_SECRET_ALPHABET) for _ in range(32))
    raw = f"{settings.FORMA['API_KEY_PREFIX']}{lookup}{secret}"
    try:
        # The partial unique constraint (organization, name) among active keys decides, not a prior read.
        with transaction.atomic():
            key = ApiKey.objects.create(
                organization=organization, created_by=created_by, name=name, prefix=lookup, secret_hash=_hash_secret(raw)
            )
    except IntegrityError:
        raise invalid_request(f"An active key named {name!r} already exists. Choose another name, or revoke that key first.") from None
    audit_record(action="api_key.created", organization=organization, actor=created_by, target=key.public_id, data={"name": name})
    return key, raw


@transaction.atomic
def api_key_revoke(*, organization: Organization, key_id: str, actor: User | None) -> ApiKey:
    """Revoke a key of `organization`; it stops working at once. Revoking twice is a no-op."""
    try:
        key = ApiKey.objects.select_for_update().get(public_id=key_id, organization=organization)
    except ApiKey.DoesNotExist:
        raise not_found(f"No API key {key_id!r} in this organization. List your keys to find its id.") from None
    if key.revoked_at is None:
        key.revoked_at = timezone.now()
        key.save(update_fields=["revoked_at"])
        audit_record(action="api_key.revoked", organization=organization, actor=actor, target=key.public_id)
    return key


def api_key_verify(*, raw: str) -> ApiKey | None:
    """The active key matching `raw`, or None. Constant-time on the secret comparison."""
    parts = split_api_key(raw)
    if parts is None:
        return None
    lookup, full = parts
    key = ApiKey.objects.select_related("organization__plan", "created_by").filter(prefix=lookup).first()
    if key is None or key.revoked_at is not None:
        return None
    if not secrets.compare_digest(key.secret_hash, _hash_secret(full)):
        return None
    # Touch last_used_at at most once a minute: a write per call would serialise hot keys.
    now = timezone.now()
    if key.last_used_at is None or (now - key.last_used_at).total_seconds() > 60:
        ApiKey.objects.filter(pk=key.pk).update(last_used_at=now)
        key.last_used_at = now
    return key


@transaction.atomic
def user_with_organization_ensure(*, email: str, org_name: str | None, plan_code: str) -> tuple[User, Organization]:
    """The user with `email` and an organization of theirs, creating either if missing.

    `org_name` picks (or creates) an organization they own by that name; without
    it their personal organization is used. `plan_code` applies only to an
    organization this call creates.
    """
    email = email.strip().lower()
    _plan(plan_code)  # refuse an unknown plan before writing anything
    user = User.objects.filter(email=email).first()
    if user is None:
        user = User.objects.create_user(email=email, password=None)
    memberships = Membership.objects.filter(user=user).select_related("organization")
    if org_name:
        found = memberships.filter(organization__name=org_name).first()
        if found:
            return user, found.organization
        return user, organization_create(name=org_name, owner=user, plan_code=plan_code)
    personal = memberships.filter(organization__personal=True).first() or memberships.first()
    if personal:
        return user, personal.organization
    org = organization_create(name=_personal_name(email), owner=user, plan_code=plan_code, personal=True)
    return user, org


# ---- sign-up by email, sign-in throttling -----------------------------------------------

SIGNUP_SALT = "forma.signup.confirm"
SIGNUP_LINK_MAX_AGE = timedelta(days=2)


def signup_request(*, email: str, password: str, confirm_link: Callable[[str], str], sign_in_link: str, reset_link: str) -> None:
    """Sign-up that says the same thing whether or not the address has an account.

    A new address gets an inactive account and a link that confirms it; an address
    with an account gets an email saying so, with the sign-in and reset links. The
    page shown is "check your email" either way, so sign-up cannot be used to find
    out who has an account. An unconfirmed account is given the new password: only
    the owner of the inbox can confirm it.
    """
    email = email.strip().lower()
    with transaction.atomic():
        user = User.objects.select_for_update().filter(email=email).first()
        if user is None:
            user = user_signup(email=email, password=password, is_active=False)
        elif not user.is_active and user.last_login is None:
            user.set_password(password)
            user.save(update_fields=["password"])
        else:
            user = None
    if user is not None:
        token = signing.dumps({"user": user.pk, "email": email}, salt=SIGNUP_SALT)
        body = (
            f"Confirm your Forma account and sign in:\n\n{confirm_link(token)}\n\n"
            "The link works for two days. If you did not sign up, ignore this email."
        )
        transaction.on_commit(partial(send_mail, "Confirm your Forma account", body, None, [email]))
    else:
        body = (
            "Someone (probably you) tried to sign up to Forma with this address, which already has an account.\n\n"
            f"Sign in: {sign_in_link}\nForgot your password? Reset it: {reset_link}\n\n"
            "If it was not you, you can ignore this email; nothing was changed."
        )
        transaction.on_commit(partial(send_mail, "You already have a Forma account", body, None, [email]))


@transaction.atomic
def signup_confirm(*, token: str) -> User:
    """Activate the account a sign-up link names; raises invalid_request for a bad or old link."""
    try:
        data = signing.loads(token, salt=SIGNUP_SALT, max_age=SIGNUP_LINK_MAX_AGE)
    except signing.SignatureExpired:
        raise invalid_request("This confirmation link has expired. Sign up again to get a new one.") from None
    except signing.BadSignature:
        raise invalid_request("This confirmation link is not valid. Copy the whole link from the email.") from None
    user = User.objects.select_for_update().filter(pk=data.get("user"), email=data.get("email")).first()
    if user is None:
        raise invalid_request("This confirmation link is not valid. Sign up again to get a new one.")
    if not user.is_active:
        user.is_active = True
        user.save(update_fields=["is_active"])
        audit_record(action="user.confirmed", organization=None, actor=user, target=user.email)
    return user


@dataclass(frozen=True)
class SignInThrottle:
    """Fixed windows counted in the cache (Redis when configured): per account and per client address."""

    window_seconds: int = 15 * 60
    per_account: int = 5
    per_address: int = 20


SIGN_IN_THROTTLE = SignInThrottle()


def _throttle_names(email: str, ip: str) -> dict[str, int]:
    """The sign-in counters (name → limit): per account (by a hash of the address) and per client address."""
    account = hashlib.sha256(email.strip().lower().encode()).hexdigest()[:32]
    names = {f"signin:acct:{account}": SIGN_IN_THROTTLE.per_account}
    if ip:
        names[f"signin:ip:{ip}"] = SIGN_IN_THROTTLE.per_address
    return names


def sign_in_retry_after(*, email: str, ip: str, now: float | None = None) -> int | None:
    """Seconds until sign-in may be tried again for this account or address, or None if it may now."""
    return counter_reached(names=_throttle_names(email, ip), window_seconds=SIGN_IN_THROTTLE.window_seconds, now=now)


def sign_in_failure_record(*, email: str, ip: str, now: float | None = None) -> None:
    for name in _throttle_names(email, ip):
        counter_hit(name=name, window_seconds=SIGN_IN_THROTTLE.window_seconds, now=now)
