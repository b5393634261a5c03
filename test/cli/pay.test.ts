/** `npm run pay`: the paying CLI, run as a separate process against a real server on loopback. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { startTestService, type TestService } from '../helpers/service.js';

const run = promisify(execFile);

describe('npm run pay', () => {
  let service: TestService;
  const wallet = join(mkdtempSync(join(tmpdir(), 'oea-cli-')), 'wallet.json');
  before(async () => {
    service = await startTestService({ registry: fixtureRegistry() });
  });
  after(() => service.close());

  for (const network of ['solana', 'base'] as const) {
    it(`pays on ${network} and prints the result with the settlement receipt`, async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/pay.ts', 'test-echo', '{"value":"from-cli"}', '--network', network, '--url', service.url, '--wallet', wallet]);
      const out = JSON.parse(stdout);
      assert.equal(out.status, 200);
      assert.equal(out.body.echo, 'from-cli');
      assert.equal(out.receipt.success, true);
      assert.equal(out.receipt.network, network === 'base' ? 'eip155:8453' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
      assert.equal(out.payer.network, network);
    });
  }

  it('exits non-zero and prints the error when the call fails (nothing charged)', async () => {
    await assert.rejects(
      run(process.execPath, ['--import', 'tsx', 'src/cli/pay.ts', 'due-diligence', '{"mint":"bad"}', '--url', service.url, '--wallet', wallet]),
      (err: { code?: number; stdout?: string }) => err.code === 1 && JSON.parse(err.stdout ?? '{}').body.error.code === 'invalid_input',
    );
  });
});
