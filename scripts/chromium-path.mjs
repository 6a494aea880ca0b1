// The browser the browser tests drive (docs/decisions/0212): CHROMIUM_PATH when set, else Debian's Chromium
// headless shell (`apt-get install -y chromium-headless-shell`, what Playwright itself runs headless), else
// Debian's full Chromium. Never a downloaded browser.
import fs from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Debian's full Chromium: the one of the two with a back-forward cache (the headless shell has none). */
export const FULL_CHROMIUM = '/usr/bin/chromium';

/** The path of the browser to drive; it may not exist (the caller says so). */
export function chromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}
