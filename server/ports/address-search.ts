// The address search port (issue 28): suggestions for the widget's search box, each with its
// parts and, where the provider knows it, its position. The demo wires its address book;
// production wires Google's Places API when GOOGLE_MAPS_API_KEY is set, and otherwise this
// port is off: it answers nothing, and the widget offers the address typed by hand.
import type { GeomapItem } from "../../src/contract/geomap.ts";

export interface AddressQuery {
  queryTerm: string;
  /** ISO country of the company (from its currency), to keep suggestions in it. */
  country?: string;
}

export interface AddressSuggestions {
  items: GeomapItem[];
  /** What the provider's terms require shown with its results without its map ("Powered by Google"). */
  attribution?: string;
}

export interface AddressSearchPort {
  /** For the start-up log: "google-places", "demo address book", "off". */
  readonly name: string;
  readonly live: boolean;
  /** Never throws for the provider's failures: those answer no suggestions (logged by the adapter). */
  search(query: AddressQuery): Promise<AddressSuggestions>;
}

export const ADDRESS_SEARCH_OFF: AddressSearchPort = {
  name: "off",
  live: false,
  search: async () => ({ items: [] }),
};
