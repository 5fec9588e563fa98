import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

/**
 * `npm run screens`: the phone screenshots under docs/screens/, taken at 360 px with JavaScript
 * off (what the slowest phone gets first), from a fresh demo install served as the journeys are.
 */
export default defineConfig({
  ...base,
  testDir: "tests/screens",
  retries: 0,
  projects: [
    {
      name: "phone-js-off",
      use: {
        javaScriptEnabled: false,
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 1,
      },
    },
  ],
});
