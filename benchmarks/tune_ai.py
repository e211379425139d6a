"""Tune a computer level's settings by self-play arenas, with Optuna's TPE sampler.

    python benchmarks/tune_ai.py --level 3 --ruleset a-dos --trials 20 --deals 200 --json

Each trial draws settings from the level's search space (:data:`SPACES`), plays them as
side a against the level's defaults as side b over ``--deals`` duplicate deals
(:func:`tute_tutor.ai.arena.run_arena`, the same deals in every trial) and scores the
mean margin per hand of side a. It prints the best settings with their arena summary,
and the ``tute-tutor arena`` command that checks them on fresh deals (a new seed: the
best of many trials on the same deals is biased upwards, so only the check counts).

Optuna is an optional dependency (``pip install tute-tutor[tune]``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from tute_tutor.ai.arena import Side, run_arena, settings_of
from tute_tutor.engine.variants import find_rules

SPACES: dict[int, dict[str, tuple[str, float, float]]] = {
    3: {
        "stock_ruff_points": ("int", 0, 11),
        "stock_big_ruff_points": ("int", 2, 12),
        "stock_keep_face_up": ("int", 0, 12),
        "stock_sing_win": ("int", 0, 1),
    },
    4: {
        "worlds": ("int", 8, 64),
        "pool": ("int", 40, 600),
        "mismatch": ("float", 0.02, 1.0),
        "unsung": ("float", 0.02, 1.0),
        "uncounted": ("float", 0.0, 1.0),
        "prior": ("float", 0.0, 12.0),
        "win_weight": ("float", 0.0, 150.0),
    },
}
"""Per level: setting -> (kind, low, high). Every name is a setting of that level."""


def suggest(trial: Any, space: dict[str, tuple[str, float, float]]) -> dict[str, Any]:
    """One trial's settings drawn from ``space``."""
    config: dict[str, Any] = {}
    for name, (kind, low, high) in space.items():
        if kind == "int":
            config[name] = trial.suggest_int(name, int(low), int(high))
        else:
            # four decimals: what the trial plays is what the check command can pass
            # (the arena takes numbers of at most 18 digits)
            config[name] = round(trial.suggest_float(name, low, high, log=low > 0), 4)
    return config


def tune(level: int, ruleset: str, trials: int, deals: int, seed: int, jobs: int = 1,
         overrides: dict[str, Any] | None = None) -> dict[str, Any]:
    """Run the study and return the best settings, their summary and every trial."""
    import optuna

    space = SPACES[level]
    known = settings_of(level)
    missing = sorted(set(space) - set(known))
    if missing:
        raise SystemExit(f"level {level} has no settings {missing}")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize",
                                sampler=optuna.samplers.TPESampler(seed=seed))
    study.enqueue_trial({name: known[name] for name in space})  # the defaults first
    summaries: dict[int, dict[str, Any]] = {}
    configs: dict[int, dict[str, Any]] = {}

    def objective(trial: Any) -> float:
        config = configs[trial.number] = suggest(trial, space)
        summary = run_arena(find_rules(ruleset, overrides), Side(level, config), Side(level),
                            deals, seed, jobs=jobs)
        summaries[trial.number] = summary
        # one line a trial as it ends, so a study stopped half way still says what it saw
        print(json.dumps({"trial": trial.number, "params": config,
                          "a_mean_margin": summary["a_mean_margin"],
                          "margin_ci95": summary["margin_ci95"],
                          "a_win_rate": summary["a_win_rate"]}), file=sys.stderr, flush=True)
        return float(summary["a_mean_margin"])

    study.optimize(objective, n_trials=trials)
    best = study.best_trial
    config = configs[best.number]
    check_seed = seed + 1
    overrides_args = "".join(f" --set {k}={json.dumps(v)}" for k, v in (overrides or {}).items())
    return {
        "level": level, "ruleset": ruleset, "overrides": overrides or {}, "trials": trials,
        "deals": deals, "seed": seed,
        "best_config": config, "best_summary": summaries[best.number],
        "defaults": {name: known[name] for name in space},
        "history": [{"number": t.number, "value": t.value, "params": configs[t.number]}
                    for t in study.trials],
        "check": (f"python -m tute_tutor arena --ruleset {ruleset}{overrides_args} --a {level} "
                  f"--a-config '{json.dumps(config)}' --b {level} --deals 1000 "
                  f"--seed {check_seed} --json"),
    }


def main(argv: list[str] | None = None) -> int:
    """Parse the options, tune, print the result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", type=int, choices=sorted(SPACES), default=3)
    parser.add_argument("--ruleset", default="a-dos")
    parser.add_argument("--set", action="append", default=[], metavar="FLAG=VALUE")
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per trial")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    from tute_tutor.cli.common import overrides_from

    result = tune(args.level, args.ruleset, args.trials, args.deals, args.seed, args.jobs,
                  overrides_from(args.set))
    if args.json:
        print(json.dumps(result))
    else:
        for key in ("level", "ruleset", "trials", "deals", "best_config", "defaults", "check"):
            print(f"{key:>12}: {result[key]}")
        print(f"{'best':>12}: {result['best_summary']['a_mean_margin']:+.2f} a hand, "
              f"{result['best_summary']['a_win_rate']:.1%} of hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
