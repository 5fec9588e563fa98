/** The hidden field humans never fill and bots do (sign-in and sign-up forms). */
export const HONEYPOT_FIELD = "website";
