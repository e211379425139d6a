"""``python -m tute_tutor`` runs the command line."""

from tute_tutor.cli.main import run

run()
