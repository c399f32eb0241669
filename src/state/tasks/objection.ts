// The work behind the objection steps (src/flow/steps/objection.ts, SPEC §4 'Objection'):
// the quote reopened after a positive rebuttal, or the think-about-it lead sent.
import type { ChapterTasks } from "./task-deps.ts";
import { OBJECTION_PEOPLE, OBJECTION_PRICE, OBJECTION_PRODUCT } from "../../flow/answers.ts";

/** SPEC §9: objection reopen 3 s; lead info sent 1 s after comments. */
export const OBJECTION_REOPEN_DELAY_MS = 3000;
export const LEAD_DELAY_MS = 1000;

export const objectionTasks = {
  async reopenQuoteLater(_answers, { session, clock }) {
    await clock.sleep(OBJECTION_REOPEN_DELAY_MS);
    session.openModal();
    return { value: "done" };
  },

  /** The lead goes through the outbox (../lead-delivery.ts): the `lead` event fires on delivery. */
  async sendLead(answers, { botId, config, clock, leads }) {
    await clock.sleep(LEAD_DELAY_MS);
    const reason = answers.objectionReason;
    if (!answers.quoteId) return { value: "done" };
    const value = await leads.send({
      botId,
      body: {
        chatId: answers.quoteId,
        ...(config.crmSolution === "real-green" && answers.crmId ? { rg_cust_id: answers.crmId } : {}),
        ...(reason === OBJECTION_PRICE || reason === OBJECTION_PRODUCT || reason === OBJECTION_PEOPLE ? { reason } : {}),
        ...(answers.objectionComments ? { comments: answers.objectionComments } : {}),
      },
      event: { quoteId: answers.quoteId, kind: "objection", reason: reason ?? null },
      ...(config.crmLeadSolution === "sales-center" ? { salesCenter: true } : {}),
    });
    return { value };
  },

  async retryLead(answers, { leads }) {
    return { value: await leads.retry(answers.quoteId) };
  },
} satisfies ChapterTasks<"reopenQuoteLater" | "sendLead" | "retryLead">;
