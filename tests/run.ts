import { spawn } from 'node:child_process';

/**
 * `npm test`: every test, in rounds: the type checks, which keep one core busy, beside the unit
 * tests, then each browser suite alone, as each keeps both cores busy. Each step's output is shown
 * whole when it ends, with its time; the first round that fails stops the run.
 */
const rounds = [['check', 'test:unit'], ['test:e2e'], ['test:editing']];

function run(script: string): Promise<{ script: string; ok: boolean; seconds: number; output: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.on('close', (code) => resolve({ script, ok: code === 0, seconds: Math.round((performance.now() - started) / 1000), output }));
  });
}

const started = performance.now();
for (const round of rounds) {
  console.log(`\n▶ ${round.join(' and ')}`);
  const results = await Promise.all(round.map(run));
  for (const { script, ok, seconds, output } of results) console.log(`\n=== npm run ${script}: ${ok ? 'passed' : 'FAILED'} in ${seconds} s ===\n${output}`);
  if (results.some((result) => !result.ok)) {
    console.error(`\nnpm test failed (${results.filter((result) => !result.ok).map((result) => result.script).join(', ')}) after ${Math.round((performance.now() - started) / 1000)} s.`);
    process.exit(1);
  }
}
console.log(`\nEvery test passed in ${Math.round((performance.now() - started) / 1000)} s.`);
