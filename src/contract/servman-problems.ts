// POST /v1/servman/problems (SPEC §7): the problems of a category the visitor can ask for,
// those covered by a service agreement when contractRelated. A 404 means none.
import { object, strictObject, v } from "../flow/shared-pure.ts";
import { ServmanIdSchema, ServmanKeySchema, ServmanNameSchema } from "./servman-shapes.ts";

export const ServmanProblemsBodySchema = strictObject({
  companyId: ServmanKeySchema,
  botId: ServmanKeySchema,
  categoryId: ServmanIdSchema,
  branchId: ServmanKeySchema,
  /** The visitor has a service agreement (the agreement question's Yes). */
  contractRelated: v.boolean(),
});
export type ServmanProblemsBody = v.InferOutput<typeof ServmanProblemsBodySchema>;

/** SPEC §3 Scheduling: a problem; only `allow_scheduling: true` books a time window online. */
export const ServmanProblemSchema = object({
  id: ServmanIdSchema,
  name: ServmanNameSchema,
  allow_scheduling: v.optional(v.nullable(v.boolean())),
});
export type ServmanProblem = v.InferOutput<typeof ServmanProblemSchema>;

export const ServmanProblemsSchema = object({ data: v.array(ServmanProblemSchema) });
