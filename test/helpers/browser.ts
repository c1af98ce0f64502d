// Headless Chromium (Debian's package) through playwright-core: one launch per test file or script run.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Why browser tests cannot run here, or null when they can. */
export const noBrowserReason = existsSync(CHROMIUM)
  ? null
  : `${CHROMIUM} is missing (apt-get install -y chromium; CI installs it)`;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}
