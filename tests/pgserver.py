"""A throwaway PostgreSQL server from Debian's package (``.ci/run`` installs it), for the store suite
and the store benchmark: ``initdb`` into a private temporary directory, listening only on a unix
socket there (no TCP port, nothing on the network), stopped and deleted at the end.

As root (CI), the server runs as the ``postgres`` user the package creates: PostgreSQL refuses root.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def pg_bin() -> Path | None:
    """The newest installed server's binaries (Debian keeps them out of PATH)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parts[-3]))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).parent if on_path else None


class PgServer:
    def __init__(self, durable: bool = False) -> None:
        self.bin = pg_bin()
        if self.bin is None:
            raise RuntimeError("no PostgreSQL server installed (apt-get install postgresql; .ci/run does it)")
        # fsync off for tests: the bot is what they kill, never the server, so flushing buys nothing.
        self.durable = durable
        # Under /tmp as root: the postgres user must reach it, and TMPDIR may be a private directory.
        self.dir = Path(tempfile.mkdtemp(prefix="muster-pg-", dir="/tmp" if os.geteuid() == 0 else None))
        self.data = self.dir / "data"
        self._as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self._names = itertools.count(1)

    def _run(self, *args: str) -> None:
        subprocess.run([*self._as, *args], check=True, capture_output=True, text=True)

    def start(self) -> PgServer:
        if self._as:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")
        options = f"-c listen_addresses='' -k {self.dir} -c max_connections=400"
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self._run(str(self.bin / "pg_ctl"), "start", "-w", "-D", str(self.data), "-l", str(self.dir / "log"),
                  "-o", options)
        return self

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "stop", "-D", str(self.data), "-m", "immediate")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def new_database(self) -> str:
        """A fresh, empty database: its ``MUSTER_DB`` URL."""
        name = f"muster{next(self._names)}"
        subprocess.run([str(self.bin / "createdb"), "-h", str(self.dir), "-U", "postgres", name],
                       check=True, capture_output=True, text=True)
        return f"postgresql://postgres@/{name}?host={self.dir}"
