// The tax invoice block of an order confirmation, in its legal form: a Saudi simplified tax invoice with
// its QR, or a UAE tax invoice ("Tax Invoice", the TRN, each line's VAT, no QR); as text, and as HTML with
// the QR code drawn as a table of cells. Mail clients do not show SVG reliably and many block images until
// the reader allows them (a data: PNG is refused by Gmail outright); table cells with a background
// colour show everywhere, need no attachment, and scan from the screen like the page's SVG.
import type { CurrencyCode, Lang } from '#shared/locale';
import type { TaxInvoice } from '#shared/invoice/tax-invoice';
import { qrMatrix } from '#shared/invoice/qr-matrix';
import { formatMinor, formatPercent } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { pointsCount } from '#shared/loyalty/points-count';
import type { CountryCode } from '#shared/countries';

interface InvoiceOrder {
  country: CountryCode;
  currency: string;
  tax_invoice: TaxInvoice | null;
  /** Issue 47: the discounts the invoice's total is after (points spent, a friend's discount). */
  totals?: { points_used?: number; points_discount?: number; referral_discount?: number };
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function rows(lang: Lang, order: InvoiceOrder, inv: TaxInvoice): Array<[string, string]> {
  const money = (minor: number) => formatMinor(minor, order.currency as CurrencyCode, lang, order.country);
  // Through the shop's date formatter, as the invoice on the order page: in Arabic with the Hijri date.
  const when = formatDate(Date.parse(inv.issued_at), lang, order.country, { time: true });
  const rate = formatPercent(inv.vat_basis_points / 10_000, lang, order.country);
  // The total is after these discounts (the VAT is computed on what is paid): the invoice says so.
  const t = order.totals ?? {};
  const off: Array<[string, string]> = [
    ...(t.referral_discount
      ? [[lang === 'ar' ? 'خصم الصديق' : 'Friend’s discount', `-${money(t.referral_discount)}`] as [string, string]]
      : []),
    ...(t.points_discount
      ? [
          [
            lang === 'ar'
              ? `النقاط (${pointsCount(t.points_used ?? 0, lang)})`
              : `Points (${pointsCount(t.points_used ?? 0, lang)})`,
            `-${money(t.points_discount)}`,
          ] as [string, string],
        ]
      : []),
  ];
  const uae = inv.form === 'uae-tax-invoice';
  // A UAE tax invoice's lines: each with the VAT in it.
  const lines: Array<[string, string]> = (inv.lines ?? []).map((l) => [
    `${l.name ?? (lang === 'ar' ? 'التوصيل' : 'Delivery')}${l.name ? ` × ${l.count}` : ''} (${lang === 'ar' ? 'الضريبة' : 'VAT'} ${money(l.vat)})`,
    money(l.total),
  ]);
  return lang === 'ar'
    ? [
        ['البائع', inv.seller_name.ar],
        [uae ? 'رقم التسجيل الضريبي' : 'الرقم الضريبي', inv.vat_number],
        ['رقم الفاتورة', inv.number],
        ['تاريخ الإصدار', when],
        ...lines,
        ...off,
        ['الإجمالي شامل الضريبة', money(inv.total)],
        [`ضريبة القيمة المضافة ${rate}`, money(inv.vat)],
      ]
    : [
        ['Seller', inv.seller_name.en],
        [uae ? 'TRN' : 'VAT number', inv.vat_number],
        ['Invoice number', inv.number],
        ['Issued', when],
        ...lines,
        ...off,
        ['Total with VAT', money(inv.total)],
        [`VAT ${rate}`, money(inv.vat)],
      ];
}

const TITLE: Record<TaxInvoice['form'], Record<Lang, string>> = {
  zatca: { en: 'Simplified tax invoice', ar: 'فاتورة ضريبية مبسطة' },
  'uae-tax-invoice': { en: 'Tax Invoice', ar: 'فاتورة ضريبية' },
};

export function invoiceText(lang: Lang, order: InvoiceOrder): string {
  const inv = order.tax_invoice;
  if (!inv) return '';
  return `${TITLE[inv.form][lang]}\n${rows(lang, order, inv)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}`;
}

/** The QR code as a table: one 4 px cell per module, dark cells black, on white with its quiet zone. */
function qrTable(payload: string, label: string): string {
  const m = qrMatrix(payload);
  const cell = (dark: boolean) =>
    `<td style="width:4px;height:4px;padding:0;background:${dark ? '#000' : '#fff'}" bgcolor="${dark ? '#000000' : '#ffffff'}"></td>`;
  const body = m.rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('');
  return `<table data-qr role="img" aria-label="${esc(label)}" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;line-height:0;font-size:0">${body}</table>`;
}

export function invoiceHtml(lang: Lang, order: InvoiceOrder): string {
  const inv = order.tax_invoice;
  if (!inv) return '';
  const table = rows(lang, order, inv)
    .map(
      ([k, v]) =>
        `<tr><th style="text-align:start;padding:2px 8px">${esc(k)}</th><td style="padding:2px 8px"><bdi>${esc(v)}</bdi></td></tr>`,
    )
    .join('');
  const qrLabel = lang === 'ar' ? 'رمز QR للفاتورة الضريبية' : 'Tax invoice QR code';
  const qr = inv.form === 'zatca' ? qrTable(inv.qr, qrLabel) : '';
  return `<section><h2>${esc(TITLE[inv.form][lang])}</h2><table>${table}</table>${qr}</section>`;
}
