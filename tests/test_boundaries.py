"""The architecture rule of the README ("How the code is laid out"): only ``ui/``
imports Streamlit."""

from __future__ import annotations

import subprocess
import sys


def test_engine_import_does_not_load_streamlit() -> None:
    code = (
        "import sys, tute_tutor, tute_tutor.engine.game, tute_tutor.cli.main, "
        "tute_tutor.formats.scenario, "
        "tute_tutor.formats.record, tute_tutor.ai\n"
        "assert 'streamlit' not in sys.modules, 'engine imported streamlit'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
