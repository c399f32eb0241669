// The demo's stand-ins behind the server's ports (server/ports/): its address book for the
// address search, sizes made up from the address for the property data, drawn pictures, and
// the text sink for texts (Twilio instead when TWILIO_ACCOUNT_SID is set).
// demo-site/server.ts composes them into the widget origin; the production entry never sees
// them (a company's server calls real providers, or nothing).
import { imageryFromEnv, mapboxImagery } from "../server/adapters/imagery.ts";
import { smsFromEnv } from "../server/adapters/twilio.ts";
import type { Ports } from "../server/ports/ports.ts";
import { SMS_OFF, type SmsPort } from "../server/ports/sms.ts";
import { ADDRESS_BOOK } from "./geo/address-book.ts";
import { plotOutlineAt } from "./imagery/aerial-tiles.ts";
import { createAddressSearch } from "./geo/search-addresses.ts";
import { estimatePropertySize, hasNoPropertyData, pictureNumberForAddress, pictureNumberForPosition } from "./property/property-data.ts";
import { parsePropertyImageName, renderPropertyImage } from "./property-images.ts";

/** The environment's keys that switch the demo's measuring tool to real imagery. */
const REAL_IMAGERY_KEYS = ["MEASURE_IMAGERY", "MAPBOX_ACCESS_TOKEN", "ARCGIS_API_KEY"];

/**
 * `measureOrigin` serves the stand-in of Mapbox's Raster Tiles API (demo-site/imagery/), which
 * our measuring tool draws on unless the environment configures real imagery. `textSink` is
 * the demo's text sink (demo-site/text-sink/), which texts go to unless TWILIO_ACCOUNT_SID is
 * set (then Twilio, from TWILIO_AUTH_TOKEN and TWILIO_FROM too); without either, texts are off.
 */
export function createDemoPorts(options: { measureOrigin?: string; textSink?: SmsPort; env?: Record<string, string | undefined> } = {}): Ports {
  const searchBook = createAddressSearch(ADDRESS_BOOK);
  const env = options.env ?? process.env;
  const imagery = REAL_IMAGERY_KEYS.some((key) => env[key]?.trim())
    ? imageryFromEnv(env)
    : mapboxImagery("pk.demo-stand-in", options.measureOrigin ?? "http://measure.invalid", "demo stand-in of Mapbox's Raster Tiles API");
  return {
    imagery,
    sms: env.TWILIO_ACCOUNT_SID?.trim() ? smsFromEnv(env) : (options.textSink ?? SMS_OFF),
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
      // The lot of the drawn suburb the measuring tool shows (demo-site/imagery/), as Regrid's parcel geometry would be.
      outline: async ({ lat, lng }) => plotOutlineAt(lat, lng),
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
