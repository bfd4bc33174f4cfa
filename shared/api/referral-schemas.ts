// The referral routes' parameters (issue 47): GET /invite/:code. Any text up to 32 characters reaches
// the handler, which answers 404 referral_code_unknown for one that is no shopper's code.
import { z } from '../zod';

export const inviteParams = z.object({ code: z.string().min(1).max(32) });
