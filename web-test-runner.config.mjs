// Browser tests: real Chromium (Debian's package), testing the built dist/ bundle the way a
// host page loads it. A small API stub serves company configurations, good and broken.
// Component tests (*.test.tsx) render one view of src/ui directly: each is bundled by esbuild.
import { chromeLauncher } from "@web/test-runner-chrome";
import { esbuildPlugin } from "@web/dev-server-esbuild";
import { build } from "esbuild";
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

// Two more origins on this machine for the cross-origin bridge tests. Each serves the
// emitter page; *.test host names resolve to 127.0.0.1 in the test browser (look-alikes).
const EMITTER_JS = readFileSync(new URL("./test/browser/fixtures/emitter.js", import.meta.url));
function emitterServer() {
  const server = createServer((req, res) => {
    if (req.url?.startsWith("/emitter.js")) {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(EMITTER_JS);
      return;
    }
    res.writeHead(200, { "content-type": "text/html" });
    res.end('<!doctype html><html lang="en"><title>emitter</title><script src="/emitter.js"></script></html>');
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}
const emitters = await Promise.all([emitterServer(), emitterServer()]);
const [allowedPort, otherPort] = emitters.map((s) => s.address().port);
const testOrigins = {
  allowed: `http://localhost:${allowedPort}`,
  otherPort: `http://localhost:${otherPort}`,
  lookAlike: `http://localhost.evil.test:${allowedPort}`,
};

const goodConfig = (id, extra = {}) => ({
  id,
  companyName: "Test Lawn Co",
  botName: "Sprout",
  tagLine: "Greener lawns, honest prices",
  botSpeed: 20,
  ...extra,
});

// GET /test-api/v1/company/:company/bot/:bot
const companies = {
  "lawn-co": goodConfig("lawn-co"),
  "greeting-co": goodConfig("greeting-co", { greeting: "Howdy from Greeting Co!" }),
  "servman-co": goodConfig("servman-co", { crmSolution: "servman", gettingStartedText: "Book a Technician" }),
  "invalid-co": { id: "invalid-co", botSpeed: "fast" },
  // Every URL hostile; the configuration is still used, without them (test/browser/hostile-config.test.ts).
  "hostile-co": goodConfig("hostile-co", {
    cardProcessor: "acme-credit-card-vault",
    companyLogo: "javascript:window.__qaPwned='logo'",
    companyTeamPic: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'/>",
    redirectUrl: "http://evil.test/",
    crmPortalUrl: "//evil.test/portal",
    measuringToolUrl: `http://evil.test:${allowedPort}/`,
    payments: {
      stripe: { publishableKey: "pk_test_hostile", scriptUrl: "data:text/javascript,window.__qaPwned='stripe'" },
      cardVault: {
        productionScriptUrl: "javascript:window.__qaPwned='vault'",
        sandboxScriptUrl: `http://evil.test:${allowedPort}/emitter.js`,
        liveMerchantId: "live_x",
        testMerchantId: "test_x",
      },
      crmPaymentFrameUrl: "https://realgreen.com.evil.test/frame",
    },
  }),
  // The wrong shape, but the company's phone is readable: the error state offers the call.
  "shape-co": { id: 42, companyName: "", companyPhone: "(614) 555-0100" },
};

// Start failures (test/browser/start-failures.test.ts): an HTML error page where JSON belongs,
// and a company whose first three requests fail (the first try and ky's two retries) and
// whose next one works, for 'Try again'.
const GARBAGE = "<!doctype html><title>502 Bad Gateway</title><h1>Bad Gateway</h1>";
let flakyRequests = 0;

function apiStub() {
  return {
    name: "api-stub",
    serverStop() {
      for (const server of emitters) server.close();
    },
    serve(context) {
      if (context.path === "/test-origins.json") return { body: JSON.stringify(testOrigins), type: "json" };
      return undefined;
    },
  };
}

/** The configuration route, as middleware so that error statuses reach the browser as sent. */
function answerConfiguration(context, company) {
  const json = (status, body) => {
    context.status = status;
    context.type = "json";
    context.body = JSON.stringify(body);
  };
  if (company === "garbage-co") {
    context.status = 200;
    context.type = "html";
    context.body = GARBAGE;
    return;
  }
  if (company === "flaky-co") {
    flakyRequests++;
    if (flakyRequests <= 3) return json(503, { message: "warming up" });
    return json(200, goodConfig("flaky-co", { companyPhone: "6145550199" }));
  }
  if (company === "down-co") return json(500, { message: "database unavailable" });
  if (!(company in companies)) return json(404, { message: `unknown company ${company}` });
  return json(200, companies[company]);
}

async function apiMiddleware(context, next) {
  const match = /^\/test-api\/v1\/company\/([^/]+)\/bot\/([^/?]+)/.exec(context.path);
  if (!match) return next();
  context.set("Access-Control-Allow-Origin", "*");
  answerConfiguration(context, decodeURIComponent(match[1]));
}

// React is CommonJS, so a component test cannot be served module by module: bundle it whole.
// The runner's commands stay external: they reach the runner through its own server paths.
function bundleComponentTests() {
  return {
    name: "bundle-component-tests",
    async serve(context) {
      if (!/^\/test\/browser\/[\w-]+\.test\.tsx$/.test(context.path)) return undefined;
      const result = await build({
        entryPoints: [fileURLToPath(new URL(`.${context.path}`, import.meta.url))],
        bundle: true,
        write: false,
        format: "esm",
        target: "es2022",
        jsx: "automatic",
        sourcemap: "inline",
        logLevel: "silent",
        define: { "process.env.NODE_ENV": '"development"' },
        external: ["@web/test-runner-commands"],
      });
      return { body: result.outputFiles[0].text, type: "js" };
    },
  };
}

export default {
  files: ["test/browser/**/*.test.ts", "test/browser/**/*.test.tsx"],
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 20_000 } },
  middleware: [apiMiddleware],
  plugins: [bundleComponentTests(), esbuildPlugin({ ts: true, target: "es2022" }), apiStub()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: [...CHROMIUM_ARGS, "--host-resolver-rules=MAP *.test 127.0.0.1", "--disable-popup-blocking"],
      },
    }),
  ],
};
