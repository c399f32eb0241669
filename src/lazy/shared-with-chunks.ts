// The contract between the widget and its lazily loaded chunks (the quote chunk, ServMan's
// calendar): everything a chunk may take from the widget instead of carrying its own copy.
// Chunks import these names from this module (their payment calls and adapters, below the
// views, from its lower part, src/payments/shared-core.ts), so the compiler checks each use.
// The widget puts this module's namespace on the page-wide registry (src/main.ts,
// src/lazy/shared-registry.ts); in a chunk's build, build.mjs replaces both modules by a read of
// that namespace, and `react` and `react/jsx-runtime` by its `React` and `jsxRuntime`. The build
// fails when a chunk would bundle its own copy of anything the widget has (the README, "The build").
import * as React from "react";
import * as jsxRuntime from "react/jsx-runtime";
export { React, jsxRuntime };
export * from "../payments/shared-core.ts";
export { BRAND, BRAND_INK, BRAND_SOFT, FOCUS_COLOR, FONT, ON_BRAND } from "../ui/shared/theme.ts";
export { Modal } from "../ui/shared/modal.tsx";
export { Waiting } from "../ui/shared/waiting.tsx";
// The widget's own instances: they read its Jotai store (the visitor's language).
export { useLocale, useWords } from "../ui/shared/use-words.ts";
