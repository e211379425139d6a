"""The command line in-process: whatever the arguments, an answer and exit 0 or 2,
never an exception (hypothesis)."""

from __future__ import annotations

import io
import json

from hypothesis import given
from hypothesis import strategies as st

from tute_tutor.cli.main import main

TOKENS = ["legal", "replay", "--json", "--lang", "es", "en", "fr", "--ruleset", "clasico",
          "a-dos", "a-tres", "mus", "--trump", "o", "c", "x", "--hand", "12c,4c,5b", "1o",
          "8c", "12c,12c", "--trick", "10c", "10c,2o", "1c,2c,3c,4c", "--set",
          "partner_exemption=true", "tute_award=2", "nope=1", "--stock-left", "4", "-3",
          "x", "--batch", "/no/such/file", "-h", "--help"]


@given(st.lists(st.one_of(st.sampled_from(TOKENS),
                          st.text(max_size=6).filter(lambda t: t != "-")), max_size=10))
def test_any_arguments_give_an_answer_and_exit_0_or_2(argv: list[str]) -> None:
    out = io.StringIO()
    code = main(argv, out)
    assert code in (0, 2), (argv, out.getvalue())
    if "--json" in argv and out.getvalue():
        for line in out.getvalue().splitlines():
            data = json.loads(line)
            if code == 2 and "error" in data and "valid" not in data:
                assert set(data["error"]) == {"code", "message"}
