// What a follow-up says (issue 34), in the bot's language: the company's name, the price as it
// is now (the quote's blocks priced under today's configuration, as the console's inbox shows
// it), and the resume link that reopens the chat where the homeowner stood. A text says how to
// stop; an e-mail carries the unsubscribe link and the company's name and postal address.
// A company may word the middle of each message itself (`followUps.messages`): its sentence
// replaces the standard one, and what the law and the homeowner need stays around it.
import type { FollowUpWords } from "../../src/config/follow-ups.ts";
// The standard words: each language's tree (src/i18n/<lang>/follow-ups.ts).
import type { LeadSummary } from "../console/mail.ts";
import { FOLLOW_UP_WORDS } from "../../src/i18n/follow-up-words.ts";
import { localeFor, type Language } from "../../src/i18n/language.ts";

/** The bot's language (its configuration's `language`), one of the list's. */
export type FollowUpLanguage = Language;

export interface FollowUpContent {
  language: FollowUpLanguage;
  companyName: string;
  lead: Pick<LeadSummary, "name" | "serviceTypes" | "amount">;
  resumeUrl: string;
  /** The company's own wording in this language, if any. */
  words?: FollowUpWords | undefined;
}

export interface FollowUpEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** "$1,234.50": the amount as the chat showed it. */
export function formatPrice(amount: { value: string; currency: string }, language: FollowUpLanguage): string {
  const value = Number(amount.value);
  try {
    return new Intl.NumberFormat(localeFor(language, undefined), { style: "currency", currency: amount.currency }).format(value);
  } catch {
    return `${amount.value} ${amount.currency}`;
  }
}

const firstNameOf = (name: string) => name.split(/\s+/)[0] ?? "";

const WORDS = FOLLOW_UP_WORDS;

const priceOf = (c: FollowUpContent) => (c.lead.amount && !c.lead.amount.paid ? formatPrice(c.lead.amount, c.language) : null);

/**
 * The company's own wording with its placeholders filled, or undefined for the standard one:
 * when it has none, or when it names {price} and there is no price to show (paid, or never priced).
 */
function companyWording(template: string | undefined, content: FollowUpContent, price: string | null): string | undefined {
  if (template === undefined || (price === null && template.includes("{price}"))) return undefined;
  const values: Record<string, string> = { company: content.companyName, name: firstNameOf(content.lead.name), price: price ?? "", services: content.lead.serviceTypes.join(", ") };
  // A name the lead does not have leaves no double space or space before a comma behind.
  return template
    .replace(/\{(company|name|price|services)\}/g, (_, key: string) => values[key] ?? "")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ ([,.!?])/g, "$1")
    .trim();
}

export function renderFollowUpText(content: FollowUpContent): string {
  const w = WORDS[content.language];
  const price = priceOf(content);
  return w.text(content.companyName, companyWording(content.words?.text, content, price)?.replace(/\s+/g, " ") ?? w.sentence(price), content.resumeUrl);
}

export function renderFollowUpEmail(content: FollowUpContent, footer: { postalAddress: string; unsubscribeUrl: string }): FollowUpEmail {
  const w = WORDS[content.language];
  const price = priceOf(content);
  const services = content.lead.serviceTypes.join(", ");
  const body = companyWording(content.words?.emailBody, content, price) ?? w.body(price, services);
  const lines = [
    w.hello(firstNameOf(content.lead.name)),
    "",
    body,
    "",
    `${w.resume} ${content.resumeUrl}`,
    "",
    "--",
    content.companyName,
    footer.postalAddress,
    w.why(content.companyName),
    `${w.unsubscribe}: ${footer.unsubscribeUrl}`,
  ];
  const html = [
    `<p>${escapeHtml(w.hello(firstNameOf(content.lead.name)))}</p>`,
    // The company's paragraphs, each its own <p>; its text is never markup.
    ...body.split(/\n\s*\n/).map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, "<br>")}</p>`),
    `<p><a href="${escapeHtml(content.resumeUrl)}">${escapeHtml(w.button)}</a></p>`,
    `<hr><p style="font-size:12px;color:#555">${escapeHtml(content.companyName)}<br>${escapeHtml(footer.postalAddress)}<br>${escapeHtml(w.why(content.companyName))}<br>`,
    `<a href="${escapeHtml(footer.unsubscribeUrl)}">${escapeHtml(w.unsubscribe)}</a></p>`,
  ].join("\n");
  const subject = companyWording(content.words?.emailSubject, content, price)?.replace(/\s+/g, " ") ?? w.subject(content.companyName);
  return { subject, text: lines.join("\n"), html };
}
