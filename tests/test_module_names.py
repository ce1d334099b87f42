"""No two test modules share a file name: the tests run without packages (pytest's default
import mode), so a second ``test_x.py`` would be found already imported under that name and
pytest would run the first one's tests in its place."""

from collections import Counter
from pathlib import Path


def test_every_test_module_has_its_own_name():
    names = Counter(p.name for p in Path(__file__).parent.rglob("test_*.py"))
    assert [n for n, k in names.items() if k > 1] == []
