#!/usr/bin/env node
// `npm test`: the unit and API tests, with the type-check and the lint beside them at the lowest CPU priority (they
// take the cores only when the tests leave them idle, about a seventh of the time on 2 cores: docs/decisions/0218),
// then the build and the browser tests. The checks' output is printed, whole, once the tests have ended; a failed
// check, or failed tests, stop it there, before the browser tests.
import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * Runs `npm run <script>` and resolves to its exit code. `background`: at the lowest priority (set as it starts,
 * before npm starts the tool, which inherits it), and its output kept in `output` instead of printed.
 */
function run(script, background) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: background ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (background) {
      try {
        os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
      } catch (err) {
        // The system refused (no permission, no priorities): it runs at the usual priority.
        if (err.code !== 'ERR_SYSTEM_ERROR') throw err;
      }
      child.stdout.on('data', (chunk) => background.output.push(chunk));
      child.stderr.on('data', (chunk) => background.output.push(chunk));
    }
    child.on('error', (err) => {
      console.error(`npm run ${script}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const checks = ['typecheck', 'lint'].map((script) => {
  const background = { output: [] };
  return { background, done: run(script, background) };
});
const unit = await run('test:unit');
const checkCodes = await Promise.all(checks.map((check) => check.done));
for (const { background } of checks) process.stdout.write(Buffer.concat(background.output));
if (checkCodes.some((code) => code !== 0)) process.exit(1);
if (unit !== 0) process.exit(unit);
process.exit(await run('test:e2e'));
