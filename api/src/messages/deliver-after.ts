// After a request that may have queued texts to phones, a delivery run once the answer is on its way,
// as mail/deliver-after.ts does for mail (whose helper this uses: texts sit above mail, decision 69).
import { afterAnswer } from '../mail/deliver-after';
import { deliverDueMessages } from './deliver';

export const deliverMessagesAfter = () =>
  afterAnswer('text message', (c) => deliverDueMessages(c.env, c.var.config, { limit: 10 }));
