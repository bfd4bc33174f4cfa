// The one rule for a value a wrangler file holds until the real one is known: the deploy
// (scripts/deploy.mjs) refuses an environment that still has one. The files write every such value as
// zeros: binding ids (00000000-0000-4000-8000-000000000001, 000…0002), the VAPID public key ("B" then
// base64url's zero, "A"), WhatsApp's business number (100000000000001), the back office's Access AUD,
// and the Apple team id of the app ids (0000000000.com.gulfvitamins.app).

/**
 * A value of 12 characters or more that is zeros but for at most four characters (dashes aside; "A" is
 * base64url's zero). Real ids and keys are random: a 32-digit id with four digits or fewer that are not
 * zero does not happen, while the short numbers among the vars ("30000", "300") are never ids.
 * @param {unknown} value
 */
export function isPlaceholder(value) {
  if (typeof value !== 'string') return false;
  // Apple app ids ("<team id>.<bundle id>", comma-separated): a team id of ten zeros is not yet known.
  if (value.split(',').some((id) => /^\s*0{10}\./.test(id))) return true;
  return value.length >= 12 && value.replace(/[-0A]/g, '').length <= 4;
}

/**
 * Every placeholder in one environment's resolved wrangler configuration (unstable_readConfig), named as
 * the file names it.
 * @param {{ d1_databases?: { binding: string, database_id?: string }[], kv_namespaces?: { binding: string, id?: string }[], vars?: Record<string, unknown> }} config
 * @returns {{ binding: string, value: string }[]}
 */
export function placeholdersIn(config) {
  const found = [
    ...(config.d1_databases ?? []).map((d) => ({
      binding: `D1 database ${d.binding} (database_id)`,
      value: d.database_id,
    })),
    ...(config.kv_namespaces ?? []).map((k) => ({ binding: `KV namespace ${k.binding} (id)`, value: k.id })),
    ...Object.entries(config.vars ?? {}).map(([name, value]) => ({ binding: `var ${name}`, value })),
  ];
  return /** @type {{ binding: string, value: string }[]} */ (found.filter((f) => isPlaceholder(f.value)));
}
