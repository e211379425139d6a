"""``tute-tutor serve``: PostgreSQL, N Streamlit replicas and nginx in front, one command.

The processes are watched by a small loop of our own rather than a supervisor package:
honcho stops every process as soon as one exits (a dead replica must leave the others
serving, and come back), while supervisor and circus are daemons with their own config
files and control sockets (circus also needs ZeroMQ), more moving parts than the three
kinds of process here. The loop starts the parts in order with health checks between
them, restarts a replica that dies, reports every death in one line, and stops all it
started, in reverse order, on SIGTERM or Ctrl-C.
"""

from __future__ import annotations

import contextlib
import ctypes
import ipaddress
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Final, TextIO

from tute_tutor.engine.errors import TuteError, shown
from tute_tutor.serve import nginx, postgres

MAX_REPLICAS: Final = 16
DATABASE: Final = "tute_tutor"
"""The database ``serve`` creates in its own PostgreSQL cluster."""
SECRET_FILE: Final = "cookie_secret"
STATE_FILE: Final = "serve.json"
"""What is running, for operators and tests: URL, database, each process's pid and port."""
HEALTH_PATH: Final = "/_stcore/health"
START_TIMEOUT_S: Final = 120.0
STOP_TIMEOUT_S: Final = 10.0
RESTARTS_PER_WINDOW: Final = 5
RESTART_WINDOW_S: Final = 300.0


class ServeError(TuteError):
    """``serve`` cannot start or keep going (one line, naming what is wrong)."""

    code = "serve"


# ---------------------------------------------------------------- pure pieces
@dataclass(frozen=True)
class ServeOptions:
    """Checked options of ``tute-tutor serve``."""

    replicas: int
    port: int
    host: str
    db: str | None
    data: Path


def check_options(replicas: int, port: int, host: str, db: str | None,
                  data: str | Path) -> ServeOptions:
    """The options, or a :class:`ServeError` naming the first bad one.

    >>> check_options(2, 8501, "127.0.0.1", None, "/srv/tute").replicas
    2
    >>> check_options(0, 8501, "127.0.0.1", None, "/srv/tute")
    Traceback (most recent call last):
    ...
    tute_tutor.serve.run.ServeError: --replicas must be between 1 and 16, not 0
    """
    if not 1 <= replicas <= MAX_REPLICAS:
        raise ServeError(f"--replicas must be between 1 and {MAX_REPLICAS}, not {replicas}")
    if not 1 <= port <= 65535:
        raise ServeError(f"--port must be between 1 and 65535, not {port}")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        raise ServeError(f"--host must be an IP address such as 127.0.0.1, not {shown(host)}"
                         ) from None
    url = normalise_db_url(db) if db is not None else None
    folder = Path(data).expanduser()
    if folder.exists() and not folder.is_dir():
        raise ServeError(f"--data {folder} exists and is not a folder")
    return ServeOptions(replicas=replicas, port=port, host=host, db=url, data=folder.resolve())


def parse_upstream(text: str) -> tuple[str, int]:
    """``HOST:PORT`` of a replica on another machine, or a one-line error.

    >>> parse_upstream("replica-1.school.lan:8501")
    ('replica-1.school.lan', 8501)
    >>> parse_upstream("replica-1.school.lan")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tute_tutor.serve.run.ServeError: --upstream must be HOST:PORT, ... not 'replica-1.school.lan'
    """
    host, sep, port = text.strip().rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535 or any(
            ch.isspace() or ch in ";{}#'\"" for ch in host):
        raise ServeError(f"--upstream must be HOST:PORT, like replica-1.school.lan:8501,"
                         f" not {shown(text)}")
    return host, int(port)


def normalise_db_url(url: str) -> str:
    """A PostgreSQL URL for the psycopg 3 driver; a one-line error for anything else.

    Replicas in several processes need a database server: SQLite is refused here.

    >>> normalise_db_url("postgresql://tutor:pw@db.school.example/tute")
    'postgresql+psycopg://tutor:pw@db.school.example/tute'
    >>> normalise_db_url("sqlite:///progress.sqlite3")
    Traceback (most recent call last):
    ...
    tute_tutor.serve.run.ServeError: --db must be a PostgreSQL URL (postgresql://user@host/db), not 'sqlite:///progress.sqlite3'
    """
    text = url.strip()
    scheme, sep, rest = text.partition("://")
    if not sep or scheme not in ("postgres", "postgresql", "postgresql+psycopg") or not rest:
        raise ServeError("--db must be a PostgreSQL URL (postgresql://user@host/db), not "
                         f"{shown(url)}")
    return f"postgresql+psycopg://{rest}"


def shown_url(url: str) -> str:
    """The URL with its password hidden, for messages.

    >>> shown_url("postgresql+psycopg://tutor:secret@db:5432/tute")
    'postgresql+psycopg://tutor:***@db:5432/tute'
    """
    scheme, _, rest = url.partition("://")
    credentials, at, where = rest.rpartition("@")
    if at and ":" in credentials:
        credentials = credentials.split(":", 1)[0] + ":***"
    return f"{scheme}://{credentials}{at}{where}"


def replica_command(app: Path, port: int) -> list[str]:
    """The ``streamlit run`` command of one replica, on 127.0.0.1 only."""
    return [sys.executable, "-m", "streamlit", "run", str(app),
            "--server.port", str(port), "--server.address", "127.0.0.1",
            "--server.headless", "true"]


def replica_env(base: Mapping[str, str], db_url: str, cookie_secret: str) -> dict[str, str]:
    """The environment of a replica: the database, and the cookie secret all replicas share.

    The secret goes by environment variable (Streamlit refuses it as a command-line flag).
    """
    env = dict(base)
    env["TUTE_TUTOR_DB"] = db_url
    env["STREAMLIT_SERVER_COOKIE_SECRET"] = cookie_secret
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env


def cookie_secret(folder: Path) -> str:
    """The replicas' shared cookie secret, generated once and kept in ``folder``."""
    path = folder / SECRET_FILE
    if path.exists():
        secret = path.read_text(encoding="utf-8").strip()
        if len(secret) >= 32:
            return secret
    secret = secrets.token_hex(32)
    path.touch(mode=0o600)
    path.chmod(0o600)
    path.write_text(secret + "\n", encoding="utf-8")
    return secret


def app_root() -> Path:
    """The checkout holding ``streamlit_app.py``, ``pages/`` and ``.streamlit/config.toml``."""
    root = Path(__file__).resolve().parents[2]
    if not (root / "streamlit_app.py").is_file():
        raise ServeError(f"streamlit_app.py not found in {root}: serve runs from a checkout"
                         " of Tute Tutor (pip install -e .)")
    return root


def default_data_dir() -> Path:
    """Where ``serve`` keeps its PostgreSQL cluster, logs and secret by default.

    As root /var/lib/tute-tutor (root's home folder stays closed to the postgres user),
    else a ``server`` folder in the user's data folder.
    """
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return Path("/var/lib/tute-tutor")
    import platformdirs

    return Path(platformdirs.user_data_dir("tute-tutor", appauthor=False)) / "server"


def port_is_free(host: str, port: int) -> bool:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def healthy(host: str, port: int, timeout: float = 2.0) -> bool:
    """Whether ``GET /_stcore/health`` answers ``ok`` on ``host:port``."""
    shown = f"[{host}]" if ":" in host else host
    try:
        with urllib.request.urlopen(f"http://{shown}:{port}{HEALTH_PATH}",
                                    timeout=timeout) as reply:
            return bool(reply.status == 200 and reply.read().strip() == b"ok")
    except (OSError, urllib.error.URLError, ValueError):
        return False


def _die_with_parent() -> None:  # pragma: no cover - runs in the child before exec
    """Linux: the child gets SIGTERM if ``serve`` itself is killed (no orphans)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


# ---------------------------------------------------------------- processes
@dataclass
class Child:
    """One process started by ``serve``."""

    name: str
    command: list[str]
    log: Path
    env: dict[str, str] | None = None
    cwd: Path | None = None
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    deaths: list[float] = field(default_factory=list)

    def start(self) -> None:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                self.command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                env=self.env, cwd=self.cwd, start_new_session=True,
                preexec_fn=_die_with_parent if sys.platform == "linux" else None)

    def exit_code(self) -> int | None:
        return None if self.process is None else self.process.poll()

    def stop(self, timeout: float = STOP_TIMEOUT_S) -> None:
        """SIGTERM to its process group, SIGKILL after ``timeout``."""
        if self.process is None or self.process.poll() is not None:
            return
        self._signal(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self._signal(signal.SIGKILL)
            self.process.wait(5)

    def signal_stop(self) -> None:
        """SIGTERM without waiting (``stop`` then waits)."""
        if self.process is not None and self.process.poll() is None:
            self._signal(signal.SIGTERM)

    def _signal(self, sig: signal.Signals) -> None:
        assert self.process is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, sig)

    def last_log_line(self) -> str:
        try:
            lines = self.log.read_text(encoding="utf-8", errors="replace").strip().splitlines()
        except OSError:
            return "no log"
        return lines[-1].strip() if lines else "nothing in its log"


def _exit_text(code: int) -> str:
    if code < 0:
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(-code).name}"
    return f"exit code {code}"


class Server:
    """The running parts of one ``tute-tutor serve``."""

    def __init__(self, options: ServeOptions, out: TextIO, err: TextIO) -> None:
        self.options = options
        self.out = out
        self.err = err
        self.cluster: postgres.Cluster | None = None
        self.replicas: list[Child] = []
        self.nginx: Child | None = None
        self.stop_reason: str | None = None
        self._postmaster: int | None = None
        self.url = ""
        self.db_url = ""

    # ------------------------------------------------------------ messages
    def say(self, line: str, *, report: bool = True) -> None:
        """One line: a report on ``err`` (deaths, failures) or, with ``report=False``, ``out``."""
        stream = self.err if report else self.out
        stream.write(" ".join(line.split()) + "\n")
        stream.flush()

    # ------------------------------------------------------------ signals
    def _on_signal(self, signum: int, _frame: FrameType | None) -> None:
        self.stop_reason = signal.Signals(signum).name

    def install_signals(self) -> Callable[[], None]:
        previous = {sig: signal.signal(sig, self._on_signal)
                    for sig in (signal.SIGTERM, signal.SIGINT)}

        def restore() -> None:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        return restore

    def _check_stop(self) -> None:
        if self.stop_reason:
            raise _Stopped

    # ------------------------------------------------------------ start
    def start(self) -> str:
        """Start everything; the URL once nginx answers healthy."""
        opts = self.options
        if not port_is_free(opts.host, opts.port):
            raise ServeError(f"port {opts.port} on {opts.host} is in use: pick another --port")
        app = app_root()
        try:
            nginx_bin = nginx.find_nginx()
        except FileNotFoundError as error:
            raise ServeError(str(error)) from None
        opts.data.mkdir(parents=True, exist_ok=True)
        secret = cookie_secret(opts.data)
        db_url = opts.db or self._start_postgres()
        if opts.db:
            _check_database(db_url)
        self._check_stop()
        for number in range(1, opts.replicas + 1):
            port = postgres.free_port()
            child = Child(name=f"replica {number}",
                          command=replica_command(app / "streamlit_app.py", port),
                          log=opts.data / "logs" / f"replica-{number}.log",
                          env=replica_env(os.environ, db_url, secret), cwd=app, port=port)
            child.start()
            self.replicas.append(child)
        for child in self.replicas:
            self._wait_healthy(child)
        self.nginx = self._start_nginx(nginx_bin)
        shown = f"[{opts.host}]" if ":" in opts.host else opts.host
        self.url = f"http://{shown}:{opts.port}/"
        self.db_url = db_url
        self.write_state()
        return self.url

    def write_state(self) -> None:
        """Write :data:`STATE_FILE`: the URL, the database and every process's pid and port."""
        state = {
            "url": self.url, "db": shown_url(self.db_url), "pid": os.getpid(),
            "postgres": None if self.cluster is None else {
                "pid": self._postmaster, "port": self.cluster.port,
                "data_dir": str(self.cluster.data_dir)},
            "replicas": [{"name": c.name, "port": c.port, "log": str(c.log),
                          "pid": c.process.pid if c.process else None} for c in self.replicas],
            "nginx": None if self.nginx is None or self.nginx.process is None else {
                "pid": self.nginx.process.pid, "port": self.nginx.port,
                "config": str(self.options.data / "nginx" / "nginx.conf"),
                "access_log": str(self.options.data / "nginx" / "access.log")},
        }
        path = self.options.data / STATE_FILE
        path.write_text(json.dumps(state, indent=2) + "\n", encoding="utf-8")

    def _start_postgres(self) -> str:
        folder = self.options.data / "postgres"
        try:
            self.cluster = postgres.start_cluster(folder)
            postgres.ensure_database(self.cluster, DATABASE)  # kept from an earlier start
        except Exception as error:  # PostgresError, OSError or psycopg.Error: one line
            first = str(error).strip().splitlines()[0] if str(error).strip() else repr(error)
            raise ServeError(f"PostgreSQL in {folder}: {first}") from None
        self._postmaster = _postmaster_pid(folder)
        return self.cluster.url(DATABASE)

    def _wait_healthy(self, child: Child, host: str = "127.0.0.1") -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not healthy(host, child.port):
            self._check_stop()
            code = child.exit_code()
            if code is not None:
                raise ServeError(f"{child.name} exited while starting ({_exit_text(code)}):"
                                 f" {child.last_log_line()} (log: {child.log})")
            if time.monotonic() > deadline:
                raise ServeError(f"{child.name} was not healthy on port {child.port} after"
                                 f" {START_TIMEOUT_S:.0f} s (log: {child.log})")
            time.sleep(0.2)

    def _start_nginx(self, binary: Path) -> Child:
        opts = self.options
        folder = opts.data / "nginx"
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (folder / "temp" / sub).mkdir(parents=True, exist_ok=True)
        user = None
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            user = "nobody nogroup"  # workers drop root; they only write temp files
            for temp in (folder / "temp").iterdir():
                shutil.chown(temp, user="nobody", group="nogroup")
            postgres.let_others_traverse(folder / "temp")
        config = folder / "nginx.conf"
        config.write_text(nginx.nginx_config(
            [("127.0.0.1", child.port) for child in self.replicas], (opts.host, opts.port),
            str(folder), worker_user=user), encoding="utf-8")
        base = [str(binary), "-p", str(folder), "-c", str(config), "-e", str(folder / "error.log")]
        checked = subprocess.run([*base, "-t", "-q"], capture_output=True, text=True,
                                 check=False, timeout=30)
        if checked.returncode != 0:
            lines = (checked.stderr or checked.stdout).strip().splitlines()
            raise ServeError(f"nginx refused its config {config}: "
                             f"{lines[0] if lines else checked.returncode}")
        child = Child(name="nginx", command=base, log=folder / "nginx.out")
        child.start()
        self.nginx = child
        child.port = opts.port
        check_host = "127.0.0.1" if opts.host in ("0.0.0.0", "::") else opts.host
        self._wait_healthy(child, host=check_host)
        return child

    # ------------------------------------------------------------ watch
    def watch(self, poll_s: float = 0.5) -> None:
        """Until a signal: restart dead replicas, report deaths, stop if nginx dies."""
        postgres_up = True
        while not self.stop_reason:
            time.sleep(poll_s)
            if self.nginx is not None and (code := self.nginx.exit_code()) is not None:
                raise ServeError(f"nginx exited ({_exit_text(code)}): "
                                 f"{self.nginx.last_log_line()}; stopping everything")
            for child in self.replicas:
                self._mind_replica(child)
            if self._postmaster is not None:
                alive = _alive(self._postmaster)
                if postgres_up and not alive:
                    self.say("tute-tutor serve: PostgreSQL stopped; the app keeps teaching but"
                             " saves no progress until it is back")
                postgres_up = alive

    def _mind_replica(self, child: Child) -> None:
        code = child.exit_code()
        if code is None or self.stop_reason:
            return
        now = time.monotonic()
        child.deaths = [t for t in child.deaths if now - t < RESTART_WINDOW_S] + [now]
        if len(child.deaths) > RESTARTS_PER_WINDOW:
            if child.process is not None:
                child.process = None
                self.say(f"tute-tutor serve: {child.name} exited ({_exit_text(code)}) "
                         f"{len(child.deaths)} times in {RESTART_WINDOW_S:.0f} s; left stopped,"
                         f" the others serve its browsers (log: {child.log})")
            return
        self.say(f"tute-tutor serve: {child.name} on port {child.port} exited"
                 f" ({_exit_text(code)}); its browsers move to the others; restarting it")
        child.start()
        self.write_state()

    # ------------------------------------------------------------ stop
    def stop(self) -> None:
        """Stop every process this server started: nginx, the replicas, then PostgreSQL."""
        if self.nginx is not None:
            self.nginx.stop()
        for child in self.replicas:  # all at once: each takes a moment to close its sessions
            child.signal_stop()
        for child in self.replicas:
            child.stop()
        if self.cluster is not None:
            with contextlib.suppress(postgres.PostgresError):
                postgres.stop_cluster(self.cluster)
        with contextlib.suppress(OSError):
            (self.options.data / STATE_FILE).unlink()


class _Stopped(Exception):
    """A signal arrived while starting."""


def _postmaster_pid(folder: Path) -> int | None:
    try:
        return int((folder / "postmaster.pid").read_text(encoding="utf-8").split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _check_database(url: str) -> None:
    """A one-line error when the given database cannot be reached now."""
    import psycopg

    try:
        with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://", 1),
                             connect_timeout=5):
            pass
    except psycopg.Error as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ServeError(f"cannot reach the database {shown_url(url)}: {reason}") from None


def serve(options: ServeOptions, out: TextIO, err: TextIO) -> int:
    """Run until SIGTERM or Ctrl-C; 0 after a clean stop, 1 when a part failed."""
    server = Server(options, out, err)
    restore = server.install_signals()
    try:
        try:
            url = server.start()
        except _Stopped:
            return 0
        server.say(f"Tute Tutor is serving {options.replicas} "
                   f"replica{'s' if options.replicas > 1 else ''} at {url}", report=False)
        server.watch()
        return 0
    except ServeError as error:
        server.say(f"tute-tutor serve: {error.message}")
        return 1
    finally:
        server.stop()
        restore()


