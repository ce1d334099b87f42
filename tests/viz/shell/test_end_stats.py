"""The end-of-game statistics under the banner: the same numbers as the simulations' columns."""

from __future__ import annotations

import re

import pytest

from railkit.sim import run
from railkit.sim.runner import replay_game
from railkit.viz.shell.games import view_class
from railkit.viz.shell.table import Table

GAMES = {"ticket-to-ride": dict(map="teaching-small"), "station-master": {}, "steam-rollers": {}}
#: statistics each game's end screen must show (issue 41: blocks, cards drawn, crosses per region)
MUST_SHOW = {"ticket-to-ride": {"blocks", "cards_drawn", "tickets_completed", "longest_trail", "claims_len1"},
             "station-master": set(), "steam-rollers": {f"crosses_region{n}" for n in range(1, 7)}}


def shown_stats(banner_html: str) -> dict[str, list[str]]:
    """``{stat id: [the cells, in seat order]}`` of the statistics table in the banner's HTML."""
    out = {}
    for stat, cells in re.findall(r"<tr data-stat='([^']+)'><td>[^<]*</td>(.*?)</tr>", banner_html):
        out[stat] = re.findall(r"<td data-seat='[^']*'>([^<]*)</td>", cells)
    return out


@pytest.mark.parametrize("game", list(GAMES))
def test_the_end_statistics_are_the_simulations_columns(game):
    """A simulated game, replayed at a table: the page's statistics table has, for every stat id
    its view lists, each seat's number exactly as the simulation's results frame has it."""
    view = view_class(game)
    df = run(game, agents="random", games=1, players=2, seed=4, workers=1, progress=False,
             options=GAMES[game] or None)
    g = replay_game(df, 0)
    table = Table(game=game, players=2, humans=[0], seed=0, **GAMES[game])
    table.load_json(g.to_json(), humans=[0])
    ctl = view(table, auto=False)
    ctl.refresh(force=True)
    assert table.game.is_over and ctl.banner.visible
    stats = shown_stats(ctl.banner._pane.object)
    assert set(stats) == {s for s in view.STATS if s in df.columns} and len(stats) >= 8
    assert MUST_SHOW[game] <= set(stats)
    for stat, cells in stats.items():
        want = ["yes" if v is True else "no" if v is False else str(v) for v in df.sort_values("seat")[stat]]
        assert cells == want, stat


def test_the_banner_speaks_the_page_language():
    """The winner line, the tie-break, "You" and the statistics' heading in the page's language."""
    from railkit.viz.shell.banner import banner_html, stats_html

    final = [{"seat": 0, "score": 12, "rank": 1, "win": True, "tie_break": "x"},
             {"seat": 1, "score": 12, "rank": 2, "win": False, "tickets_completed": 2}]
    da = banner_html(final, ["Red", "Blue"], you=0, lang="da")
    assert "Spillet er slut: Du vinder med 12 point" in da and "Lighed afgjort af x." in da, da
    assert "Red wins with 12 points" in banner_html(final, ["Red", "Blue"], lang="en")
    both = [dict(final[0]), dict(final[1], win=True, rank=1)]
    assert "Spiel vorbei: Red und Blue gewinnen mit 12 Punkten" in banner_html(both, ["Red", "Blue"], lang="de")
    stats = stats_html(final, ["Red", "Blue"], {"tickets_completed": "Tickets done"}, you=1, lang="ja")
    assert "ゲームの統計" in stats and "<th>あなた</th>" in stats


@pytest.mark.parametrize("game", list(GAMES))
def test_every_statistic_is_named_in_each_language(game):
    """Each statistic a view lists is a message id, translated in Danish, German and Japanese."""
    from railkit.core.i18n import translate
    from railkit.viz.shell.words import translated

    for words in view_class(game).STATS.values():
        assert translated(words, "xx").startswith("["), words
        assert all(translate(words, lang) != words for lang in ("da", "de")), words


def test_the_end_statistics_against_olivia_are_hers_too():
    """Alone against Olivia the statistics table has her column: her crossed hexes in each
    region are the simulation's ``olivia_crosses_regionN``, the player's are ``crosses_regionN``."""
    game = "steam-rollers"
    view = view_class(game)
    df = run(game, agents="random", games=1, players=1, seed=4, workers=1, progress=False)
    g = replay_game(df, 0)
    table = Table(game=game, players=1, humans=[0], seed=0)
    table.load_json(g.to_json(), humans=[0])
    ctl = view(table, auto=False)
    ctl.refresh(force=True)
    assert table.game.is_over and ctl.banner.visible
    stats = shown_stats(ctl.banner._pane.object)
    row = df.iloc[0]
    regions = [f"crosses_region{n}" for n in range(1, 7)]
    assert set(regions) <= set(stats)
    for stat in regions:
        assert stats[stat] == [str(row[stat]), str(row[f"olivia_{stat}"])], stat
    assert sum(int(row[f"olivia_{stat}"]) for stat in regions) > 0


def test_a_win_shared_with_you_takes_the_verb_of_you_and_the_others():
    from railkit.viz.shell.banner import banner_html

    final = [{"seat": 0, "score": 30, "rank": 1, "win": True, "tie_break": ""},
             {"seat": 1, "score": 30, "rank": 1, "win": True, "tie_break": ""},
             {"seat": 2, "score": 10, "rank": 3, "win": False, "tie_break": ""}]
    names = ["Red", "Blue", "Green"]
    assert "Game over: You and Blue win with 30 points" in banner_html(final, names, you=0)
    assert "Spiel vorbei: Du und Blue gewinnt mit 30 Punkten" in banner_html(final, names, you=0, lang="de")
    assert "Spiel vorbei: Red und Blue gewinnen mit 30 Punkten" in banner_html(final, names, you=2, lang="de")
