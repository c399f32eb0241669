// The work behind the ServMan steps (src/flow/steps/servman.ts, SPEC §2 step 16 and §7
// /v1/servman/*): the ids come from the quote start (crmId, contactId, branchId); the fetched
// lists go into the answers, where the steps offer them.
import { fetchServiceCategories } from "../../api/servman-info.ts";
import { createServiceOrder } from "../../api/servman-order.ts";
import { ServmanProblemSchema } from "../../contract/servman-problems.ts";
import { fetchServiceProblems } from "../../api/servman-problems.ts";
import { confirmTimeSlot } from "../../api/servman-schedule-confirm.ts";
import { ServmanSlotSchema } from "../../contract/servman-schedule.ts";
import { fetchTimeSlots } from "../../api/servman-schedule.ts";
import { v, YES } from "../../flow/shared-pure.ts";
import { findServmanListItem, isIsoDate, localIsoDate, SERVMAN_LISTS, weekdayOf } from "../../flow/scheduling.ts";
import type { ChapterTasks } from "./task-deps.ts";
import type { ServmanTaskName } from "./servman-chapter.ts";

/** SPEC §9: the scheduling pause, between a schedulable order and the calendar. */
export const SCHEDULING_PAUSE_MS = 2000;

export const servmanTasks = {
  async fetchServiceCategories(answers, { api, companyId, botId }) {
    const { crmId, branchId } = answers;
    if (!crmId || !branchId) return { value: "failed" };
    const categories = await fetchServiceCategories(api, { companyId, botId, crmId, branchId });
    return {
      value: categories.length > 0 ? "found" : "none",
      values: { [SERVMAN_LISTS.categories]: categories },
    };
  },

  async fetchServiceProblems(answers, { api, companyId, botId }) {
    const categoryId = Number(answers.servmanCategoryId);
    if (!answers.branchId || !Number.isInteger(categoryId)) return { value: "failed" };
    const problems = await fetchServiceProblems(api, {
      companyId,
      botId,
      categoryId,
      branchId: answers.branchId,
      contractRelated: answers.serviceAgreement === YES,
    });
    return {
      value: problems.length > 0 ? "found" : "none",
      values: { [SERVMAN_LISTS.problems]: problems },
    };
  },

  async createServiceOrder(answers, { api, companyId, botId, clock }) {
    const problem = v.safeParse(ServmanProblemSchema, findServmanListItem(answers, "problems", answers.servmanProblemId));
    if (!problem.success || !answers.crmId || !answers.contactId) return { value: "failed" };
    const notes = answers.additionalInformation?.trim();
    const order = await createServiceOrder(api, {
      companyId,
      botId,
      client_id: answers.crmId,
      contact_id: answers.contactId,
      question_id: problem.output.id,
      ...(notes ? { notes } : {}),
    });
    const values = { servmanOrderId: String(order.id) };
    if (problem.output.allow_scheduling !== true) return { value: "follow-up", values };
    await clock.sleep(SCHEDULING_PAUSE_MS);
    // The calendar starts at the visitor's own today.
    const now = clock.now();
    return { value: "schedulable", values: { ...values, scheduleFrom: localIsoDate(now, new Date(now).getTimezoneOffset()) } };
  },

  async fetchTimeSlots(answers, { api, companyId, botId }) {
    const date = answers.scheduleDate ?? "";
    const orderId = Number(answers.servmanOrderId);
    const problemId = Number(answers.servmanProblemId);
    if (!isIsoDate(date) || !answers.crmId || !answers.branchId || !Number.isInteger(orderId) || !Number.isInteger(problemId)) {
      return { value: "failed" };
    }
    const slots = await fetchTimeSlots(api, {
      companyId,
      botId,
      client_id: answers.crmId,
      date,
      order_id: orderId,
      branchId: answers.branchId,
      question_id: problemId,
      day: weekdayOf(date),
    });
    return { value: slots.length > 0 ? "found" : "none", values: { [SERVMAN_LISTS.slots]: slots } };
  },

  async confirmTimeSlot(answers, { api, companyId, botId, emit }) {
    const slot = v.safeParse(ServmanSlotSchema, findServmanListItem(answers, "slots", answers.scheduleSlot));
    const orderId = Number(answers.servmanOrderId);
    if (!slot.success || !Number.isInteger(orderId)) return { value: "failed" };
    const outcome = await confirmTimeSlot(api, {
      companyId,
      botId,
      order_id: orderId,
      datetime: slot.output.datetime_ticks,
      employee_id: slot.output.employee_id,
      service_window_id: slot.output.service_window_id,
      day: slot.output.day,
      notes: answers.additionalInformation ?? "",
    });
    if (outcome === "confirmed") emit("booking", { quoteId: answers.quoteId ?? null, orderId: answers.servmanOrderId ?? null, date: slot.output.date, window: slot.output.service_window_desc });
    return { value: outcome };
  },
} satisfies ChapterTasks<ServmanTaskName>;
