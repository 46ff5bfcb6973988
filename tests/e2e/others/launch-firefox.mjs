// Debian's firefox-esr for the tests, driven by puppeteer-core over WebDriver BiDi,
// contacting nothing but the site: no updates, telemetry or remote settings.
import puppeteer from "puppeteer-core";

/**
 * @param {Record<string, unknown>} prefs more preferences, for one test's needs
 */
export function launchFirefox(prefs = {}) {
  return puppeteer.launch({
    browser: "firefox",
    executablePath: process.env.FIREFOX || "/usr/bin/firefox-esr",
    headless: true,
    extraPrefsFirefox: {
      "app.update.enabled": false,
      "datareporting.policy.dataSubmissionEnabled": false,
      "toolkit.telemetry.enabled": false,
      "network.captive-portal-service.enabled": false,
      "browser.safebrowsing.malware.enabled": false,
      "browser.safebrowsing.phishing.enabled": false,
      ...prefs,
    },
  });
}
