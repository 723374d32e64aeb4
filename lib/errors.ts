/**
 * The one error class of the domain. Domain functions throw it; lib/api/error-response.ts turns
 * it into the bodies of docs/api.md, "Errors", the web app and the admin CLI into messages.
 */
export type FieldIssue = {
  /** JSON Pointer into the request body, e.g. `/name` or `/commits/0/sha`. */
  pointer: string;
  /** One of the detail strings of docs/api.md, "Errors", e.g. `Missing field: name`. */
  detail: string;
  /**
   * For people filling in a form, where the field's schema cannot say what is wrong (a name
   * already taken): the web app shows it next to the field; API responses keep `detail`.
   */
  message?: string;
};

export type ErrorKind =
  | "invalid_request" // 400
  | "authentication" // 401
  | "authorization" // 403
  | "not_found" // 404
  | "method_not_allowed" // 405
  | "conflict" // 409, an Idempotency-Key's request still running
  | "state_conflict" // 409, a change the resource's state refuses (the owner leaving)
  | "gone" // 410
  | "precondition_failed" // 412, If-Match names another version than the resource's
  | "payload_too_large" // 413
  | "unsupported_media_type" // 415
  | "validation" // 422
  | "rate_limited" // 429, the rate-limit body
  | "limit_reached" // 429, the general body
  | "unavailable"; // 503

export type AppErrorOptions = {
  /** Field problems of a 422. */
  issues?: FieldIssue[];
  /** Extra top-level members of the body, e.g. a 403's `details` or a 429's `retry_after`. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
};

export class AppError extends Error {
  readonly issues: FieldIssue[];
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = "AppError";
    this.issues = options.issues ?? [];
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  static validation(issues: FieldIssue[]): AppError {
    return new AppError("validation", issues.map((issue) => `${issue.pointer}: ${issue.detail}`).join("; "), { issues });
  }

  static notFound(): AppError {
    return new AppError("not_found", "Could not find the requested resource");
  }

  static invalidRequest(message: string): AppError {
    return new AppError("invalid_request", message);
  }

  /** A change of an entry the caller may read but did not write: entries are changed by their author only. */
  static notTheAuthor(): AppError {
    return new AppError("authorization", "Only its author can change this entry.");
  }
}
