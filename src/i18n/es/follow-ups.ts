// What a follow-up to a homeowner who left says, in Spanish: the keys of src/i18n/en/follow-ups.ts.
import type { FollowUpWords } from "../en/follow-ups.ts";

export const followUpWords: FollowUpWords = {
  sentence: (price: string | null) => (price ? `su presupuesto está listo: ${price}.` : "su presupuesto le espera."),
  text: (company: string, sentence: string, url: string) => `${company}: ${sentence} Continúe donde lo dejó: ${url} Responda STOP para no recibir más.`,
  subject: (company: string) => `Su presupuesto de ${company}`,
  hello: (first: string) => (first ? `Hola, ${first}:` : "Hola:"),
  body: (price: string | null, services: string) =>
    price ? `Su presupuesto${services ? ` para ${services}` : ""} está listo: ${price}.` : `Su presupuesto${services ? ` para ${services}` : ""} le espera.`,
  resume: "Continúe donde lo dejó:",
  button: "Terminar mi presupuesto",
  why: (company: string) => `Recibe este correo porque empezó un presupuesto con ${company}.`,
  unsubscribe: "Darse de baja",
  postalAddressPlaceholder: "(su dirección postal)",
};
