// The header search box's combobox state (WAI-ARIA combobox with a listbox popup), kept pure so the
// keyboard rules are unit-tested without a browser: ArrowDown/ArrowUp move through the options (from
// the box into the list, wrapping, and back to the box), Home/End jump, Escape closes (a second
// Escape clears the text), typing reopens and leaves the list, new options keep no stale highlight.

export interface ComboboxState {
  open: boolean;
  /** Index into the options shown, or -1 while the focus stays in the text box. */
  active: number;
  /** How many options the popup shows now. */
  count: number;
}

export type ComboboxAction =
  | { type: 'focus' }
  | { type: 'input' }
  | { type: 'options'; count: number }
  | { type: 'key'; key: string }
  | { type: 'close' };

export const initialCombobox: ComboboxState = { open: false, active: -1, count: 0 };

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case 'focus':
      return { ...state, open: true };
    case 'input':
      return { ...state, open: true, active: -1 };
    case 'options':
      return { ...state, count: action.count, active: -1 };
    case 'close':
      return { ...state, open: false, active: -1 };
    case 'key':
      return onKey(state, action.key);
  }
}

function onKey(state: ComboboxState, key: string): ComboboxState {
  const { count, active } = state;
  switch (key) {
    case 'ArrowDown':
      // A closed list opens first; an open one moves down and past the last option back to the box.
      if (!state.open) return { ...state, open: true };
      if (!count) return state;
      return { ...state, active: active + 1 >= count ? -1 : active + 1 };
    case 'ArrowUp':
      if (!state.open) return { ...state, open: true };
      if (!count) return state;
      return { ...state, active: active <= -1 ? count - 1 : active - 1 };
    case 'Home':
      return state.open && active >= 0 ? { ...state, active: 0 } : state;
    case 'End':
      return state.open && active >= 0 ? { ...state, active: count - 1 } : state;
    case 'Escape':
      return { ...state, open: false, active: -1 };
    default:
      return state;
  }
}

/** What Enter does: open the highlighted option, or search for the typed text. */
export function enterAction(state: ComboboxState): { kind: 'option'; index: number } | { kind: 'search' } {
  return state.open && state.active >= 0 && state.active < state.count
    ? { kind: 'option', index: state.active }
    : { kind: 'search' };
}

/** Whether the popup shows at all: open and something in it. */
export function isExpanded(state: ComboboxState): boolean {
  return state.open && state.count > 0;
}
