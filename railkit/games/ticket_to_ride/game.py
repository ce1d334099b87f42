"""The Ticket to Ride engine: state, legal moves, checked moves, observation, scoring.

Rule ids (``TTR-...``) are those of ``docs/rules/ticket-to-ride.md``; each one appears
where it is enforced (as the ``rule`` of an :class:`~railkit.core.errors.IllegalMove`)
or applied (a ``# TTR-...`` comment).

Phases (:attr:`TicketToRide.phase`):

``setup-tickets``
    each seat in turn keeps starting tickets (``keep tickets 1,2``);
``turn``
    a normal turn: draw a card, claim a route or draw tickets;
``second-draw``
    the same player takes a second train card;
``keep-tickets``
    the same player keeps some of the tickets just drawn;
``game-over``
    final scores are in :meth:`TicketToRide.score_breakdown`.

railkit's rulings where the printed rules are silent:

* TTR-NO-ACTION: a player with no legal action passes (``pass``); a full round in
  which every player only passes ends the game.
* TTR-DECK-EMPTY: with deck and discard pile empty the action "draw train cards"
  cannot be chosen at all, not even a face-up card still showing (the seeds; the
  rule ``faceup_when_deck_empty=True`` keeps railkit's earlier ruling that those may
  be taken). A second card of a draw already begun may still be a face-up card;
  if no second card can be taken after a first one, the turn ends.
* TTR-FACEUP-REFILL: whenever cards become available again (the discard pile
  after a claim, reshuffled into a new deck), every empty face-up slot is filled,
  then TTR-FACEUP-3 applies.
* TTR-MAP-TRAINS: ``trains=None`` (the default) gives every player the map's own
  train count (its ``"trains"`` field; teaching-small: 12), else 45.
* TTR-FACEUP-3: at most ``max_redeals`` redeals in a row, then the cards stay.
* TTR-SETUP-ORDER: ``before-tickets``: seat 0 starts and seats choose tickets in
  turn order; ``after-tickets``: seats choose in seat order, then the start player
  is drawn at random. Every seat sees its own starting offer at once.
* TTR-SCORE-LONGEST / Globetrotter: all tied players get the bonus; nobody gets the
  longest-path bonus without a route, nor the Globetrotter without a completed ticket.
* TTR-WIN-TIE: players still tied after tickets and the longest-path bonus share
  the rank and the win.

>>> g = TicketToRide(players=2, seed=1, map="teaching-small")
>>> g.phase, g.current_player
('setup-tickets', 0)
>>> g.apply("keep tickets 1,2")
KeepTickets(keep=(1, 2))
>>> g.apply("keep tickets 1,2,3"); g.phase, g.current_player
KeepTickets(keep=(1, 2, 3))
('turn', 0)
>>> [str(a) for a in g.legal_actions()][-1]
'draw tickets'
"""

# railkit: compiled with mypyc
from __future__ import annotations

import random
from typing import Final, cast

from mypy_extensions import mypyc_attr
from param import Parameterized

from railkit.core.errors import ActionSyntaxError, DataError, IllegalMove
from railkit.core.i18n import Message
from railkit.core.game import Action, Game, frozen_rules, rules_to_dict
from railkit.games.ticket_to_ride.actions import (
    COLOUR_WORDS, Claim, DrawDeck, DrawFaceUp, DrawTickets, KeepTickets, Pass, parse_action,
)
from railkit.games.ticket_to_ride.board import (
    CARD_INDEX, CARD_NAMES, DRAW_DECK, DRAW_TICKETS, GRAY, LOCO_I, PASS, Board, board_for, cuts, find_root, join,
)
from railkit.games.ticket_to_ride.rules import STANDARD_TRAINS, TicketToRideRules
from railkit.games.ticket_to_ride.scoring import rank_seats
from railkit.graphs.trails import trail_of_edges

#: the card names (by card index) and the ends of a game as words of the reader's language
CARD_WORDS: Final = tuple(COLOUR_WORDS[c] for c in CARD_NAMES)
_END_WORDS: Final = {"last round played": Message("last round played"),
                     "a full round of passes": Message("a full round of passes")}

# the phases  # mypyc: Final constant
SETUP: Final = "setup-tickets"
TURN: Final = "turn"
SECOND: Final = "second-draw"
KEEP: Final = "keep-tickets"
OVER: Final = "game-over"
PHASES: Final = (SETUP, TURN, SECOND, KEEP, OVER)


_CLAIMS_LEN: Final = tuple(f"claims_len{ln}" for ln in range(16))

#: Default seat names: the players' train colours on the board (railkit.viz.ticket_to_ride.style.PLAYER_COLOUR_NAMES),
#: chosen apart from the eight card colours so a claimed route never looks like a free one.
SEAT_NAMES = ("Purple", "Teal", "Brown", "Mint", "Lilac")  # railkit.core.game.SEAT_PALETTE

# the action classes for the ``type(action) is ...`` tests  # mypyc: Final constant, identity test
_CLAIM_T: Final = Claim
_DRAW_FACEUP_T: Final = DrawFaceUp
_DRAW_DECK_T: Final = DrawDeck
_DRAW_TICKETS_T: Final = DrawTickets
_KEEP_TICKETS_T: Final = KeepTickets
_PASS_T: Final = Pass


class _FixedFacts:
    """What a game needs of its rules and map that does not change in play (read-only,
    shared by every game on the same rules object and map)."""

    def __init__(self, rules: Parameterized, given: Parameterized, board: Board, settings: dict,
                 route_points: tuple[int, ...], points_by_length: dict[int, int], tickets: tuple,
                 ticket_ends: list[tuple[int, int]], cards: tuple[int, ...]) -> None:
        self.rules = rules  # the rules played (given, or a copy with the route points put in order)
        self.given = given  # the rules object the game was started with
        self.board = board
        self.settings = settings  # every rule setting by name
        self.route_points = route_points  # per route
        self.points_by_length = points_by_length
        self.tickets = tickets  # the ticket deck in map order
        self.ticket_ends = ticket_ends  # per ticket, its two cities as city indices
        self.cards = cards  # the train cards before the shuffle, as card indices


#: (id(rules), id(board)) -> their _FixedFacts (which hold both objects, so the ids stay theirs)
_FIXED: Final[dict[tuple[int, int], _FixedFacts]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: open class (rule variants subclass it)
class TicketToRide(Game):
    """A game of Ticket to Ride.

    Parameters
    ----------
    rules : TicketToRideRules or dict, optional
        Rule settings (default: the base game).
    players : int
        2 to 5.
    seed : int
        Seeds all shuffles.
    map : str, optional (keyword)
        Map name (``"usa"``, ``"teaching-small"``) or path to a map JSON file.
    names : list of str, optional (keyword)
        Seat names; default Purple, Teal, Brown, Mint, Lilac.
    """

    game_name = "ticket-to-ride"
    min_players = 2
    max_players = 5
    file_options = ("map",)
    rules_class = TicketToRideRules
    OPTIONS = ("map", "names")
    log: list[Action]  # mypyc: typed attribute (set by Game, appended to once per action)

    # ================================================================ setup
    def _setup(self) -> None:
        # a new game, step by step (each step is a method below)
        self._read_options()
        fixed = self._read_rules()
        rng = self.rng
        self._deal_train_cards(rng, fixed.cards)  # TTR-SETUP-HAND
        self._deal_tickets(rng)  # TTR-SETUP-TICKETS
        self._clear_board()
        self._clear_turns()
        self._start_ticket_choice()  # TTR-SETUP-ORDER

    def _read_options(self) -> None:
        """The map and the seat names (the game's options), checked."""
        for key in self.options:
            if key not in self.OPTIONS:
                raise DataError("options", f"$.{key}", "one of the options " + ", ".join(self.OPTIONS), key)
        from railkit.maps import load

        map_name = self.options.get("map", "usa")
        if not isinstance(map_name, str):
            raise DataError("options", "$.map", "a map name or the path of a map file", map_name)
        self.map = load(map_name)
        self.board = board_for(self.map)
        n = self.players
        self._seats: int = n  # mypyc: typed attribute (the players)
        if not 1 <= n <= len(SEAT_NAMES) and "names" not in self.options:
            raise DataError("players", "$", f"1 to {len(SEAT_NAMES)} players", n)
        names = self.options.get("names")
        if names is None:
            names = list(SEAT_NAMES[:n])
        if (not isinstance(names, (list, tuple)) or len(names) != n
                or not all(isinstance(x, str) and x.strip() for x in names) or len(set(names)) != n):
            raise DataError("options", "$.names", f"a list of {n} different seat names", names)
        self.names = list(names)

    def _read_rules(self) -> _FixedFacts:
        """Plain copies of the rule settings (param attribute access is slow), shared by
        every game on the same rules object and map (read-only); returns them."""
        board = self.board
        given = self.rules
        fixed = _FIXED.get((id(given), id(board)))
        if fixed is None or fixed.board is not board or (fixed.rules is not given and fixed.given is not given):
            fixed = self._fixed_facts(given, board)
        self.rules = fixed.rules
        self._rv = settings = fixed.settings
        # mypyc: typed attribute
        self._two: bool = settings["faceup_loco_counts_two"]
        self._end_trigger: int = settings["end_trigger"]
        self._loco_limit: int = settings["faceup_loco_limit"]
        self._max_redeals: int = settings["max_redeals"]
        self._fu_empty_ok = bool(settings["faceup_when_deck_empty"])
        # TTR-MAP-TRAINS: the rules' count, else the map's own, else the standard 45
        start_trains = settings["trains"]
        if start_trains is None:
            start_trains = self.map.trains if self.map.trains is not None else STANDARD_TRAINS
        self.start_trains: int = start_trains
        self.route_score = list(fixed.route_points)
        self._points_view = fixed.points_by_length
        self.tickets_all = list(fixed.tickets)
        self._t_ends = fixed.ticket_ends
        return fixed

    def _fixed_facts(self, given: Parameterized, board: Board) -> _FixedFacts:
        """What a game needs of its rules and map that does not change in play, cached in
        :data:`_FIXED` per (rules, board)."""
        settings = rules_to_dict(given)
        settings["faceup_loco_counts_two"] = bool(settings["faceup_loco_counts_two"])
        # route points table (keys may be text after a JSON round trip)
        points: dict[int, int] = {}
        raw_points = settings["route_points"]
        for k, v in raw_points.items():
            try:
                points[int(k)] = int(v)
            except (TypeError, ValueError):
                raise DataError("rules", f"$.route_points.{k}", "route length -> points, whole numbers", v) from None
        for length in sorted(set(board.length)):
            if length not in points:
                raise DataError("rules", "$.route_points", f"points for every route length on the map (missing {length})",
                                raw_points)
        rules = given
        if list(raw_points.items()) != sorted(points.items()):
            # this game's own rules: number keys, sorted (the shared copy is read-only)
            settings["route_points"] = dict(sorted(points.items()))
            rules = frozen_rules(type(given)(**settings))
        if not self.map.tickets and not settings["ticket_deck"]:
            tickets = []  # a map without tickets is played for route points only
        else:
            tickets = self.map.deck(settings["ticket_deck"] or None)
        cards = [c for c in range(8) for _ in range(settings["cards_per_colour"])] + [LOCO_I] * settings["loco_count"]
        fixed = _FixedFacts(
            rules=rules, given=given, board=board, settings=settings,
            route_points=tuple(points[length] for length in board.length),
            points_by_length={length: points[length] for length in sorted(points)},
            tickets=tuple(tickets),
            ticket_ends=[(board.city_index[t.a], board.city_index[t.b]) for t in tickets],
            cards=tuple(cards),
        )
        if len(_FIXED) > 64:
            _FIXED.clear()
        _FIXED[(id(given), id(board))] = fixed
        if rules is not given:
            _FIXED[(id(rules), id(board))] = fixed
        return fixed

    def _deal_train_cards(self, rng: random.Random, cards: tuple[int, ...]) -> None:
        """Shuffle the train ``cards``, deal each hand, turn the face-up row (TTR-SETUP-HAND)."""
        n = self.players
        settings = self._rv
        deck = list(cards)
        _shuffle(rng, deck)
        self.deck: list[int] = deck
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[0] * 9 for _ in range(n)]  # cards held by colour index
        self.cards_total = len(deck)
        hand_size = settings["hand_size"]
        for seat in range(n):
            hand = self.hands[seat]
            for _ in range(hand_size):
                if deck:
                    hand[deck.pop()] += 1
        slots = settings["faceup_count"]
        self._fu_ver = 0
        self._draw_cache: tuple[int, bool, tuple[Action, ...], tuple[Action, ...]] = (-1, False, (), ())
        self._fu_actions = [self.board.faceup(i + 1) for i in range(slots)]
        self.faceup: list[int | None] = [None] * slots
        for i in range(slots):
            self.faceup[i] = self._take_card()
        self.redeals = 0
        self._check_faceup()  # TTR-FACEUP-3 applies to the first row too

    def _deal_tickets(self, rng: random.Random) -> None:
        """Shuffle the tickets and set each seat's starting offer aside (TTR-SETUP-TICKETS)."""
        n = self.players
        ticket_deck = list(range(len(self.tickets_all)))
        _shuffle(rng, ticket_deck)
        self.ticket_deck: list[int] = ticket_deck
        self.tickets: list[list[int]] = [[] for _ in range(n)]
        self.setup_offers: list[list[int]] = []
        deal = self._rv["setup_deal"]
        for _ in range(n):
            k = min(deal, len(ticket_deck))
            self.setup_offers.append(ticket_deck[:k])
            del ticket_deck[:k]

    def _clear_board(self) -> None:
        """Every route free, every player's trains in hand, and the caches of legal claims."""
        n = self.players
        board = self.board
        self.owner: list[int] = [-1] * board.n_routes
        self.closed: list[int] = [-1] * board.n_routes  # seat whose claim closed this track (TTR-DOUBLE-SMALL)
        self.trains = [self.start_trains] * n
        self.route_points = [0] * n
        self.claimed: list[list[int]] = [[] for _ in range(n)]
        self._uf = [list(range(len(board.city_names))) for _ in range(n)]  # each seat's network (union-find)
        self._own_block: list[set[int]] = [set() for _ in range(n)]  # TTR-DOUBLE-SAME
        self._small = n < self._rv["double_min_players"]
        # free routes by [colour][length], gray ones and all by length (route order)
        self._free_col = [[list(x) for x in row] for row in board.start_free_col]
        self._free_gray = [list(x) for x in board.start_free_gray]
        self._free_len = [list(x) for x in board.start_free_len]
        # legal-claim caches: per (colour, length) and table slot -> tuple of Claims (see _turn_actions)
        # While a bucket is untouched its cache is the board's shared one (valid for every
        # game on this map at the start); the first claim in it swaps in a private list.
        self._cc: list[list[list[tuple[Claim, ...] | None]]] = [list(row) for row in board.start_claim_cache]
        self._cg: list[list[list[tuple[Claim, ...] | None]]] = [list(row) for row in board.start_gray_cache]
        #: per colour, the lengths (as bits) with free routes of that colour or gray ones
        self._len_mask = list(board.start_len_mask)
        self._blk_free: list[set[int]] = [set() for _ in range(n)]  # free tracks in _own_block
        self._bk_cache = board.blocked_keys  # the same for every game on this map
        self._bk_seat: list[frozenset | None] = [None] * n  # _blk_keys of each seat's _blk_free
        self._lc: list[tuple[Claim, ...] | None] = list(board.start_loco_claims)

    def _clear_turns(self) -> None:
        """No turn played yet: counters, the end countdown and the views handed out."""
        n = self.players
        self.turn = 0  # normal turns played so far
        self.turns_taken = [0] * n
        self.cards_drawn = [0] * n
        self.tickets_drawn = [0] * n
        self.passes = [0] * n
        self._pass_run = 0
        self.final_turns_left: int | None = None  # TTR-END-TRIGGER countdown
        self.trigger_seat: int | None = None
        self.end_reason = ""
        self.offered: list[int] = []
        self.last_action: tuple[int, Action] | None = None
        self._claim_ver = 0
        self._claimed_pub: dict[str, int] = {}
        self._closed_pub: list[str] = []
        self._pub_out = False  # an observation holds the two above: copy them before a change
        self._obs_cache: dict = {}
        self._final: list[dict] | None = None

    def _start_ticket_choice(self) -> None:
        """TTR-SETUP-ORDER: before-tickets -> seat 0 starts and choosing goes in turn
        order; after-tickets -> choose in seat order, the start player is drawn afterwards."""
        self.start_player: int | None = 0 if self._rv["turn_order"] == "before-tickets" else None
        self._setup_queue = [s for s in range(self.players)]
        self.phase = SETUP
        self._cur = 0
        self._next_setup_chooser()

    def _next_setup_chooser(self) -> None:
        while self._setup_queue:
            s = self._setup_queue[0]
            if self.setup_offers[s]:
                self._cur = s
                self.offered = self.setup_offers[s]
                self._min_keep = min(self._rv["setup_keep"], len(self.offered))
                return
            self._setup_queue.pop(0)  # nothing left to offer this seat
        if self.start_player is None:
            self.start_player = self.rng.randrange(self.players)  # TTR-SETUP-ORDER (after-tickets)
        self.offered = []
        self.phase = TURN
        self._cur = self.start_player
        self._begin_turn()

    # ================================================================ cards
    def _take_card(self) -> int | None:
        """Top card of the deck; the discard pile is shuffled in when it is empty."""
        deck = self.deck
        if not deck:
            if not self.discard:
                return None
            # TTR-DECK-RESHUFFLE
            deck.extend(self.discard)
            self.discard.clear()
            _shuffle(self.rng, deck)
        return deck.pop()

    def _check_faceup(self) -> None:
        # TTR-FACEUP-3: 3 face-up locomotives -> discard all and deal again, at most max_redeals times
        fu = self.faceup
        self._fu_ver += 1
        if _locos(fu) < self._loco_limit:
            return
        redeals = 0
        while _locos(fu) >= self._loco_limit and redeals < self._max_redeals:
            self.discard.extend(c for c in fu if c is not None)
            for i in range(len(fu)):
                fu[i] = None
            for i in range(len(fu)):
                fu[i] = self._take_card()
            redeals += 1
        self.redeals += redeals

    def _refill_faceup(self) -> None:
        # TTR-FACEUP-REFILL: cards are available again -> fill every empty slot, then TTR-FACEUP-3
        fu = self.faceup
        filled = False
        for i in range(len(fu)):
            if fu[i] is None:
                c = self._take_card()
                if c is None:
                    break
                fu[i] = c
                filled = True
        if filled:
            self._check_faceup()

    def _draws(self) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
        """(first-card draws, second-card draws) for the current face-up row and
        deck, cached until either changes."""
        deck_ok = bool(self.deck or self.discard)
        hit = self._draw_cache
        if hit[0] == self._fu_ver and hit[1] == deck_ok:
            return hit[2], hit[3]
        fu = self.faceup
        two = self._two
        # the same rows recur across games: shared per map (the actions are the board's)
        empty_ok = self._fu_empty_ok
        # only colour, locomotive or empty matters: a digit per slot in base 3 (after a
        # leading 1, so rows of different lengths differ), then the three flags
        key = 1
        for c in fu:
            key = key * 3 + (2 if c is None else 1 if c == LOCO_I else 0)
        key = key * 8 + (4 if deck_ok else 0) + (2 if two else 0) + (1 if empty_ok else 0)
        tab = self.board.draw_table
        v = tab.get(key)
        if v is None:
            fa = self._fu_actions
            # TTR-DECK-EMPTY: with deck and discard empty the draw cannot be begun (unless empty_ok)
            first: list[Action] = [fa[i] for i, c in enumerate(fu) if c is not None] if deck_ok or empty_ok else []
            second: list[Action] = [fa[i] for i, c in enumerate(fu) if c is not None and not (two and c == LOCO_I)]
            if deck_ok:
                first.append(DRAW_DECK)
                second.append(DRAW_DECK)
            if len(tab) > 100_000:
                tab.clear()
            v = tab[key] = (tuple(first), tuple(second))
        self._draw_cache = (self._fu_ver, deck_ok, v[0], v[1])
        return v

    def _second_draws(self) -> list[Action]:
        return list(self._draws()[1])

    # ================================================================ turn flow
    @property
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self._cur

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def _begin_turn(self) -> None:
        self.phase = TURN

    def _end_turn(self, passed: bool = False) -> None:
        s = self._cur
        self.turns_taken[s] += 1
        self.turn += 1
        if passed:
            self._pass_run += 1
        else:
            self._pass_run = 0
        left = self.final_turns_left  # mypyc: typed local
        if left is not None:
            left -= 1
            self.final_turns_left = left
            if left <= 0:
                self._game_over("last round played")
                return
        elif self.trains[s] <= self._end_trigger:
            # TTR-END-TRIGGER: every player, this one included, gets one more turn
            self.final_turns_left = self._seats
            self.trigger_seat = s
        if self._pass_run >= self._seats:
            # TTR-NO-ACTION: a full round of passes ends the game (railkit's ruling)
            self._game_over("a full round of passes")
            return
        self._cur = (s + 1) % self._seats
        self.phase = TURN

    def apply_unchecked(self, action: Action) -> None:
        """:meth:`Game.apply_unchecked <railkit.core.game.Game.apply_unchecked>`, compiled
        with the engine: the simulator's hot path, one call per action."""
        self._do(action)
        self.log.append(action)

    def _game_over(self, reason: str) -> None:
        self.phase = OVER
        self.end_reason = reason
        self.offered = []

    # ================================================================ legal moves
    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order: face-up draws (by slot), the
        blind draw, claims (by colour, length, route, most coloured cards first;
        then gray routes; then all-locomotive payments), draw tickets; ``pass``
        only when nothing else is legal."""
        ph = self.phase
        if ph == TURN:
            out = self._turn_actions()
            return out if out else [PASS]
        if ph == SECOND:
            hit = self._draw_cache
            if hit[0] == self._fu_ver and hit[1] == bool(self.deck or self.discard):
                return list(hit[3])
            return self._second_draws()
        if ph == KEEP or ph == SETUP:
            return list(self.board.keep_options(len(self.offered), self._min_keep))
        return []

    def _turn_actions(self) -> list[Action]:
        """The actions of a normal turn, in :meth:`legal_actions` order: draw train cards,
        claim a route (paid with one colour plus locomotives, then with locomotives only),
        draw tickets."""
        hit = self._draw_cache
        if hit[0] == self._fu_ver and hit[1] == bool(self.deck or self.discard):
            out: list[Action] = list(hit[2])
        else:
            out = list(self._draws()[0])
        seat = self._cur
        longest = self.board.max_length
        trains = self.trains[seat]
        reach = longest if trains >= longest else trains if trains > 0 else 0  # TTR-CLAIM-TRAINS
        self._add_set_claims(seat, reach, out)
        if self.hands[seat][LOCO_I]:
            self._add_loco_claims(seat, reach, out)
        if self.ticket_deck:
            out.append(DRAW_TICKETS)  # TTR-TICKETS
        return out

    def _add_set_claims(self, seat: int, reach: int, out: list[Action]) -> None:
        """Append the claims ``seat`` can pay with cards of one colour (and locomotives),
        of routes up to length ``reach``: by colour, length, route, coloured routes before
        gray ones (TTR-CLAIM-PAY, TTR-CLAIM-GRAY).

        Claims come from caches per (colour, length), indexed by the table slot of the
        cards and locomotives held (each capped at the length); a claim empties the caches
        of its bucket only. Only lengths with free routes in reach are visited (a bit mask
        per colour), so listing claims costs a few lookups per colour held."""
        board = self.board
        hand = self.hands[seat]
        blocked = self._blk_free[seat]  # TTR-DOUBLE-SAME: free tracks this seat may not claim
        blocked_keys = None
        if blocked:
            blocked_keys = self._bk_seat[seat]
            if blocked_keys is None:
                blocked_keys = self._bk_seat[seat] = self._blk_keys(blocked)
        cap = board.max_length  # hands holding more cards than the longest route count as that many
        locos = hand[LOCO_I]
        pair_rows = board.pair_rows[locos if locos < cap else cap]
        in_reach = board.len_bits[reach]  # lengths this seat has the trains for
        len_mask = self._len_mask
        free_col = self._free_col
        free_gray = self._free_gray
        for colour in range(8):
            cards = hand[colour]
            if not cards:
                continue
            lengths = len_mask[colour] & in_reach
            if not lengths:
                continue  # no free route of this colour (or gray) within reach
            pairs = pair_rows[lengths]
            if pairs is None:
                pairs = board.pairs_row(locos if locos < cap else cap, lengths)
            colour_cache = self._cc[colour]
            gray_cache = self._cg[colour]
            free_of_colour = free_col[colour]
            # (length, table slot) for each length with free routes within reach of these cards;
            # the colour's routes, then the gray ones, written out twice  # mypyc: unrolled
            for length, slot in pairs[cards if cards < cap else cap]:
                if free_of_colour[length]:
                    claims = colour_cache[length][slot]
                    if claims is None:
                        claims = self._build_claims(colour, length, slot, False)
                    if claims:
                        if blocked_keys is not None and colour * 64 + length in blocked_keys:
                            self._claims_but(free_of_colour[length], colour, slot, blocked, out)
                        else:
                            out += claims
                if free_gray[length]:
                    claims = gray_cache[length][slot]
                    if claims is None:
                        claims = self._build_claims(colour, length, slot, True)
                    if claims:
                        if blocked_keys is not None and colour * 64 + length in blocked_keys:
                            self._claims_but(free_gray[length], colour, slot, blocked, out)
                        else:
                            out += claims

    def _add_loco_claims(self, seat: int, reach: int, out: list[Action]) -> None:
        """Append the claims ``seat`` can pay with locomotives only, of routes up to length
        ``reach``, by length and route (TTR-CLAIM-PAY: all-locomotive payments)."""
        locos = self.hands[seat][LOCO_I]
        blocked = self._blk_free[seat]  # TTR-DOUBLE-SAME
        loco_claim = self.board.loco_claim
        cached = self._lc
        for length in range(1, (locos if locos < reach else reach) + 1):
            claims = cached[length]
            if claims is None:
                claims = cached[length] = tuple(loco_claim(i) for i in self._free_len[length])
            if claims:
                if blocked:
                    out += [loco_claim(i) for i in self._free_len[length] if i not in blocked]
                else:
                    out += claims

    def _blk_keys(self, blk: set[int]) -> frozenset[int]:
        """colour * 64 + length of the claim caches that may hold claims of the routes
        in ``blk`` (all colours for a gray route); cached per set of routes."""
        key = frozenset(blk)
        cache = self._bk_cache
        bk = cache.get(key)
        if bk is None:
            out: set[int] = set()
            col, length = self.board.colour, self.board.length
            for p in blk:
                out.update(range(length[p], 8 * 64 + length[p], 64) if col[p] == GRAY else (col[p] * 64 + length[p],))
            if len(cache) > 100_000:
                cache.clear()
            bk = cache[key] = frozenset(out)
        return bk

    def _build_claims(self, c: int, ln: int, k: int, gray: bool) -> tuple[Claim, ...]:
        # every route in the bucket has length ln: the same slot k of each route's table
        tabs = self.board.route_tables[c]
        v: list[Claim] = []
        for i in (self._free_gray[ln] if gray else self._free_col[c][ln]):
            t = tabs[i]
            if t is None:
                t = self.board.route_table(i, c)
            v += t[k]
        out = tuple(v)
        cache = (self._cg if gray else self._cc)[c]
        slots = cache[ln]
        if slots is self.board.blank_slots[ln]:
            slots = cache[ln] = list(slots)  # this bucket's own list from its first build on
        slots[k] = out
        return out

    def _claims_but(self, routes: list[int], c: int, k: int, blk: set[int], out: list[Action]) -> None:
        """Append to ``out`` what :meth:`_build_claims` holds for ``routes`` (a bucket of
        free routes) in colour ``c`` and slot ``k``, without the claims of the routes in
        ``blk`` (TTR-DOUBLE-SAME): the same claims in the same order, route by route."""
        b = self.board
        tabs = b.route_tables[c]
        for i in routes:
            if i not in blk:
                t = tabs[i]
                if t is None:
                    t = b.route_table(i, c)
                out += t[k]

    def _has_other_action(self) -> bool:
        return bool(self._turn_actions())

    # ================================================================ checks
    def _check(self, action: Action) -> None:
        # Fast paths for the common legal moves; everything else (and every illegal
        # move, with its message) goes through the full check below.
        ph = self.phase
        tp = type(action)
        if ph == TURN:
            if tp is _DRAW_FACEUP_T:
                slot = cast(DrawFaceUp, action).slot
                fu = self.faceup
                if (type(slot) is int and 0 < slot <= len(fu) and fu[slot - 1] is not None
                        and (self.deck or self.discard or self._fu_empty_ok)):
                    return None
            elif tp is _CLAIM_T:
                if self._claim_ok(cast(Claim, action)):
                    return None
            elif tp is _DRAW_DECK_T:
                if self.deck or self.discard:
                    return None
            elif tp is _DRAW_TICKETS_T:
                if self.ticket_deck:
                    return None
        elif ph == SECOND:
            if tp is _DRAW_FACEUP_T:
                slot = cast(DrawFaceUp, action).slot
                fu = self.faceup
                if type(slot) is int and 0 < slot <= len(fu):
                    card = fu[slot - 1]
                    if card is not None and not (card == LOCO_I and self._two):
                        return None
            elif tp is _DRAW_DECK_T:
                if self.deck or self.discard:
                    return None
        return self._check_full(action)

    def _claim_ok(self, a: Claim) -> bool:
        """True when the full claim check would pass (the same conditions, no messages)."""
        b = self.board
        i = b.route_index.get(a.route)
        if i is None:
            return False
        owner = self.owner
        if owner[i] >= 0 or self.closed[i] >= 0:
            return False
        cards, locos = a.cards, a.locos
        ln = b.length[i]
        if type(cards) is not int or type(locos) is not int or cards < 0 or locos < 0 or cards + locos != ln:
            return False
        s = self._cur
        if self.trains[s] < ln:
            return False
        ci = CARD_INDEX.get(a.colour)
        h = self.hands[s]
        if ci == LOCO_I:
            if cards or h[LOCO_I] < locos:
                return False
        elif ci is None or not cards or h[ci] < cards or h[LOCO_I] < locos:
            return False
        else:
            rc = b.colour[i]
            if rc != GRAY and ci != rc:
                return False
        for p in b.parallel[i]:
            if owner[p] == s:
                return False
        return True

    def _check_full(self, action: Action) -> None:
        ph = self.phase
        name = self.names[self._cur] if ph != OVER else ""
        if ph == OVER:
            raise IllegalMove("TTR-END-TRIGGER", Message("The game is over ({why}); no more actions can be played.",
                                                         why=_END_WORDS.get(self.end_reason, self.end_reason)),
                              Message("Look at the final scores, or undo to go back."))
        tp = type(action)
        if ph == SETUP or ph == KEEP:
            if tp is _KEEP_TICKETS_T:
                return self._check_keep(cast(KeepTickets, action))
            rule = "TTR-SETUP-TICKETS" if ph == SETUP else "TTR-TICKETS-DRAW"
            raise IllegalMove(rule, Message("{name} must first choose which of the {n} offered tickets to keep, "
                                            "so '{action}' cannot be played now.",
                                            name=name, n=len(self.offered), action=action),
                              Message("Play 'keep tickets ...' keeping at least {n}.", n=self._min_keep))
        if tp is _KEEP_TICKETS_T:
            raise IllegalMove("TTR-TICKETS-DRAW", Message("{name} has no tickets on offer to keep.", name=name),
                              Message("Draw tickets first with 'draw tickets'."))
        if ph == SECOND:
            if tp is _DRAW_FACEUP_T or tp is _DRAW_DECK_T:
                return self._check_draw(action, second=True)
            raise IllegalMove("TTR-DRAW-2", Message("{name} has drawn one train card and must take a second one, "
                                                    "so '{action}' cannot be played now.", name=name, action=action),
                              Message("Take a face-up card (not a locomotive) or 'draw deck'."))
        # normal turn
        if tp is _CLAIM_T:
            return self._check_claim(cast(Claim, action))
        if tp is _DRAW_FACEUP_T or tp is _DRAW_DECK_T:
            return self._check_draw(action, second=False)
        if tp is _DRAW_TICKETS_T:
            if not self.ticket_deck:
                raise IllegalMove("TTR-TICKETS-DRAW", Message("The ticket deck is empty, so no tickets can be drawn."),
                                  Message("Draw train cards or claim a route instead."))
            return None
        if tp is _PASS_T:
            if self._has_other_action():
                raise IllegalMove("TTR-NO-ACTION", Message("{name} cannot pass: passing is only allowed when no other "
                                                           "action is legal.", name=name),
                                  Message("Draw train cards, claim a route or draw tickets."))
            return None
        raise ActionSyntaxError(str(action), [], "This is not a Ticket to Ride action.")

    def _check_keep(self, a: KeepTickets) -> None:
        k = len(self.offered)
        rule = "TTR-SETUP-TICKETS" if self.phase == SETUP else "TTR-TICKETS-DRAW"
        name = self.names[self._cur]
        keep = a.keep
        if not isinstance(keep, tuple) or any(not isinstance(x, int) for x in keep):
            raise ActionSyntaxError(str(a), [], "Keep tickets by their positions, e.g. 'keep tickets 1,3'.")
        bad = [x for x in keep if not 1 <= x <= k]
        if bad:
            raise IllegalMove(rule, Message("{name} was offered {k} tickets, so there is no ticket number {number}.",
                                            name=name, k=k, number=bad[0]),
                              Message("Use positions 1 to {k}.", k=k))
        if len(set(keep)) != len(keep):
            raise IllegalMove(rule, Message("Ticket number {number} is listed twice.",
                                            number=[x for x in keep if keep.count(x) > 1][0]),
                              Message("List each ticket to keep once."))
        if len(keep) < self._min_keep:
            least = self._min_keep
            example = ",".join(str(i) for i in range(1, least + 1))
            if self.phase == SETUP:
                reason = Message("{name} must keep at least {least} of the {k} offered tickets at the start, "
                                 "not {kept}.", name=name, least=least, k=k, kept=len(keep))
            else:
                reason = Message("{name} must keep at least {least} of the {k} offered tickets after drawing "
                                 "tickets, not {kept}.", name=name, least=least, k=k, kept=len(keep))
            raise IllegalMove(rule, reason, Message("Keep {least} or more, e.g. 'keep tickets {example}'.",
                                                    least=least, example=example))

    def _check_draw(self, a: Action, second: bool) -> None:
        name = self.names[self._cur]
        empty = not self.deck and not self.discard
        if type(a) is _DRAW_DECK_T:
            if empty:
                raise IllegalMove("TTR-DECK-EMPTY", Message("The train deck and the discard pile are both empty, "
                                                            "so no card can be drawn blind."),
                                  Message("Take a face-up card, claim a route or draw tickets.")
                                  if second or self._fu_empty_ok else Message("Claim a route or draw tickets."))
            return None
        if empty and not second and not self._fu_empty_ok:
            raise IllegalMove("TTR-DECK-EMPTY", Message("The train deck and the discard pile are both empty, so "
                                                        "{name} cannot choose 'draw train cards' this turn, not even "
                                                        "a face-up card.", name=name),
                              Message("Claim a route or draw tickets."))
        slot = cast(DrawFaceUp, a).slot
        n = len(self.faceup)
        if not isinstance(slot, int) or not 1 <= slot <= n:
            raise IllegalMove("TTR-DRAW", Message("There is no face-up slot {slot}: the slots are numbered 1 to {k}.",
                                                  slot=slot, k=n),
                              Message("Use 'draw faceup N' with N from 1 to {k}.", k=n))
        card = self.faceup[slot - 1]
        if card is None:
            raise IllegalMove("TTR-DECK-EMPTY", Message("Face-up slot {slot} is empty because the deck and the discard "
                                                        "pile ran out.", slot=slot),
                              Message("Take another face-up card or do something else."))
        if second and card == LOCO_I and self._two:
            raise IllegalMove("TTR-DRAW-LOCO-SECOND", Message("The face-up locomotive in slot {slot} cannot be {name}'s "
                                                              "second card: a face-up locomotive can only be taken as "
                                                              "the first card of a turn.", slot=slot, name=name),
                              Message("Take a coloured face-up card or draw from the deck."))

    def _check_claim(self, a: Claim) -> None:
        b = self.board
        s = self._cur
        name = self.names[s]
        i = b.route_index.get(a.route)
        if i is None:
            import difflib

            close = difflib.get_close_matches(str(a.route), b.route_ids, n=1)
            raise IllegalMove("TTR-CLAIM", Message("There is no route {route!r} on the {map} map.",
                                                   route=a.route, map=self.map.name),
                              Message("Did you mean {close!r}? Route ids look like 'Denver-Omaha' or "
                                      "'Kansas City-Saint Louis/2' (double routes).", close=close[0]) if close else
                              Message("Route ids look like 'Denver-Omaha' or 'Kansas City-Saint Louis/2' "
                                      "(double routes)."))
        rid = a.route
        ln = b.length[i]
        own = self.owner[i]
        if own >= 0:
            reason = (Message("{route} is already claimed by you; only free routes can be claimed.", route=rid)
                      if own == s else
                      Message("{route} is already claimed by {who}; only free routes can be claimed.",
                              route=rid, who=self.names[own]))
            raise IllegalMove("TTR-CLAIM-ANYWHERE", reason, Message("Pick another route."))
        for p in b.parallel[i]:
            if self.owner[p] == s:
                raise IllegalMove("TTR-DOUBLE-SAME", Message("{name} already owns {other}, the other track between "
                                                             "{a} and {b}, and one player may never claim both.",
                                                             name=name, other=b.route_ids[p], a=b.routes[i].a,
                                                             b=b.routes[i].b),
                                  Message("Claim a different route."))
        if self.closed[i] >= 0:
            other = [b.route_ids[p] for p in b.parallel[i] if self.owner[p] >= 0]
            who = self.names[self.closed[i]]
            reason = (Message("With {players} players only one route of a double route can be used: {route} is "
                              "closed because {who} claimed the other one ({other}).",
                              players=self.players, route=rid, who=who, other=other[0]) if other else
                      Message("With {players} players only one route of a double route can be used: {route} is "
                              "closed because {who} claimed the other one.", players=self.players, route=rid, who=who))
            raise IllegalMove("TTR-DOUBLE-SMALL", reason,
                              Message("Double routes open up with {least} or more players.",
                                      least=self._rv['double_min_players']))
        col = a.colour
        cards, locos = a.cards, a.locos
        if not isinstance(cards, int) or not isinstance(locos, int) or cards < 0 or locos < 0:
            raise ActionSyntaxError(str(a), [], "Card counts are whole numbers, 0 or more.")
        if cards + locos != ln:
            raise IllegalMove("TTR-CLAIM-ONE", Message("{route} has length {length}, so it takes exactly {length} "
                                                       "cards, not {paid}: a route is claimed whole, never in part.",
                                                       route=rid, length=ln, paid=cards + locos),
                              Message("Pay {length} cards of one colour, locomotives included.", length=ln))
        ci = CARD_INDEX.get(col)
        if ci is None:
            raise IllegalMove("TTR-CLAIM-PAY", Message("{colour!r} is not a train card colour.", colour=col),
                              Message("Colours: {colours}.", colours=", ".join(CARD_NAMES)))
        if ci == LOCO_I and cards:
            raise ActionSyntaxError(str(a), [], "An all-locomotive payment is written 'claim ROUTE loco xN'.")
        if ci != LOCO_I and cards == 0:
            raise IllegalMove("TTR-CLAIM-PAY", Message("The payment names {colour} but has no {colour} card.",
                                                       colour=CARD_WORDS[ci]),
                              Message("Write an all-locomotive payment as 'claim {route} loco x{length}'.",
                                      route=rid, length=ln))
        rc = b.colour[i]
        gray = rc == GRAY
        if not gray and ci != LOCO_I and ci != rc:
            raise IllegalMove("TTR-CLAIM-PAY", Message("{route} is a {colour} route, so it takes {colour} cards "
                                                       "(and locomotives), not {paid}.",
                                                       route=rid, colour=CARD_WORDS[rc], paid=CARD_WORDS[ci]),
                              Message("Pay with {colour} cards and locomotives.", colour=CARD_WORDS[rc]))
        t = self.trains[s]
        if t < ln:
            raise IllegalMove("TTR-CLAIM-TRAINS", Message("{name} has {n} train left but {route} needs {length}.",
                                                          plural="{name} has {n} trains left but {route} needs "
                                                          "{length}.", name=name, n=t, route=rid, length=ln),
                              Message("Claim a shorter route."))
        h = self.hands[s]
        have_c = h[ci] if ci != LOCO_I else 0
        if have_c < cards or h[LOCO_I] < locos:
            rule = "TTR-CLAIM-GRAY" if gray else "TTR-CLAIM-PAY"
            locos_txt = Message("{n} locomotive", plural="{n} locomotives", n=locos)
            have_l = Message("{n} locomotive", plural="{n} locomotives", n=h[LOCO_I])
            if ci == LOCO_I:
                pay, held = locos_txt, have_l
            else:
                word = CARD_WORDS[ci]
                pay = Message("{n} {colour} card", plural="{n} {colour} cards", n=cards, colour=word)
                if locos:
                    pay = Message("{cards} and {locos}", cards=pay, locos=locos_txt)
                held = Message("{cards} and {locos}", cards=Message("{n} {colour} card", plural="{n} {colour} cards",
                                                                    n=have_c, colour=word), locos=have_l)
            if gray:
                reason = Message("{name} cannot pay {pay} for {route}: the hand holds {held} (a gray route takes "
                                 "cards of any one colour plus locomotives).", name=name, pay=pay, route=rid,
                                 held=held)
            else:
                reason = Message("{name} cannot pay {pay} for {route}: the hand holds {held}.",
                                 name=name, pay=pay, route=rid, held=held)
            raise IllegalMove(rule, reason, Message("Draw more train cards first."))

    # ================================================================ doing
    def _do(self, action: Action) -> None:
        tp = type(action)
        s = self._cur
        self.last_action = (s, action)
        if tp is _DRAW_FACEUP_T:
            self._do_draw_faceup(s, cast(DrawFaceUp, action).slot)
        elif tp is _DRAW_DECK_T:
            self._do_draw_deck(s)
        elif tp is _CLAIM_T:
            self._do_claim(s, cast(Claim, action))
        elif tp is _KEEP_TICKETS_T:
            self._do_keep(s, cast(KeepTickets, action).keep)
        elif tp is _DRAW_TICKETS_T:
            # TTR-TICKETS, TTR-TICKETS-DRAW: draw up to ticket_draw (fewer if the deck is short)
            k = min(self._rv["ticket_draw"], len(self.ticket_deck))
            self.offered = self.ticket_deck[:k]
            del self.ticket_deck[:k]
            self.tickets_drawn[s] += k
            self._min_keep = min(self._rv["ticket_keep"], k)
            self.phase = KEEP
        elif tp is _PASS_T:
            self.passes[s] += 1  # TTR-NO-ACTION
            self._end_turn(passed=True)

    def _after_first_card(self) -> None:
        # TTR-DRAW-2: a second card follows, unless nothing can be taken
        if self.deck or self.discard:
            self.phase = SECOND
            return
        two = self._two
        for c in self.faceup:
            if c is not None and not (two and c == LOCO_I):
                self.phase = SECOND
                return
        self._end_turn()

    def _do_draw_deck(self, s: int) -> None:
        deck = self.deck
        card = deck.pop() if deck else cast(int, self._take_card())  # a draw is only offered when a card is there
        self.hands[s][card] += 1  # TTR-HAND-UNLIMITED: no hand limit
        self.cards_drawn[s] += 1
        if self.phase == SECOND:
            self._end_turn()
        else:
            self._after_first_card()  # TTR-DRAW-BLIND-LOCO: a blind locomotive is one card

    def _do_draw_faceup(self, s: int, slot: int) -> None:
        fu = self.faceup
        card = cast(int, fu[slot - 1])  # checked: the slot holds a card
        self.hands[s][card] += 1
        self.cards_drawn[s] += 1
        deck = self.deck
        fu[slot - 1] = deck.pop() if deck else self._take_card()  # TTR-DRAW-REFILL
        if _locos(fu) >= self._loco_limit:
            self._check_faceup()
        else:
            self._fu_ver += 1  # what _check_faceup does when there is nothing to redeal
        if self.phase == SECOND:
            self._end_turn()
        elif card == LOCO_I and self._two:
            self._end_turn()  # TTR-DRAW-LOCO-FIRST: a face-up locomotive is the whole draw
        else:
            self._after_first_card()

    def _do_claim(self, s: int, a: Claim) -> None:
        b = self.board
        rid, cards, locos = a.route, a.cards, a.locos  # mypyc: read once
        i = b.route_index[rid]
        h = self.hands[s]
        # TTR-CLAIM-PAY: paid cards go to the discard pile
        if cards:
            ci = CARD_INDEX[a.colour]
            h[ci] -= cards
            self.discard.extend([ci] * cards)
        if locos:
            h[LOCO_I] -= locos
            self.discard.extend([LOCO_I] * locos)
        if _has_empty(self.faceup):
            self._refill_faceup()  # TTR-FACEUP-REFILL: the paid cards make the row whole again
        ln = b.length[i]
        self.trains[s] -= ln
        self.owner[i] = s
        self.claimed[s].append(i)
        self.route_points[s] += self.route_score[i]  # TTR-CLAIM-SCORE
        self._claim_ver += 1
        # views for observations, copied before a change once one was handed out
        if self._pub_out:
            self._claimed_pub = dict(self._claimed_pub)
            self._closed_pub = list(self._closed_pub)
            self._pub_out = False
        self._claimed_pub[rid] = s
        self._remove_free(i)
        self._unblock(i)
        for p in b.parallel[i]:
            if self._small:
                if self.owner[p] < 0 and self.closed[p] < 0:
                    self.closed[p] = s  # TTR-DOUBLE-SMALL: the other track is closed to everyone
                    self._closed_pub.append(b.route_ids[p])
                    self._remove_free(p)
                    self._unblock(p)
            else:
                self._own_block[s].add(p)  # TTR-DOUBLE-SAME
                if self.owner[p] < 0 and self.closed[p] < 0:
                    self._blk_free[s].add(p)
                    self._bk_seat[s] = None
        # union the two cities in this seat's network (ticket checks)
        join(self._uf[s], b.end_a[i], b.end_b[i])
        self._end_turn()  # TTR-CLAIM-ONE: one route, then the turn ends

    def _unblock(self, i: int) -> None:
        """Track ``i`` is taken: no seat's blocked free tracks hold it any more."""
        for seat, bf in enumerate(self._blk_free):
            if i in bf:
                bf.discard(i)
                self._bk_seat[seat] = None

    def _remove_free(self, i: int) -> None:
        """Free track ``i`` is claimed or closed: take it out of the free buckets (where
        every free track is) and empty the claim caches of its bucket."""
        b = self.board
        ln, c = b.length[i], b.colour[i]
        bucket = self._free_gray[ln] if c == GRAY else self._free_col[c][ln]
        bucket.remove(i)
        self._free_len[ln].remove(i)
        self._lc[ln] = None
        blank = b.blank_slots[ln]  # the claim caches of this bucket: nothing built
        off = ~(1 << ln)
        lm = self._len_mask
        if c == GRAY:
            for cc in range(8):
                self._cg[cc][ln] = blank
                if not bucket and not self._free_col[cc][ln]:
                    lm[cc] &= off
        else:
            self._cc[c][ln] = blank
            if not bucket and not self._free_gray[ln]:
                lm[c] &= off

    def _do_keep(self, s: int, keep: tuple[int, ...]) -> None:
        offered = self.offered
        chosen = set(keep)
        kept = [offered[j - 1] for j in sorted(chosen)]
        back = [t for j, t in enumerate(offered, 1) if j not in chosen]
        self.tickets[s].extend(kept)
        self.ticket_deck.extend(back)  # returned tickets go to the bottom; never reshuffled
        self.offered = []
        if self.phase == SETUP:
            self._setup_queue.pop(0)
            self._next_setup_chooser()
        else:
            self._end_turn()

    # ================================================================ parsing
    def parse_action(self, text: str) -> Action:
        """Read an action from text; see :mod:`railkit.games.ticket_to_ride.actions`.

        A claim paid with two colours is refused as ``TTR-CLAIM-PAY`` (a set is one
        colour), or ``TTR-CLAIM-GRAY`` when the route named is a gray one.
        """
        try:
            return parse_action(text)
        except IllegalMove as e:
            route = text.strip()[len("claim"):].strip() if isinstance(text, str) else ""
            b = self.board
            for rid in b.route_ids:
                if route.startswith(rid + " ") and b.colour[b.route_index[rid]] == GRAY:
                    said = cast(Message, e.message).args  # the two colours parse_action found
                    raise IllegalMove("TTR-CLAIM-GRAY", Message("'{text}' pays with {first} and {second} cards, but "
                                                                "the cards for a gray route must be a set of one "
                                                                "colour (locomotives may join any set).",
                                                                text=said["text"], first=said["first"],
                                                                second=said["second"]),
                                      e.hint_message) from None
            raise

    # ================================================================ views
    def ticket_done(self, seat: int, ticket: int) -> bool:
        """Is ticket number ``ticket`` (index into the game's ticket list) joined by
        ``seat``'s routes? (TTR-SCORE-TICKETS)"""
        a, b = self._t_ends[ticket]
        uf = self._uf[seat]
        return find_root(uf, a) == find_root(uf, b)

    def _ticket_view(self, seat: int, ids: list[int], done: bool = True) -> list[dict]:
        out = []
        for t in ids:
            tk = self.tickets_all[t]
            d = {"a": tk.a, "b": tk.b, "points": tk.points}
            if done:
                d["done"] = self.ticket_done(seat, t)
            out.append(d)
        return out


    def _my_tickets(self, seat: int) -> list[dict]:
        key = ("tickets", seat)
        c = self._obs_cache
        stamp = (len(self.claimed[seat]), len(self.tickets[seat]))
        hit = c.get(key)
        if hit is None or hit[0] != stamp:
            hit = c[key] = (stamp, self._ticket_view(seat, self.tickets[seat]))
        return hit[1]

    def _faceup_names(self) -> list:
        c = self._obs_cache
        hit = c.get("faceup")
        if hit is None or hit[0] != self._fu_ver:
            hit = c["faceup"] = (self._fu_ver, [None if x is None else CARD_NAMES[x] for x in self.faceup])
        return hit[1]

    def observe(self, seat: int | None) -> dict:
        """What ``seat`` may see (``None``: a spectator, public facts only).

        Keys:

        * ``seat``, ``name``, ``names``, ``players``, ``map``, ``route_points``
          (length -> points), ``phase``, ``current_player``, ``turn`` (turns played),
          ``last_action`` ({seat, action} or None), ``start_player``;
        * own secrets: ``hand`` (colour or ``"loco"`` -> count), ``tickets`` (list of
          {a, b, points, done}), ``offered`` (tickets on offer to this seat: its
          starting offer until it has chosen, the tickets just drawn while it
          chooses, else []), ``min_keep``, ``trains``, ``score`` (route points so far);
        * public: ``faceup`` (colour names, None for an empty slot), ``deck_size``,
          ``discard_size``, ``ticket_deck_size``, per seat lists ``hand_sizes``,
          ``ticket_counts``, ``trains_left``, ``scores``, ``route_counts``;
          ``claimed`` (route id -> seat), ``closed`` (double tracks closed by
          TTR-DOUBLE-SMALL), ``final_round`` (bool), ``final_turns_left``;
        * once the game is over: ``final`` (the :meth:`score_breakdown`).

        The dict is fresh; the lists and dicts in it may be shared with other
        observations (they are rebuilt when they change): treat them as read-only.

        Examples
        --------
        >>> g = TicketToRide(players=2, seed=0, map="teaching-small")
        >>> obs = g.observe(1)
        >>> obs["hand_sizes"], len(obs["offered"]), obs["min_keep"]
        ([4, 4], 3, 2)
        """
        la = self.last_action
        hands = self.hands
        n = self.players
        c = self._obs_cache
        pub = c.get("pub")
        if pub is None or pub[3] != self._claim_ver:
            pub = c["pub"] = (list(self.trains), list(self.route_points), [len(x) for x in self.claimed],
                              self._claim_ver)
        self._pub_out = True
        obs = {
            "seat": seat,
            "name": self.names[seat] if seat is not None else None,
            "names": self.names,
            "players": n,
            "map": self.options.get("map", "usa"),
            "route_points": self._points_view,
            "phase": self.phase,
            "current_player": self.current_player,
            "turn": self.turn,
            "last_action": {"seat": la[0], "action": self.board.action_text(la[1])} if la else None,
            "start_player": self.start_player,
            "faceup": self._faceup_names(),
            "deck_size": len(self.deck),
            "discard_size": len(self.discard),
            "ticket_deck_size": len(self.ticket_deck),
            "hand_sizes": [_cards(h) for h in hands],
            "ticket_counts": [len(x) for x in self.tickets],
            "trains_left": pub[0],
            "scores": pub[1],
            "route_counts": pub[2],
            "claimed": self._claimed_pub,  # handed out: the next claim copies them first
            "closed": self._closed_pub,
            "final_round": self.final_turns_left is not None,
            "final_turns_left": self.final_turns_left,
        }
        if seat is not None:
            h = hands[seat]
            obs["hand"] = {CARD_NAMES[c]: h[c] for c in range(9)}
            obs["tickets"] = self._my_tickets(seat)
            ph = self.phase
            if ph == KEEP and self._cur == seat:
                obs["offered"] = self._ticket_view(seat, self.offered, done=False)
                obs["min_keep"] = self._min_keep
            elif ph == SETUP and seat in self._setup_queue:  # every seat sees its own starting offer
                offer = self.setup_offers[seat]
                obs["offered"] = self._ticket_view(seat, offer, done=False)
                obs["min_keep"] = min(self._rv["setup_keep"], len(offer))
            else:
                obs["offered"] = []
                obs["min_keep"] = 0
            obs["trains"] = self.trains[seat]
            obs["score"] = self.route_points[seat]
        if self.phase == OVER:
            obs["final"] = self.score_breakdown()
        return obs

    # ================================================================ scoring
    def score_breakdown(self) -> list[dict]:
        """The score of every seat, broken down (final once the game is over,
        "if the game ended now" before that).

        Per seat: ``seat``, ``name``, ``route_points``, ``tickets`` (a, b, points,
        done), ``ticket_points``, ``tickets_completed``, ``tickets_failed``,
        ``longest_trail`` (trains), ``longest_routes`` (route ids in walking order),
        ``longest_bonus``, ``globetrotter_bonus``, ``total``, ``rank``, ``win``,
        ``tie_break`` (why a tie on points was decided, '' if none).
        """
        if self._final is not None:
            return self._final
        rv = self._rv
        n = self.players
        rows = []
        for s in range(n):
            tks = self._ticket_view(s, self.tickets[s])
            done = sum(1 for t in tks if t["done"])
            tp = sum(t["points"] if t["done"] else -t["points"] for t in tks)  # TTR-SCORE-TICKETS
            trail, trail_ids = self._longest(s)  # TTR-SCORE-LONGEST
            rows.append({"seat": s, "name": self.names[s],
                         "route_points": self.route_points[s],  # TTR-SCORE-ROUTES
                         "tickets": tks, "ticket_points": tp, "tickets_completed": done,
                         "tickets_failed": len(tks) - done, "longest_trail": trail, "longest_routes": trail_ids})
        best = max(x["longest_trail"] for x in rows)
        most = max(x["tickets_completed"] for x in rows)
        for x in rows:
            x["longest_bonus"] = rv["longest_bonus"] if (best > 0 and x["longest_trail"] == best) else 0
            x["globetrotter_bonus"] = rv["globetrotter_bonus"] if (most > 0 and x["tickets_completed"] == most) else 0
            x["total"] = x["route_points"] + x["ticket_points"] + x["longest_bonus"] + x["globetrotter_bonus"]
        holder = [x["longest_trail"] == best and best > 0 for x in rows]
        ranks, wins, why = rank_seats([x["total"] for x in rows], [x["tickets_completed"] for x in rows],
                                      holder, self.names)  # TTR-WIN-TIE
        for s, x in enumerate(rows):
            x["rank"], x["win"], x["tie_break"] = ranks[s], wins[s], why[s]
        if self.phase == OVER:
            self._final = rows
        return rows

    def _longest(self, seat: int) -> tuple[int, list[str]]:
        """:func:`~railkit.games.ticket_to_ride.scoring.longest_path` of ``seat``'s routes
        (the same graph, cities numbered in the same order), from the board's arrays."""
        mine = self.claimed[seat]
        if not mine:
            return 0, []
        b = self.board
        ea, eb, length = b.end_a, b.end_b, b.length
        index = [-1] * len(b.city_names)  # city -> its node number, in the order first reached
        nodes = 0
        edges = []
        for i in mine:
            x = index[ea[i]]
            if x < 0:
                x = index[ea[i]] = nodes
                nodes += 1
            y = index[eb[i]]
            if y < 0:
                y = index[eb[i]] = nodes
                nodes += 1
            edges.append((x, y, length[i]))
        total, path = trail_of_edges(nodes, edges)
        ids = b.route_ids
        return int(total), [ids[mine[k]] for k in path]  # route lengths are whole numbers

    def final_scores(self) -> list[dict]:
        """The final :meth:`score_breakdown`; raises if the game is not over."""
        if self.phase != OVER:
            raise IllegalMove("TTR-END-TRIGGER", Message("The game is not over yet, so there are no final scores."),
                              Message("Use score_breakdown() for the scores if the game ended now."))
        return self.score_breakdown()

    def blocks(self) -> list[int]:
        """Per seat, its claims that took an obvious choke of another seat's network
        (:func:`~railkit.games.ticket_to_ride.board.obvious_chokes`): at the time of the
        claim the route joined two pieces of that seat's claimed routes and going round it
        cost 3 or more trains extra (or was impossible). Read from the public claims in the
        order of the log; a claim that cuts two seats counts once.

        >>> g = TicketToRide(players=2, seed=1, map="teaching-small")
        >>> g.blocks()
        [0, 0]
        """
        b = self.board
        n = self.players
        cities = len(b.city_names)
        end_a, end_b, route_index, owner, parallel = b.end_a, b.end_b, b.route_index, self.owner, b.parallel
        # per seat, as obvious_chokes builds them, kept up to date claim by claim: the route
        # costs (0: its own, -1: unusable), its network's pieces and the cities it touches
        cost = [b.length[:] for _ in range(n)]
        uf = [list(range(cities)) for _ in range(n)]
        touched = [[False] * cities for _ in range(n)]
        out = [0] * n
        for a in self.log:
            if type(a) is not _CLAIM_T:
                continue
            i = route_index[cast(Claim, a).route]
            s = owner[i]
            u, v = end_a[i], end_b[i]
            if any(t != s and cuts(b, cost[t], uf[t], touched[t], i, n) for t in range(n)):
                out[s] += 1
            for t in range(n):
                cost[t][i] = 0 if t == s else -1
            for p in parallel[i]:
                if self._small:  # TTR-DOUBLE-SMALL: the other track closes to everyone
                    for t in range(n):
                        cost[t][p] = -1
                else:  # the other track of one's own double is never one's to use
                    cost[s][p] = -1
            touched[s][u] = touched[s][v] = True
            join(uf[s], u, v)
        return out

    def summary(self) -> list[dict]:
        """One row per seat for simulation tables.

        Columns: ``seat``, ``name``, ``score``, ``win``, ``rank``, ``turns`` (turns this
        seat played); the breakdown ``route_points``, ``ticket_points``,
        ``tickets_completed``, ``tickets_failed``, ``longest_trail``, ``longest_bonus``,
        ``globetrotter_bonus``; facts ``trains_left``, ``routes_claimed``, ``cards_drawn``,
        ``cards_in_hand``, ``tickets_drawn``, ``tickets_kept``, ``passes``,
        ``claims_len1`` ... ``claims_lenN`` (routes claimed by length), ``blocks`` (claims of
        an obvious choke of another seat's network, :meth:`blocks`); lists of text
        ``routes`` (route ids), ``cities`` (cities touched), ``tickets``, ``tickets_done``;
        ``tie_break``, ``players``, ``start_player``, ``end_reason``, ``game_turns``.
        """
        rows = self.score_breakdown()
        b = self.board
        blocks = self.blocks()
        out = []
        for x in rows:
            s = x["seat"]
            mine = self.claimed[s]
            ids = [b.route_ids[i] for i in mine]
            ea, eb = b.end_a, b.end_b
            touched = [False] * len(b.city_names)
            for i in mine:
                touched[ea[i]] = touched[eb[i]] = True
            cities = [b.city_names[c] for c in b.cities_by_name if touched[c]]  # sorted by name
            by_len = [0] * (b.max_length + 1)
            for i in mine:
                by_len[b.length[i]] += 1
            row = {
                "seat": s, "name": x["name"], "score": x["total"], "win": x["win"], "rank": x["rank"],
                "turns": self.turns_taken[s],
                "route_points": x["route_points"], "ticket_points": x["ticket_points"],
                "tickets_completed": x["tickets_completed"], "tickets_failed": x["tickets_failed"],
                "longest_trail": x["longest_trail"], "longest_bonus": x["longest_bonus"],
                "globetrotter_bonus": x["globetrotter_bonus"],
                "trains_left": self.trains[s], "routes_claimed": len(ids),
                "cards_drawn": self.cards_drawn[s], "cards_in_hand": _cards(self.hands[s]),
                "tickets_drawn": self.tickets_drawn[s], "tickets_kept": len(self.tickets[s]),
                "passes": self.passes[s], "blocks": blocks[s],
                "routes": ids, "cities": cities,
                "tickets": [f"{t['a']}-{t['b']}" for t in x["tickets"]],
                "tickets_done": [f"{t['a']}-{t['b']}" for t in x["tickets"] if t["done"]],
                "tie_break": x["tie_break"],
                "players": self.players, "start_player": self.start_player,
                "end_reason": self.end_reason, "game_turns": self.turn,
            }
            for ln in range(1, b.max_length + 1):
                row[_CLAIMS_LEN[ln] if ln < len(_CLAIMS_LEN) else f"claims_len{ln}"] = by_len[ln]
            out.append(row)
        return out

    # ================================================================ text
    def __repr__(self) -> str:
        cp = self.current_player
        who = f", {self.names[cp]} to play" if cp is not None else ""
        return (f"<TicketToRide {self.map.name} {self.players}p seed={self.seed} phase={self.phase}{who}, "
                f"{len(self.log)} actions>")

    def __str__(self) -> str:
        lines = [repr(self)]
        fu = ", ".join("-" if c is None else CARD_NAMES[c] for c in self.faceup)
        lines.append(f"face-up: {fu} | deck {len(self.deck)}, discard {len(self.discard)}, "
                     f"tickets {len(self.ticket_deck)}")
        b = self.board
        for s in range(self.players):
            mark = ">" if s == self.current_player else " "
            h = self.hands[s]
            hand = " ".join(f"{CARD_NAMES[c]}:{h[c]}" for c in range(9) if h[c])
            routes = ", ".join(b.route_ids[i] for i in self.claimed[s]) or "-"
            lines.append(f"{mark} {self.names[s]}: {self.route_points[s]} pts, {self.trains[s]} trains, "
                         f"{len(self.tickets[s])} tickets, hand [{hand}]; routes: {routes}")
        if self.final_turns_left is not None and self.phase != OVER:
            lines.append(f"last round: {self.final_turns_left} turn(s) left")
        if self.phase == OVER:
            for x in self.score_breakdown():
                lines.append(f"  {x['rank']}. {x['name']} {x['total']} = routes {x['route_points']} + tickets "
                             f"{x['ticket_points']} + longest {x['longest_bonus']} + globetrotter "
                             f"{x['globetrotter_bonus']}" + (f" ({x['tie_break']})" if x["tie_break"] else ""))
        return "\n".join(lines)


def _cards(hand: list[int]) -> int:  # mypyc: native loop
    """The cards in a hand: ``sum(hand)``."""
    n = 0
    for k in hand:
        n += k
    return n


def _has_empty(row: list[int | None]) -> bool:  # mypyc: native loop, identity test
    """``None in row``: is a face-up slot empty?"""
    for c in row:
        if c is None:
            return True
    return False


def _locos(row: list[int | None]) -> int:  # mypyc: native loop
    """The locomotives face up: ``row.count(LOCO_I)``."""
    n = 0
    for c in row:
        if c is not None and c == LOCO_I:
            n += 1
    return n


def _shuffle(rng: random.Random, x: list) -> None:  # mypyc: native loop
    """``rng.shuffle(x)``, the same permutation and generator state, without a
    Python call per card (checked against ``random.Random.shuffle`` on first use;
    falls back to it if they ever differ)."""
    ok = _SHUFFLE_OK
    if ok is None:
        ok = _check_shuffle()
    if not ok or type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_SHUFFLE_OK: bool | None = None


def _check_shuffle() -> bool:
    global _SHUFFLE_OK
    _SHUFFLE_OK = False  # the plain shuffle while checking
    ok = True
    for seed in (0, 1, 12345):
        a, b = random.Random(seed), random.Random(seed)
        x, y = list(range(257)), list(range(257))
        a.shuffle(x)
        _SHUFFLE_OK = True
        _shuffle(b, y)
        _SHUFFLE_OK = False
        ok = ok and x == y and a.getstate() == b.getstate()
    _SHUFFLE_OK = ok
    return ok
