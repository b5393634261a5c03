/**
 * Alert streams and webhooks, put together (docs/streaming.md): the subscriptions, the hub that wakes
 * deliveries, the charger, the webhook dispatcher and the paid top-up endpoint. Start-up wiring (src/service.ts)
 * builds one and hands it to the HTTP app (routes), the MCP tools and the jobs (detection, retention).
 */
import type { Logger } from 'pino';
import type { ChannelStorage } from '@x402/evm/batch-settlement/server';
import type { Timers } from '../lib/timers.js';
import type { Registry, RegisteredEndpoint } from '../registry/index.js';
import type { SubscriptionRepository } from '../store/subscriptions/types.js';
import { DeliveryCharger } from './charger.js';
import { fundEndpoint } from './fund-endpoint.js';
import { StreamHub } from './hub.js';
import { DEFAULT_STREAM_SETTINGS, type StreamSettings } from './settings.js';
import { SubscriptionService } from './subscriptions.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

export interface Streams {
  store: SubscriptionRepository;
  subscriptions: SubscriptionService;
  hub: StreamHub;
  charger: DeliveryCharger;
  dispatcher: WebhookDispatcher;
  /** `POST /subscriptions/fund` as a paid endpoint (not in the service registry). */
  fund: RegisteredEndpoint;
  settings: StreamSettings;
  timers: Timers;
  publicUrl: string;
}

export interface StreamsDeps {
  store: SubscriptionRepository;
  registry: Registry;
  dataMode: 'sandbox' | 'live';
  now: () => Date;
  timers: Timers;
  logger: Logger;
  publicUrl: string;
  /** batch-settlement's channel storage, when batch-settlement is offered (voucher allowances). */
  channels?: Pick<ChannelStorage, 'get'>;
  settings?: Partial<StreamSettings>;
}

export function createStreams(deps: StreamsDeps): Streams {
  const settings = { ...DEFAULT_STREAM_SETTINGS, ...deps.settings };
  const hub = new StreamHub(deps.timers);
  const logger = deps.logger.child({ component: 'streams' });
  const charger = new DeliveryCharger({ store: deps.store, ...(deps.channels ? { channels: deps.channels } : {}), now: deps.now, logger });
  const dispatcher = new WebhookDispatcher({ store: deps.store, charger, hub, timers: deps.timers, now: deps.now, logger, mode: deps.dataMode, settings });
  return {
    store: deps.store,
    subscriptions: new SubscriptionService({ store: deps.store, registry: deps.registry, dataMode: deps.dataMode, now: deps.now, hub, publicUrl: deps.publicUrl }),
    hub,
    charger,
    dispatcher,
    fund: fundEndpoint(deps.store, hub, deps.now),
    settings,
    timers: deps.timers,
    publicUrl: deps.publicUrl,
  };
}
