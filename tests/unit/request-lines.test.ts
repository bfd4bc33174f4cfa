// The integration runtimes drop the workers' request lines at console.log (tests/support/request-lines.ts):
// only those, once however many files set it up, and a test's spy still sees every line.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRequestLine, quietRequestLinesHere } from '../support/request-lines';

const INSTALLED = Symbol.for('shop.tests.quietRequestLines');
const original = console.log;

afterEach(() => {
  console.log = original;
  delete (globalThis as { [INSTALLED]?: boolean })[INSTALLED];
});

const request = JSON.stringify({ worker: 'api', reqid: 'r1', level: 'info', msg: 'request', status: 200 });
const warning = JSON.stringify({ worker: 'api', reqid: 'r1', level: 'info', msg: 'catalogue version not written' });

describe('quiet request lines', () => {
  it('drops a worker’s request line and keeps every other line', () => {
    const seen: unknown[][] = [];
    console.log = (...args: unknown[]) => void seen.push(args);
    quietRequestLinesHere();
    console.log(request);
    console.log(warning);
    console.log('two', 'parts');
    expect(seen).toEqual([[warning], ['two', 'parts']]);
  });

  it('wraps console.log once, however many test files set it up', () => {
    quietRequestLinesHere();
    const wrapped = console.log;
    quietRequestLinesHere();
    expect(console.log).toBe(wrapped);
  });

  it('leaves a test’s spy every line, the request lines too', () => {
    console.log = () => {};
    quietRequestLinesHere();
    const spy = vi.spyOn(console, 'log');
    console.log(request);
    expect(spy.mock.calls).toEqual([[request]]);
    spy.mockRestore();
  });

  it('knows a request line by its message only', () => {
    expect(isRequestLine(request)).toBe(true);
    expect(isRequestLine(warning)).toBe(false);
    expect(isRequestLine({ msg: 'request' })).toBe(false);
  });
});
