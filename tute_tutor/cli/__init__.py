"""The ``tute-tutor`` command line: :mod:`tute_tutor.cli.main` parses and dispatches, one
module per subcommand."""
