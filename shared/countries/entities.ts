// Each country's trading entity, for every country (decision 77): one line a country, its own file beside the others'.
import { entity as KW } from './kw/entity';
import { entity as SA } from './sa/entity';
import { entity as AE } from './ae/entity';
import type { CountryCode } from './index';
import type { CountryEntity } from './types';

export const ENTITIES: Record<CountryCode, CountryEntity> = { KW, SA, AE };
