// The start-up banner: every URL of the demo site with what it is, so a developer can click.
import type { DemoSiteUrls } from "./types.ts";

export function describeDemoSite(urls: DemoSiteUrls): string {
  const rows: [string, string][] = [
    [`${urls.host}/`, "host: a lawn company's site embedding the loader (bubble); ?company=&bot= picks the company"],
    [`${urls.host}/inline.html`, "host: the bundle with an inline widget in a content column"],
    [`${urls.host}/reset.html`, "host: a hostile global CSS reset that must not reach the widget"],
    [`${urls.host}/csp.html`, "host: served with a strict Content-Security-Policy"],
    [`${urls.host}/blank.html`, "host: only the loader tag (benchmark baseline)"],
    [`${urls.widget}/`, "widget: the hosted full-page widget for the default pair"],
    [`${urls.widget}/greenway-lawn/lawn`, "widget: the hosted page for one company/bot"],
    [`${urls.widget}/dist/loader.js`, "widget: the built files (npm run build)"],
    [`${urls.widget}/v1/company/greenway-lawn/bot/lawn`, "widget: the reference API (docs/api.md)"],
    [`${urls.measure}/`, "measure: stand-in for the measuring tool"],
    [`${urls.vault}/`, "vault: stand-in for the card vault's secure fields"],
    [`${urls.crm}/`, "crm: stand-in for the CRM payment frame and customer portal"],
    [`${urls.receiver}/`, "receiver: the companies' webhooks as received (leads, objections, purchases, bookings), signatures verified"],
    [`${urls.widget}/console/`, "console: the company's inbox, leads and funnel; sign in as owner@<companyId>.example"],
    [`${urls.mail}/`, "mail: every e-mail sent (console sign-in links, alerts), as the staff's mailboxes would get it"],
    [`${urls.text}/`, "text: every text sent (follow-ups), with a Reply form (STOP) posted signed to the widget's texts webhook"],
  ];
  const width = Math.max(...rows.map(([url]) => url.length));
  return ["Quote Assistant demo site", ...rows.map(([url, what]) => `  ${url.padEnd(width)}  ${what}`)].join("\n");
}
