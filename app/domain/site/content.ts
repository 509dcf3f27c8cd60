// Fixed content of the public site that the rules name (no I/O).

/** rules §9 Legal pages date. */
export const LEGAL_LAST_UPDATED = "July 15, 2025";

/** rules §2 Home, §9 Home news items: the home page shows the 3 newest news items. */
export const HOME_NEWS_COUNT = 3;
