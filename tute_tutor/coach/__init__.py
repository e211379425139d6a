"""The coach: what a learner needs to play well once the rules are known (puzzles)."""
