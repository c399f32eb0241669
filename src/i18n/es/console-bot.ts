// The Bot page's words in Spanish: the keys of src/i18n/en/console-bot.ts.
// Over 300 lines on purpose: every field of the form has its label and line of help here.
import type { FieldProblemCode } from "../../config/config-fields.ts";
import type { BotWords } from "../en/console-bot.ts";

const problems: Record<FieldProblemCode, (n?: number) => string> = {
  required: () => "Rellene este campo.",
  text: () => "Escriba texto aquí.",
  number: () => "Escriba un número (solo cifras).",
  whole: () => "Escriba un número entero.",
  tooSmall: (n) => `Debe ser al menos ${n}.`,
  tooLarge: (n) => `Debe ser como mucho ${n}.`,
  tooLong: (n) => `Use ${n} caracteres o menos.`,
  tooMany: (n) => `Como mucho ${n} entradas.`,
  choice: () => "Elija una de las opciones.",
  yesNo: () => "Elija sí o no.",
  list: () => "Dé una lista, una entrada por línea.",
  minOverMax: () => "El tamaño mínimo no puede ser mayor que el máximo.",
  url: () => "Use una dirección completa que empiece por https:// (http: no es seguro en la web de una empresa).",
  urlHost: () => "Debe estar en la dirección del propio proveedor de pagos.",
  video: () => "Use un archivo de vídeo (.mp4, .webm, .ogv) o un enlace de YouTube o Vimeo.",
  colour: () => "Esto no es un color. Use #rrggbb (como #1e7b34), #rgb o rgb(30, 123, 52).",
  usZip: () => "Un código postal de EE. UU. tiene 5 cifras, sin letras (o sus primeras cifras, o ZIP+4 como 43017-1234).",
  variableName: () => "Use letras, cifras, _ o ., empezando por una letra.",
  botId: () => "Debe ser el identificador del propio bot.",
  timeOfDay: () => "Use una hora del día como 21:00.",
  invalid: () => "Este valor no es válido.",
};

export const botWords: BotWords = {
  page: "Bot",
  title: "Su bot",
  intro: "Cambie lo que ven sus visitantes. Los cambios se guardan como borrador mientras escribe y se ven en la vista previa; los visitantes los ven cuando un propietario los publica.",
  whichBot: "Bot",
  loading: "Cargando…",
  problems,
  line: (n: number) => `Línea ${n}: `,
  entry: (n: number) => `Entrada ${n}: `,
  saving: "Guardando el borrador…",
  draftSaved: (who: string, when: string) => `Borrador guardado por ${who}, ${when}. Los visitantes aún no lo ven.`,
  noDraft: "Sin borrador: esto es lo que ven los visitantes.",
  notSaved: (n: number) => `No guardado: ${n === 1 ? "hay que corregir un campo" : `hay que corregir ${n} campos`} (marcados abajo). Los visitantes no ven ningún cambio.`,
  failed: "No se pudo guardar. Revise su conexión e inténtelo de nuevo.",
  live: (version: number, who: string, when: string) => `Publicado: versión ${version}${who ? `, por ${who}` : ""}${when ? `, ${when}` : ""}.`,
  publish: "Publicar",
  publishHelp: "Hace que el borrador sea lo que ve cada nuevo visitante. La versión que sustituye se conserva abajo.",
  published: (version: number) => `Publicado como versión ${version}.`,
  discard: "Descartar el borrador",
  discarded: "Borrador descartado: el formulario muestra lo que ven los visitantes.",
  ownerOnly: "Solo un propietario puede publicar o restaurar. Sus cambios se guardan como borrador para que un propietario los publique.",
  versions: "Versiones",
  version: "Versión",
  who: "Por",
  when: "Cuándo",
  note: "Nota",
  restore: "Restaurar",
  restoreVersion: (n: number) => `Restaurar la versión ${n}`,
  restored: (n: number) => `La versión ${n} vuelve a estar publicada.`,
  current: "Publicada ahora",
  restoreHelp: "Restaurar vuelve a publicar una versión anterior (como versión nueva) y descarta el borrador.",
  preview: "Vista previa",
  previewHelp: "El widget real con su borrador. Las conversaciones aquí son de prueba: no aparecen en la bandeja ni en el embudo.",
  desktop: "Escritorio",
  phone: "Teléfono",
  previewFrame: "Vista previa del bot con el borrador",
  serverNotes: "Este servidor no puede hacer todo lo que pide esta configuración:",
  contrast: (ratio: string, text: string) => `El texto sobre este color es ${text}, con un contraste de ${ratio}:1 (hace falta al menos 4,5:1; el widget elige blanco o negro por usted).`,
  white: "blanco",
  black: "negro",
  addEntry: "Añadir",
  removeEntry: "Quitar",
  yes: "Sí",
  no: "No",
  defaultChoice: "Sin definir",
  /** The form's groups, by id (src/console/bot/bot-fields.ts). */
  groups: {
    company: "Su empresa",
    look: "Aspecto",
    words: "Textos",
    area: "Zona de servicio",
    services: "Servicios y preguntas",
    payments: "Pagos",
    marketing: "Fuentes de marketing",
    scheduling: "Textos de la cita",
    redirect: "Después de una venta",
  },
  /** Each field's label and line of help, by its path in the configuration. */
  fields: {
    companyName: {
      label: "Nombre de la empresa",
      help: "Como le conocen los visitantes; aparece en la cabecera del chat.",
    },
    companyPhone: {
      label: "Teléfono",
      help: "El número al que llaman los visitantes cuando el chat no puede ayudar.",
    },
    companyLogo: {
      label: "Dirección del logotipo",
      help: "Una dirección https:// de la imagen de su logotipo.",
    },
    companyTeamPic: {
      label: "Dirección de la foto del equipo",
      help: "Una dirección https:// de una foto de su equipo, junto al saludo.",
    },
    tagLine: {
      label: "Eslogan",
      help: "Una línea corta bajo su nombre.",
    },
    botName: {
      label: "Nombre del asistente",
      help: "El nombre con el que firma el chat, p. ej. Gwen.",
    },
    brandColor: {
      label: "Color de la marca",
      help: "La cabecera, la burbuja y los botones del chat. El texto encima es blanco o negro, lo que se lea mejor.",
    },
    accentColor: {
      label: "Color de acento",
      help: "Opcional: el contorno del foco, si se lee bien sobre blanco.",
    },
    greeting: {
      label: "Saludo",
      help: "Lo primero que dice el chat a un visitante nuevo.",
    },
    salutation: {
      label: "Tratamiento",
      help: "Cómo saluda el chat al visitante por su nombre, p. ej. Hola.",
    },
    valueAddDescription: {
      label: "Por qué elegirle",
      help: "Una o dos frases sobre lo que hace valioso su servicio.",
    },
    instaQuoteMessage: {
      label: "Mensaje del presupuesto al instante",
      help: "Se dice mientras se prepara el presupuesto.",
    },
    language: {
      label: "Idioma de los visitantes",
      help: "Se usa cuando la página del visitante no elige uno.",
    },
    "translations.es.greeting": {
      label: "Saludo en español",
      help: "Para quien chatea en español; vacío: el saludo de arriba.",
    },
    "translations.es.salutation": {
      label: "Tratamiento en español",
      help: "P. ej. Hola.",
    },
    "translations.es.valueAddDescription": {
      label: "Por qué elegirle, en español",
      help: "Vacío: el texto en inglés.",
    },
    "translations.es.instaQuoteMessage": {
      label: "Mensaje del presupuesto al instante en español",
      help: "Vacío: el texto en inglés.",
    },
    zipCodes: {
      label: "Códigos postales que atiende",
      help: "Uno por línea; las primeras cifras cubren una zona (430 cubre 43017). Vacío: en todas partes.",
    },
    dontTaxZipCodes: {
      label: "Códigos postales sin impuesto",
      help: "Uno por línea: allí no se cobra impuesto.",
    },
    minQuotableSize: {
      label: "Tamaño mínimo que presupuesta",
      help: "En pies cuadrados (metros cuadrados si es métrico); los más pequeños pasan a su oficina.",
    },
    maxQuotableSize: {
      label: "Tamaño máximo que presupuesta",
      help: "Los más grandes pasan a su oficina.",
    },
    isMetric: {
      label: "Sistema métrico",
      help: "Tamaños en metros cuadrados en vez de pies cuadrados.",
    },
    measurementMode: {
      label: "Qué mide",
      help: "La superficie del césped o el perímetro de la casa (control de plagas).",
    },
    availableServiceTypes: {
      label: "Servicios que ofrece",
      help: "Uno por línea, como los nombra su lista de precios.",
    },
    autoPayAvailable: {
      label: "Ofrecer pago automático",
      help: "Los visitantes pueden pagar cada visita automáticamente.",
    },
    prePayAvailable: {
      label: "Ofrecer pago por adelantado",
      help: "Los visitantes pueden pagar la temporada por adelantado.",
    },
    autoPayAlternativeLabel: {
      label: "Nombre del pago automático",
      help: "Cómo llama al pago automático, p. ej. EASY PAY.",
    },
    alternativePaymentVerbiage: {
      label: "Otras formas de pago",
      help: "Texto junto a las opciones de pago.",
    },
    termsOfService: {
      label: "Términos y condiciones",
      help: "Se muestran antes de pagar.",
    },
    areMarketingQuestionsActivated: {
      label: "Preguntar cómo le conocieron",
      help: "El chat lo pregunta una vez a cada visitante.",
    },
    marketingSourceInquiryPrompt: {
      label: "La pregunta",
      help: "P. ej. ¿Cómo nos conoció?",
    },
    customSchedulingVerbiage: {
      label: "Texto de la cita",
      help: "Lo que dice el chat sobre cuándo irán.",
    },
    "translations.es.customSchedulingVerbiage": {
      label: "Texto de la cita en español",
      help: "Vacío: el texto en inglés.",
    },
    willRedirect: {
      label: "Llevar al visitante a una página",
      help: "Tras pagar, el visitante va a su página de agradecimiento.",
    },
    redirectUrl: {
      label: "Dirección de la página de agradecimiento",
      help: "Una dirección https:// de su web.",
    },
  },
  /** A choice's words, by `<path>=<value>`. */
  choices: {
    "language=en": "Inglés",
    "language=es": "Español",
    "measurementMode=area": "Superficie",
    "measurementMode=perimeter": "Perímetro",
  },
  /** The list editors (src/console/bot/bot-lists.tsx). */
  lists: {
    preModalQuestions: {
      title: "Preguntas antes del presupuesto",
      help: "Se hacen a cada visitante justo antes de los precios. Con opciones, el visitante toca una.",
      entry: "Pregunta",
    },
    serviceQuestionsSteps: {
      title: "Preguntas para un servicio",
      help: "Solo se hacen cuando el visitante elige ese servicio.",
      entry: "Pregunta",
    },
    learnMoreSteps: {
      title: "Respuestas de 'Más información'",
      help: "Lo que dice el chat, paso a paso, a quien quiere saber más primero.",
      entry: "Paso",
    },
    marketingSources: {
      title: "Fuentes para elegir",
      help: "Las respuestas a '¿cómo nos conoció?'; el código es lo que muestran sus informes.",
      entry: "Fuente",
    },
  },
  listFields: {
    question: "Texto",
    options: "Opciones (una por línea; vacío: ninguna)",
    id: "Nombre de la respuesta en sus informes",
    program: "Servicio para el que se pregunta",
    description: "Lo que ve el visitante",
    code: "Código",
  },
  /** The follow-ups section (src/console/bot/follow-ups-editor.tsx). */
  followUps: {
    title: "Seguimiento a quien se va sin comprar",
    intro: "Cuando alguien deja un presupuesto con sus datos de contacto y no compra, el asistente le envía el enlace para volver a su presupuesto, con el precio donde se quedó. Una venta, una reserva, 'necesito pensarlo', una respuesta STOP, el enlace de baja o que su personal marque el cliente como atendido los detiene. Los SMS solo van a quien marcó la casilla de consentimiento.",
    enabled: "Enviar seguimientos",
    enabledHelp: "Desactivado: no se envía nada; el plan de abajo se conserva.",
    steps: "Pasos",
    stepsHelp: "Cada paso se envía estos minutos después de la última actividad del cliente (al menos 1; 60 es una hora, 1440 un día). Como mucho 6 pasos.",
    step: "Paso",
    afterMinutes: "Minutos después de irse",
    channel: "Enviado como",
    sms: "SMS",
    email: "Correo",
    removeStep: "Quitar el paso",
    addStep: "Añadir un paso",
    noSteps: "Sin pasos: no se envía nada.",
    quiet: "Horas de silencio",
    quietOn: "Respetar horas de silencio",
    quietHelp: "Ningún mensaje entre estas horas en la zona horaria del cliente; uno previsto entonces espera hasta el final.",
    quietStart: "Silencio desde",
    quietEnd: "Silencio hasta",
    postalAddress: "Su dirección postal",
    postalAddressHelp: "Necesaria para los correos: la ley (CAN-SPAM) exige su dirección postal al pie de cada correo de seguimiento. Sin ella no se envía ningún correo de seguimiento; los SMS sí.",
    noAddress: "Aún no hay dirección postal: los pasos por correo no se enviarán.",
    preview: "Vista previa de los mensajes",
    previewHelp: "Tal como los recibiría un cliente, para un cliente de ejemplo (Alex, presupuesto de 59,00); los enlaces son de ejemplo.",
    previewFailed: "No se pudo hacer la vista previa.",
    textMessage: "SMS",
    emailMessage: "Correo",
    subject: "Asunto",
    wording: "Su propio texto",
    wordingHelp:
      "Deje un campo vacío para el texto estándar. Puede usar {name} (el nombre del cliente), {price} (el precio actual), {services} y {company}. El SMS siempre empieza con el nombre de su empresa y termina con el enlace y 'Responda STOP para no recibir más'; el correo conserva el saludo, el enlace, su dirección postal y el enlace de baja.",
    wordText: "SMS: su frase",
    wordSubject: "Correo: asunto",
    wordBody: "Correo: párrafo",
    /** A preview's heading: its language's name as Intl.DisplayNames gives it in the page's language. */
    inLanguage: (language: string) => `En ${language}`,
    /** A step's delay: one and many of each unit. */
    units: {
      minute: ["minuto", "minutos"],
      hour: ["hora", "horas"],
      day: ["día", "días"],
    },
  },
};
