/**
 * /docs in a real browser (Debian's Chromium driven by playwright-core): the page renders every
 * endpoint, the search box filters sections, a phone-width viewport has no horizontal overflow, and
 * nothing is fetched from anywhere but the service itself (assets are inline; no CDN). A full-page
 * screenshot is left in test-artifacts/docs.png for a human to look at.
 *
 * Chromium is installed by .ci/run; in CI (CI=true) its absence fails the test, locally it skips.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { startTestService, type TestService } from '../helpers/service.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const IN_CI = process.env.CI === 'true';
const present = existsSync(CHROMIUM);
const registry = buildServiceRegistry();
const ARTIFACTS = 'test-artifacts';

function isLoopback(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

/**
 * A page whose every request (documents, scripts, images, fetches: routing is per context) is recorded;
 * anything not to loopback is also listed in `outside` and aborted. No time limits on its navigations and
 * actions (Playwright's default is 30 s each): a slow machine makes them take longer, never fail
 * (docs/testing.md); the runner's hang detector ends a file that never gets there.
 */
async function guardedPage(browser: Browser, outside: string[], seen: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    seen.push(url);
    if (url.startsWith('data:') || url.startsWith('about:') || isLoopback(url)) return route.continue();
    outside.push(url);
    return route.abort('blockedbyclient');
  });
  return context.newPage();
}

describe('/docs in Chromium', { skip: !present && !IN_CI ? `${CHROMIUM} not found (install chromium; CI fails here)` : false }, () => {
  let service: TestService;
  let browser: Browser;
  let page: Page;
  /** Every request the page made that was not to loopback (each was aborted). */
  const outside: string[] = [];
  /** Every request the page made, to prove the interception saw traffic at all. */
  const seen: string[] = [];

  before(async () => {
    assert.ok(existsSync(CHROMIUM), `Chromium not found at ${CHROMIUM}: .ci/run installs it with apt-get install -y chromium`);
    service = await startTestService();
    // playwright-core gives each launch a fresh temporary profile of its own (and deletes it on close).
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // No limit on the browser's start (Playwright's default is 30 s).
      timeout: 0,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await guardedPage(browser, outside, seen);
  });

  after(async () => {
    await browser?.close();
    await service?.close();
  });

  it('renders the title and every endpoint section', async () => {
    const res = await page.goto(`${service.url}/docs`, { waitUntil: 'load' });
    assert.equal(res?.status(), 200);
    assert.match(await page.title(), /Onchain Enrichment API — documentation/);
    assert.equal(await page.locator('article.endpoint').count(), registry.list.length);
    for (const e of registry.list) {
      assert.equal(await page.locator(`#ep-${e.def.key}`).count(), 1, e.def.key);
    }
    assert.equal(registry.list.length, 48);
    assert.ok(seen.some((u) => u.endsWith('/docs')), 'the interception saw the page load');
  });

  it('search shows only the sections that match', async () => {
    const key = 'launchpad-yield-batch';
    await page.fill('#q', key);
    const visible = await page.locator('article.endpoint:visible').evaluateAll((els) => els.map((el) => el.id));
    assert.deepEqual(visible, [`ep-${key}`]);
    assert.match((await page.textContent('#count')) ?? '', /^1 of 48 endpoints$/);
    // A prefix shared by a family matches exactly that family's keys (and any summary that says it).
    await page.fill('#q', 'perps-');
    const perps = await page.locator('article.endpoint:visible').evaluateAll((els) => els.map((el) => el.id.slice(3)));
    const expected = registry.list.filter((e) => `${e.def.key} ${e.def.summary}`.toLowerCase().includes('perps-')).map((e) => e.def.key);
    assert.deepEqual(perps, expected);
    assert.ok(perps.length > 1);
    await page.fill('#q', 'no-such-endpoint-zzz');
    assert.equal(await page.locator('article.endpoint:visible').count(), 0);
    assert.ok(await page.locator('#no-results').isVisible());
    await page.fill('#q', '');
    assert.equal(await page.locator('article.endpoint:visible').count(), registry.list.length);
  });

  it('is readable on a phone: no horizontal overflow at 390×844; screenshot saved', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Open every collapsed block too: an example response or the cast table must not widen the page.
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.setAttribute('open', '')));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    assert.ok(scrollWidth <= innerWidth, `page is ${scrollWidth}px wide in a ${innerWidth}px viewport`);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => d.removeAttribute('open')));
    mkdirSync(ARTIFACTS, { recursive: true });
    const path = join(ARTIFACTS, 'docs.png');
    await page.screenshot({ path, fullPage: true });
    assert.ok(existsSync(path));
  });

  it('the guard does catch and abort a request that leaves loopback', async () => {
    const caught: string[] = [];
    const probe = await guardedPage(browser, caught, []);
    // A navigation (a fetch from /docs would be stopped earlier by the page's Content-Security-Policy).
    // 192.0.2.1 is TEST-NET-1: never routable, and aborted by the guard before any attempt anyway.
    await assert.rejects(probe.goto('http://192.0.2.1/asset.js'), /ERR_BLOCKED_BY_CLIENT/);
    assert.deepEqual(caught, ['http://192.0.2.1/asset.js']);
    await probe.context().close();
  });

  it('made no request outside loopback', () => {
    assert.deepEqual(outside, []);
  });
});
