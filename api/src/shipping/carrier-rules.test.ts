import { describe, expect, it } from 'vitest';
import { type CarrierRule, carriersAllowed, chooseCarrier, NoCarrierRule, type Parcel } from './carrier-rules';

const rule = (over: Partial<CarrierRule>): CarrierRule => ({
  id: 1,
  country: 'KW',
  priority: 10,
  zones: 'all',
  speed: 'any',
  cod: 'any',
  max_weight_grams: null,
  carrier: 'aramex',
  ...over,
});
const parcel = (over: Partial<Parcel> = {}): Parcel => ({
  country: 'KW',
  zone: 5,
  speed: 'standard',
  codAmount: 0,
  weightGrams: 500,
  ...over,
});

// The seeded defaults (migration 0072).
const DEFAULTS: CarrierRule[] = [
  rule({ id: 1, country: 'KW', priority: 10, speed: 'same_day', carrier: 'own' }),
  rule({ id: 2, country: 'KW', priority: 20, carrier: 'aramex' }),
  rule({ id: 3, country: 'SA', priority: 10, cod: 'yes', carrier: 'smsa' }),
  rule({ id: 4, country: 'SA', priority: 20, speed: 'standard', carrier: 'smsa' }),
  rule({ id: 5, country: 'SA', priority: 30, speed: 'next_day', carrier: 'aramex' }),
  rule({ id: 6, country: 'SA', priority: 40, carrier: 'dhl' }),
];

describe('choosing a carrier by the owner’s rules', () => {
  it('applies the defaults: own drivers same day in Kuwait, SMSA for Saudi cash and standard, Aramex next day', () => {
    expect(chooseCarrier(DEFAULTS, parcel({ speed: 'same_day' })).carrier).toBe('own');
    expect(chooseCarrier(DEFAULTS, parcel({ speed: 'standard' })).carrier).toBe('aramex');
    expect(chooseCarrier(DEFAULTS, parcel({ country: 'SA', speed: 'next_day', codAmount: 1000 })).carrier).toBe('smsa');
    expect(chooseCarrier(DEFAULTS, parcel({ country: 'SA', speed: 'standard' })).carrier).toBe('smsa');
    expect(chooseCarrier(DEFAULTS, parcel({ country: 'SA', speed: 'next_day' })).carrier).toBe('aramex');
    expect(chooseCarrier(DEFAULTS, parcel({ country: 'SA', speed: 'same_day' })).carrier).toBe('dhl');
  });

  it('matches the country', () => {
    expect(() => chooseCarrier([rule({ country: 'SA' })], parcel())).toThrow(NoCarrierRule);
  });

  it('matches the area or city when the rule names some', () => {
    const rules = [rule({ zones: [1, 2], carrier: 'own' }), rule({ priority: 20, carrier: 'aramex' })];
    expect(chooseCarrier(rules, parcel({ zone: 2 })).carrier).toBe('own');
    expect(chooseCarrier(rules, parcel({ zone: 3 })).carrier).toBe('aramex');
    expect(chooseCarrier(rules, parcel({ zone: null })).carrier).toBe('aramex');
  });

  it('matches the speed', () => {
    const rules = [rule({ speed: 'next_day', carrier: 'dhl' })];
    expect(chooseCarrier(rules, parcel({ speed: 'next_day' })).carrier).toBe('dhl');
    expect(() => chooseCarrier(rules, parcel({ speed: 'standard' }))).toThrow(NoCarrierRule);
  });

  it('matches cash on delivery yes and no', () => {
    const rules = [rule({ cod: 'yes', carrier: 'smsa' }), rule({ priority: 20, cod: 'no', carrier: 'dhl' })];
    expect(chooseCarrier(rules, parcel({ codAmount: 1 })).carrier).toBe('smsa');
    expect(chooseCarrier(rules, parcel({ codAmount: 0 })).carrier).toBe('dhl');
  });

  it('matches the weight up to the rule’s maximum, inclusive', () => {
    const rules = [rule({ max_weight_grams: 1000, carrier: 'own' }), rule({ priority: 20, carrier: 'aramex' })];
    expect(chooseCarrier(rules, parcel({ weightGrams: 1000 })).carrier).toBe('own');
    expect(chooseCarrier(rules, parcel({ weightGrams: 1001 })).carrier).toBe('aramex');
  });

  it('takes the lowest priority number first, whatever the order of the list', () => {
    const rules = [rule({ id: 2, priority: 50, carrier: 'dhl' }), rule({ id: 1, priority: 5, carrier: 'smsa' })];
    expect(chooseCarrier(rules, parcel()).id).toBe(1);
  });

  it('throws a clear error when no rule fits', () => {
    expect(() => chooseCarrier([], parcel({ country: 'SA', speed: 'next_day', weightGrams: 750 }))).toThrow(
      'no carrier rule fits a SA next_day parcel of 750 g',
    );
  });
});

describe('the carriers staff may choose for a parcel instead', () => {
  it('are the carriers of every rule that fits, the rules’ own choice first, each once', () => {
    expect(carriersAllowed(DEFAULTS, parcel({ speed: 'same_day' }))).toEqual(['own', 'aramex']);
    expect(carriersAllowed(DEFAULTS, parcel({ speed: 'standard' }))).toEqual(['aramex']);
    // A Saudi cash next-day parcel: SMSA (cash), Aramex (next day), DHL (anything); SMSA named twice, once here.
    expect(carriersAllowed(DEFAULTS, parcel({ country: 'SA', speed: 'next_day', codAmount: 1000 }))).toEqual([
      'smsa',
      'aramex',
      'dhl',
    ]);
    expect(carriersAllowed(DEFAULTS, parcel({ country: 'SA', speed: 'standard', codAmount: 1000 }))).toEqual([
      'smsa',
      'dhl',
    ]);
    // Another country's rules never fit, and a rule's weight limit holds.
    expect(
      carriersAllowed(
        DEFAULTS.filter((r) => r.country === 'SA'),
        parcel(),
      ),
    ).toEqual([]);
    expect(
      carriersAllowed([rule({ max_weight_grams: 400, carrier: 'dhl' }), rule({ priority: 20 })], parcel()),
    ).toEqual(['aramex']);
  });
});
