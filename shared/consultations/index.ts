// Nutritionist consultations (issue 46, decision 55): the fixed choices, the intake, the rules, the
// request schemas and the answer types. Pages that only render import facts.ts and rules.ts directly
// (no zod); the forms load schemas.ts and intake.ts when they check.
export * from './facts';
export * from './intake';
export * from './rules';
export * from './schemas';
export type * from './types';
