// The safety gates on a nutritionist's recommendation list (issue 46): the shop's supplement rules
// (shared/safety/supplement-safety.ts) applied to the dose she will take (the SKU's daily dose × the
// servings a day the nutritionist writes), with the shopper's age, her pregnancy or breastfeeding from
// the intake, and the drug interactions of her medicines (./drug-interactions.ts). Each gate raised is a
// warning with a stable id; the API refuses a list with a warning not acknowledged with a reason.
import type { Bi } from '../quiz/schema';
import type { Dose } from '../blood-tests/upper-limits';
import { interactionsFor, type InteractionProduct } from './drug-interactions';
import { AGE_50_PLUS_FACT, aboveUpperLimit, doseWords, NUTRIENT_NAME, supplementSafety } from './supplement-safety';

type Pregnancy = 'none' | 'pregnant' | 'breastfeeding';

export interface GateProduct extends InteractionProduct {
  doses: readonly Dose[];
}

export interface GateShopper {
  pregnancy: Pregnancy;
  /** Completed years when known (the intake or her blood-test profile); adults' limits otherwise. */
  age: number | null;
  /** The intake's medicine classes. */
  medicines: readonly string[];
}

export interface GateWarning {
  /** 'upper_limit:<nutrient>', 'pregnancy' or 'interaction:<rule id>'. */
  rule: string;
  text: Bi;
}

/** A decimal text times a whole number, exactly ("12.5" × 3 = "37.5"). */
export function timesServings(amount: string, servings: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const scaled = BigInt(whole + fraction) * BigInt(servings);
  if (!fraction) return scaled.toString();
  const digits = scaled.toString().padStart(fraction.length + 1, '0');
  const head = digits.slice(0, -fraction.length);
  const tail = digits.slice(-fraction.length).replace(/0+$/, '');
  return tail ? `${head}.${tail}` : head;
}

/** The warnings one product raises for her at `servingsPerDay` servings a day, in a stable order. */
export function recommendationWarnings(
  product: GateProduct,
  servingsPerDay: number,
  shopper: GateShopper,
): GateWarning[] {
  const doses: Dose[] = product.doses.map((d) => ({ ...d, amount: timesServings(d.amount, servingsPerDay) }));
  // Her own age band when known (from 18: the shop serves adults), else the strictest adult limit.
  const age = shopper.age === null ? null : Math.max(18, shopper.age);
  const ageMin = age ?? 18;
  const warnings: GateWarning[] = aboveUpperLimit(doses, ageMin, age).map(({ dose, limit }) => ({
    rule: `upper_limit:${dose.nutrient}`,
    text: {
      en: `${servingsPerDay} a day gives ${doseWords(dose, 'en')} of ${NUTRIENT_NAME[dose.nutrient].en}, above the upper limit for her age (${doseWords(limit, 'en')} a day).`,
      ar: `${servingsPerDay} يومياً تعطي ${doseWords(dose, 'ar')} من ${NUTRIENT_NAME[dose.nutrient].ar}، وهذا أعلى من الحد الأعلى لعمرها (${doseWords(limit, 'ar')} يومياً).`,
    },
  }));
  if (shopper.pregnancy !== 'none') {
    const facts = [shopper.pregnancy, ...(ageMin >= 50 ? [AGE_50_PLUS_FACT] : [])];
    const verdict = supplementSafety({ doses, ingredients: `${product.name} ${product.ingredients}` }, facts);
    if (verdict.remove.length > 0)
      warnings.push({
        rule: 'pregnancy',
        text:
          shopper.pregnancy === 'pregnant'
            ? {
                en: 'She is pregnant: this product is not established as safe in pregnancy at this dose.',
                ar: 'هي حامل: لم تثبت سلامة هذا المنتج أثناء الحمل بهذه الجرعة.',
              }
            : {
                en: 'She is breastfeeding: this product is not established as safe while breastfeeding at this dose.',
                ar: 'هي مرضع: لم تثبت سلامة هذا المنتج أثناء الرضاعة بهذه الجرعة.',
              },
      });
  }
  for (const rule of interactionsFor(product, shopper.medicines))
    warnings.push({ rule: `interaction:${rule.id}`, text: rule.effect });
  return warnings;
}
