"""The Steam Rollers game engine (1-5 players; 1 player = solo against Olivia).

>>> g = SteamRollers(players=3, seed=1)
>>> g.phase, g.round, len(g.dice), g.current_player
('draft', 1, 4, 0)
>>> a = g.legal_actions()[0]
>>> _ = g.apply(a)
>>> g.current_player
1
>>> g2 = SteamRollers(players=1, seed=2, difficulty="engineer")
>>> g2.solo, len(g2.dice), sum(len(v) for v in g2.olivia_crossed.values())
(True, 3, 4)
"""

# railkit: compiled with mypyc
from __future__ import annotations

from collections import Counter
from typing import Any, Final, NoReturn, cast

from mypy_extensions import mypyc_attr

from railkit.core.draws import below
from railkit.core.errors import DataError, IllegalMove
from railkit.core.i18n import Message
from railkit.core.game import Action, Game, seat_label
from railkit.maps import hexes as hx
from railkit.maps import sheets
from railkit.games.steam_rollers import network as nw
from railkit.games.steam_rollers import actions as act
from railkit.games.steam_rollers.actions import parse
from railkit.games.steam_rollers.containers import (
    Builds, DieActions, LegalActions, PlacesLeft, die_actions, shared_action,
)
from railkit.games.steam_rollers.data import load_orders, load_tiles, tiles_by_effect
from railkit.games.steam_rollers.rules import DIFFICULTIES, POWERS, SteamRules, rule_values
from railkit.games.steam_rollers.scoring import breakdown, olivia_breakdown

OPTIONS = ("sheet", "solo", "difficulty")
# the action classes, named many times per action by the legal actions and the checks
# mypyc: Final constant
Build: Final = act.Build
Deliver: Final = act.Deliver
DraftAction: Final = act.DraftAction
Engine: Final = act.Engine
ExtraBuild: Final = act.ExtraBuild
Pass: Final = act.Pass
Power: Final = act.Power
Skip: Final = act.Skip
TakeTile: Final = act.TakeTile
UseTile: Final = act.UseTile
#: the city numbers
CITIES: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6)  # mypyc: variable-length tuple
#: the connection graph's node of each city (index 1 to 6), looked up in the legal-action loops
CITY_NODES: Final = ("",) + tuple(nw.city(n) for n in CITIES)

#: the goods' colours and the track kinds as words of the reader's language (the action
#: notation keeps the English names)
_WORDS: Final = act.WORDS
#: what the game waits for in each phase but the draft's own checks
_WAITING: Final = {
    "draft": Message("a draft ('draft D ...') or 'use TILE'"),
    "build2": Message("tile 3b's second track ('build ...' or 'skip')"),
    "reroll": Message("the solo re-roll decision ('use 2s' or 'skip')"),
    "power": Message("a starting power ('power ...')"),
}


def _word(name: str) -> Any:
    """The good or track kind ``name`` as a message (an unknown name as it is)."""
    return _WORDS.get(name, name)


def _words(names: Any) -> Any:
    """``names`` as a comma-separated list of words ("" for none)."""
    out: Any = ""
    for name in names:
        out = _word(name) if out == "" else Message("{a}, {b}", a=out, b=_word(name))
    return out


def _or(items: Any) -> Any:
    """``items`` joined with "or": ``1 or 2``."""
    out: Any = ""
    for item in items:
        out = str(item) if out == "" else Message("{a} or {b}", a=out, b=item)
    return out


@mypyc_attr(native_class=False)  # mypyc: Python class (the search bots copy it slot by slot)
class PlayerState:
    """What one player has on her sheet (tracks, engine, deliveries, tiles' VP sources)."""

    __slots__ = ("tracks", "boxes", "deliveries", "power", "power_vp", "orders", "turns")

    def __init__(self) -> None:
        self.tracks: dict[tuple[int, int], tuple[int, int]] = {}
        self.boxes: set[int] = set()
        self.deliveries: list[dict] = []
        self.power: str | None = None
        self.power_vp = 0
        self.orders: list[str] = []
        self.turns = 0


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (rule variants subclass it)
class SteamRollers(Game):
    """Steam Rollers: draft dice, draw track on your hex sheet, upgrade your engine, deliver goods.

    Parameters
    ----------
    rules : SteamRules or dict, optional
    players : int
        1 to 5; one player plays solo against Olivia.
    seed : int
    sheet : str, optional
        Sheet name in ``maps/`` or a path (default ``"steam-default"``).
    solo : bool, optional
        Solo against Olivia (default: ``players == 1``).
    difficulty : str, optional
        Olivia's level: clerk, conductor, machinist, engineer, investor, rail-baron (default clerk).
    """

    game_name = "steam-rollers"
    min_players = 1
    max_players = 5
    file_options = ("sheet",)
    rules_class = SteamRules
    #: the game's rules (a frozen :class:`SteamRules`)
    rules: Any

    # ================================================================== setup
    def _setup(self) -> None:
        o = self.options
        for k in o:
            if k not in OPTIONS:
                raise DataError("options", f"$.{k}", "one of the options " + ", ".join(OPTIONS), k)
        if not 1 <= self.players <= 5:
            raise DataError("players", "$", "1 to 5 players for Steam Rollers", self.players)
        sheet_name = o.get("sheet", "steam-default")
        if not isinstance(sheet_name, str):
            raise DataError("options", "$.sheet", "a sheet name or path", sheet_name)
        self.sheet = sheets.load(sheet_name)
        self.solo = bool(o.get("solo", self.players == 1))
        if self.solo != (self.players == 1):
            raise DataError("options", "$.solo", "solo play with exactly 1 player (1 player always plays solo)",
                            {"solo": self.solo, "players": self.players})
        self.difficulty = o.get("difficulty", "clerk") if self.solo else ""
        if self.solo and self.difficulty not in DIFFICULTIES:
            raise DataError("options", "$.difficulty", "one of " + ", ".join(DIFFICULTIES), self.difficulty)
        r = rule_values(self.rules)  # mypyc: read once (per rules object)
        if self.solo and (r.coal or r.order_tiles or r.starting_powers):  # SR-SOLO-MODULES
            raise DataError("rules", "$", "no coal, order tiles or starting powers in solo play (SR-SOLO-MODULES)",
                            {"coal": r.coal, "order_tiles": r.order_tiles, "starting_powers": r.starting_powers})
        self.tile_defs = load_tiles()
        self._tiles_by_effect = tiles_by_effect()  # effect -> (number, id) of the tiles with it (_held_tile)
        # rule values read on every action  # mypyc: read once
        self._engine_max = r.engine_max
        self._solo_dice = r.solo_dice
        self._rotate_start = bool(r.rotate_start)
        self._end_empty_cities = r.end_empty_cities
        self._max_rounds = r.max_rounds
        self._olivia_max_rerolls = r.olivia_max_rerolls
        self._olivia_min_crossed = r.olivia_min_crossed
        self._mountains = r.mountains
        self._engine_bonus = tuple(r.engine_bonus)
        self.blocked = self.sheet.blocked_edges(r.mountains)  # SR-MOUNTAIN-LEVEL
        # Track placements per hex and the build candidates are facts of (sheet, mountain level):
        # memoised on the sheet object, so many games on one sheet share them (actions are values).
        memo = self.sheet._cache
        key = ("placements", r.mountains)
        if key not in memo:
            memo[key] = {h: [(a, b, hx.track_kind(a, b)) for a, b in hx.placements()
                             if (h, a) not in self.blocked and (h, b) not in self.blocked]
                         for h in self.sheet.hexes if h not in self.sheet.city_at}
        self._placements = memo[key]
        self._cand_cache: dict = memo.setdefault(("candidates", r.mountains), {})
        if "drawable place" not in memo:  # each hex's place in its region's drawable hexes (for _place)
            memo["drawable place"] = {h: i for reg in self.sheet.regions.values() for i, h in enumerate(reg.drawable)}
        # the black die face of each face's track kinds (the first face with the same ones), so
        # that equal faces share their placements left (_region_places); 6 stands for any kind
        faces = self.sheet.black_die_faces
        self._kinds_slot = tuple(faces.index(f) for f in faces)

        # action tiles: one per number, a random side for the whole game (SR-SETUP-TILES)
        self.tile_id: dict[int, str] = {}
        for n in range(1, 7):
            if self.solo and n == 2:
                self.tile_id[n] = "2s"  # SR-SOLO-TILE2
            else:
                side = self.rng.choice("ab") if r.tile_sides == "random" else r.tile_sides
                self.tile_id[n] = f"{n}{side}"
        self.tile_holder: dict[int, int | None] = {n: None for n in range(1, 7)}
        self.tile_sideways: dict[int, bool] = {n: False for n in range(1, 7)}

        # goods (SR-SETUP-SUPPLY): N+2 per city drawn from the bag, own colour back
        colours = self.sheet.good_colours
        self.totals = Counter({c: r.cubes_per_colour for c in colours})
        pool = [c for c in colours for _ in range(r.cubes_per_colour)]
        self.rng.shuffle(pool)
        per_city = self.players + r.goods_extra
        self.supply: dict[int, list[str]] = {}
        back: list[str] = []
        lost: dict[int, int] = {}
        for n in CITIES:
            drawn = [pool.pop() for _ in range(min(per_city, len(pool)))]
            keep = [g for g in drawn if not self.sheet.own_colour(g, n)]
            back.extend(g for g in drawn if self.sheet.own_colour(g, n))
            lost[n] = len(drawn) - len(keep)
            self.supply[n] = keep  # solo: the line order is the draw order (SR-SOLO-SETUP)
        self.bag = Counter(pool) + Counter(back)
        self.coal_supply = 0
        if r.coal:  # SR-COAL
            self.totals["black"] = r.coal_cubes
            self.coal_supply = r.coal_cubes
            for n in CITIES:
                if lost[n] and self.coal_supply:
                    self.supply[n].append("black")
                    self.coal_supply -= 1
        self.bag_after_setup = Counter(self.bag)
        self.delivered: Counter = Counter()
        self.personal: dict[int, int | None] = {s: None for s in range(self.players)}

        self.ps = [PlayerState() for _ in range(self.players)]
        self._graphs: dict[int, Any] = {}
        self._nets: dict[int, nw.Network] = {}  # per seat, kept up to date per build
        self._track_text: dict[int, dict] = {}
        self._dist_cache: dict[int, dict] = {}  # seat -> {(source, engine): {city: distance}}
        # the placements left on a seat's empty hexes of a region for some track kinds, at
        # _left_key(seat, region, kinds slot) (see _region_places)
        self._legal_track_cache: dict[int, PlacesLeft] = {}
        # a seat's last Builds of a region, die, value and kinds slot (see _legal_tracks)
        self._builds_made: dict[int, Builds] = {}
        self._plan_cache: tuple | None = None

        # orders (SR-ORDER-TILES)
        self.orders_open: list[str] = []
        if r.order_tiles:
            ids = sorted(load_orders())
            self.orders_open = sorted(self.rng.sample(ids, min(r.orders_in_play, len(ids))))

        # Olivia
        self.olivia_crossed: dict[int, list] = {n: [] for n in CITIES}
        self.olivia_points: list[int] = []
        self.olivia_goods: list[str] = []
        self.olivia_dice: list[int] = []
        self.olivia_won = False
        if self.solo:
            for _ in range(DIFFICULTIES[self.difficulty]):  # SR-SOLO-DIFFICULTY
                self._olivia_cross(self._roll())

        # turn state
        self.round = 0
        self.start_player = 0
        self.order: list[int] = []
        self.turn_index = 0
        self.dice: list[int] = []
        self.black = 0
        self.active: set[str] = set()
        self.perm_used: set[str] = set()
        self.extra = 0
        self.actions_this_turn = 0
        self.build2_region = 0
        self.end_reason = ""
        self.power_queue: list[int] = []
        if r.starting_powers:
            self.phase = "power"
            self.power_queue = list(reversed(range(self.players)))  # SR-POWER-CHOICE
        else:
            self._start_round()

    # ================================================================== flow
    def _start_round(self) -> None:
        self.round += 1
        if self.round > 1 and self._rotate_start:
            self.start_player = (self.start_player + 1) % self.players  # SR-ROUND-START
        self.order = [(self.start_player + i) % self.players for i in range(self.players)]
        self.turn_index = 0
        n = self._solo_dice if self.solo else self.players + 1  # SR-ROUND-DICE / SR-SOLO-DICE
        self.dice = sorted(self._roll() for _ in range(n))
        self.black = below(self.rng, 6)  # rng.randrange(6)
        self.phase = "draft"
        self._begin_turn()

    def _roll(self) -> int:
        """One roll of a white die: ``rng.randrange(1, 7)``, which ``rng.randint(1, 6)`` is by
        definition (the same numbers), as a compiled draw (:mod:`railkit.core.draws`)."""
        return 1 + below(self.rng, 6)

    def _begin_turn(self) -> None:
        seat = self.order[self.turn_index]
        for n in range(1, 7):  # SR-TILE-UPRIGHT: sideways tiles turn upright before drafting
            if self._holds(seat, n):
                self.tile_sideways[n] = False
        self.active = set()
        self.perm_used = set()
        self.extra = 0
        self.actions_this_turn = 0

    def _after_action(self) -> None:
        self.phase = "draft"
        if self.solo:
            self.actions_this_turn += 1
            if self.actions_this_turn < self._solo_dice - 1:
                return
            if self._holds_upright(0, "reroll-olivia"):
                self.phase = "reroll"
                return
            self._olivia_phase()
            self._end_turn_solo()
            return
        if self.extra > 0:
            self.extra -= 1
            return
        self.turn_index += 1
        if self.turn_index >= self.players:
            self._end_round()
        else:
            self._begin_turn()

    def empty_cities(self) -> list[int]:
        return [n for n in CITIES if not self.supply[n]]

    def _end_round(self) -> None:
        if len(self.empty_cities()) >= self._end_empty_cities:  # SR-END-THREE-EMPTY
            self._finish("cities")
        elif self.round >= self._max_rounds:  # SR-END-MAX-ROUNDS
            self._finish("max-rounds")
        else:
            self._start_round()

    def _end_turn_solo(self) -> None:
        if self.olivia_won:
            return
        self._end_round()  # SR-OLIVIA-LAST: the end is checked only after Olivia's phase

    def _finish(self, reason: str) -> None:
        self.phase = "over"
        self.end_reason = reason
        self.dice = []

    # ================================================================== Olivia
    def _olivia_cross(self, d: int) -> bool:
        crossed = self.olivia_crossed[d]
        for h in self.sheet.regions[d].drawable:  # towns allowed, cities not (SR-OLIVIA-1)
            if h not in crossed:
                crossed.append(h)
                return True
        return False

    def _olivia_phase(self) -> None:
        d = self.dice[0]
        for _ in range(self._olivia_max_rerolls):
            self.olivia_dice.append(d)
            if not self._olivia_cross(d):  # SR-OLIVIA-1: region full -> she wins at once
                self.olivia_won = True
                self._finish("olivia-region-full")
                return
            if self.tile_holder[d] == 0 and not self.tile_sideways[d]:  # SR-OLIVIA-2
                self.tile_holder[d] = None
            if not self.supply[d]:  # SR-OLIVIA-3: re-roll and start again
                d = self._roll()
                continue
            crossed = len(self.olivia_crossed[d])
            if crossed >= self._olivia_min_crossed:  # SR-OLIVIA-4
                good = self.supply[d].pop()
                self.bag[good] += 1
                self.olivia_goods.append(good)
                self.olivia_points.append(crossed)
            return

    # ================================================================== helpers
    @property
    def current_player(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "power":
            return self.power_queue[0]
        return self.order[self.turn_index]

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def player_name(self, seat: int) -> str:
        return "You" if self.solo else f"Player {seat + 1}"

    def tile(self, tid: str):
        return self.tile_defs[tid]

    def _holds(self, seat: int, n: int) -> bool:  # mypyc: identity test
        """Whether ``seat`` holds action tile ``n``: ``tile_holder[n] == seat``."""
        holder = self.tile_holder[n]
        return holder is not None and holder == seat

    def _held_tile(self, seat: int, effect: str) -> str | None:
        """Id of the tile with ``effect`` that ``seat`` holds (upright or not), or None."""
        tile_id = self.tile_id
        for n, tid in self._tiles_by_effect.get(effect, ()):  # by number: the first one in play she holds
            if tile_id[n] == tid and self._holds(seat, n):
                return tid
        return None

    def _holds_upright(self, seat: int, effect: str) -> bool:
        tid = self._held_tile(seat, effect)
        return tid is not None and not self.tile_sideways[int(tid[0])]

    def _perm(self, seat: int, effect: str) -> tuple[str | None, str | None]:
        """(tile id usable now, rule id why not) for a permanent tile effect."""
        tid = self._held_tile(seat, effect)
        if tid is None:
            return None, None
        if self.tile_sideways[int(tid[0])]:  # SR-TILE-USE-UPRIGHT
            return None, "SR-TILE-USE-UPRIGHT"
        if self.solo and tid in self.perm_used:  # SR-SOLO-PERMANENT-ONCE
            return None, "SR-SOLO-PERMANENT-ONCE"
        return tid, None

    def graph(self, seat: int):
        """The connection graph of ``seat``'s sheet (cached until she builds)."""
        G = self._graphs.get(seat)
        if G is None:
            G = self._graphs[seat] = nw.connection_graph(self.sheet, self.ps[seat].tracks)
        return G

    def network(self, seat: int) -> nw.Network:
        """``seat``'s chains and connection graph as neighbour sets, kept up to date per build."""
        net = self._nets.get(seat)
        if net is None:
            net = self._nets[seat] = nw.Network(self.sheet, self.ps[seat].tracks)
        return net

    def connections(self, seat: int) -> list[tuple[str, str, int]]:
        """Completed city-to-city connections of ``seat`` (cached until she builds)."""
        return list(self.network(seat).connections())

    def _distances(self, seat: int, src: int, engine: int) -> dict:
        """{city node: longest delivery distance} from city ``src`` within ``engine`` (cached until she builds)."""
        cache = self._dist_cache.get(seat)
        if cache is None:
            cache = self._dist_cache[seat] = {}
        key = (src, engine)
        d = cache.get(key)
        if d is None:
            d = cache[key] = nw.longest_distances(self.network(seat).adj, nw.city(src), engine)
        return d

    def _distance(self, seat: int, src: int, dest: int, engine: int) -> int | None:
        """The delivery distance :func:`~railkit.games.steam_rollers.network.best_delivery` finds (or None)."""
        if src == dest:
            return None
        return self._distances(seat, src, engine).get(nw.city(dest))

    def delivery_route(self, seat: int, source: int, dest: int, engine: int | None = None):
        """The route a delivery from city ``source`` to city ``dest`` would take on
        ``seat``'s sheet: ``(distance, nodes, chain keys)`` or ``None`` (for teaching
        and drawing; ``engine`` defaults to the seat's engine strength).

        >>> g = SteamRollers(players=2, seed=0)
        >>> g.delivery_route(0, 1, 2) is None
        True
        """
        if engine is None:
            engine = self.engine_strength(seat)
        return nw.best_delivery(self.sheet, self.ps[seat].tracks, source, [dest], engine, G=self.graph(seat))

    def engine_strength(self, seat: int, *, with_tiles: bool = True) -> int:
        """Crossed engine boxes plus the permanent tile bonus, capped at ``engine_max`` (SR-ENGINE-MAX)."""
        plus = 0
        if with_tiles:
            tid, _ = self._perm(seat, "engine-plus")
            plus = self.tile_defs[tid].amount if tid else 0
        return min(self._engine_max, len(self.ps[seat].boxes) + plus)

    def _place(self, seat: int, h, a: int, b: int) -> None:
        self.ps[seat].tracks[h] = (a, b)
        net = self._nets.get(seat)
        if net is not None:
            n_chains = len(net.chains)
            net.add(h)
            if len(net.chains) != n_chains:  # a new chain: graph and distances change
                self._graphs.pop(seat, None)
                self._dist_cache.pop(seat, None)
        else:
            self._graphs.pop(seat, None)
            self._dist_cache.pop(seat, None)
        self._track_text.pop(seat, None)
        left_of = self._legal_track_cache
        if left_of:  # the hex's placements leave those left in its region (for every track kinds)
            first = _left_key(seat, self.sheet.region_of[h], 0)
            pos = self.sheet._cache["drawable place"][h]
            for key in range(first, first + 7):
                left = left_of.get(key)
                if left is not None:
                    left.cut(pos)

    # ================================================================== checks
    def _illegal(self, rule: str, reason: Message, hint: Message | str = "") -> NoReturn:
        raise IllegalMove(rule, reason, hint)

    def _check_value(self, seat: int, die: int, value: int | None) -> int:
        if value is None or value == die:
            return die
        tid = self.tile_id[1]
        t = self.tile_defs[tid]
        rule = "SR-TILE-1A" if t.effect == "any-value" else "SR-TILE-1B"
        if self.tile_holder[1] != seat:
            self._illegal(rule, Message("Playing die {die} as {value} needs action tile 1, which you do not hold.",
                                        die=die, value=value) if self.solo else
                          Message("Playing die {die} as {value} needs action tile 1, which {name} does not hold.",
                                  die=die, value=value, name=seat_label(seat)),
                          Message("Take tile 1 first, or play the die as rolled."))
        if self.tile_sideways[1]:
            self._illegal("SR-TILE-USE-UPRIGHT", Message("Tile {tile} was taken this round and is still sideways, so it "
                                                         "cannot change die {die} yet.", tile=tid, die=die),
                          Message("Use it from your next turn on."))
        if t.effect == "plus-minus-one" and value not in (die % 6 + 1, (die - 2) % 6 + 1):
            self._illegal(rule, Message("Tile 1b changes a die by one, so die {die} can become {low} or {high}, not "
                                        "{value}.", die=die, low=(die - 2) % 6 + 1, high=die % 6 + 1, value=value),
                          Message("Pick a value next to the die."))
        return value

    def _check_build(self, seat: int, h, a: int, b: int, regions: list[int],
                     any_type: bool = False, power: bool = False, adjacent: bool = True) -> list[str]:
        """Checks of one track; returns the permanent tiles it needs. ``adjacent`` is False for
        tile 3b's second track, whose region is not the die's."""
        sheet = self.sheet
        tracks = self.ps[seat].tracks
        perms: list[str] = []
        if h not in sheet.hexes:
            self._illegal("SR-BUILD-REGION", Message("Hex {hex} is not on the sheet.", hex=hx.format_hex(h)),
                          Message("Pick a hex q,r of the sheet."))
        if h in sheet.city_at:  # SR-BUILD-NO-CITY
            self._illegal("SR-BUILD-NO-CITY", Message("Hex {hex} is city {city}, and cities are never drawn in.",
                                                      hex=hx.format_hex(h), city=sheet.city_at[h]),
                          Message("Draw next to the city: a track edge bordering a city connects to it."))
        if h in tracks:  # SR-BUILD-ONE-PER-HEX
            self._illegal("SR-BUILD-ONE-PER-HEX", Message("Hex {hex} already holds a track ({a}-{b}); each hex is drawn "
                                                          "into once.", hex=hx.format_hex(h), a=tracks[h][0],
                                                          b=tracks[h][1]),
                          Message("Pick an empty hex."))
        reg = sheet.region_of[h]
        if not power and reg not in regions:
            tid, why = self._perm(seat, "adjacent-region")
            if adjacent and len(regions) == 1 and tid and reg in sheet.adjacent_regions(regions[0]):  # SR-TILE-5B
                perms.append(tid)
            else:  # the reason's text is built only here, as most checks pass
                region_text = (Message("your die is {die}", die=regions[0]) if adjacent else
                               Message("tile 3b's second track goes in region {region}", region=regions[0]))
                if adjacent and why == "SR-SOLO-PERMANENT-ONCE" and reg in sheet.adjacent_regions(regions[0]):
                    self._illegal(why, Message("Tile 5b already served your other action this turn, so hex {hex} "
                                               "(region {region}) is out of reach of {where}.",
                                               hex=hx.format_hex(h), region=reg, where=region_text),
                                  Message("Build in region {region}.", region=regions[0]))
                self._illegal("SR-BUILD-REGION", Message("Hex {hex} is in region {region}, but {where}.",
                                                         hex=hx.format_hex(h), region=reg, where=region_text),
                              Message("Pick an empty hex of region {regions}.", regions=_or(regions)))
        kind = hx.track_kind(a, b)
        kinds = sheet.black_die_faces[self.black]
        if not power and not any_type and kind not in kinds:
            tid, why = self._perm(seat, "any-track-type")
            if tid:  # SR-TILE-2B
                perms.append(tid)
            elif why == "SR-SOLO-PERMANENT-ONCE":
                self._illegal(why, Message("Tile 2b already served your other action this turn, so a {kind} track is "
                                           "not allowed (the black die shows {one} or {two}).", kind=_word(kind),
                                           one=_word(kinds[0]), two=_word(kinds[1])),
                              Message("Draw a {one} or {two} track.", one=_word(kinds[0]), two=_word(kinds[1])))
            else:
                self._illegal("SR-BUILD-TYPE", Message("The black die shows {one} or {two}, so a {kind} track is not "
                                                       "allowed.", one=_word(kinds[0]), two=_word(kinds[1]),
                                                       kind=_word(kind)),
                              Message("Draw a {one} or {two} track.", one=_word(kinds[0]), two=_word(kinds[1])))
        if self.blocked:  # (none without mountains)
            for e in (a, b):  # SR-MOUNTAIN
                if (h, e) in self.blocked:
                    n = hx.neighbor(h, e)
                    self._illegal("SR-MOUNTAIN", Message("Edge {edge} ({direction}) of hex {hex} is a mountain border "
                                                         "(towards {towards}), and no track may cross a mountain.",
                                                         edge=e, direction=hx.EDGE_NAMES[e], hex=hx.format_hex(h),
                                                         towards=hx.format_hex(n)),
                                  Message("Choose a rotation whose ends avoid the mountain border."))
        return perms

    def _plan(self, a: Action) -> dict:
        """Check ``a`` (IllegalMove if not legal) and return what ``_do`` needs."""
        cache = self._plan_cache
        if cache is not None and cache[0] is a and cache[1] == len(self.log):
            return cache[2]
        plan = self._plan_uncached(a)
        self._plan_cache = (a, len(self.log), plan)
        return plan

    def _plan_uncached(self, a: Action) -> dict:
        if self.phase == "over":
            self._illegal("SR-PHASE", Message("The game is over."), Message("Start a new game or undo."))
        seat = cast(int, self.current_player)
        phase = self.phase
        if isinstance(a, DraftAction):
            if phase != "draft":
                self._phase_error(a)
            if a.die not in self.dice:  # SR-DRAFT-DIE
                self._illegal("SR-DRAFT-DIE", Message("There is no white die showing {die} left to draft (dice left: "
                                                      "{left}).", die=a.die, left=", ".join(map(str, self.dice))),
                              Message("Draft one of the dice left."))
            if isinstance(a, Pass):  # SR-PASS
                return {}
            v = self._check_value(seat, a.die, a.value)
            if isinstance(a, Build):
                perms = self._check_build(seat, a.hex, a.a, a.b, [v])
                return {"v": v, "perms": perms}
            if isinstance(a, Engine):
                if v in self.ps[seat].boxes:  # SR-ENGINE-BOX
                    self._illegal("SR-ENGINE-BOX", Message("Engine box {box} is already crossed; each die value upgrades "
                                                           "the engine once.", box=v),
                                  Message("Use the die for another action."))
                return {"v": v}
            if isinstance(a, Deliver):
                return self._plan_deliver(seat, a, v)
            if isinstance(a, TakeTile):
                return self._plan_take(seat, a, v)
        if isinstance(a, UseTile):
            return self._plan_use(seat, a)
        if isinstance(a, ExtraBuild):
            if phase != "build2":
                self._phase_error(a)
            perms = self._check_build(seat, a.hex, a.a, a.b, [self.build2_region], adjacent=False)
            return {"perms": perms}
        if isinstance(a, Skip):
            if phase not in ("build2", "reroll"):
                self._phase_error(a)
            return {}
        if isinstance(a, Power):
            return self._plan_power(seat, a)
        self._illegal("SR-PHASE", Message("{action} is not a Steam Rollers action.", action=a))
        return {}  # pragma: no cover

    def _phase_error(self, a: Action) -> None:
        self._illegal("SR-PHASE", Message("'{action}' cannot be played now: the game is waiting for {what}.",
                                          action=a, what=_WAITING[self.phase]),
                      Message("See legal_actions() for what can be played now."))

    def _plan_deliver(self, seat: int, a: act.Deliver, v: int) -> dict:
        sheet = self.sheet
        src = a.source if a.source is not None else v
        perms: list[str] = []
        if src != v:
            if abs(src - v) != 1 or not 1 <= src <= 6:
                self._illegal("SR-DELIVER-SOURCE", Message("Your die is {die}, so the source must be city {die}, not "
                                                           "city {source}.", die=v, source=src),
                              Message("Deliver from city {city}.", city=v))
            tid, why = self._perm(seat, "source-adjacent")
            if not tid:  # SR-TILE-3A
                self._illegal(why or "SR-TILE-3A",
                              Message("Delivering from city {source} with die {die} needs an upright tile 3a not yet "
                                      "used this turn.", source=src, die=v) if why == "SR-SOLO-PERMANENT-ONCE" else
                              Message("Delivering from city {source} with die {die} needs an upright tile 3a.",
                                      source=src, die=v),
                              Message("Deliver from city {city}.", city=v))
            perms.append(cast(str, tid))
        if a.good == "own":
            if self.personal.get(seat) != src:
                self._illegal("SR-DELIVER-SOURCE", Message("You have no personal good on city {city}.", city=src)
                              if self.solo else Message("{name} has no personal good on city {city}.",
                                                        name=seat_label(seat), city=src),
                              Message("Choose a good shown on the city."))
        elif a.good not in self.supply[src]:
            shown = _words(self.supply[src]) or Message("nothing")
            self._illegal("SR-DELIVER-SOURCE", Message("City {city} has no {good} good (it holds {shown}).",
                                                       city=src, good=_word(a.good), shown=shown),
                          Message("Choose a good shown on the source city."))
        if a.pos is not None:  # SR-SOLO-ANY-GOOD: the good named by its place in the city's line
            line = self.supply[src]
            if not self.solo:
                self._illegal("SR-SOLO-ANY-GOOD", Message("Goods on a city have no order outside the solo game, so a "
                                                          "delivery does not name a place in line (#{pos}).", pos=a.pos),
                              Message("Write it without '#{pos}', e.g. 'deliver {good} to {dest}'.",
                                      pos=a.pos, good=a.good, dest=a.dest))
            if a.good == "own" or not isinstance(a.pos, int) or not 1 <= a.pos <= len(line) or line[a.pos - 1] != a.good:
                where = [str(i) for i, g in enumerate(line, 1) if g == a.good]
                self._illegal("SR-SOLO-ANY-GOOD", Message("Place {pos} in city {city}'s line ({line}) does not hold a "
                                                          "{good} good.", pos=a.pos, city=src,
                                                          line=_words(line) or Message("empty"), good=_word(a.good)),
                              (Message("The {good} goods are at place {places}.", good=_word(a.good),
                                       places=", ".join('#' + w for w in where)) if where
                               else Message("Choose a good shown on the source city.")))
        if a.dest == src or not 1 <= a.dest <= 6:
            self._illegal("SR-DELIVER-NO-LOOP", Message("A good from city {city} cannot be delivered back to city "
                                                        "{city}.", city=src),
                          Message("Choose another destination."))
        if a.good not in ("own", "black") and a.dest not in sheet.destinations(a.good):  # SR-DELIVER-COLOUR
            ok = _or(sheet.destinations(a.good))
            self._illegal("SR-DELIVER-COLOUR", Message("A {good} good must go to city {cities}, not city {dest}.",
                                                       good=_word(a.good), cities=ok, dest=a.dest),
                          Message("Deliver it to city {cities}.", cities=ok))
        base = min(self._engine_max, len(self.ps[seat].boxes))
        tid4, _ = self._perm(seat, "engine-plus")
        plus = self.tile_defs[tid4].amount if tid4 else 0
        boost_tiles = [t for t in sorted(self.active) if self.tile_defs[t].effect == "delivery-engine-plus"]
        boost = sum(self.tile_defs[t].amount for t in boost_tiles)  # SR-TILE-4B / SR-TILE-5A
        strength = min(self._engine_max, base + plus) + boost  # SR-ENGINE-MAX
        dist = self._distance(seat, src, a.dest, strength)  # SR-DELIVER-NO-LOOP / SR-DELIVER-LONGEST
        if dist is None:
            G = self.graph(seat)
            import networkx as nx

            s, t = nw.city(src), nw.city(a.dest)
            if not nx.has_path(G, s, t):  # SR-DELIVER-ROUTE
                self._illegal("SR-DELIVER-ROUTE", Message("Your tracks do not link city {source} to city {dest}.",
                                                          source=src, dest=a.dest),
                              Message("Build track between them first."))
            short = nx.shortest_path_length(G, s, t)
            self._illegal("SR-DELIVER-ENGINE", Message("The shortest route from city {source} to city {dest} reaches "
                                                       "{short} cities and towns, but your engine strength is "
                                                       "{strength}.", source=src, dest=a.dest, short=short,
                                                       strength=strength),
                          Message("Upgrade your engine first."))
        if tid4 and dist > min(self._engine_max, base) + boost:  # SR-TILE-4A
            perms.append(tid4)
        bonus = 0
        tid6, _ = self._perm(seat, "long-delivery-bonus")
        if tid6 and dist >= self.tile_defs[tid6].min_distance:  # SR-TILE-6A
            bonus = self.tile_defs[tid6].amount
            perms.append(tid6)
        return {"v": v, "src": src, "distance": dist, "bonus": bonus, "perms": perms, "boost": boost_tiles,
                "strength": strength}

    def _plan_take(self, seat: int, a: act.TakeTile, v: int) -> dict:
        n = a.number
        use6b = False
        if n != v:
            if "6b" not in self.active:  # SR-TILE-TAKE
                self._illegal("SR-TILE-TAKE", Message("Your die is {die}, so you may take tile {die}, not tile {tile}.",
                                                      die=v, tile=n),
                              Message("Take tile {die}, or play tile 6b first ('use 6b').", die=v))
            use6b = True  # SR-TILE-6B
        tid = self.tile_id[n]
        holder = self.tile_holder[n]
        if holder is not None and self.tile_sideways[n]:  # SR-TILE-STEAL-SIDEWAYS
            self._illegal("SR-TILE-STEAL-SIDEWAYS",
                          Message("Tile {tile} is sideways (you took it this round), so it cannot be taken now.", tile=tid)
                          if holder == seat else
                          Message("Tile {tile} is sideways ({name} took it this round), so it cannot be taken now.",
                                  tile=tid, name=seat_label(holder)),
                          Message("Wait until it has been turned upright."))
        return {"v": v, "use6b": use6b}

    def _plan_use(self, seat: int, a: act.UseTile) -> dict:
        tid = a.tile
        if tid not in self.tile_defs:
            self._illegal("SR-TILE-USE-UPRIGHT", Message("There is no action tile {tile}.", tile=tid),
                          Message("Tiles are 1a .. 6b and 2s (solo)."))
        t = self.tile_defs[tid]
        n = t.number
        if self.tile_id[n] != tid or self.tile_holder[n] != seat:
            self._illegal("SR-TILE-USE-UPRIGHT", Message("You do not hold tile {tile}.", tile=tid) if self.solo else
                          Message("{name} does not hold tile {tile}.", name=seat_label(seat), tile=tid),
                          Message("Take it with a tile action first."))
        if self.tile_sideways[n]:  # SR-TILE-USE-UPRIGHT
            self._illegal("SR-TILE-USE-UPRIGHT", Message("Tile {tile} was taken this round and is still sideways.",
                                                         tile=tid),
                          Message("Use it from your next turn on."))
        if t.kind == "permanent":  # SR-TILE-PERMANENT
            self._illegal("SR-TILE-PERMANENT", Message("Tile {tile} is permanent: its effect applies by itself and it "
                                                       "cannot be played or discarded.", tile=tid),
                          Message("Just take the action it helps with."))
        if t.effect == "reroll-olivia":
            if self.phase != "reroll":  # SR-SOLO-REROLL
                self._illegal("SR-SOLO-REROLL", Message("Tile 2s re-rolls Olivia's die, which is only possible after "
                                                        "your two actions."),
                              Message("Play it when the game asks about the re-roll."))
            return {}
        if self.phase != "draft":
            self._phase_error(a)
        if not t.activate:
            rule = "SR-TILE-1A" if t.effect == "any-value" else "SR-TILE-1B"
            self._illegal(rule, Message("Tile {tile} is played inside a draft: 'draft D as V ...'.", tile=tid),
                          Message("Write the new value after 'as'."))
        if t.effect == "second-die":  # SR-TILE-2A
            still = self.players - self.turn_index  # players yet to draft this round, me included
            if len(self.dice) < still + 1:
                self._illegal("SR-TILE-2A", Message("Only {left} dice are left for {still} more draft(s), so there is "
                                                    "no second die for you.", left=len(self.dice), still=still),
                              Message("Keep the tile for a later round."))
        return {}

    def _plan_power(self, seat: int, a: act.Power) -> dict:
        if self.phase != "power":
            self._phase_error(a)
        taken = {p.power for p in self.ps if p.power}
        if a.power in taken or a.power not in POWERS:  # SR-POWER-CHOICE
            self._illegal("SR-POWER-CHOICE", Message("The starting power '{power}' was already picked; each power goes "
                                                     "to one player.", power=a.power),
                          Message("Pick one of: {powers}.", powers=", ".join(p for p in POWERS if p not in taken)))
        if a.power == "engine" and not 1 <= (a.number or 0) <= 6:  # SR-POWER-ENGINE
            self._illegal("SR-POWER-ENGINE", Message("The engine power crosses one box 1 to 6."),
                          Message("Write 'power engine N'."))
        if a.power == "track":  # SR-POWER-TRACK
            if a.hex is None or a.a is None or a.b is None:
                self._illegal("SR-POWER-TRACK", Message("The track power draws one track: it needs a hex and two edges."),
                              Message("Write 'power track Q,R A-B'."))
            self._check_build(seat, a.hex, a.a, a.b, [], power=True)
        if a.power == "tile":  # SR-POWER-TILE
            if not 1 <= (a.number or 0) <= 6 or self.tile_holder[cast(int, a.number)] is not None:
                self._illegal("SR-POWER-TILE", Message("Tile {tile} is not in the centre.", tile=a.number),
                              Message("Pick a tile from the centre."))
        if a.power == "good" and a.number not in self.rules.personal_good_cities:  # SR-POWER-GOOD
            self._illegal("SR-POWER-GOOD", Message("The personal good starts on city {cities}, not city {city}.",
                                                   cities=_or(self.rules.personal_good_cities), city=a.number),
                          Message("Pick one of those cities."))
        return {}

    def _check(self, action: Action) -> None:
        self._plan(action)

    # ================================================================== doing
    def _do(self, a: Action) -> None:
        plan = self._plan(a)
        self._plan_cache = None
        seat = cast(int, self.current_player)
        ps = self.ps[seat]
        if isinstance(a, DraftAction):
            self.dice.remove(a.die)
            ps.turns += 1
            if getattr(a, "value", None) not in (None, a.die):  # tile 1 used: back to the centre (SR-TILE-ONE-USE)
                self.tile_holder[1] = None
                self.tile_sideways[1] = False
            self.perm_used.update(plan.get("perms", ()))
            if isinstance(a, Build):
                self._place(seat, a.hex, a.a, a.b)
                if "3b" in self.active:  # SR-TILE-3B
                    self.active.discard("3b")
                    self.build2_region = self.sheet.region_of[a.hex]
                    self.phase = "build2"
            elif isinstance(a, Engine):
                ps.boxes.add(plan["v"])  # SR-ENGINE-BOX
            elif isinstance(a, Deliver):
                self._deliver(seat, a, plan)
            elif isinstance(a, TakeTile):
                n = a.number
                self.tile_holder[n] = seat  # SR-TILE-TAKE (steals from another player too)
                self.tile_sideways[n] = True
                if plan["use6b"]:
                    self.active.discard("6b")
            self._check_orders(seat)
            if self.phase == "draft":
                self._after_action()
        elif isinstance(a, UseTile):
            t = self.tile_defs[a.tile]
            self.tile_holder[t.number] = None  # SR-TILE-ONE-USE: back to the centre
            self.tile_sideways[t.number] = False
            if t.effect == "reroll-olivia":  # SR-SOLO-REROLL
                self.dice[0] = self._roll()
                self._olivia_phase()
                self._end_turn_solo()
                return
            self.active.add(a.tile)
            if t.effect == "second-die":
                self.extra += 1
        elif isinstance(a, ExtraBuild):
            self.perm_used.update(plan.get("perms", ()))
            self._place(seat, a.hex, a.a, a.b)
            self._check_orders(seat)
            self._after_action()
        elif isinstance(a, Skip):
            if self.phase == "build2":
                self._after_action()
            else:
                self._olivia_phase()
                self._end_turn_solo()
        elif isinstance(a, Power):
            ps.power = a.power
            if a.power == "engine":
                ps.boxes.add(cast(int, a.number))
            elif a.power == "track":
                self._place(seat, a.hex, cast(int, a.a), cast(int, a.b))
            elif a.power == "vp":
                ps.power_vp = self.rules.power_vp  # SR-POWER-VP
            elif a.power == "tile":
                self.tile_holder[cast(int, a.number)] = seat
                self.tile_sideways[cast(int, a.number)] = True
            elif a.power == "good":
                self.personal[seat] = a.number
            self._check_orders(seat)
            self.power_queue.pop(0)
            if not self.power_queue:
                self._start_round()

    def _deliver(self, seat: int, a: act.Deliver, plan: dict) -> None:
        src = plan["src"]
        if a.good == "own":
            self.personal[seat] = None
        else:
            if a.pos is not None:  # SR-SOLO-ANY-GOOD: the player chose the good by its place in line
                del self.supply[src][a.pos - 1]
            else:  # the first good of that colour in line
                self.supply[src].remove(a.good)
            self.bag[a.good] += 1  # SR-DELIVER-SCORE: back to the bag
            self.delivered[a.good] += 1
        for t in plan["boost"]:
            self.active.discard(t)
        self.ps[seat].deliveries.append({"good": a.good, "source": src, "dest": a.dest,
                                         "distance": plan["distance"], "bonus": plan["bonus"]})

    def _check_orders(self, seat: int) -> None:
        if not self.orders_open:
            return
        import networkx as nx

        orders = load_orders()
        ps = self.ps[seat]
        G = self.graph(seat)
        conns = None
        for oid in list(self.orders_open):
            o = orders[oid]
            if o.kind == "connect":
                ok = nx.has_path(G, nw.city(o.cities[0]), nw.city(o.cities[1]))
            elif o.kind == "delivery":
                ok = any(d["distance"] >= o.min for d in ps.deliveries)
            elif o.kind == "engine":
                ok = len(ps.boxes) >= o.min
            else:
                if conns is None:
                    conns = nw.connections(self.sheet, ps.tracks, G)
                ok = (sum(1 + t for *_, t in conns) if o.kind == "network" else sum(t for *_, t in conns)) >= o.min
            if ok:  # SR-ORDER-TILES
                self.orders_open.remove(oid)
                ps.orders.append(oid)

    # ================================================================== legal actions
    def legal_actions(self) -> Any:
        """Every legal action now, in a deterministic order. In a draft it is a
        :class:`LegalActions` (a read-only sequence that holds the engine's shared lists
        of builds instead of copying them), in the other phases a list."""
        if self.phase == "over":
            return []
        seat = cast(int, self.current_player)
        if self.phase == "power":
            return self._legal_powers(seat)
        if self.phase == "reroll":
            return [UseTile("2s"), Skip()]
        if self.phase == "build2":
            return [a for builds in self._legal_tracks(seat, [self.build2_region]) for a in builds] + [Skip()]
        out = LegalActions()
        for n in range(1, 7):
            if not self._holds(seat, n) or self.tile_sideways[n]:
                continue
            tid = self.tile_id[n]
            if self.tile_defs[tid].activate:
                use = shared_action(UseTile, tid)
                try:
                    self._plan(use)
                except IllegalMove:
                    continue
                out.add(UseTile, [use])
        values_for = {}
        t1 = self.tile_defs[self.tile_id[1]]
        has1 = self._holds(seat, 1) and not self.tile_sideways[1]
        dice = self.dice
        for die in CITIES:  # each value shown once, in order
            if die not in dice:
                continue
            vals: list[int | None] = [None]
            if has1:
                if t1.effect == "any-value":
                    vals += [x for x in range(1, 7) if x != die]
                else:
                    vals += sorted({die % 6 + 1, (die - 2) % 6 + 1})
            values_for[die] = vals
        boxes = self.ps[seat].boxes
        # the permanent tiles that widen the choices, looked up once per call
        any_type = self._perm(seat, "any-track-type")[0] is not None
        adjacent = self._perm(seat, "adjacent-region")[0] is not None
        source_adj = self._perm(seat, "source-adjacent")[0] is not None
        adj = self.network(seat).adj
        for die, vals in values_for.items():
            for value in vals:
                v = die if value is None else value
                acts = die_actions(die, value)
                if v not in boxes:
                    out.add(Engine, acts.engine)
                out.add(TakeTile, self._legal_tiles(acts, v))
                out.add(Deliver, self._legal_deliveries(seat, die, value, v, source_adj, adj))
                for builds in self._legal_tracks(seat, [v], die, value, draft=True, any_type=any_type, adjacent=adjacent):
                    out.add(Build, builds)
            out.add(Pass, die_actions(die, None).passing)
        return out

    def _region_tracks(self, region: int, kinds: tuple) -> tuple:
        """The track placements ``(hex, a, b)`` in ``region`` with a track kind in ``kinds``, in
        hex and edge order, the place of each one's hex among the region's drawable hexes, and
        those hexes: ``(placements, places, hexes)`` (cached per sheet and mountain level: the
        same for every player, die and value)."""
        key = (region, kinds)
        c = self._cand_cache.get(key)
        if c is None:
            places: list = []
            at: list[int] = []
            hexes = self.sheet.regions[region].drawable
            for pos, h in enumerate(hexes):
                for a, b, k in self._placements[h]:
                    if k in kinds:
                        places.append((h, a, b))
                        at.append(pos)
            c = self._cand_cache[key] = (tuple(places), tuple(at), hexes)
        return c

    def _legal_tracks(self, seat: int, regions: list[int], die: int | None = None, value: int | None = None,
                      draft: bool = False, any_type: bool | None = None, adjacent: bool | None = None) -> list["Builds"]:
        """The builds of ``seat`` in ``regions`` (``any_type``/``adjacent``: whether tiles 2b/5b
        apply, looked up here when not given): one read-only sequence per region, in order
        (so a build elsewhere or another region's placements never make them anew)."""
        if any_type is None:
            any_type = self._perm(seat, "any-track-type")[0] is not None
        slot = 6 if any_type else self._kinds_slot[self.black]
        regs = regions
        if draft and len(regions) == 1:
            if adjacent is None:
                adjacent = self._perm(seat, "adjacent-region")[0] is not None
            if adjacent:
                regs = regions + list(self.sheet.adjacent_regions(regions[0]))
        # the builds of a region, die, value and track kinds, kept while their placements are the same tuple
        made = self._builds_made
        out = []
        for r in regs:
            places = self._region_places(seat, r, slot)
            key = (((seat * 7 + r) * 7 + (die or 0)) * 7 + (value or 0)) * 7 + slot
            builds = made.get(key)
            if builds is None or builds.places is not places:
                builds = made[key] = Builds(die, value, places)
            out.append(builds)
        return out

    def _region_places(self, seat: int, region: int, slot: int) -> tuple:
        """The track placements on ``seat``'s empty hexes of ``region`` with a kind the
        black die face ``slot`` shows (6: any kind), in hex and edge order: the region's
        (:meth:`_region_tracks`) less her drawn hexes, then kept up to date by
        :meth:`_place`, so a new round's black die or a build costs no search (see
        :class:`PlacesLeft`)."""
        key = _left_key(seat, region, slot)
        left = self._legal_track_cache.get(key)
        if left is None:
            kinds = hx.TRACK_KINDS if slot == 6 else self.sheet.black_die_faces[slot]
            places, at, hexes = self._region_tracks(region, kinds)
            left = self._legal_track_cache[key] = PlacesLeft(places, at)
            tracks = self.ps[seat].tracks
            for pos, h in enumerate(hexes):
                if h in tracks:
                    left.cut(pos)
        return left.places()

    def _legal_tiles(self, acts: "DieActions", v: int) -> list:
        holder, sideways = self.tile_holder, self.tile_sideways
        if "6b" not in self.active:  # the tile of the die's value (SR-TILE-TAKE): its shared one-action part
            return acts.take_own if holder[v] is None or not sideways[v] else []
        takes = acts.takes  # SR-TILE-6B: any tile
        return [takes[n] for n in CITIES if holder[n] is None or not sideways[n]]

    def _delivery_strength(self, seat: int) -> int:
        """The engine strength a delivery by ``seat`` has now (as :meth:`_plan_deliver` reckons it)."""
        base = min(self._engine_max, len(self.ps[seat].boxes))
        tid4, _ = self._perm(seat, "engine-plus")
        plus = self.tile_defs[tid4].amount if tid4 else 0
        boost = sum(self.tile_defs[t].amount for t in self.active if self.tile_defs[t].effect == "delivery-engine-plus")
        return min(self._engine_max, base + plus) + boost  # SR-ENGINE-MAX, SR-TILE-4A/4B/5A

    def _legal_deliveries(self, seat: int, die: int, value, v: int, source_adj: bool | None = None,
                          adj: dict | None = None):
        """The deliveries of ``die`` played as ``value`` (``v``: the value it counts as);
        ``source_adj`` (tile 3a applies) and ``adj`` (her network's neighbour sets) are looked
        up here when not given."""
        sources = [v]
        if source_adj is None:
            source_adj = self._perm(seat, "source-adjacent")[0] is not None
        if source_adj:
            sources += [s for s in (v - 1, v + 1) if 1 <= s <= 6]
        if adj is None:
            adj = self.network(seat).adj
        out = []
        strength = None
        for src in sources:
            if CITY_NODES[src] not in adj:  # no chain leaves the city
                continue
            goods = sorted(set(self.supply[src]))
            if self.personal.get(seat) == src:
                goods.append("own")
            if not goods:
                continue
            if strength is None:
                strength = self._delivery_strength(seat)
            # By construction each delivery here names a good on the city (or the personal good)
            # and one of its destinations, from an allowed source: it is legal exactly when a
            # route within the engine strength exists (SR-DELIVER-ROUTE / SR-DELIVER-ENGINE).
            reach = self._distances(seat, src, strength)
            for good in goods:
                dests = CITIES if good in ("own", "black") else self.sheet.destinations(good)
                for dest in dests:
                    if dest == src or CITY_NODES[dest] not in reach:
                        continue
                    source = None if src == v else src
                    out.append(shared_action(Deliver, die, good, dest, source, value))
                    if self.solo and good != "own":  # SR-SOLO-ANY-GOOD: each distinct line left
                        out.extend(Deliver(die, good, dest, source, value, p) for p in later_runs(self.supply[src], good))
        return out

    def _legal_powers(self, seat: int) -> list[Action]:
        taken = {p.power for p in self.ps if p.power}
        out: list[Action] = []
        for p in POWERS:
            if p in taken:
                continue
            if p == "engine":
                out.extend(Power("engine", n) for n in range(1, 7))
            elif p == "vp":
                out.append(Power("vp"))
            elif p == "tile":
                out.extend(Power("tile", n) for n in range(1, 7) if self.tile_holder[n] is None)
            elif p == "good":
                out.extend(Power("good", n) for n in self.rules.personal_good_cities)
            elif p == "track":
                tracks = self.ps[seat].tracks
                for h in sorted(self._placements):
                    if h not in tracks:
                        out.extend(Power("track", None, h, a, b) for a, b, _ in self._placements[h])
        return out

    def parse_action(self, text: str) -> Action:
        return parse(text)

    # ================================================================== views
    def observe(self, seat: int | None) -> dict:
        """Everything public plus ``seat``'s own view (None: a spectator's); the bag's contents
        are hidden (only its size)."""
        return self._observation(seat, False)

    def observe_shared(self, seat: int | None) -> dict:
        """:meth:`observe` for a reader that changes nothing in it and is done with it before
        the next action (a bot, :attr:`railkit.core.game.Agent.reads_observation_only`): the
        same content, but its lists (dice, goods, orders, deliveries) and the players' track
        views are the game's own (no copies)."""
        return self._observation(seat, True)

    def _observation(self, seat: int | None, shared: bool) -> dict:
        return {
            "game": self.game_name,
            "seat": seat,
            "players": self.players,
            "solo": self.solo,
            "difficulty": self.difficulty,
            "sheet": self.options.get("sheet", "steam-default"),
            "mountains": self._mountains,
            "phase": self.phase,
            "round": self.round,
            "current_player": self.current_player,
            "start_player": self.start_player,
            "dice": self.dice if shared else list(self.dice),
            "black_die": list(self.sheet.black_die_faces[self.black]),
            "black_face": self.black,
            "supply": {str(n): v if shared else list(v) for n, v in self.supply.items()},
            "bag_count": sum(self.bag.values()),
            "tiles": {str(n): {"id": self.tile_id[n], "holder": self.tile_holder[n], "sideways": self.tile_sideways[n],
                               "kind": self.tile_defs[self.tile_id[n]].kind, "vp": self.tile_defs[self.tile_id[n]].vp}
                      for n in range(1, 7)},
            "active": sorted(self.active) if self.current_player == seat else [],
            "orders_open": self.orders_open if shared else list(self.orders_open),
            "build2_region": self.build2_region if self.phase == "build2" else None,
            "players_view": [{
                "seat": s,
                "tracks": self._tracks_view(s, shared),
                "engine_boxes": sorted(p.boxes),
                "engine": self.engine_strength(s),
                "deliveries": p.deliveries if shared else [dict(d) for d in p.deliveries],
                "personal_good": self.personal[s],
                "power": p.power,
                "orders": p.orders if shared else list(p.orders),
                "score": self.score(s),
            } for s, p in enumerate(self.ps)],
            "olivia": ({"crossed": {str(n): len(v) for n, v in self.olivia_crossed.items()},
                        "crossed_hexes": {str(n): [hx.format_hex(h) for h in v] for n, v in self.olivia_crossed.items()},
                        "dice": self.olivia_dice if shared else list(self.olivia_dice), "won_region": self.olivia_won,
                        "points": sum(self.olivia_points), "score": self.olivia_score()} if self.solo else None),
        }

    def _tracks_view(self, seat: int, shared: bool = False) -> dict:
        """``seat``'s tracks as text (kept until she draws again): the kept view itself if
        ``shared``, else a copy."""
        v = self._track_text.get(seat)
        if v is None:
            v = self._track_text[seat] = {hx.format_hex(h): list(t) for h, t in sorted(self.ps[seat].tracks.items())}
        return v if shared else dict(v)

    def score(self, seat: int) -> int:
        return breakdown(self, seat)["score"]

    def olivia_score(self) -> int | None:
        return olivia_breakdown(self)["olivia_score"] if self.solo else None

    def summary(self) -> list[dict]:
        from railkit.games.steam_rollers.scoring import summary

        return summary(self)

    def render_ascii(self, seat: int = 0) -> str:
        """One player's sheet as text: a header line, then the hex grid
        (see :meth:`railkit.maps.sheets.Sheet.render_ascii` for the cell legend)."""
        p = self.ps[seat]
        head = (f"{self.player_name(seat)}: engine {self.engine_strength(seat)} (boxes {''.join(map(str, sorted(p.boxes))) or '-'}), "
                f"deliveries {len(p.deliveries)}, score {self.score(seat)}")
        return head + "\n" + self.sheet.render_ascii(p.tracks, (), self.rules.mountains)

    def render_olivia(self) -> str:
        """Olivia's sheet (solo): her crossed hexes marked X."""
        crossed = [h for v in self.olivia_crossed.values() for h in v]
        counts = " ".join(f"{n}:{len(v)}" for n, v in self.olivia_crossed.items())
        return f"Olivia: crossed {counts}, score {self.olivia_score()}\n" + self.sheet.render_ascii({}, crossed, self.rules.mountains)

    def __str__(self) -> str:
        parts = [self._status()] + [self.render_ascii(s) for s in range(self.players)]
        if self.solo:
            parts.append(self.render_olivia())
        return "\n\n".join(parts)

    def _status(self) -> str:
        cur = self.current_player
        supply = " ".join(f"{n}:{','.join(v) or '-'}" for n, v in self.supply.items())
        return (f"Steam Rollers, {self.players} player{'s' if self.players > 1 else ''}"
                f"{' (solo vs Olivia, ' + self.difficulty + ')' if self.solo else ''}, round {self.round}, {self.phase}"
                + (f", {self.player_name(cur)} to play" if cur is not None else f", over ({self.end_reason})")
                + f"\ndice {self.dice}, black die {'/'.join(self.sheet.black_die_faces[self.black])}\ngoods {supply}")

    def __repr__(self) -> str:
        """Status plus the sheet of the player to move (or of seat 0), as text."""
        cur = self.current_player
        return self._status() + "\n" + self.render_ascii(cur if cur is not None else 0)


def _left_key(seat: int, region: int, slot: int) -> int:
    """Where :meth:`SteamRollers._region_places` keeps the placements left of ``seat`` in
    ``region`` for the track kinds of ``slot`` (0-6): one int, so one cheap dict lookup, and
    the seven slots of a seat's region are next to each other (for :meth:`SteamRollers._place`).

    >>> _left_key(0, 1, 0), _left_key(0, 1, 6), _left_key(1, 1, 0)
    (7, 13, 56)
    """
    return (seat * 7 + region) * 7 + slot


def later_runs(line: list[str], good: str) -> list[int]:
    """SR-SOLO-ANY-GOOD: the places (1-based) of ``good`` in ``line`` that leave a line
    different from taking its first one: the first place of every later run of
    that colour (taking any good of one run leaves the same line).

    >>> later_runs(["red", "yellow", "red"], "red")
    [3]
    >>> later_runs(["red", "red", "yellow"], "red"), later_runs(["blue", "red", "blue", "blue"], "blue")
    ([], [3])
    """
    out = []
    first = True
    for i, g in enumerate(line):
        if g == good and (i == 0 or line[i - 1] != good):
            if not first:
                out.append(i + 1)
            first = False
    return out
