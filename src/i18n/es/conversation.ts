// The conversation in Spanish, written for a homeowner, in usted: every key of the English
// table (src/i18n/en/conversation.ts) and no other, or tsc fails.
import type { CompanyConfig } from "../../config/company-config.ts";
import { formatSize, unitFor } from "../../config/measurement.ts";
import { phoneLink } from "../../config/phone-format.ts";
import { formatAddress, nonEmpty, ownRebuttal } from "../../flow/message-parts.ts";
import type { MessageTable } from "../en/conversation.ts";
import { localeFor } from "../language.ts";
import { quote } from "./quote.ts";

const locale = (config: CompanyConfig) => localeFor("es", config.currency);
const size = (value: number | undefined, config: CompanyConfig) => formatSize(value ?? 0, locale(config));
/** The unit as the company's English config names it, in Spanish. */
const UNITS: Record<string, string> = { "sq ft": "pies cuadrados", "sq m": "metros cuadrados", "linear ft": "pies lineales", "linear m": "metros lineales" };
const unit = (text: string) => UNITS[text] ?? text;

/** " al (614) 555-0100": the company's phone, when it has one. */
function officePhone(config: CompanyConfig): string {
  const link = phoneLink(config.companyPhone, config.currency);
  return link ? ` al ${link.text}` : "";
}

export const conversation: MessageTable = {
  salutation: ({ config }) => (nonEmpty(config.salutation) ? config.salutation : null),
  welcome: ({ config }) =>
    nonEmpty(config.greeting)
      ? config.greeting
      : `¡Hola! Soy ${config.botName}, el asistente de cotizaciones de ${config.companyName.replace(/\.$/, "")}. En unos minutos mediré su propiedad, analizaré su zona, prepararé un programa a su medida y le daré una cotización al instante.`,
  startPrompt: "Cuando usted quiera.",
  startButton: ({ config }) =>
    config.crmSolution === "servman" && nonEmpty(config.gettingStartedText) ? config.gettingStartedText : "Empecemos",
  learnMoreButton: "Más información",
  learnMore: ({ config }) =>
    nonEmpty(config.instaQuoteMessage)
      ? config.instaQuoteMessage
      : `${config.companyName} cotiza cada propiedad de forma individual. Cuénteme un poco sobre la suya: la mediré, elegiré los servicios adecuados y le mostraré un precio exacto, sin necesidad de llamar.`,
  learnMoreFollowUp: ({ config }) =>
    nonEmpty(config.valueAddDescription) ? config.valueAddDescription : "Solo toma unos minutos. ¿Empezamos?",
  yes: "Sí",
  no: "No",

  askName: "Empecemos por su nombre. ¿Cuál es su nombre y apellido?",
  nameLabel: "Nombre y apellido",
  askPhone: ({ answers }) =>
    `${answers.customerFirstName ? `¡Gracias, ${answers.customerFirstName}!` : "¡Gracias!"} ¿A qué número de teléfono podemos llamarle?`,
  phoneLabel: "Número de teléfono",
  askEmail: "¿Y su correo electrónico?",
  emailLabel: "Correo electrónico",
  askAddress: "¿Cuál es la dirección de la propiedad que desea cotizar?",
  addressLabel: "Buscar dirección",
  askUnit: "¿Tiene número de apartamento, unidad o suite?",
  askUnitNumber: "¿Cuál es el número de apartamento, unidad o suite?",
  unitLabel: "Apartamento, unidad o suite",

  askSource: ({ config }) =>
    nonEmpty(config.marketingSourceInquiryPrompt) ? config.marketingSourceInquiryPrompt : "¿Cómo se enteró de nosotros?",
  askReferrer: "¿Quién nos recomendó? Nos encantaría agradecérselo.",
  referrerLabel: "Nombre de quien le recomendó",
  askOtherSource: "Cuéntenos un poco más sobre cómo se enteró de nosotros",
  otherSourceLabel: "Cómo se enteró de nosotros",

  welcomeBack: ({ answers }) => (answers.customerFirstName ? `¡Bienvenido de nuevo, ${answers.customerFirstName}!` : "¡Bienvenido de nuevo!"),
  confirmAddress: ({ config, answers }) =>
    config.crmSolution === "servman"
      ? "¿Necesita el servicio en la siguiente dirección?"
      : `Usted desea una cotización para su propiedad en ${formatAddress(answers)}. ¿Es correcto?`,
  confirmAddressDetail: ({ config, answers }) => (config.crmSolution === "servman" ? formatAddress(answers) : null),
  addressConfirmed: "¡Perfecto! Empecemos.",
  notMyAddress: "No hay problema. Intentémoslo de nuevo",

  checkingPreviousQuote: "Buscando una cotización anterior...",
  couldNotFindYou: "No encontramos sus datos en nuestros registros.",
  alreadyQuoted: "Parece que usted ya pidió una cotización en nuestro sistema.",
  checkingServicedBefore: "Comprobando si ya le hemos dado servicio antes...",
  portalRedirect:
    "Parece que esta dirección ya está en nuestra base de datos. Le estamos llevando al portal de clientes para que administre su cuenta.",

  reopeningYourQuote: "Abriendo de nuevo su cotización",

  startingQuote: "Un momento, por favor, mientras preparo su cotización...",
  valueAdd: ({ config }) => (nonEmpty(config.valueAddDescription) ? config.valueAddDescription : null),

  openingMeasurIt: "Abriendo nuestra tecnología Measur.it",
  measurePrompt: ({ config }) =>
    config.measurementMode === "perimeter"
      ? "Marque el contorno de su propiedad en el mapa y luego pulse Finish."
      : "Pinte su césped en el mapa y luego pulse Finish.",
  measured: ({ config, answers }) =>
    `¡Gracias! Parece que usted ${config.measurementMode === "perimeter" ? "marcó" : "pintó"} ${size(answers.lawnSize, config)} ${unit(answers.measureUnits ?? unitFor(config.measurementMode, config.isMetric))}.`,
  askSize: ({ config }) =>
    `¿Cuántos ${config.isMetric ? "metros cuadrados" : "pies cuadrados"} tiene, más o menos, el área que desea que atendamos?`,
  sizeLabel: ({ config }) => `Tamaño en ${unit(unitFor("area", config.isMetric))}`,
  estimatedSize: ({ config, answers }) =>
    config.sqftEstimateSource === "home"
      ? `El interior de su casa mide unos ${size(answers.lawnSize, config)} ${unit(unitFor("area", config.isMetric))}.`
      : `Su terreno mide unos ${size(answers.totalLotSize, config)} ${unit(unitFor("area", config.isMetric))}${config.sqftEstimateSource === "other" ? `, de los cuales unos ${size(answers.lawnSize, config)} ${unit(unitFor("area", config.isMetric))} son césped` : ""}.`,
  askLawnShare: "¿Qué parte es césped? Mueva el control y luego pulse Actualizar el tamaño del césped.",
  manualReview:
    "Nuestra tecnología de cotización al instante es buena, pero creemos que lo mejor es revisar su propiedad con usted personalmente. Nos pondremos en contacto pronto.",
  wellThanksAnyway: ({ config }) =>
    `¡Gracias de todos modos! Su propiedad no está dentro de los tamaños que podemos cotizar en línea. Llámenos${officePhone(config)} y con gusto la cotizaremos en persona.`,

  answerLabel: "Su respuesta",

  choosePrograms: "¿Qué servicios desea cotizar? Elija todos los que quiera y luego pulse Siguiente.",
  noPrograms: ({ config }) =>
    `Lo siento, ahora mismo no puedo mostrarle nuestros servicios. Llámenos${officePhone(config)} y le prepararemos su cotización.`,

  askLastMowed: "¿Cuándo se cortó su césped por última vez?",
  lastMowed2Weeks: "Hace 2 semanas",
  lastMowed4Weeks: "Hace 4 semanas",
  lastMowedMonthPlus: "Hace más de 1 mes",
  notSure: "No estoy seguro",
  askWhoMows: "¿Quién corta su césped actualmente?",
  askWhoCares: "¿Quién cuida su césped actualmente?",
  doItMyself: "Lo hago yo",
  useAnotherCompany: "Otra empresa",
  justMovedIn: "Me acabo de mudar",
  branchMyself: "¡Muy bien! Veamos cómo devolverle algunos de sus fines de semana.",
  branchAnotherCompany: "Gracias por tenernos en cuenta. Nos encantaría ganarnos su confianza.",
  branchMovedIn: "¡Bienvenido al vecindario! Demos a su nuevo césped el mejor comienzo.",
  askWhatMissing: "¿Qué le falta a su empresa actual?",
  customerService: "Atención al cliente",
  betterQuality: "Mejor calidad",
  betterPricing: "Mejores precios",
  askHappiness: "¿Qué tan contento está con su césped? Califíquelo de 1 a 5 estrellas.",
  happinessLabel: "La calificación de su césped, en estrellas",
  tenLawn: "¡Un césped de cinco estrellas! Le ayudaremos a mantenerlo así toda la temporada.",
  nineOrLessLawn: "Gracias por su sinceridad. Nuestro equipo le ayudará a lograr un césped de cinco estrellas.",

  askThickness: "¿Qué tan tupido está su césped?",
  thick: "Tupido",
  patchy: "Con calvas",
  thin: "Ralo",
  askBiggestProblem: "¿Cuál es el mayor problema de su césped?",
  broadleafWeeds: "Malezas de hoja ancha",
  stubbornWeeds: "Malezas difíciles",
  grubs: "Larvas",
  crabgrass: "Pasto cangrejo",
  disease: "Enfermedades",
  shade: "Sombra",
  askGrassType: "¿Qué tipo de césped tiene?",
  bermuda: "Pasto bermuda",
  zoysia: "Zoysia",
  tallFescue: "Festuca alta",
  stAugustine: "San Agustín",
  dontKnow: "No lo sé",

  askQuoteNow: "¡Su cotización está casi lista! ¿Desea verla ahora o prefiere personalizar su programa primero?",
  quoteNowButton: "Ver mi cotización ahora",
  customizeButton: "Personalizar mi programa",
  calculating: "Calculando su cotización personalizada...",
  quoteReady: ({ answers }) => (answers.customerFirstName ? `¡Aquí tiene su cotización personalizada, ${answers.customerFirstName}!` : "¡Aquí tiene su cotización personalizada!"),
  viewQuoteButton: "Ver mi cotización",
  noPrices: ({ config }) =>
    `En este momento no pude calcular los precios de lo que eligió. Llámenos${officePhone(config)} y terminaremos su cotización con usted.`,

  congratsSale: ({ answers }) =>
    answers.customerFirstName ? `¡Felicidades, ${answers.customerFirstName}! Su pedido está confirmado.` : "¡Felicidades y bienvenido! Su pedido está confirmado.",
  saleTransaction: ({ answers }) =>
    answers.saleTransactionId ? `Datos enviados correctamente con la transacción n.º ${answers.saleTransactionId}` : null,
  saleReceipt: ({ answers, config }) =>
    [
      answers.saleAmount && `Pagado hoy: ${answers.saleAmount}.`,
      answers.saleServices && `Servicios: ${answers.saleServices}${answers.salePlan ? ` (${quote.label(answers.salePlan)})` : ""}.`,
      `Próximos pasos: ${config.companyName} se pondrá en contacto con usted para programar su primera visita.`,
    ]
      .filter(Boolean)
      .join(" "),
  thinkAboutIt: "Necesito pensarlo",

  askObjection: "No hay problema, es una decisión importante. ¿Puedo preguntarle qué le hace dudar?",
  objectionPrice: "El precio",
  objectionProduct: "El servicio",
  objectionPeople: "El personal",
  // The company's own rebuttal, in the words it gave (objectionSteps has no translations), else ours.
  rebuttalPrice: ({ config }) =>
    ownRebuttal(config, "price") ??
    "Lo entendemos. Si paga la temporada por adelantado, el precio baja, y cada visita está respaldada por nuestra garantía de satisfacción: si algo no está bien, volvemos sin costo.",
  rebuttalProduct: ({ config }) =>
    ownRebuttal(config, "product") ??
    "Cada programa se adapta al tamaño de su césped y a sus respuestas, y nuestros técnicos ajustan cada tratamiento a lo que ven ese día.",
  rebuttalPeople: ({ config }) =>
    ownRebuttal(config, "people") ??
    "Nuestros técnicos tienen licencia, antecedentes verificados y capacitación cada temporada, y usted puede llamar a nuestra oficina cuando tenga cualquier pregunta.",
  askReconsider: "¿Le gustaría ver su cotización otra vez?",
  reconsiderYes: "Sí, muéstreme mi cotización",
  reconsiderNo: "No, gracias",
  reopeningQuote: "¡Perfecto! Abriendo de nuevo su cotización...",
  askComments: "¿Hay algo que quiera decirnos antes de irse?",
  addCommentButton: "Agregar un comentario",
  noCommentButton: "Sin comentarios",
  askCommentText: "¿Qué le gustaría que supiéramos?",
  commentsLabel: "Sus comentarios",
  objectionThanks: ({ answers }) =>
    answers.customerFirstName ? `¡Gracias, ${answers.customerFirstName}! Su cotización está guardada.` : "¡Gracias por su tiempo! Su cotización está guardada.",
  willContact: "Una persona de nuestro equipo se pondrá en contacto con usted en breve para responder sus preguntas.",
  leadRetryButton: "Intentar de nuevo",
  leadWaiting: ({ config }) =>
    `No pude comunicarme con nuestro equipo en este momento. Enviaré sus datos en cuanto vuelva la conexión. Si prefiere no esperar, llámenos${officePhone(config)}.`,

  zipNotServiced: "Lo sentimos, no podemos cotizar su propiedad: la dirección indicada está fuera de nuestra zona de servicio.",
  sqftTooBig: ({ config }) =>
    `¡Gracias! Su propiedad necesita una revisión más detallada de la que puede dar nuestra cotización al instante. Una persona de nuestro equipo se pondrá en contacto con usted para prepararla, o llámenos${officePhone(config)}.`,
  callTheOffice: ({ config }) => `Llame a nuestra oficina${officePhone(config)} y con gusto le atenderemos.`,
  portalUnavailable: ({ config }) => `Usted ya tiene una cuenta con nosotros. Llame a nuestra oficina${officePhone(config)} para administrarla.`,

  aerialAlt: "Vista aérea de su propiedad",
  streetAlt: "Vista de la calle de su propiedad",
  videoAlt: ({ config }) => `Un video sobre ${config.companyName}`,
};

