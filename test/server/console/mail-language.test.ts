// The console's e-mails in the language of their row (issue 36): a sign-in link asked for from
// the console in Spanish, an alert or a digest whose row names a language, written with that
// language's words (src/i18n/<lang>/console-mail.ts); a row without one in English.
import assert from "node:assert/strict";
import { test } from "node:test";
import { digestCounts, renderMail } from "../../../server/console/mail.ts";
import { MAIL_WORDS } from "../../../src/i18n/console-mail-words.ts";

test("an alert and a digest are written in the row's language", async () => {
  const row = (data: Record<string, unknown>, type = "lead") => ({
    id: 1,
    eventId: "e1",
    eventType: "lead" as const,
    companyId: "greenway-lawn",
    url: "mailto:owner@example.com",
    payload: JSON.stringify({ id: "e1", type, companyId: "greenway-lawn", data }),
    state: "pending" as const,
    attempts: 0,
    nextAttemptAt: "2026-11-28T10:00:00.000Z",
    claimedUntil: null,
  });
  const findLead = async () => ({ quoteId: "q1", name: "Ana Ruiz", phoneNumber: "614-555-0100", email: null, address: "1 Main St", serviceTypes: [], amount: { value: "59.00", currency: "USD", paid: false } });
  const options = { publicOrigin: "https://console.example", findLead };
  const spanish = await renderMail(row({ quoteId: "q1", lang: "es" }), options);
  assert.equal(spanish.subject, "Nuevo cliente potencial: Ana Ruiz (59.00 USD)");
  assert.match(spanish.text, /Servicios: aún no eligió ninguno\nImporte: 59\.00 USD presupuestado/);
  assert.match(spanish.text, /Abrir el cliente: https:\/\/console\.example\/console\/#\/leads\/q1/);
  const english = await renderMail(row({ quoteId: "q1" }), options);
  assert.equal(english.subject, "New lead: Ana Ruiz (59.00 USD)");
  assert.match(english.text, /Services: none chosen yet\nAmount: 59\.00 USD quoted/);
  const events = [1, 2, 3].map(() => ({ type: "lead", createdAt: "2026-11-28T14:02:00.000Z", data: { quoteId: "q1" } }));
  const digest = await renderMail(row({ since: "2026-11-28T14:02:00.000Z", events, lang: "es" }, "digest"), options);
  assert.equal(digest.subject, "3 clientes potenciales nuevos desde las 14:02 UTC");
  assert.equal(digestCounts(["lead", "purchase", "purchase"], MAIL_WORDS.es), "1 cliente potencial nuevo y 2 ventas nuevas");
  assert.equal(digestCounts(["lead", "purchase", "purchase"]), "1 new lead and 2 new sales");
  });
