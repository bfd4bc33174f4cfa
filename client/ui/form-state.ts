// What a form holds and offers its parts: the values by field name and the API of useForm (form.tsx).
// Its own module, so the parts (form-fields.tsx) and the hook both depend on it, not on each other.
import type { FormEvent, RefObject } from 'react';
import type { FieldText } from './field-message';

/** A form's values by field name: text, or the checked options of a checkbox group. */
export type FormValues = Record<string, string | string[]>;
type Values = FormValues;

export interface FormApi<V extends Values> {
  id: string;
  values: V;
  fields: Record<keyof V & string, FieldText>;
  /** Translated error per field. */
  errors: Partial<Record<keyof V & string, string>>;
  set<K extends keyof V & string>(name: K, value: V[K]): void;
  blur(name: keyof V & string): void;
  submit(event: FormEvent<HTMLFormElement>): void;
  reset(): void;
  sending: boolean;
  /** False until the page is hydrated: the form cannot be sent before that. */
  ready: boolean;
  /** The problems of the last submit, while some remain. */
  summary: Array<{ field: keyof V & string; text: string }> | null;
  /** A server or network error, translated. */
  serverError: string | null;
  /** Its message key (the API's, or server_error), for a page that offers a way on from one of them. */
  serverKey: string | null;
  /** The API's answer after a successful submit. */
  result: { id: number } | null;
  formRef: RefObject<HTMLFormElement | null>;
  successRef: RefObject<HTMLDivElement | null>;
  alertRef: RefObject<HTMLDivElement | null>;
  focusField(name: keyof V & string): void;
}
