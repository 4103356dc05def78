import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the real server, driving Debian's Chromium (no Playwright browser
 * download is possible here: scripts/ensure-chromium.sh installs the Debian package when missing).
 * The browser runs in a time zone far from every address, so dates must come from the address's
 * state, not from the visitor's clock.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  globalSetup: './support/global-setup.ts',
  // Two cores: the server, the browser and two workers are already plenty.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The JSON report feeds `npm run test:timings` (scripts/test-timings.mjs).
  reporter: [['list'], ['json', { outputFile: '../reports/e2e.json' }]],
  outputDir: './test-results',
  use: {
    locale: 'en-AU',
    timezoneId: 'America/New_York',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // No trace by default: recording one costs a run some 40% (a two-core machine measured the
    // same 24 tests at 3.7 and 2.1 minutes), and CI keeps only its log. For a failing spec, run it
    // again with `--trace retain-on-failure` (e2e/README.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
