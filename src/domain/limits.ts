/** Business constants and limits of docs/product.md §9 (and the few §5 numbers the rules need), in one
 * place so the client, the machines and the server never disagree about a number. Times are
 * in milliseconds unless the name says otherwise. */

/** Request timeout of the HTTP client (docs/product.md §9: 20 seconds). */
export const REQUEST_TIMEOUT_MS = 20_000;
/** A lazy screen chunk that has not loaded by then counts as failed (docs/product.md §8, §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Default toast duration. */
export const TOAST_DURATION_MS = 5_000;
/** Verification-code resend countdown, in seconds. */
export const CODE_COUNTDOWN_SECONDS = 60;
/** The footer bar hides when the viewport height shrinks by more than this (soft keyboard). */
export const FOOTER_SHRINK_PX = 250;

/** Visitor name: 1-15 characters. */
export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 15;
/** Not in the SPEC: names typed in Latin letters (passport holders) are longer than 15
 * characters as often as not, so they get a roomier limit (see fields.checkForeignName). */
export const FOREIGN_NAME_MAX_LENGTH = 50;
/** Order numbers are exactly this long. */
export const ORDER_NUMBER_LENGTH = 23;
/** Verification-code input length (at most). */
export const CODE_MAX_LENGTH = 6;
/** Team password length. */
export const TEAM_PASSWORD_MIN_LENGTH = 8;
export const TEAM_PASSWORD_MAX_LENGTH = 16;

/** Age from which a visitor counts as an adult, and the minimum age of adult-only fields. */
export const MINIMUM_ADULT_AGE = 18;

/** Upload limits. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Images above about 4 MB are scaled down before upload. */
export const IMAGE_SCALE_THRESHOLD_BYTES = 4 * 1024 * 1024;
export const IMAGE_SCALED_WIDTH_PX = 2000;
export const IMAGE_SCALE_QUALITY = 0.8;
/** Pixels (width x height) an uploaded image may have: a 48 MP phone camera's 8064x6048 fits.
 * A few hundred KB of PNG can declare 300 MB of pixels; the server reads the header first. */
export const IMAGE_MAX_PIXELS = 50_000_000;
export const FACE_MIN_WIDTH_PX = 200;
export const FACE_MIN_HEIGHT_PX = 200;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/** Visitors in one individual order (added at once), whatever the hall allows. */
export const VISITORS_PER_ORDER_INDIVIDUAL = 4;
/** The server holds stock for the configured period plus this slack, and the client counts
 * down the configured period only: what the countdown shows is always time the server
 * still honours, despite clock offset, tick lag and the last request in flight. */
export const HOLD_SLACK_MS = 2_000;
/** Cart stock lock as the texts say it; the real period comes from config. */
export const CART_HOLD_MINUTES_TEXT = 15;

/** Groups (social groups and schools). */
export const GROUP_MIN_SIZE = 16;
/** One free teacher ticket per this many free students. */
export const STUDENTS_PER_FREE_TEACHER = 15;
/** Groups one team's cart may hold at once (each holds its places until its deadline). */
export const GROUP_CART_MAX_HELD = 5;
/** Free child tickets per adult when the config says nothing. */
export const DEFAULT_FREE_CHILD_PER_ADULT = 1;
/** Children's park sample age range (the real one comes from the hall rules). */
export const CHILDREN_PARK_AGE_MIN = 3;
export const CHILDREN_PARK_AGE_MAX = 8;
/** Team registration review (days) and the expiry warning window (days). */
export const TEAM_REVIEW_DAYS = 3;
export const EXPIRY_WARNING_DAYS = 7;
/** Cash, bank card or cheque payers pay this many days before the visit. */
export const OFFLINE_PAY_DAYS_BEFORE = 2;

/** Fixed request values (docs/product.md §3, §9). */
export const PLATFORM = 2 as const;
export const CHANNEL = 'h5' as const;
export const SALE_MODE = 1 as const;
export const TICKET_USE_TYPE = 1 as const;
export const PERSON_TYPE = 1 as const;

/** The booking window: today and the days after it, this many in all (docs/product.md). */
export const BOOKING_DAYS = 14;
