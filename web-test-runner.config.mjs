// Browser tests: real Chromium (Debian's package), testing the built dist/ bundle the way a
// host page loads it. A small API stub serves company configurations, good and broken.
import { chromeLauncher } from "@web/test-runner-chrome";
import { esbuildPlugin } from "@web/dev-server-esbuild";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.mjs";

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
};

function apiStub() {
  return {
    name: "api-stub",
    serve(context) {
      const match = /^\/test-api\/v1\/company\/([^/]+)\/bot\/([^/?]+)/.exec(context.path);
      if (!match) return undefined;
      context.set("Access-Control-Allow-Origin", "*");
      const company = decodeURIComponent(match[1]);
      if (company === "down-co") {
        context.status = 500;
        return { body: JSON.stringify({ message: "database unavailable" }), type: "json" };
      }
      if (!(company in companies)) {
        context.status = 404;
        return { body: JSON.stringify({ message: `unknown company ${company}` }), type: "json" };
      }
      return { body: JSON.stringify(companies[company]), type: "json" };
    },
  };
}

export default {
  files: "test/browser/**/*.test.ts",
  nodeResolve: true,
  concurrency: 1,
  testsFinishTimeout: 180_000,
  testFramework: { config: { timeout: 20_000 } },
  plugins: [esbuildPlugin({ ts: true, target: "es2022" }), apiStub()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
};
