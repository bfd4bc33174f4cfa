// The quiz's versions in the back office (decision 32), with the catalogue permissions.
import { idParams } from '#shared/api/route-schemas';
import { staffQuizContentSchema } from '#shared/quiz/staff';
import type { RouteContract } from '../route-contract';

export const STAFF_QUIZ_CONTRACTS = {
  'GET /staff/quiz/versions': {
    tag: 'staff',
    summary: "The quiz's versions: draft, active or retired, who made each and when",
    noDevice: true,
    staff: 'catalogue:read',
  },
  'GET /staff/quiz/versions/:id{[0-9]+}': {
    tag: 'staff',
    summary: "A quiz version with its content (JSON) and, if it does not parse, the schema's problems",
    params: idParams,
    noDevice: true,
    staff: 'catalogue:read',
  },
  'POST /staff/quiz/versions': {
    tag: 'staff',
    summary: 'A new draft, a copy of the active version (audited)',
    noDevice: true,
    staff: 'catalogue:write',
  },
  'POST /staff/quiz/versions/:id{[0-9]+}': {
    tag: 'staff',
    summary:
      "Replace a draft's content, checked with the quiz schema: 400 quiz_content_invalid with the problems; 409 quiz_version_not_draft for a published version (audited)",
    params: idParams,
    body: staffQuizContentSchema,
    noDevice: true,
    staff: 'catalogue:write',
  },
  'POST /staff/quiz/versions/:id{[0-9]+}/publish': {
    tag: 'staff',
    summary: 'Publish a draft: it becomes the active version and the active one is retired (audited)',
    params: idParams,
    noDevice: true,
    staff: 'catalogue:write',
  },
} as const satisfies Record<string, RouteContract>;
