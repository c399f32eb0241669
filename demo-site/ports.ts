// The demo's stand-ins behind the server's ports (server/ports/): its address book for the
// address search, sizes made up from the address for the property data, and drawn pictures.
// demo-site/server.ts composes them into the widget origin; the production entry never sees
// them (a company's server calls real providers, or nothing).
import type { Ports } from "../server/ports/ports.ts";
import { ADDRESS_BOOK } from "./geo/address-book.ts";
import { createAddressSearch } from "./geo/search-addresses.ts";
import { estimatePropertySize, hasNoPropertyData, pictureNumberForAddress, pictureNumberForPosition } from "./property/property-data.ts";
import { parsePropertyImageName, renderPropertyImage } from "./property-images.ts";

export function createDemoPorts(): Ports {
  const searchBook = createAddressSearch(ADDRESS_BOOK);
  return {
    addressSearch: {
      name: "demo address book",
      live: true,
      search: async ({ queryTerm }) => ({ items: searchBook(queryTerm) }),
    },
    propertyData: {
      name: "demo sizes",
      sources: new Set(["zillow", "home", "other"]),
      // In square feet; the route turns them into square metres for a metric company.
      estimate: async (source, place) => estimatePropertySize(source, place.address, place.zip, false),
    },
    propertyPictures: {
      name: "demo drawings",
      live: true,
      pathPrefix: "/demo-assets/property/",
      // The estimate's pictures follow the address; the aerial call's the position.
      aerial: async (target) =>
        target.address && target.zip
          ? `aerial-${pictureNumberForAddress(target.address, target.zip)}.svg`
          : target.position
            ? `aerial-${pictureNumberForPosition(target.position.lat, target.position.lng)}.svg`
            : undefined,
      // The addresses without property data have no street view either.
      street: async (target) =>
        target.address && target.zip && !hasNoPropertyData(target.address) ? `street-${pictureNumberForAddress(target.address, target.zip)}.svg` : undefined,
      image: async (name) => {
        const image = parsePropertyImageName(name);
        return image ? { body: new TextEncoder().encode(renderPropertyImage(image.kind, image.n)), contentType: "image/svg+xml" } : undefined;
      },
    },
  };
}
