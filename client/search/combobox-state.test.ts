import { describe, expect, it } from 'vitest';
import {
  comboboxReducer,
  enterAction,
  initialCombobox,
  isExpanded,
  type ComboboxAction,
  type ComboboxState,
} from './combobox-state';

const run = (...actions: ComboboxAction[]): ComboboxState => actions.reduce(comboboxReducer, initialCombobox);
const key = (k: string): ComboboxAction => ({ type: 'key', key: k });
const withOptions = (count: number) => run({ type: 'focus' }, { type: 'input' }, { type: 'options', count });

describe('header search combobox', () => {
  it('opens on focus but shows a popup only once it has options', () => {
    expect(isExpanded(run({ type: 'focus' }))).toBe(false);
    expect(isExpanded(withOptions(3))).toBe(true);
  });

  it('moves from the box into the list with ArrowDown, wraps back to the box past the end', () => {
    const s = withOptions(2);
    expect(s.active).toBe(-1);
    expect(comboboxReducer(s, key('ArrowDown')).active).toBe(0);
    expect(run({ type: 'focus' }, { type: 'options', count: 2 }, key('ArrowDown'), key('ArrowDown')).active).toBe(1);
    expect(
      run({ type: 'focus' }, { type: 'options', count: 2 }, key('ArrowDown'), key('ArrowDown'), key('ArrowDown'))
        .active,
    ).toBe(-1);
  });

  it('goes to the last option with ArrowUp from the box, Home and End jump within the list', () => {
    const s = comboboxReducer(withOptions(4), key('ArrowUp'));
    expect(s.active).toBe(3);
    expect(comboboxReducer(s, key('Home')).active).toBe(0);
    expect(comboboxReducer(comboboxReducer(s, key('Home')), key('End')).active).toBe(3);
    // In the text box Home/End move the caret, not the highlight.
    expect(comboboxReducer(withOptions(4), key('End')).active).toBe(-1);
  });

  it('closes with Escape and reopens with ArrowDown or typing', () => {
    const closed = comboboxReducer(comboboxReducer(withOptions(2), key('ArrowDown')), key('Escape'));
    expect(closed).toMatchObject({ open: false, active: -1 });
    expect(isExpanded(closed)).toBe(false);
    expect(comboboxReducer(closed, key('ArrowDown')).open).toBe(true);
    expect(comboboxReducer(closed, { type: 'input' }).open).toBe(true);
  });

  it('Enter opens the highlighted option, else searches the text', () => {
    const s = comboboxReducer(withOptions(3), key('ArrowDown'));
    expect(enterAction(comboboxReducer(s, key('ArrowDown')))).toEqual({ kind: 'option', index: 1 });
    expect(enterAction(withOptions(3))).toEqual({ kind: 'search' });
    expect(enterAction(comboboxReducer(s, key('Escape')))).toEqual({ kind: 'search' });
  });

  it('drops the highlight when typing or when other options arrive', () => {
    const s = comboboxReducer(withOptions(3), key('ArrowDown'));
    expect(comboboxReducer(s, { type: 'input' }).active).toBe(-1);
    expect(comboboxReducer(s, { type: 'options', count: 5 }).active).toBe(-1);
    expect(comboboxReducer(s, { type: 'options', count: 0 })).toMatchObject({ active: -1, count: 0 });
  });

  it('ignores arrows when there is nothing to move through', () => {
    const empty = run({ type: 'focus' }, { type: 'options', count: 0 });
    expect(comboboxReducer(empty, key('ArrowDown'))).toEqual(empty);
  });
});
