#!/usr/bin/env node
// React picks its build when first loaded: the production one renders several times faster.
process.env.NODE_ENV ??= 'production';
await import('../dist/cli/main.js');
