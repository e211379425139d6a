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


def _imports(package: str) -> list[tuple[str, str]]:
    """(file, module) for every import in tute_tutor/<package>, lazy ones too (doctests,
    being examples, are not imports of the module)."""
    import ast
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "tute_tutor" / package
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.append((path.name, node.module))
            elif isinstance(node, ast.Import):
                found.extend((path.name, alias.name) for alias in node.names)
    return found


def test_the_engine_imports_nothing_but_itself_and_the_standard_library() -> None:
    # The engine knows no words: no catalogue, no explanations, no page code.
    imports = _imports("engine")
    assert ("game.py", "tute_tutor.engine.legal") in imports  # the scan sees imports
    outside = [(name, module) for name, module in imports
               if module.startswith("tute_tutor.") and not module.startswith("tute_tutor.engine")]
    assert not outside
    assert not [(name, module) for name, module in imports
                if module.split(".")[0] in ("streamlit", "plotly", "pandas", "tomllib")]


def test_drawing_reads_no_message_catalogue() -> None:
    # render/ takes its words as data (CardWords, the charts' text function).
    imports = _imports("render")
    assert ("cards.py", "tute_tutor.engine.cards") in imports
    assert not [(name, module) for name, module in imports
                if module.startswith(("tute_tutor.words", "tute_tutor.ui", "streamlit"))]


def test_the_coach_is_data_without_words() -> None:
    # coach/ gives reasons and mistakes as data; their sentences are words/coach.py.
    imports = _imports("coach")
    assert ("reasons.py", "tute_tutor.engine.game") in imports
    assert not [(name, module) for name, module in imports
                if module.startswith(("tute_tutor.words", "tute_tutor.ui", "tute_tutor.table",
                                      "streamlit"))]


def test_the_live_rules_and_the_formats_import_nothing_from_the_store() -> None:
    # live/ holds rooms and classes as pure state machines and formats/ the shapes of data:
    # the store reads and writes them, never the other way round (no SQL below the store).
    imports = {package: _imports(package) for package in ("live", "formats")}
    assert ("room.py", "tute_tutor.engine.game") in imports["live"]  # the scan sees imports
    upward = [(package, name, module) for package, found in imports.items()
              for name, module in found
              if module.startswith(("tute_tutor.store", "tute_tutor.serve", "tute_tutor.ui"))
              or module.split(".")[0] in ("sqlalchemy", "alembic", "streamlit")]
    assert not upward
