"""The puzzles page under AppTest: solving puzzles moves the rating, each answer shows
every legal card's value, the theme filter, the daily puzzle and its streak, hidden
hands (their intro, the cards the seat to play knows), both languages."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.apptest import open_app
from tests.app.learners import session_profile
from tute_tutor.coach.puzzles import Puzzle, daily_puzzle
from tute_tutor.engine.cards import CARDS
from tute_tutor.store import ENV_VAR, open_store
from tute_tutor.store.puzzles import attempts, daily_status, learner_rating
from tute_tutor.ui.cards import fallback_key
from tute_tutor.ui.puzzles import hand_key, today


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(path))
    return path


def open_puzzles(lang: str = "es", ruleset: str = "clasico", theme: str | None = None,
                 flags: str | None = None) -> AppTest:
    """The puzzles page in ``lang`` under ``ruleset`` (and the sidebar's ``flags``), opened
    from the home page; ``theme`` is the link's theme (a URL parameter of the page)."""
    params = {"lang": lang}
    if ruleset != "clasico":
        params["rules"] = ruleset
    if flags is not None:
        params["flags"] = flags
    return open_app("puzzles", params=params,
                    page_params={"theme": theme} if theme is not None else None)


def current(at: AppTest) -> Puzzle:
    puzzle: Puzzle = at.session_state["puzzles_current"]["puzzle"]
    return puzzle


def pick(at: AppTest, puzzle: Puzzle, card: int) -> None:
    at.button(key=fallback_key(hand_key(puzzle.id), CARDS[card])).click().run()
    assert not at.exception, [e.value for e in at.exception]


def wrong_card(puzzle: Puzzle) -> int:
    return next(card for card, _ in puzzle.values if card not in puzzle.best)


def test_solving_puzzles_raises_the_rating_and_shows_every_cards_value(db: Path) -> None:
    at = open_puzzles("en")
    seen = []
    for _ in range(3):
        puzzle = current(at)
        seen.append(puzzle.id)
        pick(at, puzzle, puzzle.best[0])
        assert at.success, "the page says the card is right"
        assert any(m.label.startswith("Rating ") and "→" in m.label for m in at.metric)
        text = "\n".join(m.value for m in at.markdown)
        for card, value in puzzle.values:
            assert f"{CARDS[card].name('en')}: {value} points" in text
        at.button(key="puzzles_next").click().run()
    assert len(set(seen)) == 3
    profile = session_profile(at)
    store = open_store(str(db))
    assert [a["puzzle"] for a in attempts(store, profile)] == seen
    assert learner_rating(store, profile).rating > 1500
    ratings = [a["after"] for a in attempts(store, profile)]
    assert ratings == sorted(ratings) and len(set(ratings)) == 3
    assert any(m.label == "Your rating" and int(m.value) > 1500 for m in at.metric)


def test_a_wrong_card_lowers_the_rating_and_names_the_best(db: Path) -> None:
    at = open_puzzles("es")
    puzzle = current(at)
    pick(at, puzzle, wrong_card(puzzle))
    assert at.error
    assert CARDS[puzzle.best[0]].name_with_article("es") in at.error[0].value
    change = at.session_state["puzzles_result"]["change"]
    assert change.learner_after.rating < 1500 < change.puzzle_after.rating
    assert any(m.label.startswith("Puntuación 1500 → ") for m in at.metric)


def test_an_illegal_card_is_refused_and_not_rated(db: Path) -> None:
    at = open_puzzles("en")
    for _ in range(30):
        puzzle = current(at)
        hand = [c for c in range(40) if puzzle.hands[puzzle.to_play] >> c & 1]
        illegal = [c for c in hand if c not in dict(puzzle.values)]
        if illegal:
            break
        pick(at, puzzle, puzzle.best[0])
        at.button(key="puzzles_next").click().run()
    else:
        pytest.fail("no puzzle with an illegal card in 30")
    before = len(attempts(open_store(str(db)), session_profile(at)))
    pick(at, puzzle, illegal[0])
    assert at.warning and "may not play" in at.warning[0].value
    assert len(attempts(open_store(str(db)), session_profile(at))) == before


def test_the_theme_filter_gives_puzzles_of_that_theme(db: Path) -> None:
    at = open_puzzles("en")
    at.pills(key="puzzles_theme_pick").set_value("counting").run()
    assert not at.exception
    for _ in range(2):
        puzzle = current(at)
        assert puzzle.theme == "counting"
        pick(at, puzzle, puzzle.best[0])
        at.button(key="puzzles_next").click().run()


def test_the_cantes_theme_gives_cantes_puzzles_like_any_other(db: Path) -> None:
    """The cantes search finds a pair still to sing in real deals often enough that the
    theme is served from the pool like the others, with no fallback to another theme."""
    at = open_puzzles("en")
    at.pills(key="puzzles_theme_pick").set_value("cantes").run()
    assert not at.exception
    for _ in range(2):
        puzzle = current(at)
        assert puzzle.theme == "cantes"
        assert not any("another theme" in box.value for box in at.info)
        pick(at, puzzle, puzzle.best[0])
        at.button(key="puzzles_next").click().run()
        assert not at.exception


def test_the_daily_puzzle_is_the_dates_and_solving_it_starts_a_streak(db: Path) -> None:
    at = open_puzzles("en")
    at.button(key="puzzles_daily").click().run()
    puzzle = current(at)
    assert puzzle == daily_puzzle(today())
    pick(at, puzzle, puzzle.best[0])
    status = daily_status(open_store(str(db)), session_profile(at), today())
    assert status == {"answered": True, "solved": True, "streak": 1}
    at.button(key="puzzles_back").click().run()
    assert current(at) != puzzle
    assert any(m.label == "Daily streak" and m.value == "1 day in a row" for m in at.metric)
    assert not any(b.key == "puzzles_daily" for b in at.button), "one daily puzzle a day"


def test_two_player_puzzles_come_after_the_stock(db: Path) -> None:
    at = open_puzzles("es", ruleset="a-dos")
    puzzle = current(at)
    assert puzzle.ruleset == "a-dos" and puzzle.players == 2
    options = at.pills(key="puzzles_theme_pick").options
    assert "Jugar con el compañero" not in options and "Finales" in options


def test_a_theme_in_the_url_picks_it(db: Path) -> None:
    at = open_puzzles("en", theme="counting")
    assert current(at).theme == "counting"
    assert at.pills(key="puzzles_theme_pick").value == "counting"


@pytest.mark.parametrize(("ruleset", "theme", "fragment"), [
    ("clasico", "blunders", "There is no puzzle theme blunders"),
    ("a-tres", "partner", "“Playing with your partner” has no puzzles"),
    ("clasico", "stock", "has no puzzles"),
    ("clasico", "<b>x</b>**y**", r"There is no puzzle theme \<b\>x\<\/b\>\*\*y\*\*:"),
])
def test_a_theme_no_puzzle_can_have_gets_one_line(db: Path, ruleset: str, theme: str,
                                                  fragment: str) -> None:
    at = open_puzzles("en", ruleset, theme=theme)
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and fragment in errors[0] and "\n" not in errors[0]
    assert current(at).ruleset == ruleset  # a puzzle of any theme all the same


@pytest.mark.parametrize("lang", ["es", "en"])
def test_after_an_answer_the_coach_says_why_the_best_card_is_best(db: Path,
                                                                   lang: str) -> None:
    from tute_tutor.words.catalog import t
    from tute_tutor.words.coach import reason_text

    at = open_puzzles(lang)
    puzzle = current(at)
    pick(at, puzzle, wrong_card(puzzle))
    assert puzzle.reason is not None
    player = t("puzzles.player", lang, seat=puzzle.to_play + 1)
    why = [i.value for i in at.info]
    assert why == [t("puzzles.why", lang, reason=reason_text(puzzle.reason, player, lang))]
    assert CARDS[puzzle.best[0]].name_with_article(lang) in why[0]


def test_the_learners_recent_mistakes_choose_the_theme(db: Path) -> None:
    from tute_tutor.store.mistakes import record_mistakes

    at = open_puzzles("en")
    profile = session_profile(at)
    record_mistakes(open_store(str(db)), profile, "hand", "clasico",
                    [(n, "1o", "last_trick_lost", 10, True) for n in (1, 2, 3)])
    at.session_state["puzzles_current"] = None
    at.session_state["puzzles_served"] = 0
    at.run()
    first = current(at)
    assert first.theme == "last-trick"
    assert any("Chosen for you" in str(c.value) for c in at.caption)
    pick(at, first, first.best[0])
    at.button(key="puzzles_next").click().run()
    assert not any("Chosen for you" in str(c.value) for c in at.caption)  # every other


def test_hidden_hands_give_sampled_puzzles_with_the_others_face_down(db: Path) -> None:
    at = open_puzzles("en")
    at.toggle(key="puzzles_hidden").set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]
    puzzle = current(at)
    assert puzzle.sampled and puzzle.id.endswith("/sampled")
    text = "\n".join(str(m.value) for m in at.markdown)
    assert "cards, face down" in text or "card, face down" in text
    pick(at, puzzle, puzzle.best[0])
    text = "\n".join(str(m.value) for m in at.markdown)
    assert f"the mean over {len(puzzle.samples)} deals" in text
    for card, value in puzzle.values:
        assert f"{CARDS[card].name('en')}: {value} points" in text


def test_hidden_hands_at_the_stock_keep_the_card_still_to_draw_face_down(db: Path) -> None:
    at = open_puzzles("en", "a-dos", theme="stock")
    at.toggle(key="puzzles_hidden").set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]
    puzzle = current(at)
    assert puzzle.sampled and puzzle.theme == "stock" and len(puzzle.stock) == 2
    hidden, face = (CARDS[c].name("en") for c in puzzle.stock)
    captions = "\n".join(str(c.value) for c in at.caption)
    assert "the hidden one, face down" in captions and face in captions
    assert hidden not in captions
    pick(at, puzzle, puzzle.best[0])
    captions = "\n".join(str(c.value) for c in at.caption)
    assert f"the hidden one ({hidden})" in captions  # named once the card is played


def test_the_sidebars_flags_make_the_puzzles(db: Path) -> None:
    from tute_tutor.coach.puzzles import puzzle_by_id
    from tute_tutor.engine.variants import find_rules

    at = open_puzzles("en", flags="overtake_when_trumped=true")
    flags = {"overtake_when_trumped": True}
    puzzle = current(at)
    assert puzzle.overrides == find_rules("clasico", flags).overrides
    assert puzzle.id.startswith("clasico+") and puzzle_by_id(puzzle.id, flags) == puzzle
    assert any("with the flags you changed" in str(c.value) for c in at.caption)
    pick(at, puzzle, puzzle.best[0])
    assert at.success


def in_every_sample(puzzle: Puzzle, seat: int) -> int:
    """The cards in ``seat``'s hand in every sampled deal of ``puzzle``."""
    common = (1 << 40) - 1
    for hands in puzzle.samples:
        common &= hands[seat]
    return common


@pytest.mark.parametrize("lang", ["es", "en"])
def test_hidden_hands_say_so_and_name_the_cards_known_before_the_answer(db: Path,
                                                                          lang: str) -> None:
    from tute_tutor.coach.puzzles import generate
    from tute_tutor.words.catalog import t

    face_up, hidden = t("puzzles.intro", lang), t("puzzles.intro_hidden", lang)
    at = open_puzzles(lang)
    captions = [str(c.value) for c in at.caption]
    assert face_up in captions and hidden not in captions
    at.toggle(key="puzzles_hidden").set_value(True).run()
    assert not at.exception, [e.value for e in at.exception]
    captions = [str(c.value) for c in at.caption]
    assert hidden in captions and face_up not in captions
    # a puzzle where the seat to play knows some cards of another hand
    puzzle = next(p for p in generate(1, 4, "clasico", sampled=True)
                  if any(p.known_cards(s) for s in range(p.players)))
    at.session_state["puzzles_current"] = {"puzzle": puzzle, "daily": None,
                                           "for_mistakes": None}
    at.session_state["puzzles_result"] = None
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert current(at) == puzzle and current(at).samples == puzzle.samples
    assert current(at).known == puzzle.known
    expected = []
    for seat in range(puzzle.players):
        known = puzzle.known_cards(seat)
        if seat != puzzle.to_play and known:
            # really held, and in every sampled deal (the seat's knowledge says so)
            assert known & ~puzzle.hands[seat] == 0
            assert known & ~in_every_sample(puzzle, seat) == 0
            expected.append(t("puzzles.known_cards", lang, cards=", ".join(
                CARDS[c].name(lang) for c in range(40) if known >> c & 1)))
    prefix = t("puzzles.known_cards", lang, cards="").removesuffix(".")
    captions = [str(c.value) for c in at.caption]
    assert expected and len(expected) < puzzle.players - 1  # a hand with none known too
    assert [c for c in captions if c.startswith(prefix)] == expected  # nothing for it
    assert hidden in captions
    pick(at, puzzle, puzzle.best[0])
    captions = [str(c.value) for c in at.caption]
    assert not any(c.startswith(prefix) for c in captions)  # every hand shown now
    # the daily puzzle has every hand face up, the toggle on or not
    at.button(key="puzzles_daily").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert not current(at).sampled
    captions = [str(c.value) for c in at.caption]
    assert face_up in captions and hidden not in captions

