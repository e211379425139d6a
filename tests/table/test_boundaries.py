"""The practice table and the review are engine code: importing them loads no Streamlit."""

from __future__ import annotations

import subprocess
import sys


def test_practice_and_review_do_not_import_streamlit() -> None:
    code = (
        "import sys, tute_tutor.table.controller, tute_tutor.table.review\n"
        "assert 'streamlit' not in sys.modules, 'the practice engine imported streamlit'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
