/** `npm start`: serve the API (sandbox chain by default; see docs/configuration.md). */
import { loadConfig } from './config/index.js';
import { startService } from './service.js';

const service = await startService(loadConfig());
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    service.close().then(() => process.exit(0), () => process.exit(1));
  });
}
