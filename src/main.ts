// The bundle's entry: share the modules the lazily loaded quote chunk runs on, define
// <quote-assistant> once and take over the host-page API. Nothing here may throw into the host page.
import { buildId } from "quote-assistant:build";
import { sharedModules } from "quote-assistant:shared-with-quote";
import { defineQuoteAssistant } from "./element/define-element.ts";
import { installHostApi } from "./element/host-api.ts";
import { installSharedRegistry } from "./lazy/shared-registry.ts";

try {
  installSharedRegistry(buildId, sharedModules);
  defineQuoteAssistant();
  installHostApi();
} catch (error) {
  console.error("[quote-assistant] could not start", error);
}
