// The registry's slot for the scheduling chunk (ServMan's calendar): what the chunk's script
// registers through the registry of its own build is what the widget reads; a chunk of another
// build, or one run without the widget, registers nothing and says why.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { installSharedRegistry, registeredQuoteChunk, registeredSchedulingChunk, registerSchedulingChunk } from "../../../src/lazy/shared-registry.ts";
import type { SchedulingChunk } from "../../../src/ui/scheduling/scheduling-chunk-contract.ts";
import { SCHEDULING_CHUNK_FILE } from "../../../src/ui/scheduling/scheduling-chunk-contract.ts";
import { chunkUrl } from "../../../src/lazy/chunk-url.ts";

const chunk: SchedulingChunk = { SchedulingCalendar: () => null, css: ".qa-calendar{}" };

describe("the scheduling chunk's slot in the shared registry", () => {
  test("without the widget's registry: throws, registers nothing", () => {
    assert.throws(() => registerSchedulingChunk("build-a", chunk, {}), /the widget bundle has not started/);
    assert.equal(registeredSchedulingChunk(), undefined);
  });

  test("a chunk of another build: throws naming both builds, registers nothing", () => {
    const holder = {};
    assert.equal(installSharedRegistry("build-a", {}, holder), true);
    assert.throws(() => registerSchedulingChunk("build-b", chunk, holder), /built for widget build build-b, the page runs build-a/);
    assert.equal(registeredSchedulingChunk(), undefined);
  });

  test("the same build: the widget reads the calendar the chunk registered, and the quote's slot stays empty", () => {
    const holder = {};
    installSharedRegistry("build-a", {}, holder);
    registerSchedulingChunk("build-a", chunk, holder);
    assert.equal(registeredSchedulingChunk(), chunk);
    assert.equal(registeredQuoteChunk(), undefined);
  });

  test("its file is fetched next to the bundle, with the bundle's query string", () => {
    assert.equal(SCHEDULING_CHUNK_FILE, "quote-assistant-scheduling.js");
    assert.equal(chunkUrl(SCHEDULING_CHUNK_FILE, "https://widget.example/v2/dist/quote-assistant.js?v=7"), "https://widget.example/v2/dist/quote-assistant-scheduling.js?v=7");
  });
});
