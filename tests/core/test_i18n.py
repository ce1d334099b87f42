"""Messages in four languages: the catalogs, the language choice and the refusals.

The code's messages are found by reading its syntax tree (:func:`railkit.core.i18n.extract`);
the catalogs are the ``.po`` files of the package.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

import railkit
from railkit.core import i18n
from railkit.core.errors import IllegalMove
from railkit.core.i18n import LANGUAGES, Message, UnknownLanguage, catalog, fields, render
from railkit.games import specs

PACKAGE = Path(railkit.__file__).parent
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.fixture(scope="module")
def code_ids() -> dict[str, dict]:
    """The code's messages and the prose of the package's JSON files (the tutorials)."""
    return {**i18n.extract_prose(), **i18n.extract()}


def catalog_ids(lang: str) -> dict[str, object]:
    """{id: translation (a str, or a tuple of plural forms)} of ``lang``'s catalog."""
    return {(m.id[0] if isinstance(m.id, tuple) else m.id): m.string for m in catalog(lang) if m.id}


pytestmark = pytest.mark.usefixtures("no_language")  # tests/conftest.py


# ---------------------------------------------------------------- the catalogs
def test_the_code_has_messages(code_ids):
    assert len(code_ids) > 200
    assert "Claim a shorter route." in code_ids


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_code_is_in_the_catalog(lang, code_ids):
    have = catalog_ids(lang)
    missing = sorted(set(code_ids) - set(have))
    assert not missing, f"{lang}: {len(missing)} ids missing (run scripts/update_catalogs.py): {missing[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang, code_ids):
    have = catalog_ids(lang)
    empty = [k for k in code_ids if not have.get(k) or (isinstance(have[k], tuple) and not all(have[k]))]
    assert not empty, f"{lang}: {len(empty)} messages without a translation: {empty[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_keeps_an_english_seat_name(lang):
    """A seat is "Spiller 1", "Spieler 1", "プレイヤー1" in the page's language (the message
    "Player {n}"), so a translated text says it the same way, never the English "Player 1"
    (the pseudo-locale runs cannot see this: they show the English texts, accented)."""
    kept = [text for text in catalog_ids(lang).values()
            for text in (text if isinstance(text, tuple) else (text,)) if re.search(r"\bPlayer\b", text)]
    assert not kept, f"{lang}: {kept[:3]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_catalog_id_unused_in_the_code_fails(lang, code_ids):
    unused = sorted(set(catalog_ids(lang)) - set(code_ids))
    assert not unused, f"{lang}: ids no code uses (run scripts/update_catalogs.py): {unused[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match_between_languages(lang, code_ids):
    wrong = []
    for m in catalog(lang):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        want = set().union(*(fields(t) for t in ids))
        for text in (m.string if isinstance(m.string, tuple) else (m.string,)):
            got = fields(text)
            # a plural form may leave out the number itself ("1 chip" can be "a chip"), nothing else
            if got != want and not (len(ids) == 2 and got == want - {"n"}):
                wrong.append((ids[0], text))
            try:
                text.format(**{f: 1 for f in want})
            except (ValueError, IndexError, KeyError) as exc:
                wrong.append((ids[0], f"{text} ({exc})"))
    assert not wrong, f"{lang}: {wrong[:5]}"


def test_each_message_is_given_exactly_its_placeholders(code_ids):
    """A call Message("... {x} ...", x=...) names every field of its text, and no other argument."""
    wrong = []
    for text, info in code_ids.items():
        want = fields(text) | (fields(info["plural"]) if info["plural"] else set())
        if info["args"] != want:
            wrong.append((info["where"][0], text, sorted(info["args"] ^ want)))
    assert not wrong, wrong[:5]


def test_the_catalogs_are_package_data():
    pyproject = (PACKAGE.parent / "pyproject.toml").read_text()
    assert '"railkit.core" = ["*.json", "locale/*/LC_MESSAGES/*.po"]' in pyproject
    for lang in LANGUAGES:
        assert i18n.catalog_path(lang).is_file()


def test_the_plural_forms_follow_the_language():
    m = Message("{n} chip", plural="{n} chips", n=1)
    assert [m.render(lang) for lang in ("en", "da", "de")] == ["1 chip", "1 passagerbrik", "1 Chip"]
    m = Message("{n} chip", plural="{n} chips", n=3)
    assert [m.render(lang) for lang in ("en", "da", "de", "ja")] == ["3 chips", "3 passagerbrikker", "3 Chips", "3枚"]


# ---------------------------------------------------------------- choosing the language
def test_set_language_and_get_language():
    assert i18n.get_language() == "en"
    assert i18n.set_language("da") == "da"
    assert i18n.translate("Claim a shorter route.") == "Tag en kortere rute."
    assert i18n.set_language("ja_JP.UTF-8") == "ja"
    assert i18n.set_language(None) is None
    assert i18n.get_language() == "en"


def test_railkit_lang_then_the_system_locale(monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.get_language() == "de"
    monkeypatch.setenv("RAILKIT_LANG", "ja")
    assert i18n.get_language() == "ja"
    i18n.set_language("da")  # the program's own choice comes first
    assert i18n.get_language() == "da"


def test_a_system_locale_railkit_does_not_speak_is_english(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.get_language() == "en"


@pytest.mark.parametrize("code", ["fr", "klingon", "english"])
def test_an_unknown_language_names_the_code_and_the_four(code, monkeypatch):
    with pytest.raises(UnknownLanguage, match=f"'{code}'.*en, da, de, ja"):
        i18n.set_language(code)
    monkeypatch.setenv("RAILKIT_LANG", code)
    with pytest.raises(ValueError, match=f"'{code}'"):
        i18n.get_language()


def test_railkit_i18n_is_at_hand():
    assert railkit.i18n.set_language is i18n.set_language


# ---------------------------------------------------------------- the refusals
def test_str_of_an_illegal_move_stays_english():
    from railkit.games.ticket_to_ride import TicketToRide

    g = TicketToRide(players=2, seed=0)
    i18n.set_language("ja")
    err = g.why_illegal(g.parse_action("keep tickets 1"))
    assert str(err) == ("Purple must keep at least 2 of the 3 offered tickets at the start, not 1. (rule "
                        "TTR-SETUP-TICKETS) Keep 2 or more, e.g. 'keep tickets 1,2'.")
    assert err.reason.startswith("Purple must keep") and err.hint.startswith("Keep 2 or more")
    assert err.render() == err.render("ja") != str(err)
    assert err.render("da") == ("Purple skal ved start beholde mindst 2 af de 3 tilbudte destinationsbilletter, "
                                "ikke 1. (regel TTR-SETUP-TICKETS) Behold 2 eller flere, fx 'keep tickets 1,2'.")


def test_an_illegal_move_pickles_with_its_message():
    import pickle

    err = IllegalMove("X", Message("{name} cannot pass.", name="Ada"), Message("Claim a shorter route."))
    back = pickle.loads(pickle.dumps(err))
    assert str(back) == str(err) and back.render("da") == err.render("da")


def _calls(tree: ast.AST, names: set[str]):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) in names:
            yield node


ENGINE_FILES = sorted([*PACKAGE.glob("games/*/*.py"), PACKAGE / "core/game.py", *PACKAGE.glob("rl/*.py")])


@pytest.mark.parametrize("path", ENGINE_FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_the_engines_refuse_with_messages_never_sentences(path):
    """No IllegalMove of an engine is given an English sentence (a string or f-string) as its
    reason or hint: each is a Message, so it can be rendered in the reader's language."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for call in _calls(tree, {"IllegalMove", "_illegal"}):
        for arg in [*call.args[1:3], *(k.value for k in call.keywords if k.arg in ("reason", "hint"))]:
            if _sentence(arg):
                bad.append(f"{path.name}:{call.lineno}")
    assert not bad, bad


def _sentence(node: ast.AST) -> bool:
    """Whether the value ``node`` can be a string written in the code (not a Message)."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value != ""
    if isinstance(node, ast.IfExp):
        return _sentence(node.body) or _sentence(node.orelse)
    if isinstance(node, ast.BoolOp):
        return any(_sentence(v) for v in node.values)
    if isinstance(node, ast.BinOp):
        return _sentence(node.left) or _sentence(node.right)
    return False


#: English words that must never reach a reader as an argument (they would be untranslated)
ENGLISH = {"the", "and", "or", "no", "none", "nothing", "empty", "you", "cards", "trains", "is", "are", "not",
           "of", "to", "from", "with", "has", "have", "played", "round", "last", "passes", "left", "pile"}


def _plain_values(value, out: list) -> list:
    """The arguments of a message that reach the reader as they are (not messages)."""
    if isinstance(value, Message):
        for v in value.args.values():
            _plain_values(v, out)
    elif isinstance(value, IllegalMove):
        for m in (value.message, value.hint_message):
            _plain_values(m, out)
    else:
        out.append(str(value))
    return out


def _refusals(spec, players: int, seeds: range, every: int = 3) -> dict[tuple, IllegalMove]:
    """Refusals met in random games: at every ``every``-th state, why_illegal of the actions
    seen legal anywhere so far, one refusal kept per (rule, message id)."""
    found: dict[tuple, IllegalMove] = {}
    pool: list = []
    for seed in seeds:
        rng = random.Random(seed)
        g = spec.new_game(players=players, seed=seed)
        step = 0
        while not g.is_over and step < 400:
            legal = g.legal_actions()
            if step % every == 0:
                for a in pool[-150:]:
                    err = g.why_illegal(a)
                    if err is not None:
                        key = (err.rule, getattr(err.message, "text", str(err.message)))
                        found.setdefault(key, err)
            pool.extend(rng.sample(legal, min(3, len(legal))))
            g.apply(rng.choice(legal))
            step += 1
        err = g.why_illegal(pool[0])  # after the end
        if err is not None:
            found.setdefault((err.rule, getattr(err.message, "text", "")), err)
    return found


@pytest.mark.parametrize("spec", specs(), ids=lambda s: s.name)
def test_the_pseudo_locale_renders_every_refusal_without_english(spec):
    found = _refusals(spec, spec.min_players if spec.min_players > 1 else 2, range(3))
    if spec.min_players == 1:
        found.update(_refusals(spec, 1, range(2)))
    assert len(found) >= 5, f"only {len(found)} kinds of refusal met"
    leftovers = []
    for err in found.values():
        plain = _plain_values(err, [])
        leaked = [v for v in plain if set(re.findall(r"[a-z]+", v.lower())) & ENGLISH]
        text = err.render("xx")
        allowed = set(re.findall(r"[A-Za-z]{2,}", " ".join(plain))) | set(re.findall(r"[A-Za-z]{2,}", err.rule))
        words = [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in allowed]
        if leaked or words:
            leftovers.append((err.rule, text, leaked, words))
    assert not leftovers, leftovers[:3]
    for err in found.values():  # and every language renders them (no field is missing)
        for lang in LANGUAGES:
            assert render(err, lang)


@pytest.mark.parametrize("lang", [*LANGUAGES, "xx"])
def test_every_message_renders_in_every_language(lang, code_ids):
    """Each message, its fields given numbers, renders; in the pseudo-locale no English word is left."""
    for text, info in code_ids.items():
        for n in (1, 2):
            args = {f: n for f in fields(text) | (fields(info["plural"]) if info["plural"] else set())}
            out = Message(text, plural=info["plural"], **args).render(lang)
            assert out
            if lang == "xx":
                assert not re.findall(r"[A-Za-z]{2,}", out), (text, out)
