"""Suite-wide settings: the translations are compiled before any test reads them, and
the longest tests start first, so that when the suite runs in two processes
(pytest-xdist) neither is left alone with a long test at the end."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from building.catalogs import compile_catalogs  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    compile_catalogs()  # .po to .mo, when a catalog changed


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
