"""railkit.core.draws: the same numbers as random.Random's own methods, from the same
generator state, compiled and pure; and the compiled module is the one in use once built."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games"))  # the shared compiled-module checks
from compiled_checks import assert_compiled_in_use, built, pure_and_compiled  # noqa: E402

from railkit.core import draws  # noqa: E402
from railkit.games.steam_rollers.containers import LegalActions  # noqa: E402

# every n from 1 to 70 and some large ones (several bits past a machine word), 30 draws each
SIZES = list(range(1, 71)) + [2**31 - 1, 2**32, 2**63 + 5, 10**30]

SCRIPT = r"""
import json, random
from railkit.core.compiled import ENGINE
from railkit.core.draws import below, choice
out = {"engine": ENGINE["railkit.core"], "below": [], "choice": []}
for seed in range(20):
    a = random.Random(seed)
    out["below"].append([below(a, n) for n in %r for _ in range(30)])
    out["choice"].append([choice(a, "abcdefghij"[: 1 + k %% 10]) for k in range(300)] + [a.random()])
print(json.dumps(out))
""" % (SIZES,)


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**70])
def test_below_draws_what_randrange_draws_and_leaves_the_generator_alike(seed):
    a, b = random.Random(seed), random.Random(seed)
    for n in SIZES:
        assert [draws.below(a, n) for _ in range(30)] == [b.randrange(n) for _ in range(30)], n
    assert a.getstate() == b.getstate()


@pytest.mark.parametrize("seed", [0, 3, 99])
def test_choice_draws_what_random_choice_draws(seed):
    a, b = random.Random(seed), random.Random(seed)
    seqs = [[1], (1, 2), "abc", list(range(17)), tuple(range(1000))]
    for k in range(500):
        seq = seqs[k % len(seqs)]
        assert draws.choice(a, seq) == b.choice(seq)
    assert a.getstate() == b.getstate()


def test_choice_takes_steam_rollers_legal_actions_as_a_sequence():
    legal = LegalActions()
    legal.add(int, [10, 11, 12])
    legal.add(str, ["x", "y"])
    a, b = random.Random(5), random.Random(5)
    assert [draws.choice(a, legal) for _ in range(50)] == [b.choice(list(legal)) for _ in range(50)]


def test_nothing_to_draw_from_is_a_plain_error():
    rng = random.Random(1)
    state = rng.getstate()
    with pytest.raises(IndexError, match="empty sequence"):
        draws.choice(rng, [])
    for n in (0, -3):
        with pytest.raises(ValueError, match="n must be 1 or more"):
            draws.below(rng, n)
    assert rng.getstate() == state  # nothing drawn


def test_compiled_draws_are_the_python_source_draws():
    p, c = pure_and_compiled(SCRIPT)
    assert p["engine"] == "pure" and c["engine"] == ("compiled" if built("railkit.core") else "pure")
    assert p["below"] == c["below"] and p["choice"] == c["choice"]
    rng = random.Random(0)
    assert p["below"][0] == [rng.randrange(n) for n in SIZES for _ in range(30)]


def test_draws_module_is_compiled_where_it_was_built():
    assert_compiled_in_use(draws)
