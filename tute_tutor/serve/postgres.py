"""A local PostgreSQL cluster from Debian's ``postgresql`` package, for tests and ``serve``.

The cluster lives in one folder (data, socket, log), listens on 127.0.0.1 only and trusts
local connections (user ``postgres``, no password): it is meant for one machine, never for a
network. ``initdb`` refuses to run as root, so as root every PostgreSQL program runs as the
``postgres`` system user (created by the Debian package) through ``runuser``.
"""

from __future__ import annotations

import contextlib
import glob
import os
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tute_tutor.engine.errors import shown

_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


class PostgresError(RuntimeError):
    """PostgreSQL could not be found, initialised, started or stopped (one-line message)."""


@dataclass(frozen=True)
class Cluster:
    """A running cluster: its folder and its port on 127.0.0.1."""

    data_dir: Path
    port: int

    def url(self, database: str = "postgres") -> str:
        """The SQLAlchemy URL of one database of this cluster (psycopg 3 driver)."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"


def find_bin_dir() -> Path:
    """The folder of PostgreSQL's server programs (newest version first), or an error."""
    configured = os.environ.get("TUTE_TUTOR_PG_BIN")
    candidates = [configured] if configured else sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda p: int(re.sub(r"\D", "", Path(p).parent.name) or 0), reverse=True)
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    raise PostgresError("PostgreSQL server programs not found under /usr/lib/postgresql/*/bin:"
                        " install Debian's postgresql package (apt-get install postgresql)")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _command(program: str, *args: str) -> list[str]:
    """A PostgreSQL program run as ``postgres`` when we are root, else as ourselves."""
    path = str(find_bin_dir() / program)
    if _as_root():
        runuser = shutil.which("runuser")
        if runuser is None:
            raise PostgresError("running as root needs runuser (util-linux) to start PostgreSQL"
                                " as the postgres user")
        return [runuser, "-u", "postgres", "--", path, *args]
    return [path, *args]


def _run(program: str, *args: str, timeout: float = 120) -> None:
    try:
        done = subprocess.run(_command(program, *args), capture_output=True, text=True,
                              timeout=timeout, cwd="/", check=False)
    except subprocess.TimeoutExpired:
        raise PostgresError(f"{program} did not finish in {timeout:.0f} s") from None
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        worst = [line for line in lines if re.search(r"error|FATAL|PANIC", line)]
        reason = (worst or lines or [f"exit code {done.returncode}"])[0]
        raise PostgresError(f"{program} failed: {reason.strip()}")


def _hand_to_postgres(folder: Path) -> None:
    """As root: let the postgres user own ``folder`` and reach it through its parents.

    Parents that others cannot traverse get the traverse bit (``o+x``, no read): pick a
    folder under /tmp or /srv to leave home folders alone.
    """
    if not _as_root():
        return
    shutil.chown(folder, user="postgres", group="postgres")
    let_others_traverse(folder)


def let_others_traverse(folder: Path) -> None:
    """Give every parent of ``folder`` the traverse bit for others (``o+x``), where missing.

    Needed as root, where PostgreSQL and nginx's workers run as other users.
    """
    for parent in folder.resolve().parents:
        mode = parent.stat().st_mode
        if not mode & 0o001:
            parent.chmod(mode | 0o001)


def start_cluster(data_dir: Path, port: int | None = None) -> Cluster:
    """Start the cluster in ``data_dir`` (``initdb`` first when the folder is empty).

    Waits until the server accepts connections. ``port`` defaults to a free one.
    """
    data_dir = Path(data_dir).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    _hand_to_postgres(data_dir)
    if not (data_dir / "PG_VERSION").exists():
        if any(data_dir.iterdir()):
            raise PostgresError(f"{data_dir} is neither empty nor a PostgreSQL data folder")
        _run("initdb", "-D", str(data_dir), "-U", "postgres", "-A", "trust",
             "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
    log = data_dir / "server.log"
    for attempt in range(1 if port else 3):  # a free port may be taken by the time we bind
        chosen = port or free_port()
        options = f"-p {chosen} -k {data_dir} -c listen_addresses=127.0.0.1 -c max_connections=200"
        try:
            _run("pg_ctl", "-D", str(data_dir), "-l", str(log), "-o", options,
                 "-w", "-t", "60", "start", timeout=90)
        except PostgresError as error:
            if attempt == 2 or port:
                raise PostgresError(f"{error}; {_last_line(log)}") from None
            continue
        cluster = Cluster(data_dir=data_dir, port=chosen)
        _wait_ready(cluster)
        return cluster
    raise AssertionError("unreachable")


def _last_line(log: Path) -> str:
    try:
        lines = log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    except OSError:
        return "no server log"
    return f"server log: {lines[-1]}" if lines else "empty server log"


def _wait_ready(cluster: Cluster, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", cluster.port), timeout=1):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise PostgresError(
                    f"PostgreSQL did not accept connections on port {cluster.port}") from None
            time.sleep(0.05)


def stop_cluster(cluster: Cluster) -> None:
    """Stop the server fast (open sessions are ended); the data stays in the folder."""
    if not (cluster.data_dir / "postmaster.pid").exists():
        return
    _run("pg_ctl", "-D", str(cluster.data_dir), "-m", "fast", "-w", "-t", "60", "stop",
         timeout=90)


def create_database(cluster: Cluster, name: str) -> str:
    """Create an empty database ``name`` (lower-case letters, digits, ``_``); its URL."""
    if not _NAME.fullmatch(name):
        raise PostgresError(f"bad database name {shown(name)}: use lower-case letters, "
                            "digits and _")
    _admin(cluster, f'CREATE DATABASE "{name}"')
    return cluster.url(name)


def ensure_database(cluster: Cluster, name: str) -> str:
    """Create database ``name`` unless it exists already; its URL."""
    if not _NAME.fullmatch(name):
        raise PostgresError(f"bad database name {shown(name)}: use lower-case letters, "
                            "digits and _")
    import psycopg

    with psycopg.connect(host="127.0.0.1", port=cluster.port, user="postgres",
                         dbname="postgres", autocommit=True, connect_timeout=10) as conn:
        found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
    return cluster.url(name) if found else create_database(cluster, name)


def drop_database(cluster: Cluster, name: str) -> None:
    """Drop database ``name`` if it exists, ending any session still connected to it."""
    if not _NAME.fullmatch(name):
        raise PostgresError(f"bad database name {shown(name)}: use lower-case letters, "
                            "digits and _")
    _admin(cluster, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _admin(cluster: Cluster, statement: str) -> None:
    import psycopg  # the postgres extra; imported here so SQLite users never need it

    with psycopg.connect(host="127.0.0.1", port=cluster.port, user="postgres",
                         dbname="postgres", autocommit=True, connect_timeout=10) as conn:
        conn.execute(statement.encode())


@contextlib.contextmanager
def scratch_folder(prefix: str = "tute-pg-") -> Iterator[Path]:
    """A fresh folder in the system temp folder that the postgres user can reach; removed after.

    Tests use this rather than pytest's ``tmp_path``: pytest keeps its base folder private to
    its user (0700), and as root PostgreSQL runs as the postgres user.
    """
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)
