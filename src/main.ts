// The bundle's entry: share what the lazily loaded chunks run on (src/lazy/shared-with-chunks.ts), define
// <quote-assistant> once and take over the host-page API. Nothing here may throw into the host page.
import { buildId } from "quote-assistant:build";
import { CompanyConfigSchema } from "./config/config-schema.ts";
import { defineQuoteAssistant } from "./element/define-element.ts";
import { installHostApi } from "./element/host-api.ts";
import { startReactDom } from "./element/react-dom-on-first-use.ts";
import { TAG_NAME } from "./element/tag-names.ts";
import { installSharedRegistry } from "./lazy/shared-registry.ts";
import { buildNow } from "./schema/built-on-use.ts";
import { prepareWidgetStyles } from "./ui/styles.ts";
import * as sharedWithChunks from "./lazy/shared-with-chunks.ts";

const failed = (error: unknown) => console.error("[quote-assistant] could not start", error);

/**
 * Steps of the start, each in a task of its own, in order: a failure goes to the console, never
 * to the host page, and the steps after it are skipped (the widget would not start anyway).
 */
const inTasks = (steps: ReadonlyArray<() => void>) => {
  const [step, ...rest] = steps;
  if (!step) return;
  setTimeout(() => {
    try {
      step();
    } catch (error) {
      failed(error);
      return;
    }
    inTasks(rest);
  });
};

const start = (): void => {
  try {
    defineQuoteAssistant();
    installHostApi();
  } catch (error) {
    failed(error);
  }
};

try {
  installSharedRegistry(buildId, sharedWithChunks);
  // The loader runs this file before any click, when the page is idle (issue 35), on a closed
  // element: react-dom's start, the stylesheet's parse, the configuration schema's build and
  // the element's upgrade (shadow root, React's root) then go in tasks of their own, so that
  // none is long at 4x CPU. A chat asked open, or no element yet: at once (the schema is then
  // built when the configuration first arrives).
  if (document.querySelector(`${TAG_NAME}:not([open])`) && !document.querySelector(`${TAG_NAME}[open]`)) {
    inTasks([startReactDom, prepareWidgetStyles, () => buildNow(CompanyConfigSchema), start]);
  } else start();
} catch (error) {
  failed(error);
}
