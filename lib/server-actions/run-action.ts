import "server-only";
import type { z } from "zod";
import type { Access } from "@/lib/access/context";
import { requireRole, type WorkspaceRole } from "@/lib/access/roles";
import { requireAccess } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { idSchema } from "@/lib/validation";
import { formValues, type ActionFailure, type ActionResult, type FieldErrors, type FormValues } from "./action-result";
import { describeField, fieldIssueMessage, invalidMessage, type FieldDescription, type FieldLabel } from "./field-messages";

export type ActionSpec<Schema extends z.ZodType, Data, Field extends string> = {
  schema: Schema;
  /** What the browser sent; nothing runs unless `schema` accepts it. */
  input: unknown;
  /** The form's fields, by the input's top-level names; a problem of any other name is the form's message. */
  fields: Record<Field, FieldLabel>;
  /** What was typed into the form, handed back with a refusal (never a password). */
  values?: FormValues<Field>;
  /** Said when what the action works on is gone. */
  notFoundMessage?: string;
  run: (input: z.output<Schema>) => Promise<Data>;
};

/** A problem to report: next to the field `name`, or for the whole form. */
type Problem = { name: string | undefined; message: string };

const checkTheFields = "Check the highlighted fields.";
const goneMessage = "This no longer exists; it may have been deleted elsewhere.";

function refusal<Field extends string>(spec: { fields: Record<Field, FieldLabel>; values?: FormValues<Field> }, problems: Problem[]): ActionFailure<Field> {
  const fieldErrors: FieldErrors<Field> = {};
  let formMessage: string | undefined;
  for (const { name, message } of problems) {
    if (name !== undefined && Object.hasOwn(spec.fields, name)) fieldErrors[name as Field] ??= message;
    else formMessage ??= message;
  }
  return { ok: false, fieldErrors, message: formMessage ?? checkTheFields, ...(spec.values && { values: spec.values }) };
}

function fieldDescription(fields: Record<string, FieldLabel>, name: string | undefined): FieldDescription {
  return name !== undefined && Object.hasOwn(fields, name) ? describeField(fields[name]!) : { label: (name ?? "value").replaceAll("_", " ") };
}

function zodProblem(issue: z.core.$ZodIssue, fields: Record<string, FieldLabel>): Problem {
  const name = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
  return { name, message: fieldIssueMessage(issue, fieldDescription(fields, name)) };
}

/** The problems an error of the domain reports; any other error is not the user's to fix, and is thrown again. */
function domainProblems(error: unknown, spec: { fields: Record<string, FieldLabel>; notFoundMessage?: string }): Problem[] {
  if (!(error instanceof AppError) || error.kind === "unavailable") throw error;
  switch (error.kind) {
    case "validation":
      return error.issues.map((issue) => {
        const name = issue.pointer.split("/")[1]?.replaceAll("~1", "/").replaceAll("~0", "~");
        return { name, message: issue.message ?? invalidMessage(fieldDescription(spec.fields, name)) };
      });
    case "not_found":
      return [{ name: undefined, message: spec.notFoundMessage ?? goneMessage }];
    default:
      return [{ name: undefined, message: error.message }];
  }
}

/**
 * What every server action does: parse the input with the action's schema, run it, and answer
 * one ActionResult. Messages for people come from here: a schema's issues from their bounds,
 * the domain's field problems from their own messages, its other AppErrors from their kind.
 */
export async function runAction<Schema extends z.ZodType, Data, Field extends string = never>(
  spec: ActionSpec<Schema, Data, Field>,
): Promise<ActionResult<Data, Field>> {
  const parsed = spec.schema.safeParse(spec.input, { reportInput: true });
  if (!parsed.success)
    return refusal(
      spec,
      parsed.error.issues.map((issue) => zodProblem(issue, spec.fields)),
    );
  try {
    return { ok: true, data: await spec.run(parsed.data) };
  } catch (error) {
    return refusal(spec, domainProblems(error, spec));
  }
}

/** What a signed-in action runs, and the least role it needs in the workspace (the one its endpoint declares in lib/<domain>/operations.ts). */
type SignedInSpec<Schema extends z.ZodType, Data> = {
  run: (input: z.output<Schema>, access: Access) => Promise<Data>;
  /** A lower role is refused with the API's words (lib/access/roles.ts), and the action does not run. */
  role?: WorkspaceRole;
};

/** runAction for the signed-in account; a signed-out visitor is sent to sign in, and back to `signInPath` afterwards. */
export async function runSignedInAction<Schema extends z.ZodType, Data, Field extends string = never>(
  signInPath: string,
  spec: Omit<ActionSpec<Schema, Data, Field>, "run"> & SignedInSpec<Schema, Data>,
): Promise<ActionResult<Data, Field>> {
  const access = await requireAccess(signInPath);
  return runAction({
    ...spec,
    run: (input) => {
      if (spec.role) requireRole(access.role, spec.role);
      return spec.run(input, access);
    },
  });
}

/**
 * runSignedInAction for a form whose fields are the input's names: their texts, read from
 * `formData`, become the input through `input`, and a refusal hands them back.
 */
export async function runSignedInFormAction<Schema extends z.ZodType, Data, Field extends string>(
  signInPath: string,
  formData: FormData,
  spec: Omit<ActionSpec<Schema, Data, Field>, "input" | "values" | "run"> &
    SignedInSpec<Schema, Data> & {
      input: (values: Record<Field, string>) => unknown;
    },
): Promise<ActionResult<Data, Field>> {
  const values = formValues(formData, Object.keys(spec.fields) as Field[]);
  return runSignedInAction(signInPath, { ...spec, input: spec.input(values), values });
}

/**
 * Deletes or revokes, for the signed-in account, what `id` names. What is gone already (e.g.
 * deleted in another tab) counts as done.
 */
export function runSignedInRemoval(
  signInPath: string,
  id: string,
  remove: (access: Access, id: string) => Promise<unknown>,
  role?: WorkspaceRole,
): Promise<ActionResult<void>> {
  return runSignedInAction(signInPath, {
    schema: idSchema,
    input: id,
    fields: {},
    role,
    run: async (validId, access) => {
      try {
        await remove(access, validId);
      } catch (error) {
        if (!(error instanceof AppError && error.kind === "not_found")) throw error;
      }
    },
  });
}
