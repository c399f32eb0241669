// The console's e-mails (server/console/mail.ts) in English: the sign-in link, the alerts about
// a lead and the digest of a burst of them. The reference wording; src/i18n/es/console-mail.ts
// has the same keys, and a third language is its own file beside its console words.
export const mailWords = {
  console: "the Quote Assistant console",
  signInSubject: "Your sign-in link to the Quote Assistant console",
  invitedSubject: "You are invited to the Quote Assistant console",
  signInIntro: "Here is your link to sign in to the Quote Assistant console.",
  invitedIntro: (inviter: string) => `${inviter} invited you to the Quote Assistant console.`,
  signIn: "Sign in",
  signInLink: "Sign in to the console",
  linkOnce: "The link works once, for 15 minutes. If you did not ask for it, ignore this e-mail.",
  eventTitles: { lead: "New lead", objection: "Thinking about it", purchase: "New sale", booking: "New booking" },
  /** The labels of an alert's facts. */
  labels: { name: "Name", phone: "Phone", email: "E-mail", address: "Address", services: "Services", amount: "Amount", reason: "Reason", comments: "Comments", booked: "Booked" },
  paid: "paid",
  quoted: "quoted",
  notPriced: "not priced yet",
  noServices: "none chosen yet",
  openLead: "Open the lead",
  openLeadInConsole: "Open the lead in the console",
  aHomeowner: "A homeowner",
  /** A digest's counts: one and many of each event. */
  digestNouns: {
    lead: ["new lead", "new leads"],
    objection: ["homeowner thinking about it", "homeowners thinking about it"],
    purchase: ["new sale", "new sales"],
    booking: ["new booking", "new bookings"],
  },
  and: "and",
  noAlerts: "no alerts",
  since: (counts: string, time: string) => `${counts} since ${time}`,
  together: "So that your inbox is not flooded, these alerts come together.",
  andMore: (n: number) => `And ${n} more: `,
  allLeads: "All your leads: ",
  openConsole: "open the console",
};

export type MailWords = typeof mailWords;
