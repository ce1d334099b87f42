"""The Station Master game: state, legal actions, checks, effects and observations.

>>> g = StationMasterGame(players=3, seed=1)
>>> [t.name for t in g.station], len(g.hands[0]), g.supply[0]
(['T1', 'T2', 'T3'], 3, [1, 1, 2, 2, 3, 3])
>>> g.apply("chip 3 on T2")
PlaceChip(value=3, train=2)
>>> obs = g.observe(1)
>>> obs["station"][1]["chip_counts"], obs["station"][1]["my_chips"]
([1, 0, 0], [])
"""

# railkit: compiled with mypyc
from __future__ import annotations

import json
from collections import Counter
from types import SimpleNamespace
from typing import Any, Callable, Final

from mypy_extensions import mypyc_attr

from railkit.core.errors import DataError, IllegalMove
from railkit.core.i18n import Message
from railkit.core.game import Action, Game, frozen_rules, rules_to_dict
from railkit.games.station_master.actions import (
    Pass, PlaceChip, PlayBrakeVan, PlayCarriage, PlayReassign, PlayRepair, PlayRoyal, PlayRushHour,
    PlayStandingRoom, PlayTransfer, PlayUncouple, parse_action,
)
from railkit.games.station_master.cards import LOCO_KINDS, CardList, Loco, load_cards, resolve
from railkit.games.station_master.rules import StationMasterRules
from railkit.games.station_master.scoring import departure_points, train_value

MIN_PLAYERS, MAX_PLAYERS = 2, 6
_HINT_CARD: Final = Message("Play a card from your hand, or place a chip instead.")
#: the ends of a game (``end_reason``) as words of the reader's language
_END_WORDS: Final = {"last-loco": Message("the last locomotive has left"),
                     "no-cards": Message("no cards are left"), "stall": Message("no seat can move")}


#: card lists read, by (path, modification time, size): a game reads its file once per change
_CARD_LISTS: dict[tuple, CardList] = {}
#: (id of a card list, executive reading) -> (that list, its card tables); see _card_tables
_TABLES: dict[tuple, tuple] = {}
#: id of a read-only rules object -> (that object, its settings as a dict, the names of its list settings)
_SETTINGS: dict[int, tuple] = {}
#: action objects, by (class, fields): shared by all games, as actions are immutable values
_ACTIONS: dict[tuple, Action] = {}
#: (seats of the chips on a train, most chips that may move) -> the choices of whose chips move
_OWNER_CHOICES: dict[tuple, list[tuple[int, ...]]] = {}
#: the lists of legal actions for a train (or the trains), by the facts they depend on (see
#: legal_actions); each list is a function of its key alone, so all games share them
_LEGAL_LISTS: dict[tuple, list[Action]] = {}


def _card_list(name: str) -> CardList:
    """:func:`~railkit.games.station_master.cards.load_cards`, read again only when the file changed."""
    path = resolve(name)
    try:
        st = path.stat()
    except OSError:
        return load_cards(name)  # its DataError names the file
    key = (str(path), st.st_mtime_ns, st.st_size, st.st_ino)
    cl = _CARD_LISTS.get(key)
    if cl is None:
        if len(_CARD_LISTS) > 64:
            _CARD_LISTS.clear()
        cl = _CARD_LISTS[key] = load_cards(name)
    return cl


def _card_tables(cl: CardList, reading: str) -> tuple[dict[str, str], dict[str, bool], dict[str, dict[str, int]],
                                                      dict[str, int]]:
    """Per card name of ``cl``: its kind, is it a carriage, what it adds to a train of each locomotive
    kind (:func:`~railkit.games.station_master.scoring.train_value` of that card alone: 0 for a
    card that is not a carriage), and how many copies the list has (``cl.card_counts``)."""
    hit = _TABLES.get((id(cl), reading))
    if hit is not None and hit[0] is cl:
        return hit[1]
    info = cl.info
    tables = ({k: ci.kind for k, ci in info.items()}, {k: ci.kind == "carriage" for k, ci in info.items()},
              {kind: {k: train_value([(k, 1)], kind, info, reading) for k in info} for kind in LOCO_KINDS},
              cl.card_counts)
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[(id(cl), reading)] = (cl, tables)
    return tables


def _settings(rules: Any) -> tuple[dict[str, Any], list[str]]:
    """The settings of ``rules`` as a plain dict (:func:`~railkit.core.game.rules_to_dict`) and
    the names of those that are lists; worked out once per read-only rules object (games
    freeze theirs: :func:`~railkit.core.game.frozen_rules`), as param is slow to read."""
    hit = _SETTINGS.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1], hit[2]
    settings = rules_to_dict(rules)
    list_rules = [k for k, v in settings.items() if isinstance(v, list)]
    if frozen_rules(rules) is rules:  # read-only, so the snapshot stays true
        if len(_SETTINGS) > 64:
            _SETTINGS.clear()
        _SETTINGS[id(rules)] = (rules, settings, list_rules)
    return settings, list_rules


def _action(cls: type, *args: Any) -> Action:
    """The action ``cls(*args)``, made once and shared (actions are immutable values)."""
    key = (cls, args)
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) > 100_000:
            _ACTIONS.clear()
        a = _ACTIONS[key] = cls(*args)
    return a


def owner_choices(seats: tuple[int, ...], most: int) -> list[tuple[int, ...]]:
    """SM-TRANSFER: every choice of whose chips move, from a train whose chips belong to
    ``seats`` (one seat per chip): 1 to ``most`` seats (sorted, each at most as often as in
    ``seats``), shortest first, then in order. Remembered: do not change the list returned.

    >>> owner_choices((0, 0, 2), 2)
    [(0,), (2,), (0, 0), (0, 2)]
    """
    key = (seats, most)
    out = _OWNER_CHOICES.get(key)
    if out is not None:
        return out
    have = Counter(seats)
    kinds = sorted(have)
    out = []

    def grow(prefix: tuple[int, ...], start: int) -> None:
        if prefix:
            out.append(prefix)
        if len(prefix) == most:
            return
        for i in range(start, len(kinds)):
            o = kinds[i]
            if prefix.count(o) < have[o]:
                grow(prefix + (o,), i)

    grow((), 0)
    out.sort(key=lambda o: (len(o), o))
    if len(_OWNER_CHOICES) > 10_000:
        _OWNER_CHOICES.clear()
    _OWNER_CHOICES[key] = out
    return out


class Train:
    """A locomotive in the station with its coupled cards, chips and Standing Room cards.

    :meth:`copy` makes the copies a search plays on (:mod:`railkit.agents.mcts`)."""

    __slots__ = ("tid", "loco", "number", "cards", "chips", "standing", "view", "seat_views")

    def __init__(self, tid: int, loco: Loco) -> None:
        self.tid = tid
        self.loco = loco
        #: the locomotive's number (its carriage places), read often
        self.number: int = loco.number  # mypyc: typed attribute
        #: coupled cards in order, as ``[name, multiplier]`` (carriages and Royal Carriages)
        self.cards: list[list] = []
        #: chips in placement order, as ``(seat, value)``
        self.chips: list[tuple[int, int]] = []
        #: Standing Room cards in front of the locomotive
        self.standing: list[str] = []
        #: what every seat sees of it (no chip values), made by the game's observe() and reset
        #: to None when its cards or chips change
        self.view: dict | None = None
        #: ``(view, {seat: that seat's view of it})`` for readers that change nothing
        #: (observe_shared); stale once ``view`` is another object
        self.seat_views: tuple[dict, dict[int, dict]] | None = None

    def __reduce__(self) -> tuple:
        """Pickles and deep copies hold what the train is made of; its views are made anew
        when first read."""
        return (_restored_train, (self.tid, self.loco, self.cards, self.chips, self.standing))

    def copy(self) -> Train:
        """A copy to play on: its cards, chips and Standing Room are its own. The public view
        is shared (it is never changed in place, only replaced when the train changes); the
        seats' views are not, as they show chip values, which a search may deal anew."""
        new = Train(self.tid, self.loco)
        new.cards = [list(c) for c in self.cards]
        new.chips = list(self.chips)
        new.standing = list(self.standing)
        new.view = self.view
        return new

    @property
    def name(self) -> str:
        return f"T{self.tid}"

    def __repr__(self) -> str:
        return f"<Train {self.name} {self.loco.key} cards={[c[0] for c in self.cards]} chips={len(self.chips)}>"


def _restored_train(tid: int, loco: Loco, cards: list[list], chips: list[tuple[int, int]],
                    standing: list[str]) -> Train:
    """A train from its parts (:meth:`Train.__reduce__`)."""
    t = Train(tid, loco)
    t.cards, t.chips, t.standing = cards, chips, standing
    return t


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (rule variants subclass it)
class StationMasterGame(Game):
    """Station Master for 2-6 players.

    Parameters
    ----------
    rules : StationMasterRules or dict, optional
        Rule settings (see :class:`StationMasterRules`); the card list is ``rules.cards``.
    players : int
        2 to 6.
    seed : int
        Seeds every shuffle and blind choice.
    """

    game_name = "station-master"
    min_players = 2
    max_players = 6
    rules_class = StationMasterRules

    # ================================================================ setup
    def _setup(self) -> None:
        # a plain snapshot of the (frozen) settings  # mypyc: read once
        settings, self._list_rules = _settings(self.rules)
        self.cfg = r = SimpleNamespace(**settings)
        self._public = {"rules": settings}  # public facts for observe(), computed once
        for key in self.options:
            if key != "setup":
                raise DataError("options", f"$.{key}", "only the option 'setup' (a teaching position; "
                                "Station Master takes every other setting from its rules)", key)
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise DataError("players", "$", f"{MIN_PLAYERS} to {MAX_PLAYERS} players for Station Master", self.players)
        for i, v in enumerate(r.chip_values):
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 9:
                raise DataError("rules", f"$.chip_values[{i}]", "a chip face value from 1 to 9", v)
        self.cardlist: CardList = _card_list(r.cards)
        self.info = self.cardlist.info
        self._kinds, self._is_carriage, self._adds, self._public["card_counts"] = _card_tables(
            self.cardlist, r.executive_reading)
        n = self.players
        all_locos = self.cardlist.locomotives
        # SM-SETUP-LOCOS: fewer than 4 players -> no green banners; 4 players -> no "8"
        top = max(lo.number for lo in all_locos)
        out = [(n < r.remove_banner_below and lo.banner) or (n in r.remove_highest_at and lo.number == top)
               for lo in all_locos]
        self.removed_locos: list[Loco] = [lo for lo, gone in zip(all_locos, out) if gone]
        locos = [lo for lo, gone in zip(all_locos, out) if not gone]
        if not locos:
            raise DataError(self.cardlist.source, "$.locomotives", f"a locomotive left in play with {n} players "
                            "(all of them have a green banner or the highest number)")
        self.rng.shuffle(locos)
        self.loco_pile: list[Loco] = locos  # top = end
        self.station: list[Train] = []
        self.next_tid = 1
        self.draw_pile: list[str] = list(self.cardlist.cards)
        self.rng.shuffle(self.draw_pile)  # top = end
        self.discard: list[str] = []  # top = end
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.events: list[str] = []
        self.departures: list[dict] = []
        self.unscored: list[str] = []
        self.rush_hours = 0
        for _ in range(n + r.station_extra):  # SM-SETUP-STATION: as many locomotives as players
            self._enter_loco()
        for _ in range(r.hand_size):  # SM-SETUP-HAND: three cards each
            for s in range(n):
                self._draw(s)
        start = None
        if "setup" in self.options:
            try:  # a private JSON copy: it is saved with the game and must not change under us
                self.options["setup"] = json.loads(json.dumps(self.options["setup"]))
            except (TypeError, ValueError):
                raise DataError("setup", "$", "JSON data (lists, objects, names, numbers)", self.options["setup"]) from None
            start = self._arrange(self.options["setup"])
        # SM-SETUP-CHIPS: six hidden chips per player
        self.supply: list[list[int]] = [sorted(r.chip_values) for _ in range(n)]
        self.scores = [0] * n
        self.best: list[int | None] = [None] * n
        self.turns = [0] * n
        self.chips_placed = [0] * n
        self.cards_played = [0] * n
        self.trains_scored = [0] * n
        self.points_pos = [0] * n
        self.points_neg = [0] * n
        values = sorted(set(r.chip_values))
        self.placed_by_value = [{v: 0 for v in values} for _ in range(n)]
        self.points_by_value = [{v: 0 for v in values} for _ in range(n)]
        self.to_move = 0 if r.start_player == "first" else self.rng.randrange(n)  # SM-SETUP-START
        if start is not None:
            self.to_move = start
        self.passes = 0
        self.over = False
        self.end_reason = ""

    def _arrange(self, setup: Any) -> int:
        """Rearrange the dealt cards into a teaching position (the ``setup`` option).

        ``setup`` is a JSON object with any of: ``station`` (locomotive names, become T1, T2 ...),
        ``hands`` (one list of card names per seat, or null to keep the dealt hand), ``discard``
        (bottom first), ``draw`` (the next cards drawn, first drawn first) and ``to_move`` (the seat
        to start, returned).
        Cards only move between zones, so every card is still accounted for; cards not named
        keep their shuffled order, Rush Hour cards go to the bottom of the draw pile.
        """
        src = "setup"
        if not isinstance(setup, dict):
            raise DataError(src, "$", "an object with station, hands, discard, draw, to_move", setup)
        for key in setup:
            if key not in ("station", "hands", "discard", "draw", "to_move"):
                raise DataError(src, f"$.{key}", "one of station, hands, discard, draw, to_move", key)

        def names(key: str, value: Any) -> list[str]:
            if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                raise DataError(src, f"$.{key}", "a list of card names", value)
            return value

        def take(pool: list, key: str, path: str, what: str):
            for i, x in enumerate(pool):
                if (x.key if isinstance(x, Loco) else x) == key:
                    return pool.pop(i)
            raise DataError(src, path, f"{what} of the card list not already used", key)

        if "station" in setup:
            pool = [t.loco for t in self.station] + self.loco_pile
            station = []
            for i, key in enumerate(names("station", setup["station"])):
                path = f"$.station[{i}]"
                from_pool = any(lo.key == key for lo in pool)
                station.append(take(pool if from_pool else self.removed_locos, key, path, "a locomotive"))
            self.loco_pile = pool
            self.station = [Train(i + 1, lo) for i, lo in enumerate(station)]
            self.next_tid = len(station) + 1
        cards = self.draw_pile + [c for h in self.hands for c in h] + self.discard
        old = [list(h) for h in self.hands]
        hands = setup.get("hands", [])
        if not isinstance(hands, list) or len(hands) > self.players:
            raise DataError(src, "$.hands", f"a list of at most {self.players} hands (one per seat)", hands)
        new: list[list[str] | None] = [None] * self.players
        for s, hand in enumerate(hands):
            if hand is not None:
                new[s] = [take(cards, k, f"$.hands[{s}][{i}]", "a card") for i, k in enumerate(names(f"hands[{s}]", hand))]
        self.discard = [take(cards, k, f"$.discard[{i}]", "a card") for i, k in enumerate(names("discard", setup.get("discard", [])))]
        top = [take(cards, k, f"$.draw[{i}]", "a card") for i, k in enumerate(names("draw", setup.get("draw", [])))]
        hands_now: list[list[str]] = []
        for s in range(self.players):
            h = new[s]
            if h is None:
                h = [cards.pop(cards.index(k)) if k in cards else cards.pop() for k in old[s]]
            hands_now.append(h)
        self.hands = hands_now
        cards.sort(key=lambda k: self.info[k].kind != "rush-hour")  # stable: others keep their order
        self.draw_pile = cards + top[::-1]
        self.rush_hours = 0
        self.events = []
        to_move = setup.get("to_move", 0)
        if isinstance(to_move, bool) or not isinstance(to_move, int) or not 0 <= to_move < self.players:
            raise DataError(src, "$.to_move", f"a seat from 0 to {self.players - 1}", to_move)
        return to_move

    # ================================================================ small helpers
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.to_move

    @property
    def is_over(self) -> bool:
        return self.over

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def train(self, tid: Any) -> Train | None:
        for t in self.station:
            if t.tid == tid:
                return t
        return None

    def _at(self, tid: int | None) -> Train:
        """The train ``tid`` in the station (the actions :meth:`_do` gets were checked)."""
        for t in self.station:
            if t.tid == tid:
                return t
        raise KeyError(f"T{tid} is not in the station")

    def carriages(self, t: Train) -> int:
        is_carriage = self._is_carriage
        return sum([1 for k, _ in t.cards if is_carriage[k]])

    def slots_used(self, t: Train) -> int:
        """Carriage places used (carriages, plus Royal Carriages if they take a place)."""
        if self.cfg.royal_takes_slot:
            return len(t.cards)
        return self.carriages(t)

    def chip_capacity(self, t: Train) -> int:
        """SM-CHIP-CAPACITY: the locomotive's number plus Standing Room."""
        return t.number + len(t.standing) * self.cfg.standing_room_capacity

    def value(self, t: Train) -> int:
        """The train's value (:func:`~railkit.games.station_master.scoring.train_value`)."""
        adds = self._adds[t.loco.kind]
        return sum([adds[k] * m for k, m in t.cards])

    def repair_choices(self, depth: int) -> list[str]:
        """Distinct carriages among the top ``depth`` discards (sorted names)."""
        top = self.discard[-depth:] if depth > 0 else []
        return sorted({k for k in top if k in self.info and self.info[k].kind == "carriage"})

    def transfer_room(self, s: Train, t: Train) -> int:
        """SM-TRANSFER: how many chips may move from ``s`` to ``t`` (card limit, chips on ``s``,
        room on ``t``)."""
        return max(0, min(self.cfg.transfer_max, len(s.chips), self.chip_capacity(t) - len(t.chips)))

    def transfer_choices(self, s: Train, t: Train) -> list[tuple[int, ...]]:
        """SM-TRANSFER: every choice of whose chips move from ``s`` to ``t`` (one seat per chip,
        sorted), in a fixed order: of exactly :meth:`transfer_room` chips (the default), or of
        1 chip up to that many (``transfer_exact`` off)."""
        room = self.transfer_room(s, t)
        choices = owner_choices(tuple(sorted([o for o, _ in s.chips])), room)
        if self.cfg.transfer_exact:
            return [c for c in choices if len(c) == room]
        return list(choices)

    def _enter_loco(self) -> Train | None:
        if not self.loco_pile:
            return None
        t = Train(self.next_tid, self.loco_pile.pop())
        self.next_tid += 1
        self.station.append(t)
        return t

    def _draw(self, seat: int) -> None:
        """SM-CARD-DRAW: draw one card (Rush Hour is revealed at once in the default rules)."""
        while self.draw_pile:
            card = self.draw_pile.pop()
            if self.info[card].kind == "rush-hour" and self.cfg.rush_hour_when_drawn == "reveal":
                self._rush_hour(seat, "drawn")
                self.discard.append(card)
                continue  # a replacement card is drawn
            self.hands[seat].append(card)
            return

    def _rush_hour(self, seat: int, how: str) -> None:
        # SM-RUSH-HOUR: a new locomotive comes into the station
        self.rush_hours += 1
        t = self._enter_loco()
        where = f"{t.name} ({t.loco.key}) enters the station" if t else "no locomotive is left to enter"
        self.events.append(f"Rush Hour {how} by seat {seat}: {where}.")

    # ================================================================ legal actions
    def legal_actions(self) -> list[Action]:
        # the lists of actions for a train (or the trains) are remembered in _LEGAL_LISTS under
        # the facts they depend on, for all games: a turn mostly changes one train; the action
        # objects themselves are shared too (_action)
        if self.over:
            return []
        r = self.cfg
        memo = _LEGAL_LISTS
        if len(memo) > 50_000:
            memo.clear()
        seat = self.to_move
        hand = self.hands[seat]
        if "rush-hour" in hand:  # SM-RUSH-HOUR: held ('hold' rules), it must be played at once
            return [_action(PlayRushHour)]
        out: list[Action] = []
        station = self.station
        values = tuple(sorted(set(self.supply[seat])))
        room: list[Train] = []
        free: list[Train] = []
        royal_slot: bool = r.royal_takes_slot
        sr_cap: int = r.standing_room_capacity
        info = self.info
        for t in station:
            number = t.number
            if len(t.chips) < number + len(t.standing) * sr_cap:  # chip_capacity
                room.append(t)
            if (len(t.cards) if royal_slot else self.carriages(t)) < number:  # slots_used
                free.append(t)
        lst: list[Action] | None
        key: tuple
        for t in room:
            tid = t.tid
            key = ("chip", tid, values)
            lst = memo.get(key)
            if lst is None:
                lst = memo[key] = [_action(PlaceChip, v, tid) for v in values]
            out.extend(lst)
        if not hand:
            return out or [_action(Pass)]
        free_ids = tuple([t.tid for t in free])
        all_ids = tuple([t.tid for t in station])
        kinds = self._kinds
        for card in sorted(set(hand)):
            kind = kinds[card]
            if kind == "carriage":
                key = ("carriage", card, free_ids)
                lst = memo.get(key)
                if lst is None:
                    lst = memo[key] = [_action(PlayCarriage, card, i) for i in free_ids]
                out.extend(lst)
            elif kind == "brake-van":
                key = ("brake-van", all_ids)
                lst = memo.get(key)
                if lst is None:
                    lst = memo[key] = [_action(PlayBrakeVan, i) for i in all_ids]
                out.extend(lst)
            elif kind == "royal":
                ids = tuple([t.tid for t in (free if royal_slot else station) if self.carriages(t)])
                key = ("royal", ids)
                lst = memo.get(key)
                if lst is None:
                    lst = memo[key] = [_action(PlayRoyal, i) for i in ids]
                out.extend(lst)
            elif kind == "reassign":
                ids = tuple([s.tid for s in station if self.carriages(s)])
                key = ("reassign", ids, free_ids)
                lst = memo.get(key)
                if lst is None:
                    lst = memo[key] = [_action(PlayReassign, i, j) for i in ids for j in free_ids if j != i]
                out.extend(lst)
            elif kind == "repair":
                choices = tuple(self.repair_choices(info[card].depth))
                optional: bool = r.repair_optional
                key = ("repair", card, choices, free_ids, optional)
                lst = memo.get(key)
                if lst is None:
                    takes = [_action(PlayRepair, card, c, i) for c in choices for i in free_ids]
                    # SM-REPAIR: a carriage that can be coupled must be taken, unless the rules make it optional
                    lst = memo[key] = [_action(PlayRepair, card)] + takes if not takes or optional else takes
                out.extend(lst)
            elif kind == "transfer":
                for s in station:
                    if s.chips:
                        seats = tuple(sorted([o for o, _ in s.chips]))
                        for t in room:
                            if t is not s:
                                key = ("transfer", s.tid, t.tid, seats, self.transfer_room(s, t),
                                       r.transfer_exact)
                                lst = memo.get(key)
                                if lst is None:
                                    lst = memo[key] = [_action(PlayTransfer, s.tid, t.tid, o)
                                                       for o in self.transfer_choices(s, t)]
                                out.extend(lst)
            elif kind == "standing-room":
                key = ("standing-room", all_ids, values)
                lst = memo.get(key)
                if lst is None:
                    lst = []
                    for i in all_ids:
                        lst.append(_action(PlayStandingRoom, i))
                        lst.extend([_action(PlayStandingRoom, i, v) for v in values])
                    memo[key] = lst
                out.extend(lst)
            elif kind == "uncouple":
                for t in station:
                    n = min(r.uncouple_max, self.carriages(t))
                    if n > 0:
                        key = ("uncouple", t.tid, n)
                        lst = memo.get(key)
                        if lst is None:
                            lst = memo[key] = [_action(PlayUncouple, c, t.tid) for c in range(1, n + 1)]
                        out.extend(lst)
            elif kind == "rush-hour":
                out.append(_action(PlayRushHour))
        return out or [_action(Pass)]

    # ================================================================ checks
    def _need_train(self, tid: Any, what: Message | None = None) -> Train:
        t = self.train(tid)
        if t is None:
            names = ", ".join(x.name for x in self.station) or Message("no trains")
            reason = (Message("T{tid} is not in the station (the station holds {names}).", tid=tid, names=names)
                      if what is None else
                      Message("T{tid} is not in the station ({what}) (the station holds {names}).",
                              tid=tid, what=what, names=names))
            raise IllegalMove("SM-TRAIN-IN-STATION", reason, Message("Name a train that is in the station now."))
        return t

    def _need_card(self, seat: int, key: Any) -> None:
        if key not in self.hands[seat]:
            held = ", ".join(sorted(self.hands[seat])) or Message("no cards")
            raise IllegalMove("SM-CARD-IN-HAND", Message("Seat {seat} does not hold a {card} card (her hand: {held}).",
                                                         seat=seat, card=key, held=held), _HINT_CARD)

    def _need_free_slot(self, t: Train, card: Any) -> None:
        if self.slots_used(t) >= t.number:  # SM-CARRIAGE-LIMIT
            raise IllegalMove("SM-CARRIAGE-LIMIT",
                              Message("{train} ({loco}) already has all {number} carriages, so {card} cannot be "
                                      "coupled.", train=t.name, loco=t.loco.key, number=t.number, card=card),
                              Message("Couple it to another train."))

    def _need_chip(self, seat: int, value: Any) -> None:
        if value not in self.supply[seat]:
            left = ", ".join(map(str, self.supply[seat])) or Message("none")
            raise IllegalMove("SM-CHIP-SUPPLY",
                              Message("Seat {seat} has no chip of value {value} left to place (chips not on trains: "
                                      "{left}).", seat=seat, value=value, left=left),
                              Message("Place a chip you still have; chips come back when their train leaves."))

    def _need_chip_room(self, t: Train, extra: Any = 0) -> None:
        cap = self.chip_capacity(t) + extra
        if len(t.chips) >= cap:  # SM-CHIP-CAPACITY
            raise IllegalMove("SM-CHIP-CAPACITY",
                              Message("{train} ({loco}) is full: it holds at most {cap} chips and has {has}.",
                                      train=t.name, loco=t.loco.key, cap=cap, has=len(t.chips)),
                              Message("Place the chip on another train, or play Standing Room on this one first."))

    def _check(self, a: Action) -> None:
        if self.over:
            raise IllegalMove("SM-GAME-OVER", Message("The game is over ({why}); no more turns are played.",
                                                      why=_END_WORDS.get(self.end_reason, self.end_reason)),
                              Message("Start a new game or undo."))
        seat = self.to_move
        if "rush-hour" in self.hands[seat] and not isinstance(a, PlayRushHour):
            raise IllegalMove("SM-RUSH-HOUR", Message("Seat {seat} holds Rush Hour, which must be played at once.",
                                                      seat=seat),
                              Message("Play it now: 'play rush-hour'."))
        check = _CHECKS.get(type(a))  # SM-TURN-ONE-OPTION: one check per kind of turn
        if check is None:
            check = _inherited_check(type(a))
        if check is None:
            self._need_card(seat, self._card_key(a))
            raise IllegalMove("SM-TURN-ONE-OPTION", Message("{action!r} is not a Station Master turn.", action=a),
                              Message("Place a chip or play a card."))
        check(self, seat, a)

    def _card_key(self, a: Action) -> str:
        """The card an action plays (SM-TURN-ONE-OPTION: a turn that is no chip names a card)."""
        key = getattr(a, "card", None)
        if not isinstance(key, str):
            raise IllegalMove("SM-TURN-ONE-OPTION", Message("{action!r} is not a Station Master turn.", action=a),
                              Message("Place a chip or play a card."))
        return key

    # ---------------------------------------------------------------- the two options without a card
    def _check_chip(self, seat: int, a: PlaceChip) -> None:
        t = self._need_train(a.train)
        self._need_chip(seat, a.value)
        self._need_chip_room(t)

    def _check_pass(self, seat: int, a: Pass) -> None:
        if any(not isinstance(x, Pass) for x in self.legal_actions()):
            raise IllegalMove("SM-PASS", Message("Seat {seat} cannot pass: she can still place a chip or play a card.",
                                                 seat=seat),
                              Message("A turn is one of the two options; pass only when neither is possible."))

    # ---------------------------------------------------------------- one check per card kind
    def _check_carriage(self, seat: int, a: PlayCarriage) -> None:
        key = self._card_key(a)
        ci = self.info.get(key)
        if ci is not None and ci.kind != "carriage":
            raise IllegalMove("SM-CARD-IN-HAND", Message("{card} is not a carriage card.", card=key),
                              Message("Use the form for {card} (see the action list).", card=key))
        self._need_card(seat, key)
        t = self._need_train(a.train)
        self._need_free_slot(t, key)

    def _check_brake_van(self, seat: int, a: PlayBrakeVan) -> None:
        self._need_card(seat, self._card_key(a))
        self._need_train(a.train)

    def _check_royal(self, seat: int, a: PlayRoyal) -> None:
        self._need_card(seat, self._card_key(a))
        t = self._need_train(a.train)
        if not self.carriages(t):
            raise IllegalMove("SM-ROYAL", Message("{train} has no carriage for the Royal Carriage to double.",
                                                  train=t.name),
                              Message("Play the Royal Carriage on a train that has carriages."))
        if self.cfg.royal_takes_slot:
            self._need_free_slot(t, Message("the Royal Carriage"))

    def _check_reassign(self, seat: int, a: PlayReassign) -> None:
        self._need_card(seat, self._card_key(a))
        s = self._need_train(a.source, Message("to take a carriage from"))
        t = self._need_train(a.target, Message("to couple the carriage to"))
        if s is t:
            raise IllegalMove("SM-REASSIGN", Message("Re-Assign Carriage moves a carriage to another train, but both "
                                                     "are {train}.", train=s.name),
                              Message("Name two different trains."))
        if not self.carriages(s):
            raise IllegalMove("SM-REASSIGN", Message("{train} has no carriage to move.", train=s.name),
                              Message("Take the carriage from a train that has one."))
        self._need_free_slot(t, Message("{train}'s last carriage", train=s.name))

    def _check_repair(self, seat: int, a: PlayRepair) -> None:
        key = self._card_key(a)
        ci = self.info.get(key)
        if ci is not None and ci.kind != "repair":
            raise IllegalMove("SM-CARD-IN-HAND", Message("{card} is not a Repair card.", card=key),
                              Message("Repair cards are repair-3 and repair-5."))
        self._need_card(seat, key)
        assert ci is not None  # the card is in the hand
        if a.take is None and not self.cfg.repair_optional:
            free = [t.name for t in self.station if self.slots_used(t) < t.number]
            choices = self.repair_choices(ci.depth)
            if choices and free:  # SM-REPAIR: the seed says such a carriage is coupled
                raise IllegalMove("SM-REPAIR", Message("Among the top {depth} discards there is a carriage that can "
                                                       "be coupled ({choices}), so Repair must couple one: the rules "
                                                       "say a carriage found there is built in as usual.",
                                                       depth=ci.depth, choices=", ".join(choices)),
                                  Message("Play e.g. 'play {card} take {take} on {train}'.",
                                          card=key, take=choices[0], train=free[0]))
        if a.take is not None:
            choices = self.repair_choices(ci.depth)
            if a.take not in choices:
                seen = ", ".join(self.discard[-ci.depth:]) or Message("the discard pile is empty")
                raise IllegalMove("SM-REPAIR",
                                  Message("{take} is not a carriage among the top {depth} discards ({seen}).",
                                          take=a.take, depth=ci.depth, seen=seen),
                                  Message("Take one of: {choices}.",
                                          choices=", ".join(choices) or Message("none (play it without taking)")))
            t = self._need_train(a.train)
            self._need_free_slot(t, a.take)

    def _check_transfer(self, seat: int, a: PlayTransfer) -> None:
        self._need_card(seat, self._card_key(a))
        s = self._need_train(a.source, Message("to move chips from"))
        t = self._need_train(a.target, Message("to move chips to"))
        if s is t:
            raise IllegalMove("SM-TRANSFER", Message("Transfer Passengers moves chips to another train, but both are "
                                                     "{train}.", train=s.name),
                              Message("Name two different trains."))
        if not s.chips:
            raise IllegalMove("SM-TRANSFER", Message("{train} has no passenger chips to move.", train=s.name),
                              Message("Move chips from a train that has some."))
        self._need_chip_room(t)
        owners = a.owners
        if not isinstance(owners, tuple) or not owners or any(isinstance(o, bool) or not isinstance(o, int) for o in owners):
            raise IllegalMove("SM-TRANSFER", Message("Transfer Passengers names whose chips move, one seat per chip."),
                              Message("e.g. 'play transfer {source}->{target} owners {seat}'.",
                                      source=s.name, target=t.name, seat=s.chips[0][0]))
        room = self.transfer_room(s, t)
        exact = self.cfg.transfer_exact
        if len(owners) > room or (exact and len(owners) != room):
            most = self.cfg.transfer_max
            free = self.chip_capacity(t) - len(t.chips)
            why = ((Message("the card moves exactly {most}", most=most) if exact
                    else Message("the card moves at most {most}", most=most)) if room == most
                   else Message("{train} has room for {free} more", train=t.name, free=free) if free == room
                   else Message("{train} holds {chips}", train=s.name, chips=len(s.chips)))
            chips = Message("{n} chip", plural="{n} chips", n=room)
            raise IllegalMove("SM-TRANSFER", Message("{n} chip cannot move from {source} to {target}: {why}.",
                                                     plural="{n} chips cannot move from {source} to {target}: {why}.",
                                                     n=len(owners), source=s.name, target=t.name, why=why),
                              Message("Move exactly {chips}.", chips=chips) if exact
                              else Message("Move {chips} or fewer.", chips=chips))
        have = Counter(o for o, _ in s.chips)
        for o, n in sorted(Counter(owners).items()):
            if n > have.get(o, 0):
                raise IllegalMove("SM-TRANSFER", Message("{train} holds {has} chip(s) of seat {seat}, so {n} of them "
                                                         "cannot move.", train=s.name, has=have.get(o, 0), seat=o, n=n),
                                  Message("Chip owners on each train are public: see chip_counts in the "
                                          "observation."))

    def _check_standing_room(self, seat: int, a: PlayStandingRoom) -> None:
        self._need_card(seat, self._card_key(a))
        t = self._need_train(a.train)
        if a.chip is not None:
            self._need_chip(seat, a.chip)
            self._need_chip_room(t, self.cfg.standing_room_capacity)

    def _check_uncouple(self, seat: int, a: PlayUncouple) -> None:
        self._need_card(seat, self._card_key(a))
        t = self._need_train(a.train)
        most = self.cfg.uncouple_max
        if not 1 <= a.count <= most:
            raise IllegalMove("SM-UNCOUPLE", Message("Uncouple removes 1 to {most} carriages, not {count}.",
                                                     most=most, count=a.count),
                              Message("Use 'play uncouple 1 from {train}' or up to {most}.", train=t.name, most=most))
        n_have = self.carriages(t)
        if a.count > n_have:
            raise IllegalMove("SM-UNCOUPLE", Message("{train} has {has} carriage(s), so {count} cannot be uncoupled.",
                                                     train=t.name, has=n_have, count=a.count),
                              Message("Uncouple fewer carriages or choose another train."))

    def _check_rush_hour(self, seat: int, a: PlayRushHour) -> None:
        # SM-RUSH-HOUR: held only in the 'hold' variant, and then it is the only legal turn
        self._need_card(seat, self._card_key(a))

    # ================================================================ effects
    def _do(self, a: Action) -> None:
        seat = self.to_move
        r = self.cfg
        self.turns[seat] += 1  # SM-TURN-ONE-OPTION: one action is one whole turn
        if isinstance(a, Pass):
            self.passes += 1
        else:
            self.passes = 0
        if isinstance(a, PlaceChip):
            self._place(seat, self._at(a.train), a.value)
        elif not isinstance(a, Pass):
            key: str = a.card  # type: ignore[attr-defined]  # every action but these two names its card
            self.hands[seat].remove(key)
            self.cards_played[seat] += 1
            if isinstance(a, PlayCarriage):
                self._couple(self._at(a.train), key, seat)
            elif isinstance(a, PlayBrakeVan):
                t = self._at(a.train)
                self._depart(t, "brake-van", seat)  # SM-BRAKE-VAN: the train leaves at once
                self.discard.append(key)
            elif isinstance(a, PlayRoyal):
                t = self._at(a.train)
                done = 0
                for i in range(len(t.cards) - 1, -1, -1):  # SM-ROYAL: double the last carriages
                    entry = t.cards[i]
                    if self.info[entry[0]].kind == "carriage":
                        entry[1] *= 2
                        t.view = None
                        done += 1
                        if done == r.royal_doubles:
                            break
                self._couple(t, key, seat)
            elif isinstance(a, PlayReassign):
                s, t = self._at(a.source), self._at(a.target)
                i = max(i for i, e in enumerate(s.cards) if self.info[e[0]].kind == "carriage")
                moved = s.cards.pop(i)[0]  # SM-REASSIGN: a moved carriage loses Royal doubling
                s.view = None
                self.discard.append(key)
                self._couple(t, moved, seat)
            elif isinstance(a, PlayRepair):
                if a.take is not None:  # SM-REPAIR: a carriage from the top discards, coupled as usual
                    depth = self.info[key].depth
                    top = len(self.discard) - depth
                    for i in range(len(self.discard) - 1, max(top, 0) - 1, -1):
                        if self.discard[i] == a.take:
                            del self.discard[i]
                            break
                    self.events.append(f"Seat {seat} repaired {a.take} from the discard pile onto T{a.train}.")
                    self.discard.append(key)
                    self._couple(self._at(a.train), a.take, seat)
                else:
                    self.discard.append(key)
            elif isinstance(a, PlayTransfer):
                self._transfer(seat, self._at(a.source), self._at(a.target), a.owners)
                self.discard.append(key)
            elif isinstance(a, PlayStandingRoom):
                t = self._at(a.train)
                t.standing.append(key)  # SM-STANDING-ROOM: one more chip place, a chip at once
                t.view = None
                if a.chip is not None:
                    self._place(seat, t, a.chip)
            elif isinstance(a, PlayUncouple):
                t = self._at(a.train)
                idx = [i for i, e in enumerate(t.cards) if self.info[e[0]].kind == "carriage"][-a.count:]
                for i in reversed(idx):  # SM-UNCOUPLE: the last carriages go to the discard pile
                    self.discard.append(t.cards.pop(i)[0])
                t.view = None
                self.discard.append(key)
            elif isinstance(a, PlayRushHour):
                self._rush_hour(seat, "played")
                self.discard.append(key)
            self._draw(seat)  # SM-CARD-DRAW: only after playing a card
        self._check_end()
        if not self.over:
            self.to_move = (seat + 1) % self.players

    def _place(self, seat: int, t: Train, value: int) -> None:
        self.supply[seat].remove(value)  # SM-CHIP-HIDDEN: face down; others see only counts
        t.chips.append((seat, value))
        t.view = None
        self.chips_placed[seat] += 1
        self.placed_by_value[seat][value] += 1

    def _couple(self, t: Train, key: str, seat: int) -> None:
        t.cards.append([key, 1])
        t.view = None
        if self.slots_used(t) >= t.number:  # SM-DEPART-FULL
            self._depart(t, "full", seat)

    def _transfer(self, seat: int, s: Train, t: Train, owners: tuple[int, ...]) -> None:
        # SM-TRANSFER: the player chose whose chips move; which of an owner's chips is unseen
        idx: list[int] = []
        for o, n in sorted(Counter(owners).items()):
            mine = [i for i, (who, _) in enumerate(s.chips) if who == o]
            if self.cfg.transfer_pick == "blind":
                idx += self.rng.sample(mine, n) if n < len(mine) else mine
            else:
                idx += mine[len(mine) - n:]
        idx.sort()
        moved = [s.chips[i] for i in idx]
        for i in reversed(idx):
            del s.chips[i]
        t.chips.extend(moved)
        s.view = t.view = None
        whose = ", ".join(f"{n} of seat {o}" for o, n in sorted(Counter(owners).items()))
        self.events.append(f"Seat {seat} moved {len(moved)} chip(s) ({whose}) from {s.name} to {t.name}.")

    def _depart(self, t: Train, reason: str, seat: int | None, replace: bool = True) -> None:
        """SM-SCORE + SM-DEPART-RETURN: score, return chips, discard the train, a new locomotive enters."""
        n = self.players
        value = self.value(t)
        vals = [v for _, v in t.chips]
        seats = [s for s, _ in t.chips]
        points = departure_points(vals, seats, value, n)
        chips: list[list[int]] = [[] for _ in range(n)]
        for s, v in t.chips:
            chips[s].append(v)
            self.supply[s].append(v)
            self.points_by_value[s][v] += v * value
        for s in range(n):
            if chips[s]:
                self.supply[s].sort()
                self.trains_scored[s] += 1
                b = self.best[s]
                self.best[s] = points[s] if b is None else max(b, points[s])
            self.scores[s] += points[s]
            if points[s] > 0:
                self.points_pos[s] += points[s]
            else:
                self.points_neg[s] += points[s]
        self.departures.append({
            "train": t.name, "locomotive": t.loco.key, "number": t.number, "kind": t.loco.kind,
            "cards": [k for k, _ in t.cards], "multipliers": [m for _, m in t.cards],
            "standing_room": len(t.standing), "value": value, "reason": reason, "by": seat,
            "turn": len(self.log) + 1, "chips": [sorted(c) for c in chips], "points": points,
        })
        self.discard.append(t.loco.key)
        self.discard.extend(k for k, _ in t.cards)
        self.discard.extend(t.standing)
        self.station.remove(t)
        self.events.append(f"{t.name} ({t.loco.key}) left the station ({reason}), value {value}: points {points}.")
        if replace:
            self._enter_loco()

    def _check_end(self) -> None:
        if not self.station and not self.loco_pile:  # SM-END-LAST-LOCO
            self._finish("last-loco")
        elif not self.draw_pile and not any(self.hands):  # SM-END-NO-CARDS
            if self.cfg.score_unfinished_at_end:  # SM-END-UNFINISHED
                for t in list(self.station):
                    self._depart(t, "end", None, replace=False)
            else:
                self.unscored = [t.name for t in self.station]
            self._finish("no-cards")
        elif self.passes >= self.players:  # SM-END-STALL
            self.unscored = [t.name for t in self.station]
            self._finish("stall")

    def _finish(self, reason: str) -> None:
        self.over = True
        self.end_reason = reason
        self.events.append(f"The game ends ({reason}).")

    # ================================================================ views
    def _train_view(self, t: Train, seat: int | None, public: bool = False) -> dict:
        """One train as ``seat`` sees it: chip values of that seat only; ``seat=None`` every
        chip's value (for :meth:`describe`), unless ``public`` (a spectator: no values)."""
        shown = self._remembered_view(t)
        view = dict(shown)
        view["cards"] = list(shown["cards"])  # the caller's own lists
        view["multipliers"] = list(shown["multipliers"])
        view["chip_counts"] = list(shown["chip_counts"])
        if public:
            view["my_chips"] = []
        elif seat is None:
            view["chips"] = [[s, v] for s, v in t.chips]
        else:
            view["my_chips"] = self._my_chips(t, seat)
        return view

    def _shared_train_view(self, t: Train, seat: int) -> dict:
        """:meth:`_train_view` of ``seat`` for a reader that changes nothing: remembered until
        the train changes, its lists those of the public view."""
        shown = self._remembered_view(t)
        remembered = t.seat_views
        if remembered is None or remembered[0] is not shown:
            remembered = t.seat_views = (shown, {})
        views = remembered[1]
        view = views.get(seat)
        if view is None:
            view = views[seat] = dict(shown)
            view["my_chips"] = self._my_chips(t, seat)
        return view

    def _remembered_view(self, t: Train) -> dict:
        """What every seat sees of train ``t``, remembered until the train changes."""
        shown = t.view
        if shown is None:
            shown = t.view = self._public_train_view(t)
        return shown

    @staticmethod
    def _my_chips(t: Train, seat: int) -> list[int]:
        """The values of ``seat``'s chips on train ``t``, sorted."""
        return sorted([v for s, v in t.chips if s == seat])

    def _public_train_view(self, t: Train) -> dict:
        """What every seat sees of train ``t`` (:meth:`_train_view` without any chip value)."""
        counts = [0] * self.players
        for s, _ in t.chips:
            counts[s] += 1
        loco = t.loco
        is_carriage = self._is_carriage
        adds = self._adds[loco.kind]
        names: list[str] = []
        mults: list[int] = []
        carriages = value = 0  # carriages(t), value(t) in one pass
        for k, m in t.cards:
            names.append(k)
            mults.append(m)
            if is_carriage[k]:
                carriages += 1
                value += adds[k] * m
        return {
            "train": f"T{t.tid}", "id": t.tid, "locomotive": loco.key, "number": loco.number, "kind": loco.kind,
            "banner": loco.banner, "cards": names, "multipliers": mults,
            "carriages": carriages, "slots_used": len(names) if self.cfg.royal_takes_slot else carriages,
            "value": value, "standing_room": len(t.standing), "chip_capacity": self.chip_capacity(t),
            "chips_on": len(t.chips), "chip_counts": counts,
        }

    def observe(self, seat: int | None) -> dict:
        """What ``seat`` may see: her hand and chip values; of others only counts (SM-CHIP-HIDDEN).
        ``seat=None``: a spectator, who sees only public information (no hand, no chip value).

        Keys: game, seat, players, to_move, game_over, end_reason, hand, my_chips, hand_sizes,
        chips_in_hand (chips not on trains, per seat), station (one dict per train: train, id,
        locomotive, number, kind, banner, cards, multipliers, carriages, slots_used, value,
        standing_room, chip_capacity, chips_on, chip_counts, my_chips), draw_pile, locomotives_left,
        discard (public, top last), scores, departures (score history), events, rules, card_counts.
        """
        return self._observation(seat, False)

    def observe_shared(self, seat: int | None) -> dict:
        """:meth:`observe` for a reader that changes nothing in it and is done with it before
        the next action (a bot, :attr:`railkit.core.game.Agent.reads_observation_only`): the
        same content, but its train views, lists and tables are the game's own (no copies)."""
        return self._observation(seat, True)

    def _observation(self, seat: int | None, shared: bool) -> dict:
        if seat is not None and not 0 <= seat < self.players:
            raise DataError("seat", "$", f"a seat from 0 to {self.players - 1}", seat)
        if seat is None:  # a spectator: copies of the public parts
            shared = False
        station = self.station
        return {
            "game": self.game_name, "seat": seat, "players": self.players,
            "to_move": self.current_player, "game_over": self.over, "end_reason": self.end_reason,
            "hand": [] if seat is None else sorted(self.hands[seat]),
            "my_chips": [] if seat is None else self.supply[seat] if shared else list(self.supply[seat]),
            "hand_sizes": [len(h) for h in self.hands], "chips_in_hand": [len(s) for s in self.supply],
            "station": ([self._shared_train_view(t, seat) for t in station] if shared and seat is not None
                        else [self._train_view(t, seat, public=seat is None) for t in station]),
            "draw_pile": len(self.draw_pile), "locomotives_left": len(self.loco_pile),
            "discard": self.discard if shared else list(self.discard),
            "scores": self.scores if shared else list(self.scores),
            "departures": self.departures if shared else [dict(d) for d in self.departures],
            "events": self.events[-20:],
            "rules": self._public["rules"] if shared else self._rules_view(),
            "card_counts": self._public["card_counts"] if shared else dict(self._public["card_counts"]),
        }

    def _rules_view(self) -> dict:
        """A fresh copy of the public rule settings (their lists copied too)."""
        rules = dict(self._public["rules"])
        for k in self._list_rules:
            rules[k] = list(rules[k])
        return rules

    def score_history(self) -> list[dict]:
        """One dict per departure: train, locomotive, number, kind, cards, multipliers, standing_room,
        value, reason (full / brake-van / end), by, turn, chips (values per seat), points (per seat)."""
        return [dict(d) for d in self.departures]

    def describe(self, seat: int | None = None) -> str:
        """A short text picture of the table (chip values shown only for ``seat``; all if None)."""
        lines = [f"Station Master, {self.players} players, seed {self.seed}: "
                 + (f"over ({self.end_reason})" if self.over else f"seat {self.to_move} to move")]
        for t in self.station:
            v = self._train_view(t, seat)
            chips = (" ".join(f"{s}:{c}" for s, c in v["chips"]) if seat is None
                     else f"mine {v['my_chips']}, per seat {v['chip_counts']}")
            lines.append(f"  {t.name} {t.loco.key:<17} cars {v['slots_used']}/{t.number} "
                         f"{' '.join(v['cards']) or '-':<22} value {v['value']:>3}  chips {v['chips_on']}/{v['chip_capacity']} [{chips}]")
        lines.append(f"  draw pile {len(self.draw_pile)}, locomotives left {len(self.loco_pile)}, "
                     f"discard {len(self.discard)}, scores {self.scores}")
        for s in range(self.players) if seat is None else [seat]:
            lines.append(f"  seat {s}: hand {' '.join(sorted(self.hands[s]))}; chips {self.supply[s]}")
        return "\n".join(lines)

    # ================================================================ results
    def summary(self) -> list[dict]:
        """One row per seat: seat, score, win, rank, turns, best_train, trains_scored, chips_placed,
        cards_played, points_positive, points_negative, chips_placed_v<V>, points_v<V> (per chip value),
        and game facts: players, chip_split (e.g. "1-1-2-2-3-3"), end_reason (last-loco / no-cards /
        stall), departures, unscored_trains, rush_hours, actions."""
        n = self.players
        best = [b if b is not None else 0 for b in self.best]
        key = [(self.scores[s], best[s]) for s in range(n)]  # SM-TIE: best single train breaks ties
        rows = []
        for s in range(n):
            rank = 1 + sum(1 for o in range(n) if key[o] > key[s])
            row: dict[str, Any] = {
                "seat": s, "score": self.scores[s], "win": rank == 1, "rank": rank, "turns": self.turns[s],
                "best_train": best[s], "trains_scored": self.trains_scored[s], "chips_placed": self.chips_placed[s],
                "cards_played": self.cards_played[s], "points_positive": self.points_pos[s],
                "points_negative": self.points_neg[s],
            }
            for v, c in self.placed_by_value[s].items():
                row[f"chips_placed_v{v}"] = c
            for v, p in self.points_by_value[s].items():
                row[f"points_v{v}"] = p
            row.update(players=n, chip_split="-".join(map(str, sorted(self.cfg.chip_values))),
                       end_reason=self.end_reason, departures=len(self.departures),
                       unscored_trains=len(self.unscored), rush_hours=self.rush_hours, actions=len(self.log))
            rows.append(row)
        return rows

    def audit(self) -> None:
        """Check that every card and chip is accounted for and the scores equal a recount.

        Raises ``AssertionError`` naming the first difference (used by the conformance tests).
        """
        info = self.info
        cards = Counter(self.draw_pile)
        locos = Counter(lo.key for lo in self.loco_pile) + Counter(lo.key for lo in self.removed_locos)
        for k in self.discard:
            (cards if k in info else locos)[k] += 1
        for h in self.hands:
            cards.update(h)
        for t in self.station:
            locos[t.loco.key] += 1
            cards.update(k for k, _ in t.cards)
            cards.update(t.standing)
        assert cards == Counter(self.cardlist.cards), f"cards differ: {cards - Counter(self.cardlist.cards)} / {Counter(self.cardlist.cards) - cards}"
        assert locos == Counter(self.cardlist.loco_counts), f"locomotives differ: {locos} vs {self.cardlist.loco_counts}"
        want = sorted(self.cfg.chip_values)
        for s in range(self.players):
            have = list(self.supply[s]) + [v for t in self.station for o, v in t.chips if o == s]
            assert sorted(have) == want, f"seat {s} chips {sorted(have)} != {want}"
        for t in self.station:
            assert len(t.chips) <= self.chip_capacity(t), f"{t.name} over chip capacity"
            assert self.slots_used(t) < t.number, f"{t.name} full but still in the station"
        total = [0] * self.players
        for d in self.departures:
            pts = [sum(c) * d["value"] for c in d["chips"]]
            assert pts == d["points"], f"departure {d['train']}: points {d['points']} != recount {pts}"
            for s in range(self.players):
                total[s] += pts[s]
        assert total == self.scores, f"scores {self.scores} != recount {total}"


#: the check of each kind of turn, by action class: :meth:`StationMasterGame._check` looks
#: up the action's class once instead of testing it against each kind in turn
_CHECKS: Final[dict[type, Callable[..., None]]] = {
    PlaceChip: StationMasterGame._check_chip,
    Pass: StationMasterGame._check_pass,
    PlayCarriage: StationMasterGame._check_carriage,
    PlayBrakeVan: StationMasterGame._check_brake_van,
    PlayRoyal: StationMasterGame._check_royal,
    PlayReassign: StationMasterGame._check_reassign,
    PlayRepair: StationMasterGame._check_repair,
    PlayTransfer: StationMasterGame._check_transfer,
    PlayStandingRoom: StationMasterGame._check_standing_room,
    PlayUncouple: StationMasterGame._check_uncouple,
    PlayRushHour: StationMasterGame._check_rush_hour,
}


def _inherited_check(tp: type) -> Callable[..., None] | None:
    """The check of the nearest action class ``tp`` derives from (None: not a turn)."""
    for base in tp.__mro__[1:]:
        check = _CHECKS.get(base)
        if check is not None:
            return check
    return None
