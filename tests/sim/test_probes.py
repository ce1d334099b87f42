"""Restricted-play probes: a bot without one mechanic against itself unrestricted."""

from __future__ import annotations

import pytest

from railkit.agents import make_agent
from railkit.core.errors import DataError
from railkit.core.game import play
from railkit.games.station_master import SPEC as SM
from railkit.games.steam_rollers import SPEC as SR
from railkit.games.ticket_to_ride import SPEC as TTR
from railkit.games.ticket_to_ride.actions import Claim, DrawFaceUp, DrawTickets
from railkit.sim.probes import Restricted, all_probes, probe, probes_for, run_probes


class Recorder:
    """Wraps a restricted bot and records what it was offered and what it did."""

    def __init__(self, inner):
        self.inner, self.seen = inner, []
        self.needs_observation = True

    def act(self, obs, legal):
        a = self.inner.act(obs, legal)
        obs = dict(obs)
        if "faceup" in obs:
            obs["faceup"] = list(obs["faceup"])  # as it was when the bot chose
        self.seen.append((obs, list(legal), a))
        return a


def _restricted_game(spec, name, players=2, seed=3, bot="medium", **options):
    rec = Recorder(Restricted(make_agent(spec, bot, 1), all_probes()[name].forbid))
    bots = [rec] + [make_agent(spec, "medium", 2 + s) for s in range(players - 1)]
    g = play(spec.new_game(None, players=players, seed=seed, **options), bots)
    return g, rec


def test_every_probe_the_issue_names_exists():
    assert probes_for("ticket-to-ride") == ["no-new-tickets", "no-length-6", "no-faceup-locos", "never-blocking"]
    assert probes_for("steam-rollers") == ["no-tiles", "no-engine-past-3"]
    assert probes_for("station-master") == ["no-special-cards"]


def test_no_new_tickets_never_draws_tickets():
    _, rec = _restricted_game(TTR, "no-new-tickets", map="usa")
    offered = [a for obs, legal, a in rec.seen if any(type(x) is DrawTickets for x in legal)]
    assert offered and not any(type(a) is DrawTickets for a in offered)


def test_no_length_6_and_no_faceup_locos_keep_to_their_restriction():
    g, rec = _restricted_game(TTR, "no-length-6", map="usa", seed=5)
    routes = {r.id: r.length for r in g.map.routes}
    assert not any(type(a) is Claim and routes[a.route] == 6 for *_, a in rec.seen)
    g, rec = _restricted_game(TTR, "no-faceup-locos", map="usa", seed=5, bot="greedy-route")  # it likes locos
    took = [obs["faceup"][a.slot - 1] for obs, legal, a in rec.seen if type(a) is DrawFaceUp]
    assert took and "loco" not in took


def test_never_blocking_claims_only_routes_on_its_ticket_paths():
    _, rec = _restricted_game(TTR, "never-blocking", map="usa", seed=8)
    forbid = all_probes()["never-blocking"].forbid
    claims = [(obs, a) for obs, legal, a in rec.seen if type(a) is Claim]
    assert claims
    for obs, legal, a in rec.seen:
        if type(a) is Claim and any(not forbid(obs, x) for x in legal):
            assert not forbid(obs, a)


def test_station_master_probe_plays_no_special_card():
    _, rec = _restricted_game(SM, "no-special-cards", players=3)
    kinds = {type(a).__name__ for obs, legal, a in rec.seen if len([x for x in legal if not all_probes()["no-special-cards"].forbid(obs, x)])}
    assert kinds <= {"PlaceChip", "PlayCarriage", "PlayRushHour", "Pass"}


def test_steam_engine_cap():
    g, _ = _restricted_game(SR, "no-engine-past-3", seed=2)
    assert len(g.ps[0].boxes) <= 3


def test_a_forced_move_is_still_played():
    bot = Restricted(make_agent(TTR, "random", 1), lambda obs, a: True)
    g = TTR.new_game(None, players=2, seed=1, map="teaching-small")
    assert bot.act(g.observe(0), g.legal_actions()) in g.legal_actions()


def test_probe_rows_have_intervals_and_are_seeded():
    a = probe("no-faceup-locos", players=2, games=6, seed=4, options={"map": "teaching-small"})
    b = probe("no-faceup-locos", players=2, games=6, seed=4, options={"map": "teaching-small"})
    assert a == b
    assert 0 <= a["win_rate_lo"] <= a["win_rate"] <= a["win_rate_hi"] <= 1 and a["fair"] == 0.5


def test_unknown_probe_is_a_clear_error():
    with pytest.raises(DataError, match="no-new-tickets"):
        run_probes("ticket-to-ride", ["no-tiles"], games=1)


def test_a_probe_says_in_words_what_its_interval_shows():
    from railkit.sim.probes import reading

    row = probe("no-faceup-locos", players=2, games=6, seed=4, options={"map": "teaching-small"})
    assert row["reading"] == reading(row["win_rate_lo"], row["win_rate_hi"], 0.5, 6)
    assert reading(0.1, 0.45, 0.5, 400).startswith("matters")
    assert reading(0.55, 0.7, 0.5, 400).startswith("a trap")
    assert reading(0.45, 0.55, 0.5, 400) == "cannot tell from a fair share in 400 games"
