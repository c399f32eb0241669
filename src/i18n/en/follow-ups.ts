// What a follow-up to a homeowner who left says (issue 34; server/follow-ups/messages.ts), in
// English: the text and the e-mail with the resume link (a company's own wording of the middle
// sentence, src/config/follow-ups.ts, replaces `sentence` and `body`). src/i18n/es/follow-ups.ts has the same
// keys; src/i18n/follow-up-words.ts gathers every language's.
export const followUpWords = {
  sentence: (price: string | null) => (price ? `your quote is ready at ${price}.` : "your quote is waiting."),
  text: (company: string, sentence: string, url: string) => `${company}: ${sentence} Pick up where you left off: ${url} Reply STOP to opt out.`,
  subject: (company: string) => `Your quote from ${company}`,
  hello: (first: string) => (first ? `Hi ${first},` : "Hi,"),
  body: (price: string | null, services: string) =>
    price ? `Your quote${services ? ` for ${services}` : ""} is ready: ${price}.` : `Your quote${services ? ` for ${services}` : ""} is waiting for you.`,
  resume: "Pick up where you left off:",
  button: "Finish my quote",
  why: (company: string) => `You get this e-mail because you started a quote with ${company}.`,
  unsubscribe: "Unsubscribe",
  /** The Bot page's preview while the company has no postal address yet. */
  postalAddressPlaceholder: "(your postal address)",
};

export type FollowUpWords = typeof followUpWords;
