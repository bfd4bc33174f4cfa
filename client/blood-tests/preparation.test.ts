import { describe, expect, it } from 'vitest';
import { mergePreparation } from './preparation';

const none = { fasting_hours: 0, stop_biotin_hours: 0, morning_draw: false };

describe('mergePreparation', () => {
  it('keeps the longest fast and biotin pause, a morning draw once, and each other instruction once', () => {
    expect(
      mergePreparation([
        { ...none, fasting_hours: 8, preparation: ['Drink water as usual.'] },
        { ...none, fasting_hours: 12, stop_biotin_hours: 72, morning_draw: true },
        { ...none, morning_draw: true, preparation: ['drink water as usual.', 'Bring your medication list.'] },
      ]),
    ).toEqual([
      { kind: 'fasting', hours: 12 },
      { kind: 'biotin', hours: 72 },
      { kind: 'morning' },
      { kind: 'text', text: 'Drink water as usual.' },
      { kind: 'text', text: 'Bring your medication list.' },
    ]);
  });

  it('has nothing to say for tests without preparation, or no tests', () => {
    expect(mergePreparation([none, none])).toEqual([]);
    expect(mergePreparation([])).toEqual([]);
  });
});
