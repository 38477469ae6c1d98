// Preloaded (NODE_OPTIONS --require, with --expose-gc) into a process whose memory a benchmark
// measures: SIGUSR2 runs a full garbage collection, so retained memory can be read apart from
// garbage not yet collected. Nothing else changes in that process.
if (typeof global.gc === 'function') process.on('SIGUSR2', () => global.gc());
