// Accessible forms checked with a shared zod schema (shared/api/forms.ts): labels, hints, required
// markers, aria-invalid and aria-describedby error texts; a field is checked when it loses focus (once
// it has a value, or after a first submit) and again as it is corrected; submit checks everything,
// lists the problems in an alert and focuses the first invalid field. The API call goes through the
// session client; its errors land in an alert above the form, field errors next to their fields.
// Our own rather than a form library's, for the reasons and sizes in decision 54.
import { useContext, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiFailure } from '#shared/api/client';
import { FIELD_LENGTHS, firstProblems } from '#shared/api/form-facts';
import { useI18n } from '../i18n/context';
import { fieldMessage, type FieldText } from './field-message';
import { ApiContext } from '../providers';

/** How a field is named: its label, and the noun used in "Please enter a valid …" when it reads better. */
export type { FieldText } from './field-message';
// The form's parts (field, notes, alerts, success) draw what this hook holds.
export {
  CheckboxGroup,
  Field,
  FieldNotes,
  FormAlerts,
  FormSuccess,
  notesIds,
  RequiredMark,
  type ControlProps,
} from './form-fields';

import type { FormApi, FormValues } from './form-state';

export type { FormApi, FormValues } from './form-state';
type Values = FormValues;

type SchemaSource<Out> = z.ZodType<Out> | (() => Promise<z.ZodType<Out>>);

export interface FormOptions<V extends Values, Out> {
  /** Prefix of the element ids: `${id}-${field}`. */
  id: string;
  /**
   * The zod schema, or a loader of it: `() => import('#shared/api/…').then((m) => m.someSchema)`. A
   * loader keeps zod out of the page's first JavaScript; it starts after the form mounts, fields are
   * checked once it is there, and a submit waits for it.
   */
  schema: SchemaSource<Out>;
  initial: V;
  /** Every field, in the order of the form (the first invalid one gets the focus). */
  fields: Record<keyof V & string, FieldText>;
  /** API path the parsed values are posted to. */
  endpoint: string;
  /** Length limits for the {{length}} of messages, where FIELD_LENGTHS has none (e.g. passwords). */
  lengths?: Record<string, { min: number; max: number }>;
  /** Check every field on every change (sign-up, spec §5), not only after a blur or a submit. */
  validateOnChange?: boolean;
  /** Called with the API's data after a successful submit (instead of showing the success panel). */
  onSuccess?: (data: unknown) => void;
  /** Sends the parsed values somewhere else than a POST to `endpoint` (e.g. kept for a later step). */
  send?: (data: Out) => Promise<unknown>;
}

type ErrorKeys<V> = Partial<Record<keyof V & string, string>>;

/**
 * Focuses an element and brings its top into view below the sticky header (its scroll-margin): after
 * a form that filled the screen closes, the page would otherwise stay scrolled past the shorter
 * content, showing the footer with focus lost to the body.
 */
export function reveal(el: HTMLElement | null) {
  if (!el) return;
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: 'start' });
}

/**
 * What the shopper typed into this form before the page's script took over: a slow phone shows the
 * server's HTML seconds before hydrating, and a controlled field would be cleared to its initial
 * value. Read from the document while hydrating only (<html data-hydrated> is not set yet); text
 * fields only, since a select without a chosen option reports its first option.
 */
function typedBeforeHydration<V extends Values>(id: string, initial: V): Partial<V> {
  if (typeof document === 'undefined' || document.documentElement.dataset.hydrated) return {};
  const typed: Partial<V> = {};
  for (const name of Object.keys(initial) as Array<keyof V & string>) {
    const control = document.getElementById(`${id}-${name}`);
    const text =
      control instanceof HTMLTextAreaElement ||
      (control instanceof HTMLInputElement && !['checkbox', 'radio', 'hidden', 'file'].includes(control.type));
    if (text && typeof initial[name] === 'string' && control.value !== initial[name])
      typed[name] = control.value as V[typeof name];
  }
  return typed;
}

export function useForm<V extends Values, Out>(options: FormOptions<V, Out>): FormApi<V> {
  const { id, schema, initial, fields, endpoint, lengths, validateOnChange, onSuccess, send } = options;
  const { t, tKey, has } = useI18n();
  const api = useContext(ApiContext);
  const [values, setValues] = useState<V>(() => ({ ...initial, ...typedBeforeHydration(id, initial) }));
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const [errorKeys, setErrorKeys] = useState<ErrorKeys<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const [showSummary, setShowSummary] = useState(false);
  const [sending, setSending] = useState(false);
  // The API's message key of the last failure (or server_error); its text is derived where it is read.
  const [serverKey, setServerKey] = useState<string | null>(null);
  const [result, setResult] = useState<{ id: number } | null>(null);
  const [ready, setReady] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const successRef = useRef<HTMLDivElement | null>(null);
  const alertRef = useRef<HTMLDivElement | null>(null);
  const pendingFocus = useRef<'success' | 'alert' | 'first-field' | null>(null);
  const order = Object.keys(fields) as Array<keyof V & string>;

  useEffect(() => setReady(true), []);
  // A schema given as a loader arrives after mount; until then blur and change checks wait.
  const loaded = useRef<z.ZodType<Out> | null>(typeof schema === 'function' ? null : schema);
  const loading = useRef<Promise<z.ZodType<Out>> | null>(null);
  const waitingSubmit = useRef(false);
  // Fields left or corrected before the schema was there: checked as soon as it is, so a quick first
  // blur still shows its message.
  const uncheckedFields = useRef(new Set<keyof V & string>());
  const loadSchema = (): Promise<z.ZodType<Out>> => {
    if (loaded.current) return Promise.resolve(loaded.current);
    // A failed load (offline) is tried again on the next check or submit.
    loading.current ??= (schema as () => Promise<z.ZodType<Out>>)().then(
      (s) => {
        loaded.current = s;
        for (const name of uncheckedFields.current) recheck(name, valuesRef.current);
        uncheckedFields.current.clear();
        return s;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the schema is loaded once per form
  useEffect(() => {
    // A failed load is not an error yet: the next check or the submit tries again.
    if (!loaded.current) loadSchema().catch(() => {});
  }, []);

  // Focus moves after React has rendered the element it goes to.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'success') reveal(successRef.current);
    else if (target === 'alert') reveal(alertRef.current);
    else focusField(order[0]!);
  });

  function problemsOf(v: V): ErrorKeys<V> {
    if (!loaded.current) return {};
    const parsed = loaded.current.safeParse(v);
    return parsed.success ? {} : (firstProblems(parsed.error.issues) as ErrorKeys<V>);
  }

  function text(field: keyof V & string, key: string): string {
    const limits =
      lengths?.[field] ?? (FIELD_LENGTHS as Record<string, { min: number; max: number } | undefined>)[field];
    return fieldMessage(
      { t, tKey, has },
      fields[field],
      key,
      key === 'max_chars_validation_error' ? limits?.max : limits?.min,
    );
  }

  function recheck(name: keyof V & string, v: V) {
    if (!loaded.current) {
      uncheckedFields.current.add(name);
      loadSchema().catch(() => {});
      return;
    }
    const problem = problemsOf(v)[name];
    setErrorKeys((prev) => {
      if (prev[name] === problem) return prev;
      const next = { ...prev };
      if (problem) next[name] = problem;
      else delete next[name];
      return next;
    });
  }

  function isEmpty(value: string | string[] | undefined): boolean {
    return Array.isArray(value) ? value.length === 0 : (value ?? '').trim() === '';
  }

  /** Focuses a field's control and shows its label and error too (not hidden by the sticky header). */
  function focusField(name: keyof V & string) {
    const control = formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
    if (!control) return;
    control.focus({ preventScroll: true });
    (control.closest('.field') ?? control).scrollIntoView({ block: 'nearest' });
  }

  const errors: ErrorKeys<V> = {};
  for (const field of order) {
    const key = errorKeys[field];
    if (key) errors[field] = text(field, key);
  }
  const summaryItems = order.filter((f) => errors[f]).map((f) => ({ field: f, text: errors[f]! }));

  return {
    id,
    values,
    fields,
    errors,
    ready,
    sending,
    serverError: serverKey === null ? null : tKey(serverKey),
    serverKey,
    result,
    formRef,
    successRef,
    alertRef,
    focusField,
    summary: showSummary && summaryItems.length > 0 ? summaryItems : null,
    set(name, value) {
      // From the latest values, so several sets in one event all land.
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      // Corrections are confirmed as they are typed; new errors wait for the blur or the submit.
      if (validateOnChange || errorKeys[name] || submitted) recheck(name, next);
    },
    blur(name) {
      if (submitted || !isEmpty(values[name])) recheck(name, values);
    },
    submit(event) {
      event.preventDefault();
      if (sending || !api) return;
      setSubmitted(true);
      setServerKey(null);
      if (!loaded.current) {
        // The schema is still on its way (a very fast first submit): submit again once it is here,
        // once however often the button was pressed meanwhile.
        if (waitingSubmit.current) return;
        waitingSubmit.current = true;
        const target = event.currentTarget;
        void loadSchema()
          .then(() => target.requestSubmit())
          .catch(() => {
            setServerKey('server_error');
            pendingFocus.current = 'alert';
          })
          .finally(() => {
            waitingSubmit.current = false;
          });
        return;
      }
      const parsed = loaded.current.safeParse(values);
      if (!parsed.success) {
        const problems = firstProblems(parsed.error.issues) as ErrorKeys<V>;
        setErrorKeys(problems);
        setShowSummary(true);
        const first = order.find((f) => problems[f]);
        if (first) focusField(first);
        return;
      }
      setErrorKeys({});
      setShowSummary(false);
      setSending(true);
      (send
        ? send(parsed.data).then((data) => ({ data: data as { id: number } }))
        : api.post<{ id: number }>(endpoint, parsed.data)
      )
        .then((res) => {
          if (onSuccess) return onSuccess(res.data);
          setResult(res.data);
          pendingFocus.current = 'success';
        })
        .catch((error: unknown) => {
          if (!(error instanceof ApiFailure)) {
            console.error('form submit failed', error);
            setServerKey('server_error');
            pendingFocus.current = 'alert';
            return;
          }
          const list = (error.body.data as { fields?: Array<{ field: string; message: string }> } | null)?.fields;
          let highlighted = false;
          if (error.status === 400 && Array.isArray(list)) {
            const problems = firstProblems(list.filter((f) => f.field.split('.')[0]! in fields)) as ErrorKeys<V>;
            setErrorKeys(problems);
            highlighted = Object.keys(problems).length > 0;
          }
          // A message key from the API, or a generic message for a network failure's raw text.
          // "Check the highlighted fields" only when a field of this form is highlighted.
          const key = serverAlertKey(error.meta.key ?? error.meta.msg, highlighted);
          setServerKey(has(key) ? key : 'server_error');
          pendingFocus.current = 'alert';
        })
        .finally(() => setSending(false));
    },
    reset() {
      setValues(initial);
      setErrorKeys({});
      setSubmitted(false);
      setShowSummary(false);
      setServerKey(null);
      setResult(null);
      pendingFocus.current = 'first-field';
    },
  };
}

/**
 * The message above a form for an API refusal: "Please check the highlighted fields" only when one
 * of this form's fields is highlighted; a refusal about fields the form does not show says so plainly.
 */
export function serverAlertKey(apiKey: string, highlighted: boolean): string {
  return apiKey === 'validation_failed' && !highlighted ? 'form_fields_unmatched' : apiKey;
}
