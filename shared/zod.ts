// zod for every schema in the project. Workers and the storefront's CSP both forbid eval, so zod's
// JIT is off: it then never probes `new Function` (which the CSP would report as a violation).
import { z } from 'zod';

z.config({ jitless: true });

export { z };
