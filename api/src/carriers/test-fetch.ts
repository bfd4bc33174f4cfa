// A stand-in for fetch in the carrier adapters' tests: it records every request (URL, method, headers,
// raw body) and answers from a list, one answer per call, so each test sees exactly what an adapter
// sent and feeds it the carrier's documented answers.
import { PDFDocument } from 'pdf-lib';

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal | null;
}

export type Answer = Response | ((request: SentRequest) => Response | Promise<Response>);

export function recordingFetch(answers: Answer[]): { fetcher: typeof fetch; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetcher = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const request: SentRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : '',
      signal: init.signal ?? null,
    };
    sent.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error(`no answer left for ${request.method} ${request.url}`);
    return typeof answer === 'function' ? answer(request) : answer;
  }) as typeof fetch;
  return { fetcher, sent };
}

/** A fetch that never answers until the request's deadline aborts it, as a carrier that hangs. */
export function hangingFetch(): typeof fetch {
  return ((_input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason));
    })) as typeof fetch;
}

/** A real one-page PDF (a carrier's label), so a test can check the bytes that come back. */
export async function pdfWithPages(pages: number, text = 'label'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(text);
  for (let i = 0; i < pages; i++) doc.addPage([288, 432]);
  return doc.save();
}
