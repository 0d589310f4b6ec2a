/** Business constants and limits shared by the console and the server. */

/** Default page of a list query. */
export const DEFAULT_PAGE = 0;
/** Default rows per page. */
export const DEFAULT_PAGE_SIZE = 20;
/** Width below which the layout is "mobile" (shared by every screen). */
export const MOBILE_BREAKPOINT_PX = 552;
/** Width below which the side menu becomes a hamburger slide-in. */
export const HAMBURGER_BREAKPOINT_PX = 992;
/** How long a toast stays before it dismisses itself. */
export const TOAST_LIFETIME_MS = 5_000;
/** Length of a toast's leave animation before it is removed. */
export const TOAST_LEAVE_MS = 500;
/** How many recent URLs are kept. */
export const RECENT_URLS_MAX = 10;
/** Default image quality of CDN image URLs. */
export const DEFAULT_IMAGE_QUALITY = 75;
/** Default size of the shimmer image placeholder. */
export const DEFAULT_IMAGE_WIDTH = 100;
export const DEFAULT_IMAGE_HEIGHT = 75;
/** Zoom level of map links. */
export const MAP_LINK_ZOOM = 12;
/** Default socket power in kW. */
export const DEFAULT_SOCKET_POWER_KW = 3.3;
/** Data refresh: duplicate requests within this window are deduplicated. */
export const DEDUPE_WINDOW_MS = 2_000;
/** Data refresh: revalidation on window focus at most this often. */
export const FOCUS_THROTTLE_MS = 5_000;
/** Data refresh: retry after an error after this long (doubled on slow networks). */
export const ERROR_RETRY_MS = 5_000;
export const ERROR_RETRY_SLOW_MS = 10_000;
/** The product name, the default page title. */
export const PRODUCT_NAME = 'CZO Operations Console';
