"""A game's values read out to a learner, in the notebook's language.

A rules notebook shows what the engine holds: a hand (``{'red': 2, 'loco': 1}``), the phase
(``'second-draw'``), a list of legal moves (``claim Denver-Omaha red x2``), a table of scores.
Those are the API's values, in English identifiers. :func:`read` shows the same values in
words of the reader's language (:func:`railkit.core.i18n.set_language`), with the game's own
terms (colours, phases, card kinds, end reasons, summary columns: each game's lessons module binds
its own, :func:`reader`); a move is said as the move list says it, with the notation one
types in code beside it. Numbers and names (cities, seats) are shown as they are, ``None`` as a
dash, a truth value as *yes* or *no*, a :class:`Code` (a name one passes back to a function) as
code.

>>> from railkit.core.i18n import Message
>>> terms = {"red": Message("red"), "loco": Message("locomotive")}
>>> read({"red": 2, "loco": 1}, "loco", terms=terms, lang="de")
rot 2 · Lokomotive 1
Lokomotive
>>> read([True, None, "Denver"], terms=terms, lang="en")
yes, —, Denver
>>> read({Code("red"): "loco"}, terms=terms, lang="da")
`red` lokomotiv
"""

from __future__ import annotations

import html
from typing import Any, Callable, Mapping

from railkit.core.i18n import Message, get_language, render

__all__ = ["Code", "Reading", "Said", "read", "reader"]


class Code(str):
    """An identifier one types back into code (a name a function takes): :func:`read` shows it as
    code, the same in every language."""


class Said(str):
    """A text for a reader: a notebook shows it as it is, without a string's quotes; otherwise a
    ``str`` (it compares, joins and prints as one)."""

    def __repr__(self) -> str:
        return str(self)


#: how a value the game has no word for is said: ``None`` (not a term) or a message
Words = Callable[[str], "Message | None"]


class Reading:
    """Values read out in words: ``_repr_html_`` for a notebook, ``repr`` as plain text.

    Parameters
    ----------
    values : sequence
        What to read, each shown on its own line.
    terms : mapping
        A value's words: ``{"red": Message("red"), ...}``.
    words : callable, optional
        Words for a value ``terms`` does not hold (a generated id such as ``L6-freight-green``),
        or None.
    lang : str, optional
        The language (default: the current language, when shown).
    """

    def __init__(self, values, terms: Mapping[str, Message], words: Words | None = None,
                 lang: str | None = None) -> None:
        self.values = list(values)
        self.terms = terms
        self.words = words
        self.lang = lang

    # ---------------------------------------------------------------- one value
    def _term(self, value: str) -> str | None:
        said = self.terms.get(value)
        if said is None and self.words is not None:
            said = self.words(value)
        return None if said is None else render(said, self.lang)

    def _named(self, value: Any) -> bool:
        """Whether the game's ``words`` say ``value`` as one thing (a ticket, a card on a train)."""
        return self.words is not None and not isinstance(value, (int, float)) and self.words(value) is not None

    def _table(self, value: Mapping, html_: bool) -> str:
        """A mapping shown alone: a row per key."""
        if not html_:
            return "\n".join(f"{self._say(k, False)}: {self._say(v, False)}" for k, v in value.items())
        rows = "".join(f"<tr><th style='text-align:left;padding-right:1em'>{self._say(k, True)}</th>"
                       f"<td style='text-align:left'>{self._say(v, True)}</td></tr>" for k, v in value.items())
        return f"<table>{rows}</table>"

    def _say(self, value: Any, html_: bool, depth: int = 0) -> str:
        """One value in words (HTML escaped when ``html_``); ``depth``: how deep in the value shown
        (a list at the top is a line per item, deeper ones are inline)."""
        esc = html.escape if html_ else (lambda s: s)
        if isinstance(value, bool):
            return esc(Message("yes" if value else "no").render(self.lang))
        if value is None:
            return "—"
        if isinstance(value, Message) or hasattr(value, "render"):
            return esc(render(value, self.lang))
        if hasattr(value, "words") and callable(value.words) and not isinstance(value, type):
            notation = str(value)
            said = render(value.words(None), self.lang)
            return (f"{esc(said)} <code>{esc(notation)}</code>" if html_ else f"{said} `{notation}`")
        if isinstance(value, Code):
            return f"<code>{esc(value)}</code>" if html_ else f"`{value}`"
        if isinstance(value, str):
            term = self._term(value)
            return esc(value if term is None else term)
        if self._named(value):
            return esc(render(self.words(value), self.lang))
        if isinstance(value, Mapping):  # inline: "red 2 · locomotive 1", a nested value after a colon
            return " · ".join(f"{self._say(k, html_)}{':' if isinstance(v, (Mapping, list, tuple)) else ''} "
                              f"{self._say(v, html_, depth + 1)}" for k, v in value.items())
        if isinstance(value, (list, tuple, set, frozenset)):
            items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else list(value)
            if not items:
                return "—"
            if depth == 0 and any(isinstance(v, Mapping) or hasattr(v, "words")
                                  or (isinstance(v, (list, tuple)) and not self._named(v)) for v in items):
                if html_:  # a list of moves, tickets, rows: one a line
                    return "<ul style='margin:0'>" + "".join(f"<li>{self._say(v, html_, 1)}</li>" for v in items) + "</ul>"
                return "\n".join("- " + self._say(v, html_, 1) for v in items)
            parts = [self._say(v, html_, depth + 1) for v in items]
            said = ("; " if any(", " in p for p in parts) else ", ").join(parts)  # items said with commas
            return f"({said})" if depth > 1 else said
        return esc(str(value))

    # ---------------------------------------------------------------- shown
    def _top(self, value: Any, html_: bool) -> str:
        numbers = isinstance(value, Mapping) and all(isinstance(v, (int, float)) for v in value.values())
        big = (isinstance(value, Mapping) and not self._named(value)
               and (len(value) > 12 or (len(value) > 1 and not numbers)))
        return self._table(value, html_) if big else self._say(value, html_)

    def text(self) -> str:
        """Every value in plain text, a line each (a mapping of many keys, or of keys not all holding
        numbers, a line per key)."""
        return "\n".join(self._top(v, False) for v in self.values)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        return "".join(f"<div class='railkit-reading'>{self._top(v, True)}</div>" for v in self.values)


def _frame(df, terms: Mapping[str, Message], words: Words | None, lang: str | None):
    """A copy of DataFrame ``df`` with its column and index names, its text cells and its truth
    values in words."""
    one = Reading([], terms, words, lang)

    def cell(v):
        if isinstance(v, (bool, str)) or v is None or isinstance(v, (list, tuple, Mapping)):
            return one._say(v, False)
        return v

    from pandas.api.types import is_bool_dtype, is_numeric_dtype

    out = df.copy()
    for col in out.columns:
        if is_bool_dtype(out[col]) or not is_numeric_dtype(out[col]):
            out[col] = out[col].map(cell).astype(object)
    out.columns = [one._say(c, False) for c in out.columns]
    out.index = out.index.map(lambda v: one._say(v, False) if isinstance(v, (str, bool)) else v)
    out.index.names = [None if n is None else one._say(n, False) for n in out.index.names]
    return out


def read(*values: Any, terms: Mapping[str, Message] | None = None, words: Words | None = None,
         lang: str | None = None):
    """``values`` in words of ``lang`` (default: the notebook's language), a line each.

    A pandas DataFrame alone comes back as a DataFrame with its headers and text cells in words;
    anything else as a :class:`Reading`. See the module's text for what is said how.
    """
    terms = terms or {}
    if len(values) == 1 and type(values[0]).__name__ == "DataFrame":
        return _frame(values[0], terms, words, lang or get_language())
    return Reading(values, terms, words, lang)


def reader(terms: Mapping[str, Message], words: Words | None = None) -> Callable[..., Any]:
    """:func:`read` with a game's ``terms`` (and ``words``) given: the ``read`` a game's lessons export."""

    def read_game(*values: Any, lang: str | None = None):
        return read(*values, terms=terms, words=words, lang=lang)

    read_game.__doc__ = read.__doc__
    return read_game
