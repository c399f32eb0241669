// The demo's shapes that its start-up (server.ts) and its banner (banner.ts) share, kept apart
// so that neither imports the other.
export interface DemoSiteUrls {
  host: string;
  widget: string;
  measure: string;
  vault: string;
  crm: string;
  /** The demo's webhook receiver: what the demo companies' webhooks delivered. */
  receiver: string;
  /** The demo's mail sink: every e-mail sent (console sign-in links, alerts). */
  mail: string;
  /** The demo's text sink: every text sent (follow-ups), each with a Reply form posted signed to the widget's inbound webhook. */
  text: string;
}
