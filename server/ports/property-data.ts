// The property data port (issue 28): the lot's size (sources zillow, other) and the home's
// (home) at an address, in square feet, as the provider knows them. Never invented: an
// address the provider has nothing for, or a port that is off, answers undefined and the
// widget falls back to the measuring tool or the size the visitor types.
import type { EstimateSource } from "../../src/api/property-estimate.ts";

export interface PropertyPlace {
  /** The street line: "1234 Oak Street". */
  address: string;
  zip: string;
  city?: string;
  state?: string;
  /** The geocoded point, when the widget picked a suggestion that carried it. */
  position?: { lat: number; lng: number };
}

export interface PropertySize {
  /** zillow, other: the lot; home: the internal floor area. Square feet. */
  estimate: number;
  /** The lawn itself when the provider knows it (square feet); otherwise the widget applies sqFtPercentage. */
  lawnEstimate?: number;
}

export interface PropertyDataPort {
  readonly name: string;
  /** The estimate sources this port answers (a lot-only provider answers zillow and other). */
  readonly sources: ReadonlySet<EstimateSource>;
  /** undefined: no data for this address (the route answers 404). Never throws for the provider's failures. */
  estimate(source: EstimateSource, place: PropertyPlace): Promise<PropertySize | undefined>;
}

export const PROPERTY_DATA_OFF: PropertyDataPort = {
  name: "off",
  sources: new Set(),
  estimate: async () => undefined,
};
