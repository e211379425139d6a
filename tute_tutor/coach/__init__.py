"""The coach: why a computer played its card, and what mistake a learner's costly card was.

Data only, no words (the sentences are :mod:`tute_tutor.words.coach`) and no Streamlit:

- :mod:`tute_tutor.coach.reasons`: a :class:`~tute_tutor.coach.reasons.Reason` for every
  card a computer plays (forced or free) and for its cantes, read off what that seat could
  know (its :class:`~tute_tutor.engine.game.SeatView`) and the computer's own evaluation
  (its :class:`~tute_tutor.ai.base.Decision`);
- :mod:`tute_tutor.coach.mistakes`: the kind of mistake a learner's costly card was, each
  kind a predicate on the position;
- :mod:`tute_tutor.coach.puzzles`: positions of real deals where one card is clearly best
  by the exact solver, themed, with Glicko-2 ratings, the daily puzzle and the streak;
- :mod:`tute_tutor.coach.drills`: a sitting of short variants per lesson skill, its target
  and stars;
- :mod:`tute_tutor.coach.endings`: the last tricks of a real deal played out against the
  solver, a target reachable with best play and the solver's verdict on every card.
"""
