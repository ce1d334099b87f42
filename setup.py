"""Build hook: compile the game engines (and the bots that search most, the longest-trail search and the
seeded draws) with mypyc where a C compiler is available: every module that carries the line
``# railkit: compiled with mypyc``, grouped per package by ``railkit/core/compiled.py``.

The compiled modules behave exactly like their Python sources (which stay the
code to read and edit). Without a compiler, or with
``RAILKIT_PURE=1`` set at install time, the install is pure Python. Once every
module of a package is built, a stamp next to them records the sources they were
built from; at run time :mod:`railkit.core.compiled` uses the Python sources when
they no longer match it. Everything else is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "railkit", "core"))
from compiled import COMPILED, STAMP, pure_requested, source_digests, write_build_stamp  # noqa: E402

#: package -> SHA-256 of the sources handed to mypyc
SOURCES: dict[str, dict[str, str]] = {}


class BuildExtWithStamp(build_ext):
    """build_ext, then the stamp next to each package's compiled modules once all of them
    were built. Earlier builds and stamps at the same place are removed first, so a failed
    compile leaves the Python sources in use, never an older build."""

    def run(self) -> None:
        if SOURCES and not self.parallel:
            self.parallel = os.cpu_count() or 1  # the C files of the packages compile side by side
        start = time.monotonic()
        targets = {package: [Path(self.get_ext_fullpath(e.name)) for e in self.extensions
                             if e.name.rsplit(".", 1)[0] == package] for package in SOURCES}
        for built in targets.values():
            for p in built:
                p.unlink(missing_ok=True)
            if built:
                (built[0].parent / STAMP).unlink(missing_ok=True)
        super().run()
        for package, built in targets.items():
            if built and all(p.exists() for p in built):
                write_build_stamp(built[0].parent, package, SOURCES[package])
        if SOURCES:
            done = sum(p.exists() for built in targets.values() for p in built)
            say(f"railkit: {done} of {sum(map(len, targets.values()))} compiled modules built "
                f"in {time.monotonic() - start:.0f} s")


def say(text: str) -> None:
    """Print ``text`` for the person installing. pip shows a build's output only when it
    fails (or with ``-v``), so the line also goes to the terminal, where there is one."""
    print(text, file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        return
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(text + "\n")
    except OSError:  # no terminal (CI, a notebook's pip): the build log has it
        pass


def compiled_extensions() -> list:
    if {"egg_info", "dist_info", "sdist"} & set(sys.argv):
        return []  # pip asking for metadata only: nothing is built
    if pure_requested():
        say("railkit: RAILKIT_PURE is set, installing the pure Python engine")
        return []
    say("railkit: compiling the game engines to C with mypyc, about 1 to 2 minutes on 2 cores. It is "
        "optional: the Python engines play the same games, only slower (RAILKIT_PURE=1 skips this).")
    try:
        from mypyc.build import mypycify

        exts = []
        for package, modules in COMPILED.items():
            paths = [m.replace(".", "/") + ".py" for m in modules]
            SOURCES[package] = source_digests(Path(paths[0]).parent, [Path(p).name for p in paths])
            exts += mypycify(["--config-file", "pyproject.toml", *paths], opt_level="3",
                             group_name=package + ".engine")
    except Exception as exc:  # no mypyc or it failed: the pure Python engine is complete on its own
        say(f"railkit: not compiling the engine ({exc}); the pure Python engine will be used")
        return []
    for ext in exts:
        ext.optional = True  # a missing C compiler only costs speed
    return exts


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": BuildExtWithStamp})
