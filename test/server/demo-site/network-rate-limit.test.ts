// The per-network limit of the customer lookup and the previous-quote check (issue 27): a
// guesser spreading its guesses over the addresses of one IPv4 /24 or one IPv6 /64 is cut off
// as one, while another network still gets answers. The site trusts X-Forwarded-For here (as
// behind a proxy, TRUST_PROXY=1), so one test process can speak from many addresses.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { networkOf } from "../../../server/api/rate-limits.ts";
import { httpRequest } from "./http-client.ts";
import { insideOneWindow } from "./rate-window.ts";
import { useTestSite } from "./start-test-site.ts";

const PER_CLIENT = 4;
const PER_NETWORK = 10;
const site = useTestSite({
  rateLimits: {
    perClient: { limit: PER_CLIENT, windowMs: 60_000 },
    perNetwork: { limit: PER_NETWORK, windowMs: 60_000 },
    perSubject: { limit: 1000, windowMs: 60_000 },
    trustProxy: true,
  },
});

let guess = 0;
const lookupFrom = async (client: string) => {
  const phone = `61455577${String(guess++ % 100).padStart(2, "0")}`;
  const response = await httpRequest(`${site.api}/v1/company/greenway-lawn/customer/lookup?phonenumber=${phone}`, {
    headers: { "X-Forwarded-For": client },
  });
  return response.status;
};

describe("the per-network rate limit (/24, /64)", () => {
  test("networkOf: an IPv4 address's /24, an IPv6 address's /64 however it is written", () => {
    const table: Array<[string, string]> = [
      ["203.0.113.5", "v4:203.0.113.0/24"],
      ["203.0.113.250", "v4:203.0.113.0/24"],
      ["203.0.114.5", "v4:203.0.114.0/24"],
      ["::ffff:203.0.113.7", "v4:203.0.113.0/24"],
      ["2001:db8:1:2::1", "v6:2001:db8:1:2::/64"],
      ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "v6:2001:db8:1:2::/64"],
      ["2001:DB8:1:2:0:0:0:9", "v6:2001:db8:1:2::/64"],
      ["2001:db8:1:3::1", "v6:2001:db8:1:3::/64"],
      ["2001:db8::1", "v6:2001:db8:0:0::/64"],
      ["::1", "v6:0:0:0:0::/64"],
      ["unknown", "other:unknown"],
    ];
    for (const [address, network] of table) assert.equal(networkOf(address), network, address);
  });

  test("IPv4: guesses spread over one /24 are cut off together; another /24 still answers", async () => {
    await insideOneWindow(60_000, 5_000);
    const statuses: number[] = [];
    // Five addresses, each below its own limit, PER_NETWORK + 5 guesses in all.
    for (let i = 0; i < PER_NETWORK + 5; i++) statuses.push(await lookupFrom(`198.51.100.${10 + (i % 5)}`));
    assert.deepEqual(statuses, [...Array<number>(PER_NETWORK).fill(200), ...Array<number>(5).fill(429)]);
    assert.equal(await lookupFrom("198.51.100.99"), 429, "a fresh address of the same /24");
    assert.equal(await lookupFrom("198.51.101.10"), 200, "the next /24");
  });

  test("IPv6: guesses spread over one /64 are cut off together; another /64 still answers", async () => {
    await insideOneWindow(60_000, 5_000);
    const statuses: number[] = [];
    for (let i = 0; i < PER_NETWORK + 5; i++) statuses.push(await lookupFrom(`2001:db8:aa:bb::${(i % 5).toString(16)}${i}`));
    assert.deepEqual(statuses, [...Array<number>(PER_NETWORK).fill(200), ...Array<number>(5).fill(429)]);
    assert.equal(await lookupFrom("2001:db8:aa:bb:ffff::1"), 429, "a fresh address of the same /64");
    assert.equal(await lookupFrom("2001:db8:aa:bc::1"), 200, "the next /64");
  });

  test("one address is still cut off at its own limit, below the network's", async () => {
    await insideOneWindow(60_000, 5_000);
    const statuses: number[] = [];
    for (let i = 0; i < PER_CLIENT + 2; i++) statuses.push(await lookupFrom("192.0.2.77"));
    assert.deepEqual(statuses, [...Array<number>(PER_CLIENT).fill(200), 429, 429]);
    assert.equal(await lookupFrom("192.0.2.78"), 200, "its neighbour, below the network's limit");
  });
});
