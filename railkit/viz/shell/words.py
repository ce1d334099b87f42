"""A page's fixed words (buttons, labels, headings) in the page's language.

The widgets are made with their English words, marked for the catalogs with
:func:`~railkit.core.i18n.word` (``pn.widgets.Button(label=word("Undo my last move"))``);
:func:`relabel` then sets every marked word of a page (or a part of it) in a language, and
again when the page's language changes. Each widget keeps its English words, so a page can
change language as often as it likes. Words a view builds with numbers or names in them
are messages (:class:`~railkit.core.i18n.Message`), rendered where they are built.
"""

from __future__ import annotations

import re

import panel as pn

from railkit.core import i18n

#: the attributes of a widget or pane that hold words
_WORDS_OF = ("label", "placeholder", "description", "title")
#: a heading in Markdown: its hashes and spaces, then the words
_HEADING = re.compile(r"^(#+ +)?(.*?)$", re.S)


def _known(text: str) -> bool:
    return isinstance(text, str) and bool(text) and text in i18n.ids()


def translated(text, lang: str | None = None):
    """``text`` in ``lang`` if it is a message id (a word marked with
    :func:`~railkit.core.i18n.word` where it was made) or a message, else as it is.

    >>> translated("Nothing of yours to undo yet.", "de"), translated("Denver", "de")
    ('Du hast noch nichts, was du zurücknehmen könntest.', 'Denver')
    """
    if isinstance(text, i18n.Message):
        return text.render(lang)
    return i18n.translate(text, lang) if _known(text) else text


def move_words(action, names: list[str] | None = None, lang: str | None = None) -> str:
    """A legal action as a sentence for the player, in ``lang`` (default: the current
    language): the game's own words for it (the action's ``words(names)``, a message made
    next to its notation), else its notation.

    >>> class Move:
    ...     def __str__(self): return "go 3"
    ...     def words(self, names=None): return i18n.Message("Go {n} steps", n=3)
    >>> move_words(Move(), lang="en"), move_words("pass", lang="en")
    ('Go 3 steps', 'pass')
    """
    said = getattr(action, "words", None)
    return i18n.render(said(names), lang) if said is not None else str(action)


def relabel(root, lang: str | None = None) -> None:
    """Set the marked words of ``root`` and everything in it (a Panel layout, widget, pane or
    :class:`~panel.viewable.Viewer`) in ``lang`` (default: the current language).

    >>> import panel as pn
    >>> from railkit.core.i18n import word
    >>> box = pn.Column(pn.widgets.Button(label=word("Undo my last move")), pn.pane.Markdown("#### " + word("Action log")))
    >>> relabel(box, "da"); box[0].label, box[1].object
    ('Fortryd mit sidste træk', '#### Handlingslog')
    >>> relabel(box, "en"); box[0].label
    'Undo my last move'
    >>> pick = choices_in_words(pn.widgets.Select(options=["first", "Denver"], value="first"))
    >>> relabel(pick, "de"); pick.options, pick.value
    ({'erste': 'first', 'Denver': 'Denver'}, 'first')
    """
    objects = root.select() if hasattr(root, "select") else pn.panel(root).select()
    for obj in objects:
        shown = obj.__dict__.setdefault("_railkit_words", {})  # attr -> (English, as shown)
        for attr in _WORDS_OF:
            if attr in obj.param:
                _set(obj, attr, shown, lang, lambda text: text, lambda text: "")
        if isinstance(obj, (pn.pane.Markdown, pn.pane.HTML)):
            _set(obj, "object", shown, lang, lambda text: _HEADING.match(text).group(2),
                 lambda text: _HEADING.match(text).group(1) or "")
        if obj.__dict__.get("_railkit_choices"):
            _set_choices(obj, shown, lang)


def choices_in_words(widget):
    """Mark a ``Select`` whose choices are words (a rule's ``"first"``, ``"random"``): :func:`relabel`
    then shows each choice that is a message id in the page's language, its value unchanged.
    Returns ``widget``."""
    widget.__dict__["_railkit_choices"] = True
    return widget


def _set_choices(obj, shown: dict, lang: str | None) -> None:
    """``obj.options`` shown in ``lang``: {the choice's words: its value}; the values stay the
    English ids (a list of choices the code set since is the new English)."""
    english, last = shown.get("options", (None, None))
    values = english if obj.options == last and english is not None else obj.options
    values = list(values.values()) if isinstance(values, dict) else list(values)
    if not any(_known(v) for v in values):
        return
    shown_now = {translated(v, lang) if _known(v) else v: v for v in values}
    shown["options"] = (values, shown_now)
    if shown_now != obj.options:
        obj.options = shown_now


def _set(obj, attr: str, shown: dict, lang: str | None, words, prefix) -> None:
    """``obj.attr`` in ``lang`` if its English (kept in ``shown``) is a message id; a value the
    code set since (not the one shown last) is the new English."""
    now = getattr(obj, attr)
    english, last = shown.get(attr, (None, None))
    text = english if now == last and english is not None else now
    if not isinstance(text, str) or not _known(words(text)):
        return
    value = prefix(text) + i18n.translate(words(text), lang)
    shown[attr] = (text, value)
    if value != now:
        setattr(obj, attr, value)
