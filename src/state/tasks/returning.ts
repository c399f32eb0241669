// The work behind the returning-customer steps (src/flow/steps/returning.ts, SPEC §2 steps
// 3-4): the visitor looked up by phone, with their address and the property's estimate.
import { lookupCustomer } from "../../api/customer-lookup.ts";
import { findPictures } from "./property-pictures.ts";
import { compact, str, type ChapterTasks } from "./task-deps.ts";

export const returningTasks = {
  async lookupCustomer(answers, deps) {
    const found = await lookupCustomer(deps.api, deps.companyId, answers.phonenumber ?? "");
    if (found.status !== "found" || !found.record) return { value: "not-found" };
    const r = found.record;
    const a = r.address;
    const pictures = await findPictures(found.estimate ?? {}, { ...r, street: a.street, zip: a.postalCode, city: a.city, state: a.state }, deps);
    return {
      value: "found",
      values: compact({
        customerFirstName: r.firstName,
        customerLastName: r.lastName,
        customerName: `${r.firstName} ${r.lastName}`,
        // The e-mail stays with the company; the flow only needs to know not to ask for one.
        emailOnFile: r.hasEmail || undefined,
        customerAddress: r.address.street,
        customerUnit: r.address.unit,
        customerCity: r.address.city,
        customerState: r.address.state,
        customerZip: r.address.postalCode,
        customerCounty: r.address.county,
        customerCountryCode: r.address.country,
        customerLat: r.lat ?? undefined,
        customerLng: r.lng ?? undefined,
        previousQuoteId: r.quoteId ?? undefined,
        previousQuoteToken: r.quoteId ? (r.quoteToken ?? undefined) : undefined,
        crmStatus: str(r.crmData?.status),
        crmCreditHoldStatus: str(r.crmData?.creditHoldStatus),
        totalLotSize: found.estimate?.estimate ?? undefined,
        ...pictures,
      }),
    };
  },
} satisfies ChapterTasks<"lookupCustomer">;
