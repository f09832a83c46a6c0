"""A throwaway PostgreSQL cluster for the scale-out tests: `initdb` into a temporary folder and
a server on a free loopback port (as the `postgres` user when the tests run as root, which
PostgreSQL refuses to be), stopped and removed at the end."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from contextlib import contextmanager
from pathlib import Path

from harness import free_port

USER = "feed"


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    assert found, "PostgreSQL's server programs are not installed (Debian: apt-get install postgresql)"
    return Path(found[-1]).parent


class Cluster:
    def __init__(self, parent: Path):
        self.binaries = _binaries()
        self.directory = parent / "cluster"
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0

    def run(self, tool: str, *arguments: str) -> str:
        command = [str(self.binaries / tool), *arguments]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        assert result.returncode == 0, f"{tool} failed: {result.stdout}{result.stderr}"
        return result.stdout

    def new_database(self) -> str:
        """A new, empty database, as a postgres:// URL."""
        name = "test_" + uuid.uuid4().hex
        self.run("createdb", "-h", str(self.directory), "-p", str(self.port), "-U", USER, name)
        return f"postgres://{USER}@127.0.0.1:{self.port}/{name}"


@contextmanager
def cluster():
    parent = Path(tempfile.mkdtemp(prefix="essential-feed-postgres-"))
    os.chmod(parent, 0o777)
    started = Cluster(parent)
    try:
        started.run("initdb", "-D", str(started.directory), "-U", USER, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
        started.run("pg_ctl", "-D", str(started.directory), "-l", str(parent / "log"), "-w", "-o",
                    f"-p {started.port} -k {started.directory} -c listen_addresses=127.0.0.1 -c fsync=off", "start")
        yield started
    finally:
        if (started.directory / "postmaster.pid").exists():
            started.run("pg_ctl", "-D", str(started.directory), "-m", "fast", "-w", "stop")
        shutil.rmtree(parent, ignore_errors=True)
