// E-mail from the outbox (issue 24): the worker hands each `mailto:` row here. Alerts (a new
// lead, 'I need to think about it', a purchase, a booking) are written from the event and the
// quote as it is when sent: the homeowner's name, phone as a tap-to-call link, address, services,
// amount, and a link to the lead in the console. Sign-in rows carry their link. The words are
// each language's tree (src/i18n/<lang>/console-mail.ts), in the row's `lang` (a sign-in link:
// the console page's language when it was asked for), else English. SMTP through nodemailer
// (SMTP_URL, MAIL_FROM); a send that fails throws, and the worker retries it.
import { createHash } from "node:crypto";
import { createTransport, type Transport } from "nodemailer";
import * as v from "valibot";
import type { OutboxRow } from "../db/outbox-store.ts";
import { MAIL_WORDS, type MailWords } from "../../src/i18n/console-mail-words.ts";
import { languageOf } from "../../src/i18n/language-tags.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What an alert says of the lead, read when the mail is sent. */
export interface LeadSummary {
  quoteId: string;
  name: string;
  phoneNumber: string;
  email: string | null;
  address: string;
  serviceTypes: string[];
  amount: { value: string; currency: string; paid: boolean } | null;
}

export interface MailDeliveryOptions {
  /** SMTP_URL (smtp://user:pass@host:587, smtps://…); without it every mail fails and is retried. */
  smtpUrl: string | undefined;
  /** Instead of SMTP: a nodemailer transport (the in-process demo site's mail sink). */
  transport?: Transport;
  /** MAIL_FROM, e.g. "Quote Assistant <alerts@example.com>". */
  from: string;
  /** Where the console is, e.g. https://quotes.example.com (links in the mails). */
  publicOrigin: string;
  /** The lead an event is about: by quote id, or by the CRM contact a booking names. */
  findLead(companyId: string, ref: { quoteId?: string; contactId?: string }): Promise<LeadSummary | undefined>;
  /** The language a staff address reads its alerts in (the console's, staff.lang); none: English. */
  findLanguage?(email: string): Promise<string | undefined>;
}

/** Sends one outbox row's message; throws when it could not be handed to the SMTP server. */
export type MailDelivery = (row: OutboxRow) => Promise<void>;

const PayloadSchema = v.object({
  id: v.string(),
  type: v.string(),
  companyId: v.string(),
  data: v.record(v.string(), v.unknown()),
});

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** The words of a row: its language's, else English. */
const wordsOf = (lang: string | undefined): MailWords => MAIL_WORDS[languageOf(lang) ?? "en"];
const titleOf = (w: MailWords, type: string) => (Object.hasOwn(w.eventTitles, type) ? w.eventTitles[type as keyof MailWords["eventTitles"]] : type);

export const consoleLeadUrl = (publicOrigin: string, quoteId: string) => `${publicOrigin}/console/#/leads/${encodeURIComponent(quoteId)}`;
export const consoleSignInUrl = (publicOrigin: string, token: string) => `${publicOrigin}/console/#sign-in=${encodeURIComponent(token)}`;

/** The message of an outbox row (pure but for the lead's lookup). */
export async function renderMail(row: OutboxRow, options: Pick<MailDeliveryOptions, "publicOrigin" | "findLead" | "findLanguage">): Promise<MailMessage> {
  const to = row.url.slice("mailto:".length);
  const payload = v.parse(PayloadSchema, JSON.parse(row.payload));
  const data = payload.data;
  // A sign-in link is in the language it was asked in (none: English); an alert or a digest in its reader's.
  const lang = typeof data.lang === "string" ? data.lang : undefined;
  const w = wordsOf(payload.type === "sign-in" ? lang : (lang ?? (await options.findLanguage?.(to))));
  if (payload.type === "sign-in") {
    const link = String(data.link);
    const invitedBy = typeof data.invitedBy === "string" ? data.invitedBy : null;
    const intro = invitedBy ? w.invitedIntro(invitedBy) : w.signInIntro;
    return {
      to,
      subject: invitedBy ? w.invitedSubject : w.signInSubject,
      text: `${intro}\n\n${w.signIn}: ${link}\n\n${w.linkOnce}\n`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.signInLink)}</a></p><p>${escapeHtml(w.linkOnce)}</p>`,
    };
  }
  if (payload.type === "digest") return renderDigest(to, payload.companyId, data, options, w);
  const ref = refOf(data);
  const lead = await options.findLead(payload.companyId, ref);
  const contact = (data.contact ?? {}) as { firstName?: string; lastName?: string; phoneNumber?: string };
  const name = lead?.name ?? [contact.firstName, contact.lastName].filter(Boolean).join(" ");
  const phone = lead?.phoneNumber ?? contact.phoneNumber ?? "";
  const title = titleOf(w, payload.type);
  const paidValue = typeof data.value === "string" && typeof data.currency === "string" ? { value: data.value, currency: data.currency, paid: true } : null;
  const amount = paidValue ?? lead?.amount ?? null;
  const amountText = amount ? `${amount.value} ${amount.currency} ${amount.paid ? w.paid : w.quoted}` : w.notPriced;
  const services = lead?.serviceTypes.length ? lead.serviceTypes.join(", ") : w.noServices;
  const link = lead ? consoleLeadUrl(options.publicOrigin, lead.quoteId) : `${options.publicOrigin}/console/`;
  const L = w.labels;
  const extra: Array<[string, string]> = [];
  if (payload.type === "objection" && typeof data.reason === "string") extra.push([L.reason, data.reason]);
  if (payload.type === "objection" && typeof data.comments === "string" && data.comments) extra.push([L.comments, data.comments]);
  if (payload.type === "booking" && typeof data.date === "string") extra.push([L.booked, `${data.date}${typeof data.serviceWindow === "string" ? `, ${data.serviceWindow}` : ""}`]);
  const fields: Array<[string, string]> = [
    [L.name, name],
    [L.phone, phone],
    [L.email, lead?.email ?? ""],
    [L.address, lead?.address ?? ""],
    [L.services, services],
    [L.amount, amountText],
    ...extra,
  ];
  const digits = phone.replace(/[^\d+]/g, "");
  const htmlValue = (label: string, value: string) =>
    label === L.phone && digits ? `<a href="tel:${escapeHtml(digits)}">${escapeHtml(value)}</a>` : escapeHtml(value);
  return {
    to,
    subject: `${title}: ${name}${amount ? ` (${amount.value} ${amount.currency})` : ""}`,
    text: `${title}\n\n${fields.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${w.openLead}: ${link}\n`,
    html:
      `<h1 style="font-size:18px">${escapeHtml(title)}</h1><table>` +
      fields.map(([label, value]) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(label)}</th><td>${htmlValue(label, value)}</td></tr>`).join("") +
      `</table><p><a href="${escapeHtml(link)}">${escapeHtml(w.openLeadInConsole)}</a></p>`,
  };
}

const refOf = (data: Record<string, unknown>) =>
  typeof data.quoteId === "string" ? { quoteId: data.quoteId } : typeof data.contactId === "string" ? { contactId: data.contactId } : {};

const DigestEventSchema = v.object({ type: v.string(), createdAt: v.string(), data: v.record(v.string(), v.unknown()) });
/** A digest's data: its oldest events (all of them in a digest written before `counts` was) and every event counted by type. */
const DigestSchema = v.object({ since: v.string(), events: v.array(DigestEventSchema), counts: v.optional(v.record(v.string(), v.number())) });
/** What a digest lists one by one; the rest are counted, with the console's link. */
export const DIGEST_LISTED = 25;
/** How many events of each type. */
export const tally = (types: readonly string[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const type of types) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
};
/** '27 new leads and 2 new sales': the counts by event type, in the order of the words' eventTitles. */
export function digestCounts(types: readonly string[], w: MailWords = MAIL_WORDS.en): string {
  return digestHeadlineCounts(tally(types), w);
}
function digestHeadlineCounts(counts: Readonly<Record<string, number>>, w: MailWords): string {
  const parts = Object.entries(w.digestNouns)
    .map(([type, nouns]) => [counts[type] ?? 0, nouns] as const)
    .filter(([count]) => count > 0)
    .map(([count, [one, many]]) => `${count} ${count === 1 ? one : many}`);
  return parts.length <= 1 ? (parts[0] ?? w.noAlerts) : `${parts.slice(0, -1).join(", ")} ${w.and} ${parts.at(-1)}`;
}

/** Several alerts to one address in one e-mail (webhooks/alert-lane.ts): a burst's summary. */
async function renderDigest(to: string, companyId: string, data: Record<string, unknown>, options: Pick<MailDeliveryOptions, "publicOrigin" | "findLead">, w: MailWords): Promise<MailMessage> {
  const { since, events, counts = tally(events.map((event) => event.type)) } = v.parse(DigestSchema, data);
  const sinceText = `${since.slice(11, 16)} UTC`;
  const headline = w.since(digestHeadlineCounts(counts, w), sinceText);
  const lines: Array<{ text: string; html: string }> = [];
  for (const event of events.slice(0, DIGEST_LISTED)) {
    const lead = await options.findLead(companyId, refOf(event.data));
    const contact = (event.data.contact ?? {}) as { firstName?: string; lastName?: string; phoneNumber?: string };
    const name = lead?.name ?? ([contact.firstName, contact.lastName].filter(Boolean).join(" ") || w.aHomeowner);
    const phone = lead?.phoneNumber ?? contact.phoneNumber ?? "";
    const amount = lead?.amount ? ` (${lead.amount.value} ${lead.amount.currency} ${lead.amount.paid ? w.paid : w.quoted})` : "";
    const title = titleOf(w, event.type);
    const link = lead ? consoleLeadUrl(options.publicOrigin, lead.quoteId) : `${options.publicOrigin}/console/`;
    const text = `${title}: ${name}${phone ? `, ${phone}` : ""}${amount}`;
    lines.push({ text: `${text}\n  ${link}`, html: `<li><a href="${escapeHtml(link)}">${escapeHtml(text)}</a></li>` });
  }
  const more = Object.values(counts).reduce((sum, count) => sum + count, 0) - lines.length;
  const moreText = more > 0 ? w.andMore(more) : w.allLeads;
  const inbox = `${options.publicOrigin}/console/`;
  return {
    to,
    subject: headline,
    text: `${headline}\n\n${w.together}\n\n${lines.map((line) => line.text).join("\n")}\n\n${moreText}${inbox}\n`,
    html:
      `<h1 style="font-size:18px">${escapeHtml(headline)}</h1><p>${escapeHtml(w.together)}</p><ul>` +
      lines.map((line) => line.html).join("") +
      `</ul><p>${escapeHtml(moreText)}<a href="${escapeHtml(inbox)}">${escapeHtml(w.openConsole)}</a></p>`,
  };
}

/** The mail's Message-ID: the same on every attempt of a row, so a receiving server can drop a repeat. */
export const messageIdOf = (row: Pick<OutboxRow, "eventId" | "url">) =>
  `<${row.eventId}.${createHash("sha256").update(row.url).digest("hex").slice(0, 16)}@quote-assistant>`;

export function createMailDelivery(options: MailDeliveryOptions): MailDelivery {
  const transport = options.transport
    ? createTransport(options.transport)
    : options.smtpUrl
      ? createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
      : undefined;
  return async (row) => {
    if (!transport) throw new Error("no SMTP_URL is set: the e-mail waits in the outbox");
    const message = await renderMail(row, options);
    await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html, messageId: messageIdOf(row) });
  };
}
