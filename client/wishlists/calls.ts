// The wishlist calls as the UI makes them (spec §8): a success shows its meta.msg as a toast, a failure
// a toast with meta.msg; the caller gets the envelope's data, or null when the call failed.
import { ApiFailure, type ApiClient } from '#shared/api/client';
import type { MessageId } from '#shared/i18n';
import { toast } from '../stores/toasts';

export async function listCall<T>(
  api: ApiClient,
  path: string,
  body?: unknown,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<T | null> {
  try {
    const res = await api.post<T>(path, body ?? {});
    if (!quiet && res.meta.msg && res.meta.msg !== 'ok') toast.success(res.meta.msg as MessageId);
    return res.data;
  } catch (error) {
    toast.apiError(error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'server_error');
    return null;
  }
}

/** The first field problem of a failed form call (400 validation_failed), if any. */
export function fieldProblem(error: unknown): string | null {
  if (!(error instanceof ApiFailure)) return null;
  const fields = (error.body.data as { fields?: Array<{ message: string }> } | null)?.fields;
  return fields?.[0]?.message ?? null;
}
