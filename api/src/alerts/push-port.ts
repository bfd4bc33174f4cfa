// The push side of an alert, as a port: the consumer takes its sender as a parameter, so tests record
// the intents and the web-push module (api/src/push/) is plugged in where the worker builds it.
import type { Lang } from '#shared/locale';
import type { AlertKind } from './index';

export interface AlertPush {
  title: string;
  body: string;
  /** Where a tap on the notification opens (absolute, on the storefront). */
  url: string;
  /** Notifications with the same tag replace each other on the device. */
  tag?: string;
}

/**
 * Pushes to every subscription of the user that takes this topic; `build` gives the texts in a
 * subscription's language. Resolves how many were sent and how many dead subscriptions were removed.
 */
export type AlertPushSender = (
  env: ApiEnv,
  userId: number,
  topic: AlertKind,
  build: (lang: Lang) => AlertPush,
) => Promise<{ sent: number; pruned: number }>;
