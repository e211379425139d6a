"""One module per quiz kind; each defines ``KIND`` (see :mod:`tute_tutor.quiz`)."""
