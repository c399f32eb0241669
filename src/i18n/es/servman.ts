// ServMan's chapter's words in Spanish: every key of the English ones (src/i18n/en/servman.ts)
// and no other, or tsc fails. They come in the Spanish file with the rest of the tree, which
// the widget already has when ServMan's chapter arrives.
import type { CompanyConfig } from "../../config/company-config.ts";
import { phoneLink } from "../../config/phone-format.ts";
import { nonEmpty, type MessageInput } from "../../flow/message-parts.ts";
import { fillSchedulingVerbiage, formatLongDate, plainText } from "../../flow/scheduling.ts";
import type { ServmanTable } from "../en/servman.ts";
import { localeFor } from "../language.ts";

const locale = (config: CompanyConfig) => localeFor("es", config.currency);
const date = ({ answers, config }: MessageInput) => formatLongDate(answers.scheduleDate ?? "", locale(config));

/** " al (614) 555-0100", as ./conversation.ts writes it. */
function officePhone(config: CompanyConfig): string {
  const link = phoneLink(config.companyPhone, config.currency);
  return link ? ` al ${link.text}` : "";
}

export const servman: ServmanTable = {
  askEmergency: "¿Se trata de una emergencia?",
  tellMeMoreButton: "Quiero saber más",
  emergencyTellMeMore: ({ config }) =>
    nonEmpty(config.emergencyTellMeMore)
      ? plainText(config.emergencyTellMeMore)
      : "Una emergencia es un problema que pone en riesgo a personas, mascotas o su hogar en este momento. En esos casos, nuestra oficina envía al técnico más cercano lo antes posible.",
  askEmergencyAgain: "Entonces, ¿se trata de una emergencia?",
  emergencyCall: ({ config }) =>
    `Si es una emergencia, llame ahora mismo a nuestra oficina${officePhone(config)} y le enviaremos un técnico lo antes posible.`,
  callOfficeButton: ({ config }) => `Llamar al ${phoneLink(config.companyPhone, config.currency)?.text ?? ""}`,
  askServiceAgreement: ({ config }) =>
    nonEmpty(config.serviceAgreementContent) ? plainText(config.serviceAgreementContent) : `¿Tiene un contrato de servicio con ${config.companyName}?`,
  serviceAgreementTellMeMore: ({ config }) =>
    nonEmpty(config.serviceAgreementTellMeMore)
      ? plainText(config.serviceAgreementTellMeMore)
      : "Un contrato de servicio es un plan de visitas periódicas de nuestros técnicos. Si tiene uno, es posible que su solicitud esté cubierta.",
  askServiceAgreementAgain: ({ config }) => `Entonces, ¿tiene un contrato de servicio con ${config.companyName}?`,
  hasServiceAgreement: "¡Perfecto! Busquemos el servicio adecuado dentro de su contrato.",
  noServiceAgreement: ({ config }) =>
    nonEmpty(config.noServiceAgreementContent) ? plainText(config.noServiceAgreementContent) : "¡No hay problema! Busquemos el servicio adecuado para usted.",
  askServiceCategory: "¿En qué podemos ayudarle?",
  askServiceProblem: "¿Cuál de estas opciones describe mejor el problema?",
  noServiceProblems: "Lo siento, no puedo reservar ese servicio en línea.",
  askAdditionalInformation:
    "¿Hay algo más que nuestro técnico deba saber? Por ejemplo, dónde ha visto el problema o el código de la entrada.",
  additionalInformationLabel: "Información adicional",
  creatingServiceOrder: "Un momento mientras creo su solicitud de servicio...",
  orderFollowUp: ({ answers }) =>
    `¡Gracias! Recibimos su solicitud de servicio${nonEmpty(answers.servmanOrderId) ? ` (número ${answers.servmanOrderId})` : ""}. Nuestra oficina se pondrá en contacto con usted en breve para coordinar la visita.`,

  schedulingIntro: "Busquemos un horario para su visita. ¿Qué día le conviene más?",
  calendarLabel: "Elija un día para su visita",
  chooseTimeSlot: (ctx) => `Estos son los horarios disponibles el ${date(ctx)}. ¿Cuál le conviene más?`,
  anotherDayButton: "Elegir otro día",
  noTimeSlots: "No hay horarios disponibles",
  noTimeSlotsAdvice: (ctx) =>
    `No hay horarios disponibles el ${date(ctx)}. Elija otro día o llame a nuestra oficina${officePhone(ctx.config)} para programar su visita.`,
  schedulingTerms: (ctx) =>
    `Usted eligió el ${date(ctx)}, entre ${ctx.answers.scheduleSlot ?? ""}. Antes de reservar, lea nuestras condiciones de servicio.`,
  schedulingTermsOfService: ({ config }) => (nonEmpty(config.termsOfService) ? plainText(config.termsOfService) : null),
  askAgreeToTerms: "¿Acepta estas condiciones?",
  termsRefused: "Lo sentimos, no podemos programar una cita sin su aceptación.",
  confirmTimeSlotButton: "Confirmar el horario",
  chooseAnotherTimeButton: "Elegir otro horario",
  slotTaken: (ctx) => `Lo sentimos, otra persona acaba de reservar el horario de ${ctx.answers.scheduleSlot ?? ""} del ${date(ctx)}.`,
  scheduleConfirmed: ({ config, answers }) =>
    fillSchedulingVerbiage(
      config.customSchedulingVerbiage,
      { date: answers.scheduleDate ?? "", window: answers.scheduleSlot ?? "" },
      "Su cita está confirmada para el {date}, entre {window}. Nuestro técnico llegará dentro de ese horario; asegúrese de que haya un adulto en casa.",
      locale(config),
    ),
  scheduleFailed: "Lo siento, no pude reservar ese horario en línea.",
};
