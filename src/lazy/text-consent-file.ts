// Entry of dist/quote-assistant-consent.js (issue 34), loaded only for a company that texts (its
// served configuration has `textConsent`): hands the widget of the same build the consent box's
// words in every language of src/i18n/languages.mjs (src/i18n/<lang>/text-consent.ts, gathered
// by build.mjs as `quote-assistant:text-consent`). Words only: the widget's bundle carries none.
import { buildId } from "quote-assistant:build";
import { words } from "quote-assistant:text-consent";
import { registerTextConsent } from "./shared-registry.ts";

registerTextConsent(buildId, words);
