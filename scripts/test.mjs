#!/usr/bin/env node
// `npm test`: the type-check and the lint side by side (each is one process on one core: on a 2-core machine with a
// core idle they overlap), then the unit and API tests, then the build and the browser tests. It stops at the first
// step that fails, as a chain of `&&` would. Each of the side-by-side steps prints its output when it ends, whole.
import { spawn } from 'node:child_process';

/** Runs `npm run <script>`; `together` keeps its output until it ends, so two steps' lines do not interleave. */
function run(script, together = false) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: together ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (err) => {
      console.error(`npm run ${script}: ${err.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      if (together) process.stdout.write(Buffer.concat(output));
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const codes = await Promise.all([run('typecheck', true), run('lint', true)]);
if (codes.some((code) => code !== 0)) process.exit(1);
for (const script of ['test:unit', 'test:e2e']) {
  const code = await run(script);
  if (code !== 0) process.exit(code);
}
