// Fetches the consent box's words (dist/quote-assistant-consent.js, issue 34) once per page, as
// a language's file is fetched (load-language.ts): its own <script>, same origin and path as the
// bundle, the page's nonce. A failure is forgotten, so the next attempt loads again.
import { loadScriptOnce } from "../payments/load-script.ts";
import { chunkUrl } from "./chunk-url.ts";
import type { TextConsentFile } from "../i18n/en/text-consent.ts";
import { registeredTextConsent } from "./shared-registry.ts";

export const TEXT_CONSENT_FILE = "quote-assistant-consent.js";

export async function loadTextConsent(url: string = chunkUrl(TEXT_CONSENT_FILE)): Promise<TextConsentFile> {
  await loadScriptOnce(url, () => registeredTextConsent() !== undefined);
  return registeredTextConsent()!;
}
