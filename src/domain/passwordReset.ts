// Password reset links (docs/product/sign-in-and-session.md, Password reset), shared by the server
// and the app.

/** A link works for 30 minutes after it was made. */
export const PASSWORD_RESET_LIFETIME_MS = 30 * 60 * 1000;

/** Where a link leads: the reset page, with the token as the last segment of the path. */
export const RESET_PAGE = '/reset-password/';

/** One emailed link per person per minute at most: more requests are answered alike and send nothing. */
export const PASSWORD_RESET_MAIL_INTERVAL_MS = 60 * 1000;
