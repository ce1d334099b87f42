"""A card-list editor for Station Master: the game's "map" is its deck.

The Station Master counterpart of the map editor (:mod:`railkit.viz.ticket_to_ride.map_editor`): edit the
locomotives (number, type, green banner, copies), the carriage values and their counts,
the special cards' counts and the passenger chip values, and see live validation: every
change is checked with the engine's own loader (:meth:`CardList.from_dict
<railkit.games.station_master.cards.CardList.from_dict>`, which checks what
``cards.schema.json`` describes), so a problem is shown as the same
:class:`~railkit.core.errors.DataError` text a bad file gives (file, JSON path, what was
expected), with the box and line it comes from. The number boxes take their limits from
``cards.schema.json``.

The deck's make-up is drawn (a Bokeh plot: the carriage values as a histogram, the share
of each special card). Saving is atomic (a temporary file renamed over the old one), and
the saved file loads with :func:`~railkit.games.station_master.cards.load_cards`. Then
"Play this deck" starts a :class:`~railkit.viz.station_master.view.StationMasterView` game on it, and
"Simulate" plays a few hundred bot games with the balance plots of notebook 22.

The boxes are text, one line per entry:

* locomotives: ``number [standard|executive|freight] [banner] [xCOUNT]``, e.g. ``6 freight banner x1``;
* carriages: ``VALUE xCOUNT``, e.g. ``+3 x9``, ``-2 x11``, ``lux+4 x4`` (luxury);
* Repair cards: ``DEPTH xCOUNT`` (how many discards it looks at), e.g. ``3 x2``;
* chips: the values, e.g. ``1, 1, 2, 2, 3, 3``.

>>> import tempfile
>>> ed = CardListEditor("default", folder=tempfile.mkdtemp())
>>> ed.set_carriage(-3, 0)            # no -3 carriages
>>> ed.set_special("royal", 4)
>>> ed.set_chips([1, 2, 3])
>>> ed.summary()
'railkit-default: 15 locomotives, 90 cards (61 carriages, 29 specials: 32%), chips 1, 2, 3'
>>> ed.set_carriages_text("+1 x12\\n0 x3")
>>> ed.ok
False
>>> print(ed.status)
Not valid yet (carriages box, line 2): ...: at $.cards[1].value: expected a non-zero carriage value, got 0
>>> ed.set_carriages_text("+1 x12\\n+2 x10")
>>> ed.w_name.value = "my-deck"
>>> ed.save().name, load_cards(ed.folder / "my-deck.json").card_counts["+2"]
('my-deck.json', 10)
"""

from __future__ import annotations

import copy
import html
import re
from pathlib import Path
from typing import Any

import panel as pn
import param
from bokeh.layouts import row as bk_row
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, Range1d
from bokeh.plotting import figure

from railkit.core.errors import DataError
from railkit.core.jsonio import read_json, write_json_atomic
from railkit.viz.shell.editor import Editor
from railkit.games.station_master.cards import (
    COUNTED_SPECIALS, DEFAULT_FOLDER, DEFAULT_PATH, FORMAT, LOCO_KINDS, VERSION, CardList, carriage_key,
    deck_makeup, load_cards, schema_bounds,
)

__all__ = ["CardListEditor"]

_SPECIAL_LABELS = {"brake-van": "Brake Van", "royal": "Royal Carriage", "reassign": "Re-Assign Carriage",
                   "transfer": "Transfer Passengers", "standing-room": "Standing Room", "uncouple": "Uncouple",
                   "rush-hour": "Rush Hour", "repair": "Repair"}


# ---------------------------------------------------------------- text boxes
_COUNT = r"(?:\s*[x×]\s*(\d+))?"


def _box_error(box: str, n: int, form: str, line: str) -> DataError:
    return DataError(f"{box} box", f"line {n}", form, line)


def _lines(text: str):
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            yield n, line.strip()


def parse_locomotives(text: str) -> tuple[list[dict], list[int]]:
    """Locomotive entries from the box's lines (and each entry's line number).

    >>> parse_locomotives("3 x2\\n6 freight banner")[0]
    [{'number': 3, 'kind': 'standard', 'banner': False, 'count': 2}, {'number': 6, 'kind': 'freight', 'banner': True, 'count': 1}]
    """
    form = "'number [standard|executive|freight] [banner] [xCOUNT]', e.g. '6 freight banner x1'"
    pat = re.compile(r"^(-?\d+)((?:\s+[a-z]+)*)" + _COUNT + r"$", re.IGNORECASE)
    out, where = [], []
    for n, line in _lines(text):
        m = pat.match(line)
        if not m:
            raise _box_error("locomotives", n, form, line)
        words = m.group(2).lower().split()
        kinds = [w for w in words if w in LOCO_KINDS or w == "exec"]
        if len(kinds) > 1 or any(w not in LOCO_KINDS + ("exec", "banner") for w in words) or words.count("banner") > 1:
            raise _box_error("locomotives", n, form, line)
        kind = {"exec": "executive"}.get(kinds[0], kinds[0]) if kinds else "standard"
        out.append({"number": int(m.group(1)), "kind": kind, "banner": "banner" in words,
                    "count": int(m.group(3)) if m.group(3) is not None else 1})
        where.append(n)
    return out, where


def parse_carriages(text: str) -> tuple[list[dict], list[int]]:
    """Carriage entries from lines ``VALUE xCOUNT`` (``lux+4 x4`` for a luxury carriage).

    >>> parse_carriages("+3 x9\\nlux+4 x4\\n-2")[0]
    [{'kind': 'carriage', 'value': 3, 'count': 9}, {'kind': 'carriage', 'value': 4, 'luxury': True, 'count': 4}, {'kind': 'carriage', 'value': -2, 'count': 1}]
    """
    form = "'VALUE xCOUNT', e.g. '+3 x9', '-2 x11' or 'lux+4 x4'"
    pat = re.compile(r"^(lux\s*)?([+-]?\d+)" + _COUNT + r"$", re.IGNORECASE)
    out, where = [], []
    for n, line in _lines(text):
        m = pat.match(line)
        if not m:
            raise _box_error("carriages", n, form, line)
        entry: dict[str, Any] = {"kind": "carriage", "value": int(m.group(2))}
        if m.group(1):
            entry["luxury"] = True
        entry["count"] = int(m.group(3)) if m.group(3) is not None else 1
        out.append(entry)
        where.append(n)
    return out, where


def parse_repairs(text: str) -> tuple[list[dict], list[int]]:
    """Repair entries from lines ``DEPTH xCOUNT``.

    >>> parse_repairs("3 x2\\n5 x2")[0]
    [{'kind': 'repair', 'depth': 3, 'count': 2}, {'kind': 'repair', 'depth': 5, 'count': 2}]
    """
    form = "'DEPTH xCOUNT' (how many discards it looks at, how many cards), e.g. '3 x2'"
    pat = re.compile(r"^(-?\d+)" + _COUNT + r"$")
    out, where = [], []
    for n, line in _lines(text.replace(",", "\n")):
        m = pat.match(line)
        if not m:
            raise _box_error("Repair", n, form, line)
        out.append({"kind": "repair", "depth": int(m.group(1)), "count": int(m.group(2)) if m.group(2) else 1})
        where.append(n)
    return out, where


def parse_chips(text: str) -> list[int]:
    """Chip values from ``'1, 1, 2, 2, 3, 3'`` (commas or spaces).

    >>> parse_chips("1, 2 3")
    [1, 2, 3]
    """
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    for p in parts:
        if not re.fullmatch(r"-?\d+", p):
            raise DataError("chips box", "$", "whole numbers separated by commas, e.g. '1, 1, 2, 2, 3, 3'", p)
    return [int(p) for p in parts]


def _loco_line(e: dict) -> str:
    kind = e.get("kind", "standard")
    return (f"{e['number']}" + ("" if kind == "standard" else f" {kind}") + (" banner" if e.get("banner") else "")
            + f" x{e.get('count', 1)}")


def _carriage_line(e: dict) -> str:
    return f"{carriage_key(e['value'], e.get('luxury', False))} x{e.get('count', 1)}"


def _count(entries: list[dict]) -> int | None:
    try:
        return sum(int(e.get("count", 1)) for e in entries)
    except (TypeError, ValueError):
        return None


class CardListEditor(Editor):
    """Edit a Station Master card list in the browser or a notebook; see :mod:`railkit.viz.station_master.card_editor`.

    Parameters
    ----------
    start : str, Path, dict or CardList
        The list to start from: ``"default"`` (the bundled list), a path, or card-list JSON data.
    folder : str or Path
        Where :meth:`save` writes ``<name>.json`` (default :data:`DEFAULT_FOLDER`).
    """

    noun = "card list"

    def __init__(self, start: str | Path | dict | CardList = "default", *, folder: str | Path | None = None,
                 **params):
        super().__init__(**params)
        self.data = self._start_data(start)
        self._start = {k: self.data.get(k, "") for k in ("name", "provenance")}
        self._typed: set[str] = set()  # fields typed by the person (no longer following the name)
        self.folder = Path(folder) if folder is not None else DEFAULT_FOLDER
        self._errors: dict[str, DataError] = {}  # a box whose text cannot be read
        self._where: dict[str, list[int]] = {}  # each box's entries: their line numbers
        self.results = None  # the table of the last simulation
        self.values_src = ColumnDataSource(dict(key=[], count=[], colour=[], label=[]), name="deck_values")
        self.specials_src = ColumnDataSource(dict(kind=[], count=[], share=[], label=[]), name="deck_specials")
        self.figure = self._make_figure()
        self._pane = pn.pane.Bokeh(self.figure)
        self._make_widgets()
        self._refresh()

    @staticmethod
    def _start_data(start) -> dict:
        if isinstance(start, CardList):
            start = start.source
        if isinstance(start, dict):
            data = copy.deepcopy(start)
        else:
            path = DEFAULT_PATH if str(start) in ("", "default", "railkit-default") else Path(start)
            load_cards(path)  # a broken file: the loader's DataError, before anything is built
            data = read_json(path)
        data.setdefault("format", FORMAT)
        data.setdefault("version", VERSION)
        return data

    # ------------------------------------------------------------ layout
    def _make_figure(self):
        lo, hi = schema_bounds("cards", "value")
        # fixed ranges that _draw sets (a page keeps a DataRange1d's first end, so the bars would
        # outgrow the chart and their labels run into the title when counts grow)
        values = figure(width=430, height=260, x_range=FactorRange(), y_range=Range1d(0, 1), name="deck_values_plot",
                        title="Carriage values", tools="save", toolbar_location=None, y_axis_label="cards")
        values.vbar(x="key", top="count", width=0.8, source=self.values_src, fill_color="colour",
                    line_color="#333333")
        values.text(x="key", y="count", text="label", source=self.values_src, text_align="center",
                    text_baseline="bottom", text_font_size="9pt", y_offset=-2)
        values.add_tools(HoverTool(tooltips=[("card", "@key"), ("copies", "@count")]))
        values.xgrid.grid_line_color = None
        kinds = [_SPECIAL_LABELS[k] for k in COUNTED_SPECIALS + ("repair",)][::-1]
        specials = figure(width=380, height=260, y_range=FactorRange(*kinds), x_range=Range1d(0, 1),
                          name="deck_specials_plot", title="Special cards", tools="save", toolbar_location=None,
                          x_axis_label="cards")
        specials.hbar(y="kind", right="count", height=0.7, source=self.specials_src, fill_color="#7e57c2",
                      line_color="#333333")
        specials.text(x="count", y="kind", text="label", source=self.specials_src, text_baseline="middle",
                      text_font_size="9pt", x_offset=4)
        specials.ygrid.grid_line_color = None
        self._values_fig, self._specials_fig = values, specials
        return bk_row(values, specials, name="deck_makeup")

    def _make_widgets(self):
        d = self.data
        loco_lo, loco_hi = schema_bounds("locomotives", "number")
        count_lo, count_hi = schema_bounds("cards", "count")
        self.w_name = pn.widgets.TextInput(label="Card list name (file name)", value=d.get("name", ""), width=220)
        self.w_title = pn.widgets.TextInput(label="Title", value=d.get("title", ""), width=220)
        self.w_provenance = pn.widgets.TextInput(label="Where the list comes from", value=d.get("provenance", ""),
                                                 width=220)
        self.w_locos = pn.widgets.TextAreaInput(
            label="One locomotive per line", height=230,
            width=300, value="\n".join(_loco_line(e) for e in d.get("locomotives", [])))
        self.loco_hint = pn.pane.Markdown(f"`6 freight banner x1`: the number ({loco_lo} to {loco_hi}), "
                                          "*executive* or *freight* (else standard), *banner* (green), copies.",
                                          width=300, margin=(0, 5))
        carriages = [e for e in d.get("cards", []) if e.get("kind") == "carriage"]
        self.w_carriages = pn.widgets.TextAreaInput(label="One carriage value per line", height=230,
                                                    width=260, value="\n".join(_carriage_line(e) for e in carriages))
        val_lo, val_hi = schema_bounds("cards", "value")
        self.carriage_hint = pn.pane.Markdown(f"`-2 x11`: the value ({val_lo} to {val_hi}, not 0), copies; "
                                              "`lux+4 x4` for luxury carriages.", width=260, margin=(0, 5))
        counts = {e.get("kind"): e.get("count", 1) for e in d.get("cards", [])}
        self.w_specials = {
            k: pn.widgets.IntInput(label=_SPECIAL_LABELS[k], value=int(counts.get(k, 0)), start=0, end=count_hi,
                                   width=130, css_classes=[f"special-{k}"])
            for k in COUNTED_SPECIALS}
        repairs = [e for e in d.get("cards", []) if e.get("kind") == "repair"]
        self.w_repairs = pn.widgets.TextInput(label="Repair: DEPTH xCOUNT, ...",
                                              value=", ".join(f"{e.get('depth')} x{e.get('count', 1)}" for e in repairs),
                                              width=270)
        self.w_chips = pn.widgets.TextInput(label="Chip values of each player (empty: the rules' 1,1,2,2,3,3)",
                                            value=", ".join(map(str, d.get("chips", []))), width=300)
        self.w_players = pn.widgets.IntSlider(label="Players", start=2, end=6, value=4, width=200)
        self.w_games = pn.widgets.IntInput(label="Games to simulate", value=200, start=10, end=5000, step=50, width=140)
        self.b_save = pn.widgets.Button(label="Save card list", color="success", width=130)
        self.b_play = pn.widgets.Button(label="Play this deck", color="primary", width=130)
        self.b_sim = pn.widgets.Button(label="Simulate", color="primary", width=130)
        self.msg = pn.pane.Alert("", alert_type="info", sizing_mode="stretch_width", max_width=900,
                                 css_classes=["editor-status"])
        self.play_area = pn.Column()
        self.sim_area = pn.Column()
        self.w_locos.param.watch(lambda e: self._guard(self.set_locomotives_text, e.new), "value")
        self.w_carriages.param.watch(lambda e: self._guard(self.set_carriages_text, e.new), "value")
        self.w_repairs.param.watch(lambda e: self._guard(self.set_repairs_text, e.new), "value")
        self.w_chips.param.watch(lambda e: self._guard(self.set_chips_text, e.new), "value")
        for k, w in self.w_specials.items():
            w.param.watch(lambda e, k=k: self._guard(self.set_special, k, e.new if e.new is not None else 0), "value")
        for key, w in (("name", self.w_name), ("title", self.w_title), ("provenance", self.w_provenance)):
            w.param.watch(lambda e, key=key: self._guard(self._set_text, key, e.new), "value")
        self.w_players.param.watch(lambda e: self._refresh(), "value")
        self.b_save.on_click(lambda e: self._guard(self.save))
        self.b_play.on_click(lambda e: self._guard(self.play))
        self.b_sim.on_click(lambda e: self._guard(self.simulate))

    def __panel__(self):
        deck_box = pn.Column("### Card list", self.w_name, self.w_title, self.w_provenance, width=250)
        loco_box = pn.Column("### Locomotives", self.loco_hint, self.w_locos, width=320)
        car_box = pn.Column("### Carriages", self.carriage_hint, self.w_carriages, width=280)
        special_box = pn.Column("### Special cards", pn.GridBox(*self.w_specials.values(), ncols=2),
                                self.w_repairs, width=300)
        chips_box = pn.Column("### Chips", self.w_chips, width=320)
        save_box = pn.Column("### Save, play, simulate", pn.Row(self.w_players, self.w_games),
                             pn.Row(self.b_save, self.b_play, self.b_sim), width=440)
        return pn.Column(
            self.msg,
            pn.FlexBox(self._pane, deck_box, loco_box, car_box, special_box, chips_box, save_box,
                       flex_wrap="wrap", align_items="flex-start", sizing_mode="stretch_width"),
            self.play_area, self.sim_area,
            sizing_mode="stretch_width",
        )

    def _set_widget(self, widget, value) -> None:
        """Show ``value`` in a box without reading it back (the data is already up to date)."""
        if widget.value != value:
            self._quiet = True
            try:
                widget.value = value
            finally:
                self._quiet = False

    # ------------------------------------------------------------ editing API
    def _set_text(self, key: str, value: str) -> None:
        """A name, title or provenance typed. A renamed list is a new list: its title, provenance
        and notes follow the name (``'my-deck'`` -> ``'My deck'``, "edited from ...") until typed."""
        from railkit.viz.ticket_to_ride.map_editor import title_from_name

        self.data[key] = value
        if key != "name":
            self._typed.add(key)
        elif value != self._start["name"]:
            auto = {"title": title_from_name(value),
                    "provenance": f"edited from {self._start['name']} ({self._start['provenance']})",
                    "notes": f"Edited from the card list {self._start['name']} with railkit's card-list editor."}
            for k, v in auto.items():
                if k not in self._typed:
                    self.data[k] = v
            self._set_widget(self.w_title, self.data["title"])
            self._set_widget(self.w_provenance, self.data["provenance"])
        self._refresh()

    def _cards(self, kind: str | None = None, not_kind: tuple[str, ...] = ()) -> list[dict]:
        return [e for e in self.data.get("cards", [])
                if (kind is None or e.get("kind") == kind) and e.get("kind") not in not_kind]

    def _replace_cards(self, kinds: tuple[str, ...], entries: list[dict]) -> None:
        """Put ``entries`` in the place of the cards of ``kinds`` (carriages first, then specials)."""
        rest = [e for e in self.data.get("cards", []) if e.get("kind") not in kinds]
        if "carriage" in kinds:
            self.data["cards"] = entries + rest
        else:
            order = {k: i for i, k in enumerate(("carriage",) + COUNTED_SPECIALS + ("repair",))}
            merged = rest + entries
            merged.sort(key=lambda e: order.get(e.get("kind"), len(order)))
            self.data["cards"] = merged

    def set_locomotives_text(self, text: str) -> None:
        """Replace the locomotives from the box's lines (see the module's help)."""
        try:
            entries, where = parse_locomotives(text)
        except DataError as exc:
            self._errors["locomotives"] = exc
        else:
            self._errors.pop("locomotives", None)
            self.data["locomotives"], self._where["locomotives"] = entries, where
        self._set_widget(self.w_locos, text)
        self._refresh()

    def set_locomotives(self, entries: list[dict]) -> None:
        """Replace the locomotives: dicts with number, kind, banner, count."""
        self.set_locomotives_text("\n".join(_loco_line({"kind": "standard", **e}) for e in entries))

    def add_locomotive(self, number: int, kind: str = "standard", banner: bool = False, count: int = 1) -> None:
        """Add ``count`` locomotives (to the copies of the same one if it is listed)."""
        entries = copy.deepcopy(self.data.get("locomotives", []))
        for e in entries:
            if (e.get("number"), e.get("kind", "standard"), bool(e.get("banner"))) == (number, kind, banner):
                e["count"] = int(e.get("count", 1)) + count
                break
        else:
            entries.append({"number": number, "kind": kind, "banner": banner, "count": count})
        self.set_locomotives(entries)

    def set_carriages_text(self, text: str) -> None:
        """Replace the carriages from lines ``VALUE xCOUNT``."""
        try:
            entries, where = parse_carriages(text)
        except DataError as exc:
            self._errors["carriages"] = exc
        else:
            self._errors.pop("carriages", None)
            self._replace_cards(("carriage",), entries)
            self._where["carriages"] = where
        self._set_widget(self.w_carriages, text)
        self._refresh()

    def set_carriage(self, value: int, count: int, luxury: bool = False) -> None:
        """Set the copies of one carriage (0 removes it; a new one goes in value order)."""
        entries = [dict(e) for e in self._cards("carriage")]
        same = [e for e in entries if e.get("value") == value and bool(e.get("luxury")) == luxury]
        if same:
            if count > 0:
                same[0]["count"] = count
            else:
                entries.remove(same[0])
        elif count > 0:
            new = {"kind": "carriage", "value": value, **({"luxury": True} if luxury else {}), "count": count}
            key = (luxury, value < 0, abs(value))
            at = next((i for i, e in enumerate(entries)
                       if (bool(e.get("luxury")), e.get("value", 0) < 0, abs(e.get("value", 0))) > key), len(entries))
            entries.insert(at, new)
        self.set_carriages_text("\n".join(_carriage_line(e) for e in entries))

    def set_special(self, kind: str, count: int, depth: int | None = None) -> None:
        """Set the copies of a special card (``repair`` needs its ``depth``); 0 removes it."""
        if kind == "repair":
            if depth is None:
                raise ValueError("A Repair card needs its depth (how many discards it looks at), e.g. depth=3.")
            entries = [dict(e) for e in self._cards("repair") if e.get("depth") != depth]
            if count > 0:
                entries.append({"kind": "repair", "depth": depth, "count": count})
                entries.sort(key=lambda e: e.get("depth", 0))
            self.set_repairs_text(", ".join(f"{e['depth']} x{e['count']}" for e in entries))
            return
        if kind not in COUNTED_SPECIALS:
            raise KeyError(f"No special card {kind!r}: one of {', '.join(COUNTED_SPECIALS)} or repair.")
        count = int(count)
        self._replace_cards((kind,), [{"kind": kind, "count": count}] if count > 0 else [])
        self._set_widget(self.w_specials[kind], count)
        self._refresh()

    def set_repairs_text(self, text: str) -> None:
        """Replace the Repair cards from ``'DEPTH xCOUNT, ...'``."""
        try:
            entries, _ = parse_repairs(text)
        except DataError as exc:
            self._errors["Repair"] = exc
        else:
            self._errors.pop("Repair", None)
            self._replace_cards(("repair",), entries)
        self._set_widget(self.w_repairs, text)
        self._refresh()

    def set_chips(self, values: list[int] | None) -> None:
        """Set each player's chip values (None or empty: the rules' chip values)."""
        self.set_chips_text(", ".join(map(str, values or [])))

    def set_chips_text(self, text: str) -> None:
        try:
            chips = parse_chips(text)
        except DataError as exc:
            self._errors["chips"] = exc
        else:
            self._errors.pop("chips", None)
            if chips:
                self.data["chips"] = chips
            else:
                self.data.pop("chips", None)
        self._set_widget(self.w_chips, text)
        self._refresh()

    # ------------------------------------------------------------ the list as data
    def _source(self) -> str:
        return str(self.folder / f"{self.data.get('name') or 'untitled'}.json")

    def to_dict(self) -> dict:
        """The edited card list as JSON data, its declared totals counted (may be invalid: see
        :meth:`validate`)."""
        data = copy.deepcopy(self.data)
        data["title"] = data.get("title") or data.get("name", "")
        totals = {k: _count(data.get(k, [])) for k in ("locomotives", "cards")}
        data["totals"] = {k: v for k, v in totals.items() if v}
        return data

    def validate(self) -> CardList:
        """The edited list, checked by the engine's loader (raises DataError)."""
        if self._errors:
            raise next(iter(self._errors.values()))
        return CardList.from_dict(self.to_dict(), self._source())

    def _where_text(self, exc: DataError) -> str:
        """Which box (and line) a loader error points at."""
        m = re.match(r"\$\.(locomotives|cards)\[(\d+)\]", exc.path or "")
        if not m:
            return {"$.chips": " (chips box)"}.get((exc.path or "").split("[")[0], "")
        i = int(m.group(2))
        if m.group(1) == "locomotives":
            lines = self._where.get("locomotives", [])
            return f" (locomotives box, line {lines[i]})" if i < len(lines) else " (locomotives box)"
        entry = self.data["cards"][i] if i < len(self.data.get("cards", [])) else {}
        kind = entry.get("kind")
        if kind == "carriage":
            lines = self._where.get("carriages", [])
            j = sum(1 for e in self.data["cards"][:i] if e.get("kind") == "carriage")
            return f" (carriages box, line {lines[j]})" if j < len(lines) else " (carriages box)"
        return f" ({_SPECIAL_LABELS.get(kind, kind)})" if kind else ""

    def summary(self, cl: CardList | None = None) -> str:
        """One line on the valid list: locomotives, cards, carriages, specials, chips."""
        cl = cl or self.validate()
        m = deck_makeup(cl)
        n_spec = sum(m["specials"].values())
        chips = ", ".join(map(str, cl.chips)) if cl.chips else "the rules' chips"
        return (f"{cl.name}: {len(cl.locomotives)} locomotives, {m['cards']} cards ({m['cards'] - n_spec} carriages, "
                f"{n_spec} specials: {round(100 * m['special_share'])}%), chips {chips}")

    def rules(self, path: str | Path | None = None) -> dict:
        """Rule settings for a game with this list (saved at ``path``): its cards and its chips."""
        cl = self.validate()
        out: dict[str, Any] = {"cards": str(path) if path else self._source()}
        if cl.chips:
            out["chip_values"] = list(cl.chips)
        return out

    def warnings(self, players: int | None = None) -> list[str]:
        """What would stop or spoil a game of ``players`` (the Players slider) with this valid list."""
        from railkit.games.station_master import StationMasterGame, StationMasterRules

        cl = self.validate()
        players = int(players or self.w_players.value)
        out = []
        path = write_json_atomic(self.scratch() / "check.json", self.to_dict())
        try:
            g = StationMasterGame(self.rules(path), players=players, seed=0)
        except DataError as exc:
            out.append(f"a {players}-player game cannot start: {exc.expected}")
            return out
        hand = StationMasterRules.param["hand_size"].default
        if len(cl.cards) < players * hand:
            out.append(f"{players} players need at least {players * hand} cards to be dealt {hand} each")
        in_play = len(cl.locomotives) - len(g.removed_locos)
        if in_play <= players:
            out.append(f"with {players} players only {in_play} locomotive(s) stay in play: no train arrives "
                       "after the first ones leave")
        return out

    # ------------------------------------------------------------ save, play, simulate
    def save(self, path: str | Path | None = None, *, announce: bool = True) -> Path:
        """Check and write the list atomically (temp file + rename; default ``<folder>/<name>.json``).
        The saved file loads with :func:`~railkit.games.station_master.cards.load_cards`; ``announce``
        says so on the status line."""
        path = Path(path) if path else Path(self._source())
        if self._errors:
            raise next(iter(self._errors.values()))
        data = self.to_dict()
        CardList.from_dict(data, str(path))
        out = write_json_atomic(path, data)
        cl = load_cards(out)  # what was written is what the engine reads
        if announce:
            self.msg.object = html.escape(f"Saved {out} ({self.summary(cl)}).", quote=False)
            self.msg.alert_type = "success"
        return out

    def _saved_copy(self) -> Path:
        """The list saved to the editor's private folder (playing never overwrites the user's files)."""
        cl = self.validate()
        return self.save(self.scratch() / f"{cl.name}.json", announce=False)

    def play(self, seed: int = 1, bots: tuple[str, ...] = ("greedy",), auto: bool | None = None):
        """Play the edited deck: a :class:`~railkit.viz.station_master.view.StationMasterView` game against bots,
        shown under the editor (the Players slider's count; you are the first seat)."""
        from railkit.viz.shell.view import served
        from railkit.viz.station_master.view import StationMasterView
        from railkit.viz.shell.table import Table

        path = self._saved_copy()
        cl = load_cards(path)
        players = int(self.w_players.value)
        table = Table(players=players, humans=[0], bots=[bots[i % len(bots)] for i in range(players - 1)],
                      seed=seed, rules=self.rules(path), game="station-master")
        self.game = StationMasterView(table, auto=served() if auto is None else auto,
                                      cards_folder=str(self.folder))
        self.play_area.objects = [pn.pane.Markdown(f"### Playing {html.escape(self.data.get('title') or cl.name)}"), self.game]
        self._played(cl)
        return self.game

    def simulate(self, games: int | None = None, seed: int = 2026, players: int | None = None,
                 agents: str = "greedy", compare_default: bool = False):
        """Play ``games`` seeded bot games with this deck (and, with ``compare_default``, the same seeds
        with the default deck) and show notebook 22's balance plots under the editor.

        Returns the results table (one row per game and seat, a ``variant`` column).
        """
        from railkit.sim import run_variants
        from railkit.viz.graphs import plots
        from railkit.viz.station_master.plots import chip_split_scores, chip_value_points

        games = int(games or self.w_games.value)
        players = int(players or self.w_players.value)
        cl = self.validate()
        path = self._saved_copy()
        label = f"this deck: {cl.name}"
        variants = {label: {"rules": self.rules(path)}}
        if compare_default:
            variants["railkit default"] = {"rules": {"cards": "default"}}
        df = run_variants(variants, game="station-master", players=players, agents=agents, games=games,
                          seed=seed, progress=False)
        self.results = df
        mine = df[df["variant"] == label]
        figs = [plots.win_rates(mine, "seat", title=f"Win rate by seat, {cl.name} ({games} games)"),
                chip_split_scores(df, "variant", title="Mean score per deck (95% interval)"),
                chip_value_points(df, "variant"),
                plots.score_distribution(df, "variant")]
        ok = df[df["error"] == ""] if "error" in df else df
        errors = len(df) - len(ok)
        text = (f"**{games} games** of {players} {agents} bots with *{html.escape(cl.name)}*"
                + (" and the same seeds with the default deck" if compare_default else "")
                + f": mean score {mine['score'].mean():.1f}, mean {mine['departures'].mean():.1f} departures, "
                f"mean {mine['actions'].mean():.0f} actions" + (f"; {errors} rows with errors" if errors else "") + ".")
        self.sim_area.objects = [pn.pane.Markdown("### Simulated games\n\n" + text),
                                 pn.FlexBox(*[pn.pane.Bokeh(f) for f in figs], flex_wrap="wrap")]
        return df

    # ------------------------------------------------------------ redraw + validation
    def _redraw(self) -> None:
        try:
            cl = self.validate()
        except DataError as exc:
            self.ok = False
            self.status = f"Not valid yet{self._where_text(exc)}: {exc}"
            self.msg.object = html.escape(self.status, quote=False)
            self.msg.alert_type = "danger"
            return
        self.ok = True
        self._draw(cl)
        self.status = "OK: " + self.summary(cl)
        warnings = self.warnings()
        if warnings:
            self.status += " Warning: " + "; ".join(warnings) + "."
        self.msg.object = html.escape(self.status, quote=False)
        self.msg.alert_type = "warning" if warnings else "success"

    def _draw(self, cl: CardList) -> None:
        m = deck_makeup(cl)
        keys = list(m["carriages"])
        colour = ["#ffb300" if cl.info[k].luxury else ("#66bb6a" if cl.info[k].value > 0 else "#ef5350") for k in keys]
        counts = [m["carriages"][k] for k in keys]
        self._values_fig.x_range.factors = keys
        self.values_src.data = dict(key=keys, count=counts, colour=colour, label=[str(c) for c in counts])
        self._values_fig.title.text = (f"Carriage values: {m['positive']} positive, {m['negative']} negative "
                                       f"({m['luxury']} luxury)")
        kinds = list(m["specials"])
        total = m["cards"]
        n_spec = sum(m["specials"].values())
        self.specials_src.data = dict(kind=[_SPECIAL_LABELS[k] for k in kinds], count=[m["specials"][k] for k in kinds],
                                      share=[m["specials"][k] / total for k in kinds],
                                      label=[f"{m['specials'][k]} ({100 * m['specials'][k] / total:.0f}%)"
                                             if m["specials"][k] else "" for k in kinds])
        self._specials_fig.title.text = f"Special cards: {n_spec} of {total} ({100 * m['special_share']:.0f}%)"
        # room on the right for the labels
        self._specials_fig.x_range.end = max([1] + list(m["specials"].values())) * 1.45
        self._values_fig.y_range.end = max([1] + counts) * 1.2
