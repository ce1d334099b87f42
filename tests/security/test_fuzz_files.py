"""Fuzz every file kind: maps, hex sheets, card lists, saves of each game, action texts.

Each case changes a valid file (see :mod:`fuzz`) and loads it: the loader either loads
it, and then a game on it plays to the end, or raises the project's own DataError;
never another exception. A few hundred cases per kind by default; thousands under
``--slow`` (``RAILKIT_FUZZ_CASES`` sets the number).
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from railkit.agents import make_agent
from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.game import play
from railkit.core.saves import digest
from railkit.games import get_spec
from railkit.games.station_master.cards import DEFAULT_PATH as CARDS_PATH
from railkit.games.station_master.cards import load_cards
from railkit.maps import MAPS_DIR, sheets, validate_file

sys.path.insert(0, str(Path(__file__).parent))
from fuzz import damaged_text, mutate, to_text  # noqa: E402

CASES = int(os.environ.get("RAILKIT_FUZZ_CASES", "200"))
SLOW_CASES = int(os.environ.get("RAILKIT_FUZZ_CASES", "3000"))


def fuzz_settings(n: int):
    return settings(max_examples=n, deadline=None, database=None, derandomize=True,
                    suppress_health_check=list(HealthCheck))


def case_text(original: dict, seed: int) -> str:
    rng = random.Random(seed)
    if rng.random() < 0.2:
        return damaged_text(json.dumps(original, indent=1), rng)
    return to_text(mutate(original, rng))


def load_case(text: str, loader):
    """Write ``text`` to a file and load it: the result, or None for a DataError."""
    with tempfile.TemporaryDirectory(prefix="railkit-fuzz-") as d:
        path = Path(d) / "case.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            return loader(path)
        except DataError as exc:
            assert exc.source == str(path) and str(exc)
            return None


def agents_for(game: str, players: int, seed: int):
    spec = get_spec(game)
    return [make_agent(spec, "random", f"{seed}-{s}") for s in range(players)]


def plays_to_the_end(game: str, seed: int, **kw) -> None:
    spec = get_spec(game)
    players = kw.pop("players", 2)
    try:
        g = spec.new_game(players=players, seed=seed, **kw)
    except DataError:
        return  # a file that loads but names a setup the game refuses: the game's own clear error
    play(g, agents_for(game, players, seed), max_actions=20_000)
    assert g.is_over


USA = json.loads((MAPS_DIR / "usa.json").read_text())
SMALL = json.loads((MAPS_DIR / "teaching-small.json").read_text())
SHEET = json.loads((MAPS_DIR / "steam-default.json").read_text())
CARDS = json.loads(CARDS_PATH.read_text())


def check_map(original: dict, seed: int) -> None:
    text = case_text(original, seed)

    def load(path):
        m = validate_file(path)
        plays_to_the_end("ticket-to-ride", seed, map=str(path))
        return m

    load_case(text, load)


def check_sheet(seed: int) -> None:
    def load(path):
        s = sheets.validate_file(path)
        plays_to_the_end("steam-rollers", seed, sheet=str(path))
        return s

    load_case(case_text(SHEET, seed), load)


def check_cards(seed: int) -> None:
    def load(path):
        c = load_cards(path)
        plays_to_the_end("station-master", seed, rules={"cards": str(path)})
        return c

    load_case(case_text(CARDS, seed), load)


SAVES = {}


def a_save(game: str) -> dict:
    if game not in SAVES:
        opts = {"map": "teaching-small"} if game == "ticket-to-ride" else {}
        g = get_spec(game).new_game(players=2, seed=5, **opts)
        rng = random.Random(1)
        for _ in range(25):
            if g.is_over:
                break
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        SAVES[game] = g.to_json()
    return SAVES[game]


def check_save(game: str, seed: int) -> None:
    rng = random.Random(seed)
    original = a_save(game)
    data = mutate(original, rng) if rng.random() < 0.8 else None
    if isinstance(data, dict) and rng.random() < 0.5:
        data["digest"] = digest(data) if _jsonable(data) else "0" * 64  # a forger reseals the edit
    text = to_text(data) if data is not None else damaged_text(json.dumps(original), rng)
    cls = get_spec(game).game_class

    def load(path):
        g = cls.load(path)
        players = g.players
        play(g, agents_for(game, players, seed), max_actions=20_000)
        return g

    load_case(text, load)


def _jsonable(data) -> bool:
    try:
        json.dumps(data)
        return True
    except (TypeError, ValueError):
        return False


ACTION_WORDS = ["claim", "draw", "deck", "faceup", "keep", "tickets", "build", "draft", "use", "chip", "on",
                "play", "pass", "deliver", "power", "skip", "2s", "loco", "red", "x", "-", "/", ",", "T1", "T99",
                "0", "1", "-1", "99999999999999999999999999999999", "1e9", "nan", "\x00", "é", "  "]


def check_actions(game: str, seed: int, texts: list[str]) -> None:
    opts = {"map": "teaching-small"} if game == "ticket-to-ride" else {}
    g = get_spec(game).new_game(players=2, seed=seed % 50, **opts)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 30)):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    legal_texts = [str(a) for a in g.legal_actions()]
    for text in texts + [_mangle(rng.choice(legal_texts), rng) for _ in range(5)] if legal_texts else texts:
        before = (json.dumps(g.to_json()), json.dumps([g.observe(s) for s in range(g.players)]))
        try:
            g.apply(text)
        except (IllegalMove, ActionSyntaxError) as exc:
            assert str(exc)
            after = (json.dumps(g.to_json()), json.dumps([g.observe(s) for s in range(g.players)]))
            assert after == before, f"{text!r} changed the game"
        else:
            g.undo(1)  # a legal text: fine, try the next one on the same position


def _mangle(text: str, rng: random.Random) -> str:
    words = text.split(" ")
    i = rng.randrange(len(words))
    words[i] = rng.choice(ACTION_WORDS)
    if rng.random() < 0.3:
        words.insert(rng.randrange(len(words) + 1), rng.choice(ACTION_WORDS))
    return " ".join(words)


seeds = st.integers(min_value=0, max_value=2 ** 32)
action_texts = st.lists(st.one_of(st.text(max_size=40),
                                  st.lists(st.sampled_from(ACTION_WORDS), max_size=6).map(" ".join)),
                        min_size=1, max_size=4)
GAME_NAMES = ["ticket-to-ride", "steam-rollers", "station-master"]


# ------------------------------------------------------------------ default: a few hundred per kind
@fuzz_settings(CASES)
@given(seed=seeds)
def test_fuzz_map_usa(seed):
    check_map(USA, seed)


@fuzz_settings(CASES)
@given(seed=seeds)
def test_fuzz_map_small(seed):
    check_map(SMALL, seed)


@fuzz_settings(CASES)
@given(seed=seeds)
def test_fuzz_sheet(seed):
    check_sheet(seed)


@fuzz_settings(CASES)
@given(seed=seeds)
def test_fuzz_card_list(seed):
    check_cards(seed)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_fuzz_save(game):
    @fuzz_settings(CASES)
    @given(seed=seeds)
    def run(seed):
        check_save(game, seed)

    run()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_fuzz_action_text(game):
    @fuzz_settings(CASES)
    @given(seed=seeds, texts=action_texts)
    def run(seed, texts):
        check_actions(game, seed, texts)

    run()


# ------------------------------------------------------------------ --slow: thousands per kind
@pytest.mark.slow
@pytest.mark.parametrize("kind", ["map", "sheet", "cards"] + [f"save:{g}" for g in GAME_NAMES]
                         + [f"actions:{g}" for g in GAME_NAMES])
def test_fuzz_many(kind):
    @fuzz_settings(SLOW_CASES)
    @given(seed=seeds, texts=action_texts)
    def run(seed, texts):
        if kind == "map":
            check_map(USA if seed % 2 else SMALL, seed)
        elif kind == "sheet":
            check_sheet(seed)
        elif kind == "cards":
            check_cards(seed)
        elif kind.startswith("save:"):
            check_save(kind[5:], seed)
        else:
            check_actions(kind[8:], seed, texts)

    run()
