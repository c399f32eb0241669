// The third parties the server calls, as ports (issue 28). The demo composes its stand-ins
// (demo-site/server.ts); production composes real adapters from the environment
// (server/production/providers.ts); a port left out is off.
import { ADDRESS_SEARCH_OFF, type AddressSearchPort } from "./address-search.ts";
import { IMAGERY_OFF, type ImageryPort } from "./imagery.ts";
import { PROPERTY_DATA_OFF, type PropertyDataPort } from "./property-data.ts";
import { PROPERTY_PICTURES_OFF, type PropertyPicturesPort } from "./property-pictures.ts";
import { SMS_OFF, type SmsPort } from "./sms.ts";

export interface Ports {
  addressSearch: AddressSearchPort;
  propertyData: PropertyDataPort;
  propertyPictures: PropertyPicturesPort;
  /** Satellite tiles for our own measuring tool (/measure/). */
  imagery: ImageryPort;
  /** Follow-up texts (issue 34). */
  sms: SmsPort;
}

export const PORTS_OFF: Ports = {
  addressSearch: ADDRESS_SEARCH_OFF,
  propertyData: PROPERTY_DATA_OFF,
  propertyPictures: PROPERTY_PICTURES_OFF,
  imagery: IMAGERY_OFF,
  sms: SMS_OFF,
};

/** One line per port for the start-up log: { addressSearch: "google-places", propertyData: "off", ... }. */
export function describePorts(ports: Ports): Record<string, string> {
  return {
    addressSearch: ports.addressSearch.name,
    propertyData: ports.propertyData.sources.size > 0 ? `${ports.propertyData.name} (${[...ports.propertyData.sources].join(", ")})` : "off",
    propertyPictures: ports.propertyPictures.name,
    imagery: ports.imagery.name,
    sms: ports.sms.name,
  };
}
