/**
 * Subscriptions as the subscriber manages them (docs/streaming.md): create one over a polling endpoint's
 * watchlist and criteria, read it (status, funds, delivery state), cancel it. A subscription is reached with the
 * bearer token given once at creation (only its hash is kept); a wrong token and an unknown id are the same
 * `unknown_subscription`, so ids cannot be probed.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError, type InputIssue } from '../errors/api-error.js';
import { canonicalJson } from '../lib/canonical-json.js';
import { checkCallbackUrl, resolveCallbackHost, type Resolver } from '../lib/callback-url.js';
import { generateWebhookSecret } from '../lib/webhook-signature.js';
import { atomicToUsdc, type Registry } from '../registry/index.js';
import type { DeliveryMode, Funds, SubscriptionRepository, SubscriptionRow, SubscriptionSource } from '../store/subscriptions/types.js';
import { EVENT_PRICE_ATOMIC } from './settings.js';
import { fundLink } from './fund-endpoint.js';
import type { StreamHub } from './hub.js';
import type { SubscriptionCharges, SubscriptionDeliveries, SubscriptionFunds, SubscriptionView } from '../docs/bodies/subscriptions.js';

export const SUBSCRIPTION_SOURCES: readonly SubscriptionSource[] = ['check-alerts', 'launchpad-alerts', 'exit-signal'];
/** Polling inputs a subscription sets itself: `since` moves with each tick, `format` is the envelope's. */
export const SET_BY_THE_SUBSCRIPTION: readonly string[] = ['since', 'format'];

export interface CreateSubscriptionBody {
  source: SubscriptionSource;
  input: Record<string, unknown>;
  delivery: { type: DeliveryMode; url?: string };
}

export interface SubscriptionServiceDeps {
  store: SubscriptionRepository;
  registry: Registry;
  dataMode: 'sandbox' | 'live';
  now: () => Date;
  hub: StreamHub;
  publicUrl: string;
  /** Resolves webhook hosts at creation in live mode (default: the system resolver; tests inject one). */
  resolve?: Resolver;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function groupKeyOf(source: SubscriptionSource, input: Record<string, unknown>): string {
  return sha256(`${source}\n${canonicalJson(input)}`);
}

const invalid = (issues: InputIssue[]) => new ApiError('invalid_input', 'The subscription request is invalid; nothing was created.', { issues });

export class SubscriptionService {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  /** Validates the request like the polling endpoint would, then stores the subscription (no payment needed yet). */
  async create(body: unknown): Promise<{ row: SubscriptionRow; token: string }> {
    const request = this.parse(body);
    if (request.delivery.type === 'webhook' && this.deps.dataMode === 'live') {
      // Refused now rather than found out from `blocked_address` in the delivery log after paying: a name that
      // resolves to a private or loopback address. The check at connect time stays the real defence (DNS changes).
      const host = await resolveCallbackHost(new URL(request.delivery.url!), 'live', ...(this.deps.resolve ? [this.deps.resolve] : []));
      if (!host.ok) throw invalid([{ path: '/delivery/url', message: host.reason }]);
    }
    const { now } = this.deps;
    const token = `st_${randomBytes(24).toString('base64url')}`;
    const webhook = request.delivery.type === 'webhook';
    const row: SubscriptionRow = {
      id: `sub_${randomBytes(12).toString('hex')}`,
      tokenHash: sha256(token),
      source: request.source,
      input: request.input,
      groupKey: groupKeyOf(request.source, request.input),
      delivery: request.delivery.type,
      webhookUrl: webhook ? request.delivery.url! : null,
      webhookSecret: webhook ? generateWebhookSecret() : null,
      priceAtomic: EVENT_PRICE_ATOMIC,
      status: 'active',
      createdAt: now(),
    };
    await this.deps.store.createSubscription(row);
    return { row, token };
  }

  /** The subscription the token opens; `unknown_subscription` otherwise. */
  async authorize(id: string, token: string | undefined): Promise<SubscriptionRow> {
    const row = /^sub_[0-9a-f]{24}$/.test(id) ? await this.deps.store.getSubscription(id) : undefined;
    const given = Buffer.from(sha256(token ?? ''), 'hex');
    if (!row || !token || !timingSafeEqual(given, Buffer.from(row.tokenHash, 'hex'))) {
      throw new ApiError('unknown_subscription', 'No subscription with that id opens with this token.');
    }
    return row;
  }

  async cancel(row: SubscriptionRow): Promise<SubscriptionRow> {
    const at = this.deps.now();
    await this.deps.store.cancelSubscription(row.id, at);
    this.deps.hub.notify([row.id]);
    return { ...row, status: 'cancelled' };
  }

  /** What the subscriber reads: the subscription, its funds, how far delivery got, and where to go next. */
  async view(row: SubscriptionRow): Promise<SubscriptionView> {
    const { store, publicUrl } = this.deps;
    const [funds, range, webhook] = await Promise.all([
      store.readFunds(row.id),
      store.eventRange(row.id),
      row.delivery === 'webhook' ? store.readWebhookState(row.id) : Promise.resolve(undefined),
    ]);
    const base = `${publicUrl}/subscriptions/${row.id}`;
    return {
      id: row.id,
      source: row.source,
      input: row.input,
      delivery: row.delivery === 'webhook' && row.webhookUrl ? { type: 'webhook', url: row.webhookUrl } : { type: 'stream' },
      status: statusOf(row, funds),
      price_per_event_usdc: atomicToUsdc(row.priceAtomic),
      funds: fundsView(funds),
      events: { first_seq: range.first, last_seq: range.last },
      ...(webhook ? { webhook: { acked_seq: webhook.ackedSeq, failed_attempts: webhook.attempts, next_attempt_at: webhook.nextAttemptAt?.toISOString() ?? null } } : {}),
      created_at: row.createdAt.toISOString(),
      links: {
        self: base,
        ...(row.delivery === 'stream' ? { events: `${base}/events` } : { deliveries: `${base}/deliveries` }),
        charges: `${base}/charges`,
        fund: { ...fundLink(publicUrl, row.id), method: 'POST' },
      },
    };
  }

  /** What the subscriber has been charged, event by event (seq > `afterSeq`, at most `limit`), with its funds. */
  async charges(row: SubscriptionRow, afterSeq: number, limit: number): Promise<SubscriptionCharges> {
    const { store } = this.deps;
    const [funds, charges] = await Promise.all([store.readFunds(row.id), store.listCharges(row.id, afterSeq, limit)]);
    return {
      subscription_id: row.id,
      funds: fundsView(funds),
      charges: charges.map((c) => ({
        seq: c.seq, amount_usdc: atomicToUsdc(c.amountAtomic), source: c.source, ...(c.channelId ? { channel_id: c.channelId } : {}),
        state: c.state, reserved_at: c.reservedAt.toISOString(), charged_at: c.chargedAt?.toISOString() ?? null,
      })),
    };
  }

  /** The latest webhook delivery attempts, newest first. */
  async deliveries(row: SubscriptionRow, limit: number): Promise<SubscriptionDeliveries> {
    const attempts = await this.deps.store.listDeliveryAttempts(row.id, limit);
    return {
      subscription_id: row.id,
      attempts: attempts.map((a) => ({
        seq: a.seq, attempt: a.attempt, at: a.at.toISOString(), ok: a.ok, status: a.status, error: a.error, duration_ms: a.durationMs,
        next_attempt_at: a.nextAttemptAt?.toISOString() ?? null,
      })),
    };
  }

  private parse(body: unknown): CreateSubscriptionBody {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid([{ path: '/', message: 'must be an object with source, input and delivery' }]);
    const b = body as Record<string, unknown>;
    const issues: InputIssue[] = [];
    for (const key of Object.keys(b)) if (!['source', 'input', 'delivery'].includes(key)) issues.push({ path: `/${key}`, message: 'is not a subscription field' });
    const source = b.source as SubscriptionSource;
    if (!SUBSCRIPTION_SOURCES.includes(source)) issues.push({ path: '/source', message: `must be one of ${SUBSCRIPTION_SOURCES.join(', ')}` });
    const input = this.parseInput(source, b.input, issues);
    const delivery = this.parseDelivery(b.delivery, issues);
    if (issues.length > 0 || !input || !delivery) throw invalid(issues);
    return { source, input, delivery };
  }

  /** The polling endpoint's own validator, so the same schemas, bounds and defaults apply. */
  private parseInput(source: SubscriptionSource, raw: unknown, issues: InputIssue[]): Record<string, unknown> | undefined {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      issues.push({ path: '/input', message: 'must be an object: the polling endpoint\'s input without since' });
      return undefined;
    }
    const endpoint = SUBSCRIPTION_SOURCES.includes(source) ? this.deps.registry.get(source) : undefined;
    if (!endpoint) return undefined;
    const given = raw as Record<string, unknown>;
    for (const key of SET_BY_THE_SUBSCRIPTION) if (key in given) issues.push({ path: `/input/${key}`, message: 'is set by the subscription, leave it out' });
    const probe = { ...given };
    if ('since' in (endpoint.inputSchema.properties ?? {})) probe.since = this.deps.now().toISOString();
    const result = endpoint.validate(probe);
    if (!result.ok) {
      for (const issue of result.issues) if (!SET_BY_THE_SUBSCRIPTION.some((k) => issue.path === `/${k}`)) issues.push({ path: `/input${issue.path === '/' ? '' : issue.path}`, message: issue.message });
      return undefined;
    }
    const input = { ...result.value };
    for (const key of SET_BY_THE_SUBSCRIPTION) delete input[key];
    return input;
  }

  private parseDelivery(raw: unknown, issues: InputIssue[]): CreateSubscriptionBody['delivery'] | undefined {
    const d = raw as Record<string, unknown> | undefined;
    if (!d || typeof d !== 'object' || (d.type !== 'stream' && d.type !== 'webhook')) {
      issues.push({ path: '/delivery', message: 'must be {"type":"stream"} or {"type":"webhook","url":"https://…"}' });
      return undefined;
    }
    if (d.type === 'stream') {
      if (Object.keys(d).length > 1) issues.push({ path: '/delivery', message: 'a stream takes no other field' });
      return { type: 'stream' };
    }
    for (const key of Object.keys(d)) if (key !== 'type' && key !== 'url') issues.push({ path: `/delivery/${key}`, message: 'is not a delivery field' });
    if (typeof d.url !== 'string') {
      issues.push({ path: '/delivery/url', message: 'a webhook needs its https URL' });
      return undefined;
    }
    const checked = checkCallbackUrl(d.url, this.deps.dataMode);
    if (!checked.ok) {
      issues.push({ path: '/delivery/url', message: checked.reason });
      return undefined;
    }
    return { type: 'webhook', url: checked.url.toString() };
  }
}

/** `paused`: active but unable to pay for its next event, so nothing is delivered until it is funded. */
export function statusOf(row: SubscriptionRow, funds: Funds): 'active' | 'paused' | 'cancelled' {
  if (row.status === 'cancelled') return 'cancelled';
  const canPay = funds.available.prepaid >= row.priceAtomic || funds.available.voucher >= row.priceAtomic;
  return canPay ? 'active' : 'paused';
}

export function fundsView(funds: Funds): SubscriptionFunds {
  return {
    available_usdc: { prepaid: atomicToUsdc(funds.available.prepaid), voucher: atomicToUsdc(funds.available.voucher) },
    reserved_usdc: atomicToUsdc(funds.reserved),
    charged: { events: funds.charged.count, usdc: atomicToUsdc(funds.charged.amountAtomic) },
    credited_usdc: { prepaid: atomicToUsdc(funds.credited.prepaid), voucher: atomicToUsdc(funds.credited.voucher) },
  };
}
