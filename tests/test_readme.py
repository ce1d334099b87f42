"""The README's first session runs as written (a doctest of its ``python`` blocks)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_session_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks, "README.md has no python session"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", str(README), 0)
    assert len(test.examples) >= 10
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of the README session failed (see above)"


def _requirements(extras: set[str]) -> set[str]:
    """The distributions railkit's install with ``extras`` asks for, and everything they need
    (read from the installed packages' metadata), as normalised names."""
    import tomllib
    from importlib.metadata import PackageNotFoundError, requires

    def name(req: str) -> str:
        return re.split(r"[\s\[<>=!~;(]", req.strip(), maxsplit=1)[0].lower().replace("_", "-")

    project = tomllib.loads((README.parent / "pyproject.toml").read_text())["project"]
    wanted, todo = set(), [*project["dependencies"]]
    seen_extras: set[str] = set()
    pending = set(extras)
    while pending:
        extra = pending.pop()
        seen_extras.add(extra)
        for req in project["optional-dependencies"][extra]:
            if name(req) == "railkit":
                pending |= set(re.search(r"\[(.*)\]", req).group(1).split(",")) - seen_extras
            else:
                todo.append(req)
    while todo:
        req = todo.pop()
        if "extra ==" in req:
            continue  # another package's own extras: not installed by this one
        dist = name(req)
        if dist in wanted:
            continue
        wanted.add(dist)
        try:
            todo += requires(dist) or []
        except PackageNotFoundError:  # a marker-excluded dependency (another platform)
            pass
    return wanted


def test_start_command_installs_what_the_notebooks_import():
    """The start command's extras bring every package a notebook imports, and Binder installs the same."""
    import json
    import sys
    from importlib.metadata import packages_distributions

    start = next(line for line in README.read_text().split("# start the kit")[1].splitlines() if "pip install" in line)
    extras = set(re.search(r'pip install -e "?\.\[([a-z,]+)\]', start).group(1).split(","))
    binder = (README.parent / "binder" / "requirements.txt").read_text().split()
    assert binder == [f"-e", f".[{','.join(sorted(extras))}]"], "Binder installs what the start command installs"
    installed = _requirements(extras)
    dists = packages_distributions()
    missing = {}
    for nb in sorted((README.parent / "notebooks").glob("*.ipynb")):
        for cell in json.loads(nb.read_text())["cells"]:
            if cell["cell_type"] != "code":
                continue
            for module in re.findall(r"^\s*(?:import|from)\s+([A-Za-z_]\w*)", "".join(cell["source"]), re.M):
                if module == "railkit" or module in sys.stdlib_module_names:
                    continue
                names = {d.lower().replace("_", "-") for d in dists.get(module, [module])}
                if not names & installed:
                    missing.setdefault(module, []).append(nb.name)
    assert not missing, f"imported by notebooks but not installed by the start command: {missing}"
