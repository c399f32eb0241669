// The bundle's entry: define <quote-assistant> once and take over the host-page API. Nothing
// here may throw into the host page.
import { defineQuoteAssistant } from "./element/define-element.ts";
import { installHostApi } from "./element/host-api.ts";

try {
  defineQuoteAssistant();
  installHostApi();
} catch (error) {
  console.error("[quote-assistant] could not start", error);
}
