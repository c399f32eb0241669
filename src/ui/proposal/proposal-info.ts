// The top of the proposal (SPEC §2), worked out from the answers: who and where the quote is
// for, the home's picture (the measured drawing first) and the size the prices are based on.
import type { CompanyConfig } from "../../config/company-config.ts";
import type { Answers } from "../../flow/types.ts";
import { formatSize, unitFor, formatAddress } from "../../lazy/shared-with-chunks.ts";

export interface ProposalHeaderInfo {
  address: string;
  customerName: string;
  homeImage?: { src: string; alt: string };
  /** The company's quoteModalImage: a decorative banner across the top of the card. */
  banner?: string;
  /** Already formatted with its unit, e.g. "5,200 sq ft". */
  sizeEstimate: string;
}

/** `locale` and `label`: the visitor's language (src/i18n), for the size's digits and the words. */
export function proposalHeader(
  answers: Answers,
  config: Pick<CompanyConfig, "isMetric" | "quoteModalImage">,
  locale?: string,
  label: (english: string) => string = (english) => english,
): ProposalHeaderInfo {
  const size = answers.adjustedLotSize || answers.lawnSize || 0;
  const picture = answers.measurItImage || answers.aerialImg || answers.streetImg;
  return {
    address: formatAddress(answers),
    customerName: answers.customerName ?? [answers.customerFirstName, answers.customerLastName].filter(Boolean).join(" "),
    ...(picture ? { homeImage: { src: picture, alt: label("Your property") } } : {}),
    ...(config.quoteModalImage ? { banner: config.quoteModalImage } : {}),
    sizeEstimate: size > 0 ? `${formatSize(size, locale)} ${label(answers.measureUnits ?? unitFor("area", config.isMetric))}` : "",
  };
}
