// `npm test`: dist, then the unit tests, then the browser tests with the type checks and lint beside them. The browser
// tests run one file at a time and leave a core to spare, so the checks cost no wall time there (about 15 s less than
// one after the other on 2 cores). The checks' output is printed after the browser tests; any failure fails the run.
import { spawn } from 'node:child_process';

const env = { ...process.env, PROTODOCS_DIST_BUILT: '1' };

/** Runs an npm script; `quiet` keeps its output to print later instead of mixing it into another's. */
function npmRun(script, { quiet = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ script, code: code ?? 1, output }));
  });
}

for (const script of ['build:dist', 'test:unit']) {
  const { code } = await npmRun(script);
  if (code !== 0) process.exit(code);
}
const [checks, e2e] = await Promise.all([npmRun('checks', { quiet: true }), npmRun('test:e2e')]);
process.stdout.write(checks.output);
process.stdout.write(checks.code === 0 ? 'Type checks and lint: passed.\n' : 'Type checks or lint: FAILED.\n');
process.exit(checks.code || e2e.code);
