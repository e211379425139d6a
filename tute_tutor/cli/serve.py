"""``tute-tutor serve``: the subcommand's parser; the work is in :mod:`tute_tutor.serve.run`."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from tute_tutor.serve.nginx import nginx_config
from tute_tutor.serve.run import (
    MAX_REPLICAS,
    check_options,
    default_data_dir,
    parse_upstream,
    serve,
)


def add_command(sub: Any) -> None:
    """Add ``serve`` to the ``tute-tutor`` subcommands."""
    parser = sub.add_parser(
        "serve", help="run the app for a school: PostgreSQL, N replicas and nginx",
        description="Start PostgreSQL (unless --db is given), N Streamlit replicas and nginx in"
                    " front with sticky sessions; print the URL once all are healthy; stop"
                    " everything on SIGTERM or Ctrl-C.")
    parser.add_argument("--replicas", type=int, default=2,
                        help=f"Streamlit processes (1-{MAX_REPLICAS}, default 2)")
    parser.add_argument("--port", type=int, default=8501, help="nginx's port (default 8501)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="nginx's address (default 127.0.0.1; 0.0.0.0 for the school network)")
    parser.add_argument("--db", metavar="URL",
                        help="a PostgreSQL URL; without it a cluster is started in --data")
    parser.add_argument("--data", metavar="DIR", default=None,
                        help=f"folder for the cluster, logs and the cookie secret"
                             f" (default {default_data_dir()})")
    parser.add_argument("--upstream", metavar="HOST:PORT", action="append",
                        help="only print the nginx config for replicas on other machines"
                             " (repeat per replica; --host/--port: where nginx listens,"
                             " --data: its folder); starts nothing")
    parser.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    options = check_options(args.replicas, args.port, args.host, args.db,
                            args.data or default_data_dir())
    if args.upstream:
        upstreams = [parse_upstream(text) for text in args.upstream]
        out.write(nginx_config(upstreams, (options.host, options.port),
                               str(options.data / "nginx"), worker_user="www-data"))
        return 0
    return serve(options, out, sys.stderr)
