/** The webhook callback guard: blocked address ranges of both families, URL rules per mode, and the connect-time lookup. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { checkCallbackUrl, guardedLookup, isAllowedAddress, isBlockedAddress, resolveCallbackHost, type Resolver } from '../../src/lib/callback-url.js';

const BLOCKED = [
  // IPv4, each range at its edges
  '0.0.0.0', '0.255.255.255', '10.0.0.0', '10.255.255.255', '100.64.0.0', '100.127.255.255', '127.0.0.1', '127.255.255.254',
  '169.254.0.1', '169.254.169.254', '172.16.0.0', '172.31.255.255', '192.0.0.8', '192.168.0.1', '192.168.255.255',
  '198.18.0.0', '198.19.255.255', '224.0.0.1', '239.255.255.255', '240.0.0.1', '255.255.255.255', '192.0.2.1', '203.0.113.9',
  // IPv6
  '::', '::1', '0:0:0:0:0:0:0:1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'ff02::1', 'ff00::',
  '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::ffff:169.254.169.254', '0:0:0:0:0:ffff:c0a8:0101',
  '64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::a9fe:a9fe', '2001:db8::1', '2001:db8:ffff::1', '2002:7f00:1::1',
  // not an address at all
  'example.com', '', '1.2.3',
];
const PUBLIC = [
  '1.1.1.1', '8.8.8.8', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '126.255.255.255', '128.0.0.0',
  '169.253.255.255', '169.255.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.1', '192.167.255.255', '192.169.0.0',
  '198.17.255.255', '198.20.0.0', '223.255.255.255',
  '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::8.8.8.8', 'fbff::1',
  '2001:db9::1', '2002:808:808::1',
];

/** Ranges added after review, each with an address inside (blocked) and a neighbouring one outside it (not blocked). */
const RANGE_EDGES: readonly { range: string; blocked: string[]; notBlocked: string[] }[] = [
  // Local-use NAT64 is blocked outright, whatever IPv4 it seems to carry.
  { range: '64:ff9b:1::/48', blocked: ['64:ff9b:1::1', '64:ff9b:1::8.8.8.8', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'], notBlocked: ['64:ff9b:2::8.8.8.8', '64:ff9b:0:ffff::1'] },
  // SIIT: blocked when the embedded IPv4 is.
  { range: '::ffff:0:0:0/96', blocked: ['::ffff:0:127.0.0.1', '::ffff:0:10.1.2.3', '::ffff:0:a9fe:a9fe', '0:0:0:0:ffff:0:c0a8:101'], notBlocked: ['::ffff:0:8.8.8.8', '::ffff:1:a00:1'] },
  { range: 'fec0::/10', blocked: ['fec0::1', 'feff:ffff::1', 'fed0::8.8.8.8'], notBlocked: ['fe7f:ffff::1', '2606:fec0::1'] },
  { range: '100::/64', blocked: ['100::', '100::1', '100::ffff:ffff:ffff:ffff'], notBlocked: ['100:0:0:1::', 'ff::1'] },
  { range: '192.88.99.0/24', blocked: ['192.88.99.0', '192.88.99.1', '192.88.99.255', '::ffff:192.88.99.1', '2002:c058:6301::1'], notBlocked: ['192.88.98.255', '192.88.100.0'] },
];

test('isBlockedAddress: every blocked range of both families, the embedded IPv4 of mapped/NAT64/6to4, and non-addresses', () => {
  for (const ip of BLOCKED) assert.equal(isBlockedAddress(ip), true, `${ip} should be blocked`);
  for (const ip of PUBLIC) assert.equal(isBlockedAddress(ip), false, `${ip} should be public`);
});

test('isBlockedAddress: local-use NAT64, SIIT, site-local, discard-only and the 6to4 relay range, against their neighbours', () => {
  for (const { range, blocked, notBlocked } of RANGE_EDGES) {
    for (const ip of blocked) assert.equal(isBlockedAddress(ip), true, `${ip} is in ${range}`);
    for (const ip of notBlocked) assert.equal(isBlockedAddress(ip), false, `${ip} is outside ${range}`);
  }
});

test('isAllowedAddress: sandbox lets loopback through, never the other blocked ranges', () => {
  for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
    assert.equal(isAllowedAddress(ip, 'sandbox'), true, ip);
    assert.equal(isAllowedAddress(ip, 'live'), false, ip);
  }
  for (const ip of ['10.0.0.1', '169.254.169.254', '::', 'fe80::1', '0.0.0.0']) assert.equal(isAllowedAddress(ip, 'sandbox'), false, ip);
  assert.equal(isAllowedAddress('8.8.8.8', 'live'), true);
});

const ok = (raw: string, mode: 'sandbox' | 'live') => checkCallbackUrl(raw, mode).ok;

test('checkCallbackUrl live: https only, no credentials, any port, no blocked IP literal, no local-only names', () => {
  assert.equal(ok('https://hooks.example.com/path?q=1', 'live'), true);
  assert.equal(ok('https://hooks.example.com:8443/x', 'live'), true);
  assert.equal(ok('https://8.8.8.8/x', 'live'), true);
  assert.equal(ok('https://[2606:4700:4700::1111]/x', 'live'), true);
  for (const raw of [
    'http://hooks.example.com/',
    'ftp://hooks.example.com/',
    'not a url',
    '/relative',
    'https://user:pass@hooks.example.com/',
    'https://user@hooks.example.com/',
    'https://127.0.0.1/',
    'https://127.1/', // shorthand the URL parser expands
    'https://2130706433/',
    'https://0x7f.0.0.1/',
    'https://10.0.0.5:8080/',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[fd00::1]/',
    'https://localhost/',
    'https://LOCALHOST./',
    'https://api.localhost/',
    'https://metadata.google.internal/',
    'https://printer.local/',
  ]) {
    const result = checkCallbackUrl(raw, 'live');
    assert.equal(result.ok, false, raw);
    if (!result.ok) assert.ok(result.reason.length > 0);
  }
});

test('checkCallbackUrl sandbox: http allowed, loopback and localhost allowed, other private ranges still refused', () => {
  for (const raw of ['http://127.0.0.1:4000/hook', 'http://localhost:4000/hook', 'https://[::1]:8443/', 'http://hooks.example.com/']) {
    assert.equal(ok(raw, 'sandbox'), true, raw);
  }
  for (const raw of ['ftp://127.0.0.1/', 'http://10.0.0.1/', 'http://169.254.169.254/', 'http://user:pw@127.0.0.1/', 'http://svc.internal/']) {
    assert.equal(ok(raw, 'sandbox'), false, raw);
  }
});

test('checkCallbackUrl returns the parsed URL', () => {
  const result = checkCallbackUrl('https://Hooks.Example.com:444/a/b?c=d', 'live');
  assert.ok(result.ok);
  assert.equal(result.url.href, 'https://hooks.example.com:444/a/b?c=d');
});

type LookupOutcome = { error: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function lookupWith(resolve: Resolver, mode: 'sandbox' | 'live', options: { all?: boolean; family?: number }): Promise<LookupOutcome> {
  const lookup = guardedLookup(mode, resolve);
  return new Promise((done) => lookup('hooks.example.com', options, (error, address, family) => done({ error, address, family })));
}

const fixed = (...entries: LookupAddress[]): Resolver => async () => entries;

test('guardedLookup passes public addresses through, single or all, honouring the family asked for', async () => {
  const resolve = fixed({ address: '2606:4700::1', family: 6 }, { address: '93.184.216.34', family: 4 });
  assert.deepEqual(await lookupWith(resolve, 'live', {}), { error: null, address: '2606:4700::1', family: 6 });
  assert.deepEqual(await lookupWith(resolve, 'live', { family: 4 }), { error: null, address: '93.184.216.34', family: 4 });
  const all = await lookupWith(resolve, 'live', { all: true });
  assert.equal(all.error, null);
  assert.deepEqual(all.address, [
    { address: '2606:4700::1', family: 6 },
    { address: '93.184.216.34', family: 4 },
  ]);
});

test('guardedLookup fails with EBLOCKED when any resolved address is blocked (rebinding to loopback, mixed answers)', async () => {
  for (const resolve of [
    fixed({ address: '127.0.0.1', family: 4 }),
    fixed({ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }),
    fixed({ address: '::ffff:169.254.169.254', family: 6 }),
  ]) {
    const outcome = await lookupWith(resolve, 'live', { all: true });
    assert.equal(outcome.error?.code, 'EBLOCKED');
  }
  // Sandbox accepts loopback, but not a private range.
  assert.deepEqual(await lookupWith(fixed({ address: '127.0.0.1', family: 4 }), 'sandbox', {}), { error: null, address: '127.0.0.1', family: 4 });
  assert.equal((await lookupWith(fixed({ address: '192.168.1.1', family: 4 }), 'sandbox', {})).error?.code, 'EBLOCKED');
});

test('guardedLookup passes a resolver failure on, and reports ENOTFOUND when no address of the family exists', async () => {
  const failing: Resolver = async () => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  };
  assert.equal((await lookupWith(failing, 'live', {})).error?.code, 'ENOTFOUND');
  assert.equal((await lookupWith(fixed({ address: '93.184.216.34', family: 4 }), 'live', { family: 6 })).error?.code, 'ENOTFOUND');
});

test('resolveCallbackHost: a name is refused when any address it resolves to is not allowed in the mode', async () => {
  const url = new URL('https://hooks.example.com/x');
  assert.deepEqual(await resolveCallbackHost(url, 'live', fixed({ address: '93.184.216.34', family: 4 }, { address: '2606:4700::1', family: 6 })), { ok: true });
  for (const resolve of [
    fixed({ address: '127.0.0.1', family: 4 }),
    fixed({ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }),
    fixed({ address: '64:ff9b:1::8.8.8.8', family: 6 }),
  ]) {
    const result = await resolveCallbackHost(url, 'live', resolve);
    assert.deepEqual(result, { ok: false, reason: 'the host name resolves to an address outside the public internet' });
  }
  // Sandbox: loopback passes, other blocked ranges do not.
  assert.deepEqual(await resolveCallbackHost(url, 'sandbox', fixed({ address: '::1', family: 6 })), { ok: true });
  assert.equal((await resolveCallbackHost(url, 'sandbox', fixed({ address: '169.254.169.254', family: 4 }))).ok, false);
});

test('resolveCallbackHost: the resolver is asked for the bare host name; its failure or an empty answer is a fixed reason', async () => {
  const asked: string[] = [];
  const recording: Resolver = async (hostname) => {
    asked.push(hostname);
    return [{ address: '93.184.216.34', family: 4 }];
  };
  await resolveCallbackHost(new URL('https://Hooks.Example.com.:8443/x'), 'live', recording);
  assert.deepEqual(asked, ['hooks.example.com']);

  const failing: Resolver = async () => {
    throw Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example.com internal-detail'), { code: 'ENOTFOUND' });
  };
  const notFound = { ok: false, reason: 'the host name does not resolve' };
  assert.deepEqual(await resolveCallbackHost(new URL('https://hooks.example.com/'), 'live', failing), notFound);
  assert.deepEqual(await resolveCallbackHost(new URL('https://hooks.example.com/'), 'live', fixed()), notFound);
});

test('resolveCallbackHost: an IP literal is checked as it is, without asking the resolver', async () => {
  const never: Resolver = async () => assert.fail('an IP literal must not be resolved');
  assert.deepEqual(await resolveCallbackHost(new URL('https://8.8.8.8/'), 'live', never), { ok: true });
  assert.deepEqual(await resolveCallbackHost(new URL('https://[2606:4700:4700::1111]/'), 'live', never), { ok: true });
  const outside = { ok: false, reason: 'the host is an address outside the public internet' };
  assert.deepEqual(await resolveCallbackHost(new URL('https://[fec0::1]/'), 'live', never), outside);
  assert.deepEqual(await resolveCallbackHost(new URL('http://127.0.0.1:4000/'), 'live', never), outside);
  assert.deepEqual(await resolveCallbackHost(new URL('http://127.0.0.1:4000/'), 'sandbox', never), { ok: true });
});
