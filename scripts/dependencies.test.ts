import { createRequire } from 'node:module';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Issue 25: `npm ci` on a fresh clone warned EBADENGINE (cookie 2 and content-disposition 3 want
 * Node >= 22 while `engines` promised >= 20.19) and that install scripts were not run. The install a
 * newcomer or CI runs is quiet, and what it says is true (docs/decisions/0102).
 */
const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..');
const manifest = require(path.join(root, 'package.json')) as { engines: { node: string }; allowScripts?: Record<string, boolean> };
const lock = require(path.join(root, 'package-lock.json')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; hasInstallScript?: boolean }>;
};
const locked = Object.entries(lock.packages)
  .filter(([where]) => where.includes('node_modules/'))
  .map(([where, pkg]) => ({ ...pkg, name: where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length) }));

describe('npm ci on the Node versions package.json promises', () => {
  it('installs no package that asks for a newer Node than the oldest one `engines` allows', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const refusing = locked
      .filter((pkg) => pkg.engines && !Array.isArray(pkg.engines) && pkg.engines.node && !semver.satisfies(oldest, pkg.engines.node))
      .map((pkg) => `${pkg.name}@${pkg.version} wants node ${(pkg.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('states for every dependency with an install script whether it runs (npm 11 warns about the rest)', () => {
    const undecided = locked.filter((pkg) => pkg.hasInstallScript && manifest.allowScripts?.[pkg.name] === undefined).map((pkg) => `${pkg.name}@${pkg.version}`);
    expect(undecided).toEqual([]);
  });
});
