// SPEC §2 step 9 and §4 'After measuring': the property's size, drawn in the measuring tool,
// looked up by estimate source, or typed in. Sizes outside the company's limits end kindly.
import type { StepTable } from "../types.ts";

export const propertySteps = {
  propertyStart: {
    next: [
      { if: "measuresWithTool", to: "openMeasuring" },
      { if: "looksUpEstimate", to: "fetchEstimate" },
      { to: "askSize" },
    ],
  },
  openMeasuring: {
    say: ["openingMeasurIt", "measurePrompt"],
    input: { kind: "measure" },
    next: [
      { if: "measureCancelled", to: "askSize" },
      { if: "lawnOutOfRange", to: "wellThanksAnyway" },
      { to: "measured" },
    ],
  },
  measured: {
    say: ["measured"],
    task: "recordEstimate",
    on: { done: "propertyMeasured" },
  },
  fetchEstimate: {
    task: "fetchEstimate",
    on: {
      found: "estimated",
      failed: [{ if: "fallsBackToTool", to: "openMeasuring" }, { to: "manualReview" }],
      // Issue 28: no size from a provider that did not answer is no reason to review by hand.
      unavailable: [{ if: "hasMeasuringTool", to: "openMeasuring" }, { to: "askSize" }],
    },
  },
  estimated: {
    say: ["estimatedSize"],
    images: ["aerialImage", "streetImage"],
    next: [{ if: "offersSlider", to: "adjustLawnSize" }, { if: "lawnOutOfRange", to: "wellThanksAnyway" }, { to: "recordLookedUpSize" }],
  },
  // SPEC §2 lot-size slider: total lot, estimated lawn, percentage of the lot.
  adjustLawnSize: {
    say: ["askLawnShare"],
    input: { kind: "slider" },
    next: [{ if: "lawnOutOfRange", to: "wellThanksAnyway" }, { to: "recordLookedUpSize" }],
  },
  recordLookedUpSize: {
    task: "recordEstimate",
    on: { done: "propertyMeasured" },
  },
  askSize: {
    say: ["askSize"],
    input: { kind: "text", label: "sizeLabel", validate: "squareFeet", maxLength: 7, inputMode: "numeric" },
    // SPEC §4: a typed size outside the limits goes to manual review.
    next: [{ if: "lawnOutOfRange", to: "manualReview" }, { to: "recordTypedSize" }],
  },
  recordTypedSize: {
    task: "recordEstimate",
    on: { done: "propertyMeasured" },
  },
  manualReview: { say: ["manualReview"], next: [] },
  wellThanksAnyway: { say: ["wellThanksAnyway"], next: [] },
} satisfies StepTable;
