// A booking's actions on its page (a blood-test booking, a consultation): one at a time, the buttons
// disabled meanwhile, a toast saying it was done or why not (the API's message key), and the page's
// data read again after it.
import { useState } from 'react';
import type { MessageId } from '#shared/i18n/en';
import { toast } from '../stores/toasts';
import { failureKey } from './pay-again';

export function useAction(onChanged: () => unknown) {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<unknown>, done?: MessageId) {
    setBusy(true);
    try {
      await action();
      if (done) toast.success(done);
      await onChanged();
    } catch (e) {
      toast.apiError(failureKey(e));
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
