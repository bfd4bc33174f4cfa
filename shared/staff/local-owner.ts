// The seeded owner of a local shop: `npm start` and the e2e server create it in their own
// database, never in production (only scripts/seed-staff.mjs uses it, with the local secrets). The
// docs/operating/local-shop.md gives these; `npm run staff:code` prints the current six-digit code for the secret.
export const LOCAL_OWNER = {
  email: 'owner@gulfvitamins.example',
  name: 'Local Owner',
  password: 'local-owner-password',
  /** Base32, for an authenticator app (or `npm run staff:code`). */
  totpSecret: 'GVLFVITAMINSLOCALOWNER2345672345',
} as const;

/**
 * The seeded nutritionist of a local shop (issue 46): role 'nutritionist', linked to the first seeded
 * nutritionist (nutritionists.staff_id), so the portal has someone to practise as. Local databases only,
 * like the owner; `npm run staff:code -- --nutritionist` prints its current code.
 */
export const LOCAL_NUTRITIONIST = {
  email: 'nutritionist@gulfvitamins.example',
  name: 'Dr. Noura Al-Mutawa',
  password: 'local-nutritionist-password',
  totpSecret: 'GVLFVITAMINSLOCALNVTRITIONIST234',
  /** nutritionists.id it practises as. */
  nutritionistId: 1,
} as const;
