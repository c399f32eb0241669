// The quote modal over the page, fed by the priced quote: the plan and the service switches
// change the figures at once (the pure engine), and prices are fetched again in the
// background; 'I NEED TO THINK ABOUT IT' hands back to the chat. Lives in the quote chunk:
// the store's values and what the modal may do (QuoteModalActions) come in as props, never
// by import.
import { useEffect } from "react";
import type { PriceBlock } from "../../contract/quote-services.ts";
import type { CompanyConfig } from "../../config/company-config.ts";
import { proposalHeader } from "../proposal/proposal-info.ts";
import type { Answers } from "../../flow/types.ts";
import type { QuoteView } from "../../state/quote-atoms.ts";
import type { QuoteModalActions } from "../../state/quote-modal-actions.ts";
import { useCheckout } from "../checkout/use-checkout.tsx";
import { NoServices } from "../proposal/no-services.tsx";
import { ProposalModal } from "../proposal/proposal-modal.tsx";
import { enQuote, type QuoteWords } from "../../i18n/en/quote.ts";
import { formatMoney } from "../../lazy/shared-with-chunks.ts";

export interface QuoteModalProps {
  actions: QuoteModalActions;
  config: CompanyConfig;
  /** Null when every service is switched off ('No Services'). */
  view: QuoteView | null;
  /** The quote's services as priced, for the 'No Services' state's switches. */
  blocks: PriceBlock[] | null;
  answers: Answers;
  /** Prices are being fetched again. */
  busy: boolean;
  /** The sale went through. */
  converted: boolean;
  /** The visitor's language when not English: its words, and the Intl locale of its amounts. */
  words?: QuoteWords | undefined;
  locale?: string | undefined;
}

export function QuoteModal(props: QuoteModalProps) {
  const { view, actions, config } = props;
  if (!view) {
    return (
      <NoServices
        blocks={props.blocks ?? []}
        companyName={config.companyName}
        onToggleService={(id, selected) => actions.toggleService(id, selected)}
        onClose={() => actions.close()}
        words={props.words ?? enQuote}
      />
    );
  }
  return <PricedQuoteModal {...props} view={view} />;
}

function PricedQuoteModal({ actions, config, view, answers, busy, converted, words = enQuote, locale }: QuoteModalProps & { view: QuoteView }) {
  // The card fields load only now, when the quote opens (Stripe.js, the vault's script).
  const checkout = useCheckout({
    config,
    providers: config.payments ?? {},
    quote: view.quote,
    api: actions.api,
    companyId: actions.companyId,
    botId: actions.botId,
    quoteId: answers.quoteId ?? "",
    crmId: answers.crmId ?? null,
    host: actions.host,
    onPaid: (sale) => actions.completePurchase(sale),
    onPricesChanged: () => actions.reloadPrices(),
    words,
  });
  // The host page hears of checkout when a payment starts (any button, or Enter), and of a
  // refused payment when its message is on screen.
  const { charging, alert } = checkout.state;
  useEffect(() => {
    if (charging) actions.checkoutStarted();
  }, [charging, actions]);
  useEffect(() => {
    if (alert) actions.paymentFailed(alert);
  }, [alert, actions]);
  return (
    <ProposalModal
      quote={view.quote}
      addOns={view.addOns}
      header={proposalHeader(answers, config, locale, words.label)}
      companyName={config.companyName}
      {...(config.companyTeamPic ? { teamPicture: config.companyTeamPic } : {})}
      {...(config.termsOfService ? { termsOfService: config.termsOfService } : {})}
      {...(config.alternativePaymentVerbiage ? { paymentNote: config.alternativePaymentVerbiage } : {})}
      convertedSale={converted}
      words={words}
      {...(locale
        ? { formatMoney: (minor: number, code: string) => formatMoney(minor, code, locale), localMoney: (minor: number) => formatMoney(minor, view.quote.currency, locale) }
        : {})}
      hideSummary={config.hideSummary}
      bypassPayment={config.bypassPayment}
      busy={busy || checkout.charging}
      canSignUp={checkout.canPay && !converted}
      checkout={checkout.form}
      onTermChange={(term) => actions.setTerm(term)}
      onToggleService={(id, selected) => actions.toggleService(id, selected)}
      onThinkAboutIt={() => actions.thinkAboutIt()}
      onSignUp={checkout.submit}
      onCheckout={() => actions.checkoutStarted()}
      onClose={() => actions.close()}
    />
  );
}
