// The quote modal over the page, fed by the priced quote: the plan and the service switches
// change the figures at once (the pure engine), and prices are fetched again in the
// background; 'I NEED TO THINK ABOUT IT' hands back to the chat. Lives in the quote chunk:
// the store's values and what the modal may do (QuoteModalActions) come in as props, never
// by import.
import { formatSize, unitFor } from "../../config/measurement.ts";
import type { CompanyConfig } from "../../config/company-config.ts";
import { formatAddress } from "../../flow/messages.ts";
import type { Answers } from "../../flow/types.ts";
import type { QuoteView } from "../../state/quote-atoms.ts";
import type { QuoteModalActions } from "../../state/quote-modal-actions.ts";
import { useCheckout } from "../checkout/use-checkout.tsx";
import { ProposalModal } from "../proposal/proposal-modal.tsx";
import type { ProposalHeaderInfo } from "../proposal/proposal-header.tsx";

export interface QuoteModalProps {
  actions: QuoteModalActions;
  config: CompanyConfig;
  view: QuoteView;
  answers: Answers;
  /** Prices are being fetched again. */
  busy: boolean;
  /** The sale went through. */
  converted: boolean;
}

function headerFor(answers: Answers, config: CompanyConfig): ProposalHeaderInfo {
  const size = Number(answers.adjustedLotSize || answers.lawnSize || 0);
  const picture = answers.measurItImage || answers.aerialImg || answers.streetImg;
  return {
    address: formatAddress(answers),
    customerName: answers.customerName ?? [answers.customerFirstName, answers.customerLastName].filter(Boolean).join(" "),
    ...(picture ? { homeImage: { src: picture, alt: "Your property" } } : {}),
    ...(config.quoteModalImage ? { banner: config.quoteModalImage } : {}),
    sizeEstimate: size > 0 ? `${formatSize(size)} ${answers.measureUnits ?? unitFor("area", config.isMetric)}` : "",
  };
}

export function QuoteModal({ actions, config, view, answers, busy, converted }: QuoteModalProps) {
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
  });
  return (
    <ProposalModal
      quote={view.quote}
      addOns={view.addOns}
      header={headerFor(answers, config)}
      companyName={config.companyName}
      {...(config.companyTeamPic ? { teamPicture: config.companyTeamPic } : {})}
      {...(config.termsOfService ? { termsOfService: config.termsOfService } : {})}
      {...(config.alternativePaymentVerbiage ? { paymentNote: config.alternativePaymentVerbiage } : {})}
      convertedSale={converted}
      hideSummary={config.hideSummary}
      bypassPayment={config.bypassPayment}
      busy={busy || checkout.charging}
      canSignUp={checkout.canPay && !converted}
      checkout={checkout.form}
      onTermChange={(term) => actions.setTerm(term)}
      onToggleService={(id, selected) => actions.toggleService(id, selected)}
      onThinkAboutIt={() => actions.thinkAboutIt()}
      onSignUp={checkout.submit}
      onClose={() => actions.close()}
    />
  );
}
