// jsbarcode's Code 128 encoder on its own (no DOM, no canvas): the bars as a string of modules.
declare module 'jsbarcode/bin/barcodes/CODE128/index.js' {
  export class CODE128 {
    constructor(data: string, options: Record<string, unknown>);
    valid(): boolean;
    /** data: one character a module, '1' a bar, '0' a space, start, check and stop symbols included. */
    encode(): { data: string; text: string };
  }
}

declare module '*.woff?inline' {
  /** The file as a data: URL (base64), bundled into the worker. */
  const dataUrl: string;
  export default dataUrl;
}
