import * as z from 'zod/mini';
import { loginProfileSchema } from '../../../../shared/upstream/loginProfile';

/** The public profile as the bridge sends it (no session id, codeword or secret token). */
export const publicProfileSchema = z.omit(loginProfileSchema, {
  loginGUID: true,
  pn: true,
  tokenSecUser: true,
});

/** `GET/POST /api/session` and `POST /api/session/company` answer this. */
export const sessionAnswerSchema = z.object({ profile: publicProfileSchema, isOwner: z.boolean() });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
