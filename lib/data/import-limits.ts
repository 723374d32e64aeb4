/** The largest document the import reads, through the API and the web app alike. */
export const IMPORT_MAX_BODY_BYTES = 50 * 1024 * 1024;

/** The most items a list of an imported document may hold (each of a Worklog export's four lists, a jrnl export's entries). */
export const IMPORT_MAX_ITEMS = 100_000;

/** A document of more items than this, or of more bytes than IMPORT_JOB_MIN_BYTES, is imported by a job. */
export const IMPORT_JOB_MIN_ITEMS = 5_000;
export const IMPORT_JOB_MIN_BYTES = 4 * 1024 * 1024;
