// A module resolution hook for scripts that load the app's server modules: `server-only`
// resolves under the "react-server" condition, to the empty module Next's server bundles use.
// Only that package: giving every import the condition would load React's server build too.
export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}
