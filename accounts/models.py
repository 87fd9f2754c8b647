"""Users, organizations, plans, memberships, API keys and the audit trail."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser, BaseUserManager
from django.db import models
from django.utils import timezone

from ground import ids


class UserManager(BaseUserManager["User"]):
    # Needed because the user signs in by email and has no username; Django's
    # createsuperuser and auth backends go through these two methods.
    use_in_migrations = True

    def create_user(self, email: str, password: str | None = None, **extra):
        if not email:
            raise ValueError("An email address is required.")
        user = self.model(email=self.normalize_email(email).lower(), **extra)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_superuser(self, email: str, password: str | None = None, **extra):
        extra.setdefault("is_staff", True)
        extra.setdefault("is_superuser", True)
        return self.create_user(email, password, **extra)


class User(AbstractUser):
    username = None
    email = models.EmailField("email address", unique=True)

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    objects = UserManager()

    def __str__(self) -> str:
        return self.email


class Plan(models.Model):
    code = models.SlugField(primary_key=True, max_length=32)
    name = models.CharField(max_length=64)
    requests_per_minute = models.PositiveIntegerField()
    monthly_credits = models.PositiveIntegerField()
    features = models.JSONField(default=list, blank=True)
    is_public = models.BooleanField(default=True)

    def __str__(self) -> str:
        return self.code


class Organization(models.Model):
    public_id = models.CharField(max_length=40, unique=True, default=ids.org_id, editable=False)
    name = models.CharField(max_length=120)
    plan = models.ForeignKey(Plan, on_delete=models.PROTECT, related_name="organizations")
    personal = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.name} ({self.public_id})"


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner"
        MEMBER = "member"

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="memberships")
    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "organization"], name="membership_unique")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.organization_id} ({self.role})"


class ApiKey(models.Model):
    """An API key. Only the SHA-256 of the secret is stored; `prefix` finds the row."""

    public_id = models.CharField(max_length=40, unique=True, default=ids.key_id, editable=False)
    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="api_keys")
    created_by = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, related_name="api_keys")
    name = models.CharField(max_length=80)
    prefix = models.CharField(max_length=32, unique=True)
    secret_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            # A person tells keys apart by name; a revoked key's name may be used again.
            models.UniqueConstraint(
                fields=["organization", "name"], condition=models.Q(revoked_at__isnull=True), name="api_key_active_name_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"


class AuditEvent(models.Model):
    """One row per security- or money-relevant action, written in the same transaction."""

    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, null=True, related_name="audit_events")
    actor = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    action = models.CharField(max_length=64)
    target = models.CharField(max_length=120, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        # The admin's filters, newest first, without a scan (accounts/admin_lists.py).
        indexes = [models.Index(fields=["action", "-created_at"], name="audit_by_action")]

    def __str__(self) -> str:
        return f"{self.action} {self.target}"


class CreditBalance(models.Model):
    """The cached balance of an organization's credits.

    It changes only in the same transaction as the ledger row that explains the
    change, through a conditional UPDATE; the constraint makes a negative
    balance impossible even if a code path forgot the condition.
    """

    organization = models.OneToOneField(Organization, on_delete=models.CASCADE, related_name="credits", primary_key=True)
    balance = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.CheckConstraint(condition=models.Q(balance__gte=0), name="credit_balance_never_negative")]

    def __str__(self) -> str:
        return f"{self.organization_id}: {self.balance}"


class LedgerEntry(models.Model):
    """One append-only movement of credits. Corrections are new rows, never edits."""

    class Kind(models.TextChoices):
        ALLOWANCE = "allowance"  # the plan's monthly allowance
        GRANT = "grant"  # staff grant
        ADJUSTMENT = "adjustment"  # staff correction, either sign
        RESERVE = "reserve"  # held before the work (negative)
        SETTLE = "settle"  # the reserve became the charge (zero: the money already moved)
        RELEASE = "release"  # the reserve returned (positive)
        REFUND = "refund"  # a settled charge given back (positive)

    organization = models.ForeignKey(Organization, on_delete=models.PROTECT, related_name="ledger")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    amount = models.BigIntegerField()
    idempotency_key = models.CharField(max_length=120, unique=True)
    request_id = models.CharField(max_length=40, blank=True, db_index=True)
    actor = models.ForeignKey(User, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    reason = models.CharField(max_length=240, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        # The admin's filters, newest first, without a scan (accounts/admin_lists.py).
        indexes = [
            models.Index(fields=["kind", "-created_at"], name="ledger_by_kind"),
            models.Index(fields=["organization", "-created_at"], name="ledger_by_org"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount:+d} ({self.idempotency_key})"


class Reservation(models.Model):
    """Credits held for one answer until its verdict. Exactly one of settle/release ends it."""

    class State(models.TextChoices):
        HELD = "held"
        SETTLED = "settled"
        RELEASED = "released"

    request_id = models.CharField(max_length=40, unique=True)
    organization = models.ForeignKey(Organization, on_delete=models.PROTECT, related_name="reservations")
    amount = models.PositiveIntegerField()
    state = models.CharField(max_length=16, choices=State.choices, default=State.HELD)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.request_id}: {self.amount} {self.state}"


class RateWindow(models.Model):
    """Requests counted per organization per minute, when no Redis is configured."""

    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="+")
    bucket = models.BigIntegerField()  # unix time // window length (60 s in production)
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["organization", "bucket"], name="rate_window_unique")]

    def __str__(self) -> str:
        return f"{self.organization_id}@{self.bucket}: {self.count}"


def _connection_id() -> str:
    return ids.new_id("cl")


class AgentConnection(models.Model):
    """A person's approval of one OAuth client (an agent) to act for one organization.

    Created on the consent page. An access token is honoured only while the
    connection of its (client, person) pair is active, so revoking the connection
    stops its tokens at once. One active connection per pair: approving the same
    client again for another organization ends the previous connection.
    """

    public_id = models.CharField(max_length=40, unique=True, default=_connection_id, editable=False)
    application = models.ForeignKey(settings.OAUTH2_PROVIDER_APPLICATION_MODEL, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="agent_connections")
    organization = models.ForeignKey(Organization, on_delete=models.CASCADE, related_name="agent_connections")
    scope = models.TextField()
    approved_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-approved_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["application", "user"], condition=models.Q(revoked_at__isnull=True), name="agent_connection_one_active"
            )
        ]

    def __str__(self) -> str:
        return self.public_id


class OAuthCodeRedemption(models.Model):
    """An authorization code that was exchanged, kept so a replay can revoke what it issued.

    RFC 6749 §4.1.2: a code used twice is refused and the tokens issued from it
    SHOULD be revoked. The toolkit deletes the grant on first use; this row
    remembers (by hash, never the code) which token family the code produced.
    """

    code_hash = models.CharField(max_length=64, unique=True)
    token_family = models.UUIDField(null=True, blank=True)
    access_token_checksum = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"code redeemed {self.created_at:%Y-%m-%d %H:%M}"
