#!/usr/bin/env bash
# Installs everything the tests need and runs the whole suite: lint, format and
# type checks, then pytest (engine, application and end-to-end browser tests).
# Python packages go into .venv; the browser is Debian's chromium where the
# machine is Debian, else the Chromium that Playwright downloads.
set -euo pipefail
cd "$(dirname "$0")"

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'

install_browser() {
  if [ -x /usr/bin/chromium ]; then
    return
  fi
  local os_id=""
  if [ -r /etc/os-release ]; then
    os_id=$(. /etc/os-release && echo "${ID:-}")
  fi
  if [ "$os_id" = debian ]; then
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
  else
    .venv/bin/python -m playwright install --with-deps chromium
  fi
}
install_browser

.venv/bin/ruff check senator_core tools tests benchmarks web build.py building
.venv/bin/ruff format --check senator_core tools tests benchmarks web build.py building
.venv/bin/mypy
# Two processes, an idle one taking tests from the other (tests differ a lot in length).
.venv/bin/pytest --numprocesses 2 --dist worksteal "$@"
