// Dev server only: React emits bootstrap modules as async scripts (no order), so the refresh preamble
// and the app start from one module, preamble first.
import './dev-preamble';

void import('./entry.client');
