// SPEC §2 step 3 and §7: the property's pictures (aerial, then street view) asked of
// GET /v1/property/aerial and /street when the customer lookup or the estimate carried none,
// and never when the company hides them (hideArielAndStreetView). A picture the backend
// cannot give (404, an error) is skipped: the chat goes on without it.
import { fetchAerialImage, fetchStreetImage } from "../../api/property-images.ts";
import type { TaskDeps } from "./task-deps.ts";

export interface Pictures {
  aerialImg?: string | undefined;
  streetImg?: string | undefined;
}

export interface PicturePlace {
  lat?: number | null | undefined;
  lng?: number | null | undefined;
  street?: string | undefined;
  zip?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
}

export async function findPictures(carried: Pictures, place: PicturePlace, { api, config }: Pick<TaskDeps, "api" | "config">): Promise<Pictures> {
  if (carried.aerialImg || carried.streetImg || config.hideArielAndStreetView) return carried;
  const none = () => null;
  const { lat, lng, street, zip, city, state } = place;
  const [aerial, streetView] = await Promise.all([
    lat != null && lng != null ? fetchAerialImage(api, { lat, lng }).catch(none) : null,
    street && zip ? fetchStreetImage(api, { address: street, zip, ...(city ? { city } : {}), ...(state ? { state } : {}) }).catch(none) : null,
  ]);
  return { aerialImg: aerial ?? undefined, streetImg: streetView ?? undefined };
}
