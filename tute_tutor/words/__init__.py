"""Words: the message catalogues (Spanish and English), the sentences built from the
engine's reasons and the sentences of its errors. Everything a person reads comes from
here; importing the package installs the names of cards and suits
(:mod:`tute_tutor.words.cards`) and the wording of engine errors
(:mod:`tute_tutor.words.errors`) in the engine."""

from tute_tutor.words import cards as cards
from tute_tutor.words import errors as errors
