/**
 * Preloaded (`--import`) into a service child process by memory tests, with `--expose-gc`: on SIGUSR2 it
 * collects garbage twice and prints one JSON line `{"msg":"memory probe","rss":…,"heapUsed":…}` (bytes), so
 * a test reads the service's own memory without its load generator's allocations mixed in.
 */
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('memory-probe needs node --expose-gc');

process.on('SIGUSR2', () => {
  collect();
  collect();
  // V8 hands freed pages back to the system on a background thread: read once that has happened, or the
  // figure swings by tens of MB with the timing.
  setTimeout(() => {
    collect();
    const { rss, heapUsed } = process.memoryUsage();
    process.stdout.write(`${JSON.stringify({ msg: 'memory probe', rss, heapUsed })}\n`);
  }, 500);
});
