// Entry of dist/quote-assistant-es.js, loaded only for a visitor who reads Spanish: hands the
// Spanish tables (src/i18n/es.ts) to the widget bundle of the same build.
import { buildId } from "quote-assistant:build";
import { es } from "../i18n/es.ts";
import { registerLanguage } from "./shared-registry.ts";

registerLanguage(buildId, es);
