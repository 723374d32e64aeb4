import { withCallbackUrl } from "@/lib/auth/callback-url";

/** Sign-in, bringing the person back to this page: read when a send met a 401, never on the server. */
export const signInAgainHref = (): string => withCallbackUrl("/signin", `${window.location.pathname}${window.location.search}`);
