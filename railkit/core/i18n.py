"""Messages in the reader's language: English, Danish, German and Japanese.

The engines never build a sentence for a person to read. They make a :class:`Message`:
its English text, which is also its id (the gettext habit: the code reads as it speaks),
and its arguments. The sentence is rendered at the edge (notebook, served page, command
line) in the reader's language, from the catalogs ``railkit/core/locale/<lang>/LC_MESSAGES/
railkit.po`` (gettext ``.po`` files, read with babel). ``str(message)`` is always English,
so code that prints or compares messages keeps working.

* :func:`set_language` / :func:`get_language` choose the language of this process; the
  default is ``RAILKIT_LANG``, then the system locale, then English.
* :func:`translate` renders one message id with its arguments; :meth:`Message.render`
  renders a message (arguments that are messages themselves are rendered in the same
  language: ``Message("The game is over ({why}).", why=Message("no more tickets"))``).
* The pseudo-locale ``xx`` (every letter accented, 35 % longer, in brackets) shows in tests
  which text would still reach a reader untranslated.

Placeholders are Python format fields (``{name}``, ``{route!r}``); a message with no
arguments is used as it is. A message whose wording depends on a number carries the
English plural as ``plural`` and the number as its argument ``n``.

Examples
--------
>>> m = Message("{name} has {n} train left.", plural="{name} has {n} trains left.", name="Red", n=2)
>>> str(m)
'Red has 2 trains left.'
>>> m.render("xx")
'[Red ĥáš 2 ţŕáíñš ĺéƒţ. ·········]'

"""

from __future__ import annotations

import functools
import gettext
import locale
import os
import string
import unicodedata
from pathlib import Path
from typing import Any, Callable

#: the languages railkit speaks, English first
LANGUAGES: tuple[str, ...] = ("en", "da", "de", "ja")
#: each language's name in itself, for a picker
NAMES: dict[str, str] = {"en": "English", "da": "Dansk", "de": "Deutsch", "ja": "日本語"}
#: the pseudo-locale for tests: English with every letter accented and 35 % longer
PSEUDO = "xx"
#: where the catalogs live: ``<lang>/LC_MESSAGES/railkit.po``
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "railkit"

_language: str | None = None  # set_language's choice; None: from the environment


class UnknownLanguage(ValueError):
    """A language code railkit does not speak.

    >>> str(UnknownLanguage("fr"))
    "railkit does not speak 'fr': choose one of en, da, de, ja."
    """

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(f"railkit does not speak {code!r}: choose one of {', '.join(LANGUAGES)}.")


class Message:
    """A message for a person: its English text (the id) and its arguments.

    Parameters
    ----------
    text : str
        The English text, with ``{name}`` fields for the arguments; also the message id.
    plural : str, optional
        The English text when the argument ``n`` is not 1.
    **args
        The values of the fields: numbers, names, or messages (rendered in the same language).
    """

    __slots__ = ("text", "plural", "args")

    def __init__(self, text: str, /, plural: str | None = None, **args: Any) -> None:
        self.text = text
        self.plural = plural
        self.args = args

    def render(self, lang: str | None = None) -> str:
        """The message in language ``lang`` (default: :func:`get_language`)."""
        if lang is None:
            lang = get_language()
        args = self.args
        n = args.get("n")
        if lang == "en":
            template = self.text if self.plural is None or n == 1 else self.plural
        else:
            template = _template(lang, self.text, self.plural, n)
        if not args:
            return template
        return template.format(**{k: v.render(lang) if isinstance(v, Message) else v for k, v in args.items()})

    def __str__(self) -> str:
        return self.render("en")

    def __repr__(self) -> str:
        extra = "" if self.plural is None else f", plural={self.plural!r}"
        extra += "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"Message({self.text!r}{extra})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and self.text == other.text and self.plural == other.plural
                and self.args == other.args)

    def __hash__(self) -> int:
        return hash((self.text, self.plural))

    def __reduce__(self):  # pickles (Dask, multiprocessing) with the keyword arguments
        return (_message, (self.text, self.plural, self.args))


def _message(text: str, plural: str | None, args: dict) -> Message:
    return Message(text, plural, **args)


def word(text: str, /) -> str:
    """``text`` as it is: marks an English word or phrase of a page (a button's label, a
    heading) as a message id for the catalogs, to be translated where it is shown
    (gettext's ``N_``; see :func:`railkit.viz.shell.words.relabel`).

    >>> word("Undo my last move")
    'Undo my last move'
    """
    return text


def ids() -> frozenset[str]:
    """Every message id of the catalogs (the English catalog's ids)."""
    return _ids()


@functools.lru_cache(maxsize=None)
def _ids() -> frozenset[str]:
    return frozenset(m.id[0] if isinstance(m.id, tuple) else m.id for m in catalog("en") if m.id)


def render(text: Any, lang: str | None = None) -> str:
    """``text`` in language ``lang``: a :class:`Message` or anything with a ``render(lang)``
    (an :class:`~railkit.core.errors.IllegalMove`) rendered, anything else as ``str``."""
    if isinstance(text, Message):
        return text.render(lang)
    if hasattr(text, "render"):
        return text.render(lang)
    return str(text)


def joined(parts: list, join: Callable[[Any, Any], Message] | None = None):
    """``parts`` joined pairwise as one message, ``join(a, b)`` for each pair (default "{a}, {b}");
    a single part as it is, None for none.

    >>> str(joined(["red", "blue", "green"])), str(joined(["a", "b"], lambda a, b: Message("{a}; {b}", a=a, b=b)))
    ('red, blue, green', 'a; b')
    """
    said = None
    for part in parts:
        said = part if said is None else (join or _comma)(said, part)
    return said


def _comma(a: Any, b: Any) -> Message:
    return Message("{a}, {b}", a=a, b=b)


def and_list(parts: list):
    """``parts`` as one message: "1, 2 and 3" in the reader's language (a single part as it is;
    None for none).

    >>> str(and_list(["1", "2", "3"])), and_list(["1", "2"]).render("de"), and_list(["7"])
    ('1, 2 and 3', '1 und 2', '7')
    """
    if len(parts) < 2:
        return parts[0] if parts else None
    return Message("{a} and {b}", a=joined(parts[:-1]), b=parts[-1])


def columns(text: str) -> int:
    """How many columns of a terminal ``text`` takes: a wide character (Japanese, full-width
    forms) takes two.

    >>> columns("勝率 (95%)"), columns("win rate")
    (10, 8)
    """
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` padded with spaces to ``width`` columns of a terminal, where a wide character
    (Japanese, full-width forms) takes two columns; ``align`` is ``<`` (left) or ``>`` (right).

    >>> pad("席", 4, ">") + "|", pad("seat", 6) + "|"
    ('  席|', 'seat  |')
    """
    room = " " * max(0, width - columns(text))
    return room + text if align == ">" else text + room


def translate(msg_id: str, /, lang: str | None = None, **args: Any) -> str:
    """The message ``msg_id`` (its English text) with ``args``, in ``lang`` (default: the current language).

    >>> translate("{name} cannot pass.", name="Ada")
    'Ada cannot pass.'
    """
    return Message(msg_id, **args).render(lang)


# ---------------------------------------------------------------- choosing the language
def check_language(code: str) -> str:
    """``code`` if railkit speaks it (or it is the pseudo-locale), else :class:`UnknownLanguage`.

    >>> check_language("fr")
    Traceback (most recent call last):
    ...
    railkit.core.i18n.UnknownLanguage: railkit does not speak 'fr': choose one of en, da, de, ja.
    """
    code = str(code).strip().lower().replace("-", "_").split("_")[0] if code else code
    if code in LANGUAGES or code == PSEUDO:
        return code
    raise UnknownLanguage(code)


def set_language(code: str | None) -> str | None:
    """Speak ``code`` (``"en"``, ``"da"``, ``"de"``, ``"ja"``) from now on in this process and
    return it (``"ja_JP.UTF-8"`` gives ``"ja"``); ``None`` goes back to the default
    (``RAILKIT_LANG``, then the system locale)."""
    global _language
    _language = None if code is None else check_language(code)
    return _language


def get_language() -> str:
    """The language messages are rendered in: :func:`set_language`'s choice, else ``RAILKIT_LANG``,
    else the system locale if railkit speaks it, else English."""
    if _language is not None:
        return _language
    return default_language()


def default_language() -> str:
    """``RAILKIT_LANG`` (an unknown code there is an error), else the system locale's language
    when railkit speaks it, else ``"en"``."""
    env = os.environ.get("RAILKIT_LANG", "").strip()
    if env:
        return check_language(env)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return _supported(value)
    try:
        return _supported(locale.getlocale(locale.LC_MESSAGES)[0] or "")
    except (ValueError, AttributeError):  # no LC_MESSAGES (Windows) or an odd locale
        return "en"


def _supported(value: str) -> str:
    code = value.split(".")[0].split("_")[0].lower()
    return code if code in LANGUAGES else "en"


# ---------------------------------------------------------------- catalogs
def catalog_path(lang: str) -> Path:
    """The ``.po`` file of ``lang``."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.lru_cache(maxsize=None)
def catalog(lang: str):
    """The babel :class:`~babel.messages.catalog.Catalog` of ``lang``, read once."""
    from babel.messages.pofile import read_po

    with open(catalog_path(check_language(lang)), "rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


@functools.lru_cache(maxsize=None)
def _table(lang: str) -> tuple[dict, Any]:
    """``({id: text or tuple of plural texts}, plural function)`` of ``lang``'s catalog;
    untranslated entries are left out (they fall back to English)."""
    cat = catalog(lang)
    table: dict = {}
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        key = m.id[0] if isinstance(m.id, tuple) else m.id
        if isinstance(m.string, tuple) and all(m.string):
            table[key] = m.string
        elif isinstance(m.string, str) and m.string:
            table[key] = m.string
    return table, gettext.c2py(cat.plural_expr)


def _template(lang: str, text: str, plural: str | None, n: Any) -> str:
    if lang == PSEUDO:
        return pseudo(text if plural is None or n == 1 else plural)
    table, plural_of = _table(lang)
    found = table.get(text)
    if found is None:
        return text if plural is None or n == 1 else plural
    if isinstance(found, tuple):
        return found[min(plural_of(n if isinstance(n, int) else 0), len(found) - 1)]
    return found


# ---------------------------------------------------------------- the pseudo-locale
_PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_MARKED = "áƀçđéƒĝĥíĵķĺɱñóþɋŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĻṀÑÓƤǪŔŠŤÚṼŴẊÝŽ"
_ACCENTED = str.maketrans(_PLAIN, _MARKED)


def pseudo(template: str) -> str:
    """``template`` in the pseudo-locale: letters outside the fields accented, 35 % longer.

    >>> pseudo("Claim {route}.")
    '[Çĺáíɱ {route}. ·····]'
    """
    parts = []
    for literal, field, spec, conv in string.Formatter().parse(template):
        parts.append(literal.translate(_ACCENTED))
        if field is not None:
            parts.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    text = "".join(parts)
    return "[" + text + " " + "·" * max(1, round(len(template) * 0.35)) + "]"


def fields(template: str) -> set[str]:
    """The names of the format fields of ``template``.

    >>> sorted(fields("{name} needs {n} cards ({route!r})"))
    ['n', 'name', 'route']
    """
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(template) if f}


# ---------------------------------------------------------------- the message ids in the code
def extract(root: str | Path | None = None) -> dict[str, dict]:
    """Every message the code makes: ``{id: {"plural": text or None, "args": set of keyword
    names, "where": ["path:line", ...]}}``, found by reading each module's syntax tree for
    calls ``Message("literal text", ...)`` and ``word("literal text")`` under ``root``
    (default: the railkit package).

    >>> "Claim a shorter route." in extract()
    True
    """
    import ast

    root = Path(root) if root is not None else Path(__file__).parent.parent
    found: dict[str, dict] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None))
                    in ("Message", "word") and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                continue
            kw = {k.arg: k.value for k in node.keywords}
            plural = kw.pop("plural", None)
            entry = found.setdefault(node.args[0].value, {
                "plural": plural.value if isinstance(plural, ast.Constant) else None, "args": set(), "where": []})
            entry["args"] |= {k for k in kw if k is not None}
            entry["where"].append(f"{path.relative_to(root.parent).as_posix()}:{node.lineno}")
    return found


#: the package's JSON files whose prose is read as messages: each file's name, and the keys whose
#: texts (at any depth) are prose (a tutorial's title and each step's words)
PROSE_FILES: dict[str, tuple[str, ...]] = {"tutorial.json": ("title", "say", "otherwise")}


def extract_prose(root: str | Path | None = None) -> dict[str, dict]:
    """The prose of the package's JSON files (:data:`PROSE_FILES`), as :func:`extract` gives
    the code's messages: ``{text: {"plural": None, "args": set(), "where": ["path:line", ...]}}``.
    Each text is a message id, as it is shown (stripped of surrounding spaces).

    >>> any(w.endswith("tutorial.json:" + w.rsplit(":", 1)[1]) for e in extract_prose().values() for w in e["where"])
    True
    """
    import json

    root = Path(root) if root is not None else Path(__file__).parent.parent
    found: dict[str, dict] = {}
    for name, keys in PROSE_FILES.items():
        for path in sorted(root.rglob(name)):
            source = path.read_text(encoding="utf-8")
            lines = source.splitlines()

            def walk(node) -> None:
                if isinstance(node, dict):
                    for key, value in node.items():
                        if key in keys and isinstance(value, str) and value.strip():
                            add(value.strip())
                        else:
                            walk(value)
                elif isinstance(node, list):
                    for value in node:
                        walk(value)

            def add(text: str) -> None:
                probe = json.dumps(text, ensure_ascii=False)[1:41]
                line = next((i for i, ln in enumerate(lines, 1) if probe in ln), 1)
                entry = found.setdefault(text, {"plural": None, "args": set(), "where": []})
                entry["where"].append(f"{path.relative_to(root.parent).as_posix()}:{line}")

            walk(json.loads(source))
    return found
