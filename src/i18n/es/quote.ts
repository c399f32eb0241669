// The quote modal's words in Spanish (proposal, checkout): the keys of src/i18n/en/quote.ts,
// and `label`, which says the pricing engine's English labels (SPEC §9), its offers and the
// checkout's messages (src/i18n/en/payments.ts, by key: ./payments.ts) in Spanish.
import { payments as english, type PaymentWords } from "../en/payments.ts";
import type { PricingLabel, QuoteWords } from "../en/quote.ts";
import { payments } from "./payments.ts";

/** The pricing engine's English labels (SPEC §9) and the proposal's, in Spanish: every PricingLabel, checked by tsc. */
const ETIQUETAS: Record<PricingLabel, string> = {
  SUBTOTAL: "SUBTOTAL",
  "FIRST MONTH'S PAYMENT": "PAGO DEL PRIMER MES",
  "GET STARTED TODAY": "PARA EMPEZAR HOY",
  "INSTALLMENT PAYMENT AMOUNT": "IMPORTE DE CADA PAGO",
  AUTOPAY: "PAGO AUTOMÁTICO",
  "PRE-PAY": "PREPAGO",
  "+ TAX": "+ IMPUESTOS",
  "& SAVE": "Y AHORRE",
  "Your property": "Su propiedad",
  "sq ft": "pies cuadrados",
  "sq m": "metros cuadrados",
  "linear ft": "pies lineales",
  "linear m": "metros lineales",
  "Budget Billing": "Facturación equilibrada",
  "Monthly Billing": "Facturación mensual",
  today: "hoy",
  "per month": "al mes",
  "for the season": "por la temporada",
  visit: "visita",
  treatment: "tratamiento",
  application: "aplicación",
  service: "servicio",
};


/** The checkout's English messages, by text: their key in src/i18n/en/payments.ts. */
const PAYMENT_KEYS = new Map(Object.entries(english).map(([key, text]) => [text as string, key as keyof PaymentWords]));

/** The Spanish of an English text, when it is a PricingLabel or one of the checkout's messages. */
const etiqueta = (text: string): string | undefined => {
  if (Object.hasOwn(ETIQUETAS, text)) return ETIQUETAS[text as PricingLabel];
  const key = PAYMENT_KEYS.get(text);
  return key && payments[key];
};

/**
 * An offer's text as the pricing engine writes it (src/pricing/offers.ts): "10% off every
 * visit", "$5.00 off for the 1st visit", "$49.00 for every treatment".
 */
const OFFER = /^(.+?)( off)? (?:for )?(?:every|the (\d+)(?:st|nd|rd|th)) (\S+)$/;
const MASCULINE = new Set(["tratamiento", "servicio"]);
function oferta(_: string, amount: string, off: string | undefined, nth: string | undefined, noun: string): string {
  const word = etiqueta(noun) ?? noun;
  const male = MASCULINE.has(word);
  const which = nth ? `${male ? "el" : "la"} ${nth}.${male ? "º" : "ª"} ${word}` : `cada ${word}`;
  return off ? `${amount} de descuento en ${which}` : `${amount} por ${which}`;
}

export const quote: QuoteWords = {
  title: (company) => `Su cotización de ${company}`,
  steps: ["Propuesta", "Pago"],
  stepsLabel: "Pasos",
  proposal: "Propuesta",
  recommend: "Según lo que eligió, le recomendamos estos servicios",
  team: (company) => `El equipo de ${company}`,
  terms: "Términos y condiciones de pago",
  think: "NECESITO PENSARLO",
  checkout: "Pago",
  back: "Volver",
  signUp: "Contratar",
  buyNow: "⚡ COMPRAR AHORA",
  payNow: "Pagar ahora",
  processing: "Procesando…",
  payment: "Pago",
  orCard: "o pague con tarjeta",
  cardLoading: "Cargando el formulario seguro de la tarjeta…",
  addOns: "¿Qué más podemos hacer por usted?",
  add: "Agregar",
  addService: (name) => `Agregar ${name}`,
  offers: "Ofertas",
  plan: "Plan de pago",
  sizeEstimate: "Tamaño estimado",
  noServices: "Ningún servicio",
  noServicesText: "Todos los servicios están desactivados. Active uno para ver su precio.",
  label: (text) =>
    etiqueta(text) ??
    text
      .replace(/^SERVICE TAX/, "IMPUESTO DE SERVICIO")
      .replace(/^VAT/, "IVA")
      .replace(/^every (\d+) months$/, "cada $1 meses")
      .replace(/^per (.+)$/, (_, noun: string) => `por ${etiqueta(noun) ?? noun}`)
      .replace(OFFER, oferta),
};

