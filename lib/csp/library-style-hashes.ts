/**
 * The inline `<style>` elements that libraries insert, allowed by their hashes in the pages'
 * Content-Security-Policy (proxy.ts): `sonner` (toasts) adds its stylesheet when it loads, first
 * empty, then filled. tests/unit/library-style-hashes.test.ts recomputes them from the installed
 * version, so that an upgrade which changes the stylesheet fails there rather than unstyled.
 */
export const libraryStyleHashes = {
  emptyStyleElement: "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
  sonner: "sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=",
};
