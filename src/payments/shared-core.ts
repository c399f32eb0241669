// The part of the widget's contract with its lazily loaded chunks (src/lazy/shared-with-chunks.ts)
// that sits below the views, so that the chunks' payment calls and adapters (src/api,
// src/payments) can import it without reaching up a layer. The server never loads it (the frame
// bridge, the script loader): the wire's schemas (src/contract) take their valibot from its pure
// part, src/flow/shared-pure.ts. Read it as part of that file: a chunk's build replaces both by
// the widget's shared namespace.
export * from "../flow/shared-pure.ts";
export { listenToFrame, postToFrame } from "../bridge/frame-bridge.ts";
export { formatSize, unitFor } from "../config/measurement.ts";
export { chooseProcessor, vaultSetup } from "../config/payment-providers.ts";
export { formatAddress } from "../flow/message-parts.ts";
export { toJsonText } from "../json/stringify-json.ts";
export { loadScriptOnce } from "./load-script.ts";
export { currencyOf, formatMoney, toMajorString, toMinorUnits } from "../pricing/currency.ts";
// What the pricing engine, in the quote chunk, takes from the widget's copy of the money rules.
export { hasPricedService, isChargeable } from "../pricing/chargeable.ts";
export { divideHalfUp, scaleDecimal } from "../pricing/decimal.ts";
export { floorRatioToStep, PERCENT_SCALE, percentOf, sumMoney } from "../pricing/rounding.ts";
