// The work behind the property steps (src/flow/steps/property.ts, SPEC §2 step 9): the size
// looked up by the company's estimate source, and the size recorded on the quote.
import { fetchPropertyEstimate } from "../../api/property-estimate.ts";
import { recordEstimate } from "../../api/quote-estimate.ts";
import { unitFor, type MeasureUnit } from "../../config/measurement.ts";
import { findPictures } from "./property-pictures.ts";
import { compact, type ChapterTasks } from "./task-deps.ts";

export const propertyTasks = {
  async fetchEstimate(answers, deps) {
    const { api, companyId, botId, config } = deps;
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
      ...(answers.customerLat != null && answers.customerLng != null ? { lat: String(answers.customerLat), lng: String(answers.customerLng) } : {}),
    });
    if (found === "unavailable") return { value: "unavailable" };
    // SPEC §8: a failed estimate, or a zero size, goes to manual review.
    if (!found || found.estimate <= 0) return { value: "failed" };
    // The home's own size counts for 'home'; a lot without the source's lawn becomes a lawn by
    // the company's share (SPEC §9 sqFtPercentage). The slider that follows starts there
    // (src/flow/inputs/slider.ts).
    const lawn = source === "home" ? found.estimate : (found.lawnEstimate ?? found.estimate * config.sqFtPercentage);
    const place = { lat: answers.customerLat, lng: answers.customerLng, street: answers.customerAddress, zip: answers.customerZip, city: answers.customerCity, state: answers.customerState };
    return {
      value: "found",
      values: compact({
        totalLotSize: Math.round(found.estimate),
        lawnSize: Math.round(lawn),
        measureUnits: unitFor("area", config.isMetric),
        ...(await findPictures(found, place, deps)),
      }),
    };
  },

  async recordEstimate(answers, { api, companyId, config }) {
    // A looked-up estimate is the lot (the slider's choice goes as the adjusted size); a
    // measured or typed one is the lawn itself.
    const lookedUp = config.sqftEstimateSource === "zillow" || config.sqftEstimateSource === "other";
    const size = (lookedUp ? answers.totalLotSize : answers.lawnSize) ?? 0;
    if (!answers.quoteId || !(size > 0)) return { value: "done" };
    try {
      await recordEstimate(api, {
        companyId,
        quoteId: answers.quoteId,
        estimate: {
          estimate: size,
          units: (answers.measureUnits as MeasureUnit | undefined) ?? unitFor(config.measurementMode, config.isMetric),
          ...(answers.measurItImage ? { measurItImage: answers.measurItImage } : {}),
          ...(answers.measurOutline ? { measurOutline: answers.measurOutline } : {}),
          ...(/^https?:\/\//.test(answers.aerialImg ?? "") ? { aerialImg: answers.aerialImg } : {}),
          ...(/^https?:\/\//.test(answers.streetImg ?? "") ? { streetImg: answers.streetImg } : {}),
        },
        // A looked-up lot's lawn: the slider's choice, or the source's lawn (or sqFtPercentage of the lot).
        ...compact({ adjustedLotSize: answers.adjustedLotSize || (lookedUp ? answers.lawnSize : undefined) }),
      });
    } catch (error) {
      // The visitor goes on; the size is in the conversation and asked again if the quote lacks it.
      console.error("[quote-assistant] recording the estimate failed", error);
    }
    return { value: "done" };
  },
} satisfies ChapterTasks<"fetchEstimate" | "recordEstimate">;
