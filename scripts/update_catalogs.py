"""Bring the message catalogs up to date with the code.

Reads every ``Message("...")`` of the railkit package (:func:`railkit.core.i18n.extract`)
and the prose of its JSON files, the tutorials' titles and steps
(:func:`railkit.core.i18n.extract_prose`), then rewrites ``railkit/core/locale/<lang>/LC_MESSAGES/railkit.po`` for en, da, de and ja:
new ids are added untranslated, ids the code no longer uses are dropped, translations
of the others are kept. The English catalog's texts stay empty (English is the id).
``--check`` only reports what would change (and exits 1 if anything would).

    python scripts/update_catalogs.py [--check]
"""

from __future__ import annotations

import argparse
import datetime
import io
import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from railkit.core.i18n import DOMAIN, LANGUAGES, catalog_path, extract, extract_prose


def updated(lang: str, messages: dict[str, dict]) -> Catalog:
    """``lang``'s catalog with exactly the ids of ``messages``, translations kept."""
    path = catalog_path(lang)
    old = {}
    created = datetime.datetime(2026, 12, 6, tzinfo=datetime.timezone.utc)
    if path.exists():
        with open(path, "rb") as f:
            previous = read_po(f, locale=lang, domain=DOMAIN)
        created = previous.creation_date
        for m in previous:
            if m.id:
                old[m.id[0] if isinstance(m.id, tuple) else m.id] = m
    cat = Catalog(locale=lang, domain=DOMAIN, project="railkit", version="0.1.0",
                  copyright_holder="railkit", fuzzy=False, creation_date=created, revision_date=created,
                  language_team=f"railkit <{lang}>", last_translator="railkit")
    for text in sorted(messages, key=lambda t: messages[t]["where"][0]):
        info = messages[text]
        msgid = (text, info["plural"]) if info["plural"] else text
        prev = old.get(text)
        string = prev.string if prev is not None else ("", "") if info["plural"] else ""
        if info["plural"] and not isinstance(string, tuple):
            string = (string, string)
        if not info["plural"] and isinstance(string, tuple):
            string = string[0]
        if lang == "ja" and isinstance(string, tuple):
            string = string[:1]  # Japanese has one plural form
        cat.add(msgid, string, locations=[(w.rsplit(":", 1)[0], int(w.rsplit(":", 1)[1])) for w in info["where"]],
                flags=["python-brace-format"] if info["args"] or info["plural"] else [],
                auto_comments=prev.auto_comments if prev is not None else [],
                user_comments=prev.user_comments if prev is not None else [])
    return cat


def messages_of_the_package() -> dict[str, dict]:
    """The code's messages, then the prose of the JSON files not already among them."""
    messages = extract()
    for text, info in extract_prose().items():
        if text in messages:
            messages[text]["where"] += info["where"]
        else:
            messages[text] = info
    return messages


def po_text(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, cat, width=100, omit_header=False, sort_output=False, include_lineno=False)
    return out.getvalue()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="report only; exit 1 if a catalog is out of date")
    args = ap.parse_args(argv)
    messages = messages_of_the_package()
    stale = []
    for lang in LANGUAGES:
        path = catalog_path(lang)
        text = po_text(updated(lang, messages))
        if path.exists() and path.read_bytes() == text:
            continue
        stale.append(lang)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text)
    print(f"{len(messages)} message ids; " + (f"out of date: {', '.join(stale)}" if stale else "catalogs up to date"))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
