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
