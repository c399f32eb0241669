// The consent box in the served configuration (issue 34): configForVisitors adds
// `textConsent: { texts }` only when this server sends texts and the bot's follow-up schedule
// sends some; a textConsent the stored configuration carries is never served as it is.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { configForVisitors, consentTexts } from "../../../server/ports/config-needs.ts";
import { PROPERTY_DATA_OFF } from "../../../server/ports/property-data.ts";
import { SMS_OFF, type SmsPort } from "../../../server/ports/sms.ts";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";

const SMS_LIVE: SmsPort = { name: "test texts", live: true, from: "+16145550100", send: () => Promise.resolve({ id: "SM1" }) };
const off = { propertyData: PROPERTY_DATA_OFF, sms: SMS_OFF };
const on = { propertyData: PROPERTY_DATA_OFF, sms: SMS_LIVE };

const served = (config: Record<string, unknown>, ports: typeof on) =>
  JSON.parse(configForVisitors(JSON.stringify({ id: "lawn", companyName: "Greenway", ...config }), ports)) as Record<string, unknown>;

const twoTexts = { steps: [{ afterMinutes: 15, channel: "sms" }, { afterMinutes: 60, channel: "email" }, { afterMinutes: 120, channel: "sms" }] };

describe("configForVisitors: textConsent", () => {
  const cases: Array<[string, Record<string, unknown>, typeof on, unknown]> = [
    ["texts off on this server: no box, even with the default schedule's text", {}, off, undefined],
    ["texts off, a schedule of texts: no box", { followUps: twoTexts }, off, undefined],
    ["texts on, no schedule: the default's one text", {}, on, { texts: 1 }],
    ["texts on, a schedule of two texts: at most 2", { followUps: twoTexts }, on, { texts: 2 }],
    ["texts on, a schedule of e-mails only: no box", { followUps: { steps: [{ afterMinutes: 30, channel: "email" }] } }, on, undefined],
    ["texts on, follow-ups disabled: no box", { followUps: { ...twoTexts, enabled: false } }, on, undefined],
    ["texts on, an invalid schedule: no box", { followUps: { steps: [{ afterMinutes: 0, channel: "sms" }] } }, on, undefined],
    ["texts on, a schedule that is not an object: no box", { followUps: "15m sms" }, on, undefined],
    ["a stored textConsent with texts off: dropped", { textConsent: { texts: 6 } }, off, undefined],
    ["a stored textConsent with texts on: the schedule's count", { textConsent: { texts: 6 }, followUps: twoTexts }, on, { texts: 2 }],
  ];
  for (const [what, config, ports, expected] of cases) {
    test(what, () => {
      const config_ = served(config, ports);
      assert.deepEqual(config_.textConsent, expected);
      assert.equal(config_.companyName, "Greenway", "the rest is kept");
    });
  }

  test("nothing to change: the stored text is served byte for byte", () => {
    const stored = '{"id": "lawn",  "companyName": "Greenway"}';
    assert.equal(configForVisitors(stored, off), stored);
  });

  test("consentTexts counts the schedule's texts, 0 when texts are off", () => {
    assert.equal(consentTexts({ followUps: twoTexts }, on), 2);
    assert.equal(consentTexts({ followUps: twoTexts }, off), 0);
  });

  test("the widget's schema takes what is served, and refuses a count outside 1..6", () => {
    const parsed = parseCompanyConfig(served({ followUps: twoTexts }, on));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.config.textConsent, { texts: 2 });
    for (const texts of [0, 7, 1.5, "2"]) {
      assert.equal(parseCompanyConfig({ id: "lawn", companyName: "Greenway", textConsent: { texts } }).ok, false, `texts ${String(texts)}`);
    }
    const without = parseCompanyConfig(served({}, off));
    assert.ok(without.ok);
    assert.equal(without.config.textConsent, undefined);
  });
});
