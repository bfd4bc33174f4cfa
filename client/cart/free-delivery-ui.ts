// Which free-delivery dialogs are open (the unlock modal can be opened from the banner and the prompt).
import { proxy } from 'valtio';

export const freeDeliveryUi = proxy({ unlockOpen: false });

export function openUnlockModal(): void {
  freeDeliveryUi.unlockOpen = true;
}
