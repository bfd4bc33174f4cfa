// The tax invoice of an order, in its legal form: the Saudi simplified tax invoice (decision 9) with the
// ZATCA QR code drawn as inline SVG (no image request, no outside host), or the UAE tax invoice ("Tax
// Invoice", the seller's TRN, each line with its VAT, no QR). Both: seller, VAT number, invoice number,
// issue time, total with VAT, the VAT. Loaded on demand by OrderSummary, so the QR encoder never weighs
// on other pages.
import '../styles/orders.css';
import { qrMatrix, qrPath } from '#shared/invoice/qr-matrix';
import type { TaxInvoice as Invoice } from '#shared/invoice/tax-invoice';
import type { CreditNote as Note } from '#shared/invoice/credit-note';
import type { GiftLineView } from '#shared/orders/promotions';
import { formatPercent } from '#shared/money';
import { pointsCount } from '#shared/loyalty/points-count';
import { countryOfCurrency, HOME_COUNTRY } from '#shared/countries';
import type { CountryCode, Lang } from '#shared/locale';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';
import { MinorMoney } from '../ui/Money';

export function TaxInvoice({
  invoice,
  currency,
  gifts = [],
  discounts,
}: {
  invoice: Invoice;
  currency: string;
  /** Issue 47: the points spent and a friend's discount the total is after (the VAT is on what is paid). */
  discounts?: { points_used: number; points_discount: number; referral_discount: number };
  /** Gift lines (decision 33): on the invoice at zero price, so the goods handed over are all listed. */
  gifts?: readonly GiftLineView[];
}) {
  const { t, lang } = useI18n();
  const country = countryOfCurrency(currency) ?? HOME_COUNTRY;
  const issued = sellerTime(lang, country, Date.parse(invoice.issued_at));
  const rate = formatPercent(invoice.vat_basis_points / 10_000, lang, country);
  const uae = invoice.form === 'uae-tax-invoice';
  return (
    <section className="tax-invoice" aria-labelledby={`invoice-${invoice.number}`} data-testid="tax-invoice">
      <h2 id={`invoice-${invoice.number}`} className="section-title">
        {t(uae ? 'invoice_title_uae' : 'invoice_title')}
      </h2>
      <div className="tax-invoice-body">
        <dl className="totals">
          <div>
            <dt>{t('invoice_seller')}</dt>
            <dd>{invoice.seller_name[lang]}</dd>
          </div>
          <div>
            <dt>{t(uae ? 'invoice_trn' : 'invoice_vat_number')}</dt>
            <dd>
              <bdi dir="ltr">{invoice.vat_number}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('invoice_number')}</dt>
            <dd>
              <bdi dir="ltr">{invoice.number}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('invoice_issued')}</dt>
            <dd>
              <time dateTime={invoice.issued_at}>{issued}</time>
            </dd>
          </div>
          {invoice.lines?.map((line, i) => (
            <div key={`line-${i}`} data-testid="invoice-line">
              <dt>
                {line.name === null ? t('invoice_line_delivery') : `${line.name} × ${line.count}`}
                {' · '}
                {t('invoice_line_vat')} <MinorMoney minor={line.vat} currency={currency} />
              </dt>
              <dd>
                <MinorMoney minor={line.total} currency={currency} />
              </dd>
            </div>
          ))}
          {gifts.map((g) => (
            <div key={`gift-${g.promotion_id}`} data-testid="invoice-gift">
              <dt>
                {g.name} ({g.sku_name}) × {g.count} · {t('cart_gift_free')}
              </dt>
              <dd>
                <MinorMoney minor={0} currency={currency} />
              </dd>
            </div>
          ))}
          {!!discounts?.referral_discount && (
            <div data-testid="invoice-referral">
              <dt>{t('totals_referral')}</dt>
              <dd>
                −<MinorMoney minor={discounts.referral_discount} currency={currency} />
              </dd>
            </div>
          )}
          {!!discounts?.points_discount && (
            <div data-testid="invoice-points">
              <dt>{t('totals_points', { points: pointsCount(discounts.points_used, lang) })}</dt>
              <dd>
                −<MinorMoney minor={discounts.points_discount} currency={currency} />
              </dd>
            </div>
          )}
          <div>
            <dt>{t('invoice_total')}</dt>
            <dd>
              <MinorMoney minor={invoice.total} currency={currency} />
            </dd>
          </div>
          <div>
            <dt>{t('invoice_vat', { rate })}</dt>
            <dd>
              <MinorMoney minor={invoice.vat} currency={currency} />
            </dd>
          </div>
        </dl>
        {!uae && <InvoiceQr document={invoice} label={t('invoice_qr')} />}
      </div>
    </section>
  );
}

/** A Saudi refund's credit note: which invoice it reduces, when, by how much and the VAT in it, with its QR. */
export function CreditNote({ note, currency }: { note: Note; currency: string }) {
  const { t, lang } = useI18n();
  const country = countryOfCurrency(currency) ?? HOME_COUNTRY;
  const issued = sellerTime(lang, country, Date.parse(note.issued_at));
  const rate = formatPercent(note.vat_basis_points / 10_000, lang, country);
  return (
    <section className="tax-invoice" aria-labelledby={`note-${note.number}`} data-testid="credit-note">
      <h3 id={`note-${note.number}`}>{t('credit_note_title')}</h3>
      <div className="tax-invoice-body">
        <dl className="totals">
          <div>
            <dt>{t('credit_note_number')}</dt>
            <dd>
              <bdi dir="ltr">{note.number}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('credit_note_invoice')}</dt>
            <dd>
              <bdi dir="ltr">{note.invoice_number}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('invoice_seller')}</dt>
            <dd>{note.seller_name[lang]}</dd>
          </div>
          <div>
            <dt>{t('invoice_vat_number')}</dt>
            <dd>
              <bdi dir="ltr">{note.vat_number}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('invoice_issued')}</dt>
            <dd>
              <time dateTime={note.issued_at}>{issued}</time>
            </dd>
          </div>
          <div>
            <dt>{t('credit_note_total')}</dt>
            <dd>
              <MinorMoney minor={note.total} currency={currency} />
            </dd>
          </div>
          <div>
            <dt>{t('invoice_vat', { rate })}</dt>
            <dd>
              <MinorMoney minor={note.vat} currency={currency} />
            </dd>
          </div>
        </dl>
        <InvoiceQr document={note} label={t('credit_note_qr')} />
      </div>
    </section>
  );
}

/**
 * The document's QR (decision 75): a signed Saudi e-invoice's nine-field QR, said to be one; while the
 * e-invoice waits to be signed, a line saying it is being issued (its QR would change once signed);
 * a document without an e-invoice keeps the phase-1 QR.
 */
function InvoiceQr({ document, label }: { document: Invoice; label: string }) {
  const { t } = useI18n();
  if (document.e_invoice === 'issuing')
    return (
      <p className="tax-invoice-status" data-testid="e-invoice-issuing">
        {t('invoice_e_issuing')}
      </p>
    );
  return (
    <figure className="tax-invoice-figure">
      <ZatcaQr payload={document.qr} label={label} />
      {document.e_invoice === 'signed' && (
        <figcaption className="tax-invoice-status" data-testid="e-invoice-signed">
          {t('invoice_e_signed')}
        </figcaption>
      )}
    </figure>
  );
}

/** A ZATCA QR code drawn as inline SVG (no image request, no outside host). */
function ZatcaQr({ payload, label }: { payload: string; label: string }) {
  const m = qrMatrix(payload);
  return (
    <svg
      className="tax-invoice-qr"
      viewBox={`0 0 ${m.size} ${m.size}`}
      width={176}
      height={176}
      role="img"
      aria-label={label}
      data-qr={payload}
      shapeRendering="crispEdges"
    >
      <rect width={m.size} height={m.size} fill="#fff" />
      <path d={qrPath(m)} fill="#000" />
    </svg>
  );
}

/**
 * A document's time as the seller's country keeps it (its time zone), through the shop's one date
 * formatter: Gregorian, Latin digits, and in Arabic the Hijri date beside it as every date (the texts'
 * rule); the QR keeps the ISO form.
 */
function sellerTime(lang: Lang, country: CountryCode, epochMs: number): string {
  return formatDate(epochMs, lang, country, { time: true });
}
