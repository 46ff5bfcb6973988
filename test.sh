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

# Firefox ESR and WebKitGTK (Safari's engine) for the other browsers' smoke games, with
# what drives them: Xvfb for WebKit's MiniBrowser, Node for puppeteer-core (pinned in
# tests/e2e/others/package-lock.json and checked by npm ci). Debian's packages only;
# elsewhere those tests say what is missing and are skipped.
install_other_browsers() {
  local os_id=""
  if [ -r /etc/os-release ]; then
    os_id=$(. /etc/os-release && echo "${ID:-}")
  fi
  if [ "$os_id" = debian ]; then
    local wanted=()
    [ -x /usr/bin/firefox-esr ] || wanted+=(firefox-esr)
    [ -x /usr/bin/WebKitWebDriver ] || wanted+=(webkit2gtk-driver)
    command -v xvfb-run >/dev/null || wanted+=(xvfb xauth)
    command -v node >/dev/null || wanted+=(nodejs)
    command -v npm >/dev/null || wanted+=(npm)
    command -v turnserver >/dev/null || wanted+=(coturn) # a TURN server for the phone's test
    if [ ${#wanted[@]} -gt 0 ]; then
      local sudo=""
      if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${wanted[@]}" >/dev/null
    fi
  fi
  if command -v npm >/dev/null; then
    npm ci --prefix tests/e2e/others --ignore-scripts --no-audit --no-fund --loglevel=error
  fi
}
install_other_browsers

.venv/bin/ruff check senator_core tools tests benchmarks web build.py building
.venv/bin/ruff format --check senator_core tools tests benchmarks web build.py building
.venv/bin/mypy
# Two processes, an idle one taking tests from the other (tests differ a lot in length);
# the slowest fifteen are listed at the end, where the suite's time goes.
.venv/bin/pytest --numprocesses 2 --dist worksteal --durations 15 "$@"
