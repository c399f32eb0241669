// The bundle's entry: share what the lazily loaded chunks run on (src/lazy/shared-with-chunks.ts), define
// <quote-assistant> once and take over the host-page API. Nothing here may throw into the host page.
import { buildId } from "quote-assistant:build";
import { defineQuoteAssistant } from "./element/define-element.ts";
import { installHostApi } from "./element/host-api.ts";
import { installSharedRegistry } from "./lazy/shared-registry.ts";
import * as sharedWithChunks from "./lazy/shared-with-chunks.ts";

try {
  installSharedRegistry(buildId, sharedWithChunks);
  defineQuoteAssistant();
  installHostApi();
} catch (error) {
  console.error("[quote-assistant] could not start", error);
}
