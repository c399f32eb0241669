// The measuring tool's words in Spanish (../en/measure-tool.ts), in usted, with the widget's
// terms: the lawn is "césped", the lot "terreno", a measurement "medida".
import type { MeasureToolWords } from "../en/measure-tool.ts";

export const measureTool: MeasureToolWords = {
  title: "Mida su césped",
  yourProperty: "su propiedad",
  total: (area) => (area ? "Área del césped" : "Longitud"),
  map: (place, area) =>
    `Mapa satelital de ${place}. ${area ? "Toque alrededor de su césped para marcar su contorno." : "Toque a lo largo de los bordes para medirlos."}`,
  zoomIn: "Acercar",
  zoomOut: "Alejar",
  close: "Cerrar",
  help: (area) =>
    `${area ? "Toque o haga clic alrededor de su césped; toque el primer punto o pulse Listo para cerrarlo." : "Toque o haga clic a lo largo de cada borde; pulse Listo para terminar una línea."} Mueva el mapa con dos dedos o arrastrándolo con el ratón; arrastre un punto para corregirlo. Teclas: las flechas mueven el mapa, + y − acercan y alejan, Intro agrega un punto en la cruz central y Retroceso deshace.`,
  drawing: "Dibujo",
  done: "Listo",
  undo: "Deshacer",
  startOver: "Empezar de nuevo",
  addArea: "Agregar otra área",
  takeOut: "Quitar un área",
  useOutline: "Empezar desde el contorno del terreno",
  use: "Usar esta medida",
  notFound: "No encontramos esta dirección en el mapa satelital. Cierre esta ventana y escriba el tamaño de su césped.",
  unavailable: "La imagen satelital no está disponible en este momento. Cierre esta ventana y escriba el tamaño de su césped.",
  parentInvalid: "La página que abrió esta herramienta dio una dirección no válida, así que no se puede enviar la medida.",
  parentMissing: "Esta herramienta se abrió sin la dirección de la página que la pidió, así que no se puede enviar la medida.",
  cannotSend: "No se puede enviar la medida.",
  notFramed: "Esta herramienta no está dentro de otra página, así que no hay a quién enviar la medida.",
  areaFinished: "Esta área está terminada. Pulse «Agregar otra área» o «Quitar un área» para dibujar más.",
  areaClosedUse: "Área cerrada. Pulse «Usar esta medida», o agregue o quite otra área.",
  twoFingers: "Use dos dedos para mover o acercar el mapa; toque con un dedo para agregar un punto.",
  sent: (total) => `Enviado: ${total}.`,
  notSent: (total) => `Se midieron ${total}, pero no se pudo enviar la medida.`,
  closed: "Cerrado.",
  tooFewToFinish: (area) => (area ? "Toque al menos tres puntos para terminar un área." : "Toque al menos dos puntos para terminar una línea."),
  finished: (area) => (area ? "Área cerrada." : "Línea terminada. Toque para empezar otra línea o use la medida."),
  cleared: "Dibujo borrado.",
  nextArea: "Toque alrededor de la siguiente parte del césped.",
  takeOutArea: "Toque alrededor de la parte que desea quitar, como un jardín de flores o una piscina.",
  outlineDrawn: "El contorno del terreno está dibujado. Arrastre sus puntos para ajustarlo a su césped o quite áreas.",
  tooFewToUse: (area) =>
    area ? "Toque al menos tres puntos alrededor de su césped antes de usar la medida." : "Toque al menos dos puntos a lo largo del borde antes de usar la medida.",
  outOfRange: (total, min, max, unit) => `Este dibujo mide ${total}, pero solo se pueden enviar de ${min} a ${max} ${unit}. Ajuste el dibujo.`,
  // The chat's own names (../es/conversation.ts), abbreviated after a number as a US Spanish reader writes them.
  unitAfterNumber: { "sq ft": "pies²", "sq m": "m²", "linear ft": "pies", "linear m": "m" },
  unitName: { "sq ft": "pies cuadrados", "sq m": "metros cuadrados", "linear ft": "pies lineales", "linear m": "metros lineales" },
};
