// The product page's "not sold in your country" is not in its first JavaScript (its text is the orders
// area's): the server's words stay, and a page drawn in the browser gets them from the deferred shell.
import { describe, expect, it, vi } from 'vitest';
import { fillNotSoldHere } from './NotSoldHereHost';

const rootWith = (places: { textContent: string }[]) =>
  ({ querySelectorAll: (selector: string) => (selector === 'p.not-sold-here' ? places : []) }) as unknown as ParentNode;

describe('fillNotSoldHere', () => {
  it('writes the text into an empty place, after its texts loaded', async () => {
    const place = { textContent: '' };
    const load = vi.fn(() => Promise.resolve());
    await fillNotSoldHere(rootWith([place]), load, () => 'Not sold in your country.');
    expect(load).toHaveBeenCalledOnce();
    expect(place.textContent).toBe('Not sold in your country.');
  });

  it("keeps the server's words and loads nothing when no place is empty", async () => {
    const place = { textContent: 'غير متوفر للبيع' };
    const load = vi.fn(() => Promise.resolve());
    await fillNotSoldHere(rootWith([place]), load, () => 'other');
    await fillNotSoldHere(rootWith([]), load, () => 'other');
    expect(load).not.toHaveBeenCalled();
    expect(place.textContent).toBe('غير متوفر للبيع');
  });
});
