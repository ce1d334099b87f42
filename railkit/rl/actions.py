"""Fixed action spaces: every action a game could ever take, numbered once per game setup.

A learning agent picks an integer; :class:`ActionIndex` turns it into the game's own action
(a frozen dataclass) and back. The numbering depends only on the game, the map (sheet, card
list) and the rule settings, never on the position, so ``Discrete(index.size)`` is the same
for every state of a game set up that way.

How actions are numbered
------------------------
The index is a list of *kinds* (one action class each), in a fixed order; kind ``k`` owns the
block ``offset[k] .. offset[k] + size[k] - 1``. Inside a block, an action is written as a
mixed-radix number over its *groups* of fields: each group has a list of possible values
(a tuple of field values), and the action's number is ``sum(position_in_group_i *
stride_i)``, the first group varying slowest. :meth:`ActionIndex.describe` lists the kinds,
their groups and their blocks; :meth:`ActionIndex.action` / :meth:`ActionIndex.index` convert.

Many numbers are never legal (a claim paid with a colour the route cannot take is simply
not listed, but e.g. Steam Rollers' ``draft 3 deliver red to 3`` is): the action mask of
the observation says which numbers are legal now.

Station Master names trains ``T1, T2, ...`` in the order they entered, a name never
reused. Its action index numbers *station slots* instead (slot 0 is the oldest train in the
station): a field holding a train id is turned into the train's slot when an action is
numbered and back into the id of the train in that slot when a number is read.

>>> from railkit.games.ticket_to_ride import DrawFaceUp, Pass
>>> idx = ActionIndex([Kind(DrawFaceUp, [Group(["slot"], [(1,), (2,), (3,)])]), Kind(Pass, [])], "demo")
>>> idx.size, idx.action(1), idx.index(Pass())
(4, DrawFaceUp(slot=2), 3)
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from railkit.core.errors import IllegalMove
from railkit.core.i18n import Message
from railkit.core.game import Action


class Group:
    """Some fields of an action and the tuples of values they may take together.

    Parameters
    ----------
    fields : sequence of str
        Field names of the action class.
    values : sequence of tuple
        Every value tuple the fields may take, in a fixed order.
    """

    __slots__ = ("fields", "values", "pos")

    def __init__(self, fields: Sequence[str], values: Sequence[tuple]) -> None:
        self.fields = tuple(fields)
        self.values = [tuple(v) for v in values]
        self.pos = {v: i for i, v in enumerate(self.values)}
        if len(self.pos) != len(self.values):
            raise ValueError(f"group {self.fields}: repeated values")
        if not self.values:
            raise ValueError(f"group {self.fields}: no values")


class Kind:
    """One action class and its groups of fields (see the module text).

    ``slots`` names fields holding a Station Master train id, numbered by station slot.
    """

    __slots__ = ("cls", "groups", "size", "strides", "slots", "name")

    def __init__(self, cls: type, groups: Sequence[Group], slots: Sequence[str] = ()) -> None:
        self.cls = cls
        self.name = cls.__name__
        self.groups = list(groups)
        self.slots = frozenset(slots)
        size = 1
        strides = []
        for g in reversed(self.groups):
            strides.append(size)
            size *= len(g.values)
        self.strides = list(reversed(strides))
        self.size = size


class ActionIndex:
    """The fixed numbering of one game setup's actions.

    Parameters
    ----------
    kinds : sequence of Kind
        The action kinds in block order.
    name : str
        What the numbering is of (for messages), e.g. ``"ticket-to-ride on teaching-small"``.
    """

    def __init__(self, kinds: Sequence[Kind], name: str) -> None:
        self.kinds = list(kinds)
        self.name = name
        self.offsets = []
        n = 0
        for k in self.kinds:
            self.offsets.append(n)
            n += k.size
        self.size = n
        self._by_cls = {k.cls: (k, off) for k, off in zip(self.kinds, self.offsets)}
        self._cache: dict[Action, int] = {}

    def describe(self) -> list[dict]:
        """One row per kind: ``kind``, ``first``, ``last`` (block of numbers), ``groups``
        (field names and the number of value tuples of each)."""
        return [{"kind": k.name, "first": off, "last": off + k.size - 1,
                 "groups": [(g.fields, len(g.values)) for g in k.groups]}
                for k, off in zip(self.kinds, self.offsets)]

    def index(self, action: Action, slot_of: Callable[[int], int] | None = None) -> int:
        """The number of ``action``.

        ``slot_of`` maps a train id to its station slot (Station Master only).

        Raises
        ------
        KeyError
            The action is not in the numbering (a bug in the numbering, never a user error).
        """
        if slot_of is None:
            hit = self._cache.get(action)
            if hit is not None:
                return hit
        entry = self._by_cls.get(type(action))
        if entry is None:
            raise KeyError(f"{self.name}: no number for actions of kind {type(action).__name__} ({action})")
        kind, off = entry
        n = off
        for g, stride in zip(kind.groups, kind.strides):
            vals = tuple(getattr(action, f) for f in g.fields)
            if slot_of is not None and kind.slots:
                vals = tuple(slot_of(v) if (f in kind.slots and v is not None) else v for f, v in zip(g.fields, vals))
            p = g.pos.get(vals)
            if p is None:
                raise KeyError(f"{self.name}: no number for {action} (fields {g.fields} = {vals})")
            n += p * stride
        if slot_of is None and not kind.slots:
            if len(self._cache) > 200_000:
                self._cache.clear()
            self._cache[action] = n
        return n

    def action(self, number: Any, tid_of: Callable[[int], int] | None = None) -> Action:
        """The action numbered ``number``.

        ``tid_of`` maps a station slot to the id of the train there (Station Master only).

        Raises
        ------
        IllegalMove
            ``RL-ACTION-INDEX``: the number is not a whole number from 0 to ``size - 1``, or
            names a station slot that holds no train.
        """
        try:
            i = int(number)
            whole = i == number
        except (TypeError, ValueError):
            whole = False
        if not whole or not 0 <= i < self.size:
            raise IllegalMove("RL-ACTION-INDEX", Message("{number!r} is not an action number of {game}: the numbers "
                                                         "run from 0 to {last}.", number=number, game=self.name,
                                                         last=self.size - 1),
                              Message("Pick a number whose action-mask entry is 1."))
        k = 0
        while k + 1 < len(self.offsets) and self.offsets[k + 1] <= i:
            k += 1
        kind = self.kinds[k]
        rest = i - self.offsets[k]
        kwargs: dict[str, Any] = {}
        for g, stride in zip(kind.groups, kind.strides):
            p, rest = divmod(rest, stride)
            for f, v in zip(g.fields, g.values[p]):
                if f in kind.slots and v is not None:
                    tid = tid_of(v) if tid_of is not None else None
                    if tid is None:
                        raise IllegalMove("RL-ACTION-INDEX", Message("Action number {number} names station slot "
                                                                     "{slot}, but no train stands there.",
                                                                     number=i, slot=v),
                                          Message("Pick a number whose action-mask entry is 1."))
                    v = tid
                kwargs[f] = v
        return kind.cls(**kwargs)
