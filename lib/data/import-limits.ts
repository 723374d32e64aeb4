/** The largest document the import reads, through the API and the web app alike. */
export const IMPORT_MAX_BODY_BYTES = 50 * 1024 * 1024;
