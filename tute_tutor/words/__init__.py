"""Words: the message catalogues (Spanish and English) and the sentences built from the
engine's reasons. Everything a person reads comes from here."""
