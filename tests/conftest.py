"""Fixtures every test folder may use."""

from __future__ import annotations

import pytest


@pytest.fixture
def no_language(monkeypatch):
    """The default language choice, with no RAILKIT_LANG or locale in the environment, before
    and after the test."""
    from railkit.core import i18n

    for name in ("RAILKIT_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)
