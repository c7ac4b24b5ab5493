// Business constants and limits (docs/product/intake-form.md). Nothing else in the code
// base writes these numbers.

export const PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const FIRST_OFFSET = 0;
export const SEARCH_DEBOUNCE_MS = 2000;

export const DRAWER_TRANSITION_MS = 300;
export const TEXT_AREA_DEFAULT_LIMIT = 180;

export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_LIMIT = 20;

export const LAZY_SCREEN_TIMEOUT_MS = 120_000;
/**
 * How long a direct link's first render waits for the page's code (src/main.tsx) before it draws
 * 'Please wait ...' instead: longer than a phone takes to fetch it, short enough that a stalled
 * connection still shows that the app is there.
 */
export const DIRECT_LINK_CODE_WAIT_MS = 3_000;

export const MINIMUM_AGE = 18;
export const PASSWORD_MIN_LENGTH = 8;
export const SSN_DIGITS = 9;

// Firm record limits: the spec leaves the firm's field rules to us (docs/product/firm-and-neos.md).
export const FIRM_NAME_MAX_LENGTH = 150;
export const FIRM_CONTACT_MAX_LENGTH = 100;
export const FIRM_ADDRESS_MAX_LENGTH = 200;
