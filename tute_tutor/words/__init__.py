"""Words: the message catalogues (Spanish and English), the sentences built from the
engine's reasons and the sentences of its errors. Everything a person reads comes from
here; importing the package installs the wording of engine errors
(:mod:`tute_tutor.words.errors`)."""

from tute_tutor.words import errors as errors
