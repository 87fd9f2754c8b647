"""Drawn figures in the cache, keyed by what they draw: the check's own drawings and show_figure's.

The check renders anyway (that is how it knows an answer draws), so the check task keeps what it
drew here and `show_figure` of a fresh answer is a cache read, not a second render. The key is the
content (kind, format, output, result), so the task can write it before the answer row exists
and a figure drawn once serves every answer with the same result.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
from typing import Any

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger("forma.oracles")


def figure_cache_key(*, kind: str, fmt: str, out: str, result: Any) -> str:
    content = hashlib.sha256(json.dumps([kind, fmt, out, result], sort_keys=True).encode()).hexdigest()
    return f"{settings.FORMA['REDIS_PREFIX']}:figure:{content}"


def figures_keep(*, kind: str, fmt: str, result: Any, figures: dict[str, bytes]) -> None:
    """Keep what a check drew for FRESH_FIGURE_SECONDS. Best effort: a miss only means a render later."""
    if not figures:
        return
    try:
        cache.set_many(
            {figure_cache_key(kind=kind, fmt=fmt, out=out, result=result): base64.b64encode(data).decode()
             for out, data in figures.items()},
            timeout=settings.FORMA["FRESH_FIGURE_SECONDS"],
        )
    except Exception:  # the cache is down: show_figure will draw it again
        logger.warning("could not keep the figures of a %s answer", kind, exc_info=True)
