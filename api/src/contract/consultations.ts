// Nutritionist consultations (decision 55): the shopper's booking routes, merged into CONTRACTS (registry.ts).
import { pageParams } from '#shared/api/route-schemas';
import {
  consultationBookSchema,
  consultationCancelSchema,
  consultationHoldSchema,
  consultationIdParams,
  consultationModeSchema,
  consultationPackageBuySchema,
  consultationRatingSchema,
  consultationRescheduleSchema,
  slotsQuerySchema,
} from '#shared/consultations/schemas';
import type { RouteContract } from './route-contract';

const own = { params: consultationIdParams, badParams: 'not_found', user: true } as const;

export const CONSULTATION_CONTRACTS = {
  'GET /nutritionist/:id{[0-9]+}/slots': {
    tag: 'consultations',
    summary:
      "A service's free start times, day by day in Gulf time (`from` YYYY-MM-DD, `days` up to 14): each with its end and clock time; a day off says so. Times the shopper herself holds count as free",
    params: consultationIdParams,
    badParams: 'not_found',
    query: slotsQuerySchema,
  },
  'POST /consultation/hold': {
    tag: 'consultations',
    summary:
      'Hold a start time of a service for 10 minutes while she pays; a new hold replaces her older one. Two shoppers never hold one time: the second gets 409 consultation_time_unavailable',
    body: consultationHoldSchema,
    user: true,
  },
  'POST /consultation': {
    tag: 'consultations',
    summary:
      'Book the held time: the intake (sealed at rest), consent, mode and payment (wallet, card or pay later through the gateway, the wallet first when asked, or a package session). Answers the consultation and the gateway page to pay on, if any. The idempotency key makes a retry answer the same booking',
    body: consultationBookSchema,
    user: true,
  },
  'POST /consultation/package': {
    tag: 'consultations',
    summary:
      'Buy a package of sessions of one service, paid like a booking; answers the package and the gateway page, if any',
    body: consultationPackageBuySchema,
    user: true,
  },
  'GET /user/consultation/credits': {
    tag: 'consultations',
    summary: "The shopper's packages in the request's country: sessions left, payment, expiry",
    user: true,
  },
  'GET /user/consultation/credits/:id{[0-9]+}': {
    tag: 'consultations',
    summary:
      'One of her packages (the page a package payment returns to): its sessions, sessions left, payment state (failed too) and expiry; another shopper’s answers 404',
    ...own,
  },
  'GET /user/consultation/list': {
    tag: 'consultations',
    summary:
      "The shopper's consultations, newest first (first page), with her packages in the request's country (`credits`: sessions left, payment, expiry)",
    user: true,
  },
  'GET /user/consultation/list/:page{[0-9]+}': {
    tag: 'consultations',
    summary: "The shopper's consultations, a later page",
    params: pageParams,
    badParams: 'bad_request',
    user: true,
  },
  'GET /user/consultation/:id{[0-9]+}': {
    tag: 'consultations',
    summary:
      'One consultation: the rules with their times (free cancel until, reschedule until and how many left, the join window), mode, payment, her intake, and once shared the summary and the recommended products with dose and reason, and her rating',
    ...own,
  },
  'POST /user/consultation/:id{[0-9]+}/cancel': {
    tag: 'consultations',
    summary:
      'Cancel a booked consultation: everything back until 24 hours before (to the wallet, or to the card where the gateway refunds it; a package session returns), nothing after',
    ...own,
    body: consultationCancelSchema,
  },
  'POST /user/consultation/:id{[0-9]+}/reschedule': {
    tag: 'consultations',
    summary: 'Move a booked consultation to a time she has just held: until 24 hours before, at most twice',
    ...own,
    body: consultationRescheduleSchema,
  },
  'POST /user/consultation/:id{[0-9]+}/mode': {
    tag: 'consultations',
    summary: 'Video with chat, or chat only: hers to change until the call ends',
    ...own,
    body: consultationModeSchema,
  },
  'POST /user/consultation/:id{[0-9]+}/rating': {
    tag: 'consultations',
    summary: 'Rate a consultation that took place, once: shown or held by the product reviews\u2019 moderation rules',
    ...own,
    body: consultationRatingSchema,
  },
  'GET /user/consultation/:id{[0-9]+}/ics': {
    tag: 'consultations',
    summary: 'The consultation as a calendar entry (text/calendar)',
    ...own,
    fileResponse: ['text/calendar'],
  },
} satisfies Record<string, RouteContract>;
