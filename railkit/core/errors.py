"""One exception hierarchy for railkit.

* :class:`IllegalMove` -- a move the rules forbid. Carries the rule id from the
  rules reference (``TTR-DOUBLE-SMALL`` ...), a plain-language reason and a hint.
* :class:`ActionSyntaxError` -- action text that cannot be read at all.
* :class:`DataError` -- a bad file or value: names the file, the JSON path of
  the field and what was expected.
* :class:`~railkit.core.i18n.UnknownLanguage` -- a language railkit does not speak
  (kept with the catalogs in :mod:`railkit.core.i18n`, which imports nothing of railkit).

All of them are :class:`ValueError` subclasses, so ``except ValueError`` works.
"""

from __future__ import annotations

from typing import Any

from railkit.core.i18n import Message, render


class RailkitError(Exception):
    """Base class of every error railkit raises on purpose."""


class IllegalMove(RailkitError, ValueError):
    """A move the rules do not allow; the game state is unchanged.

    The reason and the hint are :class:`~railkit.core.i18n.Message` values (an English
    text that is also the message id, and its arguments), or plain English text.
    ``str(err)``, ``err.reason`` and ``err.hint`` are English; :meth:`render` gives the
    reader's language. The English sentence is built only when asked for, so a bot's
    ``why_illegal`` costs no formatting.

    Examples
    --------
    >>> from railkit.core.i18n import Message
    >>> err = IllegalMove("TTR-CLAIM-TRAINS",
    ...                   Message("{name} has {n} train left but {route} needs {length}.",
    ...                           plural="{name} has {n} trains left but {route} needs {length}.",
    ...                           name="Red", n=2, route="Denver-Omaha", length=4),
    ...                   hint=Message("Claim a shorter route."))
    >>> err.rule
    'TTR-CLAIM-TRAINS'
    >>> str(err)
    'Red has 2 trains left but Denver-Omaha needs 4. (rule TTR-CLAIM-TRAINS) Claim a shorter route.'
    >>> err.render("xx")  # the pseudo-locale: what a translation replaces
    '[[Red ĥáš 2 ţŕáíñš ĺéƒţ ƀúţ Denver-Omaha ñééđš 4. ···················] (ŕúĺé TTR-CLAIM-TRAINS) [Çĺáíɱ á šĥóŕţéŕ ŕóúţé. ········] ··········]'
    """

    def __init__(self, rule: str, reason: Any, hint: Any = "") -> None:
        self.rule = rule
        self.message = reason  # a Message, or English text
        self.hint_message = hint
        super().__init__(rule, reason, hint)

    @property
    def reason(self) -> str:
        """The reason in English."""
        return str(self.message)

    @property
    def hint(self) -> str:
        """The hint in English ("" for none)."""
        return str(self.hint_message)

    def __str__(self) -> str:
        return self.render("en")

    def render(self, lang: str | None = None) -> str:
        """The whole refusal (reason, rule id, hint) in ``lang`` (default: the current language)."""
        reason = render(self.message, lang)
        hint = render(self.hint_message, lang)
        if hint:
            return Message("{reason} (rule {rule}) {hint}", reason=reason, rule=self.rule, hint=hint).render(lang)
        return Message("{reason} (rule {rule})", reason=reason, rule=self.rule).render(lang)

    def render_reason(self, lang: str | None = None) -> str:
        """The reason alone in ``lang``."""
        return render(self.message, lang)

    def render_hint(self, lang: str | None = None) -> str:
        """The hint alone in ``lang`` ("" for none)."""
        return render(self.hint_message, lang)

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
