#!/usr/bin/env bash
# Installs everything the tests need into .venv and runs the whole suite:
# lint, format check, type check, then pytest.
set -euo pipefail
cd "$(dirname "$0")"

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'

.venv/bin/ruff check senator_core tests benchmarks
.venv/bin/ruff format --check senator_core tests benchmarks
.venv/bin/mypy
.venv/bin/pytest "$@"
