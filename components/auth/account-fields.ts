import type { FieldIssueMessages } from "@/components/ui/form-state";

/** How the account forms (sign-up, profile) explain the validation issues of lib/users. */
export const accountFieldIssues = {
  email: {
    messages: {
      "Duplicate value": "An account with this email already exists",
      "Invalid value": "Enter a valid email address",
      "String length is larger than maxLength": "Use at most 254 characters",
    },
  },
  name: { messages: { "String length is larger than maxLength": "Use at most 100 characters" } },
  password: {
    messages: {
      "String length is smaller than minLength": "Use at least 8 characters",
      "String length is larger than maxLength": "Use at most 1024 characters",
    },
  },
  timezone: { messages: { "Invalid value": "Choose a time zone from the list" } },
} satisfies Record<string, FieldIssueMessages>;
