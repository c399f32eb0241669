// Marketing copy for the host landing pages, so the widget is seen over a believable
// company site. Pest companies get pest copy; everyone else is a lawn company.

export interface LandingCopy {
  headline: string;
  lede: string;
  services: { name: string; text: string }[];
  steps: string[];
  reviews: { quote: string; who: string }[];
  faq: { question: string; answer: string }[];
}

const LAWN: LandingCopy = {
  headline: "A thicker, greener lawn, without the guesswork",
  lede: "Fertilization, weed control, mowing and seeding from local, licensed technicians. No contracts, no door-to-door sales, and a price you can see before anyone visits.",
  services: [
    { name: "Fertilization & weed control", text: "Six seasonal treatments timed to your grass type and local weather, with weeds spot-treated at every visit." },
    { name: "Weekly mowing", text: "Mowed at the right height for the season, edges trimmed and clippings blown off paths and drives." },
    { name: "Aeration & overseeding", text: "Core aeration in early fall with premium seed worked into the holes to fill in thin and patchy areas." },
    { name: "Grub & insect control", text: "A preventive application in early summer stops grubs before they eat the roots of your lawn." },
  ],
  steps: [
    "Tell us your address: we find your property on aerial imagery.",
    "Outline your lawn on the map, or let us estimate its size for you.",
    "Pick the services you want and see your price straight away.",
  ],
  reviews: [
    { quote: "The quote took two minutes and the price was exactly what I paid. The lawn has never looked better.", who: "Dana R." },
    { quote: "They showed up when they said they would and the crabgrass is finally gone.", who: "Marcus T." },
    { quote: "I liked seeing the price before talking to anyone. No pressure at all.", who: "Priya S." },
  ],
  faq: [
    { question: "How is my price calculated?", answer: "From the size of your lawn, measured on aerial imagery, and the services you choose. Larger lawns get a lower price per square foot." },
    { question: "Do I need to be home for treatments?", answer: "No. We leave a note after each visit with what we applied and when the lawn is safe for children and pets." },
    { question: "Can I pause or cancel?", answer: "Yes, at any time, by phone or email. There are no cancellation fees." },
  ],
};

const PEST: LandingCopy = {
  headline: "A pest-free home, guaranteed between visits",
  lede: "Licensed technicians for ants, roaches, spiders, rodents and termites. Book a time window online and we will be there, or we come back for free.",
  services: [
    { name: "General pest control", text: "Quarterly interior and exterior treatments for more than thirty common household pests." },
    { name: "Termite inspection", text: "A full inspection with a written report, and bait stations or liquid treatment when needed." },
    { name: "Mosquito treatment", text: "Monthly barrier sprays from spring to fall so you can use your yard again." },
    { name: "Rodent exclusion", text: "We find and seal the gaps mice and rats use to get in, then trap the ones already inside." },
  ],
  steps: [
    "Tell us what is bugging you and where you live.",
    "Choose a time window that suits you.",
    "A licensed technician arrives on time and treats the problem.",
  ],
  reviews: [
    { quote: "Booked on a Sunday night, technician came Tuesday morning. No ants since.", who: "Jorge M." },
    { quote: "Friendly, explained everything and was careful around our dog.", who: "Hannah K." },
    { quote: "The online booking is so much easier than waiting on hold.", who: "Wei L." },
  ],
  faq: [
    { question: "Are the treatments safe for pets?", answer: "Yes. We use products labelled for residential use and tell you when treated areas are dry and safe." },
    { question: "What if the pests come back?", answer: "Between scheduled visits, we come back and re-treat at no charge." },
    { question: "What counts as an emergency?", answer: "Stinging insects inside the home, or rodents in living areas. Call us and we will prioritise the visit." },
  ],
};

export function landingCopyFor(botType: "pest" | "other"): LandingCopy {
  return botType === "pest" ? PEST : LAWN;
}
