// The labels' font engine for pdf-lib, with the Arabic font's subset written synchronously (issue 73).
import fontkit from '@pdf-lib/fontkit';

/**
 * fontkit for pdf-lib with the subset written synchronously. fontkit's own subset.encodeStream() runs
 * on the browser `process.nextTick` shim bundled in @pdf-lib/fontkit: one queue for the whole isolate,
 * drained by a setTimeout made in whichever request queued first. Two labels drawn at once (the queue's
 * consumer and a request, or two batches) then run each other's callbacks in the wrong request ("Cannot
 * perform I/O on behalf of a different Durable Object"), and a request that ends with the drain timer
 * pending cancels it, leaving the queue stuck: every later label in the isolate waits forever.
 */
export const syncFontkit = {
  create(bytes: Uint8Array, name?: string) {
    const font = fontkit.create(bytes, name);
    const withSubset = font as unknown as { createSubset(): FontSubset };
    const createSubset = withSubset.createSubset.bind(font);
    withSubset.createSubset = () => {
      const subset = createSubset();
      subset.encodeStream = () => {
        const out = new ByteSink();
        subset.encode(out);
        const bytes = out.bytes();
        // pdf-lib listens for data, then end, then error, in that order.
        const emitter = {
          on(event: string, listener: (chunk?: Uint8Array) => void) {
            if (event === 'data') listener(bytes);
            else if (event === 'end') listener();
            return emitter;
          },
        };
        return emitter;
      };
      return subset;
    };
    return font;
  },
};

interface FontSubset {
  encode(stream: ByteSink): void;
  encodeStream(): unknown;
}

/** What fontkit's encoders write to (restructure's EncodeStream's writers), into one growing buffer. */
class ByteSink {
  pos = 0;
  private buf = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  private room(n: number) {
    if (this.pos + n <= this.buf.length) return;
    const grown = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    grown.set(this.buf);
    this.buf = grown;
    this.view = new DataView(grown.buffer);
  }
  private int(n: number, bytes: number, little: boolean) {
    this.room(bytes);
    const v = n < 0 ? n + 2 ** (8 * bytes) : n;
    for (let i = 0; i < bytes; i++)
      this.buf[this.pos + (little ? i : bytes - 1 - i)] = Math.floor(v / 2 ** (8 * i)) & 0xff;
    this.pos += bytes;
  }
  writeUInt8(n: number) {
    this.int(n, 1, false);
  }
  writeInt8(n: number) {
    this.int(n, 1, false);
  }
  writeUInt16BE(n: number) {
    this.int(n, 2, false);
  }
  writeUInt16LE(n: number) {
    this.int(n, 2, true);
  }
  writeInt16BE(n: number) {
    this.int(n, 2, false);
  }
  writeInt16LE(n: number) {
    this.int(n, 2, true);
  }
  writeUInt24BE(n: number) {
    this.int(n, 3, false);
  }
  writeUInt24LE(n: number) {
    this.int(n, 3, true);
  }
  writeInt24BE(n: number) {
    this.int(n, 3, false);
  }
  writeInt24LE(n: number) {
    this.int(n, 3, true);
  }
  writeUInt32BE(n: number) {
    this.int(n, 4, false);
  }
  writeUInt32LE(n: number) {
    this.int(n, 4, true);
  }
  writeInt32BE(n: number) {
    this.int(n, 4, false);
  }
  writeInt32LE(n: number) {
    this.int(n, 4, true);
  }
  writeFloatBE(n: number) {
    this.room(4);
    this.view.setFloat32(this.pos, n);
    this.pos += 4;
  }
  writeFloatLE(n: number) {
    this.room(4);
    this.view.setFloat32(this.pos, n, true);
    this.pos += 4;
  }
  writeDoubleBE(n: number) {
    this.room(8);
    this.view.setFloat64(this.pos, n);
    this.pos += 8;
  }
  writeDoubleLE(n: number) {
    this.room(8);
    this.view.setFloat64(this.pos, n, true);
    this.pos += 8;
  }
  writeBuffer(b: Uint8Array) {
    this.room(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }
  writeString(text: string, encoding = 'ascii') {
    if (encoding === 'utf16be' || encoding === 'utf16le' || encoding === 'ucs2') {
      for (const unit of Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)))
        this.int(unit, 2, encoding !== 'utf16be');
    } else if (encoding === 'utf8') this.writeBuffer(new TextEncoder().encode(text));
    else for (let i = 0; i < text.length; i++) this.int(text.charCodeAt(i) & 0xff, 1, false);
  }
  fill(value: number, length: number) {
    this.room(length);
    this.buf.fill(value, this.pos, this.pos + length);
    this.pos += length;
  }
  end() {}
  bytes() {
    return this.buf.slice(0, this.pos);
  }
}
