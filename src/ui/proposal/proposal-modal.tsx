// The quote and checkout modal (SPEC §2, §4): PROPOSAL (0) and CHECKOUT (1). Below 992 px a
// stepper shows one step at a time; from 992 px the two sit side by side (CSS decides, so the
// same markup serves both). Presentational: every change goes out through a callback.
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { PricedQuote, PricedService, Term } from "../../pricing/types.ts";
import { AddOns } from "./add-ons.tsx";
import type { FormatMoney } from "./format-money.ts";
import { PlanSwitch } from "./plan-switch.tsx";
import { ProposalHeader, type ProposalHeaderInfo } from "./proposal-header.tsx";
import { ServiceBlock } from "./service-block.tsx";
import { SummaryRows } from "./summary-rows.tsx";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";
import { formatMoney as formatInCurrency, Modal } from "../../lazy/shared-with-chunks.ts";

export const PROPOSAL_STEPS = ["Proposal", "Checkout"] as const;
export type ProposalStep = 0 | 1;

export interface ProposalModalProps {
  /** The selected services, priced. */
  quote: PricedQuote;
  /** Unselected upsell services, priced ('What else can we do for you?'). */
  addOns: PricedService[];
  header: ProposalHeaderInfo;
  companyName: string;
  /** companyTeamPic URL. */
  teamPicture?: string;
  /** Plain text, shown as text with its line breaks; never parsed as HTML. */
  termsOfService?: string;
  /** alternativePaymentVerbiage: the company's word on other ways to pay, under the plan switch. Plain text. */
  paymentNote?: string;
  /** Hides 'I NEED TO THINK ABOUT IT'. */
  convertedSale: boolean;
  hideSummary: boolean;
  /** The buy button reads '⚡ BUY NOW'. */
  bypassPayment: boolean;
  /** Prices are being refetched: the last figures stay, marked busy; the buy button waits. */
  busy?: boolean;
  /** The payment form's verdict (card valid, total above 0, no charge running); default true. */
  canSignUp?: boolean;
  /** Turns minor units into text in the quote's currency; default: the pricing engine's formatMoney. */
  formatMoney?: FormatMoney;
  /** The modal's words in the visitor's language; default English. */
  words?: QuoteWords;
  /** The summary's and the saving's amounts in the visitor's locale; default as the pricing engine wrote them. */
  localMoney?: (minor: number) => string;
  /** The step shown first below 992 px; default PROPOSAL. */
  initialStep?: ProposalStep;
  onTermChange(term: Term): void;
  onToggleService(blockId: string, selected: boolean): void;
  onThinkAboutIt(): void;
  /** The CHECKOUT step's button. */
  onSignUp(): void;
  /** The visitor moved on to the CHECKOUT step (below 992 px). */
  onCheckout?(): void;
  onClose(): void;
  /** The payment form (issue 6); without it the checkout shows the summary and the button. */
  checkout?: ReactNode;
}

const BACK_PATH = "M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z";

export function ProposalModal(props: ProposalModalProps) {
  const { quote, addOns, header, companyName, hideSummary, busy = false, canSignUp = true, formatMoney = formatInCurrency, words: w = enQuote } = props;
  const [step, setStep] = useState<ProposalStep>(props.initialStep ?? 0);
  const stepChanged = useRef(false);
  const checkoutTitleRef = useRef<HTMLHeadingElement>(null);
  const toCheckoutRef = useRef<HTMLButtonElement>(null);

  // The step that was left is hidden and took focus with it: put focus where the visitor goes on.
  useEffect(() => {
    if (!stepChanged.current) return;
    (step === 1 ? checkoutTitleRef.current : toCheckoutRef.current)?.focus({ preventScroll: true });
  }, [step]);

  const goTo = (next: ProposalStep) => {
    stepChanged.current = true;
    if (next === 1) props.onCheckout?.();
    setStep(next);
  };

  const term = quote.totals.term;
  const todayRow = hideSummary ? undefined : quote.summary.find((row) => row.id === "today");
  const money = props.localMoney;
  const today = todayRow && { label: w.label(todayRow.label), value: money && todayRow.amount !== null ? money(todayRow.amount) : todayRow.value };
  const priceProps = { term, monthly: quote.periodLabel !== null, currency: quote.currency, formatMoney, words: w };
  const summary = (className: string) =>
    hideSummary ? null : <SummaryRows rows={quote.summary} periodLabel={quote.periodLabel} className={className} words={w} money={money} />;

  return (
    <Modal title={w.title(companyName)} onClose={props.onClose} className="qa-proposal-modal">
      <div className="qa-proposal" aria-busy={busy}>
        <ol className="qa-stepper" aria-label={w.stepsLabel}>
          {w.steps.map((label, index) => (
            <li
              key={label}
              className={index === step ? "qa-step qa-step-current" : "qa-step"}
              aria-current={index === step ? "step" : undefined}
            >
              <span className="qa-step-number" aria-hidden="true">
                {index + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
        <div className="qa-panes">
          <section
            className={step === 0 ? "qa-pane qa-pane-proposal qa-pane-current" : "qa-pane qa-pane-proposal"}
            aria-labelledby="qa-proposal-title"
          >
            <div className="qa-pane-scroll">
              <h3 id="qa-proposal-title" className="qa-visually-hidden">
                {w.proposal}
              </h3>
              <ProposalHeader info={header} sizeLabel={w.sizeEstimate} />
              {quote.plan.shown && (
                <PlanSwitch plan={quote.plan} term={term} onTermChange={props.onTermChange} words={w} saveText={quote.plan.saveText && money ? `${w.label("& SAVE")} ${money(quote.totals.discount)}` : quote.plan.saveText} />
              )}
              {props.paymentNote && <p className="qa-card qa-payment-note">{props.paymentNote}</p>}
              <section className="qa-proposal-section" aria-labelledby="qa-recommend-title">
                <h3 id="qa-recommend-title" className="qa-section-title">
                  {w.recommend}
                </h3>
                {quote.services.map((service) => (
                  <ServiceBlock key={service.block.id} service={service} {...priceProps} onToggleService={props.onToggleService} />
                ))}
              </section>
              {summary("qa-summary-proposal")}
              {props.teamPicture && <img className="qa-team-picture" src={props.teamPicture} alt={w.team(companyName)} />}
              {props.termsOfService && (
                <div className="qa-proposal-section">
                  <h3 id="qa-terms-title" className="qa-section-title">
                    {w.terms}
                  </h3>
                  {/* Scrolls when long: focusable so keyboard users can scroll it too. */}
                  <div className="qa-terms" role="region" aria-labelledby="qa-terms-title" tabIndex={0}>
                    {props.termsOfService}
                  </div>
                </div>
              )}
              {addOns.length > 0 && <AddOns addOns={addOns} {...priceProps} onToggleService={props.onToggleService} />}
              {!props.convertedSale && (
                <button type="button" className="qa-choice qa-think" onClick={props.onThinkAboutIt}>
                  {w.think}
                </button>
              )}
            </div>
            <div className="qa-pane-footer">
              {today && (
                <p className="qa-footer-total">
                  <span className="qa-footer-label">{today.label}</span>{" "}
                  <span className="qa-amount">{today.value}</span>
                </p>
              )}
              <button ref={toCheckoutRef} type="button" className="qa-choice qa-choice-primary qa-to-checkout" part="primary-button" onClick={() => goTo(1)}>
                {w.checkout}
              </button>
            </div>
          </section>
          <section
            className={step === 1 ? "qa-pane qa-pane-checkout qa-pane-current" : "qa-pane qa-pane-checkout"}
            aria-labelledby="qa-checkout-title"
          >
            <div className="qa-pane-scroll">
              <button type="button" className="qa-back" onClick={() => goTo(0)}>
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={BACK_PATH} />
                </svg>
                {w.back}
              </button>
              <h3 id="qa-checkout-title" ref={checkoutTitleRef} className="qa-section-title qa-checkout-title" tabIndex={-1}>
                {w.checkout}
              </h3>
              {summary("qa-summary-checkout")}
              {props.checkout}
              <button
                type="button"
                className="qa-choice qa-choice-primary qa-sign-up" part="primary-button"
                disabled={busy || !canSignUp}
                onClick={props.onSignUp}
              >
                {props.bypassPayment ? w.buyNow : w.signUp}
              </button>
            </div>
          </section>
        </div>
        {/* One polite announcement of the amount due when prices change, whichever step shows. */}
        <p className="qa-visually-hidden" aria-live="polite" aria-atomic="true">
          {today ? `${today.label} ${today.value}` : ""}
        </p>
      </div>
    </Modal>
  );
}
