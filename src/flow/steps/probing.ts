// SPEC §4 'Probing questions', per program: mowing, then fertilizer and weed control (lawn
// seeding asks none). Each step passes over an answer already given (a returning quote, or a
// question both chapters share), and every chapter returns to probeServices.
import type { ButtonOption, StepTable } from "../types.ts";
import { ANOTHER_COMPANY, DO_IT_MYSELF, JUST_MOVED_IN } from "../answers.ts";

const whoOptions: ButtonOption[] = [
  { value: DO_IT_MYSELF, label: "doItMyself" },
  { value: ANOTHER_COMPANY, label: "useAnotherCompany" },
  { value: JUST_MOVED_IN, label: "justMovedIn" },
];

export const probingSteps = {
  // Mowing: last mowed, who mows (with its branch message), what the company misses, rating.
  askLastMowed: {
    say: ["askLastMowed"],
    input: {
      kind: "buttons",
      options: [
        { value: "2 weeks ago", label: "lastMowed2Weeks" },
        { value: "4 weeks ago", label: "lastMowed4Weeks" },
        { value: "1 month ago +", label: "lastMowedMonthPlus" },
        { value: "Not sure", label: "notSure" },
      ],
    },
    saveAs: "lastMowed",
    skipWhenAnswered: true,
    next: [{ to: "mowingWho" }],
  },
  mowingWho: {
    say: ["askWhoMows"],
    input: { kind: "buttons", options: whoOptions },
    saveAs: "lawnCareParty",
    skipWhenAnswered: true,
    next: [
      { if: "usesAnotherCompany", to: "mowingBranchCompany" },
      { if: "movedIn", to: "mowingBranchMovedIn" },
      { to: "mowingBranchMyself" },
    ],
  },
  mowingBranchMyself: { say: ["branchMyself"], next: [{ to: "mowingHappiness" }] },
  mowingBranchMovedIn: { say: ["branchMovedIn"], next: [{ to: "mowingHappiness" }] },
  mowingBranchCompany: { say: ["branchAnotherCompany"], next: [{ to: "whatMissing" }] },
  whatMissing: {
    say: ["askWhatMissing"],
    input: {
      kind: "buttons",
      options: [
        { value: "Customer Service", label: "customerService" },
        { value: "Better Quality", label: "betterQuality" },
        { value: "Better Pricing", label: "betterPricing" },
      ],
    },
    saveAs: "whyNewProvider",
    skipWhenAnswered: true,
    next: [{ to: "mowingHappiness" }],
  },
  mowingHappiness: {
    say: ["askHappiness"],
    input: { kind: "rating", label: "happinessLabel" },
    saveAs: "lawnHappiness",
    skipWhenAnswered: true,
    next: [{ if: "ratedFive", to: "tenLawn" }, { to: "nineOrLessLawn" }],
  },
  // SPEC §4: 5 goes to 10-lawn, anything else to 9orless-lawn, then the next service.
  tenLawn: { say: ["tenLawn"], next: [{ to: "probeServices" }] },
  nineOrLessLawn: { say: ["nineOrLessLawn"], next: [{ to: "probeServices" }] },

  // Fertilizer and weed: who, happiness, thickness, biggest issue, grass type.
  fertilizerWho: {
    say: ["askWhoCares"],
    input: { kind: "buttons", options: whoOptions },
    saveAs: "lawnCareParty",
    skipWhenAnswered: true,
    next: [
      // Asked (and answered kindly) in the mowing chapter already.
      { if: "mowingChosen", to: "fertilizerHappiness" },
      { if: "usesAnotherCompany", to: "fertilizerBranchCompany" },
      { if: "movedIn", to: "fertilizerBranchMovedIn" },
      { to: "fertilizerBranchMyself" },
    ],
  },
  fertilizerBranchMyself: { say: ["branchMyself"], next: [{ to: "fertilizerHappiness" }] },
  fertilizerBranchMovedIn: { say: ["branchMovedIn"], next: [{ to: "fertilizerHappiness" }] },
  fertilizerBranchCompany: { say: ["branchAnotherCompany"], next: [{ to: "fertilizerHappiness" }] },
  fertilizerHappiness: {
    say: ["askHappiness"],
    input: { kind: "rating", label: "happinessLabel" },
    saveAs: "lawnHappiness",
    skipWhenAnswered: true,
    next: [{ to: "lawnThickness" }],
  },
  lawnThickness: {
    say: ["askThickness"],
    input: {
      kind: "buttons",
      options: [
        { value: "Thick", label: "thick" },
        { value: "Patchy", label: "patchy" },
        { value: "Thin", label: "thin" },
      ],
    },
    saveAs: "lawnThickness",
    skipWhenAnswered: true,
    next: [{ to: "lawnBiggestProblem" }],
  },
  lawnBiggestProblem: {
    say: ["askBiggestProblem"],
    input: {
      kind: "buttons",
      options: [
        { value: "Broadleaf weeds", label: "broadleafWeeds" },
        { value: "Stubborn Weeds", label: "stubbornWeeds" },
        { value: "Grubs", label: "grubs" },
        { value: "Crabgrass", label: "crabgrass" },
        { value: "Disease", label: "disease" },
        { value: "Shade", label: "shade" },
      ],
    },
    saveAs: "lawnBiggestProblem",
    skipWhenAnswered: true,
    next: [{ to: "lawnType" }],
  },
  lawnType: {
    say: ["askGrassType"],
    input: {
      kind: "buttons",
      options: [
        { value: "Bermuda Grass", label: "bermuda" },
        { value: "Zoysiagrass", label: "zoysia" },
        { value: "Tall fescue", label: "tallFescue" },
        { value: "St augistine", label: "stAugustine" },
        { value: "I don't know", label: "dontKnow" },
      ],
    },
    saveAs: "lawnType",
    skipWhenAnswered: true,
    next: [{ to: "probeServices" }],
  },
} satisfies StepTable;
