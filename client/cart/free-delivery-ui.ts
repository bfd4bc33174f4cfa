// Which free-delivery dialogs are open (the unlock modal can be opened from the banner and the prompt).
import { proxy } from 'valtio';

export const freeDeliveryUi = proxy({ unlockOpen: false, everOpened: false });

export function openUnlockModal(): void {
  freeDeliveryUi.unlockOpen = true;
  // Stays mounted afterwards, so closing can animate.
  freeDeliveryUi.everOpened = true;
}
