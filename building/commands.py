"""The outside tools a build runs (npm, pip, node), and `BuildError`, how it fails."""

from __future__ import annotations

import subprocess
from pathlib import Path


class BuildError(Exception):
    """A build step failed for a reason the person building should read."""


def run(command: list[str], what: str, cwd: Path | None = None) -> str:
    """Runs `command` and returns its output; `what` names the step in the error."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise BuildError(
            f"{what}: `{command[0]}` is not installed. Install it (for npm: Node.js) and retry."
        ) from None
    if done.returncode != 0:
        detail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise BuildError(
            f"{what} failed (is the package registry reachable?):\n  " + "\n  ".join(detail)
        )
    return done.stdout
