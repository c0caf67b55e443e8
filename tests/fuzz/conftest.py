from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

# No example database, and hypothesis's caches in the temp dir: the suite writes nothing in the repo.
set_hypothesis_home_dir(Path(tempfile.gettempdir()) / "muster-fuzz-hypothesis")
settings.register_profile("muster-fuzz", database=None, print_blob=True)
settings.load_profile("muster-fuzz")

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "bot"))  # driver.py: find panels in DMs, open a table
