"""The legal actions of a Steam Rollers draft are a read-only sequence of parts
(:class:`railkit.games.steam_rollers.containers.LegalActions`): it must behave exactly like
the list of the same actions wherever the public protocol uses it (len, indexing,
slices, iteration, ``in``, ``==``), and its parts must hold one kind of action each."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from railkit.games.steam_rollers import Build, Deliver, SteamRollers, SPEC
from railkit.games.steam_rollers.containers import LegalActions


def positions(players: int, seed: int, preset: str = "base", **options):
    """Every position of a seeded random playout, with its legal actions."""
    g = SteamRollers(SPEC.make_rules(preset), players=players, seed=seed, **options)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        yield g, legal
        g.apply(rng.choice(list(legal)))


@pytest.mark.parametrize("players, seed, preset, options", [
    (3, 1, "base", {}), (2, 4, "all-modules", {}), (4, 7, "medium", {}),
    (1, 2, "base", {"difficulty": "engineer"}), (1, 5, "hard", {"difficulty": "clerk"}),
])
def test_legal_actions_behave_as_the_list_of_them(players, seed, preset, options):
    drafts = 0
    for g, legal in positions(players, seed, preset, **options):
        as_list = list(legal)
        assert isinstance(legal, Sequence)
        assert len(legal) == len(as_list) and legal == as_list
        assert [legal[i] for i in range(len(legal))] == as_list
        assert [legal[-i] for i in range(1, len(legal) + 1)] == as_list[::-1]
        assert legal[1:4] == as_list[1:4] and legal[::-3] == as_list[::-3]
        assert all(a in legal for a in as_list[::7])
        with pytest.raises(IndexError):
            legal[len(as_list)]
        if isinstance(legal, LegalActions):
            drafts += 1
            for kind, part in legal.parts():
                assert {type(a) for a in part} == {kind}
            assert legal.kinds() == list(dict.fromkeys(map(type, as_list)))
            for kind in (Build, Deliver):
                assert list(legal.of_kind(kind)) == [a for a in as_list if type(a) is kind]
            if len(legal.of_kind(Build)):
                b = legal.of_kind(Build)[-1]
                assert b in legal and g.why_illegal(b) is None
    assert drafts > 10


def test_a_legal_list_handed_out_does_not_change_when_play_goes_on():
    g = SteamRollers(players=2, seed=3)
    legal = g.legal_actions()
    before = list(legal)
    build = next(a for a in legal if isinstance(a, Build))
    g.apply(build)
    assert list(legal) == before  # the builds on the hex just drawn are still in the old list


def test_builds_come_one_part_per_region_and_stay_while_their_region_is_unchanged():
    g = SteamRollers(players=2, seed=3)
    seat, die = g.current_player, g.dice[0]
    g.tile_id[5], g.tile_holder[5], g.tile_sideways[5] = "5b", seat, False  # SR-TILE-5B: adjacent regions too

    def parts():
        return [part for kind, part in g.legal_actions().parts()
                if kind is Build and part.die == die and part.value is None]

    before = parts()
    regions = [g.sheet.region_of[part.places[0][0]] for part in before]
    assert regions == [die] + list(g.sheet.adjacent_regions(die))
    assert all(len({g.sheet.region_of[h] for h, _, _ in part.places}) == 1 for part in before)
    assert [a is b for a, b in zip(parts(), before)] == [True] * len(before)  # nothing changed: kept
    h, a, b = before[1].places[0]
    g._place(seat, h, a, b)
    after = parts()
    assert after[0] is before[0] and after[1] is not before[1]
    assert list(after[1].places) == [p for p in before[1].places if p[0] != h]


def test_equal_black_die_faces_share_the_placements_left_and_a_build_cuts_every_kind():
    g = SteamRollers(players=2, seed=3)
    seat = g.current_player
    faces = g.sheet.black_die_faces
    assert [faces[g._kinds_slot[i]] for i in range(6)] == list(faces)  # each slot shows the same kinds
    same = [(i, j) for i in range(6) for j in range(i + 1, 6) if faces[i] == faces[j]]
    assert same and all(g._kinds_slot[i] == g._kinds_slot[j] for i, j in same)
    i, j = same[0]
    region = 2
    by_slot = {slot: g._region_places(seat, region, slot) for slot in (i, j, 6)}
    assert by_slot[i] is by_slot[j]  # one kept tuple for the two faces
    assert set(by_slot[i]) < set(by_slot[6])
    h, a, b = by_slot[i][0]
    g._place(seat, h, a, b)
    for slot, before in by_slot.items():
        assert list(g._region_places(seat, region, slot)) == [p for p in before if p[0] != h]
    other = 1 - seat
    assert g._region_places(other, region, 6) == by_slot[6]  # the other seat's sheet is her own


def test_a_build_read_by_index_is_the_same_action_as_read_in_full():
    g = SteamRollers(players=2, seed=3)
    part = next(p for k, p in g.legal_actions().parts() if k is Build)
    one = [part[i] for i in range(len(part))]
    assert one == list(part) and all(a is b for a, b in zip(one, part))
    assert one[0] == Build(part.die, *part.places[0], part.value)
