import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LEFTOVER_AGE_MS, removeStaleFiles } from './stale-files.js';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stale-files-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('removeStaleFiles (what a process killed mid-write left: a resilience probe)', () => {
  it('removes the matching files older than the age, and keeps newer ones, other names and directories', async () => {
    const old = new Date(Date.now() - LEFTOVER_AGE_MS - 60_000);
    const write = async (name: string, mtime?: Date) => {
      await fs.writeFile(path.join(dir, name), '');
      if (mtime) await fs.utimes(path.join(dir, name), mtime, mtime);
    };
    await write('a.eml.part', old);
    await write('b.eml.part');
    await write('c.eml', old);
    await fs.mkdir(path.join(dir, 'd.eml.part'));
    expect(await removeStaleFiles(dir, /\.eml\.part$/, LEFTOVER_AGE_MS)).toBe(1);
    expect((await fs.readdir(dir)).sort()).toEqual(['b.eml.part', 'c.eml', 'd.eml.part']);
  });

  it('takes a directory that is not there as nothing to do', async () => {
    expect(await removeStaleFiles(path.join(dir, 'missing'), /./, 0)).toBe(0);
  });
});
