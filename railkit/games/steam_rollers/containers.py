"""The Steam Rollers engine's containers of legal actions, compiled with the engine.

A draft can offer hundreds of builds, and a search asks for the legal actions many
thousand times a second, so the engine does not build a list of action objects each time:

:class:`LegalActions`
    the legal actions of a draft, a read-only sequence made of parts (one kind of
    action each), held, not copied;
:class:`Builds`
    the builds of one die and value as a sequence of track placements, each action made
    when it is read;
:class:`DieActions`
    the actions of a die that depend on nothing else (its engine box, its pass, taking a
    tile), made once per process (:func:`die_actions`);
:class:`PlacesLeft`
    the track placements left in one region of a player's sheet, cut as hexes are drawn in;
:func:`shared_action`
    one object per action value for the whole process (actions are immutable).

Nothing here knows a rule: the game (:mod:`railkit.games.steam_rollers.game`) decides
what goes into them.
"""

# railkit: compiled with mypyc
from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Any, Final

from railkit.core.game import Action
from railkit.games.steam_rollers import actions as act

# the action classes the containers make  # mypyc: Final constant
Build: Final = act.Build
Engine: Final = act.Engine
ExtraBuild: Final = act.ExtraBuild
Pass: Final = act.Pass
TakeTile: Final = act.TakeTile
#: the numbers of the action tiles
TILE_NUMBERS: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6)  # mypyc: variable-length tuple


class LegalActions:
    """The legal actions of a draft as a read-only sequence (``len``, indexing, slices,
    iteration, ``in``, ``==`` with a list), in the order they are added. It is made of
    parts, each a list of actions of one kind; the engine's lists of builds are held,
    not copied, so a position with hundreds of builds costs a few parts. The bots ask
    :meth:`kinds` and :meth:`of_kind` instead of scanning every action.

    >>> la = LegalActions()
    >>> la.add(Pass, [Pass(1)]); la.add(Engine, []); la.add(Pass, [Pass(2)])
    >>> len(la), la[-1], Pass(1) in la, la == [Pass(1), Pass(2)], la.kinds()
    (2, Pass(die=2), True, True, [<class 'railkit.games.steam_rollers.actions.Pass'>])
    >>> list(la.of_kind(Pass)), la[:1]
    ([Pass(die=1), Pass(die=2)], [Pass(die=1)])
    """

    __slots__ = ("_parts", "_kinds", "_n")

    def __init__(self) -> None:
        self._parts: list[Any] = []  # never changed: they may be the engine's shared lists
        self._kinds: list[type] = []  # the kind of each part
        self._n = 0

    def add(self, kind: type, actions: Any) -> None:
        """Append ``actions`` (a sequence of actions of type ``kind``; an empty one is left
        out). It is held, not copied: do not change it later."""
        n = len(actions)
        if n:
            self._parts.append(actions)
            self._kinds.append(kind)
            self._n += n

    def kinds(self) -> list[type]:
        """The kinds of action present, each once, in order of first appearance."""
        out: list[type] = []
        for k in self._kinds:  # mypyc: native loop, identity test
            for seen in out:
                if seen is k:
                    break
            else:
                out.append(k)
        return out

    def parts(self) -> list[tuple[type, Any]]:
        """``[(kind, actions), ...]``: the parts in order (read-only sequences)."""
        return list(zip(self._kinds, self._parts))

    def of_kind(self, kind: type) -> "LegalActions":
        """The actions of type ``kind``, in order (a sequence of the same parts)."""
        out = LegalActions()
        for k, part in zip(self._kinds, self._parts):
            if k is kind:
                out.add(k, part)
        return out

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return list(self)[i]
        j = int(i)
        if j < 0:
            j += self._n
        if not 0 <= j < self._n:
            raise IndexError("legal action index out of range")
        for part in self._parts:
            n = len(part)
            if j < n:
                return part[j]
            j -= n
        raise IndexError("legal action index out of range")  # pragma: no cover

    def __iter__(self) -> Any:
        return chain.from_iterable(self._parts)

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self._parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            return list(self) == list(other)
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def index(self, action: object) -> int:
        return list(self).index(action)

    def count(self, action: object) -> int:
        return sum(part.count(action) for part in self._parts)

    def __reversed__(self) -> Any:
        return reversed(list(self))

    def __repr__(self) -> str:
        return f"LegalActions({list(self)!r})"


Sequence.register(LegalActions)


class Builds:
    """The builds of one die (and value) at the track placements ``places``
    (``(hex, a, b)``, in order), as a read-only sequence; ``die`` None: tile 3b's second
    tracks (:class:`ExtraBuild`). An action is made when it is read (once per process:
    see :func:`shared_action`), so a draft with hundreds of builds costs one small object, and
    a bot may read the placements themselves.

    >>> b = Builds(3, None, (((0, 0), 0, 3), ((1, 0), 1, 4)))
    >>> len(b), b[1], b[-1] is b[1], Build(3, (0, 0), 0, 3) in b, b[:1]
    (2, Build(die=3, hex=(1, 0), a=1, b=4, value=None), True, True, [Build(die=3, hex=(0, 0), a=0, b=3, value=None)])
    >>> list(Builds(None, None, (((0, 0), 0, 3),)))
    [ExtraBuild(hex=(0, 0), a=0, b=3)]
    """

    __slots__ = ("die", "value", "places", "_actions")

    def __init__(self, die: int | None, value: int | None, places: tuple) -> None:
        self.die = die
        self.value = value
        self.places = places
        self._actions: tuple | None = None  # all of them, made on the first full read

    def _make(self, place: tuple) -> Action:
        # looked up by the placement itself among the builds of this die and value (cheaper
        # than by all the action's fields, see shared_action)
        i = (self.die or 0) * 7 + (self.value or 0)
        made = _BUILDS_AT[i]
        if made is None:
            made = _BUILDS_AT[i] = {}
        act = made.get(place)
        if act is None:
            h, a, b = place
            act = made[place] = (shared_action(ExtraBuild, h, a, b) if self.die is None
                                 else shared_action(Build, self.die, h, a, b, self.value))
        return act

    def actions(self) -> tuple:
        """Every build, in order (made once)."""
        acts = self._actions
        if acts is None:
            acts = self._actions = tuple(map(self._make, self.places))
        return acts

    def __len__(self) -> int:
        return len(self.places)

    def __getitem__(self, i: Any) -> Any:
        acts = self._actions
        if isinstance(i, slice):
            return list(self.actions()[i])
        if acts is not None:
            return acts[i]
        return self._make(self.places[i])

    def __iter__(self) -> Any:
        return iter(self.actions())

    def __contains__(self, action: object) -> bool:
        if self.die is None:
            return type(action) is ExtraBuild and (action.hex, action.a, action.b) in self.places
        return (type(action) is Build and action.die == self.die and action.value == self.value
                and (action.hex, action.a, action.b) in self.places)

    def count(self, action: object) -> int:
        return sum(1 for a in self if a == action)

    def index(self, action: object) -> int:
        return list(self).index(action)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Builds, LegalActions, list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Builds({list(self)!r})"


Sequence.register(Builds)


class DieActions:
    """The draft actions of one die played as one value that depend on nothing else (made
    once per process, see :func:`die_actions`): its engine box, its pass and taking the tile
    of its value as one-action parts of a draft's :class:`LegalActions`, and taking each
    tile by its number.

    >>> acts = die_actions(3, None)
    >>> acts.engine, acts.passing, acts.takes[5]
    ([Engine(die=3, value=None)], [Pass(die=3)], TakeTile(die=3, number=5, value=None))
    >>> die_actions(3, None).take_own, die_actions(3, 5).take_own
    ([TakeTile(die=3, number=3, value=None)], [TakeTile(die=3, number=5, value=5)])
    """

    __slots__ = ("engine", "passing", "takes", "take_own")

    def __init__(self, die: int, value: int | None) -> None:
        self.engine = [shared_action(Engine, die, value)]  # parts are never changed
        self.passing = [shared_action(Pass, die)]
        self.takes: tuple[Action | None, ...] = (None,) + tuple(shared_action(TakeTile, die, n, value) for n in TILE_NUMBERS)
        self.take_own = [self.takes[die if value is None else value]]  # the tile of the value played


_DIE_ACTIONS: Final[list[DieActions | None]] = [None] * 49  # at die * 7 + value (0: as rolled)

#: the build actions of each die and value by placement ``(hex, a, b)``, at die * 7 + value
#: (0: as rolled; 0 * 7 + 0: tile 3b's second tracks), see :meth:`Builds._make`
_BUILDS_AT: Final[list[dict[tuple, Action] | None]] = [None] * 49


def die_actions(die: int, value: int | None) -> DieActions:
    """The :class:`DieActions` of drafting ``die`` as ``value`` (None: as rolled), looked up
    by index: a draft's legal actions read them for every die."""
    i = die * 7 + (0 if value is None else value)
    acts = _DIE_ACTIONS[i]
    if acts is None:
        acts = _DIE_ACTIONS[i] = DieActions(die, value)
    return acts


_ACTIONS: Final[dict[tuple[type, tuple], Action]] = {}


def shared_action(cls, *args) -> Action:
    """``cls(*args)``, made once per process: actions are immutable values, and the legal
    action lists repeat the same few hundred of them.

    >>> shared_action(Pass, 3) is shared_action(Pass, 3), shared_action(Pass, 3) == Pass(3)
    (True, True)
    """
    key = (cls, args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = cls(*args)
    return a


class PlacesLeft:
    """The track placements left on a player's empty hexes of one region (for some track
    kinds), in hex and edge order, with the place of each one's hex in the region, as
    :meth:`~railkit.games.steam_rollers.game.SteamRollers._region_places` keeps them. :meth:`cut` takes a drawn hex's span out
    of the lists in place; :meth:`places` gives them as a tuple, made anew after a cut only
    (a tuple handed out, perhaps held by a :class:`Builds`, never changes).

    >>> left = PlacesLeft((("h1", 0, 3), ("h2", 0, 3), ("h2", 1, 4), ("h3", 2, 5)), (0, 1, 1, 2))
    >>> left.cut(1); left.places(), left.at
    ((('h1', 0, 3), ('h3', 2, 5)), [0, 2])
    """

    __slots__ = ("_tuple", "_places", "at")

    def __init__(self, places: tuple, at: tuple) -> None:
        self._tuple: tuple | None = places
        self._places = list(places)
        self.at: list[int] = list(at)  # mypyc: typed attribute

    def cut(self, pos: int) -> None:
        """Take out the placements of the hex at place ``pos`` of the region (one span of
        them, found by bisection; none if that hex has none left)."""
        at = self.at
        i = _first_at(at, pos)
        j = i
        n = len(at)
        while j < n and at[j] == pos:
            j += 1
        if i < j:
            del self._places[i:j]
            del at[i:j]
            self._tuple = None

    def places(self) -> tuple:
        t = self._tuple
        if t is None:
            t = self._tuple = tuple(self._places)
        return t


def _first_at(at: list[int], pos: int) -> int:  # mypyc: native loop
    """The first index of sorted ``at`` holding ``pos`` or more: ``bisect_left(at, pos)``.

    >>> _first_at([0, 2, 2, 5], 2), _first_at([0, 2, 2, 5], 3), _first_at([], 1)
    (1, 3, 0)
    """
    lo, hi = 0, len(at)
    while lo < hi:
        mid = (lo + hi) // 2
        if at[mid] < pos:
            lo = mid + 1
        else:
            hi = mid
    return lo


