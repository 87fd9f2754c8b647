"""The import graph points one way, down, with no cycle: the contracts in .importlinter hold.

ground ← accounts ← oracles ← feedback ← forma, and oracles/engine imports no Django and no app.
Each planted import is written into a copy of the project's Python files in tmp_path, never
into the real sources, and must break the contract it offends.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("ground", "accounts", "oracles", "feedback", "forma")
LINT_IMPORTS = str(Path(sys.executable).with_name("lint-imports"))


def lint_imports(project: Path, *contracts: str) -> subprocess.CompletedProcess[str]:
    """lint-imports on `project`: it puts its working directory first on the import path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    selected = [arg for contract in contracts for arg in ("--contract", contract)]
    return subprocess.run(
        [LINT_IMPORTS, "--config", str(project / ".importlinter"), "--no-cache", "--no-logo", *selected],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def python_files_only(directory: str, names: list[str]) -> set[str]:
    # Only the code: no data, templates or corpora (the held-back eval split is never read).
    return {n for n in names if n == "__pycache__" or (not n.endswith(".py") and not os.path.isdir(os.path.join(directory, n)))}


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=python_files_only)
    shutil.copy(ROOT / ".importlinter", tmp_path / ".importlinter")
    return tmp_path


def plant(project: Path, module: str, code: str) -> None:
    with (project / module).open("a", encoding="utf-8") as source:
        source.write(f"\n\n{code}\n")


def test_the_project_keeps_every_contract():
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "4 kept, 0 broken" in run.stdout


def test_the_copy_keeps_every_contract_before_anything_is_planted(project_copy):
    run = lint_imports(project_copy)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize(
    ("module", "code", "contract"),
    [
        # an app reaching up into the roof, at module level and inside a function
        ("accounts/models.py", "from forma import urls  # noqa", "layers"),
        ("oracles/services.py", "def planted():\n    from forma.rest import views  # noqa", "layers"),
        # the ground reaching up into an app
        ("ground/ids.py", "import accounts.models  # noqa", "layers"),
        ("oracles/selectors.py", "from feedback import services  # noqa", "layers"),
        # the engine reaching for Django or for the app around it
        ("oracles/engine/text.py", "from django.conf import settings  # noqa", "engine"),
        ("oracles/engine/limits.py", "from oracles import models  # noqa", "engine"),
        # a cycle between siblings: bearer imports principals already
        ("accounts/principals.py", "from accounts import bearer  # noqa", "acyclic"),
    ],
)
def test_a_planted_import_breaks_its_contract(project_copy, module, code, contract):
    plant(project_copy, module, code)
    run = lint_imports(project_copy, contract)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "0 kept, 1 broken" in run.stdout
