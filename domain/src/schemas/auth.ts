/** Payloads of the auth and user calls (docs/architecture.md §10), shared by forms and routes. */
import { z } from 'zod';
import { whenMissing } from '../validation';
import { AUTH } from '../messages/auth';
import { COMMON } from '../messages/common';
import { isSingleScript } from '../scripts';
import { adultBirthDateSchema } from './dates';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const required = (max = 200) => z.string({ error: whenMissing(COMMON.requiredField) }).trim().min(1, COMMON.requiredField).max(max);
export const emailSchema = z.string({ error: whenMissing(COMMON.requiredField) }).trim().toLowerCase().max(254).pipe(z.email({ error: COMMON.invalidEmail }));
export const passwordSchema = z
  .string({ error: COMMON.requiredField })
  .min(PASSWORD_MIN, AUTH.passwordTooShort)
  .max(PASSWORD_MAX, AUTH.passwordTooLong);
export const pseudoSchema = z
  .string({ error: COMMON.requiredField })
  .trim()
  .min(3, AUTH.pseudoLength)
  .max(30, AUTH.pseudoLength)
  .regex(/^[\p{L}\p{N}._-]+$/u, AUTH.pseudoChars)
  .refine(isSingleScript, AUTH.pseudoMixedScripts);
// A name left blank (or only spaces) is no name at all, not an empty string to store.
const optionalName = z.string().trim().max(80).transform((v) => v || undefined).optional();

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: whenMissing(COMMON.requiredField) }).min(1, COMMON.requiredField).max(PASSWORD_MAX, AUTH.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: optionalName,
    lastName: optionalName,
    pseudo: pseudoSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: COMMON.requiredField }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: AUTH.passwordsDiffer, path: ['confirmPassword'] });
export type RegisterInput = z.infer<typeof registerSchema>;

export const googleLoginSchema = z.object({ tokenId: required(4096) });
export const facebookLoginSchema = z.object({ accessToken: required(4096), userID: required(64) });

export const emailOnlySchema = z.object({ email: emailSchema });

export const recoverPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string({ error: COMMON.requiredField }) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH.passwordsDiffer, path: ['confirmPassword'] });

/** A malformed token gets the same answer as an unknown one: the link is bad. */
export const emailTokenParams = z.object({
  emailToken: z.string({ error: AUTH.linkInvalid }).min(10, AUTH.linkInvalid).max(200, AUTH.linkInvalid).regex(/^[A-Za-z0-9_-]+$/, AUTH.linkInvalid),
});

const optionalText = (max: number) => z.string().trim().max(max).optional().nullable();

/** docs/product.md §8: a missing pseudo or e-mail gets the profile's own text, then the usual field rules apply. */
const profileRequired = z.string({ error: AUTH.profileRequired }).trim().min(1, AUTH.profileRequired);

export const userUpdateSchema = z.object({
  firstName: optionalText(80),
  lastName: optionalText(80),
  pseudo: profileRequired.pipe(pseudoSchema),
  email: profileRequired.pipe(emailSchema),
  phone: z
    .string()
    .trim()
    .max(20)
    .regex(/^[+0-9 ().-]*$/, 'Le numéro de téléphone ne peut contenir que des chiffres, espaces et le signe +.')
    .optional()
    .nullable(),
  socialReason: optionalText(120),
  birthDate: adultBirthDateSchema.optional().nullable(),
  country: z.string().trim().length(2).toUpperCase().optional().nullable(),
  lang: z.string().trim().max(5).optional().nullable(),
  /**
   * Re-authentication, needed only to change the e-mail or the password: the current
   * password, or for an account without one a fresh Google or Facebook sign-in.
   */
  currentPassword: z.string().max(PASSWORD_MAX).optional().nullable(),
  googleToken: z.string().max(4096).optional().nullable(),
  facebookAccessToken: z.string().max(4096).optional().nullable(),
  facebookUserID: z.string().max(64).optional().nullable(),
  /** A new password; blank or absent keeps the current one. */
  newPassword: z.union([z.literal(''), passwordSchema]).optional().nullable(),
  confirmPassword: z.string().max(PASSWORD_MAX).optional().nullable(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

export const contactSchema = z.object({
  name: required(120),
  email: emailSchema,
  objet: required(200),
  message: required(5000),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** The user as the API returns it (`results.user`); the server's answers are checked against it. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  pseudo: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  country: z.string().nullable(),
  lang: z.string().nullable(),
  socialReason: z.string().nullable(),
  companyName: z.string().nullable(),
  isAdmin: z.boolean(),
  isFirstTime: z.boolean(),
  ownerId: z.string().nullable(),
  payerId: z.string().nullable(),
  isAuthenticated: z.literal(true),
  /** A new address waiting for the click on its confirmation link; the current one stays in force. */
  pendingEmail: z.string().nullable().optional(),
  /** False for accounts made with Google or Facebook: changes are confirmed with that provider. */
  hasPassword: z.boolean().optional(),
  /** The member's photo, served without a session (`/api/talents/{pseudo}/avatar?v=…`); null without one. */
  avatarUrl: z.string().nullable().optional(),
  /** Available balance in cents (docs/product.md §3); 0 until the wallet exists. */
  wallet: z.object({ amount: z.number().int() }),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** `results` of a successful sign-in (e-mail, Google or Facebook). */
export const sessionResultsSchema = z.object({
  token: z.string(),
  userId: z.number().int(),
  isAdmin: z.boolean(),
  user: publicUserSchema,
});
export type SessionResults = z.infer<typeof sessionResultsSchema>;
