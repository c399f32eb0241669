// Entry of each language's file, dist/quote-assistant-<lang>.js (one per language of
// src/i18n/languages.mjs but English, shipped-files.mjs), loaded only for a visitor who reads
// it: hands the language's words (src/i18n/<lang>/index.ts, which build.mjs puts in place of
// `quote-assistant:language`) to the widget bundle of the same build.
import { buildId } from "quote-assistant:build";
import { pack } from "quote-assistant:language";
import { registerLanguage } from "./shared-registry.ts";

registerLanguage(buildId, pack);
