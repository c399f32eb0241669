// The work behind the flow's task steps: calls through src/api, whose outcomes answer the
// step. A task never throws: a failed call is the outcome 'failed' and the flow decides.
import type { ApiClient } from "../api/client.ts";
import { lookupCustomer } from "../api/customer-lookup.ts";
import { checkPreviousQuote } from "../api/quote-previous.ts";
import { startQuote } from "../api/quote-start.ts";
import { fetchPropertyEstimate } from "../api/property-estimate.ts";
import { recordEstimate } from "../api/quote-estimate.ts";
import { unitFor, type MeasureUnit } from "../config/measurement.ts";
import type { CompanyConfig } from "../config/company-config.ts";
import type { TaskName } from "../flow/tasks.ts";
import type { Answer, Answers } from "../flow/types.ts";
import type { QuoteMemory } from "../storage/quote-memory.ts";
import type { Clock } from "./clock.ts";
import { postThinkAboutIt } from "../api/think-about-it.ts";
import { fetchQuoteDetails } from "../api/quote-details.ts";
import { serializeProgramNames } from "../flow/programs.ts";
import type { QuoteSession } from "./quote-session.ts";
import * as v from "valibot";
import { fetchServiceCategories } from "../api/servman-info.ts";
import { fetchServiceProblems, ServmanProblemSchema } from "../api/servman-problems.ts";
import { createServiceOrder } from "../api/servman-order.ts";
import { fetchTimeSlots, ServmanSlotSchema } from "../api/servman-schedule.ts";
import { confirmTimeSlot } from "../api/servman-schedule-confirm.ts";
import { findServmanListItem, isIsoDate, localIsoDate, SERVMAN_LISTS, weekdayOf } from "../flow/scheduling.ts";
import { toJsonText } from "../json/stringify-json.ts";

export const PORTAL_REDIRECT_DELAY_MS = 3000;
/** SPEC §9: objection reopen 3 s; lead info sent 1 s after comments; end redirect 2 s. */
export const OBJECTION_REOPEN_DELAY_MS = 3000;
export const LEAD_DELAY_MS = 1000;
export const END_REDIRECT_DELAY_MS = 2000;
/** SPEC §9: the scheduling pause, between a schedulable order and the calendar. */
export const SCHEDULING_PAUSE_MS = 2000;

export interface TaskDeps {
  api: ApiClient;
  companyId: string;
  botId: string;
  config: CompanyConfig;
  clock: Clock;
  quotes: QuoteMemory;
  /** Sends the top window elsewhere (the portal). */
  navigateTop(url: string): void;
  session: QuoteSession;
  /** Tells the host page (quote-assistant:lead). */
  emit(name: "lead", detail: Record<string, unknown>): void;
}

export type TaskRunner = (task: TaskName, answers: Answers, deps: TaskDeps) => Promise<Answer>;

const str = (value: number | string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

/** Drops undefined values: answers are plain strings. */
function compact(values: Record<string, string | undefined>): Answers {
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined));
}

/** Only https URLs leave the page (SPEC: redirects only to allowed https URLs). */
export function safeHttpsUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

function customerOf(a: Answers) {
  return {
    firstName: a.customerFirstName ?? "",
    lastName: a.customerLastName ?? "",
    phoneNumber: a.phonenumber ?? "",
    ...(a.customerEmail ? { email: a.customerEmail } : {}),
    address: {
      street: a.customerAddress ?? "",
      ...(a.customerUnit ? { unit: a.customerUnit } : {}),
      city: a.customerCity ?? "",
      state: a.customerState ?? "",
      postalCode: a.customerZip ?? "",
      ...(a.customerCounty ? { county: a.customerCounty } : {}),
      country: (a.customerCountryCode || "US").slice(0, 2).toUpperCase(),
    },
    ...(a.customerLat && a.customerLng ? { lat: Number(a.customerLat), lng: Number(a.customerLng) } : {}),
  };
}

const tasks: Record<TaskName, (answers: Answers, deps: TaskDeps) => Promise<Answer>> = {
  async lookupCustomer(answers, { api, companyId }) {
    const found = await lookupCustomer(api, companyId, answers.phonenumber ?? "");
    if (found.status !== "found" || !found.record) return { value: "not-found" };
    const r = found.record;
    return {
      value: "found",
      values: compact({
        customerFirstName: r.firstName,
        customerLastName: r.lastName,
        customerName: `${r.firstName} ${r.lastName}`,
        customerEmail: r.email,
        customerAddress: r.address.street,
        customerUnit: r.address.unit,
        customerCity: r.address.city,
        customerState: r.address.state,
        customerZip: r.address.postalCode,
        customerCounty: r.address.county,
        customerCountryCode: r.address.country,
        customerLat: str(r.lat),
        customerLng: str(r.lng),
        previousQuoteId: r.quoteId ?? undefined,
        crmStatus: str(r.crmData?.status),
        crmCreditHoldStatus: str(r.crmData?.creditHoldStatus),
        totalLotSize: str(found.estimate?.estimate),
        aerialImg: found.estimate?.aerialImg,
        streetImg: found.estimate?.streetImg,
      }),
    };
  },

  async checkPreviousQuote(answers, { api, companyId, botId, quotes }) {
    const street = answers.customerAddress ?? "";
    const zip = answers.customerZip ?? "";
    const result = await checkPreviousQuote(api, {
      companyId,
      botId,
      phoneNumber: answers.phonenumber ?? "",
      street,
      postalCode: zip,
    });
    const quoteId = result.quoteId ?? answers.previousQuoteId ?? quotes.find(street, zip);
    const values = compact({
      previousQuoteId: quoteId ?? undefined,
      crmStatus: str(result.crmData?.status) ?? answers.crmStatus,
      crmCreditHoldStatus: str(result.crmData?.creditHoldStatus) ?? answers.crmCreditHoldStatus,
    });
    return { value: quoteId ? "quoted" : "none", values };
  },

  async startQuote(answers, { api, companyId, botId, config, quotes }) {
    const street = answers.customerAddress ?? "";
    const zip = answers.customerZip ?? "";
    const reuse = answers.previousQuoteId ?? quotes.find(street, zip);
    const sourceCode = answers.source;
    const started = await startQuote(api, {
      companyId,
      botId,
      quoteId: reuse ?? null,
      source: sourceCode ? { code: sourceCode, description: answers.sourceDescription ?? sourceCode } : null,
      referrer: answers.referrer ?? null,
      additionalSourceInfo: answers.additionalSourceInfo ?? null,
      salesTaxRate: config.serviceTax,
      customer: customerOf(answers),
    });
    quotes.remember(street, zip, started.id);
    return {
      value: "started",
      values: compact({
        quoteId: started.id,
        crmId: started.crmId ?? undefined,
        contactId: started.contactId ?? undefined,
        branchId: started.branch_id ?? undefined,
      }),
    };
  },

  async fetchEstimate(answers, { api, companyId, botId, config }) {
    const source = config.sqftEstimateSource;
    if (source === "measur-it") return { value: "failed" };
    const found = await fetchPropertyEstimate(api, source, {
      companyId,
      botId,
      ...(answers.quoteId ? { chatId: answers.quoteId } : {}),
      ...(answers.customerName ? { customerName: answers.customerName } : {}),
      ...(answers.phonenumber ? { phone: answers.phonenumber } : {}),
      ...(answers.customerEmail ? { email: answers.customerEmail } : {}),
      address: answers.customerAddress ?? "",
      ...(answers.customerCity ? { city: answers.customerCity } : {}),
      ...(answers.customerState ? { state: answers.customerState } : {}),
      zip: answers.customerZip ?? "",
    });
    // SPEC §8: a failed estimate, or a zero size, goes to manual review.
    if (!found || found.estimate <= 0) return { value: "failed" };
    // The home's own size counts for 'home'; a lot becomes a lawn by the company's share.
    const lawn = source === "home" ? found.estimate : (found.lawnEstimate ?? found.estimate * config.sqFtPercentage);
    return {
      value: "found",
      values: compact({
        totalLotSize: str(Math.round(found.estimate)),
        lawnSize: str(Math.round(lawn)),
        measureUnits: unitFor("area", config.isMetric),
        aerialImg: found.aerialImg,
        streetImg: found.streetImg,
      }),
    };
  },

  async recordEstimate(answers, { api, companyId, config }) {
    // A looked-up estimate is the lot (the slider's choice goes as the adjusted size); a
    // measured or typed one is the lawn itself.
    const lookedUp = config.sqftEstimateSource === "zillow" || config.sqftEstimateSource === "other";
    const size = Number(lookedUp ? answers.totalLotSize : answers.lawnSize);
    if (!answers.quoteId || !(size > 0)) return { value: "done" };
    try {
      await recordEstimate(api, {
        companyId,
        quoteId: answers.quoteId,
        estimate: {
          estimate: size,
          units: (answers.measureUnits as MeasureUnit | undefined) ?? unitFor(config.measurementMode, config.isMetric),
          ...(answers.measurItImage ? { measurItImage: answers.measurItImage } : {}),
          ...(/^https?:\/\//.test(answers.aerialImg ?? "") ? { aerialImg: answers.aerialImg } : {}),
          ...(/^https?:\/\//.test(answers.streetImg ?? "") ? { streetImg: answers.streetImg } : {}),
        },
        ...(answers.adjustedLotSize ? { adjustedLotSize: Number(answers.adjustedLotSize) } : {}),
      });
    } catch (error) {
      // The visitor goes on; the size is in the conversation and asked again if the quote lacks it.
      console.error("[quote-assistant] recording the estimate failed", error);
    }
    return { value: "done" };
  },

  async resumeQuote(answers, { api, companyId, session }) {
    const quoteId = answers.quoteId ?? answers.previousQuoteId;
    if (!quoteId) return { value: "missing" };
    const [quote] = await Promise.all([fetchQuoteDetails(api, companyId, quoteId), session.loadPrograms()]);
    if (!quote) return { value: "missing" };
    // What the visitor just said wins over the earlier quote's answers.
    const earlier: Answers = { ...quote.answers };
    const lawn = quote.adjustedLotSize ?? (quote.estimate && quote.estimate.estimate > 0 ? quote.estimate.estimate : null);
    return {
      value: "resumed",
      values: compact({
        ...earlier,
        ...answers,
        selectedPrograms:
          answers.selectedPrograms ?? earlier.selectedPrograms ?? (quote.serviceTypes.length ? serializeProgramNames(quote.serviceTypes) : undefined),
        lawnSize: answers.lawnSize ?? earlier.lawnSize ?? str(lawn),
        adjustedLotSize: answers.adjustedLotSize ?? str(quote.adjustedLotSize),
        totalLotSize: answers.totalLotSize ?? str(quote.estimate?.estimate || undefined),
        aerialImg: answers.aerialImg ?? quote.estimate?.aerialImg,
        streetImg: answers.streetImg ?? quote.estimate?.streetImg,
        quoteConverted: quote.convertedSale ? "true" : undefined,
        quoteHadPrices: quote.hasPriceBlocks ? "true" : undefined,
      }),
    };
  },

  async loadPrograms(_answers, { session }) {
    await session.loadPrograms();
    return { value: "done" };
  },

  async calculateQuote(answers, { session }) {
    return { value: await session.calculate(answers) };
  },

  async openQuote(answers, { session }) {
    // After a reload the prices are gone: fetch them again before the modal opens.
    if (!session.hasPrices()) await session.calculate(answers);
    session.openModal();
    return { value: "done" };
  },

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
          ...(reason === "Price" || reason === "Product" || reason === "People" ? { reason } : {}),
          ...(answers.objectionComments ? { comments: answers.objectionComments } : {}),
        });
      } catch (error) {
        console.error("[quote-assistant] sending the lead failed", error);
      }
    }
    emit("lead", { quoteId: answers.quoteId ?? null, reason: reason ?? null });
    return { value: "done" };
  },

  async afterSale(_answers, { config, clock, session, navigateTop }) {
    session.markConverted();
    const url = config.willRedirect ? safeHttpsUrl(config.redirectUrl) : null;
    if (url) {
      await clock.sleep(END_REDIRECT_DELAY_MS);
      navigateTop(url);
    }
    return { value: "done" };
  },

  async redirectToPortal(_answers, { config, clock, navigateTop }) {
    const url = safeHttpsUrl(config.crmPortalUrl);
    if (!url) return { value: "unavailable" };
    await clock.sleep(PORTAL_REDIRECT_DELAY_MS);
    navigateTop(url);
    return { value: "done" };
  },

  // Servman (SPEC §7 /v1/servman/*): the ids come from the quote start (crmId, contactId,
  // branchId); the fetched lists go into the answers, where the steps offer them.
  async fetchServiceCategories(answers, { api, companyId, botId }) {
    const { crmId, branchId } = answers;
    if (!crmId || !branchId) return { value: "failed" };
    const categories = await fetchServiceCategories(api, { companyId, botId, crmId, branchId });
    return {
      value: categories.length > 0 ? "found" : "none",
      values: { [SERVMAN_LISTS.categories]: toJsonText(categories) },
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
      contractRelated: answers.serviceAgreement === "Yes",
    });
    return {
      value: problems.length > 0 ? "found" : "none",
      values: { [SERVMAN_LISTS.problems]: toJsonText(problems) },
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
    return { value: slots.length > 0 ? "found" : "none", values: { [SERVMAN_LISTS.slots]: toJsonText(slots) } };
  },

  async confirmTimeSlot(answers, { api, companyId, botId }) {
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
    return { value: outcome };
  },
};

export const runTask: TaskRunner = async (task, answers, deps) => {
  try {
    return await tasks[task](answers, deps);
  } catch (error) {
    console.error(`[quote-assistant] ${task} failed`, error);
    const fallback = {
      redirectToPortal: "unavailable",
      recordEstimate: "done",
      resumeQuote: "missing",
      loadPrograms: "done",
      calculateQuote: "empty",
      openQuote: "done",
      reopenQuoteLater: "done",
      sendLead: "done",
      afterSale: "done",
    } as Partial<Record<TaskName, string>>;
    return { value: fallback[task] ?? "failed" };
  }
};
