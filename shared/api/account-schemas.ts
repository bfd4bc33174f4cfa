// Sign-in and sign-up rules of spec §5, shared by the forms and the API. Messages are dictionary keys;
// `params` carries the values the texts need (field names, lengths).
import { MIN_PASSWORD_LENGTH } from '../constants';
import { z } from '../zod';

export const signInSchema = z.object({
  email: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).pipe(z.email({ error: 'item_validation_error' })),
  password: z.string({ error: 'mandatory-field' }).min(1, { error: 'mandatory-field' }),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z
  .object({
    name: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(80),
    email: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).pipe(z.email({ error: 'item_validation_error' })),
    password: z
      .string({ error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .min(MIN_PASSWORD_LENGTH, { error: 'min_chars_validation_error' })
      .max(200),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, { error: 'pass_match_validation_error', path: ['confirmPassword'] });
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Parameters for each message key, so both sides show the same text (spec §5). */
export const MESSAGE_PARAMS: Record<string, Record<string, string | number>> = {
  'mandatory-field': {},
  item_validation_error: { field: 'email' },
  min_chars_validation_error: { length: MIN_PASSWORD_LENGTH },
  pass_match_validation_error: {},
};
