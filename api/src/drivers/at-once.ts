// A driver's mark moves the order at once (issue 62): the own carrier reports its marks like any
// carrier's events (carriers/own.ts track), and the one ingestion turns them into the order's steps,
// each once. The minute poll would bring them too; this spares the shopper the wait. A failure here is
// logged and left to the poll: the driver's mark itself is already saved.
import { ownCarrier } from '#api/src/carriers/own';
import { log } from '#api/src/lib/log';
import type { StepContext } from '#api/src/order-office/common';
import { applyTrackingEvents } from '#api/src/shipping/tracking';

export async function moveOrdersNow(c: StepContext, trackingNumbers: readonly string[]): Promise<void> {
  if (trackingNumbers.length === 0) return;
  try {
    const events = await ownCarrier(c.env.DB).track([...trackingNumbers]);
    await applyTrackingEvents(c, 'own', events);
  } catch (error) {
    log.error("a driver's mark could not move its order yet (the poll will)", { error, trackingNumbers });
  }
}
