// Opens the quote modal over the page when the conversation says so, fed by the priced quote:
// the plan and the service switches change the figures at once (the pure engine), and prices
// are fetched again in the background; 'I NEED TO THINK ABOUT IT' hands back to the chat.
import { useAtomValue } from "jotai/react";
import { formatSize, unitFor } from "../../config/measurement.ts";
import type { CompanyConfig } from "../../config/company-config.ts";
import { formatAddress } from "../../flow/messages.ts";
import { flowStateAtom } from "../../state/atoms.ts";
import { convertedSaleAtom, pricesBusyAtom, quoteModalOpenAtom, quoteViewAtom } from "../../state/quote-atoms.ts";
import type { WidgetController } from "../../state/widget-controller.ts";
import type { Answers } from "../../flow/types.ts";
import { ProposalModal } from "../proposal/proposal-modal.tsx";
import type { ProposalHeaderInfo } from "../proposal/proposal-header.tsx";

function headerFor(answers: Answers, config: CompanyConfig): ProposalHeaderInfo {
  const size = Number(answers.adjustedLotSize || answers.lawnSize || 0);
  const picture = answers.measurItImage || answers.aerialImg || answers.streetImg;
  return {
    address: formatAddress(answers),
    customerName: answers.customerName ?? [answers.customerFirstName, answers.customerLastName].filter(Boolean).join(" "),
    ...(picture ? { homeImage: { src: picture, alt: "Your property" } } : {}),
    sizeEstimate: size > 0 ? `${formatSize(size)} ${answers.measureUnits ?? unitFor("area", config.isMetric)}` : "",
  };
}

export function QuoteModalHost({ controller, config }: { controller: WidgetController; config: CompanyConfig }) {
  const open = useAtomValue(quoteModalOpenAtom);
  const view = useAtomValue(quoteViewAtom);
  const busy = useAtomValue(pricesBusyAtom);
  const converted = useAtomValue(convertedSaleAtom);
  const answers = useAtomValue(flowStateAtom)?.answers ?? {};
  if (!open || !view) return null;
  const { session, conversation } = controller;
  return (
    <ProposalModal
      quote={view.quote}
      addOns={view.addOns}
      header={headerFor(answers, config)}
      companyName={config.companyName}
      {...(config.companyTeamPic ? { teamPicture: config.companyTeamPic } : {})}
      {...(config.termsOfService ? { termsOfService: config.termsOfService } : {})}
      convertedSale={converted}
      hideSummary={config.hideSummary}
      bypassPayment={config.bypassPayment}
      busy={busy}
      onTermChange={(term) => session.setTerm(term)}
      onToggleService={(id, selected) => session.toggleService(id, selected)}
      onThinkAboutIt={() => {
        session.closeModal();
        conversation.answer("think");
      }}
      onSignUp={() => controller.signUp()}
      onClose={() => session.closeModal()}
    />
  );
}
