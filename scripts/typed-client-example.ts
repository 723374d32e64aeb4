/** The heading of README.md's section on the typed client. */
const SECTION = "A typed client";

/**
 * The TypeScript example of README.md's "A typed client": `npm run lint:openapi` compiles it
 * against the types generated from the document, and tests/api/typed-client.test.ts runs it.
 */
export function typedClientExample(readme: string): string {
  const section = readme.split(/^### /m).find((part) => part.startsWith(`${SECTION}\n`));
  const code = section?.match(/^```ts\n([\s\S]*?)^```/m)?.[1];
  if (code === undefined) throw new Error(`README.md has no \`\`\`ts example under "### ${SECTION}".`);
  return code;
}
