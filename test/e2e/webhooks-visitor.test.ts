// A visitor's purchase reaches the company, clicked through as a visitor against the demo site:
// the demo's webhook receiver (its own port, linked from the banner) lists the lead and the
// purchase, the purchase's value being the amount charged, each event once; and the company's
// leads CSV export lists the sale as paid.
import assert from "node:assert/strict";
import { test } from "node:test";
import { describeDemoSite } from "../../demo-site/banner.ts";
import { eventually } from "../eventually.ts";
import { pickPrograms, saw } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { fillStripe, signUpEnabled, summary, toPicker, typeSize } from "./journey.ts";

const e2e = useDemoSite();
const PHONE = "5555550471";


interface Received {
  events: Array<{ eventId: string; type: string; payload: { data: { quoteId: string; value?: string; currency?: string; contact: { phoneNumber: string } } } }>;
  counts: { accepted: number; duplicates: number; refused: number };
}

test("a visitor's quote and purchase arrive at the demo receiver once each, and the CSV export lists the sale", { timeout: 90_000 }, async () => {
  assert.match(describeDemoSite(e2e.site.urls), new RegExp(`${e2e.site.urls.receiver}/ +receiver:`));
  const page = await e2e.newPage();
  const chat = await toPicker(page, e2e.site.urls.host, { company: "demo-company", bot: "demo-bot", phone: PHONE, search: "116 Brand", label: "116 Brand Road, Dublin, OH 43016, USA" });
  await pickPrograms(chat, "Grub Control");
  await typeSize(page, chat, "sq ft", "6000");
  const modal = page.getByRole("dialog", { name: /^Your quote from / });
  await modal.waitFor();
  const today = (await summary(modal))["GET STARTED TODAY"];
  await fillStripe(page);
  const signUp = modal.getByRole("button", { name: "Sign Up" });
  await signUpEnabled(page);
  await signUp.click();
  await saw(chat, /Congratulations, Kim! Your order is confirmed\./);

  const mine = (received: Received) => received.events.filter((event) => event.payload.data.contact?.phoneNumber === PHONE);
  const receivedNow = async () => (await (await fetch(`${e2e.site.urls.receiver}/received.json`)).json()) as Received;
  const received = await eventually("the lead and the purchase at the receiver", receivedNow, (seen) => mine(seen).length >= 2, { timeoutMs: 20_000, everyMs: 200 });
  const events = mine(received);
  assert.deepEqual(events.map((event) => event.type), ["lead", "purchase"]);
  const purchase = events[1]!.payload.data;
  assert.equal(`$${purchase.value}`, today, "the purchase webhook carries the amount charged");
  assert.equal(purchase.currency, "USD");
  assert.equal(received.counts.refused, 0);

  // The receiver's page, as the demo banner links it.
  const receiverPage = await e2e.newPage();
  await receiverPage.goto(`${e2e.site.urls.receiver}/`);
  await receiverPage.getByRole("cell", { name: "purchase" }).first().waitFor();

  const csv = await fetch(`${e2e.site.urls.widget}/v1/company/demo-company/leads.csv`, { headers: { Authorization: "Bearer qa_demo_key_demo-company" } });
  assert.equal(csv.status, 200);
  const line = (await csv.text()).split("\r\n").find((row) => row.startsWith(purchase.quoteId));
  assert.ok(line?.includes(",paid,") && line.includes(`,${purchase.value},USD,`), line);
});
