// The languages' tables: the same keys in every language (a key in one and not the other
// fails here as well as in the type checker), every Spanish text written (not left empty, not
// 'undefined', not English), and the Spanish conversation and validation said by the engine.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { answerStep, startFlow } from "../../../src/flow/engine.ts";
import { FIRST_STEP, steps } from "../flow/whole-graph.ts";
import { formatMessage } from "../../../src/flow/messages.ts";
import type { Effect, FlowContext } from "../../../src/flow/types.ts";
import { validators } from "../../../src/flow/validators.ts";
import { conversation as messages, type MessageKey } from "../../../src/i18n/en/conversation.ts";
import { payments } from "../../../src/i18n/en/payments.ts";
import { enQuote } from "../../../src/i18n/en/quote.ts";
import { servman } from "../../../src/i18n/en/servman.ts";
import { validation } from "../../../src/i18n/en/validation.ts";
import { en } from "../../../src/i18n/en/widget.ts";
import { pack as es } from "../../../src/i18n/es/index.ts";
import { measureTool as enMeasureTool } from "../../../src/i18n/en/measure-tool.ts";
import { measureTool as esMeasureTool } from "../../../src/i18n/es/measure-tool.ts";
import { measureToolWords } from "../../../src/i18n/measure-tool-words.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";

const sorted = (table: object) => Object.keys(table).sort();

/** The keys of `a` missing from `b`, and those of `b` missing from `a`. */
function keyDifference(a: object, b: object): { missing: string[]; extra: string[] } {
  return { missing: sorted(a).filter((k) => !Object.hasOwn(b, k)), extra: sorted(b).filter((k) => !Object.hasOwn(a, k)) };
}

const TABLES: Array<[string, object, object]> = [
  ["the conversation (src/i18n/en/conversation.ts)", messages, es.messages],
  ["the validation messages (src/i18n/en/validation.ts)", validation, es.validation],
  ["the widget's words (src/i18n/en/widget.ts)", en, es.words],
  ["the quote modal's words (src/i18n/en/quote.ts)", enQuote, es.quote],
  ["the checkout's words (src/i18n/en/payments.ts)", payments, es.payments],
  ["ServMan's chapter's words (src/i18n/en/servman.ts)", servman, es.servman],
  ["the measuring tool's words (src/i18n/en/measure-tool.ts)", enMeasureTool, esMeasureTool],
];

describe("every language has every key, and no other", () => {
  for (const [name, english, spanish] of TABLES) {
    test(name, () => {
      assert.deepEqual(keyDifference(english, spanish), { missing: [], extra: [] });
      for (const key of sorted(english)) {
        const [a, b] = [(english as Record<string, unknown>)[key], (spanish as Record<string, unknown>)[key]];
        assert.equal(typeof b, typeof a, `${key}: a ${typeof a} in English`);
        if (typeof a === "function") assert.equal((b as () => unknown).length, (a as () => unknown).length, `${key} takes the same arguments`);
        if (Array.isArray(a)) assert.equal((b as unknown[]).length, a.length, `${key} has as many entries`);
      }
    });
  }

  test("the parity check itself fails on a key one language lacks", () => {
    const { messages: table } = es;
    const { welcome: _dropped, ...withoutWelcome } = table;
    assert.deepEqual(keyDifference(messages, withoutWelcome), { missing: ["welcome"], extra: [] });
    assert.deepEqual(keyDifference(en, { ...es.words, typo: "" }), { missing: [], extra: ["typo"] });
  });
});

describe("the measuring tool's words", () => {
  /** Sample arguments by a function's arity: an area's and a line's form where it has both. */
  const SAMPLES: Record<number, unknown[][]> = {
    1: [["1,234 sq ft"], [false]],
    2: [["1 Main St", true], ["1 Main St", false]],
    4: [["1,234 sq ft", 1, "300,000", "sq ft"]],
  };
  /** Every text of a table, in order, its functions called with the samples, its records (the units) entry by entry. */
  const texts = (table: object): Array<readonly [string, string]> =>
    Object.entries(table).flatMap(([key, value]: [string, unknown]) =>
      typeof value === "function"
        ? SAMPLES[value.length]!.map((args) => [key, String((value as (...a: unknown[]) => unknown)(...args))] as const)
        : typeof value === "object" && value !== null
          ? Object.entries(value).map(([unit, text]) => [`${key}.${unit}`, String(text)] as const)
          : [[key, String(value)] as const],
    );
  /** The metric symbols read the same in every language. */
  const SAME_EVERYWHERE = new Set(["m²", "m"]);

  test("every Spanish text is written: not empty, nothing undefined, not the English text", () => {
    const english = new Map(texts(enMeasureTool).map(([key, text], i) => [`${key}${i}`, text]));
    texts(esMeasureTool).forEach(([key, text], i) => {
      assert.ok(text.trim().length > 0, key);
      assert.doesNotMatch(text, /undefined|null|NaN|\[object/, key);
      if (!SAME_EVERYWHERE.has(text)) assert.notEqual(text, english.get(`${key}${i}`), `${key} is still English`);
    });
  });

  test("a tag's language picks them; none, or one we do not have, is English", () => {
    assert.equal(measureToolWords("es").done, "Listo");
    assert.equal(measureToolWords("es-MX").use, "Usar esta medida");
    for (const tag of [undefined, null, "", "fr", "xx-YY"]) assert.equal(measureToolWords(tag).done, "Done", String(tag));
  });
});

describe("the Spanish conversation", () => {
  const config = makeConfig({ companyPhone: "6145550100" });
  const answers = {
    customerFirstName: "Ana",
    customerAddress: "1 Main St",
    customerCity: "Dublin",
    customerState: "OH",
    customerZip: "43017",
    lawnSize: 6000,
    totalLotSize: 12000,
    scheduleDate: "2026-11-03",
    scheduleSlot: "8:00 AM - 12:00 PM",
    saleAmount: "$120.00",
    saleServices: "Mowing",
    saleTransactionId: "tx_1",
    servmanOrderId: "77",
    aerialImg: "https://example.com/a.png",
    streetImg: "https://example.com/s.png",
  };
  // Said the same in both languages on purpose: a yes/no and proper names.
  const SAME = new Set<MessageKey>(["no", "salutation", "valueAdd", "confirmAddressDetail", "schedulingTermsOfService", "zoysia"]);

  test("every message is written in Spanish: said, not empty, nothing undefined, not the English text", () => {
    for (const key of [...Object.keys(messages), ...Object.keys(servman)] as MessageKey[]) {
      const spanish = formatMessage(key, { config, answers, table: es.messages, servman: es.servman });
      const english = formatMessage(key, { config, answers, servman });
      assert.equal(spanish === null, english === null, `${key} is said in both languages or in neither`);
      if (spanish === null) continue;
      assert.ok(spanish.trim().length > 0, key);
      assert.doesNotMatch(spanish, /undefined|null|NaN|\[object/, key);
      if (!SAME.has(key)) assert.notEqual(spanish, english, `${key} is still English`);
    }
  });

  test("dates, sizes and the company's phone in the messages are written for Spanish (es-US for a dollar company)", () => {
    const say = (key: MessageKey) => formatMessage(key, { config, answers, table: es.messages, servman: es.servman });
    assert.equal(say("chooseTimeSlot"), "Estos son los horarios disponibles el martes, 3 de noviembre de 2026. ¿Cuál le conviene más?");
    assert.equal(say("estimatedSize"), "Su terreno mide unos 12,000 pies cuadrados.");
    assert.equal(say("callTheOffice"), "Llame a nuestra oficina al (614) 555-0100 y con gusto le atenderemos.");
    const euro = makeConfig({ currency: "EUR", isMetric: true });
    assert.equal(formatMessage("estimatedSize", { config: euro, answers, table: es.messages }), "Su terreno mide unos 12.000 metros cuadrados.");
    assert.equal(
      say("scheduleConfirmed"),
      "Su cita está confirmada para el martes, 3 de noviembre de 2026, entre 8:00 AM - 12:00 PM. Nuestro técnico llegará dentro de ese horario; asegúrese de que haya un adulto en casa.",
    );
  });

  test("the sale's receipt: the plan's name in Spanish, the company's name as written", () => {
    const receipt = formatMessage("saleReceipt", { config, answers: { ...answers, salePlan: "PRE-PAY" }, table: es.messages });
    assert.equal(receipt, "Pagado hoy: $120.00. Servicios: Mowing (PREPAGO). Próximos pasos: Test Lawn Co se pondrá en contacto con usted para programar su primera visita.");
  });

  test("a company's own text is its own, in whatever language it wrote it", () => {
    const own = makeConfig({ greeting: "¡Bienvenidos a Césped Feliz!" });
    assert.equal(formatMessage("welcome", { config: own, answers, table: es.messages }), "¡Bienvenidos a Césped Feliz!");
  });
});

describe("the engine speaks the visitor's language", () => {
  const ctx: FlowContext = { config: makeConfig(), customer: {}, programs: SAMPLE_PROGRAMS, pack: es };
  const said = (effects: Effect[]) => effects.flatMap((e) => (e.type === "say" ? [e.text] : []));

  test("the welcome, the buttons, the questions and a refused answer's message are Spanish", () => {
    const started = startFlow(steps, FIRST_STEP, ctx);
    assert.match(said(started.effects)[0]!, /^¡Hola! Soy Sprout, el asistente de cotizaciones de Test Lawn Co\. En unos minutos mediré su propiedad/);
    const ask = started.effects.find((e) => e.type === "ask");
    assert.ok(ask?.type === "ask" && ask.input.kind === "buttons");
    assert.deepEqual(ask.input.options.map((o) => o.label), ["Empecemos", "Más información"]);
    const toName = answerStep(steps, started.state, { value: "Let's Get Started" }, ctx);
    assert.ok(toName.ok);
    assert.ok(said(toName.effects).includes("Empecemos por su nombre. ¿Cuál es su nombre y apellido?"));
    const nameAsk = toName.effects.find((e) => e.type === "ask");
    assert.ok(nameAsk?.type === "ask" && nameAsk.input.kind === "text" && nameAsk.input.label === "Nombre y apellido");
    const refused = answerStep(steps, toName.state, { value: "Cher" }, ctx);
    assert.deepEqual(refused.ok ? null : refused.message, "Escriba su nombre y apellido.");
  });

  test("every validator says its message in Spanish when given the Spanish table", () => {
    const wrong: Array<[keyof typeof validators, string, string]> = [
      ["email", "ana@", "Escriba un correo electrónico válido"],
      ["phone", "555-0100", "El número de teléfono debe tener 10 u 11 dígitos"],
      ["unit", "  ", "El número de apartamento, unidad o suite es obligatorio"],
      ["referrer", "", "Este campo es obligatorio."],
      ["referrer", "x".repeat(31), "Escriba como máximo 30 caracteres"],
      ["squareFeet", "1e5", "Escriba solo números."],
    ];
    for (const [name, raw, message] of wrong) {
      const result = validators[name](raw, es.validation);
      assert.deepEqual(result.ok ? null : result.message, message, `${name} "${raw}"`);
    }
  });
});

describe("the checkout's own messages in Spanish (issue 27)", () => {
  // [the widget's English message, its Spanish]
  const table: Array<[string, string]> = [
    [payments.vaultLoadFailed, "No se pudo cargar el formulario seguro de la tarjeta. Revise su conexión e inténtelo de nuevo."],
    [payments.notSetUp, "El pago en línea todavía no está disponible. Llámenos para terminar su contratación."],
    [payments.crmNoAccount, "El pago en línea no está disponible para su cuenta. Llámenos para terminar su contratación."],
    [payments.crmLoadFailed, "No se pudo cargar el formulario de pago. Revise su conexión e inténtelo de nuevo."],
    [payments.stripeLoadFailed, "No se pudo cargar el formulario de la tarjeta. Revise su conexión e inténtelo de nuevo."],
    [payments.needsAction, "Su banco debe confirmar este pago, y no fue posible hacerlo aquí. Pruebe con otra tarjeta."],
    [payments.crmNoAnswer, "El formulario de pago no respondió. Inténtelo de nuevo."],
    [payments.refused, "No pudimos procesar su pago. Inténtelo de nuevo o llámenos para terminar su contratación."],
    [payments.pricesChanged, "Los precios de su cotización cambiaron, así que no se le cobró nada. Revise el nuevo total e inténtelo de nuevo."],
  ];
  for (const [english, spanish] of table) {
    test(`${JSON.stringify(english)} is said in Spanish`, () => {
      assert.equal(es.quote.label(english), spanish);
      assert.equal(enQuote.label(english), english);
    });
  }

  test("a processor's own text stays as it sent it", () => {
    assert.equal(es.quote.label("Your card was declined."), "Your card was declined.");
  });
});

describe("the quote modal's labels, which the pricing engine writes in SPEC §9's English", () => {
  // [the engine's text, in Spanish]
  const table: Array<[string, string]> = [
    ["GET STARTED TODAY", "PARA EMPEZAR HOY"],
    ["FIRST MONTH'S PAYMENT", "PAGO DEL PRIMER MES"],
    ["SERVICE TAX (7.250%)", "IMPUESTO DE SERVICIO (7.250%)"],
    ["VAT (20.000%)", "IVA (20.000%)"],
    ["+ TAX", "+ IMPUESTOS"],
    ["AUTOPAY", "PAGO AUTOMÁTICO"],
    ["PRE-PAY", "PREPAGO"],
    ["Monthly Billing", "Facturación mensual"],
    ["today", "hoy"],
    ["per visit", "por visita"],
    ["per treatment", "por tratamiento"],
    ["every 3 months", "cada 3 meses"],
    ["for the season", "por la temporada"],
    ["10% off every visit", "10% de descuento en cada visita"],
    ["$5.00 off for the 1st visit", "$5.00 de descuento en la 1.ª visita"],
    ["$5.00 off for the 2nd treatment", "$5.00 de descuento en el 2.º tratamiento"],
    ["$49.00 for every application", "$49.00 por cada aplicación"],
    ["$39.00 for the 3rd visit", "$39.00 por la 3.ª visita"],
    ["sq ft", "pies cuadrados"],
    ["Your card is expired", "Su tarjeta está vencida"],
    // A company's own words (an autopay label, a service's word) are shown as it wrote them.
    ["EASY PAY", "EASY PAY"],
    ["per Besuch", "por Besuch"],
  ];
  for (const [english, spanish] of table) {
    test(`"${english}" → "${spanish}"; English shows it as written`, () => {
      assert.equal(es.quote.label(english), spanish);
      assert.equal(enQuote.label(english), english);
    });
  }
});
