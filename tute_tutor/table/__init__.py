"""The practice table: the controller that runs a learner's hands against computer
players, and the review of a finished hand."""
