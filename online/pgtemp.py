"""A throw-away PostgreSQL cluster: a temporary folder, a free port of 127.0.0.1, and
nothing left behind. The tests and ``sail-to-india-server bench --nodes`` use it to
run the server over PostgreSQL without touching any database of the machine.

PostgreSQL refuses to run as root: as root the cluster is made and run as the
``postgres`` user (Debian's package makes one) in a folder that user owns. It listens
on 127.0.0.1 only, with trust for connections from there (it lives as long as a test).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from .ports import quiet_port

#: How long the cluster may take to start or stop (seconds).
START_WITHIN = 30.0


class NoPostgres(RuntimeError):
    """PostgreSQL is not installed here (or cannot be run): the sentence says which."""


def bin_dir() -> Path:
    """Where PostgreSQL's programs are (``pg_ctl``, ``initdb``, ``postgres``)."""
    for candidate in (os.environ.get("PG_BIN", ""), *sorted(glob.glob(
            "/usr/lib/postgresql/*/bin"), reverse=True)):
        if candidate and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).resolve().parent
    raise NoPostgres("PostgreSQL's programs (pg_ctl, initdb) are not installed")


class Cluster:
    """One throw-away cluster: ``start()`` gives its URL (``postgresql://...``);
    ``stop()`` stops it and removes its folder. Also a context manager."""

    def __init__(self, database: str = "tables") -> None:
        self.database = database
        self.port = 0
        self.folder: Path | None = None
        self._as: list[str] = []
        self.url = ""

    def _run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self._as, *command], capture_output=True, text=True,
                              timeout=START_WITHIN, check=check)

    def start(self) -> str:
        pg = bin_dir()
        self.folder = Path(tempfile.mkdtemp(prefix="sail-pg-"))
        data, sockets = self.folder / "data", self.folder / "sockets"
        sockets.mkdir()
        user = "postgres"
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise NoPostgres("no 'postgres' user to run PostgreSQL as (root may not)") \
                    from None
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            os.chown(sockets, owner.pw_uid, owner.pw_gid)
            self._as = ["setpriv", f"--reuid={owner.pw_uid}", f"--regid={owner.pw_gid}",
                        "--clear-groups", "env", f"HOME={self.folder}"]
        else:
            user = pwd.getpwuid(os.geteuid()).pw_name
        self._run(str(pg / "initdb"), "-D", str(data), "-U", user, "--auth=trust",
                  "--no-sync", "-E", "UTF8", "--locale=C")
        for _ in range(5):  # a free port may be taken between the probe and the start
            self.port = quiet_port()
            started = self._run(
                str(pg / "pg_ctl"), "-D", str(data), "-w", "-t", str(int(START_WITHIN)),
                "-l", str(self.folder / "log"), "-o",
                f"-p {self.port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off "
                f"-c synchronous_commit=on -c max_connections=200", "start", check=False)
            if started.returncode == 0:
                break
        else:
            raise NoPostgres(f"PostgreSQL did not start: {started.stderr.strip()[:200]}")
        self._run(str(pg / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", user,
                  self.database)
        self.url = f"postgresql://{user}@127.0.0.1:{self.port}/{self.database}"
        return self.url

    def stop(self) -> None:
        if self.folder is None:
            return
        with contextlib.suppress(Exception):
            self._run(str(bin_dir() / "pg_ctl"), "-D", str(self.folder / "data"), "-m",
                      "immediate", "stop", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder = None

    def __enter__(self) -> Cluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def wait(self, seconds: float = START_WITHIN) -> None:
        """Until the cluster answers on its port (bounded)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(
                    ("127.0.0.1", self.port), timeout=1.0):
                return
            time.sleep(0.05)
        raise NoPostgres("PostgreSQL does not answer")


__all__ = ["Cluster", "NoPostgres", "bin_dir"]
