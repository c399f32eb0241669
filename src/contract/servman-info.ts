// POST /v1/servman/info (SPEC §7): the service categories a ServMan company offers, for the
// category choice after the service-agreement question. An empty list means none.
import { object, strictObject, v } from "../flow/shared-pure.ts";
import { ServmanIdSchema, ServmanKeySchema, ServmanNameSchema } from "./servman-shapes.ts";

export const ServmanInfoBodySchema = strictObject({
  companyId: ServmanKeySchema,
  botId: ServmanKeySchema,
  /** The customer's id in ServMan (the quote start's crmId). */
  crmId: ServmanKeySchema,
  /** The branch serving the customer (the quote start's branch_id). */
  branchId: ServmanKeySchema,
});
export type ServmanInfoBody = v.InferOutput<typeof ServmanInfoBodySchema>;

/** SPEC §3 Scheduling: a category (id, name). */
export const ServmanCategorySchema = object({ id: ServmanIdSchema, name: ServmanNameSchema });
export type ServmanCategory = v.InferOutput<typeof ServmanCategorySchema>;

export const ServmanInfoSchema = object({ data: v.array(ServmanCategorySchema) });
