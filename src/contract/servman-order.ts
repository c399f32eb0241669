// POST /v1/servman/order (SPEC §7): a service order for the chosen problem, with the
// visitor's additional information as notes. The answer's data list starts with the order.
import { object, strictObject, v } from "../flow/shared-pure.ts";
import { NotesSchema, ServmanIdSchema, ServmanKeySchema } from "./servman-shapes.ts";

export const ServmanOrderBodySchema = strictObject({
  companyId: ServmanKeySchema,
  botId: ServmanKeySchema,
  /** The customer's id in ServMan (the quote start's crmId). */
  client_id: ServmanKeySchema,
  /** The quote start's contactId. */
  contact_id: ServmanKeySchema,
  /** The problem's id. */
  question_id: ServmanIdSchema,
  notes: v.optional(NotesSchema),
});
export type ServmanOrderBody = v.InferOutput<typeof ServmanOrderBodySchema>;

/** SPEC §3 Scheduling: an order (id). */
export const ServmanOrderSchema = object({ id: ServmanIdSchema });
export type ServmanOrder = v.InferOutput<typeof ServmanOrderSchema>;

export const ServmanOrderResponseSchema = object({ data: v.pipe(v.array(ServmanOrderSchema), v.minLength(1)) });
