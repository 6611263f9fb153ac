// vitest globalSetup of the 'e2e' project: one build, one set of servers and one Chromium for the whole run.
// The test files read the environment with inject('pdE2E') (see helpers.ts).

import type { TestProject } from 'vitest/node';
import { startEnv, type E2EEnv } from './env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pdE2E: E2EEnv;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const running = await startEnv();
  project.provide('pdE2E', running.env);
  return () => running.close();
}
