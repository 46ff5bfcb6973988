"""Developer tools for the computer players, kept out of the wheel the page downloads.

- `train`: fits the search's evaluation weights (`senator_core/bots/evaluation.json`)
  to self-play games; `.venv/bin/python -m tools.train`, from the repository's root.
- `rating`: the Bradley-Terry fit on the Elo scale that `benchmarks/strength.py`
  reads its ladder of levels with.

They import `senator_core`; nothing in `senator_core` or `web/` imports them.
"""
