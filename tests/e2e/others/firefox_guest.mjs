// A guest in Firefox at a Chromium player's table to play now (Debian's firefox-esr, driven
// by puppeteer-core over WebDriver BiDi): it opens the invitation link, names itself,
// takes a seat, and plays its own turns by tapping until the game ends. Run by
// `online_firefox.py`, inside the test's network namespace:
//
//   node tests/e2e/others/firefox_guest.mjs <invitation link> <name> <screenshot>
//
// Prints what the page showed as one JSON object; the test makes the assertions.
import { launchFirefox } from "./launch-firefox.mjs";

const [link, name, shot] = process.argv.slice(2);
const BOOT_MS = 120_000;
const GAME_MS = 300_000;
const READY = "html[data-ready='1']";
const errors = [];

// Counts the page's WebRTC connections that opened (the direct path).
const COUNT_DIRECT = () => {
  const Native = window.RTCPeerConnection;
  window.senatorDirect = 0;
  window.RTCPeerConnection = class extends Native {
    constructor(config) {
      super(config);
      this.addEventListener("connectionstatechange", () => {
        if (this.connectionState === "connected") window.senatorDirect += 1;
      });
    }
  };
};

// The namespace has no mDNS: offer the address itself, as Chromium is told to.
const browser = await launchFirefox({ "media.peerconnection.ice.obfuscate_host_addresses": false });
const result = { errors, moves: -1, screen: "", docket: "", direct: -1, made: 0 };
try {
  const page = await browser.newPage();
  page.on("pageerror", (err) => errors.push(`page: ${err.message ?? err}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  await page.evaluateOnNewDocument(COUNT_DIRECT);
  await page.goto(link.replace("#", "?nosw#"), { waitUntil: "load" });
  await page.waitForSelector(READY, { timeout: BOOT_MS });
  result.version = await browser.version();
  await page.waitForSelector('[data-msg="claim-seat"]', { timeout: 60_000 });
  await page.$eval("#seat-0-name", (el) => {
    el.value = "";
  });
  await page.type("#seat-0-name", name);
  await page.click('[data-msg="claim-seat"]');
  // Seated: the lobby marks its seat, or the game has begun already.
  await page.waitForSelector('.lobby-seat .you, [data-screen="game"]', { timeout: 60_000 });
  result.seated = true;
  await page.waitForSelector('[data-screen="game"]', { timeout: 120_000 });
  const deadline = Date.now() + GAME_MS;
  while (Date.now() < deadline) {
    const screen = await page.evaluate(() => document.querySelector("[data-screen]")?.dataset.screen);
    if (screen === "end") break;
    const goOn = await page.$('[data-msg="go-on"], [data-msg="story-read"]');
    if (goOn) {
      await goOn.click().catch(() => {});
      continue;
    }
    const actions = await page.$$("#decision [data-action]:not([disabled])");
    if (!actions.length) {
      await new Promise((r) => setTimeout(r, 150));
      continue;
    }
    const before = await page.evaluate(() => Number(document.documentElement.dataset.moves));
    await actions[Math.floor(Math.random() * actions.length)].click().catch(() => {});
    await page
      .waitForFunction((n) => Number(document.documentElement.dataset.moves) > n, { timeout: 5_000 }, before)
      .then(() => (result.made += 1))
      .catch(() => {});
  }
  await page.screenshot({ path: shot });
  Object.assign(
    result,
    await page.evaluate(() => ({
      moves: Number(document.documentElement.dataset.moves),
      screen: document.querySelector("[data-screen]")?.dataset.screen ?? "",
      docket: document.querySelector(".docket")?.textContent.replace(/\s+/g, " ").trim() ?? "",
      direct: window.senatorDirect ?? -1,
    })),
  );
} catch (error) {
  errors.push(`script: ${error.message ?? error}`);
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
