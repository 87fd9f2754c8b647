"""`{{ text|inline_markdown }}`: a definition's one-line text (a tool or argument description) with its `code` spans."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from forma.docs.pages import inline_markdown_html

register = template.Library()


@register.filter
def inline_markdown(text: str) -> SafeString:
    return inline_markdown_html(text)
