"""Numbers in a served page's address are read by one bounded helper: ASCII digits only."""

from __future__ import annotations

import pytest

from railkit.core.errors import DataError
from railkit.viz.shell import lobby


@pytest.mark.parametrize("text", ["\u00b2", "\u0663", "1\u00b2", "9" * 7, "9" * 5000, "-1", "+1", " 1", "1.0", "", "0"])
def test_a_number_in_the_address_is_refused_in_words(monkeypatch, text):
    """A superscript or Arabic-Indic digit passes ``str.isdigit`` but not ``int``: refused, never HTTP 500."""
    monkeypatch.setattr(lobby, "_arg", lambda name: text)
    with pytest.raises(DataError, match=r"\?seat=: at \$: expected a whole number from 1 to 4"):
        lobby._int_arg("seat", 1, 4)


@pytest.mark.parametrize("text, value", [("1", 1), ("4", 4), ("004", 4)])
def test_a_number_in_range_is_read(monkeypatch, text, value):
    monkeypatch.setattr(lobby, "_arg", lambda name: text)
    assert lobby._int_arg("seat", 1, 4) == value


def test_a_page_address_with_odd_digits_is_read_as_text():
    """Panel's Location read '?seed=²' with int() (an HTTP 500); served apps read it as text."""
    from panel.io import location

    from railkit.viz.shell.serve import safe_query_params

    safe_query_params()
    assert location.parse_query("?seed=%C2%B2&seat=2&map=usa&x=%D9%A3") == {"seed": "\u00b2", "seat": 2, "map": "usa",
                                                                           "x": "\u0663"}
