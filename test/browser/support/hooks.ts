import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where Debian's chromium package puts the browser; `.ci/run` installs it when missing. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

let launched: Promise<Browser> | null = null;

/** The one headless Chromium the whole suite shares, launched on first use. */
export function sharedBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No browser at ${CHROMIUM_PATH}: run "apt-get install -y chromium" (.ci/run does it when missing)`);
  }
  launched ??= chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  return launched;
}

/** Mocha root hooks: close the shared browser after the last suite. */
export const mochaHooks = {
  async afterAll() {
    if (launched) await (await launched).close();
  },
};
