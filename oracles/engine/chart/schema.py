"""The official Vega-Lite JSON schema (shipped inside altair), compiled once per process.

The validator gets an EMPTY `referencing.Registry()`: the schema's own `$ref`s are all local
(`#/definitions/…`), and any other reference must fail instead of being fetched over HTTP.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
import referencing


def _altair_schema_dir() -> Path:
    # find_spec locates altair without importing it (importing altair costs ~1 s).
    spec = importlib.util.find_spec("altair")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("altair is not installed; it ships the official Vega-Lite schema")
    return Path(next(iter(spec.submodule_search_locations))) / "vegalite" / "v6" / "schema"


@lru_cache(maxsize=1)
def schema_version() -> str:
    """The Vega-Lite schema version, e.g. "6.4.1" (read from altair's generated module)."""
    text = (_altair_schema_dir() / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'SCHEMA_VERSION\s*=\s*"v?([\d.]+)"', text)
    return match.group(1) if match else "6"


@lru_cache(maxsize=1)
def validator() -> jsonschema.protocols.Validator:
    """A Draft-7 validator for the Vega-Lite schema that can never fetch a remote $ref."""
    schema: dict[str, Any] = json.loads((_altair_schema_dir() / "vega-lite-schema.json").read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema, registry=referencing.Registry())


@lru_cache(maxsize=1)
def vl_convert_version() -> str:
    """Installed vl-convert-python version as major.minor(.patch)."""
    version = importlib.metadata.version("vl-convert-python")
    return re.sub(r"\.post\d+$", "", version)


def schema_errors(spec: dict[str, Any], limit: int = 3) -> list[str]:
    """Up to `limit` human-readable schema violations (empty when the spec is valid)."""
    best = jsonschema.exceptions.best_match(validator().iter_errors(spec))
    if best is None:
        return []
    path = "/".join(str(p) for p in best.absolute_path) or "(top level)"
    return [f"{path}: {best.message[:300]}"][:limit]
