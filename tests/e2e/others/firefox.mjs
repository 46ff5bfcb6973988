// A smoke game in Firefox (Debian's firefox-esr, driven by puppeteer-core over
// WebDriver BiDi): boot, quick play against the computers, a bid made by touching
// cards, a reload that restores the game, the rules panel, a language switch, and a
// screenshot at 1280x800 and at 390x844. Run by `test_other_browsers.py`:
//
//   node tests/e2e/others/firefox.mjs <site url> <screenshots folder>
//
// Prints what the page showed as one JSON object; the test makes the assertions.
import { launchFirefox } from "./launch-firefox.mjs";

const [url, shots] = process.argv.slice(2);
const BOOT_MS = 120_000;
const READY = "html[data-ready='1']";
const errors = [];

const browser = await launchFirefox();
const result = { errors, requests: [] };
try {
  const page = await browser.newPage();
  page.on("pageerror", (err) => errors.push(`page: ${err.message ?? err}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("request", (request) => result.requests.push(request.url()));
  await sized(page, { width: 1280, height: 800 });
  const started = Date.now();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector(READY, { timeout: BOOT_MS });
  result.boot = (Date.now() - started) / 1000;
  result.version = await browser.version();

  const moves = () => page.evaluate(() => Number(document.documentElement.dataset.moves));
  const ownTurn = () =>
    page.evaluate(() => !!document.querySelector("#decision [data-action]:not([disabled])"));
  const waitMoved = (before) =>
    page.waitForFunction((n) => Number(document.documentElement.dataset.moves) > n, { timeout: 30_000 }, before);

  await page.click('[data-msg="quick-play"]');
  await page.waitForSelector('[data-screen="game"]');
  await page.select(".topbar [name='speed']", "instant"); // the computers at once
  // Play until a bid has been made by touching cards, and a few moves more.
  let byCards = 0;
  let made = 0;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && (byCards < 1 || made < 6)) {
    const goOn = await page.$('[data-msg="go-on"]'); // a round's summary, held on the table
    if (goOn) {
      await goOn.click();
      continue;
    }
    if (!(await ownTurn())) {
      await new Promise((r) => setTimeout(r, 150));
      continue;
    }
    const before = await moves();
    const cards = await page.$$('#decision [data-msg="pick"]:not([disabled])');
    if (cards.length && byCards < 1) {
      // The largest influence card (the Assassin is played by its own button).
      const values = await Promise.all(cards.map((c) => c.evaluate((el) => el.textContent)));
      const largest = values.map((t, i) => [Number.parseInt(t, 10) || 0, i]).sort((a, b) => b[0] - a[0])[0];
      await cards[largest[1]].click();
      const confirm = await page.$('[data-msg="confirm"]:not([disabled])');
      if (confirm) {
        await confirm.click();
        await waitMoved(before);
        byCards += 1;
        made += 1;
        continue;
      }
      const unpick = await page.$('[data-msg="unpick"]');
      if (unpick) await unpick.click();
    }
    const withdraw = await page.$('#decision [data-action="withdraw"]:not([disabled])');
    const action = withdraw ?? (await page.$("#decision [data-action]:not([disabled])"));
    await action.click();
    await waitMoved(before);
    made += 1;
  }
  result.byCards = byCards;
  result.made = made;
  result.moves = await moves();
  await page.screenshot({ path: `${shots}/firefox-table-1280.png` });

  // A reload comes back to the same game.
  await page.reload({ waitUntil: "load" });
  await page.waitForSelector(READY, { timeout: BOOT_MS });
  await page.waitForSelector('[data-screen="game"]');
  result.movesAfterReload = await moves();

  // The rules panel, then the game in Polish.
  await page.click('[data-msg="panel"][data-value="rules"]');
  await page.waitForSelector(".help");
  result.rules = await page.$eval(".help", (el) => el.textContent.length);
  await page.click('[data-msg="panel"][data-value="rules"]');
  await page.select(".topbar [name='lang']", "pl");
  await page.waitForFunction(() => document.documentElement.lang === "pl");
  result.lang = await page.evaluate(() => document.documentElement.lang);
  result.polish = await page.$eval(".topbar", (el) => el.textContent);
  await sized(page, { width: 390, height: 844 });
  await new Promise((r) => setTimeout(r, 500));
  await page.screenshot({ path: `${shots}/firefox-table-390.png` });
  result.pickers = await page.evaluate(() =>
    [...document.querySelectorAll(".topbar select")].map((el) => {
      const style = getComputedStyle(el);
      return { name: el.name, color: style.color, background: style.backgroundColor };
    }),
  );
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));

// Sets the viewport. Some Firefox ESR releases do not know the screen orientation
// command puppeteer sends beside it; the viewport itself is set all the same.
async function sized(page, viewport) {
  try {
    await page.setViewport(viewport);
  } catch (error) {
    if (!String(error).includes("setScreenOrientationOverride")) throw error;
  }
}
