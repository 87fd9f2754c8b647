"""The official Vega-Lite JSON schema (shipped inside altair), compiled once per process.

The validator gets an EMPTY `referencing.Registry()`: the schema's own `$ref`s are all local
(`#/definitions/…`), and any other reference must fail instead of being fetched over HTTP.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import re
from collections.abc import Iterator
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


@lru_cache(maxsize=1)
def _validity_validator() -> jsonschema.protocols.Validator:
    """The same validator, for a yes/no answer only: an `anyOf` branch is tried up to its first error.

    The full validator lists every error of every failing branch before it tries the next: a
    1,000-value chart's rows and sort list, tried as numbers before strings or objects, make
    thousands of errors that a valid spec then throws away. Every other keyword is the same one,
    so this validator finds an error exactly when the full one does.
    """
    full = validator()
    cls = jsonschema.validators.extend(type(full), {"anyOf": _any_of_to_first_error})
    return cls(full.schema, registry=referencing.Registry())


def _any_of_to_first_error(checker: Any, any_of: list[Any], instance: Any, schema: dict[str, Any]) -> Iterator[Any]:
    for index, subschema in enumerate(any_of):
        if next(checker.descend(instance, subschema, schema_path=index), None) is None:
            return
    yield jsonschema.exceptions.ValidationError(f"{instance!r:.200} is not valid under any of the given schemas")


def schema_errors(spec: dict[str, Any], limit: int = 3) -> list[str]:
    """Up to `limit` human-readable schema violations (empty when the spec is valid).

    Whether there is any is asked first of the yes/no validator; only an invalid spec is validated
    in full, for the error that explains it best.
    """
    if next(_validity_validator().iter_errors(spec), None) is None:
        return []
    best = jsonschema.exceptions.best_match(validator().iter_errors(spec))
    if best is None:
        return []
    path = "/".join(str(p) for p in best.absolute_path) or "(top level)"
    return [f"{path}: {best.message[:300]}"][:limit]
