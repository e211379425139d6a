"""Quiz questions generated from real positions, and the spaced-repetition schedule."""
