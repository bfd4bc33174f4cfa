// The uploaded results' API as the pages call it: JSON calls through the session client, and
// the file upload itself, which the session client cannot carry (its body is the file's raw bytes, up to
// 10 MB, through the storefront's own route worker/routes/blood-test-files.ts).
import { ApiFailure } from '#shared/api/client';
import { fail, isEnvelope, type Envelope } from '#shared/api/envelope';
import type { UploadedFile } from '#shared/api/blood-test-upload-schemas';
import { SIGNED_IN_HEADER } from '#shared/constants';
import type { CountryCode, Lang } from '#shared/locale';

export const UPLOAD_API = {
  file: (name: string) => `/api/user/upload/bloodtest?name=${encodeURIComponent(name)}`,
  submit: '/user/upload/bloodtest/submit',
  list: (page = 1) => (page > 1 ? `/user/upload/list/bloodtest/${page}` : '/user/upload/list/bloodtest'),
  result: (id: number) => `/user/upload/bloodtest/${id}`,
  /** A file as an attachment: a plain link, streamed by the storefront with the session cookie. */
  download: (id: number, fileId: string) => `/api/user/upload/bloodtest/${id}/files/${fileId}`,
  remove: (id: number) => `/user/upload/bloodtest/${id}/remove`,
} as const;

/**
 * Sends one file's bytes (the File itself as the body: no multipart, no copy) and answers the pending
 * file the API kept; a refusal is an ApiFailure with the API's message key (upload_type_unsupported…).
 */
export async function uploadFile(
  file: File,
  session: { lang: Lang; country: CountryCode; signedIn: boolean },
  signal?: AbortSignal,
  /** Another raw-bytes upload of the storefront (a return's photo, worker/routes/return-files.ts). */
  path: string = UPLOAD_API.file(file.name),
): Promise<UploadedFile> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        lang: session.lang,
        'x-country': session.country,
        ...(session.signedIn ? { [SIGNED_IN_HEADER]: '1' } : {}),
      },
      body: file,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiFailure(500, fail(String(error), 500, navigator.onLine === false ? 'offline' : 'network_unreachable'));
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || !isEnvelope(body))
    throw new ApiFailure(
      res.status,
      isEnvelope(body)
        ? (body as Envelope<unknown>)
        : fail(res.statusText || `HTTP ${res.status}`, 500, 'server_error'),
    );
  return (body as Envelope<UploadedFile>).data;
}

/** The dictionary key that explains a failed call: the API's key, or the generic one. */
export function failureKey(error: unknown): string {
  return error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'server_error';
}
