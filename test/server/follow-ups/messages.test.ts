// What a follow-up says (server/follow-ups/messages.ts): the standard wording in English and
// Spanish, and a company's own wording (`followUps.messages`) with its placeholders filled, kept
// inside what the law and the homeowner need (the company's name, the resume link, STOP, the
// postal address and the unsubscribe link), and refused by the schema when it names something
// it cannot have.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { followUpsOf } from "../../../src/config/follow-ups.ts";
import { renderFollowUpEmail, renderFollowUpText, type FollowUpContent } from "../../../server/follow-ups/messages.ts";

const URL_BACK = "https://lawn.example/?qa_resume=abc";
const FOOTER = { postalAddress: "12 Elm St, Dublin, OH 43017", unsubscribeUrl: "https://api.example/v1/unsubscribe?token=t" };
const content = (over: Partial<FollowUpContent> = {}, amount: { value: string; currency: string; paid: boolean } | null = { value: "59.00", currency: "USD", paid: false }): FollowUpContent => ({
  language: "en",
  companyName: "Greenway Lawn",
  lead: { name: "Pat Jones", serviceTypes: ["Fertilizer", "Grub Control"], amount },
  resumeUrl: URL_BACK,
  ...over,
});

describe("a follow-up text", () => {
  const cases: Array<[string, Partial<FollowUpContent>, FollowUpContent["lead"]["amount"], string]> = [
    ["standard, priced", {}, { value: "59.00", currency: "USD", paid: false }, `Greenway Lawn: your quote is ready at $59.00. Pick up where you left off: ${URL_BACK} Reply STOP to opt out.`],
    ["standard, not priced", {}, null, `Greenway Lawn: your quote is waiting. Pick up where you left off: ${URL_BACK} Reply STOP to opt out.`],
    ["standard, Spanish", { language: "es" }, { value: "1234.50", currency: "USD", paid: false }, `Greenway Lawn: su presupuesto está listo: $1,234.50. Continúe donde lo dejó: ${URL_BACK} Responda STOP para no recibir más.`],
    [
      "the company's own, every placeholder",
      { words: { text: "Hi {name}, {services} at {price} from {company} is still yours." } },
      { value: "59.00", currency: "USD", paid: false },
      `Greenway Lawn: Hi Pat, Fertilizer, Grub Control at $59.00 from Greenway Lawn is still yours. Pick up where you left off: ${URL_BACK} Reply STOP to opt out.`,
    ],
    ["the company's own naming {price} with no price: the standard sentence", { words: { text: "Only {price} today!" } }, null, `Greenway Lawn: your quote is waiting. Pick up where you left off: ${URL_BACK} Reply STOP to opt out.`],
    ["the company's own without {price}, not priced: kept", { words: { text: "Your lawn plan is saved." } }, null, `Greenway Lawn: Your lawn plan is saved. Pick up where you left off: ${URL_BACK} Reply STOP to opt out.`],
    ["a nameless lead: no gap left", { words: { text: "Hi {name}, your quote is saved." }, lead: { name: "", serviceTypes: [], amount: null } }, null, `Greenway Lawn: Hi, your quote is saved. Pick up where you left off: ${URL_BACK} Reply STOP to opt out.`],
    ["lines typed in a text become one line", { words: { text: "Still thinking?\nYour quote is saved." } }, null, `Greenway Lawn: Still thinking? Your quote is saved. Pick up where you left off: ${URL_BACK} Reply STOP to opt out.`],
  ];
  for (const [name, over, amount, expected] of cases) {
    test(name, () => {
      const c = content(over, amount);
      assert.equal(renderFollowUpText({ ...c, lead: over.lead ?? { ...c.lead, amount } }), expected);
    });
  }

  test("property: whatever the company writes, the text starts with its name and ends with the link and STOP", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 240 }), fc.constantFrom("en" as const, "es" as const), (text, language) => {
        const out = renderFollowUpText(content({ language, words: { text } }));
        assert.ok(out.startsWith("Greenway Lawn: "));
        assert.ok(out.endsWith(language === "en" ? `${URL_BACK} Reply STOP to opt out.` : `${URL_BACK} Responda STOP para no recibir más.`));
      }),
    );
  });
});

describe("a follow-up e-mail", () => {
  test("the company's subject and paragraphs, inside the greeting, the link and the footer; its text never markup", () => {
    const mail = renderFollowUpEmail(
      content({ words: { emailSubject: "{name}, your {services} quote", emailBody: "Your price: {price}.\n\nWe <b>guarantee</b> results." } }),
      FOOTER,
    );
    assert.equal(mail.subject, "Pat, your Fertilizer, Grub Control quote");
    assert.deepEqual(mail.text.split("\n"), [
      "Hi Pat,",
      "",
      "Your price: $59.00.",
      "",
      "We <b>guarantee</b> results.",
      "",
      `Pick up where you left off: ${URL_BACK}`,
      "",
      "--",
      "Greenway Lawn",
      FOOTER.postalAddress,
      "You get this e-mail because you started a quote with Greenway Lawn.",
      `Unsubscribe: ${FOOTER.unsubscribeUrl}`,
    ]);
    assert.match(mail.html, /<p>Your price: \$59\.00\.<\/p>\n<p>We &lt;b&gt;guarantee&lt;\/b&gt; results\.<\/p>/);
    assert.ok(mail.html.includes(`<a href="${FOOTER.unsubscribeUrl}">Unsubscribe</a>`));
    assert.ok(!mail.html.includes("<b>"));
  });

  test("no wording of its own: the standard subject and paragraph, in Spanish too", () => {
    const en = renderFollowUpEmail(content(), FOOTER);
    assert.equal(en.subject, "Your quote from Greenway Lawn");
    assert.ok(en.text.includes("Your quote for Fertilizer, Grub Control is ready: $59.00."));
    const es = renderFollowUpEmail(content({ language: "es", words: undefined }), FOOTER);
    assert.equal(es.subject, "Su presupuesto de Greenway Lawn");
  });

  test("a subject naming {price} on a paid quote: the standard subject", () => {
    const mail = renderFollowUpEmail({ ...content({ words: { emailSubject: "Save {price} today" } }), lead: { name: "Pat", serviceTypes: [], amount: { value: "59.00", currency: "USD", paid: true } } }, FOOTER);
    assert.equal(mail.subject, "Your quote from Greenway Lawn");
  });
});

describe("the company's wording in the bot's configuration", () => {
  test("kept per language, trimmed", () => {
    const got = followUpsOf({ followUps: { steps: [], messages: { en: { text: "  Still yours at {price}.  " }, es: { emailSubject: "Su presupuesto, {name}" } } } });
    assert.ok(!("error" in got));
    assert.deepEqual(got.messages, { en: { text: "Still yours at {price}." }, es: { emailSubject: "Su presupuesto, {name}" } });
  });
  for (const [name, messages, problem] of [
    ["an unknown placeholder", { en: { text: "Hi {firstName}" } }, /followUps\.messages\.en\.text: may use only \{company\}, \{name\}, \{price\}, \{services\}/],
    ["an empty text", { en: { text: "   " } }, /followUps\.messages\.en\.text: must not be empty/],
    ["a text over 240 characters", { en: { text: "x".repeat(241) } }, /followUps\.messages\.en\.text/],
    ["a language we do not send", { fr: { text: "Bonjour" } }, /followUps\.messages/],
    ["an unknown message", { en: { whatsapp: "Hi" } }, /followUps\.messages\.en/],
  ] as const) {
    test(`refused: ${name}`, () => {
      const got = followUpsOf({ followUps: { steps: [], messages } });
      assert.ok("error" in got, "refused");
      assert.match(got.error, problem);
    });
  }
});
