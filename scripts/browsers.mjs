// Where every test and benchmark finds Debian's other two browser engines (scripts/ensure-browsers.sh
// installs them): Firefox ESR, driven over WebDriver BiDi, and WebKitGTK's MiniBrowser, driven
// by WebKitWebDriver under a virtual X display (WebKitGTK has no headless mode).
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
/** Preferences that keep Firefox from dialling hosts this machine cannot reach. */
export const FIREFOX_PREFS = {
  "app.update.enabled": false,
  "browser.safebrowsing.malware.enabled": false,
  "browser.safebrowsing.phishing.enabled": false,
  "datareporting.policy.dataSubmissionEnabled": false,
  "network.captive-portal-service.enabled": false,
  "network.connectivity-service.enabled": false,
  "extensions.update.enabled": false,
  "browser.shell.checkDefaultBrowser": false,
  // Scrollbars over the page, as on a phone and in the other two engines here: desktop Firefox's
  // classic 12 px scrollbar would take its width from a 390 px "phone".
  "ui.useOverlayScrollbars": 1,
};
