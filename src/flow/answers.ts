// The answer values the flow compares against, named once: the hidden answers that come from
// outside a step's buttons (the quote modal, the measuring tool) and every button value a
// guard or an effect tests. Steps offer them, guards and views compare against them; a bare
// string in either would drift from the other unnoticed.

/** Hidden answers of quoteOpen, given by the quote modal: a sale, or 'I need to think about it'. */
export const QUOTE_PURCHASED = "purchased";
export const THINK_ABOUT_IT = "think";
/** quoteOpen's visible button: open the quote again. */
export const VIEW_QUOTE = "view";
/** The hidden answer of a measuring tool closed without a size. */
export const MEASURE_CANCELLED = "cancel";

export const YES = "Yes";
export const NO = "No";
export const TELL_ME_MORE = "Tell Me More";

/** startButtons (SPEC §2 step 2). */
export const START = "Let's Get Started";
export const LEARN_MORE = "Learn More";

/** askSource's marketing source codes that ask a further question. */
export const SOURCE_REFERRAL = "referral";
export const SOURCE_OTHER = "other";

/** askQuoteNow. */
export const QUOTE_NOW = "now";
export const CUSTOMIZE = "customize";

/** Who looks after the lawn (mowingWho, fertilizerWho). */
export const DO_IT_MYSELF = "I do it myself";
export const ANOTHER_COMPANY = "I use another company";
export const JUST_MOVED_IN = "I just moved in";

/** thinkAboutIt's objections (also the reasons the lead may carry, SPEC §7). */
export const OBJECTION_PRICE = "Price";
export const OBJECTION_PRODUCT = "Product";
export const OBJECTION_PEOPLE = "People";

/** startWaiting's hidden answer: the outbox delivered the quote start. */
export const START_DELIVERED = "start-delivered";

/** leadWaiting's hidden answer: the outbox delivered the think-about-it lead. */
export const LEAD_DELIVERED = "lead-delivered";
/** leadWaiting's button: send the waiting lead now. */
export const LEAD_RETRY = "lead-retry";

/** askComments. */
export const ADD_COMMENT = "comment";
export const NO_COMMENT = "none";

/** confirmTimeSlot (ServMan scheduling); ANOTHER_DAY is in ./scheduling.ts beside the slot list. */
export const CONFIRM_SLOT = "confirm";
export const ANOTHER_TIME = "another-time";
