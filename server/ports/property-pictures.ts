// The property pictures port (issue 28): an aerial picture at a point and a street-level
// picture of an address (SPEC §2 step 3). The server serves every picture from its own URL
// (`${pathPrefix}${name}`), so a provider's key never reaches the browser. Off: no pictures,
// and the widget goes on without them.
import type { PropertyPlace } from "./property-data.ts";

export interface Picture {
  body: Uint8Array;
  contentType: string;
}

/** Where the picture is: a point, an address, or both (PropertyPlace's fields, each optional). */
export type PictureTarget = Partial<PropertyPlace>;

export interface PropertyPicturesPort {
  readonly name: string;
  readonly live: boolean;
  /** Where the server serves this port's pictures: "/v1/property/picture/". */
  readonly pathPrefix: string;
  /** The picture's name under pathPrefix, or undefined when there is none. Never throws for the provider's failures. */
  aerial(target: PictureTarget): Promise<string | undefined>;
  street(target: PictureTarget): Promise<string | undefined>;
  /** The picture a name stands for, or undefined (404). */
  image(name: string): Promise<Picture | undefined>;
}

export const PROPERTY_PICTURES_OFF: PropertyPicturesPort = {
  name: "off",
  live: false,
  pathPrefix: "/v1/property/picture/",
  aerial: async () => undefined,
  street: async () => undefined,
  image: async () => undefined,
};
