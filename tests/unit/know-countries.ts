// The unit project's setup: the registry teaches shared/money.ts every country's core row, as it does in the
// workers, which load it at start (shared/countries/known.ts). A test of one module that formats money
// without importing the registry itself then sees what the server sees.
import '#shared/countries';
