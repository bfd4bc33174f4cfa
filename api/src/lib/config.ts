// Secrets are validated once per isolate; production refuses the development defaults.
import { RETENTION } from '#shared/data-rights/retention-figures';
import { z } from '#shared/zod';
import { COUNTRY_CODES, type CountryCode } from '#shared/countries';
import { CARRIERS } from '#shared/countries/rules';
import { configReader, DEV_SECRET_PREFIX } from '#shared/config';
import { PBKDF2_ITERATIONS, WORKERS_MAX_ITERATIONS } from './password';

/** The local contact push services would see; production names its own. */
const DEV_VAPID_SUBJECT = 'mailto:push@gulfvitamins.example';

/**
 * One Aramex account per country, an account belonging to one country: ARAMEX_<code>_ACCOUNT_NUMBER and
 * _ENTITY (vars; the entity defaults to the country's office in its carriers aspect) and _PIN (a secret).
 */
type AramexAccountKeys = {
  [C in CountryCode as
    | `ARAMEX_${C}_ACCOUNT_NUMBER`
    | `ARAMEX_${C}_ACCOUNT_PIN`
    | `ARAMEX_${C}_ACCOUNT_ENTITY`]: z.ZodType<string | undefined>;
};
const aramexAccounts = Object.fromEntries(
  COUNTRY_CODES.flatMap((c) => {
    const entity = z.string().regex(/^[A-Z]{3}$/);
    const office = CARRIERS[c].aramexEntity;
    return [
      [
        `ARAMEX_${c}_ACCOUNT_NUMBER`,
        z
          .string()
          .regex(/^\d{4,12}$/)
          .optional(),
      ],
      [
        `ARAMEX_${c}_ACCOUNT_PIN`,
        z
          .string()
          .regex(/^\d{3,10}$/)
          .optional(),
      ],
      [`ARAMEX_${c}_ACCOUNT_ENTITY`, office ? entity.default(office) : entity.optional()],
    ];
  }),
) as unknown as AramexAccountKeys;

const configSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('development'),
    SIGNING_SECRET: z.string().min(32),
    TOKEN_SECRET: z.string().min(32),
    PASSWORD_PEPPER: z.string().min(32),
    // PBKDF2 rounds for new password hashes. Local mode and the e2e server take fewer, so that test
    // sign-ups do not spend most of their time hashing; production refuses anything but the full cost.
    // Each hash stores its own count, so hashes made at either cost verify everywhere.
    PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(1000).max(WORKERS_MAX_ITERATIONS).default(PBKDF2_ITERATIONS),
    SITE_ORIGIN: z.url().default('http://localhost:8787'),
    STAFF_ORIGIN: z.url().default('http://staff.localhost:8787'),
    // Card payments: the built-in sandbox (local mode) or Tap Payments (KNET, mada, cards, Apple Pay).
    PAYMENT_PROVIDER: z.enum(['sandbox', 'tap']).default('sandbox'),
    PAYMENT_WEBHOOK_SECRET: z.string().min(32),
    TAP_SECRET_KEY: z.string().optional(),
    SENTRY_DSN: z.union([z.literal(''), z.url()]).default(''),
    // Blood-test result files (api/src/uploads/crypto.ts): the secret the key-encryption key
    // is derived from, its version, and retired versions still needed to open older files.
    UPLOAD_KEK: z.string().min(32).optional(),
    UPLOAD_KEK_VERSION: z.coerce.number().int().min(1).max(999_999).default(1),
    UPLOAD_KEK_RETIRED: z.string().optional(),
    // Consultations' health text (api/src/consultations/seal.ts): intake, chat, notes, summary and
    // recommendation reasons. The same keyring as uploads, a secret of its own (decision 55).
    HEALTH_KEK: z.string().min(32).optional(),
    HEALTH_KEK_VERSION: z.coerce.number().int().min(1).max(999_999).default(1),
    HEALTH_KEK_RETIRED: z.string().optional(),
    // The nightly backup (api/src/backup/): the secret its health pages' key-encryption key is
    // derived from, its version and retired versions (older files), and how many days files are kept.
    BACKUP_KEK: z.string().min(32).optional(),
    BACKUP_KEK_VERSION: z.coerce.number().int().min(1).max(999_999).default(1),
    BACKUP_KEK_RETIRED: z.string().optional(),
    BACKUP_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(RETENTION.backupDays),
    // Uploaded result files nobody opened for this many days are deleted (decision 49), after a notice
    // mailed UPLOAD_RETENTION_NOTICE_DAYS before; opening a file starts its period again.
    UPLOAD_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(RETENTION.uploadDays),
    UPLOAD_RETENTION_NOTICE_DAYS: z.coerce.number().int().min(1).max(90).default(RETENTION.uploadNoticeDays),
    // Web push (api/src/push/): the VAPID key pair (public: the uncompressed P-256 point,
    // base64url; private: its d in base64url, or a JWK), the `mailto:` contact push services see (Safari
    // refuses an https: one), and where pushes go: 'send' to the push services, 'outbox' to the
    // push_outbox table that /dev/pushbox lists (local mode: nothing leaves the machine).
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^B[A-Za-z0-9_-]{86}$/)
      .optional(),
    VAPID_PRIVATE_KEY: z.string().min(40).optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^mailto:[^@\s]+@[^@\s]+$/)
      .default(DEV_VAPID_SUBJECT),
    PUSH_MODE: z.enum(['send', 'outbox']).default('send'),
    // The Saudi e-invoice stamp (api/src/e-invoice-chain/, decision 75): its secp256k1 private key as 64
    // hex digits (a secret) and its certificate (the CSID, PEM or base64; a var). Optional: without both,
    // Saudi documents wait unsigned. Onboarding (issue 75's later part) will write them.
    E_INVOICE_STAMP_KEY: z
      .string()
      .regex(/^(dev-only-)?[0-9a-f]{64}$/)
      .optional(),
    E_INVOICE_STAMP_CERTIFICATE: z.string().optional(),
    // Texts to phones (api/src/messages/): 'send' hands them to Unifonic (SMS) and the WhatsApp Cloud
    // API; 'outbox' keeps them in message_outbox for /dev/messages (local mode: nothing leaves the
    // machine). Without WhatsApp's keys a WhatsApp message goes by SMS.
    MESSAGES_MODE: z.enum(['send', 'outbox']).default('send'),
    UNIFONIC_APP_SID: z.string().min(8).optional(),
    UNIFONIC_SENDER_ID: z.string().min(1).max(11).optional(),
    WHATSAPP_TOKEN: z.string().min(20).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{5,20}$/)
      .optional(),
    // The approved templates' names (Meta's WhatsApp Manager), in English and Arabic under one name.
    WHATSAPP_CODE_TEMPLATE: z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/)
      .default('sign_in_code'),
    // The consultation call's media (decision 56, api/src/consultations/call/media.ts): 'realtime' through
    // Cloudflare Realtime (the SFU app's id and token; TURN credentials from a TURN key's id and token),
    // 'direct' browser to browser with no outside service (local mode).
    CALL_MEDIA: z.enum(['realtime', 'direct']).default('direct'),
    REALTIME_APP_ID: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
    REALTIME_APP_TOKEN: z.string().min(20).optional(),
    TURN_KEY_ID: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
    TURN_KEY_TOKEN: z.string().min(20).optional(),
    // Parcels (decision 66, api/src/carriers/): 'live' through each carrier's own API with its keys,
    // 'local' through the local carrier and its sandbox page (nothing leaves the machine).
    CARRIER_MODE: z.enum(['live', 'local']).default('local'),
    // Which of each carrier's environments live mode calls: 'production', or 'test' (Aramex's sandbox,
    // SMSA's sandbox, MyDHL's test environment) with the carriers' test keys, e.g. for staging.
    CARRIER_ENDPOINTS: z.enum(['production', 'test']).default('production'),
    // Saudi e-invoices (issue 75, api/src/e-invoices/zatca/): which of ZATCA's Fatoora environments the
    // adapter calls (the developer portal's sandbox, the simulation, production), or 'local': the
    // stand-in answered inside the shop, nothing leaves the machine.
    ZATCA_ENVIRONMENT: z.enum(['local', 'sandbox', 'simulation', 'production']).default('local'),
    // Aramex (api/src/carriers/aramex.ts): the aramex.com API user and its password (secrets), and one
    // account per country, since an Aramex account belongs to one country: its number and entity (vars)
    // and its PIN (a secret). A country without an account ships with other carriers.
    ARAMEX_USERNAME: z.string().min(3).optional(),
    ARAMEX_PASSWORD: z.string().min(1).optional(),
    ...aramexAccounts,
    // SMSA Express (api/src/carriers/smsa.ts): the e-commerce API key (a secret).
    SMSA_API_KEY: z.string().min(16).optional(),
    // DHL Express (api/src/carriers/dhl.ts): the MyDHL API key and secret (secrets) and the shipper account.
    DHL_API_KEY: z.string().min(4).optional(),
    DHL_API_SECRET: z.string().min(4).optional(),
    DHL_ACCOUNT_NUMBER: z
      .string()
      .regex(/^\d{6,12}$/)
      .optional(),
  })
  .refine(
    (c) =>
      c.ENVIRONMENT !== 'production' ||
      ![c.SIGNING_SECRET, c.TOKEN_SECRET, c.PASSWORD_PEPPER].some((s) => s.startsWith(DEV_SECRET_PREFIX)),
    { message: 'production needs real SIGNING_SECRET, TOKEN_SECRET and PASSWORD_PEPPER secrets' },
  )
  .refine((c) => c.ENVIRONMENT !== 'production' || c.PASSWORD_HASH_ITERATIONS === PBKDF2_ITERATIONS, {
    message: `production hashes passwords with ${PBKDF2_ITERATIONS} PBKDF2 iterations: leave PASSWORD_HASH_ITERATIONS unset`,
  })
  .refine(
    (c) =>
      c.ENVIRONMENT !== 'production' ||
      (c.PAYMENT_PROVIDER === 'tap' && !!c.TAP_SECRET_KEY && !c.PAYMENT_WEBHOOK_SECRET.startsWith(DEV_SECRET_PREFIX)),
    {
      message:
        'production takes card payments through Tap: set PAYMENT_PROVIDER=tap, TAP_SECRET_KEY and a real PAYMENT_WEBHOOK_SECRET',
    },
  )
  // Health data is stored encrypted: production needs its own key-encryption secret.
  .refine((c) => c.ENVIRONMENT !== 'production' || (!!c.UPLOAD_KEK && !c.UPLOAD_KEK.startsWith(DEV_SECRET_PREFIX)), {
    message: 'production needs a real UPLOAD_KEK secret (blood-test result files are encrypted with it)',
  })
  .refine((c) => c.ENVIRONMENT !== 'production' || (!!c.HEALTH_KEK && !c.HEALTH_KEK.startsWith(DEV_SECRET_PREFIX)), {
    message: "production needs a real HEALTH_KEK secret (consultations' health text is encrypted with it)",
  })
  .refine((c) => c.ENVIRONMENT !== 'production' || (!!c.BACKUP_KEK && !c.BACKUP_KEK.startsWith(DEV_SECRET_PREFIX)), {
    message: 'production needs a real BACKUP_KEK secret (the nightly backup encrypts health tables with it)',
  })
  // Push in production goes to the real push services, signed with the shop's own VAPID key.
  .refine(
    (c) =>
      c.ENVIRONMENT !== 'production' ||
      (c.PUSH_MODE === 'send' &&
        !!c.VAPID_PUBLIC_KEY &&
        !!c.VAPID_PRIVATE_KEY &&
        !c.VAPID_PRIVATE_KEY.startsWith(DEV_SECRET_PREFIX) &&
        c.VAPID_SUBJECT !== DEV_VAPID_SUBJECT),
    {
      message:
        'production sends web push: set VAPID_PUBLIC_KEY, a real VAPID_PRIVATE_KEY secret, a real mailto: VAPID_SUBJECT and PUSH_MODE=send',
    },
  )
  // A Saudi e-invoice signed with the local test stamp would be refused by ZATCA: production has its own.
  .refine((c) => c.ENVIRONMENT !== 'production' || !c.E_INVOICE_STAMP_KEY?.startsWith(DEV_SECRET_PREFIX), {
    message: 'production signs Saudi e-invoices with its own stamp: set a real E_INVOICE_STAMP_KEY secret',
  })
  // Sign-in codes must reach phones: SMS through Unifonic at least (WhatsApp falls back to it).
  .refine(
    (c) =>
      c.ENVIRONMENT !== 'production' || (c.MESSAGES_MODE === 'send' && !!c.UNIFONIC_APP_SID && !!c.UNIFONIC_SENDER_ID),
    { message: 'production sends texts: set MESSAGES_MODE=send, UNIFONIC_APP_SID and UNIFONIC_SENDER_ID' },
  )
  .refine((c) => !c.WHATSAPP_TOKEN === !c.WHATSAPP_PHONE_NUMBER_ID, {
    message: 'WhatsApp needs both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID',
  })
  // The call's video: production goes through Cloudflare Realtime with TURN (phones behind carrier NAT).
  .refine(
    (c) =>
      c.ENVIRONMENT !== 'production' ||
      (c.CALL_MEDIA === 'realtime' && !!c.REALTIME_APP_TOKEN && !!c.TURN_KEY_ID && !!c.TURN_KEY_TOKEN),
    {
      message:
        'production runs consultation calls through Cloudflare Realtime: set CALL_MEDIA=realtime, REALTIME_APP_ID, REALTIME_APP_TOKEN, TURN_KEY_ID and TURN_KEY_TOKEN',
    },
  )
  .refine((c) => c.CALL_MEDIA !== 'realtime' || (!!c.REALTIME_APP_ID && !!c.REALTIME_APP_TOKEN), {
    message: 'CALL_MEDIA=realtime needs REALTIME_APP_ID and REALTIME_APP_TOKEN',
  })
  .refine((c) => !c.TURN_KEY_ID === !c.TURN_KEY_TOKEN, {
    message: 'TURN needs both TURN_KEY_ID and TURN_KEY_TOKEN',
  })
  // Parcels in production go to the real carriers; the local carrier is for development and testers.
  .refine((c) => c.ENVIRONMENT !== 'production' || c.CARRIER_MODE === 'live', {
    message: "production ships through the real carriers: set CARRIER_MODE=live and the carriers' keys",
  })
  // Saudi e-invoices in production are ZATCA's business: the local stand-in's answers are not reports.
  .refine((c) => c.ENVIRONMENT !== 'production' || c.ZATCA_ENVIRONMENT !== 'local', {
    message: "production reports e-invoices to ZATCA: set ZATCA_ENVIRONMENT to 'simulation' or 'production'",
  })
  // A carrier's keys come whole or not at all: a carrier with none is simply not offered in live mode
  // (carrierFor says which keys are missing), while half a set is a mistake refused at once.
  .refine((c) => !c.ARAMEX_USERNAME === !c.ARAMEX_PASSWORD, {
    message: 'Aramex needs both ARAMEX_USERNAME and ARAMEX_PASSWORD',
  })
  .refine(
    (c) =>
      COUNTRY_CODES.every((country) => !c[`ARAMEX_${country}_ACCOUNT_NUMBER`] === !c[`ARAMEX_${country}_ACCOUNT_PIN`]),
    { message: 'an Aramex account needs both its ARAMEX_<country>_ACCOUNT_NUMBER and ARAMEX_<country>_ACCOUNT_PIN' },
  )
  .refine(
    (c) =>
      !COUNTRY_CODES.some((country) => c[`ARAMEX_${country}_ACCOUNT_NUMBER`]) ||
      (!!c.ARAMEX_USERNAME && !!c.ARAMEX_PASSWORD),
    { message: 'an Aramex account needs ARAMEX_USERNAME and ARAMEX_PASSWORD' },
  )
  .refine((c) => !c.DHL_API_KEY === !c.DHL_API_SECRET && !c.DHL_API_KEY === !c.DHL_ACCOUNT_NUMBER, {
    message: 'DHL Express needs DHL_API_KEY, DHL_API_SECRET and DHL_ACCOUNT_NUMBER together',
  })
  .refine((c) => c.PAYMENT_PROVIDER !== 'tap' || !!c.TAP_SECRET_KEY, {
    message: 'PAYMENT_PROVIDER=tap needs TAP_SECRET_KEY',
  })
  // Links in mails and the gateway's return address: the real shop, never the local default.
  .refine((c) => c.ENVIRONMENT !== 'production' || /^https:\/\/(?!localhost\b|127\.)/.test(c.SITE_ORIGIN), {
    message: "production needs SITE_ORIGIN set to the shop's https:// origin",
  })
  .refine(
    (c) => c.ENVIRONMENT !== 'production' || /^https:\/\/(?!localhost\b|127\.|staff\.localhost\b)/.test(c.STAFF_ORIGIN),
    {
      message: "production needs STAFF_ORIGIN set to the back office's https:// origin",
    },
  );

export type ApiConfig = z.infer<typeof configSchema>;

export const apiConfig: (env: ApiEnv) => ApiConfig = configReader(configSchema, 'API');
