// A second server process for admin-stores.test.ts: opens the database at argv[2] and
// replaces acme/main's configuration argv[3] times at once, as token argv[4]; prints the
// versions it got as JSON. A process of its own, so SQLite's locks work as between servers.
import { openStores } from "../../../server/db/stores.ts";

const [location, count, who] = process.argv.slice(2);
const stores = await openStores(location!);
try {
  const saved = await Promise.all(
    Array.from({ length: Number(count) }, (_, i) =>
      stores.documents.replace({ companyId: "acme", kind: "config", botId: "main" }, JSON.stringify({ id: "main", companyName: `${who} ${i}` }), { changedBy: `token:${who}` }),
    ),
  );
  console.log(JSON.stringify(saved.map((s) => s.version)));
} finally {
  await stores.close();
}
