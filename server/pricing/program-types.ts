// The program picker's list (GET /v2/program-types) from a pricing table: the programs a
// visitor can choose, in table order. Add-on and internal programs are priced but not listed.
import type { ProgramType } from "../../src/contract/program-types.ts";
import { completeAssetUrl } from "./price-blocks.ts";
import type { PricingTable } from "./pricing-table-schema.ts";

export function listProgramTypes(table: PricingTable, widgetOrigin: string): ProgramType[] {
  return table.programs
    .filter((program) => program.listing === "picker")
    .map((program) => ({
      name: program.name,
      entryPoint: program.entryPoint,
      hasMandatoryQuestions: program.hasMandatoryQuestions,
      // Only the lawn-size price needs the lawn measured; flat and upfront prices do not.
      hasNonSquareFootagePricing: program.price.kind !== "lawn-size",
      icon: completeAssetUrl(program.icon, widgetOrigin),
      description: program.description,
    }));
}
