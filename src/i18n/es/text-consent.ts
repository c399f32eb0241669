// The texts consent box's label in Spanish (../en/text-consent.ts).
import type { TextConsentWords } from "../en/text-consent.ts";

export const textConsent: TextConsentWords = (company, texts) =>
  `Acepto recibir mensajes de texto de ${company} sobre esta cotización (como máximo ${texts}). Pueden aplicarse tarifas de mensajes y datos. Responda STOP para terminar. El consentimiento no es una condición de compra.`;
