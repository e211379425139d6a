"""The quiz generator, the scheduler and the store work without Streamlit (README, "How
the code is laid out")."""

from __future__ import annotations

import subprocess
import sys


def test_quiz_srs_and_store_do_not_load_streamlit_or_plotly() -> None:
    code = (
        "import sys\n"
        "import tute_tutor.quiz.generator, tute_tutor.cli.quiz, tute_tutor.quiz.srs\n"
        "import tute_tutor.store, tute_tutor.store.stats\n"
        "tute_tutor.quiz.generator.generate_question('cante', 1)\n"
        "s = tute_tutor.store.open_store('sqlite://')\n"
        "s.record_answer('a', kind='cante', rule='cante_20', correct=True)\n"
        "assert 'streamlit' not in sys.modules, 'streamlit was imported'\n"
        "assert 'plotly' not in sys.modules, 'plotly is only imported to draw a chart'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
