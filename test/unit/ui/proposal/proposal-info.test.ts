// The top of the proposal, from the answers (src/flow/proposal-header.ts, used by the quote
// modal): the adjusted size before the measured lawn, the drawing before the photos.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { proposalHeader } from "../../../../src/ui/proposal/proposal-info.ts";

const dublin = {
  customerFirstName: "Ada",
  customerLastName: "Lovelace",
  customerAddress: "5520 Brand Road",
  customerCity: "Dublin",
  customerState: "OH",
  customerZip: "43017",
};

describe("the proposal header", () => {
  test("a looked-up lot the visitor adjusted: the adjusted size in the company's unit, the aerial photo", () => {
    const header = proposalHeader(
      { ...dublin, lawnSize: 9000, adjustedLotSize: 5200, aerialImg: "https://img.example/a.jpg", streetImg: "https://img.example/s.jpg" },
      { isMetric: false },
    );
    assert.deepEqual(header, {
      address: "5520 Brand Road, Dublin, OH 43017",
      customerName: "Ada Lovelace",
      homeImage: { src: "https://img.example/a.jpg", alt: "Your property" },
      sizeEstimate: "5,200 sq ft",
    });
  });

  test("a measured lawn: its own unit and drawing; no size, no picture when nothing is known", () => {
    const measured = proposalHeader(
      { ...dublin, customerName: "Ada L.", lawnSize: 480, measureUnits: "sq m", measurItImage: "data:image/png;base64,AAAA" },
      { isMetric: true },
    );
    assert.equal(measured.sizeEstimate, "480 sq m");
    assert.equal(measured.customerName, "Ada L.");
    assert.equal(measured.homeImage?.src, "data:image/png;base64,AAAA");
    const bare = proposalHeader(dublin, { isMetric: false });
    assert.equal(bare.sizeEstimate, "");
    assert.equal(bare.homeImage, undefined);
  });
});
