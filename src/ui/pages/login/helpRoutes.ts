// The spec leaves the destinations of 'Forgot password?' (login screen) and 'Contact support'
// (not-found page) open (docs/product/sign-in-and-session.md). Both lead to the public help page, which tells staff
// whom to ask: accounts belong to the firm, and the app has no self-service password reset.
export const HELP_ROUTE = '/help';
export const FORGOT_PASSWORD_ANCHOR = 'forgot-password';
export const CONTACT_SUPPORT_ANCHOR = 'contact-support';
export const FORGOT_PASSWORD_ROUTE = `${HELP_ROUTE}#${FORGOT_PASSWORD_ANCHOR}`;
export const CONTACT_SUPPORT_ROUTE = `${HELP_ROUTE}#${CONTACT_SUPPORT_ANCHOR}`;
