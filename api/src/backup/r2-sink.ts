// A backup streamed into one R2 object by multipart upload: parts of PART_BYTES (R2 takes parts of
// 5 MiB and more, the last one smaller), so a large database never sits whole in the isolate's memory.
import type { ByteSink } from './write';

const PART_BYTES = 8 * 1024 * 1024;

export async function r2Sink(
  bucket: R2Bucket,
  key: string,
  options: R2MultipartOptions,
): Promise<ByteSink & { finished(): Promise<R2Object | null> }> {
  const upload = await bucket.createMultipartUpload(key, options);
  const parts: R2UploadedPart[] = [];
  let buffered: Uint8Array[] = [];
  let size = 0;
  let object: R2Object | null = null;

  async function flush() {
    if (size === 0) return;
    const part = new Uint8Array(size);
    let at = 0;
    for (const chunk of buffered) {
      part.set(chunk, at);
      at += chunk.byteLength;
    }
    buffered = [];
    size = 0;
    parts.push(await upload.uploadPart(parts.length + 1, part));
  }

  return {
    async write(chunk) {
      buffered.push(chunk);
      size += chunk.byteLength;
      if (size >= PART_BYTES) await flush();
    },
    async close() {
      await flush();
      object = await upload.complete(parts);
    },
    async abort() {
      await upload.abort().catch(() => {});
    },
    async finished() {
      return object;
    },
  };
}
