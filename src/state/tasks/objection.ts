// The work behind the objection steps (src/flow/steps/objection.ts, SPEC §4 'Objection'):
// the quote reopened after a positive rebuttal, or the think-about-it lead sent.
import { postThinkAboutIt } from "../../api/think-about-it.ts";
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

  async sendLead(answers, { api, companyId, botId, config, clock, emit }) {
    await clock.sleep(LEAD_DELAY_MS);
    const reason = answers.objectionReason;
    if (answers.quoteId) {
      try {
        await postThinkAboutIt(api, { companyId, botId }, {
          chatId: answers.quoteId,
          ...(config.crmSolution === "real-green" && answers.crmId ? { rg_cust_id: answers.crmId } : {}),
          ...(reason === OBJECTION_PRICE || reason === OBJECTION_PRODUCT || reason === OBJECTION_PEOPLE ? { reason } : {}),
          ...(answers.objectionComments ? { comments: answers.objectionComments } : {}),
        });
      } catch (error) {
        console.error("[quote-assistant] sending the lead failed", error);
      }
    }
    emit("lead", { quoteId: answers.quoteId ?? null, kind: "objection", reason: reason ?? null });
    return { value: "done" };
  },
} satisfies ChapterTasks<"reopenQuoteLater" | "sendLead">;
