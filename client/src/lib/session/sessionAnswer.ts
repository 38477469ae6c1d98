import * as z from 'zod/mini';
import { onFirstUse } from '../../../../shared/onFirstUse';
import { loginProfileSchema } from '../../../../shared/upstream/loginProfile';

// NOTE: built on first use (onFirstUse): the session's code is the start's first task, and these
// are needed only when the session's answer comes (issue 38).

/** The public profile as the bridge sends it (no session id, codeword or secret token). */
export const publicProfileSchema = onFirstUse(() =>
  z.omit(loginProfileSchema(), {
    loginGUID: true,
    pn: true,
    tokenSecUser: true,
  }),
);

/** `GET/POST /api/session` and `POST /api/session/company` answer this. */
export const sessionAnswerSchema = onFirstUse(() =>
  z.object({ profile: publicProfileSchema(), isOwner: z.boolean() }),
);
export type SessionAnswer = z.infer<ReturnType<typeof sessionAnswerSchema>>;
