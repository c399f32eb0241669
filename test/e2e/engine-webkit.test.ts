// The visitor's journey in webkit at a desktop and a phone size (test/e2e/engine-journey.ts).
import { engineJourneys } from "./engine-journey.ts";

engineJourneys("webkit", {
  desktop: { phone: "5555550701", search: "116 Brand", label: "116 Brand Road, Dublin, OH 43016, USA" },
  phone: { phone: "5555550702", search: "1238 Brand", label: "1238 Brand Road, Dublin, OH 43016, USA" },
  storageErased: { phone: "5555550703", search: "2874 Brand", label: "2874 Brand Road, Dublin, OH 43016, USA" },
});
