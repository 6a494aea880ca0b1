#!/usr/bin/env node
// `npm test`: the type-check, the lint and the unit and API tests side by side, then the build and the browser tests.
// The type-check and the lint are one process on one core each, and the Vitest run leaves a quarter of a 2-core
// machine idle while its files wait on PostgreSQL, timers and child processes: they fill it (docs/decisions/0197).
// It stops at the first step that fails, as a chain of `&&` would: a failed type-check or lint stops the tests.
// The type-check's and the lint's output is printed when each ends, whole, so their lines do not interleave the tests'.
import { spawn } from 'node:child_process';

/**
 * Runs `npm run <script>`; `together` keeps its output until it ends. Each runs in a process group of its own, so
 * that stopping it stops what npm started (npm does not pass a signal on to Vitest and its workers).
 */
function run(script, together = false) {
  const child = spawn('npm', ['run', script], { stdio: together ? ['ignore', 'pipe', 'pipe'] : 'inherit', detached: true });
  running.add(child);
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const done = new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`npm run ${script}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      if (together) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
  return { child, done };
}

/** The steps under way: stopped with `npm test` itself (Ctrl-C reaches only this process, their groups are their own). */
const running = new Set();
const stop = (child) => {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Ended already.
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    running.forEach(stop);
    process.exit(1);
  });
}

const tests = run('test:unit');
const checks = await Promise.all([run('typecheck', true).done, run('lint', true).done]);
if (checks.some((code) => code !== 0)) {
  stop(tests.child);
  await tests.done;
  process.exit(1);
}
const code = await tests.done;
if (code !== 0) process.exit(code);
process.exit(await run('test:e2e').done);
