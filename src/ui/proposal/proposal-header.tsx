// The top of the proposal (SPEC §2): who and where the quote is for, the home's picture and
// the size the prices are based on.
import type { ProposalHeaderInfo } from "./proposal-info.ts";

export type { ProposalHeaderInfo } from "./proposal-info.ts";

export function ProposalHeader({ info, sizeLabel = "Size estimate" }: { info: ProposalHeaderInfo; sizeLabel?: string }) {
  return (
    <div className="qa-card qa-proposal-head">
      {info.banner && <img className="qa-proposal-banner" src={info.banner} alt="" />}
      {info.homeImage && <img className="qa-home-image" src={info.homeImage.src} alt={info.homeImage.alt} />}
      <div className="qa-proposal-head-text">
        <p className="qa-customer-name">{info.customerName}</p>
        <p className="qa-address">{info.address}</p>
        <p className="qa-size">
          <span className="qa-size-label">{sizeLabel}</span> <span className="qa-size-value">{info.sizeEstimate}</span>
        </p>
      </div>
    </div>
  );
}
