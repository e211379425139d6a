"""Progress database chores: ``python -m tute_tutor.store upgrade|carry-code [--db URL]``.

``upgrade`` brings the database to the newest schema (the app also does it on start)
and prints the revision. ``carry-code`` prints a personal code for the progress of the
``local`` learner, which holds every profile made before browsers became learners and
whatever the command line stored: type it on the progress page of a browser (or open
the link it prints) and that browser takes that progress over.
"""

from __future__ import annotations

import argparse
import sys

from tute_tutor.store import StoreError, open_store
from tute_tutor.store.db import LOCAL


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tute_tutor.store",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["upgrade", "carry-code"])
    parser.add_argument("--db", help="database path or URL (default: TUTE_TUTOR_DB, else "
                                     "the file in the user data folder)")
    args = parser.parse_args(argv)
    try:
        store = open_store(args.db)
        if args.action == "upgrade":
            from tute_tutor.store import migrate

            print(f"{store.location}: schema revision {migrate.head()}")
        else:
            learner = store.local_learner()
            code = store.make_carry_code(learner)
            names = ", ".join(store.profiles()) or "no profiles yet"
            print(f"carry code of the {LOCAL} learner ({names}): {code}")
            print(f"open /progress?carry={code.replace('-', '')} on the app, or type the "
                  "code on its progress page")
        store.close()
    except StoreError as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
