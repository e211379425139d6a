"""Page: progress. The learner's history from the store: headline numbers, plotly charts
(accuracy over time, mastery per rule, lessons done, streaks), CSV export and a reset
that asks first. Figures are cached on the history's fingerprint, so reruns are fast."""

from tute_tutor.ui.progress import render_progress_page

render_progress_page()
