"""Every game kept, in a real browser: a reload draws the same screen, a browser that
keeps nothing says so and plays on, a game goes out as a file and comes back, the
replay steps through it, undo against the computers, and two tabs of one game. (A
damaged save set aside: test_site.)"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import senator_core as sc
from senator_core.app import Act, Model, control
from senator_core.app.derived import record_of
from senator_core.app.keeping.saves import load_session
from senator_core.app.model import ALL_HUMAN
from senator_core.app.play.bidding import offered as shown_actions
from senator_core.app.setup.state import Setup
from senator_core.records import read_record, timeline

from ..appkit import updated
from .conftest import (
    BOOT_TIMEOUT,
    HELD,
    MINE_OR_HELD,
    READY,
    SharedPages,
    Site,
    Watch,
    open_deal,
    open_game,
    stored_setup,
    use_setup,
    wait_for,
    watch_context,
)
from .test_interface import link_url

INSTANT = stored_setup(speed="instant", auto=False)
APP_HTML = "() => document.getElementById('app').innerHTML"
# The page's elements, each with its attributes in name order and its own text: what is
# shown, whatever order the page's morphing left the attributes in.
APP_SHOWN = """() => {
  const out = [];
  const walk = (node, depth) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        if (child.textContent.trim()) out.push(" ".repeat(depth) + child.textContent.trim());
      } else if (child.nodeType === Node.ELEMENT_NODE) {
        const attrs = [...child.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`);
        out.push(" ".repeat(depth) + `<${child.localName} ${attrs.sort().join(" ")}>`);
        walk(child, depth + 1);
      }
    }
  };
  walk(document.getElementById("app"), 0);
  return out.join("\\n");
}"""


def path_to(config: sc.GameConfig, decision: str, after: int = 0) -> list[str]:
    """Actions from the deal that reach `decision`, `after` moves into it at most, by
    choices drawn at random (the same every run)."""
    chooser = random.Random(1)
    for _ in range(200):
        game = sc.new_game(config)
        actions: list[str] = []
        while game.decision not in (decision, "over"):
            action = str(chooser.choice(shown_actions(game)))
            game.apply(action)
            actions.append(action)
        for _ in range(after):
            if game.decision != decision:
                break
            action = str(chooser.choice(shown_actions(game)))
            game.apply(action)
            actions.append(action)
        if game.decision == decision and game.to_move is not None:
            return actions
    raise AssertionError(f"no path to a {decision} decision")


def stored_game(page: Any) -> sc.Game | None:
    text = page.evaluate("localStorage.getItem('senator.save')")
    return None if text is None else load_session(text).record.game


def reload(page: Any) -> None:
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT)


def settled_html(page: Any) -> str:
    """What the page shows (see APP_SHOWN) once a tap's guard against a second tap
    has lifted."""
    page.locator("[data-guard]").wait_for(state="detached")
    return str(page.evaluate(APP_SHOWN))


def assert_same(shown: str, before: str) -> None:
    """Fails with where the two pages' HTML first differ."""
    if shown != before:
        at = next(i for i, (a, b) in enumerate(zip(shown, before, strict=False)) if a != b)
        at = min(at, len(shown), len(before))
        raise AssertionError(
            f"the page differs at {at}:\n now:    {shown[max(at - 300, 0) : at + 200]!r}"
            f"\n before: {before[max(at - 300, 0) : at + 200]!r}"
        )


def test_a_reload_in_a_debate_or_a_power_decision_draws_the_same_screen(
    site: Site, page: Any, watch: Watch
) -> None:
    page.add_init_script(INSTANT)
    config = sc.GameConfig(players=4, seed=31, first_opener=0)
    debate = path_to(config, "debate", after=2)
    open_game(page, link_url(site, config))
    for action in debate:
        page.click(f"[data-action='{action}']")
    page.locator("#decision.decision-debate").wait_for()
    page.click("#decision [data-msg='hint']")
    page.locator(".hint-panel").wait_for(timeout=60_000)
    page.click("[data-msg='panel'][data-value='forum']")
    before = settled_html(page)
    assert "last-move" in before and "hint-options" in before
    reload(page)
    page.locator("[data-screen='game']").wait_for()
    assert_same(settled_html(page), before)  # board, last move, decision, log, hint, panel
    game = stored_game(page)
    assert game is not None and [a.text for a in game.actions] == debate

    # A power decision, in the same deal opened afresh.
    power = path_to(config, "power")
    open_game(page, link_url(site, config))
    for action in power:
        page.click(f"[data-action='{action}']")
    page.locator("#decision.decision-power").wait_for()
    before = settled_html(page)
    reload(page)
    page.locator("#decision.decision-power").wait_for()
    assert_same(settled_html(page), before)


def test_a_browser_that_keeps_nothing_warns_once_and_play_goes_on(site: Site, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(BOOT_TIMEOUT)
    ctx.add_init_script(
        "Storage.prototype.setItem = function () {"
        " throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };"
    )
    seen = watch_context(ctx)
    page = ctx.new_page()
    open_game(page, f"{site.origin}/?nosw")
    page.click("[data-msg='quick-play']")
    alert = page.locator("[data-alert='storage']")
    alert.wait_for()
    assert "not keeping your games" in alert.inner_text()
    alert.locator("[data-msg='dismiss-alert']").click()
    alert.wait_for(state="detached")
    wait_for(page, "document.querySelector('#decision [data-action]') !== null")
    moves = int(page.evaluate("document.documentElement.dataset.moves"))
    page.locator("#decision [data-action]").first.click()
    wait_for(page, f"Number(document.documentElement.dataset.moves) > {moves}")
    assert page.locator("[data-alert]").count() == 0  # said once
    assert not seen.errors, seen.errors
    ctx.close()


def finished_record(tmp_path: Path) -> tuple[Path, sc.Game]:
    """A finished hot-seat game, saved as a file the way the page saves one."""
    hot_seat = Model(setup=Setup(occupants=ALL_HUMAN))
    model = updated(hot_seat, control("start"), "2026-12-01T09:30:00Z")
    chooser = random.Random(17)
    while model.game is not None and model.game.decision != "over":
        model = updated(model, Act(str(chooser.choice(model.game.legal_actions()))), "")
    record = record_of(model)
    assert record is not None
    path = tmp_path / record.file_name()
    path.write_text(record.to_json())
    return path, record.game


def test_a_game_goes_out_as_a_file_and_comes_back_by_picker_or_drop(
    booted: tuple[Any, Watch], tmp_path: Path
) -> None:
    page, _ = booted
    use_setup(page, speed="instant", auto=False)
    config = sc.GameConfig(players=3, seed=8)
    actions = path_to(config, "award")
    open_deal(page, config)
    for action in actions:
        page.click(f"[data-action='{action}']")
    playing = stored_game(page)
    assert playing is not None
    page.click(".share summary")
    with page.expect_download() as download:
        page.click(".share [data-msg='export']")
    file = tmp_path / download.value.suggested_filename
    download.value.save_as(file)
    assert file.name.endswith(".senator.json")
    assert read_record(file.read_text()).game.state() == playing.state()

    # Opened again by the file picker: the replay at its last move, then played on.
    page.click("[data-screen='game'] [data-msg='title']")
    page.click("[data-msg='import-file']")
    page.set_input_files("#import-file", str(file))
    controls = page.locator("[data-screen='replay'] .replay-controls")
    controls.wait_for()
    assert controls.get_attribute("data-step") == str(len(actions))
    page.click("[data-msg='play-from']")
    page.locator("#decision.decision-award").wait_for()
    again = stored_game(page)
    assert again is not None and again.to_json() == playing.to_json()

    # A file dropped on the page; a bad one says what is wrong and changes nothing.
    record, finished = finished_record(tmp_path)
    drop = """([name, text]) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, {type: "application/json"}));
      document.body.dispatchEvent(new DragEvent("drop", {dataTransfer: data, bubbles: true}));
    }"""
    page.evaluate(drop, ["bad.senator.json", '{"format": "senator-record", "version": 9}'])
    page.locator(".notice").wait_for()
    assert "newer version of Senator" in page.locator(".notice").inner_text()
    assert page.locator("[data-screen='game']").count() == 1
    page.evaluate(drop, [record.name, record.read_text()])
    controls.wait_for()
    assert controls.get_attribute("data-steps") == str(finished.moves)


def test_the_replay_steps_back_and_forth_to_the_right_boards(
    booted: tuple[Any, Watch], tmp_path: Path
) -> None:
    page, _ = booted
    record, game = finished_record(tmp_path)
    line = timeline(game)
    page.click("[data-msg='import-file']")
    page.set_input_files("#import-file", str(record))
    controls = page.locator(".replay-controls")
    controls.wait_for()

    def board(step: int) -> None:
        wait_for(page, f"document.querySelector('.replay-controls').dataset.step === '{step}'")
        shown = line.games[step]
        for seat in range(shown.players):
            hand = page.locator(f".seat-board[data-seat='{seat}'] .seat-hand .card")
            assert hand.count() == sum(shown.hand(seat).values()), (step, seat)
        assert page.locator(".round").get_attribute("data-round") == str(shown.round)
        assert page.locator(".forum").inner_text().split()[-1] == str(shown.forum_size)

    page.click("[data-msg='step'][data-value='first']")
    board(0)
    for _ in range(3):
        page.click("[data-msg='step'][data-value='next']")
    board(3)
    page.click("[data-msg='step'][data-value='back']")
    board(2)
    page.select_option("[name='replay-jump']", index=4)
    jumped = int(controls.get_attribute("data-step") or -1)
    assert jumped > 2
    board(jumped)
    # A line of the log opens the move that wrote it.
    entry = page.locator(".log-jump").nth(5)
    index = int(entry.get_attribute("data-value") or -1)
    entry.click()
    board(line.step_of_entry(index))
    # Played on by itself at the instant pace, to the end.
    page.select_option(".replay-controls [name='speed']", "instant")
    page.click("[data-msg='step'][data-value='last']")
    board(line.steps)
    page.click("[data-msg='step'][data-value='back']")
    page.click("[data-msg='replay-play']")
    board(line.steps)
    assert controls.get_attribute("data-playing") == "false"
    assert "The game is over" in controls.inner_text()


def test_undo_against_the_computers_returns_to_the_earlier_game(
    booted: tuple[Any, Watch],
) -> None:
    page, _ = booted
    use_setup(page, speed="instant", auto=False)
    page.click("[data-msg='quick-play']")
    mine = MINE_OR_HELD
    undone = 0
    for _ in range(40):
        page.wait_for_selector(mine)
        if page.locator(HELD).count():  # a computer's blow, or what changed, held
            page.click("#decision [data-msg='go-on']")
            continue
        offered = page.locator(mine)
        if offered.count() < 2:
            offered.first.click()
            continue
        before = stored_game(page)
        assert before is not None
        offered.nth(offered.count() - 1).click()
        page.wait_for_selector(mine)  # the computers have played, and it is my turn again
        after = stored_game(page)
        assert after is not None and after.moves > before.moves
        page.click("[data-msg='undo']")
        wait_for(page, f"document.documentElement.dataset.moves === '{before.moves}'")
        back = stored_game(page)
        assert back is not None and back.to_json() == before.to_json()
        undone += 1
        if undone == 2:
            break
    assert undone == 2
    saved = json.loads(page.evaluate("localStorage.getItem('senator.save')"))
    assert saved["record"]["undos"] == 2


def test_two_tabs_never_write_over_each_other(site: Site, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(BOOT_TIMEOUT)
    ctx.add_init_script(INSTANT)
    first = ctx.new_page()
    config = sc.GameConfig(players=4, seed=12)
    open_game(first, link_url(site, config))
    first.click("#decision [data-action]")
    second = ctx.new_page()
    open_game(second, f"{site.origin}/?nosw")
    second.locator("[data-screen='game']").wait_for()
    assert second.evaluate(APP_HTML).count("seat-board") == 4
    second.locator("#decision [data-action]").first.click()
    newer = stored_game(second)
    assert newer is not None and newer.moves == 2
    alert = first.locator("[data-alert='stale']")
    alert.wait_for()
    # Nothing to play here meanwhile: a move would be lost, or lose the newer game.
    assert first.locator("#decision [data-action]").count() == 0
    assert "goes on in another tab" in first.locator("#decision").inner_text()
    kept = stored_game(first)
    assert kept is not None and kept.to_json() == newer.to_json()
    alert.locator("[data-msg='load-newer']").click()
    wait_for(first, "document.documentElement.dataset.moves === '2'")
    assert first.locator("[data-alert]").count() == 0
    first.locator("#decision [data-action]").first.click()
    latest = stored_game(first)
    assert latest is not None and latest.moves == 3
    second.locator("[data-alert='stale']").wait_for()
    ctx.close()


def test_a_shared_page_comes_back_to_what_a_first_visit_shows(
    site: Site, page: Any, shared_pages: SharedPages
) -> None:
    """The page the tests share, after a game in progress, one kept, another set-up and
    another language, is brought back through the application to the title screen a
    page opened afresh shows, with nothing stored but the default set-up."""
    shared = shared_pages.ready("desktop").page
    use_setup(shared, speed="instant", auto=False, players=5, occupants=["human"] * 5)
    shared.click("[data-msg='quick-play']")
    for _ in range(3):  # three taps: moves, or going on past a computer's blow, held
        shared.locator(MINE_OR_HELD).first.click()
    shared.click("[data-screen='game'] [data-msg='title']")
    shared.click("[data-msg='new-game']")
    assert shared.locator("[name='players']").input_value() == "5"
    shared.click("[data-msg='start']")  # the game in progress is kept, unfinished
    shared.locator("#decision [data-action]").first.click()
    shared.locator(".topbar [name='lang']").select_option("pl")
    wait_for(shared, "document.documentElement.lang === 'pl'")
    shared.click("[data-screen='game'] [data-msg='panel'][data-value='rules']")
    left = shared_pages.reset(shared_pages.pages["desktop"], "desktop")
    assert left == [], left
    open_game(page, f"{site.origin}/?nosw")
    assert_same(str(shared.evaluate(APP_SHOWN)), str(page.evaluate(APP_SHOWN)))
    assert shared.evaluate("document.documentElement.lang") == "en"
    stored = shared.evaluate("Object.keys(localStorage)")
    assert stored == ["senator.setup"], stored
    setup = json.loads(shared.evaluate("localStorage.getItem('senator.setup')"))
    assert setup == {**Setup().to_dict(), "lang": "en"}
