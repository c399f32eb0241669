import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import fc from "fast-check";
import { exactOrigin, listenToFrame } from "../../../src/bridge/frame-bridge.ts";
import { MeasureMessageSchema } from "../../../src/contract/measure-messages.ts";

const TOOL = "https://measure.example.com";
const result = { type: "measurit:result", version: 1, mode: "area", value: 8200, units: "sq ft" };

// Stand-ins for the iframe's window and for other windows of the same origin.
const toolFrame = {} as Window;
const otherFrame = {} as Window;

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function listen() {
  const received: unknown[] = [];
  stop = listenToFrame({
    frameUrl: `${TOOL}/tool?address=x`,
    frameWindow: () => toolFrame,
    schema: MeasureMessageSchema,
    onMessage: (m) => received.push(m),
  });
  return received;
}

function deliver(data: unknown, origin: string, source: Window | null) {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source: source as never }));
}

describe("messages from the measuring tool", () => {
  test("are taken from the tool's exact origin and its own frame, when valid", () => {
    const received = listen();
    deliver(result, TOOL, toolFrame);
    assert.deepEqual(received, [result]);
  });

  const refused: Array<[string, unknown, string, Window | null]> = [
    ["another port", result, "https://measure.example.com:8443", toolFrame],
    ["http instead of https", result, "http://measure.example.com", toolFrame],
    ["a look-alike suffix", result, "https://measure.example.com.evil.test", toolFrame],
    ["a look-alike prefix", result, "https://evilmeasure.example.com", toolFrame],
    ["a subdomain", result, "https://a.measure.example.com", toolFrame],
    ["the null origin", result, "null", toolFrame],
    ["a trailing slash origin", result, `${TOOL}/`, toolFrame],
    ["a second frame of the same origin", result, TOOL, otherFrame],
    ["no source", result, TOOL, null],
    ["a value of 0", { ...result, value: 0 }, TOOL, toolFrame],
    ["a value above 300000", { ...result, value: 300001 }, TOOL, toolFrame],
    ["a NaN value", { ...result, value: Number.NaN }, TOOL, toolFrame],
    ["a value as text", { ...result, value: "8200" }, TOOL, toolFrame],
    ["an unknown unit", { ...result, units: "acres" }, TOOL, toolFrame],
    ["an extra field", { ...result, extra: 1 }, TOOL, toolFrame],
    ["a __proto__ field", JSON.parse('{"type":"measurit:result","version":1,"mode":"area","value":5,"units":"sq ft","__proto__":{"polluted":true}}'), TOOL, toolFrame],
    ["an oversized picture", { ...result, image: `data:image/png;base64,${"A".repeat(200_001)}` }, TOOL, toolFrame],
    ["a picture that is not a data URL", { ...result, image: "https://evil.test/x.png" }, TOOL, toolFrame],
    ["a string", JSON.stringify(result), TOOL, toolFrame],
    ["a list", [result], TOOL, toolFrame],
    ["null", null, TOOL, toolFrame],
  ];
  for (const [what, data, origin, source] of refused) {
    test(`ignore ${what}, without throwing`, () => {
      const received = listen();
      assert.doesNotThrow(() => deliver(data, origin, source));
      assert.deepEqual(received, []);
      assert.equal(({} as { polluted?: boolean }).polluted, undefined);
    });
  }

  test("any payload other than a valid message changes nothing", () => {
    const received = listen();
    fc.assert(
      fc.property(fc.anything(), (data) => {
        deliver(data, TOOL, toolFrame);
        return true;
      }),
    );
    assert.deepEqual(received, []);
  });

  test("a handler that throws is contained", () => {
    stop = listenToFrame({
      frameUrl: TOOL,
      frameWindow: () => toolFrame,
      schema: MeasureMessageSchema,
      onMessage: () => {
        throw new Error("boom");
      },
    });
    const original = console.error;
    console.error = () => {};
    try {
      assert.doesNotThrow(() => deliver(result, TOOL, toolFrame));
    } finally {
      console.error = original;
    }
  });

  test("stopping the listener stops the messages", () => {
    const received = listen();
    stop!();
    deliver(result, TOOL, toolFrame);
    assert.deepEqual(received, []);
  });
});

describe("exact origins", () => {
  const table: Array<[string, string | null]> = [
    ["https://measure.example.com/tool?x=1", "https://measure.example.com"],
    ["http://localhost:4402/", "http://localhost:4402"],
    ["HTTPS://Measure.Example.COM:443/x", "https://measure.example.com"],
    ["null", null],
    ["javascript:alert(1)", null],
    ["file:///etc/passwd", null],
    ["data:text/html,hi", null],
    ["not a url", null],
  ];
  for (const [url, expected] of table) {
    test(`${url} → ${expected}`, () => assert.equal(exactOrigin(url), expected));
  }
});
