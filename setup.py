"""Build hook: compile the Ticket to Ride engine with mypyc where a C compiler is available.

The compiled modules behave exactly like their Python sources (``game.py`` and
``board.py`` stay the code to read and edit). Without a compiler, or with
``RAILKIT_PURE=1`` set at install time, the install is pure Python. At run time
:mod:`railkit.core.compiled` falls back to the sources when they were edited after
the build (see there). Everything else is in ``pyproject.toml``.
"""

from __future__ import annotations

import glob
import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "railkit", "core"))
from compiled import COMPILED, pure_requested, write_build_stamp  # noqa: E402  (the stamp format lives with its reader)


def compiled_extensions() -> list:
    if {"egg_info", "dist_info", "sdist"} & set(sys.argv):
        return []  # pip asking for metadata only: nothing is built
    for modules in COMPILED.values():
        for old in glob.glob(modules[0].rsplit(".", 1)[0].replace(".", "/") + "/*.so"):
            os.remove(old)  # an earlier build must never pass for this one
    if pure_requested():
        print("railkit: RAILKIT_PURE is set, installing the pure Python engine")
        return []
    try:
        from mypyc.build import mypycify

        exts = []
        for group, modules in COMPILED.items():
            paths = [m.replace(".", "/") + ".py" for m in modules]
            exts += mypycify(["--config-file", "pyproject.toml", *paths], opt_level="3",
                             group_name=group + ".engine")
            write_build_stamp(group, paths)
    except Exception as exc:  # no mypyc or it failed: the pure Python engine is complete on its own
        print(f"railkit: not compiling the engine ({exc}); the pure Python engine will be used")
        return []
    for ext in exts:
        ext.optional = True  # a missing C compiler only costs speed
    return exts


setup(ext_modules=compiled_extensions())
