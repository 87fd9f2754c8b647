"""Forma settings: one module, driven by environment variables.

Unset, everything falls back to the embedded default (SQLite file, Celery tasks
executed in-process, local-memory cache) so `make run` works on a bare machine.
With DATABASE_URL / CELERY_BROKER_URL / REDIS_URL set it runs on PostgreSQL,
real Celery workers and Redis. `.env.example` lists every variable.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


DEBUG = env_bool("FORMA_DEBUG", False)
# The embedded default generates nothing secret-looking on disk; a deployment must set
# its own. Published keys (this default, the .env.example placeholder) are refused by
# `manage.py check --deploy` and by the ASGI app at startup unless DEBUG is on over
# plain http (forma/checks.py); `make run` keeps a generated key in var/secret-key.
PUBLIC_SECRET_KEYS = (
    "forma-embedded-default-insecure-key-change-me-in-production-0123456789",
    "change-me-to-50-random-characters",
)
SECRET_KEY = env("FORMA_SECRET_KEY") or PUBLIC_SECRET_KEYS[0]

# Where people and agents reach this deployment. The MCP resource URL and the OAuth
# issuer are derived from it, so tokens are bound to exactly this address.
PUBLIC_URL = env("FORMA_PUBLIC_URL", "http://127.0.0.1:8000").rstrip("/")
ALLOWED_HOSTS = env_list("FORMA_ALLOWED_HOSTS", "127.0.0.1,localhost,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("FORMA_CSRF_TRUSTED_ORIGINS", PUBLIC_URL)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "drf_spectacular",
    "oauth2_provider",
    "accounts",
    "oracles",
    "feedback",
    "forma.apps.FormaConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "forma.urls"
ASGI_APPLICATION = "forma.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATA_DIR = Path(env("FORMA_DATA_DIR", str(BASE_DIR / "var")))
DATABASE_URL = env("DATABASE_URL", f"sqlite:///{DATA_DIR / 'forma.sqlite3'}")
DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
# Connections are reused across MCP tool calls (issue 11: opening one per call was ~40 %
# of a free call on PostgreSQL): the tools run in the event loop's long-lived worker
# threads, and forma/mcp.py keeps each thread's connection between calls (health-checked
# before reuse; a database that is down is still refused at once). Elsewhere Django's
# rule holds (CONN_MAX_AGE=0): under ASGI each REST or dashboard request has a thread of
# its own, whose connection is closed when the request ends. FORMA_DB_POOL=1 uses
# psycopg's pool on PostgreSQL, which reuses connections for those requests too, but
# makes a try wait up to FORMA_DB_POOL_TIMEOUT for a database that is down.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several threads (MCP tools, uvicorn) share the file: wait on the write lock
    # rather than failing, and keep the test database a file so threads see it.
    # WAL lets readers go on while one writer writes; NORMAL sync is safe under WAL
    # (a power cut can lose the last commits, never corrupt the file).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # One file per process: two test runs side by side must not share a database.
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / f"test-forma-{os.getpid()}.sqlite3")}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("FORMA_DB_POOL", False):
    DATABASES["default"]["OPTIONS"] = {
        "pool": {
            "min_size": int(env("FORMA_DB_POOL_MIN", "2")),
            "max_size": int(env("FORMA_DB_POOL_MAX", "12")),
            "timeout": float(env("FORMA_DB_POOL_TIMEOUT", "2")),
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env("REDIS_URL")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}}
else:
    # One process: the cache is its memory. Room for the callers resolved in the last minute.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "forma",
                          "OPTIONS": {"MAX_ENTRIES": 20_000}}}

AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/dashboard/"
LOGOUT_REDIRECT_URL = "/"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "accounts.password_validation.RepeatedPatternValidator"},
]
# An htmx request that fails the CSRF check gets a message with a sign-in link, not an empty 403.
CSRF_FAILURE_VIEW = "forma.dashboard.errors.csrf_failure"
# Sign-up confirmations and password resets. The embedded default prints mail on the console.
EMAIL_BACKEND = env("FORMA_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env("FORMA_EMAIL_HOST", "localhost")
EMAIL_PORT = int(env("FORMA_EMAIL_PORT", "25"))
EMAIL_HOST_USER = env("FORMA_EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env("FORMA_EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("FORMA_EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = env("FORMA_FROM_EMAIL", "Forma <no-reply@forma.invalid>")

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]

# --- security headers -------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
_https = PUBLIC_URL.startswith("https://")
SESSION_COOKIE_SECURE = _https
CSRF_COOKIE_SECURE = _https
# Served over https, plain http is redirected there (behind a proxy, X-Forwarded-Proto says
# which one a request came in on). Set FORMA_SSL_REDIRECT=0 when the proxy redirects itself.
SECURE_SSL_REDIRECT = env_bool("FORMA_SSL_REDIRECT", _https)
SECURE_HSTS_SECONDS = int(env("FORMA_HSTS_SECONDS", "31536000" if _https else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _https
SECURE_HSTS_PRELOAD = _https
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("FORMA_BEHIND_PROXY") else None

from csp.constants import NONE, SELF  # noqa: E402

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --- Celery -----------------------------------------------------------------
CELERY_BROKER_URL = env("CELERY_BROKER_URL")
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", REDIS_URL or "")
# No broker configured: the embedded default runs every task inline, in-process.
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_DEFAULT_QUEUE = env("FORMA_TASK_QUEUE", "forma")
CELERY_WORKER_MAX_MEMORY_PER_CHILD = int(env("FORMA_WORKER_MAX_MEMORY_KB", "1048576"))

# --- REST framework ---------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["forma.rest.auth.BearerAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["forma.rest.auth.HasPrincipal"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "forma.rest.base.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # `format` is ours (png | svg | an oracle format), not DRF's renderer override.
    "URL_FORMAT_OVERRIDE": None,
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Forma API",
    "DESCRIPTION": "Oracles that answer with checked formal artifacts. The same operations, guarantees and prices as the MCP tools.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # 3.1: its schemas are JSON Schema 2020-12, the dialect the typed contract's models (and the
    # MCP tools' output schemas) are written in, so one model gives both documents the same schema.
    "OAS_VERSION": "3.1.0",
    # The enums the document lifts into components, named as the typed contract names them.
    "ENUM_NAME_OVERRIDES": {
        "ErrorKind": "ground.contract.ERROR_KINDS",
        "ReasonCode": "ground.reasons.REASONS",
        "VerdictStatus": "ground.contract.VERDICT_STATUSES",
        "ChangelogCategory": "ground.contract.CHANGELOG_CATEGORIES",
        "CredentialKind": "ground.contract.CREDENTIAL_KINDS",
        "FigureOutput": "ground.contract.FIGURE_OUTPUTS",
        "Sentiment": "ground.contract.SENTIMENTS",
    },
    "SERVERS": [{"url": PUBLIC_URL}],
}

# --- Forma's own knobs ------------------------------------------------------
# The oracle kinds this deployment serves: each a package whose KIND declares it
# (oracles/engine/registry.py). Adding a kind is its package plus one line here.
FORMA_ORACLE_KINDS = [
    "oracles.engine.chart",
    "oracles.engine.diagram",
]

EMBEDDED_ENGINE_PROCESSES = max(2, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 2)
FORMA = {
    "MCP_PATH": "/mcp",
    # The largest /mcp request body accepted (bytes); a 20,000-character intent fits many times over.
    "MCP_MAX_BODY_BYTES": int(env("FORMA_MCP_MAX_BODY_BYTES", "262144")),
    "MCP_RESOURCE_URL": PUBLIC_URL + "/mcp",
    "API_KEY_PREFIX": "forma_sk_",
    # How long a resolved caller is reused (accounts/principals.py). Revocations and plan or
    # organization changes take effect on the next call regardless.
    "PRINCIPAL_CACHE_SECONDS": int(env("FORMA_PRINCIPAL_CACHE_SECONDS", "60")),
    "FEEDBACK_MAX_CHARS": 2000,
    # requests_per_minute is counted in fixed windows of this many seconds.
    "RATE_WINDOW_SECONDS": int(env("FORMA_RATE_WINDOW_SECONDS", "60")),
    # Where requests are counted (accounts/ratelimit.py): redis | memory | database. Unset: redis
    # when REDIS_URL is set, else memory (one process). Several processes without Redis: database.
    "RATE_LIMIT_BACKEND": env("FORMA_RATE_LIMIT_BACKEND"),
    # Namespace of our keys in a shared Redis (tests use a fresh one per run).
    "REDIS_PREFIX": env("FORMA_REDIS_PREFIX", "forma"),
    # How long a web process waits for a check or render task before answering `error`.
    "TASK_WAIT_SECONDS": float(env("FORMA_TASK_WAIT_SECONDS", "20")),
    "TASK_TIME_LIMIT_SECONDS": float(env("FORMA_TASK_TIME_LIMIT_SECONDS", "15")),
    "TASK_TIME_LIMIT_GRACE_SECONDS": float(env("FORMA_TASK_TIME_LIMIT_GRACE_SECONDS", "5")),
    # A task whose worker child dies (SIGKILL, SIGABRT, OOM) is redelivered; it runs at most this
    # many times, then it is answered `error` and dropped (oracles.tasks.DeliveryCountedTask).
    "TASK_MAX_DELIVERIES": int(env("FORMA_TASK_MAX_DELIVERIES", "3")),
    # Engine processes (oracles/engine/native.py): vl-convert runs in these, never in the web
    # process or the Celery child, so its crash costs one answer, not the process. Per calling
    # process (each web process, each Celery child), started on demand, kept warm.
    # Embedded default: one process does all the work, so its engine pool is sized to the cores
    # (the engine's CPU is most of an ask's). Served: per Celery child, so it stays small.
    "ENGINE_PROCESSES": int(env("FORMA_ENGINE_PROCESSES", str(EMBEDDED_ENGINE_PROCESSES if CELERY_TASK_ALWAYS_EAGER else 2))),
    "ENGINE_CALL_TIMEOUT_SECONDS": float(env("FORMA_ENGINE_CALL_TIMEOUT_SECONDS", "10")),
    "ENGINE_START_TIMEOUT_SECONDS": float(env("FORMA_ENGINE_START_TIMEOUT_SECONDS", "30")),
    "ENGINE_MAX_CALLS_PER_PROCESS": int(env("FORMA_ENGINE_MAX_CALLS_PER_PROCESS", "500")),
    # Embedded default: checks run in a pool of this many threads of their own (never
    # the pool that serves every caller's database work). Two per engine process: while one
    # check does its Python part (reading, schema, faithfulness), another keeps the engine busy.
    "EAGER_CHECK_THREADS": int(env("FORMA_EAGER_CHECK_THREADS", str(2 * EMBEDDED_ENGINE_PROCESSES))),
    # The figures a check drew (it renders to know the answer draws) are kept in the cache this
    # long, so show_figure of a fresh answer is a cache read (oracles/figures.py).
    "FRESH_FIGURE_SECONDS": int(env("FORMA_FRESH_FIGURE_SECONDS", "3600")),
    # A credit hold with no verdict after this long belongs to a request that died:
    # the sweeper returns it. Keep it well above TASK_WAIT_SECONDS.
    "HOLD_GRACE_SECONDS": float(env("FORMA_HOLD_GRACE_SECONDS", "300")),
    # How often each web process sweeps in the embedded default (no Celery beat there).
    "SWEEP_INTERVAL_SECONDS": float(env("FORMA_SWEEP_INTERVAL_SECONDS", "60")),
    # An Idempotency-Key on POST /v1/ask returns its first answer for this long.
    "IDEMPOTENCY_KEY_HOURS": float(env("FORMA_IDEMPOTENCY_KEY_HOURS", "24")),
    "MCP_ALLOWED_HOSTS": env_list("FORMA_MCP_ALLOWED_HOSTS") or [f"{h}:*" for h in ALLOWED_HOSTS] + ALLOWED_HOSTS,
    "MCP_ALLOWED_ORIGINS": env_list("FORMA_MCP_ALLOWED_ORIGINS")
    or [PUBLIC_URL, "http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
    # OAuth for agents (accounts/oauth/). Open dynamic registration is counted per client IP.
    "OAUTH_REGISTRATIONS_PER_IP_PER_HOUR": int(env("FORMA_OAUTH_REGISTRATIONS_PER_IP_PER_HOUR", "20")),
    # Registered clients that never obtained a token are deleted after this long.
    "OAUTH_UNUSED_CLIENT_HOURS": int(env("FORMA_OAUTH_UNUSED_CLIENT_HOURS", "24")),
    # Private-use redirect schemes of known MCP clients (RFC 8252 §7.1), e.g. Cursor's cursor://.
    "OAUTH_CLIENT_SCHEMES": env_list("FORMA_OAUTH_CLIENT_SCHEMES", "cursor"),
}

# --- OAuth 2.1 authorization server (django-oauth-toolkit) ----------------------
# Forma is the authorization server for its own MCP endpoint. The issuer is
# PUBLIC_URL exactly: the MCP SDK publishes it as authorization_servers[0] of the
# resource metadata, and clients compare the two as strings.
OAUTH2_PROVIDER_APPLICATION_MODEL = "oauth2_provider.Application"
OAUTH2_PROVIDER = {
    "OIDC_ENABLED": False,
    "OIDC_ISS_ENDPOINT": PUBLIC_URL,
    "OAUTH2_VALIDATOR_CLASS": "accounts.oauth.validator.FormaOAuth2Validator",
    # One scope, named for what it allows (accounts.principals.SCOPE_TOOLS).
    "SCOPES": {"forma:tools": "Use Forma's tools for your organization: ask oracles (spending its credits), draw figures, send feedback."},
    "DEFAULT_SCOPES": ["forma:tools"],
    "PKCE_REQUIRED": True,
    # http is accepted for loopback redirects only (RFC 8252 §7.3); accounts/oauth/policy.py
    # refuses a registration with any other http redirect URI.
    "ALLOWED_REDIRECT_URI_SCHEMES": ["https", "http", *FORMA["OAUTH_CLIENT_SCHEMES"]],
    "ALLOW_LOCALHOST_LOOPBACK": True,
    "ALLOW_URI_WILDCARDS": False,
    "REQUEST_APPROVAL_PROMPT": "force",
    "AUTHORIZATION_CODE_EXPIRE_SECONDS": 60,
    "ACCESS_TOKEN_EXPIRE_SECONDS": int(env("FORMA_OAUTH_ACCESS_TOKEN_SECONDS", "3600")),
    # Idle lifetime: a refresh token dies this long after its last access token expired.
    "REFRESH_TOKEN_EXPIRE_SECONDS": int(env("FORMA_OAUTH_REFRESH_TOKEN_SECONDS", str(30 * 24 * 3600))),
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": 0,  # hashed storage cannot replay a previous token
    # RFC 9700 gates: all enforced.
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    "COMPLIANT_BCP_RFC9700_REFRESH_TOKEN": True,
    "COMPLIANT_BCP_RFC9700_REDIRECT_URI_MATCHING": True,
    "COMPLIANT_BCP_RFC9700_PKCE_REQUIRED": True,
    # Discovery advertises exactly what is accepted.
    "OAUTH2_RESPONSE_TYPES_SUPPORTED": ["code"],
    "OAUTH2_GRANT_TYPES_SUPPORTED": ["authorization_code", "refresh_token"],
    "OAUTH2_TOKEN_ENDPOINT_AUTH_METHODS_SUPPORTED": ["none", "client_secret_basic", "client_secret_post"],
    # RFC 7591 registration, open to MCP clients; accounts.oauth_views rate-limits it per IP.
    "DCR_ENABLED": True,
    "DCR_REGISTRATION_PERMISSION_CLASSES": ("oauth2_provider.dcr.AllowAllDCRPermission",),
    "DCR_REGISTRATION_TOKEN_EXPIRE_SECONDS": 30 * 24 * 3600,
    # Client ID Metadata Documents, fetched by the toolkit's SSRF-hardened fetcher
    # (https, public addresses only) plus Forma's redirect-URI policy.
    "CIMD_ENABLED": True,
    "CIMD_METADATA_FETCHER": "accounts.oauth.metadata.FormaMetadataFetcher",
}
# W008 flags any "http" redirect scheme. RFC 9700 §2.1 itself exempts loopback
# redirects of native clients (RFC 8252 §7.3), which CLI agents need; Forma accepts
# http only for 127.0.0.1, [::1] and localhost (accounts.oauth.policy.redirect_uri_refusal,
# tested in tests/test_oauth_registration.py), so the warning does not apply.
SILENCED_SYSTEM_CHECKS = ["oauth2_provider.W008"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env("FORMA_LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}

CELERY_BEAT_SCHEDULE_FILENAME = str(DATA_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    # Daily, not monthly: the grant is keyed by month, so extra runs do nothing,
    # and a missed first-of-month is caught up the next day.
    "renew-allowances": {"task": "accounts.renew_allowances", "schedule": 24 * 3600},
    "sweep-reservations": {"task": "accounts.sweep_reservations", "schedule": 60},
    "prune-idempotency-keys": {"task": "oracles.prune_idempotency_keys", "schedule": 3600},
    "prune-rate-windows": {"task": "accounts.prune_rate_windows", "schedule": 600},
    "prune-unused-oauth-clients": {"task": "accounts.prune_unused_oauth_clients", "schedule": 3600},
}
