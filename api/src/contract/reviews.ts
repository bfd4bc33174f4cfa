// Reviews, questions and answers (decision 44), merged into CONTRACTS (registry.ts).
import { idParams } from '#shared/api/route-schemas';
import {
  answerInputSchema,
  helpfulVoteSchema,
  questionInputSchema,
  questionListQuery,
  reportSchema,
  reviewInputSchema,
  reviewListQuery,
} from '#shared/reviews/schemas';
import type { RouteContract } from './route-contract';

const product = { params: idParams, badParams: 'not_found' } as const;

export const REVIEW_CONTRACTS = {
  'GET /product/:id{[0-9]+}/reviews': {
    tag: 'reviews',
    summary:
      "A product's shown reviews: sorted by helpful, newest, highest or lowest rating; one language or both; one star count or all; ten a page; the signed-in shopper's votes",
    ...product,
    query: reviewListQuery,
  },
  'GET /product/:id{[0-9]+}/reviews/mine': {
    tag: 'reviews',
    summary:
      "The shopper's own review of the product with the shop's decision (a rejection's reason), whether she may review and answer (she received it), and her questions and answers not shown",
    ...product,
    user: true,
  },
  'POST /product/:id{[0-9]+}/reviews': {
    tag: 'reviews',
    summary:
      'Write or edit the own review (only after a delivered order holds the product): 1–5 stars, a text in either language, up to three photos (JPEG, PNG or WebP, 5 MB each, re-encoded, metadata dropped). Shown after the shop’s rules and moderation',
    ...product,
    body: reviewInputSchema,
    user: true,
  },
  'POST /product/:id{[0-9]+}/reviews/remove': {
    tag: 'reviews',
    summary: 'Remove the own review and its photos',
    ...product,
    user: true,
  },
  'GET /product/:id{[0-9]+}/questions': {
    tag: 'reviews',
    summary: "A product's shown questions, newest first, each with its shown answers (the shop's first)",
    ...product,
    query: questionListQuery,
  },
  'POST /product/:id{[0-9]+}/questions': {
    tag: 'reviews',
    summary: 'Ask a question about a product (anyone signed in); shown after the shop’s rules and moderation',
    ...product,
    body: questionInputSchema,
    user: true,
  },
  'POST /review/:id{[0-9]+}/helpful': {
    tag: 'reviews',
    summary: '"Was this helpful": one vote a shopper (value false takes it back); not on the own review',
    ...product,
    body: helpfulVoteSchema,
    user: true,
  },
  'POST /review/:id{[0-9]+}/report': {
    tag: 'reviews',
    summary: 'Report a shown review (one report a shopper); enough reports take it back to moderation',
    ...product,
    body: reportSchema,
    user: true,
  },
  'POST /question/:id{[0-9]+}/answers': {
    tag: 'reviews',
    summary: 'Answer a question (only a shopper who received the product); shown after the shop’s rules and moderation',
    ...product,
    body: answerInputSchema,
    user: true,
  },
  'POST /answer/:id{[0-9]+}/helpful': {
    tag: 'reviews',
    summary: '"Was this helpful" on an answer: one vote a shopper; not on the own answer',
    ...product,
    body: helpfulVoteSchema,
    user: true,
  },
} as const satisfies Record<string, RouteContract>;
