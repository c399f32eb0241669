// How the lazily loaded chunks reach the widget bundle on a page: one hidden, page-wide
// registry that the bundle fills at start with what it shares (one React, the helpers... the
// namespace of src/lazy/shared-with-chunks.ts) and through which a chunk, once its script has
// run, hands back its piece: the quote modal, ServMan's chapter of the flow (the ServMan chunk)
// or its calendar (the scheduling chunk). A
// chunk's copy of this file is the reading half: build.mjs replaces the chunk's imports of
// shared-with-chunks.ts (and of react) by `readShared(buildId)`.
import type { QuoteChunk } from "../ui/quote-chunk/quote-chunk-contract.ts";
import type { SchedulingChunk } from "../ui/scheduling/scheduling-chunk-contract.ts";
import type { ServmanChapter } from "../state/tasks/servman-chapter.ts";
import type { ServmanViews } from "../ui/scheduling/servman-views-contract.ts";
import type { Language, LanguagePack } from "../i18n/language.ts";
import type { TextConsentFile } from "../i18n/en/text-consent.ts";

const REGISTRY_KEY = Symbol.for("quote-assistant.shared");

/** What the ServMan chunk hands over: its chapter of the flow and the views only it asks for. */
export type ServmanFile = ServmanChapter & { views: ServmanViews };

export interface SharedRegistry {
  /** The build that filled it: a chunk from another build (a stale cached file) must not run on it. */
  readonly buildId: string;
  /** The namespace of src/lazy/shared-with-chunks.ts. */
  readonly modules: object;
  /** Called by the quote chunk's script as it runs. */
  registerQuoteChunk(chunk: QuoteChunk): void;
  /** Called by the scheduling chunk's script (dist/quote-assistant-scheduling.js) as it runs. */
  registerSchedulingChunk(chunk: SchedulingChunk): void;
  /** Called by the ServMan chunk's script (dist/quote-assistant-servman.js) as it runs. */
  registerServmanChapter(chapter: ServmanFile): void;
  /** Called by a language's file (dist/quote-assistant-<lang>.js) as it runs. */
  registerLanguage(pack: LanguagePack): void;
  /** Called by the consent box's file (dist/quote-assistant-consent.js) as it runs. */
  registerTextConsent(words: TextConsentFile): void;
}

type RegistryHolder = { [REGISTRY_KEY]?: SharedRegistry };

let quoteChunk: QuoteChunk | undefined;
let schedulingChunk: SchedulingChunk | undefined;
let servmanChapter: ServmanFile | undefined;
const languages: Partial<Record<Language, LanguagePack>> = {};
let textConsent: TextConsentFile | undefined;

/**
 * The bundle, at start. The first copy of the bundle on a page keeps the registry: its element
 * is the one defined, so the chunk it loads must run on its modules.
 */
export function installSharedRegistry(buildId: string, modules: object, holder: object = globalThis): boolean {
  if ((holder as RegistryHolder)[REGISTRY_KEY]) return false;
  const registry: SharedRegistry = {
    buildId,
    modules,
    registerQuoteChunk: (chunk) => void (quoteChunk = chunk),
    registerSchedulingChunk: (chunk) => void (schedulingChunk = chunk),
    registerServmanChapter: (chapter) => void (servmanChapter = chapter),
    registerLanguage: (pack) => void (languages[pack.lang] = pack),
    registerTextConsent: (words) => void (textConsent = words),
  };
  // Not enumerable, not writable: invisible to the host page's globals scans, and kept.
  Object.defineProperty(holder, REGISTRY_KEY, { value: Object.freeze(registry) });
  return true;
}

/** The quote modal, once the chunk's script has run on this page. */
export function registeredQuoteChunk(): QuoteChunk | undefined {
  return quoteChunk;
}

/** ServMan's calendar, once the scheduling chunk's script has run on this page. */
export function registeredSchedulingChunk(): SchedulingChunk | undefined {
  return schedulingChunk;
}

/** ServMan's chapter of the flow, once the ServMan chunk's script has run on this page. */
export function registeredServmanChapter(): ServmanFile | undefined {
  return servmanChapter;
}

/** A language's words, once its file has run on this page. */
export const registeredLanguage = (lang: Language): LanguagePack | undefined => languages[lang];

/** The consent box's words, once their file has run on this page. */
export const registeredTextConsent = (): TextConsentFile | undefined => textConsent;

function registry(buildId: string, holder: object): SharedRegistry {
  const found = (holder as RegistryHolder)[REGISTRY_KEY];
  if (!found) throw new Error("[quote-assistant] the widget bundle has not started: no shared modules");
  if (found.buildId !== buildId) throw new Error(`[quote-assistant] this chunk was built for widget build ${buildId}, the page runs ${found.buildId}`);
  return found;
}

/** The chunk: what the widget shares with it (src/lazy/shared-with-chunks.ts); throws for another build's widget. */
export function readShared(buildId: string, holder: object = globalThis): object {
  return registry(buildId, holder).modules;
}

/** The chunk's entry: hands the quote modal to the bundle that loaded it. */
export function registerQuoteChunk(buildId: string, chunk: QuoteChunk, holder: object = globalThis): void {
  registry(buildId, holder).registerQuoteChunk(chunk);
}

/** The scheduling chunk's entry: hands the calendar to the bundle that loaded it. */
export function registerSchedulingChunk(buildId: string, chunk: SchedulingChunk, holder: object = globalThis): void {
  registry(buildId, holder).registerSchedulingChunk(chunk);
}

/** The ServMan chunk's entry: hands its chapter of the flow to the bundle that loaded it. */
export function registerServmanChapter(buildId: string, chapter: ServmanFile, holder: object = globalThis): void {
  registry(buildId, holder).registerServmanChapter(chapter);
}

/** A language file's entry: hands its words to the bundle that loaded it. */
export function registerLanguage(buildId: string, pack: LanguagePack, holder: object = globalThis): void {
  registry(buildId, holder).registerLanguage(pack);
}

/** The consent box's file's entry: hands its words to the bundle that loaded it. */
export function registerTextConsent(buildId: string, words: TextConsentFile, holder: object = globalThis): void {
  registry(buildId, holder).registerTextConsent(words);
}
