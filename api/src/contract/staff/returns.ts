// The back office's returns queue (issue 62).
import { idParams } from '#shared/api/route-schemas';
import {
  staffReturnInspectSchema,
  staffReturnListQuery,
  staffReturnRefundSchema,
  staffReturnRejectSchema,
  staffReturnStepSchema,
  staffReturnPhotoParams,
} from '#shared/api/return-schemas';
import type { RouteContract } from '../route-contract';

const one = { params: idParams, noDevice: true, tag: 'staff', staff: 'returns:manage' } as const;

export const STAFF_RETURN_CONTRACTS = {
  'GET /staff/returns': {
    tag: 'staff',
    summary: 'Returns of the countries the grant allows, newest first (30 a page), by status and country',
    query: staffReturnListQuery,
    noDevice: true,
    staff: 'returns:manage',
  },
  'GET /staff/returns/:id{[0-9]+}': {
    ...one,
    summary: 'One return: its lines, reason, photos, parcel, steps and the refund it would give',
  },
  'GET /staff/returns/:id{[0-9]+}/photos/:photoId{[0-9a-f]{32}}': {
    ...one,
    params: staffReturnPhotoParams,
    summary: "A photo of the return's damage",
    fileResponse: ['image/jpeg', 'image/png', 'image/heic'],
  },
  'GET /staff/returns/:id{[0-9]+}/label': {
    ...one,
    summary: "The return parcel's label (PDF)",
    fileResponse: ['application/pdf'],
  },
  'POST /staff/returns/:id{[0-9]+}/receive': {
    ...one,
    summary: 'The parcel came back to the shop',
    body: staffReturnStepSchema,
  },
  'POST /staff/returns/:id{[0-9]+}/inspect': {
    ...one,
    summary: 'Each line checked: can it be sold again (it goes back in stock)',
    body: staffReturnInspectSchema,
  },
  'POST /staff/returns/:id{[0-9]+}/refund': {
    ...one,
    summary:
      "Refunds the returned lines' paid share (and delivery when damaged or wrong) to the card or the wallet by the order's refund rules; needs orders:refund too",
    body: staffReturnRefundSchema,
  },
  'POST /staff/returns/:id{[0-9]+}/reject': {
    ...one,
    summary: 'Rejects the return with a reason the shopper reads',
    body: staffReturnRejectSchema,
  },
  'POST /staff/returns/:id{[0-9]+}/parcel': {
    ...one,
    summary: "Asks the carrier again for a return's parcel that is waiting or was refused",
    body: staffReturnStepSchema,
  },
} satisfies Record<string, RouteContract>;
