#!/usr/bin/env node
// React picks its build when first loaded: the production one renders several times faster.
process.env.NODE_ENV ??= 'production';
const { launch } = await import('../dist/launch.js');
await launch(process.argv);
