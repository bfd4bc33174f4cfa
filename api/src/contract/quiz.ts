// The supplement quiz (spec §7 /quiz/active, /quiz/answer), merged into CONTRACTS (registry.ts).
import { quizAnswerBodySchema } from '#shared/quiz/schema';
import type { RouteContract } from './route-contract';

export const QUIZ_CONTRACTS = {
  'GET /quiz/active': {
    tag: 'quiz',
    summary:
      "The active quiz version: its id and questions in the request's language, with branching (show_if); cacheable, a published version never changes",
  },
  'POST /quiz/answer': {
    tag: 'quiz',
    summary:
      "Score answers against their version (active or retired): up to 6 product cards with reason, 'because you said' and cautions, and the products a safety gate removed; a signed-in shopper's result is stored and compared with their previous one (`changes`). Bad answers: 400 quiz_answers_invalid",
    body: quizAnswerBodySchema,
  },
  'GET /quiz/result': {
    tag: 'quiz',
    summary:
      "The signed-in shopper's latest result, scored again from its stored version, with what changed since the one before; null when they have none",
    user: true,
  },
} as const satisfies Record<string, RouteContract>;
