// The builder's forms (issue 25): the bot's configuration grouped the way a company thinks,
// each field with its label and a line of help in English and Spanish. `path` is the field's
// path in the configuration (src/config/company-config.ts); problems arrive on the same paths.
import type { Text } from "./bot-words.ts";

export type FieldKind = "text" | "long" | "url" | "phone" | "number" | "yesNo" | "choice" | "colour" | "lines";

export interface FieldDef {
  path: string;
  kind: FieldKind;
  label: Text;
  help: Text;
  choices?: ReadonlyArray<{ value: string; label: Text }>;
  required?: boolean;
}

export interface GroupDef {
  id: string;
  title: Text;
  fields: readonly FieldDef[];
  /** A list editor after the fields (bot-lists.tsx). */
  lists?: ReadonlyArray<"serviceQuestionsSteps" | "preModalQuestions" | "learnMoreSteps" | "marketingSources">;
}

const f = (path: string, kind: FieldKind, en: [string, string], es: [string, string], extra: Partial<FieldDef> = {}): FieldDef => ({
  path,
  kind,
  label: { en: en[0], es: es[0] },
  help: { en: en[1], es: es[1] },
  ...extra,
});

export const GROUPS: readonly GroupDef[] = [
  {
    id: "company",
    title: { en: "Your company", es: "Su empresa" },
    fields: [
      f("companyName", "text", ["Company name", "As visitors know you; shown in the chat's header."], ["Nombre de la empresa", "Como le conocen los visitantes; aparece en la cabecera del chat."], { required: true }),
      f("companyPhone", "phone", ["Phone", "The number visitors call when the chat cannot help."], ["Teléfono", "El número al que llaman los visitantes cuando el chat no puede ayudar."]),
      f("companyLogo", "url", ["Logo address", "An https:// address of your logo picture."], ["Dirección del logotipo", "Una dirección https:// de la imagen de su logotipo."]),
      f("companyTeamPic", "url", ["Team picture address", "An https:// address of a picture of your team, shown with the greeting."], ["Dirección de la foto del equipo", "Una dirección https:// de una foto de su equipo, junto al saludo."]),
      f("tagLine", "text", ["Tag line", "One short line under your name."], ["Eslogan", "Una línea corta bajo su nombre."]),
      f("botName", "text", ["Assistant's name", "The name the chat signs with, e.g. Gwen."], ["Nombre del asistente", "El nombre con el que firma el chat, p. ej. Gwen."]),
    ],
  },
  {
    id: "look",
    title: { en: "Look", es: "Aspecto" },
    fields: [
      f("brandColor", "colour", ["Brand colour", "The chat's header, bubble and buttons. Text on it is white or black, whichever reads better."], ["Color de la marca", "La cabecera, la burbuja y los botones del chat. El texto encima es blanco o negro, lo que se lea mejor."]),
      f("accentColor", "colour", ["Accent colour", "Optional: focus rings, when it is readable on white."], ["Color de acento", "Opcional: el contorno del foco, si se lee bien sobre blanco."]),
    ],
  },
  {
    id: "words",
    title: { en: "Words", es: "Textos" },
    fields: [
      f("greeting", "long", ["Greeting", "The first thing the chat says to a new visitor."], ["Saludo", "Lo primero que dice el chat a un visitante nuevo."]),
      f("salutation", "text", ["Salutation", "How the chat greets a visitor by name, e.g. Hi."], ["Tratamiento", "Cómo saluda el chat al visitante por su nombre, p. ej. Hola."]),
      f("valueAddDescription", "long", ["Why choose you", "A sentence or two on what makes your service worth it."], ["Por qué elegirle", "Una o dos frases sobre lo que hace valioso su servicio."]),
      f("instaQuoteMessage", "long", ["Instant quote message", "Said while the quote is being put together."], ["Mensaje del presupuesto al instante", "Se dice mientras se prepara el presupuesto."]),
      f("language", "choice", ["Visitors' language", "Used when the visitor's page does not choose one."], ["Idioma de los visitantes", "Se usa cuando la página del visitante no elige uno."], {
        choices: [
          { value: "en", label: { en: "English", es: "Inglés" } },
          { value: "es", label: { en: "Spanish", es: "Español" } },
        ],
      }),
      f("translations.es.greeting", "long", ["Greeting in Spanish", "Shown to visitors who chat in Spanish; empty: the greeting above."], ["Saludo en español", "Para quien chatea en español; vacío: el saludo de arriba."]),
      f("translations.es.salutation", "text", ["Salutation in Spanish", "E.g. Hola."], ["Tratamiento en español", "P. ej. Hola."]),
      f("translations.es.valueAddDescription", "long", ["Why choose you, in Spanish", "Empty: the English one."], ["Por qué elegirle, en español", "Vacío: el texto en inglés."]),
      f("translations.es.instaQuoteMessage", "long", ["Instant quote message in Spanish", "Empty: the English one."], ["Mensaje del presupuesto al instante en español", "Vacío: el texto en inglés."]),
    ],
  },
  {
    id: "area",
    title: { en: "Service area", es: "Zona de servicio" },
    fields: [
      f("zipCodes", "lines", ["ZIP codes you serve", "One a line; the first digits cover a whole area (430 covers 43017). Empty: everywhere."], ["Códigos postales que atiende", "Uno por línea; las primeras cifras cubren una zona (430 cubre 43017). Vacío: en todas partes."]),
      f("dontTaxZipCodes", "lines", ["ZIP codes without sales tax", "One a line: visitors there are quoted no tax."], ["Códigos postales sin impuesto", "Uno por línea: allí no se cobra impuesto."]),
      f("minQuotableSize", "number", ["Smallest size you quote", "In square feet (square metres when metric); smaller lawns go to your office."], ["Tamaño mínimo que presupuesta", "En pies cuadrados (metros cuadrados si es métrico); los más pequeños pasan a su oficina."]),
      f("maxQuotableSize", "number", ["Largest size you quote", "Larger lawns go to your office."], ["Tamaño máximo que presupuesta", "Los más grandes pasan a su oficina."]),
      f("isMetric", "yesNo", ["Metric", "Sizes in square metres instead of square feet."], ["Sistema métrico", "Tamaños en metros cuadrados en vez de pies cuadrados."]),
      f("measurementMode", "choice", ["What you measure", "The lawn's area, or the house's perimeter (pest control)."], ["Qué mide", "La superficie del césped o el perímetro de la casa (control de plagas)."], {
        choices: [
          { value: "area", label: { en: "Area", es: "Superficie" } },
          { value: "perimeter", label: { en: "Perimeter", es: "Perímetro" } },
        ],
      }),
    ],
  },
  {
    id: "services",
    title: { en: "Services and questions", es: "Servicios y preguntas" },
    fields: [
      f("availableServiceTypes", "lines", ["Services you offer", "One a line, as your price list names them."], ["Servicios que ofrece", "Uno por línea, como los nombra su lista de precios."]),
    ],
    lists: ["preModalQuestions", "serviceQuestionsSteps", "learnMoreSteps"],
  },
  {
    id: "payments",
    title: { en: "Payments", es: "Pagos" },
    fields: [
      f("autoPayAvailable", "yesNo", ["Offer autopay", "Visitors may pay each visit automatically."], ["Ofrecer pago automático", "Los visitantes pueden pagar cada visita automáticamente."]),
      f("prePayAvailable", "yesNo", ["Offer pre-pay", "Visitors may pay the season up front."], ["Ofrecer pago por adelantado", "Los visitantes pueden pagar la temporada por adelantado."]),
      f("autoPayAlternativeLabel", "text", ["Autopay's name", "What you call autopay, e.g. EASY PAY."], ["Nombre del pago automático", "Cómo llama al pago automático, p. ej. EASY PAY."]),
      f("alternativePaymentVerbiage", "long", ["Other ways to pay", "Words shown next to the payment choices."], ["Otras formas de pago", "Texto junto a las opciones de pago."]),
      f("termsOfService", "long", ["Terms and conditions", "Shown before the visitor pays."], ["Términos y condiciones", "Se muestran antes de pagar."]),
    ],
  },
  {
    id: "marketing",
    title: { en: "Marketing sources", es: "Fuentes de marketing" },
    fields: [
      f("areMarketingQuestionsActivated", "yesNo", ["Ask how they heard of you", "The chat asks each visitor once."], ["Preguntar cómo le conocieron", "El chat lo pregunta una vez a cada visitante."]),
      f("marketingSourceInquiryPrompt", "text", ["The question", "E.g. How did you hear about us?"], ["La pregunta", "P. ej. ¿Cómo nos conoció?"]),
    ],
    lists: ["marketingSources"],
  },
  {
    id: "scheduling",
    title: { en: "Scheduling words", es: "Textos de la cita" },
    fields: [
      f("customSchedulingVerbiage", "long", ["Scheduling words", "What the chat says about when you will come."], ["Texto de la cita", "Lo que dice el chat sobre cuándo irán."]),
      f("translations.es.customSchedulingVerbiage", "long", ["Scheduling words in Spanish", "Empty: the English ones."], ["Texto de la cita en español", "Vacío: el texto en inglés."]),
    ],
  },
  {
    id: "redirect",
    title: { en: "After a sale", es: "Después de una venta" },
    fields: [
      f("willRedirect", "yesNo", ["Send the visitor to a page", "After paying, the visitor goes to your thank-you page."], ["Llevar al visitante a una página", "Tras pagar, el visitante va a su página de agradecimiento."]),
      f("redirectUrl", "url", ["Thank-you page address", "An https:// address on your site."], ["Dirección de la página de agradecimiento", "Una dirección https:// de su web."]),
    ],
  },
];
