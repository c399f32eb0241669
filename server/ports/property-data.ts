// The property data port (issue 28): the lot's size (sources zillow, other) and the home's
// (home) at an address, in square feet, as the provider knows them. Never invented: an
// address the provider has nothing for, or a port that is off, answers undefined (the route's
// 404, SPEC §8's estimate failure); a provider that did not answer (its quota, a timeout, its
// own trouble, a refused key) answers PROPERTY_DATA_UNAVAILABLE (the route's 503), and the
// widget goes on to the measuring tool or the size the visitor types.
import type { EstimateSource } from "../../src/contract/property-estimate.ts";

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

/** The provider did not answer: nobody knows the size, which is not the same as 'no data here'. */
export const PROPERTY_DATA_UNAVAILABLE = "unavailable";

export interface PropertyDataPort {
  readonly name: string;
  /** The estimate sources this port answers (a lot-only provider answers zillow and other). */
  readonly sources: ReadonlySet<EstimateSource>;
  /**
   * undefined: no data for this address (the route answers 404); PROPERTY_DATA_UNAVAILABLE: the
   * provider did not answer (503). Never throws for the provider's failures.
   */
  estimate(source: EstimateSource, place: PropertyPlace): Promise<PropertySize | undefined | typeof PROPERTY_DATA_UNAVAILABLE>;
  /**
   * The lot's outline at a point, as one ring of [lng, lat] pairs, where the provider knows it:
   * the measuring tool shows it as a faint guide (issue 33). Never throws; undefined for none.
   */
  outline?(position: { lat: number; lng: number }): Promise<Array<[number, number]> | undefined>;
}

export const PROPERTY_DATA_OFF: PropertyDataPort = {
  name: "off",
  sources: new Set(),
  estimate: async () => undefined,
};
