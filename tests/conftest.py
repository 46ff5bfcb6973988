"""Suite-wide settings: the longest tests start first, so that when the suite runs in
two processes (pytest-xdist) neither is left alone with a long test at the end."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("long") is None)
