// The checkout's words in Spanish: the keys of src/i18n/en/payments.ts. The quote modal says
// them through its words' `label` (./quote.ts).
import type { PaymentWords } from "../en/payments.ts";

export const payments: PaymentWords = {
  cardNumber: "Número de tarjeta",
  expiryField: "Vencimiento (MM / AA)",
  cardDetails: "Datos de la tarjeta",
  refused: "No pudimos procesar su pago. Inténtelo de nuevo o llámenos para terminar su contratación.",
  pricesChanged: "Los precios de su cotización cambiaron, así que no se le cobró nada. Revise el nuevo total e inténtelo de nuevo.",
  vaultLoadFailed: "No se pudo cargar el formulario seguro de la tarjeta. Revise su conexión e inténtelo de nuevo.",
  notSetUp: "El pago en línea todavía no está disponible. Llámenos para terminar su contratación.",
  crmNoAccount: "El pago en línea no está disponible para su cuenta. Llámenos para terminar su contratación.",
  crmLoadFailed: "No se pudo cargar el formulario de pago. Revise su conexión e inténtelo de nuevo.",
  crmNoAnswer: "El formulario de pago no respondió. Inténtelo de nuevo.",
  stripeLoadFailed: "No se pudo cargar el formulario de la tarjeta. Revise su conexión e inténtelo de nuevo.",
  needsAction: "Su banco debe confirmar este pago, y no fue posible hacerlo aquí. Pruebe con otra tarjeta.",
  notAuthenticated: "No se pudo verificar su tarjeta.",
  formClosed: "Se cerró el formulario de pago.",
  expiryMissing: "Falta la fecha de vencimiento",
  expiryExpired: "Su tarjeta está vencida",
  expiryValid: "La fecha de vencimiento es válida",
  cardNotProcessed: "No pudimos procesar su tarjeta. Revise los datos.",
  crmFrameTitle: "Pago con tarjeta (formulario seguro de nuestro sistema de facturación)",
  vaultNumberLabel: "Número de tarjeta (campo seguro)",
  vaultCvvLabel: "CVV (campo seguro)",
};
