"""The tree shows its parts: each page file only calls the ui module named like it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PAGES = sorted((REPO / "pages").glob("*.py"))


def test_every_page_has_a_ui_module_of_its_name() -> None:
    assert PAGES
    missing = [page.name for page in PAGES
               if not (REPO / "tute_tutor" / "ui" / page.name).is_file()]
    assert not missing


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_page_file_only_calls_its_ui_module(page: Path) -> None:
    source = page.read_text(encoding="utf-8")
    assert len(source.splitlines()) <= 30
    tree = ast.parse(source)
    imports = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    assert [node.module for node in imports if isinstance(node, ast.ImportFrom)] == [
        f"tute_tutor.ui.{page.stem}"]
    statements = [node for node in tree.body
                  if not isinstance(node, ast.Import | ast.ImportFrom)
                  and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))]
    assert len(statements) == 1 and isinstance(statements[0], ast.Expr)
    assert isinstance(statements[0].value, ast.Call)
