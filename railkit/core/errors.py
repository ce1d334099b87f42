"""One exception hierarchy for railkit.

* :class:`IllegalMove` -- a move the rules forbid. Carries the rule id from the
  rules reference (``TTR-DOUBLE-SMALL`` ...), a plain-language reason and a hint.
* :class:`ActionSyntaxError` -- action text that cannot be read at all.
* :class:`DataError` -- a bad file or value: names the file, the JSON path of
  the field and what was expected.

All of them are :class:`ValueError` subclasses, so ``except ValueError`` works.
"""

from __future__ import annotations


class RailkitError(Exception):
    """Base class of every error railkit raises on purpose."""


class IllegalMove(RailkitError, ValueError):
    """A move the rules do not allow; the game state is unchanged.

    Examples
    --------
    >>> err = IllegalMove("TTR-CLAIM-TRAINS", "Red has 2 trains left but Denver-Omaha needs 4.",
    ...                   hint="Claim a shorter route or draw cards.")
    >>> err.rule
    'TTR-CLAIM-TRAINS'
    >>> str(err)
    'Red has 2 trains left but Denver-Omaha needs 4. (rule TTR-CLAIM-TRAINS) Claim a shorter route or draw cards.'
    """

    def __init__(self, rule: str, reason: str, hint: str = "") -> None:
        self.rule = rule
        self.reason = reason
        self.hint = hint
        text = f"{reason} (rule {rule})"
        if hint:
            text += f" {hint}"
        super().__init__(text)

    def to_dict(self) -> dict:
        return {"rule": self.rule, "reason": self.reason, "hint": self.hint}


class ActionSyntaxError(RailkitError, ValueError):
    """Action text that does not match any action form of the game.

    Examples
    --------
    >>> str(ActionSyntaxError("fly away", ["draw deck", "draw faceup N"]))
    "Cannot read the action 'fly away'. Expected one of: draw deck | draw faceup N"
    """

    def __init__(self, text: str, forms: list[str] | tuple[str, ...], detail: str = "") -> None:
        self.text = text
        self.forms = list(forms)
        msg = f"Cannot read the action {text!r}."
        if detail:
            msg += f" {detail}"
        if forms:
            msg += " Expected one of: " + " | ".join(forms)
        super().__init__(msg)


class DataError(RailkitError, ValueError):
    """A bad data file or value.

    Parameters
    ----------
    source : str
        The file (or other source) the data came from.
    path : str
        JSON path of the offending field, e.g. ``$.routes[3].length``.
    expected : str
        What was expected there, in plain words.
    got : object, optional
        What was found instead.

    Examples
    --------
    >>> str(DataError("maps/x.json", "$.routes[3].length", "a positive whole number", -2))
    'maps/x.json: at $.routes[3].length: expected a positive whole number, got -2'
    """

    _MISSING = object()

    def __init__(self, source: str, path: str, expected: str, got: object = _MISSING) -> None:
        self.source = str(source)
        self.path = path
        self.expected = expected
        self.got = got
        msg = f"{self.source}: at {path}: expected {expected}"
        if got is not DataError._MISSING:
            shown = repr(got)
            if len(shown) > 80:
                shown = shown[:77] + "..."
            msg += f", got {shown}"
        super().__init__(msg)
