"""Station Master actions and their text forms.

Trains are named ``T1``, ``T2`` ... in the order their locomotives entered the
station (a name is never reused in a game). One action is one whole turn:

=====================================  ============================================================
text                                   meaning
=====================================  ============================================================
``chip 2 on T1``                       place one of your chips of value 2, face down, on train T1
``play +3 on T2``                      couple the carriage ``+3`` (``-2``, ``lux+4`` ...) to T2
``play brake-van on T1``               Brake Van: T1 leaves at once
``play royal on T1``                   Royal Carriage: double T1's last two carriages
``play reassign T1->T3``               move T1's last carriage to the end of T3
``play repair-5``                      Repair: look at the top 5 discards, none can be coupled
``play repair-5 take -1 on T2``        Repair: take the carriage ``-1`` from the top 5 discards to T2
``play transfer T1->T3 owners 0,0,2``  move two of seat 0's chips and one of seat 2's from T1 to T3
                                       (up to 3 chips and the room on T3; values stay unseen)
``play standing-room on T2``           Standing Room on T2 (one more chip place)
``play standing-room on T2 chip 3``    ... and place a chip of value 3 there at once
``play uncouple 2 from T4``            remove T4's last 2 carriages to the discard pile
``play rush-hour``                     Rush Hour (only when held in hand): a new locomotive enters
``pass``                               nothing else is legal
=====================================  ============================================================

>>> a = parse_action("play repair-5 take -1 on T2")
>>> a
PlayRepair(card='repair-5', take='-1', train=2)
>>> str(a)
'play repair-5 take -1 on T2'
>>> parse_action("play transfer T1->T3 owners 2,0,0")
PlayTransfer(source=1, target=3, owners=(0, 0, 2))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from railkit.core.errors import ActionSyntaxError
from railkit.core.game import Action, action_text, seat_label
from railkit.core.i18n import Message, joined

FORMS = (
    "chip V on Tn", "play CARRIAGE on Tn (CARRIAGE like +3, -2, lux+4)", "play brake-van on Tn", "play royal on Tn",
    "play reassign Tn->Tm", "play repair-D", "play repair-D take CARRIAGE on Tn", "play transfer Tn->Tm owners S,S,...",
    "play standing-room on Tn", "play standing-room on Tn chip V", "play uncouple N from Tn", "play rush-hour", "pass",
)


def train_name(tid: int) -> str:
    return f"T{tid}"


#: the special cards' names: the names the rules give them, in every language (the German
#: rules call the Brake Van "Bremswagen"; docs/rules/glossary-station-master.md)
SPECIAL_NAMES = {
    "brake-van": Message("Brake Van"), "royal": Message("Royal Carriage"),
    "reassign": Message("Re-Assign Carriage"), "transfer": Message("Transfer Passengers"),
    "standing-room": Message("Standing Room"), "uncouple": Message("Uncouple"), "rush-hour": Message("Rush Hour"),
}


#: a locomotive's kind as words of the reader's language
LOCO_KIND_WORDS = {"standard": Message("Standard"), "executive": Message("Executive"), "freight": Message("Freight")}
#: a locomotive card's id (:func:`~railkit.games.station_master.cards.loco_key`)
LOCO_KEY = re.compile(r"L(\d+)(-exec|-freight)?(-green)?")


def card_name(key: str):
    """A card's name as players read it: a message (a carriage's value as it is); a locomotive
    card (``L6-freight-green``, see :func:`~railkit.games.station_master.cards.loco_key`) by its
    number, kind and banner.

    >>> str(card_name("lux-2")), card_name("+3"), str(card_name("repair-5")), str(card_name("royal"))
    ('Luxury −2', '+3', 'Repair (top 5)', 'Royal Carriage')
    >>> str(card_name("L6-freight-green")), str(card_name("L5-exec")), str(card_name("L3"))
    ('locomotive 6, Freight, green banner', 'locomotive 5, Executive', 'locomotive 3, Standard')
    """
    loco = LOCO_KEY.fullmatch(key)
    if loco is not None:
        kind = LOCO_KIND_WORDS[{"-exec": "executive", "-freight": "freight"}.get(loco.group(2) or "", "standard")]
        if loco.group(3):
            return Message("locomotive {number}, {kind}, green banner", number=int(loco.group(1)), kind=kind)
        return Message("locomotive {number}, {kind}", number=int(loco.group(1)), kind=kind)
    if key.startswith("lux"):
        return Message("Luxury {value}", value=key[3:].replace("-", "−"))
    if key[:1] in "+-":
        return key.replace("-", "−")
    if key.startswith("repair-"):
        return Message("Repair (top {n})", n=key[7:])
    return SPECIAL_NAMES.get(key, key)


def _owners(owners, names) -> Message:
    """Whose chips a Transfer moves: "2× Ann + 1× Bo" (seats named by ``names``, else Player N)."""
    counts: dict[int, int] = {}
    for o in owners:
        counts[o] = counts.get(o, 0) + 1
    parts = [Message("{n}× {name}", n=n, name=names[o] if names is not None and o < len(names)
                     else seat_label(o)) for o, n in sorted(counts.items())]
    return joined(parts, lambda a, b: Message("{a} + {b}", a=a, b=b)) or Message("nobody's chips")


@dataclass(frozen=True, slots=True)
class PlaceChip(Action):
    """Turn option 1: a chip of face value ``value`` goes face down on train ``train``."""

    value: int
    train: int

    def __str__(self) -> str:
        return f"chip {self.value} on T{self.train}"

    def words(self, names=None) -> Message:
        """The move as a sentence for the player (a message; ``names``: the seats' names)."""
        return Message("Place chip {value} on T{train}", value=self.value, train=self.train)


@dataclass(frozen=True, slots=True)
class PlayCarriage(Action):
    """Turn option 2: couple the carriage card ``card`` (e.g. ``"+3"``) to ``train``."""

    card: str
    train: int

    def __str__(self) -> str:
        return f"play {self.card} on T{self.train}"

    def words(self, names=None) -> Message:
        return Message("Couple {card} to T{train}", card=card_name(self.card), train=self.train)


@dataclass(frozen=True, slots=True)
class PlayBrakeVan(Action):
    card = "brake-van"
    train: int

    def __str__(self) -> str:
        return f"play brake-van on T{self.train}"

    def words(self, names=None) -> Message:
        return Message("Play {card} on T{train}", card=SPECIAL_NAMES["brake-van"], train=self.train)


@dataclass(frozen=True, slots=True)
class PlayRoyal(Action):
    card = "royal"
    train: int

    def __str__(self) -> str:
        return f"play royal on T{self.train}"

    def words(self, names=None) -> Message:
        return Message("Play {card} on T{train}", card=SPECIAL_NAMES["royal"], train=self.train)


@dataclass(frozen=True, slots=True)
class PlayReassign(Action):
    card = "reassign"
    source: int
    target: int

    def __str__(self) -> str:
        return f"play reassign T{self.source}->T{self.target}"

    def words(self, names=None) -> Message:
        return Message("Play {card}: move T{source}'s last carriage to T{target}", card=SPECIAL_NAMES["reassign"],
                       source=self.source, target=self.target)


@dataclass(frozen=True, slots=True)
class PlayRepair(Action):
    """Repair card ``card`` (``repair-3``/``repair-5``); ``take`` a carriage to ``train`` or nothing."""

    card: str
    take: str | None = None
    train: int | None = None

    def __str__(self) -> str:
        if self.take is None:
            return f"play {self.card}"
        return f"play {self.card} take {self.take} on T{self.train}"

    def words(self, names=None) -> Message:
        if self.take is None:
            return Message("Play {card} and couple nothing", card=card_name(self.card))
        return Message("Play {card} and couple {take} from the discard pile to T{train}", card=card_name(self.card),
                       take=card_name(self.take), train=self.train)


@dataclass(frozen=True, slots=True)
class PlayTransfer(Action):
    """Transfer Passengers: move chips from ``source`` to ``target``; ``owners`` holds one
    seat per chip moved (whose chips move; which of an owner's chips is not seen)."""

    card = "transfer"
    source: int
    target: int
    owners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # seats in increasing order, so equal choices are equal actions
        try:
            object.__setattr__(self, "owners", tuple(sorted(self.owners)))
        except TypeError:
            pass

    def __str__(self) -> str:
        return f"play transfer T{self.source}->T{self.target} owners " + ",".join(map(str, self.owners))

    def words(self, names=None) -> Message:
        return Message("Play {card}: move chips ({whose}) from T{source} to T{target}",
                       card=SPECIAL_NAMES["transfer"], whose=_owners(self.owners, names), source=self.source,
                       target=self.target)


@dataclass(frozen=True, slots=True)
class PlayStandingRoom(Action):
    card = "standing-room"
    train: int
    chip: int | None = None

    def __str__(self) -> str:
        return f"play standing-room on T{self.train}" + ("" if self.chip is None else f" chip {self.chip}")

    def words(self, names=None) -> Message:
        card = SPECIAL_NAMES["standing-room"]
        if self.chip is None:
            return Message("Play {card} on T{train}", card=card, train=self.train)
        return Message("Play {card} on T{train} and place chip {value} there", card=card, train=self.train,
                       value=self.chip)


@dataclass(frozen=True, slots=True)
class PlayUncouple(Action):
    card = "uncouple"
    count: int
    train: int

    def __str__(self) -> str:
        return f"play uncouple {self.count} from T{self.train}"

    def words(self, names=None) -> Message:
        return Message("Play {card}: remove T{train}'s last carriage",
                       plural="Play {card}: remove T{train}'s last {n} carriages", card=SPECIAL_NAMES["uncouple"],
                       train=self.train, n=self.count)


@dataclass(frozen=True, slots=True)
class PlayRushHour(Action):
    card = "rush-hour"

    def __str__(self) -> str:
        return "play rush-hour"

    def words(self, names=None) -> Message:
        return Message("Play {card}", card=SPECIAL_NAMES["rush-hour"])


@dataclass(frozen=True, slots=True)
class Pass(Action):
    def __str__(self) -> str:
        return "pass"

    def words(self, names=None) -> Message:
        return Message("Pass (nothing else is allowed)")


_T = r"T(\d+)"
_CARRIAGE = r"((?:lux)?[+-]\d+)"
_PATTERNS = [
    (re.compile(rf"chip (\d+) on {_T}"), lambda m: PlaceChip(int(m[1]), int(m[2]))),
    (re.compile(rf"play {_CARRIAGE} on {_T}"), lambda m: PlayCarriage(m[1], int(m[2]))),
    (re.compile(rf"play brake-van on {_T}"), lambda m: PlayBrakeVan(int(m[1]))),
    (re.compile(rf"play royal on {_T}"), lambda m: PlayRoyal(int(m[1]))),
    (re.compile(rf"play reassign {_T} ?-> ?{_T}"), lambda m: PlayReassign(int(m[1]), int(m[2]))),
    (re.compile(r"play (repair-\d+)"), lambda m: PlayRepair(m[1])),
    (re.compile(rf"play (repair-\d+) take {_CARRIAGE} on {_T}"), lambda m: PlayRepair(m[1], m[2], int(m[3]))),
    (re.compile(rf"play transfer {_T} ?-> ?{_T} owners? (\d+(?: ?, ?\d+)*)"),
     lambda m: PlayTransfer(int(m[1]), int(m[2]), tuple(int(x) for x in m[3].replace(" ", "").split(",")))),
    (re.compile(rf"play standing-room on {_T}(?: chip (\d+))?"),
     lambda m: PlayStandingRoom(int(m[1]), None if m[2] is None else int(m[2]))),
    (re.compile(rf"play uncouple (\d+) from {_T}"), lambda m: PlayUncouple(int(m[1]), int(m[2]))),
    (re.compile(r"play rush-hour"), lambda m: PlayRushHour()),
    (re.compile(r"pass"), lambda m: Pass()),
]


def parse_action(text: str) -> Action:
    """Read an action from its text form (spaces and case are forgiven).

    >>> str(parse_action("  Chip 3 on t12 "))
    'chip 3 on T12'
    >>> parse_action("play joker")
    Traceback (most recent call last):
    ...
    railkit.core.errors.ActionSyntaxError: Cannot read the action 'play joker'. Expected one of: chip V on Tn | ...
    """
    text = action_text(text, FORMS)
    norm = " ".join(text.strip().split())
    norm = re.sub(r"\bt(\d+)", r"T\1", norm.lower())
    for pattern, build in _PATTERNS:
        m = pattern.fullmatch(norm)
        if m:
            return build(m)
    m = re.fullmatch(rf"play transfer {_T} ?-> ?{_T}", norm)
    if m:  # SM-TRANSFER: the player says whose chips move
        raise ActionSyntaxError(text, list(FORMS), "Transfer Passengers names whose chips move, one seat per chip, "
                                f"e.g. 'play transfer T{m[1]}->T{m[2]} owners 0,1'.")
    raise ActionSyntaxError(text, list(FORMS))
