// The amounts a booking reads: her wallet balance in the country's currency and the country's VAT rate.
import type { CountryCode } from '#shared/locale';

export async function walletBalance(db: D1Database, userId: number, currency: string): Promise<number> {
  const row = await db
    .prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?')
    .bind(userId, currency)
    .first<{ balance: number }>();
  return row?.balance ?? 0;
}

export async function vatRate(db: D1Database, country: CountryCode): Promise<number> {
  const row = await db
    .prepare('SELECT vat_basis_points FROM country_settings WHERE country = ?')
    .bind(country)
    .first<{ vat_basis_points: number }>();
  return row?.vat_basis_points ?? 0;
}
