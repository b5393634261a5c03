/** The detector of each subscription source (the stream-detection job runs the one a group's source names). */
import type { SubscriptionSource } from '../../store/subscriptions/types.js';
import type { Detector } from '../types.js';
import { checkAlertsDetector } from './check-alerts.js';
import { exitSignalDetector } from './exit-signal.js';
import { launchpadAlertsDetector } from './launchpad-alerts.js';

export const DETECTORS: Record<SubscriptionSource, Detector> = {
  'check-alerts': checkAlertsDetector,
  'launchpad-alerts': launchpadAlertsDetector,
  'exit-signal': exitSignalDetector,
};

export { eventBody, eventId, groupEvent, type EventFields } from './event.js';
