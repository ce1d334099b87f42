"""The command line in the reader's language: RAILKIT_LANG and --lang."""

from __future__ import annotations

import pytest

from railkit import cli
from railkit.core import i18n
from railkit.core.errors import IllegalMove
from railkit.core.i18n import Message


pytestmark = pytest.mark.usefixtures("no_language")  # tests/conftest.py


@pytest.fixture
def refusing(monkeypatch):
    """validate-map refuses as a game would: an IllegalMove reaches the command line."""
    def refuse(args):
        raise IllegalMove("TTR-CLAIM-TRAINS", Message("{name} has {n} train left but {route} needs {length}.",
                                                      plural="{name} has {n} trains left but {route} needs "
                                                      "{length}.", name="Red", n=2, route="Denver-Omaha", length=4),
                          Message("Claim a shorter route."))
    monkeypatch.setattr(cli, "_validate_map", refuse)


@pytest.mark.parametrize("lang, expected", [
    ("", "Red has 2 trains left but Denver-Omaha needs 4. (rule TTR-CLAIM-TRAINS) Claim a shorter route."),
    ("da", "Red har 2 togbrikker tilbage, men Denver-Omaha kræver 4. (regel TTR-CLAIM-TRAINS) Tag en kortere rute."),
    ("de", "Red hat noch 2 Wagen, aber Denver-Omaha braucht 4. (Regel TTR-CLAIM-TRAINS) Baue eine kürzere Strecke."),
    ("ja", "Redの列車コマは残り2個ですが、Denver-Omahaには4個必要です。（ルール TTR-CLAIM-TRAINS）もっと短い路線を引いてください。"),
])
def test_a_refusal_prints_in_railkit_lang(lang, expected, refusing, monkeypatch, capsys):
    if lang:
        monkeypatch.setenv("RAILKIT_LANG", lang)
    assert cli.main(["validate-map", "x.json"]) == 2
    assert capsys.readouterr().err == f"railkit validate-map: {expected}\n"


def test_the_system_locale_chooses_when_railkit_lang_is_unset(refusing, monkeypatch, capsys):
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    cli.main(["validate-map", "x.json"])
    assert "Tag en kortere rute." in capsys.readouterr().err


def test_an_unknown_railkit_lang_is_one_plain_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("RAILKIT_LANG", "fr")
    assert cli.main(["validate-map", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err == ("railkit validate-map: railkit does not speak 'fr': "
                                       "choose one of en, da, de, ja.\n")


@pytest.mark.parametrize("command", [["serve", "ticket-to-ride"], ["lab", "--dry-run"]])
def test_lang_takes_one_of_the_four(command, capsys):
    assert cli.main([*command, "--lang", "fr"]) == 2
    assert "argument --lang: railkit does not speak 'fr': choose one of en, da, de, ja." in capsys.readouterr().err


def test_lab_lang_sets_the_notebooks_language(monkeypatch, capsys, tmp_path):
    seen = {}

    class Started(Exception):
        pass

    def popen(cmd, cwd=None, env=None):
        seen.update(env)
        raise Started

    import subprocess

    monkeypatch.setattr(subprocess, "Popen", popen)
    with pytest.raises(Started):
        cli.main(["lab", "--workspace", str(tmp_path / "ws"), "--port", "8898", "--no-browser", "--lang", "ja"])
    assert seen["RAILKIT_LANG"] == "ja"
