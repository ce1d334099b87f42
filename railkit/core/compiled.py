"""Engine modules compiled with mypyc, and the fallback to their Python sources.

``pip install`` compiles with mypyc, where a C compiler is available (``setup.py``), every
module that carries the line ``# railkit: compiled with mypyc`` (:data:`MARKER`, alone on a
line, before ``from __future__ import annotations``): the game engines and the bots that
search most, which then play about 1.3 to 2.5 times as fast, the longest-trail search of
:mod:`railkit.graphs.trails`, the path search of :mod:`railkit.graphs.paths` and the seeded
draws of :mod:`railkit.core.draws`. :data:`COMPILED` groups them by package, each package's
modules in import order (a module after those it imports). A package with marked modules
calls :func:`load` from its ``__init__`` before it imports them. The Python sources stay the
code to read, and the compiled modules behave exactly like them (the tests check that).

A compiled module sits next to its source and Python would import it first, so
:func:`load` runs before the first import and checks that the sources are the
ones that were compiled (a SHA-256 stamp written once the build succeeded). It imports the
sources instead, so an edit to the code always takes effect, when

* ``RAILKIT_PURE=1`` is set (say, to step through the engine in a debugger), or
* a source was edited after the build, or
* the compiled build is incomplete, has no readable stamp or does not load

(each but the first with a warning that says how to compile it again).

:data:`ENGINE` tells which was used. This file uses the standard library only:
``setup.py`` imports it on its own to write the stamp.

The mypyc idioms
----------------

The compiled modules are ordinary Python, written so that mypyc can turn the hot
paths into C. A few habits do that; each site that uses one carries a short tag
``# mypyc: <idiom>`` naming it as below, so the reason is told here once. Each
idiom is still correct Python: the pure engine runs the same lines, a little more
slowly in places, and always with the same results.

Final constant
    A module-level constant, or an alias of a class imported from a module that is
    not compiled, is declared ``Final`` (``LOCO_I: Final = 8``,
    ``_CLAIM_T: Final = Claim``, ``_NEG_INF: Final = float("-inf")``).
    *Faster:* compiled code reads a ``Final`` name from a C variable (a number is put
    in as the number itself); any other global, and every name imported from a Python
    module, is looked up in the module's dict at each use. A value that costs work to
    make (``float("-inf")`` parses its text) is made once at import.
    *Costs to read:* a second name for an imported class (``_CLAIM_T`` for ``Claim``).

variable-length tuple
    A constant tuple of numbers is annotated ``tuple[int, ...]``, not left to be
    inferred as ``tuple[int, int, int, int, int, int]``.
    *Faster:* mypyc keeps a tuple of unknown length as the Python object; a
    fixed-length one it stores as machine values and builds a new tuple object from
    them each time it is used as an object (iterated, passed on).
    *Costs to read:* a type annotation that looks looser than it need be.

typed attribute
    An attribute of a compiled class is given a type where it is first set
    (``self._seats: int = n``), or declared on the class when a base class that is
    not compiled sets it (``log: list[Action]`` on the game, ``rng`` on a bot).
    *Faster:* a typed attribute of a native class is a field of a C struct, read
    without a dict lookup, and an ``int`` or ``bool`` one is a machine value;
    an attribute the compiler does not know lives in the instance dict.
    *Costs to read:* copies of facts the base class also keeps (``_seats`` beside
    ``players``), and annotations in ``__init__`` or ``_setup``.

typed local
    A value read from an attribute (an ``int | None``, a list) is copied into a
    local first and worked on there (``left = self.final_turns_left``; ``left -= 1``).
    *Faster:* a local of a known type lives in a C variable, so arithmetic and
    comparisons run on machine integers; an attribute is read and written back as an
    object at each step.
    *Costs to read:* a local and a write-back where one line would do.

typed container
    A mapping or sequence is turned into the exact type the compiled code declares
    (``dict[str, set[str]]``, a tuple unpacked into typed names) before a loop reads it.
    *Faster:* mypyc calls the dict, set and tuple operations directly for a declared
    ``dict``/``set``/``tuple``; for a ``Mapping`` or ``Any`` it goes through Python's
    generic protocol (a method lookup per call).
    *Costs to read:* a copy or an ``if type(x) is dict`` that only matters for speed.

native loop
    A short loop written out in place of a builtin or an operator that would do the
    same (``sum(hand)``, ``row.count(LOCO_I)``, ``None in row``, ``x in (a, b)``,
    ``bisect_left``).
    *Faster:* the loop compiles to C over machine values; the builtin or ``in``
    compares each item through Python's generic comparison (slow on ``int | None``
    items), and a call into a Python library crosses back into the interpreter.
    *Costs to read:* four lines where one would do; the docstring names the one-liner
    it replaces.

identity test
    Types and singletons are compared with ``is`` (``type(action) is _CLAIM_T``,
    ``holder is not None and holder == seat``), not with ``isinstance``, ``==`` or ``in``.
    *Faster:* ``is`` compares two pointers; ``==`` between objects, and ``in`` over
    types, call the generic rich comparison. ``type(x) is C`` also skips the walk up
    the class hierarchy (the action classes are never subclassed).
    *Costs to read:* ``is`` where a reader expects ``isinstance``.

read once
    The fields of an object of a class that is not compiled (the action dataclasses,
    param rules) are read once into locals (``rid, cards, locos = a.route, a.cards,
    a.locos``), and the rule settings are copied into a plain dict or plain attributes
    when a game starts.
    *Faster:* each read of such an attribute is a Python attribute lookup (for param,
    a descriptor call); a local is a C variable.
    *Costs to read:* a snapshot of the settings beside the rules object.

unrolled
    A few lines are written out twice (for a route's own colour, then for gray routes)
    instead of a loop over the two cases.
    *Faster:* no tuple of cases to build and iterate, and each copy reads its own
    typed locals; in Ticket to Ride's move listing a loop cost 7-8 % of a random game.
    *Costs to read:* two copies to keep in step; a comment at the site says so.

open class
    ``@mypyc_attr(allow_interpreted_subclasses=True)`` on a compiled game or bot class.
    *Faster:* nothing; it keeps the compiled class open, so a rule variant or a bot of
    one's own may subclass it in plain Python (its overrides are then called through
    Python, which costs a little on those calls only).
    *Costs to read:* a decorator that has no meaning in plain Python.

Python class
    ``@mypyc_attr(native_class=False)`` on a class of a compiled module.
    *Faster:* nothing for the class itself; its instances keep a ``__dict__``, so code
    that copies them attribute by attribute (the search bots' clones) still can.
    *Costs to read:* as for ``open class``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import re
import sys
import warnings
from pathlib import Path

#: the line that marks a module for mypyc: alone on a line, before ``from __future__ import annotations``
MARKER = "# railkit: compiled with mypyc"

#: the folder of the railkit package
PACKAGE_DIR = Path(__file__).resolve().parents[1]


def _is_marked(text: str) -> bool:
    return f"\n{MARKER}\n" in text or text.startswith(MARKER + "\n")


def _marked(folder: Path) -> dict[str, str]:
    """The modules of the package in ``folder`` (not its subpackages) that carry :data:`MARKER`
    as a line of their own: name -> source."""
    package = ".".join(folder.relative_to(PACKAGE_DIR.parent).parts)
    found: dict[str, str] = {}
    for path in sorted(folder.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if path.name != "__init__.py" and _is_marked(text):
            found[f"{package}.{path.stem}"] = text
    return found


def _import_order(modules: dict[str, str]) -> tuple[str, ...]:
    """The modules of one package, each after those of them it imports (then by name): the
    order :func:`load` imports them in, so that no compiled module is found first by an import
    from a source that is meant to run pure."""
    uses: dict[str, set[str]] = {}
    for name, text in modules.items():
        package = name.rpartition(".")[0]
        # the railkit modules this one imports: ``from a.b import c`` imports a.b and maybe a.b.c
        imported: set[str] = set()
        for line in text.splitlines():
            words = line.replace(",", " ").replace("(", " ").split()
            if len(words) >= 2 and words[0] in ("from", "import") and words[1].startswith("railkit."):
                imported.add(words[1])
                if words[0] == "from" and words[1] == package:
                    imported.update(f"{package}.{w}" for w in words[3:])
        uses[name] = {other for other in modules if other != name and other in imported}
    order: list[str] = []
    while len(order) < len(modules):
        ready = [m for m in sorted(modules) if m not in order and uses[m] <= set(order)]
        order.append(ready[0] if ready else min(m for m in modules if m not in order))  # a circle: by name
    return tuple(order)


@functools.cache
def modules_of(package: str) -> tuple[str, ...]:
    """The modules of ``package`` that mypyc compiles together, in import order: those that
    carry :data:`MARKER` in the package's own folder (read once, when the package loads)."""
    return _import_order(_marked(PACKAGE_DIR.parent.joinpath(*package.split("."))))


def compiled_modules() -> dict[str, tuple[str, ...]]:
    """package -> its modules that mypyc compiles together (in import order): every module of
    railkit that carries :data:`MARKER`, grouped by the package it is in (packages by name).
    ``setup.py`` builds these; at run time each package reads only its own (:func:`modules_of`)."""
    packages = sorted({".".join(p.parent.relative_to(PACKAGE_DIR.parent).parts)
                       for p in PACKAGE_DIR.rglob("*.py") if _is_marked(p.read_text(encoding="utf-8"))})
    return {package: modules_of(package) for package in packages}


def __getattr__(name: str):
    if name == "COMPILED":  # package -> its compiled modules (the whole tree is read on first use)
        return compiled_modules()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


#: the stamp file in the package folder: {module file name: SHA-256 of the source compiled}
STAMP = "compiled.json"

#: the reason :func:`_why_pure` gives for ``RAILKIT_PURE`` (the one that needs no warning)
PURE_SET = "RAILKIT_PURE is set"

#: package -> "compiled" or "pure", filled by :func:`load`
ENGINE: dict[str, str] = {}


def pure_requested() -> bool:
    """True when ``RAILKIT_PURE`` is set to anything but "" or "0"."""
    return os.environ.get("RAILKIT_PURE", "") not in ("", "0")


def source_digests(folder: Path, names: list[str]) -> dict[str, str]:
    """SHA-256 of each source file ``names`` in ``folder``."""
    return {n: hashlib.sha256((folder / n).read_bytes()).hexdigest() for n in names}


def write_build_stamp(folder: Path, package: str, sources: dict[str, str]) -> None:
    """Record in ``folder`` that the compiled modules there were built from ``sources``
    ({file name: SHA-256}, from :func:`source_digests`); ``setup.py`` calls it once every
    module of ``package`` is built."""
    stamp = {"package": package, "sources": sources}
    (Path(folder) / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")


def _compiled_files(folder: Path, leaf: str) -> list[Path]:
    return [folder / (leaf + s) for s in importlib.machinery.EXTENSION_SUFFIXES if (folder / (leaf + s)).exists()]


def _why_pure(folder: Path, leaves: list[str]) -> str | None:
    """Why the sources must be imported instead of the compiled modules, as the start
    of the warning :func:`load` gives (None: use the compiled modules)."""
    if pure_requested():
        return PURE_SET
    if not all(_compiled_files(folder, leaf) for leaf in leaves):
        return f"the compiled engine in {folder} is incomplete"
    try:
        stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return f"{folder / STAMP}, the record of which sources were compiled, is missing or unreadable"
    now = source_digests(folder, [leaf + ".py" for leaf in leaves])
    changed = [name for name, digest in now.items() if stamp.get(name) != digest]
    if changed:
        return ", ".join(str(folder / n) for n in changed) + " changed since the engine was compiled"
    return None


def _import_source(name: str, path: Path) -> None:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    parent, _, leaf = name.rpartition(".")
    setattr(sys.modules[parent], leaf, module)


def load(package: str) -> str:
    """Import the compiled modules of ``package`` (see :data:`COMPILED`) if they are
    current, else their Python sources; returns and records "compiled" or "pure".
    Call it from the package's ``__init__`` before importing those modules."""
    modules = modules_of(package)
    if not modules:
        ENGINE[package] = "pure"
        return ENGINE[package]
    if all(m in sys.modules for m in modules):
        return ENGINE.get(package, "pure")
    folder = Path(sys.modules[package].__file__).parent
    leaves = [m.rsplit(".", 1)[1] for m in modules]
    if not any(_compiled_files(folder, leaf) for leaf in leaves):
        ENGINE[package] = "pure"  # nothing compiled: the ordinary import finds the sources
        return ENGINE[package]
    reason = _why_pure(folder, leaves)
    if reason is None:
        try:
            for m in modules:
                importlib.import_module(m)
            ENGINE[package] = "compiled"
            return ENGINE[package]
        except ImportError as exc:  # built for another Python, or a library is missing
            for m in modules:
                sys.modules.pop(m, None)
            reason = f"the compiled engine in {folder} does not load ({exc})"
    if reason != PURE_SET:
        warnings.warn(f"railkit: {reason}, so the Python source is used (slower). Run 'pip install -e .' again "
                      "to compile the engine.", RuntimeWarning, stacklevel=2)
    for m, leaf in zip(modules, leaves):
        _import_source(m, folder / (leaf + ".py"))
    ENGINE[package] = "pure"
    return ENGINE[package]
