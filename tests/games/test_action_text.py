"""Action text from anywhere (a browser, a save, a notebook) is read safely in every game:
a number of any length, or a text of any size, is answered with a reason, never a crash,
and the game is unchanged."""

from __future__ import annotations

import re

import pytest

from railkit.core.errors import ActionSyntaxError, IllegalMove
from railkit.games import get_spec, names


def _texts(game) -> list[str]:
    """Each legal action's text with each of its numbers made huge, long and just in range."""
    out = []
    for action in game.legal_actions()[:40]:
        text = str(action)
        for m in re.finditer(r"\d+", text):
            for number in ("9" * 4400, "9" * 7, "999999", "0" * 50 + "1"):
                out.append(text[:m.start()] + number + text[m.end():])
    return out


@pytest.mark.parametrize("name", names())
def test_any_number_in_an_action_gets_a_reason(name):
    spec = get_spec(name)
    game = spec.new_game(players=max(2, spec.min_players), seed=3)
    before = game.to_json()
    texts = _texts(game)
    assert len(texts) >= 8
    for text in texts:
        reason = game.why_illegal(text)  # never raises
        assert reason is None or isinstance(reason, (IllegalMove, ActionSyntaxError)), (text[:80], reason)
        if len(text) > 300 or re.search(r"\d{7,}", text):
            assert isinstance(reason, ActionSyntaxError)
            with pytest.raises(ActionSyntaxError, match="at most"):
                game.apply(text)
    assert game.to_json() == before
