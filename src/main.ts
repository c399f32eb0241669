// The bundle's entry: share the modules lazily loaded chunks run on, define <quote-assistant>
// once and take over the host-page API. Nothing here may throw into the host page.
import { linkId, sharedModules } from "quote-assistant:shared-modules";
import { defineQuoteAssistant } from "./element/define-element.ts";
import { installHostApi } from "./element/host-api.ts";
import { installSharedRegistry } from "./lazy/shared-registry.ts";

try {
  installSharedRegistry(linkId, sharedModules);
  defineQuoteAssistant();
  installHostApi();
} catch (error) {
  console.error("[quote-assistant] could not start", error);
}
