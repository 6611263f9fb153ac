// Loaded with `node --import` into the measured build: reports the process's peak resident memory at exit.
process.on('exit', () => {
  process.stderr.write(`\nBENCH_MAX_RSS_KB=${process.resourceUsage().maxRSS}\n`);
});
