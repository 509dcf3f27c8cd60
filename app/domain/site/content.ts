// Fixed content of the public site that the rules name (no I/O).

/** rules §2 Home, §9 Home news items: the home page shows the 3 newest news items. */
export const HOME_NEWS_COUNT = 3;
