// The chat's one door to the consultation's sealing (api/src/consultations/seal.ts): the room seals each
// message with the consultation's data key before it reaches D1, and opens them for the two sides.
// A sealer per use (not kept by the room): a key erased with her health data is never used again.
import { apiConfig } from '#api/src/lib/config';
import { healthKeyring, healthSealer, openText, sealText, type Sealed } from '#api/src/consultations/seal';

export interface ChatSealer {
  seal(consultationId: number, text: string): Promise<Sealed>;
  /** Many at once (a history page): one key read. A text whose key is gone (erased) opens as ''. */
  openAll(consultationId: number, sealed: string[]): Promise<string[]>;
}

export function chatSealer(env: ApiEnv): ChatSealer {
  const ring = healthKeyring(apiConfig(env));
  if (!ring) throw new Error('HEALTH_KEK is not configured: the chat cannot be stored');
  return {
    seal: (id, text) => sealText(healthSealer(env.DB, ring), id, text),
    openAll: async (id, sealed) => {
      const s = healthSealer(env.DB, ring);
      return Promise.all(sealed.map(async (text) => (await openText(s, id, text)) ?? ''));
    },
  };
}
