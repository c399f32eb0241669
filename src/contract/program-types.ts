// GET /v2/program-types (SPEC §7): the programs (service types) a company sells, for the
// program picker. An error gives an empty list (the picker then says so kindly).
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";

/** Which built-in probing chapter a program asks (SPEC §4 'Probing questions'). */
export const PROBING_CHAPTERS = ["mowing", "fertilizer", "seeding", "pest"] as const;
export type ProbingChapter = (typeof PROBING_CHAPTERS)[number];

export const ProgramTypesQuerySchema = object({
  companyId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  botId: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export const ProgramTypeSchema = object({
  /** The program's name, also the serviceType of its price blocks: "Fertilizer & Weed Control". */
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /**
   * The program's entry step: the probing chapter it asks before the quote, or null when it
   * asks none (SPEC §4 'After measuring': ask-quote-now when a program has an entry step).
   */
  entryPoint: v.nullable(v.picklist(PROBING_CHAPTERS)),
  /** The program's questions must be answered before a price (SPEC §4 resume rule 5). */
  hasMandatoryQuestions: v.boolean(),
  /** Priced without the lawn's size (pest control): no measuring needed for it. */
  hasNonSquareFootagePricing: v.boolean(),
  /** Absolute URL of the program's icon for the picker grid. */
  icon: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  /** One line under the icon. */
  description: v.optional(v.pipe(v.string(), v.maxLength(300))),
});
export type ProgramType = v.InferOutput<typeof ProgramTypeSchema>;

export const ProgramTypesSchema = v.array(ProgramTypeSchema);
