"""Browser pages for people, one module per page; htmx partials come from the same views."""

from .account import SignInView, SignOutView, account, home, signup, signup_confirm, signup_sent
from .errors import csrf_failure, not_found, server_error
from .feedback import feedback
from .keys import agent_connection_revoke, api_key_revoke, api_key_revoke_confirm, api_keys
from .news import ChangelogFeed, changelog
from .overview import dashboard
from .playground import playground
from .usage import answer_detail, figure, ledger, statement, usage, usage_chart

__all__ = [
    "ChangelogFeed", "SignInView", "SignOutView", "account", "agent_connection_revoke", "answer_detail", "api_key_revoke",
    "api_key_revoke_confirm", "api_keys", "changelog", "csrf_failure", "dashboard", "feedback", "figure", "home", "ledger",
    "not_found", "playground", "server_error", "signup", "signup_confirm", "signup_sent", "statement", "usage", "usage_chart",
]
