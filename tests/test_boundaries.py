"""The architecture rule of the README ("How the code is laid out"): only ``ui/`` imports
Streamlit.

Every module of the package outside ``ui/`` is found by walking the package, so a new
module is covered without being listed here.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import tute_tutor


def _modules_outside_ui() -> list[str]:
    names = [info.name for info in pkgutil.walk_packages(tute_tutor.__path__, "tute_tutor.")]
    # ``__main__`` runs the command line when imported; it only calls cli.main.
    return sorted(n for n in names if not (n == "tute_tutor.ui" or n.startswith("tute_tutor.ui.")
                                           or n.endswith(".__main__")))


def test_no_module_outside_ui_imports_streamlit() -> None:
    modules = _modules_outside_ui()
    assert {"tute_tutor.engine.game", "tute_tutor.quiz.kinds.cante", "tute_tutor.cli.main",
            "tute_tutor.table.controller"} <= set(modules), "the walk finds nested modules"
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "    assert 'streamlit' not in sys.modules, f'{name} imported streamlit'\n"
        "from tute_tutor.quiz.generator import generate_question\n"
        "from tute_tutor.store import open_store\n"
        "generate_question('cante', 1)\n"
        "open_store('sqlite://').record_answer('a', kind='cante', rule='cante_20', correct=True)\n"
        "assert 'streamlit' not in sys.modules, 'a question or an answer loaded streamlit'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_quiz_and_the_store_load_plotly_only_to_draw_a_chart() -> None:
    code = (
        "import sys\n"
        "import tute_tutor.quiz.generator, tute_tutor.cli.quiz, tute_tutor.quiz.srs\n"
        "import tute_tutor.store, tute_tutor.store.stats\n"
        "tute_tutor.quiz.generator.generate_question('cante', 1)\n"
        "assert 'plotly' not in sys.modules, 'plotly is only imported to draw a chart'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
