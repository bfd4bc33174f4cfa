import { describe, expect, it } from 'vitest';
import { ownerOfFrame, splitSamples } from '../../bench/cpu-split.mjs';

// `perf script -F ip,sym` output: samples separated by a blank line, innermost frame first.
const sample = (...frames: string[]) => frames.map((f, i) => `\t    ${(0x1000 + i).toString(16)} ${f}`).join('\n');

describe("the bench's split of the workers' CPU", () => {
  it('names the owner of a JavaScript frame by its script', () => {
    expect(ownerOfFrame("JS:*'renderNode assets/worker-entry-BmbfkqjN.js:21825:21")).toBe('storefront');
    expect(ownerOfFrame("JS:+'Price assets/Price-4-92uj00.js:7:15")).toBe('storefront');
    expect(ownerOfFrame('JS:^claimNonce index.js:46126:14')).toBe('api');
    expect(ownerOfFrame('JS:^_send cloudflare-internal:d1-api:196:16')).toBe('api');
    expect(ownerOfFrame('JS:^ database.worker.js:182:51')).toBe('standins');
    expect(ownerOfFrame('JS:~put cache.worker.js:592:9')).toBe('standins');
  });

  it("gives native work to the innermost script that asked for it, and shares out the runtime's own", () => {
    const text = [
      // TextEncoder called by the storefront's renderer: the storefront's.
      sample('workerd::api::TextEncoder::encode', "JS:*'pushAttribute assets/worker-entry-B.js:1:1", 'kj::_::waitImpl'),
      // The API's handler, called from a stand-in further out: the innermost script counts.
      sample('Builtins_JsonStringify', 'JS:^answer index.js:2:2', 'JS:~fetch entry.worker.js:3:3'),
      sample('JS:^#query database.worker.js:155:12'),
      // SQLite with no script on the stack: a stand-in's storage.
      sample('sqlite3VdbeExec', 'sqlite3_step', 'workerd::SqliteDatabase::Query::nextRow'),
      // The runtime's own: no script and no storage.
      sample('v8::internal::Scavenger::Process', 'kj::_::waitImpl'),
    ].join('\n\n');
    const split = splitSamples(text);
    expect(split.samples).toBe(5);
    expect(split.share).toEqual({ storefront: 0.2, api: 0.2, standins: 0.4, runtime: 0.2 });
    // The shop's scripts are half of the scripts' samples: they get half of the runtime's.
    expect(split.shopShare).toBeCloseTo(0.5);
  });
});
