/**
 * How wide the header, the timer's row, a page and the footer may grow, side by side: wide
 * enough for the worklog's one-line rows at 1440 px, with pages of prose and forms narrower within.
 */
export const pageWidth = "max-w-7xl";
