# Forma — two commands: `make run` and `make test`. Each does its own set-up.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install system-deps migrate bench worker lint clean

# Debian packages the engine, PDF statements and browser tests need (Graphviz is the
# diagram checker; Chromium drives the dashboard and consent-page tests).
# Installed only when missing and only when we are root; otherwise we say what is missing.
system-deps:
	@missing=""; command -v dot >/dev/null || missing="$$missing graphviz"; \
	ldconfig -p 2>/dev/null | grep -q libpango-1.0 || missing="$$missing libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0"; \
	optional=""; command -v chromium >/dev/null || optional="chromium"; \
	apt_install() { apt-get install -y -qq "$$@" >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "$$@" >/dev/null; }; }; \
	if [ "$$(id -u)" = "0" ]; then \
	  if [ -n "$$missing" ]; then echo "Installing:$$missing"; apt_install $$missing || exit 1; fi; \
	  if [ -n "$$optional" ]; then echo "Installing: $$optional"; apt_install $$optional || echo "Could not install chromium: browser tests will be skipped."; fi; \
	elif [ -n "$$missing" ]; then echo "Missing Debian packages:$$missing (sudo apt-get install$$missing)"; exit 1; \
	elif [ -n "$$optional" ]; then echo "Without Debian's chromium the browser tests are skipped."; fi

$(STAMP): requirements.txt requirements-dev.txt
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -r requirements-dev.txt
	@touch $(STAMP)

install: system-deps $(STAMP)

migrate: install
	@mkdir -p var
	$(PY) manage.py migrate --noinput -v0
	$(PY) manage.py collectstatic --noinput -v0

# The address the server announces (MCP resource, OAuth issuer) follows HOST and PORT
# unless FORMA_PUBLIC_URL says otherwise (behind a proxy, say).
# The server refuses the repository's published secret key: without FORMA_SECRET_KEY,
# this checkout's own random key is kept in var/secret-key (made once, readable by you only).
# X-Forwarded-For / -Proto are trusted only with FORMA_BEHIND_PROXY=1, and then only from
# the addresses in FORWARDED_ALLOW_IPS (uvicorn's own variable; default 127.0.0.1).
# Otherwise a local hop could pick the address the per-IP registration limit counts.
run: export FORMA_PUBLIC_URL ?= http://$(HOST):$(PORT)
run: export FORMA_SECRET_KEY ?= $(shell mkdir -p var && (umask 077; test -s var/secret-key || $(PYTHON) -c 'import secrets; print(secrets.token_urlsafe(50))' > var/secret-key) && cat var/secret-key)
run: PROXY_HEADERS = $(if $(filter 1 true yes on,$(FORMA_BEHIND_PROXY)),--proxy-headers,--no-proxy-headers)
run: migrate
	@$(PY) manage.py forma_welcome --url $(FORMA_PUBLIC_URL)
	$(VENV)/bin/uvicorn forma.asgi:application --host $(HOST) --port $(PORT) $(PROXY_HEADERS)

worker: install
	@mkdir -p var
	$(VENV)/bin/celery -A forma worker --beat -l info --concurrency 2

test: install
	@mkdir -p var
	$(VENV)/bin/python -m pytest -q $(PYTEST_ARGS)

# The throughput section drives the servers with wrk (Debian package), installed here when root.
bench: migrate
	@command -v wrk >/dev/null || { [ "$$(id -u)" = "0" ] && apt-get install -y -qq wrk >/dev/null 2>&1 || \
	  { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq wrk >/dev/null; }; } || echo "wrk is missing: the throughput section is skipped."
	$(PY) bench/run.py

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-logo

clean:
	rm -rf var .pytest_cache
