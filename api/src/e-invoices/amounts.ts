// The amounts of a Saudi e-invoice (issue 75) from the shop's VAT-inclusive figures, in integer minor
// units (halalas). The shop prices with VAT included and charges the total T; ZATCA's document is built
// from net amounts: the taxable amount X, the VAT round(X × rate) (BR-S-09, BR-CO-14), the total with
// VAT X + VAT (BT-112). So X is chosen for X + round(X × rate) = T. About one total in eight has no such
// X (the rounded VAT steps by two halalas there): then X + VAT is one halala under T and the halala is
// the document's payable rounding (BT-114), so the payable amount is still exactly what was charged.
// Each line's and each allowance's net share is its VAT-inclusive amount scaled by X / T, spread by
// largest remainder so the lines minus the allowances sum to X exactly (BR-CO-10, BR-CO-13); each line's
// own VAT is round(net × rate) (BR-KSA-50), its amount with VAT net + VAT (BR-KSA-51).

const BASIS_POINTS = 10_000;

export interface Component {
  /** VAT-inclusive minor units, ≥ 0. */
  gross: number;
}

export interface Split {
  /** The taxable amount (BT-109): the total without VAT. */
  taxable: number;
  /** The VAT (BT-110): round(taxable × rate). */
  vat: number;
  /** The payable rounding (BT-114): 0 or 1 halala, so taxable + vat + rounding = the total charged. */
  rounding: number;
}

/** round(amount × basis points / 10 000), halves away from zero (amounts here are never negative). */
function vatOfNet(net: number, vatBasisPoints: number): number {
  return Math.floor((net * vatBasisPoints * 2 + BASIS_POINTS) / (2 * BASIS_POINTS));
}

/** The ZATCA split of a VAT-inclusive total: the taxable amount, its VAT and the payable rounding. */
export function splitTotal(total: number, vatBasisPoints: number): Split {
  if (!Number.isInteger(total) || total < 0) throw new RangeError('total must be whole minor units ≥ 0');
  for (const rounding of [0, 1]) {
    const target = total - rounding;
    const guess = Math.round((target * BASIS_POINTS) / (BASIS_POINTS + vatBasisPoints));
    for (const taxable of [guess, guess - 1, guess + 1]) {
      if (taxable >= 0 && taxable + vatOfNet(taxable, vatBasisPoints) === target) {
        return { taxable, vat: target - taxable, rounding };
      }
    }
  }
  // x + round(x·r) grows by one or two per step of x, so total or total − 1 is always reached.
  throw new Error(`no ZATCA split of ${total}`);
}

/**
 * Shares `sum` among weights in proportion, each a whole number, the remainders given to the largest
 * fractions first (ties to the earlier): the shares add up to `sum` exactly.
 */
function shareOut(weights: readonly number[], sum: number): number[] {
  const whole = weights.reduce((a, w) => a + w, 0);
  if (whole === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (w * sum) / whole);
  const shares = exact.map((e) => Math.floor(e));
  let left = sum - shares.reduce((a, s) => a + s, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    left -= 1;
    shares[i] = (shares[i] ?? 0) + 1;
  }
  return shares;
}

export interface NetAmounts {
  split: Split;
  /** Each line's net (BT-131), in the order given. */
  lineNets: number[];
  /** Each line's VAT (KSA-11) and amount with VAT (KSA-12). */
  lineVats: number[];
  /** Each document allowance's net (BT-92). */
  allowanceNets: number[];
}

/**
 * The net amounts of a document: lines (a delivery fee is a line) and document-level allowances
 * (coupon, promotion, referral, points), all VAT-inclusive; lines minus allowances must be the total.
 */
export function netAmounts(
  lines: readonly Component[],
  allowances: readonly Component[],
  total: number,
  vatBasisPoints: number,
): NetAmounts {
  for (const c of [...lines, ...allowances]) {
    if (!Number.isInteger(c.gross) || c.gross < 0) throw new RangeError('amounts must be whole minor units ≥ 0');
  }
  const gross = lines.reduce((a, l) => a + l.gross, 0);
  const off = allowances.reduce((a, l) => a + l.gross, 0);
  if (gross - off !== total) throw new RangeError(`lines ${gross} minus allowances ${off} are not the total ${total}`);
  const split = splitTotal(total, vatBasisPoints);
  // The lines' nets add up to their gross scaled like the total (X / T); a total of nothing (all paid
  // with points) scales by 1 / (1 + rate), and then the allowances take all the lines' net.
  const linesNet =
    total > 0
      ? Math.round((gross * split.taxable) / total)
      : Math.round((gross * BASIS_POINTS) / (BASIS_POINTS + vatBasisPoints));
  const lineNets = shareOut(
    lines.map((l) => l.gross),
    linesNet,
  );
  const allowanceNets = shareOut(
    allowances.map((a) => a.gross),
    linesNet - split.taxable,
  );
  return { split, lineNets, lineVats: lineNets.map((n) => vatOfNet(n, vatBasisPoints)), allowanceNets };
}
