// One program of the Prices form (issue 25, part B): name, applications, its price by lawn-size
// bracket, flat or as an upfront plan, its pre-pay discount and its offers.
import { useId } from "react";
import type { BuilderWords } from "../../i18n/console-words.ts";
import { Field } from "./price-field.tsx";
import { resize, type OfferForm, type ProgramForm } from "./prices-form.ts";

export function ProgramFields({
  t,
  index,
  program,
  readOnly,
  issues,
  bracketLabel,
  bracketCount,
  onChange,
}: {
  t: BuilderWords;
  index: number;
  program: ProgramForm;
  readOnly: boolean;
  issues: Map<string, string>;
  bracketLabel: (i: number) => string;
  bracketCount: number;
  onChange: (update: (program: ProgramForm) => ProgramForm) => void;
}) {
  const at = `programs.${index}`;
  const set = (patch: Partial<ProgramForm>) => onChange((current) => ({ ...current, ...patch }));
  const setOffer = (j: number, patch: Partial<OfferForm>) => onChange((current) => ({ ...current, offers: current.offers.map((offer, k) => (k === j ? { ...offer, ...patch } : offer)) }));
  const kindLabel = program.kind === "lawn-size" ? t.kind_lawnSize : program.kind === "flat" ? t.kind_flat : t.kind_upfront;
  const offerTypeId = useId();
  return (
    <fieldset disabled={readOnly} className="program">
      <legend>
        {program.name || String(program.original.id)} <span className="muted">({kindLabel})</span>
      </legend>
      <div className="field-row">
        <Field path={`${at}.name`} label={t.programName} issues={issues}>
          {(props) => <input {...props} value={program.name} onChange={(event) => set({ name: event.target.value })} />}
        </Field>
        <Field path={`${at}.applications`} label={t.applications} issues={issues}>
          {(props) => <input {...props} inputMode="numeric" value={program.applications} onChange={(event) => set({ applications: event.target.value })} />}
        </Field>
        {program.kind !== "upfront" ? (
          <Field path={`${at}.prePayDiscount`} label={t.prePayDiscount} help={t.prePayHelp} issues={issues}>
            {(props) => <input {...props} inputMode="decimal" value={program.prePayDiscount} onChange={(event) => set({ prePayDiscount: event.target.value })} />}
          </Field>
        ) : null}
      </div>
      <div className="field-row">
        {program.kind === "lawn-size"
          ? program.perApplication.map((text, j) => (
              <Field key={j} path={`${at}.price.perApplication.${j}`} label={t.perApplicationFor(bracketLabel(j))} issues={issues}>
                {(props) => (
                  <input {...props} inputMode="decimal" value={text} onChange={(event) => set({ perApplication: program.perApplication.map((p, k) => (k === j ? event.target.value : p)) })} />
                )}
              </Field>
            ))
          : null}
        {program.kind === "flat" ? (
          <Field path={`${at}.price.perApplication`} label={t.perApplication} issues={issues}>
            {(props) => <input {...props} inputMode="decimal" value={program.flat} onChange={(event) => set({ flat: event.target.value })} />}
          </Field>
        ) : null}
        {program.kind === "upfront" ? (
          <>
            <Field path={`${at}.price.upfrontPrice`} label={t.upfrontPrice} issues={issues}>
              {(props) => <input {...props} inputMode="decimal" value={program.upfrontPrice} onChange={(event) => set({ upfrontPrice: event.target.value })} />}
            </Field>
            <Field path={`${at}.price.recurringPrice`} label={t.recurringPrice} issues={issues}>
              {(props) => <input {...props} inputMode="decimal" value={program.recurringPrice} onChange={(event) => set({ recurringPrice: event.target.value })} />}
            </Field>
            <Field path={`${at}.price.recurringPeriod`} label={t.recurringPeriod} issues={issues}>
              {(props) => <input {...props} inputMode="numeric" value={program.recurringPeriod} onChange={(event) => set({ recurringPeriod: event.target.value })} />}
            </Field>
            <Field path={`${at}.price.recurringPayments`} label={t.recurringPayments} issues={issues}>
              {(props) => <input {...props} inputMode="numeric" value={program.recurringPayments} onChange={(event) => set({ recurringPayments: event.target.value })} />}
            </Field>
          </>
        ) : null}
      </div>
      {program.kind !== "upfront" ? (
        <div className="offers">
          <h3>{t.offers}</h3>
          {program.offers.map((offer, j) => {
            const where = `${at}.offers.${j}`;
            return (
              <div key={j} className="offer field-row">
                <Field path={`${where}.discountType`} label={t.offerType} issues={issues}>
                  {(props) => (
                    <select
                      {...props}
                      value={offer.discountType}
                      onChange={(event) => {
                        const discountType = event.target.value as OfferForm["discountType"];
                        setOffer(j, { discountType, prices: discountType === "discounted-price-table" ? resize(offer.prices, bracketCount) : offer.prices });
                      }}
                    >
                      <option value="percentage-off">{t.offer_percentageOff}</option>
                      <option value="fixed-price">{t.offer_fixedPrice}</option>
                      {program.kind === "lawn-size" ? <option value="discounted-price-table">{t.offer_discountedPriceTable}</option> : null}
                    </select>
                  )}
                </Field>
                {offer.discountType === "percentage-off" ? (
                  <Field path={`${where}.percent`} label={t.offerPercent} issues={issues}>
                    {(props) => <input {...props} inputMode="decimal" value={offer.percent} onChange={(event) => setOffer(j, { percent: event.target.value })} />}
                  </Field>
                ) : null}
                {offer.discountType === "fixed-price" ? (
                  <Field path={`${where}.price`} label={t.offerPrice} issues={issues}>
                    {(props) => <input {...props} inputMode="decimal" value={offer.price} onChange={(event) => setOffer(j, { price: event.target.value })} />}
                  </Field>
                ) : null}
                {offer.discountType === "discounted-price-table"
                  ? offer.prices.map((text, k) => (
                      <Field key={k} path={`${where}.prices.${k}`} label={t.offerPriceFor(bracketLabel(k))} issues={issues}>
                        {(props) => <input {...props} inputMode="decimal" value={text} onChange={(event) => setOffer(j, { prices: offer.prices.map((p, m) => (m === k ? event.target.value : p)) })} />}
                      </Field>
                    ))
                  : null}
                <Field path={`${where}.appliedTo`} label={t.appliedTo} issues={issues}>
                  {(props) => (
                    <select {...props} value={offer.appliedTo} onChange={(event) => setOffer(j, { appliedTo: event.target.value === "entire-program" ? "entire-program" : "first-app" })}>
                      <option value="first-app">{t.appliedFirst}</option>
                      <option value="entire-program">{t.appliedAll}</option>
                    </select>
                  )}
                </Field>
                <label className="check" htmlFor={`${offerTypeId}-${j}-hide`}>
                  <input id={`${offerTypeId}-${j}-hide`} type="checkbox" checked={offer.hide} onChange={(event) => setOffer(j, { hide: event.target.checked })} />
                  {t.hideOffer}
                </label>
                <button type="button" className="secondary" onClick={() => onChange((current) => ({ ...current, offers: current.offers.filter((_, k) => k !== j) }))}>
                  {t.removeOffer}
                </button>
              </div>
            );
          })}
          {program.offers.length < 5 ? (
            <button
              type="button"
              className="secondary"
              onClick={() => onChange((current) => ({ ...current, offers: [...current.offers, { discountType: "percentage-off", percent: "", price: "", prices: [], appliedTo: "first-app", hide: false }] }))}
            >
              {t.addOffer}
            </button>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
