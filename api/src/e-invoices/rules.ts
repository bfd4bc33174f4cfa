// ZATCA's business rules on a document's amounts (the EN 16931 calculation rules ZATCA adopts and its
// BR-KSA line rules), read back from the XML itself: what the local stand-in refuses and what the
// tests run every checkout shape through. Standard-rated documents only (the shop sells nothing zero
// rated or exempt); one VAT category. Returns the failing rules' codes, none when the figures hold.
import { childrenNamed, parseXml, textOf, type XmlElement } from './hash';

/** Decimal text to whole millionths, exactly; NaN for anything else. */
function micros(text: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) return Number.NaN;
  const value = Number(m[2]) * 1_000_000 + Number((m[3] ?? '').padEnd(6, '0'));
  return m[1] ? -value : value;
}

/**
 * a × b ÷ c of millionths, rounded to whole hundredths (halves up; amounts here are not negative), in
 * millionths; exact in BigInt (the products pass 2^53). NaN where a figure is missing or unreadable.
 */
function productInCents(a: number, b: number, c: number): number {
  if (![a, b, c].every(Number.isFinite) || a < 0 || b < 0 || c <= 0) return Number.NaN;
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c) * 10_000n;
  return Number((num * 2n + den) / (2n * den)) * 10_000;
}

const child = (el: XmlElement | undefined, ...names: string[]) =>
  names.reduce<XmlElement | undefined>((e, n) => (e ? childrenNamed(e, n)[0] : undefined), el);
const amount = (el: XmlElement | undefined, ...names: string[]) => micros(textOf(child(el, ...names)));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function amountRuleFailures(xml: string): string[] {
  const { root } = parseXml(xml);
  const failures = new Set<string>();
  const check = (rule: string, holds: boolean) => {
    if (!holds) failures.add(rule);
  };
  const totals = child(root, 'LegalMonetaryTotal');
  const lines = childrenNamed(root, 'InvoiceLine');
  const allowances = childrenNamed(root, 'AllowanceCharge').filter(
    (a) => textOf(child(a, 'ChargeIndicator')) === 'false',
  );
  const charges = childrenNamed(root, 'AllowanceCharge').filter((a) => textOf(child(a, 'ChargeIndicator')) === 'true');
  const [taxTotal, taxTotalInTaxCurrency] = childrenNamed(root, 'TaxTotal').sort(
    (a, b) => childrenNamed(b, 'TaxSubtotal').length - childrenNamed(a, 'TaxSubtotal').length,
  );
  const subtotals = childrenNamed(taxTotal, 'TaxSubtotal');

  // Every amount in SAR is written to two decimals at most (BR-DEC-*, BR-KSA-F-04 for the sums).
  const amounts = [...root.getElementsByTagName('*')].filter(
    (e) => e.getAttribute('currencyID') && e.localName !== 'PriceAmount',
  );
  check(
    'BR-DEC',
    amounts.every((e) => /^-?\d+(\.\d{1,2})?$/.test(textOf(e))),
  );

  const lineNets = lines.map((line) => {
    const net = amount(line, 'LineExtensionAmount');
    const quantity = amount(line, 'InvoicedQuantity');
    const base = child(line, 'Price', 'BaseQuantity') ? amount(line, 'Price', 'BaseQuantity') : 1_000_000;
    const price = amount(line, 'Price', 'PriceAmount');
    // Net = quantity × price ÷ base quantity, to the cent (BR-KSA-EN16931-11; no line allowances here).
    check('BR-KSA-EN16931-11', productInCents(quantity, price, base) === net);
    const percent = amount(line, 'Item', 'ClassifiedTaxCategory', 'Percent');
    const vat = amount(line, 'TaxTotal', 'TaxAmount');
    check('BR-KSA-50', productInCents(net, percent, 100_000_000) === vat);
    check('BR-KSA-51', amount(line, 'TaxTotal', 'RoundingAmount') === net + vat);
    return net;
  });
  const lineTotal = amount(totals, 'LineExtensionAmount');
  const allowanceTotal = child(totals, 'AllowanceTotalAmount') ? amount(totals, 'AllowanceTotalAmount') : 0;
  const chargeTotal = child(totals, 'ChargeTotalAmount') ? amount(totals, 'ChargeTotalAmount') : 0;
  const exclusive = amount(totals, 'TaxExclusiveAmount');
  const vatTotal = amount(taxTotal, 'TaxAmount');
  check('BR-CO-10', lineTotal === sum(lineNets));
  check('BR-CO-11', allowanceTotal === sum(allowances.map((a) => amount(a, 'Amount'))));
  check('BR-CO-12', chargeTotal === sum(charges.map((c) => amount(c, 'Amount'))));
  check('BR-CO-13', exclusive === lineTotal - allowanceTotal + chargeTotal);
  check('BR-CO-14', vatTotal === sum(subtotals.map((s) => amount(s, 'TaxAmount'))));
  for (const s of subtotals) {
    const percent = amount(s, 'TaxCategory', 'Percent');
    // One standard-rated category: its taxable amount is the whole taxable amount (BR-S-08).
    check('BR-S-08', amount(s, 'TaxableAmount') === exclusive);
    check('BR-S-09', productInCents(amount(s, 'TaxableAmount'), percent, 100_000_000) === amount(s, 'TaxAmount'));
  }
  // The tax-currency TaxTotal carries the same VAT (SAR documents, BR-KSA-EN16931-09).
  check(
    'BR-KSA-EN16931-09',
    taxTotalInTaxCurrency !== undefined && amount(taxTotalInTaxCurrency, 'TaxAmount') === vatTotal,
  );
  check('BR-CO-15', amount(totals, 'TaxInclusiveAmount') === exclusive + vatTotal);
  const prepaid = child(totals, 'PrepaidAmount') ? amount(totals, 'PrepaidAmount') : 0;
  const rounding = child(totals, 'PayableRoundingAmount') ? amount(totals, 'PayableRoundingAmount') : 0;
  check('BR-CO-16', amount(totals, 'PayableAmount') === amount(totals, 'TaxInclusiveAmount') - prepaid + rounding);
  return [...failures].sort();
}
